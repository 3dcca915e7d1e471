"""Browser benchmarks: first paint of an 8-player board and one scenario step, in Chromium.

Run with ``./dev bench`` or ``python benchmarks/browser.py``. Figures are printed,
never asserted. Targets (issue 3): first paint <= 50 ms, one step <= 16 ms.

First paint is measured inside the page: from the start of the board's module script
to the first rendered frame (a requestAnimationFrame callback, then a task), with the
board's HTML loaded from a local file. One step is measured on a scenario of 8-player frames,
from a "Next" click to the new frame laid out (the page's own work), and to the frame
painted (which also waits for the display's next vsync).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtlearn import Game, GreedyBot
from mtlearn.present.htmlout import standalone_html
from mtlearn.present.view import view

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]

PAGE = """<!doctype html><html><head><meta charset="utf-8"><script>
window.__t0 = performance.now();
</script></head><body style="width:800px">{body}<script type="module">
requestAnimationFrame(() => setTimeout(() => {{
  window.__paint = performance.now() - window.__t0; }}, 0));
</script></body></html>"""

STEP_JS = """async () => {
  const next = document.querySelector('button[aria-label="Next step"]');
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const t0 = performance.now();
  next.click();
  void document.body.offsetHeight;          // style and layout of the new frame
  const work = performance.now() - t0;
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));  // painted
  return [work, performance.now() - t0];
}"""


def eight_player_frames(count: int = 12) -> list[dict]:
    """Views of an 8-player double-12 round after each of ``count`` greedy moves."""
    game = Game.new(8, seed=2)
    bot = GreedyBot()
    for _ in range(40):
        game.push(bot.choose(game))
    frames = []
    for k in range(count):
        v = view(game, verdicts=True)
        v["step"] = f"Step {k}"
        v["narration"] = f"Move {k}."
        frames.append(v)
        if game.over:
            break
        game.push(bot.choose(game))
    return frames


def main(repeats: int = 15) -> None:
    from playwright.sync_api import sync_playwright

    frames = eight_player_frames()
    board = standalone_html("board", {"view": frames[0]})
    scenario = standalone_html("scenario", {"title": "8 players", "frames": frames})
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        board_file = Path(tmp, "board.html")
        board_file.write_text(PAGE.format(body=board), encoding="utf-8")
        scen_file = Path(tmp, "scenario.html")
        scen_file.write_text(PAGE.format(body=scenario), encoding="utf-8")
        page = browser.new_page(viewport={"width": 820, "height": 1000})
        paints = []
        for _ in range(repeats):
            page.goto(board_file.as_uri())
            page.wait_for_function("window.__paint !== undefined")
            paints.append(page.evaluate("window.__paint"))
        page.goto(scen_file.as_uri())
        page.wait_for_function("window.__paint !== undefined")
        steps = []
        for _ in range(len(frames) - 1):
            steps.append(page.evaluate(STEP_JS))
        browser.close()
    print(f"8-player board, first paint in Chromium: median {statistics.median(paints):.1f} ms "
          f"(min {min(paints):.1f}, max {max(paints):.1f}, {repeats} loads)  target <= 50 ms")
    work = [w for w, _ in steps]
    shown = [t for _, t in steps]
    print(f"scenario step (8 players): render + layout median {statistics.median(work):.1f} ms "
          f"(max {max(work):.1f}); until painted median {statistics.median(shown):.1f} ms "
          f"({len(steps)} steps)  target <= 16 ms")
    print(f"  page size: board {len(board) / 1024:.0f} KiB, scenario of {len(frames)} frames "
          f"{len(scenario) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
