"""What the sheet of a bridge board adds: board number, dealer, vulnerability, each hand's
high-card points and the makeable-contracts grid from DDS (``templates/_bridge_board.html.j2``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from betel_tutor import i18n
from betel_tutor.cards import Card, Rank
from betel_tutor.scenario.model import DealSpec
from betel_tutor.seats import Seat

if TYPE_CHECKING:
    from betel_tutor.bridge.dd import DoubleDummy, ParContract

_POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
_VULNERABLE = {
    "none": "bridge.vul_none",
    "NS": "bridge.vul_ns",
    "EW": "bridge.vul_ew",
    "all": "bridge.vul_all",
}


def high_card_points(hand: tuple[Card, ...]) -> int:
    """Milton Work's count: A 4, K 3, Q 2, J 1.

    >>> from betel_tutor.cards import parse_cards
    >>> high_card_points(tuple(parse_cards("♠AKQJ ♥A ♦2")))
    14
    """
    return sum(_POINTS.get(card.rank, 0) for card in hand)


@dataclass(frozen=True)
class BridgeView:
    """The board's facts and, when DDS can solve it, the grid: per seat the highest level it
    makes as declarer in each strain ("—": none)."""

    labels: dict[str, str]
    board: str
    vulnerable: str
    points: list[tuple[str, int]]  # (seat, HCP)
    strains: list[str]
    grid: list[tuple[str, list[str]]]  # (seat, level per strain)
    par: str
    result: str = ""  # the declarer's tricks, when the board says


@lru_cache(maxsize=64)
def _solved(pbn_deal: str, vulnerable: str, dealer: int) -> object:
    """DDS's table and par of a board, computed once and kept in the user's cache folder
    beside the trick tables (:mod:`betel_tutor.render.cache`), keyed by the board and
    endplay's version; an entry that cannot be read is computed again."""
    import hashlib
    import json
    from importlib.metadata import version

    from betel_tutor.bridge.dd import DoubleDummy, double_dummy
    from betel_tutor.render.cache import cache_folder, read_entry, write_entry

    shape = [pbn_deal, vulnerable, dealer, version("endplay")]
    key = hashlib.sha256(json.dumps(shape).encode("utf-8")).hexdigest()
    path = cache_folder("dd-tables") / f"{key}.json"
    try:
        return DoubleDummy.from_entry("", read_entry(path))
    except (ValueError, KeyError, TypeError):
        solved = double_dummy(pbn_deal, Seat(dealer, 4), vulnerable)
        write_entry(path, solved.entry())
        return solved


def par_contract(solved: DoubleDummy, contract: ParContract, lang: str) -> str:
    """A par contract as BridgeComposer and endplay write it, with the tricks over or under
    the contract that best play takes: "3NT+1 N", "4♠= S", "5♦x-2 E"."""
    tricks = solved.tricks[contract.declarer][contract.strain]
    over = tricks - 6 - contract.level
    strain = i18n.translate("bridge.nt", lang) if contract.strain == "NT" else contract.strain
    double = i18n.translate("bridge.doubled", lang) if contract.doubled else ""
    result = f"{over:+d}" if over else "="
    return f"{contract.level}{strain}{double}{result} {contract.declarer.letter}"


def bridge_view(
    deal: DealSpec, hands: tuple[tuple[Card, ...], ...], lang: str, *, grid: bool = True
) -> BridgeView:
    """The board's facts; with ``grid`` (the answer sheet) DDS's makeable contracts and par,
    unless the board is a variant DDS cannot solve."""
    from betel_tutor.bridge.board import BridgeBoard
    from betel_tutor.bridge.dd import SEATS, STRAINS, DoubleDummy

    keys = ("board", "vulnerable", "hcp", "makeable", "declarer")
    labels = {key: i18n.translate(f"bridge.{key}", lang) for key in keys}
    vulnerable = deal.vulnerable or "none"
    board = BridgeBoard(deal.id, hands, Seat(deal.dealer, 4), deal.board, vulnerable)
    points = [(seat.localized(lang), high_card_points(hands[seat])) for seat in SEATS]
    nt = i18n.translate("bridge.nt", lang)
    strains = [nt if strain == "NT" else strain for strain in STRAINS]
    rows: list[tuple[str, list[str]]] = []
    par = ""
    if grid and deal.variant is None:
        solved = _solved(board.pbn_deal(), vulnerable, int(board.dealer))
        assert isinstance(solved, DoubleDummy)
        for seat in SEATS:
            levels = [solved.makeable(seat, strain) for strain in STRAINS]
            rows.append((seat.localized(lang), ["—" if n is None else str(n) for n in levels]))
        contracts = ", ".join(par_contract(solved, c, lang) for c in solved.par_contracts)
        contracts = contracts or "—"
        par = i18n.translate("bridge.par", lang, score=solved.par_score, contracts=contracts)
    return BridgeView(
        labels=labels,
        board="" if deal.board is None else str(deal.board),
        vulnerable=i18n.translate(_VULNERABLE[vulnerable], lang),
        points=points,
        strains=strains,
        grid=rows,
        par=par,
        result=""
        if deal.result is None
        else i18n.translate_plural("bridge.result", deal.result, lang),
    )
