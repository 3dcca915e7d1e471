"""Puzzle-miner benchmarks: puzzles per minute per core, and the shipped set rebuilt.

Run with ``./dev bench`` or ``python benchmarks/mine.py [--full] [--smoke]``. Figures are printed,
never asserted. Targets (issue 31):

* puzzles per minute per core, for the drills, for the play puzzles (each checked over
  200 sampled deals) and for the shipped mix, on one process;
* the whole shipped set (``mtlearn puzzles mine``: 1,600 puzzles, seed 31) rebuilt on
  every core in <= 30 min. Without ``--full`` this is estimated from a 160-puzzle run of
  the same mix on every core (a tenth of the set); ``--full`` rebuilds it into a
  temporary file and says whether it came out byte for byte the same as the shipped one.

* the index of the shipped set (:func:`mtlearn.content.mined.mined_index`) read in
  CPython and in Pyodide (under Node, when ``node`` and ``.cache/pyodide-*`` are there):
  target well under 100 ms, so that the trainer can choose the next puzzle at once.

On a machine other helpers share, the load average is printed beside the figures.

``--smoke``: one chunk of each kind of one puzzle each (``mining.PER_CHUNK`` = 1), one read
of the index, two puzzles of the shipped run (figures not meaningful); with ``--full`` it
still rebuilds the whole set, with the shipped chunks.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import add_smoke, announce, size  # noqa: E402

from mtlearn.content import mining  # noqa: E402
from mtlearn.content.mining_cli import DEFAULT_OUT, SHIPPED_COUNT, SHIPPED_SEED  # noqa: E402


def _rate(names: tuple[str, ...], chunks: int) -> tuple[float, int]:
    """Puzzles a minute on one process for chunks of the named generators."""
    saved = mining.SCHEDULE
    mining.SCHEDULE = names
    try:
        t0 = time.perf_counter()
        n = sum(len(mining.mine_chunk(5, i)) for i in range(chunks))
        secs = time.perf_counter() - t0
    finally:
        mining.SCHEDULE = saved
    return 60 * n / secs, n


_NODE = """
import {{ loadPyodide }} from "{pyodide}/pyodide.mjs";
import {{ readFileSync, readdirSync, statSync }} from "fs";
import {{ join }} from "path";
const py = await loadPyodide({{ indexURL: "{pyodide}/" }});
function copy(src, dst) {{
  py.FS.mkdirTree(dst);
  for (const n of readdirSync(src)) {{
    if (n === "__pycache__" || n === "static") continue;
    const s = join(src, n), d = dst + "/" + n;
    if (statSync(s).isDirectory()) copy(s, d); else py.FS.writeFile(d, readFileSync(s));
  }}
}}
copy("{root}/mtlearn", "/home/pyodide/mtlearn");
console.log(py.runPython(`
import sys, time
sys.path.insert(0, "/home/pyodide")
from mtlearn.content import mined
runs = []
for k in range({runs}):
    mined._LINES.clear(); mined._INDEX.clear(); mined._ROW.clear()
    t = time.perf_counter(); n = len(mined.mined_index()); runs.append(time.perf_counter() - t)
f"{{n}} {{1e3 * min(runs):.0f}} {{1e3 * sorted(runs)[len(runs) // 2]:.0f}}"
`));
"""


def _index_times(reads: int = 5) -> None:
    """The index read in CPython, and in Pyodide under Node when both are there."""
    from mtlearn.content import mined

    runs = []
    for _ in range(reads):
        mined._LINES.clear()
        mined._INDEX.clear()
        mined._ROW.clear()
        t0 = time.perf_counter()
        n = len(mined.mined_index())
        runs.append(time.perf_counter() - t0)
    print(f"  index of {n} puzzles in CPython: best {1e3 * min(runs):.0f} ms, median "
          f"{1e3 * statistics.median(runs):.0f} ms (target well under 100 ms)")
    caches = sorted((ROOT / ".cache").glob("pyodide-*[0-9]"))
    node = shutil.which("node")
    if not caches or node is None:
        print("  (Pyodide: no node or no .cache/pyodide-*: not measured)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "index.mjs"
        script.write_text(_NODE.format(pyodide=caches[-1].resolve(), root=ROOT, runs=reads))
        r = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=300,
                           check=False)
    if r.returncode != 0:
        print(f"  (Pyodide: node failed: {r.stderr.strip()[-200:]})")
        return
    n, best, median = r.stdout.split()[-3:]
    print(f"  index of {n} puzzles in Pyodide ({caches[-1].name}, Node): best {best} ms, "
          f"median {median} ms (target well under 100 ms)")


def main(argv: list[str] | None = None, smoke: bool = False) -> None:
    """Print the figures."""
    ap = add_smoke(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    ap.add_argument("--full", action="store_true",
                    help="rebuild the whole shipped set instead of estimating from a tenth")
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    smoke = smoke or args.smoke
    announce(smoke)
    cores = os.cpu_count() or 1
    print(f"puzzle miner (load average {os.getloadavg()[0]:.1f} on {cores} cores)")
    _index_times(size(smoke, 5, 1))
    per_chunk = mining.PER_CHUNK
    if smoke:
        mining.PER_CHUNK = 1
    try:
        _mine(args.full, smoke, cores, per_chunk)
    finally:
        mining.PER_CHUNK = per_chunk


def _mine(full: bool, smoke: bool, cores: int, per_chunk: int) -> None:
    drills = tuple(n for n in mining.SCHEDULE if not n.startswith("play-"))
    plays = tuple(n for n in mining.SCHEDULE if n.startswith("play-"))
    for label, names, chunks in (("drills", drills, size(smoke, 24, 1)),
                                 ("play puzzles", plays, size(smoke, 8, 1)),
                                 ("shipped mix", mining.SCHEDULE,
                                  size(smoke, len(mining.SCHEDULE), 1))):
        rate, n = _rate(names, chunks)
        print(f"  {label:<13} {rate:8.0f} puzzles/min per core ({n} made)")
    if full:
        mining.PER_CHUNK = per_chunk  # the shipped set's chunks, even in a smoke run
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "mined.jsonl.gz"
            t0 = time.perf_counter()
            recs = mining.mine(SHIPPED_COUNT, SHIPPED_SEED, jobs=cores)
            nbytes = mining.write(recs, out)
            secs = time.perf_counter() - t0
            same = DEFAULT_OUT.is_file() and out.read_bytes() == DEFAULT_OUT.read_bytes()
        print(f"  shipped set rebuilt: {len(recs)} puzzles, {nbytes:,} bytes, in {secs / 60:.1f}"
              f" min on {cores} cores (target <= 30 min); same bytes as shipped: {same}")
        return
    part = size(smoke, SHIPPED_COUNT // 10, 2)
    t0 = time.perf_counter()
    mining.mine(part, SHIPPED_SEED, jobs=cores)
    secs = time.perf_counter() - t0
    print(f"  {part} puzzles of the shipped run on {cores} cores: {secs:.0f} s; the whole "
          f"set ({SHIPPED_COUNT}) about {SHIPPED_COUNT / part * secs / 60:.1f} min (target "
          f"<= 30 min; --full to rebuild it)")


if __name__ == "__main__":
    main()
