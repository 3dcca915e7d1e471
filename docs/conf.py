"""Sphinx configuration of the mtlearn book (myst-nb + sphinx-book-theme).

The book must work offline: no fonts, scripts or styles from a CDN. Boards are shown
through their self-contained ``text/html`` output (no widget manager, no require.js).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

# Refusal messages in boards link to rule ids; chapters live in tutorials/, so the rules
# page is one level up. Set before any notebook runs (the kernels inherit it).
os.environ["MTLEARN_RULES_URL"] = "../rules.html"

from mtlearn import __version__  # noqa: E402
from mtlearn.core import links  # noqa: E402
from mtlearn.present.htmlout import share_front_end  # noqa: E402

project = "mtlearn"
author = "the mtlearn contributors"
copyright = "the mtlearn contributors"
release = version = __version__

# docs/_ext/mtlearn_engine.py: Pyodide + mtlearn in _static/ for the boards' in-page engine.
sys.path.insert(0, str(DOCS / "_ext"))

extensions = [
    "myst_nb",
    # docs/_ext/mtlearn_execute.py: notebooks executed (in parallel) and cached before the
    # readers start, so that `sphinx-build -j` never has two processes writing the cache
    "mtlearn_execute",
    "mtlearn_engine",
    "mtlearn_lite",  # docs/_ext/mtlearn_lite.py: the chapters as live notebooks (lite/)
    # docs/_ext/mtlearn_learner.py: learner pages without code, download or repository
    # buttons, with a "Skip to the first board" link (_templates/layout.html)
    "mtlearn_learner",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
]

# `tutorials` is a symlink to ../tutorials (the chapters are also opened in JupyterLab).
exclude_patterns = [
    "_build",
    "_ext",
    "**/.jupyter_cache",
    ".jupyter_cache",
    "**.ipynb_checkpoints",
    "jupyter_execute",
    "tutorials/*.ipynb",  # stray notebooks saved from JupyterLab: the chapters are .md
    "Thumbs.db",
    ".DS_Store",
]

# ---------------------------------------------------------------- MyST / myst-nb
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

nb_execution_mode = "cache"
nb_execution_cache_path = str(DOCS / "_build" / ".jupyter_cache")
nb_execution_raise_on_error = True
nb_execution_timeout = 180
nb_execution_show_tb = True
# Prefer the boards' self-contained HTML over the widget view, and load no widget
# manager / require.js from a CDN.
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
]
nb_ipywidgets_js: dict[str, dict[str, str]] = {}

# ---------------------------------------------------------------- autodoc
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True

# ---------------------------------------------------------------- HTML
html_theme = "sphinx_book_theme"
html_title = "Learn Mexican Train with mtlearn"
html_static_path = ["_static"]
templates_path = ["_templates"]
# Accessibility (tests/test_book.py runs axe-core on every page): the book's title sits in
# a labelled landmark, and the search button's name is its visible text (_templates/).
html_sidebars = {
    "**": ["mtl-navbar-logo.html", "icon-links.html", "search-button-field.html",
           "sbt-sidebar-nav.html"],
}
html_favicon = "_static/favicon.svg"  # else browsers ask for /favicon.ico
# pydata-sphinx-theme logs a console error without a default mode.
html_context = {"default_mode": "light"}
html_last_updated_fmt = None
# The addresses live in one place, [project.urls] of pyproject.toml, read by
# mtlearn/core/links.py (environment variables override). While the repository is unset,
# the book shows no repository or Binder button: the live notebooks are the launch button.
# Learner pages drop the download, Binder and repository buttons whatever is set here
# (docs/_ext/mtlearn_learner.py); the programmers' and teachers' pages keep them.
_REPOSITORY = links.repository()
html_theme_options = {
    "use_download_button": True,
    "use_issues_button": False,
    "use_edit_page_button": False,
    "home_page_in_toc": True,
    "show_toc_level": 2,
}
if _REPOSITORY:
    html_theme_options.update({
        "repository_url": _REPOSITORY,
        "repository_branch": links.branch(),
        "path_to_docs": "docs",
        "use_repository_button": True,
        "launch_buttons": {"binderhub_url": links.binderhub(),
                           "notebook_interface": "jupyterlab"},
    })
# MathJax: Sphinx adds its script (from a CDN) only to pages with math; the book has none,
# and tests/test_book.py fails if any page requests something off the machine.


# ---------------------------------------------------------------- links in chapters
# Chapters link by paths that JupyterLab and Binder open from tutorials/:
# [R-SET-1](../docs/rules.md#r-set-1), [guide](../docs/teacher.md), [Chapter 1](01-tiles-and-set.md).
# In the book (docs/tutorials links to ../tutorials, and MyST resolves paths from the real
# file) a rule becomes the label ``r-set-1`` of rules.md and a sibling chapter a {doc} link;
# ../docs/… already resolves.
_RULE_LINK = re.compile(r"\]\(\.\./docs/rules\.md#(r-[a-z0-9-]+)\)")
_SIBLING_LINK = re.compile(r"\[([^\]]+)\]\(([0-9a-z][0-9a-z-]*)\.md\)")


def _book_links(app, docname, source):
    if docname.startswith("tutorials/"):
        text = _RULE_LINK.sub(r"](#\1)", source[0])
        source[0] = _SIBLING_LINK.sub(r"{doc}`\1 <\2>`", text)


# myst-nb names its "Show code cell source" toggles "Toggle hidden content" (aria-label), so
# the name does not contain the visible words (axe label-content-name-mismatch, WCAG 2.5.3):
# drop the aria-label and let the visible text name them.
_TOGGLE_LABEL = '<summary aria-label="Toggle hidden content">'


# Every board's HTML output carries the whole front end, so that a notebook works alone;
# in the book, the boards of a page share the first one's copy, and the widget state (for
# a widget manager the book does not load) goes: pages shrink from megabytes to a few
# hundred kilobytes (mtlearn.present.htmlout.share_front_end).
def _finish_pages(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = share_front_end(text.replace(_TOGGLE_LABEL, "<summary>"))
        if new != text:
            page.write_text(new, encoding="utf-8")


def setup(app):
    app.connect("source-read", _book_links)
    app.connect("build-finished", _finish_pages)
    app.add_css_file("mtlearn-book.css")
    app.add_js_file("mtlearn-book.js", loading_method="defer")
    return {"parallel_read_safe": True}
