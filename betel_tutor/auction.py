"""The Betel auction (spec §3): pass, declaration, kontra, and the dubel exchange.

The rules are pure functions over an immutable :class:`AuctionState`; :class:`Auction` is the
convenient mutable wrapper that scripts and the tutor use.

>>> auction = Auction()
>>> for call in "2♠ kontra pass pass".split():
...     auction.call(Call.parse(call))
>>> auction.finished, auction.contract, auction.declarer, auction.doubled
(True, Contract.parse('2♠'), 0, True)
>>> auction = Auction()
>>> auction.call(Call.parse("2♠")); auction.call(Call.parse("kontra"))
>>> try:
...     auction.call(Call.parse("2♠"))
... except IllegalCall as refused:
...     print(refused.reason, refused.rule)
repeat_doubled 14
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from betel_tutor.arguments import require, require_all
from betel_tutor.cards import Card, parse_cards
from betel_tutor.contracts import LADDER, Contract, free_play, parse_contract
from betel_tutor.errors import IllegalCall, NotationError
from betel_tutor.seats import Seat

CallKind = Literal["pass", "declare", "kontra"]
SEATS = 3


@dataclass(frozen=True, slots=True)
class Options:
    """What the level allows (spec §9). ``fixed`` plays a contract without an auction; free
    play (:func:`~betel_tutor.contracts.free_play`) is three passes without one."""

    kontra: bool = True
    betelki: bool = True
    normal: bool = True
    exchange: bool = True
    fixed: Contract | None = None

    def __post_init__(self) -> None:
        require(self.fixed, Contract, "Options(fixed=…)", optional=True)


@dataclass(frozen=True, slots=True)
class Call:
    """One call: ``take`` and ``lay`` are the exchange made with it; ``looked`` are dubel cards
    looked at before passing anyway (the −5 a card penalty, spec §3)."""

    kind: CallKind
    contract: Contract | None = None
    take: tuple[Card, ...] = ()
    lay: tuple[Card, ...] = ()
    looked: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return self.format()

    def format(self, *, lang: str = "en") -> str:
        """The call's notation in ``lang``: ``pass``, ``kontra``, ``2NT``, an exchange
        ``[♠Q>♥7]2♠`` in English; ``pas``, ``kontra``, ``2BA``, ``[♠D>♥7]2♠`` in Polish.

        >>> Call.parse("[♠Q>♥7]2NT").format(lang="pl"), Call.parse("pass").format(lang="pl")
        ('[♠D>♥7]2BA', 'pas')
        """
        if self.kind == "declare":
            assert self.contract is not None
            word = self.contract.format(lang=lang)
        else:
            word = "pas" if self.kind == "pass" and lang == "pl" else self.kind

        def cards(cards: tuple[Card, ...]) -> str:
            return "".join(card.format(lang=lang) for card in cards)

        if self.take:
            return f"[{cards(self.take)}>{cards(self.lay)}]{word}"
        if self.looked:
            return f"[?{cards(self.looked)}]{word}"
        return word

    def localized(self, lang: str) -> str:
        """The call as a learner reads it in ``lang`` (its notation, see :meth:`format`)."""
        return self.format(lang=lang)

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Call:
        return parse_call(text)


@dataclass(frozen=True, slots=True)
class AuctionState:
    """Everything the auction has established so far. Seats count from the dealer (0)."""

    options: Options = Options()
    calls: tuple[tuple[int, Call], ...] = ()
    standing: Contract | None = None
    declarer: int | None = None
    doubled: bool = False
    after_kontra: bool = False  # no declaration since the last kontra (rules 12, 14)
    doubled_once: frozenset[Contract] = frozenset()  # rule 13
    passes: int = 0  # consecutive passes
    finished: bool = False
    hands: tuple[frozenset[Card], ...] | None = None
    dubel: tuple[Card, ...] | None = None
    penalties: tuple[tuple[int, int], ...] = ()  # (seat, points)
    first: int = 0  # who calls first: the dealer, or who bought the first exchange (rule 10)

    @property
    def to_call(self) -> int:
        return (self.first + len(self.calls)) % SEATS

    @staticmethod
    def table_seat(turn: int, dealer: int) -> Seat:
        """The table seat of auction seat ``turn``: auction seats count from the dealer."""
        return Seat(dealer).next(turn)

    @staticmethod
    def auction_seat(seat: Seat, dealer: int) -> int:
        """The auction seat (counted from ``dealer``) of table seat ``seat``."""
        return Seat(seat).distance_from(dealer)


_EXCHANGE = re.compile(r"^\[(?P<look>\?)?(?P<take>[^>\]]*)(?:>(?P<lay>[^\]]*))?\](?P<call>.+)$")


def parse_call(text: str, *, lang: str = "en") -> Call:
    """A call from text: ``pass``, ``kontra``, a contract, with an optional exchange in front:
    ``[♠A♥K>♥7♣8]2♠`` takes ♠A ♥K and lays ♥7 ♣8; ``[?♠A]pass`` looked at ♠A and passed.
    With ``lang="pl"`` the exchange's cards may be written with Polish letters (``[♠D>♥7]``)."""
    text = text.strip()
    take: tuple[Card, ...] = ()
    lay: tuple[Card, ...] = ()
    looked: tuple[Card, ...] = ()
    match = _EXCHANGE.match(text)
    if match:
        cards = tuple(parse_cards(match["take"], lang=lang))
        if match["look"]:
            looked = cards
        else:
            take, lay = cards, tuple(parse_cards(match["lay"] or "", lang=lang))
        word = match["call"].strip()
    else:
        word = text
    folded = word.lower()
    if folded in ("pass", "pas", "p"):
        return Call("pass", None, take, lay, looked)
    if folded in ("kontra", "double", "x", "ktr", "dbl"):
        return Call("kontra", None, take, lay, looked)
    try:
        contract = parse_contract(word)
    except NotationError:
        raise NotationError("auction.bad_call", token=text, position=0) from None
    return Call("declare", contract, take, lay, looked)


def start(
    options: Options = Options(),
    *,
    hands: tuple[frozenset[Card], ...] | None = None,
    dubel: tuple[Card, ...] | None = None,
    first: int = 0,
) -> AuctionState:
    """A new auction; with ``options.fixed`` it is over at once (levels 1–4, spec §9).
    ``first`` is the seat (from the dealer) that calls first: with trade, whoever bought the
    first exchange from the bank (rule 10)."""
    state = AuctionState(options=options, hands=hands, dubel=dubel, first=first)
    if options.fixed is not None:
        contract = None if options.fixed.kind == "free" else options.fixed
        declarer = None if contract is None else 0
        state = replace(state, standing=contract, declarer=declarer, finished=True)
    return state


def _refuse(key: str, rule: int | None = None, **params: Any) -> IllegalCall:
    return IllegalCall(f"auction.{key}", reason=key, rule=rule, **params)


def _check_exchange(state: AuctionState, turn: int, call: Call) -> None:
    if not call.take and not call.lay:
        return
    if not state.options.exchange:
        raise _refuse("no_exchange")
    if call.kind == "pass":  # §3: whoever takes a dubel card may no longer pass
        raise _refuse("pass_after_exchange")
    if not 1 <= len(call.take) <= 2 or len(call.lay) != len(call.take):
        raise _refuse("exchange_count", take=len(call.take), lay=len(call.lay))
    if state.dubel is not None:
        for card in call.take:
            if card not in state.dubel:
                raise _refuse("not_in_dubel", card=card)
    if len(set(call.take)) != len(call.take) or len(set(call.lay)) != len(call.lay):
        raise _refuse("exchange_twice")
    if state.hands is not None:
        hand = state.hands[turn] | set(call.take)
        for card in call.lay:
            if card not in hand:
                raise _refuse("cannot_lay", card=card)


def check_call(state: AuctionState, call: Call) -> None:
    """Raise :class:`IllegalCall` if ``call`` is not allowed now."""
    require(call, Call, "check_call")
    if state.finished:
        raise _refuse("finished", rule=15)
    seat = state.to_call
    _check_exchange(state, seat, call)
    if call.looked:
        if call.kind != "pass":
            raise _refuse("looked_not_pass")
        if not state.options.exchange:
            raise _refuse("no_exchange")
        for card in call.looked:
            if state.dubel is not None and card not in state.dubel:
                raise _refuse("not_in_dubel", card=card)
    options = state.options
    if call.kind == "kontra":
        if not options.kontra:
            raise _refuse("no_kontra")
        if state.standing is None:
            raise _refuse("nothing_to_double")
        if state.doubled:
            raise _refuse("already_doubled", rule=13, contract=state.standing)
        if state.standing in state.doubled_once:
            raise _refuse("doubled_before", rule=13, contract=state.standing)
    elif call.kind == "declare":
        contract = call.contract
        assert contract is not None
        if contract.is_misere and not options.betelki:
            raise _refuse("no_betelki", contract=contract)
        if not contract.is_misere and not options.normal:
            raise _refuse("no_normal", contract=contract)
        if state.after_kontra:
            if contract == state.standing:
                raise _refuse("repeat_doubled", rule=14, contract=contract)
        elif state.standing is not None and contract <= state.standing:
            raise _refuse("not_higher", rule=11, contract=contract, standing=state.standing)


def apply_call(state: AuctionState, call: Call) -> AuctionState:
    """The auction after ``call``; raises :class:`IllegalCall` if the call is not allowed."""
    require(call, Call, "apply_call")
    check_call(state, call)
    seat = state.to_call
    calls = (*state.calls, (seat, call))
    hands, dubel = state.hands, state.dubel
    if call.take:
        # The exchange: taken cards go to the hand, laid cards form the new dubel (§3).
        if dubel is not None:
            kept = tuple(card for card in dubel if card not in call.take)
            dubel = (*kept, *call.lay)
        if hands is not None:
            hand = (hands[seat] | set(call.take)) - set(call.lay)
            hands = tuple(hand if index == seat else h for index, h in enumerate(hands))
    penalties = state.penalties
    if call.looked:
        penalties = (*penalties, (seat, -5 * len(call.looked)))
    new = replace(state, calls=calls, hands=hands, dubel=dubel, penalties=penalties)
    if call.kind == "pass":
        passes = state.passes + 1
        nothing_declared = state.standing is None
        # Rule 15: two passes after a declaration or kontra end it; three passes at the start.
        ended = passes >= 3 if nothing_declared else passes >= 2
        return replace(new, passes=passes, finished=ended)
    if call.kind == "kontra":
        assert state.standing is not None
        return replace(
            new,
            passes=0,
            doubled=True,
            after_kontra=True,
            doubled_once=state.doubled_once | {state.standing},
        )
    return replace(
        new, passes=0, standing=call.contract, declarer=seat, doubled=False, after_kontra=False
    )


def legal_calls(state: AuctionState) -> list[Call]:
    """Every call without an exchange that is allowed now, pass first, then kontra, then the
    declarations from the lowest."""
    if state.finished:
        return []
    candidates = [Call("pass"), Call("kontra"), *(Call("declare", c) for c in LADDER)]
    allowed = []
    for call in candidates:
        try:
            check_call(state, call)
        except IllegalCall:
            continue
        allowed.append(call)
    return allowed


class Auction:
    """A mutable auction for scripts and the tutor; the dealer calls first.

    Options (keyword-only): ``kontra``, ``betelki``, ``normal``, ``exchange`` (all ``True`` by
    default), ``fixed`` (a contract played without an auction, or free play), ``hands`` (three
    hands from the dealer clockwise) and ``dubel`` (two cards) to follow exchanges.
    """

    state: AuctionState
    history: list[AuctionState]

    def __init__(
        self,
        *,
        hands: Sequence[Iterable[Card]] | None = None,
        dubel: tuple[Card, ...] | list[Card] | None = None,
        first: int = 0,
        **options: Any,
    ) -> None:
        known = {"kontra", "betelki", "normal", "exchange", "fixed"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise TypeError(f"unknown auction options: {', '.join(unknown)}")
        frozen_hands = (
            tuple(frozenset(require_all(hand, Card, "Auction(hands=…)")) for hand in hands)
            if hands is not None
            else None
        )
        if dubel is not None:
            dubel = require_all(dubel, Card, "Auction(dubel=…)")
        self.state = start(
            Options(**options),
            hands=frozen_hands,
            dubel=tuple(dubel) if dubel else None,
            first=first,
        )
        self.history = []

    def call(self, call: Call) -> None:
        """Make the next call (:func:`parse_call` reads one from text); raises
        :class:`IllegalCall`."""
        require(call, Call, "Auction.call")
        new = apply_call(self.state, call)
        self.history.append(self.state)
        self.state = new

    def undo(self) -> None:
        """Take back the last call."""
        if self.history:
            self.state = self.history.pop()

    def legal_calls(self) -> list[Call]:
        return legal_calls(self.state)

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def contract(self) -> Contract | None:
        """The standing contract; None while nothing is declared and after three passes."""
        return self.state.standing

    @property
    def declarer(self) -> int | None:
        return self.state.declarer

    @property
    def doubled(self) -> bool:
        return self.state.doubled

    @property
    def to_call(self) -> int:
        return self.state.to_call

    @property
    def calls(self) -> list[Call]:
        return [call for _, call in self.state.calls]

    @property
    def penalties(self) -> dict[int, int]:
        """Dubel penalties by seat: −5 a card looked at before passing (spec §3)."""
        totals: dict[int, int] = {}
        for seat, points in self.state.penalties:
            totals[seat] = totals.get(seat, 0) + points
        return totals

    @property
    def dubel(self) -> tuple[Card, ...] | None:
        return self.state.dubel


def level_options(level: int) -> dict[str, Any]:
    """The auction options of an education level (spec §9)."""
    fixed = {1: free_play(), 2: free_play(), 3: Contract.parse("B3"), 4: Contract.parse("Betel")}
    if level in fixed:
        return {"fixed": fixed[level]}
    if level == 5:
        return {"kontra": False, "betelki": False, "exchange": False}
    if level == 6:
        return {"kontra": False, "exchange": False}
    if level == 7:
        return {"kontra": False}
    if 8 <= level <= 10:
        return {}
    raise ValueError(f"there are ten levels, not {level}")
