"""``learn --web`` is the learner's alone: a real server on a free port, spoken to as another
local user or another web page would (aiohttp's client), its tutor processes counted from /proc.

Refused: the page and the socket without the printed token or with a wrong one, a socket from
another page (Origin), any request naming another host; none of them starts a tutor. A bad frame
or a huge resize changes nothing and prints no traceback; a closed socket ends its tutor; past
``MAX_TUTORS`` a tab is refused with a message; Ctrl-C ends the server and every tutor within
2 s, and ``kill -9`` of the server its tutors too; a busy port is one line and exit 2, before
any address is printed."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import signal
import socket
import time
from pathlib import Path

import aiohttp
import pytest
from typer.testing import CliRunner

from betel_tutor.cli import app
from betel_tutor.screen.webserver import MAX_TUTORS, page_policy
from tests.web_server import Served, children, resident_kb, served_tutor

BAD_FRAMES = ["not json", "[]", '["stdin",5]', '["resize",{}]', "[" * 50_000]
HUGE = '["resize",{"width":100000,"height":100000}]'


def socket_url(served: Served, token: str | None = None) -> str:
    token = served.token if token is None else token
    return f"ws://127.0.0.1:{served.port}/ws/{token}?width=80&height=24"


async def drawn(ws: aiohttp.ClientWebSocketResponse, text: str, timeout: float = 60) -> str:
    """What the tutor sent until ``text`` was among it."""
    screen = ""
    async with asyncio.timeout(timeout):
        while text not in screen:
            message = await ws.receive()
            assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
            if message.type == aiohttp.WSMsgType.BINARY:
                screen += message.data.decode("utf-8", "replace")
    return screen


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


async def refused(
    served: Served, url: str, origin: str | None = None, headers: dict[str, str] | None = None
) -> int:
    """The status a WebSocket handshake to ``url`` got (it must not be accepted)."""
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as handshake:
            await http.ws_connect(url, origin=origin, headers=headers)
    assert children(served.process.pid) == set()  # no tutor was started
    return handshake.value.status


async def status_of(url: str, **headers: str) -> tuple[int, dict[str, str], str]:
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as response:
        return response.status, dict(response.headers), await response.text()


def test_the_page_policy_allows_the_page_s_own_inline_code_and_no_other() -> None:
    page = (
        "<script src='/static/x.js'></script><script>go()</script>"
        "<button onClick=\"refresh()\">a</button><a onmouseover='a &amp;&amp; b()'>b</a>"
    )
    policy = page_policy(page, "127.0.0.1:8000")
    sha = [
        "'sha256-" + base64.b64encode(hashlib.sha256(code.encode()).digest()).decode() + "'"
        for code in ("go()", "refresh()", "a && b()")
    ]
    assert f"script-src 'self' {sha[0]} 'unsafe-hashes' {sha[1]} {sha[2]};" in policy
    assert "connect-src ws://127.0.0.1:8000;" in policy
    assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]


def test_without_the_token_or_from_elsewhere_nothing_starts(tmp_path: Path) -> None:
    with served_tutor(tmp_path) as served:
        assert len(served.token) >= 40 and served.url == f"{served.origin}/?token={served.token}"
        wrong = served.token[:-1] + ("A" if served.token[-1] != "A" else "B")
        own, foreign = served.origin, "http://evil.example"

        async def campaign() -> None:
            assert await refused(served, f"ws://127.0.0.1:{served.port}/ws", own) == 403
            assert await refused(served, socket_url(served, ""), own) == 403
            assert await refused(served, socket_url(served, wrong), own) == 403
            assert await refused(served, socket_url(served), foreign) == 403
            assert await refused(served, socket_url(served), origin="null") == 403
            assert await refused(served, socket_url(served)) == 403  # no Origin at all
            renamed = {"Host": f"rebound.example:{served.port}"}  # a name of another site
            assert await refused(served, socket_url(served), own, renamed) == 403
            assert (await status_of(served.origin + "/"))[0] == 403
            assert (await status_of(f"{served.origin}/?token={wrong}"))[0] == 403
            assert (await status_of(served.url, Host=renamed["Host"]))[0] == 403
            status, headers, page = await status_of(served.url)
            assert status == 200 and served.token in page
            policy = headers["Content-Security-Policy"]
            assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
            assert f"connect-src ws://127.0.0.1:{served.port};" in policy
            for folder in ("/static/", "/static/js/", "/static/fonts/"):
                status, headers, listing = await status_of(served.origin + folder)
                assert status != 200 and "textual.js" not in listing
                assert "default-src 'none'" in headers["Content-Security-Policy"]
            status, headers, _ = await status_of(served.origin + "/static/js/textual.js")
            assert status == 200 and "default-src 'none'" in headers["Content-Security-Policy"]

        asyncio.run(campaign())
        time.sleep(0.5)
        assert children(served.process.pid) == set()
        assert served.process.poll() is None
    told = "".join(served.stderr)
    assert told.count("Refused a connection") == 7, told
    assert '"http://evil.example"' in told and "Traceback" not in told


def test_bad_frames_and_a_huge_resize_change_nothing(tmp_path: Path) -> None:
    with served_tutor(tmp_path) as served:

        async def session() -> tuple[int, int]:
            async with (
                aiohttp.ClientSession() as http,
                http.ws_connect(socket_url(served), origin=served.origin) as ws,
            ):
                await drawn(ws, "Level 1: one deal")
                (tutor,) = children(served.process.pid)
                before = resident_kb(tutor)
                for frame in BAD_FRAMES:
                    await ws.send_str(frame)
                await ws.send_bytes(b"\x00\xff")
                await ws.send_str(HUGE)
                await ws.send_str('["ping","after"]')  # answered: the socket is still read
                async with asyncio.timeout(20):
                    while (message := await ws.receive()).type != aiohttp.WSMsgType.TEXT:
                        pass
                assert message.json() == ["pong", "after"]
                largest = before
                for _ in range(30):  # the campaign saw 2.6 GB within 40 s of such a resize
                    await asyncio.sleep(0.2)
                    largest = max(largest, resident_kb(tutor))
                await drawn(ws, "Your hand")  # the tutor still draws, at the clamped size
                return before, largest

        before, largest = asyncio.run(session())
        # The socket closed: its tutor ends (asked to quit, killed after a second).
        assert served.wait_for(lambda: children(served.process.pid) == set(), timeout=5)
        assert largest - before < 150_000, (before, largest)  # kB
    told = "".join(served.stderr)
    assert "Traceback" not in told and "locals" not in told.lower(), told
    dropped = [line for line in told.splitlines() if line.startswith("Dropped a message")]
    assert len(dropped) == len(BAD_FRAMES) + 1, told
    assert 'take: "not json"' in dropped[0] and dropped[-1].endswith("BINARY")


def test_past_the_limit_a_tab_is_refused_and_ctrl_c_ends_every_tutor(tmp_path: Path) -> None:
    with served_tutor(tmp_path) as served:

        async def tabs() -> tuple[set[int], float]:
            async with aiohttp.ClientSession() as http:
                sockets = [
                    await http.ws_connect(socket_url(served), origin=served.origin)
                    for _ in range(MAX_TUTORS)
                ]
                await asyncio.gather(*(drawn(ws, "Your hand") for ws in sockets))
                with pytest.raises(aiohttp.WSServerHandshakeError) as one_more:
                    await http.ws_connect(socket_url(served), origin=served.origin)
                assert one_more.value.status == 503
                status, _, page = await status_of(served.url)
                assert status == 503 and f"{MAX_TUTORS} tutors are open already" in page
                tutors = children(served.process.pid)
                assert len(tutors) == MAX_TUTORS
                served.process.send_signal(signal.SIGINT)  # Ctrl-C at the server's terminal
                sent = time.monotonic()
                for ws in sockets:
                    await ws.close()
                return tutors, sent

        tutors, sent = asyncio.run(tabs())
        assert served.wait_for(lambda: served.process.poll() is not None, timeout=5)
        assert served.wait_for(lambda: not any(map(alive, tutors)), timeout=5)
        ended = time.monotonic() - sent
        assert ended < 2.0, ended
    told = "".join(served.stderr)
    assert told.count(f"{MAX_TUTORS} tutors are open already") == 1, told
    assert "Traceback" not in told, told


def test_a_tutor_dies_with_its_server_even_by_kill_9(tmp_path: Path) -> None:
    with served_tutor(tmp_path) as served:

        async def tab() -> set[int]:
            async with (
                aiohttp.ClientSession() as http,
                http.ws_connect(socket_url(served), origin=served.origin) as ws,
            ):
                await drawn(ws, "Your hand")
                tutors = children(served.process.pid)
                assert len(tutors) == 1
                served.process.kill()  # no time to end anything
                served.process.wait()
                return tutors

        tutors = asyncio.run(tab())
        try:
            assert served.wait_for(lambda: not any(map(alive, tutors)), timeout=3)
        finally:  # left behind only if the test fails: not left for the next one
            for pid in filter(alive, tutors):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Port {} is in use"), ("pl", "Port {} jest zajęty")]
)
def test_a_busy_port_is_one_line_before_any_address(lang: str, said: str) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(app, ["learn", "--web", "--port", str(port), "--lang", lang])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""  # no "Serving …" first
    assert result.stderr.splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith(said.format(port)), result.stderr
