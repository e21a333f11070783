"""The published JSON Schema: in step with the loader, and valid for every shipped file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from betel_tutor.resources import data_dir
from betel_tutor.scenario.loader import QUIZ_PARAMS
from betel_tutor.scenario.schema import scenario_schema

SCENARIOS = data_dir("scenarios")
FILES = sorted(SCENARIOS.rglob("*.yaml"))
BAD = Path(__file__).parent / "data" / "bad"


def test_shipped_schema_is_current() -> None:
    shipped = json.loads((SCENARIOS / "scenario.schema.json").read_text(encoding="utf-8"))
    assert shipped == scenario_schema(), (
        "regenerate with: betel-tutor schema > scenarios/scenario.schema.json"
    )


def test_schema_is_valid_draft_2020_12() -> None:
    jsonschema.Draft202012Validator.check_schema(scenario_schema())


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_shipped_files_validate(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    schema_ref = text.split("\n", 1)[0].split("$schema=", 1)[1]
    assert (path.parent / schema_ref).resolve() == (SCENARIOS / "scenario.schema.json").resolve()
    document: Any = yaml.safe_load(text)
    jsonschema.validate(document, scenario_schema(), cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize(
    "name",
    [
        "02_unknown_top_key.yaml",
        "04_missing_language.yaml",
        "10_bad_option.yaml",
        "12_bad_level.yaml",
        "24_unknown_quiz_kind.yaml",
        "26_two_goals.yaml",
        "49_bad_bid.yaml",
        "52_trade_form.yaml",
        "53_resting_seat.yaml",
    ],
)
def test_schema_refuses_what_the_loader_refuses(name: str) -> None:
    document = yaml.safe_load((BAD / name).read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(scenario_schema())
    assert list(validator.iter_errors(document)), name


def test_a_wrong_quiz_kind_is_told_with_every_kind() -> None:
    document = yaml.safe_load((BAD / "24_unknown_quiz_kind.yaml").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(scenario_schema())
    said = [error.message for error in validator.iter_errors(document)]
    assert any(all(repr(kind) in message for kind in QUIZ_PARAMS) for message in said), said
