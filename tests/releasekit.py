"""Making a release of mexican-train-learn, for ``./dev release`` and tests/test_release.py.

``python tests/releasekit.py [--book HTML_DIR] [--out dist]`` builds into ``dist/``:

* the sdist, and the wheel built from that sdist (``uv build``; the build backend,
  hatchling, comes from ``requirements/release.txt`` as build constraints, hashes checked);
* a second wheel built straight from the tree, which must hold the same files, byte for
  byte (so what the sdist gives a user is what was tested);
* ``twine check --strict`` on both and ``check-wheel-contents`` on the wheel (both from the
  same lock, in ``.cache/release-venv``);
* the built book as one archive, ``mtlearn-book-VERSION.zip`` (every file under one top
  folder, fixed timestamps, at most :data:`MAX_BOOK_BYTES`), which ``mtlearn book`` and
  ``mtlearn class --book`` serve as it is.

It prints every file's size. Nothing here is imported by the package.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOCK = REPO / "requirements" / "release.txt"
RELEASE_VENV = REPO / ".cache" / "release-venv"
#: The book archive's limit (issue 27): a teacher downloads it on a school connection.
MAX_BOOK_BYTES = 60 * 1024 * 1024
#: Files stored as they are in the book archive: compressing them again gains nothing.
STORED = {".whl", ".zip", ".gz", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff",
          ".woff2", ".ico"}


class ReleaseError(Exception):
    """A step of the release failed; the message says which and why."""


def version() -> str:
    """The version, from its one place (mtlearn/__init__.py)."""
    text = (REPO / "mtlearn" / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if not m:
        raise ReleaseError("mtlearn/__init__.py names no __version__")
    return m.group(1)


def uv() -> str:
    """The uv that ./dev installs (requirements/tools.txt), else one on PATH."""
    local = REPO / ".venv" / "bin" / "uv"
    found = str(local) if local.is_file() else shutil.which("uv")
    if not found:
        raise ReleaseError("uv is missing: run ./dev once (it installs uv into .venv)")
    return found


def _run(cmd: list[str], what: str, cwd: Path = REPO) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, timeout=900)
    if out.returncode != 0:
        raise ReleaseError(f"{what} failed ({' '.join(cmd[:3])} …):\n{out.stdout}\n{out.stderr}")
    return out.stdout + out.stderr


def build(out: Path, source: Path = REPO, *, from_sdist: bool = True) -> list[Path]:
    """Build into ``out``: the sdist and the wheel made from it (or, with ``from_sdist``
    false, the wheel alone, straight from ``source``). Returns the files made."""
    out.mkdir(parents=True, exist_ok=True)
    before = set(out.iterdir())
    kinds = [] if from_sdist else ["--wheel"]
    _run([uv(), "build", "--quiet", *kinds, "--out-dir", str(out), "--build-constraints",
          str(LOCK), "--require-hashes", "--no-create-gitignore", str(source)],
         "building the distributions")
    return sorted(set(out.iterdir()) - before)


def wheel_differences(a: Path, b: Path) -> list[str]:
    """How two wheels differ (file names, then contents); empty when they are the same."""
    with zipfile.ZipFile(a) as za, zipfile.ZipFile(b) as zb:
        names_a, names_b = set(za.namelist()), set(zb.namelist())
        out = [f"only in {a.name}: {n}" for n in sorted(names_a - names_b)]
        out += [f"only in {b.name}: {n}" for n in sorted(names_b - names_a)]
        out += [f"differs: {n}" for n in sorted(names_a & names_b) if za.read(n) != zb.read(n)]
    return out


def release_venv() -> Path:
    """``.cache/release-venv`` with twine and check-wheel-contents, from the lock."""
    py = RELEASE_VENV / "bin" / "python"
    stamp = RELEASE_VENV / ".installed"
    if not (stamp.is_file() and stamp.read_text() == LOCK.read_text()):
        if not py.is_file():
            _run([uv(), "venv", "--quiet", str(RELEASE_VENV)], "making .cache/release-venv")
        _run([uv(), "pip", "sync", "--quiet", "--python", str(py), "--require-hashes",
              "--no-build", str(LOCK)], "installing requirements/release.txt")
        stamp.write_text(LOCK.read_text())
    return RELEASE_VENV / "bin"


def check(files: list[Path]) -> None:
    """``twine check --strict`` every distribution, ``check-wheel-contents`` every wheel."""
    bin_dir = release_venv()
    _run([str(bin_dir / "twine"), "check", "--strict", *map(str, files)], "twine check")
    wheels = [str(f) for f in files if f.suffix == ".whl"]
    _run([str(bin_dir / "check-wheel-contents"), *wheels], "check-wheel-contents")


def book_archive(html: Path, out: Path, name: str | None = None) -> Path:
    """The built book ``html`` as one zip in ``out`` (every file under one top folder, in
    a fixed order with fixed timestamps, so the same book gives the same archive)."""
    if not (html / "index.html").is_file():
        raise ReleaseError(f"{html} holds no built book (no index.html): run ./dev book")
    top = name or f"mtlearn-book-{version()}"
    target = out / f"{top}.zip"
    out.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        for path in sorted(p for p in html.rglob("*") if p.is_file()):
            rel = path.relative_to(html).as_posix()
            if rel == ".buildinfo" or rel.startswith(".doctrees/"):
                continue
            info = zipfile.ZipInfo(f"{top}/{rel}", date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = (zipfile.ZIP_STORED if path.suffix.lower() in STORED
                                  else zipfile.ZIP_DEFLATED)
            z.writestr(info, path.read_bytes())
    size = target.stat().st_size
    if size > MAX_BOOK_BYTES:
        raise ReleaseError(f"{target.name} is {size / 2**20:.1f} MB; the limit is "
                           f"{MAX_BOOK_BYTES / 2**20:.0f} MB")
    return target


#: The sizes README.md gives, found by these patterns: (what, pattern of "(about N MB)").
README_SIZES = (("the wheel", r"the wheel \(about ([\d.]+) MB\)"),
                ("the book archive", r"`mtlearn-book-[^`]+\.zip` \(about ([\d.]+) MB\)"))
#: How far a size may drift from README's figure before the release asks for a new one.
README_TOLERANCE = 0.15


def check_readme_sizes(wheel: Path, archive: Path, readme: Path = REPO / "README.md") -> None:
    """README's sizes of the wheel and the book archive (MB, a million bytes) are within
    :data:`README_TOLERANCE` of the files just built; otherwise a :class:`ReleaseError`
    says which figure to write there."""
    text = readme.read_text(encoding="utf-8")
    for (what, pattern), path in zip(README_SIZES, (wheel, archive), strict=True):
        m = re.search(pattern, text)
        if not m:
            raise ReleaseError(f"{readme.name} gives no size of {what} ({pattern})")
        said, real = float(m[1]), path.stat().st_size / 1e6
        if abs(real - said) > README_TOLERANCE * real:
            raise ReleaseError(f"{readme.name} says {what} is about {said:g} MB; "
                               f"{path.name} is {real:.1f} MB: write that figure there")


def main() -> int:
    parser = argparse.ArgumentParser(description="build a release into dist/")
    parser.add_argument("--book", type=Path, help="a built book to pack (default: a clean "
                        "build of the book made now)")
    parser.add_argument("--out", type=Path, default=REPO / "dist")
    args = parser.parse_args()
    out: Path = args.out.resolve()
    try:
        if out.exists():
            shutil.rmtree(out)
        made = build(out)
        sdist = next(p for p in made if p.name.endswith(".tar.gz"))
        wheel = next(p for p in made if p.suffix == ".whl")
        tree = build(out / "from-tree", from_sdist=False)
        diff = wheel_differences(wheel, tree[0])
        if diff:
            raise ReleaseError("the wheel built from the sdist differs from the wheel built "
                               "from the tree:\n  " + "\n  ".join(diff[:20]))
        shutil.rmtree(out / "from-tree")
        check([sdist, wheel])
        html = args.book
        if html is None:
            sys.path.insert(0, str(REPO / "tests"))
            from bookkit import build_book

            built = build_book(REPO / ".cache" / "release-book")
            if built.returncode != 0:
                raise ReleaseError("the book did not build:\n" + built.failure())
            html = built.html
        archive = book_archive(html.resolve(), out)
        check_readme_sizes(wheel, archive)
    except ReleaseError as e:
        print(f"release: {e}", file=sys.stderr)
        return 1
    print(f"release {version()} in {out}:")
    for path in (wheel, sdist, archive):
        print(f"  {path.name:48} {path.stat().st_size / 1e6:7.2f} MB")
    print("checked: twine check --strict, check-wheel-contents; the sdist builds the same "
          "wheel as the tree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
