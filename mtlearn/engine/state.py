"""The round state's fields, declared once, and the base class of :class:`~mtlearn.Game`.

``Game`` is one class built from mixins, one module per concern (play in
:mod:`mtlearn.engine.game`, scores in :mod:`mtlearn.engine.scores`, legal moves in
:mod:`mtlearn.engine.legal`, verdicts in :mod:`mtlearn.engine.verdicts`, positions in
:mod:`mtlearn.engine.positions`, lines and branches in :mod:`mtlearn.engine.lines`); the
three shape-changing variants are a subclass, :class:`~mtlearn.engine.variants.VariantGame`.
:class:`GameState` is their common base. It holds every field in ``__slots__`` (each mixin
declares empty slots, so no game has a ``__dict__`` and a misspelt field raises
``AttributeError``), and the one table :data:`ROUND_FIELDS` from which a new round's reset,
the snapshots ``pop`` goes back to and their restore are all derived. For type checkers it
also declares the methods one mixin calls on another, so each mixin reads as if it knew the
whole class.

This module also holds a train's state (:class:`_Train`, private) and its read-only
picture (:class:`TrainState`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.tiles import Tile

if TYPE_CHECKING:
    from ..core.moves import Move
    from ..core.rules import Rules
    from .legal import Gate
    from .verdicts import Verdict

__all__ = ["GameState", "TrainState"]


class TrainState(NamedTuple):
    """A read-only picture of one train (see :meth:`Game.train`)."""

    key: int | str
    owner: int | None
    tiles: tuple[tuple[Tile, int], ...]
    open_end: int
    marker: bool
    public: bool

    @property
    def started(self) -> bool:
        """True once the train has a tile."""
        return bool(self.tiles)


class _Train:
    """One train's line of tiles: the tiles, their inward numbers, the open end, the marker.

    Branches (R-VAR-BRANCH) add ``root`` and ``path``; see :class:`mtlearn.engine.lines._Branch`.
    """

    __slots__ = ("end", "inward", "marker", "tiles")

    def __init__(self, engine: int) -> None:
        self.tiles: list[Tile] = []
        self.inward: list[int] = []
        self.end = engine
        self.marker = False

    def _copy_into(self, t: _Train) -> None:
        t.tiles = list(self.tiles)
        t.inward = list(self.inward)
        t.end = self.end
        t.marker = self.marker

    def __deepcopy__(self, memo: object) -> _Train:
        t = _Train.__new__(_Train)
        self._copy_into(t)
        return t


def _clone(value: Any) -> Any:
    """Copy a piece of game state (lists of tiles, trains, numbers) quickly."""
    if isinstance(value, list):
        if value and isinstance(value[0], list):
            return [list(x) for x in value]
        if value and isinstance(value[0], _Train):
            return [t.__deepcopy__(None) for t in value]
        return list(value)
    return value


#: The fields of one round, each with its value at the deal (from the number of
#: players and the engine): ``_reset_round`` sets them, ``_snapshot`` copies them,
#: ``_restore`` sets them back. ``round_no`` and ``scores`` belong to the match but are
#: part of every snapshot (a position holds them).
ROUND_FIELDS: dict[str, Callable[[int, int], Any]] = {
    "round_no": lambda n, engine: 1,
    "engine": lambda n, engine: engine,
    "hands": lambda n, engine: [],          # read with hand(seat)
    "bone": lambda n, engine: [],           # next tile to draw is last; read with boneyard
    "trains": lambda n, engine: [_Train(engine) for _ in range(n + 1)],  # seats, then M
    "open_doubles": lambda n, engine: [],   # line indexes, in the order laid
    "current": lambda n, engine: 0,
    "starter": lambda n, engine: 0,
    "turn_doubles": lambda n, engine: [],
    "bonus": lambda n, engine: False,
    "drawn": lambda n, engine: None,
    "declined": lambda n, engine: False,
    "played": lambda n, engine: 0,
    "building_now": lambda n, engine: False,
    "turns_taken": lambda n, engine: 0,
    "first_done": lambda n, engine: [False] * n,
    "passes": lambda n, engine: 0,
    "announced": lambda n, engine: [False] * n,
    "pending_penalty": lambda n, engine: None,
    "over": lambda n, engine: False,
    "out": lambda n, engine: None,
    "blocked": lambda n, engine: False,
    "scores": lambda n, engine: [],
    "notes": lambda n, engine: [],
    "swan": lambda n, engine: None,
    "team_passed": lambda n, engine: [False] * n,
}

#: Fields a new round does not reset (``round_no`` is set by the deal).
_NOT_RESET = ("round_no", "scores")
# the table sorted once by how a field starts and is copied: numbers, flags and None;
# new empty lists; a flag per seat; lists of lists
_SCALARS = tuple(f for f, start in ROUND_FIELDS.items() if not isinstance(start(1, 0), list))
_LISTS = tuple(f for f, start in ROUND_FIELDS.items()
               if start(1, 0) == [] and f not in _NOT_RESET and f != "trains")
_PER_SEAT = tuple(f for f, start in ROUND_FIELDS.items() if start(1, 0) == [False])
_NESTED = ("hands", "scores")
_SCALAR_STARTS = tuple((f, ROUND_FIELDS[f](1, 0)) for f in _SCALARS
                       if f not in ("engine", "round_no"))     # set from the arguments


def _derived_methods() -> dict[str, Callable[..., Any]]:
    """``_reset_round`` and ``_snapshot``, written out from :data:`ROUND_FIELDS` once,
    at import, as straight-line code (a round is reset twice and snapshot once per deal).

    A loop of ``setattr``/``getattr`` over the field names goes through the generic
    attribute lookup for every field; a written-out ``self.field = …`` is a slot store
    the interpreter specializes. The table stays the one place a field is declared: the
    code below is made from it, and ``tests/test_game_contract.py`` holds both to it."""
    copy_of = {f: f"self.{f}" for f in _SCALARS}
    copy_of.update({f: f"self.{f}[:]" for f in (*_LISTS, *_PER_SEAT)})
    copy_of.update({f: f"[x[:] for x in self.{f}]" for f in _NESTED})
    copy_of["trains"] = "[t.__deepcopy__(None) for t in self.trains]"
    missing = set(ROUND_FIELDS) ^ set(copy_of)
    assert not missing, f"ROUND_FIELDS entries with no way to copy them: {missing}"
    reset = ["    n = self.n",
             "    self._ver += 1      # a new deal: cached legal moves are stale"]
    for f, value in _SCALAR_STARTS:
        # the scalar starts are literals (numbers, flags, None) and read back as written
        assert type(value) in (int, bool, type(None)), f"{f}: {value!r} is not a literal"
        reset.append(f"    self.{f} = {value!r}")
    reset += [f"    self.{f} = []" for f in _LISTS]
    reset += [f"    self.{f} = [False] * n" for f in _PER_SEAT]
    reset += ["    self.engine = engine",
              "    self.trains = [_Train(engine) for _ in range(n + 1)]",
              "    self.round_no = round_no",
              "    self.history = []",
              "    self._marks = {}"]
    snap = ",\n".join(f"        {f!r}: {copy_of[f]}" for f in ROUND_FIELDS)
    source = ("def _reset_round(self, round_no, engine):\n" + "\n".join(reset) + "\n\n"
              "def _snapshot(self):\n    return {\n" + snap + ",\n    }\n")
    made: dict[str, Any] = {}
    code = compile(source, f"<{__name__}: ROUND_FIELDS>", "exec")
    exec(code, {"_Train": _Train, "__name__": __name__}, made)
    return made


_DERIVED = _derived_methods()

#: The match's fields (fixed when the game is made) and the engine's own bookkeeping.
MATCH_FIELDS = ("rules", "set_max", "players", "n", "seed")
ENGINE_FIELDS = ("history", "_log", "_start", "_marks", "_ver", "_legal_ver", "_legal_moves",
                 "_ends_ver", "_ends", "_ends_bits", "_blocker_cache", "_plain", "_plain_plays",
                 "_plain_legal", "_plain_end")


class GameState:
    """Every field of :class:`~mtlearn.Game`, in slots, and the round's reset,
    snapshot and restore derived from :data:`ROUND_FIELDS`."""

    __slots__ = (*MATCH_FIELDS, *ROUND_FIELDS, *ENGINE_FIELDS)

    # the match
    rules: Rules
    set_max: int
    players: list[str]
    n: int
    seed: int | str
    scores: list[list[int]]
    round_no: int
    # the round
    engine: int
    hands: list[list[Tile]]
    bone: list[Tile]
    trains: list[_Train]
    open_doubles: list[int]
    turn_doubles: list[int]
    current: int
    starter: int
    bonus: bool
    drawn: Tile | None
    declined: bool
    played: int
    building_now: bool
    turns_taken: int
    first_done: list[bool]
    passes: int
    announced: list[bool]
    pending_penalty: int | None
    over: bool
    out: int | None
    blocked: bool
    notes: list[str]
    swan: int | None
    team_passed: list[bool]
    # the engine
    history: list[Move]
    _plain: bool
    _plain_legal: bool
    _plain_plays: bool
    _plain_end: bool
    _ver: int
    _legal_ver: int
    _legal_moves: tuple[Move, ...]
    _ends_ver: int
    _ends: list[tuple[int, int]]
    _ends_bits: int
    _blocker_cache: tuple[int, int | None] | None
    _log: list[dict[str, Any]]
    _start: dict[str, Any]
    _marks: dict[int, dict[str, Any]]

    if TYPE_CHECKING:
        def _reset_round(self, round_no: int, engine: int) -> None: ...
        def _snapshot(self) -> dict[str, Any]: ...
    else:
        # written out from ROUND_FIELDS by _derived_methods
        _reset_round = _DERIVED["_reset_round"]
        _reset_round.__doc__ = """Every round field at its value before the deal (see
        :data:`ROUND_FIELDS`): ``round_no`` and ``engine`` as given, the trains empty."""
        _reset_round.__qualname__ = "GameState._reset_round"
        _snapshot = _DERIVED["_snapshot"]
        _snapshot.__qualname__ = "GameState._snapshot"
        _snapshot.__doc__ = """The round state as a dict of copies, one entry per field of
        :data:`ROUND_FIELDS`: the start of the round, and the marks ``pop`` goes back to
        (``_restore`` sets these fields back)."""

    @property
    def _open_turn_doubles(self) -> list[int]:
        """The doubles laid this turn that are still open (lines, in the order laid): the
        one place this is worked out, for the verdicts and every variant."""
        return [d for d in self.turn_doubles if d in self.open_doubles]

    def _restore(self, snap: dict[str, Any]) -> None:
        self._ver += 1
        for f, value in snap.items():
            setattr(self, f, _clone(value))

    if TYPE_CHECKING:
        # game.py
        def _idx(self, key: int | str) -> int: ...
        def _key(self, idx: int) -> int | str: ...
        def train_label(self, key: int | str) -> str: ...
        def push(self, move: Move | str) -> Move: ...
        def _end_turn(self) -> None: ...
        def _finish(self, out: int | None) -> None: ...
        # dealing.py, positions.py
        def _deal(self, round_no: int) -> None: ...
        def _position_of(self, s: dict[str, Any]) -> dict[str, Any]: ...
        # legal.py
        def _inwards(self, tile: Tile, end: int) -> list[int]: ...
        def _blocker(self) -> int | None: ...
        def _building(self) -> bool: ...
        def _mexican_allowed(self) -> bool: ...
        def _targets(self, double: bool) -> list[int]: ...
        def _gate(self, double: bool) -> tuple[list[int], Gate]: ...
        def _building_gate(self) -> tuple[list[int], Gate]: ...
        def _answer_gate(self, live: list[int]) -> tuple[list[int], Gate]: ...
        def _order_gate(self, live: list[int]) -> tuple[list[int], Gate]: ...
        def _blocker_gate(self, blocker: int) -> Gate: ...
        def _plays(self) -> list[Move]: ...
        def _live_doubles(self, doubles: list[int]) -> list[int]: ...
        # verdicts.py
        def explain(self, move: Move | str) -> Verdict: ...
        def _only_the_drawn_tile(self, m: Move) -> Verdict: ...
        def _judge_pass(self, m: Move) -> Verdict: ...
        def _tile_refusal(self, m: Move, tile: Tile, shown: str) -> Verdict | None: ...
        def _closed(self, m: Move, idx: int, root: int, gate: Gate) -> Verdict: ...
        # scores.py
        @property
        def totals(self) -> list[int]: ...
        def partner(self, seat: int) -> int | None: ...
        def team_of(self, seat: int) -> int | None: ...
        def _team_round_scores(self) -> list[list[int]]: ...
        # lines.py, variants.py and variant_verdicts.py
        def _root(self, idx: int) -> int: ...
        def _judge_play(self, m: Move) -> Verdict: ...
        def _no_branching(self, m: Move) -> Verdict: ...
        def _only_own_train(self, m: Move | None, label: str) -> Verdict: ...
        def _building_rule(self) -> str: ...
        def _target_rule(self, idx: int, root: int) -> str: ...
        def _no_such_seat(self, m: Move) -> Verdict | None: ...
        def _as_played(self, m: Move) -> str: ...
        def _placing(self, m: Move, idx: int, root: int, label: str,
                     shown: str) -> tuple[str, int] | Verdict: ...
        def _does_not_fit(self, m: Move, idx: int, label: str, shown: str) -> Verdict: ...
        def _legal(self) -> tuple[Move, ...]: ...
        def place_label(self, key: int | str, branch: str = "") -> str: ...
        def _line_move(self, tile: Tile, idx: int, inward: int) -> Move: ...
        def _team_pass_marks(self, p: int) -> bool: ...
        def line_label(self, idx: int) -> str: ...
        def _line_of(self, root: int, path: str) -> int | None: ...
        def _spawn(self, idx: int, pos: int) -> None: ...
