"""Typed readers for the fields of hand-written files (puzzles and scenarios).

A puzzle or scenario file is YAML or JSON written by a person, so any field may hold a
value of the wrong type: ``"false"`` (a text, which Python reads as true), ``1.5``,
``.inf``, ``.nan``, ``true`` where a number belongs, a list where a word belongs. Each
reader here takes the value and its path in the file, returns the value with its type
made sure of, or raises the file's own error through ``fail(path, problem)`` with a
one-line reason. The readers are the one place these checks live:

* :meth:`Fields.whole`: a whole number in a range (``True`` is not a number; NaN,
  infinity and ``1.5`` are refused);
* :meth:`Fields.boolean`: ``true`` or ``false`` only;
* :meth:`Fields.text`, :meth:`Fields.texts`: a non-empty text, a list of them;
* :meth:`Fields.choice`: one word of a fixed set;
* :meth:`Fields.rule_id`, :meth:`Fields.rule_ids`: ids of the rules reference, with the
  nearest existing ids suggested for one that does not exist.

Nothing here needs more than the standard library (the in-page engine reads puzzles from
JSON without PyYAML).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from ..core.ruleids import RULES, looks_like_rule_id
from ..core.words import plural

__all__ = ["Fail", "Fields", "plain_dashes", "plural", "short", "unknown_rule"]

#: Makes the file's own error for the field at a path: ``fail(("goal", "plays"), "…")``.
Fail = Callable[[tuple[Any, ...], str], Exception]

def short(value: Any, limit: int = 40) -> str:
    """``repr(value)``, cut short for a one-line message (YAML words written plainly)."""
    if value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, float) and math.isnan(value):
        text = ".nan"
    elif isinstance(value, float) and math.isinf(value):
        text = ".inf" if value > 0 else "-.inf"
    else:
        text = repr(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


_DASH_LIKE = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-"})


def plain_dashes(text: str) -> str:
    """``text`` with the en dash, em dash and minus sign that word processors put in
    place of a hyphen turned back into hyphens (``"6–2@1"`` -> ``"6-2@1"``), for moves
    and tiles a teacher writes in a file."""
    return text.translate(_DASH_LIKE)


def _is(value: Any) -> str:
    """What a value is, in a teacher's words: ``the text '2'``, ``1.5``, ``infinity (.inf)``."""
    if isinstance(value, float) and math.isnan(value):
        return "NaN (.nan)"
    if isinstance(value, float) and math.isinf(value):
        return "infinity (" + short(value) + ")"
    if isinstance(value, (bool, int, float)):
        return short(value)
    if value is None:
        return "empty (null)"
    kinds: dict[type, str] = {str: "the text", list: "a list", dict: "a mapping"}
    kind = kinds.get(type(value), type(value).__name__)
    return f"{kind} {short(value)}"


def unknown_rule(rid: str) -> str:
    """Why ``rid`` is refused, naming the nearest ids of the rules reference (at most a
    few: the ids of its family when it has one, else the closest spellings)."""
    family = rid.rsplit("-", 1)[0]
    same = [k for k in RULES if k.rsplit("-", 1)[0] == family]
    if same and len(same) <= 8:
        known = f"the rules reference has {', '.join(same)}"
    else:
        import difflib  # an error's suggestions only: not at import

        near = difflib.get_close_matches(rid, list(RULES), n=4, cutoff=0.5)
        known = (f"the nearest ids are {', '.join(near)}" if near
                 else "see the rules reference for the ids")
    return f"{rid} is not a rule of the rules reference ({known})"


class Fields:
    """Typed readers raising ``fail(path, problem)`` for a value of the wrong type."""

    def __init__(self, fail: Fail) -> None:
        self.fail = fail

    def whole(self, value: Any, path: tuple[Any, ...], lo: int, hi: int | None = None,
              what: str = "") -> int:
        """A whole number from ``lo`` to ``hi`` (no upper bound if ``hi`` is None)."""
        if hi is None:
            rng = f"a whole number, {lo} or more"
        else:
            rng = f"a whole number from {lo} to {hi}"
        if what:
            rng += f" ({what})"
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, f"must be {rng}, not {_is(value)}")
        if value < lo or (hi is not None and value > hi):
            raise self.fail(path, f"must be {rng}, not {short(value)}")
        return value

    def boolean(self, value: Any, path: tuple[Any, ...]) -> bool:
        """``true`` or ``false`` (not the text ``"false"``, not 0 or 1)."""
        if not isinstance(value, bool):
            hint = " (write it without quotes)" if isinstance(value, str) and \
                value.strip().lower() in ("true", "false") else ""
            raise self.fail(path, f"must be true or false, not {_is(value)}{hint}")
        return value

    def text(self, value: Any, path: tuple[Any, ...]) -> str:
        """A non-empty text, stripped of surrounding spaces."""
        if not isinstance(value, str) or not value.strip():
            raise self.fail(path, "must be a non-empty text" + (
                "" if isinstance(value, str) else f", not {_is(value)}"))
        return value.strip()

    def texts(self, value: Any, path: tuple[Any, ...], at_least: int = 0,
              what: str = "texts") -> list[str]:
        """A list of non-empty texts (at least ``at_least`` of them)."""
        if not isinstance(value, list):
            raise self.fail(path, f"must be a list of {what}, not {_is(value)}")
        if len(value) < at_least:
            raise self.fail(path, f"must list at least {plural(at_least, 'item')} "
                            f"({what})")
        return [self.text(v, (*path, i)) for i, v in enumerate(value)]

    def move(self, value: Any, path: tuple[Any, ...]) -> str:
        """A move as a teacher writes it (``6-2@1``, ``draw``); en and em dashes are read
        as the hyphen."""
        if not isinstance(value, str) or not value.strip():
            raise self.fail(path, f"must be a move like '12-5@M', 'draw' or 'pass', not "
                            f"{_is(value)}")
        return plain_dashes(value.strip())

    def choice(self, value: Any, path: tuple[Any, ...], options: Iterable[str],
               verb: str = "one of") -> str:
        """One word of ``options``."""
        opts = sorted(options)
        if not isinstance(value, str) or value not in opts:
            raise self.fail(path, f"{short(value)} is not {verb} " + ", ".join(opts))
        return value

    def rule_id(self, value: Any, path: tuple[Any, ...]) -> str:
        """An id of the rules reference, like ``R-MARK-1``."""
        if not isinstance(value, str) or not looks_like_rule_id(value):
            raise self.fail(path, f"{short(value)} is not a rule id like R-MARK-1")
        rid = value.strip()
        if rid not in RULES:
            raise self.fail(path, unknown_rule(rid))
        return rid

    def rule_ids(self, value: Any, path: tuple[Any, ...], example: str) -> list[str]:
        """A non-empty list of rule ids."""
        if not isinstance(value, list) or not value:
            raise self.fail(path, f"list the rule ids it teaches, e.g. [{example}]")
        return [self.rule_id(v, (*path, i)) for i, v in enumerate(value)]
