"""The build step that compiles the solver's search with mypyc where a C compiler is at hand.

Which modules, and how a stale build is noticed, are told in ``betel_tutor/solver/native.py``.
The compiled modules are put beside their source (an editable install imports them from
there) and listed as the wheel's artifacts (a wheel carries them). Without a compiler, or with
``BETEL_TUTOR_PURE_PYTHON`` set, the package is built as pure Python: the same solver, about
half as fast. A build is kept in the user's cache folder under a digest of all it was made from
(the sources, this file, Python's and mypy's versions), so that setting up a fresh clone of the
same sources copies it instead of compiling again.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

cache, target, group, *paths = sys.argv[1:]
sys.argv = sys.argv[:1]
setup(
    name="betel-tutor-search",
    packages=[],
    py_modules=[],
    ext_modules=mypycify(
        ["--cache-dir", cache, "--follow-imports=silent", "--ignore-missing-imports", *paths],
        group_name=group,
        target_dir=target,
        opt_level="3",
    ),
    script_args=["build_ext", "--build-lib", target + "/lib", "--build-temp", target + "/tmp"],
)
"""


def _native(root: Path) -> ModuleType:
    """``betel_tutor/solver/native.py``, read by path: the build has none of the package's
    dependencies."""
    path = root / "betel_tutor" / "solver" / "native.py"
    spec = importlib.util.spec_from_file_location("_betel_tutor_native", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compiled_files(folder: Path, native: ModuleType) -> list[Path]:
    names = [*native.COMPILED, f"{native.GROUP}__mypyc"]
    return [
        folder / f"{name}{suffix}"
        for name in names
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        if (folder / f"{name}{suffix}").exists()
    ]


def _cache_folder(paths: list[str]) -> Path:
    """Where a build of ``paths`` is kept: named by a digest of everything the build depends on,
    so that a changed source, compiler set-up or Python never meets an older build."""
    digest = hashlib.sha256()
    for part in (
        sys.version,
        sysconfig.get_platform(),
        str(sysconfig.get_config_var("EXT_SUFFIX")),
        importlib.metadata.version("mypy"),
        Path(__file__).read_text(encoding="utf-8"),
        *(Path(path).read_text(encoding="utf-8") for path in paths),
    ):
        digest.update(part.encode())
        digest.update(b"\0")
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "betel-tutor" / "search-builds" / digest.hexdigest()[:32]


def _keep(built: Path, folder: Path) -> None:
    """Copy a build into the cache, whole or not at all (a folder renamed into place)."""
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(dir=folder.parent))
    except OSError:
        return  # no cache (a read-only home): the next set-up compiles again
    try:
        shutil.copytree(built, partial / "solver")
        os.replace(partial / "solver", folder)
    except OSError:
        pass  # another set-up kept the same build meanwhile
    finally:
        shutil.rmtree(partial, ignore_errors=True)


class SearchCompiler(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        native = _native(root)
        folder = root / "betel_tutor" / "solver"
        self._temp = tempfile.mkdtemp(prefix="betel-tutor-build-")
        if version == "editable":
            # An editable install imports the compiled modules from beside their source.
            for path in [*_compiled_files(folder, native), folder / native.MANIFEST.name]:
                path.unlink(missing_ok=True)  # never keep a build of older sources
        if os.environ.get(native.PURE_PYTHON):
            return
        paths = [str(folder / f"{name}.py") for name in native.COMPILED]
        kept = _cache_folder(paths)
        built = Path(self._temp, "lib", "betel_tutor", "solver")
        if kept.is_dir():
            shutil.copytree(kept, built)
        else:
            group = f"{native.PACKAGE}.{native.GROUP}"
            command = [
                sys.executable, "-c", _SETUP, f"{self._temp}/cache", self._temp, group, *paths,
            ]  # fmt: skip
            # Run from the temporary folder: setuptools must not take this project's files for
            # its own (mypy finds the package by the folders' __init__.py).
            done = subprocess.run(command, cwd=self._temp, capture_output=True, text=True)
            if done.returncode != 0 or not built.is_dir():
                last = (done.stderr or done.stdout).strip().splitlines()[-3:]
                self.app.display_warning(
                    "betel-tutor: the solver could not be compiled (no C compiler or Python "
                    "headers?); it runs as pure Python, about half as fast. " + " / ".join(last)
                )
                return
            _keep(built, kept)
        manifest = built / native.MANIFEST.name
        manifest.write_text(json.dumps({"sources": native.source_digests(folder)}, indent=1))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path in built.iterdir():
            if version == "editable":
                shutil.copy2(path, folder / path.name)
            else:
                build_data["force_include"][str(path)] = f"betel_tutor/solver/{path.name}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        shutil.rmtree(self._temp, ignore_errors=True)
