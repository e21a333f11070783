"""The corpus shipped in the package, beside this module (docs/puzzles.md says how it was
built and how to build it again)."""

from __future__ import annotations

from pathlib import Path

SHIPPED = Path(__file__).with_name("corpus.sqlite")


def shipped_corpus() -> Path:
    return SHIPPED
