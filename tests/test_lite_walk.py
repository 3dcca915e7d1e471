"""Chapter after chapter in one live tab, with one Python (issue 30).

A learner, with the CPU slowed (as on a weak laptop, where JupyterLab once showed an earlier
chapter in place of the one asked for), follows "Open as live notebook" on chapter 3 of the
book (the first pages offer none): the live notebook opens in its own tab and Python starts
there, once. They follow chapter 3's link to the puzzle trainer (it opens in the same page,
with the same Python), go back to the book's tab, open chapter 4 live (the live tab switches
to chapter 4 in place: no new tab, no new Python), run it (its boards come to life in the
kernel that started with chapter 3), and follow its "Next" link to chapter 5. Each time the
notebook shown is the chapter asked for, the only document open, and its address is in the address bar; one
kernel worker ran in the whole walk, the page said in words what it was doing until Python
was ready, rule links open beside the notebook, nothing leaves 127.0.0.1 and no page logs an
uncaught error. The times from click to ready are printed (figures, not limits).
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
from test_book import hold_engine
from test_lite import idle, run_all

KERNEL_TIMEOUT = 240_000
#: Chromium's CPU slowed this many times (CDP), for the whole walk.
THROTTLE = 4
#: How each chapter is reached: from the book's button, a link in the notebook's text, the
#: book's button again (the live tab already runs), the notebook's "Next" link.
WALK = [("03-opening-trains", "book"), ("trainer", "link"), ("04-turns-drawing-markers", "book"),
        ("05-doubles", "next")]


def _heading(text: str) -> str:
    return re.sub(r"[#¶\s]+", " ", text).strip()


def _address(name: str) -> re.Pattern[str]:
    return re.compile(rf"/lite/{mtlearn_lite.APP}/index\.html\?path={re.escape(name)}\.ipynb$")


def _shows(live: Any, name: str) -> None:
    """The live tab shows chapter ``name``, alone, at its own address."""
    live.wait_for_url(_address(name))
    panels = live.locator(".jp-NotebookPanel")
    panels.locator(".jp-MarkdownCell h1").first.wait_for(timeout=KERNEL_TIMEOUT)
    expect(panels).to_have_count(1)
    title = _heading(mtlearn_lite.nav.title(mtlearn_lite.TUTORIALS / f"{name}.md"))
    expect(panels.locator(".jp-MarkdownCell h1").first).to_contain_text(title)
    shown = _heading(panels.locator(".jp-MarkdownCell h1").first.inner_text())
    assert shown == title, f"{name}: the live notebook shows {shown!r}, not {title!r}"
    expect(live.locator("#jp-title h1")).to_have_text(name)


def test_chapters_in_one_live_tab_each_the_chapter_asked_one_python(
        chromium: Any, book_url: str, artifacts_dir: Path) -> None:
    from conftest import is_local_url

    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    off_machine: list[str] = []
    errors: list[str] = []
    workers: list[tuple[Any, str]] = []  # (page, url): the book's own engine has one too
    context.on("request", lambda r: off_machine.append(r.url)
               if not is_local_url(r.url) else None)

    def watch(page: Any) -> None:
        page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}\n{(e.stack or '')[:800]}"))
        page.on("worker", lambda w: workers.append((page, w.url)))

    def throttle(page: Any) -> None:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})

    context.on("page", watch)
    rule_links = 0
    timings = []
    try:
        book = context.new_page()
        # the book's own boards stay as drawn (no second Python beside the live tab's)
        hold_engine(book)
        throttle(book)
        live = None
        for name, how in WALK:
            if how == "book":
                book.bring_to_front()
                book.goto(book_url + f"tutorials/{name}.html")
                button = book.get_by_role("link", name="Open as live notebook")
                t0 = time.monotonic()
                if live is None:  # the first time, the live tab opens
                    with context.expect_page() as opened:
                        button.click()
                    live = opened.value
                    throttle(live)
                else:  # then the tab that runs switches chapter: no new tab
                    button.click()
            else:
                assert live is not None
                if how == "link":
                    link = live.locator(f'.jp-RenderedMarkdown a[href$="path={name}.ipynb"]')
                else:
                    link = live.locator(".jp-RenderedMarkdown a", has_text=re.compile(
                        r"^" + re.escape(mtlearn_lite.nav.title(
                            mtlearn_lite.TUTORIALS / f"{name}.md")) + "$"))
                    assert "Next:" in link.last.locator("xpath=..").inner_text()
                link.last.scroll_into_view_if_needed()
                t0 = time.monotonic()
                link.last.click()
            _shows(live, name)
            idle(live, KERNEL_TIMEOUT)
            live.locator(".jp-OutputArea .mtl-root").first.wait_for(timeout=60_000)
            timings.append((name, how, time.monotonic() - t0))
            assert len(context.pages) == 2, [p.url for p in context.pages]
            pythons = [url for page, url in workers if page is live]
            assert len(pythons) == 1, f"{name}: {len(pythons)} kernel workers: {pythons}"
            # the words on the page followed the start and now say what to do next
            progress = live.locator(".mtl-lite-progress[role=status]")
            expect(progress).to_have_attribute("data-step", "4", timeout=10_000)
            expect(progress).to_contain_text("Python is ready")
            for link in live.locator('.jp-RenderedMarkdown a[href*="rules.html"]').all():
                assert link.get_attribute("target") == "_blank", link.get_attribute("href")
                assert "noopener" in (link.get_attribute("rel") or "")
                rule_links += 1
            if name == "04-turns-drawing-markers":
                # chapter 4 runs in the kernel chapter 3 started (one worker, above): its
                # boards come to life
                run_all(live)
                expect(live.locator(".jp-OutputArea .mtl-not-live")).to_have_count(0)
                # Run All clears the stored boards first: wait for the live ones to be drawn
                live.locator(".jp-OutputArea .mtl-root.mtl-board").first.wait_for(
                    timeout=60_000)
                assert live.locator(".jp-OutputArea .mtl-root.mtl-board").count() > 0
            live.screenshot(path=str(artifacts_dir / f"lite-walk-{name}.png"))
        assert len(live.workers) == 1, live.workers
        live.wait_for_timeout(3_500)  # late work of the closed chapters would fail by now
        # one entry in the tab's history: Back leaves the notebooks, Reload opens chapter 4
        assert live.evaluate("history.length") == 1
    finally:
        context.close()
    print(f"\n[lite] click -> kernel ready and a board drawn, CPU {THROTTLE}x slower: "
          + ", ".join(f"{n} ({how}) {t:.1f} s" for n, how, t in timings))
    assert rule_links, "no rule link in the walked notebooks: the new-tab check ran on nothing"
    assert not off_machine, f"requests left 127.0.0.1: {off_machine[:5]}"
    assert not errors, f"page errors: {errors[:5]}"
