"""A class server for tests and the load benchmark: `mtlearn class` started as a real
process on 127.0.0.1 (a free port), its address, code and teacher token read from what it
prints, stopped by whoever started it; and a small WebSocket client that keeps every
message it received (for the scans of hidden tiles).

Each start forks a warm interpreter that imported the server once (:mod:`warm_cli`):
a real process all the same (its own pid, signals and exit status), started in tens of
milliseconds instead of a fresh interpreter's second of imports."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shlex
import signal
import subprocess
import time
import traceback
import weakref
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import aiohttp
import warm_cli

REPO = Path(__file__).resolve().parents[1]


@dataclass
class ClassProcess:
    """A running `mtlearn class` (stop it with :meth:`stop`)."""

    proc: subprocess.Popen[str] | warm_cli.Started
    folder: Path
    address: str = ""
    code: str = ""
    token: str = ""
    projector: str = ""
    lines: list[str] = field(default_factory=list)
    #: Where it was started (a test's file and line), for :func:`stop_left`.
    started_at: str = ""

    def __post_init__(self) -> None:
        self.started_at = self.started_at or _opened_where()
        _STARTED.append(self)

    @property
    def ws_url(self) -> str:
        return self.address.replace("http://", "ws://") + "ws"

    def stop(self, kill: bool = False) -> None:
        """Stop the server (SIGTERM, as Ctrl-C; SIGKILL with ``kill``) and wait for its end;
        the rest of what it printed is kept in :attr:`lines`, and its output (a pipe) is
        closed. Stopping it again changes nothing."""
        ended = False
        try:
            if self.proc.poll() is None:
                self.proc.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
                try:
                    self.proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait(timeout=10)
            ended = True
        finally:
            self._close_output(read=ended)

    def printed(self) -> str:
        """Everything the server printed, its output read to the end and closed: the
        server must have stopped, or be stopping (the read waits for its end)."""
        self._close_output(read=True)
        return "".join(self.lines)

    def _close_output(self, read: bool) -> None:
        try:
            out = self.proc.stdout
            if read and out is not None and not out.closed:
                self.lines.extend(out.read().splitlines(keepends=True))
        finally:
            for f in (self.proc.stdout, self.proc.stderr):
                if f is not None:
                    f.close()
            with contextlib.suppress(ValueError):
                _STARTED.remove(self)


def start_class(folder: Path, *args: str, timeout: float = 30.0) -> ClassProcess:
    """Start `mtlearn class --port 0 --folder FOLDER ARGS…` and wait for its address."""
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONUNBUFFERED="1")
    qr = "--qr" in args  # draw the QR code in the terminal (not by default: it is long)
    args = tuple(a for a in args if a != "--qr")
    if "--pace" not in args:  # computer players at the quickest pace the server allows (the
        args = (*args, "--pace", "0.2")  # class default is a person's, 1 s a move)
    proc = warm_cli.start(["class", "--port", "0", "--folder", str(folder),
                           *(() if qr else ("--no-qr",)), *args], folder.parent, env, merge=True)
    return wait_until_serving(ClassProcess(proc, folder), timeout)


def carry_on_line(cp: ClassProcess) -> str:
    """The command a stopped server printed as its last line ("Class stopped; carry on
    with: …"), its output read to the end (the server must have stopped, or be stopping)."""
    said = cp.printed().rstrip()
    last = said.splitlines()[-1] if said else ""
    assert last.startswith("Class stopped; carry on with: "), said[-2000:]
    return last.removeprefix("Class stopped; carry on with: ")


def start_line(line: str, cwd: Path, timeout: float = 30.0) -> ClassProcess:
    """Run ``line`` exactly as a class server printed it (``mtlearn class --resume
    --folder …``), nothing added, in ``cwd``; read until it serves."""
    words = shlex.split(line)
    assert words[:2] == ["mtlearn", "class"] and "--folder" in words, line
    folder = Path(words[words.index("--folder") + 1])
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONUNBUFFERED="1")
    proc = warm_cli.start(words[1:], cwd, env, merge=True)
    return wait_until_serving(ClassProcess(proc, folder), timeout)


def wait_until_serving(cp: ClassProcess, timeout: float = 30.0) -> ClassProcess:
    """Read the server's output until it serves ("Stop with Ctrl-C"), keeping its address,
    code, projector and teacher token; stop it and fail if it ends or takes longer."""
    proc = cp.proc
    deadline = time.monotonic() + timeout
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            cp.stop(kill=True)
            raise AssertionError("mtlearn class stopped: " + "".join(cp.lines))
        cp.lines.append(line)
        if m := re.match(r"Class address: (\S+)", line):
            cp.address = m[1]
        elif m := re.match(r"Class code:\s+(\S+)", line):
            cp.code = m[1]
        elif m := re.match(r"Projector:\s+(\S+)", line):
            cp.projector = m[1]
        elif m := re.match(r"Teacher token: (\S+)", line):
            cp.token = m[1]
        elif line.startswith("Stop with Ctrl-C"):
            return cp
    cp.stop(kill=True)
    raise AssertionError("mtlearn class did not start in time: " + "".join(cp.lines))


#: The servers started and not stopped yet (their output open), oldest first.
_STARTED: list[ClassProcess] = []


def started() -> list[ClassProcess]:
    """The servers started whose output is still open, oldest first."""
    return list(_STARTED)


def stop_left(before: list[ClassProcess]) -> list[str]:
    """Stop (SIGKILL) every server started since ``before`` (what :func:`started` said then)
    and left running or with its output open, closing its output; where each was started.
    A test that left one fails with these (``tests/conftest.py``): a pipe left open is a
    ResourceWarning in whatever test the garbage collector closes it, and a server left
    running outlives its test."""
    left = [cp for cp in list(_STARTED) if not any(cp is b for b in before)]
    for cp in left:
        with contextlib.suppress(Exception):
            cp.stop(kill=True)
    return [cp.started_at for cp in left]


T = TypeVar("T")


def _opened_where() -> str:
    """Where a client is opened: the innermost line of a test's file on the stack (else the
    helper of this file that opened it, run by itself: ``run(join(…))``)."""
    stack = traceback.extract_stack()
    for frame in reversed(stack):
        path = Path(frame.filename)
        if path.parent == Path(__file__).parent and path.name != "classkit.py":
            return f"{path.name}:{frame.lineno}"
    mine = [f.name for f in stack if Path(f.filename).name == "classkit.py"]
    return f"classkit.{mine[0]}" if mine else "?"


class Client:
    """One device: a WebSocket to the class server and everything it was sent. Opened
    and closed on one event loop (:func:`closing_clients` closes what a test left open)."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, session: aiohttp.ClientSession):
        self.ws, self.session = ws, session
        conn = getattr(ws, "_conn", None)  # aiohttp's connection (no public name for it)
        self._protocol = getattr(conn, "protocol", None)
        self.got: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self._new = asyncio.Event()
        self.loop = asyncio.get_running_loop()
        self._task = self.loop.create_task(self._read())
        self.token = ""
        self.opened_at = _opened_where()
        _OPEN.add(self)

    @classmethod
    async def open(cls, url: str) -> Client:
        session = aiohttp.ClientSession()
        ws = await session.ws_connect(url, max_msg_size=0, timeout=aiohttp.ClientWSTimeout(ws_close=5))
        return cls(ws, session)

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.texts.append(msg.data)
                self.got.append(json.loads(msg.data))
                self._new.set()

    async def send(self, obj: Any) -> None:
        await self.ws.send_str(obj if isinstance(obj, str) else json.dumps(obj))

    async def expect(self, kind: str, after: int = 0, timeout: float = 10.0,
                     where: Any = None) -> dict[str, Any]:
        """The first message of type ``kind`` received after message number ``after``
        (``"refused"``: the protocol's one refusal, ``{"ok": false, "error"}``)."""
        deadline = time.monotonic() + timeout
        while True:
            for m in self.got[after:]:
                if (m.get("ok") is False if kind == "refused" else m.get("type") == kind) \
                        and (where is None or where(m)):
                    return m
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {kind!r} message in {timeout}s; got "
                                     f"{[m.get('type') for m in self.got[after:]]}: "
                                     f"{self.got[after:][-3:]}")
            self._new.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._new.wait(), left)

    async def ask(self, obj: Any, kind: str, timeout: float = 10.0, where: Any = None) -> dict[str, Any]:
        n = len(self.got)
        await self.send(obj)
        return await self.expect(kind, n, timeout, where)

    async def close(self) -> None:
        if asyncio.get_running_loop() is not self.loop:
            raise AssertionError(f"the client opened at {self.opened_at} is closed on "
                                 "another event loop than its own: open and close it in one "
                                 "run() (each has a loop of its own)")
        await self.ws.close()
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._task
        await self.session.close()
        # the connection is closed for good once its transport is: at once for TCP, after
        # the closing handshake for TLS. Waited for here, on this loop: a socket whose
        # handshake the loop's end cut short is left open (a ResourceWarning later)
        closed = getattr(self._protocol, "closed", None)
        if isinstance(closed, asyncio.Future):
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(closed), 5)


#: Every client still alive, to close what a test leaves open (:func:`closing_clients`).
_OPEN: weakref.WeakSet[Client] = weakref.WeakSet()


async def closing_clients(coro: Awaitable[T]) -> T:
    """``coro``'s result, every client opened on this event loop closed before the loop
    ends: an aiohttp session or connection left open outlives its loop, and the garbage
    collector later closes it on the closed loop, in whatever test runs then ("Unclosed
    client session", "Event loop is closed"). A test that left one open fails here, naming
    where it was opened (when the test fails anyway, its own error is reported)."""
    async def close_left() -> list[str]:
        loop = asyncio.get_running_loop()
        left = [c for c in list(_OPEN) if c.loop is loop and not c.session.closed]
        for c in left:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(c.close(), 15)
        return sorted(c.opened_at for c in left)

    try:
        out = await coro
    except BaseException:
        await close_left()
        raise
    left = await close_left()
    assert not left, f"clients left open (close each in the run that opened it): {left}"
    return out


async def teacher_of(cp: ClassProcess) -> Client:
    """A socket signed in as the class's teacher (with the token the server printed)."""
    teacher = await Client.open(cp.ws_url)
    await teacher.ask({"op": "teacher", "token": cp.token}, "teacher")
    return teacher


async def join(url: str, code: str, name: str) -> Client:
    """A student who joined the class."""
    c = await Client.open(url)
    joined = await c.ask({"op": "join", "code": code, "name": name}, "joined")
    c.token = joined["token"]
    return c


def wait_js(page: Any, expression: str, arg: Any = None, timeout: float = 30_000) -> Any:
    """Wait until ``expression`` (JavaScript: an expression, or a function of ``arg``) is
    truthy in ``page``; its value. Like Playwright's ``wait_for_function`` (``timeout`` in
    ms), but each try is a plain ``page.evaluate``, which a Content-Security-Policy without
    'unsafe-eval' (the class pages') allows: ``wait_for_function`` polls with eval()."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not true after {timeout / 1000:g} s: {expression}")
        page.wait_for_timeout(100)
