"""endplay (the bridge library: PBN and LIN, DDS) imported part by part.

endplay's own ``__init__`` imports the whole library, its deal generator's plotting
(matplotlib) included: about half a second at every start of a command that reads a PBN file
or asks DDS, for parts we never use. :func:`load` registers the package without running that
``__init__``; ``import endplay.dds`` and the like then load only what they name.
"""

from __future__ import annotations

import importlib.util
import sys


def load() -> None:
    """Make ``endplay``'s subpackages importable without the package's ``__init__`` (once)."""
    if "endplay" in sys.modules:
        return
    spec = importlib.util.find_spec("endplay")
    if spec is None or spec.submodule_search_locations is None:  # pragma: no cover
        return  # not installed: the import that follows says so
    sys.modules["endplay"] = importlib.util.module_from_spec(spec)
