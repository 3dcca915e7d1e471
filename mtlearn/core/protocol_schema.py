"""The protocol's types (:mod:`mtlearn.core.protocol`) written out for other readers: a
JSON Schema, TypeScript declarations for the front end's type check, and the view
format in words.

``python -m mtlearn.core.protocol_schema`` writes ``mtlearn/static/protocol.schema.json``
and ``mtlearn/static/js/protocol.d.ts`` (``--check`` only compares; ``tests/
test_protocol.py`` does that too). Only the forms the protocol uses are read:
``str``, ``int``, ``float``, ``bool``, ``None``, ``Any``, ``Literal``, unions,
``list[X]``, ``dict[str, X]`` and TypedDicts (their required and optional keys).
Standard library only.
"""

from __future__ import annotations

import inspect
import json
import sys
import types
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from . import protocol, protocol_class, protocol_requests, protocol_trainer

#: Every named type of the protocol: the engine's and the class server's clients'.
EXPORTS: dict[str, Any] = {**protocol.EXPORTS, **protocol_trainer.EXPORTS,
                           **protocol_class.EXPORTS, **protocol_requests.EXPORTS}

__all__ = ["NOTE_PATH", "SCHEMA_PATH", "TS_PATH", "json_schema", "typed_dicts", "typescript",
           "view_format"]

STATIC = Path(__file__).resolve().parents[1] / "static"
SCHEMA_PATH = STATIC / "protocol.schema.json"
TS_PATH = STATIC / "js" / "protocol.d.ts"
#: the view format in words (in a checkout only: devnotes/ does not ship)
NOTE_PATH = Path(__file__).resolve().parents[2] / "devnotes" / "VIEW_FORMAT.md"
_HEAD = "generated from mtlearn/core/protocol.py by mtlearn.core.protocol_schema: do not edit"


def _is_typed_dict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__required_keys__")


def _members(tp: Any) -> tuple[Any, ...] | None:
    """The members of a union (``X | Y`` or ``Union[X, Y]``), else None."""
    if get_origin(tp) is Union or isinstance(tp, types.UnionType):
        return get_args(tp)
    return None


def typed_dicts() -> dict[str, Any]:
    """Every TypedDict the exported types use, by name, in the order first met."""
    found: dict[str, Any] = {}

    def walk(tp: Any) -> None:
        if _is_typed_dict(tp):
            if tp.__name__ in found:
                return
            found[tp.__name__] = tp
            for hint in get_type_hints(tp).values():
                walk(hint)
            return
        for arg in get_args(tp):
            walk(arg)

    for tp in EXPORTS.values():
        walk(tp)
    return found


def _doc(tp: Any) -> str:
    doc = tp.__doc__ or ""
    if not doc or doc.startswith(tp.__name__ + "("):   # TypedDict's own placeholder
        return ""
    return inspect.cleandoc(doc)


# ---------------------------------------------------------------------- JSON Schema
def _schema(tp: Any) -> dict[str, Any]:
    if tp is Any:
        return {}
    if tp is None or tp is type(None):
        return {"type": "null"}
    simple = {str: "string", int: "integer", float: "number", bool: "boolean"}
    if tp in simple:
        return {"type": simple[tp]}
    if _is_typed_dict(tp):
        return {"$ref": f"#/$defs/{tp.__name__}"}
    members = _members(tp)
    if members is not None:
        return {"anyOf": [_schema(m) for m in members]}
    origin, args = get_origin(tp), get_args(tp)
    if origin is Literal:
        return {"const": args[0]} if len(args) == 1 else {"enum": list(args)}
    if origin is list:
        return {"type": "array", "items": _schema(args[0])}
    if origin is dict and args[0] is str:
        return {"type": "object", "additionalProperties": _schema(args[1])}
    raise TypeError(f"the protocol schema cannot write {tp!r}")


def _object(td: Any) -> dict[str, Any]:
    hints = get_type_hints(td)
    out: dict[str, Any] = {"type": "object"}
    doc = _doc(td)
    if doc:
        out["description"] = doc
    out["properties"] = {k: _schema(v) for k, v in hints.items()}
    out["required"] = [k for k in hints if k in td.__required_keys__]
    out["additionalProperties"] = False
    return out


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every message of the protocol: ``$defs`` holds
    each TypedDict and each exported union, by name."""
    defs: dict[str, Any] = {name: _object(td) for name, td in typed_dicts().items()}
    for name, tp in EXPORTS.items():
        if name not in defs:
            defs[name] = _schema(tp)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://mtlearn.invalid/protocol.schema.json",
            "title": "mtlearn protocol", "description": _HEAD,
            "anyOf": [{"$ref": f"#/$defs/{n}"} for n in EXPORTS], "$defs": defs}


def schema_text() -> str:
    """The schema file's text."""
    return json.dumps(json_schema(), indent=1, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------- TypeScript
def _ts(tp: Any) -> str:
    if tp is Any:
        return "unknown"
    if tp is None or tp is type(None):
        return "null"
    simple = {str: "string", int: "number", float: "number", bool: "boolean"}
    if tp in simple:
        return simple[tp]
    if _is_typed_dict(tp):
        return str(tp.__name__)
    members = _members(tp)
    if members is not None:
        return " | ".join(_ts(m) for m in members)
    origin, args = get_origin(tp), get_args(tp)
    if origin is Literal:
        return " | ".join(json.dumps(a) for a in args)
    if origin is list:
        inner = _ts(args[0])
        return f"({inner})[]" if "|" in inner else f"{inner}[]"
    if origin is dict and args[0] is str:
        return f"Record<string, {_ts(args[1])}>"
    raise TypeError(f"the protocol's TypeScript cannot write {tp!r}")


def _comment(doc: str, indent: str = "") -> list[str]:
    if not doc:
        return []
    return [f"{indent}/**", *(f"{indent} * {line}".rstrip() for line in doc.splitlines()),
            f"{indent} */"]


def typescript() -> str:
    """TypeScript declarations of the protocol (``protocol.d.ts``), for the front end's
    JSDoc types: ``/** @typedef {import("./protocol").View} View */``."""
    lines = [f"// {_HEAD}", ""]
    for name, td in typed_dicts().items():
        hints = get_type_hints(td)
        lines += _comment(_doc(td))
        lines.append(f"export interface {name} {{")
        for key, hint in hints.items():
            opt = "" if key in td.__required_keys__ else "?"
            lines.append(f"  {key}{opt}: {_ts(hint)};")
        lines += ["}", ""]
    for name, tp in EXPORTS.items():
        if not _is_typed_dict(tp):
            lines += [f"export type {name} = {_ts(tp)};", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------- in words
def view_format() -> str:
    """``devnotes/VIEW_FORMAT.md``: every type of the protocol, its keys and its words."""
    head = inspect.cleandoc(protocol.__doc__ or "").split("\n\n")
    lines = [f"<!-- {_HEAD} -->", "", "# The protocol: views, intents, messages (version "
             f"{protocol.VIEW_VERSION})", "", *("\n\n".join(head[:-1]).splitlines()), "",
             "The JSON Schema is `mtlearn/static/protocol.schema.json`, the TypeScript types "
             "`mtlearn/static/js/protocol.d.ts`; `tests/test_protocol.py` validates every "
             "bundled scenario frame, puzzle and message kind against the schema.", "",
             "## Unions", ""]
    for name, tp in EXPORTS.items():
        if not _is_typed_dict(tp):
            lines.append(f"- `{name}` = `{_ts(tp)}`")
    lines.append("")
    for name, td in typed_dicts().items():
        lines += [f"## {name}", ""]
        doc = _doc(td)
        if doc:
            lines += [doc, ""]
        lines += ["| key | type | |", "|---|---|---|"]
        for key, hint in get_type_hints(td).items():
            opt = "" if key in td.__required_keys__ else "optional"
            written = _ts(hint).replace("|", "\\|")
            lines.append(f"| `{key}` | `{written}` | {opt} |")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Write (or with ``--check`` compare) the schema, the TypeScript types and the note."""
    files = {SCHEMA_PATH: schema_text(), TS_PATH: typescript()}
    if NOTE_PATH.parent.is_dir():
        files[NOTE_PATH] = view_format()
    stale = [p for p, text in files.items()
             if not p.exists() or p.read_text(encoding="utf-8") != text]
    if "--check" in argv:
        for p in stale:
            print(f"{p} is out of date: run ./dev regen",
                  file=sys.stderr)
        return 1 if stale else 0
    for p in stale:
        p.write_text(files[p], encoding="utf-8")
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
