"""Offers written as text, for the learner's commands, scenario scripts and deal sheets.

``S>W swap ♥7 ♠A +20``: South offers West ♥7 for ♠A and pays 20 (``-20``: West pays).
``S>W buy ♠A ♥7 20`` is the same offer; ``S>W sell ♠A 20``: ♠A for a card West chooses, West
paying 20.
``W swap ♥7 ♠`` (the offerer known from context): ♥7 for any spade West chooses; ``?`` any card.
Several cards each way, as many each way: ``S>W swap ♥7,♥8 ♠A,♠K +20``. General offers
(spec §12.5): ``S>W buy ♠`` South buys a spade, West naming it, the card South gives and the
price; ``S>W sell ♣`` South sells a club, West naming it, the card he gives back and the
price. ``buy`` and ``sell`` without a price, or ``?`` as the price (``+?`` the offerer pays,
``-?`` the acceptor), leave the price to the acceptor (5–50); ``swap`` without one is a
barter, free. ``S>E call pass 15`` may buy the next call of a player not about to call.
``S>N call pass 15``, ``S>N play ♠A 10``: whichever of the two moves next makes that call or
plays that card. ``S>W show ♠ -10``: South shows West his spades, West pays 10;
``S>W see hand 20``: South pays 20 to see West's hand. Verbs in Polish too: zamiana, odzywka,
zagraj, pokaż, zobacz. Seats are read in any form :meth:`Seat.parse` reads: by letter (S, W,
N), by name or short form in either language (Pd, Zach, Pn), or Z for Zachód. Polish text is
written with the short forms, ``Pn>Zach odzywka pas +60``: a lone W there would read as a jack
(walet) or as Wschód.
"""

from __future__ import annotations

import re
from dataclasses import replace

from betel_tutor import i18n
from betel_tutor.auction import Call, parse_call
from betel_tutor.cards import Card, Suit, parse_card
from betel_tutor.errors import BetelError, NotationError
from betel_tutor.seats import Seat
from betel_tutor.trade.model import Offer, OfferKind

_VERBS: dict[str, OfferKind] = {
    "swap": "swap", "zamiana": "swap", "zamień": "swap", "zamien": "swap",
    "call": "call", "odzywka": "call",
    "play": "play", "zagraj": "play",
    "show": "show", "pokaż": "show", "pokaz": "show",
    "see": "see", "zobacz": "see",
}  # fmt: skip
_PRICE = re.compile(r"[+-]?\d{1,18}")  # decimal digits of any script ("٣" is 3), never "²"
_BUY = ("buy", "kup")  # buy WANT GIVE [price]: the offerer pays
_SELL = ("sell", "sprzedaj")  # sell GIVE [price]: the buyer pays and gives back a card he chooses
_ANY = ("?", "any", "dowolna")
_HAND = ("hand", "ręka", "reka", "all", "wszystko")


def _bad(token: str, text: str) -> NotationError:
    return NotationError("trade.bad_offer", token=token, position=max(text.find(token), 0))


def parse_seat(token: str) -> Seat:
    try:
        return Seat.parse(token)
    except ValueError:
        raise NotationError("trade.bad_seat", token=token, position=0) from None


def _card_words(verb: str) -> int:
    """How many words after ``verb`` name cards, suits or a call: two for a swap or a
    purchase (what is given, what is wanted), one otherwise."""
    return 2 if verb.lower() in _BUY or _VERBS.get(verb.lower()) == "swap" else 1


def parse_offer(text: str, *, offerer: int | None = None, lang: str = "en") -> Offer:
    """An offer from text; ``offerer`` is used when the text names only the addressee."""
    words = text.split()
    if len(words) < 2:
        raise _bad(text.strip() or text, text)
    parties, verb, *rest = words
    try:
        if ">" in parties:
            first, _, second = parties.partition(">")
            offerer, to = parse_seat(first), parse_seat(second)
        else:
            to = parse_seat(parties)
    except NotationError:
        raise _bad(parties, text) from None
    if offerer is None:
        raise _bad(parties, text)
    price, open_price, named, asked = 0, 0, False, False
    if rest and _PRICE.fullmatch(rest[-1]):
        price, named = int(rest.pop()), True
    elif rest and rest[-1] in ("+?", "-?") and len(rest) > 1:
        open_price = -1 if rest.pop().startswith("-") else 1
    elif rest and rest[-1] == "?" and len(rest) > _card_words(verb):
        # A bare ``?`` is the price only after the words the verb needs: ``swap ? ?`` is any
        # card for any card, ``swap ♥7 ♠ ?`` leaves the price to the acceptor, paid the way
        # the verb pays (``sell ♠A ?``: by the buyer).
        rest.pop()
        asked = True
    if verb.lower() in _BUY and len(rest) in (1, 2):
        want, give = rest[0], rest[1] if len(rest) == 2 else "?"
        verb, rest, price = "swap", [give, want], abs(price)
        open_price = open_price or (0 if named else 1)
    elif verb.lower() in _SELL and len(rest) == 1:
        verb, rest, price = "swap", [rest[0], "?"], -abs(price)
        open_price = open_price or (0 if named else -1)
    open_price = open_price or int(asked)
    kind = _VERBS.get(verb.lower())
    if kind is None:
        raise _bad(verb, text)
    try:
        offer = _offer(kind, Seat(offerer), to, price, rest, lang)
    except BetelError:
        raise _bad(" ".join(rest) or verb, text) from None
    return replace(offer, open_price=open_price) if open_price else offer


def _offer(
    kind: OfferKind, offerer: Seat, to: Seat, price: int, args: list[str], lang: str
) -> Offer:
    base = Offer(kind, offerer, to, price)
    if kind == "swap":
        if len(args) != 2:
            raise _bad(" ".join(args), " ".join(args))
        gives, give_suit = _side(args[0], lang)
        wants, suit = _side(args[1], lang)
        return Offer(
            kind,
            offerer,
            to,
            price,
            give=gives[0] if gives else None,
            want=wants[0] if wants else None,
            suit=suit,
            gives_more=gives[1:],
            wants_more=wants[1:],
            give_suit=give_suit,
        )
    if kind == "call" and len(args) == 1:
        return Offer(kind, offerer, to, price, call=parse_call(args[0], lang=lang))
    if kind == "play" and len(args) == 1:
        return Offer(kind, offerer, to, price, card=parse_card(args[0], lang=lang))
    if kind in ("show", "see") and len(args) <= 1:
        if not args or args[0].lower() in _HAND:
            return base
        return Offer(kind, offerer, to, price, suit=Suit.parse(args[0]))
    raise _bad(" ".join(args), " ".join(args))


def parse_precise(
    text: str, offer: Offer, *, lang: str = "en"
) -> tuple[Card | None, Card | None, int | None]:
    """The acceptor's answer to a general offer (spec §12.5): the card they give (where the
    offer asks for any card), the offerer's card they name (a general sale), and the price
    (where the offer names none), in that order: ``♠9``, ``♦K ♣9 15``."""
    cards: list[Card] = []
    price: int | None = None
    for token in text.replace(",", " ").split():
        if _PRICE.fullmatch(token) and not token.startswith("-") and price is None:
            price = int(token)
        else:
            cards.append(parse_card(token, lang=lang))
    precise = cards.pop(0) if offer.want is None and cards else None
    give = cards.pop(0) if offer.give is None and cards else None
    if cards or not (precise or give or price is not None):
        raise _bad(text.strip() or text, text)
    return precise, give, price


def _side(token: str, lang: str) -> tuple[tuple[Card, ...], Suit | None]:
    """One side of a swap: named cards (``♠A`` or ``♠A,♠K``), or a suit or ``?`` for a card
    the acceptor names."""
    if token.lower() in _ANY:
        return (), None
    try:  # a suit (``♠``, ``S``, ``pik``, ``spades``), else cards
        return (), Suit.parse(token)
    except NotationError:
        return tuple(parse_card(part, lang=lang) for part in token.split(",")), None


_POLISH_VERBS: dict[OfferKind, str] = {
    "swap": "zamiana", "call": "odzywka", "play": "zagraj", "show": "pokaż", "see": "zobacz",
}  # fmt: skip


def format_offer(offer: Offer, *, lang: str = "en") -> str:
    """The text of ``offer`` (``parse_offer`` reads it back): canonical in English, with the
    Polish seats, verbs, card letters and calls in Polish (``Zach>Pn odzywka pas +15``)."""
    polish = lang == "pl"
    verb = _POLISH_VERBS[offer.kind] if polish else offer.kind
    words = [f"{offer.offerer.short(lang)}>{offer.to.short(lang)}", verb]
    if offer.kind == "swap":
        words += [
            _side_text(offer.gives, offer.give_suit, lang),
            _side_text(offer.wants, offer.suit, lang),
        ]
    elif offer.kind == "call":
        words.append(offer.call.format(lang=lang) if offer.call is not None else "")
    elif offer.kind == "play":
        words.append(offer.card.format(lang=lang) if offer.card is not None else "")
    else:
        hand = "ręka" if polish else "hand"
        words.append(str(offer.suit) if offer.suit is not None else hand)
    if offer.price:
        words.append(f"{offer.price:+d}")
    elif offer.open_price:
        words.append("+?" if offer.open_price > 0 else "-?")
    return " ".join(words)


def _side_text(cards: tuple[Card, ...], suit: Suit | None, lang: str) -> str:
    if cards:
        return ",".join(card.format(lang=lang) for card in cards)
    return str(suit) if suit is not None else "?"


def call_words(call: Call, lang: str) -> str:
    """A call as players say it: "pas", "kontra", "2BA" in Polish."""
    if call.contract is not None:
        return call.contract.format(lang=lang)
    return i18n.translate(f"trade.call_{call.kind}", lang)


def describe(offer: Offer, lang: str, names: tuple[str, ...], mover: Seat | None = None) -> str:
    """The offer in words: "South offers West ♥7 for ♠A and pays 20". ``mover``: who moves
    next when the offer is made, which says who a call bought binds (:meth:`Offer.bound_to`)."""
    what = {
        "swap": "swap_named" if offer.want is not None else "swap_general",
        "call": "call",
        "play": "play",
        "show": "show",
        "see": "see",
    }[offer.kind]
    if offer.kind in ("show", "see"):
        what += "_suit" if offer.suit is not None else "_hand"
    wide = offer.kind == "swap" and bool(
        offer.give is None
        or offer.gives_more
        or offer.wants_more
        or offer.open_price
        or (offer.want is None and offer.suit is None)
    )
    if wide:
        what = "swap_named"
    params = {
        "offerer": names[offer.offerer],
        "to": names[offer.to],
        "give": _side_words(offer.gives, offer.give_suit, "trade.named_card", lang, names[offer.to])
        if wide
        else offer.give.localized(lang)
        if offer.give
        else "",
        "want": _side_words(offer.wants, offer.suit, "trade.any_card", lang, names[offer.to])
        if wide
        else offer.want.localized(lang)
        if offer.want
        else "",
        "suit": str(offer.suit) if offer.suit else i18n.translate("trade.any_suit", lang),
        "call": call_words(offer.call, lang) if offer.call else "",
        "caller": names[offer.bound_to(mover)] if offer.kind == "call" else "",
        "card": offer.card.localized(lang) if offer.card else "",
    }
    text = i18n.translate(f"trade.offer_{what}", lang, **params)
    if offer.price:
        key = "trade.price_pays" if offer.price > 0 else "trade.price_paid"
        text += i18n.translate(key, lang, points=abs(offer.price))
    elif offer.open_price:
        payer = names[offer.payer]
        text += i18n.translate("trade.price_open", lang, to=names[offer.to], payer=payer)
    return text


def _side_words(
    cards: tuple[Card, ...], suit: Suit | None, key: str, lang: str, acceptor: str
) -> str:
    """One side of a swap in words: the cards named, or the card the acceptor names."""
    if cards:
        return ", ".join(card.localized(lang) for card in cards)
    if suit is None:
        return i18n.translate(f"{key}_any", lang, to=acceptor)
    return i18n.translate(key, lang, suit=str(suit), to=acceptor)
