"""Sheets print what the teacher wrote: open deals open, each deal headed by its own title,
number, goal, open or closed and seed, every table column labelled, a step's words with the
deal it introduces, par with its overtricks, and ``-o x.html`` as one page's file."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from betel_tutor.app.render import RenderOptions, render
from betel_tutor.errors import BetelError
from betel_tutor.render.html import render_handout
from betel_tutor.scenario.loader import load, load_text

ROOT = Path(__file__).parents[1]
LEVELS = ROOT / "scenarios" / "levels"
PRACTICE = """\
kind: practice
id: found-deals
title: {en: "Deals found", pl: "Znalezione rozdania"}
deals:
  - {id: d1, dealer: S, seed: 11}
  - {id: d2, dealer: W, seed: 12}
  - id: d3
    dealer: N
    seed: 13
    title: {en: "A deal of its own", pl: "Rozdanie z tytułem"}
steps:
  - watch: {deal: d1}
  - watch: {deal: d2}
  - watch: {deal: d3}
"""
STEP_TEXTS = """\
kind: lesson
id: step-texts
title: {en: "Step texts", pl: "Teksty kroków"}
options: {auction: false, contract: pass, kontra: false, exchange: false}
deals:
  - {id: d1, dealer: S, seed: 21}
  - {id: d2, dealer: W, seed: 22}
steps:
  - play:
      deal: d1
      seat: S
      goal: {tricks_at_least: 1}
      open: true
      text: {en: "First, open: make one trick.", pl: "Najpierw na widno: weź jedną lewę."}
  - play:
      deal: d2
      seat: S
      goal: {tricks_at_least: 2}
      text: {en: "Now closed: make two tricks.", pl: "Teraz zakryte: weź dwie lewy."}
"""


def level(number: int) -> Any:
    scenario, problems = load(str(LEVELS / f"level-{number:02d}.yaml"))
    assert scenario is not None, problems
    return scenario


def of_text(text: str, name: str) -> Any:
    scenario, problems = load_text(text, name)
    assert scenario is not None, problems
    return scenario


def deals(html: str) -> list[str]:
    """Each deal's section of a page, in order."""
    return html.split('<section class="deal"')[1:]


def plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def shown(section: str, position: str) -> bool:
    """Whether a hand box of a deal's section shows its cards."""
    return 'data-card="' in section.split(f'<div class="hand {position}"')[1].split("</div>")[0]


def test_an_open_deal_shows_every_hand_on_the_student_sheet() -> None:
    """Level 1 plays its first three deals open and its last three closed: the student sheet
    shows the open deals' West and North, and only South of the closed ones."""
    sections = deals(render_handout([level(1)], lang="en", sheet="student"))
    assert len(sections) == 6
    for section in sections[:3]:
        assert all(shown(section, seat) for seat in ("south", "west", "north"))
    for section in sections[3:]:
        assert shown(section, "south")
        assert not shown(section, "west") and not shown(section, "north")


@pytest.mark.parametrize(
    ("lang", "first", "fourth"),
    [
        (
            "en",
            "Goal: take at least 4 tricks · open: all hands shown · seed level-01-a",
            "Goal: take at least 4 tricks · closed: only your hand shown · seed level-01-d2",
        ),
        (
            "pl",
            "Cel: weź co najmniej 4 lewy · na widno: wszystkie ręce odkryte · ziarno level-01-a",
            "Cel: weź co najmniej 4 lewy · zakryte: widać tylko własną rękę · ziarno level-01-d2",
        ),
    ],
)
def test_each_deal_says_its_number_goal_open_or_closed_and_seed(
    lang: str, first: str, fourth: str
) -> None:
    sections = deals(render_handout([level(1)], lang=lang, sheet="student"))
    facts = [plain(re.search(r'<p class="deal-facts">(.*?)</p>', s).group(1)) for s in sections]  # type: ignore[union-attr]
    assert facts[0] == first and facts[3] == fourth
    headings = [plain(re.search(r"<h2>(.*?)</h2>", s).group(1)) for s in sections]  # type: ignore[union-attr]
    word = "Deal" if lang == "en" else "Rozdanie"
    assert headings == [f"{word} {n}" for n in range(1, 7)]


def test_practice_deals_are_headed_by_their_own_title_or_number_never_the_files() -> None:
    """Three deals ``deal --out`` wrote were all headed "Deals found"; now each is headed by
    its title, or its number in the file, and a watched deal says so (both languages)."""
    practice = of_text(PRACTICE, "practice.yaml")
    english = deals(render_handout([practice], lang="en"))
    headings = [plain(re.search(r"<h2>(.*?)</h2>", s).group(1)) for s in english]  # type: ignore[union-attr]
    assert headings == ["Deal 1", "Deal 2", "A deal of its own"]
    assert "Deal 3 · watched: the tutor plays it out · seed 13" in plain(english[2])
    polish = deals(render_handout([practice], lang="pl"))
    headings = [plain(re.search(r"<h2>(.*?)</h2>", s).group(1)) for s in polish]  # type: ignore[union-attr]
    assert headings == ["Rozdanie 1", "Rozdanie 2", "Rozdanie z tytułem"]
    assert "Znalezione rozdania" not in "".join(polish)


@pytest.mark.parametrize("sheet", ["student", "answers"])
def test_a_steps_words_are_printed_with_the_deal_they_introduce(sheet: str) -> None:
    """ "Now closed: …" heads its own deal (on its printed page), not the end of the deal
    before it; the open deal is open on either sheet, the closed one only on the answers."""
    lesson = of_text(STEP_TEXTS, "step-texts.yaml")
    for lang, words in (
        ("en", "Now closed: make two tricks. Deal 2 Goal"),
        ("pl", "Teraz zakryte: weź dwie lewy. Rozdanie 2 Cel"),
    ):
        first, second = deals(render_handout([lesson], lang=lang, sheet=sheet))
        assert words.split(".")[0] not in first
        assert plain(second.split(">", 1)[1]).startswith(words)
        assert shown(first, "west")
        assert shown(second, "west") == (sheet == "answers")


def test_every_column_of_the_trick_table_is_labelled() -> None:
    """The Betel trick table's last column (each seat's best contract) had no header."""
    html = render_handout([level(1)], lang="pl", solver=True)
    table = re.search(r'<table class="solver">(.*?)</table>', html, re.S)
    assert table is not None
    rows = re.findall(r"<tr>(.*?)</tr>", table.group(1), re.S)
    header = re.findall(r"<th>(.*?)</th>", rows[0])
    assert header[0] == "Gracz" and header[-1] == "Najlepszy kontrakt"
    assert all(title.strip() for title in header)
    for row in rows[1:]:
        assert len(re.findall(r"<t[hd]>", row)) == len(header)


def test_par_gives_its_overtricks_as_bridgecomposer_and_endplay_write_it() -> None:
    """Par names each contract with the tricks best play takes over or under it ("3NT+1 N",
    where the sheet said "3NT N"), in both languages."""
    from betel_tutor.bridge.dd import STRAINS, DoubleDummy, ParContract
    from betel_tutor.render.bridge_view import par_contract
    from betel_tutor.seats import Seat

    north, east, south = Seat(0, 4), Seat(1, 4), Seat(2, 4)
    tricks = {seat: dict.fromkeys(STRAINS, 6) for seat in Seat(0, 4).clockwise()}
    tricks[north]["NT"], tricks[east]["♦"], tricks[south]["♠"] = 10, 9, 10
    solved = DoubleDummy("", tricks, 430, ())
    assert par_contract(solved, ParContract(3, "NT", north, False), "en") == "3NT+1 N"
    assert par_contract(solved, ParContract(3, "NT", north, False), "pl") == "3BA+1 N"
    assert par_contract(solved, ParContract(4, "♠", south, False), "en") == "4♠= S"
    assert par_contract(solved, ParContract(5, "♦", east, True), "en") == "5♦x-2 E"


def test_par_on_the_sheet_is_endplays() -> None:
    """A board's par on its answer sheet is endplay's, contract and result: 3NT+1, 430."""
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Player, Vul

    pbn = "N:AKQ.AJ.AK53.AQJ7 97.QT6.874.K9862 J654.8732.Q96.53 T832.K954.JT2.T4"
    found = par(calc_dd_table(Deal(pbn)), Vul.none, Player.north)
    wanted = [(c.level, c.result, c.declarer.abbr) for c in found]  # read as iterated
    hands = "\n".join(
        f"      {seat}: {hand}" for seat, hand in zip("NESW", _hands(pbn), strict=True)
    )
    board = of_text(
        "kind: board\nid: game\ntitle: {en: Game, pl: Gra}\ndeals:\n"
        f"  - id: b1\n    game: bridge\n    dealer: N\n    hands:\n{hands}\n",
        "game.yaml",
    )
    html = plain(render_handout([board], lang="en"))
    assert found.score == 430 and wanted == [(3, 1, "N"), (3, 1, "S")]
    assert "Par: 430 for North-South (3NT+1 N, 3NT+1 S)." in html


def _hands(pbn: str) -> list[str]:
    """A PBN deal's hands (from North) as a scenario file writes them: ♠A K Q ♥A J …."""
    return [
        " ".join(
            suit + " ".join(cards).replace("T", "10")
            for suit, cards in zip("♠♥♦♣", hand.split("."), strict=True)
        )
        for hand in pbn[2:].split()
    ]


def test_a_page_named_output_is_that_one_pages_file(tmp_path: Path) -> None:
    """``-o out/x.html`` with one file writes the sheet to ``out/x.html`` (and its folder),
    never a folder named ``x.html``; an existing folder of that name is still a folder."""
    practice = tmp_path / "practice.yaml"
    practice.write_text(PRACTICE, encoding="utf-8")
    target = tmp_path / "out" / "x.html"
    done = render(RenderOptions((str(practice),), target, solver=False))
    assert [written.path for written in done.written] == [target]
    assert target.is_file() and "Deal 1" in target.read_text(encoding="utf-8")
    folder = tmp_path / "kept.html"
    folder.mkdir()
    done = render(RenderOptions((str(practice),), folder, solver=False))
    assert [written.path for written in done.written] == [folder / "practice.html"]


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "names one page, but 2 files make 2 sheets: give a folder"),
        ("pl", "to nazwa jednej strony, a 2 pliki dają 2 arkusze: podaj folder"),
    ],
)
def test_a_page_named_output_for_several_sheets_is_refused(
    tmp_path: Path, lang: str, message: str
) -> None:
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text(PRACTICE, encoding="utf-8")
    target = tmp_path / "out" / "x.html"
    with pytest.raises(BetelError) as refused:
        render(RenderOptions((str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml")), target))
    assert refused.value.message(lang) == f"--output {target} {message}"
    assert not (tmp_path / "out").exists()


def test_a_page_name_too_long_is_one_clear_error(tmp_path: Path) -> None:
    practice = tmp_path / "practice.yaml"
    practice.write_text(PRACTICE, encoding="utf-8")
    target = tmp_path / ("x" * 300 + ".html")
    with pytest.raises(BetelError) as refused:
        render(RenderOptions((str(practice),), target, solver=False))
    assert refused.value.message("en").startswith(f"cannot write {target}: File name too long")


@pytest.mark.parametrize("sheet", ["student", "answers"])
@pytest.mark.parametrize(
    ("lang", "first", "last"),
    [
        ("en", "West leads ♠A", "♠9 takes the last trick"),
        ("pl", "Zachód wychodzi ♠A", "♠9 bierze ostatnią lewę"),
    ],
)
def test_a_watched_deals_comments_follow_their_tricks(
    sheet: str, lang: str, first: str, last: str
) -> None:
    """Level 9's worked example says a word after each trick: each is printed on the row
    after its trick in the play, in the sheet's language, on both sheets."""
    html = render_handout([level(9)], lang=lang, sheet=sheet)
    (example,) = [s for s in deals(html) if "trick-comment" in s]
    rows = example.split('<table class="tricks">')[1].split("</table>")[0].split("<tr")[1:]
    kinds = ["comment" if 'class="trick-comment"' in row else "trick" for row in rows]
    assert kinds == ["trick", "comment"] * 10
    assert plain(f"<tr{rows[1]}").startswith(first)
    assert plain(f"<tr{rows[19]}").startswith(last)
    other = "Zachód" if lang == "en" else "West leads"
    assert other not in plain(example)


WATCHED = """\
kind: practice
id: watched
title: {en: "Watched", pl: "Oglądane"}
deals:
  - {id: d1, dealer: S, seed: 31, contract: pass}
  - {id: d2, dealer: W, seed: 32, contract: pass}
steps:
  - watch:
      deal: d1
      comments:
        - {en: "The first trick.", pl: "Pierwsza lewa."}
        - {en: "The second trick.", pl: "Druga lewa."}
  - watch: {deal: d2}
"""


@pytest.mark.parametrize(
    ("lang", "heading", "words"),
    [
        ("en", "Comments after each trick", "Trick 1 The first trick. Trick 2 The second trick."),
        ("pl", "Komentarze po każdej lewie", "Lewa 1 Pierwsza lewa. Lewa 2 Druga lewa."),
    ],
)
def test_comments_on_a_play_the_tutor_makes_are_listed_by_trick(
    lang: str, heading: str, words: str
) -> None:
    """A watched deal with no scripted play has no trick rows: its comments are listed by
    trick under a heading, and the deal has its page to itself."""
    practice = of_text(WATCHED, "watched.yaml")
    first, second = deals(render_handout([practice], lang=lang, per_page=2))
    listed = first.split('<dl class="trick-comments">')[1].split("</dl>")[0]
    assert plain(listed) == words
    assert f"<h3>{heading}</h3>" in first
    assert "trick-comments" not in second
    html = render_handout([practice], lang=lang, per_page=2)
    assert re.findall(r'class="deal-page [^"]*crowd-(\d)', html) == ["1", "1"]
