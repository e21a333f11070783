"""The beginner computer player: always legal, with simple sensible heuristics.

It knows what its seat wants — tricks (free play, a normal contract's declarer), to stop the
declarer (normal defenders), no tricks (a betelek's declarer), or to push tricks onto the
declarer (betelek defenders) — and plays cheaply toward it.
"""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.cards import Card
from betel_tutor.play import PlayState
from betel_tutor.seats import Seat


@dataclass(frozen=True, slots=True)
class Choice:
    """A card and why it was chosen: a catalog key (``bots.*``) and its parameters."""

    card: Card
    reason: str
    params: dict[str, object]


def _wins_now(state: PlayState, card: Card) -> bool:
    """Would ``card`` be winning the trick so far?"""
    trick = [*state.current, card]
    return state.profile.winner(trick, trump=state.trump) == len(trick) - 1


def _wants_tricks(state: PlayState, seat: Seat) -> bool:
    """True when this seat wants to win the trick being played."""
    contract = state.contract
    if contract.kind == "free" or state.declarer is None:
        return True
    if contract.is_misere:
        # The declarer wants no tricks; the defenders duck so that the declarer must win them.
        return False
    if seat == state.declarer:
        return True
    # A defender of a normal contract wants the trick unless the other defender already has it.
    if state.current:
        winner = state.leader.next(state.profile.winner(list(state.current), trump=state.trump))
        return winner == state.declarer
    return True


def _strength(card: Card) -> tuple[int, int]:
    """Rank first; among equal ranks the suit order, so the choice never depends on set order."""
    return int(card.rank), card.suit.order


def choose_card(state: PlayState) -> Choice:
    """A legal card for the player to move, with the reason."""
    seat = state.to_play
    legal = sorted(state.legal_moves(), key=_strength)
    if len(legal) == 1:
        return Choice(legal[0], "bots.forced", {"card": legal[0]})
    if not state.current:
        if _wants_tricks(state, seat):
            card = legal[-1]
            return Choice(card, "bots.lead_high", {"card": card})
        card = legal[0]
        return Choice(card, "bots.lead_low", {"card": card})
    winners = [card for card in legal if _wins_now(state, card)]
    losers = [card for card in legal if card not in winners]
    if _wants_tricks(state, seat):
        if winners:
            return Choice(winners[0], "bots.win_cheaply", {"card": winners[0]})
        return Choice(losers[0], "bots.cannot_win", {"card": losers[0]})
    if losers:
        return Choice(losers[-1], "bots.duck_high", {"card": losers[-1]})
    return Choice(winners[-1], "bots.win_forced", {"card": winners[-1]})
