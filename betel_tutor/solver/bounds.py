"""Static bounds of the search: the declarer's tricks to come, worked out without searching.

Each function answers for a position at the start of a trick, hands in trick order (``a``
leads). They are called from the search (``Board._searcher``) on a table miss;
tests/test_solver.py checks every one against brute force on small endings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from betel_tutor.solver.suits import CODE_MASK, code_hands

if TYPE_CHECKING:
    from betel_tutor.solver.board import Board


def normal_bounds(
    board: Board, b: int, c: int, leader: int, remaining: int, infos: tuple[int, int, int, int]
) -> tuple[int, int]:
    """Sure tricks in a normal contract: a lower and an upper bound on the declarer's.

    The leader's side takes the leader's top cards in a suit; in a side suit, while every
    other player who holds a trump still has a card of the suit (a void player holding trumps
    must ruff, rule 6; the partner too, so the count stays safe whoever is void). Cashing one
    suit leaves the others' holdings in the next suit intact, since whoever could ruff is
    still following; and no trump has been played, so the tricks the trumps settle
    (``trump_counts``) come on top.
    """
    trump = board.trump
    quick = 0
    if trump < 0:
        for info in infos:
            top = info >> 44 & 63  # the top run, and its holder in bits 4-5: 0 is the leader
            if top < 16:
                quick += top
        if leader == board.declarer:
            return quick, remaining
        return 0, remaining - quick
    code = infos[trump] & CODE_MASK
    counts = _TRUMP_COUNTS.get(code)
    if counts is None:
        counts = _TRUMP_COUNTS[code] = trump_counts(code)
    counts >>= 8 * ((board.declarer - leader) % 3)
    trumps = board.trump_mask
    ruff_b = b & trumps
    ruff_c = c & trumps
    shift = 0
    for info in infos:
        count = info >> 44 & 63
        if count < 16 and count and shift != trump * 8:
            if ruff_b:
                length = (b >> shift & 0xFF).bit_count()
                count = length if length < count else count
            if ruff_c:
                length = (c >> shift & 0xFF).bit_count()
                count = length if length < count else count
            quick += count
        shift += 8
    if leader == board.declarer:
        return (counts & 15) + quick, remaining - (counts >> 4 & 15)
    return counts & 15, remaining - (counts >> 4 & 15) - quick


# ``trump_counts`` by the trump suit's relative ranks (bits 0-19 of its ``suits`` entry).
_TRUMP_COUNTS: dict[int, int] = {}


def _beaten(low: list[int], high: list[int]) -> int:
    """How many cards of ``low`` can each meet its own higher card of ``high`` (a greedy
    matching, both lists in increasing order)."""
    count = 0
    index = 0
    for card in low:
        while index < len(high) and high[index] <= card:
            index += 1
        if index == len(high):
            break
        count += 1
        index += 1
    return count


def trump_counts(code: int) -> int:
    """Tricks the trumps settle, for the declarer in each place of the trick (bits 8p to
    8p+7 for place p): his fewest tricks (bits 0-3) and the defenders' fewest (bits 4-7).

    Every card is played by the end, one per hand per trick. A trick in which the declarer
    plays a trump is his unless a defender plays a higher trump in it (only a trump beats a
    trump), a different one for each such trick: he takes at least his trumps less the most
    of them that can each meet a higher trump of the defenders. Likewise a trick in which one
    defender plays a trump is the defenders' unless the declarer plays a higher trump in it.
    """
    cards = [[rank for rank in range(8) if hand >> rank & 1] for hand in code_hands(code)]
    out = 0
    for place in range(3):
        mine = cards[place]
        defenders = [cards[(place + 1) % 3], cards[(place + 2) % 3]]
        lower = len(mine) - _beaten(mine, sorted(defenders[0] + defenders[1]))
        theirs = max(len(hand) - _beaten(hand, mine) for hand in defenders)
        out |= (lower | theirs << 4) << (8 * place)
    return out


def settled(board: Board, a: int, b: int, c: int, place: int, flags: int, remaining: int) -> int:
    """Without trumps, the declarer's tricks to come when every suit is split cleanly
    between him and the defenders, else -1. ``place`` is the declarer's place in the trick
    (0 leads) and bits 0 and 3 of ``flags`` say that in no suit he holds a card above
    (bit 0: *below*) or below (bit 3: *above*) a card of the defenders.

    *Below*: a trick a defender leads is won by the lead or a higher card of its suit, never
    by the declarer (a discard does not win), so he wins only tricks he leads, and he leads
    only after winning one. Cards only leave the hands, so *below* holds to the end: not on
    lead, he wins nothing more. *Above*: every card he plays in the suit led wins, so on
    lead he wins every trick. On lead and *below* in the betelki and Betel (§4: he wants no
    tricks), he leads a suit a defender holds (there is one, or *above* would hold too),
    loses it, and wins nothing more. Not on lead and *above* there, the leader (who wants
    him to take tricks) leads a suit the declarer holds if he holds one: the declarer wins
    it and then every trick. The obligation to beat (rules 7–8) never changes who wins here.
    """
    if place == 0:
        if flags & 8:
            return remaining
        return -1 if board.maximiser_is_declarer else 0
    if flags & 1:
        return 0
    if not board.maximiser_is_declarer:
        declarer = b if place == 1 else c
        for shift in (0, 8, 16, 24):
            if a >> shift & 0xFF and declarer >> shift & 0xFF:
                return remaining
    return -1


def betel_guess(declarer: int, defenders: int) -> int:
    """A first guess of the declarer's tricks to come in Betel, where the null-window driver
    starts (a guess, not a bound): each of his cards counts a quarter of a trick for every
    card of the defenders below it in its suit, up to four, rounded to the nearest trick.

    A card with none of theirs below it loses whenever they follow suit, and one with many
    below it is hard to get rid of (rule 8 frees the defenders to play low under it).
    Measured over random deals: 12-16 % fewer cards searched in the median than stepping up
    from one trick, although the guess is exact for only about three deals in ten (within a
    trick for three in four)."""
    quarters = 2  # rounds to the nearest
    for shift in (0, 8, 16, 24):
        mine = declarer >> shift & 0xFF
        theirs = defenders >> shift & 0xFF
        while mine:
            low = mine & -mine
            mine ^= low
            below = (theirs & (low - 1)).bit_count()
            quarters += below if below < 4 else 4
    return quarters // 4
