"""A clean build of the book, as the tests use it: one function for the ``book`` fixture and
for ``./dev test``, which builds it once before pytest (``python tests/build_book.py OUT``).

The build writes ``OUT/html`` (the book), ``OUT/doctrees`` and ``OUT/jupyter_cache``; myst-nb
writes every chapter it executed, with its outputs, to ``OUT/jupyter_execute`` (next to
``html``), which the notebook tests read instead of running the chapters again.
"""

from __future__ import annotations

import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
#: what a clean build should take on a quiet machine (reported, never asserted)
BOOK_TARGET_SECONDS = 90


@dataclass
class BookBuild:
    html: Path
    seconds: float
    returncode: int
    command: list[str]
    stdout: str
    stderr: str

    def failure(self) -> str:
        return (f"sphinx-build failed (exit {self.returncode}):\n{' '.join(self.command)}\n"
                f"--- stdout ---\n{self.stdout[-20000:]}\n--- stderr ---\n{self.stderr[-20000:]}")


def build_book(out: Path, timeout: float = 1200) -> BookBuild:
    """Build the book from scratch into ``out`` (warnings are errors)."""
    out.mkdir(parents=True, exist_ok=True)
    html = out / "html"
    cmd = [
        sys.executable, "-m", "sphinx", "-W", "--keep-going", "-j", "auto", "-b", "html",
        "-d", str(out / "doctrees"),
        "-D", f"nb_execution_cache_path={out / 'jupyter_cache'}",
        str(REPO_ROOT / "docs"), str(html),
    ]
    start = time.monotonic()
    proc = subprocess.run(cmd, cwd=REPO_ROOT, capture_output=True, text=True, timeout=timeout)
    return BookBuild(html, time.monotonic() - start, proc.returncode, cmd, proc.stdout,
                     proc.stderr)


def executed_chapters(html: Path) -> Path:
    """The folder where the build of ``html`` left the chapters it executed."""
    return html.parent / "jupyter_execute" / "tutorials"
