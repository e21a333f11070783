"""Explanations as data: steps are message keys with parameters, worded on demand."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from betel_tutor import i18n
from betel_tutor.cards import Card, Rank, Suit, sort_cards
from betel_tutor.errors import BetelError, cited

# -- steps: message keys with parameters, worded on demand -----------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an explanation: a catalog ``key``, its ``params``, and the rule it cites."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()
    rule: int | None = None
    law: str | None = None

    @classmethod
    def of(
        cls, key: str, /, *, rule: int | None = None, law: str | None = None, **params: Any
    ) -> Step:
        return cls(key, tuple((name, _frozen(value)) for name, value in params.items()), rule, law)

    @classmethod
    def from_error(cls, error: BetelError) -> Step:
        """An error's message as a step (a refused card, an illegal call)."""
        return cls.of(error.key, rule=error.rule, law=getattr(error, "law", None), **error.params)

    def text(self, lang: str = "en") -> str:
        """The step in words, with the rule cited when there is one."""
        params = {name: _worded(value, lang) for name, value in self.params}
        return cited(self.key, lang, params, rule=self.rule, law=self.law)

    def localized(self, lang: str) -> str:
        return self.text(lang)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "key": self.key,
            "params": {name: _plain(value) for name, value in self.params},
            "rule": self.rule,
        }
        if self.law is not None:  # bridge steps cite a law ("51B1a")
            data["law"] = self.law
        if lang is not None:
            data["text"] = self.text(lang)
        return data


def _frozen(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        items = list(value)
        return tuple(sort_cards(items)) if all(isinstance(v, Card) for v in items) else tuple(items)
    if isinstance(value, list):
        return tuple(value)
    return value


def _worded(value: Any, lang: str) -> Any:
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, tuple):
        return ", ".join(str(_worded(item, lang)) for item in value)
    if hasattr(value, "localized"):  # cards, seats, steps, errors, and contracts: 2NT (Two NT)
        name = value.localized(lang)
        notation = value.format(lang=lang) if hasattr(value, "format") else name
        return name if notation == name else f"{notation} ({name})"
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, i18n.Plural):
        return value.n
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Step):
        return value.to_json()
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


@dataclass(frozen=True, slots=True, kw_only=True)
class Explanation:
    """What every explanation has: its steps, worded by ``lines`` and listed by ``to_json``."""

    steps: tuple[Step, ...]

    def lines(self, lang: str = "en") -> list[str]:
        return [step.text(lang) for step in self.steps]

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """Plain data for ``json.dumps``; with ``lang`` each step also carries its ``text``."""
        return {**self._facts(), "steps": [step.to_json(lang) for step in self.steps]}

    def _facts(self) -> dict[str, Any]:
        return {}


def cards_json(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def trump_json(trump: Suit | None) -> str | None:
    return None if trump is None else trump.symbol


def check_cards(cards: Sequence[Card], *, betel: bool) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise BetelError("cards.duplicate", card=card)
        seen.add(card)
        if betel and card.rank < Rank.SEVEN:
            raise BetelError("explain.not_betel_card", card=card)


def highest(trick: Sequence[Card], suit: Suit | None) -> Card | None:
    cards = [card for card in trick if card.suit is suit]
    return max(cards, key=lambda card: card.rank) if cards else None


def trumps_step(trump: Suit | None) -> Step:
    if trump is None:
        return Step.of("explain.no_trumps")
    return Step.of("explain.trumps", trump=trump)
