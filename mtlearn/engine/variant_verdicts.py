"""Verdicts of the game of lines that the variants reshaping play build on.

Mixed into :class:`~mtlearn.engine.variant_game.VariantGame`, whose
:meth:`explain <mtlearn.Game.explain>` asks :meth:`VariantVerdicts._v_explain`
first; here it judges plays on lines (trains and branches), with hooks each variant
overrides for its own words (a variant's module also overrides ``_v_explain`` for the moves
it judges: a Swan Drive's ``end``, a partner's pass), and returns None for every move the
standard sentences of :mod:`mtlearn.engine.verdicts` already judge rightly. The refusals a play
meets before its line is looked at, and those of a tile that does not fit, are the
standard ones (``Verdicts._placing``), written once.
"""

from __future__ import annotations

from ..core.moves import Move
from ..core.tiles import Tile
from .state import GameState
from .verdicts import Verdict

__all__ = ["VariantVerdicts"]


class VariantVerdicts(GameState):
    """The variants' verdicts, mixed into :class:`~mtlearn.engine.variant_game.VariantGame`."""

    __slots__ = ()

    def _v_explain(self, m: Move) -> Verdict | None:
        """The variants' own judgement of ``m``, or None to use the standard one (a
        variant overrides it for the moves it judges and asks ``super()`` otherwise)."""
        if m.kind == "play":
            return self._v_judge_play(m)
        return None

    def _branch_line(self, m: Move, root: int) -> int | Verdict:
        """The line of the branch ``m`` names on train ``root``, or the refusal (here: no
        branches at all, R-VAR-BRANCH)."""
        return self._no_branching(m)

    def _cover_note(self, end: int) -> tuple[str, str] | None:
        """What covering the double ``end``-``end`` does besides (a rule id and words to
        add to the sentence), or None for nothing."""
        return None

    def _goes_on_words(self, root: int, tile: Tile) -> str:
        """Words to add to a play of ``tile`` on train ``root`` when the turn may go on
        after it ("" for none)."""
        return ""

    def _v_judge_play(self, m: Move) -> Verdict:
        name, p = self.players[self.current], self.current
        tile = m.tile
        assert tile is not None and m.train is not None

        no_seat = self._no_such_seat(m)
        if no_seat is not None:
            return no_seat
        root = self._idx(m.train)
        idx = root
        if m.branch:
            found = self._branch_line(m, root)
            if isinstance(found, Verdict):
                return found
            idx = found
        label = self.line_label(idx)
        shown = self._as_played(m)
        line = self.trains[idx]
        placed = self._placing(m, idx, root, label, shown)
        if isinstance(placed, Verdict):
            return placed
        rule_ok, inward = placed
        mm = self._line_move(tile, idx, inward)
        shown = f"{inward}-{tile.other(inward)}"
        covers = bool(line.tiles) and line.tiles[-1].is_double
        if not line.tiles:
            what = f"starting {label}"
            if idx == self.n:
                rule_ok = "R-MEX-1"
            elif idx < self.n and rule_ok == "R-TRAIN-2":
                rule_ok = "R-TRAIN-1"
        elif covers:
            what = f"covering the double {line.end}-{line.end} on {label}"
        else:
            what = f"on {label}"
        text = f"{name} may play {shown} {what}"
        if rule_ok == "R-VAR-BRANCH" and not line.tiles:
            text += (f": with branching doubles, a covered double opens two more branches, "
                     f"and this one grows from {line.end}-{line.end}")
        elif rule_ok == "R-VAR-TEAMS":
            text += (f": {self.players[root]} is {name}'s partner, and partners play on "
                     f"each other's trains")
        elif rule_ok == "R-VAR-SWAN":
            text += (f": in a Swan Drive, after playing on {name}'s own train, {name} may lay "
                     f"one tile on each following public train in clockwise order")
        note = self._cover_note(line.end) if covers else None
        if note is not None:
            rule_ok, words = note
            text += words
        if tile.is_double and not (self.rules.first_turn != "normal" and self._building()):
            if len(self.hands[p]) == 1:
                rule_ok = "R-DBL-5"
                text += (", going out on it: the round ends at once and the double stays "
                         "open")
            elif self.swan is not None:
                text += f", and as it is a double, {name} must cover it before going on"
            else:
                text += f", and as it is a double, {name} then plays again"
        else:
            text += self._goes_on_words(root, tile)
        return Verdict(True, rule_ok, text + ".", mm)
