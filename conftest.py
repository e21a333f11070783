"""Pytest's set-up for the whole checkout (``testpaths`` in pyproject.toml)."""

import os
import tempfile

import pytest

from betel_tutor.solver.native import COMPILED

# The solver's search modules hold no doctests (tests/test_solver_native.py checks), and once
# compiled Python imports them from their build, which the doctest collection would take for
# another module of the same name.
collect_ignore = [f"betel_tutor/solver/{name}.py" for name in COMPILED]


def pytest_configure(config: pytest.Config) -> None:
    """Each run of the tests starts with an empty cache folder of its own: what an earlier run
    kept there (a file found clean, a solve, a trick table) must not answer for a test today."""
    os.environ["XDG_CACHE_HOME"] = _CACHE.name


_CACHE = tempfile.TemporaryDirectory(prefix="betel-tutor-tests-cache-")
