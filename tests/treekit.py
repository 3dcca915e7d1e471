"""The project's own text files, for tests that scan the tree for something written wrong
(an old module path, an install command naming another package)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: build outputs and caches inside the scanned folders: not the project's own writing
SKIPPED_DIRS = {"_build", "__pycache__", "node_modules", ".ipynb_checkpoints",
                "jupyter_execute", ".jupyter_cache"}


def tree_files(names: Iterable[str]) -> list[Path]:
    """The files under each of ``names`` (folders or files at the top of the repository),
    build folders skipped and symbolic links (``docs/tutorials``) not followed."""
    files: list[Path] = []
    for name in names:
        top = REPO / name
        if top.is_file():
            files.append(top)
            continue
        for folder, dirs, found in os.walk(top):
            dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]
            files += [Path(folder) / n for n in sorted(found)]
    return files


def tree_texts(names: Iterable[str]) -> Iterator[tuple[Path, str]]:
    """Each file of :func:`tree_files` that is UTF-8 text, with its text (images and wheels
    are passed over)."""
    for path in tree_files(names):
        try:
            yield path, path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
