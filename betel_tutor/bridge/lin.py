"""LIN files (Bridge Base Online's), read with endplay: :func:`loads`. LIN is read, not
written."""

from __future__ import annotations

from betel_tutor.bridge import endplay_parts
from betel_tutor.bridge.board import BridgeBoard, bad_file
from betel_tutor.bridge.played import cards_of, play_fields, whole
from betel_tutor.errors import ScenarioError
from betel_tutor.seats import Seat


def loads(text: str, path: str) -> list[BridgeBoard]:
    endplay_parts.load()
    import endplay.parsers.lin as lin

    if "md|" not in text:
        raise bad_file(path, 1, ScenarioError("bridge.no_lin_deal"))
    try:
        parsed = lin.loads(text.replace("\r\n", "").replace("\n", ""))
    except Exception:  # endplay raises what its types raise ("list index out of range")
        raise bad_file(path, None, ScenarioError("bridge.lin_unreadable")) from None
    boards = []
    for index, board in enumerate(parsed):
        if board.deal is None:
            continue
        hands = cards_of(board.deal)
        if not whole(hands):
            deal = board.deal.to_pbn()
            raise bad_file(path, None, ScenarioError("bridge.not_whole_deal", deal=deal))
        number = board.board_num
        vul = ("none", "all", "NS", "EW")[int(board.vul)] if board.vul is not None else "none"
        dealer = Seat(int(board.dealer), 4) if board.dealer is not None else Seat(0, 4)
        ident = f"board-{number}" if number is not None else f"board-{index + 1}"
        played = play_fields(board, dealer, {})
        boards.append(BridgeBoard(ident, hands, dealer, number, vul, **played))
    return boards
