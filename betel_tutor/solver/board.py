"""The solver's private fast board: hands as 32-bit masks and a null-window search.

Cards are bits (see :mod:`betel_tutor.solver.suits`). Legal cards are a few mask operations
(spec §5, rules 5–8), and the rest of the speed comes from the usual techniques of
double-dummy solvers:

* **equivalent cards** — two cards of one hand with no live card of another hand between them
  win exactly the same tricks, so only one of each run is searched;
* **a transposition table** at the start of every trick, keyed by *relative* ranks (cards
  already played are squeezed out, so ♠A-gone-♠K is the same position as ♠K-gone-♠Q), holding
  a lower and an upper bound on the tricks still to come for the declarer, and the lead that
  last settled the position; the side suits are interchangeable (only trumps are special,
  §5), so the key holds the numbers of the side suits sorted (``suits.code_number``); the
  per-suit entries come from the complete shipped tables
  (:mod:`betel_tutor.solver.suit_data`), which makes a key cheaper to work out afresh than to
  remember card for card (measured);
* **null-window search**: ``wins(target)`` only answers "does the maximising side get the
  declarer ``target`` more tricks?", which prunes far more than a full-width minimax; a driver
  (:func:`betel_tutor.solver.api.mask_value`) steps from a first guess to the exact value with a
  few such searches, and the bounds in the table carry over from one to the next;
* **move ordering**: the remembered lead first, then high cards (in the betelki and Betel, a
  defender leads first the cards with which he can make the declarer win the trick, then
  the rest of such suits); later in
  the trick, the cards that give the trick to the side that wants it, cheapest first in
  normal contracts and highest first in the betelki and Betel;
* **sure-trick bounds** in normal contracts (cashing top cards, and the rest of a suit
  once the others have none; and the tricks the trumps settle: each trump wins unless a
  higher one meets it; a declarer not on lead keeps his sure tricks but those the others
  can make him throw away before he leads), read from the per-suit tables, and without
  trumps the exact value when every suit is split cleanly between the declarer and the
  defenders (:mod:`betel_tutor.solver.bounds`);
* **one-trick bounds** in the betelki and Betel, read from the per-suit tables: if the
  defenders can make the declarer win the trick about to be played he takes at least one more
  trick, else at most all but one (and not all if he must then lead with a losing card kept
  in some suit, nor if, made to win it, he then keeps a sure loser for his lead:
  ``Board._loses_one``); they settle the searches for one more trick and for all of them, the most
  common at the leaves of a null-window search;
* **killer leads**: per number of tricks left and leader, the lead that last settled a
  position is tried next after the remembered one.

A whole trick is searched inside one call (three nested loops), so that Python pays for one
function call per trick rather than one per card. The search is written for mypyc, which
compiles this module where a C compiler is at hand (:mod:`betel_tutor.solver.native`): ints
that fit in 62 bits (keys and indices included), lists and tuples indexed by small ints,
module constants marked ``Final``, nothing allocated at a position but its table entry, and
the search a method calling itself, which compiled is a C call. Inside a call the hands are
named by their place in the trick: ``a`` leads, ``b`` plays second, ``c`` third.

The maximising side is the declarer in normal contracts and the defenders in betelki and Betel
(they want the declarer to take tricks); the value is always the declarer's tricks.
"""

from __future__ import annotations

from typing import Final, final

from betel_tutor.solver.bounds import betel_guess, normal_bounds
from betel_tutor.solver.bounds import settled as settled_value
from betel_tutor.solver.suit_data import load as load_suit_tables
from betel_tutor.solver.suits import (
    ABOVE,
    CODE_BITS,
    ESCAPE_COUNT,
    ESCAPES,
    FLAGS_SHIFT,
    HOLDER_1,
    HOLDER_2,
    HOLDER_3,
    LEADS,
    MADE,
    MISERE_PARTS,
    NO_SUIT,
    NUMBER_MASK,
    PARTS,
    RANK_MAJOR,
    RUNS_SHIFT,
    SUIT_MASKS,
    bits,
    legal,
    representatives,
    winner,
    without,
)

__all__ = ["Board", "bits", "legal", "representatives", "winner", "without"]

_RM0: Final = RANK_MAJOR[0]
_RM1: Final = RANK_MAJOR[1]
_RM2: Final = RANK_MAJOR[2]
_RM3: Final = RANK_MAJOR[3]
_H1: Final = HOLDER_1
_H2: Final = HOLDER_2
_H3: Final = HOLDER_3
# A lead card in the rank-major order of ``RANK_MAJOR``: card ``8*s + r`` as bit ``4*r + s``.
_LEAD_BIT: Final = tuple(1 << (4 * (card & 7) + (card >> 3)) for card in range(32))


@final
class _Plan:
    """What the search needs about the three places in a trick, per leader (``Board._plan``).
    A class of its own, which the compiled search reads as a C struct (a tuple's items had
    to be converted from objects at every position searched)."""

    def __init__(
        self,
        seats: tuple[int, int, int],
        maximises: tuple[bool, bool, bool],
        beat2: bool,
        beat3: bool,
        gains: tuple[int, int, int],
        second_first: int,
        takes_first: bool,
    ) -> None:
        self.s1, self.s2, self.s3 = seats
        self.max1, self.max2, self.max3 = maximises
        self.beat2 = beat2
        self.beat3 = beat3
        self.g1, self.g2, self.g3 = gains
        self.second_first = second_first
        self.takes_first = takes_first


def _escapes(counts: int, first: int, second: int) -> bool:
    """Whether an entry of ``suits.escape_counts`` leaves the declarer an escape when the
    defenders (in trick order) lose ``first`` and ``second`` cards of the suit."""
    return (counts & 15) > first or (counts >> 4) > second


class Board:
    """One deal's search: three hands, trumps, the declarer and who must beat.

    ``maximiser_is_declarer`` is True in normal contracts; in betelki and Betel the defenders
    are the maximising side. ``nodes`` counts the cards tried, for the benchmark.
    """

    def __init__(
        self,
        *,
        trump: int,
        declarer: int,
        maximiser_is_declarer: bool,
        beat: tuple[bool, bool, bool],
    ) -> None:
        self.trump = trump
        self.declarer = declarer
        self.maximiser_is_declarer = maximiser_is_declarer
        self.maximiser = tuple((seat == declarer) == maximiser_is_declarer for seat in range(3))
        self.beat = beat
        # key -> low | high << 4 | (best lead + 1) << 8: bounds on the declarer's tricks to come.
        self.table: dict[int, int] = {}
        self.nodes = 0
        self.trump_mask = SUIT_MASKS[trump] if trump >= 0 else 0
        self._plans = tuple(self._plan(leader) for leader in range(3))
        load_suit_tables()
        self._parts = PARTS if maximiser_is_declarer else MISERE_PARTS
        self._killers = [0] * 33
        self._places = tuple((declarer - leader) % 3 for leader in range(3))
        # The betelek's bits of the suit entries, or Betel's (rule 8: the defenders need not
        # beat): see ``suits.suit_info``, ``suits.LEADS`` and ``suits.MADE``, by place.
        variant = 0 if beat[(declarer + 1) % 3] else 1
        self._made_bit = 6 + 3 * variant  # in the flags of ``suits.MISERE_PARTS``
        self._escape_base = 6 * variant  # ``suits.escape_counts``
        self._leads = tuple(LEADS[3 * variant + place] for place in range(3))
        self._made = tuple(MADE[3 * variant + place] for place in range(3))

    def _loses_one(
        self, a: int, b: int, c: int, place: int, numbers: tuple[int, int, int, int], leads: int
    ) -> bool:
        """Without trumps in the betelki and Betel, when the defenders can make the declarer
        win the trick about to be played: can he still surely lose one of the tricks to come?

        If he wins this trick he leads the next one; he then leads his lowest card of a
        suit ``s2`` in which it surely loses (``suits._escape_counts``), counting what this
        trick took from the hands. On lead, he leads a card of some suit ``s1`` he holds:
        if ``s2`` is another suit, he keeps his cards of ``s2`` and a defender loses one
        of his only if void in ``s1`` (a discard). A defender on lead: unless he leads a
        card with which the defenders can make the declarer win (``suits._made_leads``,
        in a suit ``s1`` the declarer holds, else he discards and loses), the declarer
        loses this trick; if he does, the declarer and the leader play ``s1`` (rule 5),
        and the partner loses a card of ``s2`` only if void in ``s1``. If ``s2`` is ``s1``,
        each hand loses at most one card of it (``_escape_lasts``)."""
        hands = (a, b, c)
        p, q = (i for i in range(3) if i != place)
        base = self._escape_base + 2 * place
        counts = [ESCAPE_COUNT * number + base for number in numbers]  # in ``suits.ESCAPES``
        if place == 0:
            suits = [s for s in range(4) if a >> (8 * s) & 0xFF]
        else:
            suits = [s for s in range(4) if leads >> (8 * s) & 0xFF]
        if not suits:
            return False
        for s1 in suits:
            byte = 8 * s1
            kp = 0 if hands[p] >> byte & 0xFF else 1
            kq = 0 if hands[q] >> byte & 0xFF else 1
            if place != 0:
                kp = 0  # the leader (``p``) leads ``s1``
            found = False
            for s2 in range(4):
                if s2 == s1:
                    found = _escapes(ESCAPES[counts[s2] + 1], 1, 1)
                else:
                    found = _escapes(ESCAPES[counts[s2]], kp, kq)
                if found:
                    break
            if found and place == 0:
                return True
            if not found and place != 0:
                return False  # this lead leaves him no escape
        return place != 0

    def _plan(self, leader: int) -> _Plan:
        """Per leader, what the search needs about the three places in the trick: the seats,
        who maximises, who must beat, whether a trick taken there is the declarer's, and the
        order of the groups of cards tried second and third (see ``_search``)."""
        s1, s2, s3 = leader, (leader + 1) % 3, (leader + 2) % 3
        declarer = self.declarer
        max2, max3 = self.maximiser[s2], self.maximiser[s3]
        # The second player's cards that beat the lead (higher, or a ruff) go first (1) or last
        # (-1) by whether his taking the trick helps his side; with the leader on his side
        # (both defenders) all go in one group (0).
        if (s1 == declarer) == (s2 == declarer):
            second_first = 0
        else:
            second_first = 1 if (s2 == declarer) == max2 else -1
        # The third player first tries the cards that take the trick if that is what he wants.
        takes_first = (s3 == declarer) == max3
        return _Plan(
            (s1, s2, s3),
            (self.maximiser[s1], max2, max3),
            self.beat[s2],
            self.beat[s3],
            (int(s1 == declarer), int(s2 == declarer), int(s3 == declarer)),
            second_first,
            takes_first,
        )

    def take_upper_bounds(self, betel: Board) -> None:
        """Start this betelek board's table with the upper bounds (and best leads) a Betel
        board of the same deal and declarer has found.

        The positions are the same (no trumps, the same declarer, keys in the same relative
        ranks) and only the defenders' obligation to beat differs: in Betel they may play any
        card of the suit led, in the betelek only one that beats when they can (rule 8), while
        the declarer's choices are the same. The defenders, who want him to take tricks, so have
        at least the betelek's choices in Betel, and from any position the declarer takes no
        more tricks in the betelek than in Betel. A Betel upper bound is a betelek upper bound
        (the lower bounds are not carried over). Measured: about a sixth fewer cards searched
        for the two columns of a trick table."""
        if self.maximiser_is_declarer or not all(self.beat) or self.trump >= 0:
            raise ValueError("upper bounds are taken by a betelek board")
        if betel.maximiser_is_declarer or all(betel.beat) or betel.declarer != self.declarer:
            raise ValueError("upper bounds come from a Betel board of the same declarer")
        table = self.table
        for key, entry in betel.table.items():
            if key not in table:
                table[key] = entry & ~15

    # -- entry points ----------------------------------------------------------------------------
    def first_guess(self, hands: tuple[int, int, int]) -> int:
        """Where the null-window driver starts from a fresh position: in Betel the estimate
        of ``bounds.betel_guess``, else one trick. Searches for few tricks are cheap and fill
        the table with refutations for the harder ones; in the betelek the same estimate, or
        one rounded down, moved the median of cards searched by -10 % to +7 % over two sets
        of random deals, so it is not used there."""
        if self.maximiser_is_declarer or all(self.beat):
            return 1
        seat = self.declarer
        return betel_guess(hands[seat], hands[(seat + 1) % 3] | hands[(seat + 2) % 3])

    def wins(self, hands: tuple[int, int, int], leader: int, target: int) -> bool:
        """At the start of a trick: can the maximising side give the declarer ``target`` or
        more of the remaining tricks?"""
        if target <= 0:
            return True
        a = hands[leader]
        remaining = a.bit_count()
        if target > remaining:
            return False
        return self._search(
            a, hands[(leader + 1) % 3], hands[(leader + 2) % 3], leader, target, remaining
        )

    def wins_in_trick(
        self, hands: tuple[int, int, int], leader: int, trick: tuple[int, ...], target: int
    ) -> bool:
        """Like :meth:`wins`, in the middle of a trick (``trick`` holds the cards played)."""
        if not trick:
            return self.wins(hands, leader, target)
        live = hands[0] | hands[1] | hands[2]
        for card in trick:
            live |= 1 << card
        runs = tuple(representatives(live, hand) for hand in hands)
        return self._in_trick(hands, leader, trick, target, runs)

    def _in_trick(
        self,
        hands: tuple[int, int, int],
        leader: int,
        trick: tuple[int, ...],
        target: int,
        runs: tuple[int, ...],
    ) -> bool:
        seat = (leader + len(trick)) % 3
        want = self.maximiser[seat]
        for card in bits(legal(hands[seat], trick, self.trump, self.beat[seat]) & runs[seat]):
            self.nodes += 1
            after = without(hands, seat, card)
            played = (*trick, card)
            if len(played) == 3:
                taker = (leader + winner(played, self.trump)) % 3
                result = self.wins(after, taker, target - (taker == self.declarer))
            else:
                result = self._in_trick(after, leader, played, target, runs)
            if result == want:
                return want
        return not want

    # -- the search ------------------------------------------------------------------------------
    def _search(self, a: int, b: int, c: int, leader: int, target: int, remaining: int) -> bool:
        """``wins`` with the hands in trick order and ``remaining`` cards in each; the caller
        checks that 0 < target <= remaining."""
        trump = self.trump
        declarer = self.declarer
        if remaining == 1:  # the last trick plays itself
            top = a.bit_length() - 1
            taker = leader
            card = b.bit_length() - 1
            if (card >> 3 == top >> 3 and card > top) or (card >> 3 == trump and top >> 3 != trump):
                top, taker = card, leader + 1
            card = c.bit_length() - 1
            if (card >> 3 == top >> 3 and card > top) or (card >> 3 == trump and top >> 3 != trump):
                taker = leader + 2
            return taker % 3 == declarer

        by_holding = self._parts
        table = self.table
        misere = not self.maximiser_is_declarer
        places = self._places
        plans = self._plans
        killers = self._killers
        trumps = self.trump_mask
        no_trump = trump < 0

        # Each suit's holding (``suits.holding_index``, inline), by which the search reads
        # the suit's parts in the tables of ``suits``; and the position's key in relative
        # ranks.
        h0 = _H1[a & 0xFF] | _H2[b & 0xFF] | _H3[c & 0xFF]
        h1 = _H1[a >> 8 & 0xFF] | _H2[b >> 8 & 0xFF] | _H3[c >> 8 & 0xFF]
        h2 = _H1[a >> 16 & 0xFF] | _H2[b >> 16 & 0xFF] | _H3[c >> 16 & 0xFF]
        h3 = _H1[a >> 24] | _H2[b >> 24] | _H3[c >> 24]
        e0 = by_holding[h0]
        e1 = by_holding[h1]
        e2 = by_holding[h2]
        e3 = by_holding[h3]
        n0 = e0 & NUMBER_MASK
        n1 = e1 & NUMBER_MASK
        n2 = e2 & NUMBER_MASK
        n3 = e3 & NUMBER_MASK
        # Suits other than trumps are interchangeable (§5: only trumps are special), so the
        # key holds the side suits' numbers (``suits.code_number``) sorted, then the trump
        # suit's, then the leader: 58 bits, an int the compiled search does not box as a
        # long one (a product of a prime per suit, as before, took up to 70 bits).
        if no_trump:
            trump_number = NO_SUIT
            p = n0
            q = n1
            r = n2
            s = n3
            if p > q:
                p, q = q, p
            if r > s:
                r, s = s, r
            if p > r:
                p, r = r, p
            if q > s:
                q, s = s, q
            if q > r:
                q, r = r, q
            key = (((p << CODE_BITS | q) << CODE_BITS | r) << CODE_BITS | s) << 2 | leader
        else:
            # (Chosen by tests, not from a tuple of the four: nothing allocated.)
            if trump == 0:
                trump_number, p, q, r = n0, n1, n2, n3
            elif trump == 1:
                trump_number, p, q, r = n1, n0, n2, n3
            elif trump == 2:
                trump_number, p, q, r = n2, n0, n1, n3
            else:
                trump_number, p, q, r = n3, n0, n1, n2
            if p > q:
                p, q = q, p
            if q > r:
                q, r = r, q
            if p > q:
                p, q = q, p
            key = ((p << CODE_BITS | q) << CODE_BITS | r) << CODE_BITS | trump_number
            key = key << 2 | leader
        entry = table.get(key)
        if entry is None:
            low, high, best = 0, remaining, 0
            place = places[leader]
            if not misere:
                # Sure tricks, kept in the table as its first bounds on the position.
                holders = 0  # which hands hold trumps
                if trumps:
                    if a & trumps:
                        holders = 1
                    if b & trumps:
                        holders |= 2
                    if c & trumps:
                        holders |= 4
                low, high = normal_bounds(n0, n1, n2, n3, trump_number, holders, place, remaining)
                if low >= target or high < target:
                    table[key] = low | high << 4
                    return low >= target
        else:
            low = entry & 15
            if low >= target:
                return True
            high = entry >> 4 & 15
            if high < target:
                return False
            best = entry >> 8
            place = places[leader]
        leads = 0
        if misere and place != 0:
            # The cards whose lead lets the defenders make the declarer win the trick
            # (``suits._made_leads``, ``suits.LEADS``).
            leads_of = self._leads[place]
            leads = leads_of[h0] | leads_of[h1] << 8 | leads_of[h2] << 16 | leads_of[h3] << 24
        if no_trump:
            every = (e0 & e1 & e2 & e3) >> FLAGS_SHIFT  # bits 50-67 of the entries
            flags = every >> place
            if flags & 9:
                settled = settled_value(self, a, b, c, place, flags, remaining)
                if settled >= 0:
                    table[key] = settled | settled << 4 | best << 8
                    return settled >= target
            if misere and (target == 1 or target == remaining):
                # The trick about to be played alone: if the defenders can make the declarer
                # win it, he takes at least one more trick, else at most all but one.
                # A leading declarer: whatever he leads; else, a lead in some suit.
                some = (e0 | e1 | e2 | e3) >> FLAGS_SHIFT
                made = (every if place == 0 else some) >> (self._made_bit + place) & 1
                if made:
                    if target == 1:
                        table[key] = 1 | high << 4 | best << 8
                        return True
                    # Made to win this trick, he must then lead to the next: he cannot take
                    # them all if some suit keeps a losing lead for him (``_escape_lasts``).
                    if some >> (self._made_bit + 6 + place) & 1:
                        table[key] = low | (remaining - 1) << 4 | best << 8
                        return False
                elif target == remaining:
                    table[key] = low | (remaining - 1) << 4 | best << 8
                    return False
            if (
                misere
                and target == remaining
                and self._loses_one(a, b, c, place, (n0, n1, n2, n3), leads)
            ):
                table[key] = low | (remaining - 1) << 4 | best << 8
                return False

        plan = plans[leader]
        s1, s2, s3 = plan.s1, plan.s2, plan.s3
        max1, max2, max3 = plan.max1, plan.max2, plan.max3
        beat2, beat3 = plan.beat2, plan.beat3
        g1, g2, g3 = plan.g1, plan.g2, plan.g3
        second_first, takes_first = plan.second_first, plan.takes_first
        # One card of each run of equivalent cards, per hand: the live cards (in hands or in
        # the trick) do not change until the trick is over.
        # The tops of the runs of each hand (``suits.PARTS``), by suit.
        r0 = e0 >> RUNS_SHIFT
        r1 = e1 >> RUNS_SHIFT
        r2 = e2 >> RUNS_SHIFT
        r3 = e3 >> RUNS_SHIFT
        rb = (
            (r0 >> 8 & 0xFF)
            | (r1 >> 8 & 0xFF) << 8
            | (r2 >> 8 & 0xFF) << 16
            | (r3 >> 8 & 0xFF) << 24
        )
        rc = (
            (r0 >> 16 & 0xFF)
            | (r1 >> 16 & 0xFF) << 8
            | (r2 >> 16 & 0xFF) << 16
            | (r3 >> 16 & 0xFF) << 24
        )
        # Leads: the remembered one, the killer (the lead that last settled a position with as
        # many tricks left and the same leader), then high cards first (they take or force
        # tricks; measured, this beats low-first in betelki too). Each group of leads is a
        # mask in rank-major order (``RANK_MAJOR``), walked from its highest bit.
        ra = (r0 & 0xFF) | (r1 & 0xFF) << 8 | (r2 & 0xFF) << 16 | (r3 & 0xFF) << 24
        # (In plain ints, not a list: nothing is allocated for a position but its entry.)
        remembered = 0
        if best and ra >> (best - 1) & 1:
            remembered = _LEAD_BIT[best - 1]
            ra ^= 1 << (best - 1)
        slot = remaining * 3 + leader
        killer = killers[slot]
        killer_bit = 0
        if killer and ra >> (killer - 1) & 1:
            killer_bit = _LEAD_BIT[killer - 1]
            ra ^= 1 << (killer - 1)
        group1, group2, group3 = ra, 0, 0
        if misere and place != 0:
            # A defender leads first the cards that let the defenders make the declarer win
            # the trick (``leads``; measured: a tenth fewer cards searched in Betel than
            # every card of such a suit, high first), then the rest of the suits in which he
            # can (measured: the same for the declarer's escapes, or low cards, is worse).
            by_number = self._made[place]
            prefer = by_number[n0] | by_number[n1] << 8 | by_number[n2] << 16 | by_number[n3] << 24
            rest = ra & ~leads
            group1, group2, group3 = ra & leads, rest & prefer, rest & ~prefer

        later = remaining - 1
        nodes = 0
        result = not max1
        for stage in range(5):
            if stage == 0:
                order = remembered
            elif stage == 1:
                order = killer_bit
            else:
                group = group1 if stage == 2 else group2 if stage == 3 else group3
                order = (
                    _RM0[group & 0xFF]
                    | _RM1[group >> 8 & 0xFF]
                    | _RM2[group >> 16 & 0xFF]
                    | _RM3[group >> 24]
                )
            while order:
                bit = order.bit_length() - 1
                order ^= 1 << bit
                c1 = (bit & 3) << 3 | bit >> 2
                nodes += 1
                a1 = a ^ (1 << c1)
                led = c1 >> 3
                suit = SUIT_MASKS[led]
                ruffs = 0 if led == trump else trumps  # cards that ruff this lead
                higher = suit & ABOVE[c1]
                # The second card (§5: follow, beat, ruff).
                follow = b & suit
                if follow:
                    moves = (follow & higher or follow) if beat2 else follow
                elif b & trumps:
                    moves = b & trumps
                else:
                    moves = b
                moves &= rb
                # Cards that beat the lead so far, and the others; the better group for the
                # player first (``_plan``), cheapest first in normal contracts. In the
                # betelki and Betel highest first, for everybody: the declarer gets rid of his
                # high cards, and the defenders keep low cards to duck under his (measured:
                # a third fewer cards searched than lowest first for the defenders).
                if second_first == 0:
                    good, bad = moves, 0
                else:
                    over = moves & (higher | ruffs)
                    good, bad = (over, moves ^ over) if second_first > 0 else (moves ^ over, over)
                follow3 = c & suit
                trumps3 = c & trumps

                value1 = not max2
                seconds = good
                while True:
                    if not seconds:
                        if not bad:
                            break
                        seconds, bad = bad, 0
                    if misere:
                        c2 = seconds.bit_length() - 1
                    else:
                        c2 = (seconds & -seconds).bit_length() - 1
                    seconds ^= 1 << c2
                    nodes += 1
                    b1 = b ^ (1 << c2)
                    if c2 >> 3 == led:
                        top, lead_wins = (c2, False) if c2 > c1 else (c1, True)
                    elif c2 >> 3 == trump:
                        top, lead_wins = c2, False
                    else:
                        top, lead_wins = c1, True
                    ruffed = top >> 3 != led
                    above = ABOVE[top]
                    # The third card.
                    if follow3:
                        moves = (follow3 & above or follow3) if beat3 and not ruffed else follow3
                    elif trumps3:
                        moves = trumps3 & above or trumps3 if beat3 and ruffed else trumps3
                    else:
                        moves = c
                    moves &= rc
                    takes = moves & (trumps & above if ruffed else suit & above | ruffs)
                    gain_other = g1 if lead_wins else g2
                    # First the cards that settle the trick the way this player wants it.
                    value2 = not max3
                    for turn in range(2):
                        taking = takes_first if turn == 0 else not takes_first
                        group = takes if taking else moves ^ takes
                        if not group:
                            continue
                        goal = target - (g3 if taking else gain_other)
                        if goal <= 0 or goal > later:
                            nodes += 1
                            if (goal <= 0) == max3:
                                value2 = max3
                                break
                            continue
                        while group:
                            # The highest card in the betelki and Betel, else the lowest.
                            card3 = (1 << (group.bit_length() - 1)) if misere else group & -group
                            group ^= card3
                            nodes += 1
                            c_ = c ^ card3
                            if taking:
                                found = self._search(c_, a1, b1, s3, goal, later)
                            elif lead_wins:
                                found = self._search(a1, b1, c_, s1, goal, later)
                            else:
                                found = self._search(b1, c_, a1, s2, goal, later)
                            if found == max3:
                                value2 = max3
                                break
                        if value2 == max3:
                            break
                    if value2 == max2:
                        value1 = max2
                        break
                if value1 == max1:
                    result = max1
                    best = c1 + 1
                    killers[slot] = best
                    break
            if result == max1:
                break
        self.nodes += nodes
        if result:
            table[key] = target | high << 4 | best << 8
        else:
            table[key] = low | (target - 1) << 4 | best << 8
        return result
