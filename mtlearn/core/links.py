"""Where mtlearn lives on the web, set in one place, and where boards link rule ids to.

The repository, the Binder service and the published book are named here once; the
book's configuration (``docs/conf.py``), the launch links and the boards all read them
from this module. Each can be overridden by an environment variable, so a fork or a
school's mirror changes one setting:

==========================  ========================================  =====================
what                        default                                   environment variable
==========================  ========================================  =====================
repository                  https://github.com/mtlearn/mtlearn         ``MTLEARN_REPOSITORY``
branch of the repository    main                                      ``MTLEARN_BRANCH``
BinderHub                   https://mybinder.org                      ``MTLEARN_BINDERHUB``
published book              https://mtlearn.github.io/mtlearn/         ``MTLEARN_BOOK_URL``
rules page boards link to   see :func:`rules_url`                     ``MTLEARN_RULES_URL``
==========================  ========================================  =====================

Standard library only.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["binder_url", "binderhub", "book_url", "branch", "repository", "rules_url"]

_DEFAULTS = {
    "MTLEARN_REPOSITORY": "https://github.com/mtlearn/mtlearn",
    "MTLEARN_BRANCH": "main",
    "MTLEARN_BINDERHUB": "https://mybinder.org",
    "MTLEARN_BOOK_URL": "https://mtlearn.github.io/mtlearn/",
}

#: The rules reference in a checkout of the repository (Binder and ``./dev tutorials``).
RULES_SOURCE = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def _get(name: str) -> str:
    return (os.environ.get(name) or _DEFAULTS[name]).strip()


def repository() -> str:
    """The repository's web address, e.g. ``https://github.com/mtlearn/mtlearn``."""
    return _get("MTLEARN_REPOSITORY").rstrip("/")


def branch() -> str:
    """The branch that launch links and the book's buttons point at."""
    return _get("MTLEARN_BRANCH")


def binderhub() -> str:
    """The BinderHub that launch links use, e.g. ``https://mybinder.org``."""
    return _get("MTLEARN_BINDERHUB").rstrip("/")


def book_url() -> str:
    """The published book's address, ending in ``/``."""
    return _get("MTLEARN_BOOK_URL").rstrip("/") + "/"


def binder_url(path: str = "") -> str:
    """A Binder launch link for the repository, opening ``path`` in JupyterLab if given.

    Only GitHub repositories are supported (``…/v2/gh/OWNER/NAME/BRANCH``).
    """
    repo = repository()
    prefix = "https://github.com/"
    if not repo.startswith(prefix):
        raise ValueError(f"MTLEARN_REPOSITORY must be a GitHub address for Binder, not {repo!r}")
    link = f"{binderhub()}/v2/gh/{repo[len(prefix):]}/{branch()}"
    return f"{link}?urlpath=lab/tree/{path.lstrip('/')}" if path else link


def rules_url(cwd: str | os.PathLike[str] | None = None) -> str:
    """The rules reference that a board's rule ids link to (``…#r-mark-1`` is appended).

    In order: ``MTLEARN_RULES_URL`` (the book sets ``../rules.html``); else, in a checkout
    of the repository (Binder, ``./dev tutorials``: the kernel's working directory,
    ``cwd``, is the notebook's folder inside it), the relative path to ``docs/rules.md``,
    which JupyterLab opens offline from the same server (a link relative to
    ``…/lab/tree/tutorials/`` lands on ``…/lab/tree/docs/rules.md``); else the published
    book's rules page.
    """
    explicit = os.environ.get("MTLEARN_RULES_URL")
    if explicit:
        return explicit
    here = Path.cwd() if cwd is None else Path(cwd)
    repo = RULES_SOURCE.parent.parent
    if RULES_SOURCE.is_file() and here.resolve().is_relative_to(repo):
        return Path(os.path.relpath(RULES_SOURCE, here.resolve())).as_posix()
    return book_url() + "rules.html"
