"""A real ``betel-tutor learn --web`` for the browser and web tests: started on a free port, its
address (secret token included) read from the line it prints, its stderr kept, its processes
counted from /proc."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

BETEL_TUTOR = str(Path(sys.executable).parent / "betel-tutor")

# A teacher's level 1 of one deal (``$BETEL_TUTOR_LEVELS``): the first prompt is a card.
ONE_DEAL = """\
kind: lesson
id: level-01
level: 1
title: {en: "Level 1: one deal", pl: "Poziom 1: jedno rozdanie"}
options: {auction: false, contract: pass, kontra: false, exchange: false}
deals:
  - {id: d1, dealer: S, seed: level-01-a}
steps:
  - play: {deal: d1, seat: S, goal: {tricks_at_least: 4}, open: true}
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def children(pid: int) -> set[int]:
    """Every living descendant of ``pid`` (zombies, already ended, left out)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # ended while we looked
            continue
        state, ppid = stat[stat.rindex(")") + 2 :].split()[:2]
        if state != "Z":
            parents[int(entry.name)] = int(ppid)
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def resident_kb(pid: int) -> int:
    """The memory a process holds (VmRSS), in kB."""
    status = Path(f"/proc/{pid}/status").read_text()
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    assert match, status
    return int(match.group(1))


@dataclass
class Served:
    process: subprocess.Popen[str]
    url: str  # as printed: http://127.0.0.1:PORT/?token=…
    port: int
    stderr: list[str] = field(default_factory=list)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def token(self) -> str:
        return self.url.rsplit("token=", 1)[1]

    def wait_for(self, test: object, timeout: float = 20) -> bool:
        """Whether ``test()`` (a callable) became true within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if test():  # type: ignore[operator]
                return True
            time.sleep(0.05)
        return False


def _collect(stream: IO[str], sink: list[str]) -> None:
    for line in stream:
        sink.append(line)


@contextmanager
def served_tutor(tmp_path: Path, *, lang: str = "en", lesson: str = ONE_DEAL) -> Iterator[Served]:
    """``learn --web --level 1`` of ``lesson`` (by default one deal) on a free port, until the
    block ends (SIGTERM)."""
    port = free_port()
    levels = tmp_path / "levels"
    levels.mkdir(exist_ok=True)
    (levels / "level-01.yaml").write_text(lesson, encoding="utf-8")
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "BETEL_TUTOR_LEVELS": str(levels),
    }
    command = [BETEL_TUTOR, "learn", "--web", "--port", str(port), "--level", "1", "--lang", lang]
    # The real program: a web server on a port, stopped by a signal.
    process = subprocess.Popen(
        command,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    assert process.stdout is not None and process.stderr is not None
    banner: list[str] = []
    for stream, sink in ((process.stdout, banner), (process.stderr, lines)):
        threading.Thread(target=_collect, args=(stream, sink), daemon=True).start()
    try:
        deadline = time.monotonic() + 30
        while not banner and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
        assert banner, f"no address printed; stderr: {''.join(lines)}"
        match = re.search(r"http://127\.0\.0\.1:\d+/\?token=[\w-]+", banner[0])
        assert match, banner[0]
        yield Served(process, match.group(0), port, lines)
    finally:
        if process.poll() is None:
            process.terminate()  # the server ends the tutors it started, then itself
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
