"""Dealing: the chance steps that start each round of a match.

:class:`Dealing` is the part of :class:`~mtlearn.Game` that deals a round from the
match's seed (R-DEAL-…, R-ROUND-…): the shuffle, the hands, the boneyard in draw order,
who holds the engine and who starts, and the move to the next round. A round is dealt
from ``Random(f"{seed}/{round}")``, so every deal of a seeded match can be replayed.
"""

from __future__ import annotations

import random

from ..core.errors import IllegalMoveError
from ..core.rules import hand_size
from ..core.tiles import Tile, full_set, remove_tile
from .state import GameState

__all__ = ["Dealing"]


class Dealing(GameState):
    """Dealing rounds, mixed into :class:`~mtlearn.Game`."""

    __slots__ = ()

    @property
    def rounds(self) -> int:
        """Number of rounds in the match: N+1 for a double-N set (R-ROUND-1)."""
        return self.rules.rounds or self.set_max + 1

    def engine_of(self, round_no: int) -> int:
        """The number on the engine of round ``round_no`` of this match (R-ROUND-1): the
        set's highest double in round 1, one lower each round after.

        Raises:
            ValueError: if the match has no such round.
        """
        if (not isinstance(round_no, int) or isinstance(round_no, bool)
                or not 1 <= round_no <= self.rounds):
            raise ValueError(f"this match has rounds 1 to {self.rounds}, not {round_no!r}")
        return self.set_max - (round_no - 1)

    def _deal(self, round_no: int) -> None:
        n = len(self.players)
        rng = random.Random(f"{self.seed}/{round_no}")
        engine = self.engine_of(round_no)
        double = Tile(engine, engine)
        tiles = _full_set(self.set_max)
        if self.rules.engine == "hub":
            # the full set is lowest first, so the double v-v stands at v(v+1)/2 + v
            del tiles[engine * (engine + 1) // 2 + engine]
        rng.shuffle(tiles)
        size = hand_size(self.rules, self.set_max, n)
        self._reset_round(round_no, engine)
        self.hands = [tiles[i * size:(i + 1) * size] for i in range(n)]
        bone = tiles[n * size:]
        self.starter = (round_no - 1) % n
        if self.rules.engine == "holder":
            holder = next((i for i, h in enumerate(self.hands) if double in h), None)
            seat = self.starter
            drawn = 0
            while holder is None:
                tile = bone.pop(0)
                self.hands[seat].append(tile)
                drawn += 1
                if tile is double:
                    holder = seat
                seat = (seat + 1) % n
            remove_tile(self.hands[holder], double)
            if drawn:
                self.notes.append(f"Nobody held {double}: players drew in turn ({drawn} tiles) "
                                  f"until {self.players[holder]} found it (R-ROUND-2).")
            self.notes.append(f"{self.players[holder]} held {double}, placed it in the hub "
                              f"and plays first (R-ROUND-2).")
            self.starter = holder
        self.bone = bone[::-1]
        self.current = self.starter
        self._start = self._snapshot()

    def next_round(self) -> None:
        """Deal the next round of the match (a chance step from the game's seed)."""
        if not self.over:
            raise IllegalMoveError(None, "R-END-1", "The round is not over yet.")
        if self.round_no >= self.rounds:
            raise IllegalMoveError(None, "R-ROUND-1", "The match is over: that was the last "
                                   "round.")
        self._log.append({"start": self._position_of(self._start), "moves":
                          [str(m) for m in self.history]})
        self._deal(self.round_no + 1)


_FULL_SETS: dict[int, tuple[Tile, ...]] = {}


def _full_set(n: int) -> list[Tile]:
    """``full_set(n)`` as a new list, from a tuple made once per set (tiles are shared)."""
    tiles = _FULL_SETS.get(n)
    if tiles is None:
        tiles = _FULL_SETS[n] = tuple(full_set(n))
    return list(tiles)
