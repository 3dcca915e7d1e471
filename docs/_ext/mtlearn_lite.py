"""Sphinx extension: a JupyterLite site inside the book, so every chapter opens as a live
notebook in the browser, offline.

After the book is written, this extension

* converts the chapters (``tutorials/*.md``, MyST notebooks) to ``.ipynb`` with jupytext,
  adding one set-up cell (rule links to the book's rules page, puzzle progress in the
  browser's storage like the book's pages; chapter 10's charts are mtlearn's own SVG, so no
  plotting package is needed);
* runs ``jupyter lite build`` (jupyterlite-core + jupyterlite-pyodide-kernel, pinned in
  ``requirements/lite-build.txt``) into ``<book>/lite/``, from a build environment of its own
  (``.cache/lite-env-<hash of the pins>``): the kernel's package also puts a JupyterLab
  extension into the environment it is installed in, and in a real JupyterLab that extension
  fails on every page ("Shared module @jupyterlite/services doesn't exist"), so it must not
  be installed beside the JupyterLab the tutorials open in;
* gives the kernel the book's own Pyodide (``_static/mtlearn-engine/pyodide/``, written by
  ``mtlearn_engine``): one copy of ``pyodide.asm.wasm`` serves the boards' in-page engine
  and the kernel. The npm package of Pyodide carries no package files, so the pure-Python
  wheels the kernel and the notebooks import are taken from PyPI (pinned by sha256 in
  ``WHEELS``), PyYAML is packed from its pinned source release, mtlearn from the checkout
  (the whole wheel ``mtlearn_engine`` leaves beside the engine, removed once read), and
  ``pyodide-lock.json`` is rewritten to list exactly those files with their checksums;
  what no notebook loads is left out (``mtlearn_lite_slim``: jedi, old font formats…).
  The kernel preloads them all at start-up (``loadPyodideOptions.packages``): no package
  index, no PyPI fallback, nothing fetched off the book's own server. The wheels and
  Pyodide's standard library are byte-compiled at build time by Pyodide itself under Node
  (``mtlearn_pyc``): the kernel no longer compiles IPython & co. in wasm at every start.

Downloads are cached under ``.cache/lite-wheels`` (``MTLEARN_CACHE`` moves it), and the
built site under ``.cache/lite-site-<hash of its inputs>``, so a second build with the
same chapters, wheels and pins copies it instead of running ``jupyter lite build`` again.
Each cache is made under a file lock (``mtlearn_engine.cache_lock``): builds running at once
(``pytest -n 3``) make it once and never delete one another's.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import mtlearn_download as download
import mtlearn_engine as engine
import mtlearn_lite_nav as nav
import mtlearn_lite_outputs
import mtlearn_lite_slim as slim
from mtlearn_lite_nav import APP, LITE_DIR

ROOT = engine.ROOT
TUTORIALS = ROOT / "tutorials"
#: jupyterlite-pyodide-kernel 0.8.6 is built for exactly this Pyodide (its default CDN URL
#: names it); mtlearn_engine pins the same version for the in-page engine.
KERNEL_PYODIDE = "314.0.6"
#: Apps of ``jupyter lite build`` that no link of the book leads to (removed from the site:
#: they only logged 404s or redirected to missing pages).
STRAY_APPS = ("consoles", "repl", "doc", "lab/lab")
#: The words on the notebook page while Python starts ("Starting Python… 2 of 4").
PROGRESS_JS = "mtlearn_lite_progress.js"
#: Pure-Python wheels from PyPI, by file name → sha256. The first group are the packages of
#: Pyodide's own lock (same versions as its pyodide-lock.json) that the kernel needs
#: (micropip, IPython and its dependencies but jedi and parso: ``mtlearn_lite_slim``); the
#: second what the notebooks import
#: (anywidget, ipywidgets) and the kernel's comm.
WHEELS = {
    "asttokens-3.0.1-py3-none-any.whl": "15a3ebc0f43c2d0a50eeafea25e19046c68398e487b9f1f5b517f7c0f40f976a",
    "decorator-5.2.1-py3-none-any.whl": "d316bb415a2d9e2d2b3abcc4084c6502fc09240e292cd76a76afc106a1c8e04a",
    "executing-2.2.1-py2.py3-none-any.whl": "760643d3452b4d777d295bb167ccc74c64a81df23fb5e08eff250c425a4b2017",
    "ipython-9.12.0-py3-none-any.whl": "0f2701e8ee86e117e37f50563205d36feaa259d2e08d4a6bc6b6d74b18ce128d",
    "matplotlib_inline-0.2.1-py3-none-any.whl": "d56ce5156ba6085e00a9d54fead6ed29a9c47e215cd1bba2e976ef39f5710a76",
    "micropip-0.11.1-py3-none-any.whl": "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
    "prompt_toolkit-3.0.52-py3-none-any.whl": "9aac639a3bbd33284347de5ad8d68ecc044b91a762dc39b7c21095fcd6a19955",
    "pure_eval-0.2.3-py3-none-any.whl": "1db8e35b67b3d218d818ae653e27f06c3aa420901fa7b081ca98cbedc874e0d0",
    "pygments-2.20.0-py3-none-any.whl": "81a9e26dd42fd28a23a2d169d86d7ac03b46e2f8b59ed4698fb4785f946d0176",
    "six-1.17.0-py2.py3-none-any.whl": "4721f391ed90541fddacab5acf947aa0d3dc7d27b2e1e8eda2be8970586c3274",
    "stack_data-0.6.3-py3-none-any.whl": "d5558e0c25a4cb0853cddad3d77da9891a08cb85dd9f9f91b9f8cd66e511e695",
    "traitlets-5.14.3-py3-none-any.whl": "b74e89e397b1ed28cc831db7aea759ba6640cb3de13090ca145426688ff1ac4f",
    "typing_extensions-4.15.0-py3-none-any.whl": "f0fa19c6845758ab08074a0cfa8b7aecb71c999ca73d62883bc25cc018c4e548",
    "wcwidth-0.6.0-py3-none-any.whl": "1a3a1e510b553315f8e146c54764f4fb6264ffad731b3d78088cdb1478ffbdad",
    # what the notebooks import, and the comm the kernel talks widgets through
    "comm-0.2.3-py3-none-any.whl": "c615d91d75f7f04f095b30d1c1711babd43bdc6419c1be9886a85f2f4e489417",
    "anywidget-0.11.0-py3-none-any.whl": "c574d9acc6503ad27b37a9acea48f957a8ba7c9c9876cfcb37898931c098ce9d",
    "psygnal-0.16.1-py3-none-any.whl": "93b96894d8c46f0a3c0bfaaf8abe73f0d6db2c20cc6d303624cf08f85abc3c92",
    "ipywidgets-8.1.9-py3-none-any.whl": "f2b8cbcaae10252b809fbe4d7470db75c09b769a32cbf816d20e5ca6d3c5a79d",
    "jupyterlab_widgets-3.0.17-py3-none-any.whl": "40ac1e9955acf116c4d995d9bfa082d86ad9ec6d91c4f134827cf5e0a5eb75e0",
}
#: PyYAML's wheels for Pyodide are not on PyPI; its pure-Python part is packed from the
#: source release (the C accelerator is optional; SafeLoader is pure Python).
PYYAML = ("pyyaml", "6.0.3", "d76623373421df22fb4cf8817020cbb7ef15c725b9d5e45f17e189bfc384190f")
#: What ``jupyter lite build`` runs with, installed in its own environment (see the module's
#: docstring): the site builder, the kernel, and the lab extensions of the widgets the
#: notebooks draw (the same versions as their wheels in ``WHEELS``).
LITE_TOOLS_LOCK = ROOT / "requirements" / "lite-build.txt"
#: The build environment's packages: exact versions with their hashes (``./dev lock`` makes
#: the lock from ``requirements/lite-build.in``).
LITE_TOOLS = LITE_TOOLS_LOCK.read_text(encoding="utf-8")
#: The kernel's own wheels, shipped inside the jupyterlite-pyodide-kernel Python package.
#: Pyodide's standard library (byte-compiled at build time, see ``mtlearn_pyc``).
STDLIB = "python_stdlib.zip"
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension")

def chapters() -> list[str]:
    """The chapters (names without suffix) converted to live notebooks, each with an "Open
    as live notebook" button: every tutorial, the puzzles page, "Using mtlearn from
    Python" (every MyST notebook in tutorials/)."""
    return sorted(p.stem for p in TUTORIALS.glob("*.md"))


class LiteError(RuntimeError):
    """The live-notebook site could not be built (a download, a checksum, the build)."""


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ---------------------------------------------------------------------- wheels


def fetch_wheels(cache: Path | None = None) -> Path:
    """The folder of pinned wheels (and PyYAML's source), downloaded once with pip."""
    with engine.cache_lock("lite-wheels", cache):  # builds at once: one downloads
        return _fetch_wheels((cache or engine.cache_dir()) / "lite-wheels")


def _fetch_wheels(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    wanted = dict(WHEELS)
    wanted[f"{PYYAML[0]}-{PYYAML[1]}.tar.gz"] = PYYAML[2]
    missing = [name for name in wanted if not (folder / name).is_file()]
    specs = [f"{name.split('-')[0]}=={name.split('-')[1]}" for name in missing
             if name.endswith(".whl")]
    if specs:
        # wheels only (pure Python, for any platform): pip builds nothing
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
               "--disable-pip-version-check", "--dest", str(folder), "--only-binary=:all:",
               "--python-version", "3.14", "--implementation", "py", "--abi", "none",
               "--platform", "any", *specs]
        try:
            download.run(cmd, package="the live notebooks' wheels", pin=", ".join(specs),
                         retry=" ".join(["python3", *cmd[1:]]),
                         env=dict(os.environ, PIP_CONSTRAINT=""))
        except download.DownloadError as e:
            raise LiteError(str(e)) from None
    sdist = f"{PYYAML[0]}-{PYYAML[1]}.tar.gz"
    if sdist in missing:
        # the source release is only read (lib/yaml/*.py), so it is fetched as a file:
        # pip would prepare its metadata, building Cython from source when binaries are refused
        try:
            url = download.sdist_url(PYYAML[0], sdist)
            download.fetch_url(url, folder / sdist, package=PYYAML[0], pin=PYYAML[1],
                               sha256=PYYAML[2])
        except download.DownloadError as e:
            raise LiteError(str(e)) from None
    for name, digest in wanted.items():
        path = folder / name
        if not path.is_file():
            raise LiteError(f"{name}: pip did not download it into {folder}")
        if _sha256(path.read_bytes()) != digest:
            path.unlink()
            raise LiteError(f"{name} does not match its pinned sha256; it was removed, "
                            "build again to download it afresh")
    return folder


def pyyaml_wheel(sdist: Path) -> tuple[str, bytes]:
    """PyYAML's pure-Python package (``lib/yaml``) packed as a py3-none-any wheel."""
    name, version, _ = PYYAML
    files = []
    prefix = f"{name}-{version}/lib/yaml/"
    with tarfile.open(sdist) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.startswith(prefix) and member.name.endswith(".py"):
                src = tar.extractfile(member)
                if src is not None:
                    files.append(("yaml/" + member.name[len(prefix):], src.read()))
    if not files:
        raise LiteError(f"{sdist.name}: no lib/yaml/*.py inside")
    files.sort()
    meta = f"Metadata-Version: 2.1\nName: PyYAML\nVersion: {version}\n"
    return (f"pyyaml-{version}-py3-none-any.whl",
            engine.wheel_bytes(files, f"pyyaml-{version}.dist-info", meta, "mtlearn_lite"))


def lite_env() -> Path:
    """The build environment of ``jupyter lite build`` (made once per set of pins).

    A virtual environment of its own under the cache, with ``requirements/lite-build.txt``
    installed from the package registry, every file checked against its hash (by uv when it
    is installed, else by pip); returns its folder. A half-made one (no stamp) is made again.
    """
    key = hashlib.sha256(json.dumps([LITE_TOOLS, sys.version_info[:2]]).encode()).hexdigest()
    env = engine.cache_dir() / f"lite-env-{key[:12]}"
    stamp = env / ".mtlearn-lite-tools"
    if stamp.is_file():
        return env
    # builds at once (pytest -n 3 builds a book a worker) make it once: the others wait,
    # then find the stamp; without the lock each deleted the environment another was making
    with engine.cache_lock("lite-env"):
        if not stamp.is_file():
            _make_env(env)
            stamp.write_text(LITE_TOOLS, encoding="utf-8")
    return env


def _make_env(env: Path) -> None:
    for old in engine.cache_dir().glob("lite-env-*"):
        shutil.rmtree(old, ignore_errors=True)
    # uv (pinned in requirements/tools.txt, beside the Python running the build) makes it in
    # about a second and downloads in parallel; venv + pip where there is no uv
    uv = Path(sys.executable).with_name("uv")
    uv_path = str(uv) if uv.is_file() else shutil.which("uv")
    if uv_path:
        steps = [[uv_path, "venv", "--quiet", "--python", sys.executable, str(env)],
                 [uv_path, "pip", "install", "--quiet", "--python", str(env / "bin" / "python"),
                  "--require-hashes", "--no-deps", "--no-build", "-r", str(LITE_TOOLS_LOCK)]]
    else:
        steps = [[sys.executable, "-m", "venv", str(env)],
                 [str(env / "bin" / "python"), "-m", "pip", "install", "--quiet",
                  "--disable-pip-version-check", "--require-hashes", "--no-deps",
                  "--only-binary=:all:", "-r", str(LITE_TOOLS_LOCK)]]
    for cmd in steps:
        try:  # wheels only (the lock has a hash for each file), within a bounded time
            download.run(cmd, package="the live notebooks' build environment",
                         pin="requirements/lite-build.txt", timeout=900,
                         retry=" ".join(cmd))
        except download.DownloadError as e:
            shutil.rmtree(env, ignore_errors=True)
            raise LiteError(str(e)) from None


def _kernel_pypi() -> Path:
    """The kernel's own wheels folder (inside its lab extension in the build environment)."""
    env = lite_env()
    candidates = [env / "share" / "jupyter" / "labextensions" / "@jupyterlite"
                  / "pyodide-kernel-extension" / "static" / "pypi",
                  *env.glob("lib/python*/site-packages/jupyterlite_pyodide_kernel/"
                            "labextension/static/pypi")]
    for c in candidates:
        if c.is_dir():
            return c
    raise LiteError(f"{env}: jupyterlite-pyodide-kernel is installed without its wheels "
                    "(share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension)")


def _dist_name(filename: str) -> tuple[str, str]:
    dist, version = filename.split("-")[:2]
    return dist.lower().replace("_", "-"), version


def _imports(data: bytes) -> list[str]:
    """The top-level modules of a wheel (what ``import`` names)."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        tops = {n.split("/")[0].removesuffix(".py") for n in zf.namelist()}
    return sorted(t for t in tops if t.isidentifier())


def _byte_compiled(wheels: dict[str, bytes], pyodide_dir: Path) -> dict[str, bytes]:
    """The wheels with ``.pyc`` files for the kernel's Python (``mtlearn_pyc``): the kernel
    then skips compiling a few hundred modules in WebAssembly at every start. The book's
    Pyodide standard library is replaced by its byte-compiled copy too (the boards'
    in-page engine, which shares it, starts faster as well). Without
    Node.js the wheels stay as they are (the kernel compiles at start, slower) and the
    build says so."""
    import mtlearn_pyc

    core = engine.fetch_pyodide()  # the npm package's files, never a compiled copy
    wheels = dict(wheels, **{STDLIB: (core / STDLIB).read_bytes()})
    try:
        wheels = mtlearn_pyc.compile_wheels(wheels, core, engine.cache_dir(),
                                            keep=("mtlearn-",))[0]
    except mtlearn_pyc.CompileError as e:
        print(f"mtlearn live notebooks: wheels left without bytecode ({e})", file=sys.stderr)
    (pyodide_dir / STDLIB).write_bytes(wheels.pop(STDLIB))
    return wheels


def install_packages(pyodide_dir: Path, mtlearn_wheel: Path) -> list[str]:
    """Put every package the kernel and the notebooks need next to Pyodide's core files and
    rewrite ``pyodide-lock.json`` to list exactly them; returns the package names to preload.
    """
    folder = fetch_wheels()
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    old = lock.get("packages", {})
    wheels: dict[str, bytes] = {name: (folder / name).read_bytes() for name in WHEELS}
    name, data = pyyaml_wheel(folder / f"{PYYAML[0]}-{PYYAML[1]}.tar.gz")
    wheels[name] = data
    pypi = _kernel_pypi()
    for dist in KERNEL_WHEELS:
        found = sorted(pypi.glob(f"{dist}-*.whl"))
        if dist == "widgetsnbextension":  # the kernel's stand-in for ipywidgets 8
            found = [p for p in found if p.name.startswith("widgetsnbextension-4.")]
        if not found:
            raise LiteError(f"the kernel's {dist} wheel is missing from {pypi}")
        wheels[found[-1].name] = found[-1].read_bytes()
    wheels[mtlearn_wheel.name] = mtlearn_wheel.read_bytes()
    wheels = {name: slim.slim_wheel(name, data) for name, data in wheels.items()}
    wheels.update(slim.stand_in(dist, version) for dist, version in slim.LEFT_OUT.items()
                  if dist == "jedi")  # the kernel installs jedi unless it is preloaded
    wheels = _byte_compiled(wheels, pyodide_dir)
    packages: dict[str, Any] = {}
    for filename, data in sorted(wheels.items()):
        key, version = _dist_name(filename)
        (pyodide_dir / filename).write_bytes(data)
        entry = dict(old.get(key, {}))
        entry.update({
            "name": entry.get("name", key), "version": version, "file_name": filename,
            "install_dir": "site", "sha256": _sha256(data), "package_type": "package",
            "imports": _imports(data) if key in slim.LEFT_OUT else (
                entry.get("imports") or _imports(data)),
            "depends": [d for d in entry.get("depends", [])], "unvendored_tests": False,
        })
        packages[key] = entry
    for entry in packages.values():  # keep only dependencies that are here
        entry["depends"] = [d for d in entry["depends"]
                            if d.lower().replace("_", "-") in packages]
    lock["packages"] = packages
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return sorted(packages)


# ---------------------------------------------------------------------- notebooks

_RULE_LINK = re.compile(r"\]\(\.\./docs/rules\.md(#r-[a-z0-9-]+)\)")
_DOC_LINK = re.compile(r"\]\(\.\./docs/([a-z0-9-]+)\.md(#[a-z0-9-]+)?\)")
_SIBLING_LINK = re.compile(r"\]\(([0-9a-z][0-9a-z-]*)\.md(#[a-z0-9-]+)?\)")

SETUP_CELL = '''\
# Set-up of the live notebook, added when the book was built (Run All runs it first).
# Rule links on the boards go to the book's rules page, and puzzles keep their progress
# in this browser, where the book's own pages keep theirs: the same stars in both.
import os as _os

import js as _js
from mtlearn.jupyter import widgets as _widgets

_os.environ["MTLEARN_RULES_URL"] = str(_js.location.href).split("/{lite}/")[0] + "/rules.html"
_widgets.Puzzle._kernel_init = getattr(_widgets.Puzzle, "_kernel_init",
                                       _widgets.Puzzle.__init__)  # once, if run again


def _puzzle_in_browser_storage(self, *args, **kwargs):
    kwargs.setdefault("storage", "local")
    _widgets.Puzzle._kernel_init(self, *args, **kwargs)


_widgets.Puzzle.__init__ = _puzzle_in_browser_storage
'''


def convert(md: Path, book_path: str) -> dict[str, Any]:
    """One chapter as a notebook (nbformat 4 JSON) for the live site, ending with links to
    the chapters before and after it (``mtlearn_lite_nav``: they open in the same page).

    ``book_path`` is the book's root as seen from the server's root (``/`` when the book
    is served at the root); links to the rules and to other pages go there, because
    JupyterLab opens relative links as files of its own.
    """
    import jupytext
    from nbformat.v4 import new_markdown_cell

    nb = jupytext.read(md, fmt="md:myst")
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            text = _RULE_LINK.sub(rf"]({book_path}rules.html\1)", cell.source)
            text = _DOC_LINK.sub(lambda m: f"]({book_path}{m[1]}.html{m[2] or ''})", text)
            cell.source = _SIBLING_LINK.sub(
                lambda m: f"]({nav.live_url(book_path, m[1])})", text)
        if cell.cell_type == "code":  # the book's hide-input tags mean nothing in JupyterLab
            cell.metadata.pop("tags", None)
    source = SETUP_CELL.format(lite=LITE_DIR)
    setup = jupytext.reads(f"```{{code-cell}} ipython3\n{source}```\n", fmt="md:myst").cells[0]
    setup.metadata["jupyter"] = {"source_hidden": True}  # shown folded in JupyterLab
    nb.cells.insert(1 if nb.cells and nb.cells[0].cell_type == "markdown" else 0, setup)
    nb.cells.append(new_markdown_cell(nav.chapter_links(md, chapters(), book_path), id=nav.CELL))
    nb.metadata = {"kernelspec": {"name": "python", "display_name": "Python (Pyodide)",
                                  "language": "python"},
                   "language_info": {"name": "python"}}
    return json.loads(jupytext.writes(nb, fmt="ipynb"))


# ---------------------------------------------------------------------- the site


def lite_config(preload: list[str]) -> dict[str, Any]:
    """``jupyter-lite.json``: the book's Pyodide, no PyPI, every package preloaded."""
    pyodide = f"../_static/{engine.ENGINE_DIR}/pyodide/pyodide.mjs"
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "mtlearn live notebooks", "exposeAppInBrowser": "true",  # for nav
        "disabledExtensions": ["jupyterlab-jupytext",
                               "@jupyterlab/apputils-extension:announcements", *slim.DISABLED],
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            # relative to the page (lite/lab/ or lite/notebooks/): the book's _static
            "pyodideUrl": "../" + pyodide,
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": preload},
        }},
    }}


def inputs_hash(preload: list[str], pyodide_dir: Path, book_path: str) -> str:
    """A hash of everything the built site depends on (for the cache)."""
    h = hashlib.sha256()
    h.update(Path(__file__).read_bytes())
    for path in (Path(__file__).with_name(PROGRESS_JS), Path(slim.__file__), *nav.files()):
        h.update(path.read_bytes())
    h.update(json.dumps([preload, book_path, KERNEL_PYODIDE]).encode())
    for p in sorted(TUTORIALS.glob("*.md")):
        h.update(p.name.encode() + p.read_bytes())
    from importlib.metadata import version

    h.update(json.dumps([LITE_TOOLS, f"jupytext={version('jupytext')}"]).encode())
    return h.hexdigest()[:16]


def build_site(book: Path, book_path: str = "/") -> Path:
    """Build ``<book>/lite/`` (the book's engine folder must be written already)."""
    pyodide_dir = book / "_static" / engine.ENGINE_DIR / "pyodide"
    wheel = next((pyodide_dir.parent).glob("mtlearn-*.whl"), None)
    if wheel is None or not (pyodide_dir / "pyodide.asm.wasm").is_file():
        raise LiteError(f"{pyodide_dir.parent}: the in-page engine is not written yet")
    preload = install_packages(pyodide_dir, wheel)
    wheel_sha = _sha256(wheel.read_bytes())
    manifest = json.loads((pyodide_dir.parent / "engine.json").read_text(encoding="utf-8"))
    if manifest.get("wheel") != wheel.name:  # the pages load worker/'s: this was an input
        wheel.unlink()
    key = inputs_hash(preload, pyodide_dir, book_path)
    key = hashlib.sha256((key + wheel_sha).encode()).hexdigest()[:16]
    cached = engine.cache_dir() / f"lite-site-{key}"
    out = book / LITE_DIR
    shutil.rmtree(out, ignore_errors=True)
    with engine.cache_lock("lite-site"):  # another build must not delete it mid-copy
        if not (cached / "index.html").is_file():
            for old in engine.cache_dir().glob("lite-site-*"):
                shutil.rmtree(old, ignore_errors=True)
            _jupyter_lite_build(cached, preload, book_path)
        shutil.copytree(cached, out)
    return out


def _jupyter_lite_build(dest: Path, preload: list[str], book_path: str) -> None:
    work = dest.with_name(dest.name + ".work")
    shutil.rmtree(work, ignore_errors=True)  # always clean: an old site falls back to a CDN
    contents = work / "contents"
    contents.mkdir(parents=True)
    for name in chapters():
        nb = convert(TUTORIALS / f"{name}.md", book_path)
        (contents / f"{name}.ipynb").write_text(json.dumps(nb, indent=1) + "\n",
                                                encoding="utf-8")
    (work / "jupyter-lite.json").write_text(json.dumps(lite_config(preload), indent=1) + "\n",
                                            encoding="utf-8")
    site = work / "site"
    cmd = [str(lite_env() / "bin" / "python"), "-m", "jupyterlite_core", "build", "--lite-dir", str(work),
           "--contents", str(contents), "--output-dir", str(site), "--no-sourcemaps",
           "--no-unused-shared-packages"]
    proc = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=900)
    if proc.returncode != 0 or not (site / "index.html").is_file():
        raise LiteError(f"jupyter lite build failed (exit {proc.returncode}):\n"
                        f"{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}")
    for stray in site.rglob("pyodide.asm.wasm"):
        raise LiteError(f"jupyter lite build wrote a second Pyodide: {stray}")
    # jupytext's lab extension (installed for JupyterLab) has nothing to do here: the
    # notebooks are .ipynb already. Drop its files and its entry.
    shutil.rmtree(site / "extensions" / "jupyterlab-jupytext", ignore_errors=True)
    cfg_path = site / "jupyter-lite.json"
    cfg = json.loads(cfg_path.read_text(encoding="utf-8"))
    data = cfg["jupyter-config-data"]
    data["federated_extensions"] = [e for e in data.get("federated_extensions", [])
                                    if e.get("name") != "jupyterlab-jupytext"]
    cfg_path.write_text(json.dumps(cfg, indent=2) + "\n", encoding="utf-8")
    for app in STRAY_APPS:
        shutil.rmtree(site / app, ignore_errors=True)
    slim.slim_site(site)
    nav.add_scripts(site, Path(__file__).with_name(PROGRESS_JS), app=APP)
    shutil.rmtree(dest, ignore_errors=True)
    site.rename(dest)
    shutil.rmtree(work, ignore_errors=True)


def plain_downloads(book: Path) -> int:
    """Make each chapter's downloadable ``.ipynb`` (``_sources/tutorials/``) the plain
    notebook of its MyST source, without outputs: the executed copy myst-nb leaves there
    carries the whole front end in every board (megabytes a chapter), and a downloaded
    notebook is for running anyway. Returns how many were replaced."""
    import jupytext

    count = 0
    for name in chapters():
        target = book / "_sources" / "tutorials" / f"{name}.ipynb"
        if target.is_file():
            nb = jupytext.read(TUTORIALS / f"{name}.md", fmt="md:myst")
            target.write_text(jupytext.writes(nb, fmt="ipynb"), encoding="utf-8")
            count += 1
    return count


# ---------------------------------------------------------------------- Sphinx


def _book_path(app: Any) -> str:
    base = (getattr(app.config, "html_baseurl", "") or "").strip()
    path = re.sub(r"^[a-z]+://[^/]+", "", base) or "/"
    return path if path.endswith("/") else path + "/"


#: The pages a newcomer reads first: no live notebook is offered there (they are read, and
#: played in the page; the notebook is offered from chapter 3 on, and the live tab's links
#: still reach these chapters' notebooks).
FIRST_PAGES = ("how-to-play", "first-round", "play", "01-tiles-and-set", "02-setting-up")

#: The offer of a live notebook, one small line after a chapter's title: the live notebook
#: in this book first, Binder second.
LAUNCH_BAR = """<div class="mtl-live-launch" role="group" aria-label="Run this chapter">
<a class="mtl-live-open" href="{live}" target="{tab}">Open as live notebook</a>
<span class="mtl-live-note">(optional: the same chapter with its Python, offline in one tab; it starts in about 10 seconds)</span>
{binder}</div>
"""


def launch_bar(live_url: str, chapter: str) -> str:
    """The HTML of a chapter's launch bar (addresses escaped)."""
    from html import escape

    from mtlearn.core import links

    binder = links.binder_url(f"tutorials/{chapter}.md")
    # Binder only when [project.urls] names a repository (mtlearn.core.links)
    extra = (f'<a class="mtl-live-binder" href="{escape(binder, quote=True)}" rel="noopener">'
             "or open on Binder (needs the internet)</a>\n") if binder else ""
    return LAUNCH_BAR.format(live=escape(live_url, quote=True), binder=extra, tab=nav.LIVE_TAB)


def _context(app: Any, pagename: str, templatename: str, context: dict[str, Any],
             doctree: Any) -> None:
    if not pagename.startswith("tutorials/"):
        return
    name = pagename.split("/", 1)[1]
    pathto = context.get("pathto")
    if name not in chapters() or pathto is None or "body" not in context:
        return
    if name in FIRST_PAGES:
        return
    live = pathto(f"{LITE_DIR}/{APP}/index.html", 1) + f"?path={name}.ipynb"
    context["body"] = after_title(context["body"], launch_bar(live, name))


def after_title(body: str, bar: str) -> str:
    """``body`` with ``bar`` after its title (the first ``</h1>``), or first without one."""
    at = body.find("</h1>")
    return body[:at + 5] + "\n" + bar + body[at + 5:] if at >= 0 else bar + body


def _finish(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    from sphinx.util import logging

    try:
        out = build_site(Path(app.outdir), _book_path(app))
    except LiteError as e:
        from sphinx.errors import ExtensionError

        raise ExtensionError(str(e)) from None
    # the boards as the book's run drew them, shown at once (mtlearn_lite_outputs)
    mtlearn_lite_outputs.store_outputs(out, Path(app.outdir).parent / "jupyter_execute")
    plain_downloads(Path(app.outdir))
    slim.write_favicons(Path(app.outdir), LITE_DIR)
    slim.drop_source_maps(Path(app.outdir))
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    logging.getLogger(__name__).info(
        f"mtlearn live notebooks: {LITE_DIR}/ ({size / 1e6:.1f} MB); the book with them: "
        f"{slim.book_size(Path(app.outdir)) / 1e6:.1f} MB (cap {slim.BOOK_CAP_MB} MB)")


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", _context)
    nav.setup(app)  # the book's links ask the live tab to switch chapter in place
    # after mtlearn_engine's build-finished (it writes the Pyodide this site uses)
    app.connect("build-finished", _finish, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":  # python docs/_ext/mtlearn_lite.py BOOK_DIR: (re)build lite/ only
    sys.path.insert(0, str(ROOT))
    engine.write_engine(Path(sys.argv[1]) / "_static")
    print(build_site(Path(sys.argv[1])))
