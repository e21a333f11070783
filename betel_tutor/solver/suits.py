"""Bit-mask helpers of the solver: cards as bits, legal cards, the winner of a trick, and the
per-suit tables the search reads at every trick.

Card ``c`` of suit order ``s`` (♣ 0 … ♠ 3) and rank ``r`` (7 … A) is bit ``8*s + r - 7``, so a
suit is one byte and, inside it, a higher bit is a higher card.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

SUIT_MASKS: Final = tuple(0xFF << (8 * s) for s in range(4))
ABOVE: Final = tuple(~((2 << bit) - 1) & 0xFFFFFFFF for bit in range(32))  # bits above ``bit``

# ``suit_info`` describes one suit of a position (the bytes of the three hands in trick
# order), packed in one int, its *entry*:
#   bits  0-19  the suit in relative ranks, its *code*: how many cards are live and which of
#               them the first and the second hand hold (played cards squeezed out);
#   bits 20-43  a byte each for the three hands: the top card of every run of equivalent cards;
#   bits 44-47  how many of the highest live cards, in an unbroken run, one hand holds;
#   bits 48-49  which hand holds them (0, 1, 2; 3 when the suit is gone);
#   bits 50-52  per hand (first, second, third): no card of the hand in this suit is higher
#               than a card of the other two (true when either side has none of the suit);
#   bits 53-55  per hand: no card of the hand in this suit is lower than a card of the others;
#   for normal contracts (``normal_bits``):
#   bits 56-79  the tricks the trumps settle if this is the trump suit (``trump_counts``)
#               (the sure tricks are in ``SURE`` only: ``sure_sums``);
#   for the betelki and Betel (``misere_extra``):
#   bits 56-58  for a declarer in each place of a trick led in this suit, without trumps and with
#               everybody beating (betelek): he can be made to win it (``_made_to_win``);
#   bits 59-61  the same with the defenders free of the beat obligation (Betel, rule 8);
#   bits 62-67  likewise (betelek, then Betel): whatever the next trick takes from the hands,
#               the declarer can then lead a card of this suit that surely loses
#               (``_escape_lasts``);
#   bits 68-115 for a declarer in each place (a byte each, betelek then Betel): the cards of
#               the first hand whose lead lets the defenders make him win the trick
#               (``_made_leads``; move ordering and ``Board._loses_one``).
# The search does not read entries: it reads their parts from the tables below, complete for
# all 4**8 holdings, which :mod:`betel_tutor.solver.suit_data` loads once per process.
CODE_MASK: Final = (1 << 20) - 1
TRUMP_COUNTS_SHIFT: Final = 56


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


def _made_leads(hands: tuple[int, int, int], place: int, misere_beat: bool) -> int:
    """One trick in one suit without trumps, the declarer in ``place`` (0 leads) against two
    defenders who want him to win it: the cards of the first hand whose lead lets the
    defenders make him win it whatever he plays (for a leading declarer: whatever the
    defenders may do, he wins). A hand without the suit discards, which never wins (§5).
    Everybody must follow; the declarer must beat; the defenders too unless ``misere_beat``
    is False (Betel, rule 8). Worked out by trying every card, so it holds by construction."""

    def play(turn: int, top: int, holder: int) -> bool:
        if turn == 3:
            return holder == place
        cards = hands[turn] & ~played[0]
        if not cards:
            return play(turn + 1, top, holder)
        higher = cards & ~((2 << top) - 1)
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

    out = 0
    played = [0]
    for lead in range(8):
        if hands[0] >> lead & 1:
            played[0] = 1 << lead
            if play(1, lead, 0):
                out |= 1 << lead
    return out


def _made_to_win(hands: tuple[int, int, int], place: int, misere_beat: bool) -> bool:
    """For the trick of ``_made_leads``: can the defenders make the declarer win it? For a
    leading declarer, whichever card of the suit he leads (true when he holds none);
    otherwise, with some lead of the first hand."""
    leads = _made_leads(hands, place, misere_beat) if hands[0] else 0
    return _forced(leads, hands[0], place)


def _forced(leads: int, first: int, place: int) -> bool:
    """``_made_to_win`` from the ``_made_leads`` of the first hand ``first``."""
    return leads == first if place == 0 else leads != 0


def _escape_counts(
    hands: tuple[int, int, int], place: int, misere_beat: bool, mine_lost: int
) -> int:
    """Without trumps, for the declarer in ``place``: after he has lost any ``mine_lost`` of
    his cards of this suit, and each defender some of his, can he still lead a card of the
    suit that loses whatever the defenders do? Per defender (in trick order, 4 bits each):
    a count such that the answer is yes if that defender loses fewer cards than it.

    A lead ``d`` surely loses (§5, no trumps: the highest card of the suit led wins) when
    everybody beats (betelek) iff a defender holds a card above ``d``: whether he plays
    second or third, the top of the trick is still ``d`` when he plays (the other defender
    either beat it already or could not), so he must beat it (rule 7). Without the
    defenders' obligation (Betel, rule 8) iff a defender holds cards of the suit and all of
    them are above ``d``: he must follow (rule 5) and can only play above ``d``; otherwise
    each defender can play under ``d`` or discard. The declarer keeps a card no higher
    than his (``mine_lost`` + 1)-th lowest, ``low``, and leads his lowest. So the count is,
    betelek: the defender's cards above ``low`` (losing fewer, he keeps one); Betel: all
    his cards if they are all above ``low`` (he keeps one, and all he keeps are above
    ``low``), else 0. ``_escape_lasts`` is the case of one card lost by every hand."""
    mine = hands[place]
    if mine.bit_count() <= mine_lost:
        return 0
    for _ in range(mine_lost):
        mine &= mine - 1
    low = mine & -mine
    others = [hand for index, hand in enumerate(hands) if index != place]
    out = 0
    for at, hand in enumerate(others):
        if misere_beat:
            count = (hand & ~((low << 1) - 1)).bit_count()
        else:
            count = hand.bit_count() if hand & -hand > low else 0
        out |= count << (4 * at)
    return out


def sure_tricks(hands: tuple[int, int, int]) -> int:
    """The tricks the first hand surely takes in this suit if he leads it and keeps leading it
    (read through ``sure_sums``): four counts of 4 bits, by which of the other two hands hold
    trumps (bit 0 of the index: the second, bit 1: the third), in any other suit.

    His unbroken run of the highest live cards wins while the others follow suit, whatever
    they play (§5). If the run is as long as each other hand's holding, they have none left
    after it and every further card of his wins too, unless a hand void in the suit holds
    trumps: it must ruff (rule 6), so a hand holding trumps caps the count at its own length
    in the suit."""
    first, second, third = hands
    live = first | second | third
    if not first or first < (second | third):
        return 0
    lengths = (second.bit_count(), third.bit_count())
    count = _top_count(live, first)
    if count >= max(lengths):
        count = first.bit_count()
    out = 0
    for index in range(4):
        capped = count
        for hand in range(2):
            if index >> hand & 1:
                capped = min(capped, lengths[hand])
        out |= capped << (4 * index)
    return out


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


def trump_counts(hands: tuple[int, int, int]) -> int:
    """Tricks the trumps settle when this suit is trumps (bits 56-79 of ``SUIT_INFO``), for
    the declarer in each place of the trick (bits 8p to 8p+7 for place p): his fewest tricks
    (bits 0-3) and the defenders' fewest (bits 4-7).

    Every card is played by the end, one per hand per trick. A trick in which the declarer
    plays a trump is his unless a defender plays a higher trump in it (only a trump beats a
    trump), a different one for each such trick: he takes at least his trumps less the most
    of them that can each meet a higher trump of the defenders. Likewise a trick in which one
    defender plays a trump is the defenders' unless the declarer plays a higher trump in it.
    """
    cards = [[rank for rank in range(8) if hand >> rank & 1] for hand in hands]
    out = 0
    for place in range(3):
        mine = cards[place]
        defenders = [cards[(place + 1) % 3], cards[(place + 2) % 3]]
        lower = len(mine) - _beaten(mine, sorted(defenders[0] + defenders[1]))
        theirs = max(len(hand) - _beaten(hand, mine) for hand in defenders)
        out |= (lower | theirs << 4) << (8 * place)
    return out


def sure_sums(hands: tuple[int, int, int]) -> tuple[int, ...]:
    """What ``bounds.normal_bounds`` adds up over the suits, by the declarer's place in the
    trick (0 leads) and by which hands hold trumps (``holders``: bit 0 the first hand, bit 1
    the second, bit 2 the third): index ``8 * place + holders``, three counts of 8 bits.

    Bits 0-7: the leader's sure tricks in this suit (``sure_tricks``). For a declarer not on
    lead, bits 8-15: his own sure tricks in it once he leads (``sure_tricks`` from his place,
    by which of the two hands after him hold trumps), and bits 16-23, if he has none, the
    rounds of the suit the others might lead and win before he leads: the longer of their
    holdings (a round takes a card of each hand that holds the suit). Then three more, by
    place: that longer holding in bits 16-23, for the trump suit.
    """
    leader = sure_tricks(hands)
    sums = []
    longest = []
    for place in range(3):
        after, last = (place + 1) % 3, (place + 2) % 3
        longer = max(hands[after].bit_count(), hands[last].bit_count())
        own = sure_tricks((hands[place], hands[after], hands[last]))
        for holders in range(8):
            value = leader >> (4 * (holders >> 1)) & 15
            if place:
                index = (holders >> after & 1) | (holders >> last & 1) << 1
                sure = own >> (4 * index) & 15
                value |= sure << 8 if sure else longer << 16
            sums.append(value)
        longest.append(longer << 16 if place else 0)
    return (*sums, *longest)


_SURE_SUMS: dict[int, tuple[int, ...]] = {}


def code_sure_sums(code: int) -> tuple[int, ...]:
    """``sure_sums`` of a suit by its relative ranks (bits 0-19 of its entry)."""
    out = _SURE_SUMS.get(code)
    if out is None:
        out = _SURE_SUMS[code] = sure_sums(code_hands(code))
    return out


# Bits 56-79 of a normal contract's suit by its relative ranks (bits 0-19 of its entry).
_NORMAL_BITS: dict[int, int] = {}


def normal_bits(code: int) -> int:
    """Bits 56-79 of a suit's entry in ``SUIT_INFO`` (shifted down to 0-23)."""
    bits_ = _NORMAL_BITS.get(code)
    if bits_ is None:
        bits_ = _NORMAL_BITS[code] = trump_counts(code_hands(code))
    return bits_


def code_hands(code: int) -> tuple[int, int, int]:
    """A suit's three hands (in trick order) from its relative ranks (bits 0-19 of its
    entry: how many cards are live, and which of them the first and the second hand hold)."""
    first, second = code >> 4 & 0xFF, code >> 12 & 0xFF
    return first, second, ((1 << (code & 15)) - 1) & ~(first | second)


_ESCAPE_COUNTS: dict[int, tuple[int, ...]] = {}


def escape_counts(code: int) -> tuple[int, ...]:
    """``_escape_counts`` of a suit by its relative ranks, at index ``6*variant + 2*place +
    mine_lost`` (variant 0: everybody beats, 1: Betel; ``mine_lost`` 0 or 1)."""
    out = _ESCAPE_COUNTS.get(code)
    if out is None:
        hands = code_hands(code)
        out = tuple(
            _escape_counts(hands, place, misere_beat, lost)
            for misere_beat in (True, False)
            for place in range(3)
            for lost in range(2)
        )
        _ESCAPE_COUNTS[code] = out
    return out


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
    """The packed description of one suit (see ``SUIT_INFO``), without bits 56-115."""
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


# Bits 56-115 of a suit by its relative ranks (bits 0-19 of its entry): only the order counts.
_MISERE_BITS: dict[int, int] = {}


def misere_bits(code: int) -> int:
    """Bits 56-115 of a suit's entry (shifted down to 0-59) from its relative ranks, with the
    leads of bits 68-115 in relative ranks too (``misere_extra`` puts them in place)."""
    bits_ = _MISERE_BITS.get(code)
    if bits_ is None:
        hands = code_hands(code)
        bits_ = 0
        for index, misere_beat in enumerate((True, False)):
            for place in range(3):
                leads = _made_leads(hands, place, misere_beat) if hands[0] else 0
                if _forced(leads, hands[0], place):
                    bits_ |= 1 << (3 * index + place)
                if _escape_lasts(hands, place, misere_beat):
                    bits_ |= 1 << (6 + 3 * index + place)
                bits_ |= leads << (12 + 24 * index + 8 * place)
        _MISERE_BITS[code] = bits_
    return bits_


def _expand(live: int, relative: int) -> int:
    """The inverse of ``_squeeze``: cards in relative ranks back to their bits in ``live``."""
    out = 0
    position = 0
    for bit in range(8):
        if live >> bit & 1:
            if relative >> position & 1:
                out |= 1 << bit
            position += 1
    return out


def misere_extra(live: int, code: int) -> int:
    """Bits 56-115 of the entry of a suit with the live cards ``live`` (shifted down to 0-59),
    its code being ``code``: ``misere_bits`` with the leads turned back into the suit's own
    cards."""
    extra = misere_bits(code)
    leads = extra >> 12
    out = extra & 0xFFF
    for byte in range(6):
        relative = leads >> (8 * byte) & 0xFF
        if relative:
            out |= _expand(live, relative) << (12 + 8 * byte)
    return out


# One number for each suit in relative ranks (``code_number``). How many there are: a suit of
# n live cards, each held by one of three hands, n <= 8.
CODES: Final = (3**9 - 1) // 2
CODE_BITS: Final = 14  # ``CODES`` < 2**14: four numbers and the leader make a key of 58 bits


def code_number(code: int) -> int:
    """A number of its own, below ``CODES``, for a suit in relative ranks (bits 0-19 of its
    entry): the search packs those of a position's side suits, sorted, into its key, so that
    suits that differ only by name share it. The codes are numbered densely: all the suits of
    fewer live cards, then the holder of each card (third hand 0, first 1, second 2) in base
    three."""
    count = code & 15
    first, second = code >> 4 & 0xFF, code >> 12 & 0xFF
    index = (int(3**count) - 1) // 2  # the codes of fewer live cards
    digit = 1
    for rank in range(count):
        if first >> rank & 1:
            index += digit
        elif second >> rank & 1:
            index += 2 * digit
        digit *= 3
    return index


# The search's tables, filled once per process by :mod:`betel_tutor.solver.suit_data` for
# every holding, so that no solve pays to work entries out (measured: working them out as
# the search met them made a fresh process's first solve several times its second). Plain
# lists of ints: the compiled search reads an item for a fraction of the cost of shifting
# and masking a long entry, and lists load in milliseconds where a tuple per holding took a
# large part of a second. By a suit's *holding* (``holding_index``):
# the suit's number (``code_number``, bits 0-13: ``NUMBER_MASK``), the three hands' tops of
# runs (bits 20-43 of the entry, in bits 14-37: ``RUNS_SHIFT``) and the flags (bits 50-67 of
# the entry, in bits 38-55: ``FLAGS_SHIFT``), packed in one int, read at once (measured: a list
# for each part cost a fresh process's first solve a third more, the memory fetched anew).
PARTS: Final[list[int]] = []  # normal contracts' entries
MISERE_PARTS: Final[list[int]] = []  # the betelki's and Betel's
NUMBER_MASK: Final = (1 << 14) - 1
RUNS_SHIFT: Final = 14
FLAGS_SHIFT: Final = 38
# Bits 68-115 of the betelki's and Betel's entry, a byte each: by ``3*variant + place``
# (variant 0: everybody beats, 1: Betel), a list by holding.
LEADS: Final[list[list[int]]] = [[] for _ in range(6)]
# By a suit's number (``code_number``); number ``NO_SUIT``, all zero, stands for no trump suit.
TRUMPS: Final[list[int]] = []  # bits 56-79 of a normal contract's entry (``trump_counts``)
SURE: Final[list[int]] = []  # ``SURE_COUNT`` a number: ``sure_sums``
ESCAPES: Final[list[int]] = []  # ``ESCAPE_COUNT`` a number: ``escape_counts``
# By ``3*variant + place``, a list by number: 0xFF if bits 56-61 say the defenders can make
# the declarer win the trick, else 0.
MADE: Final[list[list[int]]] = [[] for _ in range(6)]
# Every table, in the order of the file of :mod:`betel_tutor.solver.suit_data`.
TABLES: Final[tuple[list[int], ...]] = (
    PARTS,
    MISERE_PARTS,
    *LEADS,
    TRUMPS,
    SURE,
    ESCAPES,
    *MADE,
)
HOLDINGS: Final = 4**8
NO_SUIT: Final = CODES
SURE_COUNT: Final = 27
ESCAPE_COUNT: Final = 12
# A suit's holding: two bits a card, the hand that holds it (1-3 in trick order, 0 once
# played). The search computes ``holding_index`` inline.
HOLDER_1: Final = tuple(sum(1 << (2 * r) for r in range(8) if byte >> r & 1) for byte in range(256))
HOLDER_2: Final = tuple(2 * n for n in HOLDER_1)
HOLDER_3: Final = tuple(3 * n for n in HOLDER_1)


def holding_index(first: int, second: int, third: int) -> int:
    """Where one suit is kept in the tables by holding (the suit's bytes of the three hands,
    in trick order)."""
    return HOLDER_1[first] | HOLDER_2[second] | HOLDER_3[third]


def holding_hands(index: int) -> tuple[int, int, int]:
    """The three hands' bytes of a holding: the inverse of ``holding_index``."""
    hands = [0, 0, 0, 0]
    for rank in range(8):
        hands[index >> (2 * rank) & 3] |= 1 << rank
    return hands[1], hands[2], hands[3]


def suit_numbers(first: int, second: int, third: int) -> tuple[int, int, int, int]:
    """The numbers of the four suits of a position (hands in trick order), from the tables."""
    return (
        PARTS[holding_index(first & 0xFF, second & 0xFF, third & 0xFF)] & NUMBER_MASK,
        PARTS[holding_index(first >> 8 & 0xFF, second >> 8 & 0xFF, third >> 8 & 0xFF)]
        & NUMBER_MASK,
        PARTS[holding_index(first >> 16 & 0xFF, second >> 16 & 0xFF, third >> 16 & 0xFF)]
        & NUMBER_MASK,
        PARTS[holding_index(first >> 24, second >> 24, third >> 24)] & NUMBER_MASK,
    )


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
RANK_MAJOR: Final = tuple(
    tuple(sum(1 << (4 * r + suit) for r in range(8) if byte >> r & 1) for byte in range(256))
    for suit in range(4)
)
