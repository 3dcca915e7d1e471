"""Hand planning (R-PLAN-1): the longest train a hand can form.

Players sort their hand into a planned train starting from a number (the engine,
or a train's open end); what is left over are "extras". :func:`longest_train`
finds a longest such chain exactly.

How: a chain is a trail in a multigraph whose nodes are numbers and whose edges
are the non-double tiles. A double ``v-v`` can always be slipped in when the trail
reaches ``v``, so the value of a trail is its edges plus the doubles of the
numbers it visits. A depth-first search over trails with an upper-bound cut finds
the best one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .tiles import Tile

__all__ = ["Plan", "longest_train"]


class Plan(NamedTuple):
    """A planned train: ``chain`` as (tile, inward number) pairs, and the ``extras``."""

    start: int
    chain: tuple[tuple[Tile, int], ...]
    extras: tuple[Tile, ...]

    @property
    def tiles(self) -> list[Tile]:
        """The chain's tiles in order."""
        return [t for t, _ in self.chain]

    def __len__(self) -> int:
        return len(self.chain)

    def __str__(self) -> str:
        chain = " ".join(f"{a}-{t.other(a)}" for t, a in self.chain) or "(no tile fits)"
        extras = " ".join(str(t) for t in self.extras) or "none"
        return f"from {self.start}: {chain}; extras: {extras}"


def longest_train(hand: Iterable[Tile | str], start: int) -> Plan:
    """The longest chain of tiles from ``hand`` starting at the number ``start``.

    Ties are broken towards the chain with more pips (so heavy tiles leave the hand
    first), then by the order the search meets them (deterministic).
    """
    tiles = [Tile.parse(t) if isinstance(t, str) else t for t in hand]
    if len(set(tiles)) != len(tiles):
        raise ValueError("a hand cannot hold the same tile twice")
    doubles = {t.high: t for t in tiles if t.is_double}
    edges = [t for t in tiles if not t.is_double]
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, t in enumerate(edges):
        adj.setdefault(t.high, []).append((i, t.low))
        adj.setdefault(t.low, []).append((i, t.high))
    n_doubles = len(doubles)
    best: list = [(-1, -1), []]
    path: list[tuple[int, int]] = []       # (edge index, node left from)
    used = [False] * len(edges)
    counted: dict[int, int] = {}           # node -> times visited (for doubles)

    def value_doubles() -> int:
        return sum(1 for v in counted if v in doubles)

    def pips_of(path_: list[tuple[int, int]]) -> int:
        s = sum(edges[i].pips for i, _ in path_)
        return s + sum(doubles[v].pips for v in counted if v in doubles)

    def dfs(node: int, remaining: int) -> None:
        length = len(path) + value_doubles()
        score = (length, pips_of(path))
        if score > best[0]:
            best[0] = score
            best[1] = [list(path), dict(counted)]
        # upper bound: every unused edge and every uncounted double
        if length + remaining + (n_doubles - value_doubles()) <= best[0][0]:
            if length + remaining + (n_doubles - value_doubles()) < best[0][0]:
                return
        for i, other in adj.get(node, ()):
            if used[i]:
                continue
            used[i] = True
            path.append((i, node))
            counted[other] = counted.get(other, 0) + 1
            dfs(other, remaining - 1)
            c = counted[other] - 1
            if c:
                counted[other] = c
            else:
                del counted[other]
            path.pop()
            used[i] = False

    counted[start] = 1
    dfs(start, len(edges))
    best_path, best_counted = best[1]
    chain: list[tuple[Tile, int]] = []
    placed_doubles: set[int] = set()
    node = start

    def maybe_double(v: int) -> None:
        if v in doubles and v not in placed_doubles and v in best_counted:
            chain.append((doubles[v], v))
            placed_doubles.add(v)

    maybe_double(node)
    for i, frm in best_path:
        t = edges[i]
        chain.append((t, frm))
        node = t.other(frm)
        maybe_double(node)
    in_chain = {t for t, _ in chain}
    extras = tuple(t for t in tiles if t not in in_chain)
    return Plan(start, tuple(chain), extras)
