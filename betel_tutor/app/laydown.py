"""``laydown``: prove that a hand makes its contract against every distribution and defence
(spec §12.6), or that no line does."""

from __future__ import annotations

from dataclasses import dataclass

from betel_tutor.cards import parse_cards
from betel_tutor.contracts import parse_contract
from betel_tutor.solver.laydown import DEFAULT_BUDGET, Laydown, check_laydown


@dataclass(frozen=True, slots=True)
class LaydownOptions:
    hand: str  # the declarer's ten cards
    contract: str
    dubel: str | None = None  # None: the ten cards alone, with no exchange
    budget: int = DEFAULT_BUDGET  # information sets searched before answering open
    workers: int = 1
    language: str = "en"  # the language the cards are written in


def laydown(options: LaydownOptions) -> Laydown:
    language = options.language
    cards = parse_cards(options.hand, lang=language)
    dubel = parse_cards(options.dubel, lang=language) if options.dubel else None
    contract = parse_contract(options.contract)
    return check_laydown(cards, dubel, contract, budget=options.budget, workers=options.workers)
