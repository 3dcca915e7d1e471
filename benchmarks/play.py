"""In-page engine benchmarks: Pyodide + mtlearn.hosts.session in a Web Worker, in Chromium.

Run with ``./dev bench`` or ``python benchmarks/play.py``. Figures are printed, never
asserted. Targets (issue 8):

* first paint of a board page: <= 50 ms (the stored first frame; the engine loads after);
* engine ready after page load: <= 3 s with a cold cache, <= 2 s warm (HTTP cache);
* a learner's move answered with three bots' replies: <= 50 ms median, measured in the page
  from the intent sent to the new view drawn (worker round trip, Python, JSON, drawing);
* the bytes Pyodide and the wheel add to the book: once in ``_static/mtlearn-engine/``.

The page is a 4-player board against three greedy bots written by ``Board.to_html()`` with
``engine_url``, next to an engine folder written by ``docs/_ext/mtlearn_engine.py`` (which
fetches Pyodide with npm once into ``.cache/``), served from 127.0.0.1. The learner's move
is the first legal move the board lists (``.mtl-legal-list .mtl-legal-move``, its
``data-key`` "legal:MOVE"), played as a learner plays it: a tile and its train clicked,
or the move's own button (draw, pass).

``--smoke``: one cold and one warm load, three moves (figures not meaningful).
"""

from __future__ import annotations

import functools
import http.server
import re
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import mtlearn_engine  # noqa: E402
from benchkit import announce, parse_smoke, size  # noqa: E402

from mtlearn import Game  # noqa: E402
from mtlearn.jupyter.widgets import Board  # noqa: E402
from mtlearn.present.htmlout import standalone_html  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]

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


def _site(folder: Path) -> tuple[int, int]:
    _, size = mtlearn_engine.write_engine(folder)
    board = Board(Game.new(4, seed=7), bots={1: "greedy", 2: "greedy", 3: "greedy"},
                  perspective=0)
    html = standalone_html("board", board._static_state(), engine_url=mtlearn_engine.ENGINE_DIR)
    (folder / "board.html").write_text(PAGE.format(body=html), encoding="utf-8")
    return size, len(html.encode())


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
    from playwright.sync_api import sync_playwright

    announce(smoke)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        engine_bytes, board_bytes = _site(folder)
        wheel = next((folder / mtlearn_engine.ENGINE_DIR).glob("*.whl")).stat().st_size
        handler = functools.partial(_Quiet, directory=str(folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/board.html"
        print(f"bytes added to the book (once, in _static/{mtlearn_engine.ENGINE_DIR}/): "
              f"{engine_bytes / 1e6:.1f} MB (Pyodide {mtlearn_engine.PYODIDE_VERSION} core "
              f"{(engine_bytes - wheel) / 1e6:.1f} MB, mtlearn wheel {wheel / 1e3:.0f} kB)")
        print(f"one 4-player board's HTML (state, session, one-move answers, module): "
              f"{board_bytes / 1e3:.0f} kB")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
            cold, warm, paints, stages = [], [], [], []
            for _ in range(size(smoke, 3, 1)):
                context = browser.new_context()  # empty HTTP cache
                page = context.new_page()
                page.goto(url, wait_until="load")
                r = page.evaluate(READY_JS)
                paints.append(page.evaluate("window.__paint"))
                cold.append((r["now"] - r["load"]) / 1000)
                page.reload(wait_until="load")
                r = page.evaluate(READY_JS)
                paints.append(page.evaluate("window.__paint"))
                warm.append((r["now"] - r["load"]) / 1000)
                stages.append(r["stages"])
                context.close()
            print(f"first paint of the board page: median {statistics.median(paints):.1f} ms "
                  f"(target <= 50 ms)")
            print(f"engine ready after page load, cold cache: median "
                  f"{statistics.median(cold):.2f} s of {len(cold)} (target <= 3 s)")
            print(f"engine ready after page load, warm cache: median "
                  f"{statistics.median(warm):.2f} s of {len(warm)} (target <= 2 s)")
            print("  inside the worker, ms from its start (warm): " + "; ".join(
                ", ".join(f"{k} {v}" for k, v in st.items()) for st in stages))

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
        server.shutdown()


if __name__ == "__main__":
    main(smoke=parse_smoke(__doc__))
