"""Class server load (issues 21 and 28): 40 simulated students on 10 tables of 4 play whole
rounds through `mtlearn class` on 127.0.0.1, each over its own WebSocket, thinking 0.5 s
before each move. Reported: moves handled per second, the time from a move sent to the
moment all six screens of that table have their update (its four phones, the teacher and
the projector), p50 and p95 (target p95 <= 100 ms on a quiet machine), and the server
process's memory (resident set, peak); a move's time on the server's event loop with its
files written meanwhile by the class folder's writer thread (issue 39, item 8: the loop
serves the other tables while a table's file is flushed to the disk); with ``--hog``, the same again while a second
process keeps one core busy (aim p95 <= 250 ms); and how long the server takes to stop on
SIGINT with three phones connected (target 2 s). Nothing is asserted: `./dev bench`
prints the figures.

    python benchmarks/class_load.py [--tables 10] [--think 0.5] [--hog] [--smoke]

At full speed (``--think 0``) a student keeps under the server's limit of messages from one
device (``RATE`` a second, bursts of ``BURST``), with a margin, as a phone would have to: the
server drops what comes faster. The wait is not counted in the move's time.

``--smoke``: one table at full speed, one round of server cost (figures not meaningful).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import add_smoke, announce
from classkit import Client, join, start_class, teacher_of

from mtlearn.hosts.classroom.server import BURST, RATE


class Pace:
    """One student's messages kept under the server's limit for one device (a token bucket
    like the server's, 80 % of its rate, two messages short of its burst)."""

    def __init__(self) -> None:
        self.rate, self.burst = 0.8 * RATE, BURST - 2.0
        self.tokens, self.at = self.burst, time.monotonic()

    async def wait(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            await asyncio.sleep((1 - self.tokens) / self.rate)
            self.tokens, self.at = 1.0, time.monotonic()
        self.tokens -= 1


def intent_for(view: dict[str, Any]) -> dict[str, Any]:
    move = view["legal"][0]["move"]
    return {"action": move} if move in ("draw", "pass") else {"action": "move", "move": move}


async def table(cp: Any, k: int, teacher: Client, projector: Client, lat: list[float],
                think: float) -> int:
    """Four students at table k play one round; the latencies of their moves."""
    tid = f"t{k}"
    students = [await join(cp.ws_url, cp.code, name) for name in
                (f"Ana{chr(65 + k)}", f"Ben{chr(65 + k)}", f"Cy{chr(65 + k)}",
                 f"Dee{chr(65 + k)}")]
    for i, s in enumerate(students):
        await s.ask({"op": "sit", "token": s.token, "table": tid, "seat": i + 1}, "table")
    paces = [Pace() for _ in students]
    views = []
    for s in students:
        views.append((await s.expect("table", where=lambda m: m["view"] is not None))["view"])
    moves = 0
    while True:
        v = [m for m in students[0].got if m.get("type") == "table" and m.get("view")][-1]["view"]
        if v["over"]:
            for s in students:
                await s.close()
            return moves
        seat = v["to_play"] - 1
        if think:
            await asyncio.sleep(think)
        await paces[seat].wait()
        marks = [len(s.got) for s in students] + [len(projector.got), len(teacher.got)]
        t0 = time.perf_counter()
        await students[seat].send({"op": "intent", "token": students[seat].token,
                                   "intent": intent_for([m for m in students[seat].got if m.get(
                                       "type") == "table" and m.get("view")][-1]["view"])})
        for s, n in zip(students, marks, strict=False):
            await s.expect("table", n, timeout=30)
        for watcher, n in ((projector, marks[-2]), (teacher, marks[-1])):
            await watcher.expect("public", n, timeout=30,
                                 where=lambda m: m["table"]["id"] == tid)
        lat.append(time.perf_counter() - t0)
        moves += 1


def rss_kb(pid: int) -> tuple[int, int]:
    status = Path(f"/proc/{pid}/status").read_text()
    get = {line.split(":")[0]: line.split()[1] for line in status.splitlines()
           if ":" in line and len(line.split()) > 1}
    return int(get.get("VmRSS", 0)), int(get.get("VmHWM", 0))


async def load(cp: Any, tables: int, think: float) -> dict[str, Any]:
    teacher = await teacher_of(cp)
    for _ in range(tables):
        await teacher.ask({"op": "open_table", "token": cp.token, "seats": 4, "rounds": 1},
                          "teacher")
    projector = await Client.open(cp.ws_url)
    await projector.ask({"op": "watch", "code": cp.code}, "publics")
    lat: list[float] = []
    t0 = time.perf_counter()
    moves = await asyncio.gather(*(table(cp, k + 1, teacher, projector, lat, think)
                                   for k in range(tables)))
    wall = time.perf_counter() - t0
    for c in (teacher, projector):
        await c.close()
    return {"moves": sum(moves), "wall": wall, "lat": lat}


def server_cost(rounds: int = 3) -> tuple[float, int]:
    """The server's own work for one move at a table of four, in this process (no
    network, no clients): the move, then the JSON of four seats and of the projector."""

    from mtlearn.hosts.classroom.tables import ClassTable, checked, public_perspective

    times = []
    for seed in range(rounds):
        t = ClassTable("t1", "Table 1", 4, rounds=1, seed=seed)
        for i, name in enumerate(("Ana", "Ben", "Cy", "Dee")):
            t.sit(i, f"s{i}", name)
        t.deal()
        assert t.session is not None
        while not t.session.game.is_round_over:
            seat = t.session.game.current
            view = json.loads(t.seat_state(seat))["view"]
            t0 = time.perf_counter()
            t.handle(seat, intent_for(view))
            for i in range(4):
                t.seat_state(i)
            checked(t.public_state(), public_perspective(t.session.game))
            times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000, len(times)


def loop_cost(rounds: int = 3) -> tuple[float, float, int]:
    """A move's time on the event loop (made in memory, its messages made, then settled)
    and its files' time in the writer thread (flushed to this disk), medians in ms; in
    this process, a class in a temporary folder, through :mod:`.commits` as the server."""
    from mtlearn.hosts.classroom import commits
    from mtlearn.hosts.classroom.keeping import write_change
    from mtlearn.hosts.classroom.room import Classroom, Conn

    on_loop, writing = [], []
    for seed in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            room = Classroom.create(Path(tmp) / "cls")
            teacher = Conn()
            room.handle(teacher, {"op": "open_table", "token": room.teacher_token, "seats": 4,
                                  "rounds": 1, "seed": seed})
            kids = []
            for i, name in enumerate(("Ana", "Ben", "Cy", "Dee")):
                conn = Conn()
                token = json.loads(room.handle(conn, {"op": "join", "code": room.code,
                                                      "name": name})[0][1])["token"]
                room.handle(conn, {"op": "sit", "token": token, "table": "t1", "seat": i + 1})
                kids.append((conn, token))
            t = room.tables["t1"]
            while t.session is not None and not t.session.game.is_round_over:
                seat = t.session.game.current
                view = json.loads(t.seat_state(seat))["view"]
                conn, token = kids[seat]
                t0 = time.perf_counter()
                pending = commits.prepare_move(room, conn, {
                    "op": "intent", "token": token, "intent": intent_for(view)}, "t1")
                t1 = time.perf_counter()
                assert pending.change is not None
                error, stuck = write_change(pending.change.writes)
                t2 = time.perf_counter()
                commits.settle(room, pending, error, stuck)
                on_loop.append(t1 - t0 + time.perf_counter() - t2)
                writing.append(t2 - t1)
    return statistics.median(on_loop) * 1000, statistics.median(writing) * 1000, len(on_loop)


@contextlib.contextmanager
def hog(on: bool) -> Iterator[None]:
    """A second process keeping one core busy (when ``on``)."""
    proc = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if on else None
    try:
        yield
    finally:
        if proc is not None:
            proc.kill()
            proc.wait()


async def phones(cp: Any, n: int) -> list[Client]:
    return [await join(cp.ws_url, cp.code, name) for name in ("Ana", "Ben", "Cy", "Dee")[:n]]


def stop_time() -> float:
    """Seconds from SIGINT to the server's exit, with three phones connected."""
    with tempfile.TemporaryDirectory() as tmp:
        cp = start_class(Path(tmp) / "cls", "--per-address", "100")
        try:
            loop = asyncio.new_event_loop()
            clients = loop.run_until_complete(phones(cp, 3))
            t0 = time.perf_counter()
            cp.proc.send_signal(signal.SIGINT)
            cp.proc.wait(timeout=60)
            took = time.perf_counter() - t0
            for c in clients:
                loop.run_until_complete(c.close())
            loop.close()
        finally:
            cp.stop(kill=True)
    return took


def main(tables: int = 10, thinks: tuple[float, ...] = (0.5,), hogs: tuple[bool, ...] = (False,),
         smoke: bool = False) -> None:
    announce(smoke)
    if smoke:
        tables, thinks = 1, (0.0,)
    cost, n = server_cost(1 if smoke else 3)
    print(f"class server: one move and the five updates it sends (four seats, projector) "
          f"cost {cost:.1f} ms of server time (median of {n} moves, in process)")
    loop, disk, n = loop_cost(1 if smoke else 3)
    print(f"class server: a move's time on the event loop {loop:.1f} ms, its files written "
          f"meanwhile by the writer thread {disk:.1f} ms (medians of {n} moves, in process, "
          "this disk)")
    for busy in hogs:
        for think in thinks:
            with tempfile.TemporaryDirectory() as tmp, hog(busy):
                cp = start_class(Path(tmp) / "cls", "--per-address", "1000")
                try:
                    r = asyncio.run(load(cp, tables, think))
                    rss, peak = rss_kb(cp.proc.pid)
                finally:
                    cp.stop()
                report(r, tables, think, rss, peak, busy)
    print(f"class server: stopped {stop_time():.2f} s after SIGINT with three phones "
          "connected (target 2 s)")


def report(r: dict[str, Any], tables: int, think: float, rss: int, peak: int,
           busy: bool = False) -> None:
    lat = sorted(r["lat"])
    p50 = statistics.median(lat) * 1000
    p95 = lat[int(0.95 * (len(lat) - 1))] * 1000
    pace = (f"each student thinks {think:g} s before a move" if think else
            "every table at full speed (no thinking: the server saturated)")
    print(f"class server: {tables * 4} students on {tables} tables, one round each, loopback; "
          f"{pace}" + ("; a second process hogging one core" if busy else "; no hog"))
    print(f"  moves handled      {r['moves']} in {r['wall']:.1f} s = {r['moves'] / r['wall']:.0f} "
          "moves/s (every device updated after each)")
    print(f"  move -> all six screens updated (4 phones, teacher, projector): p50 {p50:.1f} ms, "
          f"p95 {p95:.1f} ms (target p95 <= {250 if busy else 100} ms)")
    print(f"  server memory      {rss / 1024:.0f} MB resident, peak {peak / 1024:.0f} MB")
    if hasattr(os, "getloadavg"):
        print(f"  (load average of this machine: {os.getloadavg()[0]:.1f} on {os.cpu_count()} "
              "cores: the clients share them with the server)")


if __name__ == "__main__":
    ap = add_smoke(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--think", type=float, action="append",
                    help="seconds a student thinks before a move (repeatable; default 0.5)")
    ap.add_argument("--hog", action="store_true",
                    help="also measure with a second process keeping one core busy")
    a = ap.parse_args()
    main(a.tables, tuple(a.think) if a.think else (0.5,), (False, True) if a.hog else (False,),
         smoke=a.smoke)
