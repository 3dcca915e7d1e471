"""The coach's work measured in the page: an expert move and a round's review, in Pyodide in
a Web Worker in Chromium, beside CPython's time for the very same positions and rounds.

Run with ``./dev bench`` or ``python benchmarks/page_coach.py [--expert-rounds N]
[--review-rounds N] [--further-rounds N] [--set S] [--smoke]``. Figures are printed, never asserted. Targets
(issue 41): an expert move within 1 s in the page; a round's review in the page within 3 s
on a 2-core machine. ``expert.py`` and ``review.py`` only estimate these from CPython; this
measures them.

How: an engine folder written by ``docs/_ext/mtlearn_engine.py`` as the book's build writes
it (byte-compiled standard library, the worker's wheel without :data:`WORKER_SKIPS
<mtlearn_engine.WORKER_SKIPS>`), served from 127.0.0.1 (``play.py``'s helpers), and in it a
module worker (``coach.mjs``) that starts as the book's ``worker.mjs`` does (``engine.json``,
Pyodide from ``pyodide/``, the wheel it names unpacked into ``site-packages``) and then, in
place of the session host, runs :data:`IN_WORKER`: the timing functions, which import
``mtlearn.play.expert`` and ``mtlearn.play.review``. If those cannot be imported from the
book's wheel, the benchmark stops and says so (a bug of the engine's wheel, not of this).

The same :data:`IN_WORKER` source runs in this process (CPython) on the same inputs, each
input in CPython and then in the page, in turn:

* expert moves: 4-player double-12 rounds (``expert.py``'s timing rounds: seed
  ``time-{i}``, the expert ``ExpertBot(i)`` in seat ``i % 4``, three PlannerBots); each
  position where the expert has more than one legal move is kept as the game's JSON
  (``Game.to_json()``) and the expert's choice timed on it;
* round reviews: ``review.py``'s beginner rounds (``beginner_round(1000 + i)``), each
  reviewed for seat 0 by ``review_round(game, 0, seed=i)``; the first of them again as
  "Look further" reviews them (``effort=FURTHER_EFFORT``).

Times: CPython's is the CPU time of this process (``time.process_time``); the page's the
wall time in the worker (``time.perf_counter`` in Pyodide: a worker's thread has no CPU
clock of its own), so a loaded machine inflates the page's figures, not CPython's: the
ratio page / CPython is given against both CPython's CPU time and its wall time (the same
input, run just before), and the machine's load average is printed with each figure. The
first expert move in the page may also pay for V8 compiling Pyodide's hot code with its
optimizing compiler: it is printed apart. The page's answers (the move chosen, the review's
decisions and mistakes) are compared with CPython's: they should be the same.

``--smoke``: double-6, one round of each, three expert positions (figures not meaningful).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import mtlearn_engine
import play
from benchkit import CHROMIUM, add_smoke, announce, chromium_flags, size
from review import beginner_round

from mtlearn import Game, PlannerBot
from mtlearn.play.expert import ExpertBot
from mtlearn.play.review import FURTHER_EFFORT

#: The timing code, run as is in CPython (this process) and in the page's worker. Each
#: function takes and returns JSON text: ``wall`` and ``cpu`` seconds and the answer.
IN_WORKER = '''
import json
import sys
import time

from mtlearn import Game
from mtlearn.play.expert import ExpertBot
from mtlearn.play.review import review_round


def timed_choose(request):
    """The expert's choice in a game (its JSON), timed."""
    req = json.loads(request)
    game = Game.from_json(req["game"])
    bot = ExpertBot(req["seed"])
    w0, c0 = time.perf_counter(), time.process_time()
    move = bot.choose(game)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    return json.dumps({"wall": wall, "cpu": cpu, "answer": str(move)})


def timed_review(request):
    """A round's review (its JSON) for seat 0 at its effort (1 unless given), timed."""
    req = json.loads(request)
    game = Game.from_json(req["game"])
    w0, c0 = time.perf_counter(), time.process_time()
    review = review_round(game, 0, seed=req["seed"], effort=req.get("effort", 1))
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    answer = [review.decisions, [m.turn for m in review.mistakes]]
    return json.dumps({"wall": wall, "cpu": cpu, "answer": answer})


def python_version(_request):
    """The Python that runs this."""
    return json.dumps({"answer": sys.version.split()[0]})
'''

#: The benchmark's worker: the book's worker's start (mtlearn/static/engine/worker.mjs), then
#: the code it is sent in place of the session host; {id, boot: code} or {id, call, arg}.
COACH_WORKER = """// page_coach.py's worker: starts as worker.mjs does, then runs the code sent.
import { loadPyodide } from "./pyodide/pyodide.mjs";
const here = new URL("./", import.meta.url);
""" + play.WHOLE_WASM + """let py = null;
async function boot(code) {
  const t0 = performance.now();
  const manifest = await (await fetch(new URL("engine.json", here))).json();
  const [pyodide, wheel] = await Promise.all([
    loadPyodide({ indexURL: new URL("pyodide/", here).href }),
    fetch(new URL(manifest.wheel, here)).then((r) => {
      if (!r.ok) throw new Error(`${manifest.wheel}: HTTP ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  const site = pyodide.runPython(
    "import sys\\nnext(p for p in sys.path if p.endswith('/site-packages'))");
  pyodide.unpackArchive(wheel, "zip", { extractDir: site });
  pyodide.runPython("import importlib\\nimportlib.invalidate_caches()\\n");
  pyodide.runPython(code);
  py = pyodide;
  return JSON.stringify({ answer: manifest.wheel, ms: performance.now() - t0 });
}
self.onmessage = async (ev) => {
  const d = ev.data;
  try {
    const answer = d.boot ? await boot(d.boot) : py.globals.get(d.call)(d.arg);
    self.postMessage({ id: d.id, answer });
  } catch (err) {
    self.postMessage({ id: d.id, error: String(err && err.message ? err.message : err) });
  }
};
"""

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>coach</title></head><body>
<script type="module">
const worker = new Worker("%s/coach.mjs", { type: "module" });
const waiting = new Map();
let next = 0;
worker.onmessage = (e) => { const w = waiting.get(e.data.id); waiting.delete(e.data.id);
  w(e.data); };
window.ask = (msg) => new Promise((resolve) => { const id = next++; waiting.set(id, resolve);
  worker.postMessage({ ...msg, id }); });
</script></body></html>"""


class PageError(RuntimeError):
    """The page's worker could not start or answer (the message says why)."""


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes, as text."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def cpython() -> dict[str, Any]:
    """The namespace of :data:`IN_WORKER` run in this process."""
    space: dict[str, Any] = {}
    exec(compile(IN_WORKER, "<page_coach IN_WORKER>", "exec"), space)
    return space


def call(space: dict[str, Any], name: str, request: dict[str, Any]) -> dict[str, Any]:
    """Call ``name`` of :data:`IN_WORKER` in this process."""
    return dict(json.loads(space[name](json.dumps(request))))


def expert_positions(rounds: int, set_max: int | None, limit: int | None = None
                     ) -> list[dict[str, Any]]:
    """Requests for ``timed_choose``: the positions where the expert has more than one legal
    move in ``expert.py``'s timing rounds (the game's JSON and the expert's seed), at most
    ``limit``."""
    out: list[dict[str, Any]] = []
    for i in range(rounds):
        game = Game.new(4, set=set_max, seed=f"time-{i}")
        bots: list[PlannerBot | ExpertBot] = [PlannerBot() for _ in range(4)]
        expert = bots[i % 4] = ExpertBot(i)
        while not game.over:
            bot = bots[game.current]
            if bot is expert and len(game.legal_moves) > 1:
                out.append({"game": game.to_json(indent=None), "seed": i})
                if limit is not None and len(out) >= limit:
                    return out
            game.push(bot.choose(game))
    return out


def review_rounds(rounds: int, set_max: int | None) -> list[dict[str, Any]]:
    """Requests for ``timed_review``: ``review.py``'s timed beginner rounds (JSON, seed)."""
    return [{"game": beginner_round(1000 + i, set_max).to_json(indent=None), "seed": i}
            for i in range(rounds)]


class Page:
    """The benchmark's page in a Chromium page: its worker booted, asked by name."""

    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        page.goto(base + "coach.html", wait_until="load")
        got = self._ask({"boot": IN_WORKER})
        if "error" in got:
            raise PageError("the worker could not start mtlearn's expert and review from the "
                            f"book's engine wheel: {got['error']}")
        started = json.loads(got["answer"])
        self.wheel, self.boot_ms = str(started["answer"]), float(started["ms"])

    def _ask(self, msg: dict[str, Any]) -> dict[str, Any]:
        return dict(self.page.evaluate("m => window.ask(m)", msg))

    def call(self, name: str, request: dict[str, Any]) -> dict[str, Any]:
        """Call ``name`` of :data:`IN_WORKER` in the worker."""
        got = self._ask({"call": name, "arg": json.dumps(request)})
        if "error" in got:
            raise PageError(f"{name} failed in the page: {got['error']}")
        return dict(json.loads(got["answer"]))


def measure(space: dict[str, Any], page: Page, name: str,
            requests: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each request through ``name`` in CPython, then in the page, request by request (so
    that both meet much the same load on a shared machine)."""
    here: list[dict[str, Any]] = []
    there: list[dict[str, Any]] = []
    for r in requests:
        here.append(call(space, name, r))
        there.append(page.call(name, r))
    return here, there


def report(what: str, detail: str, unit: str, target: str, here: list[dict[str, Any]],
           there: list[dict[str, Any]], before: str) -> None:
    """Print one measurement: CPython's CPU times (``before``: the load as it started), then
    the page's wall times, their ratio to CPython's, and the load as it ended."""
    scale = 1000 if unit == "ms" else 1
    fmt = ".0f" if unit == "ms" else ".2f"
    cpu = [r["cpu"] * scale for r in here]
    print(f"{what} in CPython (CPU time; {detail}): median {statistics.median(cpu):{fmt}} "
          f"{unit}, max {max(cpu):{fmt}} {unit} over {len(cpu)} (wall time: median "
          f"{statistics.median(r['wall'] * scale for r in here):{fmt}} {unit}; {before})",
          flush=True)
    wall = [r["wall"] * scale for r in there]
    ratios = sorted(w / max(c, 1e-9) for w, c in zip(wall, cpu, strict=True))
    walls = sorted(w / max(r["wall"] * scale, 1e-9) for w, r in zip(wall, here, strict=True))
    same = sum(a["answer"] == b["answer"] for a, b in zip(here, there, strict=True))
    rest = f", max after the first {max(wall[1:]):{fmt}} {unit}" if len(wall) > 1 else ""
    print(f"{what} in the page (wall time in the worker): median "
          f"{statistics.median(wall):{fmt}} {unit}, max {max(wall):{fmt}} {unit}, first "
          f"{wall[0]:{fmt}} {unit}{rest}; page / CPython CPU time: median "
          f"{statistics.median(ratios):.2f} (range {ratios[0]:.2f}-{ratios[-1]:.2f}); "
          f"page / CPython wall time: median {statistics.median(walls):.2f}; same answer as "
          f"CPython {same} of {len(wall)} ({load()})  target {target}", flush=True)


def main(argv: list[str] | None = None, smoke: bool = False) -> None:
    """Print the figures (``argv`` as on the command line)."""
    ap = add_smoke(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    ap.add_argument("--expert-rounds", type=int, default=2,
                    help="rounds whose searched expert moves are timed")
    ap.add_argument("--review-rounds", type=int, default=3, help="beginner rounds reviewed")
    ap.add_argument("--further-rounds", type=int, default=2,
                    help="of those, rounds reviewed again by Look further")
    ap.add_argument("--set", type=int, default=None, help="highest double (default 12)")
    a = ap.parse_args(argv)
    smoke = smoke or a.smoke
    announce(smoke)
    set_max = 6 if smoke and a.set is None else a.set
    deck = f"4-player double-{set_max or 12}"
    moves = expert_positions(size(smoke, a.expert_rounds, 1), set_max,
                             3 if smoke else None)
    rounds = review_rounds(size(smoke, a.review_rounds, 1), set_max)
    # a smoke run takes the path at a small effort: four times a decision's deals is seconds
    further = [{**r, "effort": 1.25 if smoke else FURTHER_EFFORT}
               for r in rounds[:size(smoke, a.further_rounds, 1)]]
    space = cpython()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        mtlearn_engine.write_engine(folder)  # as the book's build does
        (folder / mtlearn_engine.ENGINE_DIR / "coach.mjs").write_text(COACH_WORKER,
                                                                       encoding="utf-8")
        (folder / "coach.html").write_text(PAGE % mtlearn_engine.ENGINE_DIR, encoding="utf-8")
        wheel, compiled = play._loaded_wheel(folder)
        with play.serve(folder) as base:
            _run(base, moves, rounds, further, space, deck, smoke,
                 f"{wheel / 1e3:.0f} kB, {'byte-compiled' if compiled else 'NOT compiled'}")


def _run(base: str, moves: list[dict[str, Any]], rounds: list[dict[str, Any]],
         further: list[dict[str, Any]], space: dict[str, Any], deck: str, smoke: bool,
         wheel: str) -> None:
    """Start Chromium on the served page and print the figures."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=chromium_flags(smoke))
        try:
            page = Page(browser.new_page(), base)
            version = page.call("python_version", {})["answer"]
            print(f"the page's worker: Pyodide {mtlearn_engine.PYODIDE_VERSION} (Python "
                  f"{version}) with the book's engine wheel {page.wheel} ({wheel}), started "
                  f"in {page.boot_ms / 1000:.1f} s; CPython {sys.version.split()[0]} here; "
                  f"{load()}", flush=True)
            before = load()
            here, there = measure(space, page, "timed_choose", moves)
            report("expert move", f"{deck}, the expert's searched moves in "
                   f"{len({m['seed'] for m in moves})} rounds against three planners", "ms",
                   "<= 1 s in the page", here, there, before)
            before = load()
            here, there = measure(space, page, "timed_review", rounds)
            decisions = statistics.median(r["answer"][0] for r in here)
            report("round review", f"{deck} beginner rounds, {decisions:.0f} decisions a "
                   "round", "s", "<= 3 s in the page on 2 cores", here, there, before)
            if not further:
                return
            before = load()
            here, there = measure(space, page, "timed_review", further)
            report("Look further", f"the first {len(further)} of those rounds reviewed again "
                   f"at effort {further[0]['effort']:g}", "s", "none (a few seconds: it is asked for)",
                   here, there, before)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
