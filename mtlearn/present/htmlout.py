"""Self-contained HTML for a board: what a notebook's ``text/html`` output and the book show.

:func:`standalone_html` returns one HTML fragment holding everything a board needs with
no kernel and no network: the CSS, the state as JSON, the front-end module
(the ES modules of ``mtlearn/static/js/``, assembled by
:mod:`mtlearn.present.frontend`) inlined, and a small stand-in for the anywidget model.

The stand-in model offers what the module uses (``get``, ``set``, ``on``, ``off``,
``save_changes``, ``send``; see ``static/js/host.js``). For a scenario, stepping needs
nothing more: every frame is in the state. For a board, ``send`` asks a host:

* the in-page engine, when the state has a ``session`` and the page knows where the
  engine is (``engine_url``, or ``<meta name="mtlearn-engine">``): mtlearn itself,
  running in Pyodide in a Web Worker, answers every intent to the end of the match;
* otherwise answers computed in Python and stored in the page: ``state["successors"]``
  (move -> ``{"view", "message"}`` or a bare view after that move; Undo goes back), then
  ``view["verdicts"]`` (a refused move shows the verdict's text and rule; a legal one
  says so and says why the board stops there).

Standard library only.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

from ..core import links as _links
from . import frontend as _frontend

__all__ = ["KINDS", "board_css", "board_js", "share_front_end", "standalone_html"]

KINDS = ("scenario", "board", "puzzle", "trainer", "picture")

#: The published book's rules page, or ``""`` while no book is published (see
#: :mod:`mtlearn.core.links` for every address and its environment variable). Boards link
#: rule ids to :func:`rules_url`.
_BOOK = _links.book_url()
DEFAULT_RULES_URL = _BOOK + "rules.html" if _BOOK else ""


def rules_url() -> str:
    """The rules reference boards link to: ``MTLEARN_RULES_URL``, the checkout's
    ``docs/rules.md`` next to the notebook, or the book (:func:`mtlearn.core.links.rules_url`)."""
    from ..core.links import rules_url as _rules_url

    return _rules_url()


def board_js() -> str:
    """The front-end module's source: ``static/js/main.js`` and the ES modules it imports,
    assembled into one module by :func:`mtlearn.present.frontend.bundle` (no node needed).
    """
    return _frontend.bundle("main.js")


def board_css() -> str:
    """The board's style sheet: the parts in ``static/css/`` joined in name order."""
    return _frontend.stylesheet("css")


def _json_for_script(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``<`` at all, so no text from a
    file can close the element (``</script>``) or open a comment (``<!--``)."""
    text = json.dumps(data, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _check_inlinable(name: str, text: str, closing: str) -> str:
    lowered = text.lower()
    if closing in lowered or "<!--" in lowered:
        raise ValueError(f"{name} contains {closing!r} or '<!--' and cannot be inlined")
    return text


# The boot code: the stand-in model, the hosts and the fallback answers are in
# static/js/host.js and main.js; `ROOT_ID` is substituted in Python.
_BOOT = r"""
mountStandalone(document.getElementById("ROOT_ID"));
"""


def standalone_html(kind: str, state: dict[str, Any], *, engine_url: str | None = None) -> str:
    """A self-contained HTML fragment that draws a board with no kernel and no network.

    Args:
        kind: ``"scenario"`` (state: ``title``, ``frames``, optional ``index``) or
            ``"board"`` (state: ``view``, optional ``message``, ``show_legal``,
            ``rules_url``, ``successors``) or ``"puzzle"`` (state: ``puzzle``, ``view``,
            ``answers``, ``solution``, ``rules_url``, optional ``session``; see
            :meth:`mtlearn.content.puzzles.Puzzle.state`; ``page_title`` true when the page
            around it already shows the title as its heading) or ``"trainer"`` (state:
            ``session``, the trainer's spec for the in-page engine, and ``rules_url``) or
            ``"picture"`` (state: ``view`` and ``caption``: a still position, no actions).
        state: the model's keys, JSON-compatible. A board's ``session`` (a
            :meth:`mtlearn.hosts.session.BoardSession.to_spec`) lets the in-page engine play on.
        engine_url: the folder of the in-page engine (``worker.mjs``…), absolute or
            relative to the page. Without it the board looks for
            ``<meta name="mtlearn-engine" content="…">`` in the page (the book sets it).

    Each call gets a unique element id, so several boards can share one page.
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    if not isinstance(state, dict):
        raise TypeError("state must be a dict of model keys")
    if kind == "scenario" and not isinstance(state.get("frames"), list):
        raise ValueError("a scenario's state needs 'frames', a list of views")
    if kind in ("board", "puzzle", "picture") and not isinstance(state.get("view"), dict):
        raise ValueError(f"a {kind}'s state needs 'view', a view dict")
    if kind == "puzzle" and not isinstance(state.get("puzzle"), dict):
        raise ValueError("a puzzle's state needs 'puzzle', the puzzle's info")

    root_id = "mtl-" + uuid.uuid4().hex[:16]
    css = _check_inlinable("board.css", board_css(), "</style")
    js = _check_inlinable("board.js", board_js(), "</script")
    boot = _BOOT.replace("ROOT_ID", root_id)
    title = state.get("title") if kind == "scenario" else None
    if kind == "puzzle":
        title = state["puzzle"].get("title")
    # The title is escaped for the noscript fallback text only.
    fallback = "This board needs JavaScript (in JupyterLab: a trusted notebook)."
    if kind == "trainer":
        fallback = "The puzzle trainer needs JavaScript."
    if kind == "picture":
        caption = state.get("caption")
        fallback = (f"{_html_text(caption)} (this picture needs JavaScript)."
                    if isinstance(caption, str) and caption else "This picture needs JavaScript.")
    if isinstance(title, str) and title:
        what = "this puzzle" if kind == "puzzle" else "this scenario player"
        fallback = f"{_html_text(title)}: {what} needs JavaScript."
    engine = f' data-engine="{_html_text(engine_url)}"' if engine_url else ""
    return (
        f'<div id="{root_id}" class="mtl-standalone" data-kind="{kind}"{engine}>\n'
        f"<style>\n{css}\n</style>\n"
        f'<p class="mtl-noscript">{fallback}</p>\n'
        f'<div class="mtl-mount"></div>\n'
        f'<script type="application/json" id="{root_id}-state">{_json_for_script(state)}'
        f"</script>\n"
        f'<script type="module">\n{js}\n{boot}\n</script>\n'
        f"</div>\n"
    )


_WIDGET_STATE = re.compile(
    r'<script type="application/vnd\.jupyter\.widget-state\+json">.*?</script>\s*', re.S)
_BOOT_CALL = re.compile(r'\nmountStandalone\(document\.getElementById\("(mtl-[0-9a-f]{16})"\)\);\n')


def share_front_end(page: str) -> str:
    """Rewrite an HTML page holding several boards so they share one copy of the front end.

    Each :func:`standalone_html` fragment carries the whole front-end module and style
    sheet (about 125 kB), so that it works alone: in a saved notebook, in a page opened
    from disk. On a page with twenty boards that is most of its weight. This keeps the
    module and the style sheet in the page's first board only: that board's module also
    hands ``mountStandalone`` to the page (``globalThis.mtlearnFrontEnd``), and every
    later board calls it. Module scripts run in document order, so the first board's
    runs before the others'. Everything stays inline, so a page opened from disk still
    works. It also drops the notebook's widget state (``widget-state+json``), which only
    a widget manager reads, and a page with boards loads none.

    Fragments made by another version of the front end (from a stale execution cache,
    say) are left as they are. A page with no board comes back unchanged.
    """
    js_start = '<script type="module">\n' + board_js() + "\n"
    if js_start not in page:
        return page
    page = _WIDGET_STATE.sub("", page)
    css = "<style>\n" + board_css() + "\n</style>\n"
    first_css = page.find(css)
    if first_css >= 0:
        head = first_css + len(css)
        page = page[:head] + page[head:].replace(css, "")
    out: list[str] = []
    at = 0
    first = True
    while True:
        i = page.find(js_start, at)
        if i < 0:
            break
        end = page.find("</script>", i)
        boot = _BOOT_CALL.fullmatch(page[i + len(js_start):end].rstrip("\n") + "\n")
        if boot is None:            # not a board's module as standalone_html writes it
            out.append(page[at:end])
            at = end
            continue
        out.append(page[at:i])
        call = f'globalThis.mtlearnFrontEnd.mountStandalone(document.getElementById("{boot[1]}"));'
        if first:
            out.append(js_start + "globalThis.mtlearnFrontEnd = { mountStandalone };\n" + call
                       + "\n")
            first = False
        else:
            out.append('<script type="module">\n' + call + "\n")
        at = end
    out.append(page[at:])
    return "".join(out)


def _html_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(
        '"', "&quot;"
    )
