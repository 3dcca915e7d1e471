"""The module paths mtlearn had before its layers were folders, kept working.

``mtlearn.game`` is :mod:`mtlearn.engine.game`, ``mtlearn.widgets`` is
:mod:`mtlearn.jupyter.widgets`, and so on for every module in :data:`MOVED`: the old name
imports the same module object (not a copy), so notebooks, the docs, saved pages and the
in-page engine that name the old paths go on working. New code imports the layer paths.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import ModuleType

#: Old module name (under ``mtlearn.``) -> the layer that holds it now.
MOVED: dict[str, str] = {
    **dict.fromkeys(["tiles", "moves", "rules", "ruleids", "errors", "links"], "core"),
    **dict.fromkeys(["state", "game", "legal", "dealing", "scores", "positions",
                     "position_reader", "verdicts", "variants", "variant_verdicts"], "engine"),
    **dict.fromkeys(["plan", "bots", "sim"], "play"),
    **dict.fromkeys(["perspective", "text", "view", "htmlout"], "present"),
    **dict.fromkeys(["scenario_yaml", "fields", "scenario", "tile_words", "puzzle_files",
                     "puzzle_goals", "puzzle_record", "puzzle_progress", "puzzles"],
                    "content"),
    **dict.fromkeys(["session", "session_host", "pages"], "hosts"),
    "widgets": "jupyter",
}


class _OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``mtlearn.<old name>`` and loads it as the module at its layer path."""

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        head, _, name = fullname.partition(".")
        if head != "mtlearn" or name not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        name = module.__name__.partition(".")[2]
        # the import system reads sys.modules back after this: the old name gets the
        # real module, whose own name and spec stay as they are
        sys.modules[module.__name__] = importlib.import_module(f"mtlearn.{MOVED[name]}.{name}")


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once): ``mtlearn/puzzles/`` is also a
    folder of puzzle files, which the path finder would otherwise import."""
    if not any(isinstance(f, _OldPaths) for f in sys.meta_path):
        sys.meta_path.insert(0, _OldPaths())
