"""Values as a reader sees them in a language: the one place where a message's parameters
(cards, calls, contracts, seats) become text.

Cards, calls and contracts stay values through the library (style §12) and are formatted only
here, at display time, with the reader's language: Polish writes ``♥D``, ``pas``, ``2BA``
(spec §12.7), English ``♥Q``, ``pass``, ``2NT``.

>>> from betel_tutor.auction import parse_call
>>> from betel_tutor.cards import parse_cards
>>> shown(parse_cards("♥Q ♠J"), "pl"), shown(parse_call("2NT"), "pl"), shown(Seat(1), "pl")
('♥D ♠W', '2BA', 'Zachód')
"""

from __future__ import annotations

from typing import Any

from betel_tutor.auction import Call
from betel_tutor.cards import Card, Suit, format_cards, sort_cards
from betel_tutor.contracts import Contract
from betel_tutor.errors import BetelError
from betel_tutor.i18n import decimal
from betel_tutor.seats import Seat


def shown(value: Any, lang: str) -> Any:
    """``value`` as text in ``lang`` when it is a card, call, contract (its notation), seat
    (its name), suit, error (its message), an estimate (a float, one decimal in the language's
    way) or a collection of cards (in the order given; a set
    in display order); anything else as it is."""
    if isinstance(value, Card | Call | Contract):
        return value.format(lang=lang)
    if isinstance(value, Seat):
        return value.localized(lang)
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, BetelError):
        return value.message(lang)
    if isinstance(value, float):  # an estimate: "7,1" in Polish
        return decimal(value, lang)
    if isinstance(value, set | frozenset) and all(isinstance(v, Card) for v in value):
        return format_cards(sort_cards(value), lang=lang)
    if isinstance(value, list | tuple) and value and all(isinstance(v, Card) for v in value):
        return format_cards(value, lang=lang)
    return value


def shown_params(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """A message's parameters, each :func:`shown` in ``lang``."""
    return {name: shown(value, lang) for name, value in params.items()}
