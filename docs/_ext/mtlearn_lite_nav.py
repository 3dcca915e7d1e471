"""Moving between live notebooks without starting Python again (issue 30).

A new page of the JupyterLite notebook app boots the app and a new Pyodide (8–20 s), so the
next chapter cannot be quick as a page load. Instead, one Python serves every chapter a
learner opens in one browser tab:

* each live notebook ends with a "Previous / Next" cell in the book's reading order
  (:func:`nav_cell`, the toctrees of ``docs/index.md``); its links, and every link to
  another chapter's notebook, point at the live notebook's ordinary address, so they work
  as plain links too;
* the notebook page loads ``mtlearn_lite_nav.js`` (:data:`NAV_JS`): a click on such a link
  closes the chapter's document without stopping its kernel and opens the one asked for in
  the same page with that kernel (the app's ``docmanager:open`` with the kernel's id; the
  JupyterLite 0.8 session client shares a running kernel between sessions), and the address
  bar shows the new ``?path=`` (``history.replaceState``: Reload opens the chapter shown,
  Back returns to the page before the notebook). When that cannot be done (the app or its
  Python not started yet, any failure) the link navigates as usual: never a stuck learner;
* the book's "Open as live notebook" links open one named tab (:data:`LIVE_TAB`), and the
  book's pages load ``mtlearn-live-tab.js`` (:data:`BOOK_JS`): when that tab already runs a
  live notebook, the book asks it (same origin) to switch chapter in place instead of
  loading it again. Without scripts the links still open the one named tab.

The app is exposed to the page's scripts as ``window.jupyterapp`` by the site's
configuration (``exposeAppInBrowser`` in ``mtlearn_lite.lite_config``).
"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: The live site's folder in the book.
LITE_DIR = "lite"
#: The JupyterLite app a chapter opens in: the single-document notebook app. JupyterLab
#: (``lab/``) restores the tabs of earlier visits from the browser's storage, so each chapter
#: opened after another reopened the earlier ones, each with its own Python, and a restored
#: tab could take the place of the chapter asked for; the notebook app shows one document,
#: the one in ``?path=``, with one kernel, and loads less.
APP = "notebooks"
#: The name of the browser tab the book's live-notebook links open (one tab, one Python).
LIVE_TAB = "mtlearn-live"
#: The script of the notebook page (moves between chapters in place).
NAV_JS = "mtlearn_lite_nav.js"
#: The script of the book's pages (asks the live tab to switch chapter), in ``_static/``.
BOOK_JS = "mtlearn-live-tab.js"
_BOOK_JS_SOURCE = "mtlearn_lite_book.js"
#: The id of the links cell at the end of each live notebook (the same at every build).
CELL = "mtlearn-chapters"
_TOCTREE = re.compile(r"```\{toctree\}\n(.*?)```", re.S)
_HEADING = re.compile(r"^# (.+)$", re.M)


def files() -> list[Path]:
    """The files whose content the built live site depends on (for its cache key)."""
    return [Path(__file__).resolve(), HERE / NAV_JS, HERE / _BOOK_JS_SOURCE]


def reading_order(chapters: list[str], index: Path | None = None) -> list[str]:
    """``chapters`` in the order the book's contents list them (the toctrees of
    ``docs/index.md``); any chapter the contents do not list comes after, by name."""
    text = (index or ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    listed = [line.strip().removeprefix("tutorials/")
              for block in _TOCTREE.findall(text) for line in block.splitlines()
              if line.strip().startswith("tutorials/")]
    order = [name for name in listed if name in chapters]
    return order + sorted(set(chapters) - set(order))


def title(md: Path) -> str:
    """A chapter's title: the first level-one heading of its MyST source."""
    found = _HEADING.search(md.read_text(encoding="utf-8"))
    if found is None:
        raise ValueError(f"{md}: no level-one heading (# …) to name the chapter by")
    return found[1].strip()


def live_url(book_path: str, name: str) -> str:
    """The address of a chapter's live notebook, from the server's root."""
    return f"{book_path}{LITE_DIR}/{APP}/index.html?path={name}.ipynb"


def nav_cell(name: str, order: list[str], titles: dict[str, str], book_path: str) -> str:
    """The Markdown of the last cell of chapter ``name``'s live notebook: links to the
    chapters before and after it in ``order`` (one of them at either end)."""
    if name not in order:
        raise ValueError(f"{name}: not in the reading order {order}")
    at = order.index(name)
    links = []
    if at > 0:
        prev = order[at - 1]
        links.append(f"← Previous: [{_md(titles[prev])}]({live_url(book_path, prev)})")
    if at + 1 < len(order):
        nxt = order[at + 1]
        links.append(f"Next: [{_md(titles[nxt])}]({live_url(book_path, nxt)}) →")
    return ("---\n\n" + " · ".join(links) + "\n\n"
            "*The chapter opens here, in this page, with Python already running: run all "
            "its cells (Run › Run All Cells) to bring its boards to life.*\n")


def chapter_links(md: Path, chapters: list[str], book_path: str) -> str:
    """:func:`nav_cell` for the chapter of ``md`` among ``chapters`` (sources beside it)."""
    order = reading_order(chapters)
    titles = {name: title(md.with_name(f"{name}.md")) for name in order}
    return nav_cell(md.stem, order, titles, book_path)


def _md(text: str) -> str:
    """Text safe inside a Markdown link's label (no brackets, HTML escaped)."""
    return html.escape(text.replace("[", "(").replace("]", ")"), quote=False)


def add_scripts(site: Path, *scripts: Path, app: str = "notebooks") -> None:
    """Copy ``scripts`` and the navigation script into ``site`` and load them, deferred,
    from the app's page (``site/<app>/index.html``)."""
    tags = []
    for script in (*scripts, HERE / NAV_JS):
        shutil.copy(script, site / script.name)
        tags.append(f'<script src="../{script.name}" defer></script>\n')
    page = site / app / "index.html"
    text = page.read_text(encoding="utf-8")
    if "</head>" not in text:
        raise ValueError(f"{page}: no </head> to add the scripts before")
    page.write_text(text.replace("</head>", "".join(tags) + "</head>", 1), encoding="utf-8")


def _book_script(app: Any, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        static = Path(app.outdir) / "_static"
        static.mkdir(exist_ok=True)
        shutil.copy(HERE / _BOOK_JS_SOURCE, static / BOOK_JS)


def setup(app: Any) -> None:
    """Load the book's live-tab script on every page (called by ``mtlearn_lite.setup``)."""
    app.add_js_file(BOOK_JS, loading_method="defer")
    app.connect("build-finished", _book_script)
