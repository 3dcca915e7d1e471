"""What the live notebooks' site leaves out (issue 40: the book with its live site within
:data:`BOOK_CAP_MB`), and the book's icon in ``lite/``.

Each cut is a file no page of the book or of the live site loads, or a package no notebook
imports; ``tests/test_lite_size.py`` checks the cap and each cut against the built book,
``tests/test_lite.py`` and ``tests/test_lite_walk.py`` run the live notebooks with them.

* ``lite/build/``: Font Awesome in the formats older than woff2 (eot, svg, ttf, woff): the
  style sheet lists woff2 first and every browser the book supports takes it (the licence
  of Font Awesome stays in ``third-party-licenses.json``); the bundles of the apps
  ``mtlearn_lite`` removes (``STRAY_APPS``); JupyterLab's 300 kB logo as ``lab/favicon.ico``
  (the book's own icon instead); the libraries of three extensions turned off
  (:data:`DISABLED`: Mermaid diagrams, Vega charts, terminals), about 6 MB of chunks that
  only they load (:func:`library_chunks`).
* The kernel's wheels: jedi (and parso, which only jedi uses): 2 MB of type stubs and code
  for completion. IPython completes without it; the kernel's package turns jedi on
  unconditionally, so that line is turned off (:data:`KERNEL_PATCH`), and the kernel, which
  installs ``jedi`` unless it is preloaded, gets an empty stand-in distribution of that name
  (no module: ``import jedi`` fails, as IPython expects when jedi is absent). Inside the
  other wheels: lab and classic-notebook front-end files (served from ``lite/extensions/``
  instead), and test suites. mtlearn's own wheel for the kernel leaves out what no notebook
  imports (:data:`MTLEARN_KERNEL_SKIPS`).
* The book: source maps (``*.map``) of the theme's scripts and styles, read only by a
  browser's developer tools.
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
import shutil
import struct
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

#: The built book, live site included, stays within this many megabytes (10^6 bytes).
BOOK_CAP_MB = 60
#: Font files in ``lite/build/`` no browser of today fetches (woff2 is listed first).
OLD_FONTS = re.compile(r"^fa-[a-z]+-\d+\.(eot|svg|ttf|woff)$")
#: ``lite/build/<app>/`` bundles of the apps the site does not keep (``STRAY_APPS``).
DEAD_BUNDLES = ("consoles", "repl")
#: JupyterLab's extensions whose libraries no notebook of the book loads (turned off in
#: ``jupyter-lite.json``; a learner's ``mermaid`` block then shows as code, a Vega chart in
#: the other forms its output carries): Mermaid diagrams (with ELK layouts and KaTeX), Vega
#: charts, terminals (the site has no terminal to open).
DISABLED = ("@jupyterlab/mermaid-extension", "@jupyterlab/vega5-extension",
            "@jupyterlab/terminal-extension")
#: How their libraries are found in ``lite/build/``: a lazily loaded chunk holding one of
#: these strings (Mermaid, its ELK layouts, xterm.js) or a shared module of these names
#: (Vega). Core and app bundles are never cut.
LIBRARY_MARKS = ("mermaidAPI", 'algorithm:"elk.layered"', "xterm")
SHARED_LIBRARIES = ("vega", "vega-lite", "vega-embed")
#: Distributions left out of the kernel (an empty stand-in keeps the name, see the docstring).
LEFT_OUT = {"jedi": "0.19.2", "parso": "0.8.6"}
#: The one line of the kernel's package that turns jedi on, and what it becomes.
KERNEL_PATCH = ("pyodide_kernel/interpreter.py", b"self.Completer.use_jedi = True",
                b"self.Completer.use_jedi = False  # mtlearn: no jedi in the live notebooks")
#: What the live notebooks never import from mtlearn (the command line, the class server,
#: the puzzle miner but its claims checker and what that imports, which "Save as a puzzle"
#: in a round's review uses; ``tests/test_lite_size.py`` checks the notebooks' widgets
#: import none of the rest).
MTLEARN_KERNEL_SKIPS = ("mtlearn/cli.py", "mtlearn/hosts/classroom/",
                        *(f"mtlearn/content/mining{m}.py"
                          for m in ("", "_cli", "_ideas", "_legal", "_numbers")))
#: Folders inside other wheels that the kernel never reads.
_WHEEL_JUNK = re.compile(r"^[^/]+\.data/|/(labextension|nbextension|tests)/")

# ---------------------------------------------------------------------- lite/


def slim_site(site: Path) -> list[str]:
    """Remove what no page of the site loads from a built ``lite/`` site; returns the
    removed paths (relative to ``site``)."""
    removed = []
    build = site / "build"
    for path in sorted(build.iterdir()):
        if path.is_file() and OLD_FONTS.match(path.name):
            path.unlink()
            removed.append(f"build/{path.name}")
    for app in DEAD_BUNDLES:
        if (build / app).is_dir():
            shutil.rmtree(build / app)
            removed.append(f"build/{app}/")
    for name in sorted(library_chunks(build)):
        (build / name).unlink()
        removed.append(f"build/{name}")
    return removed


_LOAD = r"[A-Za-z_$][\w$]*\.e\((\d+)\)"
_GROUP = re.compile(r"Promise\.all\(\[((?:" + _LOAD + r",?)+)\]\)|" + _LOAD)
_CHUNK = re.compile(r"^(\d+|jlab_core)\.[0-9a-f]+\.js$")
_ENTRY = re.compile(r"\{main:\(\)=>")
_SHARED = re.compile(r'(?:name|shareKey):"(' + "|".join(map(re.escape, SHARED_LIBRARIES))
                     + r')"[^{}]*$')


def chunk_places(build: Path) -> tuple[dict[str, str], list[tuple[str, frozenset[str], bool]]]:
    """The chunk files of ``build`` by id, and every place that loads chunks: (the file it
    is in, the chunk ids it names, whether it loads a library of :data:`DISABLED`)."""
    files = {("5531" if m[1] == "jlab_core" else m[1]): p.name
             for p in build.iterdir() if (m := _CHUNK.match(p.name))}
    texts = {name: (build / name).read_text(encoding="utf-8") for name in files.values()}
    for bundle in sorted(build.glob("*/bundle.js")):
        texts[bundle.relative_to(build).as_posix()] = bundle.read_text(encoding="utf-8")
    # an app's own entry chunk names every plugin, the terminal's among them: never a
    # library's (cutting it left JupyterLab's lab app without its main chunk)
    marked = {cid for cid, name in files.items() if cid != "5531"
              and not _ENTRY.search(texts[name])
              and any(mark in texts[name] for mark in LIBRARY_MARKS)}
    places: list[tuple[str, frozenset[str], bool]] = []
    for name, text in texts.items():
        for m in _GROUP.finditer(text):
            ids = frozenset(re.findall(r"\.e\((\d+)\)", m[0]))
            before = text[max(0, m.start() - 300):m.start()]
            places.append((name, ids, bool(ids & marked) or bool(_SHARED.search(before))))
    return files, places


def library_chunks(build: Path) -> set[str]:
    """The chunk files of ``build`` that only the libraries of :data:`DISABLED` load.

    Each place that loads chunks (``Promise.all([n.e(12), n.e(34)])`` or ``n.e(12)``, in a
    chunk or an app's bundle) names every chunk its import needs. The places that load a
    library (a chunk with one of :data:`LIBRARY_MARKS`, or the factory of a shared module
    of :data:`SHARED_LIBRARIES`) are cut; a chunk is left out when no other place, outside
    the chunks left out, names it."""
    files, places = chunk_places(build)
    out = set().union(*(ids for _, ids, cut in places if cut)) - {"5531"}
    while True:  # what the places outside the chunks left out still need stays
        gone = {files[c] for c in out if c in files}
        inner = set().union(*(ids for f, ids, _ in places if f in gone)) - {"5531"}
        needed = set().union(*(ids for f, ids, cut in places if not cut and f not in gone))
        new = (out | inner) - needed
        if new == out:
            return {files[c] for c in out if c in files}
        out = new


# ---------------------------------------------------------------------- the kernel's wheels


def rewrite_wheel(data: bytes, keep: Callable[[str], bool],
                  change: dict[str, bytes] | None = None) -> bytes:
    """A wheel (zip) with only the files ``keep`` accepts, some contents replaced
    (``change``), and its RECORD listing exactly what is left."""
    change = change or {}
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        infos = [i for i in src.infolist() if keep(i.filename)]
        record = next(i for i in infos if i.filename.endswith(".dist-info/RECORD"))
        lines = []
        for info in infos:
            if info is record:
                continue
            body = change.get(info.filename, src.read(info))
            digest = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=")
            lines.append(f"{info.filename},sha256={digest.decode()},{len(body)}")
            dst.writestr(info, body)
        lines.append(f"{record.filename},,")
        dst.writestr(record, ("\n".join(lines) + "\n").encode())
    return out.getvalue()


def slim_wheel(name: str, data: bytes) -> bytes:
    """A wheel of the kernel without what it never reads (see the module's docstring)."""
    if name.startswith("mtlearn-"):
        return rewrite_wheel(data, lambda n: not n.startswith(MTLEARN_KERNEL_SKIPS))
    change = {}
    if name.startswith("pyodide_kernel-"):
        path, line, new = KERNEL_PATCH
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            text = zf.read(path)
        if text.count(line) != 1:
            raise ValueError(f"{name}: {path} no longer turns jedi on with {line.decode()!r}; "
                             "check how it completes before leaving jedi out")
        change[path] = text.replace(line, new)
    return rewrite_wheel(data, lambda n: not _WHEEL_JUNK.search(n), change)


def stand_in(dist: str, version: str) -> tuple[str, bytes]:
    """An empty distribution named ``dist`` (no module), for the kernel's start-up list."""
    import mtlearn_engine

    meta = (f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n"
            "Summary: left out of mtlearn's live notebooks (an empty stand-in)\n")
    return (f"{dist}-{version}-py3-none-any.whl",
            mtlearn_engine.wheel_bytes([], f"{dist}-{version}.dist-info", meta, "mtlearn_lite"))


# ---------------------------------------------------------------------- the book


def drop_source_maps(book: Path) -> int:
    """Remove the ``*.map`` files of the book's ``_static/`` (the theme's source maps);
    returns the bytes removed."""
    size = 0
    for path in sorted((book / "_static").rglob("*.map")):
        size += path.stat().st_size
        path.unlink()
    return size


def book_size(book: Path) -> int:
    """The bytes of every file of the built book (hidden ``.doctrees`` and ``.buildinfo``
    left out: a copy for learners leaves them too)."""
    return sum(p.stat().st_size for p in book.rglob("*")
               if p.is_file() and not any(part.startswith(".") for part in
                                          p.relative_to(book).parts))


# ---------------------------------------------------------------------- the icon

#: The book's icon (a domino), written at the book's root and in ``lite/`` at build time:
#: browsers ask for ``/favicon.ico`` on every page without one.
FAVICON_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    '<rect x="9" y="1" width="14" height="30" rx="3" fill="#fdfaf2" stroke="#2b2b2b" '
    'stroke-width="2"/><line x1="9" y1="16" x2="23" y2="16" stroke="#2b2b2b" stroke-width="2"/>'
    '<circle cx="16" cy="8.5" r="2.2" fill="#2b2b2b"/><circle cx="13" cy="21" r="2" '
    'fill="#2b2b2b"/><circle cx="19" cy="26" r="2" fill="#2b2b2b"/></svg>\n')


def favicon_ico() -> bytes:
    """The book's icon as a 16×16 ``.ico`` (one PNG inside): a domino, upright."""
    rows = []
    for y in range(16):
        row = bytearray(b"\0")  # PNG filter: none
        for x in range(16):
            inside = 4 <= x <= 11 and 0 <= y <= 15
            edge = inside and (x in (4, 11) or y in (0, 15, 8))
            pip = (x, y) in {(7, 4), (8, 4), (7, 3), (8, 3), (6, 11), (9, 12)}
            row += (bytes((43, 43, 43, 255)) if edge or pip
                    else bytes((253, 250, 242, 255)) if inside else bytes(4))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 6, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b""))
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32,
                                                      len(png), 22) + png


def write_favicons(book: Path, lite_dir: str) -> None:
    """``favicon.ico`` and ``favicon.svg`` at the book's root and in ``lite/``; the lab
    app's icon (JupyterLab's logo, 300 kB, named by ``jupyter-lite.json``) becomes the
    book's too."""
    for folder in (book, book / lite_dir):
        if folder.is_dir():
            (folder / "favicon.ico").write_bytes(favicon_ico())
            (folder / "favicon.svg").write_text(FAVICON_SVG, encoding="utf-8")
    lab = book / lite_dir / "lab" / "favicon.ico"
    if lab.is_file():
        lab.write_bytes(favicon_ico())
