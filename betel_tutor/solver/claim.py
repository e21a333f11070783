"""Can the declarer claim? An exact search over what the declarer sees.

The declarer sees his own cards and every card played; the defenders see everything. The
declarer can claim the contract when one strategy (a card for every sequence of plays he may
have seen) makes it in every distribution of the unseen cards against every defence. This
module decides that exactly by an AND-OR search whose positions are *information sets*: the
declarer's hand, the unseen cards, and for each defender the unseen cards he is known not to
hold. At the declarer's turn one card must do for the whole set (OR); at a defender's turn every
card he could hold and legally play must be answered (AND), and playing it teaches the
declarer what it shows.

**What a play shows.** The duties of §5 (rules 5–8) rank a hand's cards in tiers for a given
trick: the cards that beat in the suit led, then the rest of the suit, then the trumps that
overruff, then the other trumps, then anything (Betel's defenders, rule 8, have no duty to
beat). A card is legal exactly when its holder has no card of a higher tier, so a defender who
plays a card is known from then on to hold none of the higher tiers' unseen cards: a void, a
missing higher card, no trump. The tiers are read off the solver's own legal-card function
(`suits.legal`), applied to the cards the defender might hold and then to what is left.

**The sets.** West holds ``w`` of the unseen cards and North the rest; a card known not to be
West's must be North's and the other way round. A set is not empty exactly when no card is
barred from both and neither defender is owed more cards than he holds, so a defender's card is
searched only if some distribution still agrees with everything seen.

**Shortcuts that keep it exact.** Two unseen cards of a suit with no other live card between
them, which the same defender may hold and which tell the same, are one choice; so are the
declarer's equivalent cards. A set is won at once when the declarer, on lead, has enough
sure tricks (his top trumps draw the unseen ones, then his top cards win, §5 rule 6) and lost
at once when some distribution in it beats even a declarer who sees all the cards (the
double-dummy solver). Sets already decided are remembered.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from betel_tutor.solver.api import mask_value
from betel_tutor.solver.board import Board
from betel_tutor.solver.suits import SUIT_MASKS, bits, legal, representatives, winner

# An information set: the declarer's hand, the unseen cards, those West and those North are
# known not to hold, the leader, the trick so far and the tricks still needed (or allowed).
Key = tuple[int, int, int, int, int, tuple[int, ...], int]


class OutOfBudget(Exception):
    """The search met more information sets than it was allowed."""


@dataclass(frozen=True, slots=True)
class World:
    """A distribution of the unseen cards: West's and North's masks."""

    west: int
    north: int


def _feasible(unseen: int, not_west: int, not_north: int, west_count: int, hidden: int = 0) -> bool:
    """Whether some split of ``unseen`` gives West ``west_count`` cards, none of ``not_west``,
    the dubel ``hidden`` cards (any of them), and North the rest, none of ``not_north``.
    Hall's condition for three holders: the cards barred from both fit in the dubel, and
    those only one defender may hold fit in his hand and the dubel."""
    both = unseen & not_west & not_north
    north_only = (unseen & not_west) & ~both
    west_only = (unseen & not_north) & ~both
    north_count = unseen.bit_count() - west_count - hidden
    if north_count < 0 or west_count < 0:
        return False
    barred = both.bit_count()
    return (
        barred <= hidden
        and barred + west_only.bit_count() <= west_count + hidden
        and barred + north_only.bit_count() <= north_count + hidden
    )


def sure_leads(hand: int, unseen: int, trump: int) -> list[int]:
    """The fixed line's leads that win whatever the defenders hold, in order: the declarer's
    trumps above every unseen one; when they are at least as many as the unseen trumps, all
    his trumps (the top ones draw the rest) and then, suit by suit, each card above every
    unseen one of its suit, highest first (else trumps may stay out to ruff, §5 rule 6)."""
    line: list[int] = []
    if trump >= 0:
        mask = SUIT_MASKS[trump]
        out = unseen & mask
        mine = sorted(bits(hand & mask), reverse=True)
        masters = [card for card in mine if card >= out.bit_length()]
        if len(masters) < out.bit_count():
            return masters
        line.extend(mine)
    for suit in range(4):
        if suit == trump:
            continue
        highest_out = (unseen & SUIT_MASKS[suit]).bit_length() - 1
        for card in sorted(bits(hand & SUIT_MASKS[suit]), reverse=True):
            if card < highest_out:
                break
            line.append(card)  # led, it beats every unseen card of its suit
    return line


def loses_every_trick(hand: int, unseen: int, on_lead: bool, hidden: int = 0) -> bool:
    """Betelki and Betel (no trumps, §4): whether the declarer takes no more tricks whatever
    happens. So it is when each of his cards is below every unseen card of its suit: a
    defender's lead is then never beaten by him, and a card of his led to a suit the
    defenders hold is followed by a higher one, whether they must beat or not (rule 8). On
    lead he needs such a suit to lead; once he loses the lead he never gets it back."""
    can_lead = not on_lead
    for suit in range(4):
        mask = SUIT_MASKS[suit]
        mine = hand & mask
        out = unseen & mask
        if mine and out:
            if mine.bit_length() > (out & -out).bit_length():
                return False  # one of his cards is above an unseen one
            can_lead = can_lead or out.bit_count() > hidden
    return can_lead


class ClaimSearch:
    """The search for one hand and contract. ``goal`` in :meth:`wins` counts the declarer's
    tricks still needed (normal contracts) or still allowed (betelki and Betel)."""

    def __init__(
        self,
        *,
        trump: int,
        misere: bool,
        defenders_beat: bool,
        board: Board,
        budget: int,
        hidden: int = 0,
    ) -> None:
        self.trump = trump
        self.hidden = hidden  # unseen cards that lie in the dubel, in nobody's hand
        self.misere = misere
        self.defenders_beat = defenders_beat
        self.board = board  # the double-dummy board for the contract, declarer seat 0
        self.budget = budget
        self.nodes = 0
        self.table: dict[Key, bool] = {}
        self.best: dict[Key, int] = {}
        self.witnesses: list[World] = []  # distributions that beat a double-dummy declarer
        # The sets lost that way: the distribution and the declarer's tricks double dummy.
        self.refuted_by: dict[Key, tuple[World, int]] = {}

    # -- the search ------------------------------------------------------------------------

    def wins(
        self,
        hand: int,
        unseen: int,
        not_west: int,
        not_north: int,
        leader: int,
        trick: tuple[int, ...],
        goal: int,
    ) -> bool:
        """Whether the declarer, holding ``hand`` and seeing only the information set,
        can make sure of the contract from here."""
        if not trick:
            left = hand.bit_count()
            if self.misere:
                if goal < 0:
                    return False
                if left <= goal:
                    return True
            else:
                if goal <= 0:
                    return True
                if goal > left:
                    return False
        key = (hand, unseen, not_west, not_north, leader, trick, goal)
        known = self.table.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        result = self._decide(key)
        self.table[key] = result
        return result

    def _decide(self, key: Key) -> bool:
        hand, unseen, not_west, not_north, leader, trick, goal = key
        seat = (leader + len(trick)) % 3
        if not trick:
            if self.misere:
                if goal >= 0 and loses_every_trick(hand, unseen, leader == 0, self.hidden):
                    return True
            elif leader == 0 and len(sure_leads(hand, unseen, self.trump)) >= goal:
                return True
            witness = self._refuted(hand, unseen, not_west, not_north, leader, goal)
            if witness is not None:
                self.refuted_by[key] = witness
                return False
        live = hand | unseen
        for card in trick:
            live |= 1 << card
        if seat == 0:
            for card in self._declarer_order(hand, live, trick):
                if self._after(
                    hand & ~(1 << card), unseen, not_west, not_north, leader, (*trick, card), goal
                ):
                    self.best[key] = card
                    return True
            return False
        # A defender's turn: how many cards each holds now.
        size = hand.bit_count() + (1 if (0 - leader) % 3 < len(trick) else 0)
        west_count = size - (1 if (1 - leader) % 3 < len(trick) else 0)
        barred = not_west if seat == 1 else not_north
        other = not_north if seat == 1 else not_west
        beat = self.defenders_beat
        remaining = unseen & ~barred
        higher = 0
        while remaining:
            tier = legal(remaining, trick, self.trump, beat)
            # Equivalent choices: a run of the tier's cards that the other defender is
            # barred from or not, alike.
            choices = 0
            for part in (tier & other, tier & ~other):
                if part:
                    choices |= representatives(live, part)
            for card in self._defender_order(choices):
                bit = 1 << card
                after = unseen & ~bit
                now_barred = (barred | higher) & after
                if seat == 1:
                    nw, nn, wc = now_barred, not_north & after, west_count - 1
                else:
                    nw, nn, wc = not_west & after, now_barred, west_count
                if not _feasible(after, nw, nn, wc, self.hidden):
                    continue
                if not self._after(hand, after, nw, nn, leader, (*trick, card), goal):
                    return False
            higher |= tier
            remaining &= ~tier
        return True

    def _after(
        self,
        hand: int,
        unseen: int,
        not_west: int,
        not_north: int,
        leader: int,
        trick: tuple[int, ...],
        goal: int,
    ) -> bool:
        if len(trick) < 3:
            return self.wins(hand, unseen, not_west, not_north, leader, trick, goal)
        taker = (leader + winner(trick, self.trump)) % 3
        return self.wins(hand, unseen, not_west, not_north, taker, (), goal - (taker == 0))

    def _declarer_order(self, hand: int, live: int, trick: tuple[int, ...]) -> list[int]:
        moves = legal(hand, trick, self.trump, True) & representatives(live, hand)
        # Trumps first, then high cards (normal contracts); low cards first in betelki.
        trump = self.trump
        return sorted(
            bits(moves), key=lambda c: (c >> 3 != trump, c & 7 if self.misere else -(c & 7))
        )

    def _defender_order(self, choices: int) -> list[int]:
        # High cards first in normal contracts (to win), low ones in betelki (to duck).
        return sorted(bits(choices), key=lambda c: c & 7 if not self.misere else -(c & 7))

    # -- refutations by a distribution ------------------------------------------------------

    def beats(self, hand: int, world: World, leader: int, goal: int) -> int | None:
        """The declarer's tricks from the start of a trick, double dummy, if ``world`` beats
        even a declarer who sees all the cards (then it beats every line); else None."""
        tricks = mask_value(self.board, (hand, world.west, world.north), leader, ())
        return tricks if ((tricks > goal) if self.misere else (tricks < goal)) else None

    def _refuted(
        self, hand: int, unseen: int, not_west: int, not_north: int, leader: int, goal: int
    ) -> tuple[World, int] | None:
        """A distribution in the set that beats a declarer who sees all the cards, with his
        tricks from here double dummy."""
        for world in self._worlds(unseen, not_west, not_north, hand.bit_count()):
            tricks = self.beats(hand, world, leader, goal)
            if tricks is not None:
                self.witnesses.append(world)
                return world, tricks
        return None

    def _worlds(self, unseen: int, not_west: int, not_north: int, size: int) -> list[World]:
        """The distributions tried: those that beat earlier sets, where they still fit, then
        two lopsided ones (trumps and the longest suits stacked with one defender)."""
        out: list[World] = []
        for world in self.witnesses[-4:]:
            west = world.west & unseen
            # Cards the world did not place (played in another line) go to North.
            north = world.north & unseen if self.hidden else unseen & ~west
            if (
                west.bit_count() == size == north.bit_count()
                and not west & not_west
                and not north & not_north
            ):
                out.append(World(west, north))
        for world in lopsided(unseen, not_west, not_north, size, self.trump, self.hidden):
            if world not in out:
                out.append(world)
        return out


def lopsided(
    unseen: int, not_west: int, not_north: int, size: int, trump: int, hidden: int = 0
) -> list[World]:
    """Two distributions of the set that stack the trumps and then the longest suits with
    West, and with North: the likeliest to beat a declarer who sees all the cards. With
    ``hidden`` cards in the dubel, it gets the cards barred from both defenders, those one
    defender cannot all take, then the lowest side cards."""
    both = unseen & not_west & not_north
    west_only = (unseen & not_north) & ~both
    north_only = (unseen & not_west) & ~both
    free = unseen & ~not_west & ~not_north
    dubel = both
    for only in (west_only, north_only):
        extra = only.bit_count() - size
        for card in sorted(bits(only))[: max(extra, 0)]:
            dubel |= 1 << card
    spare = hidden - dubel.bit_count()
    if spare > 0:
        low = sorted(bits(free), key=lambda c: (c >> 3 == trump, c & 7))[:spare]
        for card in low:
            dubel |= 1 << card
    unseen &= ~dubel
    west_only &= ~dubel
    free &= ~dubel
    wanted = size - west_only.bit_count()
    lengths = [(free & SUIT_MASKS[s]).bit_count() for s in range(4)]
    order = sorted(bits(free), key=lambda c: (c >> 3 != trump, -lengths[c >> 3], c >> 3, -c))
    out: list[World] = []
    for cards in (order[:wanted], order[len(order) - wanted :]):
        west = west_only
        for card in cards:
            west |= 1 << card
        out.append(World(west, unseen & ~west))
    return out


def sampled(unseen: int, size: int, count: int, seed: int = 0, hidden: int = 0) -> list[World]:
    """``count`` distributions of ``unseen``, West and North holding ``size`` each when
    ``hidden`` is given (the rest in the dubel), else West ``size`` and North the rest, drawn
    at random from a fixed seed (so that every run reports the same)."""
    rng = random.Random(seed)
    cards = list(bits(unseen))
    out: list[World] = []
    for _ in range(count):
        if not hidden:
            west = 0
            for card in rng.sample(cards, size):
                west |= 1 << card
            out.append(World(west, unseen & ~west))
            continue
        drawn = rng.sample(cards, len(cards) - hidden)
        west = north = 0
        for card in drawn[:size]:
            west |= 1 << card
        for card in drawn[size:]:
            north |= 1 << card
        out.append(World(west, north))
    return out
