"""The club and strong computer players.

*Club* plays by rules like the beginner, and counts cards: it leads a master (the highest card
left in a suit) when it wants the trick, and otherwise leads low from its longest suit.

*Strong* deals the hidden cards several times, each time consistent with everything the play
has shown (:mod:`betel_tutor.inference`), solves each deal double dummy, and plays the card
that gives away the fewest tricks on average. Fewer samples are drawn early in the deal, when
each solve costs most, so that a move stays quick. The samples come from a seed made of the
cards played, so the same position always gets the same card.
"""

from __future__ import annotations

from collections.abc import Callable

from betel_tutor.bots.beginner import Choice, _strength, _wants_tricks
from betel_tutor.bots.beginner import choose_card as beginner_card
from betel_tutor.cards import Card
from betel_tutor.inference import sample_deals
from betel_tutor.play import PlayState
from betel_tutor.solver.advice import Advisor

STRENGTHS = ("beginner", "club", "strong")


def _masters(state: PlayState, cards: list[Card]) -> list[Card]:
    """Cards higher than every card of their suit still unplayed elsewhere (counted)."""
    seat = state.to_play
    out = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
    out += list(state.current)
    return [c for c in cards if all(o.rank < c.rank for o in out if o.suit is c.suit)]


def club_card(state: PlayState) -> Choice:
    legal = sorted(state.legal_moves(), key=_strength)
    if len(legal) == 1 or state.current:
        return beginner_card(state)
    seat = state.to_play
    if _wants_tricks(state, seat):
        masters = _masters(state, legal)
        if masters:
            card = masters[-1]
            return Choice(card, "bots.lead_master", {"card": card})
    hand = list(state.hands[seat])
    longest = max(legal, key=lambda c: (sum(h.suit is c.suit for h in hand), -int(c.rank)))
    low = min((c for c in legal if c.suit is longest.suit), key=_strength)
    # Why, from the player's side: wanting the trick with no master, a low card sets up the
    # suit's long cards; in a betelek or Betel (nobody wants the trick for himself: the
    # declarer none, the defenders none that spares him) it leaves the trick to a higher card.
    misere = state.contract.is_misere and state.declarer is not None
    reason = "bots.lead_long_low_misere" if misere else "bots.lead_long_low"
    return Choice(low, reason, {"card": low, "suit": low.suit})


def samples_for(cards_left: int) -> int:
    """How many deals to sample: more as the deal shrinks and solves get cheap."""
    if cards_left >= 9:
        return 2
    if cards_left >= 7:
        return 4
    return 8


class StrongPlayer:
    """A strong player keeps one advisor (solver tables) for the deal it is playing."""

    def __init__(self) -> None:
        self.advisor = Advisor()

    def __call__(self, state: PlayState) -> Choice:
        legal = sorted(state.legal_moves(), key=_strength)
        if len(legal) == 1:
            return Choice(legal[0], "bots.forced", {"card": legal[0]})
        seat = state.to_play
        seed = " ".join(str(c) for t in state.tricks for c in t.cards)
        seed += "|" + " ".join(map(str, state.current)) + f"|{seat:d}"
        samples = sample_deals(state, seat, samples_for(len(state.hands[seat])), seed)
        costs = dict.fromkeys(legal, 0)
        for sample in samples:
            for advice in self.advisor.hint(sample):
                costs[advice.card] += advice.cost
        card = min(legal, key=lambda c: (costs[c], _strength(c)))
        average = costs[card] / len(samples)
        return Choice(
            card, "bots.strong_best", {"card": card, "n": len(samples), "cost": round(average, 1)}
        )


def player(strength: str) -> Callable[[PlayState], Choice]:
    """A computer player of the given strength: beginner, club or strong."""
    if strength == "strong":
        return StrongPlayer()
    if strength == "club":
        return club_card
    return beginner_card
