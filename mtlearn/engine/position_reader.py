"""Reading positions: every field checked, and an error that names the field at fault.

:meth:`Game.from_position <mtlearn.Game.from_position>` hands the dict to
:class:`_PositionReader`, which builds the game field by field and raises
:class:`~mtlearn.PositionError` (with the field's path, such as
``hands[1][0]``) for anything impossible: a tile outside the set or held twice, a train
whose tiles do not follow each other, an open double that is not there, a finished round
whose result contradicts the hands. Branches of R-VAR-BRANCH are read by
:func:`read_branches` and :func:`read_line`. The checks shared with new games (player
names, rules, seeds) and with saved games (one round following another) live here too.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ..core.errors import NotationError, PositionError, RulesError
from ..core.notation import index_of, parse_line, parse_seat, parse_train_index
from ..core.notation import quote as _short
from ..core.rules import Rules, preset
from ..core.tiles import SETS, Tile, full_set
from ..core.words import plural

if TYPE_CHECKING:
    from .game import Game

__all__ = ["DEFAULT_NAMES", "GAME_FORMAT", "POSITION_FORMAT", "check_seed", "read_branches",
           "read_line"]

#: Names given to players when only a number of players is given.
DEFAULT_NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo",
                 "Kai", "Lu", "Max", "Nia", "Oto", "Pia", "Quin", "Rae")

#: The ``format`` field of a position and of a saved game.
POSITION_FORMAT = "mtlearn/position"
GAME_FORMAT = "mtlearn/game"


#: Seeds are whole numbers up to this size or texts up to 200 characters.
MAX_SEED = 2**128


def check_seed(seed: object) -> None:
    """Refuse a seed that a saved game could not store and load back exactly (only whole
    numbers and texts round-trip through JSON)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise RulesError(f"a seed is a whole number or a text, not {type(seed).__name__} "
                         f"{str(seed)[:40]}")
    if isinstance(seed, int) and not -MAX_SEED < seed < MAX_SEED:
        raise RulesError("a seed may have at most 38 digits")
    if isinstance(seed, str) and len(seed) > 200:
        raise RulesError("a seed text may have at most 200 characters")


def _names(players: int | Sequence[str]) -> list[str]:
    if isinstance(players, int) and not isinstance(players, bool):
        if players < 2:
            raise RulesError("Mexican Train needs at least 2 players")
        if players > len(DEFAULT_NAMES):
            raise RulesError(f"at most {len(DEFAULT_NAMES)} players, not {players}")
        return list(DEFAULT_NAMES[:players])
    names = list(cast("Sequence[str]", players))
    if len(names) < 2:
        raise RulesError("Mexican Train needs at least 2 players")
    if len(names) > len(DEFAULT_NAMES):
        raise RulesError(f"at most {len(DEFAULT_NAMES)} players, not {len(names)}")
    for i, nm in enumerate(names):
        if not isinstance(nm, str) or not nm.strip():
            raise RulesError(f"player {i + 1}'s name must be a non-empty string, not {nm!r}")
    if len(set(names)) != len(names):
        raise RulesError("two players have the same name")
    return names


def _rules(rules: Rules | str | dict[str, Any]) -> Rules:
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return preset(rules)
    return Rules.from_dict(rules)


def _field(key: Any) -> str:
    """A field name for a message: the key itself if it is short text."""
    return key if isinstance(key, str) and len(key) <= 40 else _short(key)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_INWARD_RE = re.compile(r"^\s*(\d{1,2})")


class _PositionReader:
    """Reads and checks a position dict, naming the field at fault."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise PositionError("", f"a position must be an object (dict), not "
                                f"{type(data).__name__}")
        self.d = data
        self.seen: dict[Tile, str] = {}

    def req(self, key: str) -> Any:
        if key not in self.d:
            raise PositionError(key, "missing (required)")
        return self.d[key]

    def tile(self, text: Any, where: str, n: int) -> Tile:
        if not isinstance(text, str) or len(text) > 20:
            raise PositionError(where, f"a tile is written like '12-5', not {_short(text)}")
        try:
            t = Tile.parse(text)
        except ValueError as e:
            raise PositionError(where, str(e)) from None
        if t.high > n:
            raise PositionError(where, f"{t} is not a tile of a double-{n} set")
        if t in self.seen:
            raise PositionError(where, f"{t} is already in {self.seen[t]}: every tile is in "
                                f"exactly one place")
        self.seen[t] = where
        return t

    def seat(self, v: Any, where: str, n: int) -> int:
        try:
            return parse_seat(v, n)
        except NotationError as e:
            raise PositionError(where, str(e)) from None

    def seats(self, key: str, n: int) -> list[int]:
        v = self.d.get(key, [])
        if not isinstance(v, list):
            raise PositionError(key, "must be a list of seat numbers")
        return [self.seat(x, f"{key}[{i}]", n) for i, x in enumerate(v)]

    def build(self, cls: type[Game]) -> Game:
        """The game the position describes, read part by part; the first mistake raises a
        :class:`PositionError` naming its field."""
        self._check_fields()
        game, rnd = self._new_game(cls)
        n, n_set, engine = game.n, game.set_max, game.engine
        self._read_hands(game, n, n_set)
        self._read_trains(game, n, engine)
        self._read_boneyard(game, n_set)
        self._read_table(game, n, rnd)
        self._read_turn(game, n)
        self._read_tallies(game, n)
        self._check_round(game, rnd)
        game._start = game._snapshot()
        game._ver += 1      # nothing computed while the position was being read is cached
        return game

    def _check_fields(self) -> None:
        """Every field is known; the format and version are this mtlearn's."""
        d = self.d
        known = {"format", "version", "set", "players", "rules", "seed", "round", "engine",
                 "hands", "boneyard", "trains", "markers", "open_doubles", "to_play",
                 "starter", "turns_played", "first_turns_done", "turn", "passes", "announced",
                 "penalty_pending", "scores", "result", "notes", "rounds", "team_passed"}
        for k in d:
            if k not in known:
                raise PositionError(_field(k), "unknown field (known: "
                                    + ", ".join(sorted(known)) + ")")
        if "format" in d and d["format"] != POSITION_FORMAT:
            raise PositionError("format", f"expected {POSITION_FORMAT!r}, not "
                                f"{_short(d['format'])}")
        if "version" in d and d["version"] != 1:
            raise PositionError("version", f"this mtlearn reads version 1, not "
                                f"{_short(d['version'])}")

    def _new_game(self, cls: type[Game]) -> tuple[Game, int]:
        """The game of the set, players, seed, rules and round, dealt nothing yet."""
        d = self.d
        n_set = self.req("set")
        if not _whole(n_set) or n_set not in SETS:
            raise PositionError("set", f"must be one of {list(SETS)}, not {_short(n_set)}")
        players = self.req("players")
        try:
            names = _names(players) if isinstance(players, list) else None
        except RulesError as e:
            raise PositionError("players", str(e)) from None
        if names is None:
            raise PositionError("players", "must be a list of names")
        seed = d.get("seed", 0)
        try:
            check_seed(seed)
        except RulesError as e:
            raise PositionError("seed", str(e)) from None
        try:
            raw = d.get("rules", "standard")
            rules = raw if isinstance(raw, Rules) else _rules(raw) if isinstance(
                raw, (str, dict)) else None
            if rules is None:
                raise RulesError(f"rules must be a preset name or an object like "
                                 f"{{'preset': 'standard'}}, not {_short(raw)}")
        except RulesError as e:
            raise PositionError("rules", str(e)) from None
        try:
            if "rounds" in d:
                rules = rules.replace(rounds=d["rounds"])
        except RulesError as e:
            raise PositionError("rounds", str(e)) from None
        try:
            game = cls(names, rules, n_set, seed)
        except RulesError as e:
            raise PositionError("rules", str(e)) from None
        rnd = d.get("round", 1)
        if not _whole(rnd) or not 1 <= rnd <= game.rounds:
            raise PositionError("round", f"must be a round number from 1 to {game.rounds}, "
                                f"not {_short(rnd)}")
        engine = n_set - (rnd - 1)
        if "engine" in d and (not _whole(d["engine"]) or d["engine"] != engine):
            raise PositionError("engine", f"round {rnd} of a double-{n_set} match uses the "
                                f"engine {engine}-{engine}, not {_short(d['engine'])} "
                                f"(R-ROUND-1)")
        game._reset_round(rnd, engine)
        self.seen[Tile(engine, engine)] = "the hub (engine)"
        return game, rnd

    def _read_hands(self, game: Game, n: int, n_set: int) -> None:
        """Each player's hand."""
        hands = self.req("hands")
        if not isinstance(hands, list) or len(hands) != n:
            raise PositionError("hands", f"must be a list of {n} hands, one per player")
        game.hands = []
        for i, h in enumerate(hands):
            if not isinstance(h, list):
                raise PositionError(f"hands[{i}]", "must be a list of tiles like '12-5'")
            game.hands.append([self.tile(t, f"hands[{i}][{j}]", n_set) for j, t in enumerate(h)])

    def _read_trains(self, game: Game, n: int, engine: int) -> None:
        """The trains and their branches (R-VAR-BRANCH)."""
        d = self.d
        trains = d.get("trains", {})
        if not isinstance(trains, dict):
            raise PositionError("trains", "must be an object like {\"1\": [\"12-5\"], \"M\": []}")
        done_trains: dict[int, str] = {}
        for key, tiles in trains.items():
            where = f"trains[{_short(key)}]"
            if isinstance(key, str) and "." in key:
                continue    # a branch (R-VAR-BRANCH), read below
            idx = self.train_idx(key, where, n)
            if idx in done_trains:
                raise PositionError(where, f"the same train as {done_trains[idx]}")
            done_trains[idx] = where
            if not isinstance(tiles, list):
                raise PositionError(where, "must be a list of tiles, inward number first")
            self.lay(game, game.trains[idx], tiles, where,
                     f"a train's first tile must carry the engine's number {engine} (R-TRAIN-1)")
        read_branches(game, trains, self)

    def _read_boneyard(self, game: Game, n_set: int) -> None:
        """The boneyard, in draw order: listed whole, or its top and how the rest lies."""
        d, seed = self.d, game.seed
        rest = [t for t in full_set(n_set) if t not in self.seen]
        by = d.get("boneyard", {"rest": "sorted"})
        if isinstance(by, list):
            bone = [self.tile(t, f"boneyard[{j}]", n_set) for j, t in enumerate(by)]
            missing = [t for t in full_set(n_set) if t not in self.seen]
            if missing:
                shown = ", ".join(str(t) for t in missing[:12]) + (" …" if len(missing) > 12
                                                                    else "")
                raise PositionError("boneyard", f"{plural(len(missing), 'tile')} of the set "
                                    f"{'is' if len(missing) == 1 else 'are'} nowhere: "
                                    f"{shown}. List them, or write the boneyard as "
                                    f"{{\"top\": [...], \"rest\": \"sorted\"}}")
        elif isinstance(by, dict):
            for k in by:
                if k not in ("top", "rest"):
                    raise PositionError(f"boneyard.{k}", "unknown field (use 'top' and 'rest')")
            top = by.get("top", [])
            if not isinstance(top, list):
                raise PositionError("boneyard.top", "must be a list of tiles")
            how = by.get("rest", "sorted")
            if not isinstance(how, str) or how not in ("sorted", "shuffled", "none"):
                raise PositionError("boneyard.rest", f"must be 'sorted', 'shuffled' or 'none', "
                                    f"not {_short(how)}")
            bone = [self.tile(t, f"boneyard.top[{j}]", n_set) for j, t in enumerate(top)]
            rest = [t for t in full_set(n_set) if t not in self.seen]
            if how == "shuffled":
                random.Random(f"{seed}/rest").shuffle(rest)
            elif how == "none" and rest:
                raise PositionError("boneyard.rest", f"'none', but {len(rest)} tiles are "
                                    f"nowhere else (e.g. {rest[0]})")
            bone += rest
        else:
            raise PositionError("boneyard", "must be a list of tiles in draw order, or "
                                "{\"top\": [...], \"rest\": \"sorted\"}")
        game.bone = bone[::-1]

    def _read_table(self, game: Game, n: int, rnd: int) -> None:
        """Markers, open doubles, who started and who plays, the turns played."""
        d = self.d
        for s in self.seats("markers", n):
            game.trains[s].marker = True
        od = d.get("open_doubles", [])
        if not isinstance(od, list):
            raise PositionError("open_doubles", "must be a list of trains ('1', 'M', …)")
        for j, key in enumerate(od):
            idx = read_line(game, key, f"open_doubles[{j}]")
            t = game.trains[idx]
            if not t.tiles or not t.tiles[-1].is_double:
                raise PositionError(f"open_doubles[{j}]", f"{game.line_label(idx)} "
                                    f"does not end with a double")
            if idx in game.open_doubles:
                raise PositionError(f"open_doubles[{j}]", "listed twice")
            game.open_doubles.append(idx)
        game.starter = self.seat(d.get("starter", ((rnd - 1) % n) + 1), "starter", n)
        game.current = self.seat(d.get("to_play", game.starter + 1), "to_play", n)
        tp = d.get("turns_played", 0)
        if not _whole(tp) or tp < 0:
            raise PositionError("turns_played", f"must be a whole number, not {_short(tp)}")
        game.turns_taken = tp
        if "first_turns_done" in d:
            done = self.seats("first_turns_done", n)
        else:
            done = [(game.starter + k) % n for k in range(min(tp, n))]
        game.first_done = [i in done for i in range(n)]

    def _read_turn(self, game: Game, n: int) -> None:
        """The turn under way: its doubles, bonus, drawn tile, Swan Drive."""
        d, rules = self.d, game.rules
        turn = d.get("turn")
        turn = {} if turn is None else turn
        if not isinstance(turn, dict):
            raise PositionError("turn", "must be an object")
        for k in turn:
            if k not in ("bonus", "doubles", "drawn", "declined", "played", "building", "swan"):
                raise PositionError(f"turn.{_field(k)}", "unknown field")
        for k in ("bonus", "declined", "building"):
            if not isinstance(turn.get(k, False), bool):
                raise PositionError(f"turn.{k}", f"must be true or false, not "
                                    f"{_short(turn[k])}")
        game.bonus = turn.get("bonus", False)
        game.declined = turn.get("declined", False)
        game.building_now = turn.get("building", False)
        played = turn.get("played", 0)
        if not _whole(played) or played < 0:
            raise PositionError("turn.played", f"must be a whole number of tiles, not "
                                f"{_short(played)}")
        game.played = played
        tdl = turn.get("doubles", [])
        if not isinstance(tdl, list):
            raise PositionError("turn.doubles", "must be a list of trains ('1', 'M', …)")
        game.turn_doubles = [read_line(game, k, f"turn.doubles[{j}]")
                             for j, k in enumerate(tdl)]
        for j, idx in enumerate(game.turn_doubles):
            if not any(t.is_double for t in game.trains[idx].tiles):
                raise PositionError(f"turn.doubles[{j}]", f"{game.line_label(idx)} "
                                    f"holds no double, so no double was laid on it this turn")
        if game.bonus and not game.turn_doubles:
            raise PositionError("turn.bonus", "a bonus play follows a double laid this turn, "
                                "but turn.doubles is empty (R-DBL-1)")
        if game.bonus and played < 1:
            raise PositionError("turn.played", "a bonus play follows a tile played this turn, "
                                "so it is at least 1 (R-DBL-1)")
        if turn.get("drawn") is not None:
            dt = self.tile_text(turn["drawn"], "turn.drawn")
            if dt not in game.hands[game.current]:
                raise PositionError("turn.drawn", f"{dt} is not in the hand of the player to "
                                    f"play")
            game.drawn = dt
        if turn.get("swan") is not None:
            if not rules.swan_drive:
                raise PositionError("turn.swan", "a Swan Drive needs the rules option "
                                    "swan_drive (R-VAR-SWAN)")
            game.swan = self.train_idx(turn["swan"], "turn.swan", n)
        if "team_passed" in d:
            if not rules.teams:
                raise PositionError("team_passed", "only partnerships (rules option teams, "
                                    "R-VAR-TEAMS) note who passed without a marker")
            passed = self.seats("team_passed", n)
            game.team_passed = [i in passed for i in range(n)]

    def _read_tallies(self, game: Game, n: int) -> None:
        """Passes, announcements, a pending penalty, the scores so far and the notes."""
        d = self.d
        passes = d.get("passes", 0)
        if not _whole(passes) or passes < 0:
            raise PositionError("passes", f"must be a whole number, not {_short(passes)}")
        game.passes = passes
        ann = self.seats("announced", n)
        game.announced = [i in ann for i in range(n)]
        pp = d.get("penalty_pending")
        game.pending_penalty = None if pp is None else self.seat(pp, "penalty_pending", n)
        scores = d.get("scores", [])
        if not isinstance(scores, list) or not all(
                isinstance(r, list) and len(r) == n and all(
                    isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in r)
                for r in scores):
            raise PositionError("scores", f"must be a list of rounds, each a list of {n} "
                                f"whole numbers")
        game.scores = [list(r) for r in scores]
        notes = d.get("notes", [])
        if not isinstance(notes, list) or not all(isinstance(x, str) for x in notes):
            raise PositionError("notes", "must be a list of strings")
        game.notes = list(notes)

    def _check_round(self, game: Game, rnd: int) -> None:
        """The open doubles, and the round's end or its being under way, hold together."""
        d, rules = self.d, game.rules
        self.check_open_doubles(game)
        result = d.get("result")
        if result is not None:
            self.check_result(game, result, rnd)
        else:
            if len(game.scores) != rnd - 1:
                raise PositionError("scores", f"round {rnd} follows "
                                    f"{plural(rnd - 1, 'finished round')}, "
                                    f"so 'scores' needs {rnd - 1} lists, not {len(game.scores)}")
            empty = [i for i, h in enumerate(game.hands) if not h]
            if empty and not (rules.first_turn in ("train-building", "fast")
                              and not all(game.first_done)):
                raise PositionError(f"hands[{empty[0]}]", "this hand is empty, so the round "
                                    "would already be over (R-END-1)")

    def lay(self, game: Game, line: Any, tiles: list[Any], where: str, first: str) -> None:
        """Lay ``tiles`` (each written inward number first) on a train or branch ``line``,
        checking that each follows the open end; ``first`` is the error for a first tile
        that does not fit."""
        for j, text in enumerate(tiles):
            w = f"{where}[{j}]"
            tile = self.tile(text, w, game.set_max)
            inward = int(_INWARD_RE.match(str(text)).group(1))  # type: ignore[union-attr]
            ok = game._inwards(tile, line.end)
            if inward not in ok:
                if not ok:
                    raise PositionError(w, f"{tile} cannot follow the open end {line.end} "
                                        f"(R-TRAIN-2)" if j else first)
                raise PositionError(w, f"write the tile with its inward end first: "
                                    f"'{ok[0]}-{tile.other(ok[0])}'")
            line.tiles.append(tile)
            line.inward.append(inward)
            line.end = tile.other(inward)

    def tile_text(self, text: Any, where: str) -> Tile:
        """A tile named in a field (not placed anywhere): parsed, nothing else."""
        if not isinstance(text, str) or len(text) > 20:
            raise PositionError(where, f"a tile is written like '12-5', not {_short(text)}")
        try:
            return Tile.parse(text)
        except ValueError as e:
            raise PositionError(where, str(e)) from None

    def check_open_doubles(self, game: Game) -> None:
        """A train ending in a double not covered yet must be listed in open_doubles
        (R-DBL-3), except the player's own train during a train-building turn, whose
        last double counts only when that turn ends (R-FIRST-1)."""
        building = (game.rules.first_turn != "normal" and not game.over
                    and (game.building_now if game.rules.first_turn == "delayed"
                         else not game.first_done[game.current]))
        for idx, t in enumerate(game.trains):
            if not t.tiles or not t.tiles[-1].is_double or idx in game.open_doubles:
                continue
            if building and game._root(idx) == game.current:
                continue
            d = t.tiles[-1].high
            key = game.line_code(idx)           # "2", "M", or a branch "2.3a"
            raise PositionError("open_doubles", f"{game.line_label(idx)} ends in "
                                f"the double {d}-{d}, which nothing covers: list '{key}' in "
                                f"open_doubles (R-DBL-3)")

    def check_result(self, game: Game, result: Any, rnd: int) -> None:
        """A finished round: who went out, or blocked; the scores follow from the hands."""
        if not isinstance(result, dict):
            raise PositionError("result", "must be an object or null")
        for k in result:
            if k not in ("out", "blocked"):
                raise PositionError(f"result.{_field(k)}", "unknown field (use 'out' and "
                                    "'blocked')")
        game.over = True
        out = result.get("out")
        game.out = None if out is None else self.seat(out, "result.out", game.n)
        blocked = result.get("blocked", game.out is None)
        if not isinstance(blocked, bool):
            raise PositionError("result.blocked", f"must be true or false, not "
                                f"{_short(blocked)}")
        if blocked != (game.out is None):
            raise PositionError("result.blocked", "a round ends either with a player out or "
                                "blocked with nobody out (R-END-1, R-END-2)")
        game.blocked = blocked
        if len(game.scores) != rnd:
            raise PositionError("scores", f"a finished round {rnd} needs {rnd} score lists")
        if game.out is not None and game.hands[game.out]:
            raise PositionError("result.out", f"{game.players[game.out]} went out but still "
                                f"holds {plural(len(game.hands[game.out]), 'tile')} (R-END-1)")
        if game.out is None:
            if game.bone:
                raise PositionError("result.blocked", "a round is blocked only when the "
                                    "boneyard is empty (R-END-2)")
            empty = [i for i, h in enumerate(game.hands) if not h]
            if empty:
                raise PositionError("result.out", f"{game.players[empty[0]]}'s hand is "
                                    f"empty, so the round ended with a player out (R-END-1)")
        value = game.rules.tile_value
        pips = [sum(value(t.high, t.low) for t in h) for h in game.hands]
        partner = None if game.out is None else game.partner(game.out)
        if partner is not None:
            pips[partner] = 0    # R-VAR-TEAMS: the team going out scores 0
        if game.scores[-1] != pips:
            raise PositionError(f"scores[{rnd - 1}]", f"this round's scores must be the pips "
                                f"left in each hand, {pips} (R-SCORE-1"
                                + (", R-VAR-TEAMS)" if game.has_teams else ")"))

    def train_idx(self, key: Any, where: str, n: int) -> int:
        try:
            return parse_train_index(key, n)
        except NotationError as e:
            raise PositionError(where, str(e)) from None


def _line(key: Any, where: str, n: int) -> tuple[int, str]:
    """A line code (``"2"``, ``"M"``, ``"2.3a"``) as a train index and a branch path."""
    try:
        train, path = parse_line(key, n)
    except NotationError as e:
        raise PositionError(where, str(e)) from None
    return index_of(train, n), path


def read_branches(game: Any, trains: dict[str, Any], reader: Any) -> None:
    """Create the branches of a position being read (R-VAR-BRANCH).

    Every covered double of every line gets its two branches; tiles listed under a
    branch key (``"2.3a"``) are laid on it. Errors name the field.
    """
    n = game.n
    keys = [k for k in trains if isinstance(k, str) and "." in k]
    if keys and not game.rules.branching:
        raise PositionError(f"trains[{keys[0]!r}]", "a branch needs branching doubles "
                            "(rules option branching, R-VAR-BRANCH)")
    if not game.rules.branching:
        return
    parsed: dict[tuple[int, str], tuple[str, list[Any]]] = {}
    for key in keys:
        where = f"trains[{key!r}]"
        root, path = _line(key, where, n)
        tiles = trains[key]
        if not isinstance(tiles, list):
            raise PositionError(where, "must be a list of tiles, inward number first")
        parsed[(root, path)] = (where, tiles)

    def grow(idx: int) -> None:
        line = game.trains[idx]
        for pos in range(1, len(line.tiles)):
            if line.tiles[pos - 1].is_double:
                game._spawn(idx, pos)

    for i in range(n + 1):
        grow(i)
    queue = list(range(n + 1, len(game.trains)))
    used = set()
    while queue:
        idx = queue.pop(0)
        b = game.trains[idx]
        entry = parsed.get((b.root, b.path))
        if entry is None:
            continue
        used.add((b.root, b.path))
        where, tiles = entry
        reader.lay(game, b, tiles, where, f"a branch's first tile must carry the number of "
                   f"its double, {b.end} (R-VAR-BRANCH)")
        before = len(game.trains)
        grow(idx)
        queue.extend(range(before, len(game.trains)))
    for (root, path), (where, _) in parsed.items():
        if (root, path) not in used:
            raise PositionError(where, "there is no such branch: a branch grows from a double "
                                "that has been covered (its tile number names the double)")


def read_line(game: Any, key: Any, where: str) -> int:
    """A line code in a position (``"2"``, ``"M"``, ``"2.3a"``) as a line index."""
    root, path = _line(key, where, game.n)
    idx = game._line_of(root, path)
    if idx is None:
        raise PositionError(where, f"there is no branch {str(key)!r} (R-VAR-BRANCH)")
    return idx  # type: ignore[no-any-return]
