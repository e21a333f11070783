"""PBN written and read back keeps a board whole: YAML → PBN → YAML is byte-identical, notes
are written once in the language they were written in, and endplay (another reader) reads
every PBN written here with the same deal, contract, auction and play."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Literal

import endplay.parsers.pbn as endplay_pbn
import pytest
from endplay.types import Deal
from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.bridge.board import BridgeBoard
from betel_tutor.bridge.pbn import GAMES_A_PART, dumps, loads
from betel_tutor.cards import BRIDGE_DECK, Card, Rank, sort_cards
from betel_tutor.notes import Note, Text
from betel_tutor.scenario.boards import to_yaml
from betel_tutor.scenario.check import check_file
from betel_tutor.scenario.loader import read_boards
from betel_tutor.scenario.source import MAX_BYTES
from betel_tutor.seats import Seat
from tests.test_bridge_files import POLISH_NOTE

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data" / "bridge"
SOURCES = [
    ROOT / "scenarios" / "boards" / "blue-suit.yaml",
    ROOT / "scenarios" / "lessons" / "penalty-cards.yaml",
    DATA / "slam.yaml",
    DATA / "played.pbn",
    DATA / "played.lin",
    DATA / "whole_play.lin",
    DATA / "claimed.lin",
]

# The deal of the Polish letters test, with notes of its own.
POLISH_JACK = (
    POLISH_NOTE.split("    notes:\n")[0]
    + """\
    notes:
      - id: n1
        version: 1
        category: before
        en: West holds ♦{J}.
        pl: Zachód ma ♦{J}.
      - id: n2
        version: 1
        category: after
        en: North holds ♥{Q} and ♥{J}.
        pl: Północ ma ♥{D} i ♥{W}.
"""
)


def endplay_card(card: Card) -> str:
    """A card as endplay names it: ``♠T`` for the ten."""
    return card.suit.symbol + ("T" if card.rank is Rank.TEN else card.rank.symbol)


def same_for_endplay(boards: list[BridgeBoard]) -> None:
    """endplay reads ``dumps(boards)`` as the same boards."""
    read = endplay_pbn.loads(dumps(boards))
    assert len(read) == len(boards)
    for ours, theirs in zip(boards, read, strict=True):
        assert theirs.deal.to_pbn() == ours.pbn_deal()
        assert [endplay_card(card) for card in ours.play] == [
            card.suit.abbr + card.rank.abbr for card in theirs.play
        ]
        assert len(theirs.auction) == len(ours.auction)
        if ours.contract not in (None, "pass"):
            assert theirs.contract is not None
            assert str(theirs.contract).startswith(ours.contract[0])
            assert int(theirs.contract.declarer) == ours.declarer


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: path.name)
def test_yaml_pbn_yaml_is_byte_identical(source: Path) -> None:
    boards = read_boards(str(source))
    written = to_yaml(boards, scenario_id="x")
    again = loads(dumps(boards), "x.pbn")
    assert to_yaml(again, scenario_id="x") == written
    same_for_endplay(boards)


def test_a_polish_note_keeps_its_letters_and_a_note_is_written_once(tmp_path: Path) -> None:
    source = tmp_path / "jacks.yaml"
    source.write_text(POLISH_JACK, encoding="utf-8")
    boards = read_boards(str(source))
    text = dumps(boards)
    assert "betel-tutor note" not in text
    # n1 says the same in both languages (♦{J} is \DJ in both): one block; n2 does not.
    assert text.count("{West holds \\DJ.}") == 1 and text.count("{Zachód ma \\DJ.}") == 1
    assert text.count("\\HQ") == 2 and text.count("{Północ ma \\HQ i \\HJ.}") == 1
    (again,) = loads(text, "jacks.pbn")
    assert [note.text for note in again.notes] == [
        Text("West holds ♦{J}.", "Zachód ma ♦{J}."),
        Text("North holds ♥{Q} and ♥{J}.", "Północ ma ♥{D} i ♥{W}."),
    ]
    assert to_yaml([again], scenario_id="x") == to_yaml(boards, scenario_id="x")
    same_for_endplay(boards)


def test_commentary_is_written_before_the_auction_and_the_play() -> None:
    board = read_boards(str(DATA / "played.pbn"))[0]
    assert board.auction and board.play
    note = Note("n", 1, "after", Text("Lead the ♠{A}.", "Wyjdź ♠{A}."))
    text = dumps([replace(board, notes=(note,))])
    lines = text.splitlines()
    comments = [n for n, line in enumerate(lines) if line.startswith("{")]
    sections = [n for n, line in enumerate(lines) if line.startswith(("[Auction", "[Play"))]
    assert comments and sections and max(comments) < min(sections)


def test_trailing_commentary_is_kept() -> None:
    text = dumps(read_boards(str(DATA / "slam.lin"))) + "\n{A last word on the \\SA.}\n"
    (board,) = loads(text, "x.pbn")
    assert [note.text.en for note in board.notes] == ["A last word on the ♠{A}."]


CLUB_MATCH = """\
% PBN 2.1
[Event "Club night"]
[Site "Warszawa"]
[Date "2026.11.27"]
[Board "3"]
[West "Darek"]
[North "Anna"]
[East "Bartek"]
[South "Celina"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "S:AKQ2.K54.A32.K54 J98.QJT9.KQ4.Q32 7543.A82.JT98.A6 T6.763.765.JT987"]
[Scoring "IMP"]
[Declarer "S"]
[Contract "3NT"]
[Result "9"]
"""


def tags(text: str) -> dict[str, str]:
    """A PBN game's tags; the deal as endplay writes it (from North): one deal, two spellings."""
    found = dict(re.findall(r'^\[(\w+) "(.*)"\]$', text, flags=re.MULTILINE))
    return found | {"Deal": Deal(found["Deal"]).to_pbn()}


def test_pbn_yaml_pbn_keeps_event_site_date_scoring_and_players(tmp_path: Path) -> None:
    source = tmp_path / "club.pbn"
    source.write_text(CLUB_MATCH, encoding="utf-8")
    yaml = to_yaml(read_boards(str(source)), scenario_id="club")
    assert "site: Warszawa" in yaml and "players: {N: Anna, E: Bartek, S: Celina, W: Darek}" in yaml
    back = tmp_path / "club.yaml"
    back.write_text(yaml, encoding="utf-8")
    again = dumps(read_boards(str(back)))
    assert tags(again) == tags(CLUB_MATCH)
    assert check_file(str(back)) == []


# A note's words: plain words and cards in the markup, in English and in Polish letters.
WORDS = st.sampled_from(["lead", "the", "ruff", "and", "wins", "zagraj", "bierze", "ze"])
RANKS = st.sampled_from(["A", "K", "Q", "J", "T", "9", "2", "10", "D", "W"])
SUITS = st.sampled_from(["♠", "♥", "♦", "♣"])
CARD = st.builds(lambda suit, rank: f"{suit}{{{rank}}}", SUITS, RANKS)
TEXT = st.lists(st.one_of(WORDS, CARD), min_size=1, max_size=12).map(" ".join)


@st.composite
def boards(draw: st.DrawFn) -> BridgeBoard:
    deck = list(BRIDGE_DECK)
    order = draw(st.permutations(deck))
    hands = tuple(tuple(sort_cards(order[seat * 13 : seat * 13 + 13])) for seat in range(4))
    en = draw(TEXT.filter(lambda text: "{D}" not in text and "{W}" not in text))
    pl = draw(st.one_of(st.just(en), TEXT))
    if "{D}" in pl or "{W}" in pl:  # a Polish text writes its letters one way or the other
        pl = pl.replace("{Q}", "{D}").replace("{J}", "{W}")
    category: Literal["before", "after"] = draw(st.sampled_from(["before", "after"]))
    note = Note("n1", draw(st.integers(1, 9)), category, Text(en, pl))
    name = st.sampled_from(["", "Anna", "Łucja Nowak", "J. O'Brien"])
    players = draw(st.one_of(st.none(), st.tuples(name, name, name, name)))
    dealer = Seat(draw(st.integers(0, 3)), 4)
    # An auction of four calls, some of them alerted with a note (PBN's =1= and [Note]).
    alerted = draw(st.lists(st.integers(1, 4), unique=True, max_size=3).map(sorted))
    explained = st.sampled_from(["Alert.", "Strong, artificial", "Transfer to ♥", "Pytanie"])
    alerts = tuple((number, draw(explained)) for number in alerted)
    return BridgeBoard(
        id="board-1",
        players=players if players and any(players) else None,
        site=draw(st.sampled_from([None, "Warszawa", 'Club "Trefl"'])),
        date=draw(st.sampled_from([None, "2026.11.27", "2026.??.??"])),
        scoring=draw(st.sampled_from([None, "IMP", "MP"])),
        hands=hands,
        dealer=dealer,
        number=1,
        vulnerable=draw(st.sampled_from(["none", "NS", "EW", "all"])),
        notes=(note,),
        auction=("1♣", "pass", "pass", "pass"),
        contract="1♣",
        declarer=dealer,
        alerts=alerts,
    )


@settings(max_examples=60, deadline=None)
@given(boards())
def test_property_yaml_pbn_yaml_is_byte_identical(board: BridgeBoard) -> None:
    written = to_yaml([board], scenario_id="x")
    again = loads(dumps([board]), "x.pbn")
    assert to_yaml(again, scenario_id="x") == written
    assert dumps(again) == dumps([board])  # and PBN → YAML → PBN tag for tag
    assert again[0].alerts == board.alerts
    (theirs,) = endplay_pbn.loads(dumps([board]))  # and endplay reads the same alerts
    found = [(n, bid.announcement) for n, bid in enumerate(theirs.auction, 1) if bid.alertable]
    assert found == list(board.alerts)


def test_a_file_of_thousands_of_boards_is_read(tmp_path: Path) -> None:
    # A club's year of boards: past the YAML limit, read GAMES_A_PART games at a time.
    deck = list(BRIDGE_DECK)
    boards = []
    for number in range(1, 2201):
        shift = number % 52
        order = deck[shift:] + deck[:shift]
        hands = tuple(tuple(sort_cards(order[seat::4])) for seat in range(4))
        boards.append(BridgeBoard(f"board-{number}", hands, Seat(number % 4, 4), number))
    assert len(boards) > 8 * GAMES_A_PART
    path = tmp_path / "year.pbn"
    path.write_text(dumps(boards) + "\n{The last word.}\n", encoding="utf-8")
    assert path.stat().st_size > MAX_BYTES
    read = read_boards(str(path))
    assert [board.hands for board in read] == [board.hands for board in boards]
    assert [board.dealer for board in read] == [board.dealer for board in boards]
    assert [note.text.en for note in read[-1].notes] == ["The last word."]
    lines = path.read_text(encoding="utf-8").splitlines()
    last_deal = max(n for n, line in enumerate(lines, 1) if line.startswith("[Deal "))
    assert read[-1].tag_lines["deal"] == last_deal  # lines are counted across the parts
    assert check_file(str(path)) == []


def test_a_board_played_in_two_rooms_is_kept_and_converted_back(tmp_path: Path) -> None:
    open_room = CLUB_MATCH.replace('[Scoring "IMP"]', '[Scoring "IMP"]\n[Room "Open"]')
    closed = open_room.replace("Open", "Closed").replace('[Result "9"]', '[Result "8"]')
    source = tmp_path / "match.pbn"
    source.write_text(open_room + "\n" + closed, encoding="utf-8")
    boards = read_boards(str(source))
    assert [(board.id, board.room, board.result) for board in boards] == [
        ("board-3-open", "Open", 9),
        ("board-3-closed", "Closed", 8),
    ]
    yaml = tmp_path / "match.yaml"
    yaml.write_text(to_yaml(boards, scenario_id="match"), encoding="utf-8")
    assert check_file(str(yaml)) == []
    again = dumps(read_boards(str(yaml)))
    games = again.split("\n\n")[1:]
    assert [tags(game)["Room"] for game in games] == ["Open", "Closed"]
    assert [board.id for board in loads(again, "x.pbn")] == ["board-3-open", "board-3-closed"]


ALERTED = """\
% PBN 2.1
[Event "Club"]
[Site "?"]
[Date "?"]
[Board "1"]
[West "?"]
[North "?"]
[East "?"]
[South "?"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Scoring "?"]
[Declarer "N"]
[Contract "7NT"]
[Result "?"]
[Auction "N"]
2C =1= Pass 2D =2= Pass
7NT Pass Pass Pass
[Note "1:Alert. Strong and artificial"]
[Note "2:Waiting"]
"""


def test_alerts_and_their_notes_are_read_and_written(tmp_path: Path) -> None:
    source = tmp_path / "alerted.pbn"
    source.write_text(ALERTED, encoding="utf-8")
    (board,) = read_boards(str(source))
    assert board.alerts == ((1, "Alert. Strong and artificial"), (3, "Waiting"))
    yaml = to_yaml([board], scenario_id="alerted")
    assert '    alerts:\n      1: "Alert. Strong and artificial"\n      3: "Waiting"\n' in yaml
    back = tmp_path / "alerted.yaml"
    back.write_text(yaml, encoding="utf-8")
    assert check_file(str(back)) == []
    written = dumps(read_boards(str(back)))
    assert "2C =1= Pass 2D =2= Pass" in written
    assert tags(written) == tags(ALERTED)  # the notes' tags among them
    (theirs,) = endplay_pbn.loads(written)  # another reader finds the same alerts
    assert [bid.announcement for bid in theirs.auction if bid.alertable] == [
        "Alert. Strong and artificial",
        "Waiting",
    ]
    again = tmp_path / "again.pbn"
    again.write_text(written, encoding="utf-8")
    assert to_yaml(read_boards(str(again)), scenario_id="alerted") == yaml
