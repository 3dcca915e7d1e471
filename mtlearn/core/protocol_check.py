"""Checking what a page sent against the protocol's own types, once, where it enters Python.

The intents a board, a puzzle or the trainer sends are ``TypedDict`` unions in
:mod:`mtlearn.core.protocol` (the same types the JSON Schema and ``protocol.d.ts`` are
written from). :func:`check_intent` reads an intent against such a union before a session
acts on it: the ``action`` picks the member (an unknown one is refused with the list of
known ones), then every field is checked: required fields present, no field the type does
not name, each value of its declared type (``Literal``, ``str``, ``int`` but not ``bool``,
``float``, lists, mappings, nested types, unions). The first problem raises
:class:`~mtlearn.core.errors.SessionError` naming the field, so every host refuses a
malformed intent in the same words and nothing changes. Ranges and formats (a move's
notation, how many players) stay with the session that knows them. Standard library only.
"""

from __future__ import annotations

import functools
import types
import typing
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from .errors import SessionError
from .notation import quote

__all__ = ["actions_of", "check_intent", "check_value"]


def _members(tp: Any) -> tuple[Any, ...]:
    """The members of a union type (the type itself if it is not one)."""
    if get_origin(tp) in (Union, types.UnionType):
        return get_args(tp)
    return (tp,)


def _is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and typing.is_typeddict(tp)


@functools.cache
def _hints(td: Any) -> dict[str, Any]:
    """A TypedDict's field types, resolved once (every intent a session takes reads them)."""
    return get_type_hints(td)


def actions_of(intent_type: Any) -> list[str]:
    """The actions a union of intent types accepts, in the order the types name them."""
    out: list[str] = []
    for member in _members(intent_type):
        for a in get_args(_hints(member).get("action", Literal[()])):
            if a not in out:
                out.append(a)
    return out


def check_intent(intent: Any, intent_type: Any) -> None:
    """Refuse ``intent`` unless it is one of ``intent_type``'s members (SessionError naming
    the field at fault)."""
    if not isinstance(intent, dict):
        raise SessionError(f"not an intent: {quote(intent)} (expected an object with an "
                           "\"action\")")
    action = intent.get("action")
    for member in _members(intent_type):
        if action in get_args(_hints(member)["action"]):
            check_value(intent, member, str(action))
            return
    raise SessionError(f"unknown action {quote(action)}: use one of "
                       f"{', '.join(actions_of(intent_type))}")


def check_value(value: Any, tp: Any, where: str) -> None:
    """Refuse ``value`` unless it is of type ``tp`` (SessionError naming ``where``)."""
    problem = _problem(value, tp, where)
    if problem is not None:
        raise SessionError(problem)


def _problem(value: Any, tp: Any, where: str) -> str | None:
    """What is wrong with ``value`` as a ``tp``, in one line naming the field; None if
    nothing is."""
    if tp is Any:
        return None
    if _is_typeddict(tp):
        if not isinstance(value, dict):
            return f"{where}: expected an object, not {quote(value)}"
        hints = _hints(tp)
        for key in value:
            if key not in hints:
                known = ", ".join(hints)
                return f"{where}: unknown field {quote(key)} (known: {known})"
        for key in sorted(tp.__required_keys__):
            if key not in value:
                return f"{where}: the field {key!r} is missing"
        for key, item in value.items():
            problem = _problem(item, hints[key], f"{where}.{key}")
            if problem is not None:
                return problem
        return None
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        members = get_args(tp)
        problems = [_problem(value, m, where) for m in members]
        if any(p is None for p in problems):
            return None
        if all(m in _WORDS for m in members):
            return f"{where}: expected {_names(members)}, not {quote(value)}"
        return problems[0]
    if origin is Literal:
        if any(value == a and type(value) is type(a) for a in get_args(tp)):
            return None
        return f"{where}: {quote(value)} is not one of {', '.join(map(repr, get_args(tp)))}"
    if origin is list:
        if not isinstance(value, list):
            return f"{where}: expected a list, not {quote(value)}"
        (item_type,) = get_args(tp) or (Any,)
        for i, item in enumerate(value):
            problem = _problem(item, item_type, f"{where}[{i}]")
            if problem is not None:
                return problem
        return None
    if origin is dict:
        if not isinstance(value, dict):
            return f"{where}: expected an object, not {quote(value)}"
        _, item_type = get_args(tp) or (str, Any)
        for key, item in value.items():
            problem = _problem(item, item_type, f"{where}.{key}")
            if problem is not None:
                return problem
        return None
    if tp is type(None) or tp is None:
        return None if value is None else f"{where}: expected null, not {quote(value)}"
    if tp is bool:
        ok = isinstance(value, bool)
    elif tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif tp is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif tp is str:
        ok = isinstance(value, str)
    else:
        raise TypeError(f"check_value cannot check the type {tp!r}")
    return None if ok else f"{where}: expected {_names((tp,))}, not {quote(value)}"


#: The simple types in words.
_WORDS: dict[Any, str] = {bool: "true or false", int: "a whole number", float: "a number",
                          str: "text", type(None): "null"}


def _names(tps: tuple[Any, ...]) -> str:
    return " or ".join(_WORDS.get(t, getattr(t, "__name__", repr(t))) for t in tps)
