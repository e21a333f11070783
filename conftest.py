"""Pytest's set-up for the whole checkout (``testpaths`` in pyproject.toml)."""

from betel_tutor.solver.native import COMPILED

# The solver's search modules hold no doctests (tests/test_solver_native.py checks), and once
# compiled Python imports them from their build, which the doctest collection would take for
# another module of the same name.
collect_ignore = [f"betel_tutor/solver/{name}.py" for name in COMPILED]
