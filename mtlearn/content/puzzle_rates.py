"""Puzzle ratings that learn from classes (issue 38): ``mtlearn puzzles rate`` and the
ratings file the trainer's pool reads on top of the shipped ratings.

**Where the ratings come from.** Every puzzle ships with a starting rating (its YAML file,
or its line of the mined set). In a class (``mtlearn class``), every trainer attempt also
rates the puzzle *for the class*, with Glicko-2: one rating per puzzle, shared by the
whole class, starting from the pool's rating and deviation
(:mod:`mtlearn.hosts.classroom.class_ratings`). The class's results CSV (``/results.csv``,
the results page's *Download the CSV*) carries them as its last part, under the header
:data:`EXPORT_HEADER`: one line per puzzle answered in the class, with the rating and
deviation it started from, the class rating and deviation now, the attempts, the clean
solves, and the class's random id.

**Folding them in** (``mtlearn puzzles rate RESULTS… [--out FILE] [--dry-run]``). The
class ratings are combined with the shipped rating by precision (1 / deviation²). Each
class's rating is a posterior that already holds the rating it started from; so what a
class adds is its *evidence*: the precision it gained, ``1/rd² − 1/start_rd²`` (never
below 0), and its move, ``rating − start``, weighed by its precision ``1/rd²``. For one
puzzle, with the shipped rating ``r0`` at deviation ``rd0`` (:data:`BASE_RD`, the trainer's
starting deviation) and classes ``i``::

    P      = 1/rd0² + Σ max(0, 1/rd_i² − 1/start_rd_i²)
    rating = (r0/rd0² + Σ [max(0, 1/rd_i² − 1/start_rd_i²) · start_i
                           + (rating_i − start_i)/rd_i²]) / P
    rd     = 1/√P        (at least MIN_RD)

When every class started from ``r0`` this is ``r0 + Σ (rating_i − r0)/rd_i² / P``: each
class's move, weighed by how sure the class is, shared out over all the evidence. It is
what one Glicko-2 rating period holding every class's attempts would give (to the
first order), without counting the shipped rating once per class. The rating is then
kept within :data:`~mtlearn.content.puzzle_record.MIN_RATING` ..
:data:`~mtlearn.content.puzzle_record.MAX_RATING`.

**The ratings file** (``mtlearn/puzzles/ratings.json`` by default, JSON, UTF-8)::

    {"format": "mtlearn-puzzle-ratings", "version": 1, "about": "...",
     "ratings": {"<puzzle id>": {"rating": 1432, "rd": 187.3, "attempts": 12}, ...},
     "classes": {"<class id>": {"file": "class-results.csv", "folded": "2025-03-01",
                                "puzzles": {"<puzzle id>": [start, start_rd, rating, rd,
                                                            attempts, solved], ...}}}}

``ratings`` is what the pools read (:func:`overrides`: the mined index,
:func:`~mtlearn.content.mined.mined_index`, and the hand-written puzzles,
:func:`~mtlearn.content.puzzles.bundled`); ``classes`` keeps each class's evidence, so
that folding again is safe: the ratings are worked out anew from the shipped ratings and
every class kept, and an export of a class already folded replaces the earlier one (the
export with more attempts is kept: a later download of the same class). A ratings file
that is missing is no overrides; one that cannot be read is left out with a warning.

Standard library only (the in-page engine reads the ratings file too).
"""

from __future__ import annotations

import argparse
import csv
import functools
import io
import json
import math
import re
import sys
import time
import warnings
from collections.abc import Collection
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.files import write_atomic
from ..core.words import one_line
from .puzzle_record import MAX_RATING, MIN_RATING

__all__ = ["BASE_RD", "DEFAULT_OUT", "EXPORT_HEADER", "FORMAT", "MIN_RD", "RATINGS_FILE",
           "ClassEvidence", "Override", "RateError", "add_rate_parser", "fold", "overrides",
           "rate_command", "read_export", "read_ratings_file", "shipped_ratings"]

#: The ratings file inside the package (what the pools read).
RATINGS_FILE = "puzzles/ratings.json"
#: Where ``mtlearn puzzles rate`` writes by default: the shipped ratings file.
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "puzzles" / "ratings.json"
FORMAT, VERSION = "mtlearn-puzzle-ratings", 1
#: The deviation of a shipped rating: the trainer's starting deviation for a puzzle
#: (``PUZZLE_RD`` of :mod:`mtlearn.trainer.trainer`; a test keeps the two equal).
BASE_RD = 250.0
#: The deviation never falls below this (Glicko-2's floor in the trainer), nor a class's
#: rises above MAX_RD.
MIN_RD, MAX_RD = 30.0, 350.0
#: The header of the puzzle ratings' part of a class's results CSV.
EXPORT_HEADER = ("puzzle", "title", "class rating", "deviation", "volatility",
                 "start rating", "start deviation", "attempts", "solved", "class")
_CLASS_ID = re.compile(r"^[0-9a-f]{16}$")
_PID = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}$")
#: The sanity range of a rating read from a file (Glicko-2 never strays this far).
_RATINGS = (-1000.0, 6000.0)


class RateError(ValueError):
    """A results or ratings file that cannot be used: one line naming the file."""


@dataclass(frozen=True)
class Override:
    """A puzzle's learned rating: what the pools use instead of the shipped one."""

    rating: int
    rd: float
    attempts: int


@dataclass(frozen=True)
class ClassEvidence:
    """One class's rating of one puzzle: where it started, where it is, how many tries."""

    start: float
    start_rd: float
    rating: float
    rd: float
    attempts: int
    solved: int

    def to_list(self) -> list[float | int]:
        """``[start, start_rd, rating, rd, attempts, solved]`` (the ratings file's form)."""
        return [round(self.start, 2), round(self.start_rd, 2), round(self.rating, 2),
                round(self.rd, 2), self.attempts, self.solved]


#: One class's evidence, by puzzle id.
Evidence = dict[str, ClassEvidence]


# ---------------------------------------------------------------------- the pools' side
def ratings_source() -> Any:
    """The ratings file the pools read (inside the package; a Traversable)."""
    return resources.files("mtlearn") / RATINGS_FILE


def _number(value: Any, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not math.isfinite(value) or not low <= value <= high:
        raise ValueError(f"{what} is a number from {low:g} to {high:g}, not "
                         f"{one_line(repr(value), 40)}")
    return float(value)


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} is a whole number of 0 or more, not "
                         f"{one_line(repr(value), 40)}")
    return value


def _ratings_map(data: Any) -> dict[str, Override]:
    """The ``ratings`` map of a ratings file, checked (ValueError saying what is wrong)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f'not a puzzle ratings file (its "format" is not "{FORMAT}")')
    if data.get("version") != VERSION:
        raise ValueError(f"version {one_line(repr(data.get('version')), 20)} is not one "
                         f"this mtlearn reads ({VERSION})")
    ratings = data.get("ratings")
    if not isinstance(ratings, dict):
        raise ValueError('"ratings" is not an object')
    out = {}
    for pid, rec in ratings.items():
        if not isinstance(rec, dict):
            raise ValueError(f"ratings[{pid!r}] is not an object")
        rating = _number(rec.get("rating"), f"ratings[{pid!r}].rating", MIN_RATING,
                         MAX_RATING)
        rd = _number(rec.get("rd"), f"ratings[{pid!r}].rd", MIN_RD, MAX_RD)
        out[str(pid)] = Override(round(rating), rd, _count(rec.get("attempts"),
                                                             f"ratings[{pid!r}].attempts"))
    return out


@functools.cache
def overrides() -> dict[str, Override]:
    """The learned ratings shipped with mtlearn (``mtlearn/puzzles/ratings.json``), by
    puzzle id; empty when there is no such file. A file that cannot be read is left out
    with a warning (the shipped ratings are used). Read once; ``overrides.cache_clear()``
    reads it again."""
    src = ratings_source()
    try:
        if not src.is_file():
            return {}
        return _ratings_map(json.loads(src.read_text(encoding="utf-8")))
    except (OSError, ValueError) as e:
        warnings.warn(f"{RATINGS_FILE}: left out, the shipped ratings are used: "
                      f"{one_line(str(e), 200)}", stacklevel=2)
        return {}


# ---------------------------------------------------------------------- reading the files
def shipped_ratings() -> dict[str, int]:
    """Every shipped puzzle's starting rating, by id: the hand-written ones and the mined
    ones, as their files give them (no learned rating)."""
    from .mined import mined_index
    from .puzzle_files import bundled

    out = {e.id: e.rating for e in mined_index(rated=False)}
    out.update((p.id, p.rating) for p in bundled())
    return out


def _text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise RateError(f"{path}: cannot be read ({e.strerror or e})") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RateError(f"{path}: not UTF-8 text (not a results CSV of mtlearn class)") \
            from None


def read_export(path: Path, known: Collection[str]) -> tuple[str, Evidence]:
    """The class id and the puzzle ratings of a class's results CSV (``/results.csv``);
    :class:`RateError` naming the file (and the line) when it holds none, or a line is
    malformed, or names a puzzle not in ``known``."""
    text = _text(path)
    rows = csv.reader(io.StringIO(text, newline=""))
    header = list(EXPORT_HEADER)
    found: Evidence = {}
    cid: str | None = None
    inside = False
    try:
        for row in rows:
            if not inside:
                inside = row == header
                continue
            n = rows.line_num
            if not row or not any(c.strip() for c in row):
                break
            if len(row) != len(header):
                raise RateError(f"{path}: line {n}: expected {len(header)} cells "
                                f"({', '.join(header)}), not {len(row)}")
            try:
                pid, ev, rid = _export_row(row)
            except ValueError as e:
                raise RateError(f"{path}: line {n}: {e}") from None
            if pid not in known:
                raise RateError(f"{path}: line {n}: unknown puzzle id {pid!r} (not a puzzle "
                                "shipped with this mtlearn)")
            if pid in found:
                raise RateError(f"{path}: line {n}: the puzzle {pid} is listed twice")
            if cid is not None and rid != cid:
                raise RateError(f"{path}: line {n}: a second class id ({rid}; the lines "
                                f"above say {cid}): one file, one class")
            cid = rid
            found[pid] = ev
    except csv.Error as e:
        raise RateError(f"{path}: line {rows.line_num}: not CSV ({e})") from None
    if not inside:
        raise RateError(f"{path}: no puzzle ratings in it (expected a line "
                        f"{','.join(header)!r}: a results CSV of mtlearn class once trainer "
                        "puzzles were answered)")
    if cid is None:
        raise RateError(f"{path}: no puzzle under its puzzle ratings' header")
    return cid, found


def _export_row(row: list[str]) -> tuple[str, ClassEvidence, str]:
    pid, _title, rating, rd, _vol, start, start_rd, attempts, solved, cid = \
        (c.strip() for c in row)
    if not _PID.match(pid):
        raise ValueError(f"{one_line(repr(pid), 40)} is not a puzzle id")
    if not _CLASS_ID.match(cid):
        raise ValueError(f"{one_line(repr(cid), 40)} is not a class id (16 hex digits)")

    def num(text: str, what: str, low: float, high: float) -> float:
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"{what} is a number, not {one_line(repr(text), 40)}") from None
        return _number(value, what, low, high)

    def whole(text: str, what: str) -> int:
        if not text.isdigit():
            raise ValueError(f"{what} is a whole number, not {one_line(repr(text), 40)}")
        return int(text)

    ev = ClassEvidence(num(start, "start rating", MIN_RATING, MAX_RATING),
                       num(start_rd, "start deviation", MIN_RD, MAX_RD),
                       num(rating, "class rating", *_RATINGS),
                       num(rd, "deviation", MIN_RD, MAX_RD),
                       whole(attempts, "attempts"), whole(solved, "solved"))
    if ev.attempts < 1 or ev.solved > ev.attempts:
        raise ValueError(f"{ev.attempts} attempts and {ev.solved} solved do not fit")
    return pid, ev, cid


def read_ratings_file(path: Path, known: Collection[str],
                      notes: list[str]) -> dict[str, dict[str, Any]]:
    """The classes kept in an earlier ratings file (``{}`` if there is none): class id ->
    ``{"file", "folded", "puzzles": {id: ClassEvidence}}``; puzzles no longer shipped are
    left out (said in ``notes``); :class:`RateError` naming the file if it is malformed."""
    if not path.exists():
        return {}
    try:
        data = json.loads(_text(path))
        _ratings_map(data)
        classes = data.get("classes")
        if not isinstance(classes, dict):
            raise ValueError('"classes" is not an object')
        out: dict[str, dict[str, Any]] = {}
        gone: set[str] = set()
        for cid, c in classes.items():
            where = f"classes[{cid!r}]"
            if not _CLASS_ID.match(str(cid)) or not isinstance(c, dict) or \
                    not isinstance(c.get("puzzles"), dict):
                raise ValueError(f"{where} is not a class's ratings")
            kept = {}
            for pid, v in c["puzzles"].items():
                if not isinstance(v, list) or len(v) != 6:
                    raise ValueError(f"{where}.puzzles[{pid!r}] is not six numbers")
                at = f"{where}.puzzles[{pid!r}]"
                ev = ClassEvidence(_number(v[0], at, MIN_RATING, MAX_RATING),
                                   _number(v[1], at, MIN_RD, MAX_RD),
                                   _number(v[2], at, *_RATINGS), _number(v[3], at, MIN_RD,
                                                                         MAX_RD),
                                   _count(v[4], at), _count(v[5], at))
                if pid in known:
                    kept[str(pid)] = ev
                else:
                    gone.add(str(pid))
            out[str(cid)] = {"file": str(c.get("file", "")), "folded": str(c.get("folded", "")),
                             "puzzles": kept}
    except ValueError as e:
        raise RateError(f"{path}: {one_line(str(e), 200)} (nothing was written; move the "
                        "file away to start afresh)") from None
    if gone:
        notes.append(f"{path}: {_n(len(gone), 'puzzle')} no longer shipped left out")
    return out


# ---------------------------------------------------------------------- folding
def fold(base: float, evidence: list[ClassEvidence]) -> tuple[float, float]:
    """A puzzle's rating and deviation: its shipped rating ``base`` (deviation
    :data:`BASE_RD`) and every class's evidence, combined by precision (see the module);
    the rating kept within MIN_RATING..MAX_RATING."""
    precision = 1.0 / (BASE_RD * BASE_RD)
    total = base * precision
    for ev in evidence:
        mine, before = 1.0 / (ev.rd * ev.rd), 1.0 / (ev.start_rd * ev.start_rd)
        gain = max(0.0, mine - before)
        precision += gain
        total += gain * ev.start + (ev.rating - ev.start) * mine
    rating = min(float(MAX_RATING), max(float(MIN_RATING), total / precision))
    return rating, max(MIN_RD, 1.0 / math.sqrt(precision))


def add_rate_parser(puzzles_subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``rate`` to the ``mtlearn puzzles`` subcommands."""
    r = puzzles_subparsers.add_parser(
        "rate", help="fold the puzzle ratings of class results into the shipped ratings",
        description="Read the results CSV of one or more classes (the results page's "
        "Download the CSV, once trainer puzzles were answered), combine each puzzle's class "
        "ratings with its shipped rating, and write the ratings file the trainer reads on "
        "top of the shipped ratings. A class folded before is replaced by its newer export.")
    r.add_argument("results", nargs="+", metavar="RESULTS",
                   help="class results CSV files (class-results.csv)")
    r.add_argument("--out", metavar="FILE", default=str(DEFAULT_OUT),
                   help="the ratings file to update (default: the shipped one, "
                   "mtlearn/puzzles/ratings.json)")
    r.add_argument("--dry-run", action="store_true",
                   help="say what would change, write nothing")


def _render(ratings: dict[str, Override], classes: dict[str, dict[str, Any]]) -> str:
    """The ratings file's text: one line per puzzle and per class's puzzle (diffs stay
    readable)."""
    def dumps(v: Any) -> str:
        return json.dumps(v, ensure_ascii=True, separators=(", ", ": "))

    lines = ["{", f'"format": {dumps(FORMAT)}, "version": {VERSION},',
             '"about": "Puzzle ratings learned from classes (mtlearn puzzles rate), read on '
             'top of the shipped ratings; classes keeps each class\'s evidence.",',
             '"ratings": {']
    items = sorted(ratings.items())
    lines += [f" {dumps(pid)}: {dumps({'rating': o.rating, 'rd': o.rd, 'attempts': o.attempts})}"
              + ("," if k < len(items) - 1 else "") for k, (pid, o) in enumerate(items)]
    lines.append("},")
    lines.append('"classes": {')
    order = sorted(classes)
    for k, cid in enumerate(order):
        c = classes[cid]
        lines.append(f" {dumps(cid)}: {{\"file\": {dumps(c['file'])}, \"folded\": "
                     f"{dumps(c['folded'])}, \"puzzles\": {{")
        ps = sorted(c["puzzles"].items())
        lines += [f"  {dumps(pid)}: {dumps(ev.to_list())}" + ("," if j < len(ps) - 1 else "")
                  for j, (pid, ev) in enumerate(ps)]
        lines.append(" }}" + ("," if k < len(order) - 1 else ""))
    lines += ["}", "}"]
    return "\n".join(lines) + "\n"


def rate_command(args: argparse.Namespace) -> int:
    """Run ``mtlearn puzzles rate``; returns the exit status (1, and one line on stderr,
    for a file that cannot be used: nothing is written then)."""
    out = Path(args.out)
    try:
        shipped = shipped_ratings()
        notes: list[str] = []
        kept = read_ratings_file(out, shipped, notes)
        before = {pid: float(o.rating) for pid, o in _current(kept, shipped).items()}
        classes = dict(kept)
        today = time.strftime("%Y-%m-%d")
        for name in args.results:
            path = Path(name)
            cid, found = read_export(path, shipped)
            tries = sum(ev.attempts for ev in found.values())
            old = classes.get(cid)
            if old is not None:
                had = sum(ev.attempts for ev in old["puzzles"].values())
                if had > tries:
                    notes.append(f"{path}: an earlier export of a class already counted "
                                 f"({old['file'] or cid}, {had} attempts): left out")
                    continue
                notes.append(f"{path}: replaces the earlier export of the same class "
                             f"({old['file'] or cid}, {had} attempts)")
            classes[cid] = {"file": path.name, "folded": today, "puzzles": found}
    except RateError as e:
        print(f"mtlearn puzzles rate: {e}", file=sys.stderr)
        return 1
    ratings = _current(classes, shipped)
    for note in notes:
        print(f"note: {note}")
    attempts = sum(o.attempts for o in ratings.values())
    print(f"{_n(len(classes), 'class')}, {_n(attempts, 'attempt')} at "
          f"{_n(len(ratings), 'puzzle')}")
    moves = sorted(((o.rating - before.get(pid, shipped[pid]), pid) for pid, o in
                    ratings.items()), key=lambda m: (-abs(m[0]), m[1]))
    changed = [m for m in moves if abs(m[0]) >= 1]
    print(f"{_n(len(changed), 'puzzle rating')} changed"
          + (": the biggest moves" if changed else ""))
    for d, pid in changed[:8]:
        was = before.get(pid, shipped[pid])
        print(f"  {pid:<32} {was:>5.0f} -> {ratings[pid].rating:<5} ({d:+.0f}; shipped "
              f"{shipped[pid]}, {_n(ratings[pid].attempts, 'attempt')}, deviation "
              f"{ratings[pid].rd:.0f})")
    if args.dry_run:
        print(f"dry run: {out} was not written")
        return 0
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(out, _render(ratings, classes))
    except OSError as e:
        print(f"mtlearn puzzles rate: {out}: cannot be written ({e.strerror or e})",
              file=sys.stderr)
        return 1
    print(f"wrote {out} ({_n(len(ratings), 'puzzle')})")
    return 0


def _n(count: int, noun: str) -> str:
    """``3 puzzles``, ``1 class``."""
    return f"{count} {noun}" + ("" if count == 1 else "es" if noun.endswith("s") else "s")


def _current(classes: dict[str, dict[str, Any]],
             shipped: dict[str, int]) -> dict[str, Override]:
    """The ratings the classes give, by puzzle id (only puzzles some class answered)."""
    by: dict[str, list[ClassEvidence]] = {}
    for c in classes.values():
        for pid, ev in c["puzzles"].items():
            by.setdefault(pid, []).append(ev)
    out = {}
    for pid in sorted(by):
        rating, rd = fold(float(shipped[pid]), by[pid])
        out[pid] = Override(round(rating), round(rd, 1), sum(ev.attempts for ev in by[pid]))
    return out
