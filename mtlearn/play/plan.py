"""Hand planning (R-PLAN-1): the longest train a hand can form.

Players sort their hand into a planned train starting from a number (the engine,
or a train's open end); what is left over are "extras". :func:`longest_train`
finds a longest such chain exactly.

How: a chain is a trail in a multigraph whose nodes are numbers and whose edges
are the non-double tiles. A double ``v-v`` can always be slipped in when the trail
reaches ``v``, so the value of a trail is its edges plus the doubles of the
numbers it visits. The search is a depth-first search over trails, memoised: what
a trail can still gain depends only on where it stands and on which tiles it has
used (the numbers it has visited are the ends of those tiles), so each such state
is solved once, however many orders of the same tiles lead to it. A state is one
integer (a bit per tile, and the number it stands on), its value one integer
(length, then pips), and each step adds its tile and perhaps a double to the
value, so no node re-sums its path. On 21-tile hands this visits a few thousand
states where a plain search walks every order of the same tiles.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..core.tiles import Tile

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
    first), then towards the chain a depth-first search in hand order meets first
    (deterministic).
    """
    tiles = [Tile.parse(t) if isinstance(t, str) else t for t in hand]
    if len(set(tiles)) != len(tiles):
        raise ValueError("a hand cannot hold the same tile twice")
    doubles: dict[int, Tile] = {}
    edges: list[Tile] = []
    top = start
    for t in tiles:
        if t.high == t.low:
            doubles[t.high] = t
        else:
            edges.append(t)
        if t.high > top:
            top = t.high
    top += 1
    shift = top.bit_length()
    # adj[v]: (bit of the edge, number at its other end, value it adds) in hand order
    adj: list[list[tuple[int, int, int]]] = [[] for _ in range(top)]
    for i, t in enumerate(edges):
        gain = _UNIT + t.pips
        adj[t.high].append((1 << i, t.low, gain))
        adj[t.low].append((1 << i, t.high, gain))
    bonus = [0] * top                   # what reaching a number adds: its double
    for v, t in doubles.items():
        bonus[v] = _UNIT + t.pips
    memo: dict[int, int] = {}           # state -> best value still to gain
    choice: dict[int, int] = {}         # state -> the edge bit of the best next step

    def solve(node: int, used: int, seen: int) -> int:
        # ``seen``: the numbers visited so far, one bit each (a function of ``used``)
        best = 0
        pick = 0
        for bit, other, gain in adj[node]:
            if used & bit:
                continue
            u = used | bit
            value = memo.get((u << shift) | other)
            if value is None:
                value = solve(other, u, seen | (1 << other))
            value += gain
            if not (seen >> other) & 1:
                value += bonus[other]
            if value > best:
                best = value
                pick = bit
        key = (used << shift) | node
        memo[key] = best
        if pick:
            choice[key] = pick
        return best

    solve(start, 0, 1 << start)
    chain: list[tuple[Tile, int]] = []
    if start in doubles:
        chain.append((doubles[start], start))
    placed = {start}
    node, used = start, 0
    while True:
        bit = choice.get((used << shift) | node)
        if bit is None:
            break
        i = bit.bit_length() - 1
        t = edges[i]
        chain.append((t, node))
        node = t.other(node)
        used |= bit
        if node in doubles and node not in placed:
            chain.append((doubles[node], node))
        placed.add(node)
    in_chain = {t for t, _ in chain}
    extras = tuple(t for t in tiles if t not in in_chain)
    return Plan(start, tuple(chain), extras)


#: The value of one tile in a chain: values are length * _UNIT + pips, compared at once.
_UNIT = 1 << 24
