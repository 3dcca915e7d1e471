"""Chapter after chapter in one browser: each live notebook is the chapter asked for.

A learner follows "Open as live notebook" on chapter 1, then chapter 3, then the puzzles,
in one browser tab with the CPU slowed (as on a weak laptop, where JupyterLab once showed an
earlier chapter in place of the one asked for). Each time the notebook shown is the chapter
of the link, it is the only document open, its kernel is the only Python running in the
tab, the page said in words what it was doing until Python was ready, rule links in its
text open beside it, nothing leaves 127.0.0.1 and no page logs an
uncaught error. The time from click to kernel ready is printed (a figure, not a limit).
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))

import mtlearn_lite

KERNEL_TIMEOUT = 240_000
#: Chromium's CPU slowed this many times (CDP), for the whole walk.
THROTTLE = 4
WALK = ["01-tiles-and-set", "03-opening-trains", "puzzles"]


def _heading(text: str) -> str:
    return re.sub(r"[#¶\s]+", " ", text).strip()


def test_chapters_1_3_puzzles_in_one_browser_each_the_chapter_asked_one_python(
        chromium: Any, book_url: str, artifacts_dir: Path) -> None:
    from conftest import is_local_url

    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    off_machine: list[str] = []
    errors: list[str] = []
    context.on("request", lambda r: off_machine.append(r.url)
               if not is_local_url(r.url) else None)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    rule_links = 0
    timings = []
    try:
        for name in WALK:
            page.goto(book_url + f"tutorials/{name}.html")
            title = _heading(page.locator("h1").first.inner_text())
            button = page.get_by_role("link", name="Open as live notebook")
            t0 = time.monotonic()
            button.click()
            page.wait_for_url(re.compile(
                rf"/lite/{mtlearn_lite.APP}/index\.html\?path={re.escape(name)}\.ipynb$"))
            page.locator(".jp-KernelStatus-success").first.wait_for(timeout=KERNEL_TIMEOUT)
            timings.append(time.monotonic() - t0)
            # the words on the page followed the start and now say what to do next
            progress = page.locator(".mtl-lite-progress[role=status]")
            expect(progress).to_have_attribute("data-step", "4", timeout=10_000)
            expect(progress).to_contain_text("Python is ready")
            panels = page.locator(".jp-NotebookPanel")
            expect(panels).to_have_count(1)
            shown = _heading(panels.locator(".jp-MarkdownCell h1").first.inner_text())
            assert shown == title, f"{name}: the live notebook shows {shown!r}, not {title!r}"
            pythons = [w.url for w in page.workers]
            assert len(pythons) == 1, f"{name}: {len(pythons)} workers: {pythons}"
            assert len(context.pages) == 1
            for link in panels.locator('.jp-RenderedMarkdown a[href*="rules.html"]').all():
                assert link.get_attribute("target") == "_blank", link.get_attribute("href")
                assert "noopener" in (link.get_attribute("rel") or "")
                rule_links += 1
            page.screenshot(path=str(artifacts_dir / f"lite-walk-{name}.png"))
    finally:
        context.close()
    print(f"\n[lite] click -> kernel ready, CPU {THROTTLE}x slower: "
          + ", ".join(f"{n} {t:.1f} s" for n, t in zip(WALK, timings, strict=False)))
    assert rule_links, "no rule link in the walked notebooks: the new-tab check ran on nothing"
    assert not off_machine, f"requests left 127.0.0.1: {off_machine[:5]}"
    assert not errors, f"page errors: {errors[:5]}"
