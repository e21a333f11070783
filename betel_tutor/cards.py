"""Cards, suits, ranks, decks, and their notation.

Cards are interned frozen values: there is exactly one object per card, so identity, equality
and hashing are all cheap, which the rules engine and the solver rely on.

>>> card = parse_card("♥T")
>>> str(card), repr(card)
('♥10', "Card.parse('♥10')")
>>> [str(c) for c in parse_cards("♠AKQ ♥10 9 ♦- ♣87")]
['♠A', '♠K', '♠Q', '♥10', '♥9', '♣8', '♣7']
>>> format_hand(parse_cards("sa sk hq d10 W♥"))
'♠A K ♥Q J ♦10 ♣-'
>>> format_hand(parse_cards("♥AQ1098"), lang="pl")
'♠- ♥A D 10 9 8 ♦- ♣-'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import ClassVar

from betel_tutor.errors import NotationError


class Suit(enum.Enum):
    """The four suits; ``order`` runs from ♣ (0) up to ♠ (3), as in the auction ladder."""

    SPADES = ("♠", "S", 3)
    HEARTS = ("♥", "H", 2)
    DIAMONDS = ("♦", "D", 1)
    CLUBS = ("♣", "C", 0)

    def __init__(self, symbol: str, letter: str, order: int) -> None:
        self.symbol = symbol
        self.letter = letter
        self.order = order

    def __str__(self) -> str:
        return self.symbol

    def localized(self, lang: str) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its symbol, letter or name in either language (``♠``, ``S``, ``s``,
        ``♥️`` as phones write it, ``spades``, ``pik``, ``ka`` …; see :func:`suit_word`)."""
        written = _strip_selector(text.strip())
        suit = _SUIT_CHARS.get(written.upper()) if len(written) == 1 else suit_word(written)
        if suit is None:
            raise NotationError("cards.bad_suit", token=text, position=0)
        return suit


SUITS_HIGH_TO_LOW = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

_SUIT_CHARS: dict[str, Suit] = {}
_SUIT_SYMBOLS = frozenset("♠♥♦♣♤♡♢♧")
for _suit, _extra in zip(SUITS_HIGH_TO_LOW, ("♤", "♡", "♢", "♧"), strict=True):
    for _char in _suit.symbol + _suit.letter + _extra:
        _SUIT_CHARS[_char] = _suit

# The suits' names, English and Polish (spec §12.7: input accepts both in either language).
# A name may be shortened to any beginning of two letters or more that is not also a group of
# ranks: ``sp``, ``he``, ``di``, ``cl``, ``pi``, ``ki``, ``kar``, ``tr`` (``ka`` reads as
# king and ace, ``♠ KA``, so karo is ``kar`` at the shortest).
SUIT_NAMES: dict[Suit, tuple[str, ...]] = {
    Suit.SPADES: ("spades", "spade", "piki", "pik"),
    Suit.HEARTS: ("hearts", "heart", "kiery", "kier"),
    Suit.DIAMONDS: ("diamonds", "diamond", "karo"),
    Suit.CLUBS: ("clubs", "club", "trefle", "trefl"),
}
_SUIT_WORDS: dict[str, Suit] = {
    name[:end]: suit
    for suit, names in SUIT_NAMES.items()
    for name in names
    for end in range(2, len(name) + 1)
    if not set(name[:end].upper()) <= set("AKQJDWT")
}


def suit_word(text: str) -> Suit | None:
    """The suit a word names (``pik``, ``Kier``, ``ka``, ``spades``, ``cl``), or None.

    >>> suit_word("trefl"), suit_word("kar"), suit_word("ka")
    (<Suit.CLUBS: ('♣', 'C', 0)>, <Suit.DIAMONDS: ('♦', 'D', 1)>, None)
    """
    return _SUIT_WORDS.get(text.lower())


# The emoji presentation selector: phones write ♥️ as ♥ followed by U+FE0F. It is read only
# right after a suit symbol; anywhere else it is refused (alone it once read as ♥).
SELECTOR = "\ufe0f"


def _strip_selector(text: str) -> str:
    """``text`` without a selector that follows a suit symbol; other selectors stay."""
    if SELECTOR not in text:
        return text
    return "".join(
        char
        for i, char in enumerate(text)
        if char != SELECTOR or i == 0 or text[i - 1] not in _SUIT_SYMBOLS
    )


def _check_selectors(token: str, start: int) -> None:
    """Refuse a selector that does not follow a suit symbol, naming the token."""
    for i, char in enumerate(token):
        if char == SELECTOR and (i == 0 or token[i - 1] not in _SUIT_SYMBOLS):
            raise NotationError("cards.stray_selector", token=token, position=start + i)


class Rank(enum.IntEnum):
    """Ranks; the value orders them (A highest)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]

    def localized(self, lang: str) -> str:
        return _RANK_SYMBOLS_PL[self] if lang == "pl" else _RANK_SYMBOLS[self]

    def __str__(self) -> str:
        return _RANK_SYMBOLS[self]


_RANK_SYMBOLS = {
    rank: sym
    for rank, sym in zip(
        Rank, ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"], strict=True
    )
}
_RANK_SYMBOLS_PL = {**_RANK_SYMBOLS, Rank.QUEEN: "D", Rank.JACK: "W"}
_RANK_TOKENS_EN = {sym: rank for rank, sym in _RANK_SYMBOLS.items()} | {"T": Rank.TEN}
# Input reads the English and the Polish letters in either language (spec §12.7).
_RANK_TOKENS = _RANK_TOKENS_EN | {"D": Rank.QUEEN, "W": Rank.JACK}
RANK_BY_SYMBOL: dict[str, Rank] = dict(_RANK_TOKENS_EN)
"""Ranks by their symbol: ``RANK_BY_SYMBOL["10"] is Rank.TEN``; ``T`` is accepted for 10."""


class Card:
    """A playing card. One object per card: ``Card(Suit.SPADES, Rank.ACE) is parse_card('SA')``.

    >>> Card(Suit.HEARTS, Rank.QUEEN).localized("pl")
    '♥D'
    """

    __slots__ = ("index", "rank", "suit")
    _interned: ClassVar[dict[tuple[Suit, Rank], Card]] = {}

    suit: Suit
    rank: Rank
    index: int  # 0..51, suits high to low then ranks high to low: a stable sort key

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        try:
            return cls._interned[(suit, rank)]
        except KeyError:
            pass
        self = object.__new__(cls)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "index", (3 - suit.order) * 13 + (14 - rank))
        cls._interned[(suit, rank)] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __str__(self) -> str:
        return self.suit.symbol + _RANK_SYMBOLS[self.rank]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        """Display order: by suit ♠ ♥ ♦ ♣, then by rank, highest first."""
        return self.index < other.index

    def localized(self, lang: str) -> str:
        return self.suit.symbol + self.rank.localized(lang)

    def format(self, *, lang: str = "en", ascii: bool = False) -> str:
        """``♠A`` by default; ``SA`` with ``ascii``; Polish rank letters with ``lang="pl"``."""
        rank = self.rank.localized(lang)
        return (self.suit.letter if ascii else self.suit.symbol) + rank

    @classmethod
    def parse(cls, text: str, *, lang: str = "en") -> Card:
        return parse_card(text, lang=lang)


BRIDGE_DECK: tuple[Card, ...] = tuple(
    Card(suit, rank) for suit in SUITS_HIGH_TO_LOW for rank in sorted(Rank, reverse=True)
)
BETEL_RANKS = tuple(rank for rank in sorted(Rank, reverse=True) if rank >= Rank.SEVEN)
BETEL_DECK: tuple[Card, ...] = tuple(
    Card(suit, rank) for suit in SUITS_HIGH_TO_LOW for rank in BETEL_RANKS
)

_VOID_MARKS = frozenset("-—–")


def _scan_rank(text: str, pos: int, tokens: dict[str, Rank]) -> tuple[Rank, int] | None:
    """Read one rank at ``pos`` (``10``, ``T``, ``{A}`` …); return it and the next position."""
    if text.startswith("{", pos):
        end = text.find("}", pos)
        if end < 0:
            return None
        inner = text[pos + 1 : end].strip().upper()
        rank = tokens.get(inner)
        return (rank, end + 1) if rank is not None else None
    if text.startswith("10", pos):
        return Rank.TEN, pos + 2
    rank = tokens.get(text[pos : pos + 1].upper())
    return (rank, pos + 1) if rank is not None else None


def _parse_token(
    token: str, start: int, current: Suit | None, tokens: dict[str, Rank]
) -> tuple[list[Card], Suit | None]:
    """Parse one whitespace-free token of a hand string.

    Forms: suit first (``♠AKQ``, ``h10``, ``♠{A}``, several groups ``♠AK♥Q``), rank first
    (``W♥``, ``10h``, ``as``), bare ranks continuing the previous suit (``9`` in ``♥10 9``),
    or a void mark (``-``).
    """
    _check_selectors(token, start)
    head = token[0]
    if head.upper() in _SUIT_CHARS:
        try:
            return _parse_suit_first(token, start, tokens)
        except NotationError:
            rank_first = _parse_rank_first(token, tokens)
            if rank_first is None:
                raise
            return [rank_first], current
    rank_first = _parse_rank_first(token, tokens)
    if rank_first is not None:
        return [rank_first], current
    if token in _VOID_MARKS:
        return [], current
    if current is None:
        known_rank = _scan_rank(token, 0, tokens) is not None
        key = "cards.no_suit" if known_rank else "cards.bad_card"
        raise NotationError(key, token=token, position=start)
    return _parse_ranks(token, 0, start, current, tokens), current


def _parse_rank_first(token: str, tokens: dict[str, Rank]) -> Card | None:
    scanned = _scan_rank(token, 0, tokens)
    if scanned is None:
        return None
    rank, pos = scanned
    written = _strip_selector(token[pos:])
    suit = _SUIT_CHARS.get(written.upper()) if len(written) == 1 else None
    return Card(suit, rank) if suit is not None else None


def _parse_suit_first(
    token: str, start: int, tokens: dict[str, Rank]
) -> tuple[list[Card], Suit | None]:
    cards: list[Card] = []
    suit: Suit | None = None
    group_written = False  # a suit inside a token must be followed by ranks or a void mark
    pos = 0
    while pos < len(token):
        char = token[pos]
        next_suit = _SUIT_CHARS.get(char.upper())
        if next_suit is not None and not (char.upper() in tokens and suit is not None):
            if suit is not None and not group_written:
                raise NotationError("cards.empty_suit", token=token, position=start + pos)
            suit = next_suit
            group_written = False
            pos += 1
            if token.startswith(SELECTOR, pos):  # ♥️ as phones write it
                pos += 1
            continue
        if char in _VOID_MARKS:
            pos += 1
            group_written = True
            continue
        assert suit is not None
        scanned = _scan_rank(token, pos, tokens)
        if scanned is None:
            _refuse_letter_o(token, pos, start)
            bad = token[pos : token.find("}", pos) + 1] if char == "{" else char
            raise NotationError("cards.bad_rank", token=bad or char, position=start + pos)
        rank, after = scanned
        _refuse_twice(token, Card(suit, rank), cards, start + pos)
        cards.append(Card(suit, rank))
        pos = after
        group_written = True
    return cards, suit


def _refuse_letter_o(token: str, pos: int, start: int) -> None:
    """``♠AKQ1O``: a ten written with the letter O for the zero, named as such."""
    if token[pos : pos + 2].upper() == "1O":
        raise NotationError("cards.letter_o", token=token[pos : pos + 2], position=start + pos)


def _refuse_twice(token: str, card: Card, cards: list[Card], position: int) -> None:
    """``♦Kk``: one token that gives a card twice is a slip, never two cards."""
    if card in cards:
        raise NotationError("cards.twice_in_token", token=token, position=position, card=card)


def _parse_ranks(
    token: str, pos: int, start: int, suit: Suit, tokens: dict[str, Rank]
) -> list[Card]:
    cards: list[Card] = []
    while pos < len(token):
        scanned = _scan_rank(token, pos, tokens)
        if scanned is None:
            _refuse_letter_o(token, pos, start)
            raise NotationError("cards.bad_rank", token=token[pos], position=start + pos)
        rank, after = scanned
        _refuse_twice(token, Card(suit, rank), cards, start + pos)
        cards.append(Card(suit, rank))
        pos = after
    return cards


def _tokens(text: str) -> Iterator[tuple[str, int]]:
    pos = 0
    separators = " \t\n,;"
    while pos < len(text):
        while pos < len(text) and text[pos] in separators:
            pos += 1
        end = pos
        while end < len(text) and text[end] not in separators:
            end += 1
        if end > pos:
            yield text[pos:end], pos
        pos = end


def parse_cards(text: str, *, lang: str = "en") -> list[Card]:
    """Cards from a hand or trick string, in the order written.

    Accepts ``♠A``, ``♥10``, ``♥T``, ``SA``, ``sa``, ``as``, ``10h``, the note markup ``♠{A}``,
    diagram groups ``♠AKQ ♥10 9 ♦- ♣87``, the Polish rank letters ``D`` (Dama, queen) and
    ``W`` (Walet, jack) as in ``W♥`` and ``♠D``, and suits named in words, ``pik K``,
    ``kier 10``, ``karo D``, ``K trefl``, ``spades A`` (:data:`SUIT_NAMES`). Both languages'
    letters and words are read whatever ``lang`` is (spec §12.7); ``docs/scenarios.md``
    ("Cards") states where ``D`` is the Dama and where it is diamonds (alone among a suit's
    ranks high to low, ``♥A D 10``, the Dama: how :func:`format_hand` writes Polish).

    Raises :class:`NotationError` naming the bad token and its position.

    >>> [str(c) for c in parse_cards("W♥ ♠{D} pik D karo 10")]
    ['♥J', '♠Q', '♠Q', '♦10']
    >>> parse_cards("♠A ♥1")
    Traceback (most recent call last):
    ...
    betel_tutor.errors.NotationError: bad card notation '1' at position 5: no such rank
    """
    known = _PARSED.get(text)
    if known is None:
        known = _read_cards(text)
        if len(_PARSED) >= _PARSED_KEPT:
            _PARSED.clear()
        _PARSED[text] = known
    return list(known)


# The cards of texts read before: hands, tricks and answers repeat within a file and across
# files (cards are shared, immutable values), and reading one was an eighth of checking a
# folder of lessons. Bounded: cleared when full.
_PARSED: dict[str, tuple[Card, ...]] = {}
_PARSED_KEPT = 4096


def _read_cards(text: str) -> tuple[Card, ...]:
    """:func:`parse_cards`' reading, without the memo."""
    cards: list[Card] = []
    current: Suit | None = None
    waiting = False  # a suit written alone: the next token is read as its ranks
    items = list(_tokens(text))
    index = 0
    while index < len(items):
        token, start = items[index]
        index += 1
        if waiting and current is not None:
            waiting = False
            ranks = _ranks_only(token, start, current)
            if ranks is not None:  # ``♠ D``, ``karo D``: after a suit, D is the Dama
                cards.extend(ranks)
                continue
        if current is None and index < len(items):  # a rank, then its suit: ``K pik``, ``D ♦``
            after = _suit_alone(items[index][0])
            ranks = _ranks_only(token, start, after) if after is not None else None
            if ranks is not None:
                _check_selectors(items[index][0], items[index][1])
                cards.extend(ranks)
                current = after
                index += 1
                continue
        alone = _suit_alone(token)
        if alone is not None and _continues_as_dama(token, cards, current, items[index:]):
            cards.append(Card(current, Rank.QUEEN))  # type: ignore[arg-type]
            continue
        if alone is not None:
            _check_selectors(token, start)
            current, waiting = alone, True
            continue
        parsed, current = _parse_token(token, start, current, _RANK_TOKENS)
        cards.extend(parsed)
    return tuple(cards)


def _continues_as_dama(
    token: str, cards: list[Card], current: Suit | None, after: list[tuple[str, int]]
) -> bool:
    """A lone ``D`` in the middle of a suit's ranks written high to low is the Dama: ``♥A D 10``
    (how a Polish hand is written, a space between every card) is ♥A ♥Q ♥10. It is so when
    the rank before it is above the queen and the token after it, if any, starts a new suit
    or holds only lower ranks; otherwise ``D`` is diamonds (``S AK D -``, ``S A D KQ``)."""
    if token.upper() != "D" or current is None or not cards:
        return False
    last = cards[-1]
    if last.suit is not current or last.rank <= Rank.QUEEN:
        return False
    if not after:
        return True
    following = after[0][0]
    if following[0].upper() in _SUIT_CHARS and following[0] not in _RANK_TOKENS:
        return True  # ``♠``, ``S``, ``H10``: a new suit's group
    lower = _ranks_only(following, after[0][1], current)
    return bool(lower) and all(card.rank < Rank.QUEEN for card in lower or ())


def _suit_alone(token: str) -> Suit | None:
    """The suit a token names with nothing else: ``♠``, ``♥️``, ``S``, ``pik``, ``spades``."""
    written = _strip_selector(token)
    if len(written) == 1:
        return _SUIT_CHARS.get(written.upper())
    return suit_word(written)


def _ranks_only(token: str, start: int, suit: Suit) -> list[Card] | None:
    """The token read as ranks of ``suit`` (``D`` and ``W`` included), or None."""
    try:
        return _parse_ranks(token, 0, start, suit, _RANK_TOKENS)
    except NotationError:
        return None


def parse_card(text: str, *, lang: str = "en") -> Card:
    """Exactly one card.

    >>> parse_card("10h") is parse_card("♥10")
    True
    """
    cards = parse_cards(text, lang=lang)
    if len(cards) != 1:
        raise NotationError("cards.not_one_card", token=text.strip(), position=0)
    return cards[0]


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in display order: ♠ ♥ ♦ ♣, each suit from the highest rank down."""
    return sorted(cards, key=_index)


def _index(card: Card) -> int:
    return card.index


def format_cards(cards: Iterable[Card], *, lang: str = "en", ascii: bool = False) -> str:
    """Cards one by one, in the order given: ``♠A ♣2 ♦2``."""
    return " ".join(card.format(lang=lang, ascii=ascii) for card in cards)


class CardRun(tuple[Card, ...]):
    """Cards written one after another, formatted only when shown: a message's parameter
    that reads ``♠Q ♥J`` in English and ``♠D ♥W`` in Polish.

    >>> CardRun(parse_cards("♠Q ♥J")).localized("pl")
    '♠D ♥W'
    """

    __slots__ = ()

    def localized(self, lang: str) -> str:
        return format_cards(self, lang=lang)

    def __str__(self) -> str:
        return format_cards(self)


def format_hand(
    cards: Iterable[Card], *, lang: str = "en", ascii: bool = False, voids: bool = True
) -> str:
    """A hand grouped by suit, a space between every card so that each reads on its own in
    both languages: ``♠A K Q ♥10 9 ♦- ♣8 7``, in Polish ``♥A D 10 9 8`` (read back as the Dama,
    see :func:`parse_cards`)."""
    by_suit: dict[Suit, list[Card]] = {suit: [] for suit in SUITS_HIGH_TO_LOW}
    for card in cards:
        by_suit[card.suit].append(card)
    groups = []
    for suit, group in by_suit.items():
        if not group and not voids:
            continue
        ranks = " ".join(card.rank.localized(lang) for card in sort_cards(group))
        groups.append((suit.letter if ascii else suit.symbol) + (ranks or "-"))
    return " ".join(groups)
