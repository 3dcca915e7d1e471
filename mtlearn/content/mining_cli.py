"""The command line of the miner: ``mtlearn puzzles mine`` and checking a mined file.

:func:`mine_command` runs :func:`mtlearn.content.mining.mine` and writes the file;
:func:`check_mined` proves every record of a mined file (``mtlearn check`` calls it for
each ``*.jsonl.gz`` it is given or finds in a folder).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from .puzzle_rates import add_rate_parser

__all__ = ["add_parser", "check_mined", "mine_command"]

#: Where ``mtlearn puzzles mine`` writes by default: the shipped set.
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "puzzles" / "mined.jsonl.gz"
#: The run the shipped set is made by: it asks for SHIPPED_COUNT puzzles, and would stop
#: early once 400 in a row were turned away (copies, ideas seen often enough, claims the
#: engine does not back, trivial questions); it makes SHIPPED_MADE.
SHIPPED_COUNT, SHIPPED_SEED, SHIPPED_MADE = 1000, 31, 100


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``puzzles mine`` to the ``mtlearn`` command's subcommands."""
    p = sub.add_parser("puzzles", help="make puzzles: `mtlearn puzzles mine`")
    ps = p.add_subparsers(dest="puzzles_command", required=True)
    add_rate_parser(ps)
    m = ps.add_parser("mine", help="mine rules drills and play puzzles from random and "
                      "played positions",
                      description="Make engine-checked puzzles from random and played "
                      "positions on every core (or on a Dask cluster) and write them as one "
                      "gzip file of JSON lines. The same seed gives the same file whatever "
                      "the number of jobs.")
    m.add_argument("--count", type=int, default=SHIPPED_COUNT,
                   help=f"puzzles to make (default {SHIPPED_COUNT}, the shipped set)")
    m.add_argument("--seed", type=int, default=SHIPPED_SEED,
                   help=f"seed of the run (default {SHIPPED_SEED}, the shipped set)")
    m.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="worker processes (default: every core)")
    m.add_argument("--dask", metavar="ADDRESS", help="run on the Dask cluster at ADDRESS "
                   "(e.g. tcp://10.0.0.5:8786) instead of local processes; needs "
                   "mexican-train-learn[mine]")
    m.add_argument("--out", metavar="FILE", default=str(DEFAULT_OUT),
                   help="the file to write (default: the shipped set, "
                   "mtlearn/puzzles/mined.jsonl.gz)")
    m.add_argument("--quiet", action="store_true", help="no progress line")


def mine_command(args: argparse.Namespace) -> int:
    """Run ``mtlearn puzzles mine``; returns the exit status."""
    from .mining import mine, write

    if args.count < 1:
        print("mtlearn puzzles mine: --count must be at least 1", file=sys.stderr)
        return 2
    if args.jobs < 1:
        print("mtlearn puzzles mine: --jobs must be at least 1", file=sys.stderr)
        return 2
    t0 = time.perf_counter()

    def progress(n: int) -> None:
        if not args.quiet and (n % 50 == 0 or n == args.count):
            print(f"\r{n}/{args.count} puzzles", end="", file=sys.stderr, flush=True)

    try:
        recs = mine(args.count, args.seed, jobs=args.jobs, dask=args.dask,
                    progress=progress)
    except RuntimeError as e:  # no dask, or the scheduler at --dask did not answer
        end_line = "" if args.quiet else "\n"      # after the progress line
        print(f"{end_line}mtlearn puzzles mine: {e}", file=sys.stderr)
        return 2
    if not args.quiet:
        print(file=sys.stderr)
    size = write(recs, args.out)
    secs = time.perf_counter() - t0
    kinds: dict[str, int] = {}
    for r in recs:
        tag = r["id"].rsplit("-", 1)[0][2:]
        kinds[tag] = kinds.get(tag, 0) + 1
    mix = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
    print(f"wrote {len(recs)} puzzles to {args.out} ({size:,} bytes) in {secs:.0f} s: {mix}")
    return 0 if len(recs) == args.count else 1


def check_mined(path: Path) -> tuple[int, int, int]:
    """Prove every record of the mined file at ``path`` and check its claims
    (:mod:`mtlearn.content.mining_claims`), printing a FAIL line for each record that fails
    and one ok line for the file; returns (records, failed, internal)."""
    import json

    from ..core.errors import MtlearnError
    from .mined import index_line, read_lines
    from .mining_claims import faults
    from .puzzle_files import check, from_data

    try:
        lines = read_lines(path.read_bytes(), str(path))
    except (OSError, MtlearnError) as e:
        print(f"FAIL {path}: {' '.join(str(e).split())}")
        return 1, 1, 0
    bad = internal = 0
    ids: set[str] = set()
    for i, line in enumerate(lines, 1):
        where = f"{path}:{i}"
        try:
            entry = index_line(line, where)
            if entry.id in ids:
                raise ValueError(f"the id {entry.id} is used twice")
            ids.add(entry.id)
            p = from_data(json.loads(line), where)
            check(p)
            false = faults(p, json.loads(line))
            if false:
                raise ValueError("a claim the engine does not support: " + "; ".join(false))
            if (p.id, p.kind, p.family, tuple(p.themes), p.rating, p.level) != (
                    entry.id, entry.kind, entry.family, entry.themes, entry.rating,
                    entry.level):
                raise ValueError("the index fields do not match the record")
        except (MtlearnError, ValueError) as e:
            bad += 1
            print(f"FAIL {where}: {' '.join(str(e).split())[:300]}")
        except Exception as e:  # reported per record; the run goes on
            bad += 1
            internal += 1
            print(f"FAIL {where}: internal error ({type(e).__name__}: {str(e)[:200]})")
    if not bad:
        print(f"ok   {path}: {len(lines)} mined puzzles prove")
    return len(lines), bad, internal
