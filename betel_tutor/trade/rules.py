"""The rules of trade (spec §8, summary rules 2–4, 9–10, 17–21), as pure functions.

What is decided here where the rules leave room:

- A card changes hands only in a swap, as many cards each way (spec §12.5), so every hand
  keeps its size and every trick still gets a card from each player; "buying" a card is a
  swap that pays. A general offer ("I buy spades", "I sell clubs") is made precise by the
  acceptor, who names the card(s) and, where the offer names no price, the price (5–50); the
  offerer must then accept if he can fulfil it and refuse if not (rule 20).
- A swap shows both cards, so it is allowed only where showing is (rule 17).
- Rule 17 during the auction (spec §12.4): nobody shows cards before the first declaration,
  nor after their own pass or kontra (for the rest of the auction), and cards are shown only
  between the player whose declaration stands and another player (never between the two
  who would defend it). During the play cards are shown
  only between the declarer and a defender; with no declarer (three passes) not at all.
- A call or play offer binds whichever of the two parties moves next; a call may also be
  bought from a player not about to call, for their next call whenever it comes (spec §12.5).
  The payment is made on acceptance. If the bound move has become impossible when it is
  due (a swap in between), the agreement lapses and the payment goes back.
- Whether the addressee can fulfil an offer depends on cards the offerer cannot see, so that
  is judged on acceptance: the addressee cannot accept what they cannot do (rule 20).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from betel_tutor.arguments import require
from betel_tutor.auction import Call, check_call
from betel_tutor.cards import Card
from betel_tutor.errors import BetelError, IllegalOffer
from betel_tutor.seats import Seat
from betel_tutor.trade.model import HIGHEST, LOWEST, SEATS, Ledger, Moment, Offer, Record, Round


def _refuse(key: str, rule: int | None, **params: Any) -> IllegalOffer:
    if "seat" in params:
        params["seat"] = Seat(params["seat"])
    return IllegalOffer(f"trade.{key}", reason=key, rule=rule, **params)


def may_show(moment: Moment, shower: Seat, viewer: Seat) -> IllegalOffer | None:
    """Why ``shower`` may not show cards to ``viewer`` now (rule 17), or ``None``."""
    if moment.phase == "auction":
        if not moment.declared:
            return _refuse("show_before_declaration", 17)
        if moment.silenced(shower):
            return _refuse("show_after_pass", 17, seat=shower)
        standing = moment.standing_declarer
        if standing is not None and standing not in (shower, viewer):
            return _refuse("show_not_standing", 17, seat=standing)
        return None
    declarer = moment.declarer
    if declarer is None:
        return _refuse("show_free_play", 17)
    if declarer not in (shower, viewer):
        return _refuse("show_defenders", 17)
    return None


_NO_TRADE = Ledger()


def refusal(moment: Moment, offer: Offer, ledger: Ledger = _NO_TRADE) -> IllegalOffer | None:
    """Why ``offer`` may not be made now, or ``None``: the checks that need no hidden card."""
    if offer.offerer == offer.to or not all(0 <= s < SEATS for s in (offer.offerer, offer.to)):
        return _refuse("bad_parties", 2)
    if moment.phase == "over":
        return _refuse("deal_over", None)
    # Spec §12.5: an offer without points (a barter, a free showing) is not bound by 5–50.
    if offer.price != 0 and not LOWEST <= abs(offer.price) <= HIGHEST:
        return _refuse("bad_price", 21, n=offer.price, low=LOWEST, high=HIGHEST)
    if offer.open_price and offer.kind != "swap":
        return _refuse("bad_price", 21, n=offer.price, low=LOWEST, high=HIGHEST)
    if offer.kind == "swap":
        return _swap_refusal(moment, offer)
    if offer.kind in ("show", "see"):
        viewer = offer.to if offer.shower == offer.offerer else offer.offerer
        return may_show(moment, offer.shower, viewer)
    return _move_refusal(moment, offer, ledger)


def _swap_refusal(moment: Moment, offer: Offer) -> IllegalOffer | None:
    gives, wants = offer.gives, offer.wants
    if offer.open_price and offer.price:
        return _refuse("bad_price", 21, n=offer.price, low=LOWEST, high=HIGHEST)
    if (offer.gives_more and not offer.give) or (offer.wants_more and not offer.want):
        return _refuse("swap_uneven", 18)
    if len(set(gives)) != len(gives) or len(set(wants)) != len(wants):
        return _refuse("swap_uneven", 18)
    if (offer.gives_more or offer.wants_more) and len(gives) != len(wants):
        return _refuse("swap_uneven", 18)  # hands stay equal: as many cards each way
    own = moment.hands[offer.offerer]
    for give in gives:
        if give not in own:
            return _refuse("cannot_give", 20, card=give)
    if not gives and not any(offer.give_suit in (None, c.suit) for c in own):
        return _refuse("no_card_of_suit", 20, suit=offer.give_suit)
    for want in wants:
        if want in own or want in gives:
            return _refuse("want_own", 20, card=want)
        if offer.suit is not None and want.suit is not offer.suit:
            return _refuse("want_suit", 20, card=want, suit=offer.suit)
        if moment.phase == "play" and _gone(moment, want):
            return _refuse("card_played", 20, card=want)
    return may_show(moment, offer.offerer, offer.to) or may_show(moment, offer.to, offer.offerer)


def _gone(moment: Moment, card: Card) -> bool:
    """``card`` has been played already (so nobody can hand it over)."""
    return not any(card in hand for hand in moment.hands)


def bound_seat(moment: Moment, offer: Offer) -> Seat:
    """Who a call or card bought must make it (:meth:`Offer.bound_to`)."""
    return offer.bound_to(moment.to_move)


def _move_refusal(moment: Moment, offer: Offer, ledger: Ledger) -> IllegalOffer | None:
    mover = moment.to_move
    if offer.kind == "call" and moment.phase == "auction" and offer.call is not None:
        seat = bound_seat(moment, offer)
        if ledger.binding(seat) is not None:
            return _refuse("already_bound", 20, seat=seat)
        if seat != mover:
            return None  # checked when that call is due: it lapses if it cannot be made
    if mover not in (offer.offerer, offer.to):
        return _refuse("not_their_move", 20, seat=mover if mover is not None else offer.to)
    if ledger.binding(mover) is not None:
        return _refuse("already_bound", 20, seat=mover)
    if offer.kind == "call":
        if moment.phase != "auction" or offer.call is None:
            return _refuse("no_auction", 18)
        assert moment.auction is not None
        try:
            check_call(moment.auction, offer.call)
        except BetelError as error:
            return _refuse("forbidden_call", 18, call=str(offer.call), why=error)
        return None
    if moment.phase != "play" or offer.card is None:
        return _refuse("no_play", 18)
    if _gone(moment, offer.card):
        return _refuse("card_played", 20, card=offer.card)
    if mover == offer.offerer:  # the offerer's own card: everything is known now
        return _play_refusal(moment, offer.card)
    if offer.card in moment.hands[offer.offerer]:
        return _refuse("want_own", 20, card=offer.card)
    return None


def _play_refusal(moment: Moment, card: Card) -> IllegalOffer | None:
    assert moment.play is not None
    problem = moment.play.refusal(card)
    if problem is not None:
        return _refuse("forbidden_play", 18, card=card, why=problem)
    return None


def fulfilment_refusal(
    moment: Moment,
    offer: Offer,
    precise: Card | None = None,
    *,
    precise_give: Card | None = None,
    price: int | None = None,
) -> IllegalOffer | None:
    """Why ``offer`` cannot be concluded as the addressee makes it precise (rule 20):
    ``precise`` the card they give for a general offer, ``precise_give`` the card of a
    general sale they name, ``price`` the price where the offer named none. What the
    addressee cannot give they cannot accept; what the offerer cannot give, the offerer
    must refuse."""
    if offer.kind == "swap":
        want = offer.want if offer.want is not None else precise
        if want is None:
            return _refuse("needs_precise", 20)
        if offer.want is not None and precise is not None and precise != offer.want:
            return _refuse("not_general", 20)
        if offer.suit is not None and want.suit is not offer.suit:
            return _refuse("want_suit", 20, card=want, suit=offer.suit)
        for card in offer.wants or (want,):
            if card not in moment.hands[offer.to]:
                return _refuse("cannot_fulfil", 20, card=card)
        if offer.give is not None and precise_give not in (None, offer.give):
            return _refuse("not_general", 20)
        give = offer.give if offer.give is not None else precise_give
        if give is None:
            return _refuse("needs_precise", 20)
        if offer.give_suit is not None and give.suit is not offer.give_suit:
            return _refuse("want_suit", 20, card=give, suit=offer.give_suit)
        if give not in moment.hands[offer.offerer] or give == want:
            return _refuse("offerer_cannot", 20, card=give)
        if offer.open_price and (price is None or not LOWEST <= price <= HIGHEST):
            return _refuse("needs_price", 21, low=LOWEST, high=HIGHEST)
        if not offer.open_price and price not in (None, abs(offer.price)):
            return _refuse("not_general", 20)
        return None
    if offer.kind == "play" and moment.to_move == offer.to:
        assert offer.card is not None
        if offer.card not in moment.hands[offer.to]:
            return _refuse("cannot_fulfil", 20, card=offer.card)
        return _play_refusal(moment, offer.card)
    return None


def answer(
    moment: Moment,
    ledger: Ledger,
    offer: Offer,
    *,
    accept: bool,
    moves: int = 0,
    precise: Card | None = None,
    precise_give: Card | None = None,
    price: int | None = None,
) -> tuple[Ledger, tuple[frozenset[Card], ...]]:
    """The addressee's answer; returns the ledger and the hands after it. An offer the rules
    forbid raises :class:`IllegalOffer`; so does accepting what cannot be fulfilled, and a
    general offer made precise in a way the offerer cannot fulfil (rule 20)."""
    require(offer, Offer, "answer")
    require(precise, Card, "answer(precise=…)", optional=True)
    require(precise_give, Card, "answer(precise_give=…)", optional=True)
    problem = refusal(moment, offer, ledger)
    if problem is not None:
        raise problem
    if not accept:
        record = Record(offer, "declined", moves, precise)
        return replace(ledger, records=(*ledger.records, record)), moment.hands
    problem = fulfilment_refusal(moment, offer, precise, precise_give=precise_give, price=price)
    if problem is not None:
        raise problem
    want = offer.want if offer.want is not None else precise
    give = offer.give if offer.give is not None else precise_give
    record = Record(
        offer,
        "accepted",
        moves,
        want if offer.want is None else None,
        precise_give=give if offer.give is None else None,
        price=price if offer.open_price else None,
    )
    ledger = replace(ledger, records=(*ledger.records, record))
    amount = price if offer.open_price and price is not None else abs(offer.price)
    if amount:
        ledger = ledger.pay(offer.payer, offer.payee, amount)
    hands = moment.hands
    if offer.kind == "swap":
        assert give is not None and want is not None
        gives, wants = offer.gives or (give,), offer.wants or (want,)
        for mine, theirs in zip(gives, wants, strict=True):
            hands = swap_cards(hands, offer.offerer, mine, offer.to, theirs)
        seen = {(offer.to, c) for c in gives} | {(offer.offerer, c) for c in wants}
        ledger = replace(ledger, shown=ledger.shown | seen)
    elif offer.kind in ("show", "see"):
        viewer = offer.to if offer.shower == offer.offerer else offer.offerer
        cards = [c for c in hands[offer.shower] if offer.suit is None or c.suit is offer.suit]
        ledger = replace(ledger, shown=ledger.shown | {(viewer, c) for c in cards})
    else:
        ledger = replace(ledger, bound=(*ledger.bound, (bound_seat(moment, offer), offer)))
    return ledger, hands


def swap_cards(
    hands: tuple[frozenset[Card], ...], first: int, card: Card, second: int, other: Card
) -> tuple[frozenset[Card], ...]:
    """``first`` hands ``card`` to ``second`` and gets ``other`` back."""
    changed = list(hands)
    changed[first] = (hands[first] - {card}) | {other}
    changed[second] = (hands[second] - {other}) | {card}
    return tuple(changed)


def bound_move(ledger: Ledger, seat: Seat) -> Call | Card | None:
    """The call or card ``seat`` has agreed to make now (rule 20: an offer is binding)."""
    offer = ledger.binding(seat)
    if offer is None:
        return None
    return offer.call if offer.kind == "call" else offer.card


def check_move(ledger: Ledger, seat: Seat, move: Call | Card) -> None:
    """Raise :class:`IllegalOffer` if ``seat`` agreed to a different call or card."""
    due = bound_move(ledger, seat)
    if due is not None and due != move:
        raise _refuse("bound", 20, move=str(due))


def settle_move(ledger: Ledger, seat: Seat, moment: Moment, moves: int = 0) -> Ledger:
    """Before ``seat`` moves: a bound move that has become impossible lapses and its payment
    goes back; a binding that can still be kept stays until the move is made."""
    offer = ledger.binding(seat)
    if offer is None:
        return ledger
    if _still_possible(moment, offer):
        return ledger
    ledger = made_move(ledger, seat)  # the binding goes, and so does the payment
    ledger = replace(ledger, records=(*ledger.records, Record(offer, "lapsed", moves)))
    return ledger.pay(offer.payee, offer.payer, abs(offer.price))


def _still_possible(moment: Moment, offer: Offer) -> bool:
    if offer.kind == "call":
        if moment.phase != "auction":  # a later call bought, and the auction ended first
            return False
        assert moment.auction is not None and offer.call is not None
        try:
            check_call(moment.auction, offer.call)
        except BetelError:
            return False
        return True
    assert moment.play is not None and offer.card is not None
    mover = moment.play.to_play
    return offer.card in moment.hands[mover] and moment.play.refusal(offer.card) is None


def made_move(ledger: Ledger, seat: Seat) -> Ledger:
    """``seat`` has made its move: its binding, if any, is fulfilled."""
    return replace(ledger, bound=tuple(item for item in ledger.bound if item[0] != seat))


def check_turn(round_: Round, seat: Seat) -> None:
    """Rule 2: offers go clockwise; only the player whose turn it is may offer now."""
    if round_.over:
        raise _refuse("round_over", 4)
    if seat != round_.turn:
        raise _refuse("not_your_turn", 2, seat=round_.turn)


def check_round_over(round_: Round) -> None:
    """Rule 4: the next call or card comes only once nobody has an offer left."""
    if not round_.over:
        raise _refuse("round_open", 4, seat=round_.turn)


def check_bid(points: int) -> None:
    """A bid for the first exchange: nothing (0) or 5 to 50 points (rules 9, 21)."""
    if points != 0 and not LOWEST <= points <= HIGHEST:
        raise _refuse("bad_price", 21, n=points, low=LOWEST, high=HIGHEST)


def first_exchange(
    bids: Sequence[int], *, dealer: int, totals: Sequence[int] = (0, 0, 0)
) -> Seat | None:
    """Who buys the first exchange from the bank (rules 9–10): ``bids`` are made from the
    dealer clockwise; the highest wins; a tie goes to the player with fewer points (``totals``
    by table seat), then to the one nearest the dealer. ``None`` when nobody bid."""
    for bid in bids:
        check_bid(bid)
    if len(bids) != SEATS or max(bids) == 0:
        return None
    order = Seat(dealer).clockwise()
    best = max(
        range(SEATS),
        key=lambda k: (bids[k], -totals[order[k]], -k),
    )
    return order[best]


def buy_first_exchange(
    ledger: Ledger, bids: Sequence[int], *, dealer: int, totals: Sequence[int] = (0, 0, 0)
) -> Ledger:
    """The ledger once the first exchange is sold: the winner pays the bank (rule 19)."""
    winner = first_exchange(bids, dealer=dealer, totals=totals)
    ledger = replace(ledger, first_bids=tuple(bids), first_caller=winner)
    if winner is None:
        return ledger
    return ledger.pay(winner, None, bids[winner.distance_from(dealer)])
