"""Stored boards for the live notebooks: each chapter opens with its boards already drawn.

The live notebooks (:mod:`mtlearn_lite`) are built without outputs, so a learner used to
see no board until the browser's Python had started (8–20 s) and they had run every cell.
This adds to each live notebook the outputs the book build computed (myst-nb's
``jupyter_execute`` folder), so the boards show their first position at once, as the
book's pages do, and come back on a reload.

How a stored board is kept small and shown without a kernel:

* a board's output in the executed notebook is a widget view plus a self-contained
  ``text/html`` fragment (:func:`mtlearn.present.htmlout.standalone_html`) of about
  250 kB, nearly all of it the front end. The widget view is dropped (without the kernel
  there is no widget to show), and the fragment's inline front end and style sheet are
  replaced by one shared copy in the live site (``mtlearn-board.mjs``, ``.css``), so a
  board costs its state only;
* the cells holding stored boards are marked trusted (``metadata.trusted``), which is how
  JupyterLab decides whether an output's scripts may run; the notebooks are the book's
  own, made at build time;
* a line in words above each stored board says it is not live yet, and that Run All
  brings it to life once Python is ready (at once in a chapter opened from another one in
  the same page, ``mtlearn_lite_nav``). Run All replaces the stored output with the
  live board. A move on a stored board is judged from its view's verdicts (a refusal
  with its rule; a legal move is named as legal), and the board's note says, in words,
  that it is a board saved with the chapter, which Run All brings to life (``host_note``
  "lite", ``static/js/host.js``): true at the start and in a chapter opened from another.

Standard library only (and the book's mtlearn).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mtlearn.present import htmlout

#: The shared front end and style sheet, in the live site's root (``lite/``).
BOARD_JS = "mtlearn-board.mjs"
BOARD_CSS = "mtlearn-board.css"
_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_STATE = re.compile(r'(<script type="application/json" id="mtl-[0-9a-f]{16}-state">)(.*?)</script>',
                    re.S)
_BOOT = re.compile(r'\nmountStandalone\(document\.getElementById\("(mtl-[0-9a-f]{16})"\)\);\n')

# The shared style sheet, added to the page once by the first board (a <link> in an output
# would be resolved by JupyterLab against the notebook's folder, files/, where it is not).
_CSS_ONCE = f"""if (!document.querySelector("link[data-mtl-board-css]")) {{
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../{BOARD_CSS}", document.baseURI).href;
  link.setAttribute("data-mtl-board-css", "");
  document.head.append(link);
  await new Promise((done) => {{ link.onload = link.onerror = done; }});
}}
"""

#: The line above a stored board (static HTML: it needs no script to say it).
NOT_LIVE = (
    '<p class="mtl-not-live" role="note" style="margin:0 0 .3rem;padding:.3rem .6rem;'
    'border-left:4px solid #b7791f;background:#fff8e6;color:#3d2a00;font:14px/1.4 system-ui,'
    'sans-serif"><strong>Not live yet.</strong> This is the board as the book stored it. '
    "When Python is ready in your browser (a few seconds for the first chapter you open; "
    "the next ones, opened from this page, find it ready), run all the cells "
    "(Run › Run All Cells) and the board comes to life.</p>\n")


class OutputsError(ValueError):
    """An executed notebook does not fit the live notebook it should fill."""


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def slim_board(html: str, js: str, css: str) -> str | None:
    """A board's ``standalone_html`` fragment with the front end and the style sheet taken
    from the shared files instead of inline, behind the "not live yet" line; ``None``
    when the fragment is not one the current front end wrote (a stale cache)."""
    style = f"<style>\n{css}\n</style>\n"
    module = f'<script type="module">\n{js}\n'
    if html.count(style) != 1 or html.count(module) != 1:
        return None
    start = html.index(module) + len(module)
    end = html.index("</script>", start)
    boot = _BOOT.fullmatch(html[start:end].rstrip("\n") + "\n")
    if boot is None:
        return None
    # the board may be gone by the time its style sheet has loaded (Run All replaced the
    # output, or another chapter opened in the page: mtlearn_lite_nav)
    call = (f'import {{ mountStandalone }} from "../{BOARD_JS}";\n' + _CSS_ONCE
            + f'const mtlBoard = document.getElementById("{boot[1]}");\n'
            + "if (mtlBoard) mountStandalone(mtlBoard);\n")
    html = html[:start - len(js) - 1] + call + html[end:]
    if 'data-kind="board"' in html[:300]:  # no engine in the notebook page: say why, in words
        match = _STATE.search(html)
        if match is None:
            return None
        state = json.loads(match[2])
        state.pop("session", None)
        # the answers one move ahead are most of a board's weight (about 1 MB in all);
        # a move on a stored board is judged from the view's verdicts, with the board's
        # note saying it is a saved copy that Run All brings to life
        state.pop("successors", None)
        state["host_note"] = "lite"
        html = (html[:match.start(2)] + htmlout._json_for_script(state)
                + html[match.end(2):])
    html = html.replace(style, "")
    return NOT_LIVE + html


def stored_outputs(live: dict[str, Any], executed: dict[str, Any], js: str, css: str) -> int:
    """Copy the outputs of ``executed`` (the book's run of a chapter) into the code cells
    of ``live`` (its live notebook, which has one more code cell first: the set-up).
    Returns how many boards were stored. Raises :class:`OutputsError` when the code cells
    differ (the executed notebook is from another version of the chapter)."""
    ran = [c for c in executed.get("cells", []) if c.get("cell_type") == "code"]
    mine = [c for c in live.get("cells", []) if c.get("cell_type") == "code"][1:]
    if [_source(c).strip() for c in ran] != [_source(c).strip() for c in mine]:
        raise OutputsError("its code cells differ from the live notebook's")
    boards = 0
    for src, dst in zip(ran, mine, strict=True):
        outputs = []
        for out in src.get("outputs", []):
            out = json.loads(json.dumps(out))
            data = out.get("data", {})
            for key, value in data.items():  # nbformat may keep text as a list of lines
                if isinstance(value, list):
                    data[key] = "".join(value)
            html = str(data.get("text/html", ""))
            if _WIDGET_VIEW in data or "<script" in html.lower():
                # a board (or other scripted output): its slim copy, or nothing to show
                data.pop(_WIDGET_VIEW, None)
                data.pop("text/html", None)
                slim = slim_board(html, js, css)
                if slim is not None:
                    data["text/html"] = slim
                    boards += 1
            if out.get("output_type") in ("execute_result", "display_data") and not data:
                continue
            outputs.append(out)
        if outputs:
            dst["outputs"] = outputs
            dst.setdefault("metadata", {})["trusted"] = True
    return boards


def store_outputs(site: Path, executed_dir: Path) -> dict[str, int]:
    """Fill every live notebook in ``site/files`` with the stored outputs of the book's
    executed chapter of the same name (``executed_dir/tutorials/<name>.ipynb``) and write
    the shared front end next to them. Returns the boards stored, by notebook; a
    notebook with no executed chapter, or one that no longer fits it, is left without
    outputs (and listed with -1)."""
    js, css = htmlout.board_js(), htmlout.board_css()
    (site / BOARD_JS).write_text(js, encoding="utf-8")
    (site / BOARD_CSS).write_text(css, encoding="utf-8")
    counts: dict[str, int] = {}
    for path in sorted((site / "files").glob("*.ipynb")):
        ran = executed_dir / "tutorials" / path.name
        if not ran.is_file():
            counts[path.stem] = -1
            continue
        live = json.loads(path.read_text(encoding="utf-8"))
        try:
            counts[path.stem] = stored_outputs(
                live, json.loads(ran.read_text(encoding="utf-8")), js, css)
        except OutputsError:
            counts[path.stem] = -1
            continue
        path.write_text(json.dumps(live, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return counts
