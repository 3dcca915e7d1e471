"""Sphinx extension: put mtlearn's in-page engine into the book's ``_static/``.

The boards of the book play on with no kernel by running mtlearn itself in the page:
Pyodide (CPython compiled to WebAssembly) in a Web Worker. This extension

* takes Pyodide from the npm registry (``npm pack pyodide@PYODIDE_VERSION``), checks the
  tarball against the pinned integrity hash, and keeps it in ``.cache/`` (git-ignored), so
  later builds need no network; nothing is ever committed or fetched from a CDN;
* builds mtlearn as a wheel from the checkout (standard library only);
* writes ``_static/mtlearn-engine/`` once for the whole book: ``worker.mjs``,
  ``engine.json``, the wheel and ``pyodide/`` (the core files only, about 12 MB);
* byte-compiles, with the very Pyodide the page runs (``mtlearn_pyc``, Node.js), the
  standard library (``pyodide/python_stdlib.zip``; the live notebooks' build,
  ``mtlearn_lite``, writes the same file) and the wheel the worker loads
  (``worker/mtlearn-<version>-py3-none-any.whl``, named in ``engine.json``): bytecode
  alone, without what the worker never uses (:data:`WORKER_SKIPS`). Python then
  compiles no module in WebAssembly as the engine starts, and the wheel is no larger
  than the sources were. The whole wheel, as sources, is written beside it for the
  live notebooks' build, which reads it and removes it (``mtlearn_lite``);
* adds ``<meta name="mtlearn-engine" content="…/_static/mtlearn-engine/">`` to every page,
  which tells the boards where the engine is.

``MTLEARN_CACHE`` moves the cache folder. Without npm (and no cached copy) the build
fails with a message saying what to install.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import hashlib
import io
import json
import os
import shutil
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mtlearn_download as download

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "mtlearn"
PYODIDE_VERSION = "314.0.6"  # the one jupyterlite-pyodide-kernel 0.8.6 runs on (mtlearn_lite)
PYODIDE_INTEGRITY = (
    "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ=="
)
#: The files of the npm package the worker needs (the rest are types, maps, a demo page).
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
              "pyodide-lock.json")
ENGINE_DIR = "mtlearn-engine"
#: Pyodide's standard library (sources only in the npm package; byte-compiled here).
STDLIB = "python_stdlib.zip"
#: What the in-page engine never imports or reads, left out of the wheel it loads: the
#: front end's files, the notebook widgets, the command line, the class server and the
#: puzzle miner but its claims checker and what that imports (``mining_claims``: "Save as
#: a puzzle" in a round's review checks a learner's own puzzle with it;
#: ``tests/test_engine_start.py`` checks that nothing else imports them).
WORKER_SKIPS = ("mtlearn/static/", "mtlearn/jupyter/", "mtlearn/cli.py",
                "mtlearn/hosts/classroom/",
                *(f"mtlearn/content/mining{m}.py"
                  for m in ("", "_cli", "_ideas", "_legal", "_numbers")))


class EngineError(RuntimeError):
    """The engine could not be prepared (no npm, a bad download…)."""


def cache_dir() -> Path:
    """Where downloads are kept between builds (``MTLEARN_CACHE`` or ``<repo>/.cache``)."""
    return Path(os.environ.get("MTLEARN_CACHE") or ROOT / ".cache")


@contextlib.contextmanager
def cache_lock(name: str, cache: Path | None = None) -> Iterator[None]:
    """Hold ``<cache>/.<name>.lock`` (an exclusive ``fcntl`` lock) for the block: builds of
    the book running at once (``pytest -n 3`` builds one a worker) share the cache, and
    one of them must not delete or half-write a folder another is making or reading. The
    others wait, then find it made."""
    folder = cache or cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f".{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def fetch_pyodide(cache: Path | None = None) -> Path:
    """The folder holding Pyodide's core files, downloaded once with npm and checked."""
    cache = cache or cache_dir()
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    if all((folder / name).is_file() for name in CORE_FILES):
        return folder
    with cache_lock("pyodide", cache):  # one build fetches, the others wait and find it
        if all((folder / name).is_file() for name in CORE_FILES):
            return folder
        return _fetch_pyodide(cache, folder)


def _fetch_pyodide(cache: Path, folder: Path) -> Path:
    tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise EngineError(
                "npm is needed once to fetch Pyodide for the book's in-page engine "
                f"(npm pack pyodide@{PYODIDE_VERSION}); install Node.js and npm "
                "(Debian: apt-get install -y npm), or put the tarball at " + str(tgz))
        cache.mkdir(parents=True, exist_ok=True)
        cmd = [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache),
               "--cache", str(cache / "npm"), "--loglevel=error"]
        try:
            download.run(cmd, package="pyodide", pin=PYODIDE_VERSION, timeout=600,
                         retry=" ".join(["npm", *cmd[1:]]))
        except download.DownloadError as e:
            raise EngineError(str(e)) from None
        if not tgz.is_file():
            raise EngineError(f"pyodide {PYODIDE_VERSION}: npm pack wrote no {tgz}")
    data = tgz.read_bytes()
    if _integrity(data) != PYODIDE_INTEGRITY:
        tgz.unlink()
        raise EngineError(f"{tgz.name} does not match the pinned integrity hash; "
                          "it was removed, build again to download it afresh")
    tmp = folder.with_name(folder.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in CORE_FILES:
            member = tar.getmember(f"package/{name}")
            src = tar.extractfile(member)
            if src is None:
                raise EngineError(f"{tgz.name}: package/{name} is not a file")
            (tmp / name).write_bytes(src.read())
    shutil.rmtree(folder, ignore_errors=True)
    tmp.rename(folder)
    return folder


def _version() -> str:
    for line in (PACKAGE / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise EngineError("mtlearn/__init__.py has no __version__")


def wheel_bytes(files: list[tuple[str, bytes]], dist: str, metadata: str,
                generator: str) -> bytes:
    """A pure-Python wheel (zip) of ``files`` plus a minimal ``dist`` folder (METADATA,
    WHEEL, RECORD), made reproducibly: fixed dates and modes, files in the order given."""
    files = [*files, (f"{dist}/METADATA", metadata.encode()),
             (f"{dist}/WHEEL", f"Wheel-Version: 1.0\nGenerator: {generator}\n"
              "Root-Is-Purelib: true\nTag: py3-none-any\n".encode())]
    record = []
    for name, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")
    record.append(f"{dist}/RECORD,,")
    files.append((f"{dist}/RECORD", ("\n".join(record) + "\n").encode()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return buf.getvalue()


def build_wheel(out: Path, *, skip: tuple[str, ...] = ()) -> Path:
    """Write mtlearn as a pure-Python wheel built from the checkout; returns its path.
    The files whose path in the wheel starts with one of ``skip`` are left out."""
    version = _version()
    dist = f"mtlearn-{version}.dist-info"
    path = out / f"mtlearn-{version}-py3-none-any.whl"
    files: list[tuple[str, bytes]] = []
    for p in sorted(PACKAGE.rglob("*")):
        rel = p.relative_to(PACKAGE)
        name = f"mtlearn/{rel.as_posix()}"
        if p.is_dir() or "__pycache__" in rel.parts or p.suffix in (".pyc", ".pyo") \
                or name.startswith(skip):
            continue
        files.append((name, p.read_bytes()))
    meta = (f"Metadata-Version: 2.1\nName: mtlearn\nVersion: {version}\n"
            "Summary: Learn the domino game Mexican Train (engine for the book's pages)\n")
    out.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(wheel_bytes(files, dist, meta, "mtlearn_engine"))
    tmp.replace(path)
    return path


def byte_compiled(core: Path, wheel: Path, cache: Path | None = None) -> tuple[bytes, bytes]:
    """The standard library of the Pyodide in ``core`` and ``wheel``, byte-compiled by
    that Pyodide (``mtlearn_pyc``), each module's ``.pyc`` in the place of its source.
    Each is cached under ``<cache>/engine-pyc/<Pyodide>/``: the stdlib once per Pyodide,
    the wheel once per checkout. Raises :class:`EngineError` without Node.js."""
    import mtlearn_pyc

    folder = (cache or cache_dir()) / "engine-pyc" / core.name
    try:
        stdlib = mtlearn_pyc.compile_wheels({STDLIB: (core / STDLIB).read_bytes()}, core,
                                            folder / "stdlib")[0][STDLIB]
        data = mtlearn_pyc.compile_wheels({wheel.name: wheel.read_bytes()}, core,
                                          folder / "wheel")[0][wheel.name]
    except mtlearn_pyc.CompileError as e:
        raise EngineError(str(e)) from None
    return stdlib, data


def _write_if_changed(path: Path, data: bytes) -> None:
    if not path.is_file() or path.stat().st_size != len(data) or path.read_bytes() != data:
        path.write_bytes(data)


def write_engine(static: Path, cache: Path | None = None, *,
                 compiled: bool = True) -> tuple[Path, int]:
    """Write the engine folder into ``static`` (a ``_static`` folder); returns it and its
    size in bytes.

    With ``compiled`` (the book's build) the standard library and the worker's wheel
    (``worker/``: :data:`WORKER_SKIPS` left out) are byte-compiled (:func:`byte_compiled`);
    without Node.js, or with ``compiled=False``, Pyodide's own standard library and the
    whole wheel, as sources, are used (the engine then compiles every module it imports
    at each start, in the page), and the build says so."""
    core = fetch_pyodide(cache)
    dest = static / ENGINE_DIR
    (dest / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in CORE_FILES:
        src, dst = core / name, dest / "pyodide" / name
        if name != STDLIB and (not dst.is_file() or dst.stat().st_size != src.stat().st_size):
            shutil.copyfile(src, dst)
    shutil.rmtree(dest / "worker", ignore_errors=True)
    for old in dest.glob("mtlearn-*.whl"):
        old.unlink()
    wheel = build_wheel(dest)
    stdlib, loaded = (core / STDLIB).read_bytes(), wheel.name
    if compiled:
        with tempfile.TemporaryDirectory() as tmp:
            lean = build_wheel(Path(tmp), skip=WORKER_SKIPS)
            try:
                stdlib, data = byte_compiled(core, lean, cache)
                (dest / "worker").mkdir()
                (dest / "worker" / lean.name).write_bytes(data)
                loaded = f"worker/{lean.name}"
            except EngineError as e:
                print(f"mtlearn engine: left without bytecode, slower to start ({e})",
                      file=sys.stderr)
    _write_if_changed(dest / "pyodide" / STDLIB, stdlib)
    shutil.copyfile(PACKAGE / "static" / "engine" / "worker.mjs", dest / "worker.mjs")
    (dest / "engine.json").write_text(json.dumps(
        {"pyodide": PYODIDE_VERSION, "wheel": loaded}, indent=1) + "\n", encoding="utf-8")
    size = sum(p.stat().st_size for p in dest.rglob("*") if p.is_file())
    return dest, size


# ---------------------------------------------------------------------- Sphinx


def _prepare(app: Any) -> None:
    if app.builder.format != "html":
        return
    try:
        fetch_pyodide()
    except EngineError as e:
        from sphinx.errors import ExtensionError

        raise ExtensionError(str(e)) from None


def _meta(app: Any, pagename: str, templatename: str, context: dict[str, Any],
          doctree: Any) -> None:
    pathto = context.get("pathto")
    if pathto is None:
        return
    href = pathto(f"_static/{ENGINE_DIR}/", 1)
    context["metatags"] = context.get("metatags", "") + (
        f'\n    <meta name="mtlearn-engine" content="{href}">')


def _finish(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    dest, size = write_engine(Path(app.outdir) / "_static")
    from sphinx.util import logging

    logging.getLogger(__name__).info(
        f"mtlearn engine: {dest.relative_to(app.outdir)} ({size / 1e6:.1f} MB, "
        f"Pyodide {PYODIDE_VERSION})")


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", _prepare)
    app.connect("html-page-context", _meta)
    app.connect("build-finished", _finish)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
