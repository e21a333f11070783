"""The scenario writer is the loader's mirror: what it writes reads back as the scenario it
was given, for generated scenarios and for every scenario file the project ships."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from betel_tutor.cards import Card, Rank, Suit
from betel_tutor.contracts import LADDER, Contract, free_play
from betel_tutor.scenario.loader import load, load_text
from betel_tutor.scenario.model import (
    Constraint,
    DealSpec,
    LevelOptions,
    MatchStep,
    Note,
    PlayStep,
    ReadStep,
    Scenario,
    Text,
    WatchStep,
)
from betel_tutor.scenario.source import Position, load_yaml
from betel_tutor.scenario.writer import Comments, dump, quoted, scalar
from betel_tutor.seats import Seat

ROOT = Path(__file__).parents[1]
SHIPPED = sorted(
    path
    for folder in (ROOT / "scenarios", ROOT / "tests" / "data")
    for pattern in ("*.yaml", "*.pbn", "*.lin")
    for path in folder.rglob(pattern)
    if "bad" not in path.parts and (path.suffix != ".yaml" or "\nkind:" in "\n" + path.read_text())
)


def bare(value: Any) -> Any:
    """``value`` without the positions a loaded scenario carries (a written one has none)."""
    if isinstance(value, Position):
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {
            field.name: bare(getattr(value, field.name)) for field in dataclasses.fields(value)
        }
        return dataclasses.replace(value, **fields)
    if isinstance(value, tuple):
        return tuple(bare(item) for item in value)
    if isinstance(value, list):
        return [bare(item) for item in value]
    if isinstance(value, dict):
        if value and all(isinstance(item, Position) for item in value.values()):
            return {}
        return {key: bare(item) for key, item in value.items()}
    return value


def read_back(scenario: Scenario, comments: Comments | None = None) -> Scenario:
    loaded, problems = load_text(dump(scenario, comments=comments), scenario.path)
    assert loaded is not None, [problem.format() for problem in problems]
    return bare(loaded)  # type: ignore[no-any-return]


# -- generated scenarios ------------------------------------------------------------------------

# Whatever an author may write: Polish letters, quotes, colons, hashes, card symbols,
# leading and trailing spaces, YAML's own words (yes, null, 12), tabs and line breaks.
TRICKY = ["yes", "No", "null", "~", "12", "1e3", "0x1F", "2026-01-01", "- a", "a: b", "a #b"]
TRICKY += ["#x", "*x", "&x", "!x", "|", ">", "'q'", '"q"', "[a]", "{a}", "a,b", " lead", "end "]
words = st.one_of(
    st.sampled_from(TRICKY),
    st.text(st.characters(codec="utf-8"), min_size=1, max_size=40),
).filter(lambda text: bool(text.strip()))
texts = st.builds(Text, en=words, pl=words)
idents = st.text("abcdefghij0123456789-_ :#'\"", min_size=1, max_size=12).filter(str.strip)
deck = [Card(suit, rank) for suit in Suit for rank in Rank]
some_cards = st.lists(st.sampled_from(deck), unique=True, max_size=10).map(tuple)
notes = st.builds(
    Note,
    id=idents,
    version=st.integers(1, 10**6),
    category=st.sampled_from(("before", "after")),
    text=texts,
)


@st.composite
def bridge_contracts(draw: st.DrawFn) -> tuple[Contract, int]:
    if draw(st.booleans()):
        return free_play(), 0
    strain = draw(st.sampled_from([None, *Suit]))
    return Contract("normal", draw(st.integers(1, 7)), strain), draw(st.integers(0, 2))


@st.composite
def deals(draw: st.DrawFn, ident: str) -> DealSpec:
    game = draw(st.sampled_from(("betel", "bridge")))
    count = 4 if game == "bridge" else 3
    dealer = Seat(draw(st.integers(0, count - 1)), count)
    values: dict[str, Any] = {"id": ident, "game": game, "dealer": dealer}
    if draw(st.booleans()):
        hands = draw(st.lists(some_cards, min_size=count, max_size=count))
        values["hands"] = tuple(hands)
    else:
        values["seed"] = draw(st.one_of(st.integers(0, 10**9), idents))
        values["constraints"] = tuple(
            draw(
                st.lists(
                    st.builds(
                        Constraint,
                        seat=st.sampled_from([*Seat(0, count).clockwise()]),
                        suit=st.sampled_from("♠♥♦♣"),
                        at_least=st.none() | st.integers(0, 8),
                        at_most=st.none() | st.integers(0, 13),
                    ),
                    max_size=2,
                )
            )
        )
    values["title"] = draw(st.none() | texts)
    values["notes"] = tuple(draw(st.lists(notes, max_size=2)))
    values["play"] = draw(some_cards)
    if draw(st.booleans()):
        values["auction"] = tuple(draw(st.lists(st.sampled_from(("pass", "1♠", "2NT")))))
    if game == "bridge":
        values["board"] = draw(st.none() | st.integers(1, 99))
        values["vulnerable"] = draw(st.none() | st.sampled_from(("none", "NS", "EW", "all")))
        values["result"] = draw(st.none() | st.integers(0, 13))
        if draw(st.booleans()):
            values["contract"], values["doubled"] = draw(bridge_contracts())
            if values["contract"].kind == "normal":
                values["declarer"] = Seat(draw(st.integers(0, 3)), 4)
                values["trump"] = draw(st.sampled_from((None, *"♠♥♦♣")))
                if values["trump"] is not None:  # a trump beside a contract is its own
                    strain = values["contract"].strain
                    values["trump"] = "NT" if strain is None else strain.symbol
    else:
        values["dubel"] = draw(some_cards)
        if draw(st.booleans()):
            values["contract"] = draw(st.sampled_from(LADDER))
            values["declarer"] = Seat(draw(st.integers(0, 2)))
        if draw(st.booleans()):
            values["first_exchange"] = tuple(
                draw(st.lists(st.integers(-50, 50), min_size=3, max_size=3))
            )
    return DealSpec(**values)


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    count = draw(st.integers(0, 3))
    made = tuple(draw(deals(f"d{number}")) for number in range(count))
    steps: list[Any] = [ReadStep(text) for text in draw(st.lists(texts, max_size=2))]
    for deal in made:
        steps.append(
            draw(
                st.one_of(
                    st.builds(WatchStep, deal=st.just(deal.id), text=st.none() | texts),
                    st.builds(
                        PlayStep,
                        deal=st.just(deal.id),
                        seat=st.sampled_from(Seat(0, 3).clockwise()),
                        goal=st.sampled_from(({"tricks_at_least": 6}, {"make": 1}, {"best": 0})),
                        open=st.booleans(),
                        text=st.none() | texts,
                        optional=st.booleans(),
                    ),
                )
            )
        )
    if draw(st.booleans()):
        steps.append(
            MatchStep(draw(st.sampled_from((None, "points"))), draw(st.integers(10, 9999)))
        )
    options = draw(
        st.builds(
            LevelOptions,
            auction=st.just(True),
            betelki=st.booleans(),
            kontra=st.booleans(),
            contract=st.none() | st.sampled_from(LADDER),
        )
    )
    return Scenario(
        path="generated.yaml",
        kind=draw(st.sampled_from(("lesson", "practice", "board"))),
        id=draw(idents),
        title=draw(texts),
        level=draw(st.none() | st.integers(1, 10)),
        text=draw(st.none() | texts),
        options=options,
        deals=made,
        steps=tuple(steps),
    )


@settings(max_examples=150, deadline=None)
@given(scenarios())
def test_what_is_written_reads_back_as_it_was(scenario: Scenario) -> None:
    assert read_back(scenario) == scenario


@given(words)
def test_a_quoted_string_reads_back_as_it_was(text: str) -> None:
    node, problems = load_yaml(f"key: {quoted(text)}\n", "x.yaml")
    assert not problems and node is not None
    assert node.value["key"].value == text


plain_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | words,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(words, inner, max_size=3),
    max_leaves=8,
)


@given(plain_values)
def test_a_quizs_plain_value_reads_back_as_it_was(value: Any) -> None:
    node, problems = load_yaml(f"key: {scalar(value)}\n", "x.yaml")
    assert not problems and node is not None
    assert node.value["key"].plain() == value


# -- the files the project ships ----------------------------------------------------------------


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.name)
def test_every_shipped_scenario_survives_load_dump_load(path: Path) -> None:
    scenario, problems = load(str(path))
    assert scenario is not None and not problems
    assert read_back(scenario) == bare(scenario)


def test_the_shipped_files_include_lessons_boards_and_converted_boards() -> None:
    names = {path.name for path in SHIPPED}
    assert {"level-01.yaml", "blue-suit.yaml", "slam.lin", "played.pbn"} <= names


# -- comments ------------------------------------------------------------------------------------


def test_comments_stand_where_they_are_given() -> None:
    deal = DealSpec(id="d1", seed=7)
    scenario = Scenario("c.yaml", "practice", "c", Text("C", "C"), deals=(deal,))
    comments = Comments(
        head=("first line",),
        after={("d1", "seed"): ("  S: ♠A",)},
        inline={("d1", "dealer"): "who deals"},
    )
    text = dump(scenario, comments=comments)
    assert text.splitlines() == [
        "# first line",
        "kind: practice",
        "id: c",
        'title: {en: "C", pl: "C"}',
        "deals:",
        "  - id: d1",
        "    dealer: S  # who deals",
        "    seed: 7",
        "    #   S: ♠A",
    ]
    assert read_back(scenario, comments) == bare(scenario)


def test_a_deal_of_plain_values_is_one_line_as_the_lessons_write_it() -> None:
    deal = DealSpec(id="d1", dealer=Seat(1), seed="level-05-b")
    scenario = Scenario("c.yaml", "lesson", "c", Text("C", "C"), deals=(deal,))
    assert "  - {id: d1, dealer: W, seed: level-05-b}\n" in dump(scenario)
