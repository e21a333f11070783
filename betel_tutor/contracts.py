"""The thirty contracts of the Betel ladder (spec §4), plus free play without a contract.

>>> [str(c) for c in LADDER[:7]]
['B3', '1♣', '1♦', '1♥', '1♠', '1NT', 'B2']
>>> parse_contract("Szlemik w kiery")
Contract.parse('4♥')
>>> parse_contract("3BA") > parse_contract("B1")
True
>>> parse_contract("betelek 2").localized("pl")
'Betelek 2'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from betel_tutor.arguments import require
from betel_tutor.cards import Suit
from betel_tutor.errors import NotationError

Kind = Literal["normal", "betelek", "betel", "free"]

# Spec §6: contract points and per-trick points by level, suit / no-trump.
_SUIT_POINTS = {1: 10, 2: 30, 3: 50, 4: 70, 5: 90}
_TRICK_POINTS = {0: 5, 1: 5, 2: 10, 3: 15, 4: 20, 5: 25}
# Betelek 3, 2, 1, 0 and Betel: tricks allowed and contract points.
_BETELEK_POINTS = {3: 10, 2: 20, 1: 40, 0: 60}
_BETEL_POINTS = 80
_STRAINS_LOW_TO_HIGH: tuple[Suit | None, ...] = (
    Suit.CLUBS,
    Suit.DIAMONDS,
    Suit.HEARTS,
    Suit.SPADES,
    None,
)


@dataclass(frozen=True, slots=True)
class Contract:
    """One contract.

    ``level`` is the ladder level 0–5 (spec §4). Normal contracts have a ``strain`` (a suit, or
    ``None`` for no trump); betelki have ``allowed`` (tricks the declarer may take); free play
    (three passes, and education levels 1–2) has no declarer and an optional trump.
    """

    kind: Kind
    level: int
    strain: Suit | None = None
    allowed: int = 10

    # -- identity -----------------------------------------------------------------------
    @property
    def rank(self) -> int:
        """Position on the ladder, 0 (Betelek 3) to 29 (5NT); free play is -1."""
        if self.kind == "free":
            return -1
        if self.kind == "betelek" and self.level == 0:
            return 0
        if self.kind in ("betelek", "betel"):
            return self.level * 6
        return (self.level - 1) * 6 + 1 + _STRAINS_LOW_TO_HIGH.index(self.strain)

    def __lt__(self, other: Contract) -> bool:
        return self.rank < _rank(other, "<")

    def __le__(self, other: Contract) -> bool:
        return self.rank <= _rank(other, "<=")

    def __gt__(self, other: Contract) -> bool:
        return self.rank > _rank(other, ">")

    def __ge__(self, other: Contract) -> bool:
        return self.rank >= _rank(other, ">=")

    # -- what it asks -------------------------------------------------------------------
    @property
    def trump(self) -> Suit | None:
        """The trump suit; betelki and Betel are always no trump (spec §4)."""
        return self.strain if self.kind in ("normal", "free") else None

    @property
    def is_misere(self) -> bool:
        """Betelki and Betel: the declarer wants as few tricks as possible."""
        return self.kind in ("betelek", "betel")

    @property
    def tricks_needed(self) -> int:
        """Normal contracts: the least number of tricks that makes the contract."""
        if self.kind != "normal":
            raise ValueError(f"{self} is not a normal contract")
        return 5 + self.level

    @property
    def tricks_allowed(self) -> int:
        """Betelki and Betel: the most tricks the declarer may take and still make it."""
        if not self.is_misere:
            raise ValueError(f"{self} is not a betelek")
        return self.allowed

    def is_made(self, declarer_tricks: int) -> bool:
        if self.kind == "normal":
            return declarer_tricks >= self.tricks_needed
        if self.is_misere:
            return declarer_tricks <= self.allowed
        raise ValueError("free play has no declarer")

    @property
    def contract_points(self) -> int:
        """Spec §6 contract points."""
        if self.kind == "normal":
            return _SUIT_POINTS[self.level] + (10 if self.strain is None else 0)
        if self.kind == "betelek":
            return _BETELEK_POINTS[self.allowed]
        if self.kind == "betel":
            return _BETEL_POINTS
        return 0

    @property
    def trick_points(self) -> int:
        """Spec §6 points per trick (overtricks, defenders' tricks, free play); 0 for betelki."""
        return 0 if self.is_misere else _TRICK_POINTS[self.level]

    @property
    def defenders_must_beat(self) -> bool:
        """Rule 8: only in Betel are the defenders free of the obligation to beat."""
        return self.kind != "betel"

    # -- notation -----------------------------------------------------------------------
    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    def format(self, *, ascii: bool = False, lang: str = "en") -> str:
        """The contract's notation in ``lang``: ``2NT``, ``pass ♠`` in English, ``2BA``,
        ``pas ♠`` in Polish (spec §12.7); ``ascii`` writes suits by letter (``2S``).

        >>> parse_contract("2NT").format(lang="pl"), free_play(Suit.SPADES).format(lang="pl")
        ('2BA', 'pas ♠')
        """
        polish = lang == "pl"
        strain = (
            None if self.strain is None else (self.strain.letter if ascii else self.strain.symbol)
        )
        if self.kind == "free":
            word = "pas" if polish else "pass"
            return word if strain is None else f"{word} {strain}"
        if self.kind == "betel":
            return "Betel"
        if self.kind == "betelek":
            return f"B{self.allowed}"
        return f"{self.level}{strain or ('BA' if polish else 'NT')}"

    def localized(self, lang: str) -> str:
        """The contract's full name: "Szlemik w kiery", "Slam in no trump", "Betelek 2"."""
        from betel_tutor import i18n

        if self.kind == "betel":
            return "Betel"
        if self.kind == "betelek":
            return f"Betelek {self.allowed}"
        if self.kind == "normal" and self.level > 5:  # only bridge bids six and seven
            return bridge_contract_words(self.level, self.strain, lang)
        if self.strain is None:
            key = "contracts.free" if self.kind == "free" else f"contracts.level_{self.level}_nt"
            return i18n.translate(key, lang)
        suit = self.strain.name.lower()
        one = i18n.translate(f"contracts.one_{suit}", lang)
        many = i18n.translate(f"contracts.many_{suit}", lang)
        key = "contracts.free_trump" if self.kind == "free" else f"contracts.level_{self.level}"
        return i18n.translate(key, lang, one=one, many=many)

    @classmethod
    def parse(cls, text: str) -> Contract:
        """The inverse of ``str()``: a contract of the ladder (in any form
        :func:`parse_contract` reads), or free play, ``pass`` or ``pass ♠`` (a level fixes it
        with no auction, spec §9). Raises :class:`NotationError`.

        >>> Contract.parse("pass ♠") == free_play(Suit.SPADES)
        True
        """
        words = fold(text).replace("\ufe0f", "").split(maxsplit=1)
        if words and words[0] in _PASS_WORDS:
            strain = words[1].replace(" ", "") if len(words) > 1 else "nt"
            if strain not in STRAIN_WORDS:
                raise NotationError("contracts.bad_contract", token=text, position=0)
            return free_play(STRAIN_WORDS[strain])
        return parse_contract(text)


def _rank(other: object, operator: str) -> int:
    """The rank of the contract compared with one (``"2♠" < contract`` is refused)."""
    require(other, Contract, f"Contract {operator}")
    assert isinstance(other, Contract)
    return other.rank


def _build_ladder() -> tuple[Contract, ...]:
    ladder = [Contract("betelek", 0, None, 3)]
    for level in range(1, 6):
        ladder.extend(Contract("normal", level, strain) for strain in _STRAINS_LOW_TO_HIGH)
        if level < 4:
            ladder.append(Contract("betelek", level, None, 3 - level))
        elif level == 4:
            ladder.append(Contract("betel", 4, None, 0))
    return tuple(ladder)


LADDER: tuple[Contract, ...] = _build_ladder()
"""All thirty contracts, lowest (Betelek 3) to highest (5NT); ``LADDER[c.rank] is c``."""

BETELKI: tuple[Contract, ...] = tuple(c for c in LADDER if c.is_misere)
NORMAL: tuple[Contract, ...] = tuple(c for c in LADDER if c.kind == "normal")


def free_play(trump: Suit | None = None) -> Contract:
    """Play without a contract: three passes (no trump), or levels 1–2 of the education plan."""
    require(trump, Suit, "free_play", optional=True)
    return Contract("free", 0, trump, 10)


# -- parsing ---------------------------------------------------------------------------
STRAIN_WORDS: dict[str, Suit | None] = {
    "nt": None,
    "ba": None,
    "n": None,
    "notrump": None,
    "notrumps": None,
    "beza": None,
    "bezatu": None,
    "sans": None,
}
for _suit, _words in (
    (Suit.CLUBS, "c clubs club trefl trefle trefla treflach treflami"),
    (Suit.DIAMONDS, "d diamonds diamond karo kara kar karach"),
    (Suit.HEARTS, "h hearts heart kier kiery kierow kierach"),
    (Suit.SPADES, "s spades spade pik piki pikow pikach"),
):
    for _word in _words.split():
        STRAIN_WORDS[_word] = _suit
    STRAIN_WORDS[_suit.symbol] = _suit
_LEVEL_WORDS = {
    "1": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "jeden": 1,
    "dwa": 2,
    "trzy": 3,
    "cztery": 4,
    "piec": 5,
    "szlemik": 4,
    "szlem": 5,
    "smallslam": 4,
    "slam": 5,
    "grandslam": 5,
}
# Free play is written "pass" (its ``str()``), as in a scenario's ``contract: pass``.
_PASS_WORDS = frozenset({"pass", "pas", "free"})
_FILLER = re.compile(r"\b(w|in)\b")


def fold(text: str) -> str:
    """Lower case, no diacritics (ł → l), so "Pięć pików" and "piec pikow" read the same."""
    text = text.strip().lower().replace("ł", "l")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch) or ch == "\ufe0f")


def parse_contract(text: str) -> Contract:
    """A contract from ``1♠``, ``1S``, ``3NT``, ``3BA``, ``B3``…``B0``, ``Betel``, or a name.

    Names may be Polish or English: "Szlemik w kiery", "Betelek 2", "Jeden bez atu",
    "Szlem NT", "two hearts". Raises :class:`NotationError`.
    """
    folded = fold(text).replace("\ufe0f", "")
    compact = re.sub(r"[\s\-_]", "", folded)
    if not compact:
        raise NotationError("contracts.bad_contract", token=text, position=0)
    if compact == "betel":
        return LADDER[24]
    betelek = re.fullmatch(r"(?:b|betelek|betel)([0-3])", compact)
    if betelek:
        allowed = int(betelek.group(1))
        return next(c for c in BETELKI if c.kind == "betelek" and c.allowed == allowed)
    words = _FILLER.sub(" ", folded).split()
    compact = "".join(words)
    match = re.fullmatch(r"([1-5])(.+)", compact)
    if match:
        level_word, strain_word = match.group(1), match.group(2)
    else:
        level_word = next((w for w in _LEVEL_WORDS if compact.startswith(w)), "")
        # Longest level word first: "szlemik" before "szlem".
        for word in sorted(_LEVEL_WORDS, key=len, reverse=True):
            if compact.startswith(word):
                level_word = word
                break
        strain_word = compact[len(level_word) :]
    level = _LEVEL_WORDS.get(level_word)
    strain_word = {"bezatu": "nt", "notrump": "nt", "notrumps": "nt"}.get(strain_word, strain_word)
    if level is None or strain_word not in STRAIN_WORDS:
        raise NotationError("contracts.bad_contract", token=text, position=0)
    strain = STRAIN_WORDS[strain_word]
    return next(c for c in NORMAL if c.level == level and c.strain is strain)


@dataclass(frozen=True, slots=True)
class BridgeWords:
    """A bridge contract as a message shows it, in the reader's language
    (:func:`bridge_contract_words`)."""

    contract: Contract

    def localized(self, lang: str) -> str:
        return bridge_contract_words(self.contract.level, self.contract.trump, lang)

    def __str__(self) -> str:
        return self.localized("en")


def bridge_contract_words(level: int, strain: Suit | None, lang: str) -> str:
    """A bridge contract (levels 1–7) in words: "Four spades", "Trzy bez atu", "Pięć pików",
    "Siedem karo". Levels 1–3 are named as Betel names them; from five up Polish counts with
    the genitive plural (pięć pików, sześć kierów, siedem trefli, siedem karo).

    >>> bridge_contract_words(4, Suit.SPADES, "pl"), bridge_contract_words(7, None, "en")
    ('Cztery piki', 'Seven no trump')
    """
    from betel_tutor import i18n

    if not 1 <= level <= 7:
        raise ValueError(f"a bridge contract's level is 1 to 7, not {level}")
    if level <= 3:
        return Contract("normal", level, strain).localized(lang)
    if strain is None:
        return i18n.translate(f"contracts.bridge_level_{level}_nt", lang)
    suit = strain.name.lower()
    many = i18n.translate(f"contracts.{'many' if level == 4 else 'gen'}_{suit}", lang)
    return i18n.translate(f"contracts.bridge_level_{level}", lang, many=many)
