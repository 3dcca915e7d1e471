"""The trainer as a session of the hosts' protocol: the puzzle judged by the puzzle
machinery, the attempt recorded by the trainer, the next puzzle chosen.

:class:`TrainerSession` serves the one trainer front end (``static/js/trainer.js``) in every
host: the notebook widget :class:`mtlearn.jupyter.Trainer` calls it in the kernel, the book's
in-page engine opens it by kind (``{"op": "open", "kind": "trainer", "spec": …}``,
:class:`~mtlearn.hosts.session_host.SessionHost`). The puzzle on the board is a
:class:`~mtlearn.content.puzzles.PuzzleSession` (one engine, one truth); this class only
watches its verdicts:

* the first ``wrong`` or ``illegal`` answer, or asking to see the answer, records a
  **loss**; a ``right`` answer with no slip before it records a **win**, or a **draw** if
  a hint was opened first (``{"action": "hint", "n": 1}``): hints are there to learn
  from, so they cost half a game rather than the whole, and a puzzle solved after one is
  not called missed (it comes back tomorrow, to be solved without help: the replays of
  :mod:`mtlearn.trainer.trainer`). An attempt is recorded once; the learner may go on to
  solve a puzzle they missed, which counts for nothing more.
* a puzzle coming back on its schedule carries a notice saying why and what happens next
  from that point (:meth:`~mtlearn.trainer.trainer.Trainer.replay_notice`).
* ``next`` shows the next puzzle (:meth:`~mtlearn.trainer.trainer.Trainer.next`), ``daily``
  today's daily puzzle, ``import`` replaces the state with a trainer file (refused, with
  the field named and nothing changed, if it is bad), the learner's own puzzles of the
  state it replaces kept (joined to the file's, as :meth:`TrainerSession.from_spec` joins
  a page's); a puzzle left unanswered records nothing, and the puzzle is not offered
  again in this session.

Intents are the puzzle's (``answer``, ``move``, ``restart``, ``show``) and the trainer's
(:data:`~mtlearn.core.protocol_trainer.TrainerIntent`); every answer carries the ``trainer`` key
(:class:`~mtlearn.core.protocol.TrainerInfo`), whose ``state`` is what the page keeps.
Standard library only.
"""

from __future__ import annotations

import functools
import json
import re
import time
from collections.abc import Callable
from typing import Any, ClassVar, cast

from ..content.puzzle_record import PuzzleError
from ..content.puzzle_session import PuzzleSession
from ..content.puzzles import Puzzle, from_data
from ..core.errors import MtlearnError, SessionError
from ..core.protocol import TrainerAnswer, TrainerInfo
from ..core.protocol_check import check_intent
from ..core.protocol_trainer import TrainerIntent
from ..core.words import one_line
from .trainer import Entry, Pick, Pool, date_of, puzzle_themes
from .trainer import Trainer as TrainerModel
from .trainer_state import MAX_OWN, TrainerStateError, add_own, load_state, new_state

__all__ = ["MAX_POOL", "MAX_SKIPPED", "TrainerSession", "bundled_pool", "default_pool",
           "mined_pool", "own_puzzles", "with_own"]

#: The most puzzles a spec may carry as data.
MAX_POOL = 500
#: Puzzles skipped in a session that are not offered again in it (the latest ones).
MAX_SKIPPED = 50


def bundled_pool() -> Pool:
    """The hand-written puzzles (read from their YAML files: needs PyYAML)."""
    from ..content.puzzles import bundled

    return Pool.of(bundled())


def mined_pool() -> Pool | None:
    """The mined puzzles shipped with mtlearn (``mtlearn.content.mined``), or None when
    this copy of mtlearn has none. Each puzzle's themes are the ones its card names, as
    for a hand-written puzzle (:func:`~mtlearn.trainer.trainer.puzzle_themes`): the index
    holds its strategy themes and table, the rules it teaches are read from its line."""
    try:
        from ..content import mined
    except ImportError:
        return None
    try:
        entries = mined.mined_index()
        teaches = _mined_teaches()
    except (OSError, ValueError):
        return None
    if not entries:
        return None
    light = [Entry(e.id, puzzle_themes(_Themes(teaches.get(e.id, ()), e.themes)), e.rating,
                   e.level, e.family, e.kind) for e in entries]
    return Pool(light, mined.mined_puzzle)


class _Themes:
    """What :func:`puzzle_themes` reads of a mined puzzle: its rules and strategy themes."""

    def __init__(self, teaches: tuple[str, ...], themes: tuple[str, ...]) -> None:
        self.teaches, self.themes = teaches, themes


_LINE_ID = re.compile(r'\{"id": ?"([A-Za-z0-9-]+)"')
_TEACHES = re.compile(r'"teaches": ?\[((?:"[A-Za-z0-9-]+",? ?)*)\]')
_WORD = re.compile(r'"([A-Za-z0-9-]+)"')


@functools.cache
def _mined_teaches() -> dict[str, tuple[str, ...]]:
    """The rules each shipped mined puzzle teaches, by id, read from the mined file's lines
    (a regular expression a line, as the index is read: no puzzle is built); read once."""
    from importlib import resources

    from ..content import mined

    f = resources.files("mtlearn") / mined.MINED_FILE
    if not f.is_file():
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for line in mined.read_lines(f.read_bytes()):
        pid, rules = _LINE_ID.match(line), _TEACHES.search(line)
        if pid is not None and rules is not None:
            out[pid.group(1)] = tuple(_WORD.findall(rules.group(1)))
    return out


def default_pool(*, hand_written: Pool | None = None, mined: bool = True) -> Pool:
    """The trainer's pool: the hand-written puzzles (or ``hand_written``) and, with
    ``mined``, the mined ones when shipped. The one place the pools are joined."""
    pools = [hand_written if hand_written is not None else bundled_pool()]
    if mined:
        extra = mined_pool()
        if extra is not None:
            pools.append(extra)
    return pools[0] if len(pools) == 1 else Pool.join(*pools)


def own_puzzles(state: dict[str, Any]) -> list[Puzzle]:
    """The learner's own puzzles a trainer state holds (mistakes of reviewed rounds saved
    as puzzles: :mod:`mtlearn.trainer.own_puzzles`), each read as a puzzle file; one that
    no longer reads is left out."""
    out = []
    for pid, record in (state.get("own") or {}).items():
        try:
            out.append(from_data(record, pid))
        except PuzzleError:
            continue
    return out


def with_own(pool: Pool, state: dict[str, Any]) -> Pool:
    """``pool`` and the learner's own puzzles in ``state`` (served like the others)."""
    own = [p for p in own_puzzles(state) if p.id not in pool]
    return Pool.join(pool, Pool.of(own)) if own else pool


def _own_from_spec(items: Any) -> list[dict[str, Any]]:
    """The own puzzles a page kept for the trainer (``spec.own``: records saved from a
    reviewed round), those that read as puzzle files."""
    if items is None:
        return []
    if not isinstance(items, list) or len(items) > MAX_OWN:
        raise SessionError(f"spec.own: expected a list of at most {MAX_OWN} puzzle records")
    out = []
    for record in items:
        if isinstance(record, dict) and str(record.get("id", "")).startswith("own-"):
            try:
                from_data(record, str(record["id"]))
            except PuzzleError:
                continue
            out.append(record)
    return out


def _pool_from_data(items: Any) -> Pool:
    """A pool from ``[{"data": <puzzle file>, "source": name}, …]`` (a page's copy)."""
    if not isinstance(items, list) or not items or len(items) > MAX_POOL:
        raise SessionError(f"spec.pool: expected a list of 1 to {MAX_POOL} puzzles "
                           "({\"data\": …, \"source\": …})")
    puzzles = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("data"), dict):
            raise SessionError(f"spec.pool[{i}]: expected {{\"data\": {{…}}, \"source\": …}}")
        source = item.get("source")
        puzzles.append(from_data(item["data"], str(source or f"pool[{i}]")[:200]))
    return Pool.of(puzzles)


def _now(value: Any) -> float:
    if value is None:
        return time.time()
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not 0 <= value < 1e11:
        raise SessionError(f"now: expected seconds since 1970, not {one_line(repr(value))}")
    return float(value)


class TrainerSession:
    """The trainer served to a front end (see the module docs).

    Args:
        trainer: the learner's trainer (its state changes as attempts are recorded).
        now: the time of the first pick (seconds; default: the clock).
        on_change: called with the state after every change (the widget saves it).
    """

    kind: ClassVar[str] = "trainer"

    def __init__(self, trainer: TrainerModel, *, now: float | None = None,
                 on_change: Callable[[dict[str, Any]], None] | None = None,
                 notice: str | None = None) -> None:
        self.trainer = trainer
        self.on_change = on_change
        self.result: dict[str, Any] | None = None
        self.notice = notice
        self.serial = 0
        self.skipped: list[str] = []
        self._open(trainer.next(_now(now)), _now(now))

    @classmethod
    def from_spec(cls, spec: Any) -> TrainerSession:
        """A session from ``{"state": <a trainer state> or null, "pool": [<puzzle data>…]
        or null (the bundled puzzles), "mined": true, "utc_offset": minutes, "now":
        seconds, "own": [<own puzzle records kept by the page>] or null}``. A bad state is
        refused, naming the field; own puzzles not yet in the state join it (scheduled)."""
        if not isinstance(spec, dict):
            raise SessionError("a trainer session spec is an object ({\"state\": …, "
                               "\"pool\": …})")
        offset = spec.get("utc_offset", 0)
        if isinstance(offset, bool) or not isinstance(offset, int) or abs(offset) > 24 * 60:
            raise SessionError(f"spec.utc_offset: minutes east of UTC (-1440 to 1440), not "
                               f"{one_line(repr(offset))}")
        raw = spec.get("state")
        try:
            state = new_state() if raw is None else load_state(raw, "spec.state")
        except TrainerStateError as e:
            raise SessionError(str(e)) from None
        for record in _own_from_spec(spec.get("own")):
            add_own(state, record)
        hand = None if spec.get("pool") is None else _pool_from_data(spec["pool"])
        pool = with_own(default_pool(hand_written=hand, mined=spec.get("mined", True) is True),
                        state)
        return cls(TrainerModel(state, pool, utc_offset=offset), now=_now(spec.get("now")))

    # ------------------------------------------------------------------ the puzzle
    def _open(self, pick: Pick, now: float) -> None:
        self.pick = pick
        self.serial += 1
        self.puzzle: Puzzle = self.trainer.pool.puzzle(pick.id)
        self.session = PuzzleSession(self.puzzle)
        self.recorded = False
        self.hinted = False
        self.now = now

    def _record(self, result: str, now: float) -> None:
        if self.recorded:
            return
        self.recorded = True
        out = self.trainer.record(self.pick.id, result, now, daily=self.pick.reason == "daily")
        self.result = {"id": self.pick.id, "score": {"win": 1.0, "draw": 0.5}.get(result, 0.0),
                       "rating": out["rating"], "change": out["change"],
                       "replay": out["replay"]}
        if self.on_change is not None:
            self.on_change(self.trainer.state)

    # ------------------------------------------------------------------ intents
    def state(self) -> TrainerAnswer:
        """Everything the trainer's view draws now."""
        return self.state_at(self.now)

    def handle(self, intent: Any) -> TrainerAnswer:
        """Answer one intent (see the module docs). A malformed intent, or a bad file to
        import, raises SessionError and changes nothing."""
        if not isinstance(intent, dict):
            raise SessionError(f"not an intent: {one_line(repr(intent))} (expected an object "
                               "with an \"action\")")
        check_intent(intent, TrainerIntent)   # the protocol's types: fields and their kinds
        saved = json.dumps(self.trainer.state)
        kept = (self.pick, self.puzzle, self.session, self.recorded, self.hinted,
                self.result, self.notice, self.serial, list(self.skipped), self.trainer.pool)
        try:
            return self._handle(intent.get("action"), intent)
        except Exception as e:
            self.trainer.state = json.loads(saved)
            (self.pick, self.puzzle, self.session, self.recorded, self.hinted,
             self.result, self.notice, self.serial, self.skipped, self.trainer.pool) = kept
            if isinstance(e, MtlearnError):
                raise SessionError(str(e)) from None
            raise SessionError(f"internal error in the trainer: {type(e).__name__}: "
                               f"{one_line(str(e))}; nothing was changed") from None

    def _handle(self, action: Any, intent: dict[str, Any]) -> TrainerAnswer:
        now = _now(intent.get("now"))
        if action in ("answer", "move", "restart", "show"):
            # the puzzle's own intent: the trainer's clock is the trainer's
            out = self.session.handle({k: v for k, v in intent.items() if k != "now"})
            fb = out.get("feedback")
            status = fb.get("status") if isinstance(fb, dict) else None
            if action == "show" or status in ("wrong", "illegal"):
                self._record("loss", now)
            elif status == "right":
                self._record("draw" if self.hinted else "win", now)
            self.notice = None
            return cast(TrainerAnswer, {**out, "trainer": self.info(now)})
        if action == "hint":
            n = intent.get("n")
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 10:
                raise SessionError(f"hint: n is the hint opened (1 to 10), not "
                                   f"{one_line(repr(n))}")
            if not self.recorded:
                self.hinted = True
            return {"trainer": self.info(now)}
        if action in ("next", "daily"):
            t = self.trainer
            if not self.recorded:          # skipped: not offered again in this session
                self.skipped = [*self.skipped, self.pick.id][-MAX_SKIPPED:]
            pick = (Pick(t.daily(now), "daily") if action == "daily"
                    else t.next(now, exclude=self.skipped))
            self._open(pick, now)
            self.result = None
            self.notice = None
            return self.state_at(now)
        if action == "import":
            text = intent.get("text")
            if not isinstance(text, str):
                raise SessionError("import: the file's text is missing")
            try:
                state = load_state(text, "the trainer file")
            except TrainerStateError as e:
                raise SessionError(f"Import refused, your progress is unchanged. {e}") \
                    from None
            # the learner's own puzzles kept here join the file's (once each, at most
            # MAX_OWN: add_own), as the page's kept ones join a state it opens (from_spec)
            mine = [r for r in (self.trainer.state.get("own") or {}).values()
                    if add_own(state, r)]
            self.trainer.state = state
            self.trainer.pool = with_own(self.trainer.pool, state)  # the file's served too
            self._open(self.trainer.next(now), now)
            self.result = None
            kept = len([r for r in mine if r["id"] in state.get("own", {})])
            self.notice = (f"Progress imported: {state['count']} puzzles tried, rating "
                           f"{round(state['learner'][0])}" + (
                               f"; your {kept} own puzzle{'s' if kept > 1 else ''} from "
                               "here kept too." if kept else "."))
            if self.on_change is not None:
                self.on_change(state)
            return self.state_at(now)
        if action in ("progress", "reset"):
            return {"trainer": self.info(now)}       # stars are kept by the page
        raise SessionError(f"unknown action {one_line(repr(action))}: use answer, move, "
                           "restart, show, hint, next, daily or import")

    def state_at(self, now: float) -> TrainerAnswer:
        """:meth:`state` at ``now`` (the streak and the daily puzzle depend on the date)."""
        return cast(TrainerAnswer, {**self.session.state(), "solution": None,
                                    "puzzle": self.puzzle.info(), "trainer": self.info(now)})

    # ------------------------------------------------------------------ the view
    def info(self, now: float | None = None) -> TrainerInfo:
        """The trainer's keys: rating, streaks, dashboard, the puzzle and why, the last
        result, the daily puzzle, a notice, and the state to save."""
        now = self.now if now is None else now
        t = self.trainer
        me = t.rating
        daily_id = t.daily(now)
        notice = self.notice
        if notice is None and self.pick.reason == "replay" and not self.recorded:
            notice = t.replay_notice(self.pick.id) or None
        return {
            "rating": round(me.rating), "rd": round(me.rd), "provisional": me.rd > 110,
            "games": t.state["count"], "streak": cast(Any, t.streak(now)),
            "dashboard": cast(Any, t.dashboard()),
            "current": {"id": self.pick.id, "serial": self.serial, "title": self.puzzle.title,
                        "reason": cast(Any, self.pick.reason),
                        "rating": round(t.puzzle_rating(self.pick.id).rating)},
            "result": cast(Any, self.result), "notice": notice,
            "daily": {"id": daily_id, "title": t.pool.puzzle(daily_id).title,
                      "date": date_of(t.day(now)), "done": t.daily_done(now)},
            "due": len(t.due(now)), "pool": len(t.pool),
            "state": t.state,
        }
