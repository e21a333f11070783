"""The library takes values, not their text: one check for its entry points.

``Auction.call("1♣")`` once failed deep inside with ``AttributeError: 'str' object has no
attribute 'take'``, and ``play_card(state, "♠A")`` said the player does not hold ♠A. An entry
point that takes a ``Call``, a ``Card``, cards, a ``Contract``, a ``Suit`` or an ``Offer``
checks it here, and text is refused with a :class:`~betel_tutor.errors.WrongArgument` (a
``TypeError``) that names the function reading it:

>>> from betel_tutor.auction import Call
>>> try:
...     require("1♣", Call, "Auction.call")
... except TypeError as refused:
...     print(refused)
Auction.call takes a Call, not the text '1♣': read it with betel_tutor.auction.parse_call('1♣')

This module imports none of those types (they import it): a kind is known by its name.
Functions on the hot path of playouts and the solver (``legal_plays``, ``trick_winner``) do not
check before they work; they call :func:`explain_failure` when a value fails them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from betel_tutor.errors import WrongArgument

T = TypeVar("T")

READERS = {
    "Call": "betel_tutor.auction.parse_call",
    "Card": "betel_tutor.cards.parse_card",
    "Contract": "betel_tutor.contracts.parse_contract",
    "Suit": "betel_tutor.cards.Suit.parse",
    "Offer": "betel_tutor.trade.parse_offer",
}
"""The function that reads each kind of value from text."""
MANY_READERS = {"Card": "betel_tutor.cards.parse_cards"}
"""The function that reads several values of a kind from one text (a hand, a trick)."""


def wrong(value: object, kind: type, where: str, *, many: bool = False) -> WrongArgument:
    """The refusal of ``value`` given to ``where`` in place of a ``kind`` (``many``: in
    place of a collection of them)."""
    name = kind.__name__
    if isinstance(value, str):
        reader = (MANY_READERS if many else READERS)[name]
        key = "common.takes_many_not_text" if many else "common.takes_not_text"
        return WrongArgument(key, where=where, kind=name, text=repr(value), reader=reader)
    given = type(value).__name__
    key = "common.takes_many_not_type" if many else "common.takes_not_type"
    return WrongArgument(key, where=where, kind=name, given=given)


def require(value: object, kind: type, where: str, *, optional: bool = False) -> None:
    """Refuse ``value`` unless it is a ``kind`` (or, ``optional``, ``None``)."""
    if not isinstance(value, kind) and not (optional and value is None):
        raise wrong(value, kind, where)


def require_all(values: object, kind: type[T], where: str) -> tuple[T, ...]:
    """``values`` as a tuple, refused unless they are all ``kind``: a hand, a trick, a dubel.
    Text is refused whole (a hand written ``"♠AK ♥7"`` is not a collection of cards). The
    tuple is what the caller goes on with: an iterator given is used up by the check."""
    if isinstance(values, str) or not isinstance(values, Iterable):
        raise wrong(values, kind, where, many=True)
    taken = tuple(values)
    for value in taken:
        if not isinstance(value, kind):
            raise wrong(value, kind, where)
    return taken


def explain_failure(where: str, kind: type, *collections: object) -> None:
    """After a fast function failed on its arguments (an ``AttributeError`` on text): refuse
    the first argument that is not a collection of ``kind``; return if all are, so that the
    caller re-raises what really happened."""
    for values in collections:
        require_all(values, kind, where)
