"""A bridge board at the tutor's table (the penalty-card lesson, Law 50, 51): the learner is
the declarer and plays the dummy's cards too; the defenders play the board's scripted cards
while the script has them and the laws allow them.

The phases of the lesson (:mod:`betel_tutor.tutor.board_play`) change a :class:`Board`; the
scene builder (:mod:`betel_tutor.tutor.scene`) draws it. The laws themselves are in
:mod:`betel_tutor.penalty`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from betel_tutor.cards import Card
from betel_tutor.penalty import PenaltyLegal, PenaltyTable
from betel_tutor.play import PlayState, play_card, start_play
from betel_tutor.profiles import profile
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec, Scenario
from betel_tutor.seats import Seat

SOUTH = Seat(2, 4)  # the declarer when a board names none


@dataclass
class Board:
    """The board ``index`` of the bridge ``lesson``; ``state`` is None between boards."""

    lesson: Scenario
    index: int = -1
    state: PlayState | None = None
    penalty: PenaltyTable = field(default_factory=PenaltyTable)
    played: int = 0  # cards of the board played so far
    end: int = 0  # the board ends when this many cards are played
    on_script: bool = True  # every card so far is the board's own
    exposed: int = 0  # the board's exposures done

    @property
    def deal(self) -> DealSpec:
        return self.lesson.deals[self.index]

    @property
    def now(self) -> PlayState:
        assert self.state is not None
        return self.state

    @property
    def declarer(self) -> Seat:
        declarer = self.deal.declarer
        return Seat(declarer, 4) if declarer is not None else SOUTH

    @property
    def learners(self) -> tuple[Seat, Seat]:
        """The seats whose cards the learner plays: the declarer's and the dummy's."""
        return self.declarer, self.declarer.partner

    @property
    def over(self) -> bool:
        """The script's last trick is complete."""
        return self.played >= self.end and not self.now.current

    def next_board(self) -> None:
        """The lesson's next board, its cards dealt and nothing played."""
        self.index += 1
        self.played = self.exposed = 0
        self.on_script = True
        self.penalty = PenaltyTable()
        deal = self.deal
        self.end = max(4, -(-len(deal.play) // 4) * 4)  # whole tricks, at least one
        self.state = start_play(
            profile("bridge"),
            realize(deal).hands,
            deal.contract,  # type: ignore[arg-type]  # a lesson board has its contract
            declarer=self.declarer,
            dealer=deal.dealer,
        )

    def legal(self, seat: Seat) -> PenaltyLegal:
        """The cards ``seat`` may play now, and the law that narrows them, if any."""
        state = self.now
        return self.penalty.legal(seat, state.hands[seat], state.current)

    def scripted(self) -> Card | None:
        """The board's own next card, while every card so far has been the board's."""
        play = self.deal.play
        if self.on_script and self.played < len(play):
            return play[self.played]
        return None

    def play(self, seat: Seat, card: Card) -> Seat | None:
        """``seat`` plays ``card``; the winner of the trick it completes, if it does."""
        self.penalty = self.penalty.played(seat, card)
        self.state = play_card(self.now, card)
        self.played += 1
        if self.state.current:
            return None
        winner = self.state.tricks[-1].winner
        self.penalty = self.penalty.trick_won(winner)
        return winner
