"""Byte-compile the live notebooks' wheels for the kernel's own Python, at build time.

The kernel (Pyodide inside a Web Worker) unpacks every preloaded wheel and then compiles
each ``.py`` it imports to bytecode, inside WebAssembly, on every start: IPython and its
dependencies are a few hundred modules. This module compiles them once, when the book is
built, with the very Python the kernel runs — Pyodide itself, run under Node.js — and
repacks each wheel with every module's bytecode. Pyodide's standard library
(``python_stdlib.zip``, sources only in the npm package, read by ``zipimport``, which
cannot write bytecode) is compiled the same way: every ``import`` compiled once, not at
every start.

Only mtlearn's own wheel keeps its sources (``__pycache__/<module>.cpython-3XX.pyc``
beside each module), so that a learner's traceback through mtlearn shows its lines. The
other wheels and the standard library are shipped as bytecode alone (``<module>.pyc`` in
the place of ``<module>.py``, which Python imports without a source): keeping both had
nearly tripled the standard library's download (2.5 → 7.1 MB) and doubled the wheels'.

The ``.pyc`` files are "unchecked hash-based" (PEP 552): the wheel's unpacking in the
browser does not keep file times, so time-stamped ``.pyc`` files would be thrown away;
unchecked ones are used as they are. Compiled wheels are cached under ``.cache/lite-pyc-<hash>``
keyed by the input wheel's bytes and the Pyodide that compiled them.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

#: Runs inside Pyodide (after a line ``KEEP = [name prefixes]``): for each wheel in /in,
#: write /out/<same name> with the .pyc added (and RECORD updated; a .pyc listed without a
#: hash, as pip does), and /out/magic.txt.
_COMPILE_PY = r'''
import base64, importlib.util, io, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
SITE = "/lib/python%d.%d/site-packages/" % sys.version_info[:2]
STDLIB = [p for p in sys.path if p.endswith(".zip")][0] + "/"
TAG = sys.implementation.cache_tag
for name in sorted(os.listdir("/in")):
    stdlib = not name.endswith(".whl")  # zipimport: module.pyc beside module.py
    # sources kept (bytecode in __pycache__) or dropped (module.pyc in the module's place)
    keep = any(name.startswith(k) for k in KEEP)
    src = zipfile.ZipFile("/in/" + name)
    buf = io.BytesIO()
    dst = zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED)
    added, dropped, record = [], set(), None
    for info in src.infolist():
        data = src.read(info)
        if info.filename.endswith(".dist-info/RECORD"):
            record = (info, data)
            continue
        if not info.filename.endswith(".py") or ".dist-info/" in info.filename:
            dst.writestr(info, data)
            continue
        try:
            code = compile(data, (STDLIB if stdlib else SITE) + info.filename, "exec",
                           dont_inherit=True)
        except SyntaxError:  # a file no import reaches (templates, py2 leftovers)
            dst.writestr(info, data)
            continue
        head, tail = info.filename.rpartition("/")[::2]
        if keep:
            dst.writestr(info, data)
            pyc = (head + "/" if head else "") + "__pycache__/" + tail[:-3] + "." + TAG + ".pyc"
        else:
            dropped.add(info.filename)
            pyc = info.filename + "c"
        body = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        dst.writestr(zipfile.ZipInfo(pyc, date_time=info.date_time), bytes(body),
                     zipfile.ZIP_DEFLATED)
        added.append(pyc)
    if record is not None:
        lines = [line for line in record[1].decode().splitlines()
                 if line and line.split(",")[0] not in dropped]
        text = "\n".join(lines) + "\n" + "".join(p + ",,\n" for p in added)
        dst.writestr(record[0], text.encode())
    dst.close()
    with open("/out/" + name, "wb") as f:
        f.write(buf.getvalue())
with open("/out/magic.txt", "w") as f:
    f.write(importlib.util.MAGIC_NUMBER.hex() + " " + TAG)
'''

_RUNNER_MJS = r'''
import { loadPyodide } from "%(pyodide)s";
import fs from "node:fs";
const [inDir, outDir, script] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: "%(index)s" });
py.FS.mkdir("/in"); py.FS.mkdir("/out");
for (const n of fs.readdirSync(inDir)) {
  py.FS.writeFile("/in/" + n, fs.readFileSync(inDir + "/" + n));
}
py.runPython(fs.readFileSync(script, "utf8"));
for (const n of py.FS.readdir("/out")) {
  if (n === "." || n === "..") continue;
  fs.writeFileSync(outDir + "/" + n, py.FS.readFile("/out/" + n));
}
'''


class CompileError(RuntimeError):
    """The wheels could not be byte-compiled (no Node.js, Pyodide failed)."""


def cache_key(wheels: dict[str, bytes], pyodide_dir: Path, keep: tuple[str, ...] = ()) -> str:
    """A hash of the wheels, the compiling Pyodide, the sources kept and this module (the
    cache's key)."""
    h = hashlib.sha256(Path(__file__).read_bytes() + json.dumps(sorted(keep)).encode())
    for f in ("pyodide.asm.wasm", "python_stdlib.zip"):
        h.update(hashlib.sha256((pyodide_dir / f).read_bytes()).digest())
    for name in sorted(wheels):
        h.update(name.encode() + hashlib.sha256(wheels[name]).digest())
    return h.hexdigest()[:16]


def compile_wheels(wheels: dict[str, bytes], pyodide_dir: Path, cache: Path,
                   keep: tuple[str, ...] = ()) -> tuple[dict[str, bytes], str]:
    """``wheels`` (file name → bytes) with ``.pyc`` files made by the Pyodide in
    ``pyodide_dir``; returns them and the bytecode's magic number and tag ("<hex> <tag>").
    The wheels whose names start with one of ``keep`` keep their sources (bytecode in
    ``__pycache__``); the others (and the standard library) have each compiled ``.py``
    replaced by its ``.pyc``. Cached under ``cache/lite-pyc-<key>``."""
    folder = cache / f"lite-pyc-{cache_key(wheels, pyodide_dir, keep)}"
    stamp = folder / "magic.txt"
    if not stamp.is_file():
        import mtlearn_engine

        with mtlearn_engine.cache_lock("lite-pyc", cache):  # builds at once: one compiles
            if not stamp.is_file():
                _compile_into(folder, wheels, pyodide_dir, cache, keep)
    out = {name: (folder / name).read_bytes() for name in wheels}
    return out, stamp.read_text(encoding="utf-8").strip()


def _compile_into(folder: Path, wheels: dict[str, bytes], pyodide_dir: Path, cache: Path,
                  keep: tuple[str, ...]) -> None:
    node = shutil.which("node")
    if node is None:
        raise CompileError("Node.js (node) is needed to byte-compile the live notebooks' "
                           "wheels with Pyodide; install it or build without them")
    for old in cache.glob("lite-pyc-*"):
        shutil.rmtree(old, ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = _run_pyodide(node, wheels, pyodide_dir, Path(tmp), keep)
        part = folder.with_name(folder.name + ".part")  # whole or absent: renamed at the end
        shutil.rmtree(part, ignore_errors=True)
        shutil.copytree(out_dir, part)
        part.rename(folder)


def _groups(wheels: dict[str, bytes], n: int) -> list[list[str]]:
    """The wheels in ``n`` groups of about the same size (the biggest first, each to the
    lightest group)."""
    groups: list[list[str]] = [[] for _ in range(n)]
    sizes = [0] * n
    for name in sorted(wheels, key=lambda k: -len(wheels[k])):
        i = sizes.index(min(sizes))
        groups[i].append(name)
        sizes[i] += len(wheels[name])
    return [g for g in groups if g]


def _run_pyodide(node: str, wheels: dict[str, bytes], pyodide_dir: Path, tmp: Path,
                 keep: tuple[str, ...]) -> Path:
    """Compile ``wheels`` with one Pyodide under Node per core (each a share of them) into
    ``tmp/out``; raises :class:`CompileError` if any run fails."""
    out = tmp / "out"
    out.mkdir()
    (tmp / "compile.py").write_text(f"KEEP = {json.dumps(list(keep))}\n" + _COMPILE_PY,
                                    encoding="utf-8")
    index = pyodide_dir.resolve().as_posix() + "/"
    (tmp / "run.mjs").write_text(_RUNNER_MJS % {"pyodide": index + "pyodide.mjs",
                                                "index": index}, encoding="utf-8")
    runs = []
    for k, group in enumerate(_groups(wheels, max(1, min(4, os.cpu_count() or 1)))):
        inbox = tmp / f"in{k}"
        inbox.mkdir()
        for name in group:
            (inbox / name).write_bytes(wheels[name])
        runs.append(subprocess.Popen([node, str(tmp / "run.mjs"), str(inbox), str(out),
                                      str(tmp / "compile.py")],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    failures = []
    for proc in runs:
        try:
            _, err = proc.communicate(timeout=600)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
        if proc.returncode != 0:
            failures.append(f"exit {proc.returncode}: {err[-3000:]}")
    missing = [n for n in wheels if not (out / n).is_file()]
    if failures or missing or not (out / "magic.txt").is_file():
        raise CompileError(f"byte-compiling the wheels with Pyodide failed (missing "
                           f"{missing[:3]}):\n" + "\n".join(failures))
    return out


def magic_of(pyc: bytes) -> str:
    """The magic number of a ``.pyc`` (hex), to compare with :func:`compile_wheels`'s."""
    return pyc[:4].hex()


if __name__ == "__main__":  # python mtlearn_pyc.py WHEEL... : compile into the cache, print
    import sys

    given = {Path(p).name: Path(p).read_bytes() for p in sys.argv[2:]}
    done, magic = compile_wheels(given, Path(sys.argv[1]), Path(tempfile.gettempdir()))
    print(json.dumps({"magic": magic, "sizes": {n: len(b) for n, b in done.items()}}))
