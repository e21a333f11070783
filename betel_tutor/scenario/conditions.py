"""Conditions on a deal written as one short line, for ``betel-tutor deal`` and a scenario's
``constraints``: who, then what.

========================================  ==================================================
``S hcp 12-15``                            high-card points (A 4, K 3, Q 2, J 1)
``W ♠ 5+`` / ``N hearts at most 2``        cards of a suit (symbol or name, either language)
``S A 2+`` / ``N K 0``                     cards of a rank (A K Q J 10 9 8 7, or D W)
``S has ♠A ♥K`` / ``dubel has ♠A``         every one of these cards
``S has at least 6 ♠`` / ``N has 2+ aces``  the same as ``S ♠ 6+`` / ``N A 2+``, in words
``S shape 5-3-1-1`` / ``S shape 4=3=2=1``  suit lengths in any order (``-``), or exact ♠♥♦♣ (``=``)
``S makes 3NT``                            double dummy, the seat declaring the contract
``W takes at most 1 in B1``                double dummy: the declarer's tricks in a contract
``E takes at most 3 tricks in ♥``          (bridge) the declarer's tricks in a strain
========================================  ==================================================

Each word has its Polish form, read whatever the language: ``pkt``/``punkty`` (hcp), ``ma``
(has), ``układ`` (shape), ``robi``/``wygrywa``/``gra`` (makes), ``bierze`` (takes), ``co
najmniej``/``co najwyżej`` (at least/at most), ``lewę``/``lewy``/``lew`` (tricks), ``w`` (in),
``BA`` (NT). Who is a seat (letter or name in either language) or ``dubel`` (Betel). A count is
``5`` (exactly), ``5+`` (at least), ``5-`` (at most), ``12-15``, ``at least 5`` or ``at most 2``.
Lines join with ``and``, ``or``, ``not`` (``i``/``oraz``, ``lub``/``albo``, ``nie``) and
parentheses, ``not`` binding closest, then ``and``, then ``or``
(:mod:`betel_tutor.scenario.formulas`): ``S hcp 12+ and (N ♠ 5+ or not N has ♥A)``.
Double-dummy figures are those of ``betel-tutor solve``: in Betel the dealt hands with the
declarer leading; in bridge DDS's, the declarer's left-hand opponent leading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from betel_tutor.cards import RANK_BY_SYMBOL, Card, Rank, parse_cards, suit_word
from betel_tutor.contracts import Contract
from betel_tutor.dealing import Deal
from betel_tutor.errors import BetelError, NotationError
from betel_tutor.profiles import profile
from betel_tutor.scenario import formulas
from betel_tutor.seats import Seat, seats

if TYPE_CHECKING:
    from betel_tutor.scenario.source import Position

POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
SUIT_ORDER = ("♠", "♥", "♦", "♣")
DUBEL = "dubel"
_RANK_WORDS = {**RANK_BY_SYMBOL, "D": Rank.QUEEN, "W": Rank.JACK}
_SUIT_SYMBOLS = {"♠": "♠", "♥": "♥", "♦": "♦", "♣": "♣"}
HCP_WORDS = ("hcp", "pc", "pkt", "punkty", "punktów", "punktow")
HAS_WORDS = ("has", "ma")
SHAPE_WORDS = ("shape", "układ", "uklad")
MAKES_WORDS = ("makes", "gra", "robi", "wygrywa")
TAKES_WORDS = ("takes", "bierze")
TRICK_WORDS = ("trick", "tricks", "lewa", "lewę", "lewe", "lewy", "lew")
IN_WORDS = ("in", "w")
LOGIC_KINDS = ("and", "or", "not")
_AT_LEAST = (("at", "least"), ("co", "najmniej"))
_AT_MOST = (("at", "most"), ("co", "najwyżej"), ("co", "najwyzej"))
_BRIDGE_LEVELS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "jeden": 1, "dwa": 2, "trzy": 3, "cztery": 4, "piec": 5, "szesc": 6, "siedem": 7,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition: ``seat`` (``None``: the dubel) and what it must hold or do.

    ``kind``: ``hcp``, ``suit``, ``rank``, ``cards``, ``shape``, ``makes`` or ``takes``;
    ``low``/``high`` bound the count (``high`` ``None``: no most). A line joining conditions
    by ``and``, ``or`` or ``not`` is one of those kinds, its ``parts`` the conditions it joins
    (``seat`` ``None``).
    """

    text: str
    seat: Seat | None
    kind: str
    low: int = 0
    high: int | None = None
    suit: str | None = None
    rank: Rank | None = None
    cards: tuple[Card, ...] = ()
    shape: tuple[int, ...] = ()
    exact: bool = False
    contract: Contract | None = None
    level: int = 0  # bridge: the contract's level (0 for a strain alone, "takes … in ♥")
    strain: str | None = None  # bridge: a suit symbol or "NT"
    parts: tuple[Condition, ...] = ()  # "and", "or" (two or more), "not" (one)
    position: Position | None = field(default=None, compare=False)  # where a file writes it

    @property
    def double_dummy(self) -> bool:
        return self.kind in ("makes", "takes") or any(part.double_dummy for part in self.parts)

    def holds(self, dealt: Deal) -> bool:
        """Whether ``dealt`` meets the condition (double-dummy ones call the solver)."""
        if self.kind in LOGIC_KINDS:
            # The cheap parts first: the solver only when they leave the answer open.
            ordered = sorted(self.parts, key=lambda part: part.double_dummy)
            if self.kind == "not":
                return not self.parts[0].holds(dealt)
            if self.kind == "and":
                return all(part.holds(dealt) for part in ordered)
            return any(part.holds(dealt) for part in ordered)
        hand = dealt.dubel if self.seat is None else dealt.hands[self.seat]
        if self.kind == "hcp":
            return self._within(sum(POINTS.get(card.rank, 0) for card in hand))
        if self.kind == "suit":
            return self._within(sum(1 for card in hand if card.suit.symbol == self.suit))
        if self.kind == "rank":
            return self._within(sum(1 for card in hand if card.rank is self.rank))
        if self.kind == "cards":
            return all(card in hand for card in self.cards)
        if self.kind == "shape":
            lengths = tuple(sum(1 for c in hand if c.suit.symbol == s) for s in SUIT_ORDER)
            if self.exact:
                return lengths == self.shape
            return sorted(lengths, reverse=True) == sorted(self.shape, reverse=True)
        if self.strain is not None:  # bridge: DDS gives the exact figure in one search
            from betel_tutor.bridge.dd import declarer_tricks

            assert self.seat is not None
            tricks = declarer_tricks(dealt.hands, int(self.seat), self.strain)
            return tricks >= self.level + 6 if self.kind == "makes" else self._within(tricks)
        # Null-window searches on the bounds alone, not the exact figure: "at least n" is one
        # search, "at most n" the opposite of "at least n + 1".
        assert self.contract is not None
        if self.kind == "makes":
            if self.contract.kind == "normal":
                return self._takes_at_least(dealt, self.contract.tricks_needed)
            return not self._takes_at_least(dealt, self.contract.allowed + 1)
        if self.low > 0 and not self._takes_at_least(dealt, self.low):
            return False
        return self.high is None or not self._takes_at_least(dealt, self.high + 1)

    def _takes_at_least(self, dealt: Deal, tricks: int) -> bool:
        """Whether the declarer takes ``tricks`` or more, double dummy (Betel deals only)."""
        from betel_tutor.solver.api import make_board, mask_of

        assert self.contract is not None and self.seat is not None
        if tricks <= 0:
            return True
        if tricks > len(dealt.hands[self.seat]):
            return False
        contract = self.contract
        kind = contract.kind if contract.kind in ("betelek", "betel") else "normal"
        board = make_board(trump=contract.trump, declarer=self.seat, contract_kind=kind)
        a, b, c = (mask_of(hand) for hand in dealt.hands)
        return board.wins((a, b, c), int(self.seat), tricks)

    def tricks(self, dealt: Deal) -> int:
        """The declarer's tricks in the contract, double dummy (Betel deals only)."""
        from betel_tutor.solver.api import make_board, solve_position

        assert self.contract is not None and self.seat is not None
        contract = self.contract
        kind = contract.kind if contract.kind in ("betelek", "betel") else "normal"
        board = make_board(trump=contract.trump, declarer=self.seat, contract_kind=kind)
        hands = [list(hand) for hand in dealt.hands]
        return solve_position(hands, declarer=self.seat, leader=self.seat, board=board).tricks

    def _within(self, count: int) -> bool:
        return count >= self.low and (self.high is None or count <= self.high)


def _error(key: str, text: str, token: str, **params: object) -> NotationError:
    return NotationError(key, token=token, position=max(0, text.find(token)), text=text, **params)


# Ranks named in words after "has" and a count: "N has 2+ aces", "S ma co najmniej 2 asy".
_RANK_NAMES = {
    "ace": "A", "aces": "A", "as": "A", "asa": "A", "asy": "A", "asów": "A", "asow": "A",
    "king": "K", "kings": "K", "król": "K", "króla": "K", "króle": "K", "królów": "K", "krol": "K",
    "queen": "Q", "queens": "Q", "dama": "D", "damę": "D", "damy": "D", "dam": "D",
    "jack": "J", "jacks": "J", "walet": "W", "waleta": "W", "walety": "W", "waletów": "W",
}  # fmt: skip


def _counted_first(words: list[str]) -> bool:
    """Whether ``words`` start with a count ("6", "6+", "at least 6"): "has" then counts."""
    if not words:
        return False
    pair = (words[0].lower(), words[1].lower() if len(words) > 1 else "")
    return pair in _AT_LEAST or pair in _AT_MOST or bool(re.fullmatch(r"\d{1,2}[+-]?", words[0]))


# A suit counted in Polish takes the genitive plural: "co najmniej 6 pików".
_COUNTED_SUITS = {
    "pików": "♠", "pikow": "♠", "kierów": "♥", "kierow": "♥", "trefli": "♣", "trefl": "♣",
}  # fmt: skip


def _suit_symbol(word: str) -> str | None:
    found = suit_word(word)
    return _COUNTED_SUITS.get(word.lower()) if found is None else found.symbol


def _count(words: list[str], text: str, what: str) -> tuple[int, int | None]:
    """A count from the front of ``words`` (taken off them): 5, 5+, 5-, 12-15, at least 5."""
    if not words:
        raise _error("finder.constraint_count", text, what)
    first = words.pop(0)
    pair = (first.lower(), words[0].lower() if words else "")
    if (pair in _AT_LEAST or pair in _AT_MOST) and len(words) >= 2:
        words.pop(0)
        written = words.pop(0)
        if not written.isdigit():
            raise _error("finder.constraint_count", text, written)
        return (int(written), None) if pair in _AT_LEAST else (0, int(written))
    match = re.fullmatch(r"(\d{1,2})(\+|-)?|(\d{1,2})-(\d{1,2})", first)
    if match is None:
        raise _error("finder.constraint_count", text, first)
    if match.group(3) is not None:
        low, high = int(match.group(3)), int(match.group(4))
        if low > high:
            raise _error("finder.constraint_count", text, first)
        return low, high
    number = int(match.group(1))
    if match.group(2) == "+":
        return number, None
    if match.group(2) == "-":
        return 0, number
    return number, number


def _who(token: str, text: str, count: int, dealer: Seat | None) -> Seat | None:
    if token.lower() == "dealer" and dealer is not None:
        return dealer
    if token.lower() == DUBEL:
        if count != 3:
            raise _error("finder.constraint_no_dubel", text, token)
        return None
    try:
        return Seat.parse(token, count)
    except ValueError:
        choices = ", ".join(seat.letter for seat in seats(count))
        if count == 3:
            choices += ", dubel"
        raise _error("finder.constraint_seat", text, token, choices=choices) from None


def _contract(words: list[str], text: str) -> Contract:
    written = " ".join(words)
    try:
        contract = Contract.parse(written)
    except BetelError:
        raise _error("finder.constraint_contract", text, written or text) from None
    if contract.kind == "free":
        raise _error("finder.constraint_contract", text, written)
    return contract


def _bridge_contract(words: list[str], text: str, *, level: bool) -> tuple[int, str]:
    """A bridge contract's level and strain: ``3NT``, ``3BA``, ``4♠``, ``4 piki``, ``four
    spades``, ``Cztery piki``; with ``level`` false a strain alone (``♥``, ``BA``) is enough."""
    from betel_tutor.contracts import STRAIN_WORDS, fold

    written = " ".join(words)
    folded = [w for w in fold(written).replace("\ufe0f", "").split() if w not in IN_WORDS]
    compact = "".join(folded)
    match = re.fullmatch(r"([1-7])?(.+)", compact)
    number: int | None = None
    rest = compact
    if match is not None and match.group(1):
        number, rest = int(match.group(1)), match.group(2)
    elif folded and folded[0] in _BRIDGE_LEVELS:
        number, rest = _BRIDGE_LEVELS[folded[0]], "".join(folded[1:])
    strain_word = {"bezatu": "nt", "notrump": "nt", "notrumps": "nt"}.get(rest, rest)
    if strain_word not in STRAIN_WORDS or (number is None and level):
        raise _error("finder.constraint_contract", text, written or text)
    suit = STRAIN_WORDS[strain_word]
    return number or 0, "NT" if suit is None else suit.symbol


def parse_condition(text: str, *, game: str = "betel", dealer: Seat | None = None) -> Condition:
    """The condition a line states, conditions joined by ``and``, ``or``, ``not`` and
    parentheses included (:mod:`betel_tutor.scenario.formulas`); a :class:`NotationError`
    naming the bad word if none (and its column, in a line that joins conditions).
    ``dealer`` lets a scenario write ``dealer`` for the seat."""
    if not formulas.is_compound(text):
        return _parse_one(text, game=game, dealer=dealer)
    return _built(formulas.parse(text), text, game, dealer)


def _built(formula: formulas.Formula, text: str, game: str, dealer: Seat | None) -> Condition:
    if isinstance(formula, formulas.Op):
        parts = tuple(_built(part, text, game, dealer) for part in formula.parts)
        return Condition(text, None, formula.kind, parts=parts)
    written = text[formula.start : formula.end]
    try:
        return _parse_one(written, game=game, dealer=dealer)
    except NotationError as error:  # where the condition lies in the whole line
        at = formula.start + error.position
        raise NotationError(
            "finder.logic_in", token=error.token, position=at, text=text, detail=error
        ) from None


def _parse_one(text: str, *, game: str, dealer: Seat | None) -> Condition:
    """One condition, with no ``and``, ``or``, ``not`` or parentheses."""
    played = profile(game)
    count, hand = played.seats, played.hand_size
    words = text.split()
    if len(words) < 2:
        raise _error("finder.constraint_form", text, text)
    seat = _who(words[0], text, count, dealer)
    what, rest = words[1], words[2:]
    folded = what.lower()
    suit = _SUIT_SYMBOLS.get(what.replace("\ufe0f", ""))
    if suit is None and not what[:1].isdigit() and what.upper() not in _RANK_WORDS:
        found = suit_word(what)
        suit = found.symbol if found is not None else None
    condition: Condition
    if folded in HCP_WORDS:
        low, high = _count(rest, text, what)
        condition = Condition(text, seat, "hcp", low, high)
    elif suit is not None:
        low, high = _count(rest, text, what)
        condition = Condition(text, seat, "suit", low, high, suit=suit)
    elif what.upper() in _RANK_WORDS:
        low, high = _count(rest, text, what)
        condition = Condition(text, seat, "rank", low, high, rank=_RANK_WORDS[what.upper()])
    elif folded in HAS_WORDS and _counted_first(rest):
        # "S has at least 6 ♠", "N has 2+ aces": a count of a suit's or a rank's cards, the
        # same as "S ♠ 6+" and "N A 2+", as a teacher writes it in words
        low, high = _count(rest, text, what)
        counted = rest.pop(0) if rest else ""
        of_suit = _SUIT_SYMBOLS.get(counted.replace("\ufe0f", "")) or _suit_symbol(counted)
        rank = _RANK_WORDS.get(_RANK_NAMES.get(counted.lower(), counted.upper()))
        if of_suit is not None:
            condition = Condition(text, seat, "suit", low, high, suit=of_suit)
        elif rank is not None:
            condition = Condition(text, seat, "rank", low, high, rank=rank)
        else:
            raise _error("finder.constraint_cards", text, counted or text)
    elif folded in HAS_WORDS:
        if not rest:
            raise _error("finder.constraint_cards", text, text)
        try:
            cards = tuple(parse_cards(" ".join(rest)))
        except BetelError:
            raise _error("finder.constraint_cards", text, " ".join(rest)) from None
        if not cards:
            raise _error("finder.constraint_cards", text, text)
        condition = Condition(text, seat, "cards", cards=cards)
        rest = []
    elif folded in SHAPE_WORDS:
        if seat is None:
            raise _error("finder.constraint_dubel", text, what)
        written = rest.pop(0) if rest else ""
        exact = "=" in written
        parts = re.split("[=]" if exact else "-", written)
        if len(parts) != 4 or not all(p.isdigit() for p in parts) or sum(map(int, parts)) != hand:
            raise _error("finder.constraint_shape", text, written or what, size=hand)
        shape = tuple(int(part) for part in parts)
        condition = Condition(text, seat, "shape", shape=shape, exact=exact)
    elif folded in MAKES_WORDS or folded in TAKES_WORDS:
        if seat is None:
            raise _error("finder.constraint_dubel", text, what)
        bridge = played.boards  # a bridge contract: a level and a strain
        if folded in MAKES_WORDS:
            if bridge:
                level, strain = _bridge_contract(rest, text, level=True)
                condition = Condition(text, seat, "makes", level=level, strain=strain)
            else:
                condition = Condition(text, seat, "makes", contract=_contract(rest, text))
            rest = []
        else:
            low, high = _count(rest, text, what)
            if rest and rest[0].lower() in TRICK_WORDS:
                rest.pop(0)
            if not rest or rest[0].lower() not in IN_WORDS:
                raise _error("finder.constraint_extra", text, rest[0] if rest else what)
            if bridge:
                level, strain = _bridge_contract(rest[1:], text, level=False)
                condition = Condition(text, seat, "takes", low, high, level=level, strain=strain)
            else:
                contract = _contract(rest[1:], text)
                condition = Condition(text, seat, "takes", low, high, contract=contract)
            rest = []
    else:
        raise _error("finder.constraint_what", text, what)
    if rest:
        raise _error("finder.constraint_extra", text, rest[0])
    return condition


def parse_conditions(texts: list[str], *, game: str = "betel") -> tuple[Condition, ...]:
    return tuple(parse_condition(text, game=game) for text in texts)
