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
* an address holds at most ``per_address`` WebSockets at once (a phone needs one); past
  that, a socket whose first message (within :data:`FIRST_MESSAGE_WAIT` s) carries a
  valid seat or teacher token is let in all the same (a student always gets back in);
* what one address may do besides (students, class-code guesses, TCP connections and
  their idle time, HTTP requests) is counted in :mod:`.limits`, which lists every limit;
  the teacher's page is told (``crowd``) when an address added its most students, and
  may raise ``per_address`` (the teacher's ``per_address`` message);
* a request whose ``Host`` is not one of the server's own names is refused (421), and
  ``/ws`` refuses (403) a browser whose ``Origin`` is not this server's own address as
  the browser asked for it (:mod:`.doors`); a client with no ``Origin`` is let in.

Every answer carries ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer``
and ``X-Frame-Options`` (``DENY``; ``SAMEORIGIN`` under ``/book/``, whose pages may frame
one another). The class pages also carry a Content-Security-Policy (:func:`.doors.page_policy`:
this server only, the pages' own inline module by its hash); the book under ``/book/`` is
exempt (it runs WebAssembly and workers), a choice made per route in :data:`NO_CSP`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import io
import json
import shlex
import signal
import socket
import ssl
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import segno
from aiohttp import WSCloseCode, WSMsgType, web

from ...core.errors import MtlearnError
from ...core.words import one_line
from ...present.frontend import bundle, static_text, stylesheet
from ..book_files import BookFiles, Found, Redirect
from ..lan import lan_address
from ..session_host import SessionHost
from . import doors
from .commits import Commits
from .doors import page_policy
from .limits import IDLE_TIMEOUT, AddressLimits, CountedProtocol, tcp_budget
from .results import results_csv, results_html
from .reviews import is_review
from .room import TICK, Classroom, Conn, refused
from .store import archives

__all__ = ["BURST", "FIRST_MESSAGE_WAIT", "MAX_MESSAGE", "MAX_PER_ADDRESS",
           "MAX_REFUSED", "NO_CSP", "RATE", "ClassServer", "lan_address", "page_policy", "run"]

MAX_MESSAGE = 8_000
RATE, BURST = 10.0, 20.0
MAX_REFUSED = 50
MAX_CONNECTIONS = 400
#: Seconds a socket past its address's limit has to show a seat or teacher token.
FIRST_MESSAGE_WAIT = 2.0
#: The most ``per_address`` may be (``--per-address``, or the teacher's page).
MAX_PER_ADDRESS = 1000
_PAGES = {"/": "student.html", "/teacher": "teacher.html", "/projector": "projector.html"}
#: Path prefixes served without the class pages' Content-Security-Policy (the built book
#: needs WebAssembly and workers); nosniff and the rest still apply.
NO_CSP = ("/book/", "/book")
#: Seconds the server waits for connections to finish when it stops.
SHUTDOWN_TIMEOUT = 0.5


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

    def __init__(self, room: Classroom, *, book: BookFiles | None = None,
                 per_address: int = 8, names: Iterable[str] | None = None) -> None:
        self.room = room
        self.book = book
        self.limits = AddressLimits(per_address)
        #: The names this server answers to (:func:`.doors.own_names`).
        self.names = frozenset(names) if names is not None else doors.own_names(
            "127.0.0.1", doors.host_name(urlsplit(room.address or "").netloc))
        self.devices = doors.Devices()
        self.commits = Commits(room)  # a move's files written off the event loop
        self.conns: dict[web.WebSocketResponse, Conn] = {}
        self.by_address: dict[str, int] = {}
        self._parser = SessionHost()
        self._qr: tuple[str, bytes] | None = None
        self.app = web.Application(client_max_size=64 * 1024,
                                   middlewares=[self._door])
        self.app.on_response_prepare.append(self._headers)
        self.app.on_shutdown.append(self._close_sockets)
        self.app.add_routes([web.get(p, self.page) for p in _PAGES])
        self.app.add_routes([web.get("/ws", self.socket), web.get("/class/app.js", self.js),
                             web.get("/class/app.css", self.css), web.get("/qr.svg", self.qr),
                             web.get("/results.csv", self.results),
                             web.get("/results", self.results_page),
                             web.get("/favicon.ico", self.no_icon)])
        # the rules reference: the book's page when a book is served, else the small copy
        # that ships in the wheel (rule links on every page open the rule's text)
        self.app.router.add_get("/rules.html", self.rules)
        if book is not None:
            self.app.router.add_get("/book", self.book_index)
            self.app.router.add_get("/book/{tail:.*}", self.book_file)
        self.app.on_startup.append(self._start_ticker)
        self.app.on_cleanup.append(self._stop_ticker)

    @property
    def per_address(self) -> int:
        """Devices one address may stand for (``--per-address``; the teacher may raise it)."""
        return self.limits.per_address

    # ------------------------------------------------------------------ http
    def _is_teacher(self, token: Any) -> bool:
        return isinstance(token, str) and hmac.compare_digest(
            token.encode(), self.room.teacher_token.encode())

    def _is_seat(self, token: Any) -> bool:  # a held token (.seats) is a student's too
        return isinstance(token, str) and (token in self.room.tokens
                                           or self.room.seats.holds(token) is not None)

    @web.middleware
    async def _door(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """This server's own names only (421), then at most so many HTTP requests a
        second from one address (429 past that); the teacher's token is never limited,
        a valid seat token is counted on its own."""
        wrong = doors.misdirected(request.headers.get("Host"), self.names)
        if wrong is not None:
            return web.Response(status=421, text=wrong)
        teacher = request.headers.get("X-Teacher-Token") or request.cookies.get(
            doors.TEACHER_COOKIE)
        seat = self.room.tokens.get(request.cookies.get(doors.SEAT_COOKIE, ""))
        if not self._is_teacher(teacher) and not self.limits.check_http(
                request.remote or "?", seat):
            return web.Response(status=429, headers={"Retry-After": "1"}, text=(
                "Too many requests from this address: wait a second, then reload the "
                "page.\n"))
        response: web.StreamResponse = await handler(request)
        return response

    async def _headers(self, request: web.Request, response: web.StreamResponse) -> None:
        """The safety headers of every answer (see the module's docstring)."""
        book = request.path.startswith(NO_CSP)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "SAMEORIGIN" if book else "DENY"
        response.headers["Referrer-Policy"] = "no-referrer"
        if not book and "Content-Security-Policy" not in response.headers:
            response.headers["Content-Security-Policy"] = (
                "default-src 'none'; frame-ancestors 'none'")

    async def page(self, request: web.Request) -> web.Response:
        """A page of the class (student, teacher or projector)."""
        html = static_text(f"class/{_PAGES[request.path]}")
        if self.book is not None:
            html = html.replace("<!--book-->", '<a href="/book/">The book</a>')
        response = web.Response(text=html, content_type="text/html", headers={
            "Cache-Control": "no-store",
            "Content-Security-Policy": page_policy(html, request.host, request.secure)})
        self.devices.give(request.cookies, response, request.secure)
        return response

    async def js(self, request: web.Request) -> web.Response:
        """The front end: the board's modules and the class pages', one ES module."""
        return web.Response(text=bundle("class-main.js"), content_type="text/javascript")

    async def css(self, request: web.Request) -> web.Response:
        """The board's style sheets and the class pages'."""
        return web.Response(text=stylesheet("css") + "\n" + static_text("class/class.css"),
                            content_type="text/css")

    async def qr(self, request: web.Request) -> web.Response:
        """The join address as a QR code (SVG), drawn once (again only if the address
        changes)."""
        address = self.room.address or "http://127.0.0.1/"
        if self._qr is None or self._qr[0] != address:
            out = io.BytesIO()
            segno.make(address).save(out, kind="svg", scale=6, border=2, xmldecl=False,
                                     title="Join the class")
            self._qr = (address, out.getvalue())
        return web.Response(body=self._qr[1], content_type="image/svg+xml")

    async def results(self, request: web.Request) -> web.Response:
        """The class's results as CSV (the teacher's token in X-Teacher-Token): puzzle
        results (the round on, else the last one ended), then game scores
        (:mod:`.results`); ``?archive=NAME`` an archived round's CSV."""
        token = request.headers.get("X-Teacher-Token", "")
        if not hmac.compare_digest(token.encode(), self.room.teacher_token.encode()):
            return web.Response(status=403, text="the teacher's token is missing or wrong\n")
        name = request.query.get("archive")
        if name is not None:
            if not name.endswith(".csv") or name not in archives(self.room.folder / "archive"):
                return web.Response(status=404, text="no archived round named "
                                    f"{one_line(repr(name), 60)}\n")
            text = (self.room.folder / "archive" / name).read_text("utf-8", "replace")
        else:
            async with self.commits.alone():  # the class as the folder holds it
                name, text = "class-results.csv", results_csv(self.room)
        # text saved before lone surrogates were refused is written with a replacement
        # character rather than failing the whole export
        return web.Response(body=text.encode("utf-8", "replace"), content_type="text/csv",
                            charset="utf-8", headers={
                                "Content-Disposition": f'attachment; filename="{name}"',
                                "Cache-Control": "no-store"})

    async def results_page(self, request: web.Request) -> web.Response:
        """The printable results page: without X-Teacher-Token, the page (no data) whose
        script sends the token of the address's ``#t=`` part; with it, the results."""
        token = request.headers.get("X-Teacher-Token")
        headers = {"Cache-Control": "no-store"}
        if token is None:
            html = static_text("class/results.html")
            return web.Response(text=html, content_type="text/html", headers={
                **headers, "Content-Security-Policy": page_policy(html, request.host,
                                                                  request.secure)})
        if not hmac.compare_digest(token.encode(), self.room.teacher_token.encode()):
            return web.Response(status=403, text="the teacher's token is missing or wrong: "
                                "open this page from the teacher's page\n", headers=headers)
        async with self.commits.alone():  # the class as the folder holds it
            html = results_html(self.room)
        return web.Response(text=html, content_type="text/html", headers=headers)

    async def no_icon(self, request: web.Request) -> web.Response:
        """No icon (an empty answer rather than a 404 in the browser's console)."""
        return web.Response(status=204)

    async def book_index(self, request: web.Request) -> web.Response:
        """``/book`` goes to the book's first page."""
        raise web.HTTPFound("/book/")

    async def book_file(self, request: web.Request) -> web.Response:
        """A file of the book, read from its archive or folder (:mod:`..book_files`)."""
        assert self.book is not None
        found = self.book.lookup(request.match_info["tail"])
        if isinstance(found, Redirect):
            raise web.HTTPMovedPermanently("/book/" + found.to)
        if found is None:
            return web.Response(status=404, text="Not a page of the book.\n")
        return web.Response(body=found.body, headers={"Content-Type": found.type,
                                                      "Cache-Control": "no-cache"})

    async def rules(self, request: web.Request) -> web.Response:
        """The rules reference: the book's, or the wheel's own copy with no book."""
        if self.book is not None and isinstance(self.book.lookup("rules.html"), Found):
            raise web.HTTPFound("/book/rules.html")
        html = static_text("rules.html")
        return web.Response(text=html, content_type="text/html", headers={
            "Cache-Control": "no-cache",
            "Content-Security-Policy": page_policy(html, request.host, request.secure)})

    # ------------------------------------------------------------------ the socket
    async def socket(self, request: web.Request) -> web.StreamResponse:
        """One device's WebSocket: messages in, the room's answers out."""
        addr = request.remote or "?"
        origin = request.headers.get("Origin")
        if origin is not None and not doors.same_origin(origin, request.scheme,
                                                        request.host, self.names):
            return web.Response(status=403, text=(
                f"This page ({one_line(origin, 80)}) may not talk to the class server: "
                f"open the class at {request.scheme}://{request.host}/ instead.\n"))
        device = self.devices.check(request.cookies.get(doors.DEVICE_COOKIE))
        # up to 1 MB is read and refused with a message (past MAX_MESSAGE); beyond, the
        # socket is closed with code 1009, "message too big"
        ws = web.WebSocketResponse(max_msg_size=1024 * 1024, heartbeat=20)
        await ws.prepare(request)
        first: list[str] = []
        if self.by_address.get(addr, 0) >= self.per_address or \
                len(self.conns) >= MAX_CONNECTIONS:
            text = None
            if len(self.conns) < MAX_CONNECTIONS:  # past the address's: show a token
                text = await self._first_with_token(ws)
            if text is None:
                await ws.send_str(refused(
                    f"too many connections from {addr}: at most {self.per_address} at "
                    "once (close a page, or wait a moment)"))
                await ws.close(code=1008, message=b"too many connections from this address")
                return ws
            first.append(text)
        conn = Conn()
        self.conns[ws] = conn
        self.by_address[addr] = self.by_address.get(addr, 0) + 1
        bucket = _Bucket()
        try:
            for text in first:
                await self._answer(ws, conn, text, addr, device)
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
                await self._answer(ws, conn, msg.data, addr, device)
        finally:
            self.conns.pop(ws, None)
            self.by_address[addr] -= 1
            if not self.by_address[addr]:
                del self.by_address[addr]
            with contextlib.suppress(Exception):  # the teacher's page: who is gone, from
                async with self.commits.alone():  # the class as the folder holds it
                    outs = self.room.gone(conn)
                await self._send(None, outs)
        return ws

    async def _first_with_token(self, ws: web.WebSocketResponse) -> str | None:
        """The first message of a socket past its address's limit, if it comes within
        :data:`FIRST_MESSAGE_WAIT` seconds and carries a valid seat or teacher token."""
        with contextlib.suppress(asyncio.TimeoutError, MtlearnError, RuntimeError):
            msg = await ws.receive(timeout=FIRST_MESSAGE_WAIT)
            if msg.type == WSMsgType.TEXT and len(msg.data) <= MAX_MESSAGE:
                parsed = self._parser._parse(msg.data)
                token = parsed.get("token") if isinstance(parsed, dict) else None
                if self._is_seat(token) or self._is_teacher(token):
                    return str(msg.data)
        return None

    async def _answer(self, ws: web.WebSocketResponse, conn: Conn, text: str,
                      addr: str = "?", device: str | None = None) -> None:
        if len(text) > MAX_MESSAGE:
            await ws.send_str(refused(f"the message is {len(text):,} characters long; the "
                                      f"limit is {MAX_MESSAGE:,}"))
            return
        try:
            msg = self._parser._parse(text)
        except MtlearnError as e:
            await ws.send_str(refused(one_line(str(e), 300)))
            return
        op = msg.get("op")
        if is_review(msg):  # computed off the loop (.reviews): the other tables go on
            await self._send(ws, await self.room.reviews.handle(
                self.room, conn, msg, self.commits, lambda outs: self._send(None, outs)))
            return
        if op == "per_address":  # the teacher raises the limit (not the room's business)
            await self._send(ws, self._set_per_address(msg))
            return
        if op in ("join", "hello", "watch", "reclaim"):
            why = self._code_limits(addr, op, msg, device)
            if why is not None:
                await ws.send_str(refused(why))
                if self.limits.students.get(addr, 0) >= self.per_address:
                    await self._send(None, self._crowd(addr))
                return
        try:
            outs = await self.commits.handle(conn, msg)
            if op == "join" and any(to == "reply" and out.startswith('{"type":"joined"')
                                    for to, out in outs):
                self.limits.joined(addr)
                if self.limits.students[addr] >= self.per_address:
                    outs = outs + self._crowd(addr)
        except Exception as e:  # a backstop (the room takes back its own): keep serving
            print(f"mtlearn class: internal error on {msg.get('op')!r}: {e!r}", file=sys.stderr)
            outs = [("reply", refused(f"internal error: {type(e).__name__}; the server's "
                                      "window says more"))]
        await self._send(ws, outs)

    def _code_limits(self, addr: str, op: str, msg: dict[str, Any],
                     device: str | None) -> str | None:
        """A message with a class code: the device's (and address's) lockout, its wrong
        guesses (a wrong seat code is one too), and (to join) its address's students; None
        if the room may answer it. A device back with a valid seat token is never locked out."""
        code = msg.get("code")
        if op == "hello" and self._is_seat(msg.get("token")):
            return None
        locked = self.limits.check_code(addr, device)
        if locked is not None:
            return locked
        if not isinstance(code, str) or code.strip().upper() != self.room.code or (
                op == "reclaim" and not self.room.seats.valid(msg.get("seat_code"))):
            self.limits.wrong_code(addr, device)
            return None  # the room refuses it, in its own words
        return self.limits.check_join(addr) if op == "join" else None

    def _crowd(self, addr: str) -> list[tuple[str, str]]:
        """The teacher's page told that ``addr`` added as many students as it may."""
        said = self.limits.crowd(addr, MAX_PER_ADDRESS)
        return [] if said is None else [("teachers", json.dumps({"type": "crowd", **said}))]

    def _set_per_address(self, msg: dict[str, Any]) -> list[tuple[str, str]]:
        """The teacher's ``per_address`` message: a new limit for every address."""
        if not self._is_teacher(msg.get("token")):
            return [("reply", refused("per_address: only the teacher can do that (the "
                                      "teacher's token is missing or wrong)"))]
        n = msg.get("per_address")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_PER_ADDRESS:
            return [("reply", refused(f"per_address: a whole number from 1 to "
                                      f"{MAX_PER_ADDRESS}, not {one_line(repr(n), 40)}"))]
        self.limits.raise_per_address(n)
        return [("teachers", json.dumps({"type": "done", "text": (
            f"One network address may now stand for {n} devices (students and "
            "connections), until the server stops.")}))]

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
            self.commits.tick(lambda outs: self._send(None, outs))

    async def _start_ticker(self, app: web.Application) -> None:
        self._task = asyncio.get_running_loop().create_task(self._ticker())

    async def _close_sockets(self, app: web.Application) -> None:
        """On the way out: every WebSocket told the server is going (code 1001)."""
        closes = [ws.close(code=WSCloseCode.GOING_AWAY, message=b"the class server stopped")
                  for ws in list(self.conns)]
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.gather(*closes, return_exceptions=True), 1.0)

    async def _stop_ticker(self, app: web.Application) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        await self.commits.close()  # every change under way on the disk
        self.room.close()  # the reviews under way dropped, the answers log closed


def terminal_qr(text: str) -> str:
    """``text`` as a QR code drawn with characters, for the terminal."""
    out = io.StringIO()
    segno.make(text).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def run(room: Classroom, *, host: str, port: int, book: BookFiles | None,
        per_address: int, quiet_qr: bool = False, tls: ssl.SSLContext | None = None,
        carry_on: str | None = None, tls_cert: str | None = None) -> None:
    """Serve the class on ``host`` until Ctrl-C (or SIGTERM), printing how to join; on
    the way out, one line that says how to carry on: ``carry_on``, the whole command
    (:func:`.serving.command`). ``tls_cert``: the certificate's file, whose names the
    server answers to besides its addresses."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)  # connections wait in the queue until the app serves them
    except OSError as e:
        sock.close()
        raise MtlearnError(f"cannot listen on {host}:{port}: {e.strerror}") from None
    port = sock.getsockname()[1]
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    shown = f"[{shown}]" if ":" in shown else shown
    room.address = f"{'https' if tls else 'http'}://{shown}:{port}/"
    server = ClassServer(room, book=book, per_address=per_address, names=doors.own_names(
        host, shown, doors.cert_names(tls_cert) if tls and tls_cert else ()))
    lines = [f"Class address: {room.address}", f"Class code:    {room.code}",
             f"Teacher page:  {room.address}teacher#t={room.teacher_token}",
             f"Projector:     {room.address}projector?code={room.code}",
             f"Teacher token: {room.teacher_token}",
             f"Class folder:  {room.folder}"]
    if book is not None:
        lines.append(f"The book:      {room.address}book/  (from the {book.kind} {book.source})")
    if host == "127.0.0.1":
        lines.append("(this machine only: add --lan to serve the room's network)")
    print("\n".join(lines), flush=True)
    if not quiet_qr:
        print(terminal_qr(room.address), flush=True)
    server.limits.max_tcp = tcp_budget()
    try:
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C before the loop took over
            asyncio.run(_serve(server, sock, tls))
    finally:  # closed by the app's cleanup, unless that was cut short (or never ran)
        room.close()
    carry_on = carry_on or ("mtlearn class --resume --folder "
                            f"{shlex.quote(str(room.folder))}")
    print(f"Class stopped; carry on with: {carry_on}", flush=True)


async def _serve(server: ClassServer, sock: socket.socket,
                 tls: ssl.SSLContext | None) -> None:
    """Serve until SIGINT or SIGTERM, then stop within about a second: the WebSockets
    closed (code 1001), the connections given :data:`SHUTDOWN_TIMEOUT` to finish."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        # Windows has no such handlers: Ctrl-C there cancels this task, which stops the
        # same way (the finally below)
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    loop.set_exception_handler(_quiet_on_the_way_out(stop))
    runner = web.AppRunner(server.app, handle_signals=False, access_log=None,
                           keepalive_timeout=IDLE_TIMEOUT, shutdown_timeout=SHUTDOWN_TIMEOUT)
    await runner.setup()
    handlers = runner.server
    assert handlers is not None
    # a TLS handshake is given no longer than an idle connection (asyncio's default: 60 s)
    listening = await loop.create_server(
        lambda: CountedProtocol(server.limits, handlers()), sock=sock, ssl=tls, backlog=128,
        ssl_handshake_timeout=IDLE_TIMEOUT if tls else None)
    print("Stop with Ctrl-C; `mtlearn class --resume` carries on where it stopped.",
          flush=True)
    try:
        await stop.wait()
    finally:
        listening.close()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(runner.cleanup(), 3.0)


def _quiet_on_the_way_out(stop: asyncio.Event) -> Any:
    """The loop's handler of errors no task awaited: while the server stops, the ends of
    connections closed half-way (InvalidStateError, ConnectionError) are expected and not
    shown; any other error is one line, never a traceback."""
    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        e = context.get("exception")
        if stop.is_set() and isinstance(e, (asyncio.InvalidStateError, ConnectionError,
                                            asyncio.CancelledError)):
            return
        if isinstance(e, ConnectionError):
            return
        what = f"{type(e).__name__}: {e}" if e is not None else context.get("message", "")
        print(f"mtlearn class: {one_line(str(what), 200)}", file=sys.stderr)
    return handle


def book_folder(given: str | None) -> BookFiles | None:
    """The book to serve: ``given`` (a book's .zip or folder; BookError if it is not one),
    else ``docs/_build/html`` here, if built, else none."""
    if given:
        return BookFiles.open(given)
    path = Path("docs/_build/html")
    return BookFiles.open(path) if (path / "index.html").is_file() else None


def dumps(payload: Any) -> str:
    """Compact JSON (for the benchmark and tests that build messages)."""
    return json.dumps(payload, separators=(",", ":"))
