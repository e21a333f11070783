"""Static bounds of the search: the declarer's tricks to come, worked out without searching.

Each function answers for a position at the start of a trick, hands in trick order (``a``
leads). They are called from :meth:`betel_tutor.solver.board.Board._wins` on a table miss;
tests/test_solver.py checks every one against brute force on small endings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from betel_tutor.solver.board import Board


def normal_bounds(
    board: Board, b: int, c: int, leader: int, remaining: int, infos: tuple[int, int, int, int]
) -> tuple[int, int]:
    """Sure tricks in a normal contract: a lower and an upper bound on the declarer's.

    The highest live trumps in one hand each win a trick whatever happens. And the leader's
    side takes the leader's top cards: top trumps always win; a side suit's top cards win
    while every other player who holds a trump still has a card of the suit (a void player
    holding trumps must ruff, rule 6; the partner too, so the count stays safe whoever is
    void). Cashing one suit leaves the others' holdings in the next suit intact, since
    whoever could ruff is still following.
    """
    quick = 0
    trump = board.trump
    if trump < 0:
        for info in infos:
            top = info >> 44 & 63  # the top run, and its holder in bits 4-5: 0 is the leader
            if top < 16:
                quick += top
        sure, most = 0, remaining
    else:
        sure, most = 0, remaining
        info = infos[trump]
        holder = info >> 48 & 3
        if holder != 3:
            run = info >> 44 & 15
            if (leader + holder) % 3 == board.declarer:
                sure = run
            else:
                most = remaining - run
        trumps = board.trump_mask
        ruff_b = b & trumps
        ruff_c = c & trumps
        shift = 0
        for info in infos:
            count = info >> 44 & 63
            if count < 16 and count:
                if shift != trump * 8:
                    if ruff_b:
                        length = (b >> shift & 0xFF).bit_count()
                        count = length if length < count else count
                    if ruff_c:
                        length = (c >> shift & 0xFF).bit_count()
                        count = length if length < count else count
                quick += count
            shift += 8
    if leader == board.declarer:
        return (quick if quick > sure else sure), most
    if remaining - quick < most:
        most = remaining - quick
    return sure, most


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
