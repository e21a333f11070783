"""``learn --puzzles [--theme T]``: puzzles from the corpus (docs/puzzles.md), one after
another, each chosen near the learner's rating among those not tried yet.

The learner plays the card that alone reaches the goal; in a puzzle of several cards the
replies come from the puzzle's line. A right answer to the end solves it; a wrong card is
answered by the best play that punishes it, then the solution. The first attempt at a puzzle
is rated (Glicko-2: the learner's rating and the puzzle's move, :mod:`tutor.puzzle_record`)
and kept with the learner's progress; playing it again (``yes`` to the offer) is not rated.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

from betel_tutor.cards import Card, format_cards, format_hand, parse_card
from betel_tutor.display import shown
from betel_tutor.errors import BetelError
from betel_tutor.i18n import translate_plural
from betel_tutor.play import DealPlay, PlayState
from betel_tutor.puzzles.corpus import shipped_corpus
from betel_tutor.puzzles.goals import best_cards, card_goals, choose, same_run
from betel_tutor.puzzles.model import Puzzle
from betel_tutor.puzzles.store import nearest
from betel_tutor.puzzles.theme_names import theme_name
from betel_tutor.seats import Seat, seats
from betel_tutor.solver.api import make_board
from betel_tutor.tutor.context import Context
from betel_tutor.tutor.events import CardPlayed, Event, Prompt
from betel_tutor.tutor.phase import Continue, Next, Phase
from betel_tutor.tutor.puzzle_record import Attempt, ratings
from betel_tutor.tutor.retry import RetryPhase


@dataclass(frozen=True, slots=True)
class PuzzleShown(Event):
    """A puzzle begins: its id, rating and the learner's seat (its themes are told after)."""

    kind: ClassVar[str] = "puzzle"
    puzzle: str = ""
    rating: float = 0.0
    seat: Seat | None = None
    rated: bool = True


@dataclass(frozen=True, slots=True)
class PuzzleResult(Event):
    """A puzzle's end: solved or not, the solution and themes, and for a rated attempt both
    ratings after it (the learner's, the puzzle's) as Glicko-2 gives them."""

    kind: ClassVar[str] = "puzzle_result"
    puzzle: str = ""
    solved: bool = False
    solution: tuple[Card, ...] = ()
    themes: tuple[str, ...] = ()
    rated: bool = False
    rating: float | None = None
    deviation: float | None = None
    volatility: float | None = None
    puzzle_rating: float | None = None
    puzzle_deviation: float | None = None


class PuzzlePhase(Phase):
    """One puzzle at the card prompt; ``done`` follows when the learner stops (the menu)."""

    expects = "card"
    unaided = True  # rated as solved alone: no hint, no undo; all hands are open already

    def __init__(
        self,
        done: Next,
        *,
        theme: str | None = None,
        corpus: Path | None = None,
        puzzle: Puzzle | None = None,
    ) -> None:
        self.done, self.theme, self.corpus = done, theme, corpus or shipped_corpus()
        self.puzzle = puzzle
        self.rated = puzzle is None  # a puzzle played again is not rated
        self.game: DealPlay | None = None
        self.step = 0  # how many cards of the line have been played

    # -- choosing and showing --------------------------------------------------------------
    def waiting(self, ctx: Context) -> bool:
        return self.game is not None  # until then the session lets it choose its puzzle

    def advance(self, ctx: Context) -> Phase:
        return self.begin(ctx)

    def begin(self, ctx: Context) -> Phase:
        if self.puzzle is None:
            learner, _ = ratings(ctx.progress.puzzles)
            tried = {attempt.puzzle for attempt in ctx.progress.puzzles}
            self.puzzle = nearest(self.corpus, learner.rating, theme=self.theme, skip=tried)
            if self.puzzle is None:
                ctx.say(ctx.t("puzzle_none_left"))
                return self.done(ctx)
        puzzle = self.puzzle
        self.game = DealPlay(puzzle.state())
        # A puzzle tried before is shown at the rating its attempts gave it, not the corpus's.
        rated = ratings(ctx.progress.puzzles)[1].get(puzzle.id)
        rating = puzzle.rating if rated is None else rated.rating
        ctx.emit(
            PuzzleShown(
                ctx.t("puzzle_start", id=puzzle.id, rating=round(rating)),
                puzzle=puzzle.id,
                rating=round(rating, 1),
                seat=puzzle.to_play,
                rated=self.rated,
            )
        )
        self.show(ctx)
        return self

    def show(self, ctx: Context) -> None:
        """The position in words, every front end alike (all hands open: the full-screen
        tutor's felt draws the deals of a lesson, so a puzzle is told in its panel)."""
        puzzle, state = self.puzzle, self.state
        assert puzzle is not None
        contract = puzzle.contract.format(lang=ctx.lang)
        declarer = puzzle.declarer.localized(ctx.lang)
        ctx.say(ctx.t("puzzle_contract", contract=contract, declarer=declarer))
        for seat in seats():
            name = seat.localized(ctx.lang)
            ctx.say(f"  {name:<9} {format_hand(state.hands[seat], lang=ctx.lang)}")
        for words in ctx.play_so_far(state, lambda seat: seat):  # a puzzle's seats as they are
            ctx.say(words)
        goal = "puzzle_goal_make" if puzzle.side == "declarer" else "puzzle_goal_defeat"
        ctx.say(ctx.t(goal, seat=puzzle.to_play.localized(ctx.lang), contract=contract))

    @property
    def state(self) -> PlayState:
        assert self.game is not None
        return self.game.state

    def prompt(self, ctx: Context) -> Prompt:
        legal = tuple(sorted(self.state.legal_moves()))
        return Prompt(ctx.t("prompt_card_unaided"), expects=self.expects, choices=legal)

    # -- the learner's card ----------------------------------------------------------------
    def handle(self, ctx: Context, line: str) -> Phase:
        puzzle = self.puzzle
        assert puzzle is not None and self.game is not None
        try:
            card = parse_card(line.strip(), lang=ctx.lang)
        except BetelError as error:
            ctx.refuse_error(line, error)
            return self
        problem = self.state.refusal(card, speak_to_learner=True)
        if problem is not None:
            ctx.refuse_error(line, problem)
            return self
        expected = puzzle.line[self.step]
        if card is not expected and not same_run(self.state, card, expected):
            return self.wrong(ctx, card)
        self.tell(ctx, card)
        self.step += 1
        while self.step < len(puzzle.line) and self.state.to_play != puzzle.to_play:
            self.tell(ctx, puzzle.line[self.step])
            self.step += 1
        if self.step < len(puzzle.line):
            ctx.say(ctx.t("puzzle_go_on"))
            return self
        ctx.say(ctx.t("puzzle_solved"))
        return self.finish(ctx, solved=True)

    def tell(self, ctx: Context, card: Card, *, quietly: bool = False) -> None:
        """Play ``card`` and emit it; ``quietly``: without its own line of text (the caller
        tells the trick whole)."""
        assert self.game is not None
        seat = self.state.to_play
        before = len(self.state.tricks)
        self.game.play(card)
        lines = [ctx.t("plays", seat=seat, card=card)]
        wins = None
        if len(self.state.tricks) > before:
            wins = self.state.tricks[-1].winner
            lines.append(ctx.t("takes", seat=wins))
        text = "" if quietly else "\n".join(lines)
        ctx.emit(CardPlayed(text, seat=seat, card=card, wins=wins))

    def trick_line(self, ctx: Context, number: int) -> str:
        """Trick ``number`` (played in full) in one line: its cards, and who wins it."""
        trick = self.state.tricks[number - 1]
        cards = "  ".join(
            f"{Seat(trick.leader).next(k).localized(ctx.lang)} {shown(played, ctx.lang)}"
            for k, played in enumerate(trick.cards)
        )
        winner = Seat(trick.winner).localized(ctx.lang)
        return ctx.t("solution_trick", number=number, cards=cards, winner=winner)

    def wrong(self, ctx: Context, card: Card) -> Phase:
        """The best play after the wrong card, to the end of the deal: the line that punishes
        it; then the tricks it leaves the declarer."""
        puzzle = self.puzzle
        assert puzzle is not None
        board = make_board(
            trump=puzzle.contract.trump,
            declarer=int(puzzle.declarer),
            contract_kind=puzzle.contract.kind,
        )
        # The line is told a trick a line, as the solution is, not a line a card: a wrong
        # card early in a puzzle leaves some thirty cards to play.
        tricks: list[str] = []
        reply = card
        while True:
            done = len(self.state.tricks)
            self.tell(ctx, reply, quietly=True)
            if len(self.state.tricks) > done:
                tricks.append(self.trick_line(ctx, len(self.state.tricks)))
            if not self.state.hands[self.state.to_play]:
                break
            values, _reach = card_goals(self.state, 0, board)
            reply = choose(self.state, best_cards(self.state, values))
        ctx.say("\n".join(tricks))
        taken = self.state.tricks_taken()[int(puzzle.declarer)]
        made = puzzle.contract.is_made(taken)  # the line itself was told trick by trick above
        ctx.say(
            ctx.t(
                "puzzle_wrong_made" if made else "puzzle_wrong_beaten",
                card=card,
                declarer=puzzle.declarer.localized(ctx.lang),
                tricks=translate_plural("common.tricks", taken, ctx.lang),
                contract=puzzle.contract,
            )
        )
        return self.finish(ctx, solved=False)

    def finish(self, ctx: Context, *, solved: bool) -> Phase:
        puzzle = self.puzzle
        assert puzzle is not None
        solution = format_cards(puzzle.solution, lang=ctx.lang)
        themes = ", ".join(theme_name(theme, ctx.lang) for theme in puzzle.themes) or "—"
        ctx.say(ctx.t("puzzle_solution", cards=solution, themes=themes))
        result = PuzzleResult(
            "", puzzle=puzzle.id, solved=solved, solution=puzzle.solution, themes=puzzle.themes
        )
        if self.rated:
            attempt = Attempt(
                id=uuid.uuid4().hex,
                puzzle=puzzle.id,
                solved=solved,
                at=time.time(),
                themes=puzzle.themes,
                rating=puzzle.rating,
                deviation=puzzle.deviation,
                volatility=puzzle.volatility,
            )
            attempts = (*ctx.progress.puzzles, attempt)
            ctx.progress = replace(ctx.progress, puzzles=attempts)
            learner, puzzles = ratings(attempts)
            after = puzzles[puzzle.id]
            text = ctx.t("puzzle_rated", rating=round(learner.rating), puzzle=round(after.rating))
            result = replace(
                result,
                text=text,
                rated=True,
                rating=learner.rating,
                deviation=learner.deviation,
                volatility=learner.volatility,
                puzzle_rating=after.rating,
                puzzle_deviation=after.deviation,
            )
            ctx.save()
        ctx.emit(result)

        def following(ctx: Context) -> Phase:
            return PuzzlePhase(self.done, theme=self.theme, corpus=self.corpus)

        def again(ctx: Context) -> Phase:
            return PuzzlePhase(self.done, theme=self.theme, corpus=self.corpus, puzzle=puzzle)

        if solved:
            return Continue(following)
        return RetryPhase(again, following, listed=False)
