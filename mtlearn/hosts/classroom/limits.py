"""What one device (one network address) may do to the class server, so that no single
device can spoil the room. Every limit is counted per address (a phone, a laptop, or a
whole school behind one router, which is what ``--per-address`` is for), refused in plain
words, and changes nothing.

With ``per_address`` = *N* (``--per-address``, default :data:`PER_ADDRESS`):

* **students**: one address adds at most *N* students in all, and at most
  :func:`joins_per_minute` (*N*/2, at least :data:`MIN_JOINS_PER_MINUTE`) new students in
  any minute; the whole class takes at most :data:`CLASS_JOINS_PER_MINUTE` new students a
  minute. One device therefore holds at most *N* names, and so at most *N* seats (one per
  name; the room gives one name one seat);
* **class code**: :data:`CODE_GUESSES` wrong codes (or *N*, if more) from one *device*
  (the browser's device cookie, :mod:`.doors`) within :data:`CODE_LOCKOUT` seconds lock
  that device out of typing a code for :data:`CODE_LOCKOUT` seconds; every wrong code is
  also counted against its address, which is locked out only past
  :data:`ADDRESS_CODE_GUESSES` (or 20·*N*, if more): a device with no cookie is counted
  by its address alone, with that much higher ceiling. A device that comes back with a
  valid seat token is never locked out;
* **connections**: *N* WebSockets at once (counted in :mod:`.server`), and at most
  :func:`tcp_per_address` (4·*N* + 8) TCP connections at once, upgraded or not; the whole
  server holds at most :data:`MAX_TCP`, or fewer if the system lets a process open fewer
  files (:func:`tcp_budget`, which first raises the process's own limit as far as the
  system allows); further ones are closed at once. A connection that
  sends no complete request within :data:`IDLE_TIMEOUT` seconds (idle keep-alive, or
  request headers sent slowly) is closed;
* **HTTP requests**: :data:`HTTP_RATE` a second per allowed device (a burst of
  :data:`HTTP_BURST` per device), answered ``429`` past that; a request that carries the
  teacher's token is never limited, and one that carries a valid seat token is counted
  on its own (:data:`HTTP_RATE`, :data:`HTTP_BURST`), not against its address.

The clock is a parameter (``now``) so that the limits are tested without waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import deque
from collections.abc import Callable
from typing import Any

__all__ = [
    "ADDRESS_CODE_GUESSES",
    "CLASS_JOINS_PER_MINUTE",
    "CODE_GUESSES",
    "CODE_LOCKOUT",
    "CROWD_EVERY",
    "HTTP_BURST",
    "HTTP_RATE",
    "IDLE_TIMEOUT",
    "MAX_TCP",
    "MIN_JOINS_PER_MINUTE",
    "PER_ADDRESS",
    "AddressLimits",
    "TokenBucket",
    "joins_per_minute",
    "tcp_budget",
    "tcp_per_address",
]

#: Devices one address may stand for, by default (``--per-address``).
PER_ADDRESS = 8
#: New students one address may add in a minute, at least (else per_address / 2).
MIN_JOINS_PER_MINUTE = 4
#: New students the whole class may take in a minute.
CLASS_JOINS_PER_MINUTE = 60
#: Wrong class codes one device may send (within CODE_LOCKOUT seconds) before a lockout.
CODE_GUESSES = 10
#: Wrong class codes one address may send in all (every device behind it, within
#: CODE_LOCKOUT seconds) before the address is locked out: a school's whole class may sit
#: behind one address, so this ceiling is far above one device's.
ADDRESS_CODE_GUESSES = 200
#: Seconds of a lockout, and the window wrong codes are counted in.
CODE_LOCKOUT = 60.0
#: Seconds between two words to the teacher about one address that added its most students.
CROWD_EVERY = 10.0
#: TCP connections the whole server holds at once.
MAX_TCP = 900
#: Seconds a connection may stay without a complete request (idle or slow headers).
IDLE_TIMEOUT = 5.0
#: HTTP requests a second, and the burst, per device an address may stand for.
HTTP_RATE, HTTP_BURST = 2.0, 12.0
_MINUTE = 60.0


def joins_per_minute(per_address: int) -> int:
    """New students one address may add in a minute."""
    return max(MIN_JOINS_PER_MINUTE, math.ceil(per_address / 2))


def tcp_budget(wanted: int = MAX_TCP, spare: int = 100) -> int:
    """TCP connections the server may hold at once: ``wanted``, or fewer if the process
    may not open that many files (keeping ``spare`` for the class folder, the pages and
    the loop). The process's soft limit is raised toward the hard one first (a Mac's
    default soft limit is 256)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to read
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = wanted + spare
    if soft != resource.RLIM_INFINITY and soft < want:
        new = want if hard == resource.RLIM_INFINITY else min(want, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(16, min(wanted, soft - spare))


def tcp_per_address(per_address: int) -> int:
    """TCP connections one address may hold at once (a browser opens several per page)."""
    return 4 * per_address + 8


class TokenBucket:
    """Requests one sender may still make now (``rate`` a second, bursts of ``burst``)."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, now

    def take(self, now: float) -> bool:
        """Spend one token if there is one (True), else refuse (False)."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _recent(times: deque[float], now: float, window: float) -> int:
    while times and times[0] <= now - window:
        times.popleft()
    return len(times)


class AddressLimits:
    """The counts of every address: students added, wrong codes, HTTP requests, TCP
    connections. Each ``check_…`` answers None (allowed) or the refusal's plain words."""

    def __init__(self, per_address: int = PER_ADDRESS,
                 clock: Callable[[], float] = time.monotonic, max_tcp: int = MAX_TCP) -> None:
        self.per_address = per_address
        self.max_tcp = max_tcp
        self.clock = clock
        self.students: dict[str, int] = {}
        self.joins: dict[str, deque[float]] = {}
        self.class_joins: deque[float] = deque()
        self.wrong: dict[str, deque[float]] = {}
        self.locked: dict[str, float] = {}
        self.http: dict[str, TokenBucket] = {}
        self.tcp: dict[str, int] = {}
        self.tcp_total = 0
        self.crowd_said: dict[str, float] = {}

    # ------------------------------------------------------------------ students
    def check_join(self, addr: str) -> str | None:
        """May ``addr`` add a new student now?"""
        now = self.clock()
        if self.students.get(addr, 0) >= self.per_address:
            return (f"this network address has added {self.per_address} students already, "
                    "the most one address may add; if many devices share it, the teacher "
                    "can start the class with a larger --per-address")
        per_minute = joins_per_minute(self.per_address)
        if _recent(self.joins.setdefault(addr, deque()), now, _MINUTE) >= per_minute:
            return (f"too many new students from this address: at most {per_minute} a "
                    "minute; wait a minute, then join again")
        if _recent(self.class_joins, now, _MINUTE) >= CLASS_JOINS_PER_MINUTE:
            return (f"too many new students at once: the class takes at most "
                    f"{CLASS_JOINS_PER_MINUTE} a minute; wait a minute, then join again")
        return None

    def crowd(self, addr: str, most: int) -> dict[str, Any] | None:
        """What the teacher is told when ``addr`` added as many students as it may (its
        students, the limit, and the limit to raise it to: twice, up to ``most``); None
        if it was told so less than :data:`CROWD_EVERY` seconds ago."""
        now = self.clock()
        if now - self.crowd_said.get(addr, -math.inf) < CROWD_EVERY:
            return None
        self.crowd_said[addr] = now
        return {"address": addr, "students": self.students.get(addr, 0),
                "per_address": self.per_address, "raise_to": min(most, 2 * self.per_address)}

    def joined(self, addr: str) -> None:
        """``addr`` added a student."""
        now = self.clock()
        self.students[addr] = self.students.get(addr, 0) + 1
        self.joins.setdefault(addr, deque()).append(now)
        self.class_joins.append(now)

    # ------------------------------------------------------------------ class code
    def guesses(self) -> int:
        """Wrong codes one device may send before it is locked out."""
        return max(CODE_GUESSES, self.per_address)

    def address_guesses(self) -> int:
        """Wrong codes one address may send in all before it is locked out."""
        return max(ADDRESS_CODE_GUESSES, 20 * self.per_address)

    @staticmethod
    def _keys(addr: str, device: str | None) -> list[tuple[str, str]]:
        """The counts a code from ``addr`` (and ``device``, if known) goes to: (key,
        whose)."""
        keys = [("a:" + addr, "address")]
        return [*keys, ("d:" + device, "device")] if device else keys

    def check_code(self, addr: str, device: str | None = None) -> str | None:
        """May this device (``device``: its cookie's id; None: known by ``addr`` alone)
        try a class code now (neither it nor its address locked out)?"""
        now = self.clock()
        for key, whose in self._keys(addr, device):
            until = self.locked.get(key)
            if until is None:
                continue
            left = until - now
            if left <= 0:
                del self.locked[key]
                self.wrong.pop(key, None)
                continue
            return (f"too many wrong class codes from this {whose}: wait {math.ceil(left)} "
                    "seconds, then type the code your teacher shows")
        return None

    def wrong_code(self, addr: str, device: str | None = None) -> None:
        """A wrong class code: counted for the device (if known) and its address; the
        lockout starts at the last one allowed."""
        now = self.clock()
        for key, whose in self._keys(addr, device):
            times = self.wrong.setdefault(key, deque())
            times.append(now)
            most = self.guesses() if whose == "device" else self.address_guesses()
            if _recent(times, now, CODE_LOCKOUT) >= most:
                self.locked[key] = now + CODE_LOCKOUT
        if len(self.wrong) > 10_000:  # forget the quiet ones
            self.wrong = {k: t for k, t in self.wrong.items()
                          if _recent(t, now, CODE_LOCKOUT) or k in self.locked}

    # ------------------------------------------------------------------ HTTP, TCP
    def check_http(self, addr: str, seat: str | None = None) -> bool:
        """May ``addr`` make an HTTP request now? (``seat``: a student's id whose valid
        seat token the request carries; counted on its own, as one device.)"""
        now = self.clock()
        key, devices = (addr, self.per_address) if seat is None else ("seat:" + seat, 1)
        bucket = self.http.get(key)
        if bucket is None:
            if len(self.http) > 10_000:  # forget the quiet ones (their buckets are full)
                self.http = {a: b for a, b in self.http.items()
                             if b.tokens + (now - b.at) * b.rate < b.burst}
            bucket = self.http[key] = TokenBucket(HTTP_RATE * devices, HTTP_BURST * devices,
                                                  now)
        return bucket.take(now)

    def raise_per_address(self, per_address: int) -> None:
        """The teacher set a new ``per_address`` (the address buckets start again full)."""
        self.per_address = per_address
        self.http.clear()
        self.crowd_said.clear()

    def open_tcp(self, addr: str) -> bool:
        """Count a new TCP connection from ``addr``, if it may have one (True)."""
        if self.tcp.get(addr, 0) >= tcp_per_address(self.per_address) or \
                self.tcp_total >= self.max_tcp:
            return False
        self.tcp[addr] = self.tcp.get(addr, 0) + 1
        self.tcp_total += 1
        return True

    def close_tcp(self, addr: str) -> None:
        """A counted TCP connection from ``addr`` closed."""
        self.tcp_total -= 1
        self.tcp[addr] -= 1
        if not self.tcp[addr]:
            del self.tcp[addr]


class CountedProtocol(asyncio.Protocol):
    """A TCP connection counted against its address, around aiohttp's own protocol: one
    over the limit is closed before aiohttp sees it."""

    def __init__(self, limits: AddressLimits, inner: Any) -> None:
        self.limits, self.inner = limits, inner
        self.addr: str | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        addr = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self.limits.open_tcp(addr):
            transport.abort()  # type: ignore[attr-defined]
            return
        self.addr = addr
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.addr is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.addr is not None else None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.addr is not None:
            self.limits.close_tcp(self.addr)
            self.addr = None
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.addr is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.addr is not None:
            self.inner.resume_writing()
