"""The order and grouping in which the workers take the tests (tests/scheduling.py), and the
record of how long each test took that the order follows (scripts/durations.py)."""

from __future__ import annotations

import importlib.util
import json
from collections import OrderedDict
from pathlib import Path
from types import ModuleType

import pytest

from tests.scheduling import DURATIONS, ROOT, group_of, longest_first


def durations_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("durations", ROOT / "scripts" / "durations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_module_keeps_its_tests_together_or_joins_the_group_it_names() -> None:
    own = "tests/test_tutor_trust_levels_1_2.py"
    assert group_of(own) == own
    shared = ["tests/test_bulk_cluster.py", "tests/test_simulate_cluster.py"]
    assert {group_of(module) for module in shared} == {"group:dask-cluster"}
    assert group_of("tests/test_cards.py") is None
    assert group_of("README.md") is None


def test_the_longest_work_goes_first_and_unrecorded_groups_before_unrecorded_tests() -> None:
    units = OrderedDict(
        [
            ("a::new", {"a::new": False}),
            ("group:g", {"g::one": False, "g::two": False}),
            ("b::quick", {"b::quick": False}),
            ("c::also_new", {"c::also_new": False}),
            ("group:new", {"n::one": False, "n::two": False}),
            ("d::slow", {"d::slow": False}),
        ]
    )
    seconds = {"g::one": 3.0, "g::two": 4.0, "b::quick": 0.5, "d::slow": 6.0}
    order = list(longest_first(units, seconds))
    assert order == ["group:g", "d::slow", "b::quick", "group:new", "a::new", "c::also_new"]
    unrecorded = ["group:g", "group:new", "a::new", "b::quick", "c::also_new", "d::slow"]
    assert list(longest_first(units, {})) == unrecorded


def test_the_record_names_only_tests_of_this_checkout() -> None:
    seconds = json.loads(DURATIONS.read_text(encoding="utf-8"))
    assert seconds and all(value > 0 for value in seconds.values())
    for nodeid in seconds:
        assert (ROOT / nodeid.split("::", 1)[0]).is_file(), nodeid


@pytest.mark.parametrize(
    ("classname", "name", "nodeid"),
    [
        ("tests.test_cards", "test_x[a-b]", "tests/test_cards.py::test_x[a-b]"),
        ("tests.test_cards.TestDeck", "test_y", "tests/test_cards.py::TestDeck::test_y"),
        ("betel_tutor.cards", "betel_tutor.cards.f", "betel_tutor/cards.py::betel_tutor.cards.f"),
        ("README.md", "README.md", "README.md::README.md"),
    ],
)
def test_a_junit_case_is_read_back_into_its_test_id(classname: str, name: str, nodeid: str) -> None:
    assert durations_script().test_id(classname, name) == nodeid


def test_the_record_is_written_from_a_runs_junit_xml(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = durations_script()
    record = tmp_path / "durations.json"
    monkeypatch.setattr(script, "RECORD", record)
    junit = tmp_path / "run.xml"
    junit.write_text(
        '<testsuites><testsuite name="pytest">'
        '<testcase classname="tests.test_cards" name="test_slow" time="2.5"/>'
        '<testcase classname="tests.test_cards" name="test_quick" time="0.01"/>'
        "</testsuite></testsuites>",
        encoding="utf-8",
    )
    assert script.main([str(junit)]) == 0
    assert json.loads(record.read_text(encoding="utf-8")) == {"tests/test_cards.py::test_slow": 2.5}
    assert script.main([str(tmp_path / "missing.xml")]) == 1
