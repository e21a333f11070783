"""A teacher's file is a lesson: ``learn FILE|FOLDER`` plays a lesson, a practice file written
by ``deal --out`` and a folder of them (a course) through ``learn --json`` in this process, each
with its own progress (``progress FILE|FOLDER``), kept apart from the ten levels' and kept when
the folder moves; files that cannot be played are refused in one line naming them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from betel_tutor.errors import ScenarioError
from betel_tutor.scenario.course import course_key, open_course
from betel_tutor.scenario.model import PlayStep
from tests.in_process import run_cli, run_lines
from tests.learner import Learner, converse, environment

LESSON = """\
kind: lesson
id: {ident}
{level}title: {{en: "{title}", pl: "{title} po polsku"}}
options: {{auction: false, contract: pass, kontra: false, exchange: false}}
deals:
  - {{id: d1, dealer: S, seed: {seed}}}
steps:
  - read:
      en: "Follow suit when you can: {title}."
      pl: "Dokładaj do koloru, gdy możesz: {title}."
  - play: {{deal: d1, seat: S, goal: {{tricks_at_least: 0}}}}
"""


def lesson(folder: Path, name: str, title: str, *, level: int | None = None) -> Path:
    """A lesson of one text and one deal, whose goal any play meets."""
    path = folder / name
    level_line = f"level: {level}\n" if level is not None else ""
    ident = Path(name).stem
    text = LESSON.format(ident=ident, level=level_line, title=title, seed=f"{ident}-seed")
    path.write_text(text, encoding="utf-8")
    return path


def progress_json(home: Path, *args: str) -> dict[str, Any]:
    ran = run_cli("progress", "--json", *args, env=environment(home))
    assert ran.returncode == 0, ran.stderr
    data: dict[str, Any] = json.loads(ran.stdout)
    return data


def test_a_teachers_lesson_is_played_with_its_own_progress(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = lesson(tmp_path, "trumps.yaml", "Trumps")
    learner = Learner(1)
    transcript = converse(learner, [str(path)], environment(home))
    assert transcript.returncode == 0, transcript.stderr
    texts = [event["text"] for event in transcript.of("message")]
    assert "Follow suit when you can: Trumps." in texts
    assert len(transcript.of("deal_end")) == 1
    (end,) = transcript.of("level_end")
    assert end["done"] is True
    key = open_course(str(path)).key
    assert (home / "courses" / f"{key}.json").is_file()
    shown = progress_json(home, str(path))
    assert shown["course"]["id"] == "trumps"
    assert [level["done"] for level in shown["levels"]] == [True]
    assert shown["levels"][0]["stars"] == end["stars"] >= 1
    # The ten levels' progress knows nothing of it.
    levels = progress_json(home)["levels"]
    assert len(levels) == 10 and not any(level["done"] for level in levels)


def test_a_practice_file_written_by_deal_is_played_deal_after_deal(tmp_path: Path) -> None:
    home = tmp_path / "home"
    practice = tmp_path / "practice.yaml"
    made = run_cli(
        "deal", "--game", "betel", "--count", "2", "--seed", "p", "--out", str(practice),
        env=environment(home),
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    course = open_course(str(practice))
    (steps,) = [lesson.steps for lesson in course.lessons]
    assert [type(step) for step in steps] == [PlayStep, PlayStep]
    assert all(step.goal == {"best": 1} for step in steps if isinstance(step, PlayStep))
    transcript = converse(Learner(1), [str(practice)], environment(home))
    assert transcript.returncode == 0, transcript.stderr
    assert len(transcript.of("deal_end")) == 2
    assert len(transcript.of("level_end")) == 1
    shown = progress_json(home, str(practice))
    assert shown["levels"][0]["deals_played"] == 2


def test_a_course_folder_follows_its_list_and_keeps_its_progress_when_moved(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    folder = tmp_path / "course"
    folder.mkdir()
    lesson(folder, "a-first.yaml", "Alpha")
    lesson(folder, "b-second.yaml", "Beta")
    (folder / "course.yaml").write_text(
        "id: greek\ntitle: {en: Greek letters, pl: Litery greckie}\n"
        "lessons:\n  - b-second.yaml\n  - a-first.yaml\n",
        encoding="utf-8",
    )
    transcript = converse(Learner(1), [str(folder)], environment(home))
    assert transcript.returncode == 0, transcript.stderr
    menu = [event["text"] for event in transcript.of("message")]
    at = menu.index("Greek letters:")
    assert menu[at + 1].startswith("   1. Beta") and menu[at + 2].startswith("   2. Alpha")
    prompts = [event for event in transcript.of("prompt") if event["expects"] == "menu"]
    assert prompts[0]["choices"] == ["1", "2"]
    texts = [event["text"] for event in transcript.of("message")]
    assert "Follow suit when you can: Beta." in texts
    moved = tmp_path / "elsewhere" / "greek"
    moved.parent.mkdir()
    shutil.move(folder, moved)
    shown = progress_json(home, str(moved))
    assert [level["done"] for level in shown["levels"]] == [True, False]
    assert shown["course"]["title"] == {"en": "Greek letters", "pl": "Litery greckie"}
    lines = run_cli("progress", "--lang", "pl", str(moved), env=environment(home)).stdout
    first = shown["levels"][0]
    head, done, other = lines.splitlines()[:3]
    assert head == "Litery greckie:"
    assert done.startswith("Lekcja 1, Beta po polsku: ukończona ✓ (1 rozegrane rozdanie, ")
    assert done.endswith(f", ★ {first['stars']})") and f" {first['points']} punkt" in done
    assert other == "Lekcja 2, Alpha po polsku: krok 0, 0 rozegranych rozdań, 0 punktów, ★ 0"
    # A lesson out of range at the start, in the course's own words.
    ran = run_cli("learn", "--json", "--level", "3", str(moved), env=environment(home))
    assert ran.returncode == 2
    assert ran.stderr.strip() == "'3' is not a lesson of this course: type a number from 1 to 2"
    ran = run_cli("learn", "--lesson", "penalty-cards", str(moved), env=environment(home))
    assert ran.returncode == 2
    assert ran.stderr.strip() == (
        f"'{moved}' and --lesson cannot be played together: give a teacher's file or folder, "
        "or --lesson, not both"
    )
    ran = run_cli("learn", "--fourth", "--lang", "pl", str(moved), env=environment(home))
    assert ran.returncode == 2
    expected = f"--fourth dotyczy meczu z poziomu 10, a nie pliku lub folderu nauczyciela '{moved}'"
    assert ran.stderr.strip() == expected


def test_a_folder_without_a_list_goes_by_level_then_name(tmp_path: Path) -> None:
    lesson(tmp_path, "c.yaml", "C", level=1)
    lesson(tmp_path, "a.yaml", "A")
    lesson(tmp_path, "b.yaml", "B", level=2)
    lesson(tmp_path, "d.yaml", "D", level=1)
    (tmp_path / "notes.txt").write_text("not a lesson\n", encoding="utf-8")
    course = open_course(str(tmp_path))
    assert [lesson.id for lesson in course.lessons] == ["c", "d", "b", "a"]


def test_the_key_holds_no_path_but_changes_with_the_deals(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    lesson(one, "x.yaml", "X")
    lesson(two, "x.yaml", "X, said otherwise")  # only a text differs
    first, second = open_course(str(one / "x.yaml")), open_course(str(two / "x.yaml"))
    assert first.key == second.key and first.key.startswith("x-")
    text = (two / "x.yaml").read_text(encoding="utf-8").replace("x-seed", "another-seed")
    (two / "x.yaml").write_text(text, encoding="utf-8")
    assert open_course(str(two / "x.yaml")).key != first.key
    assert course_key("x", first.lessons) == first.key


DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
PBN = f'[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n'


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_what_cannot_be_played_is_one_line_naming_it(lang: str, tmp_path: Path) -> None:
    home = tmp_path / "home"
    empty = tmp_path / "empty"
    empty.mkdir()
    others = tmp_path / "others"
    others.mkdir()
    (others / "readme.txt").write_text("hello\n", encoding="utf-8")
    stepless = tmp_path / "stepless.yaml"
    stepless.write_text("kind: lesson\nid: s\ntitle: {en: S, pl: S}\n", encoding="utf-8")
    damaged = tmp_path / "damaged.yaml"
    damaged.write_text("kind: lesson\nid: x\ntitle: [unclosed\n", encoding="utf-8")
    pbn = tmp_path / "club.pbn"
    pbn.write_text(PBN, encoding="utf-8")
    boards = tmp_path / "boards.yaml"  # a YAML of bridge boards, as convert writes it
    made = run_cli("convert", str(pbn), str(boards), env=environment(home))
    assert made.returncode == 0, made.stderr
    text = tmp_path / "notes.txt"
    text.write_text("Trumps first, always.\n", encoding="utf-8")
    expected = {
        "en": {
            pbn: f"{pbn} holds bridge boards, which the tutor does not play: show them with "
            "render, solve them with solve, or change their format with convert",
            tmp_path / "gone.yaml": f"{tmp_path / 'gone.yaml'}: no such file or folder",
            empty: f"{empty}: the folder is empty; a course is a folder of lesson or practice "
            "files (.yaml)",
            others: f"{others}: no lesson or practice file in this folder (a .yaml file of "
            "kind lesson or practice)",
            stepless: f"{stepless} has no step to play: a lesson plays its steps (read, quiz, "
            "play, watch, match), a practice file its deals",
            boards: f"{boards} holds bridge boards, which the tutor does not play: show them "
            "with render, solve them with solve, or change their format with convert",
            text: f"{text}:1:1: scenario must be a mapping of keys to values",
        },
        "pl": {
            pbn: f"{pbn} zawiera rozdania brydżowe, których nauczyciel nie rozgrywa: pokaż je "
            "poleceniem render, rozwiąż poleceniem solve albo zmień ich format poleceniem "
            "convert",
            tmp_path / "gone.yaml": f"{tmp_path / 'gone.yaml'}: nie ma takiego pliku ani folderu",
            empty: f"{empty}: folder jest pusty; kurs to folder plików lekcji lub ćwiczeń (.yaml)",
            others: f"{others}: w tym folderze nie ma pliku lekcji ani ćwiczeń (pliku .yaml "
            "rodzaju lesson lub practice)",
            stepless: f"{stepless} nie ma kroku do rozegrania: lekcja przechodzi przez swoje "
            "kroki (read, quiz, play, watch, match), plik ćwiczeń przez swoje rozdania",
            boards: f"{boards} zawiera rozdania brydżowe, których nauczyciel nie rozgrywa: "
            "pokaż je poleceniem render, rozwiąż poleceniem solve albo zmień ich format "
            "poleceniem convert",
            text: f"{text}:1:1: scenario musi być odwzorowaniem kluczy na wartości",
        },
    }[lang]
    for path, message in expected.items():
        for command in ("learn", "progress"):
            ran = run_cli(command, "--json", "--lang", lang, str(path), env=environment(home))
            assert ran.returncode == 2, (command, path, ran.stdout)
            assert ran.stderr.strip() == message, (command, path)
            assert ran.stdout == ""
    ran = run_cli("learn", "--json", "--lang", lang, str(damaged), env=environment(home))
    assert ran.returncode == 2
    (line,) = ran.stderr.strip().splitlines()
    assert line.startswith(f"{damaged}:3:")
    assert "Traceback" not in ran.stderr
    assert not (home / "courses").exists()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "no file 'missing.yaml' in the course's folder"),
        ("pl", "w folderze kursu nie ma pliku „missing.yaml”"),
    ],
)
def test_check_reads_a_course_list_at_its_lines(lang: str, said: str, tmp_path: Path) -> None:
    lesson(tmp_path, "one.yaml", "One")
    listing = tmp_path / "course.yaml"
    (tmp_path / "board.pbn").write_text(PBN, encoding="utf-8")
    listing.write_text(
        "id: c\nlessons:\n  - one.yaml\n  - missing.yaml\n  - one.yaml\n  - ../up.yaml\n"
        "  - board.pbn\n",
        encoding="utf-8",
    )
    ran = run_cli("check", "--lang", lang, str(listing), env=environment(tmp_path / "home"))
    assert ran.returncode != 0
    lines = (ran.stdout + ran.stderr).splitlines()
    assert f"{listing}:4:5: {said}" in lines
    twice = {"en": "'one.yaml' is listed twice", "pl": "„one.yaml” występuje na liście dwa razy"}
    assert f"{listing}:5:5: {twice[lang]}" in lines
    assert any(line.startswith(f"{listing}:6:5: ") for line in lines)
    unplayable = {"en": "the tutor cannot play this lesson: ", "pl": "nauczyciel nie może"}
    assert any(line.startswith(f"{listing}:7:5: {unplayable[lang]}") for line in lines)
    ran = run_cli("learn", "--json", "--lang", lang, str(tmp_path), env=environment(tmp_path))
    assert ran.returncode == 2
    assert ran.stderr.strip() == f"{listing}:4:5: {said}"


def test_deal_out_names_the_file_from_its_name_or_as_asked(tmp_path: Path) -> None:
    env = environment(tmp_path / "home")
    derived, asked = tmp_path / "trump_leads.yaml", tmp_path / "asked.yaml"
    ran = run_cli("deal", "--game", "betel", "--seed", "n", "--out", str(derived), env=env)
    assert ran.returncode == 0, ran.stderr
    ran = run_cli(
        "deal", "--game", "betel", "--seed", "n", "--out", str(asked),
        "--out-id", "week-3", "--title", "Week three", env=env,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    first, second = open_course(str(derived)), open_course(str(asked))
    assert (first.id, first.title.en, first.title.pl) == ("trump_leads",) + ("Trump leads",) * 2
    assert (second.id, second.title.en) == ("week-3", "Week three")
    assert first.key != second.key  # two practice files never share their progress
    # The editor's schema line only where the schema file is.
    assert "$schema" not in derived.read_text(encoding="utf-8")
    (tmp_path / "scenario.schema.json").write_text("{}", encoding="utf-8")
    again = tmp_path / "again.yaml"
    ran = run_cli("deal", "--game", "betel", "--seed", "n", "--out", str(again), env=env)
    assert ran.returncode == 0, ran.stderr
    assert "$schema=scenario.schema.json" in again.read_text(encoding="utf-8")
    checked = run_cli("check", str(derived), str(asked), str(again), env=env)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_missed_goal_is_practised_within_its_course(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = lesson(tmp_path, "hard.yaml", "Hard")
    text = path.read_text(encoding="utf-8").replace("tricks_at_least: 0", "tricks_at_least: 10")
    path.write_text(text, encoding="utf-8")
    transcript = converse(Learner(1), [str(path)], environment(home))
    (end,) = transcript.of("level_end")
    assert end["done"] is False
    assert progress_json(home, str(path))["levels"][0]["practise"] == ["d1"]
    # The ten levels have nothing to practise; the course has its deal.
    plain = run_lines("learn", "--json", "--practice", lines=["quit"], env=environment(home))
    said = [json.loads(line).get("text") for line in plain.stdout.splitlines()]
    assert "Your practice list is empty: every deal you played met its goal." in said
    again = converse(Learner(1), ["--practice", str(path)], environment(home))
    said = [event["text"] for event in again.of("message")]
    assert said[1:3] == ["Practice: 1 deal whose goal was missed.", ""]
    assert said[3] == "Practice: level 1, deal d1."
    assert again.of("deal_end")[0]["deal"] == "d1"  # then the course's menu, its lesson again


def test_a_course_folder_is_rendered_without_its_list(tmp_path: Path) -> None:
    folder = tmp_path / "course"
    folder.mkdir()
    lesson(folder, "one.yaml", "One")
    (folder / "course.yaml").write_text("id: c\nlessons: [one.yaml]\n", encoding="utf-8")
    out = tmp_path / "out"
    ran = run_cli("render", str(folder), "-o", str(out), env=environment(tmp_path / "home"))
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert [path.name for path in out.iterdir()] == ["handout.html"]
    assert "Follow suit when you can: One." in (out / "handout.html").read_text(encoding="utf-8")


def test_each_browser_is_given_the_course_where_it_lies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from betel_tutor.app.learn import LearnOptions, web_arguments

    lesson(tmp_path, "one.yaml", "One")
    monkeypatch.chdir(tmp_path)
    arguments = web_arguments(LearnOptions(level=1, course="one.yaml"), 8000)
    assert arguments[-1] == str(tmp_path / "one.yaml")  # the server may start elsewhere
    assert "--level=1" in arguments
    with pytest.raises(ScenarioError):
        web_arguments(LearnOptions(course="gone.yaml"), 8000)  # refused before serving


def test_a_course_lesson_counts_as_taught_what_its_options_play(tmp_path: Path) -> None:
    from betel_tutor.tutor.context import Context, Place, Settings
    from betel_tutor.tutor.progress import Progress
    from betel_tutor.tutor.taught import Taught, taught

    course = open_course(str(lesson(tmp_path, "x.yaml", "X")))
    (first,) = course.lessons
    ctx = Context(Progress(), settings=Settings(course=course))
    ctx.place = Place(1, first)  # the first lesson of a course is not level 1
    assert taught(ctx) == Taught(auction=False)  # trumps and Betel told; no auction played
    shipped = Context(Progress())
    shipped.place = Place(1, first)
    assert taught(shipped) == Taught(trumps=False, betel=False, auction=False, kontra=False)
