"""Branching doubles (R-VAR-BRANCH), the rules option ``branching``: :class:`Branching`.

Once a double is covered it opens two more lines of play, so it has four open ends. A
branch belongs to the train it grows from (same owner, same marker). Branches are named by
where they grow: branch ``3a`` of seat 2's train grows from the double that is the 3rd tile
of that train; ``3b`` is its twin; ``3a.1b`` grows from the double that is the 1st tile of
``3a``. In the move notation a branch follows the train: ``6-4@2.3a``. The branches
themselves (their state, names and labels) live in :mod:`mtlearn.engine.lines`, which every
game has.
"""

from __future__ import annotations

from typing import Any

from ...core.moves import Move
from ...core.notation import branch_sort_key, index_code, key_of, line_code
from ..variant_game import VariantGame
from ..verdicts import Verdict

__all__ = ["Branching"]


class Branching(VariantGame):
    """A game with branching doubles (see the module doc)."""

    option = "branching"
    rule = "R-VAR-BRANCH"
    title = "Branching doubles"
    summary = "a covered double opens two more branches of its train"
    words = "a covered double grows two more branches"
    order = 20
    rules_text = """\
`Rules(branching=True)`: once a double has been covered, two more lines of play grow from
it, so it has four open ends: the tile before it, the tile that covered it, and two new
branches that start with the double's number. A branch belongs to the train it grows from:
the same owner, the same marker, the same rules about who may play there. A double laid on
a branch is an open double like any other ([R-DBL-3](#r-dbl-3)), and once covered it grows
branches of its own.

mtlearn names a branch after the double it grows from: branch `3a` of seat 2's train grows
from the double that is that train's 3rd tile, `3b` is its twin, and `3a.1b` grows from a
double that is the 1st tile of branch `3a`. Moves write the branch after the train:
`6-4@2.3a`. A covered double grows branches in any turn, including a train-building first
turn; that turn still lays one chain along the train itself, and its branches are played
from the next turn on.
"""
    learner_text = """\
Once a double has been covered, two more lines of play grow from it, so it has four open
ends: the tile before it, the tile that covered it, and two new branches that start with
the double's number. A branch belongs to the train it grows from: the same owner, the same
marker, the same rules about who may play there. A double laid on a branch is an open
double like any other ([an open double must be covered before anything else](#r-dbl-3)),
and once covered it grows branches of its own. A covered double grows branches in any
turn, including a train-building first turn; that turn still lays one chain along the train
itself, and its branches are played from the next turn on.
"""

    __slots__ = ()

    def _expand(self, roots: list[int]) -> list[int]:
        if len(self.trains) == self.n + 1:
            return super()._expand(roots)
        out: list[int] = []
        for r in super()._expand(roots):
            out.extend(self._lines_of(r))
        return out

    def _covered(self, idx: int, pos: int) -> None:
        self._spawn(idx, pos)           # two branches grow from the covered double
        super()._covered(idx, pos)

    # ================================================================== verdicts
    def _target_rule(self, idx: int, root: int) -> str:
        if idx not in self.open_doubles and idx > self.n:
            return "R-VAR-BRANCH"
        return super()._target_rule(idx, root)

    def _branch_line(self, m: Move, root: int) -> int | Verdict:
        idx = self._line_of(root, m.branch)
        if idx is None:
            assert m.train is not None
            tlabel = self.train_label(m.train)
            return Verdict(False, "R-VAR-BRANCH", f"{tlabel[0].upper() + tlabel[1:]} has no "
                           f"branch {m.branch}: branches grow only from a double that has "
                           f"been covered.", m)
        return idx

    def _cover_note(self, end: int) -> tuple[str, str] | None:
        return ("R-VAR-BRANCH", f"; with branching doubles, the covered {end}-{end} then "
                f"opens two more branches")

    # ================================================================== positions
    def _position_of(self, s: dict[str, Any]) -> dict[str, Any]:
        """The position, with the branches (after the trains) and the lines' codes."""
        pos = super()._position_of(s)
        n = self.n
        trains = s["trains"]
        if len(trains) > n + 1:
            extra = sorted(((t.root, branch_sort_key(t.path),
                             line_code(key_of(t.root, n), t.path), t)
                            for t in trains[n + 1:]), key=lambda x: (x[0], x[1]))
            for _, _, key, t in extra:
                pos["trains"][key] = [f"{a}-{tile.other(a)}" for tile, a in
                                      zip(t.tiles, t.inward, strict=True)]

            def lcode(i: int) -> str:
                if i <= n:
                    return index_code(i, n)
                return line_code(key_of(trains[i].root, n), trains[i].path)
            pos["open_doubles"] = [lcode(i) for i in s["open_doubles"]]
            pos["turn"]["doubles"] = [lcode(i) for i in s["turn_doubles"]]
        return pos
