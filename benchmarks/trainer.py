"""The puzzle trainer's choice of the next puzzle (issue 31; target: the next puzzle shown
<= 300 ms after an answer, in the page).

Run with ``python benchmarks/trainer.py [--smoke]``. Figures are printed, never asserted.
``--smoke``: 100 synthetic entries, a learner with 20 attempts, 3 timings of each, 2 clicks in
the page (figures not meaningful).

* CPython: ``Trainer.next()`` over the shipped pool (hand-written and mined puzzles), and
  over it plus 3,000 synthetic entries (room to grow), for a learner with 600 attempts
  behind them; and the whole ``TrainerSession`` "next" intent (the
  choice, building the puzzle, its view and info, the dashboard, the state to save), as
  JSON through ``SessionHost``, which is what the page's worker runs. Pyodide runs pure
  Python roughly 2-4x slower than CPython on this machine (benchmarks/play.py), so the
  CPython figure times 4 is the estimate for the page.
* In the page (when a built book is found: ``MTLEARN_BOOK_DIR`` or ``docs/_build/html``):
  Chromium opens ``tutorials/trainer.html``, waits for the in-page engine, and times
  "Next puzzle" from the click to the new puzzle drawn (worker round trip, Python, JSON,
  drawing), 15 times; then the engine's round trip alone (the same intent on a session of
  its own, nothing drawn). The machine is shared: figures swing with its load.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import CHROMIUM, announce, chromium_flags, parse_smoke, size  # noqa: E402

from mtlearn.core.ruleids import RULES  # noqa: E402
from mtlearn.hosts.session_host import SessionHost  # noqa: E402
from mtlearn.trainer import Pool, Trainer, new_state  # noqa: E402
from mtlearn.trainer.trainer_session import bundled_pool, default_pool  # noqa: E402

TARGET_MS = 300
T0 = 1_800_000_000.0


def synthetic(n: int = 3000) -> Pool:
    rng = random.Random(31)
    rules = sorted(RULES)
    extra = ["fewest-points", "go-out", "open-double", "keep-the-plan"]
    entries = [SimpleNamespace(id=f"m{i:05d}", themes=[*rng.sample(rules, 2), rng.choice(extra)],
                               rating=rng.randint(600, 2200), level=rng.randint(1, 5),
                               family="strategy", kind="move") for i in range(n)]
    return Pool(entries, lambda pid: None)


def played(pool: Pool, attempts: int = 600) -> Trainer:
    t = Trainer(new_state("bench"), pool)
    rng = random.Random(1)
    now = T0
    for _ in range(attempts):
        pid = t.next(now).id
        t.record(pid, rng.choice(["win", "win", "loss", "draw"]), now)
        now += 3600
    return t


def timed(fn: Any, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def report(name: str, ms: list[float], factor: float = 1.0) -> None:
    med, worst = statistics.median(ms), max(ms)
    est = f"; x{factor:g} for Pyodide: {med * factor:.1f} ms" if factor != 1.0 else ""
    print(f"{name}: median {med:.2f} ms, max {worst:.2f} ms{est} (target <= {TARGET_MS} ms)")


def cpython(smoke: bool = False) -> None:
    hand = bundled_pool()
    t0 = time.perf_counter()
    shipped = default_pool()
    print(f"shipped pool: {len(shipped)} puzzles ({len(hand)} hand-written), index read in "
          f"{(time.perf_counter() - t0) * 1000:.0f} ms")
    extra = size(smoke, 3000, 100)
    for name, pool in (("shipped", shipped),
                       (f"shipped + {extra:,}", Pool.join(shipped, synthetic(extra)))):
        t = played(pool, size(smoke, 600, 20))
        print(f"{name}: {len(pool)} puzzles; learner with {t.state['count']} attempts, "
              f"state {len(t.export()) / 1000:.0f} kB")
        report(f"Trainer.next() over {len(pool)}",
               timed(lambda t=t: t.next(T0 + 10**6), size(smoke, 200, 3)), 4.0)
    # the whole intent through SessionHost, on the hand-written pool (puzzles that build)
    host = SessionHost()
    spec = {"pool": [{"data": hand.puzzle(i).data, "source": hand.puzzle(i).source}
                     for i in hand.sorted_ids],
            "state": played(hand, size(smoke, 300, 10)).state, "mined": False}
    opened = json.loads(host.request(json.dumps({"op": "open", "kind": "trainer", "spec": spec})))
    req = json.dumps({"op": "intent", "session": opened["session"], "intent": {"action": "next"}})
    report("SessionHost 'next' (JSON in, JSON out)", timed(lambda: host.request(req), size(smoke, 60, 3)),
           4.0)


def in_page(smoke: bool = False) -> None:
    book = Path(os.environ.get("MTLEARN_BOOK_DIR") or ROOT / "docs" / "_build" / "html")
    if not (book / "tutorials" / "trainer.html").is_file():
        print(f"in the page: skipped (no built book with the trainer at {book})")
        return
    from playwright.sync_api import sync_playwright

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(book))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/tutorials/trainer.html"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=chromium_flags(smoke))
            page = browser.new_page()
            page.goto(url, wait_until="load")
            box = page.locator('.mtl-standalone[data-kind="trainer"]')
            box.and_(page.locator('[data-engine-state="ready"]')).wait_for(timeout=180_000)
            times = []
            for _ in range(size(smoke, 15, 2)):
                times.append(page.evaluate("""() => new Promise((resolve) => {
                  const box = document.querySelector('.mtl-standalone[data-kind="trainer"]');
                  const t0 = performance.now();
                  box.querySelector('[data-key="tr-next"]').click();
                  const wait = () => box.hasAttribute('data-busy')
                    ? requestAnimationFrame(wait) : resolve(performance.now() - t0);
                  requestAnimationFrame(wait);
                })"""))
            # the engine alone: the same intent on a session of its own, no drawing
            trips = page.evaluate("""async (n) => {
              const root = document.querySelector('.mtl-standalone[data-kind="trainer"]');
              const state = JSON.parse(document.getElementById(root.id + '-state').textContent);
              const eng = Object.values(window.__mtlearnEngines)[0];
              const o = await eng.request({op: 'open', kind: 'trainer',
                spec: Object.assign({}, state.session, {state: null})});
              const out = [];
              for (let i = 0; i < n; i++) {
                const t0 = performance.now();
                await eng.request({op: 'intent', session: o.session, intent: {action: 'next'}});
                out.push(performance.now() - t0);
              }
              return out;
            }""", size(smoke, 15, 2))
            browser.close()
        report("in the page, Next puzzle click to drawn", times)
        report("in the page, the engine's round trip alone (Pyodide worker)", trips)
    finally:
        server.shutdown()


def main(smoke: bool = False) -> None:
    announce(smoke)
    print("== trainer (issue 31)")
    cpython(smoke)
    in_page(smoke)


if __name__ == "__main__":
    main(smoke=parse_smoke(__doc__))
