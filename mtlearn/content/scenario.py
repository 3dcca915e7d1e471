"""Scripted scenarios: a position and a list of moves with narration, replayed by the engine.

A scenario is one YAML file (read with PyYAML's safe loader)::

    id: marker-basics
    title: Marking your train
    family: markers            # opening | doubles | markers | scoring | variants
    teaches: [R-MARK-2, R-MARK-1]
    summary: What happens when you cannot play.
    rules: {preset: standard}  # a preset and option overrides
    perspective: null          # a seat (1-based) whose hand alone is shown, or null
    position:                  # the engine's position format (see Game.from_position)
      set: 12
      players: [Ana, Ben]
      hands: [["12-5"], ["3-4", "7-8"]]
      boneyard: {top: ["1-2"], rest: sorted}
    intro: Ana starts.          # narration of the starting frame
    steps:
      - move: 12-5@1            # the engine's move notation
        say: Ana starts her train.
        highlight: {tiles: ["12-5"], trains: ["1"]}
        check:                  # optional: facts that must hold after the move
          to_play: Ben
          legal: [draw]
          illegal: {"3-4@1": R-MARK-1}

Loading replays every step through the engine. A move the engine refuses, a check
that does not hold, or a malformed file raises :class:`ScenarioError`, which names
the file, the line and the field; nothing else escapes for a bad file. The YAML
reader (:mod:`mtlearn.content.scenario_yaml`) refuses duplicate keys (naming both lines) and
bounds what a file from elsewhere can cost: aliases may expand to at most
:data:`MAX_NODES` values, values nest at most :data:`MAX_DEPTH` levels, and a file
holds at most :data:`MAX_BYTES`. This module checks the fields and replays the steps:
highlights are checked against the position and ``teaches`` against the rule table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.errors import IllegalMoveError, NotationError, PositionError, RulesError
from ..core.moves import Move
from ..core.notation import normal_line, parse_seat, train_code
from ..core.protocol import View
from ..core.rules import Rules
from ..core.tiles import Tile
from ..engine.game import Game
from ..present.view import view
from .fields import Fields, plain_dashes
from .scenario_yaml import MAX_BYTES as MAX_BYTES
from .scenario_yaml import MAX_DEPTH as MAX_DEPTH
from .scenario_yaml import MAX_NODES as MAX_NODES
from .scenario_yaml import (
    Reader,
    ScenarioError,
    path_text,
    read_bundled,
    read_file,
    short,
    where_to_path,
)
from .tile_words import orientation_notes

__all__ = ["FAMILIES", "Scenario", "ScenarioError", "Step", "bundled", "get", "load",
           "load_text"]

#: Scenario families, in teaching order.
FAMILIES = {
    "opening": "Opening trains",
    "doubles": "Open doubles",
    "markers": "Marker rules",
    "scoring": "End of round and scoring",
    "variants": "Variant rules",
}
_TOP = {"id", "title", "family", "teaches", "summary", "rules", "perspective", "position",
        "intro", "steps"}
_STEP = {"move", "say", "highlight", "check"}
_CHECKS = {"to_play", "legal", "illegal", "not_legal", "markers", "open_doubles", "scores",
           "totals", "over", "blocked", "winners", "hand_counts", "boneyard", "out",
           "team_totals"}
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class Step:
    """One scripted move with its narration, highlights and checks."""

    move: Move
    say: str
    highlight: dict[str, list[str]] = field(default_factory=dict)
    check: dict[str, Any] = field(default_factory=dict)
    line: int | None = None


@dataclass
class Scenario:
    """A replayed scenario: its metadata and one game state per frame.

    ``games[0]`` is the starting position and ``games[k]`` the position after step k.
    ``warnings`` are problems that do not stop the scenario from replaying, one line each
    (file, line, field): today, a tile the narration writes the other way round from the
    board of its frame (see :mod:`mtlearn.content.tile_words`). ``mtlearn check`` prints them.
    """

    id: str
    title: str
    family: str
    teaches: list[str]
    summary: str
    rules: Rules
    perspective: int | None
    intro: str
    steps: list[Step]
    games: list[Game]
    source: str
    warnings: list[str] = field(default_factory=list)

    def frames(self, *, verdicts: bool = False) -> list[View]:
        """The JSON views of every frame, each with its narration and step label."""
        out = []
        total = len(self.steps)
        for k, game in enumerate(self.games):
            if k == 0:
                say, hl = self.intro, {}
            else:
                step = self.steps[k - 1]
                say, hl = step.say, step.highlight
            v = view(game, perspective=self.perspective, highlights=hl, narration=say,
                     verdicts=verdicts)
            v["step"] = "Start" if k == 0 else f"Step {k} of {total}"
            v["move"] = None if k == 0 else str(self.steps[k - 1].move)
            out.append(v)
        return out

    @property
    def final(self) -> Game:
        """The game after the last step."""
        return self.games[-1]

    def __repr__(self) -> str:
        return f"<Scenario {self.id!r}: {self.title} ({len(self.steps)} steps)>"


def _str_list(r: Reader, value: Any, path: tuple[Any, ...]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(x, (str, int)) for x in value):
        raise r.fail(path, "must be a list of short texts")
    return [str(x) for x in value]


def _text(r: Reader, data: dict[str, Any], key: str, *, required: bool = True) -> str:
    if key not in data:
        if required:
            raise r.fail((), f"the field {key!r} is missing")
        return ""
    v = data[key]
    if not isinstance(v, str) or (required and not v.strip()):
        raise r.fail((key,), "must be a non-empty text")
    return v.strip()


def load_text(text: str, source: str = "<scenario>") -> Scenario:
    """Read and replay a scenario from YAML text; ``source`` names it in errors."""
    r = Reader(text, source)
    d = r.data
    if not isinstance(d, dict):
        raise r.fail((), "a scenario is a YAML mapping with id, title, position and steps")
    for k in d:
        if k not in _TOP:
            raise r.fail((k,), "unknown field (known: " + ", ".join(sorted(_TOP)) + ")")
    sid = _text(r, d, "id")
    if not _ID_RE.match(sid):
        raise r.fail(("id",), f"{short(sid)}: use lowercase letters, digits and dashes")
    title = _text(r, d, "title")
    family = _text(r, d, "family")
    if family not in FAMILIES:
        raise r.fail(("family",), f"{short(family)} is not one of " + ", ".join(FAMILIES))
    teaches = Fields(r.fail).rule_ids(d.get("teaches"), ("teaches",), "R-MARK-1")
    summary = _text(r, d, "summary", required=False)
    intro = _text(r, d, "intro", required=False)
    # rules and position
    try:
        rules = Rules.from_dict(d.get("rules") or {"preset": "standard"})
    except RulesError as e:
        raise r.fail(("rules",), str(e)) from None
    pos = d.get("position")
    if not isinstance(pos, dict):
        raise r.fail(("position",), "the starting position is missing or not a mapping")
    if "rules" in pos:
        raise r.fail(("position", "rules"), "put the rules at the top level of the scenario")
    try:
        game = Game.from_position({**pos, "rules": rules})
    except PositionError as e:
        where = ("position", *where_to_path(e.where))
        raise ScenarioError(source, r.line(where),
                            "position." + e.where if e.where else "position",
                            e.problem + r.hint(where)) from None
    except RulesError as e:
        raise r.fail(("position",), str(e)) from None
    persp = d.get("perspective")
    if persp is not None and (not isinstance(persp, int) or isinstance(persp, bool)
                              or not 1 <= persp <= game.n):
        raise r.fail(("perspective",), f"a seat from 1 to {game.n}, or null")
    steps_data = d.get("steps")
    if not isinstance(steps_data, list) or not steps_data:
        raise r.fail(("steps",), "a scenario needs a list of steps")
    games = [game.copy()]
    steps: list[Step] = []
    for k, sd in enumerate(steps_data):
        path = ("steps", k)
        label = f"step {k + 1}"
        if not isinstance(sd, dict):
            raise r.fail(path, f"{label} must be a mapping with 'move' and 'say'")
        for key in sd:
            if key not in _STEP:
                raise r.fail((*path, key), "unknown field (known: " + ", ".join(sorted(_STEP))
                             + ")")
        if "move" not in sd:
            raise r.fail(path, f"{label} has no 'move'")
        if not isinstance(sd.get("say"), str) or not sd["say"].strip():
            raise r.fail((*path, "say"), f"{label} needs a sentence of narration ('say')")
        try:
            move = Move.parse(plain_dashes(str(sd["move"])))
        except ValueError as e:
            raise r.fail((*path, "move"), str(e)) from None
        try:
            applied = game.push(move)
        except IllegalMoveError as e:
            raise r.fail((*path, "move"), f"{label}: the engine refuses {move}: {e}") from None
        highlight = _highlight(r, game, sd.get("highlight"), (*path, "highlight"), label)
        check = sd.get("check") or {}
        if not isinstance(check, dict):
            raise r.fail((*path, "check"), "must be a mapping of facts to check")
        _run_checks(r, game, check, (*path, "check"), label)
        steps.append(Step(applied, sd["say"].strip(), highlight, check, r.line(path)))
        games.append(game.copy())
    texts: list[tuple[tuple[Any, ...], str, Game]] = [(("intro",), intro, games[0])]
    texts += [(("steps", k, "say"), step.say, games[k + 1]) for k, step in enumerate(steps)]
    warnings = [str(ScenarioError(source, r.line(p), path_text(p), note))
                for p, text, frame in texts for note in orientation_notes(text, frame)]
    return Scenario(sid, title, family, teaches, summary, rules,
                    None if persp is None else persp - 1, intro, steps, games, source,
                    warnings)


def _highlight(r: Reader, game: Game, hl: Any, path: tuple[Any, ...],
               label: str) -> dict[str, list[str]]:
    """Check a step's highlights against the position after the step."""
    if hl is None:
        return {}
    if not isinstance(hl, dict) or any(k not in ("tiles", "trains") for k in hl):
        raise r.fail(path, "must be a mapping with 'tiles' and/or 'trains'")
    out = {k: _str_list(r, v, (*path, k)) for k, v in hl.items()}
    codes = [train_code(k) for k in game.train_keys()]
    codes += [b.code for k in game.train_keys() for b in game.branches(k)]
    trains = out.get("trains", [])
    for i, code in enumerate(trains):
        try:                # an old spelling ("m", "2.3A") stands for the code written
            code = trains[i] = normal_line(code, game.n)
        except NotationError:
            pass            # not a train at all: said below with the trains there are
        if code not in codes:
            raise r.fail((*path, "trains", i), f"there is no train {short(code)}: the trains are "
                         f"{', '.join(codes)} (seat numbers and M)")
    shown = {t for seat in range(game.n) for t in game.hand(seat)}
    for key in game.train_keys():
        shown.update(t for t, _ in game.train(key).tiles)
        for branch in game.branches(key):
            shown.update(t for t, _ in branch.tiles)
    for i, text in enumerate(out.get("tiles", [])):
        try:
            tile = Tile.parse(text)
        except ValueError as e:
            raise r.fail((*path, "tiles", i), str(e)) from None
        if tile.high > game.set_max:
            raise r.fail((*path, "tiles", i), f"{tile} is not a tile of a double-"
                         f"{game.set_max} set")
        if tile not in shown:
            where = ("is the engine, in the hub" if tile == Tile(game.engine, game.engine)
                     else "is in the boneyard")
            raise r.fail((*path, "tiles", i), f"after {label}, {tile} is on no train and in "
                         f"no hand (it {where}), so there is nothing to highlight")
    return out


def _seat_of(r: Reader, game: Game, value: Any, path: tuple[Any, ...]) -> int:
    try:
        return parse_seat(value, game.n, players=game.players)
    except NotationError as e:
        raise r.fail(path, str(e)) from None


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int_list(r: Reader, game: Game, want: Any, p: tuple[Any, ...]) -> list[int]:
    if not isinstance(want, list) or len(want) != game.n or not all(_is_int(x) for x in want):
        raise r.fail(p, f"must be a list of {game.n} whole numbers, one per player")
    return want


def _run_checks(r: Reader, game: Game, check: dict[str, Any], path: tuple[Any, ...],
                label: str) -> None:
    def differ(key: str, expected: Any, actual: Any) -> ScenarioError:
        return r.fail((*path, key), f"after {label}, expected {key} {short(expected)} but "
                      f"the engine has {actual!r}")

    def seat_list(want: Any, p: tuple[Any, ...]) -> list[int]:
        if want is None:
            return []
        if not isinstance(want, list):
            raise r.fail(p, "must be a list of players (names or seat numbers)")
        return [_seat_of(r, game, x, (*p, i)) for i, x in enumerate(want)]

    actual: object  # what the engine has; each check compares it with what it wants
    for key, want in check.items():
        p = (*path, key)
        if key not in _CHECKS:
            raise r.fail(p, "unknown check (known: " + ", ".join(sorted(_CHECKS)) + ")")
        if key == "to_play":
            seat = None if want is None else _seat_of(r, game, want, p)
            if game.to_play != seat:
                actual = None if game.to_play is None else game.players[game.to_play]
                raise differ(key, want, actual)
        elif key in ("legal", "not_legal"):
            for i, mv in enumerate(_str_list(r, want, p)):
                try:
                    v = game.explain(Move.parse(plain_dashes(mv)))
                except ValueError as e:
                    raise r.fail((*p, i), str(e)) from None
                if v.legal != (key == "legal"):
                    word = "legal" if key == "legal" else "illegal"
                    raise r.fail((*p, i), f"after {label}, {mv} should be {word}, but the "
                                 f"engine says: {v.text}")
        elif key == "illegal":
            if not isinstance(want, dict):
                raise r.fail(p, "must map moves to rule ids, e.g. {\"5-9@2\": R-MARK-1}")
            for mv, rid in want.items():
                rid = Fields(r.fail).rule_id(rid, (*p, mv))
                try:
                    v = game.explain(Move.parse(plain_dashes(str(mv))))
                except ValueError as e:
                    raise r.fail((*p, mv), str(e)) from None
                if v.legal:
                    raise r.fail((*p, mv), f"after {label}, {mv} should be refused with {rid}, "
                                 f"but the engine allows it: {v.text}")
                if v.rule != rid:
                    raise r.fail((*p, mv), f"after {label}, {mv} is refused with {v.rule}, "
                                 f"not {rid}: {v.text}")
        elif key == "markers":
            seats = sorted(seat_list(want, p))
            marked = [i for i in range(game.n) if game.train(i).marker]
            if seats != marked:
                raise differ(key, [game.players[i] for i in seats],
                             [game.players[i] for i in marked])
        elif key == "open_doubles":
            wanted = _str_list(r, want, p) if want is not None else []
            actual = game.open_double_lines
            if wanted != actual:
                raise differ(key, want, actual)
        elif key == "scores":
            actual = game.scores[-1] if game.over else None
            if want is not None:
                _int_list(r, game, want, p)
            if want != actual:
                raise differ(key, want, actual)
        elif key == "totals":
            if _int_list(r, game, want, p) != game.totals:
                raise differ(key, want, game.totals)
        elif key == "team_totals":
            k = len(game.teams)
            if not k:
                raise r.fail(p, "team totals need partnerships (rules option teams)")
            if not isinstance(want, list) or len(want) != k or not all(_is_int(x) for x in want):
                raise r.fail(p, f"must be a list of {k} whole numbers, one per team")
            if want != game.team_totals:
                raise differ(key, want, game.team_totals)
        elif key in ("over", "blocked"):
            if not isinstance(want, bool):
                raise r.fail(p, f"must be true or false, not {short(want)}")
            actual = game.over if key == "over" else (game.over and game.blocked)
            if want != actual:
                raise differ(key, want, actual)
        elif key == "out":
            actual = None if game.out is None else game.players[game.out]
            if want is not None:
                want = game.players[_seat_of(r, game, want, p)]
            if want != actual:
                raise differ(key, want, actual)
        elif key == "winners":
            names = sorted(game.players[s] for s in game.winners)
            wanted = sorted(game.players[s] for s in seat_list(want, p))
            if wanted != names:
                raise differ(key, want, names)
        elif key == "hand_counts":
            if _int_list(r, game, want, p) != [len(game.hand(s)) for s in range(game.n)]:
                raise differ(key, want, [len(game.hand(s)) for s in range(game.n)])
        elif key == "boneyard":
            if not _is_int(want):
                raise r.fail(p, f"must be a number of tiles, not {short(want)}")
            if want != game.boneyard_size:
                raise differ(key, want, game.boneyard_size)


def load(path: str | Path) -> Scenario:
    """Read and replay the scenario file at ``path``."""
    return load_text(read_file(path), str(Path(path)))


_CACHE: dict[str, Scenario] = {}


def bundled() -> list[Scenario]:
    """Every scenario shipped with mtlearn, family by family (replayed once, cached)."""
    return read_bundled("scenarios", FAMILIES, load_text, _CACHE)


def get(scenario_id: str) -> Scenario:
    """The bundled scenario with this id.

    A bundled scenario's file is named by its id (``<family>/<id>.yaml``; a test checks
    it), so this reads and replays that one file; a notebook that shows one scenario does
    not replay all of them (2 s of CPython, several times that in the browser's Python).
    """
    root = resources.files("mtlearn") / "scenarios"
    for family in FAMILIES:
        f = root / family / f"{scenario_id}.yaml"
        if "/" not in scenario_id and f.is_file():
            key = f"{family}/{f.name}"
            if key not in _CACHE:
                _CACHE[key] = load_text(f.read_text(encoding="utf-8"), f"scenarios/{key}")
            if _CACHE[key].id == scenario_id:
                return _CACHE[key]
    for s in bundled():
        if s.id == scenario_id:
            return s
    raise KeyError(f"no bundled scenario {scenario_id!r}; see `mtlearn list`")
