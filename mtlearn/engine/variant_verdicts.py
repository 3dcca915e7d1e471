"""Verdicts of the three shape-changing variants: branching doubles, Swan Drive, partnerships.

Mixed into :class:`~mtlearn.engine.variants.VariantGame`, whose
:meth:`explain <mtlearn.Game.explain>` asks :meth:`VariantVerdicts._v_explain`
first; it judges plays on trains and branches (R-VAR-BRANCH), the moves of a Swan Drive
(R-VAR-SWAN) and a partner's pass (R-VAR-TEAMS), and returns None for every move the
standard sentences of :mod:`mtlearn.engine.verdicts` already judge rightly. The refusals a play
meets before its line is looked at, and those of a tile that does not fit, are the
standard ones (``Verdicts._placing``), written once.
"""

from __future__ import annotations

from ..core.moves import Move
from .state import GameState
from .verdicts import Verdict

__all__ = ["VariantVerdicts"]


class VariantVerdicts(GameState):
    """The variants' verdicts, mixed into :class:`~mtlearn.engine.variants.VariantGame`."""

    __slots__ = ()

    def _v_explain(self, m: Move) -> Verdict | None:
        """The variant's own judgement of ``m``, or None to use the standard one."""
        if m.kind == "play":
            return self._v_judge_play(m)
        name = self.players[self.current]
        if self.swan is not None and self.bonus and m.kind == "end":
            td = [d for d in self.turn_doubles if d in self.open_doubles]
            live = self._live_doubles(td)
            if live:
                d = self.trains[live[-1]].end
                plays = self._plays()
                return Verdict(False, "R-VAR-SWAN", f"{name} laid the double {d}-{d} during "
                               f"the Swan Drive and must cover it before the turn can end.", m,
                               tuple(plays[:1]))
        if self.swan is not None and not self.bonus:
            nxt = self._swan_next_words()
            if m.kind == "end":
                return Verdict(True, "R-VAR-SWAN", f"{name} stops the Swan Drive here, and "
                               f"the turn ends.", m)
            if m.kind in ("draw", "pass"):
                plays = self._plays()
                return Verdict(False, "R-VAR-SWAN", f"A Swan Drive has no draw and no pass: "
                               f"{name} may play on {nxt}, or stop with 'end'.", m,
                               (*plays[:1], Move("end")))
        if m.kind == "pass" and self.rules.teams:
            return self._v_judge_team_pass(m)
        return None

    def _swan_next_words(self) -> str:
        labels = [self.train_label(self._key(r)) for r in self._swan_trains()]
        if not labels:
            return "no further train"
        if len(labels) == 2:
            return f"{labels[0]} (or skip it) or {labels[1]}"
        if labels[0] == "the Mexican train" and self._swan_trains()[0] == self.n:
            return f"{labels[0]} (it may also be skipped)"
        return labels[0]

    def _v_judge_team_pass(self, m: Move) -> Verdict:
        v = self._judge_pass(m)
        if not v.legal:
            return v
        p = self.current
        q = self.partner(p)
        assert q is not None
        name, partner = self.players[p], self.players[q]
        if self._team_pass_marks(p):
            text = (f"{name} cannot play and passes; {partner}, {name}'s partner, could not "
                    f"play either last turn, so a marker goes on both of their trains "
                    f"and they turn public.")
            if self.trains[p].marker:
                text = (f"{name} cannot play and passes; their team's trains already carry "
                        f"the markers and stay public.")
        else:
            text = (f"{name} cannot play and passes, but places no marker: {partner} "
                    f"({name}'s partner) may still play, and a team's trains turn public "
                    f"only when neither partner can play.")
        return Verdict(True, "R-VAR-TEAMS", text, m)

    def _v_judge_play(self, m: Move) -> Verdict:
        name, p = self.players[self.current], self.current
        tile = m.tile
        assert tile is not None and m.train is not None

        def no(rule: str, text: str) -> Verdict:
            return Verdict(False, rule, text, m)

        no_seat = self._no_such_seat(m)
        if no_seat is not None:
            return no_seat
        root = self._idx(m.train)
        tlabel = self.train_label(m.train)
        idx = root
        if m.branch:
            if not self.rules.branching:
                return self._no_branching(m)
            line_idx = self._line_of(root, m.branch)
            if line_idx is None:
                return no("R-VAR-BRANCH", f"{tlabel[0].upper() + tlabel[1:]} has no branch "
                          f"{m.branch}: branches grow only from a double that has been "
                          f"covered.")
            idx = line_idx
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
        if covers and self.rules.branching:
            rule_ok = "R-VAR-BRANCH"
            text += (f"; with branching doubles, the covered {line.end}-{line.end} then opens "
                     f"two more branches")
        if tile.is_double and not (self.rules.first_turn != "normal" and self._building()):
            if len(self.hands[p]) == 1:
                rule_ok = "R-DBL-5"
                text += (", going out on it: the round ends at once and the double stays "
                         "open")
            elif self.swan is not None:
                text += f", and as it is a double, {name} must cover it before going on"
            else:
                text += f", and as it is a double, {name} then plays again"
        elif (self.rules.swan_drive and self.swan is None and root == p and not self.bonus
              and not tile.is_double and len(self.hands[p]) > 1):
            text += (f", and then, with Swan Drive, {name} may go on along the public trains "
                     f"in clockwise order")
        return Verdict(True, rule_ok, text + ".", mm)
