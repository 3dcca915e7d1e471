"""Tiles named in prose, checked against the way the board writes them.

The board labels a tile on a train with its inward number first: the number that
touches the tile before it (or the hub). A 5-9 laid on a train whose open end was 9 is
shown as 9-5. Narration that calls it "5-9" makes the learner flip it in their head, so
:func:`orientation_notes` finds every tile a text names and reports each one written the
other way round from the board.

The rule, in full (also in docs/formats.md, "Writing tiles in narration"):

* a tile on a train or branch is written as the board shows it, inward number first;
* a tile in a hand has no direction on the board, so either order is accepted (a plan
  is naturally written as a chain, "12-5, 5-9, 9-3", the way it will be laid);
* doubles, tiles in the boneyard, numbers beyond the set and move notation
  (``9-5@2``) are not checked.

Used by :mod:`mtlearn.content.scenario` (every step's narration against the position after it),
by ``mtlearn check`` for puzzles (the question, hints and explanation against the
puzzle's position) and by the tests. Standard library only.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..core.tiles import Tile

if TYPE_CHECKING:
    from ..engine.game import Game
    from .puzzle_record import Puzzle

__all__ = ["board_orientation", "orientation_notes", "puzzle_notes", "tiles_named"]

# Two numbers joined by a hyphen or an en dash, not part of a longer token: not a rule id
# (R-DBL-3), not "double-12", not a move (9-5@2), not a range of three numbers or a date.
_TILE_WORD = re.compile(r"(?<![\w@.\-–])(\d{1,2})[-–](\d{1,2})(?![\w@\-–]|\.\d)")


def tiles_named(text: str) -> list[tuple[int, int]]:
    """Every tile a text names, as written: ``"Ana lays 5-9"`` gives ``[(5, 9)]``."""
    return [(int(a), int(b)) for a, b in _TILE_WORD.findall(text or "")]


def board_orientation(game: Game) -> dict[Tile, tuple[int, int, str]]:
    """Each tile on a train or branch: (inward number, outward number, where it lies)."""
    out: dict[Tile, tuple[int, int, str]] = {}
    for key in game.train_keys():
        where = game.train_label(key)
        for tile, inward in game.train(key).tiles:
            out[tile] = (inward, tile.other(inward), where)
        for branch in game.branches(key):
            for tile, inward in branch.tiles:
                out[tile] = (inward, tile.other(inward), f"branch {branch.code}")
    return out


def orientation_notes(text: str, game: Game) -> list[str]:
    """One sentence per tile of ``text`` written the other way round from the board of
    ``game`` (see the module docstring for the rule); empty when every tile agrees."""
    notes: list[str] = []
    if not text:
        return notes
    board = board_orientation(game)
    seen: set[tuple[int, int]] = set()
    for a, b in tiles_named(text):
        if a == b or max(a, b) > game.set_max or (a, b) in seen:
            continue
        placed = board.get(Tile(a, b))
        if placed is None:
            continue   # in a hand (either order) or in the boneyard (not shown)
        inward, outward, where = placed
        if a != inward:
            seen.add((a, b))
            notes.append(f"writes {a}-{b}, but the board shows {inward}-{outward} on "
                         f"{where} (inward number first)")
    return notes


def puzzle_notes(puzzle: Puzzle) -> list[str]:
    """The orientation notes of a puzzle's own text, one line each naming the field.

    The question and hints sit next to the puzzle's position; the explanation is shown
    with the verdict, after a move or sequence puzzle's answer has been played on the
    board, so it is read against the position after the example answer (a tile keeps its
    direction once laid, so this covers the tiles of the start position too).
    """
    after = puzzle.start()
    for move in puzzle.goal_kind.example_moves(puzzle):
        after.push(move)
    texts = [("question", puzzle.question, puzzle.game)]
    texts += [(f"hints[{i}]", h, puzzle.game) for i, h in enumerate(puzzle.hints)]
    texts.append(("explain", puzzle.explain, after))
    out = []
    for where, text, game in texts:
        line = puzzle.lines.get(where.split("[")[0])
        loc = puzzle.source + (f", line {line}" if line else "")
        out += [f"{loc}: {where}: {note}" for note in orientation_notes(text, game)]
    return out
