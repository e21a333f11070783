"""Pytest's set-up for the whole checkout (``testpaths`` in pyproject.toml)."""

from __future__ import annotations

import os
import tempfile
from typing import Any

import pytest

from betel_tutor.solver.native import COMPILED

# The solver's search modules hold no doctests (tests/test_solver_native.py checks), and once
# compiled Python imports them from their build, which the doctest collection would take for
# another module of the same name.
collect_ignore = [f"betel_tutor/solver/{name}.py" for name in COMPILED]

# Fixtures shared by several modules for the whole run: one fixture, started once on a worker.
pytest_plugins = ["tests.browser", "tests.dask_cluster"]


def pytest_configure(config: pytest.Config) -> None:
    """Each run of the tests starts with an empty cache folder of its own: what an earlier run
    kept there (a file found clean, a solve, a trick table) must not answer for a test today.
    The user's own folder stays known (``BETEL_TUTOR_USER_CACHE``) for the compiled search's
    builds, which are kept under a digest of everything they were made from."""
    if "BETEL_TUTOR_USER_CACHE" not in os.environ:
        user = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
        os.environ["BETEL_TUTOR_USER_CACHE"] = user
    os.environ["XDG_CACHE_HOME"] = _CACHE.name


_CACHE = tempfile.TemporaryDirectory(prefix="betel-tutor-tests-cache-")


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` as tests/scheduling.py tells."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from tests.scheduling import KeepGroups

    return KeepGroups(config, log)
