"""The trainer's saved state: a plain JSON object, checked field by field when read.

The state is what the learner keeps (in the book, the browser's localStorage beside the
puzzles' stars; in JupyterLab, ``trainer.json`` beside ``progress.json``) and what
*Export* writes and *Import* reads. :func:`new_state` makes a fresh one; :func:`load_state`
reads one (text or an already parsed object) and raises :class:`TrainerStateError`
naming the field and what is wrong with it: a bad file never replaces the state a
learner has. Its fields (``format`` and ``version`` say what it is)::

    {"format": "mtlearn/trainer", "version": 1, "seed": "…",
     "learner": [rating, rd, vol], "count": attempts, "last_day": day or null,
     "puzzles": {id: {"r": [rating, rd, vol], "tries": n, "solved": n, "last": day}},
     "themes": {theme: {"tries": n, "solved": n, "opp": sum of puzzle ratings,
                        "score": sum of scores}},
     "replay": {id: {"step": k, "due_n": count or null, "due_day": day or null,
                     "score": the score of the attempt that scheduled it}},
     "history": [[id, score, day, rating change], …]   (the last MAX_HISTORY),
     "streak": {"run": n, "best_run": n, "days": n, "best_days": n, "day": day or null},
     "daily": {"day": day, "id": id, "score": score or null} or null,
     "own": {id: puzzle record, …}   (optional: the learner's own puzzles, saved from
                                      the mistakes of reviewed rounds)}

Days are whole days since 1970-01-01 in the learner's time zone. Ratings, deviations and
volatilities are checked against the ranges :func:`~mtlearn.trainer.glicko2.rate` accepts
(:data:`~mtlearn.trainer.glicko2.RATING_RANGE` and the others), so that any state read can
go on being rated, and the sums built from them (``opp``, a history's change) against the
ranges those allow.

Two things older files hold are read as the trainer says them now: a replay without a
``score`` (files before the trainer told a hinted solve from a miss) has the score its
schedule implies (0 while it waits for other puzzles, 1 once it waits for days), and a
theme saved under a variant table's name (``answer-double``, from a mined puzzle) is
counted under the variant's rule (:data:`VARIANT_RULES`), the name the puzzle's card
gives it. Standard library only.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

from ..core.errors import MtlearnError
from .glicko2 import RATING_RANGE, RD_RANGE, VOL_RANGE

__all__ = ["FORMAT", "MAX_HISTORY", "MAX_OWN", "MAX_STATE_CHARS", "START_RATING", "VARIANT_RULES",
           "VERSION", "TrainerStateError", "add_own", "load_state", "new_state"]

FORMAT, VERSION = "mtlearn/trainer", 1
#: Attempts kept in the history (the dashboard's counts are kept in full regardless).
MAX_HISTORY = 300
#: The most own puzzles (mistakes saved from reviewed rounds) a state keeps.
MAX_OWN = 200
#: The largest state read (a state with 3,000 puzzles tried is about 300 KB).
MAX_STATE_CHARS = 5_000_000
_MAX_ID = 120
#: A newcomer's rating: a beginner's level (the hand-written puzzles run from 900 to 1700).
START_RATING = 1200.0
#: The variant tables a mined puzzle may be played at, and the rule that names each: a
#: puzzle played at a variant teaches its rule, and the trainer counts it under the rule.
VARIANT_RULES = {"branching": "R-VAR-BRANCH", "swan-drive": "R-VAR-SWAN",
                 "teams": "R-VAR-TEAMS", "answer-double": "R-VAR-ANSWER",
                 "blanks-25": "R-VAR-BLANKS"}


class TrainerStateError(MtlearnError):
    """A trainer state (an imported file) that cannot be read: names the field."""


def new_state(seed: str | None = None) -> dict[str, Any]:
    """A fresh state: a newcomer's rating, nothing tried. ``seed`` makes the choice of
    puzzles repeatable (a random one by default)."""
    return {"format": FORMAT, "version": VERSION,
            "seed": seed if seed is not None else f"{random.randrange(10**12):012d}",
            "learner": [START_RATING, 350.0, 0.06], "count": 0, "last_day": None,
            "puzzles": {}, "themes": {}, "replay": {}, "history": [],
            "streak": {"run": 0, "best_run": 0, "days": 0, "best_days": 0, "day": None},
            "daily": None}


# ---------------------------------------------------------------------- checks
def _fail(where: str, text: str) -> TrainerStateError:
    return TrainerStateError(f"{where}: {text}")


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _int(value: Any, where: str, low: int = 0, high: int = 10**9) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"expected a whole number, not {_show(value)}")
    if not low <= value <= high:
        raise _fail(where, f"{value} is out of range ({low} to {high})")
    return value


def _day(value: Any, where: str) -> int | None:
    return None if value is None else _int(value, where, 0, 10**6)


def _num(value: Any, where: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not math.isfinite(value):
        raise _fail(where, f"expected a number, not {_show(value)}")
    if not low <= value <= high:
        raise _fail(where, f"{value} is out of range ({low:g} to {high:g})")
    return float(value)


def _rating(value: Any, where: str) -> list[float]:
    if not isinstance(value, list) or len(value) != 3:
        raise _fail(where, f"expected [rating, deviation, volatility], not {_show(value)}")
    return [_num(value[0], f"{where}[0] (rating)", *RATING_RANGE),
            _num(value[1], f"{where}[1] (deviation)", *RD_RANGE),
            _num(value[2], f"{where}[2] (volatility)", *VOL_RANGE)]


def _id(value: Any, where: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= _MAX_ID:
        raise _fail(where, f"expected a puzzle id (text of 1 to {_MAX_ID} characters), "
                    f"not {_show(value)}")
    return value


def _obj(value: Any, where: str, keys: tuple[str, ...],
         optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """``value`` if it is an object with all of ``keys``, and no field but those and
    ``optional``."""
    if not isinstance(value, dict):
        raise _fail(where, f"expected an object, not {_show(value)}")
    extra = [k for k in value if k not in keys and k not in optional]
    if extra:
        raise _fail(where, f"unknown field {_show(extra[0])} (known: "
                    f"{', '.join((*keys, *optional))})")
    missing = [k for k in keys if k not in value]
    if missing:
        raise _fail(where, f"the field {missing[0]!r} is missing")
    return value


def _counts(value: Any, where: str, extra: tuple[str, ...] = ()) -> dict[str, Any]:
    rec = _obj(value, where, ("tries", "solved", *extra))
    tries = _int(rec["tries"], f"{where}.tries")
    solved = _int(rec["solved"], f"{where}.solved", 0, tries)
    return {"tries": tries, "solved": solved}


def _add_theme(themes: dict[str, Any], theme: str, rec: dict[str, Any]) -> None:
    """Count ``rec`` under ``theme`` (added to what is there: an old file may hold a variant
    under both its table's name and its rule)."""
    had = themes.get(theme)
    if had is None:
        themes[theme] = rec
        return
    for k in ("tries", "solved"):
        had[k] += rec[k]
    for k in ("opp", "score"):
        had[k] = round(had[k] + rec[k], 2)


_TOP = ("format", "version", "seed", "learner", "count", "last_day", "puzzles", "themes",
        "replay", "history", "streak", "daily")


def load_state(data: Any, where: str = "trainer file") -> dict[str, Any]:
    """A trainer state read from JSON text (or a parsed object), every field checked.

    Raises :class:`TrainerStateError` whose message names ``where``, the field and what
    is wrong ("trainer file: puzzles['x'].solved: 5 is out of range (0 to 3)"). The
    result is a fresh object: the caller's state is only replaced once all is read.
    """
    if isinstance(data, (str, bytes)):
        if len(data) > MAX_STATE_CHARS:
            raise _fail(where, f"{len(data):,} characters is too large for a trainer file "
                        f"(at most {MAX_STATE_CHARS:,})")
        try:
            data = json.loads(data)
        except RecursionError:
            raise _fail(where, "the file nests too deeply to read") from None
        except ValueError as e:
            raise _fail(where, f"not valid JSON ({str(e)[:120]})") from None
    if not isinstance(data, dict):
        raise _fail(where, f"a trainer file is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise _fail(where, f"not a trainer file (its \"format\" is "
                    f"{_show(data.get('format'))}, expected {FORMAT!r})")
    if data.get("version") != VERSION:
        raise _fail(f"{where}: version", f"{_show(data.get('version'))} is not a version "
                    f"this trainer reads ({VERSION})")
    _obj(data, where, _TOP, ("own",))
    seed = data["seed"]
    if not isinstance(seed, str) or not 0 < len(seed) <= 200:
        raise _fail(f"{where}: seed", f"expected a word of 1 to 200 characters, not {_show(seed)}")
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "seed": seed,
                           "learner": _rating(data["learner"], f"{where}: learner"),
                           "count": _int(data["count"], f"{where}: count"),
                           "last_day": _day(data["last_day"], f"{where}: last_day")}
    puzzles = data["puzzles"]
    if not isinstance(puzzles, dict):
        raise _fail(f"{where}: puzzles", f"expected an object by puzzle id, not {_show(puzzles)}")
    out["puzzles"] = {}
    for pid, rec in puzzles.items():
        at = f"{where}: puzzles[{_id(pid, f'{where}: puzzles')!r}]"
        got = _counts(rec, at, ("r", "last"))
        got["r"] = _rating(rec["r"], f"{at}.r")
        got["last"] = _day(rec["last"], f"{at}.last")
        out["puzzles"][pid] = got
    themes = data["themes"]
    if not isinstance(themes, dict):
        raise _fail(f"{where}: themes", f"expected an object by theme, not {_show(themes)}")
    out["themes"] = {}
    low, high = RATING_RANGE
    for theme, rec in themes.items():
        name = _id(theme, f"{where}: themes")
        at = f"{where}: themes[{name!r}]"
        got = _counts(rec, at, ("opp", "score"))
        n = got["tries"]
        # the sum of the ratings of the puzzles tried, each within the range (and rounded)
        got["opp"] = _num(rec["opp"], f"{at}.opp", low * n - n - 1, high * n + n + 1)
        got["score"] = _num(rec["score"], f"{at}.score", 0, n)
        _add_theme(out["themes"], VARIANT_RULES.get(name, name), got)
    replay = data["replay"]
    if not isinstance(replay, dict):
        raise _fail(f"{where}: replay", f"expected an object by puzzle id, not {_show(replay)}")
    out["replay"] = {}
    for pid, rec in replay.items():
        at = f"{where}: replay[{_id(pid, f'{where}: replay')!r}]"
        r = _obj(rec, at, ("step", "due_n", "due_day"), ("score",))
        got = {"step": _int(r["step"], f"{at}.step", 0, 100),
               "due_n": None if r["due_n"] is None else _int(r["due_n"], f"{at}.due_n"),
               "due_day": _day(r["due_day"], f"{at}.due_day")}
        got["score"] = (_num(r["score"], f"{at}.score", 0, 1) if "score" in r
                        else 0.0 if got["due_n"] is not None else 1.0)
        out["replay"][pid] = got
    history = data["history"]
    if not isinstance(history, list):
        raise _fail(f"{where}: history", f"expected a list, not {_show(history)}")
    out["history"] = []
    for i, item in enumerate(history[-MAX_HISTORY:]):
        at = f"{where}: history[{i}]"
        if not isinstance(item, list) or len(item) != 4:
            raise _fail(at, f"expected [puzzle id, score, day, change], not {_show(item)}")
        out["history"].append([_id(item[0], at + "[0]"), _num(item[1], at + "[1]", 0, 1),
                               _day(item[2], at + "[2]"),
                               _num(item[3], at + "[3]", low - high, high - low)])
    s = _obj(data["streak"], f"{where}: streak", ("run", "best_run", "days", "best_days", "day"))
    out["streak"] = {k: _int(s[k], f"{where}: streak.{k}")
                     for k in ("run", "best_run", "days", "best_days")}
    out["streak"]["day"] = _day(s["day"], f"{where}: streak.day")
    daily = data["daily"]
    if daily is not None:
        d = _obj(daily, f"{where}: daily", ("day", "id", "score"))
        out["daily"] = {"day": _day(d["day"], f"{where}: daily.day"),
                        "id": _id(d["id"], f"{where}: daily.id"),
                        "score": None if d["score"] is None
                        else _num(d["score"], f"{where}: daily.score", 0, 1)}
    else:
        out["daily"] = None
    if "own" in data:
        out["own"] = _own(data["own"], f"{where}: own")
    return out


def add_own(state: dict[str, Any], record: dict[str, Any]) -> bool:
    """Add the learner's own puzzle ``record`` (a puzzle file record whose id starts
    ``own-``) to ``state`` and schedule it at once, as a missed puzzle is (then the
    trainer's spaced schedule takes over); False when it is there already. At most
    :data:`MAX_OWN` are kept, the oldest dropped first."""
    pid = _id(record.get("id"), "own puzzle")
    if not pid.startswith("own-"):
        raise _fail("own puzzle", f"{_show(pid)}: an own puzzle's id starts with own-")
    own = state.setdefault("own", {})
    if pid in own:
        return False
    own[pid] = json.loads(json.dumps(record))
    while len(own) > MAX_OWN:
        old = next(iter(own))
        del own[old]
        state["replay"].pop(old, None)
    state["replay"][pid] = {"step": 0, "due_n": state["count"], "due_day": None, "score": 0.0}
    return True


def _own(value: Any, where: str) -> dict[str, Any]:
    """The learner's own puzzles (mistakes of reviewed rounds saved as puzzles): an object
    of puzzle records by id, each an object whose ``id`` is its key and whose id starts
    ``own-`` (the trainer reads each as a puzzle file and leaves out one that does not
    read)."""
    if not isinstance(value, dict):
        raise _fail(where, f"expected an object of puzzles by id, not {_show(value)}")
    out: dict[str, Any] = {}
    for pid, rec in value.items():
        name = _id(pid, where)
        if not name.startswith("own-"):
            raise _fail(where, f"{_show(name)}: an own puzzle's id starts with own-")
        if not isinstance(rec, dict) or rec.get("id") != name:
            raise _fail(f"{where}[{name!r}]", "expected a puzzle record with this id")
        out[name] = json.loads(json.dumps(rec))
    return out
