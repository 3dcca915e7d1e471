"""Moves and their text notation.

=================  ===========================================================
``12-5@M``         play 12-5 on the Mexican train, 12 against the train
``5-9@2``          play 5-9 on seat 2's train (seats are numbered from 1), 5 inward
``6-4@2.3a``       play 6-4 on branch ``3a`` of seat 2's train: the first branch off the
                   double that is the 3rd tile of that train (R-VAR-BRANCH); ``3b`` is
                   the second; a branch off a branch adds a part: ``2.3a.1b``
``draw``           draw one tile from the boneyard (R-TURN-3)
``pass``           pass and mark your own train (R-MARK-2, R-TURN-4)
``uno``            announce your last tile (R-LAST-1)
``end``            end a train-building first turn (R-FIRST-1)
=================  ===========================================================

In Python, ``Move.train`` is the seat index (0-based) or ``"M"``; in the text
the seat is written 1-based, as players say it. ``str`` and ``Move.parse``
round-trip exactly. A play on a branch (R-VAR-BRANCH) also carries ``Move.branch``,
the path of the branch (``"3a"``, ``"3a.1b"``); it is ``""`` for the train itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .tiles import Tile

__all__ = ["MEXICAN", "Move", "train_code"]

#: The train key of the Mexican train.
MEXICAN = "M"

def train_code(key: int | str) -> str:
    """A train key as written in the notation: ``"M"`` or the 1-based seat number."""
    return MEXICAN if key == MEXICAN else str(int(key) + 1)


_PLAY_RE = re.compile(r"^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*@\s*([Mm]|\d{1,2})"
                      r"((?:\.\d{1,3}[abAB])*)\s*$")
#: A branch path: ``3a``, ``3a.1b`` (tile number on its line, then side a or b).
BRANCH_RE = re.compile(r"^\d{1,3}[ab](?:\.\d{1,3}[ab])*$")
_WORDS = {"draw": "draw", "pass": "pass", "uno": "uno", "announce": "uno", "end": "end"}


@dataclass(frozen=True, slots=True)
class Move:
    """A move: ``kind`` is ``"play"``, ``"draw"``, ``"pass"``, ``"uno"`` or ``"end"``.

    A play has a ``tile``, a ``train`` (seat index or ``"M"``) and ``inward``, the
    number that touches the train; when not given it is the tile's first-written
    (higher) number, and the game turns the tile round if only the other way fits.
    """

    kind: str
    tile: Tile | None = None
    train: int | str | None = None
    inward: int | None = None
    branch: str = ""

    def __post_init__(self) -> None:
        if self.kind == "play":
            if not isinstance(self.tile, Tile):
                raise ValueError(f"a play needs a Tile, not {self.tile!r}")
            if self.train != MEXICAN and (not isinstance(self.train, int)
                                          or isinstance(self.train, bool) or self.train < 0):
                raise ValueError(f"a train is a seat index (0, 1, …) or 'M', not {self.train!r}")
            if self.inward is None:
                object.__setattr__(self, "inward", self.tile.high)
            elif not self.tile.has(self.inward):
                raise ValueError(f"{self.tile} has no {self.inward} to put against the train")
            if self.branch and (not isinstance(self.branch, str)
                                or not BRANCH_RE.match(self.branch)):
                raise ValueError(f"a branch is written like '3a' or '3a.1b', not {self.branch!r}")
        elif self.kind in ("draw", "pass", "uno", "end"):
            if (self.tile is not None or self.train is not None or self.inward is not None
                    or self.branch):
                raise ValueError(f"a {self.kind!r} move has no tile or train")
        else:
            raise ValueError(f"unknown move kind {self.kind!r}")

    # -- constructors ---------------------------------------------------------------
    @classmethod
    def play(cls, tile: Tile | str, train: int | str, inward: int | None = None,
             branch: str = "") -> Move:
        """Play ``tile`` on ``train`` (seat index or ``"M"``), or on one of its
        branches (``branch="3a"``, R-VAR-BRANCH)."""
        if isinstance(tile, str):
            tile = Tile.parse(tile)
        return cls("play", tile, train, inward, branch)

    @classmethod
    def draw(cls) -> Move:
        """Draw a tile from the boneyard."""
        return cls("draw")

    @classmethod
    def pass_(cls) -> Move:
        """Pass, marking your own train."""
        return cls("pass")

    @classmethod
    def announce(cls) -> Move:
        """Announce your last tile ("uno")."""
        return cls("uno")

    @classmethod
    def end(cls) -> Move:
        """End a train-building first turn."""
        return cls("end")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in the notation above. Raises ``ValueError`` with a hint."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a move is written like '12-5@M', 'draw' or 'pass', not {text!r}")
        word = text.strip().lower()
        if word in _WORDS:
            return cls(_WORDS[word])
        m = _PLAY_RE.match(text)
        if not m:
            raise ValueError(f"{text!r} is not a move: write a tile and a train like '12-5@M' "
                             f"or '5-9@2' (seat 2), a branch like '6-4@2.3a', or 'draw', "
                             f"'pass', 'uno', 'end'")
        a, b, t = int(m.group(1)), int(m.group(2)), m.group(3)
        branch = m.group(4)[1:].lower()
        if t.upper() == "M":
            train: int | str = MEXICAN
        else:
            if int(t) < 1:
                raise ValueError(f"{text!r}: seats are numbered from 1")
            train = int(t) - 1
        return cls("play", Tile(a, b), train, a, branch)

    # -- text -------------------------------------------------------------------------
    @property
    def outward(self) -> int | None:
        """For a play, the number left open at the end of the train."""
        if self.tile is None or self.inward is None:
            return None
        return self.tile.other(self.inward)

    @property
    def train_code(self) -> str | None:
        """The train as written in the notation: ``"M"`` or the 1-based seat."""
        return None if self.train is None else train_code(self.train)

    @property
    def line_code(self) -> str | None:
        """The line played on: the train code, with the branch path if any (``"2.3a"``)."""
        if self.train is None:
            return None
        code = train_code(self.train)
        return f"{code}.{self.branch}" if self.branch else code

    def __str__(self) -> str:
        if self.kind == "play":
            return f"{self.inward}-{self.outward}@{self.line_code}"
        return self.kind

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"
