"""The live notebooks (JupyterLite inside the built book), in Chromium, served from 127.0.0.1.

A learner opens chapter 5 from its "Open as live notebook" button, runs every cell in the
browser's own Python, plays a move on a live board and gets the engine's verdict from the
kernel, answers a puzzle, runs its cell again and finds the progress kept, and the book's own page of
chapter 5 shows the same stars. Nothing leaves 127.0.0.1 and the pages log no error.
The site's files: one Pyodide for the boards' engine and the kernel, the lock listing
exactly the files that are there with their checksums, a notebook for every chapter.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sys
import time
import types
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_book import hold_engine

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))

import mtlearn_lite

KERNEL_TIMEOUT = 180_000
LIVE_PAGES = [*[f"{n:02d}" for n in range(1, 11)], "puzzles", "using-python"]


def idle(page: Any, timeout: float = KERNEL_TIMEOUT) -> None:
    """The kernel is ready (the notebook app's kernel status shows idle)."""
    page.locator(".jp-KernelStatus-success").first.wait_for(timeout=timeout)


def menu(page: Any, name: str, item: str) -> None:
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.click(
        position={"x": 2, "y": 2})
    page.locator(".lm-MenuBar-item", has_text=re.compile(f"^{re.escape(name)}$")).click()
    page.locator(".lm-Menu-item:not(.lm-mod-disabled) .lm-Menu-itemLabel",
                 has_text=re.compile(f"^{re.escape(item)}$")).first.click()


def run_all(page: Any) -> None:
    """Run > Run All Cells; wait until every code cell has run and the kernel is idle."""
    idle(page)
    menu(page, "Run", "Run All Cells")
    page.wait_for_function(
        """() => {
            const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
            if (!panel) return false;
            const cells = [...panel.querySelectorAll('.jp-CodeCell')].filter(
                c => (c.querySelector('.cm-content')?.textContent ?? '').trim() !== '');
            return cells.length > 0 && cells.every(c => /\\[\\d+\\]/.test(
                c.querySelector('.jp-InputArea-prompt')?.textContent ?? ''));
        }""", timeout=KERNEL_TIMEOUT)
    idle(page)
    errors = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    tracebacks = [t for t in errors.all_inner_texts() if "Traceback" in t or "Error" in t]
    assert not tracebacks, f"cells failed in the live notebook: {tracebacks[:2]}"


# ---------------------------------------------------------------- the files


def test_one_pyodide_for_the_engine_and_the_kernel(book: Path):
    wasm = sorted(p.relative_to(book).as_posix() for p in book.rglob("pyodide.asm.wasm"))
    assert wasm == ["_static/mtlearn-engine/pyodide/pyodide.asm.wasm"]
    config = json.loads((book / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    # relative to lite/notebooks/ (and lite/lab/): the book's own copy, never a CDN
    assert kernel["pyodideUrl"] == "../../_static/mtlearn-engine/pyodide/pyodide.mjs"
    assert (book / "lite" / "lab" / kernel["pyodideUrl"]).resolve().is_file()
    engine = json.loads((book / "_static/mtlearn-engine/engine.json").read_text())
    assert engine["pyodide"] == mtlearn_lite.KERNEL_PYODIDE


def test_lock_lists_exactly_the_wheels_there_with_their_checksums(book: Path):
    folder = book / "_static" / "mtlearn-engine" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    files = {p.name for p in folder.glob("*.whl")}
    listed = {e["file_name"] for e in lock["packages"].values()}
    assert files == listed
    for entry in lock["packages"].values():
        data = (folder / entry["file_name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["file_name"]
    preload = json.loads((book / "lite" / "jupyter-lite.json").read_text())[
        "jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]["packages"]
    assert set(preload) == set(lock["packages"])
    for needed in ("mtlearn", "anywidget", "ipywidgets", "pyyaml", "pyodide-kernel", "ipython"):
        assert needed in preload
    assert not any(p.startswith("matplotlib-3") for p in files), "no plotting package: the charts are SVG"


#: CPython's bytecode magic number per version (Lib/importlib/_bootstrap_external.py):
#: the kernel's Python is the one named in Pyodide's lock ("info": {"python": ...}).
PYC_MAGIC = {"3.14": 3627}


def test_wheels_and_stdlib_are_byte_compiled_for_the_kernels_python(book: Path):
    """Every module of every wheel and of the standard library's zip is compiled for the
    kernel's Python, unchecked (the browser's unpacking loses file times). mtlearn keeps
    its sources beside the bytecode (a learner's traceback shows mtlearn's lines); the
    other wheels and the standard library ship the bytecode alone (half the download)."""
    import zipfile

    folder = book / "_static" / "mtlearn-engine" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    version = ".".join(lock["info"]["python"].split(".")[:2])
    magic = PYC_MAGIC[version].to_bytes(2, "little") + b"\r\n"
    tag = "cpython-" + version.replace(".", "")

    def check(zf: zipfile.ZipFile, pyc: str) -> None:
        head = zf.read(pyc)[:8]
        assert head[:4] == magic, f"{zf.filename}: {pyc} made by another Python"
        assert int.from_bytes(head[4:8], "little") == 0b01, f"{pyc}: not unchecked-hash"

    def module(name: str) -> bool:
        return (".dist-info/" not in name and name.split("/")[0].isidentifier()
                and "/templates/" not in name)

    compiled = sourceless = 0
    for wheel in sorted(folder.glob("*.whl")):
        with zipfile.ZipFile(wheel) as zf:
            names = set(zf.namelist())
            record = next(n for n in names if n.endswith(".dist-info/RECORD"))
            listed = {line.split(",")[0] for line in zf.read(record).decode().splitlines()}
            if wheel.name.startswith("mtlearn-"):
                sources = [n for n in names if n.endswith(".py") and module(n)]
                assert len(sources) > 50
                for name in sources:
                    head, tail = name.rpartition("/")[::2]
                    pyc = f"{head}/__pycache__/{tail[:-3]}.{tag}.pyc".lstrip("/")
                    assert pyc in names, f"{wheel.name}: {name} has no {pyc}"
                    check(zf, pyc)
                    compiled += 1
                continue
            for name in names:
                if name.endswith(".pyc"):
                    assert "__pycache__/" not in name and name[:-1] not in names, name
                    check(zf, name)
                    sourceless += 1
            left = [n for n in names if n.endswith(".py") and module(n)]
            assert len(left) <= 3, f"{wheel.name}: sources left beside no bytecode: {left}"
            assert names - {record} <= listed, f"{wheel.name}: RECORD misses files"
            assert not [n for n in listed if n.endswith(".py") and n not in names]
    assert compiled > 50 and sourceless > 500  # mtlearn; IPython, pygments, …
    with zipfile.ZipFile(folder / "python_stdlib.zip") as zf:
        names = set(zf.namelist())
        for name in ("asyncio/__init__.py", "inspect.py", "json/decoder.py"):
            assert name + "c" in names and name not in names, f"stdlib: {name}"
            check(zf, name + "c")


def test_every_chapter_has_a_notebook_and_a_button(book: Path):
    notebooks = {p.stem for p in (book / "lite" / "files").glob("*.ipynb")}
    for page in (book / "tutorials").glob("*.html"):
        name = page.stem
        assert name in notebooks, f"no live notebook for {name}"
        html = page.read_text(encoding="utf-8")
        if name in mtlearn_lite.FIRST_PAGES:     # a newcomer's first pages offer none
            assert "Open as live notebook" not in html, name
            continue
        assert f'href="../lite/{mtlearn_lite.APP}/index.html?path={name}.ipynb"' in html, name
        assert "Open as live notebook" in html
        # no Binder while [project.urls] names no repository (mtlearn.core.links)
        assert "mybinder.org" not in html and "needs the internet" not in html
    assert all(any(n.startswith(p) for n in notebooks) for p in LIVE_PAGES)
    ch10 = json.loads((book / "lite" / "files" / "10-what-the-numbers-say.ipynb").read_text())
    code = "\n".join("".join(c["source"]) for c in ch10["cells"] if c["cell_type"] == "code")
    # the charts draw with mtlearn.present.charts (no plotting package), as in the book
    assert "matplotlib" not in code and "plt" not in code and "bar_chart(" in code


def _code(cells: list[Any]) -> list[str]:
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in cells if c["cell_type"] == "code"]


#: A chapter whose code the conversion leaves as it is, run in full as a sample of them.
SAMPLE_CHAPTER = "05-doubles"


def test_live_notebooks_differ_from_the_chapters_only_in_what_the_conversion_adds():
    """Each live notebook holds its chapter's code cells unchanged but for the set-up cell
    (no plotting package: chapter 10's charts are SVG). The unchanged cells ran in the book
    build (a kernel with the same mtlearn); what only the live kernel has is run below."""
    import jupytext

    for name in mtlearn_lite.chapters():
        chapter = _code(jupytext.read(mtlearn_lite.TUTORIALS / f"{name}.md").cells)
        live = _code(mtlearn_lite.convert(mtlearn_lite.TUTORIALS / f"{name}.md", "/")["cells"])
        assert "MTLEARN_RULES_URL" in live[0], name  # the set-up cell comes first
        assert len(live) == len(chapter) + 1, name
        for before, after in zip(chapter, live[1:], strict=True):
            assert after == before, name


def test_live_notebooks_with_changed_cells_run_top_to_bottom_twice_without_matplotlib(
        monkeypatch, tmp_path):
    """Run All, twice, in one Python without matplotlib (as in the browser's kernel), for
    chapter 10, whose charts need no plotting package, and for one other chapter: the set-up
    cell, run again, must patch once."""
    from IPython.core.interactiveshell import InteractiveShell

    js = types.ModuleType("js")
    js.location = types.SimpleNamespace(  # type: ignore[attr-defined]
        href="http://127.0.0.1:8000/lite/extensions/@jupyterlite/worker.js")
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # importing it fails
    monkeypatch.setenv("MTLEARN_PROGRESS", str(tmp_path / "progress.json"))
    monkeypatch.setenv("MTLEARN_RULES_URL", "unset")  # restored after the test
    from mtlearn.jupyter.widgets import Puzzle

    monkeypatch.setattr(Puzzle, "__init__", Puzzle.__init__)  # the set-up cell patches it
    # chapter 10 draws charts (mtlearn.present.charts, standard library only): they must
    # draw here, where importing matplotlib fails, as in the browser's kernel
    changed = ["10-what-the-numbers-say"]
    shell = InteractiveShell.instance()
    try:
        for name in [*changed, SAMPLE_CHAPTER]:
            nb = mtlearn_lite.convert(mtlearn_lite.TUTORIALS / f"{name}.md", "/")
            for _ in range(2):
                for source in _code(nb["cells"]):
                    result = shell.run_cell(source, silent=True)
                    assert result.success, (name, source[:300], result.error_in_exec)
        assert os.environ["MTLEARN_RULES_URL"] == "http://127.0.0.1:8000/rules.html"
        assert Puzzle("cover-the-double").storage == "local"
    finally:
        InteractiveShell.clear_instance()
        if "_kernel_init" in vars(Puzzle):
            del Puzzle._kernel_init


def test_each_live_notebook_ends_with_the_chapters_before_and_after_it_in_reading_order():
    """The last cell links the chapters before and after (the book's contents order), by
    their titles, at their live notebooks' addresses: the links that open in place."""
    nav = mtlearn_lite.nav
    order = nav.reading_order(mtlearn_lite.chapters())
    assert sorted(order) == mtlearn_lite.chapters()
    assert order[:4] == ["how-to-play", "first-round", "play", "01-tiles-and-set"]
    assert order[order.index("09-strategy") + 1] == "10-what-the-numbers-say"
    link = re.compile(r"\[([^\]]+)\]\(/book/lite/notebooks/index\.html\?path=([\w-]+)\.ipynb\)")
    for at, name in enumerate(order):
        nb = mtlearn_lite.convert(mtlearn_lite.TUTORIALS / f"{name}.md", "/book/")
        last = nb["cells"][-1]
        assert last["cell_type"] == "markdown" and last["id"] == nav.CELL, name
        found = link.findall("".join(last["source"]))
        expected = order[max(at - 1, 0):at] + order[at + 1:at + 2]
        assert [path for _, path in found] == expected, name
        assert [label for label, _ in found] == [
            nav.title(mtlearn_lite.TUTORIALS / f"{p}.md") for p in expected], name
    assert "Next: [2. Setting up a round]" in "".join(mtlearn_lite.convert(
        mtlearn_lite.TUTORIALS / "01-tiles-and-set.md", "/")["cells"][-1]["source"])


def test_reading_order_puts_chapters_the_contents_do_not_list_last(tmp_path: Path):
    index = tmp_path / "index.md"
    index.write_text("```{toctree}\n:maxdepth: 1\n\ntutorials/b\nrules\ntutorials/a\n```\n"
                     "```{toctree}\ntutorials/gone\n```\n", encoding="utf-8")
    assert mtlearn_lite.nav.reading_order(["a", "b", "c"], index) == ["b", "a", "c"]
    page = tmp_path / "x.md"
    page.write_text("No heading here\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"x\.md: no level-one heading"):
        mtlearn_lite.nav.title(page)


def test_conversion_links_rules_to_the_book_and_keeps_progress_in_the_browser():
    nb = mtlearn_lite.convert(mtlearn_lite.TUTORIALS / "05-doubles.md", "/book/")
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    assert "](/book/rules.html#r-dbl-1)" in text
    assert "../docs/rules.md" not in text
    setup = "".join(nb["cells"][1]["source"])
    assert '"storage", "local"' in setup and "MTLEARN_RULES_URL" in setup
    assert nb["metadata"]["kernelspec"]["name"] == "python"


def test_live_notebooks_hold_the_book_s_boards_sharing_one_front_end(book: Path):
    """Each chapter's live notebook carries the boards the book run drew (so they show
    before Python starts), marked not live yet, each board its state only: the front end
    is one shared file, and no widget view is left that would need a kernel."""
    import mtlearn_lite_outputs as outputs

    lite = book / "lite"
    js = (lite / outputs.BOARD_JS).read_text(encoding="utf-8")
    assert "export { mountStandalone" in js and (lite / outputs.BOARD_CSS).is_file()
    total = 0
    for path in sorted((lite / "files").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        boards = 0
        for cell in (c for c in nb["cells"] if c["cell_type"] == "code"):
            for out in cell.get("outputs", []):
                data = out.get("data", {})
                assert "application/vnd.jupyter.widget-view+json" not in data, path.name
                html = data.get("text/html", "")
                html = "".join(html) if isinstance(html, list) else html
                if "mtl-standalone" in html:
                    boards += 1
                    assert cell["metadata"].get("trusted") is True, path.name
                    assert html.startswith(outputs.NOT_LIVE)
                    assert f'from "../{outputs.BOARD_JS}"' in html and js[:2000] not in html
                    # a board gone before its script ran (Run All, another chapter) is skipped
                    assert "if (mtlBoard) mountStandalone(mtlBoard);" in html
        total += boards
        assert path.stat().st_size < 1_000_000, f"{path.name}: {path.stat().st_size} bytes"
    assert total >= 100, f"only {total} boards stored in the live notebooks"
    ch5 = json.loads((lite / "files" / "05-doubles.ipynb").read_text(encoding="utf-8"))
    assert sum(bool(c.get("outputs")) for c in ch5["cells"]) >= 10


def test_stored_outputs_refuse_an_executed_chapter_of_another_version():
    import mtlearn_lite_outputs as outputs

    live = mtlearn_lite.convert(mtlearn_lite.TUTORIALS / "05-doubles.md", "/")
    executed = {"cells": [{"cell_type": "code", "source": "print('another chapter')",
                           "outputs": []}]}
    with pytest.raises(outputs.OutputsError, match="code cells differ"):
        outputs.stored_outputs(live, executed, "js", "css")
    assert not any(c.get("outputs") for c in live["cells"] if c["cell_type"] == "code")


# ---------------------------------------------------------------- in the browser

#: Ask the kernel of the notebook shown to complete ``code`` (its cursor at the end).
COMPLETE_JS = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const reply = await kernel.requestComplete({code, cursor_pos: code.length});
  return reply.content;
}"""


def test_chapter_5_live_run_all_play_a_move_answer_a_puzzle_progress_kept(
        chromium: Any, book_url: str, artifacts_dir: Path):
    from conftest import is_local_url

    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    off_machine: list[str] = []
    errors: list[str] = []
    context.on("request", lambda r: off_machine.append(r.url)
               if not is_local_url(r.url) else None)
    context.on("page", lambda p: p.on("pageerror", lambda e: errors.append(str(e))))
    try:
        book_page = context.new_page()
        # the book's own boards stay as drawn (no second Python beside the live notebook's)
        hold_engine(book_page)
        # from the book's chapter page, by its button: the live notebook opens in its tab
        book_page.goto(book_url + "tutorials/05-doubles.html")
        button = book_page.get_by_role("link", name="Open as live notebook")
        expect(button).to_be_visible()
        assert button.get_attribute("target") == mtlearn_lite.nav.LIVE_TAB
        opened = time.monotonic()
        with context.expect_page() as new_tab:
            button.click()
        page = new_tab.value
        page.wait_for_url(re.compile(r"/lite/notebooks/index\.html\?path=05-doubles\.ipynb"))
        # the boards the book stored show at once, saying in words that they are not live
        page.locator(".jp-NotebookPanel").first.wait_for(timeout=30_000)
        panel = time.monotonic()
        stored = page.locator(".jp-OutputArea .mtl-standalone .mtl-root.mtl-board").first
        stored.wait_for(timeout=30_000)
        first_board, after_panel = time.monotonic() - opened, time.monotonic() - panel
        assert not page.locator(".jp-KernelStatus-success").count(), "kernel idle first"
        expect(page.locator(".jp-OutputArea .mtl-not-live").first).to_contain_text(
            "When Python is ready in your browser")
        print(f"\n[lite] first stored board drawn {first_board:.2f} s after the click, "
              f"{after_panel:.2f} s after the notebook appeared")
        page.screenshot(path=str(artifacts_dir / "lite-ch5-stored.png"))
        # a move on a stored board is answered in words, never dropped
        tryit = page.locator(".jp-OutputArea .mtl-standalone .mtl-root.mtl-board").last
        tryit.scroll_into_view_if_needed()
        tryit.locator('.mtl-tilebtn[aria-label="6-6"]').click()
        tryit.locator('.mtl-train[data-train="1"] .mtl-target').click()
        expect(tryit.locator(".mtl-message")).to_contain_text(re.compile(
            r"Legal: Play 6-6 .*a saved board: run all the cells to play it"))
        expect(tryit).to_contain_text("this board was saved with the chapter")
        tryit.screenshot(path=str(artifacts_dir / "lite-ch5-stored-click.png"))
        run_all(page)
        assert not page.locator(".jp-OutputArea .mtl-not-live").count()
        page.screenshot(path=str(artifacts_dir / "lite-ch5-ran.png"))
        # Tab completion, with no jedi in the kernel (mtlearn_lite_slim): IPython's own
        completion = page.evaluate(COMPLETE_JS, "_widgets.Puzz")
        assert completion["status"] == "ok", completion
        assert any(m.endswith("Puzzle") for m in completion["matches"]), completion

        # the "Try it" board: Ana lays 6-6, then Ben tries 10-7 on his own train
        board = page.locator(".jp-OutputArea .mtl-root.mtl-board").last
        board.scroll_into_view_if_needed()
        board.locator('.mtl-tilebtn[aria-label="6-6"]').click()
        board.locator('.mtl-train[data-train="1"] .mtl-target').click()
        expect(board.locator(".mtl-message")).to_contain_text("6-6", timeout=30_000)
        board.locator('.mtl-tilebtn[aria-label="9-4"]').click()
        board.locator('.mtl-train[data-train="M"] .mtl-target').click()
        expect(board.locator('.mtl-train[data-train="1"]')).to_contain_text("open double")
        board.locator('.mtl-tilebtn[aria-label="10-7"], .mtl-tilebtn[aria-label="7-10"]'
                      ).first.click()
        board.locator('.mtl-train[data-train="2"] .mtl-target').click()
        message = board.locator(".mtl-message")
        expect(message).to_contain_text("Not allowed", timeout=30_000)
        rule = message.locator("a.mtl-rule").first
        href = rule.get_attribute("href") or ""
        assert href.startswith(book_url + "rules.html#r-"), href
        board.screenshot(path=str(artifacts_dir / "lite-ch5-board.png"))

        # a puzzle: a whole turn, right at the first try
        pz = page.locator(".jp-OutputArea .mtl-puzzle[data-puzzle='double-then-cover']").first
        pz.scroll_into_view_if_needed()
        for tile, train in (("5-5", "1"), ("8-5", "1")):
            pz.locator(f"[data-key='tile:{tile}']").first.click()
            pz.locator(f"[data-key='train:{train}']").first.click()
        expect(pz.locator(".mtl-pz-feedback")).to_have_attribute("data-status", "right",
                                                                  timeout=30_000)
        stars = pz.locator(".mtl-pz-feedback .mtl-stars").get_attribute("aria-label") or ""
        assert re.fullmatch(r"[123] of 3 stars", stars), stars
        stored = page.evaluate("localStorage.getItem('mtlearn.puzzle.double-then-cover')")
        assert stored and json.loads(stored)["solved"] is True

        # the puzzle's cell run again: the new widget shows the progress kept (a reload
        # and a second Run All would test the same reading of the store, with a second
        # Python start: the book's page below is the new page load)
        cell = page.locator(".jp-CodeCell").filter(
            has=page.locator(".mtl-puzzle[data-puzzle='double-then-cover']")).first
        prompt = cell.locator(".jp-InputArea-prompt")
        count = prompt.inner_text()
        cell.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")
        expect(prompt).not_to_have_text(count, timeout=30_000)
        expect(prompt).to_have_text(re.compile(r"\[\d+\]"), timeout=30_000)  # run, not "[*]"
        again = cell.locator(".jp-OutputArea .mtl-puzzle[data-puzzle='double-then-cover']")
        expect(again.locator(".mtl-pz-best")).to_contain_text(stars, timeout=30_000)

        # the book's own page of chapter 5 shows the same stars (same browser storage)
        page.goto(book_url + "tutorials/05-doubles.html")
        book_pz = page.locator(".mtl-puzzle[data-puzzle='double-then-cover']").first
        book_pz.scroll_into_view_if_needed()
        expect(book_pz.locator(".mtl-pz-best")).to_contain_text(stars, timeout=30_000)
    finally:
        context.close()
    assert not off_machine, f"requests left 127.0.0.1: {off_machine[:5]}"
    assert not errors, f"page errors: {errors[:5]}"


@pytest.mark.book  # the wheels the book build fetched into .cache/
def test_a_download_that_does_not_match_its_pin_is_refused_and_removed(tmp_path: Path):
    real = mtlearn_lite.fetch_wheels()
    folder = tmp_path / "lite-wheels"
    shutil.copytree(real, folder)
    bad = folder / "ipywidgets-8.1.9-py3-none-any.whl"
    bad.write_bytes(bad.read_bytes() + b"tampered")
    with pytest.raises(mtlearn_lite.LiteError, match=r"ipywidgets-8\.1\.9-py3-none-any\.whl "
                       r"does not match its pinned sha256"):
        mtlearn_lite.fetch_wheels(tmp_path)
    assert not bad.exists()


def test_the_live_page_and_the_book_load_what_switches_chapter_in_place(book: Path):
    """The app is exposed to the notebook page's scripts, the page loads the script that
    opens chapters in place, and the book's buttons open one named tab with the script
    that asks that tab to switch."""
    nav = mtlearn_lite.nav
    lite = book / "lite"
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))
    assert config["jupyter-config-data"]["exposeAppInBrowser"] == "true"
    page = (lite / mtlearn_lite.APP / "index.html").read_text(encoding="utf-8")
    assert f'<script src="../{nav.NAV_JS}" defer>' in page and (lite / nav.NAV_JS).is_file()
    chapter = (book / "tutorials" / "03-opening-trains.html").read_text(encoding="utf-8")
    assert f'target="{nav.LIVE_TAB}">Open as live notebook</a>' in chapter
    assert f"_static/{nav.BOOK_JS}" in chapter and (book / "_static" / nav.BOOK_JS).is_file()
    # both scripts name the tab as the links do (each is a plain copied file, not a template)
    for script in (book / "_static" / nav.BOOK_JS, lite / nav.NAV_JS):
        assert f'"{nav.LIVE_TAB}"' in script.read_text(encoding="utf-8"), script.name


def test_no_stray_apps_and_a_favicon_at_the_root_and_in_lite(book: Path):
    lite = book / "lite"
    for app in mtlearn_lite.STRAY_APPS:
        assert not (lite / app).exists(), f"lite/{app} is still built (no link leads there)"
    assert (lite / mtlearn_lite.APP / "index.html").is_file()
    for folder in (book, lite):
        ico = (folder / "favicon.ico").read_bytes()
        assert ico[:4] == b"\0\0\1\0" and b"PNG" in ico[:64], folder
        assert (folder / "favicon.svg").read_text(encoding="utf-8").startswith("<svg")
    page = (lite / mtlearn_lite.APP / "index.html").read_text(encoding="utf-8")
    assert mtlearn_lite.PROGRESS_JS in page
    assert (lite / mtlearn_lite.PROGRESS_JS).is_file()
