"""YAML that cannot be read is reported in plain words, in the user's language, at the place to
correct: by ``check`` (the bad-file corpus, ``tests/data/bad/*yaml_*``), by the tutor, and by
every other reader of scenario files, all through ``load_yaml``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.scenario.source import load_yaml
from tests.in_process import run_cli
from tests.test_tutor import environment

ROOT = Path(__file__).parents[1]
SHIPPED = sorted((ROOT / "scenarios").rglob("*.yaml"))
PARSER_WORDS = ("mapping values", "token", "expected", "scanning", "parsing", "stream")


def problem_of(text: str) -> tuple[int, int, str]:
    node, problems = load_yaml(text, "f.yaml")
    assert node is None and len(problems) == 1
    problem = problems[0]
    return problem.position.line, problem.position.column, problem.key


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a: 1\nb:\n\tc: 2\n", (3, 1, "scenario.yaml_tab")),
        ("a: 1\n  \t\nb: 2\n\tc: 3\n", (4, 1, "scenario.yaml_tab")),
        ("\t# a comment\na: 1\n", (1, 1, "scenario.yaml_tab")),
        ("t:\n  en: A\n pl: B\n", (3, 2, "scenario.yaml_indent")),
        ("d:\n  - id: a\n  seed: 1\n", (3, 3, "scenario.yaml_indent")),
        ("d:\n  - id: a\n    x: 1\n   y: 2\n", (4, 4, "scenario.yaml_indent")),
        ("a: 1\n  b: 2\n", (2, 3, "scenario.yaml_indent_under_value")),
        ("a: {x: 1}\n  b: 2\n", (2, 3, "scenario.yaml_indent_under_value")),
        ("a: |\n    one\n   two\n", (3, 4, "scenario.yaml_block_text")),
        ("a:\n  en: |\n    one\n   pl: two\n", (4, 4, "scenario.yaml_indent")),
        ("a: Rule 7: beat\n", (1, 10, "scenario.yaml_colon_in_value")),
        ("- x: note: this\n", (1, 10, "scenario.yaml_colon_in_value")),
        ('a: "open\nb: 1\n', (1, 4, "scenario.yaml_unclosed_quote")),
        ("a: {b: 'open, c: 1}\nd: 2\n", (1, 8, "scenario.yaml_unclosed_quote")),
        ("a: [1, 2\nb: 1\n", (1, 4, "scenario.yaml_unclosed_bracket")),
        ("a: {b: [1, 2}\n", (1, 13, "scenario.yaml_wrong_bracket")),
        ('a: "x" y\n', (1, 8, "scenario.yaml_after_quote")),
        ("'a: 1\nb: it's\nc: 2\n", (2, 6, "scenario.yaml_quote_spans")),
        ("a: 1\nb: 2\nid: 3\nb: 4\n", (4, 1, "scenario.duplicate_key")),
        ("a: 2024-02-30\n", (1, 4, "scenario.yaml_bad_date")),
        ("a: *nowhere\n", (1, 4, "scenario.alias")),
        ("a: 1\n---\nb: 2\n", (2, 1, "scenario.yaml_documents")),
        ("a: 1\nb: \x01\n", (2, 4, "scenario.yaml_control")),
        ("a: 1\nthis line has no colon\n", (2, 1, "scenario.yaml_syntax")),
    ],
)
def test_each_mistake_is_named_where_it_is(text: str, expected: tuple[int, int, str]) -> None:
    assert problem_of(text) == expected


def test_a_duplicate_key_names_both_lines() -> None:
    _, problems = load_yaml("a: 1\nb: 2\na: 3\n", "f.yaml")
    assert (
        problems[0].format("en")
        == "f.yaml:3:1: key 'a' is given twice: first at line 1, again here"
    )
    assert problems[0].format("pl") == (
        "f.yaml:3:1: klucz 'a' podano dwa razy: najpierw w wierszu 1, drugi raz tutaj"
    )


def test_valid_yaml_that_looks_odd_is_read() -> None:
    # The diagnosis runs only for a refused file: constructs it would misread are never judged.
    for text in (
        "a: b\n  continued plain text\n",
        "a:\n- 1\n- 2\nb: 3\n",
        "a: |2\n    indented more\n",
        "a: {x: 1,\n  y: 2}\nb: 'it''s'\n",
        "  a: 1\n  b: 2\n",
    ):
        node, problems = load_yaml(text, "f.yaml")
        assert problems == [] and node is not None, text


def mutated(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    n = rng.randrange(len(lines))
    line, op = lines[n], rng.randrange(5)
    if op == 0:
        lines[n] = rng.choice([" ", "  ", "\t"]) + line
    elif op == 1:
        lines[n] = line[1:]
    elif op == 2:
        at = rng.randrange(len(line) + 1)
        lines[n] = line[:at] + rng.choice(['"', "'", "[", "{", "]", "}", ": ", "\t"]) + line[at:]
    elif op == 3:
        lines.insert(n, line)
    else:
        lines[n] = "\t" + line.lstrip(" ")
    return "\n".join(lines)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SHIPPED), st.integers(0, 2**32))
def test_a_broken_lesson_gets_one_plain_message_no_later_than_the_parser_stops(
    path: Path, seed: int
) -> None:
    text = mutated(path.read_text(encoding="utf-8"), random.Random(seed))
    try:
        yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # as read
    except yaml.YAMLError as error:
        _, problems = load_yaml(text, "f.yaml")
        assert len(problems) == 1
        problem = problems[0]
        mark = getattr(error, "problem_mark", None)
        if mark is not None:
            assert problem.position.line <= mark.line + 1
        for lang in ("en", "pl"):
            message = problem.message(lang)
            assert not any(word in message for word in PARSER_WORDS), message


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "level-01.yaml:5:1: a tab in the indentation: indent with spaces"),
        ("pl", "level-01.yaml:5:1: tabulator we wcięciu: wcinaj spacjami"),
    ],
)
def test_the_tutor_says_what_check_says(tmp_path: Path, lang: str, message: str) -> None:
    levels = tmp_path / "levels"
    levels.mkdir()
    (levels / "level-01.yaml").write_text(
        "kind: lesson\nid: t\nlevel: 1\ntitle:\n\ten: Tab\n  pl: Tab\n", encoding="utf-8"
    )
    result = run_cli(
        "learn",
        "--level",
        "1",
        "--lang",
        lang,
        input="quit\n",
        env=environment(tmp_path / "home", BETEL_TUTOR_LEVELS=str(levels)),
    )
    out = result.stdout
    assert message in out and "Traceback" not in result.stderr
    checked = run_cli("check", str(levels / "level-01.yaml"), "--lang", lang)
    assert checked.returncode == 1
    said = checked.stdout.strip()
    assert said == f"{levels / 'level-01.yaml'}:{message.split(':', 1)[1]}" or message in said
    assert said in out.splitlines()
