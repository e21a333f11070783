"""``puzzles build``, ``export`` and ``check`` on the command line: a corpus built, chosen
from as JSON or as a practice scenario that ``check`` passes and ``render`` prints, proved
again; bad input one clear line and a non-zero exit; a killed build continues where it stopped
(the process killed is the point: a subprocess)."""

from __future__ import annotations

import functools
import json
import sqlite3
from pathlib import Path

import pytest
import yaml

from betel_tutor.bulk.engine import BATCH
from betel_tutor.dealing import deal
from betel_tutor.play import BETEL, play_card, start_play
from betel_tutor.puzzles import build as build_module
from betel_tutor.puzzles.store import read_puzzles, write_corpus
from betel_tutor.puzzles.theme_names import THEMES, theme_name
from betel_tutor.scenario import dump, load_text
from tests.in_process import run_cli
from tests.killed import kill_once_journaled

ROOT = Path(__file__).parents[1]
# The corpus built once, with these arguments, for the tests that read it and for the killed
# build's comparison.
BUILD_ARGS = ["puzzles", "build", "--deals", "12", "--seed", "7"]

# The tests share this module's fixture: they run on one worker (scripts/test.sh).
pytestmark = pytest.mark.xdist_group(__name__)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("corpus") / "small.sqlite"
    ran = run_cli(*BUILD_ARGS, "--out", str(path), "--workers", "1")
    assert ran.returncode == 0, ran.stderr
    assert str(path) in ran.stdout and "puzzles from 12 deals" in ran.stdout
    return path


def test_build_writes_a_corpus_and_no_journal(corpus: Path) -> None:
    assert sorted(p.name for p in corpus.parent.iterdir()) == [corpus.name]
    with sqlite3.connect(corpus) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM puzzles").fetchone()
    assert count == len(list(read_puzzles(corpus))) > 0


def test_export_json_lists_the_puzzles_as_the_issue_asks(corpus: Path) -> None:
    ran = run_cli("puzzles", "export", "--corpus", str(corpus), "--count", "3", "--json")
    assert ran.returncode == 0, ran.stderr
    listed = json.loads(ran.stdout)
    assert len(listed) == 3
    for item in listed:
        assert {
            "hands",
            "trick",
            "to_play",
            "declarer",
            "contract",
            "trump",
            "solution",
            "line",
            "themes",
            "rating",
        } <= set(item)
        assert set(item["hands"]) == {"S", "W", "N"}
        assert all(len(pair) == 2 for pair in item["trick"])
    assert [item["rating"] for item in listed] == sorted(item["rating"] for item in listed)


def test_export_of_a_theme_gives_only_that_theme(corpus: Path) -> None:
    themes = json.loads(
        run_cli("puzzles", "export", "--corpus", str(corpus), "--count", "100", "--json").stdout
    )
    theme = themes[0]["themes"][0] if themes[0]["themes"] else "long"
    ran = run_cli("puzzles", "export", "--corpus", str(corpus), "--theme", theme, "--json")
    assert ran.returncode == 0, ran.stderr
    assert all(theme in item["themes"] for item in json.loads(ran.stdout))


def test_the_exported_scenario_passes_check_and_renders(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "handout.yaml"
    ran = run_cli("puzzles", "export", "--corpus", str(corpus), "--count", "4", "--out", str(out))
    assert ran.returncode == 0, ran.stderr
    scenario = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert scenario["kind"] == "practice" and len(scenario["deals"]) == 4
    # Written by the one scenario writer: what the loader reads back, it writes again the same;
    # and each deal, dealt from its seed and played through its cards, is the puzzle's position.
    text = out.read_text(encoding="utf-8")
    loaded, problems = load_text(text, str(out))
    assert loaded is not None and not problems
    assert dump(loaded) == text.split("# betel-tutor sha256:")[0]
    puzzles = {f"p-{p.id}": p for p in read_puzzles(corpus)}
    for spec in loaded.deals:
        puzzle = puzzles[spec.id]
        assert spec.contract is not None and spec.seed is not None
        state = start_play(BETEL, deal(spec.seed).hands, spec.contract, declarer=spec.declarer)
        for card in spec.play:
            state = play_card(state, card)
        assert [sorted(hand) for hand in state.hands] == [sorted(h) for h in puzzle.hands]
        assert [card for _seat, card in puzzle.trick] == list(state.current)
    checked = run_cli("check", str(out))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    rendered = run_cli("render", str(out), "-o", str(tmp_path / "html"))
    assert rendered.returncode == 0, rendered.stderr
    page = (tmp_path / "html" / "handout.html").read_text(encoding="utf-8")
    assert "Puzzles" in page


def test_check_proves_the_corpus_again(corpus: Path) -> None:
    ran = run_cli("puzzles", "check", "--corpus", str(corpus))
    assert ran.returncode == 0, ran.stderr
    assert "every one holds" in ran.stdout
    polish = run_cli("puzzles", "check", "--corpus", str(corpus), "--lang", "pl")
    assert "wszystkie się zgadzają" in polish.stdout


def test_check_names_a_puzzle_that_does_not_hold(corpus: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(corpus.read_bytes())
    with sqlite3.connect(broken) as db:
        puzzle_id, line = db.execute("SELECT id, line FROM puzzles LIMIT 1").fetchone()
        first = next(p for p in read_puzzles(corpus) if p.id == puzzle_id)
        other = next(c for c in sorted(first.state().legal_moves()) if c not in first.solution)
        wrong = other.format(ascii=True)
        db.execute(
            "UPDATE puzzles SET solution = ?, line = ? WHERE id = ?", (wrong, wrong, puzzle_id)
        )
    ran = run_cli("puzzles", "check", "--corpus", str(broken))
    assert ran.returncode == 1
    assert puzzle_id in ran.stderr and "do not hold" in ran.stdout
    del line


def test_merge_joins_corpora_keeping_each_puzzle_once(corpus: Path, tmp_path: Path) -> None:
    other = tmp_path / "betel.sqlite"
    built = run_cli(
        "puzzles",
        "build",
        "--deals",
        "3",
        "--seed",
        "m",
        "--kind",
        "trump",
        "--out",
        str(other),
        "--workers",
        "1",
    )
    assert built.returncode == 0, built.stderr
    assert {p.kind for p in read_puzzles(other)} <= {"trump"}
    joined = tmp_path / "joined.sqlite"
    ran = run_cli("puzzles", "merge", str(joined), str(corpus), str(other), str(corpus))
    assert ran.returncode == 0, ran.stderr
    ids = sorted(p.id for path in (corpus, other) for p in read_puzzles(path))
    assert sorted(p.id for p in read_puzzles(joined)) == ids
    assert "from 27 deals" in ran.stdout  # 12 + 3 + 12: the deals each build searched


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["puzzles", "build", "--deals", "0"], "--deals 0"),
        (["puzzles", "build", "--deals", "99999999999"], "from 1 to 10000000"),
        (["puzzles", "build", "--deals", "1", "--out", "."], "."),
        (["puzzles", "check", "--every", "0"], "--every 0"),
        (["puzzles", "export", "--theme", "sqeeze"], "sqeeze is not a puzzle theme"),
        (["puzzles", "export", "--count", "0"], "--count 0"),
        (["puzzles", "export", "--corpus", "no-such.sqlite"], "no-such.sqlite"),
        (["puzzles", "check", "--corpus", "README.md"], "README.md is not a puzzle corpus"),
        (["puzzles", "build", "--deals", "2", "--cluster", "nowhere"], "nowhere"),
        (["puzzles", "build", "--deals", "2", "--kind", "misere"], "--kind misere"),
        (["puzzles", "merge", "out.sqlite", "README.md"], "README.md is not a puzzle corpus"),
    ],
)
def test_bad_input_is_one_clear_line(args: list[str], said: str) -> None:
    ran = run_cli(*args)
    assert ran.returncode == 2
    assert said in ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1
    assert "Traceback" not in ran.stderr


def test_bad_input_is_told_in_polish() -> None:
    ran = run_cli("puzzles", "export", "--theme", "sqeeze", "--lang", "pl")
    assert ran.returncode == 2
    assert "nie jest motywem zadań" in ran.stderr
    # the themes listed as a Polish learner may type them
    assert "wpustka, impas" in ran.stderr and "throw-in" not in ran.stderr


@pytest.mark.parametrize("typed", ["finesse", "impas", "IMPAS", "Finesse"])
def test_a_theme_is_read_by_its_key_or_its_name_in_either_language(typed: str) -> None:
    ran = run_cli("puzzles", "export", "--theme", typed, "--count", "3", "--json")
    assert ran.returncode == 0, ran.stderr
    exported = json.loads(ran.stdout)
    assert len(exported) == 3 and all("finesse" in item["themes"] for item in exported)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "no puzzle of the theme {theme} in {path}"),
        ("pl", "w {path} nie ma zadania z motywem {theme}"),
    ],
)
@pytest.mark.parametrize("form", [["--json"], [], ["--out", "handout.yaml"]])
def test_export_of_a_theme_with_no_puzzle_is_one_clear_line(
    corpus: Path, tmp_path: Path, lang: str, said: str, form: list[str]
) -> None:
    held = {theme for puzzle in read_puzzles(corpus) for theme in puzzle.themes}
    theme = next(theme for theme in THEMES if theme not in held)
    form = [str(tmp_path / f) if f.endswith(".yaml") else f for f in form]
    ran = run_cli(
        "puzzles", "export", "--corpus", str(corpus), "--theme", theme, *form, "--lang", lang
    )
    assert ran.returncode == 2
    # the theme named in the learner's language
    assert ran.stderr.strip() == said.format(theme=theme_name(theme, lang), path=corpus)
    assert ran.stdout == "" and not (tmp_path / "handout.yaml").exists()


def test_export_from_an_empty_corpus_says_so(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite"
    write_corpus(empty, [], {})
    for lang, said in (("en", "no puzzle in {}"), ("pl", "w {} nie ma żadnego zadania")):
        ran = run_cli("puzzles", "export", "--corpus", str(empty), "--json", "--lang", lang)
        assert (ran.returncode, ran.stderr.strip(), ran.stdout) == (2, said.format(empty), "")


BUILD = "from betel_tutor.entry import main; main()"


def test_a_killed_build_continues_without_repeating_or_losing_a_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build killed as soon as a deal is journaled and started again: it ends with the same
    puzzles as a build never killed. Three batches of deals (:data:`BATCH` each): the batch
    after the first is journaled only once the third is worked out, so the build is killed
    with work still to do."""
    out = tmp_path / "killed.sqlite"
    journal = build_module.journal_of(out)
    deals = 3 * BATCH
    args = ["puzzles", "build", "--deals", str(deals), "--seed", "k", "--out", str(out)]
    args += ["--workers", "1"]
    kill_once_journaled(BUILD, args, lambda: journal)
    assert not out.exists()  # no half corpus
    kept = len(journal.read_bytes().splitlines()) - 1
    assert 1 <= kept < deals
    worked: list[int | str] = []
    task = build_module.deal_puzzles

    @functools.wraps(task)
    def counted(seed: int | str) -> list[dict[str, object]]:
        worked.append(seed)
        return task(seed)

    monkeypatch.setattr(build_module, "deal_puzzles", counted)
    resumed = run_cli(*args)
    assert resumed.returncode == 0, resumed.stderr
    assert len(worked) == deals - kept  # only the deals the journal did not hold
    assert not journal.exists()
    monkeypatch.setattr(build_module, "deal_puzzles", task)
    fresh = tmp_path / "fresh.sqlite"
    again = run_cli(*args[:-4], "--out", str(fresh), "--workers", "1")
    assert again.returncode == 0, again.stderr
    assert [p.to_json() for p in read_puzzles(out)] == [p.to_json() for p in read_puzzles(fresh)]
