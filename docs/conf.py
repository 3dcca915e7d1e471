"""Sphinx configuration of the mtlearn book (myst-nb + sphinx-book-theme).

The book must work offline: no fonts, scripts or styles from a CDN. Boards are shown
through their self-contained ``text/html`` output (no widget manager, no require.js).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

# Refusal messages in boards link to rule ids; chapters live in tutorials/, so the rules
# page is one level up. Set before any notebook runs (the kernels inherit it).
os.environ["MTLEARN_RULES_URL"] = "../rules.html"

from mtlearn import __version__  # noqa: E402

project = "mtlearn"
author = "the mtlearn contributors"
copyright = "the mtlearn contributors"
release = version = __version__

# docs/_ext/mtlearn_engine.py: Pyodide + mtlearn in _static/ for the boards' in-page engine.
sys.path.insert(0, str(DOCS / "_ext"))

extensions = [
    "myst_nb",
    "mtlearn_engine",
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
html_favicon = "_static/favicon.svg"  # else browsers ask for /favicon.ico
# pydata-sphinx-theme logs a console error without a default mode.
html_context = {"default_mode": "light"}
html_last_updated_fmt = None
html_theme_options = {
    "repository_url": "https://github.com/mtlearn/mtlearn",
    "repository_branch": "main",
    "path_to_docs": "docs",
    "use_repository_button": True,
    "use_download_button": True,
    "use_issues_button": False,
    "use_edit_page_button": False,
    "launch_buttons": {
        "binderhub_url": "https://mybinder.org",
        "notebook_interface": "jupyterlab",
    },
    "home_page_in_toc": True,
    "show_toc_level": 2,
}
# MathJax: Sphinx adds its script (from a CDN) only to pages with math; the book has none,
# and tests/test_book.py fails if any page requests something off the machine.
