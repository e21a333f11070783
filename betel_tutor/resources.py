"""Where the shipped data lives: ``scenarios/`` and ``templates/``.

In a wheel they are packed inside the package as ``betel_tutor/_data/``; in a source checkout
(and an editable install) they are the top-level folders beside the package.
"""

from __future__ import annotations

import re
from pathlib import Path

_PACKAGE = Path(__file__).parent


def data_dir(name: str) -> Path:
    """The folder ``scenarios`` or ``templates``, wherever this installation keeps it."""
    packed = _PACKAGE / "_data" / name
    if packed.is_dir():
        return packed
    return _PACKAGE.parent / name


def shipped_level(name: str) -> str:
    """``name`` itself, unless it names a shipped level (``level-09``) and no file or folder of
    that name is here: then that level's lesson, wherever this installation keeps it, so that
    a lesson can tell the learner a command that works outside the source checkout."""
    if re.fullmatch(r"level-(0[1-9]|10)", name) and not Path(name).exists():
        return str(data_dir("scenarios") / "levels" / f"{name}.yaml")
    return name
