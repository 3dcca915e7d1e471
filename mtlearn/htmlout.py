"""Self-contained HTML for a board: what a notebook's ``text/html`` output and the book show.

:func:`standalone_html` returns one HTML fragment holding everything a board needs with
no kernel and no network: the CSS, the state as JSON, the front-end module
(the parts in ``mtlearn/static/js/``) inlined, and a small stand-in for the anywidget model.

The stand-in model offers what the module uses (``get``, ``set``, ``on``, ``off``,
``save_changes``, ``send``). For a scenario, stepping needs nothing more: every frame is
in the state. For a board, ``send`` answers a move from data computed in Python:

* ``view["successors"]`` (or ``state["successors"]`` for the first view): move -> the
  view after that move. The board switches to it; Undo goes back.
* otherwise ``view["verdicts"]``: a refused move shows the verdict's text and rule; a
  legal one says so and suggests running the notebook to play on.

Standard library only.
"""

from __future__ import annotations

import json
import uuid
from importlib import resources
from typing import Any

from . import links as _links

__all__ = ["KINDS", "board_css", "board_js", "standalone_html"]

KINDS = ("scenario", "board")

#: The published book's rules page (see :mod:`mtlearn.links` for every address and its
#: environment variable). Boards link rule ids to :func:`rules_url`.
DEFAULT_RULES_URL = _links.book_url() + "rules.html"


def rules_url() -> str:
    """The rules reference boards link to: ``MTLEARN_RULES_URL``, the checkout's
    ``docs/rules.md`` next to the notebook, or the book (:func:`mtlearn.links.rules_url`)."""
    from .links import rules_url as _rules_url

    return _rules_url()


def _assemble(folder: str, suffix: str, comment: str) -> str:
    parts = sorted(
        (p for p in resources.files(__package__).joinpath("static", folder).iterdir()
         if p.name.endswith(suffix)),
        key=lambda p: p.name,
    )
    return "\n".join(
        f"{comment[0]} ---- static/{folder}/{p.name} {comment[1]}\n" + p.read_text(encoding="utf-8")
        for p in parts
    )


def board_js() -> str:
    """The front-end module's source: the parts in ``static/js/`` joined in name order.

    The parts share one module scope (the last one holds ``export default``), so the
    front end can grow by concern without a build step or node at install time.
    """
    return _assemble("js", ".js", ("//", ""))


def board_css() -> str:
    """The board's style sheet: the parts in ``static/css/`` joined in name order."""
    return _assemble("css", ".css", ("/*", "*/"))


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


# The stand-in model and the static answers to a board's messages. `ROOT_ID` and the
# module source are substituted in Python; the state is read from the JSON script.
_BOOT = r"""
const __mtlRoot = document.getElementById("ROOT_ID");
const __mtlState = JSON.parse(document.getElementById("ROOT_ID-state").textContent);
const __mtlKind = __mtlRoot.getAttribute("data-kind");

function __mtlModel(initial, onSend) {
  const data = Object.assign({}, initial);
  const listeners = new Map();
  const model = {
    get(key) { return data[key]; },
    set(key, value) {
      const old = data[key];
      data[key] = value;
      if (old !== value) {
        for (const cb of [...(listeners.get("change:" + key) || [])]) cb({ new: value, old });
        for (const cb of [...(listeners.get("change") || [])]) cb();
      }
    },
    on(event, cb) {
      for (const ev of String(event).split(/\s+/)) {
        if (!listeners.has(ev)) listeners.set(ev, new Set());
        listeners.get(ev).add(cb);
      }
    },
    off(event, cb) {
      if (!event) { listeners.clear(); return; }
      for (const ev of String(event).split(/\s+/)) {
        if (!cb) listeners.delete(ev);
        else if (listeners.has(ev)) listeners.get(ev).delete(cb);
      }
    },
    save_changes() {},
    send(content) { onSend(model, content); },
  };
  return model;
}

function __mtlFlip(move) {
  const m = /^(\d+)-(\d+)@(.+)$/.exec(move);
  return m ? `${m[2]}-${m[1]}@${m[3]}` : move;
}

function __mtlLookup(table, move) {
  if (!table || typeof table !== "object") return undefined;
  if (Object.prototype.hasOwnProperty.call(table, move)) return table[move];
  const flipped = __mtlFlip(move);
  if (Object.prototype.hasOwnProperty.call(table, flipped)) return table[flipped];
  return undefined;
}

function __mtlMsg(kind, text, rule) {
  return { kind, text, rule: rule || null, rule_url: null };
}

// Static answers for a board: successors, then verdicts, never a kernel.
function __mtlBoardAnswer(initialView, globalSuccessors, globalSaid) {
  const history = [];
  return (model, content) => {
    if (!content || typeof content !== "object") return;
    const view = model.get("view") || {};
    if (content.action === "undo") {
      if (history.length) {
        model.set("view", history.pop());
        model.set("message", __mtlMsg("info", "Move taken back."));
      } else {
        model.set("message", __mtlMsg("info", "Nothing to undo here."));
      }
      return;
    }
    let move;
    if (content.action === "move") move = String(content.move || "");
    else if (content.action === "draw" || content.action === "pass") move = content.action;
    else return;
    const legalEntry = (view.legal || []).find(
      (m) => m.move === move || m.move === __mtlFlip(move));
    let next = __mtlLookup(view.successors, move);
    if (next === undefined && view === initialView) next = __mtlLookup(globalSuccessors, move);
    const verdict = __mtlLookup(view.verdicts, move);
    if (next && typeof next === "object") {
      history.push(view);
      // What happened ("Ana played 12-4 on …"), from Python; older pages lack it.
      const stored = view === initialView ? __mtlLookup(globalSaid, move) : undefined;
      const said = typeof stored === "string" ? stored
        : legalEntry ? legalEntry.text + "." : "Played " + move + ".";
      model.set("view", next);
      model.set("message", __mtlMsg("ok", said, verdict && verdict.rule));
      return;
    }
    if (verdict && verdict.legal === false) {
      model.set("message", __mtlMsg("refusal", String(verdict.text || ""), verdict.rule));
      return;
    }
    if ((verdict && verdict.legal) || legalEntry) {
      const text = legalEntry ? legalEntry.text : verdict.text || move;
      model.set("message", __mtlMsg("info",
        "Legal: " + text + "  (run the notebook to play on)", verdict && verdict.rule));
      return;
    }
    model.set("message", __mtlMsg("info",
      "This page has no answer stored for " + move + ": run the notebook to try it."));
  };
}

const __mtlInitial = Object.assign({}, __mtlState, { kind: __mtlKind });
let __mtlOnSend = () => {};
if (__mtlKind === "board") {
  delete __mtlInitial.successors;
  delete __mtlInitial.said;
  if (!("message" in __mtlInitial)) __mtlInitial.message = null;
  if (!("show_legal" in __mtlInitial)) __mtlInitial.show_legal = false;
  if (!("rules_url" in __mtlInitial)) __mtlInitial.rules_url = "";
  __mtlOnSend = __mtlBoardAnswer(__mtlInitial.view, __mtlState.successors, __mtlState.said);
} else {
  if (!("index" in __mtlInitial)) __mtlInitial.index = 0;
  if (!("title" in __mtlInitial)) __mtlInitial.title = "";
}
const __mtlView = __mtlRoot.querySelector(".mtl-mount");
__mtlRoot.querySelector(".mtl-noscript")?.remove();
render({ model: __mtlModel(__mtlInitial, __mtlOnSend), el: __mtlView });
"""


def standalone_html(kind: str, state: dict[str, Any]) -> str:
    """A self-contained HTML fragment that draws a board with no kernel and no network.

    Args:
        kind: ``"scenario"`` (state: ``title``, ``frames``, optional ``index``) or
            ``"board"`` (state: ``view``, optional ``message``, ``show_legal``,
            ``rules_url``, ``successors``).
        state: the model's keys, JSON-compatible.

    Each call gets a unique element id, so several boards can share one page.
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    if not isinstance(state, dict):
        raise TypeError("state must be a dict of model keys")
    if kind == "scenario" and not isinstance(state.get("frames"), list):
        raise ValueError("a scenario's state needs 'frames', a list of views")
    if kind == "board" and not isinstance(state.get("view"), dict):
        raise ValueError("a board's state needs 'view', a view dict")

    root_id = "mtl-" + uuid.uuid4().hex[:16]
    css = _check_inlinable("board.css", board_css(), "</style")
    js = _check_inlinable("board.js", board_js(), "</script")
    boot = _BOOT.replace("ROOT_ID", root_id)
    title = state.get("title") if kind == "scenario" else None
    # The title is escaped for the noscript fallback text only.
    fallback = "This board needs JavaScript (in JupyterLab: a trusted notebook)."
    if isinstance(title, str) and title:
        fallback = f"{_html_text(title)}: this scenario player needs JavaScript."
    return (
        f'<div id="{root_id}" class="mtl-standalone" data-kind="{kind}">\n'
        f"<style>\n{css}\n</style>\n"
        f'<p class="mtl-noscript">{fallback}</p>\n'
        f'<div class="mtl-mount"></div>\n'
        f'<script type="application/json" id="{root_id}-state">{_json_for_script(state)}'
        f"</script>\n"
        f'<script type="module">\n{js}\n{boot}\n</script>\n'
        f"</div>\n"
    )


def _html_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(
        '"', "&quot;"
    )
