"""``learn --web``: the full-screen tutor served to the learner's browser, and to no one else.

Built on textual-serve's pieces (its page script and its ``AppService``, which runs one tutor
process per browser tab), with the checks its own ``Server`` leaves out. Another local user, or
any web page the learner opens (browsers let a page open a WebSocket to any address), could
otherwise take the learner's screen and keyboard. So, as Jupyter does:

- a secret token, new at every start, is in the address the learner is shown; the page and the
  WebSocket need it, and Host (and, for the socket, Origin) must be the served address; anything
  else gets 403 before a tutor process is started;
- every response carries a Content-Security-Policy: the page may load only its own scripts,
  styles and font, and connect only to its own socket; ``/static/`` lists no folder;
- at most ``MAX_TUTORS`` tutors run at once; past that a tab is told so and refused;
- what the browser sends is read by ``webframes`` (bad frames are dropped with one line, sizes
  clamped); a tutor ends when its socket closes, and every tutor when the server stops
  (Ctrl-C): asked to quit, killed with its process group after ``GRACE`` seconds.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import ctypes
import hashlib
import hmac
import html
import logging
import os
import re
import secrets
import shlex
import signal
import socket
from collections.abc import Callable
from pathlib import Path

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from betel_tutor.i18n import translate, translate_plural
from betel_tutor.screen import webframes
from betel_tutor.screen.webframes import Focus, Ping, Resize, Typed

MAX_TUTORS = 4  # each is a Python process of about 55 MB
GRACE = 1.0  # seconds a tutor has to quit by itself (saving its place) before it is killed
_PR_SET_PDEATHSIG = 1  # prctl(2)
_TOLD = 10  # bad frames told per connection: a page sending thousands fills no terminal
_PAGE = Path(__file__).parent / "web"
_STATIC = Path(textual_serve.__file__).parent / "static"
# Not the page: static files, errors, the socket's handshake. Nothing may run or load there.
_LOCKED = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

Say = Callable[[str], None]


def listen(port: int, host: str = "127.0.0.1") -> socket.socket:
    """A socket bound and listening on ``host:port``: a busy port is known before anything is
    printed (``OSError`` as the system gave it)."""
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(128)
    except OSError:
        listening.close()
        raise
    return listening


def page_policy(page: str, address: str) -> str:
    """The page's Content-Security-Policy: its own files, its inline scripts and handlers by
    their hashes (so the template may change without the policy being edited), its socket."""

    def digest(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"

    scripts = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", page, re.DOTALL | re.I)
    handlers = [
        html.unescape(double or single)  # an attribute is hashed as the browser reads it
        for double, single in re.findall(r"\son[a-z]+=(?:\"([^\"]*)\"|'([^']*)')", page, re.I)
    ]
    allowed = ["'self'", *dict.fromkeys(map(digest, scripts))]
    if handlers:
        allowed += ["'unsafe-hashes'", *dict.fromkeys(map(digest, handlers))]
    return (
        f"default-src 'none'; script-src {' '.join(allowed)}; "
        "style-src 'self' 'unsafe-inline'; font-src 'self'; img-src 'self'; "
        f"connect-src ws://{address}; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    )


class _Tutor(AppService):
    """One tab's tutor process, in a process group of its own: the server ends it (and anything
    it started) with the group, and Ctrl-C at the server's terminal reaches only the server."""

    def __init__(self, argv: list[str], downloads: DownloadManager, ws: web.WebSocketResponse):
        super().__init__(
            shlex.join(argv),
            write_bytes=ws.send_bytes,
            write_str=ws.send_str,
            close=self._close,
            download_manager=downloads,
        )
        self._argv = argv
        self._ws = ws

    async def _close(self) -> None:  # the tutor has quit: its tab is told
        await self._ws.close()

    async def _open_app_process(
        self, width: int = 80, height: int = 24
    ) -> asyncio.subprocess.Process:
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *self._argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            start_new_session=True,
            preexec_fn=_dies_with(os.getpid()),
        )
        self._stdin = process.stdin
        return process

    async def end(self) -> None:
        """Ask the tutor to quit; kill its group if it has not within ``GRACE`` seconds."""
        process = self._process
        if process is None:
            return
        try:
            async with asyncio.timeout(GRACE):
                if process.returncode is None:
                    await self.send_meta({"type": "quit"})
                await process.wait()
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            await process.wait()
        if self._task is not None:  # it reads the tutor's output: done once the pipe closes
            try:
                async with asyncio.timeout(GRACE):
                    await self._task
            except TimeoutError:
                self._task.cancel()
            self._task = None


class LearnerServer:
    """The tutor, served at :attr:`url` (token included) on an already listening socket."""

    def __init__(self, argv: list[str], listening: socket.socket, *, lang: str, say: Say):
        host, port = listening.getsockname()[:2]
        self.address = f"{host}:{port}"
        self.origin = f"http://{self.address}"
        self.token = secrets.token_urlsafe(32)
        self.url = f"{self.origin}/?token={self.token}"
        self._argv = argv
        self._listening = listening
        self._lang = lang
        self._say = say
        self._seats = 0  # tutors running or starting: taken before the first await
        self._tutors: set[_Tutor] = set()
        self._sockets: set[web.WebSocketResponse] = set()
        self._downloads = DownloadManager()

    def serve(self) -> None:
        """Serve until SIGINT or SIGTERM; then end every tutor and return."""
        _log_in_one_line(self._say)
        web.run_app(
            self._app(),
            sock=self._listening,
            shutdown_timeout=GRACE / 2,
            handle_signals=True,
            print=None,
            access_log=None,
        )

    def _app(self) -> web.Application:
        app = web.Application(middlewares=[self._served_address_only])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(_PAGE), autoescape=True)
        app.add_routes(
            [
                web.get("/", self._page),
                web.get("/ws", self._socket),  # no token: refused like a wrong one
                web.get("/ws/{token:.*}", self._socket),
                web.static("/static", _STATIC, show_index=False, follow_symlinks=False),
            ]
        )
        app.on_response_prepare.append(_locked_down)
        app.on_shutdown.append(self._end_all)
        return app

    @web.middleware
    async def _served_address_only(
        self, request: web.Request, handler: Callable[[web.Request], object]
    ) -> web.StreamResponse:
        # A page on another site can reach 127.0.0.1 by a name of its own (DNS rebinding):
        # its requests carry that name as Host.
        if request.host != self.address:
            if request.path.startswith("/ws"):
                self._refused(request)
            raise web.HTTPForbidden(text=translate("web.forbidden", self._lang))
        response = await handler(request)  # type: ignore[misc]
        assert isinstance(response, web.StreamResponse)
        return response

    def _has_token(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())

    def _refused(self, request: web.Request) -> None:
        origin = webframes.shown(request.headers.get("Origin", ""))
        self._say(translate("web.refused", self._lang, origin=origin))

    def _too_many(self) -> str:
        return translate_plural("web.too_many", MAX_TUTORS, self._lang)

    async def _page(self, request: web.Request) -> web.StreamResponse:
        if not self._has_token(request.query.get("token")):
            raise web.HTTPForbidden(text=translate("web.forbidden", self._lang))
        if self._seats >= MAX_TUTORS:
            text = html.escape(self._too_many())
            return web.Response(
                status=503, content_type="text/html", text=f"<!DOCTYPE html><p>{text}</p>"
            )
        font = min(max(webframes.size_from_query(request.query.get("fontsize"), 16), 8), 40)
        context = {
            "font_size": font,
            "app_websocket_url": f"ws://{self.address}/ws/{self.token}",
            "config": {"static": {"url": f"{self.origin}/static/"}},
            "application": {"name": "betel-tutor"},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Content-Security-Policy"] = page_policy(response.text or "", self.address)
        response.headers["Cache-Control"] = "no-store"  # the token is in the page
        return response

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin", "")
        if not self._has_token(request.match_info.get("token")) or origin != self.origin:
            self._refused(request)
            raise web.HTTPForbidden(text=translate("web.forbidden", self._lang))
        if self._seats >= MAX_TUTORS:
            self._say(self._too_many())
            raise web.HTTPServiceUnavailable(text=self._too_many())
        self._seats += 1
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=webframes.MAX_FRAME)
        try:
            await ws.prepare(request)
            await self._run_tutor(request, ws)
        finally:
            self._seats -= 1
        return ws

    async def _run_tutor(self, request: web.Request, ws: web.WebSocketResponse) -> None:
        columns, lines = webframes.clamp_size(
            webframes.size_from_query(request.query.get("width"), 80),
            webframes.size_from_query(request.query.get("height"), 24),
        )
        tutor = _Tutor(self._argv, self._downloads, ws)
        self._tutors.add(tutor)
        self._sockets.add(ws)
        try:
            await tutor.start(columns, lines)
            await self._relay(ws, tutor)
        finally:
            self._sockets.discard(ws)
            await tutor.end()
            self._tutors.discard(tutor)
            await ws.close()

    async def _relay(self, ws: web.WebSocketResponse, tutor: _Tutor) -> None:
        """The browser's frames to the tutor, until the socket closes."""
        told = 0
        async for message in ws:
            text = message.data if message.type == WSMsgType.TEXT else None
            frame = webframes.read_frame(text) if isinstance(text, str) else None
            if isinstance(frame, Typed):
                await tutor.send_bytes(frame.text.encode("utf-8", "replace"))
            elif isinstance(frame, Resize):
                await tutor.set_terminal_size(frame.columns, frame.lines)
            elif isinstance(frame, Ping):
                await ws.send_json(["pong", frame.stamp])
            elif isinstance(frame, Focus):
                await (tutor.focus() if frame.gained else tutor.blur())
            else:
                told += 1
                if told <= _TOLD:
                    quoted = webframes.shown(text) if text is not None else message.type.name
                    self._say(translate("web.bad_frame", self._lang, frame=quoted))

    async def _end_all(self, app: web.Application) -> None:
        """On Ctrl-C: every tutor ends together, then every socket is closed."""
        await asyncio.gather(*(tutor.end() for tutor in list(self._tutors)))
        going = WSCloseCode.GOING_AWAY
        closing = [asyncio.ensure_future(ws.close(code=going)) for ws in self._sockets]
        if closing:
            await asyncio.wait(closing, timeout=GRACE / 2)


def _dies_with(parent: int) -> Callable[[], None]:
    """In the forked tutor, before it runs: killed if the server dies (``kill -9`` included,
    which leaves the server no time to end it), through Linux's parent-death signal."""

    def arrange() -> None:
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # not Linux: the server's own ending must do
            return
        if os.getppid() != parent:  # the server died before the signal was arranged
            os._exit(1)

    return arrange


async def _locked_down(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.setdefault("Content-Security-Policy", _LOCKED)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"  # the token never leaves in a Referer


def _log_in_one_line(say: Say) -> None:
    """aiohttp's, asyncio's and textual-serve's own messages, one line each: never a traceback
    (textual-serve's would show local variables, the token among them)."""

    class OneLine(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            error = record.exc_info[1] if record.exc_info else None
            say(record.getMessage() + (f" ({type(error).__name__})" if error else ""))

    for name in ("aiohttp", "asyncio", "textual-serve"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [OneLine(logging.WARNING)]
        logger.propagate = False
