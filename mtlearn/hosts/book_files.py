"""A built book, read from its folder or straight from its release archive (``BOOK.zip``).

The book is a folder of static files (``./dev book`` builds it into ``docs/_build/html``;
``./dev release`` packs it as ``mtlearn-book-VERSION.zip``). :class:`BookFiles` answers a
request path with the file's bytes and its content type, without unpacking anything: both
``mtlearn book`` (:mod:`.book_server`, the standard library's HTTP server) and the class
server (``mtlearn class --book``, aiohttp) serve through it, so a teacher downloads one
file and serves it as it is.

A path is looked up, never joined blindly: ``..``, backslashes and NUL are refused, a
folder's files stay inside it, and a folder path (``tutorials/``) means its
``index.html``. Content types come from :data:`TYPES` first (the same on every machine:
``.wasm`` must be ``application/wasm`` for the in-page engine, ``.mjs`` JavaScript), then
from :mod:`mimetypes`. Standard library only.
"""

from __future__ import annotations

import mimetypes
import posixpath
import threading
import zipfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from ..core.errors import MtlearnError

__all__ = ["TYPES", "BookError", "BookFiles", "Found", "Redirect", "content_type"]

#: Content types of the files a built book holds, fixed here rather than read from the
#: machine's mime database (which differs between systems and may lack ``.wasm``).
TYPES = {
    ".html": "text/html; charset=utf-8", ".htm": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
    ".cjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8", ".json": "application/json",
    ".map": "application/json", ".ipynb": "application/json",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain; charset=utf-8", ".md": "text/markdown; charset=utf-8",
    ".py": "text/x-python; charset=utf-8", ".xml": "application/xml",
    ".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff": "font/woff", ".woff2": "font/woff2", ".ttf": "font/ttf", ".eot":
    "application/vnd.ms-fontobject",
    ".wasm": "application/wasm", ".zip": "application/zip", ".whl": "application/zip",
    ".tar": "application/x-tar", ".gz": "application/gzip",
    ".pdf": "application/pdf", ".yaml": "text/yaml; charset=utf-8",
}


def content_type(name: str) -> str:
    """The content type a file called ``name`` is served with."""
    suffix = posixpath.splitext(name.lower())[1]
    if suffix in TYPES:
        return TYPES[suffix]
    guessed = mimetypes.guess_type(name)[0]
    return guessed or "application/octet-stream"


class BookError(MtlearnError):
    """The book given cannot be served (missing, not a book, a broken archive)."""


@dataclass(frozen=True)
class Found:
    """A file of the book: its bytes and content type."""

    name: str
    body: bytes
    type: str


@dataclass(frozen=True)
class Redirect:
    """A folder asked for without its ``/``: the address to send the browser to,
    relative to the book's root."""

    to: str


class BookFiles:
    """The files of one built book, from a folder or a zip archive (see the module)."""

    def __init__(self, source: Path, *, archive: zipfile.ZipFile | None, prefix: str,
                 names: frozenset[str]) -> None:
        self.source = source
        self._zip = archive
        self._prefix = prefix
        self._names = names
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: str | Path) -> BookFiles:
        """The book at ``path``: a folder holding ``index.html``, or a ``.zip`` holding it
        at its top or inside one top folder. BookError, naming the path, otherwise."""
        source = Path(path).expanduser()
        if source.is_dir():
            if not (source / "index.html").is_file():
                raise BookError(f"{source} is a folder without index.html: not a built book "
                                "(build one with ./dev book, or give the book's .zip)")
            return cls(source.resolve(), archive=None, prefix="", names=frozenset())
        if not source.exists():
            raise BookError(f"{source}: no such file or folder (give the book's .zip from "
                            "the release, or a built book's folder)")
        try:
            archive = zipfile.ZipFile(source)
        except (zipfile.BadZipFile, OSError) as e:
            raise BookError(f"{source} is not a zip archive of the book ({e})") from None
        names = {n for n in archive.namelist() if not n.endswith("/")}
        prefix = ""
        if "index.html" not in names:
            tops = {n.split("/", 1)[0] for n in names}
            top = next(iter(tops)) if len(tops) == 1 else ""
            if not top or f"{top}/index.html" not in names:
                archive.close()
                raise BookError(f"{source} holds no index.html at its top or in one top "
                                "folder: not an archive of the book")
            prefix = top + "/"
        inside = frozenset(n[len(prefix):] for n in names if n.startswith(prefix))
        return cls(source.resolve(), archive=archive, prefix=prefix, names=inside)

    def close(self) -> None:
        """Close the archive (nothing to do for a folder)."""
        if self._zip is not None:
            self._zip.close()

    @property
    def kind(self) -> str:
        """``"archive"`` or ``"folder"``, for messages."""
        return "archive" if self._zip is not None else "folder"

    def _is_file(self, rel: str) -> bool:
        if self._zip is not None:
            return rel in self._names
        full = (self.source / rel).resolve()
        return full.is_relative_to(self.source) and full.is_file()

    def _is_dir(self, rel: str) -> bool:
        if self._zip is not None:
            return any(n.startswith(rel + "/") for n in self._names)
        full = (self.source / rel).resolve()
        return full.is_relative_to(self.source) and full.is_dir()

    def _read(self, rel: str) -> bytes:
        if self._zip is not None:
            with self._lock:
                return self._zip.read(self._prefix + rel)
        return (self.source / rel).read_bytes()

    def lookup(self, path: str) -> Found | Redirect | None:
        """What the request path ``path`` (relative to the book's root, still %-encoded,
        a query or fragment already removed) answers: a file, a redirect to a folder's
        ``/``, or ``None`` (not found, or not a path of the book)."""
        rel = unquote(path.split("?", 1)[0].split("#", 1)[0])
        if "\\" in rel or "\0" in rel:
            return None
        parts = [p for p in rel.split("/") if p not in ("", ".")]
        if any(p == ".." for p in parts):
            return None
        clean = "/".join(parts)
        folder = rel.endswith("/") or not clean
        if folder:
            index = f"{clean}/index.html" if clean else "index.html"
            if self._is_file(index):
                return Found(index, self._read(index), TYPES[".html"])
            return None
        if self._is_file(clean):
            return Found(clean, self._read(clean), content_type(clean))
        if self._is_dir(clean) and self._is_file(f"{clean}/index.html"):
            return Redirect(clean + "/")
        return None
