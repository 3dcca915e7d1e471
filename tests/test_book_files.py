"""The book served as it is downloaded (issue 27): `mtlearn book` and the class server read a
built book from its .zip (or a folder) with the right content types, nothing unpacked; with
no book, the class server's rule links open the rules reference that ships in the wheel."""

from __future__ import annotations

import threading
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import warm_cli

from mtlearn.cli import main
from mtlearn.hosts.book_files import BookError, BookFiles, Found, Redirect, content_type
from mtlearn.hosts.book_server import make_server

PAGES = {
    "index.html": b"<!doctype html><title>Book</title>",
    "rules.html": b"<h3 id='r-dbl-3'>R-DBL-3</h3>",
    "tutorials/01-tiles-and-set.html": b"<p>chapter 1</p>",
    "lite/lab/index.html": b"<p>live</p>",
    "_static/engine/pyodide.asm.wasm": b"\0asm\1\0\0\0",
    "_static/engine/worker.mjs": b"export {};",
    "_static/favicon.svg": b"<svg/>",
    "_static/style.css": b"body{}",
    "lite/files/ch1.ipynb": b"{}",
}


def make_zip(path: Path, top: str = "") -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in PAGES.items():
            z.writestr(top + name, body)
    return path


def make_folder(path: Path) -> Path:
    for name, body in PAGES.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_bytes(body)
    return path


@pytest.fixture(params=["zip", "zip-with-top-folder", "folder"])
def book(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[BookFiles]:
    if request.param == "folder":
        b = BookFiles.open(make_folder(tmp_path / "html"))
    else:
        top = "mtlearn-book-0.2.0/" if request.param == "zip-with-top-folder" else ""
        b = BookFiles.open(make_zip(tmp_path / "book.zip", top))
    yield b
    b.close()


def test_every_file_answers_with_its_bytes_and_type(book: BookFiles) -> None:
    for name, body in PAGES.items():
        found = book.lookup(name)
        assert isinstance(found, Found) and found.body == body, name
    assert book.lookup("_static/engine/pyodide.asm.wasm").type == "application/wasm"  # type: ignore[union-attr]
    assert book.lookup("_static/engine/worker.mjs").type.startswith("text/javascript")  # type: ignore[union-attr]
    assert book.lookup("rules.html").type == "text/html; charset=utf-8"  # type: ignore[union-attr]
    # a folder is its index.html; without its "/" it is sent there first
    assert book.lookup("") == book.lookup("index.html")
    assert isinstance(book.lookup("lite/lab/"), Found)
    assert book.lookup("lite/lab") == Redirect("lite/lab/")
    assert book.lookup("tutorials/01-tiles-and-set.html?x=1#top").body == b"<p>chapter 1</p>"  # type: ignore[union-attr]
    assert book.lookup("tutorials/01%2Dtiles-and-set.html") is not None


@pytest.mark.parametrize("path", ["../secret.txt", "tutorials/../../secret.txt", "%2e%2e/secret.txt",
                                  "..%2fsecret.txt", "tutorials\\..\\..\\secret.txt", "index.html%00",
                                  "nope.html", "tutorials/", "_static"])
def test_a_path_outside_the_book_or_not_in_it_is_not_found(book: BookFiles, path: str) -> None:
    (Path(book.source).parent / "secret.txt").write_text("secret")
    assert book.lookup(path) is None


def test_what_is_not_a_book_is_named(tmp_path: Path) -> None:
    with pytest.raises(BookError, match="no such file"):
        BookFiles.open(tmp_path / "missing.zip")
    (tmp_path / "notes.zip").write_text("not a zip")
    with pytest.raises(BookError, match=r"notes\.zip is not a zip archive"):
        BookFiles.open(tmp_path / "notes.zip")
    with zipfile.ZipFile(tmp_path / "other.zip", "w") as z:
        z.writestr("a/readme.txt", "x")
        z.writestr("b/index.html", "x")
    with pytest.raises(BookError, match=r"no index\.html"):
        BookFiles.open(tmp_path / "other.zip")
    (tmp_path / "empty").mkdir()
    with pytest.raises(BookError, match=r"without index\.html"):
        BookFiles.open(tmp_path / "empty")
    assert main(["book", str(tmp_path / "notes.zip")]) == 2


def test_content_types_do_not_depend_on_the_machine() -> None:
    assert content_type("a.WASM") == "application/wasm"
    assert content_type("x.ipynb") == "application/json"
    assert content_type("font.woff2") == "font/woff2"
    assert content_type("unknown.zzz") == "application/octet-stream"


@contextmanager
def serving(book: BookFiles) -> Iterator[str]:
    server = make_server(book, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.url
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.headers["Content-Type"], r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers["Content-Type"], e.read()


def test_mtlearn_book_serves_the_archive_over_http(tmp_path: Path) -> None:
    book = BookFiles.open(make_zip(tmp_path / "book.zip", "mtlearn-book/"))
    with serving(book) as url:
        assert url.startswith("http://127.0.0.1:")
        assert get(url) == (200, "text/html; charset=utf-8", PAGES["index.html"])
        status, ctype, body = get(url + "_static/engine/pyodide.asm.wasm")
        assert (status, ctype, body) == (200, "application/wasm", PAGES["_static/engine/pyodide.asm.wasm"])
        # urllib follows the redirect of a folder to its "/"
        assert get(url + "lite/lab") == (200, "text/html; charset=utf-8", b"<p>live</p>")
        assert get(url + "../../etc/passwd")[0] == 404
        assert get(url + "nope.html")[:2] == (404, "text/plain; charset=utf-8")
    book.close()


def test_a_file_the_browser_has_is_answered_304_and_a_changed_one_afresh(tmp_path: Path) -> None:
    """The ETag lets the next live notebook reuse Pyodide and the wheels (304, no body)."""
    book = BookFiles.open(make_zip(tmp_path / "book.zip", "mtlearn-book/"))
    with serving(book) as url:
        wasm = url + "_static/engine/pyodide.asm.wasm"
        with urllib.request.urlopen(wasm, timeout=10) as r:
            etag, cache = r.headers["ETag"], r.headers["Cache-Control"]
        assert etag and cache == "no-cache"
        again = urllib.request.Request(wasm, headers={"If-None-Match": etag})
        with pytest.raises(urllib.error.HTTPError) as not_modified:
            urllib.request.urlopen(again, timeout=10)
        assert not_modified.value.code == 304 and not_modified.value.read() == b""
        other = urllib.request.Request(url, headers={"If-None-Match": etag})
        with urllib.request.urlopen(other, timeout=10) as r:  # another file: its own tag
            assert r.status == 200 and r.read() == PAGES["index.html"]
            assert r.headers["ETag"] != etag
    book.close()


def test_the_class_server_serves_the_archive_and_the_rules_without_a_book(tmp_path: Path) -> None:
    from classkit import start_class

    zipped = make_zip(tmp_path / "book.zip")
    cp = start_class(tmp_path / "with-book", "--book", str(zipped))
    try:
        assert any("The book:" in line and "book.zip" in line for line in cp.lines)
        assert get(cp.address + "book/") == (200, "text/html; charset=utf-8", PAGES["index.html"])
        assert get(cp.address + "book")[2] == PAGES["index.html"]
        assert get(cp.address + "book/_static/favicon.svg")[:2] == (200, "image/svg+xml")
        # rule links go to the book's rules page when there is a book
        assert get(cp.address + "rules.html")[2] == PAGES["rules.html"]
    finally:
        cp.stop()
    cp = start_class(tmp_path / "no-book")
    try:
        status, ctype, body = get(cp.address + "rules.html")
        assert (status, ctype) == (200, "text/html; charset=utf-8")
        from mtlearn.core.ruleids import RULES, anchor

        page = body.decode()
        assert all(f'id="{anchor(rid)}"' in page for rid in RULES)
        assert get(cp.address + "book/")[0] == 404
    finally:
        cp.stop()
    bad = tmp_path / "bad.zip"
    bad.write_text("x")
    out = warm_cli.run(["class", "--book", str(bad), "--folder", str(tmp_path / "c3"),
                        "--port", "0"], timeout=60)
    assert out.returncode == 2 and "bad.zip is not a zip archive" in out.stderr
