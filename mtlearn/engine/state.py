"""The round state's parts, declared once for the modules that make up :class:`~mtlearn.game.Game`.

``Game`` is one class built from mixins, one module per concern (play and scores in
:mod:`mtlearn.game` and :mod:`mtlearn.scores`, legal moves in :mod:`mtlearn.legal`,
verdicts in :mod:`mtlearn.verdicts`, positions in :mod:`mtlearn.positions`, the three
shape-changing variants in :mod:`mtlearn.variants`). :class:`GameState` is their common
base: it declares, for type checkers only, the fields that :meth:`Game.__init__
<mtlearn.game.Game>` sets and the methods one mixin calls on another, so each mixin
reads as if it knew the whole class. At run time it adds nothing.

This module also holds a train's state (:class:`_Train`, private) and its read-only
picture (:class:`TrainState`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.tiles import Tile

if TYPE_CHECKING:
    from ..core.moves import Move
    from ..core.rules import Rules
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

    Branches (R-VAR-BRANCH) add ``root`` and ``path``; see :class:`mtlearn.variants._Branch`.
    """

    __slots__ = ("end", "inward", "marker", "tiles")

    def __init__(self, engine: int) -> None:
        self.tiles: list[Tile] = []
        self.inward: list[int] = []
        self.end = engine
        self.marker = False

    def __deepcopy__(self, memo: object) -> _Train:
        t = _Train.__new__(_Train)
        t.tiles = list(self.tiles)
        t.inward = list(self.inward)
        t.end = self.end
        t.marker = self.marker
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


class GameState:
    """The fields and cross-mixin methods of :class:`~mtlearn.game.Game`, for type checkers."""

    if TYPE_CHECKING:
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
        history: list[Move]
        _variant: bool
        _plain: bool
        _plain_legal: bool
        _plain_plays: bool
        _plain_end: bool
        _ver: int
        _legal_ver: int
        _legal_moves: tuple[Move, ...]
        _blocker_cache: tuple[int, int | None] | None
        _log: list[dict[str, Any]]
        _start: dict[str, Any]

        # game.py
        def _idx(self, key: int | str) -> int: ...
        def _key(self, idx: int) -> int | str: ...
        def train_label(self, key: int | str) -> str: ...
        def push(self, move: Move | str) -> Move: ...
        def _snapshot(self) -> dict[str, Any]: ...
        def _end_turn(self) -> None: ...
        def _finish(self, out: int | None) -> None: ...
        # dealing.py, positions.py
        def _deal(self, round_no: int) -> None: ...
        def _reset_round(self, round_no: int, engine: int) -> None: ...
        def _position_of(self, s: dict[str, Any]) -> dict[str, Any]: ...
        _marks: dict[int, dict[str, Any]]
        # legal.py
        def _inwards(self, tile: Tile, end: int) -> list[int]: ...
        def _blocker(self) -> int | None: ...
        def _building(self) -> bool: ...
        def _mexican_allowed(self) -> bool: ...
        def _targets(self, double: bool) -> list[int]: ...
        def _plays(self) -> list[Move]: ...
        def _live_doubles(self, doubles: list[int]) -> list[int]: ...
        # verdicts.py
        def explain(self, move: Move | str) -> Verdict: ...
        def _only_the_drawn_tile(self, m: Move) -> Verdict: ...
        def _judge_pass(self, m: Move) -> Verdict: ...
        def _tile_refusal(self, m: Move, tile: Tile, shown: str) -> Verdict | None: ...
        def _why_not_there(self, m: Move, idx: int, root: int,
                           targets: list[int]) -> Verdict: ...
        # scores.py
        @property
        def totals(self) -> list[int]: ...
        def partner(self, seat: int) -> int | None: ...
        def team_of(self, seat: int) -> int | None: ...
        def _team_round_scores(self) -> list[list[int]]: ...
        # variants.py and variant_verdicts.py
        def line_label(self, idx: int) -> str: ...
        def _line_of(self, root: int, path: str) -> int | None: ...
        def _spawn(self, idx: int, pos: int) -> None: ...
        def _v_targets(self, double: bool) -> list[int]: ...
        def _v_plays(self) -> list[Move]: ...
        def _v_swan_legal(self, plays: list[Move]) -> list[Move]: ...
        def _v_explain(self, m: Move) -> Verdict | None: ...
        def _v_position(self, s: dict[str, Any], pos: dict[str, Any]) -> None: ...
        def _swan_next_words(self) -> str: ...
        def _swan_trains(self) -> list[int]: ...
