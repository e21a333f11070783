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
#   bits 48-49  which hand holds them (0, 1, 2; 3 when the suit is gone);
#   bits 50-52  per hand (first, second, third): no card of the hand in this suit is higher
#               than a card of the other two (true when either side has none of the suit);
#   bits 53-55  per hand: no card of the hand in this suit is lower than a card of the others;
#   bits 56-58  for a declarer in each place of a trick led in this suit, without trumps and with
#               everybody beating (betelek): he can be made to win it (``_made_to_win``);
#   bits 59-61  the same with the defenders free of the beat obligation (Betel, rule 8);
#   bits 62-67  likewise (betelek, then Betel): whatever the next trick takes from the hands,
#               the declarer can then lead a card of this suit that surely loses
#               (``_escape_lasts``).
# A board fills both tables from the shipped file (:mod:`betel_tutor.solver.suit_data`);
# ``learn`` makes an entry missing from a table (or from tables of one's own). Bits 56-67
# cost more to work out and only the betelki and Betel read them: their boards use a table of
# their own, ``MISERE_INFO``, and the normal contracts' entries leave those bits at 0.
SUIT_INFO: dict[int, int] = {}
MISERE_INFO: dict[int, int] = {}
CODE_MASK = (1 << 20) - 1


# ``_squeeze`` and ``_run_tops`` by ``live << 8 | mine``: there are only 3**8 pairs, and every
# suit entry learnt needs five of them.
_SQUEEZED: dict[int, int] = {}
_TOPS: dict[int, int] = {}


def _squeeze(live: int, mine: int) -> int:
    """``mine`` (⊆ ``live``) with the cards not in ``live`` squeezed out: relative ranks."""
    index = live << 8 | mine
    out = _SQUEEZED.get(index)
    if out is None:
        out = position = 0
        for bit in range(8):
            if live >> bit & 1:
                if mine >> bit & 1:
                    out |= 1 << position
                position += 1
        _SQUEEZED[index] = out
    return out


def _run_tops(live: int, mine: int) -> int:
    """The highest card of each run of ``mine`` with no other live card inside it: two cards
    of one hand with no live card of another hand between them win exactly the same tricks."""
    index = live << 8 | mine
    out = _TOPS.get(index)
    if out is None:
        out = 0
        previous_mine = False
        for bit in range(7, -1, -1):
            if live >> bit & 1:
                is_mine = bool(mine >> bit & 1)
                if is_mine and not previous_mine:
                    out |= 1 << bit
                previous_mine = is_mine
        _TOPS[index] = out
    return out


def _top_count(live: int, mine: int) -> int:
    """How many of the highest live cards of a suit, in an unbroken run, are ``mine``: those
    above every live card of the others."""
    others = live & ~mine
    return (mine >> others.bit_length()).bit_count()


def _made_to_win(hands: tuple[int, int, int], place: int, misere_beat: bool) -> bool:
    """One trick in one suit without trumps: the declarer in ``place`` (0 leads) against two
    defenders who want him to win it. For a leading declarer: whichever card of the suit he
    leads, the defenders can leave him the trick (true when he holds none). Otherwise: the
    first hand can lead the suit so that, whatever the declarer plays, he wins it. A hand
    without the suit discards, which never wins (§5). Everybody must follow; the declarer
    must beat; the defenders too unless ``misere_beat`` is False (Betel, rule 8). Worked out
    by trying every card, so it holds by construction."""
    if not hands[0]:
        return place == 0

    def play(turn: int, top: int, holder: int) -> bool:
        if turn == 3:
            return holder == place
        cards = hands[turn] & ~played[0]
        if not cards:
            return play(turn + 1, top, holder)
        higher = cards & ~((2 << top) - 1) if top >= 0 else cards
        if higher and (turn == place or misere_beat):
            cards = higher
        results = []
        for card in range(8):
            if cards >> card & 1:
                played[0] |= 1 << card
                above = card > top
                results.append(play(turn + 1, card if above else top, turn if above else holder))
                played[0] ^= 1 << card
        return all(results) if turn == place else any(results)

    played = [0]
    return play(0, -1, -1)


def _escape_lasts(hands: tuple[int, int, int], place: int, misere_beat: bool) -> bool:
    """Without trumps, for the declarer in ``place``: after any one trick (which takes at
    most one card from each hand), can he lead a card of this suit that loses whatever the
    defenders do? He keeps a card no higher than his second lowest, ``low``. With everybody
    beating, a defender who still holds a card above it must beat it (§5): enough if one
    defender holds two such cards or the two hold three. Without the defenders' obligation
    (rule 8) a defender must still follow, so enough if one of them holds two cards, all
    above ``low``."""
    mine = hands[place]
    if mine.bit_count() < 2:
        return False
    rest = mine & (mine - 1)
    low = rest & -rest
    others = [hand for index, hand in enumerate(hands) if index != place]
    if misere_beat:
        counts = [(hand & ~((low << 1) - 1)).bit_count() for hand in others]
        return max(counts) >= 2 or sum(counts) >= 3
    return any(hand.bit_count() >= 2 and hand & -hand > low for hand in others)


def suit_info(live: int, first: int, second: int) -> int:
    """The packed description of one suit (see ``SUIT_INFO``), without bits 56-67."""
    third = live & ~(first | second)
    hands = (first, second, third)
    holder = 3
    top = 0
    if live:
        high = 1 << (live.bit_length() - 1)
        holder = next(index for index, hand in enumerate(hands) if hand & high)
        top = _top_count(live, hands[holder])
    below = above = 0
    for index, mine in enumerate(hands):
        others = live & ~mine
        if not mine or not others or mine < others & -others:
            below |= 1 << index
        if not mine or not others or others < mine & -mine:
            above |= 1 << index
    return (
        live.bit_count()
        | _squeeze(live, first) << 4
        | _squeeze(live, second) << 12
        | _run_tops(live, first) << 20
        | _run_tops(live, second) << 28
        | _run_tops(live, third) << 36
        | top << 44
        | holder << 48
        | below << 50
        | above << 53
    )


# Bits 56-67 of a suit by its relative ranks (bits 0-19 of its entry): only the order counts.
_MISERE_BITS: dict[int, int] = {}


def misere_bits(code: int) -> int:
    """Bits 56-67 of a suit's entry (shifted down to 0-11) from its relative ranks."""
    bits_ = _MISERE_BITS.get(code)
    if bits_ is None:
        count = code & 15
        first, second = code >> 4 & 0xFF, code >> 12 & 0xFF
        hands = (first, second, ((1 << count) - 1) & ~(first | second))
        bits_ = 0
        for index, misere_beat in enumerate((True, False)):
            for place in range(3):
                if _made_to_win(hands, place, misere_beat):
                    bits_ |= 1 << (3 * index + place)
                if _escape_lasts(hands, place, misere_beat):
                    bits_ |= 1 << (6 + 3 * index + place)
        _MISERE_BITS[code] = bits_
    return bits_


def learn(first: int, second: int, third: int, table: dict[int, int]) -> None:
    """Make the entries of the four suits of a position in ``table`` (``SUIT_INFO`` or
    ``MISERE_INFO``)."""
    live = first | second | third
    for shift in (0, 8, 16, 24):
        index = (live >> shift & 0xFF) << 16 | (first >> shift & 0xFF) << 8 | second >> shift & 0xFF
        if index not in table:
            info = SUIT_INFO.get(index)
            if info is None:
                info = SUIT_INFO[index] = suit_info(index >> 16, index >> 8 & 0xFF, index & 0xFF)
            if table is MISERE_INFO:
                info |= misere_bits(info & CODE_MASK) << 56
            table[index] = info


def suit_infos(
    first: int, second: int, third: int, table: dict[int, int] = SUIT_INFO
) -> tuple[int, int, int, int]:
    """The entries of the four suits of a position (hands in trick order) in ``table``."""
    live = first | second | third
    try:
        return (
            table[(live & 0xFF) << 16 | (first & 0xFF) << 8 | (second & 0xFF)],
            table[(live >> 8 & 0xFF) << 16 | (first >> 8 & 0xFF) << 8 | (second >> 8 & 0xFF)],
            table[(live >> 16 & 0xFF) << 16 | (first >> 16 & 0xFF) << 8 | (second >> 16 & 0xFF)],
            table[(live >> 24) << 16 | (first >> 24) << 8 | (second >> 24)],
        )
    except KeyError:
        learn(first, second, third, table)
        return suit_infos(first, second, third, table)


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
