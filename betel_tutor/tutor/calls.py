"""Calls and the computer players' reasons for them, as the learner reads them: ``2BA`` and
``pas`` in Polish, the exchange's cards with the Polish rank letters (``[♠D>♣7]2♠``), and the
estimates with a decimal comma (:meth:`~betel_tutor.tutor.context.Context.reason`).
"""

from __future__ import annotations

from betel_tutor.auction import Call
from betel_tutor.cards import Card, format_cards
from betel_tutor.contracts import Contract
from betel_tutor.tutor.context import Context


def shown_call(call: Call, lang: str) -> str:
    """A call as the learner reads it: in Polish ``2NT`` is ``2BA``, ``pass`` is ``pas`` and
    the exchange's cards have the Polish rank letters (:func:`~betel_tutor.auction.parse_call`
    reads them back with ``lang="pl"``).

    >>> from betel_tutor.auction import parse_call
    >>> shown_call(parse_call("[♠Q>♣7]2NT"), "pl"), shown_call(parse_call("[?♥J]pass"), "pl")
    ('[♠D>♣7]2BA', '[?♥W]pas')
    """
    if lang != "pl":
        return str(call)
    cards = format_cards(call.take, lang=lang).replace(" ", "")
    if call.take:
        cards += ">" + format_cards(call.lay, lang=lang).replace(" ", "")
    elif call.looked:
        cards = "?" + format_cards(call.looked, lang=lang).replace(" ", "")
    word: str = "pas" if call.kind == "pass" else call.kind
    if call.contract is not None:
        word = str(call.contract).replace("NT", "BA")
    return f"[{cards}]{word}" if cards else word


def explain(ctx: Context, key: str, params: dict[str, object]) -> str:
    """A call's reason (a full catalog key) in the learner's language, the contracts and calls
    in its notation."""
    values: dict[str, object] = {}
    for name, value in params.items():
        if isinstance(value, Call):
            value = shown_call(value, ctx.lang)
        elif isinstance(value, Contract):
            value = value.format(lang=ctx.lang)
        elif isinstance(value, tuple) and all(isinstance(card, Card) for card in value):
            value = format_cards(value, lang=ctx.lang)
        values[name] = value
    return ctx.reason(key, values)
