"""Workers die with their parent: every pool (render's tables and PDFs, check's, deal's,
laydown's) is made by :func:`betel_tutor.cores.worker_pool`, whose workers are killed by the
system when the process that made them dies. The processes are the point here: a real
``betel-tutor render`` is killed with ``kill -9`` and no worker may outlive it."""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from betel_tutor.cores import available_cores, worker_pool
from tests.test_cli import BETEL_TUTOR

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's"
)
PR_GET_PDEATHSIG = 2


def _death_signal() -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    found = ctypes.c_int(0)
    libc.prctl(PR_GET_PDEATHSIG, ctypes.byref(found), 0, 0, 0)
    return found.value


def test_a_pools_workers_ask_to_die_with_their_parent() -> None:
    with worker_pool(2) as pool:
        assert pool.submit(_death_signal).result(timeout=30) == signal.SIGKILL
    assert _death_signal() == 0  # this process asked for nothing


def test_the_pools_own_initializer_still_runs() -> None:
    with worker_pool(1, initializer=os.getpid) as pool:
        assert pool.submit(_death_signal).result(timeout=30) == signal.SIGKILL


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (and are not zombies)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[1]) == pid:
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


LESSON = "kind: practice\nid: many\ntitle: {en: Many, pl: Wiele}\ndeals:\n" + "".join(
    f"  - {{id: d{n}, seed: {100 + n}}}\n" for n in range(24)
)


@pytest.mark.skipif(available_cores() < 2, reason="one core: render computes in its own process")
def test_kill_9_of_render_leaves_no_worker_behind(tmp_path: Path) -> None:
    lesson = tmp_path / "many.yaml"
    lesson.write_text(LESSON, encoding="utf-8")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}  # every table missing
    argv = [str(BETEL_TUTOR), "render", str(lesson), "--sheet", "answers", "-o", str(tmp_path)]
    # The real program, killed with -9: what its workers do then is the point.
    render = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline and render.poll() is None:
            workers = children(render.pid)
            time.sleep(0.05)
        assert len(workers) >= 2, "render started no workers"
        os.kill(render.pid, signal.SIGKILL)
        render.wait(timeout=10)
        deadline = time.monotonic() + 5
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in workers if alive(pid)], "workers outlived render"
    finally:
        if render.poll() is None:
            render.kill()
        for pid in workers:  # never leave them, whatever failed
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
