"""Pytest's set-up for the whole checkout (``testpaths`` in pyproject.toml)."""

from __future__ import annotations

from typing import Any

import pytest

from betel_tutor.solver.native import COMPILED

# The solver's search modules hold no doctests (tests/test_solver_native.py checks), and once
# compiled Python imports them from their build, which the doctest collection would take for
# another module of the same name.
collect_ignore = [f"betel_tutor/solver/{name}.py" for name in COMPILED]


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` as tests/scheduling.py tells."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from tests.scheduling import KeepGroups

    return KeepGroups(config, log)
