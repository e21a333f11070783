"""Atomic writes: the whole text or the old file, the mode kept, nothing left beside."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from betel_tutor import files
from betel_tutor.files import write_atomic


def test_a_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    mask = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.txt", "hello\n")
    finally:
        os.umask(mask)
    assert (tmp_path / "new.txt").read_text(encoding="utf-8") == "hello\n"
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["new.txt"]


def test_a_rewritten_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "kept.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o604)
    write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o604


def test_the_folder_is_flushed_after_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    flushed: list[Path] = []
    monkeypatch.setattr(files, "sync_folder", flushed.append)
    write_atomic(tmp_path / "a.txt", "a")
    assert flushed == [tmp_path]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.txt"
    target.write_text("old", encoding="utf-8")

    def broken(source: str, destination: Path) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_sync_folder_never_fails(tmp_path: Path) -> None:
    files.sync_folder(tmp_path)
    files.sync_folder(tmp_path / "missing")


def test_a_cache_entry_is_written_whole_in_new_folders_and_nothing_left_beside(
    tmp_path: Path,
) -> None:
    entry = tmp_path / "cache" / "ab" / "abcdef.json"
    files.write_cache_entry(entry, '{"tricks": 7}')
    files.write_cache_entry(entry, b'{"tricks": 8}')
    assert entry.read_bytes() == b'{"tricks": 8}'
    assert [p.name for p in entry.parent.iterdir()] == ["abcdef.json"]


def test_a_cache_entry_replaces_a_temporary_file_a_killed_writer_left(tmp_path: Path) -> None:
    entry = tmp_path / "entry"
    aside = tmp_path / "elsewhere"
    aside.write_text("not to be touched", encoding="utf-8")
    left = tmp_path / f".entry.{os.getpid()}.{threading.get_ident()}.tmp"
    left.symlink_to(aside)  # never followed: removed, then made anew
    files.write_cache_entry(entry, "clean\n")
    assert entry.read_text(encoding="utf-8") == "clean\n"
    assert aside.read_text(encoding="utf-8") == "not to be touched"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "entry"]
