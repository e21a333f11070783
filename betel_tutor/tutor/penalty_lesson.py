"""The bridge penalty-card lesson (Law 50, 51, 59), ``learn --lesson penalty-cards``: its boards
in turn, each played by the phases of :mod:`betel_tutor.tutor.board_play` with the learner,
South, as the declarer. A board ends when its script's last trick is complete; then its notes
are shown. Like a level's lesson (:mod:`betel_tutor.tutor.lesson`), this module only chains
the phases; what follows the last board is given to it (the menu).
"""

from __future__ import annotations

from betel_tutor.contracts import bridge_contract_words
from betel_tutor.errors import NotationError
from betel_tutor.resources import data_dir
from betel_tutor.scenario import Scenario, load
from betel_tutor.seats import Seat
from betel_tutor.tutor.board import Board
from betel_tutor.tutor.board_play import BoardPhase, hand_line
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.phase import Continue, Next, Phase

LESSONS = ("penalty-cards",)


def open_lesson(name: str, then: Next) -> Phase:
    """The first phase of the shipped bridge lesson ``name``; ``then`` follows its last board."""
    if name not in LESSONS:
        raise NotationError("tutor.bad_lesson", token=name, position=0)
    lesson, _problems = load(str(data_dir("scenarios") / "lessons" / f"{name}.yaml"))
    assert lesson is not None  # a shipped lesson: checked by the tests
    return Opening(BridgeLesson(lesson, then).begin)


class Opening(Phase):
    """The lesson's title and text, said when the session runs (after its welcome)."""

    def __init__(self, then: Next) -> None:
        self.then = then

    def waiting(self, ctx: Context) -> bool:
        return False

    def advance(self, ctx: Context) -> Phase:
        return self.then(ctx)


class BridgeLesson:
    """The boards of ``lesson`` in turn; ``done`` follows the last."""

    def __init__(self, lesson: Scenario, done: Next) -> None:
        self.lesson, self.done = lesson, done

    def begin(self, ctx: Context) -> Phase:
        ctx.board = Board(self.lesson)
        ctx.say(ctx.text(self.lesson.title).upper())
        if self.lesson.text is not None:
            ctx.teach(self.lesson.text)
        return Continue(self.next_board)

    def next_board(self, ctx: Context) -> Phase:
        """The next board dealt: its title, its notes for before, the four hands, the
        contract."""
        board = ctx.board
        assert board is not None
        board.next_board()
        deal = board.deal
        if deal.title is not None:
            ctx.say(ctx.text(deal.title))
        for note in deal.notes:
            if note.category == "before":
                ctx.teach(note.text)
        for seat in Seat(0, 4).clockwise():
            ctx.describe(hand_line(ctx, seat, board.now.hands[seat]))
        contract = deal.contract
        if contract is not None:
            words = (
                bridge_contract_words(contract.level, contract.strain, ctx.lang)
                if contract.kind == "normal"
                else contract.localized(ctx.lang)
            )
            ctx.say(ctx.t("penalty_contract", contract=words, seat=board.declarer))
        return BoardPhase(board, self.board_over)

    def board_over(self, ctx: Context) -> Phase:
        """The board's script is over: its notes for after (as written, if the play left it)."""
        board = ctx.board
        assert board is not None
        ctx.say(ctx.t("penalty_board_over"))
        after = [note for note in board.deal.notes if note.category == "after"]
        if after and not board.on_script:
            ctx.say(ctx.t("penalty_notes_as_written"))
        for note in after:
            ctx.teach(note.text)
        board.state = None
        if board.index + 1 < len(self.lesson.deals):
            return Continue(self.next_board)
        return Continue(self.finish)

    def finish(self, ctx: Context) -> Phase:
        ctx.board = None
        return self.done(ctx)
