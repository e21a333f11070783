"""The solver's private fast board: hands as 32-bit masks and a null-window search.

Card ``c`` of suit order ``s`` (♣ 0 … ♠ 3) and rank ``r`` (7 … A) is bit ``8*s + r - 7``, so a
suit is one byte and, inside it, a higher bit is a higher card. Legal moves are a few mask
operations (spec §5, rules 5–8), and the rest of the speed comes from the usual techniques of
double-dummy solvers:

* **equivalent cards** — two cards of one hand with no live card of another hand between them
  win exactly the same tricks, so only one of each run is searched;
* **a transposition table** at the start of every trick, keyed by *relative* ranks (cards
  already played are squeezed out, so ♠A-gone-♠K is the same position as ♠K-gone-♠Q), holding
  a lower and an upper bound on the tricks still to come for the declarer;
* **null-window search**: ``wins(target)`` only answers "does the maximising side get the
  declarer ``target`` more tricks?", which prunes far more than a full-width minimax, and an
  MTD-style driver finds the exact value from a first guess with a handful of such searches;
* **move ordering** with the move that last refuted a position tried first, then cards that
  win the trick for the side to move, cheapest first.

The maximising side is the declarer in normal contracts and the defenders in betelki and Betel
(they want the declarer to take tricks); the value is always the declarer's tricks.
"""

from __future__ import annotations

from collections.abc import Iterator

SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
_ABOVE = tuple(~((2 << bit) - 1) & 0xFFFFFFFF for bit in range(32))  # bits above ``bit``

# Tables over one suit (a byte of live cards, a byte of one hand's cards), filled on demand.
_SQUEEZE: dict[int, int] = {}
_RUNS: dict[int, int] = {}


def _squeeze(live: int, mine: int) -> int:
    """``mine`` (⊆ ``live``) with the cards not in ``live`` squeezed out: relative ranks."""
    key = live << 8 | mine
    try:
        return _SQUEEZE[key]
    except KeyError:
        pass
    out = position = 0
    for bit in range(8):
        if live >> bit & 1:
            if mine >> bit & 1:
                out |= 1 << position
            position += 1
    _SQUEEZE[key] = out
    return out


def _run_tops(live: int, mine: int) -> int:
    """The highest card of each run of ``mine`` with no other live card inside it."""
    key = live << 8 | mine
    try:
        return _RUNS[key]
    except KeyError:
        pass
    out = 0
    previous_mine = False
    for bit in range(7, -1, -1):
        if live >> bit & 1:
            is_mine = bool(mine >> bit & 1)
            if is_mine and not previous_mine:
                out |= 1 << bit
            previous_mine = is_mine
    _RUNS[key] = out
    return out


_TOPS: dict[int, int] = {}


def _top_count(live: int, mine: int) -> int:
    """How many of the highest live cards of a suit, in an unbroken run, are ``mine``."""
    key = live << 8 | mine
    try:
        return _TOPS[key]
    except KeyError:
        pass
    count = 0
    for bit in range(7, -1, -1):
        if live >> bit & 1:
            if not mine >> bit & 1:
                break
            count += 1
    _TOPS[key] = count
    return count


def representatives(live: int, hand: int) -> int:
    """One card of every run of equivalent cards in ``hand`` (the highest)."""
    out = 0
    for shift in (0, 8, 16, 24):
        mine = hand >> shift & 0xFF
        if mine:
            out |= _run_tops(live >> shift & 0xFF, mine) << shift
    return out


def bits(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def legal(hand: int, trick: tuple[int, ...], trump: int, beat: bool) -> int:
    """The mask of legal cards for ``hand`` on ``trick`` (bit indices), spec §5 rules 5–8."""
    if not trick:
        return hand
    led = trick[0] >> 3
    follow = hand & SUIT_MASKS[led]
    if follow:
        if not beat:  # rule 8: Betel's defenders follow but need not beat
            return follow
        top = -1
        for card in trick:
            suit = card >> 3
            if suit == led:
                top = card if card > top else top
            elif suit == trump:  # ruffed: relief from beating (rule 7, §5.2)
                return follow
        higher = follow & _ABOVE[top]
        return higher or follow
    if trump < 0:
        return hand
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    if beat:
        top = -1
        for card in trick:
            if card >> 3 == trump and card > top:
                top = card
        if top >= 0:
            over = trumps & _ABOVE[top]
            if over:
                return over
    return trumps


def winner(trick: tuple[int, ...], trump: int) -> int:
    """The index in ``trick`` of the winning card: the highest trump, else highest of suit led."""
    best = 0
    top = trick[0]
    for index in range(1, len(trick)):
        card = trick[index]
        if card >> 3 == top >> 3:
            if card > top:
                best, top = index, card
        elif card >> 3 == trump:
            best, top = index, card
    return best


_CODES: dict[int, int] = {}


def _suit_code(live: int, first: int, second: int) -> int:
    """One suit of a position in relative ranks: how many cards are live and which of them
    the first two hands hold (the third hand holds the rest)."""
    key = live << 16 | first << 8 | second
    try:
        return _CODES[key]
    except KeyError:
        pass
    code = live.bit_count() | _squeeze(live, first) << 4 | _squeeze(live, second) << 12
    _CODES[key] = code
    return code


def without(hands: tuple[int, int, int], seat: int, card: int) -> tuple[int, int, int]:
    """``hands`` after ``seat`` has played ``card``."""
    if seat == 0:
        return (hands[0] & ~(1 << card), hands[1], hands[2])
    if seat == 1:
        return (hands[0], hands[1] & ~(1 << card), hands[2])
    return (hands[0], hands[1], hands[2] & ~(1 << card))


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
        self.bounds: dict[int, tuple[int, int]] = {}
        self.best_lead: dict[int, int] = {}
        self.nodes = 0

    @staticmethod
    def key(hands: tuple[int, int, int], leader: int) -> int:
        """The transposition-table key: the leader and every suit in relative ranks."""
        first, second = hands[0], hands[1]
        live = first | second | hands[2]
        return (
            leader
            | _suit_code(live & 0xFF, first & 0xFF, second & 0xFF) << 2
            | _suit_code(live >> 8 & 0xFF, first >> 8 & 0xFF, second >> 8 & 0xFF) << 22
            | _suit_code(live >> 16 & 0xFF, first >> 16 & 0xFF, second >> 16 & 0xFF) << 42
            | _suit_code(live >> 24, first >> 24, second >> 24) << 62
        )

    def quick_tricks(self, hands: tuple[int, int, int], leader: int) -> int:
        """Tricks the leader's side takes for sure by cashing top cards from the leader's hand.

        Top trumps always win. A side suit's top cards win while every other player who holds
        a trump still has a card of the suit (a void player holding trumps must ruff, rule 6;
        the partner too, so the count stays safe whoever is void).
        """
        live = hands[0] | hands[1] | hands[2]
        mine = hands[leader]
        trump = self.trump
        ruffers = []
        if trump >= 0:
            for hand in (hands[(leader + 1) % 3], hands[(leader + 2) % 3]):
                if hand & SUIT_MASKS[trump]:
                    ruffers.append(hand)
        total = 0
        for suit in range(4):
            shift = suit * 8
            held = mine >> shift & 0xFF
            if not held:
                continue
            count = _top_count(live >> shift & 0xFF, held)
            if count and suit != trump:
                for hand in ruffers:
                    length = (hand >> shift & 0xFF).bit_count()
                    count = length if length < count else count
            total += count
        return total

    def trump_bounds(self, hands: tuple[int, int, int], remaining: int) -> tuple[int, int]:
        """The highest live trumps in one hand each win a trick, whatever happens: a lower
        bound on the declarer's tricks if the declarer holds them, an upper one if not."""
        shift = self.trump * 8
        live = (hands[0] | hands[1] | hands[2]) >> shift & 0xFF
        if not live:
            return 0, remaining
        top = 1 << (live.bit_length() - 1)
        for seat in range(3):
            held = hands[seat] >> shift & 0xFF
            if held & top:
                run = _top_count(live, held)
                if seat == self.declarer:
                    return run, remaining
                return 0, remaining - run
        return 0, remaining

    # -- the search ------------------------------------------------------------------------------
    def wins(self, hands: tuple[int, int, int], leader: int, target: int) -> bool:
        """At the start of a trick: can the maximising side give the declarer ``target`` or
        more of the remaining tricks?"""
        if target <= 0:
            return True
        remaining = hands[leader].bit_count()
        if target > remaining:
            return False
        if remaining == 1:  # the last trick plays itself
            trick = (
                hands[leader].bit_length() - 1,
                hands[(leader + 1) % 3].bit_length() - 1,
                hands[(leader + 2) % 3].bit_length() - 1,
            )
            return (leader + winner(trick, self.trump)) % 3 == self.declarer
        key = self.key(hands, leader)
        low, high = self.bounds.get(key, (0, remaining))
        if low >= target:
            return True
        if high < target:
            return False
        if self.maximiser_is_declarer:
            if self.trump >= 0:
                sure, most = self.trump_bounds(hands, remaining)
                if sure >= target:
                    return True
                if most < target:
                    return False
            quick = self.quick_tricks(hands, leader)
            if leader == self.declarer:
                if quick >= target:
                    return True
            elif remaining - quick < target:
                return False
        result = self._trick(hands, leader, (), target, key, self.runs(hands, ()))
        if result:
            self.bounds[key] = (target, high)
        else:
            self.bounds[key] = (low, target - 1)
        return result

    @staticmethod
    def runs(hands: tuple[int, int, int], trick: tuple[int, ...]) -> tuple[int, int, int]:
        """One card of each run of equivalent cards, per hand, for the trick in progress: the
        live cards (in hands or in the trick) do not change until the trick is over."""
        live = hands[0] | hands[1] | hands[2]
        for card in trick:
            live |= 1 << card
        return (
            representatives(live, hands[0]),
            representatives(live, hands[1]),
            representatives(live, hands[2]),
        )

    def _trick(
        self,
        hands: tuple[int, int, int],
        leader: int,
        trick: tuple[int, ...],
        target: int,
        key: int | None,
        runs: tuple[int, int, int],
    ) -> bool:
        """The value of a trick in progress: ``trick`` holds the cards played so far and
        ``runs`` each hand's representative cards (see :meth:`runs`)."""
        seat = (leader + len(trick)) % 3
        hand = hands[seat]
        moves = legal(hand, trick, self.trump, self.beat[seat]) & runs[seat]
        maximiser = self.maximiser[seat]
        if len(trick) == 2:
            return self._last_card(hands, leader, trick, target, seat, moves, maximiser)
        for card in self._order(moves, leader, trick, seat, key):
            self.nodes += 1
            after = without(hands, seat, card)
            if self._trick(after, leader, (*trick, card), target, None, runs) == maximiser:
                if key is not None:  # remember the lead that settled this position
                    self.best_lead[key] = card
                return maximiser
        return not maximiser

    def _last_card(
        self,
        hands: tuple[int, int, int],
        leader: int,
        trick: tuple[int, ...],
        target: int,
        seat: int,
        moves: int,
        maximiser: bool,
    ) -> bool:
        """The third card of a trick: the trick's taker is known for each card, so the cards
        that give this side the trick are tried first, lowest first."""
        trump = self.trump
        declarer = self.declarer
        first, second = trick
        later: list[tuple[int, int]] = []
        # A betelek declarer unloads: of the cards that lose the trick, the highest first.
        unload = seat == declarer and not self.maximiser_is_declarer
        while moves:
            if unload:
                card = moves.bit_length() - 1
                moves ^= 1 << card
            else:
                low = moves & -moves
                moves ^= low
                card = low.bit_length() - 1
            taker = (leader + winner((first, second, card), trump)) % 3
            if (taker == declarer) != maximiser:
                later.append((card, taker))
                continue
            self.nodes += 1
            if self.wins(without(hands, seat, card), taker, target - (taker == declarer)):
                if maximiser:
                    return True
            elif not maximiser:
                return False
        for card, taker in later:
            self.nodes += 1
            if self.wins(without(hands, seat, card), taker, target - (taker == declarer)):
                if maximiser:
                    return True
            elif not maximiser:
                return False
        return not maximiser

    def _order(
        self,
        moves: int,
        leader: int,
        trick: tuple[int, ...],
        seat: int,
        key: int | None,
    ) -> list[int]:
        """Cards to try, most promising first."""
        if not moves & (moves - 1):
            return [moves.bit_length() - 1]
        cards = list(bits(moves))
        if not trick:
            # Leads: the remembered refutation, then high cards (they take or force tricks;
            # measured, this beats low-first in betelki too).
            cards.sort(key=lambda card: -(card & 7))
            if key is not None:
                best = self.best_lead.get(key)
                if best is not None and best in cards:
                    cards.remove(best)
                    cards.insert(0, best)
            return cards
        # The second card: does it take the lead's place as the winner so far?
        led = trick[0]
        trump = self.trump
        mine_wins_declarer = seat == self.declarer
        theirs_wins_declarer = leader == self.declarer
        wants_declarer = self.maximiser[seat]
        good: list[int] = []
        bad: list[int] = []
        for card in cards:  # lowest first within each group
            beats = card > led if card >> 3 == led >> 3 else card >> 3 == trump
            if (mine_wins_declarer if beats else theirs_wins_declarer) == wants_declarer:
                good.append(card)
            else:
                bad.append(card)
        if seat == self.declarer and not self.maximiser_is_declarer:
            good.reverse()  # a betelek declarer unloads its highest losing card first
        return good + bad
