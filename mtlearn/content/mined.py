"""The mined puzzles shipped with mtlearn: one compact file, read fast, built on demand.

The puzzle factory (:mod:`mtlearn.content.mining`, ``mtlearn puzzles mine``) writes every puzzle it
keeps to ``mtlearn/puzzles/mined.jsonl.gz``: one JSON record a line, with the same fields
as a hand-written puzzle file (:mod:`mtlearn.content.puzzle_files`), an id like
``m-open-trains-3f2a9c01``, its ``themes`` and its starting ``rating``. Each line starts
with the fields the trainer chooses by (id, kind, family, level, themes, rating) in that
order, so :func:`mined_index` reads them with one regular expression a line and never
builds a game: the whole index of thousands of puzzles is read in a few tens of
milliseconds, in the page too (Pyodide). :func:`mined_puzzle` builds one puzzle
(:func:`~mtlearn.content.puzzle_files.from_data`) when it is asked for; :func:`mined`
builds them all. Everything is read once and kept.

A puzzle's rating is the one its line gives, unless the ratings learned from classes
(``mtlearn/puzzles/ratings.json``, :func:`~mtlearn.content.puzzle_rates.overrides`) hold
one for it: the index and the built puzzle then carry that one
(``mined_index(rated=False)`` gives the lines' own).

Standard library only: this runs in the in-page engine unchanged.
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from .puzzle_files import from_data
from .puzzle_rates import overrides
from .puzzle_record import Puzzle, PuzzleError

__all__ = ["MINED_FILE", "MinedEntry", "index_line", "mined", "mined_index", "mined_puzzle",
           "read_lines", "record_line"]

#: The shipped file, inside the package.
MINED_FILE = "puzzles/mined.jsonl.gz"

#: The fields every line opens with, in this order (what :func:`mined_index` reads).
INDEX_FIELDS = ("id", "kind", "family", "level", "themes", "rating")

_HEAD = re.compile(r'\{"id": ?"([a-z0-9-]+)", ?"kind": ?"([a-z-]+)", ?"family": ?"([a-z]+)", ?'
                   r'"level": ?(\d), ?"themes": ?\[((?:"[A-Za-z0-9-]+",? ?)*)\], ?'
                   r'"rating": ?(\d+),')
_THEME = re.compile(r'"([A-Za-z0-9-]+)"')


@dataclass(frozen=True)
class MinedEntry:
    """One line of the index: what the trainer chooses a puzzle by."""

    id: str
    kind: str
    family: str
    themes: tuple[str, ...]
    rating: int
    level: int


def record_line(record: dict[str, Any]) -> str:
    """One puzzle record as a line of the mined file: the index fields first, in
    :data:`INDEX_FIELDS` order, then the rest; compact, ASCII, no newline inside."""
    missing = [k for k in INDEX_FIELDS if k not in record]
    if missing:
        raise ValueError(f"a mined record needs {', '.join(missing)}")
    ordered = {k: record[k] for k in INDEX_FIELDS}
    ordered.update((k, v) for k, v in record.items() if k not in ordered)
    return json.dumps(ordered, ensure_ascii=True, separators=(",", ":"))


def index_line(line: str, where: str = MINED_FILE) -> MinedEntry:
    """The index entry of one line (a regular expression; JSON only if it fails)."""
    m = _HEAD.match(line)
    if m is not None:
        return _entry(m)
    try:
        d = json.loads(line)
        return MinedEntry(str(d["id"]), str(d["kind"]), str(d["family"]),
                          tuple(str(t) for t in d.get("themes") or ()),
                          int(d["rating"]), int(d["level"]))
    except (ValueError, KeyError, TypeError) as e:
        raise PuzzleError(where, None, "record", f"not a mined puzzle record: {e}") from None


def _entry(m: re.Match[str]) -> MinedEntry:
    pid, kind, family, level, themes, rating = m.groups()
    return MinedEntry(pid, kind, family, tuple(_THEME.findall(themes)), int(rating),
                      int(level))


def read_lines(data: bytes, where: str = MINED_FILE) -> list[str]:
    """The lines of a mined file's bytes (gzip-compressed or plain), blank ones dropped."""
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as e:
            raise PuzzleError(where, None, "file", f"not a readable gzip file: {e}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise PuzzleError(where, None, "file", f"not UTF-8 text: {e}") from None
    return [ln for ln in text.split("\n") if ln and not ln.isspace()]


# ---------------------------------------------------------------------- the shipped set
_LINES: list[str] = []
_INDEX: list[MinedEntry] = []
_ROW: dict[str, int] = {}
_BUILT: dict[str, Puzzle] = {}
_RERATED: dict[str, Puzzle] = {}  # built puzzles with their learned rating


def _load() -> None:
    if _INDEX or _LINES:
        return
    f = resources.files("mtlearn") / MINED_FILE
    if not f.is_file():
        return
    lines = read_lines(f.read_bytes())
    match = _HEAD.match
    index = []
    for i, ln in enumerate(lines):
        m = match(ln)
        index.append(_entry(m) if m is not None else
                     index_line(ln, f"{MINED_FILE}:{i + 1}"))
    _ROW.update((e.id, i) for i, e in enumerate(index))
    _LINES[:] = lines
    _INDEX[:] = index


def mined_index(*, rated: bool = True) -> list[MinedEntry]:
    """Every shipped mined puzzle's index entry, in file order (read once, cached); with
    ``rated`` (the default) a puzzle's learned rating replaces the shipped one."""
    _load()
    learned = overrides() if rated else {}
    if not learned:
        return list(_INDEX)
    return [replace(e, rating=learned[e.id].rating) if e.id in learned else e
            for e in _INDEX]


def mined_puzzle(puzzle_id: str) -> Puzzle:
    """The shipped mined puzzle with this id, built (once) from its record; with its
    learned rating if it has one (a copy, made once)."""
    _load()
    row = _ROW.get(puzzle_id)
    if row is None:
        raise KeyError(f"no mined puzzle {puzzle_id!r}")
    p = _BUILT.get(puzzle_id)
    if p is None:
        source = f"{MINED_FILE}:{row + 1}"
        try:
            data = json.loads(_LINES[row])
        except ValueError as e:
            raise PuzzleError(source, None, "record", f"not JSON: {e}") from None
        p = _BUILT[puzzle_id] = from_data(data, source)
    learned = overrides().get(puzzle_id)
    if learned is None or learned.rating == p.rating:
        return p
    q = _RERATED.get(puzzle_id)
    if q is None or q.rating != learned.rating:  # a copy: the built puzzle keeps its own
        q = _RERATED[puzzle_id] = replace(p, rating=learned.rating)
    return q


def mined() -> list[Puzzle]:
    """Every shipped mined puzzle, built (once each), in file order."""
    return [mined_puzzle(e.id) for e in mined_index()]
