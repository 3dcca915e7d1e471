"""The package's layers, read from its imports (issue 18).

Each layer is a folder of ``mtlearn/`` and may import only the layers listed before it
(``mtlearn/__init__.py`` has the table). The one way up: an object that draws itself
(``__str__``, ``_repr_html_`` …) may import a presentation module lazily, inside that
method, as python-chess's boards do. PyYAML is imported only in ``content``; anywidget,
traitlets and ipywidgets only in ``jupyter``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "mtlearn"
ORDER = ["core", "engine", "play", "present", "content", "hosts", "jupyter", "cli"]
#: methods in which a lower layer may import a higher one (lazily, when asked to draw)
DRAWING = {"__str__", "_repr_html_", "_repr_svg_", "_repr_markdown_"}
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


def imports(path: Path) -> list[tuple[str, int, str | None]]:
    """(absolute module imported, line, the function it sits in) for every import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
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
             and p.name not in ("__init__.py", "_moved.py", "__main__.py")]
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
        if ORDER.index(other) > ORDER.index(own) and func not in DRAWING:
            wrong.append(f"line {line}: {module} ({other} is above {own})")
    assert not wrong, f"{path.relative_to(PKG)}: " + "; ".join(wrong)


def test_the_layer_check_sees_a_bad_import(tmp_path):
    """The reader resolves relative imports: an engine module importing the view is caught."""
    bad = PKG / "engine" / "game.py"
    found = {m for m, _, f in imports(bad) if f is None}
    assert "mtlearn.core.tiles" in found or any(m.startswith("mtlearn.core.") for m in found)
    lazy = {m for m, _, f in imports(bad) if f in DRAWING}
    assert any(m.startswith("mtlearn.present.") for m in lazy), lazy


def test_old_module_paths_are_the_same_modules():
    import mtlearn.engine.game
    import mtlearn.engine.game
    import mtlearn.jupyter.widgets
    import mtlearn.content.puzzles
    import mtlearn.jupyter.widgets
    from mtlearn._moved import MOVED

    assert mtlearn.engine.game is mtlearn.engine.game
    assert mtlearn.jupyter.widgets is mtlearn.jupyter.widgets
    assert mtlearn.content.puzzles.__name__ == "mtlearn.content.puzzles"  # not the puzzle-file folder
    on_disk = {p.stem: layer_of(p) for p in MODULES if layer_of(p) in ORDER[:-1]
               and p.stem != "__init__"}
    assert {name: on_disk.get(name) for name in MOVED} == MOVED  # each old name still there
