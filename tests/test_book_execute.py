"""Notebooks are executed and cached before Sphinx's parallel readers start
(docs/_ext/mtlearn_execute.py): with ``-j`` no two processes write the jupyter-cache database,
whose clean-up could otherwise delete a record another process was still writing (a CI build
once stopped on ``KeyError: Notebook file does not exist for cache record``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.book

NOTEBOOK = """---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  name: python3
  display_name: Python 3
---
# Page {n}

```{{code-cell}} python3
print("page", {n} * 7)
```
"""


def _sphinx(src: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-q", "-j", "2", "-b", "html", "-d",
         str(out / "doctrees"), "-D", f"nb_execution_cache_path={out / 'cache'}",
         str(src), str(out / "html")],
        capture_output=True, text=True, timeout=300, check=False)


def _project(src: Path, pages: int, broken: int | None = None) -> None:
    src.mkdir()
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(REPO / 'docs' / '_ext')!r})\n"
        "extensions = ['myst_nb', 'mtlearn_execute']\n"
        "nb_execution_mode = 'cache'\nnb_execution_raise_on_error = True\n")
    names = [f"p{n}" for n in range(pages)]
    (src / "index.md").write_text("# Book\n\n```{toctree}\n" + "\n".join(names) + "\n```\n")
    for n, name in enumerate(names):
        text = NOTEBOOK.format(n=n)
        if n == broken:
            text = text.replace('print("page"', 'raise ValueError("page"')
        (src / f"{name}.md").write_text(text)


def test_notebooks_are_cached_by_the_main_process_and_a_failure_stops_the_build_there(
        tmp_path: Path) -> None:
    import nbformat
    from jupyter_cache import get_cache

    _project(tmp_path / "src", pages=4, broken=2)
    build = _sphinx(tmp_path / "src", tmp_path / "out")
    # the broken page fails the build, named with its traceback, as an error of the book
    # (not a crash of Sphinx's parallel readers)
    assert build.returncode != 0, build.stderr[-3000:]
    assert "Extension error (mtlearn_execute)" in build.stderr, build.stderr[-3000:]
    assert "p2.md: executing the notebook failed" in build.stderr, build.stderr[-3000:]
    assert "ValueError" in build.stderr, build.stderr[-3000:]
    assert "parallel build error" not in build.stderr, build.stderr[-3000:]
    cache = get_cache(tmp_path / "out" / "cache")
    # the three good pages were executed and cached before the build stopped...
    assert sorted(Path(r.uri).name for r in cache.list_cache_records()) == ["p0.md", "p1.md", "p3.md"]
    # ...and no reader started, so none executed a notebook or staged one in the project table
    assert cache.list_project_records() == []
    # once the page is mended, the next build executes it alone and keeps the others
    page = tmp_path / "src" / "p2.md"
    page.write_text(page.read_text().replace('raise ValueError("page"', 'print("page"'))
    build = _sphinx(tmp_path / "src", tmp_path / "out")
    assert build.returncode == 0, build.stderr[-3000:]
    records = get_cache(tmp_path / "out" / "cache").list_cache_records()
    assert sorted((Path(r.uri).name, r.pk) for r in records) == [
        ("p0.md", 1), ("p1.md", 2), ("p2.md", 4), ("p3.md", 3)]
    # myst-nb writes jupyter_execute/<page>.ipynb from the notebook as read when the cache
    # answers (here: every page); the extension writes them again with their outputs
    # (tests and the live notebooks read them)
    for n in range(4):
        nb = nbformat.read(tmp_path / "out" / "jupyter_execute" / f"p{n}.ipynb", as_version=4)
        (cell,) = [c for c in nb.cells if c.cell_type == "code"]
        assert cell.execution_count == 1
        assert cell.outputs[0]["text"] == f"page {n * 7}\n"


def test_a_change_in_the_code_the_notebooks_call_executes_them_again(tmp_path: Path) -> None:
    """The cache matches a notebook by its cells only; when the code it calls changes (the
    mtlearn package, here a stand-in folder), the next build executes it again instead of
    showing outputs of the old code."""
    dep = tmp_path / "dep"
    dep.mkdir()
    (dep / "value.txt").write_text("old value")
    src = tmp_path / "src"
    _project(src, pages=1)
    (src / "p0.md").write_text(NOTEBOOK.format(n=0).replace(
        'print("page", 0 * 7)', f"print(open({str(dep / 'value.txt')!r}).read())"))
    with (src / "conf.py").open("a") as conf:
        conf.write(f"mtlearn_execute_depends = [{str(dep)!r}]\n")
    out = tmp_path / "out"
    assert _sphinx(src, out).returncode == 0
    assert "old value" in (out / "html" / "p0.html").read_text()
    (dep / "value.txt").write_text("new value")
    build = _sphinx(src, out)  # the same output folder: an incremental build
    assert build.returncode == 0, build.stderr
    page = (out / "html" / "p0.html").read_text()
    assert "new value" in page and "old value" not in page
