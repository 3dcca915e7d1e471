"""The book with its live site within 60 MB (issue 40), and each cut that keeps it there.

The built book is weighed as a teacher copies it (hidden folders left out), its parts
printed; each cut of ``docs/_ext/mtlearn_lite_slim.py`` is checked in the built files (what
it removes is gone, what the pages load is there, the licences stay). The live notebooks
run with these cuts in ``test_lite.py`` and ``test_lite_walk.py``.
"""

from __future__ import annotations

import io
import json
import sys
import zipfile
from pathlib import Path

import pytest
from test_engine_start import PKG, ROOT, _imports, _module

sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import mtlearn_engine
import mtlearn_lite
import mtlearn_lite_slim as slim

MB = 1_000_000
PYODIDE = Path("_static") / mtlearn_engine.ENGINE_DIR / "pyodide"


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


# ---------------------------------------------------------------- the built book


def test_the_book_with_its_live_site_is_within_the_cap(book: Path) -> None:
    total = slim.book_size(book)
    parts = {name: _size(book / name) for name in
             ("lite", f"_static/{mtlearn_engine.ENGINE_DIR}", "tutorials", "_static")}
    parts["_static"] -= parts[f"_static/{mtlearn_engine.ENGINE_DIR}"]
    parts["the rest"] = total - sum(parts.values())
    print(f"\n[lite] the book with its live site: {total / MB:.1f} MB (cap "
          f"{slim.BOOK_CAP_MB} MB): " + ", ".join(
              f"{name} {size / MB:.1f}" for name, size in parts.items()))
    assert total <= slim.BOOK_CAP_MB * MB, f"{total / MB:.1f} MB: over the cap"


def test_the_site_has_no_old_fonts_no_dead_bundles_and_keeps_its_licences(book: Path) -> None:
    build = book / "lite" / "build"
    old = [p.name for p in build.iterdir() if slim.OLD_FONTS.match(p.name)]
    assert not old, f"fonts no browser fetches: {old}"
    fonts = sorted(p.name for p in build.glob("fa-*.woff2"))
    assert len(fonts) == 3, fonts  # what the style sheet's first url() names
    for app in slim.DEAD_BUNDLES:
        assert not (build / app).exists(), app
    assert (build / "notebooks" / "bundle.js").is_file()
    assert (book / "lite" / "lab" / "favicon.ico").stat().st_size < 1000
    licences = json.loads((build / "third-party-licenses.json").read_text(encoding="utf-8"))
    assert any("fontawesome" in p["name"] for p in licences["packages"])
    for ext in ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension"):
        assert (book / "lite" / "extensions" / ext / "static" / "third-party-licenses.json"
                ).is_file(), ext
    assert not list((book / "_static").rglob("*.map")), "source maps left in _static/"
    engine = book / "_static" / mtlearn_engine.ENGINE_DIR
    assert not list(engine.glob("mtlearn-*.whl")), "the whole wheel is the build's input only"


def _pristine_build(tmp: Path) -> Path:
    """``build/`` of the JupyterLite app as its package ships it (before any cut)."""
    import tarfile

    app = next(mtlearn_lite.lite_env().glob(
        "lib/python*/site-packages/jupyterlite_core/jupyterlite-app-*.tgz"))
    with tarfile.open(app) as tar:
        members = [m for m in tar.getmembers() if m.isfile()
                   and m.name.startswith("package/build/") and m.name.endswith(".js")]
        tar.extractall(tmp, members=members, filter="data")
    return tmp / "package" / "build"


def test_the_libraries_of_the_extensions_turned_off_are_left_out_and_nothing_else(
        book: Path, tmp_path: Path) -> None:
    """The Mermaid, Vega and terminal extensions are off; their libraries' chunks are gone;
    every chunk that any other place of the app as shipped loads is there."""
    config = json.loads((book / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))
    disabled = config["jupyter-config-data"]["disabledExtensions"]
    assert set(slim.DISABLED) <= set(disabled), disabled
    build = book / "lite" / "build"
    shipped = _pristine_build(tmp_path)
    files, places = slim.chunk_places(shipped)
    kept = {p.name for p in build.iterdir()}
    gone = {cid for cid, name in files.items() if name not in kept}
    assert {files[c] for c in gone} == slim.library_chunks(shipped)
    assert len(gone) > 30, f"only {len(gone)} chunks left out"
    missing = {(where, c) for where, ids, cut in places
               if not cut and (where in kept or "/" in where) for c in ids & gone}
    assert not missing, f"kept code loads chunks that are gone: {sorted(missing)[:5]}"
    entries = {name for name in files.values()
               if slim._ENTRY.search((shipped / name).read_text(encoding="utf-8"))}
    # every app's entry chunk stays (the lab app's names the terminal: cutting it as the
    # terminal's library left the lab app blank, which test_book_charts found)
    assert entries and entries <= kept, sorted(entries - kept)
    assert all(mark not in (build / name).read_text(encoding="utf-8")
               for name in files.values() if name in kept and not name.startswith("jlab_core")
               and name not in entries for mark in slim.LIBRARY_MARKS)


def _wheel(book: Path, dist: str) -> zipfile.ZipFile:
    lock = json.loads((book / PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    entry = lock["packages"][dist]
    return zipfile.ZipFile(io.BytesIO((book / PYODIDE / entry["file_name"]).read_bytes()))


def test_the_kernel_has_no_jedi_and_completes_without_it(book: Path) -> None:
    lock = json.loads((book / PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert "parso" not in lock["packages"]
    jedi = _wheel(book, "jedi")  # the stand-in: the kernel installs jedi unless preloaded
    assert not [n for n in jedi.namelist() if ".dist-info/" not in n], jedi.namelist()
    assert lock["packages"]["jedi"]["imports"] == []
    # the kernel's line that turns jedi on is off (its wheel ships bytecode alone: checked
    # in test_the_kernel_patch_refuses_a_kernel_that_changed; completion runs in test_lite)
    for name in lock["packages"]:
        with _wheel(book, name) as zf:
            junk = [n for n in zf.namelist() if slim._WHEEL_JUNK.search(n)]
            assert not junk, f"{name}: {junk[:3]}"
    mtlearn = _wheel(book, "mtlearn").namelist()
    assert not [n for n in mtlearn if n.startswith(slim.MTLEARN_KERNEL_SKIPS)]
    assert "mtlearn/jupyter/widgets.py" in mtlearn and "mtlearn/static/js/board.js" in mtlearn


# ---------------------------------------------------------------- the cuts, without a book


def _skipped(module: str) -> bool:
    name = module.replace(".", "/")
    return any((name + "/").startswith(s) or (name + ".py").startswith(s)
               for s in slim.MTLEARN_KERNEL_SKIPS)


def test_no_module_of_the_kernels_mtlearn_imports_one_left_out() -> None:
    kept = [p for p in sorted(PKG.rglob("*.py")) if not _skipped(_module(p))
            and "__pycache__" not in p.parts]
    assert any(p.name == "widgets.py" for p in kept)
    wrong = {f"{p.relative_to(ROOT)} imports {m}" for p in kept for m in _imports(p)
             if m.startswith("mtlearn") and _skipped(m)}
    assert not wrong, sorted(wrong)


def _toy_wheel(files: dict[str, bytes]) -> bytes:
    return mtlearn_engine.wheel_bytes(sorted(files.items()), "toy-1.dist-info",
                                      "Metadata-Version: 2.1\nName: toy\nVersion: 1\n", "test")


def test_a_slimmed_wheel_lists_exactly_what_is_left() -> None:
    data = _toy_wheel({"toy/__init__.py": b"x = 1\n", "toy/tests/test_x.py": b"",
                       "toy/labextension/static/a.js": b"js", "toy-1.data/data/share/b": b"b"})
    with zipfile.ZipFile(io.BytesIO(slim.slim_wheel("toy-1-py3-none-any.whl", data))) as zf:
        names = zf.namelist()
        record = zf.read("toy-1.dist-info/RECORD").decode().splitlines()
    assert sorted(names) == ["toy-1.dist-info/METADATA", "toy-1.dist-info/RECORD",
                             "toy-1.dist-info/WHEEL", "toy/__init__.py"]
    assert sorted(line.split(",")[0] for line in record) == sorted(names)


def test_the_kernel_patch_refuses_a_kernel_that_changed() -> None:
    path, line, new = slim.KERNEL_PATCH
    good = _toy_wheel({path: b"class I:\n    def __init__(self):\n        " + line + b"\n"})
    with zipfile.ZipFile(io.BytesIO(slim.slim_wheel("pyodide_kernel-0.8.6.whl", good))) as zf:
        assert new in zf.read(path) and line not in zf.read(path)
    changed = _toy_wheel({path: b"x = 1\n"})
    with pytest.raises(ValueError, match="no longer turns jedi on"):
        slim.slim_wheel("pyodide_kernel-0.9.0.whl", changed)
