"""Issue 18: the type checker runs in the build, and the docs follow the layer paths."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def test_dev_test_runs_mypy_on_the_whole_package_after_ruff():
    """./dev test: ruff, mypy, the front end's lint and unit tests, then pytest (the fast
    tier alone with --fast; with a clean book build and the other tier otherwise)."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    branch = re.search(r"\n    test\)\n(.*?)\n        ;;", (REPO / "dev").read_text(), re.S)
    assert branch, "the test) branch of ./dev"
    steps = re.findall(r'^[^#\n]*?\bphase ("[^"]+"|\S+) (.*?)\s*\\?$', branch.group(1), re.M)
    names = [name.strip('"') for name, _ in steps]
    assert names == ["install", "install", "chromium", "lint", "types", "front end",
                     "pytest fast", "book build", "pytest fast", "pytest book+browser"], names
    commands = dict((name.strip('"'), command) for name, command in steps)
    assert commands["lint"] == '"$VENV/bin/ruff" check .'
    assert commands["types"] == '"$VENV/bin/mypy" mtlearn'
    assert commands["front end"] == '"$VENV/bin/python" tests/frontend_checks.py'
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = project["tool"]["mypy"]
    assert mypy["packages"] == ["mtlearn"] and mypy["python_version"] == "3.10"
    assert "exclude" not in mypy
    assert any(r.startswith("mypy>=") for r in project["project"]["optional-dependencies"]["test"])


def _oldpaths():
    spec = importlib.util.spec_from_file_location(
        "mtlearn_oldpaths", REPO / "docs" / "_ext" / "mtlearn_oldpaths.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_book_references_with_flat_paths_find_the_layer_paths():
    layer_path = _oldpaths().layer_path
    assert layer_path("mtlearn.content.puzzles.Puzzle") == "mtlearn.content.puzzles.Puzzle"
    assert layer_path("mtlearn.jupyter.widgets.Board.play") == "mtlearn.jupyter.widgets.Board.play"
    assert layer_path("mtlearn.engine.game") == "mtlearn.engine.game"
    # already a layer path, the package root, or not mtlearn's: left alone
    assert layer_path("mtlearn.content.puzzles.Puzzle") is None
    assert layer_path("mtlearn.Game") is None
    assert layer_path("yaml.safe_load") is None


def test_api_reference_names_only_layer_paths():
    from mtlearn._moved import MOVED

    api = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    flat = sorted({m.group(0) for m in re.finditer(r"\.\. auto\w+:: (mtlearn\.(\w+))\S*", api)
                   if m.group(2) in MOVED})
    assert not flat, flat
