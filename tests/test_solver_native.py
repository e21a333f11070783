"""The search compiled with mypyc: in use after set-up, the same figures as its source, and
never used once its source has changed (``betel_tutor/solver/native.py``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from betel_tutor.dealing import deal
from betel_tutor.solver import trick_table
from betel_tutor.solver.native import (
    COMPILED,
    FOLDER,
    PURE_PYTHON,
    compiled_is_current,
    running_compiled,
)

ROOT = Path(__file__).parents[1]
SEEDS = (3, 17, 29, 41, 58, 77)
PROBE = """
import json, sys
from betel_tutor.dealing import deal
from betel_tutor.solver import trick_table
from betel_tutor.solver.native import running_compiled
seeds = json.loads(sys.argv[1])
rows = [trick_table(deal(seed).hands).rows for seed in seeds]
print(json.dumps({"compiled": running_compiled(), "rows": rows}))
"""


def probe(path: Path, *, pure: bool = False, seeds: tuple[int, ...] = SEEDS) -> dict[str, object]:
    env = {key: value for key, value in os.environ.items() if key != PURE_PYTHON}
    env["PYTHONPATH"] = str(path)
    if pure:
        env[PURE_PYTHON] = "1"
    # A fresh interpreter: which build of the search it imports is the point.
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(list(seeds))],
        env=env,
        cwd=path,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_set_up_compiles_the_search_and_this_run_uses_it() -> None:
    # scripts/setup.sh installs a C compiler where it is missing, so the build compiles.
    assert compiled_is_current(), "the compiled search is missing or older than its source"
    assert running_compiled()


def test_compiled_and_source_give_the_same_tables() -> None:
    compiled = probe(ROOT)
    source = probe(ROOT, pure=True)
    assert compiled["compiled"] is True
    assert source["compiled"] is False
    assert compiled["rows"] == source["rows"]
    # ... and the figures of this process (compiled) are those tables too.
    here = [[list(row) for row in trick_table(deal(seed).hands).rows] for seed in SEEDS]
    assert compiled["rows"] == here


def test_an_edited_source_is_run_instead_of_its_older_build(tmp_path: Path) -> None:
    copy = tmp_path / "betel_tutor"
    shutil.copytree(ROOT / "betel_tutor", copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert probe(tmp_path, seeds=(3,))["compiled"] is True
    board = copy / "solver" / "board.py"
    board.write_text(board.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert probe(tmp_path, seeds=(3,))["compiled"] is False
    # A damaged manifest is no proof either.
    board.write_text((FOLDER / "board.py").read_text(encoding="utf-8"), encoding="utf-8")
    assert probe(tmp_path, seeds=(3,))["compiled"] is True
    (copy / "solver" / "_compiled.json").write_text("{not json", encoding="utf-8")
    assert probe(tmp_path, seeds=(3,))["compiled"] is False


def test_the_compiled_modules_are_the_search_only() -> None:
    assert set(COMPILED) == {"suits", "bounds", "board"}
    for name in COMPILED:
        assert (FOLDER / f"{name}.py").is_file()


def test_the_compiled_modules_hold_no_doctests() -> None:
    """conftest.py leaves them out of the doctest collection: nothing is lost by it."""
    for name in COMPILED:
        assert ">>>" not in (FOLDER / f"{name}.py").read_text(encoding="utf-8"), name
