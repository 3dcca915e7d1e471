"""Dealing: the chance steps that start each round of a match.

:class:`Dealing` is the part of :class:`~mtlearn.Game` that deals a round from the
match's seed (R-DEAL-…, R-ROUND-…): the shuffle, the hands, the boneyard in draw order,
who holds the engine and who starts, and the move to the next round. A round is dealt
from ``Random(f"{seed}/{round}")``, so every deal of a seeded match can be replayed.
"""

from __future__ import annotations

import random
from typing import Any

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
        _shuffle(rng, tiles)
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


#: ``(i, i + 1, bits of i + 1)`` for the swaps of a shuffle of up to 200 items, last first.
_SWAPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(199, 0, -1))
#: Whether :func:`_shuffle` draws as ``random.Random.shuffle`` does (empty: not checked yet).
_SAME_AS_STDLIB: list[bool] = []


def _shuffle(rng: random.Random, tiles: list[Tile]) -> None:
    """``rng.shuffle(tiles)``, the same permutation from the same calls, without a Python
    call per item (a deal's shuffle was 6 % of a random round's bytecodes).

    ``Random.shuffle`` swaps item ``i`` (last first) with one below ``i + 1`` that
    ``_randbelow`` draws: ``getrandbits`` of ``(i + 1).bit_length()`` bits, drawn again
    while too large. That is CPython's code, not a documented promise, so the first call
    checks this copy against ``Random.shuffle`` and uses the library's from then on if they
    ever differ (a deal must not change with the Python it runs on).
    """
    if not _SAME_AS_STDLIB:
        a, b = list(range(150)), list(range(150))
        random.Random("check").shuffle(a)
        _swaps(random.Random("check"), b)
        _SAME_AS_STDLIB.append(a == b)
    if _SAME_AS_STDLIB[0] and type(rng) is random.Random and len(tiles) <= 200:
        _swaps(rng, tiles)
    else:
        rng.shuffle(tiles)


def _swaps(rng: random.Random, x: list[Any]) -> None:
    """Shuffle ``x`` (at most 200 items) in place as ``rng.shuffle`` does."""
    bits = rng.getrandbits
    for i, n, k in _SWAPS[200 - len(x):]:
        j = bits(k)
        while j >= n:
            j = bits(k)
        x[i], x[j] = x[j], x[i]
