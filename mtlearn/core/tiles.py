"""Tiles and sets (R-SET-1 … R-SET-4).

A :class:`Tile` is an unordered pair of numbers. Tiles are interned: there is
exactly one ``Tile`` object per pair, so tiles compare and hash very fast and can
be used as dict keys. The text notation is ``"12-5"`` (higher number first); it
parses in either order and round-trips::

    >>> Tile.parse("5-12")
    Tile(12, 5)
    >>> str(Tile(5, 12))
    '12-5'
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["MAX_PIPS", "SETS", "Tile", "full_set", "remove_tile", "set_size", "suit_count"]

#: The set sizes the engine knows (double-6 … double-18).
SETS: tuple[int, ...] = (6, 9, 12, 15, 18)
#: The highest number a tile may carry.
MAX_PIPS = 18

#: Dashes a tile may be written with: the hyphen, and the en dash, em dash and minus
#: sign that word processors put in its place ("6–1"), besides ``|`` and ``:``.
_DASHES = "-\u2013\u2014\u2212|:"
_TILE_RE = re.compile(r"^\s*([0-9]{1,2})\s*[" + _DASHES + r"]\s*([0-9]{1,2})\s*$")
_CACHE: dict[tuple[int, int], Tile] = {}


class Tile:
    """One domino: two numbers from 0 (blank) to 18, stored higher first.

    ``Tile(5, 12)`` and ``Tile(12, 5)`` are the same object.
    """

    __slots__ = ("_bits", "high", "low")
    high: int
    low: int
    #: A bit for each of the tile's numbers (``1 << high | 1 << low``): the move generator
    #: tests a tile against every open end with one AND.
    _bits: int

    def __new__(cls, a: int, b: int) -> Tile:
        if type(a) is not int or type(b) is not int:
            # checked before the cache: True and 1.0 hash like 1 and would find Tile(1, …)
            for n in (a, b):
                if not isinstance(n, int) or isinstance(n, bool):
                    raise ValueError(f"a tile's numbers must be whole numbers from 0 to "
                                     f"{MAX_PIPS}, not {a!r} and {b!r}")
            a, b = int(a), int(b)
        key = (a, b) if a >= b else (b, a)
        tile = _CACHE.get(key)
        if tile is not None:
            return tile
        for n in key:
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_PIPS:
                raise ValueError(f"a tile's numbers must be whole numbers from 0 to {MAX_PIPS}, "
                                 f"not {a!r} and {b!r}")
        tile = object.__new__(cls)
        object.__setattr__(tile, "high", key[0])
        object.__setattr__(tile, "low", key[1])
        object.__setattr__(tile, "_bits", 1 << key[0] | 1 << key[1])
        _CACHE[key] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.high, self.low))

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: object) -> Tile:
        return self

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"12-5"`` (or ``"5-12"``, ``"5|12"``, ``"5:12"``) as a tile."""
        if isinstance(text, Tile):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a tile is written like '12-5', not {text!r}")
        m = _TILE_RE.match(text)
        if not m:
            odd = next((c for c in text if not (c.isspace() or c in _DASHES
                                                 or "0" <= c <= "9")), None)
            what = ("" if odd is None else
                    f" ({odd!r}, U+{ord(odd):04X}, is not a digit or a dash)")
            raise ValueError(f"{text[:20]!r} is not a tile: write two numbers with a dash, "
                             f"like '12-5'{what}")
        return cls(int(m.group(1)), int(m.group(2)))

    @property
    def pips(self) -> int:
        """The tile's value: the sum of its two numbers (R-SET-3)."""
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        """True for a double such as 6-6."""
        return self.high == self.low

    def has(self, n: int) -> bool:
        """True if one end of the tile shows ``n``."""
        return self.high == n or self.low == n

    __contains__ = has

    def other(self, n: int) -> int:
        """The number at the other end from ``n`` (``n`` must be on the tile)."""
        if self.high == n:
            return self.low
        if self.low == n:
            return self.high
        raise ValueError(f"{self} has no {n}")

    def __iter__(self) -> Iterator[int]:
        yield self.high
        yield self.low

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return (self.high, self.low) < (other.high, other.low)

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def set_size(n: int) -> int:
    """Number of tiles in a double-``n`` set: (n+1)(n+2)/2 (R-SET-1)."""
    return (n + 1) * (n + 2) // 2


def suit_count(n: int) -> int:
    """How many tiles of a double-``n`` set show a given number: n+1 (R-SET-2)."""
    return n + 1


def full_set(n: int) -> list[Tile]:
    """Every tile of a double-``n`` set, lowest first (R-SET-1)."""
    if n not in SETS:
        raise ValueError(f"there is no double-{n} set here; choose one of "
                         + ", ".join(f"double-{s}" for s in SETS))
    return [Tile(a, b) for a in range(n + 1) for b in range(a + 1)]


def remove_tile(tiles: list[Tile], tile: Tile) -> None:
    """Remove ``tile`` from the list ``tiles`` (as ``list.remove`` does, but faster).

    Tiles are interned, so the tile is found by identity. ``list.remove`` compares with
    ``==``, which for a class that defines an ordering in Python (as :class:`Tile` does,
    for ``sorted``) is a Python-level call per tile passed: about ten times slower.

    Raises:
        ValueError: if the tile is not in the list.
    """
    i = 0
    try:
        while tiles[i] is not tile:
            i += 1
    except IndexError:
        raise ValueError(f"{tile} is not in the list") from None
    del tiles[i]

