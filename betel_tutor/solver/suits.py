"""Bit-mask helpers of the solver: cards as bits, legal cards, the winner of a trick, and the
per-suit tables the search reads at every trick.

Card ``c`` of suit order ``s`` (♣ 0 … ♠ 3) and rank ``r`` (7 … A) is bit ``8*s + r - 7``, so a
suit is one byte and, inside it, a higher bit is a higher card.
"""

from __future__ import annotations

from collections.abc import Iterator

SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
ABOVE = tuple(~((2 << bit) - 1) & 0xFFFFFFFF for bit in range(32))  # bits above ``bit``

# ``SUIT_INFO[live << 16 | first << 8 | second]`` describes one suit of a position (bytes of the
# live cards and of the first two hands; the third hand holds the rest), packed in one int:
#   bits  0-19  the suit in relative ranks, for the transposition key: how many cards are live
#               and which of them the first and the second hand hold (played cards squeezed out);
#   bits 20-43  a byte each for the three hands: the top card of every run of equivalent cards;
#   bits 44-47  how many of the highest live cards, in an unbroken run, one hand holds;
#   bits 48-49  which hand holds them (0, 1, 2; 3 when the suit is gone).
# Entries are made on first use by ``learn``; a deal touches a few thousand of them.
SUIT_INFO: dict[int, int] = {}
CODE_MASK = (1 << 20) - 1


def _squeeze(live: int, mine: int) -> int:
    """``mine`` (⊆ ``live``) with the cards not in ``live`` squeezed out: relative ranks."""
    out = position = 0
    for bit in range(8):
        if live >> bit & 1:
            if mine >> bit & 1:
                out |= 1 << position
            position += 1
    return out


def _run_tops(live: int, mine: int) -> int:
    """The highest card of each run of ``mine`` with no other live card inside it: two cards
    of one hand with no live card of another hand between them win exactly the same tricks."""
    out = 0
    previous_mine = False
    for bit in range(7, -1, -1):
        if live >> bit & 1:
            is_mine = bool(mine >> bit & 1)
            if is_mine and not previous_mine:
                out |= 1 << bit
            previous_mine = is_mine
    return out


def _top_count(live: int, mine: int) -> int:
    """How many of the highest live cards of a suit, in an unbroken run, are ``mine``."""
    count = 0
    for bit in range(7, -1, -1):
        if live >> bit & 1:
            if not mine >> bit & 1:
                break
            count += 1
    return count


def suit_info(live: int, first: int, second: int) -> int:
    """The packed description of one suit (see ``SUIT_INFO``)."""
    third = live & ~(first | second)
    hands = (first, second, third)
    holder = 3
    top = 0
    if live:
        high = 1 << (live.bit_length() - 1)
        holder = next(index for index, hand in enumerate(hands) if hand & high)
        top = _top_count(live, hands[holder])
    return (
        live.bit_count()
        | _squeeze(live, first) << 4
        | _squeeze(live, second) << 12
        | _run_tops(live, first) << 20
        | _run_tops(live, second) << 28
        | _run_tops(live, third) << 36
        | top << 44
        | holder << 48
    )


def learn(first: int, second: int, third: int) -> None:
    """Make the ``SUIT_INFO`` entries of the four suits of a position."""
    live = first | second | third
    for shift in (0, 8, 16, 24):
        index = (live >> shift & 0xFF) << 16 | (first >> shift & 0xFF) << 8 | second >> shift & 0xFF
        if index not in SUIT_INFO:
            SUIT_INFO[index] = suit_info(index >> 16, index >> 8 & 0xFF, index & 0xFF)


def suit_infos(first: int, second: int, third: int) -> tuple[int, int, int, int]:
    """The ``SUIT_INFO`` entries of the four suits of a position (hands in trick order)."""
    live = first | second | third
    try:
        return (
            SUIT_INFO[(live & 0xFF) << 16 | (first & 0xFF) << 8 | (second & 0xFF)],
            SUIT_INFO[(live >> 8 & 0xFF) << 16 | (first >> 8 & 0xFF) << 8 | (second >> 8 & 0xFF)],
            SUIT_INFO[
                (live >> 16 & 0xFF) << 16 | (first >> 16 & 0xFF) << 8 | (second >> 16 & 0xFF)
            ],
            SUIT_INFO[(live >> 24) << 16 | (first >> 24) << 8 | (second >> 24)],
        )
    except KeyError:
        learn(first, second, third)
        return suit_infos(first, second, third)


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
        higher = follow & ABOVE[top]
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
            over = trumps & ABOVE[top]
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


def without(hands: tuple[int, int, int], seat: int, card: int) -> tuple[int, int, int]:
    """``hands`` after ``seat`` has played ``card``."""
    if seat == 0:
        return (hands[0] & ~(1 << card), hands[1], hands[2])
    if seat == 1:
        return (hands[0], hands[1] & ~(1 << card), hands[2])
    return (hands[0], hands[1], hands[2] & ~(1 << card))


# Leads are tried high cards first, whatever the suit: ``RANK_MAJOR[suit][byte]`` spreads a
# suit's byte so that rank ``r`` lands on bit ``4*r + suit``; the highest bit of the OR of the
# four is then the highest-ranking card (bit ``b`` stands for card ``(b & 3) * 8 + (b >> 2)``).
RANK_MAJOR = tuple(
    tuple(sum(1 << (4 * r + suit) for r in range(8) if byte >> r & 1) for byte in range(256))
    for suit in range(4)
)
