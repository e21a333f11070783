"""Double-dummy results and laydown verdicts kept by their content, in the process and in the
user's cache folder, so that the same deal or hand in many scenario files, or in the next run
of ``check`` or ``render``, is solved once.

A solve's entry is named by a digest of the hands, the contract's kind, declarer, leader and
trumps, and the solver's version (a digest of the solver's own source and tables), so a changed
solver never serves an old figure; a laydown verdict's (``laydowns``) by the hand, the dubel's
cards, the contract and the same version. An entry is a small JSON file written atomically; one
that cannot be read or does not hold a trick count (a verdict) is a miss, solved again and
written over.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from betel_tutor.cards import Card, Suit

TRICKS = 10  # a Betel hand's tricks: an entry holds a count from 0 to this
LIMIT = 4096  # an entry is a few bytes; anything larger is not one

VERDICTS = ("proved", "refuted", "open")  # what a laydown entry may hold

_known: dict[str, int] = {}  # this process's results, by the same key as the files
_verdicts: dict[str, str] = {}  # this process's laydown verdicts, likewise


@cache
def solver_version() -> str:
    """The program's version and a digest of the solver's source and tables."""
    import betel_tutor
    from betel_tutor import solver

    digest = hashlib.sha256(betel_tutor.__version__.encode("ascii"))
    folder = Path(solver.__file__).parent
    for path in sorted(folder.iterdir()):
        if path.suffix in (".py", ".bin"):
            digest.update(path.name.encode("utf-8"))
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def solve_key(
    hands: Sequence[Iterable[Card]], trump: Suit | None, declarer: int, leader: int, kind: str
) -> str:
    """What a solve depends on, as a digest: the same deal written in two files gets one key."""
    shape = {
        "solver": solver_version(),
        "hands": [sorted(str(card) for card in hand) for hand in hands],
        "trump": None if trump is None else trump.name,
        "declarer": declarer,
        "leader": leader,
        "kind": kind,
    }
    text = json.dumps(shape, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def laydown_key(hand: Iterable[Card], dubel: Iterable[Card], contract: str) -> str:
    """What a laydown verdict depends on, as a digest: the cards (in any order), the contract
    as written and the solver's version."""
    shape = {
        "solver": solver_version(),
        "hand": sorted(str(card) for card in hand),
        "dubel": sorted(str(card) for card in dubel),
        "contract": contract,
    }
    text = json.dumps(shape, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def cache_folder(kind: str = "solves") -> Path:
    """Where the results are kept: ``solves`` (or ``laydowns``) in the user's cache folder."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("betel-tutor", appauthor=False)) / kind


def _read(path: Path, field: str) -> Any:
    """An entry's ``field``, or ``None`` when there is none, it is no regular file, or it is
    not a JSON object holding that field; the caller checks its value."""
    from betel_tutor.files import read_regular

    data = read_regular(path, LIMIT)
    if data is None:
        return None
    try:
        return json.loads(data.decode("utf-8"))[field]
    except (ValueError, KeyError, TypeError):
        return None


def _write(path: Path, field: str, value: object) -> None:
    """Keep an entry, atomically; a cache that cannot be written only costs time."""
    from betel_tutor.files import write_cache_entry

    with contextlib.suppress(OSError):  # a cache that cannot be written only costs time
        write_cache_entry(path, json.dumps({field: value}))


def known_solve(
    hands: Sequence[Iterable[Card]],
    *,
    trump: Suit | None = None,
    declarer: int = 0,
    leader: int = 0,
    contract_kind: str = "normal",
) -> int:
    """:func:`betel_tutor.solver.api.solve`, answered from what was solved before where it can
    be: in this process, else in the cache folder; else solved and kept in both."""
    hands = [tuple(hand) for hand in hands]
    key = solve_key(hands, trump, declarer, leader, contract_kind)
    tricks = _known.get(key)
    if tricks is not None:
        return tricks
    path = cache_folder() / key[:2] / f"{key}.json"
    tricks = _read(path, "tricks")
    if type(tricks) is not int or not 0 <= tricks <= TRICKS:
        from betel_tutor.solver.api import solve

        tricks = solve(
            hands, trump=trump, declarer=declarer, leader=leader, contract_kind=contract_kind
        )
        _write(path, "tricks", tricks)
    _known[key] = tricks
    return tricks


def known_laydown(hand: Sequence[Card], dubel: Sequence[Card], contract: str) -> str:
    """The laydown check's verdict (:func:`betel_tutor.solver.laydown.check_laydown`, with its
    default budget) on ``hand``, the ``dubel``'s cards and ``contract`` as written: answered from
    this process, else the cache folder; else searched (up to a few seconds) and kept in both."""
    key = laydown_key(hand, dubel, contract)
    verdict = _verdicts.get(key)
    if verdict is not None:
        return verdict
    path = cache_folder("laydowns") / key[:2] / f"{key}.json"
    found = _read(path, "verdict")
    if found in VERDICTS:
        verdict = str(found)
    else:
        from betel_tutor.contracts import parse_contract
        from betel_tutor.solver.laydown import check_laydown

        verdict = check_laydown(tuple(hand), tuple(dubel), parse_contract(contract)).verdict
        _write(path, "verdict", verdict)
    _verdicts[key] = verdict
    return verdict
