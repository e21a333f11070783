"""``check``: scenario files and legacy notes against the rules engine, every problem found."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from betel_tutor.errors import BetelError
from betel_tutor.scenario.check import check_files, collect_files, default_workers
from betel_tutor.scenario.source import Problem


@dataclass(frozen=True, slots=True)
class CheckOptions:
    paths: tuple[str, ...]  # files, folders, or a shipped level's name
    workers: int | None = None  # None: one a core from 64 files on (default_workers), else one


@dataclass(frozen=True, slots=True)
class Checked:
    files: int  # how many files were checked
    problems: tuple[Problem, ...]  # those met finding the files, then each file's in order


def check(options: CheckOptions, progress: Callable[[int, int], None] | None = None) -> Checked:
    """Check every file the paths name; ``progress`` is told the files checked so far and how
    many there are, first as the check starts. Nothing to check at all is an error, not a
    silent success."""
    files, found = collect_files(list(options.paths))
    if not files and not found:
        raise BetelError("cli.no_files", paths=" ".join(options.paths))
    workers = default_workers(len(files)) if options.workers is None else options.workers

    def told(done: int) -> None:
        if progress is not None:
            progress(done, len(files))

    told(0)
    problems = found + check_files(files, workers=workers, progress=told)
    return Checked(len(files), tuple(problems))
