"""Where mtlearn lives on the web, set in one place, and where boards link rule ids to.

The addresses are named once, in ``[project.urls]`` of ``pyproject.toml``: ``Repository``
(a GitHub address: Binder launch links are made from it) and ``Book`` (the published
book). This module reads them from the installed package's metadata, or from
``pyproject.toml`` itself in a checkout (so an edit shows without reinstalling). An
environment variable overrides each, so a fork or a school's mirror changes one setting:

==========================  ===================================  =====================
what                        from                                 environment variable
==========================  ===================================  =====================
repository                  ``[project.urls] Repository``        ``MTLEARN_REPOSITORY``
branch of the repository    ``main``                             ``MTLEARN_BRANCH``
BinderHub                   ``https://mybinder.org``             ``MTLEARN_BINDERHUB``
published book              ``[project.urls] Book``              ``MTLEARN_BOOK_URL``
rules page boards link to   see :func:`rules_url`                ``MTLEARN_RULES_URL``
==========================  ===================================  =====================

An address that is not set is ``None``, and nothing links to it: the book shows no
repository, Binder or "published book" button while the repository or the book is unset
(the live notebooks, which run offline, are the launch button), and a rule id is shown
without a link when there is no rules page to open. Standard library only.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from importlib import metadata
from pathlib import Path

__all__ = ["binder_url", "binderhub", "book_url", "branch", "project_urls", "repository",
           "rules_url"]

#: The distribution whose metadata holds the addresses (pyproject.toml's ``name``).
DISTRIBUTION = "mexican-train-learn"
#: The checkout this module sits in, if it is one (Binder, ``./dev``).
CHECKOUT = Path(__file__).resolve().parents[2]
#: The rules reference in a checkout of the repository (Binder and ``./dev tutorials``).
RULES_SOURCE = CHECKOUT / "docs" / "rules.md"

_DEFAULTS = {"MTLEARN_BRANCH": "main", "MTLEARN_BINDERHUB": "https://mybinder.org"}


@cache
def project_urls() -> dict[str, str]:
    """``[project.urls]``, label → address (labels lower-cased): from ``pyproject.toml``
    in a checkout when Python can read TOML (3.11+), else from the installed metadata."""
    pyproject = CHECKOUT / "pyproject.toml"
    if sys.version_info >= (3, 11) and pyproject.is_file() and (CHECKOUT / "mtlearn").is_dir():
        import tomllib

        with pyproject.open("rb") as f:
            data = tomllib.load(f).get("project", {})
        if data.get("name") == DISTRIBUTION:
            urls = data.get("urls", {})
            return {str(k).strip().lower(): str(v).strip() for k, v in urls.items() if v}
    try:
        entries = metadata.metadata(DISTRIBUTION).get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return {}
    out: dict[str, str] = {}
    for entry in entries:
        label, _, url = str(entry).partition(",")
        if url.strip():
            out[label.strip().lower()] = url.strip()
    return out


def _get(name: str, label: str | None = None) -> str | None:
    value = os.environ.get(name, "").strip()
    if value:
        return value
    if label is not None:
        return project_urls().get(label) or None
    return _DEFAULTS[name]


def repository() -> str | None:
    """The repository's web address (``Repository`` in ``[project.urls]``), or ``None``."""
    repo = _get("MTLEARN_REPOSITORY", "repository")
    return repo.rstrip("/") if repo else None


def branch() -> str:
    """The branch that launch links and the book's buttons point at."""
    return _get("MTLEARN_BRANCH") or "main"


def binderhub() -> str:
    """The BinderHub that launch links use, e.g. ``https://mybinder.org``."""
    return (_get("MTLEARN_BINDERHUB") or "").rstrip("/")


def book_url() -> str | None:
    """The published book's address, ending in ``/`` (``Book`` in ``[project.urls]``), or
    ``None`` while no book is published."""
    url = _get("MTLEARN_BOOK_URL", "book")
    return url.rstrip("/") + "/" if url else None


def binder_url(path: str = "") -> str | None:
    """A Binder launch link for the repository, opening ``path`` in JupyterLab if given;
    ``None`` while no repository is named.

    Only GitHub repositories are supported (``…/v2/gh/OWNER/NAME/BRANCH``): any other
    address is a ValueError that says so.
    """
    repo = repository()
    if repo is None:
        return None
    prefix = "https://github.com/"
    if not repo.startswith(prefix):
        raise ValueError(f"MTLEARN_REPOSITORY must be a GitHub address for Binder, not {repo!r}")
    link = f"{binderhub()}/v2/gh/{repo[len(prefix):]}/{branch()}"
    return f"{link}?urlpath=lab/tree/{path.lstrip('/')}" if path else link


def rules_url(cwd: str | os.PathLike[str] | None = None) -> str:
    """The rules reference that a board's rule ids link to (``…#r-mark-1`` is appended),
    or ``""`` when there is none (a board then shows rule ids without a link).

    In order: ``MTLEARN_RULES_URL`` (the book sets ``../rules.html``); else, in a checkout
    of the repository (Binder, ``./dev tutorials``: the kernel's working directory,
    ``cwd``, is the notebook's folder inside it), the relative path to ``docs/rules.md``,
    which JupyterLab opens offline from the same server (a link relative to
    ``…/lab/tree/tutorials/`` lands on ``…/lab/tree/docs/rules.md``); else the published
    book's rules page, if a book is published.
    """
    explicit = os.environ.get("MTLEARN_RULES_URL")
    if explicit:
        return explicit
    here = Path.cwd() if cwd is None else Path(cwd)
    if RULES_SOURCE.is_file() and here.resolve().is_relative_to(CHECKOUT):
        return Path(os.path.relpath(RULES_SOURCE, here.resolve())).as_posix()
    book = book_url()
    return book + "rules.html" if book else ""
