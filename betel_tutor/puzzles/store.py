"""The puzzle corpus as an SQLite file (docs/puzzles.md): a table of puzzles indexed by
rating, a table of their themes indexed by theme, and a version of the schema. Cards are kept
in the deck's ASCII notation (``SA H10``; a hand ``SAKT H97``) to keep the file small.

A corpus is written whole into a temporary file beside the target, then renamed over it: a
build killed half way leaves the old corpus (or none), never half a one.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

from betel_tutor.cards import Card, parse_cards, sort_cards
from betel_tutor.errors import BetelError
from betel_tutor.files import sync_folder, why_not
from betel_tutor.puzzles.model import SEATS, Puzzle, puzzle_from_json

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    seed TEXT NOT NULL,
    hands TEXT NOT NULL,        -- S, W and N's cards, a line each
    trick TEXT NOT NULL,        -- the current trick: seat letter and card, pairs
    to_play TEXT NOT NULL,
    declarer TEXT NOT NULL,
    contract TEXT NOT NULL,
    trump TEXT,
    kind TEXT NOT NULL,         -- trump, notrump, betelek, betel
    side TEXT NOT NULL,         -- declarer, defender
    taken TEXT NOT NULL,        -- tricks taken so far by S, W and N
    solution TEXT NOT NULL,
    line TEXT NOT NULL,
    themes TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL
) WITHOUT ROWID;
CREATE TABLE themes (theme TEXT NOT NULL, puzzle TEXT NOT NULL, PRIMARY KEY (theme, puzzle))
    WITHOUT ROWID;
CREATE INDEX puzzles_by_rating ON puzzles (rating);
"""


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(card.format(ascii=True) for card in cards)


def _hand(cards: Iterable[Card]) -> str:
    """A hand in the fewest characters ``parse_cards`` reads back: ``SAKT H97``."""
    by_suit: dict[str, str] = {}
    for card in sort_cards(cards):
        rank = "T" if card.rank == 10 else card.format(ascii=True)[1:]
        by_suit[card.suit.letter] = by_suit.get(card.suit.letter, "") + rank
    return " ".join(suit + ranks for suit, ranks in by_suit.items())


def _row(puzzle: Puzzle) -> tuple[Any, ...]:
    return (
        puzzle.id,
        puzzle.seed,
        "\n".join(_hand(hand) for hand in puzzle.hands),
        " ".join(f"{seat.letter}{card.format(ascii=True)}" for seat, card in puzzle.trick),
        puzzle.to_play.letter,
        puzzle.declarer.letter,
        str(puzzle.contract),
        None if puzzle.contract.trump is None else str(puzzle.contract.trump),
        puzzle.kind,
        puzzle.side,
        " ".join(map(str, puzzle.tricks_taken)),
        _cards(puzzle.solution),
        _cards(puzzle.line),
        " ".join(puzzle.themes),
        puzzle.rating,
        puzzle.deviation,
        puzzle.volatility,
    )


def _from_row(row: sqlite3.Row) -> Puzzle:
    hands = row["hands"].split("\n")
    taken = row["taken"].split()
    return puzzle_from_json(
        {
            "id": row["id"],
            "seed": row["seed"],
            "hands": {
                seat.letter: [str(c) for c in parse_cards(text)]
                for seat, text in zip(SEATS, hands, strict=True)
            },
            "trick": [[pair[0], str(parse_cards(pair[1:])[0])] for pair in row["trick"].split()],
            "to_play": row["to_play"],
            "declarer": row["declarer"],
            "contract": row["contract"],
            "tricks_taken": {
                seat.letter: int(count) for seat, count in zip(SEATS, taken, strict=True)
            },
            "solution": [str(c) for c in parse_cards(row["solution"])],
            "line": [str(c) for c in parse_cards(row["line"])],
            "themes": row["themes"].split(),
            "rating": row["rating"],
            "deviation": row["deviation"],
            "volatility": row["volatility"],
        }
    )


def write_corpus(path: str | Path, puzzles: Iterable[Puzzle], meta: dict[str, object]) -> int:
    """Write the corpus to ``path`` atomically; the number of puzzles written (a puzzle met
    twice, by its id, is kept once)."""
    target = Path(path)
    if target.is_dir():
        raise BetelError("cli.output_is_folder", path=str(target))
    try:
        handle, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
        )
    except OSError as error:
        raise BetelError("puzzles.unwritable", path=str(target), detail=why_not(error)) from None
    os.close(handle)
    mask = os.umask(0o022)
    os.umask(mask)
    os.chmod(temporary, 0o666 & ~mask)  # as any new file, not the temporary file's 0o600
    try:
        count = _fill(temporary, puzzles, meta)
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise BetelError("puzzles.unwritable", path=str(target), detail=why_not(error)) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    sync_folder(target.parent)
    return count


def _fill(path: str, puzzles: Iterable[Puzzle], meta: dict[str, object]) -> int:
    with closing(sqlite3.connect(path)) as db:
        db.executescript(SCHEMA)
        seen: set[str] = set()
        for puzzle in puzzles:
            if puzzle.id in seen:
                continue
            seen.add(puzzle.id)
            db.execute(f"INSERT INTO puzzles VALUES ({', '.join('?' * 17)})", _row(puzzle))
            db.executemany(
                "INSERT INTO themes VALUES (?, ?)", [(t, puzzle.id) for t in puzzle.themes]
            )
        facts = {**meta, "schema": SCHEMA_VERSION, "puzzles": len(seen)}
        db.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [(key, json.dumps(value)) for key, value in facts.items()],
        )
        db.commit()
        db.execute("VACUUM")
    with open(path, "rb") as stream:
        os.fsync(stream.fileno())
    return len(seen)


def _open(path: str | Path) -> sqlite3.Connection:
    """The corpus at ``path``, read only; one clear error if it is missing, not SQLite, or of
    another schema version."""
    if not Path(path).is_file():
        raise BetelError("puzzles.no_corpus", path=str(path))
    try:
        db = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro&immutable=1", uri=True)
        db.row_factory = sqlite3.Row
        found = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    except sqlite3.DatabaseError:
        raise BetelError("puzzles.not_corpus", path=str(path)) from None
    if found is None or json.loads(found[0]) != SCHEMA_VERSION:
        db.close()
        version = "?" if found is None else str(found[0])
        raise BetelError(
            "puzzles.other_version", path=str(path), found=version, wanted=SCHEMA_VERSION
        )
    return db


def read_puzzles(
    path: str | Path, *, theme: str | None = None, ids: Iterable[str] | None = None
) -> Iterator[Puzzle]:
    """The corpus's puzzles (with ``theme`` only, or those of ``ids``), by rating then id."""
    with closing(_open(path)) as db:
        if theme is not None:
            rows = db.execute(
                "SELECT p.* FROM puzzles p JOIN themes t ON t.puzzle = p.id"
                " WHERE t.theme = ? ORDER BY p.rating, p.id",
                (theme,),
            )
        else:
            rows = db.execute("SELECT * FROM puzzles ORDER BY rating, id")
        wanted = None if ids is None else set(ids)
        for row in rows:
            if wanted is None or row["id"] in wanted:
                yield _from_row(row)


def corpus_meta(path: str | Path) -> dict[str, Any]:
    with closing(_open(path)) as db:
        return {key: json.loads(value) for key, value in db.execute("SELECT * FROM meta")}


def theme_counts(path: str | Path) -> dict[str, int]:
    with closing(_open(path)) as db:
        rows = db.execute("SELECT theme, COUNT(*) FROM themes GROUP BY theme ORDER BY theme")
        return {theme: count for theme, count in rows}


def nearest(
    path: str | Path, rating: float, *, theme: str | None = None, skip: Iterable[str] = ()
) -> Puzzle | None:
    """The puzzle whose rating is nearest ``rating`` (of ``theme`` only, if given), leaving
    out those of ``skip``; ``None`` when none is left."""
    skipped = set(skip)
    with closing(_open(path)) as db:
        if theme is None:
            query = "SELECT * FROM puzzles ORDER BY ABS(rating - ?), id"
            rows = db.execute(query, (rating,))
        else:
            query = (
                "SELECT p.* FROM puzzles p JOIN themes t ON t.puzzle = p.id"
                " WHERE t.theme = ? ORDER BY ABS(p.rating - ?), p.id"
            )
            rows = db.execute(query, (theme, rating))
        for row in rows:
            if row["id"] not in skipped:
                return _from_row(row)
    return None
