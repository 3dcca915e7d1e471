"""The package's layers, read from its imports (issue 18).

Each layer is a folder of ``mtlearn/`` and may import only the layers listed before it
(``mtlearn/__init__.py`` has the table), with no exception: a game draws itself
(``__str__``, ``_repr_html_``) with functions registered from above (the package root
registers them), which the engine looks up when asked. PyYAML is imported only in ``content``; anywidget,
traitlets and ipywidgets only in ``jupyter``.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path

import pytest
from treekit import tree_texts

PKG = Path(__file__).resolve().parents[1] / "mtlearn"
ORDER = ["core", "engine", "play", "present", "content", "trainer", "hosts", "jupyter", "cli"]
ONLY_IN = {"yaml": "content", "anywidget": "jupyter", "traitlets": "jupyter",
           "ipywidgets": "jupyter"}
#: the class extra (aiohttp, segno): only in the class server's module, which cli.py
#: imports lazily (inside the `class` command's function)
CLASS_ONLY = {"aiohttp": "hosts/classroom/server.py", "segno": "hosts/classroom/server.py"}


def layer_of(path: Path) -> str:
    """The layer of a module file: its folder under mtlearn/, or cli / the package root."""
    rel = path.relative_to(PKG)
    if len(rel.parts) > 1:
        return rel.parts[0]
    return "cli" if rel.stem == "cli" else "root"


def _parse_all() -> dict[Path, ast.Module]:
    """Every module of the package parsed once, at collection, in the main thread before any
    test starts one: CPython 3.11.7's AST builder keeps its recursion depth per interpreter,
    so an ``ast.parse`` racing another thread's can fail with "AST constructor recursion
    depth mismatch" (it did once in CI; fixed in later CPython)."""
    return {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PKG.rglob("*.py"))}


TREES = _parse_all()


def imports(path: Path) -> list[tuple[str, int, str | None]]:
    """(absolute module imported, line, the function it sits in) for every import."""
    tree = TREES.get(path) or ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(("mtlearn", *path.relative_to(PKG).parent.parts))
    found: list[tuple[str, int, str | None]] = []

    def visit(node: ast.AST, func: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name)
                continue
            if isinstance(child, ast.Import):
                found.extend((a.name, child.lineno, func) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - child.level + 1]
                    mod = ".".join([*base, child.module] if child.module else base)
                else:
                    mod = child.module or ""
                names = [f"{mod}.{a.name}" for a in child.names] if not child.module else [mod]
                found.extend((n, child.lineno, func) for n in names)
            visit(child, func)

    visit(tree, None)
    return found


def target_layer(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "mtlearn" or len(parts) < 2:
        return None
    return "cli" if parts[1] == "cli" else parts[1] if parts[1] in ORDER else "root"


MODULES = sorted(PKG.rglob("*.py"))


def test_every_module_sits_in_a_layer():
    loose = [p.name for p in MODULES if layer_of(p) == "root"
             and p.name not in ("__init__.py", "__main__.py")]
    assert not loose, f"modules outside the layer folders: {loose}"
    folders = {p.name for p in PKG.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(ORDER) - {"cli"}, folders


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PKG)))
def test_a_layer_imports_only_the_layers_below_it(path):
    own = layer_of(path)
    if own == "root":
        return  # the package's front door re-exports from every layer
    wrong = []
    for module, line, func in imports(path):
        other = target_layer(module)
        if other is None or other == "root":
            top = module.split(".")[0]
            if top in ONLY_IN and ONLY_IN[top] != own:
                wrong.append(f"line {line}: {module} belongs in {ONLY_IN[top]} only")
            if top in CLASS_ONLY and path.relative_to(PKG).as_posix() != CLASS_ONLY[top]:
                wrong.append(f"line {line}: {module} belongs in {CLASS_ONLY[top]} only")
            if other == "root" and module not in ("mtlearn", "mtlearn.__version__"):
                wrong.append(f"line {line}: {module} (import the layer path)")
            continue
        if module.startswith("mtlearn.hosts.classroom.server") and func is None and \
                path.relative_to(PKG).parts[:2] != ("hosts", "classroom"):
            wrong.append(f"line {line}: {module} needs the class extra: import it lazily")
        if ORDER.index(other) > ORDER.index(own):
            wrong.append(f"line {line}: {module} ({other} is above {own})")
    assert not wrong, f"{path.relative_to(PKG)}: " + "; ".join(wrong)


def test_the_layer_check_sees_a_bad_import(tmp_path, monkeypatch):
    """The reader resolves relative imports, inside functions too: an engine module
    importing the view lazily, in its drawing method, is seen as an import of present."""
    game = PKG / "engine" / "game.py"
    found = {m for m, _, f in imports(game) if f is None}
    assert "mtlearn.core.tiles" in found or any(m.startswith("mtlearn.core.") for m in found)
    (tmp_path / "engine").mkdir()
    bad = tmp_path / "engine" / "drawn.py"
    bad.write_text("class G:\n    def _repr_html_(self):\n"
                   "        from ..hosts.session import BoardSession\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PKG", tmp_path)
    lazy = imports(bad)
    assert [(m, f) for m, _, f in lazy] == [("mtlearn.hosts.session",
                                             "_repr_html_")]
    assert ORDER.index(target_layer(lazy[0][0])) > ORDER.index("engine")


def test_the_engine_draws_a_game_with_what_the_layers_above_registered():
    """No import circle through the top layer: the engine imports no layer above its own,
    and a game still prints as text and shows as a live board."""
    from mtlearn import Game
    from mtlearn.engine import game as game_module

    assert not [m for p in sorted((PKG / "engine").glob("*.py")) for m, _, _ in imports(p)
                if target_layer(m) not in (None, "core", "engine")]
    assert set(game_module._DRAWINGS) == {"text", "html"}
    g = Game.new(2, seed=1)
    assert "Ana" in str(g) and 'class="mtl-' in (g._repr_html_() or "")


#: The flat module paths of earlier versions (``mtlearn.<name>``), by the layer that holds
#: each module now: none of them imports any more, and none may be written anywhere.
OLD_NAMES: dict[str, str] = {
    **dict.fromkeys(["tiles", "moves", "rules", "ruleids", "errors", "links"], "core"),
    **dict.fromkeys(["state", "game", "legal", "dealing", "scores", "positions",
                     "position_reader", "verdicts", "variants", "variant_verdicts"], "engine"),
    **dict.fromkeys(["plan", "bots", "sim"], "play"),
    **dict.fromkeys(["perspective", "text", "view", "htmlout"], "present"),
    **dict.fromkeys(["scenario_yaml", "fields", "scenario", "tile_words", "puzzle_files",
                     "puzzle_judging", "puzzle_record", "puzzle_session", "puzzles"],
                    "content"),
    **dict.fromkeys(["session", "session_host", "pages"], "hosts"),
    "widgets": "jupyter",
}
#: Where an old path could be written: the package (Python, JS, CSS, data), the tests, the
#: chapters, the book's sources (not its build), benchmarks, notes, and the files at the top.
SCANNED = ["mtlearn", "tests", "tutorials", "docs", "benchmarks", "devnotes", "binder",
           "README.md", "pyproject.toml", "dev"]
_OLD = "|".join(sorted(OLD_NAMES, key=len, reverse=True))
#: ``mtlearn.<old>`` as a dotted name (an import, a reference, a string naming the module).
#: ``mtlearn/puzzles/`` and ``mtlearn/scenarios/`` are folders of YAML files, named with
#: slashes, and ``mtlearn.content.puzzles`` is a layer path: neither matches.
DOTTED = re.compile(rf"(?<![\w.])mtlearn\.({_OLD})(?![\w-])")
#: ``from mtlearn import <old>`` (the package root would import the module by its old name).
FROM_ROOT = re.compile(r"\bfrom\s+mtlearn\s+import\s+(\([^)]*\)|[^\n]*)")


def old_paths_in(text: str) -> list[str]:
    """Every old module path written in ``text``, as written."""
    found = [m.group(0) for m in DOTTED.finditer(text)]
    for m in FROM_ROOT.finditer(text):
        names = re.findall(r"\w+(?:\s+as\s+\w+)?", m.group(1).split("#")[0])
        found += [f"from mtlearn import {n.split()[0]}" for n in names
                  if n.split()[0] in OLD_NAMES]
    return found


def test_old_paths_are_listed_with_their_layers():
    """Each old name is a module at its layer path (so the list below says what to write)."""
    on_disk = {p.parent.name if p.stem == "__init__" else p.stem: layer_of(p)
               for p in MODULES if layer_of(p) in ORDER[:-1]
               and (p.stem != "__init__" or p.parent.parent != PKG)}   # a folder of a layer
    assert {name: on_disk.get(name) for name in OLD_NAMES} == OLD_NAMES


def test_the_old_path_scan_sees_an_old_path():
    # (the old paths are put together here, so this file passes its own scan)
    game, session, puzzles, view = (f"mtlearn.{n}" for n in ("game", "session", "puzzles", "view"))
    root = "from mtlearn import"
    assert old_paths_in(f"import {game}\n") == [game]
    assert old_paths_in(f":class:`~{game}.Game`") == [game]
    assert old_paths_in(f'"from {session} import SessionHost"') == [session]
    assert old_paths_in(f"{root} (\n    Game,\n    puzzles as pz,\n)") == [f"{root} puzzles"]
    assert old_paths_in(f"{root} Game, view  # the JSON\n") == [f"{root} view"]
    assert old_paths_in(f"see {puzzles}.Puzzle and {view}.") == [puzzles, view]
    # layer paths, the package root, the folders of YAML files, other packages: not old
    assert old_paths_in("from mtlearn.content.puzzles import bundled\n"
                        f"{root} Game, Rules\n"
                        "from mtlearn.content import puzzles, scenario\n"
                        "mtlearn/puzzles/doubles/x.yaml, mtlearn/scenarios/, mtlearn/game.py\n"
                        f"{game}play, x{view}, mtlearn.jupyter.widgets") == []


def test_no_old_module_path_is_written_anywhere():
    wrong = []
    for path, text in tree_texts(SCANNED):
        for old in old_paths_in(text):
            wrong.append(f"{path.relative_to(PKG.parent)}: {old}")
    assert not wrong, ("old module paths (write the layer path, mtlearn.<layer>.<name>, "
                       "or a name of the package root): " + "; ".join(wrong))


@pytest.mark.parametrize("name", sorted(OLD_NAMES))
def test_old_module_paths_do_not_import(name):
    if name == "puzzles":
        # mtlearn/puzzles/ is a folder of puzzle files (no __init__.py): it may import as a
        # namespace package, but it is not the puzzles module
        with pytest.raises(ImportError):
            exec(f"from mtlearn.{name} import bundled", {})
        return
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"mtlearn.{name}")
    importlib.import_module(f"mtlearn.{OLD_NAMES[name]}.{name}")  # the one path


#: The longest a Python function of the package may be (issue 37): a longer one is split
#: into named parts, each saying what it reads or decides.
MAX_FUNCTION_LINES = 120


def test_no_python_function_of_the_package_is_over_120_lines() -> None:
    long = []
    for path in sorted(PKG.rglob("*.py")):
        for node in ast.walk(TREES[path]):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(PKG.parent)}:{node.lineno} "
                                f"{node.name} ({lines} lines)")
    assert long == [], long
