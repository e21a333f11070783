"""A scenario's bridge deals as boards, and boards as a scenario: what ``convert`` does
between PBN or LIN and YAML, and how ``check`` and ``render`` read a PBN or LIN file as the
scenario it converts to (:func:`as_scenario`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from betel_tutor import i18n
from betel_tutor.bridge import pbn
from betel_tutor.bridge.board import BridgeBoard, Said, bad_file, format_of
from betel_tutor.bridge.files import read_board_file as read_board_file
from betel_tutor.bridge.played import from_auction
from betel_tutor.cards import Suit, sort_cards
from betel_tutor.contracts import Contract, free_play
from betel_tutor.errors import ScenarioError
from betel_tutor.scenario.deals import realize
from betel_tutor.scenario.model import DealSpec, Game, Scenario, Text
from betel_tutor.scenario.writer import dump
from betel_tutor.seats import Seat


def problem_error(path: str, problem: Any) -> ScenarioError:
    """A scenario's problem (a :class:`~betel_tutor.scenario.source.Problem`) as the error a
    board file's reader raises."""
    return bad_file(path, problem.position.line or None, Said(problem))


def boards_of(scenario: Scenario, path: str) -> list[BridgeBoard]:
    """The bridge boards of a scenario read from ``path``."""
    boards = []
    for deal in scenario.deals:
        if not deal.profile.boards:
            continue
        dealt = realize(deal)
        boards.append(
            BridgeBoard(
                id=deal.id,
                hands=tuple(tuple(sort_cards(hand)) for hand in dealt.hands),
                dealer=Seat(deal.dealer, 4),
                number=deal.board,
                vulnerable=deal.vulnerable or "none",
                notes=deal.current_notes(),
                variant=deal.variant,
                trump=deal.trump,
                event=scenario.title.get("en"),
                **_yaml_played(deal),
            )
        )
    if not boards:
        raise ScenarioError("bridge.no_boards", path=path)
    return boards


def _yaml_played(deal: Any) -> dict[str, Any]:
    """A scenario deal's auction, contract, declarer, play and result as a board holds them."""
    contract = deal.contract
    written: str | None = None
    if contract is not None and contract.kind == "normal":
        strain = "NT" if contract.strain is None else contract.strain.symbol
        written = f"{contract.level}{strain}"
    elif contract is not None and contract.kind == "free":
        written = "pass"
    out: dict[str, Any] = {
        "auction": tuple(deal.auction or ()),
        "contract": written,
        "doubled": deal.doubled,
        "declarer": deal.declarer,
        "play": tuple(deal.play),
        "result": deal.result,
        "site": deal.site,
        "date": deal.date,
        "scoring": deal.scoring,
        "players": deal.players,
        "room": deal.room,
        "alerts": deal.alerts,
    }
    if written is None and deal.auction:
        out |= from_auction(list(deal.auction), Seat(deal.dealer, 4))
    return out


def _contract(board: BridgeBoard) -> Contract | None:
    """A board's contract (``4♠``, ``6NT``, ``pass``) as a deal holds it."""
    if board.contract is None:
        return None
    if board.contract == "pass":
        return free_play()
    strain = board.contract[1:]
    suit = None if strain == "NT" else Suit.parse(strain)
    return Contract("normal", int(board.contract[0]), suit)


def board_deal(board: BridgeBoard) -> DealSpec:
    """A board as a scenario's bridge deal, titled by its number (the field's own name for it)."""
    title = None
    if board.number is not None:
        en, pl = (
            i18n.translate("bridge.board_title", lang, number=board.number) for lang in ("en", "pl")
        )
        title = Text(en, pl)
    passed = board.contract == "pass"
    return DealSpec(
        id=board.id,
        game=Game.BRIDGE,
        variant=board.variant,
        dealer=board.dealer,
        hands=board.hands,
        auction=board.auction or None,
        contract=_contract(board),
        declarer=None if passed else board.declarer,
        trump=board.trump,
        play=board.play,
        notes=board.notes,
        title=title,
        board=board.number,
        vulnerable=board.vulnerable,
        doubled=0 if passed else board.doubled,
        result=board.result,
        site=board.site,
        date=board.date,
        scoring=board.scoring,
        players=board.players,
        room=board.room,
        alerts=board.alerts,
    )


def to_yaml(boards: list[BridgeBoard], *, scenario_id: str) -> str:
    """A board scenario file (``kind: board``) with one bridge deal per board, titled by the
    boards' event."""
    title = next((board.event for board in boards if board.event), scenario_id)
    deals = tuple(board_deal(board) for board in boards)
    return dump(Scenario("", "board", scenario_id, Text(title, title), deals=deals))


_TAG_OF_KEY = {"hands": "deal", "notes": ""}


def as_scenario(path: str) -> tuple[str, dict[int, int]]:
    """A PBN or LIN file as the YAML scenario ``convert`` writes from it, and for each line of
    that text the line of the file it comes from (the tag it was read from, else the board's
    first line; 1 in LIN, which is one line a board)."""
    boards = read_board_file(path)
    text = to_yaml(boards, scenario_id=Path(path).stem)
    origin: dict[int, int] = {}
    index, key = -1, ""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("  - id:"):
            index, key = index + 1, ""
        elif (match := re.match(r"    (\w+):", line)) is not None:
            key = match.group(1)
        tags = boards[index].tag_lines if index >= 0 else {}
        origin[number] = tags.get(_TAG_OF_KEY.get(key, key), tags.get("", 1))
    return text, origin


def write_boards(boards: list[BridgeBoard], path: str) -> str:
    """The text of ``path``'s format for ``boards``; LIN is read, not written."""
    kind = format_of(path)
    if kind == "pbn":
        return pbn.dumps(boards)
    if kind == "yaml":
        return to_yaml(boards, scenario_id=Path(path).stem)
    raise ScenarioError("bridge.lin_read_only", path=path)
