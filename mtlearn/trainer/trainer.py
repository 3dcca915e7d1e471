"""The puzzle trainer: ratings, the next puzzle, the dashboard, replays, the daily puzzle.

The API (what every host uses: the notebook widget, the book's in-page engine and, later,
the class server)::

    trainer = Trainer(state, pool)          # state: new_state() or load_state(text)
    pick = trainer.next(now)                # -> Pick(id, reason): "replay", "daily", "new"
    done = trainer.record(pick.id, "win", now)   # "win" | "draw" | "loss" (or 1 / 0.5 / 0)
    trainer.dashboard()                     # one row per theme, weakest first
    trainer.export()                        # the state as JSON text (load_state reads it)

``now`` is seconds since 1970 (``time.time()``). A day is the learner's own calendar day,
one definition everywhere (:func:`day_of`): the date in the learner's time zone,
``utc_offset`` minutes east of UTC, given to the Trainer. The book gives the browser's
offset; the notebook widget gives None, the time zone of the machine the kernel runs on
(:func:`local_offset`, worked out for each moment, so summer time is followed). The
state is a plain JSON object (:mod:`mtlearn.trainer.trainer_state`) changed in place by
:meth:`Trainer.record` only.

How it works:

* **Ratings** (Glicko-2, :mod:`mtlearn.trainer.glicko2`): each attempt is one game between
  learner and puzzle, its own rating period; both are updated from their ratings before
  the game. A puzzle's rating starts from the rating its file gives, with a deviation of
  :data:`PUZZLE_RD`, and is stored in the learner's state. Days without an attempt widen
  the learner's deviation (one idle period per day).
* **Themes** (:func:`puzzle_themes`, one definition for the dashboard, the choice of the
  next puzzle and a class's assignment by theme): the rules a puzzle teaches, the very
  rules its card names, then its strategy themes. The table it is played at is no theme
  of its own: the standard table is every puzzle's, and a variant is counted under its
  rule (``R-VAR-…``), which the card names too. :func:`theme_label` says a theme in
  words, the same words wherever a theme is shown.
* **The next puzzle**: a puzzle whose replay is due comes first; then puzzles
  near the learner's rating (within :data:`WINDOW`, widened until there are enough),
  not tried in the last :data:`RECENT` attempts, weighted by how badly the learner does
  on their themes (a theme's share of misses, smoothed so a new theme counts as half)
  and preferring puzzles never tried. The choice is random but seeded by the state's
  seed and the attempt count: the same state picks the same puzzle.
* **Replays**: a puzzle comes back on a schedule that depends on how it went.

  - *Missed* (a loss: a wrong answer, a move the rules refuse, or the answer shown): it
    comes back after :data:`REPLAY_AFTER` other puzzles, the same day.
  - *Solved after a hint* (a draw): it is not missed, and it is not yet the learner's own
    either, so it comes back tomorrow, to be solved without help; then as below.
  - *Solved cleanly* (a win) when it is on the schedule: it comes back after the next
    interval of :data:`REPLAY_DAYS` (1, 3, 7 and 21 days: a missed puzzle solved at its
    return comes back tomorrow, then after 3, 7 and 21 days), and solved after the last
    it counts as learned and leaves the schedule. A puzzle solved cleanly at the first
    meeting never comes back.

  A miss during the schedule starts it over from the beginning, a hinted solve from
  "tomorrow". The learner's own puzzles (mistakes of reviewed rounds saved as puzzles)
  join the schedule as a missed puzzle does, due at once. :meth:`Trainer.replay_notice`
  says, when a puzzle comes back, why and what happens next from that point (an own
  puzzle never tried yet: that it is the learner's own, not that it was missed).
* **The daily puzzle**: the same for everyone on a date (a hash of the date picks it from
  the pool, sorted by id, among puzzles rated :data:`DAILY_BAND`).
* **Streaks**, both kept: ``run``, puzzles solved in a row at the first try without a hint
  (a hinted solve or a miss ends it), and ``days``, days in a row on which the learner
  solved at least one puzzle, with or without a hint (a miss neither counts nor breaks it).

Standard library only (the in-page engine runs it unchanged).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..core.ruleids import RULES
from .glicko2 import RATING_RANGE, Rating, idle, rate
from .trainer_state import MAX_HISTORY, VARIANT_RULES, new_state

__all__ = ["DAILY_BAND", "NOT_A_THEME", "PUZZLE_RD", "RECENT", "REPLAY_AFTER", "REPLAY_DAYS",
           "RESULTS", "VARIANT_RULES", "VARIANT_THEMES", "WINDOW", "Entry", "Pick", "Pool",
           "Trainer", "day_of", "local_offset", "puzzle_themes", "theme_label"]

#: A puzzle's starting deviation (its file's rating is an estimate).
PUZZLE_RD = 250.0
#: How far from the learner's rating the next puzzle is looked for first.
WINDOW = 250.0
#: Puzzles tried in the last this many attempts are not offered again (replays aside).
RECENT = 8
#: A missed puzzle comes back after this many other puzzles, then after these days.
REPLAY_AFTER = 3
REPLAY_DAYS = (1, 3, 7, 21)
#: The ratings the daily puzzle is drawn from.
DAILY_BAND = (900, 1900)
#: The results an attempt can have, and their score.
RESULTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def day_of(now: float, utc_offset: int = 0) -> int:
    """The learner's day at ``now`` (seconds): whole days since 1970-01-01 in the time zone
    ``utc_offset`` minutes east of UTC. The one definition of a day (streaks, replays, the
    daily puzzle)."""
    return int((now + utc_offset * 60) // 86400)


def local_offset(now: float | None = None) -> int:
    """The time zone of this machine at ``now`` (default: the clock), in minutes east of
    UTC: what the notebook counts days in (the book sends the browser's)."""
    return int(time.localtime(now).tm_gmtoff // 60)


def date_of(day: int) -> str:
    """The ISO date of a day number."""
    return (_dt.date(1970, 1, 1) + _dt.timedelta(days=day)).isoformat()


#: The variant tables in words: a theme a state saved before the trainer counted a variant
#: under its rule (:data:`~mtlearn.trainer.trainer_state.VARIANT_RULES`), still said in words.
#: The standard table is no theme: every puzzle without a variant is played under it.
VARIANT_THEMES = {
    "branching": "Variant: branching trains",
    "swan-drive": "Variant: Swan Drive",
    "teams": "Variant: partners",
    "answer-double": "Variant: answer your own double",
    "blanks-25": "Variant: blanks count 25",
}
NOT_A_THEME = frozenset({"standard"})


def theme_label(theme: str) -> str:
    """A theme in words, the one way a theme is said (the dashboard, a class's themes and
    results): a rule's short title with its id (the id the puzzle's card names and links),
    a variant, or a strategy theme spelt out."""
    if theme in RULES:
        return f"{RULES[theme][1]} ({theme})"
    if theme in VARIANT_THEMES:
        return VARIANT_THEMES[theme]
    return theme.replace("-", " ").replace("_", " ").capitalize()


def puzzle_themes(puzzle: Any) -> tuple[str, ...]:
    """The themes a puzzle counts for, first the rules it teaches (``teaches``: the rules
    its card names), then its strategy themes (``themes``), each once. A table is no theme
    of its own: ``standard`` is left out, a variant table is counted under its rule.

    The one definition of a puzzle's themes: :class:`Pool` keeps them for every puzzle, so
    the dashboard, the choice of the next puzzle and a class's assignment by theme agree.
    ``puzzle`` is a built puzzle, an index entry, or anything with those attributes.
    """
    out: list[str] = []
    for t in (*(getattr(puzzle, "teaches", None) or ()),
              *(getattr(puzzle, "themes", None) or ())):
        t = VARIANT_RULES.get(str(t), str(t))
        if t not in NOT_A_THEME and t not in out:
            out.append(t)
    return tuple(out)


@dataclass(frozen=True)
class Entry:
    """What the trainer needs to know of a puzzle to choose it (no game is built)."""

    id: str
    themes: tuple[str, ...]
    rating: float
    level: int = 1
    family: str = ""
    kind: str = ""


@dataclass(frozen=True)
class Pick:
    """The next puzzle and why: ``"replay"`` (missed before and due), ``"daily"`` or
    ``"new"``; ``due`` says for a replay how it became due."""

    id: str
    reason: str
    due: str = ""


class Pool:
    """The puzzles a trainer draws from: their entries, and a loader for the full puzzle.

    ``Pool.of(puzzles)`` wraps built puzzles (the 49 hand-written ones);
    ``Pool(entries, loader)`` takes light entries (anything with ``id``, ``teaches`` and
    ``themes`` (:func:`puzzle_themes`), ``rating``, ``level``, ``family``, ``kind``) and
    builds a puzzle only when it is shown. Pools add up: ``Pool.join(a, b)``. A rating
    that is not a number within :data:`~mtlearn.trainer.glicko2.RATING_RANGE` is refused
    (ValueError naming the puzzle).
    """

    def __init__(self, entries: Iterable[Any], loader: Callable[[str], Any]) -> None:
        self.entries: dict[str, Entry] = {}
        low, high = RATING_RANGE
        for e in entries:
            rating = e.rating
            if isinstance(rating, bool) or not isinstance(rating, (int, float)) or \
                    not low <= rating <= high:
                raise ValueError(f"puzzle {e.id!r}: its rating is a number from {low:g} to "
                                 f"{high:g}, not {rating!r}")
            self.entries[e.id] = Entry(e.id, puzzle_themes(e), float(rating),
                                       int(getattr(e, "level", 1) or 1),
                                       str(getattr(e, "family", "") or ""),
                                       str(getattr(e, "kind", "") or ""))
        self._loaders: list[tuple[set[str], Callable[[str], Any]]] = \
            [(set(self.entries), loader)]
        self._built: dict[str, Any] = {}
        self._daily: list[str] | None = None
        self.sorted_ids = sorted(self.entries)

    @classmethod
    def of(cls, puzzles: Iterable[Any]) -> Pool:
        """A pool of built puzzles."""
        items = {p.id: p for p in puzzles}
        pool = cls(items.values(), items.__getitem__)
        pool._built.update(items)
        return pool

    @classmethod
    def join(cls, *pools: Pool) -> Pool:
        """One pool of several (an id in two keeps the first)."""
        out = cls([], lambda i: None)
        out._loaders = []
        for p in pools:
            for pid, e in p.entries.items():
                out.entries.setdefault(pid, e)
            out._loaders.extend(p._loaders)
            out._built.update(p._built)
        out.sorted_ids = sorted(out.entries)
        out._daily = None
        return out

    def daily_ids(self) -> list[str]:
        """The ids the daily puzzle is drawn from (rated within :data:`DAILY_BAND`, else
        all), sorted; worked out once."""
        if self._daily is None:
            low, high = DAILY_BAND
            self._daily = [i for i in self.sorted_ids
                           if low <= self.entries[i].rating <= high] or self.sorted_ids
        return self._daily

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, pid: object) -> bool:
        return pid in self.entries

    def puzzle(self, pid: str) -> Any:
        """The full puzzle (built once, then kept)."""
        if pid not in self._built:
            for ids, loader in self._loaders:
                if pid in ids:
                    self._built[pid] = loader(pid)
                    break
            else:
                raise KeyError(f"no puzzle {pid!r} in the trainer's pool")
        return self._built[pid]


class Trainer:
    """A learner's trainer over a pool of puzzles (see the module docs for the API).

    Args:
        state: the learner's state (:func:`~mtlearn.trainer.trainer_state.new_state`, or one read
            by :func:`~mtlearn.trainer.trainer_state.load_state`); None starts afresh. Changed in
            place by :meth:`record`.
        pool: the puzzles to draw from (:class:`Pool`).
        utc_offset: the learner's time zone, minutes east of UTC (for days and the daily
            puzzle); None: this machine's time zone at each moment (:func:`local_offset`).
    """

    def __init__(self, state: dict[str, Any] | None, pool: Pool, *,
                 utc_offset: int | None = 0) -> None:
        if not len(pool):
            raise ValueError("the trainer needs at least one puzzle in its pool")
        if utc_offset is not None and (isinstance(utc_offset, bool) or
                                       not isinstance(utc_offset, int) or
                                       abs(utc_offset) > 24 * 60):
            raise ValueError(f"utc_offset: minutes east of UTC (-1440 to 1440) or None, not "
                             f"{utc_offset!r}")
        self.state = new_state() if state is None else state
        self.pool = pool
        self.utc_offset = utc_offset

    # ------------------------------------------------------------------ ratings
    @property
    def rating(self) -> Rating:
        """The learner's rating now."""
        return Rating(*self.state["learner"])

    def puzzle_rating(self, pid: str) -> Rating:
        """A puzzle's rating as this learner's games have left it."""
        rec = self.state["puzzles"].get(pid)
        if rec is not None:
            return Rating(*rec["r"])
        return Rating(self.pool.entries[pid].rating, PUZZLE_RD, 0.06)

    def day(self, now: float) -> int:
        """The learner's day number at ``now`` (:func:`day_of` in the learner's time zone)."""
        offset = local_offset(now) if self.utc_offset is None else self.utc_offset
        return day_of(now, offset)

    # ------------------------------------------------------------------ choosing
    def daily(self, now: float) -> str:
        """The id of the daily puzzle for the date at ``now`` (the same for everyone)."""
        date = date_of(self.day(now))
        ids = self.pool.daily_ids()
        h = int.from_bytes(hashlib.sha256(f"mtlearn-daily/{date}".encode()).digest()[:8], "big")
        return ids[h % len(ids)]

    def daily_done(self, now: float) -> bool:
        """Has the learner tried today's daily puzzle?"""
        d = self.state.get("daily")
        return bool(d and d["day"] == self.day(now) and d["score"] is not None)

    def due(self, now: float) -> list[tuple[str, str]]:
        """Puzzles whose replay is due now, most overdue first: (id, "count" or "days")."""
        count, today = self.state["count"], self.day(now)
        found = []
        for pid, r in self.state["replay"].items():
            if pid not in self.pool:
                continue
            if r["due_n"] is not None and r["due_n"] <= count:
                found.append((r["due_n"] - count, 0, pid, "count"))
            elif r["due_day"] is not None and r["due_day"] <= today:
                found.append((r["due_day"] - today, 1, pid, "days"))
        found.sort()
        return [(pid, why) for _, _, pid, why in found]

    def weakness(self, theme: str) -> float:
        """How badly the learner does on a theme: the share of misses, smoothed (0.5 for a
        theme never tried)."""
        rec = self.state["themes"].get(theme)
        if rec is None:
            return 0.5
        return float((rec["tries"] - rec["score"] + 1.0) / (rec["tries"] + 2.0))

    def next(self, now: float | None = None, exclude: Iterable[str] = ()) -> Pick:
        """The puzzle to show next (see the module docs): a due replay, else one chosen near
        the learner's rating, leaning on weak themes; none of ``exclude`` (puzzles the
        learner skipped) while there are others. Changes nothing."""
        now = _clock(now)
        skip = set(exclude)
        due = [d for d in self.due(now) if d[0] not in skip]
        if due:
            return Pick(due[0][0], "replay", due[0][1])
        st = self.state
        recent = {h[0] for h in st["history"][-RECENT:]} | skip
        tried = st["puzzles"]
        mine = self.rating.rating
        entries = self.pool.entries
        # one pass, in id order (so the seeded choice does not depend on dict order):
        # each candidate with its distance from the learner's rating
        cands = [(e, abs((tried[e.id]["r"][0] if e.id in tried else e.rating) - mine))
                 for e in map(entries.__getitem__, self.pool.sorted_ids) if e.id not in recent]
        if not cands:
            cands = [(e, abs(self._rating_of(e) - mine))
                     for e in map(entries.__getitem__, self.pool.sorted_ids)]
        window = WINDOW
        need = min(5, len(cands))
        while True:
            near = [c for c in cands if c[1] <= window]
            if len(near) >= need:
                break
            window *= 1.6
        weak: dict[str, float] = {}
        weights = []
        for e, dist in near:
            w = 0.5 if not e.themes else 0.0
            for t in e.themes:
                x = weak.get(t)
                if x is None:
                    x = weak[t] = self.weakness(t)
                w = max(w, x)
            w = w * w                                  # lean harder on the weakest
            rec = tried.get(e.id)
            if rec is not None:
                w *= 0.25 if rec["solved"] else 0.5
            closeness = 1.0 - dist / (window + 1.0)
            weights.append(max(1e-6, w * (0.5 + closeness)))
        rng = random.Random(f"{st['seed']}/{st['count']}")
        return Pick(rng.choices(near, weights=weights)[0][0].id, "new")

    def _rating_of(self, e: Entry) -> float:
        rec = self.state["puzzles"].get(e.id)
        return rec["r"][0] if rec is not None else e.rating

    # ------------------------------------------------------------------ recording
    def record(self, pid: str, result: str | float, now: float | None = None,
               *, daily: bool = False) -> dict[str, Any]:
        """Record one attempt at puzzle ``pid``: ``"win"`` (solved cleanly), ``"draw"``
        (solved with help) or ``"loss"`` (missed, or the answer shown), or the score.

        Updates both ratings, the themes, the replay schedule, the streaks (and the daily
        puzzle with ``daily``). Returns what changed: ``rating``, ``change``, ``puzzle_rating``,
        ``replay`` (when the puzzle comes back, in words, or None) and ``streak``.

        Raises KeyError for a puzzle not in the pool, and ValueError (changing nothing) for
        a result that is none of :data:`RESULTS` nor a score from 0 to 1, or a ``now`` that
        is not a time.
        """
        now = _clock(now)
        if pid not in self.pool:
            raise KeyError(f"no puzzle {pid!r} in the trainer's pool")
        score = _score(result)
        st = self.state
        today = self.day(now)
        me = self.rating
        if st["last_day"] is not None and today > st["last_day"]:
            me = idle(me, today - st["last_day"])
        them = self.puzzle_rating(pid)
        new_me = rate(me, [(them, score)], clamp=True)
        new_them = rate(them, [(me, 1.0 - score)], clamp=True)
        change = new_me.rating - self.rating.rating
        st["learner"] = new_me.to_list()
        st["last_day"] = today
        st["count"] += 1
        rec = st["puzzles"].setdefault(pid, {"tries": 0, "solved": 0, "r": [], "last": None})
        rec["r"], rec["last"] = new_them.to_list(), today
        rec["tries"] += 1
        rec["solved"] += score == 1.0
        for theme in self.pool.entries[pid].themes:
            t = st["themes"].setdefault(theme, {"tries": 0, "solved": 0, "opp": 0.0,
                                                "score": 0.0})
            t["tries"] += 1
            t["solved"] += score == 1.0
            t["opp"] = round(t["opp"] + them.rating, 2)
            t["score"] = round(t["score"] + score, 2)
        st["history"] = [*st["history"], [pid, score, today, round(change, 2)]][-MAX_HISTORY:]
        replay = self._schedule(pid, score, today)
        self._streak(score, today)
        if daily:
            st["daily"] = {"day": today, "id": pid, "score": score}
        return {"rating": round(new_me.rating), "change": round(change),
                "rd": round(new_me.rd), "puzzle_rating": round(new_them.rating),
                "replay": replay, "streak": dict(st["streak"])}

    def _schedule(self, pid: str, score: float, today: int) -> str | None:
        """The replay schedule after an attempt (see the module docs); when the puzzle
        comes back, in words (None: not at all)."""
        rep = self.state["replay"]
        entry = rep.get(pid)
        if score == 0.0:                       # missed: back after a few other puzzles
            rep[pid] = {"step": 0, "due_n": self.state["count"] + REPLAY_AFTER,
                        "due_day": None, "score": score}
            return f"after {REPLAY_AFTER} other puzzles"
        if score < 1.0:                        # solved with help: back tomorrow
            step = 0
        elif entry is None:                    # solved cleanly at the first meeting
            return None
        else:
            step = entry["step"]
        if step >= len(REPLAY_DAYS):           # solved cleanly after the last interval
            del rep[pid]
            return None
        days = REPLAY_DAYS[step]
        rep[pid] = {"step": step + 1, "due_n": None, "due_day": today + days, "score": score}
        return _when(days)

    def replay_notice(self, pid: str) -> str:
        """What the learner reads when puzzle ``pid`` comes back on its schedule: why (how
        it went last time; a learner's own puzzle never tried yet: that it is their own)
        and what happens next from this point of the schedule."""
        entry = self.state["replay"].get(pid)
        if entry is None:
            return ""
        score = entry.get("score", 0.0 if entry["due_n"] is not None else 1.0)
        if pid.startswith("own-") and pid not in self.state["puzzles"]:
            why = "Your own puzzle, saved from a mistake in a round you reviewed."
        else:
            why = ("A puzzle you missed comes back." if score == 0.0 else
                   "A puzzle you solved with a hint comes back, to be solved on your own."
                   if score < 1.0 else "A puzzle you solved before comes back, to check you "
                   "still know it.")
        # a missed puzzle waiting for other puzzles is at step 0; else the step is the
        # next interval's (the one a clean solve now schedules)
        left = REPLAY_DAYS[entry["step"]:]
        over = " A hint or a miss starts the schedule over." if entry["step"] else ""
        if not left:
            return f"{why} Solve it now without a hint and it counts as learned.{over}"
        then = f", then after {_listed(left[1:])} days" if len(left) > 1 else ""
        return (f"{why} Solve it now without a hint and it comes back {_when(left[0])}"
                f"{then}; after that it counts as learned.{over}")

    def _streak(self, score: float, today: int) -> None:
        """The streaks after an attempt: a clean solve adds to the run, anything else ends
        it; any solve (clean or hinted) counts for the day."""
        s = self.state["streak"]
        if score < 1.0:
            s["run"] = 0
        else:
            s["run"] += 1
            s["best_run"] = max(s["best_run"], s["run"])
        if score == 0.0:
            return
        if s["day"] != today:
            s["days"] = s["days"] + 1 if s["day"] == today - 1 else 1
            s["day"] = today
        s["best_days"] = max(s["best_days"], s["days"])

    # ------------------------------------------------------------------ showing
    def streak(self, now: float) -> dict[str, int]:
        """The streaks as of ``now``: ``run`` (solved in a row at the first try without a
        hint), ``days`` (days in a row with a puzzle solved, with or without a hint; 0 once
        a whole day has passed without one) and the bests."""
        s = self.state["streak"]
        today = self.day(now)
        days = s["days"] if s["day"] is not None and today - s["day"] <= 1 else 0
        return {"run": s["run"], "best_run": s["best_run"], "days": days,
                "best_days": s["best_days"]}

    def dashboard(self) -> list[dict[str, Any]]:
        """One row per theme tried, weakest first: ``theme``, ``label`` (words,
        :func:`theme_label`), ``tries``, ``solved``, ``performance`` (the rating these
        results show: the puzzles' average rating, plus 400 × (wins − losses) / tries) and
        ``standing`` in words."""
        rows = []
        for theme, t in self.state["themes"].items():
            n = t["tries"]
            if not n:
                continue
            perf = t["opp"] / n + 400.0 * (2.0 * t["score"] - n) / n
            share = t["score"] / n
            standing = ("strong" if share >= 0.8 and n >= 3 else
                        "needs practice" if share < 0.5 else "getting there")
            rows.append({"theme": theme, "label": theme_label(theme), "tries": n,
                         "solved": t["solved"], "performance": round(perf),
                         "standing": standing, "weakness": round(self.weakness(theme), 3)})
        rows.sort(key=lambda r: (-r["weakness"], r["theme"]))
        return rows

    def export(self) -> str:
        """The state as JSON text (what *Export* saves and :func:`load_state` reads)."""
        return json.dumps(self.state, indent=1, sort_keys=True, allow_nan=False)


# ---------------------------------------------------------------------- helpers
def _clock(now: float | None) -> float:
    """``now`` checked (seconds since 1970), or the clock."""
    if now is None:
        return time.time()
    if isinstance(now, bool) or not isinstance(now, (int, float)) or not math.isfinite(now) \
            or not 0 <= now < 1e11:
        raise ValueError(f"now: expected seconds since 1970, not {now!r}")
    return float(now)


def _score(result: Any) -> float:
    """The score of a result: one of :data:`RESULTS` or a number from 0 to 1."""
    if isinstance(result, str) and result in RESULTS:
        return RESULTS[result]
    if not isinstance(result, bool) and isinstance(result, (int, float)) and \
            0.0 <= result <= 1.0:
        return float(result)
    raise ValueError(f"result: expected {', '.join(map(repr, RESULTS))} (or a score from 0 "
                     f"to 1), not {result!r}")


def _when(days: int) -> str:
    """A replay's interval in words: "tomorrow", "in 3 days"."""
    return "tomorrow" if days == 1 else f"in {days} days"


def _listed(numbers: Iterable[int]) -> str:
    """Numbers in words: "3", "3 and 7", "3, 7 and 21"."""
    items = [str(n) for n in numbers]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
