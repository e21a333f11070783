"""Offers written as text, for the learner's commands, scenario scripts and deal sheets.

``S>W swap ♥7 ♠A +20``: South offers West ♥7 for ♠A and pays 20 (``-20``: West pays).
``S>W buy ♠A ♥7 20`` is the same offer; ``S>W sell ♠A 20``: ♠A for a card West chooses, West
paying 20.
``W swap ♥7 ♠`` (the offerer known from context): ♥7 for any spade West chooses; ``?`` any card.
``S>N call pass 15``, ``S>N play ♠A 10``: whichever of the two moves next makes that call or
plays that card. ``S>W show ♠ -10``: South shows West his spades, West pays 10;
``S>W see hand 20``: South pays 20 to see West's hand. Verbs in Polish too: zamiana, odzywka,
zagraj, pokaż, zobacz; seats by letter (S, W, N) or by name in either language.
"""

from __future__ import annotations

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
    price = 0
    if rest and rest[-1].lstrip("+-").isdigit():
        price = int(rest.pop())
    if verb.lower() in _BUY and len(rest) == 2:
        verb, rest, price = "swap", [rest[1], rest[0]], abs(price)
    elif verb.lower() in _SELL and len(rest) == 1:
        verb, rest, price = "swap", [rest[0], "?"], -abs(price)
    kind = _VERBS.get(verb.lower())
    if kind is None:
        raise _bad(verb, text)
    try:
        return _offer(kind, Seat(offerer), to, price, rest, lang)
    except BetelError:
        raise _bad(" ".join(rest) or verb, text) from None


def _offer(
    kind: OfferKind, offerer: Seat, to: Seat, price: int, args: list[str], lang: str
) -> Offer:
    base = Offer(kind, offerer, to, price)
    if kind == "swap":
        if len(args) != 2:
            raise _bad(" ".join(args), " ".join(args))
        give = parse_card(args[0], lang=lang)
        want: Card | None = None
        suit: Suit | None = None
        if args[1].lower() in _ANY:
            pass
        else:
            try:  # a suit (``♠``, ``S``, ``pik``, ``spades``), else a card
                suit = Suit.parse(args[1])
            except NotationError:
                want = parse_card(args[1], lang=lang)
        return Offer(kind, offerer, to, price, give=give, want=want, suit=suit)
    if kind == "call" and len(args) == 1:
        return Offer(kind, offerer, to, price, call=parse_call(args[0]))
    if kind == "play" and len(args) == 1:
        return Offer(kind, offerer, to, price, card=parse_card(args[0], lang=lang))
    if kind in ("show", "see") and len(args) <= 1:
        if not args or args[0].lower() in _HAND:
            return base
        return Offer(kind, offerer, to, price, suit=Suit.parse(args[0]))
    raise _bad(" ".join(args), " ".join(args))


_POLISH_VERBS: dict[OfferKind, str] = {
    "swap": "zamiana", "call": "odzywka", "play": "zagraj", "show": "pokaż", "see": "zobacz",
}  # fmt: skip


def format_offer(offer: Offer, *, lang: str = "en") -> str:
    """The text of ``offer`` (``parse_offer`` reads it back): canonical in English, with the
    Polish verbs, card letters and calls in Polish (``W>N odzywka pas +15``)."""
    polish = lang == "pl"
    verb = _POLISH_VERBS[offer.kind] if polish else offer.kind
    words = [f"{offer.offerer.letter}>{offer.to.letter}", verb]
    if offer.kind == "swap":
        want = offer.want or offer.suit or "?"
        give = offer.give.format(lang=lang) if offer.give is not None else "?"
        words += [give, want.format(lang=lang) if isinstance(want, Card) else str(want)]
    elif offer.kind == "call":
        words.append(offer.call.format(lang=lang) if offer.call is not None else "")
    elif offer.kind == "play":
        words.append(offer.card.format(lang=lang) if offer.card is not None else "")
    else:
        hand = "ręka" if polish else "hand"
        words.append(str(offer.suit) if offer.suit is not None else hand)
    if offer.price:
        words.append(f"{offer.price:+d}")
    return " ".join(words)


def call_words(call: Call, lang: str) -> str:
    """A call as players say it: "pas", "kontra", "2BA" in Polish."""
    if call.contract is not None:
        return call.contract.format(lang=lang)
    return i18n.translate(f"trade.call_{call.kind}", lang)


def describe(offer: Offer, lang: str, names: tuple[str, ...]) -> str:
    """The offer in words: "South offers West ♥7 for ♠A and pays 20"."""
    what = {
        "swap": "swap_named" if offer.want is not None else "swap_general",
        "call": "call",
        "play": "play",
        "show": "show",
        "see": "see",
    }[offer.kind]
    if offer.kind in ("show", "see"):
        what += "_suit" if offer.suit is not None else "_hand"
    params = {
        "offerer": names[offer.offerer],
        "to": names[offer.to],
        "give": offer.give.localized(lang) if offer.give else "",
        "want": offer.want.localized(lang) if offer.want else "",
        "suit": str(offer.suit) if offer.suit else i18n.translate("trade.any_suit", lang),
        "call": call_words(offer.call, lang) if offer.call else "",
        "card": offer.card.localized(lang) if offer.card else "",
    }
    text = i18n.translate(f"trade.offer_{what}", lang, **params)
    if offer.price:
        key = "trade.price_pays" if offer.price > 0 else "trade.price_paid"
        text += i18n.translate(key, lang, points=abs(offer.price))
    return text
