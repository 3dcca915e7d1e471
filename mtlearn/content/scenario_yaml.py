"""Reading scenario and puzzle files safely: YAML with limits, line numbers and plain errors.

Scenario files and puzzle files are YAML written by people, and may come from elsewhere.
``Reader`` parses one with PyYAML's safe loader and keeps the line of every field, so that
every mistake can be reported as a :class:`~mtlearn.content.scenario.ScenarioError` naming the
file, the line and the field. The reader refuses duplicate keys (naming both lines) and
bounds what a file can cost: aliases expand to at most ``MAX_NODES`` values, values nest
at most ``MAX_DEPTH`` levels, and a file holds at most ``MAX_BYTES``. When YAML reads a
name such as ``No`` as false, the error says so.

PyYAML is imported only when a file is read: puzzles built from JSON data (the in-page
engine) need nothing but the standard library. PyYAML is an optional extra
(``pip install "mexican-train-learn[content]"``); reading YAML without it raises a
:class:`~mtlearn.MtlearnError` that says so. ``read_file`` and ``read_bundled`` read a
file from disk and the files shipped with mtlearn.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from ..core.errors import MtlearnError

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "Reader",
    "ScenarioError",
    "deepest_line",
    "path_text",
    "read_bundled",
    "read_file",
    "short",
    "too_deep",
    "where_to_path",
]

T = TypeVar("T")


class ScenarioError(MtlearnError):
    """A scenario file that is malformed or does not replay; names file, line and field."""

    def __init__(self, source: str, line: int | None, where: str, problem: str) -> None:
        loc = source + (f", line {line}" if line else "")
        super().__init__(f"{loc}: {where}: {problem}" if where else f"{loc}: {problem}")
        self.source = source
        self.line = line
        self.where = where
        self.problem = problem


#: YAML aliases may repeat a value, but a file may not expand past this many values
#: (a few nested aliases would otherwise blow up to millions: the "billion laughs").
MAX_NODES = 10_000
#: How deeply lists and mappings may nest (a scenario needs about 6 levels).
MAX_DEPTH = 64
#: A scenario file larger than this is refused before it is parsed.
MAX_BYTES = 256 * 1024
#: Longest number (in digits) a scenario may write.
_MAX_DIGITS = 30
_INT_TAG = "tag:yaml.org,2002:int"
_BOOL_TAG = "tag:yaml.org,2002:bool"
#: Words that YAML 1.1 reads as true/false although a person meant text.
_BOOL_WORDS = {"yes", "no", "on", "off"}


#: What to install to read YAML files (PyYAML is the ``content`` extra).
NEEDS_YAML = ('reading scenario and puzzle files (YAML) needs PyYAML: '
              'pip install "mexican-train-learn[content]"')


def _yaml() -> Any:
    try:
        import yaml
    except ImportError:
        raise MtlearnError(NEEDS_YAML) from None
    return yaml


class _YamlProblem(Exception):
    def __init__(self, line: int | None, problem: str) -> None:
        super().__init__(problem)
        self.line = line
        self.problem = problem


_LOADER: Any = None


def _loader_class() -> Any:
    """A safe YAML loader that bounds alias expansion and nesting and refuses duplicate
    keys. It parses with libyaml when PyYAML has it (fast, and safe here because the
    nodes are composed in Python, where depth is bounded, not in C)."""
    global _LOADER
    if _LOADER is not None:
        return _LOADER
    yaml = _yaml()
    from yaml.composer import Composer
    from yaml.constructor import SafeConstructor
    from yaml.resolver import Resolver

    try:
        from yaml._yaml import CParser as Parser

        def start(loader: Any, stream: str) -> None:
            Parser.__init__(loader, stream)
    except ImportError:  # pragma: no cover - PyYAML without libyaml
        from yaml.parser import Parser
        from yaml.reader import Reader
        from yaml.scanner import Scanner

        class Parser(Reader, Scanner, Parser):  # type: ignore[no-redef]
            pass

        def start(loader: Any, stream: str) -> None:
            Reader.__init__(loader, stream)
            Scanner.__init__(loader)
            yaml.parser.Parser.__init__(loader)

    class Loader(Composer, Parser, SafeConstructor, Resolver):
        def __init__(self, stream: str) -> None:
            start(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            self.sizes: dict[int, int] = {}
            self.open_anchors: set[str] = set()
            self.depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            event = self.peek_event()
            if isinstance(event, yaml.AliasEvent):
                line = event.start_mark.line + 1
                if event.anchor in self.open_anchors:
                    raise _YamlProblem(line, f"the alias *{event.anchor} refers to a value "
                                       f"that contains it (a recursive alias)")
                node = super().compose_node(parent, index)
                if self.sizes.get(id(node), 1) > MAX_NODES:
                    raise _YamlProblem(line, self.too_big())
                return node
            anchor = getattr(event, "anchor", None)
            if anchor is not None:
                self.open_anchors.add(anchor)
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _YamlProblem(event.start_mark.line + 1, f"values nested more than "
                                   f"{MAX_DEPTH} levels deep")
            try:
                node = super().compose_node(parent, index)
            finally:
                self.depth -= 1
                if anchor is not None:
                    self.open_anchors.discard(anchor)
            line = node.start_mark.line + 1
            size = 1
            if isinstance(node, yaml.MappingNode):
                seen: dict[tuple[str, str], int] = {}
                for k, v in node.value:
                    size += self.sizes.get(id(k), 1) + self.sizes.get(id(v), 1)
                    if isinstance(k, yaml.ScalarNode) and k.value != "<<":
                        kl = k.start_mark.line + 1
                        first = seen.get((k.tag, k.value))
                        if first is not None:
                            both = (f"lines {first} and {kl}" if first != kl
                                    else f"twice on line {kl}")
                            raise _YamlProblem(kl, f"the key {short(k.value)} appears twice in "
                                               f"one mapping ({both}): keep one of them")
                        seen[(k.tag, k.value)] = kl
            elif isinstance(node, yaml.SequenceNode):
                for v in node.value:
                    size += self.sizes.get(id(v), 1)
            elif node.tag == _INT_TAG and len(node.value) > _MAX_DIGITS:
                raise _YamlProblem(line, f"a number of {len(node.value)} digits is too long "
                                   f"to mean anything here")
            if size > MAX_NODES:
                raise _YamlProblem(line, self.too_big())
            self.sizes[id(node)] = size
            return node

        @staticmethod
        def too_big() -> str:
            return (f"the aliases in this file expand to more than {MAX_NODES:,} values; "
                    f"write the values out instead of nesting aliases")

    _LOADER = Loader
    return Loader


_BLOCK_SCALAR = re.compile(r"[|>][-+0-9]*\s*(?:#.*)?$")


def _skip_quoted(text: str, i: int) -> int:
    """The index just past the quoted scalar that starts at ``text[i]``, or -1 if it does
    not close in ``text``."""
    quote = text[i]
    i += 1
    while i < len(text):
        if quote == '"' and text[i] == "\\":
            i += 2
            continue
        if text[i] == quote:
            if quote == "'" and text[i + 1:i + 2] == "'":
                i += 2
                continue
            return i + 1
        i += 1
    return -1


def deepest_line(text: str, limit: int = MAX_DEPTH) -> int | None:
    """The first line on which ``text`` surely nests lists and mappings more than ``limit``
    levels deep, or None.

    A quick look at indentation, sequence dashes and flow brackets, taken before YAML reads
    the text, so that a file nested too deeply always gets mtlearn's sentence rather than
    whatever the YAML library says about its own, larger bound. The count is a lower bound
    (quoted text, comments and block scalars are skipped; a bracket counts only where a
    value starts), so it never refuses a file that the loader's exact check would accept;
    the loader still checks every file exactly.
    """
    indents: list[int] = []  # the columns of the open block levels
    flow = 0  # open flow brackets ([ or {), which may span lines
    scalar_indent: int | None = None  # inside a block scalar (| or >) deeper than this
    quoted = ""  # inside a multi-line quoted scalar that opened with this quote
    for number, line in enumerate(text.splitlines(), 1):
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        if scalar_indent is not None:
            if not body or indent > scalar_indent:
                continue
            scalar_indent = None
        i = 0
        if quoted:
            end = _skip_quoted(quoted + line, 0)
            if end < 0:
                continue
            quoted, i = "", end - 1
            if flow == 0:
                continue
        elif flow == 0:
            if not body or body.startswith("#"):
                continue
            while indents and indents[-1] >= indent:
                indents.pop()
            i = indent
            while line[i:i + 2] == "- " or line[i:] == "-":  # "- - x": a sequence a dash
                indents.append(i)
                i += 2
                while line[i:i + 1] == " ":
                    i += 1
            key = re.match(r"[^#'\"\[{]*?:(?: |$)", line[i:])  # a mapping's key: its value
            if key is not None:
                indents.append(i)
                i += key.end()
                while line[i:i + 1] == " ":
                    i += 1
            if len(indents) > limit:
                return number
            if line[i:i + 1] in ("'", '"'):
                quoted = line[i] if _skip_quoted(line, i) < 0 else ""
                continue
            if _BLOCK_SCALAR.match(line, i):
                scalar_indent = indent
                continue
            if line[i:i + 1] not in ("[", "{"):
                continue
        while i < len(line):  # flow context: every unquoted bracket counts
            c = line[i]
            if c in "'\"":
                end = _skip_quoted(line, i)
                if end < 0:
                    quoted = c
                    break
                i = end
                continue
            if c == "#" and (i == 0 or line[i - 1] in " \t"):
                break
            if c in "[{":
                flow += 1
                if len(indents) + flow > limit:
                    return number
            elif c in "]}":
                flow -= 1
                if flow <= 0:
                    flow = 0
                    break
            i += 1
    return None


def _yaml_error(text: str, e: Any) -> tuple[int | None, str]:
    """Line and sentence for a PyYAML error, with a hint for the usual mistakes."""
    mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
    line = mark.line + 1 if mark is not None else None
    problem = getattr(e, "problem", None) or str(e)
    problem = " ".join(str(problem).split())
    lines = text.splitlines()
    near = lines[line - 1] if line is not None and 0 < line <= len(lines) else ""
    if "\t" in near or "\\t" in problem:
        problem += "; indent with spaces, not a tab"
    return line, f"not valid YAML: {problem}"


def _lines(node: Any, path: tuple[Any, ...], out: dict[tuple[Any, ...], int],
           words: dict[tuple[Any, ...], str]) -> None:
    yaml = _yaml()
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            key = k.value if isinstance(k, yaml.ScalarNode) else str(k.start_mark.line)
            here = (*path, key)
            out[here] = k.start_mark.line + 1
            _lines(v, here, out, words)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _lines(v, (*path, i), out, words)
    elif (node.tag == _BOOL_TAG and not node.style
          and node.value.lower() in _BOOL_WORDS):
        words[path] = node.value


class Reader:
    """One YAML text, parsed safely: ``data`` and the line of every field.

    Raises :class:`ScenarioError` (naming ``source`` and the line) for a text that is too
    large, not YAML, or past the limits above. :meth:`fail` makes the error for a field
    found wrong afterwards, with its line and a hint where YAML read a word as true/false.
    """

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.lines: dict[tuple[Any, ...], int] = {}
        self.words: dict[tuple[Any, ...], str] = {}
        if len(text) > MAX_BYTES:
            raise _too_large(ScenarioError, source, len(text))
        deep = deepest_line(text)
        if deep is not None:  # before YAML reads it: PyYAML has bounds (and words) of its own
            raise ScenarioError(source, deep, "", f"not usable YAML: values nested more than "
                                f"{MAX_DEPTH} levels deep")
        yaml = _yaml()
        loader = _loader_class()(text)
        try:
            node = loader.get_single_node()
            self.data = loader.construct_document(node) if node is not None else None
        except _YamlProblem as e:
            raise ScenarioError(source, e.line, "", f"not usable YAML: {e.problem}") from None
        except yaml.YAMLError as e:
            line, problem = _yaml_error(text, e)
            raise ScenarioError(source, line, "", problem) from None
        finally:
            loader.dispose()
        if node is not None:
            _lines(node, (), self.lines, self.words)

    def line(self, path: tuple[Any, ...]) -> int | None:
        """The line of the field at ``path`` (or of its nearest parent that has one)."""
        while path and path not in self.lines:
            path = path[:-1]
        return self.lines.get(path)

    def hint(self, path: tuple[Any, ...]) -> str:
        """A hint when a yes/no/on/off word under ``path`` was read as true or false."""
        for p, word in self.words.items():
            if p[:len(path)] == path:
                value = "true" if word.lower() in ("yes", "on") else "false"
                return (f" ({path_text(p)}: YAML reads {word} as {value}; quote names "
                        f"like No/Yes/On, e.g. \"{word}\")")
        return ""

    def fail(self, path: tuple[Any, ...], problem: str) -> ScenarioError:
        """The error for the field at ``path``: file, line, field name and ``problem``."""
        return ScenarioError(self.source, self.line(path), path_text(path),
                             problem + self.hint(path))


def path_text(path: tuple[Any, ...]) -> str:
    """A field path as the errors write it: ``("steps", 0, "move")`` -> ``steps[0].move``."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def where_to_path(where: str) -> tuple[Any, ...]:
    """Turn an engine field name like ``hands[2][3]`` or ``trains['M'][0]`` into a path."""
    out: list[Any] = []
    for m in re.finditer(r"\[(\d+)\]|\['([^']*)'\]|([A-Za-z_]+)", where):
        if m.group(1) is not None:
            out.append(int(m.group(1)))
        elif m.group(2) is not None:
            out.append(m.group(2))
        else:
            out.append(m.group(3))
    return tuple(out)




def too_deep(value: Any, limit: int = MAX_DEPTH) -> tuple[Any, ...] | None:
    """The path of the first value nested more than ``limit`` lists or mappings deep, or
    None. Parsed YAML is bounded by the reader; data from JSON is checked with this
    (without recursion, so any depth is safe to look at)."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(value, ())]
    while stack:
        v, path = stack.pop()
        if isinstance(v, (dict, list)):
            if len(path) >= limit:
                return path
            items = v.items() if isinstance(v, dict) else enumerate(v)
            stack.extend((x, (*path, k if isinstance(k, (str, int)) else "?"))
                         for k, x in items)
    return None


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut short for a one-line message."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _too_large(error: type[ScenarioError], source: str, size: int) -> ScenarioError:
    return error(source, None, "", f"{size // 1024} KB is too large for a scenario file "
                 f"(the limit is {MAX_BYTES // 1024} KB)")


def read_file(path: str | Path, error: type[ScenarioError] = ScenarioError) -> str:
    """The text of the file at ``path``; raises ``error`` (a :class:`ScenarioError` class)
    naming the file when it cannot be read, is larger than :data:`MAX_BYTES` or is not
    UTF-8 text."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise _too_large(error, str(p), size)
        return p.read_text(encoding="utf-8")
    except OSError as e:
        raise error(str(p), None, "", f"cannot be read ({e.strerror})") from None
    except UnicodeDecodeError:
        raise error(str(p), None, "", "not a UTF-8 text file") from None


def read_bundled(folder: str, families: Iterable[str], read: Callable[[str, str], T],
                 cache: dict[str, T]) -> list[T]:
    """Every file ``mtlearn/<folder>/<family>/*.yaml`` shipped with mtlearn, family by
    family (in the order of ``families``) and by name, as ``read(text, source)`` makes
    it; each file is read once and kept in ``cache``."""
    root = resources.files("mtlearn") / folder
    out = []
    for family in families:
        fam = root / family
        if not fam.is_dir():
            continue
        for f in sorted((f for f in fam.iterdir() if f.name.endswith(".yaml")),
                        key=lambda f: f.name):
            key = f"{family}/{f.name}"
            if key not in cache:
                cache[key] = read(f.read_text(encoding="utf-8"), f"{folder}/{key}")
            out.append(cache[key])
    return out
