"""Live-notebook benchmarks: the JupyterLite site inside the built book, in Chromium.

Run with ``./dev bench`` or ``python benchmarks/lite.py [BOOK_DIR] [--smoke]`` after ``./dev book``
(the book is read from ``MTLEARN_BOOK_DIR``, the argument, or ``docs/_build/html``).
Figures are printed, never asserted. Targets (issues 20 and 30):

* click -> kernel idle <= 8 s cold (median of 5), broken into its parts (issue 30): the app
  (notebook shown), the kernel's worker started, Pyodide's runtime and stdlib fetched, the
  first wheel asked for (Pyodide booted), the last wheel fetched, kernel idle (wheels
  unpacked, the kernel's imports done);
* the next chapter in the same tab, by the "Next" link at the end of a live notebook: click
  -> that chapter shown, its first board drawn and its kernel idle <= 3 s (the same kernel,
  shared: docs/_ext/mtlearn_lite_nav.py);
* kernel ready <= 10 s after the notebook page is opened with a cold cache;
* first live board <= 12 s after opening (the one-board page ``play``: Run All, then the
  anywidget board drawn from the kernel);
* the book plus the live site <= 60 MB, with exactly one ``pyodide.asm.wasm``;
* the boards' in-page engine no slower than with the Pyodide pinned before (0.28.3): both
  pins are measured here, one after the other, on the same page (``play.py``'s board, next
  to an engine folder written as the book's build writes it, byte-compiled by each pin's
  own Pyodide).

The pages are served from 127.0.0.1 by a thread of this process; each cold figure is a new
browser context (empty HTTP cache), each warm one a reload in the same context.

``--smoke``: one run of each cold figure and no warm one (a reload runs the same code as
the first load), one "Next" chapter, and the in-page engine on the Pyodide of today alone
(figures not meaningful).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import mtlearn_engine  # noqa: E402
import play  # noqa: E402
from benchkit import CHROMIUM, add_smoke, announce, chromium_flags, size  # noqa: E402

#: The in-page engine's Pyodide before the live notebooks (issue 20), to compare against.
BEFORE = ("0.28.3", "sha512-rtCsyTU55oNGpLzSVuAd55ZvruJDEX8o6keSdWKN9jPeBVSNlynaKFG7eRqkiIgU7i2"
          "M6HEgYtm0atCEQX3u4A==", ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                                    "python_stdlib.zip", "pyodide-lock.json"))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def _serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def sizes(book: Path) -> None:
    """The book's size with and without the live site, and the copies of Pyodide's wasm."""
    total = sum(p.stat().st_size for p in book.rglob("*")
                if p.is_file() and ".doctrees" not in p.parts)
    lite = _size(book / "lite")
    engine = _size(book / "_static" / mtlearn_engine.ENGINE_DIR)
    wasm = [p.relative_to(book).as_posix() for p in book.rglob("pyodide.asm.wasm")]
    print(f"book + live site: {total / 1e6:.1f} MB (target <= 60 MB); of which lite/ "
          f"{lite / 1e6:.1f} MB and _static/{mtlearn_engine.ENGINE_DIR}/ (Pyodide "
          f"{mtlearn_engine.PYODIDE_VERSION} core + the kernel's wheels) {engine / 1e6:.1f} MB")
    print(f"copies of pyodide.asm.wasm: {len(wasm)} (target 1): {', '.join(wasm)}")


#: The kernel-idle sign of each JupyterLite app (the notebook app's status icon, the lab's
#: status bar) — the lab only to measure how the book opened notebooks before issue 30.
IDLE = {"notebooks": ".jp-KernelStatus-success",
        "lab": '.jp-StatusBar-Widget:has-text("| Idle")'}


def _idle(page: Any, timeout: float = 300_000, app: str = "notebooks") -> None:
    page.locator(IDLE[app]).first.wait_for(timeout=timeout)


def _run_all(page: Any) -> None:
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.click(
        position={"x": 2, "y": 2})
    page.locator(".lm-MenuBar-item", has_text=re.compile("^Run$")).click()
    page.locator(".lm-Menu-item:not(.lm-mod-disabled) .lm-Menu-itemLabel",
                 has_text=re.compile("^Run All Cells$")).first.click()


def kernel_and_board(browser: Any, url: str, runs: int = 3, warm: bool = True) -> None:
    """Kernel ready and first live board after opening ``play`` live, cold and warm
    (``warm`` false, as in a smoke run: no reload, which starts a second Python the same
    way as the first)."""
    ready_cold, ready_warm, board_cold = [], [], []
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        t0 = time.monotonic()
        page.goto(url + "lite/notebooks/index.html?path=play.ipynb")
        _idle(page)
        ready_cold.append(time.monotonic() - t0)
        _run_all(page)
        page.locator(".jp-OutputArea .mtl-root.mtl-board").first.wait_for(timeout=300_000)
        board_cold.append(time.monotonic() - t0)
        if warm:
            t0 = time.monotonic()
            page.reload()
            _idle(page)
            ready_warm.append(time.monotonic() - t0)
        context.close()
    med = statistics.median
    print(f"kernel ready after opening a live notebook, cold cache: median "
          f"{med(ready_cold):.1f} s of {runs} (target <= 10 s); warm (reload): "
          + (f"{med(ready_warm):.1f} s" if ready_warm else "not measured in a smoke run"))
    print(f"first live board (open, Run All, board drawn from the kernel), cold: median "
          f"{med(board_cold):.1f} s (target <= 12 s)")


def stored_board(browser: Any, url: str, runs: int = 3) -> None:
    """Issue 30: the first stored board (the book's run, docs/_ext/mtlearn_lite_outputs.py)
    drawn after opening chapter 5 live, cold, before the kernel is ready (target <= 1 s
    after the notebook appears)."""
    after_open, after_panel = [], []
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        t0 = time.monotonic()
        page.goto(url + "lite/notebooks/index.html?path=05-doubles.ipynb")
        page.locator(".jp-NotebookPanel").first.wait_for(timeout=300_000)
        t1 = time.monotonic()
        page.locator(".jp-OutputArea .mtl-standalone .mtl-root").first.wait_for(timeout=300_000)
        after_open.append(time.monotonic() - t0)
        after_panel.append(time.monotonic() - t1)
        context.close()
    med = statistics.median
    print(f"first stored board in a live notebook, cold: median {med(after_open):.1f} s after "
          f"opening, {med(after_panel):.2f} s after the notebook appears (target <= 1 s)")


#: The chapters opened one after the other in one tab for :func:`startup_parts`: the first
#: cold, each next one by the "Next" link at the end of the one before (issue 30).
CHAPTERS = ("01-tiles-and-set", "02-setting-up", "03-opening-trains")

#: The chapter ``path`` is the document shown and its kernel is idle.
_SHOWN_IDLE = """(path) => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.context && w.context.path === path && w.sessionContext.session
    && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}"""


def _parts(browser_page: Any, url: str, app: str = "notebooks") -> dict[str, float]:
    """Open one live notebook; seconds from the click to each step of its start."""
    page = browser_page
    marks: dict[str, float] = {}
    t0 = time.monotonic()

    def at(name: str) -> None:
        marks.setdefault(name, time.monotonic() - t0)

    def finished(req: Any) -> None:
        if req.url.endswith("pyodide.asm.wasm"):
            at("runtime (wasm) fetched")
        if req.url.endswith("python_stdlib.zip"):
            at("stdlib fetched")
        if re.search(r"/mtlearn-[^/]*\.whl$", req.url):
            at("packages fetched")

    def started(req: Any) -> None:
        if req.url.endswith(".whl"):
            at("packages: first wheel asked for")

    page.on("request", started)
    page.on("requestfinished", finished)
    page.on("worker", lambda w: at("kernel worker started"))
    page.goto(url)
    at("page loaded")
    page.locator(".jp-NotebookPanel .jp-MarkdownCell").first.wait_for(timeout=300_000)
    at("notebook shown")
    _idle(page, app=app)
    at("kernel idle")
    page.remove_listener("requestfinished", finished)
    page.remove_listener("request", started)
    return marks


def _next_in_place(page: Any, name: str) -> dict[str, float]:
    """Click the link to chapter ``name`` at the end of the live notebook shown; seconds
    from the click to that chapter shown, its first (stored) board drawn, its kernel idle
    (the kernel already running, shared: mtlearn_lite_nav)."""
    link = page.locator(f'.jp-RenderedMarkdown a[href$="path={name}.ipynb"]').last
    link.scroll_into_view_if_needed()
    workers = len(page.workers)
    t0 = time.monotonic()
    link.click()
    page.wait_for_url(re.compile(rf"\?path={re.escape(name)}\.ipynb$"), timeout=300_000)
    marks = {"notebook shown": time.monotonic() - t0}
    page.locator(".jp-NotebookPanel .jp-OutputArea .mtl-root").first.wait_for(timeout=300_000)
    marks["first board drawn"] = time.monotonic() - t0
    page.wait_for_function(_SHOWN_IDLE, arg=f"{name}.ipynb", timeout=300_000)
    marks["kernel idle"] = time.monotonic() - t0
    marks["idle and board"] = max(marks["kernel idle"], marks["first board drawn"])
    if len(page.workers) != workers:
        print(f"  (warning: {name} started another Python: {len(page.workers)} workers)")
    return marks


def startup_parts(browser: Any, url: str, runs: int = 5, app: str = "notebooks",
                  chapters: tuple[str, ...] = CHAPTERS) -> None:
    """Click → kernel idle, broken into its parts: cold (a new browser each time, median of
    ``runs``), then the next chapters in the same tab by their "Next" links."""
    cold: list[dict[str, float]] = []
    nxt: list[dict[str, float]] = []
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        cold.append(_parts(page, url + f"lite/{app}/index.html?path={chapters[0]}.ipynb", app))
        for name in chapters[1:]:
            nxt.append(_next_in_place(page, name))
        context.close()
    for label, rows, target in (("cold", cold, "idle <= 8 s"),
                                ("next chapter, same tab", nxt, "idle and board <= 3 s")):
        keys = sorted({k for r in rows for k in r}, key=lambda k: statistics.median(
            [r[k] for r in rows if k in r]))
        parts = ", ".join(f"{k} {statistics.median([r[k] for r in rows if k in r]):.1f} s"
                          for k in keys)
        print(f"live notebook start in lite/{app}/, {label} (median of {len(rows)}; seconds after "
              f"the click): {parts} (target: {target})")


def engine_ready(browser: Any, runs: int = 3, before: bool = True, warm: bool = True
                 ) -> dict[str, tuple[float, float | None]]:
    """The in-page engine's ready time with the Pyodide pinned before and the one now
    (``before`` false: the one now alone, as a smoke run does: the same code, without
    fetching and loading a second Pyodide; ``warm`` false: no reload)."""
    now = (mtlearn_engine.PYODIDE_VERSION, mtlearn_engine.PYODIDE_INTEGRITY,
           mtlearn_engine.CORE_FILES)
    out = {}
    if not before:
        print(f"in-page engine ready, Pyodide {BEFORE[0]} (before): not measured in a "
              "smoke run")
    for label, pin in (("before", BEFORE), ("now", now))[0 if before else 1:]:
        (mtlearn_engine.PYODIDE_VERSION, mtlearn_engine.PYODIDE_INTEGRITY,
         mtlearn_engine.CORE_FILES) = pin
        try:
            with tempfile.TemporaryDirectory() as tmp:
                folder = Path(tmp)
                play._site(folder)
                server, base = _serve(folder)
                cold: list[float] = []
                warmed: list[float] = []
                for _ in range(runs):
                    context = browser.new_context()
                    page = context.new_page()
                    page.goto(base + "board.html", wait_until="load")
                    r = page.evaluate(play.READY_JS)
                    cold.append((r["now"] - r["load"]) / 1000)
                    if warm:
                        page.reload(wait_until="load")
                        r = page.evaluate(play.READY_JS)
                        warmed.append((r["now"] - r["load"]) / 1000)
                    context.close()
                server.shutdown()
                server.server_close()
        finally:
            (mtlearn_engine.PYODIDE_VERSION, mtlearn_engine.PYODIDE_INTEGRITY,
             mtlearn_engine.CORE_FILES) = now
        out[label] = (statistics.median(cold), statistics.median(warmed) if warmed else None)
        print(f"in-page engine ready, Pyodide {pin[0]} ({label}): cold median "
              f"{out[label][0]:.2f} s, warm "
              + (f"{out[label][1]:.2f} s" if warmed else "not measured in a smoke run")
              + f" of {runs}")
    return out


def main(book: Path | None = None, smoke: bool = False) -> None:
    from playwright.sync_api import sync_playwright

    announce(smoke)
    given = book or Path(os.environ.get("MTLEARN_BOOK_DIR") or ROOT / "docs" / "_build" / "html")
    if not (given / "lite" / "index.html").is_file():
        print(f"live notebooks: no built book with lite/ at {given}: run ./dev book first")
        return
    sizes(given)
    server, url = _serve(given)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=chromium_flags(smoke))
            startup_parts(browser, url, size(smoke, 5, 1),
                          chapters=CHAPTERS[:2] if smoke else CHAPTERS)
            kernel_and_board(browser, url, size(smoke, 3, 1), warm=not smoke)
            stored_board(browser, url, size(smoke, 3, 1))
            engine_ready(browser, size(smoke, 3, 1), before=not smoke, warm=not smoke)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    ap = add_smoke(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    ap.add_argument("book", type=Path, nargs="?", default=None,
                    help="the built book's html folder (default: MTLEARN_BOOK_DIR or "
                         "docs/_build/html)")
    a = ap.parse_args()
    main(a.book, smoke=a.smoke)
