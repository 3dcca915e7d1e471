"""Sphinx extension: learner pages read as a course, not as notebooks.

The chapters are MyST notebooks (``tutorials/*.md``): in JupyterLab, the live notebooks and
Binder they keep their code, and a reader may run and change it. In the book, a *learner
page* (see :func:`is_learner_page`) shows no machinery:

* its code cells have no source at all, neither shown nor folded away behind a "Show code
  cell source" toggle, nor hidden in the HTML (:class:`RemoveLearnerCode`, at read time, so
  the search index does not hold the code either); their outputs (boards, tables,
  sentences) stay. A cell that only set things up (tagged ``hide-cell``) goes whole;
* its page header has no download, Binder or repository buttons, even when
  ``[project.urls]`` names a repository (:func:`learner_header_buttons`); the chapter's
  "Open as live notebook" bar (``mtlearn_lite``) stays;
* a page with boards starts with a "Skip to the first board" link, hidden until focused
  (``_templates/layout.html`` draws it from ``mtl_first_board``; ``_static/mtlearn-book.js``
  moves the focus into the board);
* a chapter's "What you will learn" list is folded into a small disclosure of that name
  (:func:`fold_learning_goals`), so the chapter's first board is within its first screen.

Programmer and teacher pages ("Using mtlearn from Python", the teacher's guide, the API and
format pages) keep their code and their buttons.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.transforms import SphinxTransform

#: Pages under tutorials/ written for programmers: their code is the point.
PROGRAMMER_CHAPTERS = frozenset({"tutorials/using-python"})
#: Top-level pages a learner reads: the book's front page, the rules reference and the
#: puzzle progress table.
LEARNER_TOP_PAGES = frozenset({"index", "rules", "progress"})
#: Header buttons (sphinx-book-theme labels) that learner pages do not carry.
MACHINERY_BUTTONS = frozenset({"download-buttons", "launch-buttons", "launch-thebe",
                               "source-buttons"})
_FIRST_BOARD = re.compile(r'<div id="(mtl-[0-9a-f]{16})" class="mtl-standalone"')


def is_learner_page(docname: str) -> bool:
    """Whether ``docname`` is written for learners: the front page, the rules and progress
    pages, and every page under ``tutorials/`` but the programmers' ones."""
    if docname in LEARNER_TOP_PAGES:
        return True
    return docname.startswith("tutorials/") and docname not in PROGRAMMER_CHAPTERS


def _is(node: nodes.Node, element: str) -> bool:
    return isinstance(node, nodes.Element) and node.get("nb_element") == element


class RemoveLearnerCode(SphinxTransform):
    """Take every code cell's source out of a learner page (myst-nb's ``cell_code``
    containers lose their ``cell_code_source`` child). A cell left with nothing to show
    goes, and no cell keeps a "hide" mode: myst-nb would fold its outputs behind a toggle."""

    default_priority = 500

    def apply(self, **kwargs: Any) -> None:
        if not is_learner_page(self.env.docname):
            return
        for cell in list(self.document.findall(nodes.container)):
            if not _is(cell, "cell_code"):
                continue
            for child in list(cell.children):
                if _is(child, "cell_code_source"):
                    cell.remove(child)
            cell.attributes.pop("hide_mode", None)
            if not cell.children and cell.parent is not None:
                cell.parent.remove(cell)


def learner_header_buttons(buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The header buttons a learner page keeps: not the download group (.ipynb, .md, .pdf),
    not the Binder/launch group, not the repository group."""
    return [b for b in buttons if b.get("label") not in MACHINERY_BUTTONS]


def first_board_id(body: str) -> str | None:
    """The element id of the first board, scenario player or puzzle in a page's body."""
    found = _FIRST_BOARD.search(body)
    return found.group(1) if found else None


_LEARN = re.compile(r'(<section id="what-you-will-learn">\s*)<h2>What you will learn'
                    r'<a class="headerlink"[^>]*>#</a></h2>\s*(<ul class="simple">.*?</ul>)', re.S)
_FOLDED = (r'\1<details class="mtl-learn"><summary>What you will learn</summary>'
           '\n' r'\2</details>')


def fold_learning_goals(body: str) -> str:
    """The page body with its "What you will learn" heading and list made one closed
    ``<details>`` named "What you will learn" (the list inside, unchanged)."""
    return _LEARN.sub(_FOLDED, body, count=1)


def _context(app: Any, pagename: str, templatename: str, context: dict[str, Any],
             doctree: Any) -> None:
    if not is_learner_page(pagename):
        return
    if "header_buttons" in context:
        context["header_buttons"] = learner_header_buttons(context["header_buttons"])
    if "body" in context:
        context["body"] = fold_learning_goals(context["body"])
    context["mtl_first_board"] = first_board_id(context.get("body", ""))


def setup(app: Any) -> dict[str, Any]:
    app.add_transform(RemoveLearnerCode)
    # after sphinx-book-theme has put its header buttons in the context (priority 501)
    app.connect("html-page-context", _context, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
