"""The front end's files, assembled for a page or a widget: a small ES-module bundler.

The board's front end is written as real ES modules in ``mtlearn/static/js/``: each file
``import``\\ s what it uses from the others (``import { h, s } from "./dom.js";``) and
``export``\\ s what it offers, so node, a linter and the unit tests (``tests/js/``) read
each file on its own. A page or an anywidget needs one module, and ``pip install`` must
need no node, so :func:`bundle` joins them here, in Python, when they are first asked for:

* it starts from an entry file and follows its relative imports, depth first, and
  writes every file once, after the files it imports (a cycle is an error that names it);
* each file but the entry is wrapped in a function of its own, so its private names
  stay private, and returns its exports as an object; the files that import it read
  their names from that object (``const { h, s } = __mtl_dom;``). Nothing is renamed:
  the entry's own top-level names stay top-level names of the bundle (``mountStandalone``
  for the page's boot call, ``export default`` for anywidget);
* a name imported but not exported, an export with no declaration, an ``export let``
  (a live binding a plain object cannot carry), or an import or export it does not
  understand is a :class:`FrontEndError` naming the file and the line.

Only the forms the front end uses are read: ``import { a, b as c } from "./x.js";`` and
``export function|async function|const|class NAME``, ``export { a, b as c };`` and, in the
entry only, ``export default …``. Each line of an import or export starts at column 0.

Style sheets have no imports: :func:`stylesheet` joins the ``.css`` files of a folder of
``static/`` in name order (the order of the cascade). Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from ..core.errors import MtlearnError

if TYPE_CHECKING:  # importlib.resources.abc is Python 3.11+; this name is 3.10's
    from importlib.abc import Traversable

__all__ = ["FrontEndError", "bundle", "static_text", "stylesheet"]


class FrontEndError(MtlearnError):
    """A front-end file the bundler cannot assemble (a cycle, a missing export …)."""


_NAME = r"[A-Za-z_$][\w$]*"
_IMPORT = re.compile(
    r'^import[ \t]*\{(?P<names>[^}]*)\}[ \t]*from[ \t]*"(?P<src>[^"\n]+)"[ \t]*;?[ \t]*$', re.M)
_EXPORT_DECL = re.compile(
    rf"^export[ \t]+(?P<kind>async[ \t]+function\*?|function\*?|const|let|var|class)[ \t]+"
    rf"(?P<name>{_NAME})", re.M)
_EXPORT_LIST = re.compile(r"^export[ \t]*\{(?P<names>[^}]*)\}[ \t]*;?[ \t]*$", re.M)
_EXPORT_DEFAULT = re.compile(r"^export[ \t]+default\b", re.M)
#: A JSDoc block on lines of its own (``/** … */``, nothing after it on its last line):
#: the types tsc checks, left out of what a page or a widget carries (an inline cast
#: such as ``/** @type {View} */ (next)`` stays: code follows it on its line).
_DOC_BLOCK = re.compile(r"^[ \t]*/\*\*(?:(?!\*/).)*?\*/[ \t]*\n", re.M | re.S)
_ANY_IMPORT = re.compile(r"^import\b(?![ \t]*[(.])", re.M)
_ANY_EXPORT = re.compile(r"^export\b", re.M)
_TOP_DECL = re.compile(
    rf"^(?:export[ \t]+)?(?:async[ \t]+)?(?:function\*?|const|let|var|class)[ \t]+({_NAME})",
    re.M)
_SPEC = re.compile(rf"^({_NAME})(?:\s+as\s+({_NAME}))?$")
_LOCAL_SRC = re.compile(r"^\./([\w-]+\.js)$")


@dataclass
class _Module:
    """One parsed file: what it imports (from which file, as which local name) and exports."""

    name: str
    body: str
    imports: list[tuple[str, str, str, int]] = field(default_factory=list)  # src, name, local, line
    exports: dict[str, str] = field(default_factory=dict)                    # exported -> local
    has_default: bool = False


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _specs(names: str, where: str) -> list[tuple[str, str]]:
    """``a, b as c`` -> [(a, a), (b, c)]."""
    out = []
    for part in names.split(","):
        part = " ".join(part.split())
        if not part:
            continue
        m = _SPEC.match(part)
        if m is None:
            raise FrontEndError(f"{where}: cannot read {part!r} in an import or export list")
        out.append((m[1], m[2] or m[1]))
    return out


def _parse(name: str, text: str, *, entry: bool) -> _Module:
    mod = _Module(name, text)
    spans: list[tuple[int, int]] = []
    for m in _IMPORT.finditer(text):
        where = f"static/js/{name}:{_line(text, m.start())}"
        src = _LOCAL_SRC.match(m["src"])
        if src is None:
            raise FrontEndError(f"{where}: imports {m['src']!r}; only a file of the same folder "
                                '("./name.js") can be imported')
        for imported, local in _specs(m["names"], where):
            mod.imports.append((src[1], imported, local, _line(text, m.start())))
        spans.append(m.span())
    for m in _ANY_IMPORT.finditer(text):
        if not any(a <= m.start() < b for a, b in spans):
            raise FrontEndError(f"static/js/{name}:{_line(text, m.start())}: an import the "
                                'bundler does not read (use import { a, b } from "./x.js";)')
    declared = set(_TOP_DECL.findall(text))
    known: list[tuple[int, int]] = []
    for m in _EXPORT_DECL.finditer(text):
        where = f"static/js/{name}:{_line(text, m.start())}"
        if m["kind"] in ("let", "var"):
            raise FrontEndError(f"{where}: 'export {m['kind']} {m['name']}' is a live binding "
                                "the bundle cannot carry; export a const, a function or a class")
        mod.exports[m["name"]] = m["name"]
        known.append(m.span())
    for m in _EXPORT_LIST.finditer(text):
        where = f"static/js/{name}:{_line(text, m.start())}"
        for local, exported in _specs(m["names"], where):
            if local not in declared and local not in {i[2] for i in mod.imports}:
                raise FrontEndError(f"{where}: exports {local!r}, which the file does not "
                                    "declare or import")
            mod.exports[exported] = local
        known.append(m.span())
    for m in _EXPORT_DEFAULT.finditer(text):
        where = f"static/js/{name}:{_line(text, m.start())}"
        if not entry:
            raise FrontEndError(f"{where}: only the entry file may 'export default'")
        mod.has_default = True
        known.append(m.span())
    for m in _ANY_EXPORT.finditer(text):
        if not any(a <= m.start() < b for a, b in known):
            raise FrontEndError(f"static/js/{name}:{_line(text, m.start())}: an export the "
                                "bundler does not read")
    locals_ = [i[2] for i in mod.imports]
    for local in locals_:
        if locals_.count(local) > 1 or local in declared:
            raise FrontEndError(f"static/js/{name}: the name {local!r} is imported twice or "
                                "also declared in the file")
    for n in declared | set(locals_):
        if n.startswith("__mtl_"):
            raise FrontEndError(f"static/js/{name}: {n!r}: names starting __mtl_ are the "
                                "bundler's")
    return mod


def _var(name: str) -> str:
    return "__mtl_" + re.sub(r"\W", "_", name.removesuffix(".js"))


def _import_lines(mod: _Module) -> str:
    by_src: dict[str, list[str]] = {}
    for src, imported, local, _ in mod.imports:
        by_src.setdefault(src, []).append(imported if imported == local
                                          else f"{imported}: {local}")
    return "".join(f"const {{ {', '.join(names)} }} = {_var(src)};\n"
                   for src, names in by_src.items())


def _strip_imports(text: str) -> str:
    return _IMPORT.sub("", _DOC_BLOCK.sub("", text))


def _wrapped(mod: _Module) -> str:
    body = _strip_imports(mod.body)
    body = _EXPORT_LIST.sub("", body)
    body = re.sub(r"^export[ \t]+(?=(?:async[ \t]+)?function|const|class)", "", body,
                  flags=re.M)
    pairs = ", ".join(k if k == v else f"{k}: {v}" for k, v in mod.exports.items())
    return (f"const {_var(mod.name)} = (() => {{\n{_import_lines(mod)}{body.rstrip()}\n"
            f"return {{ {pairs} }};\n}})();\n")


def _order(modules: dict[str, _Module], entry: str) -> list[str]:
    order: list[str] = []
    state: dict[str, int] = {}       # 1 visiting, 2 done

    def visit(name: str, path: list[str]) -> None:
        if state.get(name) == 2:
            return
        if state.get(name) == 1:
            cycle = [*path[path.index(name):], name]
            raise FrontEndError("the front-end files import each other in a cycle: "
                                + " -> ".join(cycle))
        state[name] = 1
        for src, _imported, _local, _ in modules[name].imports:
            visit(src, [*path, name])
        state[name] = 2
        order.append(name)

    visit(entry, [])
    return order


def _load(folder: Traversable, entry: str) -> dict[str, _Module]:
    modules: dict[str, _Module] = {}
    todo = [entry]
    while todo:
        name = todo.pop()
        if name in modules:
            continue
        path = folder.joinpath(name)
        if not path.is_file():
            importers = [m.name for m in modules.values() if any(i[0] == name for i in m.imports)]
            raise FrontEndError(f"static/js/{name} does not exist (imported by "
                                f"{', '.join(importers) or 'nobody: the entry'})")
        modules[name] = _parse(name, path.read_text(encoding="utf-8"), entry=name == entry)
        todo.extend(i[0] for i in modules[name].imports)
    for mod in modules.values():
        for src, imported, _local, line in mod.imports:
            if imported not in modules[src].exports:
                raise FrontEndError(f"static/js/{mod.name}:{line}: imports {imported!r} from "
                                    f"./{src}, which does not export it")
    return modules


def bundle(entry: str, folder: Traversable | None = None) -> str:
    """One ES module: ``entry`` (a file of ``static/js/``) and every file it imports.

    The files come from ``folder`` (default: the package's ``static/js``). The result
    keeps the entry's exports (``export default`` …) and top-level names; each file is
    marked by a ``// ---- static/js/<name>`` line. Raises :class:`FrontEndError` for a
    cycle, a missing file or export, or an import or export form it does not read.
    """
    if folder is None:
        return _bundle_cached(entry)
    return _bundle(folder, entry)


def _bundle(folder: Traversable, entry: str) -> str:
    modules = _load(folder, entry)
    parts = [f"// mtlearn front end: static/js/{entry} and what it imports, one module "
             "(assembled by mtlearn.present.frontend)\n"]
    for name in _order(modules, entry):
        mod = modules[name]
        parts.append(f"// ---- static/js/{name}\n")
        if name == entry:
            parts.append(_import_lines(mod) + _strip_imports(mod.body).lstrip("\n"))
        else:
            parts.append(_wrapped(mod))
    return "".join(parts)


def _static() -> Traversable:
    return resources.files("mtlearn").joinpath("static")


@lru_cache(maxsize=8)
def _bundle_cached_at(entry: str, stamp: tuple[tuple[str, int, int], ...]) -> str:
    return _bundle(_static().joinpath("js"), entry)


def _stamp(folder: Traversable) -> tuple[tuple[str, int, int], ...]:
    """The files' names, sizes and times, so an edited file is read again."""
    from pathlib import Path

    out = []
    for p in folder.iterdir():
        if isinstance(p, Path):
            st = p.stat()
            out.append((p.name, st.st_size, st.st_mtime_ns))
        else:  # pragma: no cover - a zipped package: its files do not change
            out.append((p.name, 0, 0))
    return tuple(sorted(out))


def _bundle_cached(entry: str) -> str:
    return _bundle_cached_at(entry, _stamp(_static().joinpath("js")))


def stylesheet(folder: str, names: Iterable[str] | None = None) -> str:
    """The ``.css`` files of ``static/<folder>`` (or just ``names``, in that order) joined,
    each marked by a ``/* ---- static/<folder>/<name> */`` line; by default in name order,
    which is the order of the cascade."""
    base = _static().joinpath(folder)
    if names is None:
        names = sorted(p.name for p in base.iterdir() if p.name.endswith(".css"))
    return "\n".join(f"/* ---- static/{folder}/{n} */\n" + static_text(f"{folder}/{n}")
                     for n in names)


def static_text(relpath: str) -> str:
    """The text of one file under ``mtlearn/static/`` (for example ``"page/page.css"``)."""
    path = _static()
    for part in relpath.split("/"):
        path = path.joinpath(part)
    if not path.is_file():
        raise FrontEndError(f"mtlearn/static/{relpath} does not exist")
    return path.read_text(encoding="utf-8")
