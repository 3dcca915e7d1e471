"""In-page engine benchmarks: Pyodide + mtlearn.hosts.session in a Web Worker, in Chromium.

Run with ``./dev bench`` or ``python benchmarks/play.py``. Figures are printed, never
asserted. Targets (issues 8 and 37):

* first paint of a board page: <= 50 ms (the stored first frame; the engine loads after);
* engine ready after page load: <= 3 s with a cold cache, <= 2 s warm (HTTP cache);
* the same against a bare Pyodide start in a worker, measured in the same run from the
  same files on a page of the same shape: in-page ready / bare <= 1.4 (issue 37: the
  engine imports only what the first board needs); with the worker's stages (ms from its
  start: manifest, wheel fetched, Pyodide loaded, wheel unpacked, mtlearn imported);
* a learner's move answered with three bots' replies: <= 50 ms median, measured in the page
  from the intent sent to the new view drawn (worker round trip, Python, JSON, drawing);
* the bytes Pyodide and the wheel add to the book: once in ``_static/mtlearn-engine/``.

The page is a 4-player board against three greedy bots written by ``Board.to_html()`` with
``engine_url``, next to an engine folder written by ``docs/_ext/mtlearn_engine.py`` as the
book's build writes it (which fetches Pyodide with npm once into ``.cache/`` and
byte-compiles its standard library and mtlearn's wheel with Node.js, cached there too),
served from 127.0.0.1. "Ready" is the board's engine session open (``data-host`` no longer
``loading``), counted from the page's load event. The bare start is the same page with the
board drawn from its stored state and, in place of the engine, a worker that loads the
same Pyodide (``pyodide/`` of the same folder, the same way as ``worker.mjs``) and runs
``import sys``. Cold and warm loads of the two pages alternate, each cold one in a new
browser context (empty HTTP cache). The learner's move is the first legal move the board
lists (``.mtl-legal-list .mtl-legal-move``, its ``data-key`` "legal:MOVE"), played as a
learner plays it: a tile and its train clicked, or the move's own button (draw, pass).

``--smoke``: one cold and one warm load of each page, three moves (figures not meaningful).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import re
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import mtlearn_engine  # noqa: E402
from benchkit import CHROMIUM, announce, chromium_flags, parse_smoke, size  # noqa: E402

from mtlearn import Game  # noqa: E402
from mtlearn.jupyter.widgets import Board  # noqa: E402
from mtlearn.present.htmlout import standalone_html  # noqa: E402

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>board</title><script>
window.__t0 = performance.now();
</script></head><body style="width:900px">{body}<script type="module">
requestAnimationFrame(() => setTimeout(() => {{
  window.__paint = performance.now() - window.__t0; }}, 0));
</script></body></html>"""

READY_JS = """() => new Promise((resolve) => {
  const box = document.querySelector('.mtl-standalone');
  const done = () => {
    const st = box.querySelector('.mtl-host');
    if (st && st.getAttribute('data-host') !== 'loading') {
      const nav = performance.getEntriesByType('navigation')[0];
      resolve({state: st.getAttribute('data-host'), now: performance.now(),
               load: nav ? nav.loadEventEnd : 0,
               engine: Number(box.getAttribute('data-engine-ms')),
               stages: Object.values(window.__mtlearnEngines || {}).map(e => e.stages)[0] || {}});
      return true;
    }
    return false;
  };
  if (!done()) { const t = setInterval(() => { if (done()) clearInterval(t); }, 10); }
})"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


#: How mtlearn's worker.mjs fetches Pyodide's .wasm (whole, then compiled): the
#: benchmarks' own workers start the same way.
WHOLE_WASM = """const nativeFetch = self.fetch.bind(self);
self.fetch = (input, init) => {  // the whole .wasm read first, as worker.mjs does
  const url = String(input && input.url ? input.url : input);
  if (!url.endsWith(".wasm")) return nativeFetch(input, init);
  return nativeFetch(input, init).then(async (r) => new Response(await r.arrayBuffer(),
    { status: 200, headers: { "Content-Type": "application/wasm" } }));
};
"""


BARE_WORKER = """// A bare Pyodide start: what mtlearn's worker.mjs does before mtlearn (see play.py).
import { loadPyodide } from "./pyodide/pyodide.mjs";
""" + WHOLE_WASM + """const t0 = performance.now();
const py = await loadPyodide({ indexURL: new URL("pyodide/", import.meta.url).href });
py.runPython("import sys");
self.postMessage({ event: "ready", ms: performance.now() - t0 });
"""

BARE_START = """<script type="module">
window.__bare = new Promise((resolve) => {
  const w = new Worker("%s/bare.mjs", { type: "module" });
  w.onmessage = (e) => resolve({ now: performance.now(), ms: e.data.ms });
});
</script>"""

BARE_JS = """() => window.__bare.then((r) => {
  const nav = performance.getEntriesByType('navigation')[0];
  return { now: r.now, load: nav ? nav.loadEventEnd : 0, ms: r.ms };
})"""


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` from 127.0.0.1 (a free port, quietly) for the block; yields its
    base URL (ending in ``/``). The server is shut down after."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def _site(folder: Path) -> tuple[int, int]:
    """Write the engine folder (as the book's build does), ``board.html`` (the board with
    its engine) and ``bare.html`` (the same board drawn from its stored state, and a bare
    Pyodide started in a worker); returns the engine folder's bytes and the board's."""
    dest, size = mtlearn_engine.write_engine(folder)
    (dest / "bare.mjs").write_text(BARE_WORKER, encoding="utf-8")
    board = Board(Game.new(4, seed=7), bots={1: "greedy", 2: "greedy", 3: "greedy"},
                  perspective=0)
    html = standalone_html("board", board._static_state(), engine_url=mtlearn_engine.ENGINE_DIR)
    (folder / "board.html").write_text(PAGE.format(body=html), encoding="utf-8")
    stored = standalone_html("board", board._static_state())
    (folder / "bare.html").write_text(PAGE.format(
        body=stored + BARE_START % mtlearn_engine.ENGINE_DIR), encoding="utf-8")
    return size, len(html.encode())


def _loaded_wheel(folder: Path) -> tuple[int, bool]:
    """The size of the wheel the worker loads (``engine.json``'s), and whether it is the
    byte-compiled one (in ``worker/``; the standard library is then byte-compiled too)."""
    engine = folder / mtlearn_engine.ENGINE_DIR
    wheel = json.loads((engine / "engine.json").read_text(encoding="utf-8"))["wheel"]
    return (engine / wheel).stat().st_size, wheel.startswith("worker/")


def _load(page: Any, url: str, ready_js: str) -> dict[str, Any]:
    """Load ``url`` in ``page`` (or reload it, already there); its ready answer, with
    ``s``: seconds from the load event to ready."""
    if page.url == url:
        page.reload(wait_until="load")
    else:
        page.goto(url, wait_until="load")
    r = dict(page.evaluate(ready_js))
    r["s"] = (r["now"] - r["load"]) / 1000
    return r


def starts(browser: Any, base: str, runs: int) -> dict[str, Any]:
    """Cold and warm loads of the board with its engine and of the bare Pyodide page,
    alternating (the board first in even runs); seconds from load to ready, the board's
    first paints and its worker's stages (warm)."""
    got: dict[str, Any] = {"board": {"cold": [], "warm": []}, "bare": {"cold": [], "warm": []},
                           "paints": [], "stages": []}
    for i in range(runs):
        for kind in (("board", "bare") if i % 2 == 0 else ("bare", "board")):
            context = browser.new_context()  # empty HTTP cache
            page = context.new_page()
            js = READY_JS if kind == "board" else BARE_JS
            for temp in ("cold", "warm"):
                r = _load(page, base + kind + ".html", js)
                got[kind][temp].append(r["s"])
                if kind == "board":
                    got["paints"].append(page.evaluate("window.__paint"))
                    if temp == "warm":
                        got["stages"].append(r["stages"])
            context.close()
    return got


def report_starts(got: dict[str, Any]) -> None:
    """Print the ready times, their ratio to the bare start and the worker's stages."""
    med = statistics.median
    board, bare = got["board"], got["bare"]
    print(f"first paint of the board page: median {med(got['paints']):.1f} ms "
          f"(target <= 50 ms)")
    for temp, target in (("cold", 3), ("warm", 2)):
        print(f"engine ready after page load, {temp} cache: median {med(board[temp]):.2f} s "
              f"of {len(board[temp])} (target <= {target} s); bare Pyodide in a worker, same "
              f"run: {med(bare[temp]):.2f} s")
    print("in-page ready / bare Pyodide start, same run: " + ", ".join(
        f"{temp} {med(board[temp]) / med(bare[temp]):.2f}" for temp in ("cold", "warm"))
        + " (target <= 1.4)")
    keys = [k for k in got["stages"][0] if all(k in st for st in got["stages"])]
    print(f"  inside the worker, ms from its start (warm, median of {len(got['stages'])}): "
          + ", ".join(f"{k} {med([st[k] for st in got['stages']]):.0f}" for k in keys))


def _legal_moves(page: Any) -> list[str]:
    """The legal moves the board lists, in the engine's notation ("5-9@1", "draw"), read
    from the data-key ("legal:5-9@1") of each entry's button (their text is in words)."""
    off = page.locator('.mtl-standalone button[data-key="legal"][aria-pressed="false"]')
    if off.count():
        off.click()
    entries = page.locator(".mtl-standalone .mtl-legal-list .mtl-legal-move")
    entries.first.wait_for(timeout=30_000)
    keys = [str(e.get_attribute("data-key") or "") for e in entries.all()]
    moves = [k.removeprefix("legal:") for k in keys if k.startswith("legal:")]
    if not moves:
        raise RuntimeError(f"no legal move listed on the board (data-keys {keys})")
    return moves


def _move(page: Any) -> float | None:
    box = page.locator(".mtl-standalone")
    before = int(box.get_attribute("data-answers") or 0)
    legal = _legal_moves(page)
    play = next((m for m in legal if re.fullmatch(r"\d+-\d+@[^@]+", m)), None)
    if play is not None:
        tile, train = play.split("@")
        a, b = tile.split("-")
        page.locator(f'.mtl-tilebtn[data-key="tile:{a}-{b}"], '
                     f'.mtl-tilebtn[data-key="tile:{b}-{a}"]').first.click()
        page.locator(f'.mtl-target[data-key="train:{train}"]').first.click()
    else:
        page.locator(f'.mtl-legal-move[data-key="legal:{legal[0]}"]').click()
    page.wait_for_function(
        "n => Number(document.querySelector('.mtl-standalone').getAttribute('data-answers')"
        " || 0) > n", arg=before, timeout=30_000)
    bots = page.locator(".mtl-bot-moves li").count()
    ms = float(box.get_attribute("data-answer-ms") or "nan")
    return ms if bots == 3 else None


def main(smoke: bool = False) -> None:
    """Print the figures (see the module's docstring)."""
    announce(smoke)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        engine_bytes, board_bytes = _site(folder)
        wheel, compiled = _loaded_wheel(folder)
        with serve(folder) as base:
            _measure(base, engine_bytes, board_bytes, wheel, compiled, smoke)


def _measure(base: str, engine_bytes: int, board_bytes: int, wheel: int, compiled: bool,
             smoke: bool) -> None:
    """Print the figures of the pages served from ``base`` (see :func:`main`)."""
    from playwright.sync_api import sync_playwright

    url = base + "board.html"
    print(f"bytes added to the book (once, in _static/{mtlearn_engine.ENGINE_DIR}/): "
          f"{engine_bytes / 1e6:.1f} MB (Pyodide {mtlearn_engine.PYODIDE_VERSION} core "
          f"and mtlearn's wheels; the worker loads one of {wheel / 1e3:.0f} kB, "
          f"{'byte-compiled, as is the stdlib' if compiled else 'NOT byte-compiled'})")
    print(f"one 4-player board's HTML (state, session, one-move answers, module): "
          f"{board_bytes / 1e3:.0f} kB")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=chromium_flags(smoke))
        report_starts(starts(browser, base, size(smoke, 5, 1)))

        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.goto(url, wait_until="load")
        page.evaluate(READY_JS)
        times = []
        for _ in range(size(smoke, 40, 3)):
            if page.locator(".mtl-match").count():
                break
            ms = _move(page)
            if ms is not None:
                times.append(ms)
        if times:
            print(f"a move + three bots' replies, in the page: median "
                  f"{statistics.median(times):.1f} ms, max {max(times):.1f} ms over "
                  f"{len(times)} moves (target <= 50 ms median)")
        else:
            print("a move + three bots' replies, in the page: no move answered with "
                  "three bots' replies (target <= 50 ms median)")
        browser.close()


if __name__ == "__main__":
    main(smoke=parse_smoke(__doc__))
