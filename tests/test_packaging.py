"""The wheel carries the scenarios, templates and solver tables; an installed copy finds them."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

from betel_tutor.resources import data_dir

ROOT = Path(__file__).parents[1]


def test_source_checkout_finds_data() -> None:
    assert (data_dir("scenarios") / "README.md").is_file()
    assert (data_dir("templates") / "README.md").is_file()


def test_wheel_ships_data(tmp_path: Path) -> None:
    # Packaging: a wheel built and installed, its program run, is the point.
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        # The compiled search's builds are kept under a digest of their sources in the
        # user's cache folder, not the tests' empty one, so a build is not made twice.
        env={**os.environ, "XDG_CACHE_HOME": os.environ["BETEL_TUTOR_USER_CACHE"]},
    )
    (wheel,) = tmp_path.glob("betel_tutor-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "betel_tutor/_data/scenarios/README.md" in names
    assert "betel_tutor/_data/templates/README.md" in names
    assert "betel_tutor/solver/suit_tables.bin" in names
    assert "betel_tutor/puzzles/corpus.sqlite" in names  # the shipped puzzles
    assert "betel_tutor/render/shipped_tables.json" in names  # the shipped lessons' tables
    for lang in ("en", "pl"):
        assert f"betel_tutor/i18n/locale/{lang}/LC_MESSAGES/betel_tutor.mo" in names
    # The search compiled (a C compiler is part of the set-up), with the digest of its source.
    for name in ("board", "bounds", "suits", "_search__mypyc"):
        assert any(n.startswith(f"betel_tutor/solver/{name}.cpython-") for n in names), name
    assert "betel_tutor/solver/_compiled.json" in names
    # Installed without the source tree, the package finds its own copy.
    target = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    probe = (
        "from betel_tutor.resources import data_dir; "
        "from betel_tutor.solver import solve; "
        "from betel_tutor.solver.native import running_compiled; "
        "from betel_tutor.cards import parse_cards as p; "
        "two = solve([p('♠AK'), p('♠QJ'), p('♥A ♠7')], trump='♠', declarer=0, leader=0); "
        "print(two, running_compiled(), "
        "data_dir('scenarios'), (data_dir('scenarios') / 'README.md').is_file())"
    )

    def installed(code: str) -> str:
        """What ``code`` prints run against the installed copy alone."""
        return subprocess.run(
            [sys.executable, "-c", code],
            env={"PYTHONPATH": str(target)},
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    out = installed(probe)
    assert out.strip().endswith("True")
    assert out.startswith("2 True ")  # the installed copy solves with its compiled search
    assert str(target) in out
    # and reads the shipped lessons' trick tables: its solver is the one that made them
    shipped = "from betel_tutor.render.tables import _shipped; print(len(_shipped()))"
    assert int(installed(shipped)) > 0
