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
round-trip exactly; the train and branch part of the notation is read and written by
:mod:`mtlearn.core.notation`. A play on a branch (R-VAR-BRANCH) also carries ``Move.branch``,
the path of the branch (``"3a"``, ``"3a.1b"``); it is ``""`` for the train itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from .notation import BRANCH_RE, MEXICAN, line_code, read_move, train_code, write_move
from .tiles import Tile

__all__ = ["MEXICAN", "Move", "train_code"]


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
    def parse(cls, text: str | Move) -> Move:
        """Read a move in the notation above (:func:`~mtlearn.core.notation.read_move`).

        Raises :class:`~mtlearn.core.errors.NotationError` (a ``ValueError``) that quotes
        the text and says what to write."""
        return text if isinstance(text, Move) else cls(*read_move(text))

    # -- text -------------------------------------------------------------------------
    @property
    def outward(self) -> int | None:
        """For a play, the number left open at the end of the train."""
        if self.tile is None or self.inward is None:
            return None
        return self.tile.other(self.inward)

    @property
    def laid(self) -> str | None:
        """For a play, its tile as it is laid, the number it meets first: "2-5" on a 2."""
        if self.tile is None or self.inward is None:
            return None
        return f"{self.inward}-{self.outward}"

    @property
    def train_code(self) -> str | None:
        """The train as written in the notation: ``"M"`` or the 1-based seat."""
        return None if self.train is None else train_code(self.train)

    @property
    def line_code(self) -> str | None:
        """The line played on: the train code, with the branch path if any (``"2.3a"``)."""
        return None if self.train is None else line_code(self.train, self.branch)

    def __str__(self) -> str:
        return write_move(self.kind, self.inward, self.outward, self.train, self.branch)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"
