"""Writing the files a command names (``--output``, ``--out``, a convert's target): in one
step, marked as this program's, never over a file it did not write unless forced."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from betel_tutor.errors import BetelError
from betel_tutor.files import check_output, why_not, write_output


@dataclass(frozen=True, slots=True)
class Written:
    """A file written, and where a file there that this program had not written was kept."""

    path: str
    kept: Path | None = None


def check_outputs(paths: list[Path], force: bool) -> None:
    """Refuse, before the first is written, a place that holds a file this program did not
    write (:func:`betel_tutor.files.check_output`), or a folder."""
    for path in paths:
        if os.path.isdir(path):
            raise BetelError("cli.output_is_folder", path=str(path))
        check_output(path, force=force)


def write(path: str, text: str | bytes, *, folder: bool, kind: str, force: bool) -> Written:
    """Write a file that ``--output`` names (``folder``: a file in the folder it names), in one
    step and marked as this program's (:func:`betel_tutor.files.write_output`): a file there
    that it did not write is refused unless ``force``, and then kept as ``<name>.bak-<n>``; a
    device or a FIFO is never written. On any failure the old file or none is left, never half
    of one, and the failure is one :class:`BetelError` naming the file."""
    if os.path.isdir(path):
        raise BetelError("cli.output_is_folder", path=path)
    parent = os.path.dirname(path) or "."
    if not folder and not os.path.isdir(parent):
        raise BetelError("cli.output_no_folder", path=path, folder=parent)
    try:
        kept = write_output(path, text, kind, force=force)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise BetelError("cli.cannot_write", path=path, detail=why_not(error)) from None
    return Written(path, kept)
