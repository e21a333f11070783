"""Reading YAML safely, keeping where every value came from.

PyYAML composes the file into nodes with marks; we turn those into :class:`Node` values that
carry a plain value and a :class:`Position`, so every later check can say
``path:line:column: message``. Only plain YAML is accepted: no object tags, no anchors or
aliases (a "billion laughs" file fails at its first alias), and no file over
:data:`MAX_BYTES`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import yaml

from betel_tutor.text_files import BOARD_FILE_BYTES as BOARD_FILE_BYTES
from betel_tutor.text_files import MAX_BYTES as MAX_BYTES
from betel_tutor.text_files import Position as Position
from betel_tutor.text_files import Problem as Problem
from betel_tutor.text_files import read_file as read_file

_PLAIN_TAGS = frozenset(
    "tag:yaml.org,2002:" + name
    for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
)
_STR = "tag:yaml.org,2002:str"
_BaseLoader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# The tags of short plain scalars, by text: keys and card strings repeat across a file and
# across files, and PyYAML's resolver tries its patterns afresh for each (measured: about a
# seventh of reading a file).
_TAGS: dict[tuple[str, Any], str] = {}
_TAGS_KEPT = 4096


_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"


class _Loader(_BaseLoader):  # type: ignore[misc]
    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        # A mapping's or a sequence's tag is the default one: the safe loader holds no path
        # resolvers (asked of PyYAML, a Python call more for every collection).
        if kind is yaml.MappingNode:
            return _MAP
        if kind is yaml.SequenceNode:
            return _SEQ
        if kind is not yaml.ScalarNode or len(value) > 32:
            return super().resolve(kind, value, implicit)
        key = (value, implicit)
        tag = _TAGS.get(key)
        if tag is None:
            if len(_TAGS) >= _TAGS_KEPT:
                _TAGS.clear()
            tag = _TAGS[key] = super().resolve(kind, value, implicit)
        return tag


# The key positions of a node that is not a mapping: one shared, read-only, empty mapping
# rather than a new dictionary for every scalar.
_NO_KEYS: Mapping[str, Position] = MappingProxyType({})


class Node:
    """A YAML value with its position. Mappings hold ``dict[str, Node]`` (keys keep their own
    positions in ``key_positions``), sequences ``list[Node]``, scalars plain Python values.
    A plain class: a dataclass refuses a shared default for ``key_positions``."""

    __slots__ = ("key_positions", "position", "start", "value")

    def __init__(
        self,
        value: Any,
        position: Position,
        key_positions: Mapping[str, Position] = _NO_KEYS,
        start: int | None = None,
    ) -> None:
        self.value = value
        self.position = position
        self.key_positions = key_positions
        # A text written on one line just as it reads: its first character's distance from
        # ``position`` (1 past a quote), so that a problem can point at a character of it.
        self.start = start

    def at(self, offset: int) -> Position:
        """Where character ``offset`` of this text stands: there when the text is written as
        it reads on one line, else where the value starts."""
        if self.start is None:
            return self.position
        where = self.position
        return Position(where.path, where.line, where.column + self.start + offset)

    def __repr__(self) -> str:
        return f"Node({self.value!r}, {self.position!r})"

    @property
    def is_mapping(self) -> bool:
        return isinstance(self.value, dict)

    @property
    def is_sequence(self) -> bool:
        return isinstance(self.value, list)

    def plain(self) -> Any:
        """The value with positions stripped, all the way down."""
        if isinstance(self.value, dict):
            return {key: node.plain() for key, node in self.value.items()}
        if isinstance(self.value, list):
            return [node.plain() for node in self.value]
        return self.value


class YamlProblem(Exception):
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.key)
        self.problem = problem


def _position(path: str, mark: Any) -> Position:
    return Position(path, mark.line + 1, mark.column + 1)


def _start(node: Any) -> int | None:
    """How far a one-line scalar's text starts from its mark (0 plain, 1 quoted), when every
    character of it is written as it reads (no escape, no folded line); else None."""
    start, end = node.start_mark, node.end_mark
    if start.line != end.line or node.style not in (None, "", "'", '"'):
        return None
    quotes = 2 if node.style else 0  # plain: None (PyYAML) or "" (libyaml)
    return quotes // 2 if end.column - start.column == len(node.value) + quotes else None


_SCALAR = yaml.ScalarNode
_new_position = tuple.__new__


class _Converter:
    def __init__(self, path: str, *, anchors: bool) -> None:
        self.path = path
        # Without an anchor in the text no node can be met twice: nothing to track.
        self.seen: set[int] | None = set() if anchors else None
        self.constructor = yaml.constructor.SafeConstructor()

    def convert(self, node: Any) -> Node:
        mark = node.start_mark
        # ``_position``, inline, and the named tuple made as a tuple (its ``__new__`` is a
        # Python function: measured, a sixth of converting a file's nodes).
        where = _new_position(Position, (self.path, mark.line + 1, mark.column + 1))
        if self.seen is not None:
            if id(node) in self.seen:
                # A node met twice is an alias: refused, which also stops "billion laughs".
                raise YamlProblem(Problem(where, "scenario.alias"))
            self.seen.add(id(node))
        tag = node.tag
        if tag == _STR and type(node) is _SCALAR:
            # Most scalars are text, which needs no constructor (as ``construct_yaml_str``).
            style = node.style
            if not style:  # plain (``None`` in PyYAML, "" in libyaml): ``_start``, inline
                end = node.end_mark
                value = node.value
                plain = end.line == mark.line and end.column - mark.column == len(value)
                return Node(value, where, start=0 if plain else None)
            if style in ("|", ">"):  # a block scalar's text starts on the next line
                where = Position(self.path, where.line + 1, 1)
            return Node(node.value, where, start=_start(node))
        if tag not in _PLAIN_TAGS:
            raise YamlProblem(Problem(where, "scenario.tag", {"tag": tag}))
        if isinstance(node, yaml.MappingNode):
            values: dict[str, Node] = {}
            keys: dict[str, Position] = {}
            path = self.path
            for key_node, value_node in node.value:
                if key_node.tag == _STR and not key_node.style and self.seen is None:
                    # A plain text key, the most common: its name and place without a Node.
                    name = key_node.value
                    mark = key_node.start_mark
                    at = _new_position(Position, (path, mark.line + 1, mark.column + 1))
                else:
                    key = self.convert(key_node)
                    if not isinstance(key.value, (str, int)) or isinstance(key.value, bool):
                        raise YamlProblem(Problem(key.position, "scenario.bad_key"))
                    name, at = str(key.value), key.position
                if name in values:
                    params = {"key": name, "first": keys[name].line}
                    raise YamlProblem(Problem(at, "scenario.duplicate_key", params))
                values[name] = self.convert(value_node)
                keys[name] = at
            return Node(values, where, keys)
        if isinstance(node, yaml.SequenceNode):
            return Node([self.convert(item) for item in node.value], where)
        try:
            return Node(self.constructor.construct_object(node), where)
        except ValueError:  # a date that does not exist, such as 2024-02-30
            raise YamlProblem(
                Problem(where, "scenario.yaml_bad_date", {"value": node.value})
            ) from None


def load_yaml(text: str, path: str, limit: int = MAX_BYTES) -> tuple[Node | None, list[Problem]]:
    """Parse one YAML document; never raises for bad input, returns the problems instead."""
    if len(text.encode("utf-8")) > limit:
        return None, [Problem(Position(path, 1, 1), "scenario.too_big", {"n": limit})]
    try:
        # Report an alias where it is used, before composing shares the node. An alias needs
        # an anchor (``&``); without one, a ``*`` is text (markdown emphasis in lessons) or an
        # undefined alias that composing reports, so the extra pass is skipped.
        if "*" in text and "&" in text:
            for event in yaml.parse(text, Loader=_Loader):
                if isinstance(event, yaml.AliasEvent):
                    return None, [Problem(_position(path, event.start_mark), "scenario.alias")]
        loader = _Loader(text)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.YAMLError as error:
        from betel_tutor.scenario.yaml_errors import diagnose

        try:
            line, column, key, params = diagnose(text, error)
            return None, [Problem(Position(path, line, column), key, params)]
        except Exception:  # a slip in the diagnosis must not hide that the file is broken
            return None, [Problem(Position(path, 1, 1), "scenario.yaml_syntax")]
    if root is None:
        return None, [Problem(Position(path, 1, 1), "scenario.empty")]
    try:
        return _Converter(path, anchors="&" in text).convert(root), []
    except YamlProblem as problem:
        return None, [problem.problem]
    except (ValueError, yaml.YAMLError):  # not expected once composed: said plainly all the same
        return None, [Problem(Position(path, 1, 1), "scenario.yaml_syntax")]
