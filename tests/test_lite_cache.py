"""The live site's build caches hold when builds run at once (``pytest -n 3`` builds one book
a worker, all sharing ``.cache/``): each cache is made under a file lock
(``mtlearn_engine.cache_lock``), so one build makes it and the others wait and find it
whole. Before, a worker deleted ``.cache/lite-env-*`` while another was installing into it,
which left the "done" stamp with no ``bin/python``.
"""

from __future__ import annotations

import shutil
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))

import mtlearn_lite


def test_builds_at_once_make_the_live_sites_environment_once(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Three builds ask for the environment at once (as ``pytest -n 3``'s workers did): one
    makes it, the others wait and get it whole; none deletes it under another."""
    monkeypatch.setenv("MTLEARN_CACHE", str(tmp_path))
    made: list[Path] = []

    def make(env: Path) -> None:
        for old in tmp_path.glob("lite-env-*"):  # as the real one: old ones go first
            shutil.rmtree(old, ignore_errors=True)
        made.append(env)
        (env / "bin").mkdir(parents=True)
        time.sleep(0.3)
        (env / "bin" / "python").write_text("", encoding="utf-8")

    monkeypatch.setattr(mtlearn_lite, "_make_env", make)
    got: list[Path] = []
    workers = [threading.Thread(target=lambda: got.append(mtlearn_lite.lite_env()))
               for _ in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert len(made) == 1 and len(got) == 3 and len(set(got)) == 1
    assert (got[0] / "bin" / "python").is_file()
    assert (got[0] / ".mtlearn-lite-tools").is_file()
