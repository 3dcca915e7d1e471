"""The puzzle factory: rules drills and play puzzles mined from random and played positions.

``mtlearn puzzles mine`` (:mod:`mtlearn.content.mining_cli`) writes the set shipped as
``mtlearn/puzzles/mined.jsonl.gz``, read by :mod:`mtlearn.content.mined`. The modules:
:mod:`~mtlearn.content.mining_positions` (tables and positions),
:mod:`~mtlearn.content.mining_drills`, :mod:`~mtlearn.content.mining_legal` and
:mod:`~mtlearn.content.mining_numbers` (rules drills), :mod:`~mtlearn.content.mining_play`
(play puzzles, checked over sampled deals), :mod:`~mtlearn.content.mining_records` (records,
ids, ratings, proof). Engine-only code: the standard library and the engine, plus dask only
when a cluster is asked for.

The work is cut into numbered chunks. Chunk ``i`` asks one generator (the schedule
:data:`SCHEDULE`, in turn) for up to :data:`PER_CHUNK` puzzles from positions drawn from
``random.Random(f"{seed}:{i}")``, so what a chunk makes depends on the seed and its number
only. :func:`mine` runs chunks in a pool (``concurrent.futures.ProcessPoolExecutor`` with
``jobs`` processes, or ``dask.distributed.Client(address)``: dask is imported only then),
takes their results in chunk order, drops puzzles already seen (same id: same canonical
position and question), copies and ideas seen often enough
(:class:`~mtlearn.content.mining_ideas.Curator`), and stops at ``count`` or when the
generators run dry: the file is the same whatever the number of jobs or workers.
"""

from __future__ import annotations

import gzip
import random
import time
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from .mined import record_line
from .mining_ideas import Curator
from .mining_positions import random_position

__all__ = ["DRY", "PER_CHUNK", "SCHEDULE", "mine", "mine_chunk", "write"]

#: Puzzles a chunk tries to make.
PER_CHUNK = 4
#: Positions a chunk may try before it gives up: drills are cheap to try; a play puzzle
#: samples deals; a double to lay and cover is rarely best (leaving it open costs its
#: player nothing in points), so it gets few tries.
TRIES = {"play-fewest": 100, "play-out": 100, "play-double": 25}
DRILL_TRIES = 40
#: Puzzles turned away in a row (copies, ideas already there often enough) that end a run.
#: With one or two puzzles an idea most offers are turned away long before the ideas run
#: out: 400 in a row ended a run at 99 puzzles with rarer ideas (a go-out turn with one
#: double, a score at another table) still to come.
DRY = 1500


def _generators() -> dict[str, Callable[..., Any]]:
    from . import mining_drills as drills
    from . import mining_legal as legal
    from . import mining_numbers as numbers
    from . import mining_play as play
    return {**drills.DRILLS, **legal.DRILLS, **numbers.DRILLS, **play.PLAYS}


#: The generator of chunk ``i`` is ``SCHEDULE[i % len(SCHEDULE)]``: the mix of the set.
#: "Shed the heavy tile" has few ideas (:data:`~mtlearn.content.mining_ideas.IDEA_CAPS`)
#: and costs the most to check (deals sampled for each move): one chunk in the round.
SCHEDULE: tuple[str, ...] = (
    "open-trains", "play-fewest", "must-do", "every-legal", "play-out", "round-score",
    "next-player", "every-legal", "where-legal", "must-do", "play-double", "open-trains",
    "must-do", "round-score", "every-legal", "play-out", "engine", "next-player",
    "where-legal",
)


def mine_chunk(seed: int, index: int, prove: bool = True) -> list[dict[str, Any]]:
    """The puzzles of chunk ``index`` of a run seeded ``seed`` (deterministic)."""
    from .mining_records import finish
    rng = random.Random(f"{seed}:{index}")
    name = SCHEDULE[index % len(SCHEDULE)]
    gen = _generators()[name]
    where = random_position
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for _ in range(TRIES.get(name, DRILL_TRIES)):
        if len(out) >= PER_CHUNK:
            break
        game, table = where(rng)
        rec = gen(game, table, rng)
        if rec is None:
            continue
        done = finish(rec, prove=prove)
        if done is not None and done["id"] not in seen:
            seen.add(done["id"])
            out.append(done)
    return out


def _chunks(pool: Callable[[int], Any], count: int, window: int,
            result: Callable[[Any], list[dict[str, Any]]]
            ) -> Generator[dict[str, Any], None, None]:
    """Records in chunk order, ``window`` chunks in flight, until the caller stops; the
    chunks still in flight then are cancelled (futures) or dropped."""
    pending: dict[int, Any] = {}
    nxt = 0
    done = 0
    try:
        while done <= 50 + 4 * count:   # a generator that keeps failing: stop, never hang
            while len(pending) < window:
                pending[nxt] = pool(nxt)
                nxt += 1
            recs = result(pending.pop(done))
            done += 1
            yield from recs
    finally:
        for f in pending.values():
            cancel = getattr(f, "cancel", None)
            if cancel is not None:
                cancel()


def mine(count: int, seed: int = 0, *, jobs: int = 1, dask: str | None = None,
         progress: Callable[[int], None] | None = None,
         timeout: float | None = None) -> list[dict[str, Any]]:
    """``count`` distinct puzzle records from a run seeded ``seed`` (fewer only if the
    generators run dry), on ``jobs`` processes or the Dask cluster at ``dask``.

    Raises:
        RuntimeError: ``dask`` given, but dask is not installed or the scheduler at that
            address does not answer within ``timeout`` seconds (default 30; the message
            names the address).
    """
    out: list[dict[str, Any]] = []
    ids: set[str] = set()
    curator = Curator()

    def collect(stream: Iterator[dict[str, Any]]) -> None:
        turned_away = 0
        for rec in stream:
            if rec["id"] in ids or not curator.admit(rec):
                turned_away += 1
                if turned_away >= DRY:
                    return      # the generators have run dry: every idea is there
                continue
            turned_away = 0
            ids.add(rec["id"])
            out.append(rec)
            if progress is not None:
                progress(len(out))
            if len(out) >= count:
                return

    if dask is not None:
        from ..play.sim import dask_client

        with dask_client(dask, timeout, what="mining") as client:
            window = 2 * max(1, sum(client.nthreads().values()))
            stream = _chunks(lambda i: client.submit(mine_chunk, seed, i, pure=False),
                             count, window, lambda f: f.result(timeout=timeout))
            collect(stream)
            stream.close()
        return out
    if jobs <= 1:
        collect(_chunks(lambda i: i, count, 1, lambda i: mine_chunk(seed, i)))
        return out
    ex: Executor
    with ProcessPoolExecutor(jobs) as ex:
        stream = _chunks(lambda i: ex.submit(mine_chunk, seed, i), count, 2 * jobs,
                         lambda f: f.result(timeout=timeout))
        collect(stream)
        stream.close()
    return out


def write(records: list[dict[str, Any]], path: str | Path) -> int:
    """Write records as a mined file (gzip, fixed timestamp: the same bytes for the
    same records); returns its size in bytes."""
    data = "".join(record_line(r) + "\n" for r in records).encode()
    p = Path(path)
    with open(p, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0,
                                             compresslevel=9, filename="") as z:
        z.write(data)
    return p.stat().st_size


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    """``fn()`` and the seconds it took."""
    t0 = time.perf_counter()
    return fn(), time.perf_counter() - t0
