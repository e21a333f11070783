"""Two tutors on one progress file: the merge, the lock, and files that cannot be read."""

from __future__ import annotations

import fcntl
import json
import os
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from betel_tutor.match import Match
from betel_tutor.tutor import progress as store
from betel_tutor.tutor.progress import (
    Keeper,
    LevelProgress,
    Progress,
    ProgressError,
    ProgressNotSaved,
    SavedMatch,
    merge,
    merge_level,
)

DEALS = ["a", "b", "c", "d"]


@st.composite
def levels(draw: st.DrawFn) -> LevelProgress:
    closed = draw(st.dictionaries(st.sampled_from(DEALS), st.integers(1, 3)))
    missed = [deal for deal, stars in closed.items() if stars < 2]
    practise = draw(st.lists(st.sampled_from(DEALS), unique=True)) if missed else []
    return LevelProgress(
        next_step=draw(st.integers(0, 12)),
        deals_played=draw(st.integers(0, 50)),
        completed=draw(st.booleans()),
        points=draw(st.integers(-200, 200)),
        closed=closed,
        practise=tuple(d for d in practise if closed.get(d, 0) < 2),
    )


def saved_match(seed: str) -> SavedMatch:
    return SavedMatch(10, 4, seed, 60, Match.start(chips=False, players=3))


progresses = st.builds(
    Progress,
    levels=st.dictionaries(st.integers(1, 10), levels(), max_size=4),
    language=st.sampled_from([None, "en", "pl"]),
    match=st.one_of(st.none(), st.sampled_from([saved_match("x"), saved_match("y")])),
)


def met(level: LevelProgress) -> set[str]:
    return {deal for deal, stars in level.closed.items() if stars >= 2}


@given(levels(), levels())
def test_joining_two_levels_is_commutative_and_idempotent(
    a: LevelProgress, b: LevelProgress
) -> None:
    one, other = merge_level(a, b), merge_level(b, a)
    assert replace(one, practise=()) == replace(other, practise=())
    assert set(one.practise) == set(other.practise)  # in the order the writer had them
    assert merge_level(a, a) == a
    assert merge_level(merge_level(a, b), b) == merge_level(a, b)


@given(levels(), levels(), levels())
def test_a_merge_keeps_every_met_goal_star_and_finished_level(
    a: LevelProgress, b: LevelProgress, base: LevelProgress
) -> None:
    for merged in (merge_level(a, b), merge_level(a, b, base)):
        assert met(merged) >= met(a) | met(b)
        for deal in {*a.closed, *b.closed}:
            assert merged.closed[deal] == max(a.closed.get(deal, 0), b.closed.get(deal, 0))
        assert merged.completed == (a.completed or b.completed)
        assert set(merged.practise) == {
            d for d in (*a.practise, *b.practise) if merged.closed.get(d, 0) < 2
        }


@given(levels(), levels(), levels())
def test_a_three_way_merge_is_commutative(
    a: LevelProgress, b: LevelProgress, base: LevelProgress
) -> None:
    one, other = merge_level(a, b, base), merge_level(b, a, base)
    assert (one.next_step, one.deals_played, one.points, one.completed, one.closed) == (
        other.next_step,
        other.deals_played,
        other.points,
        other.completed,
        other.closed,
    )
    assert set(one.practise) == set(other.practise)


plays = st.lists(
    st.tuples(st.integers(1, 10), st.sampled_from(DEALS), st.integers(1, 3)), max_size=6
)


@given(progresses, plays)
def test_a_change_on_one_side_only_is_taken_as_it_is(
    base: Progress, moves: list[tuple[int, str, int]]
) -> None:
    mine = base
    for level, deal, stars in moves:
        mine = played(mine, level, deal, stars)
    assert merge(mine, base, base).levels == mine.levels
    assert merge(base, mine, base).levels == mine.levels
    assert merge(mine, mine, mine) == mine


def test_deals_and_points_of_both_tutors_count() -> None:
    base = LevelProgress(next_step=3, deals_played=2, points=10)
    mine = LevelProgress(next_step=4, deals_played=3, points=30)  # one deal, +20
    theirs = LevelProgress(next_step=5, deals_played=4, points=5)  # two deals, -5
    merged = merge_level(mine, theirs, base)
    assert (merged.deals_played, merged.points, merged.next_step) == (5, 25, 5)
    # Without a base: the counts of the one that played more deals.
    assert (merge_level(mine, theirs).deals_played, merge_level(mine, theirs).points) == (4, 5)


def test_a_step_back_to_a_missed_deal_is_kept() -> None:
    base = LevelProgress(next_step=11, closed={"a": 1}, practise=("a",))
    mine = LevelProgress(next_step=6, closed={"a": 1}, practise=("a",))  # level not passed
    theirs = LevelProgress(next_step=11, deals_played=1, closed={"a": 1, "b": 3}, practise=("a",))
    merged = merge_level(mine, theirs, base)
    assert merged.next_step == 6 and merged.closed == {"a": 1, "b": 3}


def test_a_goal_met_by_either_leaves_the_practice_list() -> None:
    mine = LevelProgress(closed={"a": 1, "b": 1}, practise=("a", "b"))
    theirs = LevelProgress(closed={"a": 2}, practise=("c",))
    assert merge_level(mine, theirs).practise == ("b", "c")
    assert merge_level(mine, theirs).closed == {"a": 2, "b": 1}


def test_the_saved_match() -> None:
    x, y = saved_match("x"), saved_match("y")
    assert merge(Progress(match=x), Progress(match=y), Progress()).match == x  # the writer's
    assert merge(Progress(), Progress(match=y), Progress()).match == y  # else the other's
    # This tutor ended the match the file still holds: it is not brought back.
    assert merge(Progress(), Progress(match=x), Progress(match=x)).match is None
    assert merge(Progress(language=None), Progress(language="pl")).language == "pl"


# -- two keepers on one file -------------------------------------------------------------------
def played(progress: Progress, level: int, deal: str, stars: int) -> Progress:
    """A closed deal played, as the tutor counts it: its best stars, the practice list."""
    old = progress.level(level)
    best = max(old.closed.get(deal, 0), stars)
    practise = tuple(d for d in old.practise if d != deal) + ((deal,) if best < 2 else ())
    return progress.with_level(
        level,
        replace(
            old,
            next_step=old.next_step + 1,
            deals_played=old.deals_played + 1,
            points=old.points + 10,
            closed={**old.closed, deal: best},
            practise=practise,
        ),
    )


def test_two_tutors_saving_in_turn_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    one, two = Keeper(path), Keeper(path)
    mine, theirs = one.load(), two.load()
    for turn in range(6):
        mine = played(mine, 1, f"one-{turn}", 3)
        one.save(mine)
        theirs = played(theirs, 1, f"two-{turn}", 1 + turn % 3)
        theirs = played(theirs, 2, f"two-{turn}", 2)
        two.save(theirs)
    final = store.load(path).level(1)
    assert {f"one-{t}" for t in range(6)} | {f"two-{t}" for t in range(6)} == set(final.closed)
    assert final.deals_played == 12 and final.points == 120
    assert final.practise == ("two-0", "two-3")
    assert store.load(path).level(2).deals_played == 6


def test_two_tutors_in_threads_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    start = threading.Barrier(2)

    def tutor(name: str) -> None:
        keeper = Keeper(path)
        progress = keeper.load()
        start.wait()
        for turn in range(25):
            progress = played(progress, 3, f"{name}-{turn}", 2)
            keeper.save(progress)

    threads = [threading.Thread(target=tutor, args=(name,)) for name in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    level = store.load(path).level(3)
    assert len(level.closed) == 50 and level.deals_played == 50
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json", "progress.json.lock"]


def test_a_held_lock_is_waited_for_then_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "WAIT", 0.2)
    path = tmp_path / "progress.json"
    keeper = Keeper(path)
    keeper.load()
    (tmp_path / ".progress.json.x1.tmp").write_text("being written", encoding="utf-8")
    with open(tmp_path / "progress.json.lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        with pytest.raises(ProgressNotSaved) as caught:
            keeper.save(Progress(language="pl"))
        assert "held the lock" in caught.value.message("en")
        assert "blokadę" in caught.value.message("pl")
        Keeper(path).load()  # reads without the lock: the writer's temporary is left alone
        assert (tmp_path / ".progress.json.x1.tmp").exists()
    Keeper(path).load()  # now stale: removed
    assert not (tmp_path / ".progress.json.x1.tmp").exists()
    keeper.save(Progress(language="pl"))
    assert store.load(path).language == "pl"


# -- files that cannot be read -----------------------------------------------------------------
def test_nested_too_deep(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(ProgressError, match="nested too deeply") as caught:
        store.load(path)
    assert caught.value.moved_to == tmp_path / "progress.json.bad-1"


def test_too_large(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "LIMIT", 100)
    path = tmp_path / "progress.json"
    path.write_text(json.dumps(Progress(language="en").to_json()) + " " * 200, encoding="utf-8")
    with pytest.raises(ProgressError, match="larger than"):
        store.load(path)


@pytest.mark.parametrize("kind", ["loop", "fifo", "device", "folder"])
def test_not_a_file(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "progress.json"
    if kind == "loop":
        path.symlink_to("progress.json")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    with pytest.raises(ProgressError) as caught:
        store.load(path)
    assert caught.value.moved_to == tmp_path / "progress.json.bad-1"
    assert os.path.lexists(caught.value.moved_to) and not os.path.lexists(path)
    assert store.load(path) == Progress()


def test_a_home_that_is_a_file_is_reported_and_left_alone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.write_text("mine", encoding="utf-8")
    keeper = Keeper(home / "progress.json")
    with pytest.raises(ProgressError) as caught:
        keeper.load()
    assert caught.value.moved_to is None and keeper.frozen
    assert "nor set aside" in caught.value.message("en")
    assert "ani go odłożyć" in caught.value.message("pl")
    with pytest.raises(ProgressNotSaved):
        keeper.save(Progress())
    assert home.read_text(encoding="utf-8") == "mine"


def test_a_failed_reset_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    store.save(path, Progress(language="en"))

    def refuse(self: Path, target: Path) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "rename", refuse)
    with pytest.raises(store.ResetFailed) as caught:
        Keeper(path).reset()
    assert "Permission denied" in caught.value.message("en")
    with pytest.raises(ProgressError) as unread:  # an unreadable file that cannot be moved
        path.write_text("{", encoding="utf-8")
        store.load(path)
    assert unread.value.moved_to is None and path.read_text(encoding="utf-8") == "{"
