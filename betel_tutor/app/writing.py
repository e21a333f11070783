"""The files a command names (``--output``, ``--out``, a convert's target), and where a file
there that this program had not written was kept."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from betel_tutor.files import write_named


@dataclass(frozen=True, slots=True)
class Written:
    """A file written, and where a file there that this program did not write was kept."""

    path: Path
    kept: Path | None = None


def write(path: str, text: str | bytes, *, folder: bool, kind: str, force: bool) -> Written:
    """Write a file that ``--output`` names (:func:`betel_tutor.files.write_named`): in one
    step, marked as this program's, a file there that it did not write refused unless
    ``force`` and then kept aside."""
    return Written(Path(path), write_named(path, text, kind=kind, folder=folder, force=force))
