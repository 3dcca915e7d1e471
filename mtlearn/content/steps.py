"""Checked "Try it" steps: small goals a live board ticks off as the learner plays.

A *step file* (``mtlearn/steps/<name>.json``, see docs/formats.md) lists steps, each a
text and a *check*: a predicate over what the engine did on the board, never a list of
right answers. A check names one kind of event and the details it must have::

    {"play": {"seat": "Ana", "tile": "4-1", "train": "1"}}
    {"refused": {"tile": "5-3", "train": "1", "rule": "R-TRAIN-1"}}
    {"any": [{"play": {"tile": "12-5", "train": "1"}}, {"play": {"tile": "12-5", "train": "M"}}]}

Event kinds (:data:`EVENTS`): ``play`` (a tile laid), ``refused`` (a move the engine
refused), ``draw``, ``pass``, ``marker_on`` (a pass put the player's marker on their
train), ``marker_off`` (a play on their own train took it back), ``cover`` (a double
covered), ``leave_open`` (a turn ended with a double still open), ``round_over`` (its
``seat``: the player who went out) and ``match_won`` (its ``seat``: a winner). Every
detail is optional; ``train`` may list several trains, and ``any`` composes checks.

:class:`StepLog` is what a board session keeps: the events of the game so far, each
stamped with the round and the number of moves made when it happened, so that an undo
drops the events of the moves it takes back (and so their ticks); the slips (hints taken
and refusals no step asked for) that :func:`stars` counts. The log travels in a board's
spec, so the in-page engine and the stored answers of a static page tick the same steps.
Standard library only (the in-page engine reads step data from JSON).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import MtlearnError, NotationError
from ..core.moves import Move
from ..core.notation import line_code, normal_line, parse_seat, train_code
from ..core.protocol import StepItem, StepsView
from ..core.tiles import Tile
from ..engine.game import Game
from ..present.perspective import Perspective
from .fields import Fields, plain_dashes, short
from .stars import stars_for

__all__ = ["EVENTS", "STEPS_DIR", "Check", "Step", "StepLog", "StepSet", "StepsError",
           "load_steps", "stars", "step_names"]

#: Where the bundled step files live: one JSON file per "Try it" board.
STEPS_DIR = Path(__file__).resolve().parent.parent / "steps"

#: The kinds of event a check may name, and the details each may carry.
EVENTS: dict[str, frozenset[str]] = {
    "play": frozenset({"seat", "tile", "train"}),
    "refused": frozenset({"seat", "tile", "train", "rule"}),
    "draw": frozenset({"seat"}),
    "pass": frozenset({"seat"}),
    "marker_on": frozenset({"seat"}),
    "marker_off": frozenset({"seat"}),
    "cover": frozenset({"seat", "tile", "train"}),
    "leave_open": frozenset({"seat", "train"}),
    "round_over": frozenset({"seat"}),
    "match_won": frozenset({"seat"}),
}

#: The most steps a board may carry, and the longest step text.
MAX_STEPS, MAX_TEXT = 40, 400
_ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


class StepsError(MtlearnError):
    """A step file (or a board spec's steps) that cannot be read: names the file and field."""


def stars(slips: int) -> int:
    """The stars for a board whose steps are all done: 3 with no slip (a hint taken, or a
    refused move that no step asked for), 2 with one, 1 with more: the puzzles' rule
    (:func:`~mtlearn.content.stars.stars_for` with a par of 0)."""
    return stars_for(slips, 0)


# ---------------------------------------------------------------------- the records
@dataclass(frozen=True)
class Check:
    """One predicate: an event of ``kind`` with these details (None: any)."""

    kind: str
    seat: int | None = None
    tile: Tile | None = None
    trains: tuple[str, ...] = ()
    rule: str | None = None

    def matches(self, event: dict[str, Any]) -> bool:
        """True if ``event`` (a :class:`StepLog` event) is one this check asks for."""
        if event["k"] != self.kind:
            return False
        if self.seat is not None and event.get("seat") != self.seat:
            return False
        if self.tile is not None and event.get("tile") != str(self.tile):
            return False
        if self.trains and event.get("train") not in self.trains:
            return False
        return self.rule is None or event.get("rule") == self.rule


@dataclass(frozen=True)
class Step:
    """A step: its ``id``, the ``text`` the learner reads and the checks (any one does).

    ``keep``: the tick stays when the moves that earned it are undone (for a step whose
    board then asks the learner to undo and try another way)."""

    id: str
    text: str
    checks: tuple[Check, ...]
    keep: bool = False

    def done_by(self, event: dict[str, Any]) -> bool:
        """True if ``event`` completes this step."""
        return any(c.matches(event) for c in self.checks)


@dataclass(frozen=True)
class StepSet:
    """The steps of one board, read from data (``data`` is kept for the board's spec)."""

    name: str
    steps: tuple[Step, ...]
    data: tuple[dict[str, Any], ...]

    @classmethod
    def from_data(cls, data: Any, game: Game, *, source: str, name: str = "") -> StepSet:
        """Read step records (the ``steps`` list of a step file) for ``game``: seats are
        players' names or numbers from 1, trains ``M`` or seat numbers. Raises
        :class:`StepsError` naming ``source`` and the field."""
        def fail(path: tuple[Any, ...], problem: str) -> Exception:
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
            return StepsError(f"{source}: steps{where}: {problem}")

        f = Fields(fail)
        if not isinstance(data, list) or not data:
            raise fail((), "must be a non-empty list of steps")
        if len(data) > MAX_STEPS:
            raise fail((), f"{len(data)} steps; a board carries at most {MAX_STEPS}")
        steps: list[Step] = []
        for i, raw in enumerate(data):
            if not isinstance(raw, dict):
                raise fail((i,), f"must be a mapping with id, text and check, not {short(raw)}")
            extra = sorted(set(raw) - {"id", "text", "check", "keep"})
            if extra:
                raise fail((i, extra[0]), "is not a field of a step (id, text, check, keep)")
            sid = f.text(raw.get("id"), (i, "id"))
            if not set(sid) <= _ID_CHARS:
                raise fail((i, "id"), f"{short(sid)}: use lower-case letters, digits and -")
            if any(s.id == sid for s in steps):
                raise fail((i, "id"), f"{short(sid)} is the id of another step")
            text = f.text(raw.get("text"), (i, "text"))
            if len(text) > MAX_TEXT:
                raise fail((i, "text"), f"{len(text)} characters; at most {MAX_TEXT}")
            checks = _checks(f, raw.get("check"), (i, "check"), game)
            keep = f.boolean(raw.get("keep", False), (i, "keep"))
            steps.append(Step(sid, text, checks, keep))
        return cls(name, tuple(steps), tuple(dict(r) for r in data))


def _checks(f: Fields, raw: Any, path: tuple[Any, ...], game: Game) -> tuple[Check, ...]:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise f.fail(path, "must be a mapping with one key: an event ("
                     + ", ".join(EVENTS) + ") or any")
    (kind, details), = raw.items()
    if kind == "any":
        if not isinstance(details, list) or not details:
            raise f.fail((*path, "any"), "must be a non-empty list of checks")
        out: list[Check] = []
        for i, sub in enumerate(details):
            out.extend(_checks(f, sub, (*path, "any", i), game))
        return tuple(out)
    f.choice(kind, path, [*EVENTS, "any"], "an event:")
    where = (*path, kind)
    details = {} if details is None else details
    if not isinstance(details, dict):
        raise f.fail(where, f"must be a mapping of details ({', '.join(sorted(EVENTS[kind]))})"
                     f" or null, not {short(details)}")
    extra = sorted(set(details) - EVENTS[kind])
    if extra:
        raise f.fail((*where, extra[0]), f"is not a detail of {kind} (use "
                     f"{', '.join(sorted(EVENTS[kind]))})")
    seat = tile = rule = None
    trains: tuple[str, ...] = ()
    if "seat" in details:
        try:
            seat = parse_seat(details["seat"], game.n, players=game.players)
        except (NotationError, ValueError, TypeError) as e:
            raise f.fail((*where, "seat"), f"{short(details['seat'])}: {e}") from None
    if "tile" in details:
        value = details["tile"]
        try:
            tile = Tile.parse(plain_dashes(value)) if isinstance(value, str) else None
        except ValueError:
            tile = None
        if tile is None or tile.high > game.set_max:
            raise f.fail((*where, "tile"), f"{short(value)} is not a tile of a double-"
                         f"{game.set_max} set (write it like 4-1)")
    if "train" in details:
        value = details["train"]
        items = value if isinstance(value, list) else [value]
        codes = []
        for i, item in enumerate(items):
            at = (*where, "train", i) if isinstance(value, list) else (*where, "train")
            try:
                codes.append(normal_line(str(item).strip(), game.n))
            except (NotationError, ValueError) as e:
                raise f.fail(at, f"{short(item)}: {e}") from None
        if not codes:
            raise f.fail((*where, "train"), "list at least one train")
        trains = tuple(codes)
    if "rule" in details:
        rule = f.rule_id(details["rule"], (*where, "rule"))
    return (Check(kind, seat, tile, trains, rule),)


# ---------------------------------------------------------------------- files
def step_names() -> list[str]:
    """The names of the bundled step files (``ch4-private-or-public``…), sorted."""
    return sorted(p.stem for p in STEPS_DIR.glob("*.json"))


def load_steps(names: str | list[str] | tuple[str, ...], game: Game) -> StepSet:
    """The bundled steps called ``names`` (one name or a list, read in order), for ``game``.

    Raises :class:`StepsError` naming the file and the field for a file that is missing,
    not JSON, or holds a step that is not well formed."""
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, (list, tuple)) or not names or \
            not all(isinstance(n, str) for n in names):
        raise StepsError(f"steps: name a step file or list them, not {short(names)} "
                         f"(bundled: {', '.join(step_names())})")
    data: list[Any] = []
    for name in names:
        if not name or not set(name) <= _ID_CHARS:
            raise StepsError(f"steps: {short(name)} is not a step file's name "
                             "(lower-case letters, digits and -)")
        path = STEPS_DIR / f"{name}.json"
        source = f"mtlearn/steps/{name}.json"
        if not path.is_file():
            raise StepsError(f"steps: no step file {source} (bundled: "
                             f"{', '.join(step_names())})")
        data.extend(_read_file(path.read_text(encoding="utf-8"), source, name))
    label = "+".join(names)
    return StepSet.from_data(data, game, source=", ".join(f"mtlearn/steps/{n}.json"
                                                           for n in names), name=label)


def _read_file(text: str, source: str, name: str) -> list[Any]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise StepsError(f"{source}: line {e.lineno}: not valid JSON ({e.msg})") from None
    if not isinstance(doc, dict) or set(doc) - {"id", "board", "steps", "solution"}:
        raise StepsError(f"{source}: must be an object with id, board, steps and (optional) "
                         "solution")
    if doc.get("id") != name:
        raise StepsError(f"{source}: id: {short(doc.get('id'))} must be the file's name "
                         f"{name!r}")
    steps = doc.get("steps")
    if not isinstance(steps, list):
        raise StepsError(f"{source}: steps: must be a list of steps, not {short(steps)}")
    return steps


# ---------------------------------------------------------------------- the log
class StepLog:
    """The steps of one board and what happened on it: events in, ticks and stars out."""

    def __init__(self, steps: StepSet) -> None:
        self.steps = steps
        self.events: list[dict[str, Any]] = []
        self.slips = 0
        self.kept: set[str] = set()  # steps with keep, ticked before an undo

    # -- recording -------------------------------------------------------------------
    def before(self, game: Game) -> tuple[Any, ...]:
        """What :meth:`moved` compares against: the markers and open doubles before a move."""
        return (tuple(game.train(i).marker for i in range(game.n)),
                tuple(game.open_double_trains))

    def moved(self, game: Game, seat: int, move: Move, before: tuple[Any, ...]) -> None:
        """Record the events of ``move``, just played by ``seat`` (``before`` from
        :meth:`before`)."""
        markers, doubles = before
        stamp = {"r": game.round_no, "at": len(game.history), "seat": seat}
        out: list[dict[str, Any]] = []
        if move.kind == "play" and move.tile is not None and move.train is not None:
            code = line_code(move.train, move.branch)
            out.append({"k": "play", "tile": str(move.tile), "train": code})
            if move.train in doubles and move.train not in game.open_double_trains:
                out.append({"k": "cover", "tile": str(move.tile), "train": code})
            if markers[seat] and not game.train(seat).marker:
                out.append({"k": "marker_off"})
        elif move.kind in ("draw", "pass"):
            out.append({"k": move.kind})
            if move.kind == "pass" and not markers[seat] and game.train(seat).marker:
                out.append({"k": "marker_on"})
        turn_over = game.is_round_over or game.current != seat
        if turn_over and game.open_double_trains:
            for key in game.open_double_trains:
                out.append({"k": "leave_open", "train": train_code(key)})
        if game.is_round_over:
            out.append({"k": "round_over", "seat": game.out})
            if game.is_match_over:
                out.extend({"k": "match_won", "seat": w} for w in game.winners)
        self.events.extend({**stamp, **e} for e in out)

    def refused(self, game: Game, move: Any, rule: str | None) -> None:
        """Record a move the engine refused (``move`` as the learner sent it); a refusal
        that no step asks for is a slip."""
        tile = train = None
        try:
            m = Move.parse(move) if isinstance(move, (str, Move)) else None
        except (NotationError, ValueError):
            m = None
        if m is not None and m.kind == "play" and m.tile is not None:
            tile = str(m.tile)
            if m.train is not None:
                train = line_code(m.train, m.branch)
        event = {"r": game.round_no, "at": len(game.history), "seat": game.current,
                 "k": "refused", "tile": tile, "train": train, "rule": rule}
        if not any(s.done_by(event) for s in self.steps.steps):
            self.slips += 1
        self.events.append(event)

    def hint(self) -> None:
        """A hint was taken: a slip."""
        self.slips += 1

    def undone(self, game: Game) -> None:
        """Drop the events of moves taken back (an undo): their ticks go with them."""
        r, n = game.round_no, len(game.history)
        self.kept |= {s.id for s, d in zip(self.steps.steps, self.done(), strict=True)
                      if d and s.keep}
        self.events = [e for e in self.events if e["r"] < r or (e["r"] == r and e["at"] <= n)]

    # -- reading ---------------------------------------------------------------------
    def done(self) -> list[bool]:
        """For each step, whether an event of the log completes it."""
        return [s.id in self.kept or any(s.done_by(e) for e in self.events)
                for s in self.steps.steps]

    def view(self, seen: Perspective) -> StepsView:
        """The ``steps`` entry of a board's view: ``items`` (``id``, ``text``, ``done``),
        ``done`` and ``total`` counts, ``slips`` and ``stars`` (null until every step is
        done). Texts pass through the perspective's guard."""
        done = self.done()
        items: list[StepItem] = [{"id": s.id, "text": seen.guard(s.text), "done": d}
                 for s, d in zip(self.steps.steps, done, strict=True)]
        return {"name": self.steps.name, "items": items, "done": sum(done),
                "total": len(done), "slips": self.slips,
                "stars": stars(self.slips) if all(done) else None}

    # -- hand-over -------------------------------------------------------------------
    def to_spec(self) -> dict[str, Any]:
        """JSON-compatible: the step records, the events and the slips."""
        return {"name": self.steps.name, "steps": [dict(d) for d in self.steps.data],
                "events": [dict(e) for e in self.events], "slips": self.slips,
                "kept": sorted(self.kept)}

    @classmethod
    def from_spec(cls, spec: Any, game: Game) -> StepLog:
        """The log :meth:`to_spec` described, every field checked (StepsError naming it)."""
        where = "spec.steps"
        if not isinstance(spec, dict) or \
                set(spec) - {"name", "steps", "events", "slips", "kept"}:
            raise StepsError(f"{where}: expected an object with name, steps, events and "
                             f"slips, not {short(spec)}")
        name = spec.get("name", "")
        if not isinstance(name, str):
            raise StepsError(f"{where}.name: expected text, not {short(name)}")
        log = cls(StepSet.from_data(spec.get("steps"), game, source=where, name=name))
        slips = spec.get("slips", 0)
        if not isinstance(slips, int) or isinstance(slips, bool) or not 0 <= slips < 10**6:
            raise StepsError(f"{where}.slips: expected a whole number, not {short(slips)}")
        log.slips = slips
        events = spec.get("events", [])
        if not isinstance(events, list) or len(events) > 100_000:
            raise StepsError(f"{where}.events: expected a list of events, not {short(events)}")
        log.events = [_event(e, f"{where}.events[{i}]", game) for i, e in enumerate(events)]
        kept = spec.get("kept", [])
        ids = {s.id for s in log.steps.steps}
        if not isinstance(kept, list) or not all(isinstance(k, str) and k in ids for k in kept):
            raise StepsError(f"{where}.kept: expected a list of this board's step ids, not "
                             f"{short(kept)}")
        log.kept = set(kept)
        return log


def _event(e: Any, where: str, game: Game) -> dict[str, Any]:
    """An event of a spec, checked: each key of the right type."""
    if not isinstance(e, dict) or e.get("k") not in EVENTS or \
            set(e) - {"k", "r", "at", "seat", "tile", "train", "rule"}:
        raise StepsError(f"{where}: not an event of a step log: {short(e)}")
    for key in ("r", "at"):
        v = e.get(key)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise StepsError(f"{where}.{key}: expected a whole number, not {short(v)}")
    seat = e.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                             or not 0 <= seat < game.n):
        raise StepsError(f"{where}.seat: {short(seat)} is not a seat of this game")
    for key in ("tile", "train", "rule"):
        v = e.get(key)
        if v is not None and (not isinstance(v, str) or len(v) > 40):
            raise StepsError(f"{where}.{key}: expected a short text or null, not {short(v)}")
    return dict(e)
