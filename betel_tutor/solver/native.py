"""The search compiled to C, and the source it was compiled from.

The search's modules (``COMPILED``) are plain typed Python. Where a C compiler is at hand when
the package is installed, they are also compiled with mypyc (``hatch_build.py``), which runs
the same code about twice as fast; the compiled modules sit beside their source and Python
imports them first. The build writes ``MANIFEST``, a digest of each source it compiled. When a
source no longer matches (it was edited after the build), or when ``BETEL_TUTOR_PURE_PYTHON``
is set, the package imports the source instead, so the solver never runs code older than what
the checkout holds. This module imports nothing of the package: the build reads it too.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

PACKAGE = "betel_tutor.solver"
FOLDER = Path(__file__).parent
# In the order they import one another.
COMPILED: tuple[str, ...] = ("suits", "bounds", "board")
GROUP = "_search"  # the compiled modules' shared library: ``_search__mypyc``
MANIFEST = FOLDER / "_compiled.json"
PURE_PYTHON = "BETEL_TUTOR_PURE_PYTHON"


def source_digests(folder: Path = FOLDER) -> dict[str, str]:
    """The digest of each compiled module's source."""
    return {
        name: hashlib.sha256((folder / f"{name}.py").read_bytes()).hexdigest() for name in COMPILED
    }


def compiled_is_current(folder: Path = FOLDER) -> bool:
    """Whether compiled modules are there and were built from the sources as they are now."""
    try:
        built = json.loads((folder / MANIFEST.name).read_text(encoding="utf-8"))
        return isinstance(built, dict) and built.get("sources") == source_digests(folder)
    except (OSError, ValueError):
        return False


def _extension_present(name: str) -> bool:
    return any(
        (FOLDER / f"{name}{suffix}").exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES
    )


def prefer_current_source() -> None:
    """Import the search's modules from their source when the compiled ones are stale or not
    wanted. Called by the package before it imports any of them."""
    if not any(_extension_present(name) for name in COMPILED):
        return
    if not os.environ.get(PURE_PYTHON) and compiled_is_current():
        return
    for name in COMPILED:
        qualified = f"{PACKAGE}.{name}"
        if qualified in sys.modules:
            continue
        spec = importlib.util.spec_from_file_location(qualified, FOLDER / f"{name}.py")
        if spec is None or spec.loader is None:  # pragma: no cover - a source file is there
            continue
        module = importlib.util.module_from_spec(spec)
        sys.modules[qualified] = module
        spec.loader.exec_module(module)


def running_compiled() -> bool:
    """Whether the search in use is the compiled one."""
    module = sys.modules.get(f"{PACKAGE}.board")
    path = getattr(module, "__file__", None) or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
