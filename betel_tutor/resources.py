"""Where the shipped data lives: ``scenarios/`` and ``templates/``.

In a wheel they are packed inside the package as ``betel_tutor/_data/``; in a source checkout
(and an editable install) they are the top-level folders beside the package.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).parent


def data_dir(name: str) -> Path:
    """The folder ``scenarios`` or ``templates``, wherever this installation keeps it."""
    packed = _PACKAGE / "_data" / name
    if packed.is_dir():
        return packed
    return _PACKAGE.parent / name
