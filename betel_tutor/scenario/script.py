"""Replaying a deal's scripted auction, trade and play, once, into one immutable value that
the checker, the deal sheets (every language) and the tutor all read."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from betel_tutor.auction import Auction, AuctionState, Call, parse_call
from betel_tutor.cards import Card
from betel_tutor.contracts import Contract, free_play
from betel_tutor.errors import BetelError, IllegalPlay
from betel_tutor.penalty import PenaltyTable, parse_option, table_refusal
from betel_tutor.play import DealPlay, PlayState, start_play
from betel_tutor.rules import as_trump
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec, PenaltyEvent
from betel_tutor.scenario.script_error import ScriptError
from betel_tutor.scenario.trade_script import TradeScript
from betel_tutor.seats import Seat
from betel_tutor.trade import Ledger, Moment

__all__ = ["Replayed", "ScriptError", "replay"]


@dataclass(frozen=True, slots=True)
class Replayed:
    """The deal as scripted, immutable: the contract, the play so far, and with trade (spec
    §8) the ledger (the first exchange's bids and price included) and the auction's last state.

    ``states`` are the play's states: before each card played (swaps made before it
    included), then the state the script leaves; ``played`` the cards in order, each with the
    table seat that played it. Whoever plays on (the tutor finishing a deal) starts a
    :class:`~betel_tutor.play.DealPlay` of their own from :attr:`state`.
    """

    contract: Contract
    declarer: Seat | None
    doubled: bool
    states: tuple[PlayState, ...]
    played: tuple[tuple[int, Card], ...] = ()
    ledger: Ledger = field(default_factory=Ledger)
    auction: AuctionState | None = None
    penalty: PenaltyTable | None = None
    """A bridge deal's penalty cards where the script leaves them (Law 50, 51), if any."""
    penalty_laws: tuple[str | None, ...] = ()
    """For each scripted penalty step, the law it was taken under (an option's, "51A" for a
    designation, ``None`` for exposed cards)."""

    @property
    def state(self) -> PlayState:
        """Where the script leaves the play."""
        return self.states[-1]

    @property
    def calls(self) -> tuple[tuple[int, Call], ...]:
        """The scripted calls, each with its seat counted from the dealer (as the auction
        counts them); empty without an auction."""
        return self.auction.calls if self.auction is not None else ()

    @property
    def first_bids(self) -> tuple[int, ...]:
        """The bids for the first exchange from the dealer clockwise (rule 9), if any."""
        return self.ledger.first_bids


# The checker, then each language of a sheet, then the tutor read the same deal: it is
# replayed once. A DealSpec is frozen and hashable; a file loaded twice gives equal deals.
@functools.lru_cache(maxsize=512)
def replay(deal: DealSpec) -> Replayed:
    """The deal after its scripted auction (exchanges included), trade and play, as far as
    written; replayed once, then remembered.

    Raises :class:`ScriptError` at the first step the rules refuse.
    """
    return _walk(deal)


def _walk(deal: DealSpec) -> Replayed:
    dealt = realize(deal)
    game = deal.profile
    hands = [frozenset(hand) for hand in dealt.hands]
    declarer = deal.declarer
    contract = deal.contract if deal.contract is not None else free_play()
    if contract.kind == "free" and deal.trump is not None:  # free play names its trump apart
        try:
            contract = free_play(as_trump(deal.trump))
        except BetelError as error:
            raise ScriptError("contract", 1, deal.trump, error) from None
    doubled = False
    trade = TradeScript(deal)
    moves = 0  # calls and cards made: where the scripted offers go (``after``)
    state: AuctionState | None = None
    if deal.auction is not None and game.exchange:
        # Seats in the auction count from the dealer; hands are by absolute seat.
        order = Seat(deal.dealer).clockwise()
        auction = Auction(
            hands=tuple(hands[s] for s in order), dubel=dealt.dubel, first=trade.first_caller()
        )
        for number, call in enumerate(deal.auction, 1):
            moment = trade.offers(Moment.of_auction(auction.state, deal.dealer, (*hands,)), moves)
            auction.state = moment.auction or auction.state
            caller = moment.seat(auction.to_call)
            parsed: Call | None = None
            try:
                parsed = parse_call(call)
                trade.before_move(moment, moves, "auction", number, parsed)
                auction.call(parsed)
            except BetelError as error:
                raise ScriptError("auction", number, parsed or call, error) from None
            trade.after_move(caller)
            moves += 1
        if not auction.finished:  # offers after a partial auction are made during it
            end = trade.offers(Moment.of_auction(auction.state, deal.dealer, (*hands,)), moves)
            auction.state = end.auction or auction.state
        if auction.state.hands is not None:
            for k, seat in enumerate(order):
                hands[seat] = auction.state.hands[k]
        if auction.finished and auction.state.standing is not None:
            contract = auction.state.standing
            declarer = None if auction.declarer is None else order[auction.declarer]
            doubled = auction.doubled
        elif auction.finished:
            contract, declarer = free_play(), None
        state = auction.state
    elif deal.auction is not None:  # bridge: Law 44's table, the auction's own laws
        contract, declarer = _bridge_auction(deal, contract, declarer)
    elif deal.first_exchange is not None:
        trade.first_caller()  # the bids are paid even when no auction is scripted
    played = DealPlay(start_play(game, hands, contract, declarer=declarer, dealer=deal.dealer))
    cards: list[tuple[int, Card]] = []
    table = PenaltyTable() if deal.penalties else None
    for number, event in enumerate(deal.penalties, 1):
        if event.after > len(deal.play):
            late = IllegalPlay("penalty.after_play", reason="after_play", after=event.after)
            raise ScriptError("penalties", number, _event_words(event), late)
    laws: dict[int, str | None] = {}
    for number, card in enumerate(deal.play, 1):
        moment = trade.offers(Moment.of_play(played.state, deal.dealer), moves)
        played.state = moment.play or played.state
        seat = played.state.to_play
        if table is not None:
            table = _penalty_events(deal, table, played.state, number - 1, laws)
        try:
            trade.before_move(moment, moves, "play", number, card)
            if table is not None:
                table = _penalty_play(table, played.state, card)
            played.play(card)
            cards.append((seat, card))
        except BetelError as error:
            raise ScriptError("play", number, card, error) from None
        if table is not None and not played.state.current:
            table = table.trick_won(played.state.leader)
        trade.after_move(seat)
        moves += 1
    end = trade.offers(Moment.of_play(played.state, deal.dealer), moves)
    played.state = end.play or played.state
    trade.finish(moves)
    if table is not None:
        table = _penalty_events(deal, table, played.state, len(deal.play), laws)
    states = (*played.history, played.state)
    laws_in_order = tuple(laws.get(number) for number in range(1, len(deal.penalties) + 1))
    return Replayed(
        contract, declarer, doubled, states, tuple(cards), trade.ledger, state, table, laws_in_order
    )


def _bridge_auction(
    deal: DealSpec, contract: Contract, declarer: Seat | None
) -> tuple[Contract, Seat | None]:
    """A bridge deal's scripted auction, call by call; the contract and declarer it ends in
    (the deal's own when the auction is unfinished), which a contract written beside it must
    match."""
    from betel_tutor.bridge.auction import BridgeAuction, blue_suit_auction, parse_bid

    dealer = int(deal.dealer)
    auction = blue_suit_auction(dealer) if deal.variant else BridgeAuction(dealer=dealer)
    calls = deal.auction or ()
    for number, call in enumerate(calls, 1):
        try:
            auction.call(call)
        except BetelError as error:
            raise ScriptError("auction", number, _BridgeCall(call), error) from None
    if not auction.finished:
        return contract, declarer
    if auction.contract is None:
        ended, by = free_play(), None
    else:
        bid = parse_bid(auction.contract)
        ended, by = Contract("normal", bid.level, bid.strain), auction.declarer
    written = deal.contract is not None or deal.declarer is not None
    if written and (
        (deal.contract is not None and deal.contract != ended)
        or deal.declarer != by
        or (deal.contract is not None and deal.doubled != auction.doubled)
    ):
        mismatch = BetelError(
            "check.contract_not_auction",
            ended=_bridge_words(ended, auction.doubled, by),
            written=_bridge_words(deal.contract or ended, deal.doubled, deal.declarer),
        )
        raise ScriptError("auction", len(calls), _BridgeCall(calls[-1]), mismatch)
    return ended, by


@dataclass(frozen=True, slots=True)
class _BridgeWords:
    """A bridge contract and declarer as a message shows them: ``6NTX S``, in Polish
    ``6BAX S``; ``pass`` / ``pas`` when passed out."""

    contract: Contract
    doubled: int
    declarer: Seat | None

    def localized(self, lang: str) -> str:
        if self.contract.kind == "free":
            return "pas" if lang == "pl" else "pass"
        strain = self.contract.strain
        written = ("BA" if lang == "pl" else "NT") if strain is None else strain.symbol
        by = "" if self.declarer is None else f" {self.declarer.letter}"
        return f"{self.contract.level}{written}{('', 'X', 'XX')[self.doubled]}{by}"

    def __str__(self) -> str:
        return self.localized("en")


@dataclass(frozen=True, slots=True)
class _BridgeCall:
    """A scripted bridge call as a message shows it: ``pas``, ``kontra``, ``2BA`` in Polish."""

    written: str

    def localized(self, lang: str) -> str:
        from betel_tutor.bridge.auction import call_words

        return call_words(self.written, lang)

    def __str__(self) -> str:
        return self.localized("en")


def _bridge_words(contract: Contract, doubled: int, declarer: Seat | None) -> _BridgeWords:
    return _BridgeWords(contract, doubled, declarer)


def _penalty_events(
    deal: DealSpec,
    table: PenaltyTable,
    state: PlayState,
    after: int,
    laws: dict[int, str | None],
) -> PenaltyTable:
    """The scripted penalty events before card ``after`` + 1 (Law 50, 51), in order; the law
    of each goes into ``laws`` by its number."""
    for number, event in enumerate(deal.penalties, 1):
        if event.after != after:
            continue
        try:
            table = _penalty_event(table, state, event)
            if event.option is not None:
                laws[number] = table.rule.law if table.rule is not None else None
            elif event.designate is not None:
                laws[number] = "51A"
        except BetelError as error:
            raise ScriptError("penalties", number, _event_words(event), error) from None
    return table


def _event_words(event: PenaltyEvent) -> str:
    if event.option is not None:
        return event.option
    if event.designate is not None:
        return str(event.designate)
    return " ".join(str(card) for card in event.expose)


def _penalty_event(table: PenaltyTable, state: PlayState, event: PenaltyEvent) -> PenaltyTable:
    if event.seat is not None:
        seat = event.seat
        if state.declarer is None or seat in (state.declarer, state.declarer.partner):
            raise IllegalPlay("penalty.defenders_only", reason="defenders_only", law="50A")
        for card in event.expose:
            if card not in state.hands[seat]:
                raise IllegalPlay("penalty.not_in_hand", reason="not_in_hand", law="50A", card=card)
        return table.expose(seat, event.expose, minor=event.minor)
    if event.option is not None:
        leader = state.to_play
        if state.current or not table.by_seat[leader.partner].major:
            raise IllegalPlay("penalty.no_option", reason="no_option", law="50D2")
        return table.with_option(leader, parse_option(event.option))
    assert event.designate is not None
    seat = state.to_play
    return table.designate(seat, state.hands[seat], state.current, event.designate)


def _penalty_play(table: PenaltyTable, state: PlayState, card: Card) -> PenaltyTable:
    """Refuse ``card`` if the penalty-card laws forbid it; the table after it is played."""
    seat = state.to_play
    problem = table_refusal(table, seat, state.hands[seat], state.current, card, player=seat)
    if problem is not None:
        raise problem
    return table.played(seat, card)
