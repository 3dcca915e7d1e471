"""Positions and saved games: reading, writing and checking them.

A position is the state of one round as a JSON-compatible dict (format
``mtlearn/position``): :meth:`Positions.to_position` writes it and
:meth:`Positions.from_position` reads it back through :mod:`mtlearn.engine.position_reader`,
which checks every field and raises :class:`~mtlearn.PositionError` naming
the one at fault. A saved game (format ``mtlearn/game``) is a match: every round's
starting position and its moves, replayed by the engine when it is loaded
(:meth:`Positions.from_json`, :meth:`Positions.load`), so a damaged file raises
:class:`~mtlearn.GameFileError` instead of giving a wrong game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..core.errors import GameFileError, IllegalMoveError, PositionError
from ..core.notation import index_code
from ..core.notation import quote as _short
from .position_reader import (
    DEFAULT_NAMES,
    GAME_FORMAT,
    POSITION_FORMAT,
    _PositionReader,
)
from .state import GameState

if TYPE_CHECKING:
    from ..core.moves import Move
    from ..core.tiles import Tile
    from .game import Game

__all__ = ["DEFAULT_NAMES", "GAME_FORMAT", "POSITION_FORMAT", "Positions"]


def _check_next_round(source: str, where: str, prev: Game, g: Game) -> None:
    """A later round of a saved match continues the same match from the seeded deal."""
    for field, a, b in (("players", prev.players, g.players), ("set", prev.set_max, g.set_max),
                        ("rules", prev.rules, g.rules), ("seed", prev.seed, g.seed)):
        if a != b:
            raise GameFileError(source, f"{where}.start.{field}", f"a match keeps its "
                                f"{field} from round to round; this round changes them")
    if g.round_no != prev.round_no + 1:
        raise GameFileError(source, f"{where}.start.round", f"round {prev.round_no} is "
                            f"followed by round {prev.round_no + 1}, not {g.round_no}")
    if g.scores[:len(prev.scores)] != prev.scores or len(g.scores) != len(prev.scores):
        raise GameFileError(source, f"{where}.start.scores", "the scores do not follow from "
                            "the rounds before")
    expected = prev.copy()
    try:
        expected.next_round()
    except IllegalMoveError as e:
        raise GameFileError(source, where, f"no round may follow: {e}") from None
    if expected.to_position() != g.to_position():
        raise GameFileError(source, f"{where}.start", f"round {g.round_no} does not start "
                            f"from the deal that the match's seed gives it")


class Positions(GameState):
    """Reading and writing positions and saved games, mixed into :class:`~mtlearn.Game`."""

    __slots__ = ()

    def to_position(self) -> dict[str, Any]:
        """The current position as a JSON-compatible dict (see :meth:`from_position`)."""
        return self._position_of(self._snapshot())

    def _position_of(self, s: dict[str, Any]) -> dict[str, Any]:
        n = self.n
        trains = {}
        for i, t in enumerate(s["trains"][: n + 1]):
            trains[index_code(i, n)] = [f"{a}-{tile.other(a)}" for tile, a in
                              zip(t.tiles, t.inward, strict=True)]
        pos: dict[str, Any] = {
            "format": POSITION_FORMAT, "version": 1,
            "set": self.set_max,
            "players": list(self.players),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "round": s["round_no"],
            "engine": s["engine"],
            "hands": [[str(t) for t in h] for h in s["hands"]],
            "boneyard": [str(t) for t in reversed(s["bone"])],
            "trains": trains,
            "markers": [i + 1 for i in range(n) if s["trains"][i].marker],
            "open_doubles": [index_code(i, n) for i in s["open_doubles"]],
            "to_play": s["current"] + 1,
            "starter": s["starter"] + 1,
            "turns_played": s["turns_taken"],
            "first_turns_done": [i + 1 for i in range(n) if s["first_done"][i]],
            "turn": {"bonus": s["bonus"], "doubles": [index_code(i, n) for i in s["turn_doubles"]],
                     "drawn": None if s["drawn"] is None else str(s["drawn"]),
                     "declined": s["declined"], "played": s["played"],
                     "building": s["building_now"]},
            "passes": s["passes"],
            "announced": [i + 1 for i in range(n) if s["announced"][i]],
            "penalty_pending": None if s["pending_penalty"] is None
            else s["pending_penalty"] + 1,
            "scores": [list(r) for r in s["scores"]],
            "result": ({"out": None if s["out"] is None else s["out"] + 1,
                        "blocked": s["blocked"]} if s["over"] else None),
            "notes": list(s["notes"]),
        }
        return pos

    @classmethod
    def from_position(cls, data: dict[str, Any]) -> Game:
        """Build a game from a position dict (JSON-compatible).

        Required: ``set``, ``players``, ``hands``. Optional: ``rules`` (preset and
        overrides), ``seed``, ``round`` (engine N-(round-1)), ``boneyard`` (a list in
        draw order, or ``{"top": [...], "rest": "sorted" | "shuffled"}``; default:
        every tile not elsewhere, sorted), ``trains`` (``{"1": ["12-5", "5-9"], "M": []}``,
        each tile written inward number first), ``markers`` (seats), ``open_doubles``
        (trains, in the order laid), ``to_play``, ``starter``, ``turns_played``,
        ``first_turns_done``, ``turn``, ``passes``, ``announced``, ``scores``.
        Seats are 1-based. Raises :class:`PositionError` naming the field at fault.
        """
        return _PositionReader(data).build(cast("type[Game]", cls))

    def redealt(self, hands: dict[int, list[Tile]], boneyard: list[Tile]) -> Game:
        """A copy of the position with the hands of ``hands`` (by seat) and the boneyard
        ``boneyard`` (in draw order, the next tile first) in place of the ones it has, and
        no moves before it: the deals of a search (:class:`mtlearn.play.deals.Dealer`). The
        tiles must be the very ones they replace; that is not checked here (it is the
        caller's: :func:`~mtlearn.play.deals.hidden_tiles`), to keep a deal quick."""
        g = cast("Game", self).copy()
        for seat, tiles in hands.items():
            g.hands[seat] = list(tiles)
        g.bone = boneyard[::-1]         # the next tile to draw is last
        g.history, g._marks, g._log = [], {}, []
        g._ver += 1                     # nothing cached is of these hands
        g._start = g._snapshot()
        return g

    def replayed(self) -> Iterator[tuple[Game, Move]]:
        """The round so far, again, move by move: one copy of the game, at the round's
        start (or at the position it was read from), given with each move of the round
        before that move is played on it. The copy moves on in place; this game never
        changes. What a player saw happen, turn by turn (:func:`mtlearn.play.deals.shown`)."""
        g = cast("Game", self).copy()
        g._restore(g._start)
        g.history, g._marks = [], {}
        for m in list(self.history):
            yield g, m
            g._apply(m)

    def to_json(self, indent: int | None = 1) -> str:
        """The whole match, with every round's start and moves, as JSON text."""
        rounds = [*self._log, {"start": self._position_of(self._start),
                               "moves": [str(m) for m in self.history]}]
        return json.dumps({"format": GAME_FORMAT, "version": 1, "rounds": rounds},
                          indent=indent)

    @classmethod
    def from_json(cls, text: str, *, source: str = "game") -> Game:
        """Load a match saved by :meth:`to_json`; a damaged file raises GameFileError.

        Every round is rebuilt from its starting position and replayed move by move;
        a later round must continue the same match (players, set, rules, seed) and
        start from the deal the seed gives it.
        """
        if not isinstance(text, (str, bytes, bytearray)):
            raise GameFileError(source, "", f"a saved game is JSON text, not "
                                f"{type(text).__name__}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise GameFileError(source, "", f"not valid JSON (line {e.lineno}, column "
                                f"{e.colno}: {e.msg})") from None
        except RecursionError:
            raise GameFileError(source, "", "not a saved game: the JSON is nested too "
                                "deeply") from None
        except ValueError as e:           # e.g. a number too long to read
            raise GameFileError(source, "", f"not valid JSON ({_short(str(e), 80)})") \
                from None
        if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
            raise GameFileError(source, "format", f"not an mtlearn saved game (expected "
                                f"\"format\": \"{GAME_FORMAT}\")")
        if data.get("version", 1) != 1:
            raise GameFileError(source, "version", f"this mtlearn reads version 1, not "
                                f"{_short(data.get('version'))}")
        rounds = data.get("rounds")
        if not isinstance(rounds, list) or not rounds:
            raise GameFileError(source, "rounds", "must be a non-empty list")
        game: Game | None = None
        log: list[dict[str, Any]] = []
        for r, entry in enumerate(rounds):
            where = f"rounds[{r}]"
            if not isinstance(entry, dict) or "start" not in entry or "moves" not in entry:
                raise GameFileError(source, where, "needs 'start' and 'moves'")
            try:
                g = cls.from_position(entry["start"])
            except PositionError as e:
                raise GameFileError(source, f"{where}.start" + (f".{e.where}" if e.where
                                                                 else ""), e.problem) from None
            if game is not None:
                _check_next_round(source, where, game, g)
            moves = entry["moves"]
            if not isinstance(moves, list):
                raise GameFileError(source, f"{where}.moves", "must be a list of moves")
            for k, mv in enumerate(moves):
                if not isinstance(mv, str):
                    raise GameFileError(source, f"{where}.moves[{k}]", f"a move is text like "
                                        f"'12-5@M' or 'draw', not {_short(mv)}")
                try:
                    g.push(mv)
                except IllegalMoveError as e:
                    raise GameFileError(source, f"{where}.moves[{k}]",
                                        f"{_short(mv)}: {e}") from None
            if r < len(rounds) - 1:
                if not g.over:
                    raise GameFileError(source, where, "the round does not end, yet another "
                                        "follows")
                log.append({"start": g._position_of(g._start),
                            "moves": [str(m) for m in g.history]})
            game = g
        assert game is not None
        game._log = log
        return game

    def save(self, path: str | Path) -> None:
        """Write the match to a JSON file."""
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Game:
        """Read a match written by :meth:`save`."""
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as e:
            raise GameFileError(str(p), "", f"cannot be read ({e.strerror})") from None
        except UnicodeDecodeError:
            raise GameFileError(str(p), "", "not a UTF-8 text file") from None
        return cls.from_json(text, source=str(p))

