"""Bridge boards in PBN and LIN (endplay), DDS's table and par, convert, solve and the sheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from betel_tutor.bridge.board import BridgeBoard
from betel_tutor.bridge.pbn import dumps as to_pbn
from betel_tutor.cards import parse_cards
from betel_tutor.errors import ScenarioError
from betel_tutor.scenario.check import check_file
from betel_tutor.scenario.loader import read_boards
from betel_tutor.scenario.model import Note, Text
from betel_tutor.seats import Seat
from tests.in_process import Ran, run_cli

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "bridge"
BLUE = ROOT / "scenarios" / "boards" / "blue-suit.yaml"


def run(*args: str) -> Ran:
    return run_cli(*args, env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})


def test_lin_board_is_read() -> None:
    (board,) = read_boards(str(DATA / "slam.lin"))
    assert board.number == 7
    assert board.dealer == Seat.parse("N", 4)
    assert board.vulnerable == "NS"  # sv|n|
    south = board.hands[Seat.parse("S", 4)]
    assert board.pbn_deal().split()[2] == "AKQJ.AKQJ.AKQ.AK"
    assert len(south) == 13


def test_dds_table_thirteen_top_tricks() -> None:
    # South holds every ace, king and queen but ♦J: 13 top tricks in ♥, ♠ and NT for N-S,
    # and East-West take nothing there.
    solved = read_boards(str(DATA / "slam.lin"))[0].double_dummy()
    for seat in ("N", "S"):
        row = solved.tricks[Seat.parse(seat, 4)]
        assert (row["♠"], row["♥"], row["NT"]) == (13, 13, 13)
    assert solved.tricks[Seat.parse("E", 4)]["NT"] == 0
    assert solved.par_score == 2220  # 7NT vulnerable
    assert [str(c) for c in solved.par_contracts] == ["7NT N", "7NT S"]


def test_pbn_round_trip_keeps_the_note(tmp_path: Path) -> None:
    pbn = tmp_path / "blue.pbn"
    back = tmp_path / "blue.yaml"
    assert run("convert", str(BLUE), str(pbn)).returncode == 0
    assert "\\SA <u>\\C2</u>" in pbn.read_text(encoding="utf-8")
    assert run("convert", str(pbn), str(back)).returncode == 0
    (original,) = read_boards(str(BLUE))
    (again,) = read_boards(str(back))
    assert again.hands == original.hands

    def kept(notes: tuple[Note, ...]) -> list[tuple[str, int, str, Text]]:
        return [(n.id, n.version, n.category, n.text) for n in notes]

    assert kept(again.notes) == kept(original.notes)
    assert len(again.notes) == 1
    assert (again.variant, again.trump) == ("blue-suit", "♠")
    assert run("check", str(back)).returncode == 0
    # endplay reads what we write
    import endplay.parsers.pbn as endplay_pbn

    (board,) = endplay_pbn.loads(pbn.read_text(encoding="utf-8"))
    assert board.deal.to_pbn() == original.pbn_deal()


def test_foreign_commentary_becomes_a_note(tmp_path: Path) -> None:
    path = tmp_path / "x.pbn"
    text = to_pbn(read_boards(str(DATA / "slam.lin")))
    path.write_text(text + "{South leads the \\SA.}\n", encoding="utf-8")
    (board,) = read_boards(str(path))
    (note,) = board.notes
    assert note.text.en == note.text.pl == "South leads the ♠{A}."
    assert note.category == "after"


def test_solve_json_shape() -> None:
    result = run("solve", str(DATA / "slam.lin"), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data["table"]) == {"N", "E", "S", "W"}
    assert set(data["table"]["N"]) == {"♣", "♦", "♥", "♠", "NT"}
    assert data["table"]["N"]["NT"] == 13
    assert data["par"]["score"] == 2220


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_solve_text_both_languages(lang: str) -> None:
    result = run("solve", str(DATA / "slam.yaml"), "--lang", lang)
    assert result.returncode == 0, result.stderr
    assert ("Par: 2220 for North-South" if lang == "en" else "7BA N") in result.stdout


@pytest.mark.parametrize(("given", "letter"), [("E", "E"), ("Południe", "S"), ("0", "N")])
def test_solve_seat_keeps_that_seats_row(given: str, letter: str) -> None:
    result = run("solve", str(DATA / "slam.lin"), "--seat", given, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert list(data["table"]) == [letter]
    assert data["par"]["score"] == 2220  # par is the board's, whoever is asked about
    text = run("solve", str(DATA / "slam.yaml"), "--seat", given, "--lang", "pl").stdout
    rows = [line for line in text.splitlines()[2:] if not line.startswith("Par")]
    assert len(rows) == 1 and rows[0].startswith(Seat.parse(letter, 4).localized("pl"))


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_solve_seat_refuses_a_seat_not_at_a_bridge_table(lang: str) -> None:
    result = run("solve", str(DATA / "slam.lin"), "--seat", "X", "--lang", lang)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "X" in result.stderr and ("W West" if lang == "en" else "W Zachód") in result.stderr


def test_blue_suit_is_not_solved() -> None:
    result = run("solve", str(BLUE), "--lang", "pl")
    assert result.returncode == 2
    assert "DDS" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("content", "name", "expected"),
    [
        ('[Deal "N:AKQ.x"]\n', "bad.pbn", "bad.pbn:1:"),
        ("garbage\n", "bad2.pbn", "bad2.pbn:1:"),
        ('[Board "1"]\n[Deal "N:AKQ.AKQ.AKQ.AKQJ - - -"]\n', "short.pbn", "short.pbn:2:"),
        ("pn|a,b,c,d|\n", "nodeal.lin", "nodeal.lin:1:"),
        ('[Board "?"]\n[Deal "N:AKQJ.AKQJ.AKQ.AK T98.T98.T98.QJT9 - - -"]\n', "q.pbn", "q.pbn:1:"),
        ('[Board "1"]\n[Dealer "N"]\n', "nodeal.pbn", "nodeal.pbn:1:"),
        ("kind: board\n", "x.txt", ".txt"),
    ],
)
def test_damaged_files_one_line(tmp_path: Path, content: str, name: str, expected: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    for lang in ("en", "pl"):
        result = run("convert", str(path), str(tmp_path / "out.yaml"), "--lang", lang)
        assert result.returncode == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and expected in lines[0], result.stderr
    assert not (tmp_path / "out.yaml").exists()


def test_unknown_target_refused(tmp_path: Path) -> None:
    result = run("convert", str(DATA / "slam.lin"), str(tmp_path / "out.lin"))
    assert result.returncode == 2 and "LIN" in result.stderr
    with pytest.raises(ScenarioError):
        read_boards(str(tmp_path / "missing.pbn"))


def test_sheet_shows_the_grid(tmp_path: Path) -> None:
    result = run("render", str(DATA / "slam.yaml"), "-o", str(tmp_path), "--lang", "en")
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "slam.html").read_text(encoding="utf-8")
    assert '<table class="makeable">' in html
    assert "<tr><th>North</th><td>5</td><td>6</td><td>7</td><td>7</td><td>7</td></tr>" in html
    assert "Board: 7" in html and "Vulnerable: North-South" in html
    assert "<td>36 HCP</td>" in html


def test_student_sheet_has_no_grid(tmp_path: Path) -> None:
    result = run("render", str(DATA / "slam.yaml"), "-o", str(tmp_path), "--sheet", "student")
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "slam.html").read_text(encoding="utf-8")
    assert "bridge-board" in html and '<table class="makeable">' not in html


def test_dds_one_suit_each() -> None:
    # North holds every spade, East every heart, South every diamond, West every club. In
    # spades North-South take all 13 whoever declares (North's trumps win every trick); in
    # no-trumps the opening leader runs their suit: 13 for the defence.
    hands = tuple(tuple(parse_cards(f"{suit}AKQJT98765432")) for suit in "♠♥♦♣")
    solved = BridgeBoard("suits", hands, Seat(0, 4)).double_dummy()
    north, _, south, west = (Seat.parse(s, 4) for s in "NESW")
    assert solved.tricks[north]["♠"] == solved.tricks[south]["♠"] == 13
    assert solved.tricks[north]["NT"] == 0  # East leads hearts
    assert solved.tricks[west]["NT"] == 0  # North leads spades


def _played(board: BridgeBoard) -> tuple[object, ...]:
    return (
        board.auction, board.contract, board.doubled, board.declarer, board.play, board.result
    )  # fmt: skip


def test_pbn_auction_contract_play_and_result_are_read() -> None:
    doubled, passed = read_boards(str(DATA / "played.pbn"))
    assert doubled.auction[:5] == ("1♠", "pass", "2♣", "kontra", "rekontra")
    assert (doubled.contract, doubled.doubled, doubled.declarer) == ("6NT", 1, Seat.parse("S", 4))
    assert doubled.result == 13
    # [Play "W"]: the cards in columns by seat; read in the order played, each trick led by
    # the winner of the one before (North's ♠A, then ♥A).
    assert doubled.play == tuple(parse_cards("♠2 ♠A ♠8 ♠5 ♥A ♥8 ♥5 ♥2 ♦A ♦8 ♦5 ♦2"))
    assert (passed.auction, passed.contract, passed.declarer) == (("pass",) * 4, "pass", None)


def test_pbn_yaml_pbn_keeps_the_auction_and_the_play(tmp_path: Path) -> None:
    import endplay.parsers.pbn as endplay_pbn

    source = DATA / "played.pbn"
    yaml_file, back = tmp_path / "played.yaml", tmp_path / "back.pbn"
    assert run("convert", str(source), str(yaml_file)).returncode == 0
    text = yaml_file.read_text(encoding="utf-8")
    assert 'contract: "6NTX"' in text and "declarer: S" in text and "result: 13" in text
    checked = run("check", str(yaml_file))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert run("convert", str(yaml_file), str(back)).returncode == 0
    assert [_played(b) for b in read_boards(str(back))] == [
        _played(b) for b in read_boards(str(source))
    ]
    # The tags mean the same to another reader too.
    before = endplay_pbn.loads(source.read_text(encoding="utf-8"))
    after = endplay_pbn.loads(back.read_text(encoding="utf-8"))
    for one, two in zip(before, after, strict=True):
        assert str(one.contract) == str(two.contract)
        assert list(one.auction) == list(two.auction)
        assert list(one.play) == list(two.play)


def test_lin_auction_and_play_are_read(tmp_path: Path) -> None:
    (board,) = read_boards(str(DATA / "played.lin"))
    assert board.auction == ("pass", "pass", "7NT", "pass", "pass", "pass")
    assert (board.contract, board.declarer) == ("7NT", Seat.parse("S", 4))
    assert board.play == tuple(parse_cards("♠10 ♠5 ♠2 ♠A ♥A ♥8 ♥5 ♥2"))
    out = tmp_path / "lin.yaml"
    assert run("convert", str(DATA / "played.lin"), str(out)).returncode == 0
    checked = run("check", str(out))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_lin_result_is_its_play_or_its_claim() -> None:
    # endplay counts the tricks of the opening leader's side (7 here); the declarer took 8.
    (played,) = read_boards(str(DATA / "whole_play.lin"))
    assert (played.contract, played.declarer, len(played.play)) == ("4♠", Seat.parse("S", 4), 52)
    assert played.result == 8
    (claimed,) = read_boards(str(DATA / "claimed.lin"))  # six tricks played, then mc|10|
    assert (len(claimed.play), claimed.result) == (24, 10)
    for name in ("whole_play.lin", "claimed.lin"):
        assert check_file(str(DATA / name)) == []


@pytest.mark.parametrize(
    ("contract", "problem"),
    [("7NTXX", None), ("3BAX", None), ("pass", None), ("8NT", "8NT"), ("4♠XXX", "4♠XXX")],
)
def test_yaml_bridge_contracts(tmp_path: Path, contract: str, problem: str | None) -> None:
    path = tmp_path / "board.yaml"
    text = (DATA / "slam.yaml").read_text(encoding="utf-8")
    declarer = "" if contract == "pass" else "    declarer: S\n"
    text = text.replace("    vulnerable: NS\n", f'    vulnerable: NS\n    contract: "{contract}"\n')
    path.write_text(text.replace("    board: 7\n", "    board: 7\n" + declarer), encoding="utf-8")
    result = run("check", str(path))
    if problem is None:
        assert result.returncode == 0, result.stdout + result.stderr
    else:
        assert result.returncode == 1 and problem in result.stdout


def test_check_and_render_read_pbn_and_lin_directly(tmp_path: Path) -> None:
    for name in ("played.pbn", "played.lin", "slam.lin"):
        checked = run("check", str(DATA / name))
        assert checked.returncode == 0, checked.stdout + checked.stderr
        assert "1 file checked, 0 problems" in checked.stderr
    out = tmp_path / "sheets"
    rendered = run("render", str(DATA / "played.pbn"), "--output", str(out), "--lang", "pl")
    assert rendered.returncode == 0, rendered.stderr
    sheet = (out / "played.html").read_text(encoding="utf-8")
    assert "Sześć bez atu z kontrą" in sheet


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_check_names_the_pbn_line(tmp_path: Path, lang: str) -> None:
    text = (DATA / "played.pbn").read_text(encoding="utf-8")
    revoke = tmp_path / "revoke.pbn"
    revoke.write_text(text.replace("H2 HA H8 H5", "H2 HA D8 H5"), encoding="utf-8")
    play_line = text.splitlines().index('[Play "W"]') + 1
    result = run("check", str(revoke), "--lang", lang)
    assert result.returncode == 1
    (line,) = result.stdout.strip().splitlines()
    assert line.startswith(f"{revoke}:{play_line}:1: ") and "44" in line
    broken = tmp_path / "broken.pbn"
    broken.write_text('[Board "1"]\n[Deal "N:AKQ.x"]\n', encoding="utf-8")
    result = run("check", str(broken), "--lang", lang)
    assert result.returncode == 1 and f"{broken}:2:1: " in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("auction", "extra", "words"),
    [
        ("1♠ 1♥ pass pass pass", "", "call 2 (1♥) is not allowed"),
        ("1♠ pass pass pass", "    contract: 2♠\n    declarer: N\n", "ends in 1♠ N"),
        ("1♠ pass pass pass", "    contract: 1♠\n    declarer: S\n", "gives 1♠ S"),
    ],
)
def test_check_replays_a_bridge_auction(
    tmp_path: Path, auction: str, extra: str, words: str
) -> None:
    path = tmp_path / "board.yaml"
    text = (DATA / "slam.yaml").read_text(encoding="utf-8")
    added = f'    auction: "{auction}"\n{extra}'
    path.write_text(text.replace("    vulnerable: NS\n", "    vulnerable: NS\n" + added), "utf-8")
    result = run("check", str(path))
    assert result.returncode == 1 and words in result.stdout, result.stdout


def test_yaml_pbn_yaml_keeps_a_lessons_contract_and_play(tmp_path: Path) -> None:
    lesson = ROOT / "scenarios" / "lessons" / "penalty-cards.yaml"
    pbn, back = tmp_path / "lesson.pbn", tmp_path / "lesson.yaml"
    assert run("convert", str(lesson), str(pbn)).returncode == 0
    assert '[Contract "3NT"]' in pbn.read_text(encoding="utf-8")
    assert run("convert", str(pbn), str(back)).returncode == 0
    before, after = read_boards(str(lesson)), read_boards(str(back))
    assert [(b.contract, b.declarer, b.play) for b in after] == [
        (b.contract, b.declarer, b.play) for b in before
    ]
    assert all(b.play for b in after)
    checked = run("check", str(back))
    assert checked.returncode == 0, checked.stdout + checked.stderr


CLUB_NIGHT = """\
% PBN 2.1
[Event "Club night"]
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "S:AKQ2.K54.A32.K54 J98.QJT9.KQ4.Q32 7543.A82.JT98.A6 T6.763.765.JT987"]
{West should lead the top of a sequence.}
[Declarer "S"]
[Contract "3NT"]
[Result "9"]
"""


def test_a_club_pbn_file_is_titled_by_its_event_and_printed_with_declarer_and_result(
    tmp_path: Path,
) -> None:
    """A teacher's PBN: the handout takes its title from the Event tag and each board its
    number; the sheet names the declarer and the result, in both languages."""
    source = tmp_path / "club.pbn"
    source.write_text(CLUB_NIGHT, encoding="utf-8")
    converted = tmp_path / "club.yaml"
    done = run("convert", str(source), str(converted))
    assert done.returncode == 0, done.stderr
    text = converted.read_text(encoding="utf-8")
    assert 'en: "Club night"' in text and 'title: {en: "Board 3", pl: "Rozdanie 3"}' in text
    assert run("check", str(converted)).returncode == 0
    (board,) = read_boards(str(converted))
    assert board.event == "Club night" and '[Event "Club night"]' in to_pbn([board])
    out = tmp_path / "out"
    done = run("render", str(source), "-o", str(out), "--lang", "both")
    assert done.returncode == 0, done.stderr
    html = (out / "club.html").read_text(encoding="utf-8")
    assert "<h1>Club night</h1>" in html  # once, though both languages say it
    for said in (
        "Contract: Three no trump by South",
        "Kontrakt: Trzy bez atu, rozgrywa Południe",
        "Result: 9 tricks",
        "Wynik: 9 lew",
        "Board: 3",
        "Rozdanie: 3",
    ):
        assert said in html, said
    unnumbered = tmp_path / "unnumbered.pbn"
    unnumbered.write_text(CLUB_NIGHT.replace('[Board "3"]\n', ""), encoding="utf-8")
    done = run("render", str(unnumbered), "-o", str(out), "--lang", "en")
    assert done.returncode == 0, done.stderr
    html = (out / "unnumbered.html").read_text(encoding="utf-8")
    assert "Board:" not in html and "—" not in html.split("board-facts")[1][:80]


@pytest.mark.parametrize(
    ("hand", "lang", "said"),
    [
        (
            "7543.A82.J1098.A6",
            "en",
            "North's hand 7543.A82.J1098.A6 in the Deal tag: '1' is not a rank "
            "(PBN writes A K Q J T 9 8 7 6 5 4 3 2; the ten is T)",
        ),
        (
            "7543.A82.J1098.A6",
            "pl",
            "znacznik Deal, ręka 7543.A82.J1098.A6 (Północ): „1” to nie wysokość karty",
        ),
        ("7543.A82.JT98A6", "en", "is not four suits separated by dots"),
        ("7543.A82.JT9.A6", "en", "the Deal tag does not give each of the four hands 13 of"),
    ],
)
def test_a_bad_deal_tag_is_told_in_our_words(
    tmp_path: Path, hand: str, lang: str, said: str
) -> None:
    source = tmp_path / "bad.pbn"
    source.write_text(CLUB_NIGHT.replace("7543.A82.JT98.A6", hand), encoding="utf-8")
    done = run("check", str(source), "--lang", lang)
    assert done.returncode != 0 and "Traceback" not in done.stderr + done.stdout
    assert "bad.pbn:6:1: " in done.stdout + done.stderr
    assert said in done.stdout + done.stderr


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_convert_never_writes_over_its_input(tmp_path: Path, lang: str) -> None:
    source = tmp_path / "blue.yaml"
    source.write_bytes(BLUE.read_bytes())
    (tmp_path / "link.yaml").symlink_to(source)
    (tmp_path / "sub").mkdir()
    pbn = tmp_path / "blue.pbn"
    assert run("convert", str(source), str(pbn)).returncode == 0
    before = pbn.read_bytes()
    for target in (source, tmp_path / "link.yaml", tmp_path / "sub" / ".." / "blue.yaml"):
        result = run("convert", str(source), str(target), "--lang", lang)
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
        assert ("same file" if lang == "en" else "ten sam plik") in result.stderr
    result = run("convert", str(pbn), str(pbn), "--lang", lang)
    assert result.returncode == 2 and str(pbn) in result.stderr
    assert source.read_bytes() == BLUE.read_bytes() and pbn.read_bytes() == before


def test_convert_refuses_yaml_from_yaml_which_would_drop_the_lesson(tmp_path: Path) -> None:
    result = run("convert", str(BLUE), str(tmp_path / "copy.yaml"))
    assert result.returncode == 2 and "quizzes" in result.stderr
    assert not (tmp_path / "copy.yaml").exists()


POLISH_NOTE = """kind: board
id: polish-letters
title: {en: Polish letters, pl: Polskie litery}
deals:
  - id: b1
    game: bridge
    dealer: N
    hands:
      N: ♠AKQJ ♥AKQJ ♦AKQ ♣AK
      E: ♠1098 ♥1098 ♦1098 ♣10987
      S: ♠765 ♥765 ♦765 ♣6543
      W: ♠432 ♥432 ♦J432 ♣QJ2
    notes:
      - id: n1
        version: 1
        category: before
        en: "North holds ♥{Q} and ♥{J}; West ♣{Q} ♣{J} and ♦{J}."
        pl: "Północ ma ♥{D} i ♥{W}; Zachód ♣{D} ♣{W} i ♦{W}."
"""


def test_pbn_round_trip_keeps_polish_card_letters(tmp_path: Path) -> None:
    source = tmp_path / "polish.yaml"
    source.write_text(POLISH_NOTE, encoding="utf-8")
    assert run("check", str(source)).returncode == 0
    pbn = tmp_path / "polish.pbn"
    assert run("convert", str(source), str(pbn)).returncode == 0
    written = pbn.read_text(encoding="utf-8")
    assert "\\HQ i \\HJ" in written and "\\CQ \\CJ i \\DJ" in written
    assert "(D)" not in written and "(W)" not in written
    back = tmp_path / "back.yaml"
    assert run("convert", str(pbn), str(back)).returncode == 0
    (original,) = read_boards(str(source))
    (again,) = read_boards(str(back))
    assert [n.text for n in again.notes] == [n.text for n in original.notes]
    checked = run("check", str(back))
    assert checked.returncode == 0, checked.stdout


PLAY_COMMENTARY = """[Event "Club night"]
[Board "7"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:AKQJ.AKQJ.AKQ.AK T98.T98.T98.T987 765.765.765.6543 432.432.J432.QJ2"]
[Declarer "S"]
[Contract "6NTX"]
[Result "13"]
[Auction "N"]
1S Pass 2C X ; North asks
XX Pass 6NT X {North bids the slam.}
Pass Pass Pass
[Play "W"]
{West leads a low spade.}
S2 SA S8 S5
H2 HA H8 H5 {Declarer wins the ace.}
D2 DA D8 D5
{A comment
over two lines}
"""


def test_commentary_in_play_and_auction_sections_is_read(tmp_path: Path) -> None:
    source = tmp_path / "club.pbn"
    source.write_text(PLAY_COMMENTARY, encoding="utf-8")
    out = tmp_path / "club.yaml"
    done = run("convert", str(source), str(out))
    assert done.returncode == 0, done.stderr
    (board,) = read_boards(str(out))
    assert len(board.play) == 12 and board.contract == "6NT"
    texts = [note.text.en for note in board.notes]
    assert "Declarer wins the ace." in texts and "A comment\nover two lines" in texts
    for command in (["check"], ["solve"], ["render", "-o", str(tmp_path / "out")]):
        result = run(*command[:1], str(source), *command[1:])
        assert result.returncode == 0, result.stdout + result.stderr


def test_commentary_marks_inside_a_tag_value_are_its_text(tmp_path: Path) -> None:
    # ``{`` and ``;`` inside a quoted value, after an escaped quote, are the value's own text:
    # read as commentary, the ``{`` would swallow the tags after it. The ``;`` after the tag
    # begins a commentary.
    source = tmp_path / "club.pbn"
    tag = '[Event "The 5\\" board; {pairs"] ; after the tag'
    source.write_text(PLAY_COMMENTARY.replace('[Event "Club night"]', tag), encoding="utf-8")
    (board,) = read_boards(str(source))
    assert board.event == 'The 5" board; {pairs'
    assert board.contract == "6NT" and len(board.play) == 12


@pytest.mark.parametrize(
    ("old", "new", "line", "en", "pl"),
    [
        ("D2 DA D8 D5", "D2 DA D8 Z5", 17, "'Z5' in the [Play] section", "'Z5' w sekcji [Play]"),
        ("XX Pass 6NT X", "XX Pass 6NT Y", 11, "'Y' in the [Auction]", "'Y' w sekcji [Auction]"),
    ],
)
def test_a_bad_word_in_a_section_is_told_in_our_words_at_its_line(
    tmp_path: Path, old: str, new: str, line: int, en: str, pl: str
) -> None:
    source = tmp_path / "bad.pbn"
    source.write_text(PLAY_COMMENTARY.replace(old, new), encoding="utf-8")
    for lang, words in (("en", en), ("pl", pl)):
        for command in ("convert", "check"):
            args = [str(tmp_path / "out.yaml")] if command == "convert" else []
            result = run(command, str(source), *args, "--lang", lang)
            assert "Traceback" not in result.stderr and "Denom" not in result.stdout
            said = result.stderr if command == "convert" else result.stdout
            assert f"{source}:{line}" in said and words in said, said
