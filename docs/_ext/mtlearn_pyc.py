"""Byte-compile the live notebooks' wheels for the kernel's own Python, at build time.

The kernel (Pyodide inside a Web Worker) unpacks every preloaded wheel and then compiles
each ``.py`` it imports to bytecode, inside WebAssembly, on every start: IPython and its
dependencies are a few hundred modules. This module compiles them once, when the book is
built, with the very Python the kernel runs — Pyodide itself, run under Node.js — and
repacks each wheel with a ``__pycache__/<module>.cpython-3XX.pyc`` beside every module.
Pyodide's standard library (``python_stdlib.zip``, sources only in the npm package, read by
``zipimport``, which cannot write bytecode) gets a ``<module>.pyc`` beside each module the
same way: every ``import`` of the standard library compiled once, not at every start.

The ``.pyc`` files are "unchecked hash-based" (PEP 552): the wheel's unpacking in the
browser does not keep file times, so time-stamped ``.pyc`` files would be thrown away;
unchecked ones are used as they are. The sources stay in the wheel (tracebacks and
``inspect`` still show them). Compiled wheels are cached under ``.cache/lite-pyc-<hash>``
keyed by the input wheel's bytes and the Pyodide that compiled them.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

#: Runs inside Pyodide: for each wheel in /in, write /out/<same name> with the .pyc added
#: (and listed in RECORD, without a hash as pip does), and /out/magic.txt.
_COMPILE_PY = r'''
import base64, importlib.util, io, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
SITE = "/lib/python%d.%d/site-packages/" % sys.version_info[:2]
STDLIB = [p for p in sys.path if p.endswith(".zip")][0] + "/"
TAG = sys.implementation.cache_tag
for name in sorted(os.listdir("/in")):
    stdlib = not name.endswith(".whl")  # zipimport: module.pyc beside module.py
    src = zipfile.ZipFile("/in/" + name)
    buf = io.BytesIO()
    dst = zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED)
    added, record = [], None
    for info in src.infolist():
        data = src.read(info)
        if info.filename.endswith(".dist-info/RECORD"):
            record = (info, data)
            continue
        dst.writestr(info, data)
        if info.filename.endswith(".py") and ".dist-info/" not in info.filename:
            try:
                code = compile(data, (STDLIB if stdlib else SITE) + info.filename, "exec",
                               dont_inherit=True)
            except SyntaxError:
                continue  # a file no import reaches (templates, py2 leftovers)
            head, tail = info.filename.rpartition("/")[::2]
            pyc = (info.filename + "c" if stdlib else
                   (head + "/" if head else "") + "__pycache__/" + tail[:-3] + "." + TAG + ".pyc")
            body = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            dst.writestr(zipfile.ZipInfo(pyc, date_time=info.date_time), bytes(body),
                         zipfile.ZIP_DEFLATED)
            added.append(pyc)
    if record is not None:
        text = record[1].decode().rstrip("\n") + "\n" + "".join(p + ",,\n" for p in added)
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


def cache_key(wheels: dict[str, bytes], pyodide_dir: Path) -> str:
    """A hash of the wheels, the compiling Pyodide and this module (the cache's key)."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    for f in ("pyodide.asm.wasm", "python_stdlib.zip"):
        h.update(hashlib.sha256((pyodide_dir / f).read_bytes()).digest())
    for name in sorted(wheels):
        h.update(name.encode() + hashlib.sha256(wheels[name]).digest())
    return h.hexdigest()[:16]


def compile_wheels(wheels: dict[str, bytes], pyodide_dir: Path,
                   cache: Path) -> tuple[dict[str, bytes], str]:
    """``wheels`` (file name → bytes) with ``.pyc`` files made by the Pyodide in
    ``pyodide_dir``; returns them and the bytecode's magic number and tag ("<hex> <tag>").
    Cached under ``cache/lite-pyc-<key>``."""
    folder = cache / f"lite-pyc-{cache_key(wheels, pyodide_dir)}"
    stamp = folder / "magic.txt"
    if not stamp.is_file():
        node = shutil.which("node")
        if node is None:
            raise CompileError("Node.js (node) is needed to byte-compile the live notebooks' "
                               "wheels with Pyodide; install it or build without them")
        for old in cache.glob("lite-pyc-*"):
            shutil.rmtree(old, ignore_errors=True)
        with tempfile.TemporaryDirectory() as tmp:
            t = Path(tmp)
            (t / "in").mkdir()
            (t / "out").mkdir()
            for name, data in wheels.items():
                (t / "in" / name).write_bytes(data)
            (t / "compile.py").write_text(_COMPILE_PY, encoding="utf-8")
            index = pyodide_dir.resolve().as_posix() + "/"
            (t / "run.mjs").write_text(_RUNNER_MJS % {"pyodide": index + "pyodide.mjs",
                                                      "index": index}, encoding="utf-8")
            proc = subprocess.run([node, str(t / "run.mjs"), str(t / "in"), str(t / "out"),
                                   str(t / "compile.py")], capture_output=True, text=True,
                                  timeout=600)
            missing = [n for n in wheels if not (t / "out" / n).is_file()]
            if proc.returncode != 0 or missing or not (t / "out" / "magic.txt").is_file():
                raise CompileError(f"byte-compiling the wheels with Pyodide failed (exit "
                                   f"{proc.returncode}; missing {missing[:3]}):\n"
                                   f"{proc.stderr[-3000:]}")
            shutil.rmtree(folder, ignore_errors=True)
            shutil.copytree(t / "out", folder)
    out = {name: (folder / name).read_bytes() for name in wheels}
    return out, stamp.read_text(encoding="utf-8").strip()


def magic_of(pyc: bytes) -> str:
    """The magic number of a ``.pyc`` (hex), to compare with :func:`compile_wheels`'s."""
    return pyc[:4].hex()


if __name__ == "__main__":  # python mtlearn_pyc.py WHEEL... : compile into the cache, print
    import sys

    given = {Path(p).name: Path(p).read_bytes() for p in sys.argv[2:]}
    done, magic = compile_wheels(given, Path(sys.argv[1]), Path(tempfile.gettempdir()))
    print(json.dumps({"magic": magic, "sizes": {n: len(b) for n, b in done.items()}}))
