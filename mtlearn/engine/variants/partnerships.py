"""Partnerships (R-VAR-TEAMS), the rules option ``teams``: :class:`Partnerships`.

For 4, 6 or 8 players: seat ``s`` and seat ``s + players/2`` are partners and sit
opposite. Each partner may play on either partner's train; the team's two trains are
private to the team and turn public together, only when neither partner can play (a partner
who cannot play while the other still could passes without a marker; the round field
``team_passed`` says, per seat, that its last turn ended without a tile); either partner
playing on either train takes both markers back. When a player goes out, their team scores
0 (their partner's tiles are not counted); every other team scores the pips of both hands.
The team totals and standings are in :mod:`mtlearn.engine.scores`, which asks
:meth:`Partnerships.partner`.
"""

from __future__ import annotations

from typing import Any

from ...core.moves import Move
from ..variant_game import VariantGame
from ..verdicts import Verdict

__all__ = ["Partnerships"]


class Partnerships(VariantGame):
    """A game played in partnerships (see the module doc)."""

    option = "teams"
    rule = "R-VAR-TEAMS"
    title = "Partnerships"
    summary = "partners sit opposite, share their trains and score as a team"
    words = "partners share their trains and their score"
    order = 30
    option_note = "4, 6 or 8 players"
    rules_text = """\
`Rules(teams=True)`: with four, six or eight players, seat *s* and seat *s + players/2* are
partners and sit across from each other (Ana and Cy, Ben and Dee at a table of four). Each
partner may play on either partner's train at any time, as if the two were one train with
two ends. A player who cannot play passes *without* a marker while their partner could
still play; when both partners' last turns ended without a tile, markers go on both of
their trains, and either partner playing on either train takes both back
([R-MARK-3](#r-mark-3)). When a player goes out, their whole team scores 0, even with tiles
left in the partner's hand; every other team scores the pips of both hands. Team totals
decide the match, and partners share their place in the standings.
"""
    learner_text = """\
With four, six or eight players, each player has a partner sitting across the table (Ana
and Cy, Ben and Dee at a table of four). Each partner may play on either partner's train
at any time, as if the two were one train with two ends. A player who cannot play passes
*without* a marker while their partner could still play; when both partners' last turns
ended without a tile, markers go on both of their trains, and either partner playing on
either train takes both back ([a tile on your own train takes your marker back](#r-mark-3)).
When a player goes out, their whole team scores 0, even with tiles left in the partner's
hand; every other team scores the pips of both hands. Team totals decide the match, and
partners share their place in the standings.
"""

    __slots__ = ()

    # ================================================================== who plays with whom
    @property
    def has_teams(self) -> bool:
        return True

    def partner(self, seat: int) -> int | None:
        return (seat + self.n // 2) % self.n

    def team_of(self, seat: int) -> int | None:
        return seat % (self.n // 2)

    @property
    def teams(self) -> list[tuple[int, int]]:
        half = self.n // 2
        return [(s, s + half) for s in range(half)]

    # ================================================================== markers
    def _take_markers_back(self, p: int, root: int) -> None:
        q = self.partner(p)
        self.team_passed[p] = False
        if root in (p, q):
            assert q is not None
            self.trains[p].marker = False
            self.trains[q].marker = False

    def _pass_marker(self, p: int) -> None:
        """A pass by ``p``: both partners' trains turn public, or neither does.

        The team's trains turn public only when neither partner can play: when the
        partner's last turn also ended without a tile. Otherwise ``p`` is noted as
        unable to play and the trains stay private.
        """
        q = self.partner(p)
        assert q is not None
        if self.team_passed[q] or self.trains[p].marker:
            self.trains[p].marker = True
            self.trains[q].marker = True
        self.team_passed[p] = True

    def _team_pass_marks(self, p: int) -> bool:
        """Would a pass by ``p`` now put the team's markers down (R-VAR-TEAMS)?"""
        q = self.partner(p)
        assert q is not None
        return self.team_passed[q] or self.trains[p].marker

    # ================================================================== scores
    def _finish(self, out: int | None) -> None:
        super()._finish(out)
        if out is not None:
            # the team of the player who went out scores 0
            q = self.partner(out)
            assert q is not None
            row = self.scores[-1]
            row[out] = 0
            row[q] = 0

    # ================================================================== verdicts
    def _v_explain(self, m: Move) -> Verdict | None:
        if m.kind != "pass":
            return super()._v_explain(m)
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

    def _target_rule(self, idx: int, root: int) -> str:
        if (idx not in self.open_doubles and root != self.current
                and root == self.partner(self.current)):
            return "R-VAR-TEAMS"
        return super()._target_rule(idx, root)

    def _private_train(self, m: Move, root: int) -> Verdict:
        q = self.partner(root)
        assert q is not None
        owner = self.players[root]
        return Verdict(False, "R-VAR-TEAMS", f"{owner}'s train has no marker, so only {owner} "
                       f"and {owner}'s partner {self.players[q]} may play on it.", m)

    # ================================================================== positions
    def _position_of(self, s: dict[str, Any]) -> dict[str, Any]:
        pos = super()._position_of(s)
        pos["team_passed"] = [i + 1 for i in range(self.n) if s["team_passed"][i]]
        return pos
