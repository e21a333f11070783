"""The package's imports form no circle, between modules nor between packages (``scenario``,
``bridge``, ``solver`` …; a module directly under ``betel_tutor`` counts as one of its own),
and no module takes a private name (``_name``) from another package: counting imports inside
functions, leaving out only those made for the type checker (``if TYPE_CHECKING:``)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

import betel_tutor

PACKAGE = Path(betel_tutor.__file__).parent

# The tests share each source's parse (:func:`run_time_imports`): they run on one worker.
pytestmark = pytest.mark.xdist_group(__name__)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache  # each source is parsed once for all the tests
def run_time_imports(path: Path) -> tuple[ast.Import | ast.ImportFrom, ...]:
    """The import statements of ``path``, wherever they stand, but those for the type checker."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    checking_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            checking_only.update(id(inner) for inner in ast.walk(node))
    return tuple(
        node
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in checking_only
    )


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``path`` imports, wherever the import stands."""
    found: set[str] = set()
    for node in run_time_imports(path):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # ``from package import module`` imports the module; ``from package import name``
            # runs the package's __init__.
            names = []
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                names.append(full if full in known else node.module)
        else:
            continue
        found.update(name for name in names if name in known)
    return found


def graph() -> dict[str, set[str]]:
    paths = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    known = set(paths)
    edges = {name: imports_of(path, known) - {name} for name, path in paths.items()}
    return edges


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        state[node] = 2
        path.pop()
        return None

    for node in sorted(edges):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def package_of(module: str) -> str:
    """The package a module belongs to: ``betel_tutor.scenario.loader`` to
    ``betel_tutor.scenario``; a module directly under ``betel_tutor`` is its own."""
    return ".".join(module.split(".")[:2])


def package_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """The module graph seen from above: which package imports which (the top package's
    ``__init__`` aside, which every module runs)."""
    packages: dict[str, set[str]] = {}
    for module, imported in edges.items():
        own = package_of(module)
        packages.setdefault(own, set()).update(
            package_of(name) for name in imported if package_of(name) not in (own, "betel_tutor")
        )
    return packages


def test_no_import_circle() -> None:
    found = cycle(graph())
    assert found is None, " → ".join(found or [])


def test_no_import_circle_between_packages() -> None:
    found = cycle(package_graph(graph()))
    assert found is None, " → ".join(found or [])


def test_the_package_graph_sees_a_circle_the_module_graph_misses() -> None:
    edges = {
        "betel_tutor.a.one": {"betel_tutor.b.two"},
        "betel_tutor.b.two": set(),
        "betel_tutor.b.three": {"betel_tutor.a.four"},
        "betel_tutor.a.four": set(),
    }
    assert cycle(edges) is None
    assert cycle(package_graph(edges)) == ["betel_tutor.a", "betel_tutor.b", "betel_tutor.a"]


def private_imports(path: Path, module: str) -> list[str]:
    """``from x import _name`` in ``path`` where ``x`` is another package's module."""
    found = []
    for node in run_time_imports(path):
        if not isinstance(node, ast.ImportFrom) or not node.module or node.level:
            continue
        if not node.module.startswith("betel_tutor"):
            continue
        if package_of(node.module) == package_of(module) and node.module != "betel_tutor":
            continue
        found += [
            f"{module} takes {node.module}.{alias.name}"
            for alias in node.names
            if alias.name.startswith("_") and not alias.name.startswith("__")
        ]
    return found


def test_no_private_name_is_taken_from_another_package() -> None:
    paths = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    found = [line for name, path in paths.items() for line in private_imports(path, name)]
    assert not found, "\n".join(found)


def test_a_private_import_across_packages_is_seen(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text(
        "from betel_tutor.scenario.legacy_note import _block\n"
        "from betel_tutor.bridge.pbn import _escape\n"
        "def f():\n    from betel_tutor.scenario.model import Note\n",
        encoding="utf-8",
    )
    assert private_imports(path, "betel_tutor.bridge.lin") == [
        "betel_tutor.bridge.lin takes betel_tutor.scenario.legacy_note._block"
    ]


def test_the_cycle_finder_finds_one() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_phases_never_import_the_session() -> None:
    edges = graph()
    phases = [name for name in edges if name.startswith("betel_tutor.tutor.")]
    session = "betel_tutor.tutor.session"
    front_ends = ("terminal", "jsonlines", "loop")  # above the session: they drive it
    for name in phases:
        if name != session and name.rpartition(".")[2] not in front_ends:
            assert session not in edges[name], name


LAYERS = ("command line", "full screen", "application", "library")
"""From the top: each layer imports only from its own and the layers below it."""


def layer(name: str) -> str:
    """The layer of a module: the command line (``cli``, its helpers, the console script's
    ``entry``) over the full-screen tutor (``screen``) over the application layer (``app``)
    over the library (``tutor``, ``render``, ``scenario``, ``solver`` and the rest)."""
    if name in ("betel_tutor.cli", "betel_tutor.entry") or name.startswith("betel_tutor.cli_"):
        return "command line"
    for package, named in (("screen", "full screen"), ("app", "application")):
        if name == f"betel_tutor.{package}" or name.startswith(f"betel_tutor.{package}."):
            return named
    return "library"


def test_no_layer_imports_a_layer_above_it() -> None:
    upward = [
        f"{name} → {imported}"
        for name, imports in sorted(graph().items())
        for imported in sorted(imports)
        if LAYERS.index(layer(name)) > LAYERS.index(layer(imported))
    ]
    assert upward == []


def test_the_layers_are_told_apart() -> None:
    assert [
        layer(name)
        for name in (
            "betel_tutor.cli_streams",
            "betel_tutor.screen.app",
            "betel_tutor.app.learn",
            "betel_tutor.tutor.session",
            "betel_tutor.applause",
        )
    ] == ["command line", "full screen", "application", "library", "library"]


def test_bulk_sits_above_the_solver_and_the_scenarios_and_below_the_front_ends() -> None:
    packages = package_graph(graph())
    below = {"betel_tutor.solver", "betel_tutor.scenario", "betel_tutor.cores"}
    assert {"betel_tutor.solver", "betel_tutor.scenario"} <= packages["betel_tutor.bulk"]
    above = ("betel_tutor.app", "betel_tutor.cli", "betel_tutor.tutor", "betel_tutor.screen")
    assert not packages["betel_tutor.bulk"] & set(above)
    for package in below:
        assert "betel_tutor.bulk" not in packages.get(package, set()), package
