"""Writing a file so that a crash never leaves half of it: the progress files of the
puzzles and the class server's saved tables both go through :func:`write_atomic`."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8) so that a crash leaves the old file or the new one,
    whole: a temporary file beside it, flushed to disk, then renamed over it. The temporary
    file is removed if anything fails."""
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
