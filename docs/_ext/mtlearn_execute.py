"""Run the book's notebooks before Sphinx reads them, and write the execution cache from
one process only.

With ``nb_execution_mode = "cache"`` myst-nb executes each notebook inside the process that
reads it; with ``sphinx-build -j`` those are several processes writing one jupyter-cache
database at once. jupyter-cache 1.0 is not safe for that: while one process adds a record,
another may list it as "not among the newest" during its own clean-up and delete it before
its file is written, and the build stops with ``KeyError: Notebook file does not exist for
cache record PK``. (A fresh clone's CI hit it once in about twenty builds.)

So at ``env-before-read-docs`` (the main process, before any reader starts) this extension
reads each notebook about to be read exactly as myst-nb will, skips those the cache already
holds, executes the rest in a pool of processes (one kernel each, as many as there are
cores) and stores every result in the cache from the main process. The readers then find
every notebook in the cache and only read it. A notebook that fails here stops the build
from the main process, naming the page with its traceback, once every other notebook is
cached (with ``nb_execution_raise_on_error = False`` it is left out of the cache instead,
and myst-nb executes it again and reports it as usual): no reader writes the cache while
another reads it.

The cache knows a notebook only by its code cells, but the outputs also depend on the code
they call: the ``mtlearn`` package, whose front end every board output carries. So the files
named by ``mtlearn_execute_depends`` (by default the ``mtlearn`` package folder) are hashed at
each build; when the hash differs from the one the cache was made with, the cache is cleared
and every notebook is read and executed again, instead of keeping outputs of older code.

One more thing mends a myst-nb 1.4 slip on every cache hit: its reader renders the page from
the cached outputs but writes ``jupyter_execute/<page>.ipynb`` from the notebook as read, with
no outputs. At ``env-updated`` (the main process, after every reader) this extension writes
those files again with the cached outputs merged in, as a reader that executed would have.
"""

from __future__ import annotations

import hashlib
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path, PurePosixPath
from typing import Any

from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)


def _execute(nb: Any, cwd: str, timeout: int | None,
             allow_errors: bool) -> tuple[Any, float, str | None]:
    """Executes one notebook in a worker process: (the executed notebook, seconds, error)."""
    from jupyter_cache.executors.utils import single_nb_execution
    from mtlearn_kernel import SocketFileKernelManager

    # socket files, not TCP ports: kernels started at once cannot take each other's ports
    result = single_nb_execution(nb, cwd=cwd, timeout=timeout, allow_errors=allow_errors,
                                 meta_override=True,
                                 kernel_manager_class=SocketFileKernelManager)
    error = None if result.err is None else f"{type(result.err).__name__}: {result.err}"
    return nb, result.time, error


def _excluded(path: Path, patterns: Any) -> bool:
    posix = PurePosixPath(path.as_posix())
    return any(posix.match(pattern) for pattern in patterns or ())


def depends_hash(folders: list[str]) -> str:
    """A hash of every file below ``folders`` (bytecode caches left out): what the
    notebooks' outputs depend on besides their own cells."""
    h = hashlib.sha256()
    for folder in folders:
        base = Path(folder)
        for p in sorted(base.rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo"):
                h.update(p.relative_to(base).as_posix().encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def _default_depends() -> list[str]:
    import mtlearn

    return [str(Path(mtlearn.__file__).parent)]


def _before_read(app: Any, env: Any, docnames: list[str]) -> None:
    nb_config = getattr(env, "mystnb_config", None)
    if nb_config is None or nb_config.execution_mode != "cache":
        return
    from jupyter_cache import get_cache
    from myst_nb.core.read import create_nb_reader

    cache_path = Path(nb_config.execution_cache_path or ".jupyter_cache")
    cache = get_cache(cache_path)
    stamp = cache_path / "mtlearn-depends.sha256"
    depends = depends_hash(app.config.mtlearn_execute_depends or _default_depends())
    if not stamp.is_file() or stamp.read_text(encoding="utf-8") != depends:
        if cache.list_cache_records():
            logger.info("[mtlearn] the code the notebooks call has changed: "
                        "executing every notebook again")
            cache.clear_cache()
            cache = get_cache(cache_path)
        docnames.extend(sorted(set(env.found_docs) - set(docnames)))
    todo: list[tuple[Path, Any]] = []
    # the notebooks read in this build, as myst-nb reads them (for _after_read)
    app.env.mtlearn_notebooks = read = {}
    for docname in sorted(docnames):
        path = Path(env.doc2path(docname))
        if not path.is_file() or _excluded(path, nb_config.execution_excludepatterns):
            continue
        text = path.read_text(encoding="utf-8")
        reader = create_nb_reader(str(path), env.myst_config, nb_config, text)
        if reader is None:
            continue
        nb = reader.read(text)
        if not any(cell.get("cell_type") == "code" for cell in nb.cells):
            continue
        read[docname] = nb
        try:
            cache.match_cache_notebook(nb)
        except KeyError:
            todo.append((path, nb))
    # the cache is now that of this code, whatever the notebooks below do
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(depends, encoding="utf-8")
    if todo:
        _run(cache, todo, nb_config)


def _run(cache: Any, todo: list[tuple[Path, Any]], nb_config: Any) -> None:
    """Execute ``todo`` in a pool of processes; cache each success from this process."""
    from jupyter_cache.base import CacheBundleIn

    workers = max(1, min(len(todo), os.cpu_count() or 1))
    logger.info(f"[mtlearn] executing {len(todo)} notebooks in {workers} processes")
    failures: list[str] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [
            (path, pool.submit(_execute, nb, str(path.parent), nb_config.execution_timeout,
                               nb_config.execution_allow_errors))
            for path, nb in todo
        ]
        for path, future in futures:
            executed, seconds, error = future.result()
            if error is not None:
                failures.append(f"{path}: executing the notebook failed:\n{error}")
                continue
            cache.cache_notebook_bundle(
                CacheBundleIn(executed, str(path), data={"execution_seconds": seconds}),
                check_validity=False, overwrite=True)
            logger.info(f"[mtlearn] {path.name}: executed in {seconds:.2f} s, cached")
    if failures and nb_config.execution_raise_on_error:
        raise ExtensionError("\n\n".join(failures), modname=__name__)
    for failure in failures:
        logger.info(f"[mtlearn] {failure.splitlines()[0]}; myst-nb runs it again and reports it")


def _after_read(app: Any, env: Any) -> None:
    """``jupyter_execute/<page>.ipynb`` of each notebook read in this build, with its outputs."""
    read: dict[str, Any] = getattr(env, "mtlearn_notebooks", {}) or {}
    nb_config = getattr(env, "mystnb_config", None)
    if not read or nb_config is None or nb_config.execution_mode != "cache":
        return
    import nbformat
    from jupyter_cache import get_cache

    cache = get_cache(nb_config.execution_cache_path or ".jupyter_cache")
    out = Path(app.outdir).parent / "jupyter_execute"
    for docname, nb in sorted(read.items()):
        try:
            _, merged = cache.merge_match_into_notebook(nb)
        except KeyError:  # not in the cache: myst-nb executed it and wrote it whole
            continue
        target = out.joinpath(*docname.split("/")).with_suffix(".ipynb")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(nbformat.writes(merged), encoding="utf-8")
    env.mtlearn_notebooks = {}


def setup(app: Any) -> dict[str, Any]:
    # the folders whose files the notebooks' outputs depend on (default: the mtlearn package)
    app.add_config_value("mtlearn_execute_depends", [], "env", types=[list])
    app.connect("env-before-read-docs", _before_read)
    app.connect("env-updated", _after_read)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
