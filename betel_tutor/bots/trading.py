"""Computer players that trade (spec §8, level 9) with a simple value model.

A card is worth points to its holder by what it does for them: high cards help whoever wants
tricks (the declarer of a normal contract, and every defender), and hurt the declarer of a
betelek or Betel. A player accepts an offer when what it gets is worth at least what it gives,
makes an offer now and then when something would help it, and sometimes bluffs: it offers for
a card of a suit it does not need, to make the others think it does. Every offer it makes is
checked against the rules first, so it never makes a forbidden one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace

from betel_tutor.auction import Call, check_call
from betel_tutor.bots.beginner import choose_card
from betel_tutor.bots.bidding import choose_call
from betel_tutor.cards import Card, Rank, Suit
from betel_tutor.errors import BetelError
from betel_tutor.seats import Seat, seats
from betel_tutor.trade.model import Ledger, Moment, Offer, Record, Round
from betel_tutor.trade.rules import (
    answer,
    bound_seat,
    check_round_over,
    check_turn,
    fulfilment_refusal,
    refusal,
)

_HONOURS = {Rank.ACE: 20, Rank.KING: 14, Rank.QUEEN: 8, Rank.JACK: 4}
OFFER_CHANCE = 0.08  # how often a computer player has an offer when its turn to offer comes
BLUFF_CHANCE = 0.1
SEE_CHANCE = 0.3
GENERAL_CHANCE = 0.3  # how often a wider offer (a general purchase, a later call) is added
Why = tuple[str, dict[str, object]]  # a reason: a catalog key and its parameters
CANNOT = "cannot_fulfil"  # a record's reason: declined because it could not be fulfilled


def card_value(moment: Moment, seat: Seat, card: Card) -> int:
    """What holding ``card`` is worth to ``seat`` in points, by the contract it is played in."""
    value = _HONOURS.get(card.rank, 0)
    play = moment.play
    if play is None:
        return value
    if play.trump is card.suit:
        value += 6
    if play.declarer == seat and play.contract.is_misere:
        return -value  # a betelek declarer wants to lose tricks: high cards are a burden
    return value


def _ranking(moment: Moment, seat: Seat) -> Callable[[Card], tuple[int, int, int]]:
    """Cards by their value to ``seat``, ties by the card itself, so that a choice never
    depends on the order a hand happens to be stored in (nor on where unseen cards lie)."""
    return lambda card: (card_value(moment, seat, card), card.suit.order, card.rank)


@dataclass
class Trader:
    """One computer player's trading; ``rng`` makes its choices reproducible."""

    seat: Seat
    rng: random.Random
    chance: float = OFFER_CHANCE
    reasons: dict[Offer, Why] = field(default_factory=dict)  # why it made each offer
    # What its last :meth:`decide` named for a general offer (spec §12.5): the card of a
    # general sale it asks for, and the price where the offer named none.
    named: tuple[Card | None, int | None] = (None, None)

    def offer(self, moment: Moment, ledger: Ledger, made: Collection[Offer] = ()) -> Offer | None:
        """An offer this player would like to make now, or ``None``. It never repeats a
        declined offer unless something relevant to it has changed (:meth:`Ledger.declined`),
        nor one still waiting for an answer (``made``), nor asks for a card it knows the other
        cannot or may not give."""
        if self.rng.random() >= self.chance:
            return None
        candidates = [
            c
            for c in self._candidates(moment, ledger)
            if refusal(moment, c, ledger) is None
            and c not in made
            and not ledger.declined(c)
            and not self._cannot_get(moment, ledger, c)
        ]
        if not candidates:
            return None
        chosen = self.rng.choice(candidates)
        self.reasons[chosen] = self._why.get(chosen, ("bots.trade_want_card", {}))
        return chosen

    def reason(self, offer: Offer) -> Why | None:
        """Why this player made ``offer`` (a catalog key and its parameters)."""
        return self.reasons.get(offer)

    def _said_cannot(self, ledger: Ledger, offer: Offer) -> bool:
        """The addressee declined to give this card because it could not (rule 20), and has
        swapped no card since."""
        for k, record in enumerate(ledger.records):
            asked = record.offer
            if not (
                record.reason == CANNOT
                and asked.kind == "swap"
                and asked.to == offer.to
                and (asked.want, asked.suit) == (offer.want, offer.suit)
            ):
                continue
            later = ledger.records[k + 1 :]
            if not any(
                r.outcome == "accepted"
                and r.offer.kind == "swap"
                and offer.to in (r.offer.offerer, r.offer.to)
                for r in later
            ):
                return True
        return False

    def _cannot_get(self, moment: Moment, ledger: Ledger, offer: Offer) -> bool:
        """This player can tell the addressee cannot give the card a swap asks for: it was
        shown their cards of that suit, or saw them fail to follow it, or they are bound to
        play it."""
        if offer.kind != "swap":
            return False
        other = offer.to
        suit = offer.want.suit if offer.want is not None else offer.suit
        if suit is not None and suit in _voids(moment, other):
            return True
        seen = ledger.seen_by(self.seat)
        if offer.want is None:
            return suit is not None and (
                self._has_seen(ledger, other, suit) and not any(c.suit is suit for c in seen)
            )
        if self._said_cannot(ledger, offer):
            return True
        bound = ledger.binding(other)
        if bound is not None and bound.kind == "play" and bound.card == offer.want:
            return True
        return self._has_seen(ledger, other, offer.want.suit) and offer.want not in seen

    def _candidates(self, moment: Moment, ledger: Ledger) -> list[Offer]:
        me, mover = Seat(self.seat), moment.to_move
        others = [s for s in seats() if s != me]
        hand = sorted(moment.hands[me], key=_ranking(moment, me))
        offers: list[Offer] = []
        self._why: dict[Offer, Why] = {}
        if moment.phase == "auction" and moment.auction is not None:
            standing_by_me = moment.auction.declarer is not None and (
                moment.seat(moment.auction.declarer) == me
            )
            later = [s for s in others if s != mover]
            if later and standing_by_me and self.rng.random() < GENERAL_CHANCE:
                # A call bought from a player not about to call, for their next call (§12.5).
                assert moment.auction.standing is not None
                ahead = Offer("call", me, later[0], self.rng.choice((5, 10)), call=Call("pass"))
                offers.append(ahead)
                self._why[ahead] = (
                    "bots.trade_buy_pass",
                    {"seat": later[0], "contract": moment.auction.standing},
                )
            if mover is not None and mover != me and standing_by_me:
                offers.append(
                    Offer("call", me, mover, self.rng.choice((5, 10, 15)), call=Call("pass"))
                )
                assert moment.auction.standing is not None
                contract = moment.auction.standing
                self._why[offers[-1]] = (
                    "bots.trade_buy_pass",
                    {"seat": mover, "contract": contract},
                )
        for other in others:
            if hand:
                wanted = self._wanted(moment, other)
                if wanted is not None:
                    price = max(
                        5, min(50, card_value(moment, me, wanted) - card_value(moment, me, hand[0]))
                    )
                    offers.append(Offer("swap", me, other, price, give=hand[0], want=wanted))
                    params: dict[str, object] = {"card": wanted, "give": hand[0]}
                    self._why[offers[-1]] = ("bots.trade_want_card", params)
                    if self.rng.random() < GENERAL_CHANCE:  # "I buy spades" (spec §12.5)
                        general = Offer(
                            "swap", me, other, 0, give=hand[0], suit=wanted.suit, open_price=1
                        )
                        offers.append(general)
                        self._why[general] = ("bots.trade_want_card", params)
                if self.rng.random() < BLUFF_CHANCE:
                    suit = self.rng.choice(list(Suit))
                    offers.append(Offer("swap", me, other, 5, give=hand[0], suit=suit))
                    self._why[offers[-1]] = ("bots.trade_bluff", {"suit": suit})
            suit = self.rng.choice(list(Suit))
            if not self._has_seen(ledger, other, suit) and self.rng.random() < SEE_CHANCE:
                offers.append(Offer("see", me, other, self.rng.choice((5, 10)), suit=suit))
                self._why[offers[-1]] = ("bots.trade_see", {"suit": suit, "seat": other})
        return offers

    def _has_seen(self, ledger: Ledger, other: int, suit: Suit) -> bool:
        """Whether this player has already been shown ``other``'s cards of ``suit``."""
        return any(
            r.outcome == "accepted"
            and r.offer.kind in ("show", "see")
            and r.offer.shower == other
            and self.seat in (r.offer.offerer, r.offer.to)
            and r.offer.suit in (None, suit)
            for r in ledger.records
        )

    def _wanted(self, moment: Moment, other: int) -> Card | None:
        """The best card this player lacks that is still to be played."""
        mine = moment.hands[self.seat]
        unseen = [c for s, h in enumerate(moment.hands) if s != self.seat for c in h]
        if not unseen:
            return None
        best = max(unseen, key=_ranking(moment, self.seat))  # rule 1: no peeking
        return best if best not in mine and card_value(moment, self.seat, best) > 0 else None

    def answer(self, moment: Moment, ledger: Ledger, offer: Offer) -> tuple[bool, Card | None]:
        """Accept or decline ``offer`` made to this player; a general swap is made precise with
        the card it minds least. Never accepts what it cannot fulfil (rule 20)."""
        accept, precise, _ = self.decide(moment, ledger, offer)
        return accept, precise

    def decide(self, moment: Moment, ledger: Ledger, offer: Offer) -> tuple[bool, Card | None, Why]:
        """:meth:`answer`, with the reason for it (a catalog key and its parameters)."""
        me = self.seat
        received = offer.price if offer.payer != me else -abs(offer.price)
        precise = None
        self.named = (None, None)
        give, price = offer.give, None
        if offer.kind == "swap":
            if offer.want is None:
                own = [c for c in moment.hands[me] if offer.suit is None or c.suit is offer.suit]
                if not own:
                    return False, None, ("bots.trade_cannot", {})
                precise = min(own, key=_ranking(moment, me))
            wanted = offer.want or precise
            assert wanted is not None
            if give is None:  # a general sale: it names the best card it might get (rule 1)
                give = self._best_of(moment, offer.offerer, offer.give_suit)
                if give is None:
                    return False, precise, ("bots.trade_decline", {"points": 0})
            gets = sum(card_value(moment, me, c) for c in offer.gives or (give,))
            loses = sum(card_value(moment, me, c) for c in offer.wants or (wanted,))
            if offer.open_price:
                margin = gets - loses
                price = max(5, min(50, abs(margin) if offer.payer == me else 10 - margin))
                received = price if offer.payer != me else -price
            self.named = (give if offer.give is None else None, price)
            gain = gets - loses + received
            problem = fulfilment_refusal(
                moment, offer, precise, precise_give=self.named[0], price=price
            )
            if problem is not None and problem.reason == "offerer_cannot":
                # Made precise in a way the offerer cannot fulfil: he must refuse (rule 20).
                return False, precise, ("bots.trade_offerer_cannot", {"card": give})
        elif offer.kind in ("show", "see"):
            gain = received - (
                10 if offer.shower == me and offer.suit is None else 5 if offer.shower == me else 0
            )
        else:
            gain = self._move_gain(moment, offer, received)
        if fulfilment_refusal(moment, offer, precise) is not None:
            return False, precise, ("bots.trade_cannot", {})
        if gain < 0:
            return False, precise, ("bots.trade_decline", {"points": -gain})
        return True, precise, ("bots.trade_accept", {"points": gain})

    def _best_of(self, moment: Moment, other: int, suit: Suit | None) -> Card | None:
        """The card of ``suit`` this player would most like from ``other``: the best one it
        does not hold and has not seen elsewhere (it cannot see ``other``'s hand, rule 1)."""
        mine = moment.hands[self.seat]
        still = [c for h in moment.hands for c in h]  # the cards not yet played: public
        candidates = [c for c in still if c not in mine and (suit is None or c.suit is suit)]
        if not candidates:
            return None
        return max(candidates, key=_ranking(moment, self.seat))

    def _move_gain(self, moment: Moment, offer: Offer, received: int) -> int:
        if moment.to_move != self.seat:
            later = (
                offer.kind == "call"
                and moment.auction is not None
                and offer.call is not None
                and offer.call.kind == "pass"
                and bound_seat(moment, offer) == self.seat
            )
            if later and moment.auction is not None:
                # Its next call sold (spec §12.5): a pass, if it would pass now anyway.
                now = choose_call(moment.auction, moment.hands[self.seat])
                return received if now.kind == "pass" else received - 15
            return -1  # paying for somebody else's move: this model does not do it
        intended: Call | Card
        if offer.kind == "call" and moment.auction is not None:
            hand = moment.hands[self.seat]
            intended = choose_call(moment.auction, hand)
            try:
                assert offer.call is not None
                check_call(moment.auction, offer.call)
            except BetelError:
                return -1
            return received if str(intended) == str(offer.call) else received - 15
        if moment.play is not None:
            intended = choose_card(moment.play).card
            return received if intended == offer.card else received - 20
        return -1

    def bid_first_exchange(self, moment: Moment, dubel: tuple[Card, ...]) -> int:
        """A bid for the first exchange (rule 9): worth what the dubel adds to the hand."""
        gain = sum(card_value(moment, self.seat, c) for c in dubel) // 2
        if gain < 5:
            return 0
        return min(50, 5 * (gain // 5))


def _voids(moment: Moment, seat: Seat) -> set[Suit]:
    """The suits ``seat`` has shown it lacks by not following them (everyone sees the play)."""
    play = moment.play
    if play is None:
        return set()
    voids: set[Suit] = set()
    tricks = [(t.leader, t.cards) for t in play.tricks]
    for leader, cards in [*tricks, (play.leader, play.current)]:
        if not cards:
            continue
        for k, card in enumerate(cards):
            if leader.next(k) == seat and card.suit is not cards[0].suit:
                voids.add(cards[0].suit)
    return voids


@dataclass(frozen=True)
class Response:
    """A computer player's answer to an offer, made: the ledger and the hands after it, what
    it named for a general offer (``precise``, ``give``, ``price``) and why (a reason)."""

    accept: bool
    ledger: Ledger
    hands: tuple[frozenset[Card], ...]
    precise: Card | None
    give: Card | None
    price: int | None
    why: Why


def respond(
    trader: Trader, moment: Moment, ledger: Ledger, offer: Offer, *, moves: int
) -> Response:
    """``trader`` answers ``offer`` made to it, whoever made it (a computer player or the
    learner), and the answer is recorded after ``moves`` calls and cards; a decline because it
    could not fulfil the offer is recorded as such, so that everybody knows (rule 20)."""
    accept, precise, why = trader.decide(moment, ledger, offer)
    give, price = trader.named
    ledger, hands = answer(
        moment,
        ledger,
        offer,
        accept=accept,
        moves=moves,
        precise=precise,
        precise_give=give,
        price=price,
    )
    if not accept and why[0] == "bots.trade_cannot":
        last = replace(ledger.records[-1], reason=CANNOT)
        ledger = replace(ledger, records=(*ledger.records[:-1], last))
    return Response(accept, ledger, hands, precise, give, price, why)


MAX_OFFERS = 2  # offers one computer player makes in one round, so that every round ends


@dataclass(frozen=True)
class RoundResult:
    """A round of offers played out (rules 3–4): the moment and ledger after it, the offers
    made to the learner (who answers them at the prompt), and the records it added."""

    moment: Moment
    ledger: Ledger
    to_learner: tuple[Offer, ...]
    records: tuple[Record, ...]
    moments: tuple[Moment, ...]  # the moment each record was made at
    reasons: tuple[tuple[Why | None, Why | None], ...] = ()  # each record's offer and answer


def offer_round(
    moment: Moment,
    ledger: Ledger,
    traders: dict[int, Trader],
    *,
    moves: int,
    learner: int | None = None,
) -> RoundResult:
    """Everybody in turn, clockwise from the player after the one who moved (spec §12.5),
    makes offers or says they have none, until three in a row have none. The learner makes
    offers at their own prompt, so here they are asked for none; computer players answer
    offers made to them at once."""
    start = moment.asked_first
    if start is None or moment.to_move is None:
        return RoundResult(moment, ledger, (), (), ())
    round_ = Round(start)
    made = dict.fromkeys(seats(), 0)
    before = len(ledger.records)
    to_learner: list[Offer] = []
    moments: list[Moment] = []
    reasons: list[tuple[Why | None, Why | None]] = []
    while not round_.over:
        seat = round_.turn
        trader = traders.get(seat)
        offer = None
        if trader is not None and made[seat] < MAX_OFFERS:
            offer = trader.offer(moment, ledger, made=to_learner)
        if offer is None:
            round_ = round_.none()
            continue
        check_turn(round_, seat)
        made[seat] += 1
        round_ = round_.offered()
        if offer.to == learner or offer.to not in traders:
            to_learner.append(offer)
            continue
        response = respond(traders[offer.to], moment, ledger, offer, moves=moves)
        ledger = response.ledger
        reasons.append((trader.reason(offer) if trader is not None else None, response.why))
        moments.append(moment)
        moment = moment.with_hands(response.hands)
    check_round_over(round_)  # rule 4: the move comes only now
    records = ledger.records[before:]
    return RoundResult(moment, ledger, tuple(to_learner), records, tuple(moments), tuple(reasons))
