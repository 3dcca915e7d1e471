"""The puzzle trainer: ratings, the next puzzle, the dashboard, replays, the daily puzzle.

The API (what every host uses: the notebook widget, the book's in-page engine and, later,
the class server)::

    trainer = Trainer(state, pool)          # state: new_state() or load_state(text)
    pick = trainer.next(now)                # -> Pick(id, reason): "replay", "daily", "new"
    done = trainer.record(pick.id, "win", now)   # "win" | "draw" | "loss" (or 1 / 0.5 / 0)
    trainer.dashboard()                     # one row per theme, weakest first
    trainer.export()                        # the state as JSON text (load_state reads it)

``now`` is seconds since 1970 (``time.time()``); days are counted in the learner's time
zone, ``utc_offset`` minutes east of UTC (given to the Trainer). The state is a plain
JSON object (:mod:`mtlearn.trainer.trainer_state`) changed in place by :meth:`Trainer.record` only.

How it works:

* **Ratings** (Glicko-2, :mod:`mtlearn.trainer.glicko2`): each attempt is one game between
  learner and puzzle, its own rating period; both are updated from their ratings before
  the game. A puzzle's rating starts from the rating its file gives, with a deviation of
  :data:`PUZZLE_RD`, and is stored in the learner's state. Days without an attempt widen
  the learner's deviation (one idle period per day).
* **The next puzzle**: a failed puzzle that is due comes first (replay); then puzzles
  near the learner's rating (within :data:`WINDOW`, widened until there are enough),
  not tried in the last :data:`RECENT` attempts, weighted by how badly the learner does
  on their themes (a theme's share of misses, smoothed so a new theme counts as half)
  and preferring puzzles never tried. The choice is random but seeded by the state's
  seed and the attempt count: the same state picks the same puzzle.
* **Replays**: a puzzle that is not solved cleanly (a loss or a draw) comes back after
  :data:`REPLAY_AFTER` other puzzles; solved then, it comes back after 1, 3, 7 and 21
  days (:data:`REPLAY_DAYS`), and after the last is learned; missed again, the schedule
  starts over.
* **The daily puzzle**: the same for everyone on a date (a hash of the date picks it from
  the pool, sorted by id, among puzzles rated :data:`DAILY_BAND`).
* **Streaks**, both kept: ``run``, puzzles solved in a row (cleanly), and ``days``, days in
  a row with at least one clean solve.

Standard library only (the in-page engine runs it unchanged).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..core.ruleids import RULES
from .glicko2 import Rating, idle, rate
from .trainer_state import MAX_HISTORY, new_state

__all__ = ["DAILY_BAND", "NOT_A_THEME", "PUZZLE_RD", "RECENT", "REPLAY_AFTER", "REPLAY_DAYS",
           "RESULTS", "VARIANT_THEMES", "WINDOW", "Entry", "Pick", "Pool", "Trainer", "day_of",
           "theme_label"]

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
    """Whole days since 1970-01-01 at ``now`` (seconds), ``utc_offset`` minutes east."""
    return int((now + utc_offset * 60) // 86400)


def date_of(day: int) -> str:
    """The ISO date of a day number."""
    return (_dt.date(1970, 1, 1) + _dt.timedelta(days=day)).isoformat()


#: The mined puzzles' table themes (the variant a puzzle is played under) in words. The
#: standard table is no theme: every puzzle without a variant is played under it.
VARIANT_THEMES = {
    "branching": "Variant: branching trains",
    "swan-drive": "Variant: Swan Drive",
    "teams": "Variant: partners",
    "answer-double": "Variant: answer your own double",
    "blanks-25": "Variant: blanks count 25",
}
NOT_A_THEME = frozenset({"standard"})


def theme_label(theme: str) -> str:
    """A theme in words: a rule's short title with its id, a variant, or a strategy theme
    spelt out."""
    if theme in RULES:
        return f"{RULES[theme][1]} ({theme})"
    if theme in VARIANT_THEMES:
        return VARIANT_THEMES[theme]
    return theme.replace("-", " ").replace("_", " ").capitalize()


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
    ``Pool(entries, loader)`` takes light entries (anything with ``id``, ``themes`` or
    ``all_themes``, ``rating``, ``level``, ``family``, ``kind``) and builds a puzzle only
    when it is shown. Pools add up: ``Pool.join(a, b)``.
    """

    def __init__(self, entries: Iterable[Any], loader: Callable[[str], Any]) -> None:
        self.entries: dict[str, Entry] = {}
        for e in entries:
            themes = getattr(e, "all_themes", None) or getattr(e, "themes", ()) or ()
            themes = tuple(t for t in themes if t not in NOT_A_THEME)
            self.entries[e.id] = Entry(e.id, themes, float(e.rating),
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
            puzzle).
    """

    def __init__(self, state: dict[str, Any] | None, pool: Pool, *, utc_offset: int = 0) -> None:
        if not len(pool):
            raise ValueError("the trainer needs at least one puzzle in its pool")
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
        """The learner's day number at ``now``."""
        return day_of(now, self.utc_offset)

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
        """Missed puzzles that are due now, most overdue first: (id, "count" or "days")."""
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
        import time

        now = time.time() if now is None else now
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
        """
        import time

        now = time.time() if now is None else now
        if pid not in self.pool:
            raise KeyError(f"no puzzle {pid!r} in the trainer's pool")
        score = RESULTS[result] if isinstance(result, str) else float(result)
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a result is win, draw or loss (or a score 0 to 1), not {result!r}")
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
        """The replay schedule after an attempt; when the puzzle comes back, in words."""
        rep = self.state["replay"]
        entry = rep.get(pid)
        if score < 1.0:
            rep[pid] = {"step": 0, "due_n": self.state["count"] + REPLAY_AFTER, "due_day": None}
            return f"after {REPLAY_AFTER} other puzzles"
        if entry is None:
            return None
        step = entry["step"]
        if step >= len(REPLAY_DAYS):
            del rep[pid]
            return None
        days = REPLAY_DAYS[step]
        rep[pid] = {"step": step + 1, "due_n": None, "due_day": today + days}
        return "tomorrow" if days == 1 else f"in {days} days"

    def _streak(self, score: float, today: int) -> None:
        s = self.state["streak"]
        if score < 1.0:
            s["run"] = 0
            return
        s["run"] += 1
        s["best_run"] = max(s["best_run"], s["run"])
        if s["day"] != today:
            s["days"] = s["days"] + 1 if s["day"] == today - 1 else 1
            s["day"] = today
        s["best_days"] = max(s["best_days"], s["days"])

    # ------------------------------------------------------------------ showing
    def streak(self, now: float) -> dict[str, int]:
        """The streaks as of ``now``: ``run`` (solved in a row), ``days`` (days in a row
        with a clean solve; 0 once a whole day has passed without one) and the bests."""
        s = self.state["streak"]
        today = self.day(now)
        days = s["days"] if s["day"] is not None and today - s["day"] <= 1 else 0
        return {"run": s["run"], "best_run": s["best_run"], "days": days,
                "best_days": s["best_days"]}

    def dashboard(self) -> list[dict[str, Any]]:
        """One row per theme tried, weakest first: ``theme``, ``label`` (words), ``tries``,
        ``solved``, ``performance`` (the rating these results show: the puzzles' average
        rating, plus 400 × (wins − losses) / tries) and ``standing`` in words."""
        rows = []
        for theme, t in self.state["themes"].items():
            n = t["tries"]
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
