"""``mtlearn book``: serve a built book (its release archive or a folder) over HTTP.

A book opened from disk cannot run its live notebooks or the in-page engine (browsers
keep ``file://`` pages from loading their own scripts and workers); served over HTTP, from
this machine (``127.0.0.1``, the default) or the room's network (``--lan``), it all
works. The files are read from the archive as they are asked for (:mod:`.book_files`),
nothing is unpacked. Standard library only.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from .book_files import BookFiles, Redirect

__all__ = ["BookServer", "make_server"]


class _Handler(BaseHTTPRequestHandler):
    server: BookServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet: one line per start
        return

    def _answer(self, send_body: bool) -> None:
        found = self.server.book.lookup(self.path.lstrip("/"))
        if isinstance(found, Redirect):
            self.send_response(301)
            self.send_header("Location", "/" + found.to)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if found is None:
            body = b"Not a page of the book.\n"
            self.send_response(404)
            ctype = "text/plain; charset=utf-8"
        else:
            body, ctype = found.body, found.type
            # a validator, so a browser asks again ("no-cache") but gets 304 for a file it
            # has: the next live notebook reuses Pyodide, the wheels and the compiled wasm
            etag = '"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"'
            if etag in self.headers.get("If-None-Match", ""):
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("ETag", etag)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def do_GET(self) -> None:
        """A file of the book."""
        self._answer(True)

    def do_HEAD(self) -> None:
        """A file's headers."""
        self._answer(False)


class BookServer(ThreadingHTTPServer):
    """An HTTP server of one book (threads: a page loads many files at once)."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], book: BookFiles) -> None:
        self.book = book
        super().__init__(address, _Handler)

    @property
    def url(self) -> str:
        """The book's address, e.g. ``http://127.0.0.1:8766/``."""
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}/"


def make_server(book: BookFiles, host: str = "127.0.0.1", port: int = 8766) -> BookServer:
    """A server of ``book`` listening on ``host:port`` (port 0 picks a free one)."""
    return BookServer((host, port), book)


def serve(book: BookFiles, host: str, port: int,
          say: Callable[[str], None] = print) -> None:
    """Serve ``book`` until Ctrl-C, printing its address first."""
    server = make_server(book, host, port)
    say(f"The book:  {server.url}  (from the {book.kind} {book.source})")
    if host == "127.0.0.1":
        say("(this machine only: add --lan to serve the room's network)")
    say("Stop with Ctrl-C.")
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        say("The book is no longer served.")
    finally:
        server.server_close()
        book.close()
