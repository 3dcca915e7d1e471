"""The class server: pages, the WebSocket, the limits, the QR code (aiohttp and segno,
the ``class`` extra).

``/`` is the students' page, ``/teacher`` the teacher's (the teacher's token travels in
the address's ``#`` part, which the browser never sends), ``/projector`` the projector's,
``/book/`` the built book when there is one, ``/ws`` the WebSocket every page talks
through (see :mod:`.room` for the messages). Nothing is fetched from the internet: the
pages, the front end (:func:`mtlearn.present.frontend.bundle`) and the QR code are made
here.

Limits, each refused with a message that says which, and nothing changed:

* a message is at most :data:`MAX_MESSAGE` characters, and is read by the JSON rules of
  :class:`~mtlearn.hosts.session_host.SessionHost` (depth, numbers, constants);
* a connection sends at most :data:`RATE` messages a second (bursts of :data:`BURST`);
  one that goes on after :data:`MAX_REFUSED` refusals in a row is closed;
* an address holds at most ``per_address`` connections at once (a phone needs one).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import socket
import sys
import time
from pathlib import Path
from typing import Any

import segno
from aiohttp import WSMsgType, web

from ...core.errors import MtlearnError
from ...core.words import one_line
from ...present.frontend import bundle, static_text, stylesheet
from ..session_host import SessionHost
from .room import TICK, Classroom, Conn, refused

__all__ = ["BURST", "MAX_MESSAGE", "MAX_REFUSED", "RATE", "ClassServer", "lan_address",
           "run"]

MAX_MESSAGE = 8_000
RATE, BURST = 10.0, 20.0
MAX_REFUSED = 50
MAX_CONNECTIONS = 400
_PAGES = {"/": "student.html", "/teacher": "teacher.html", "/projector": "projector.html"}


def lan_address() -> str:
    """This machine's address on the room's network (no packet is sent: a UDP socket is
    only pointed at a private address to learn which interface would be used)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.254.254.254", 1))
        return str(s.getsockname()[0])
    return "127.0.0.1"


class _Bucket:
    """Messages a connection may still send now (a token bucket)."""

    def __init__(self) -> None:
        self.tokens, self.at, self.refused = BURST, time.monotonic(), 0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class ClassServer:
    """The web application of one class."""

    def __init__(self, room: Classroom, *, book: Path | None = None,
                 per_address: int = 8) -> None:
        self.room = room
        self.book = book
        self.per_address = per_address
        self.conns: dict[web.WebSocketResponse, Conn] = {}
        self.by_address: dict[str, int] = {}
        self._parser = SessionHost()
        self.app = web.Application(client_max_size=64 * 1024)
        self.app.add_routes([web.get(p, self.page) for p in _PAGES])
        self.app.add_routes([web.get("/ws", self.socket), web.get("/class/app.js", self.js),
                             web.get("/class/app.css", self.css), web.get("/qr.svg", self.qr),
                             web.get("/results.csv", self.results),
                             web.get("/favicon.ico", self.no_icon)])
        if book is not None:
            self.app.router.add_get("/book", self.book_index)
            self.app.router.add_static("/book/", book)
        self.app.on_startup.append(self._start_ticker)
        self.app.on_cleanup.append(self._stop_ticker)

    # ------------------------------------------------------------------ http
    async def page(self, request: web.Request) -> web.Response:
        """A page of the class (student, teacher or projector)."""
        html = static_text(f"class/{_PAGES[request.path]}")
        if self.book is not None:
            html = html.replace("<!--book-->", '<a href="/book/index.html">The book</a>')
        return web.Response(text=html, content_type="text/html",
                            headers={"Cache-Control": "no-store",
                                     "Referrer-Policy": "no-referrer"})

    async def js(self, request: web.Request) -> web.Response:
        """The front end: the board's modules and the class pages', one ES module."""
        return web.Response(text=bundle("class-main.js"), content_type="text/javascript")

    async def css(self, request: web.Request) -> web.Response:
        """The board's style sheets and the class pages'."""
        return web.Response(text=stylesheet("css") + "\n" + static_text("class/class.css"),
                            content_type="text/css")

    async def qr(self, request: web.Request) -> web.Response:
        """The join address as a QR code (SVG)."""
        out = io.BytesIO()
        segno.make(self.room.address or "http://127.0.0.1/").save(
            out, kind="svg", scale=6, border=2, xmldecl=False, title="Join the class")
        return web.Response(body=out.getvalue(), content_type="image/svg+xml")

    async def results(self, request: web.Request) -> web.Response:
        """The puzzle round's results as CSV (the teacher's token in X-Teacher-Token)."""
        token = request.headers.get("X-Teacher-Token", "")
        if token != self.room.teacher_token:
            return web.Response(status=403, text="the teacher's token is missing or wrong\n")
        if self.room.puzzles is None:
            return web.Response(status=404, text="no puzzle round is on\n")
        return web.Response(text=self.room.puzzles.csv(self.room.names()), content_type="text/csv",
                            headers={"Content-Disposition":
                                     'attachment; filename="puzzle-results.csv"'})

    async def no_icon(self, request: web.Request) -> web.Response:
        """No icon (an empty answer rather than a 404 in the browser's console)."""
        return web.Response(status=204)

    async def book_index(self, request: web.Request) -> web.Response:
        """``/book`` goes to the book's first page."""
        raise web.HTTPFound("/book/index.html")

    # ------------------------------------------------------------------ the socket
    async def socket(self, request: web.Request) -> web.StreamResponse:
        """One device's WebSocket: messages in, the room's answers out."""
        addr = request.remote or "?"
        # up to 1 MB is read and refused with a message (past MAX_MESSAGE); beyond, the
        # socket is closed with code 1009, "message too big"
        ws = web.WebSocketResponse(max_msg_size=1024 * 1024, heartbeat=20)
        await ws.prepare(request)
        if self.by_address.get(addr, 0) >= self.per_address or \
                len(self.conns) >= MAX_CONNECTIONS:
            await ws.send_str(refused(
                f"too many connections from {addr}: at most {self.per_address} at once "
                "(close a page, or wait a moment)"))
            await ws.close(code=1008, message=b"too many connections from this address")
            return ws
        conn = Conn()
        self.conns[ws] = conn
        self.by_address[addr] = self.by_address.get(addr, 0) + 1
        bucket = _Bucket()
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    if msg.type == WSMsgType.BINARY:
                        await ws.send_str(refused("messages are JSON text, not binary data"))
                    continue
                if not bucket.take():
                    bucket.refused += 1
                    await ws.send_str(refused(
                        f"too many messages: at most {RATE:g} a second from one device; "
                        "this one was dropped"))
                    if bucket.refused >= MAX_REFUSED:
                        await ws.close(code=1008, message=b"too many messages")
                        break
                    continue
                bucket.refused = 0
                await self._answer(ws, conn, msg.data)
        finally:
            self.conns.pop(ws, None)
            self.by_address[addr] -= 1
            if not self.by_address[addr]:
                del self.by_address[addr]
            with contextlib.suppress(Exception):  # the teacher's page: who is gone
                await self._send(None, self.room.gone(conn))
        return ws

    async def _answer(self, ws: web.WebSocketResponse, conn: Conn, text: str) -> None:
        if len(text) > MAX_MESSAGE:
            await ws.send_str(refused(f"the message is {len(text):,} characters long; the "
                                      f"limit is {MAX_MESSAGE:,}"))
            return
        try:
            msg = self._parser._parse(text)
        except MtlearnError as e:
            await ws.send_str(refused(one_line(str(e), 300)))
            return
        try:
            outs = self.room.handle(conn, msg)
        except Exception as e:  # a backstop: say so, keep serving
            print(f"mtlearn class: internal error on {msg.get('op')!r}: {e!r}", file=sys.stderr)
            outs = [("reply", refused(f"internal error: {type(e).__name__}; nothing was "
                                      "changed"))]
        await self._send(ws, outs)

    async def _send(self, ws: web.WebSocketResponse | None,
                    outs: list[tuple[str, str]]) -> None:
        sends = []
        for target, text in outs:
            if target == "reply":
                if ws is not None:
                    sends.append(ws.send_str(text))
                continue
            for other, c in list(self.conns.items()):
                if (target == "watchers" and c.role in ("teacher", "projector")) or \
                        (target == "teachers" and c.role == "teacher") or \
                        (c.student is not None and target == f"student:{c.student}"):
                    sends.append(other.send_str(text))
        for result in await asyncio.gather(*sends, return_exceptions=True):
            if isinstance(result, Exception) and not isinstance(
                    result, (ConnectionError, RuntimeError)):
                print(f"mtlearn class: could not send: {result!r}", file=sys.stderr)

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            outs = self.room.tick()
            if outs:
                await self._send(None, outs)

    async def _start_ticker(self, app: web.Application) -> None:
        self._task = asyncio.get_running_loop().create_task(self._ticker())

    async def _stop_ticker(self, app: web.Application) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


def terminal_qr(text: str) -> str:
    """``text`` as a QR code drawn with characters, for the terminal."""
    out = io.StringIO()
    segno.make(text).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def run(room: Classroom, *, host: str, port: int, book: Path | None,
        per_address: int, quiet_qr: bool = False) -> None:
    """Serve the class until Ctrl-C (or SIGTERM), printing how to join."""
    server = ClassServer(room, book=book, per_address=per_address)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)  # connections wait in the queue until the app serves them
    except OSError as e:
        raise MtlearnError(f"cannot listen on {host}:{port}: {e.strerror}") from None
    port = sock.getsockname()[1]
    shown = lan_address() if host == "0.0.0.0" else host
    room.address = f"http://{shown}:{port}/"
    lines = [f"Class address: {room.address}", f"Class code:    {room.code}",
             f"Teacher page:  {room.address}teacher#t={room.teacher_token}",
             f"Projector:     {room.address}projector",
             f"Teacher token: {room.teacher_token}",
             f"Class folder:  {room.folder}"]
    if book is not None:
        lines.append(f"The book:      {room.address}book/index.html")
    if host == "127.0.0.1":
        lines.append("(this machine only: add --lan to serve the room's network)")
    print("\n".join(lines), flush=True)
    if not quiet_qr:
        print(terminal_qr(room.address), flush=True)
    print("Stop with Ctrl-C; `mtlearn class --resume` carries on where it stopped.",
          flush=True)
    web.run_app(server.app, sock=sock, print=None, handle_signals=True)


def book_folder(given: str | None) -> Path | None:
    """The built book to serve: ``given``, else ``docs/_build/html`` here, if built."""
    path = Path(given) if given else Path("docs/_build/html")
    return path.resolve() if (path / "index.html").is_file() else None


def dumps(payload: Any) -> str:
    """Compact JSON (for the benchmark and tests that build messages)."""
    return json.dumps(payload, separators=(",", ":"))
