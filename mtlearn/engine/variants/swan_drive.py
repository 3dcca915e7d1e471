"""Swan Drive (R-VAR-SWAN), the rules option ``swan_drive``: :class:`SwanDrive`.

A turn in which the player laid a tile on their own train, and that leaves no double open,
goes on: the player may lay one tile on each following public train in clockwise order,
stopping at the first they cannot (or do not want to: ``end``) play on, or when the drive
comes round to their own train. In mtlearn the Mexican train stands in the hub between the
last seat and seat 1, and a player may play on it or skip it when the drive passes it. A
double laid during the drive must be covered at once, on that double, before the drive goes
on (with a draw if needed, as after any double: R-DBL-2). The train last played on during a
drive is the round field ``swan`` (None otherwise).
"""

from __future__ import annotations

from typing import Any

from ...core.moves import Move
from ...core.notation import index_code
from ...core.tiles import Tile
from ..legal import Gate
from ..variant_game import VariantGame
from ..verdicts import Verdict

__all__ = ["SwanDrive"]


class SwanDrive(VariantGame):
    """A game with Swan Drive (see the module doc)."""

    option = "swan_drive"
    rule = "R-VAR-SWAN"
    title = "Swan Drive"
    summary = "after a play on their own train a player goes on along the following public trains"
    words = "Swan Drive: after your own train, one tile on each public train in turn"
    order = 10
    rules_text = """\
`Rules(swan_drive=True)`: a turn in which you laid a tile on your own train, and which
leaves no double open, goes on around the table: you may add one tile to each following
public train in clockwise order. Private trains are passed by; a public train you cannot
play on ends the drive (you may not skip it), and so does coming round to your own train.
You may also stop at any point with `end`.

Where the source leaves room, mtlearn decides: the Mexican train stands in the hub between
the last seat and seat 1, and when the drive passes it you may play on it or skip it. A
double laid during the drive must be covered at once, on that double, before the drive
moves on; a player who cannot cover it draws, as after any double ([R-DBL-2](#r-dbl-2)).
There is no drive after a train-building turn. With partnerships
([R-VAR-TEAMS](#r-var-teams)) the drive starts only from a play on your own train, and your
partner's train is one of the trains it visits, marker or not.
"""
    learner_text = """\
A turn in which you laid a tile on your own train, and which leaves no double open, goes on
around the table: you may add one tile to each following public train in clockwise order.
Private trains are passed by; a public train you cannot play on ends the drive (you may not
skip it), and so does coming round to your own train. You may also stop at any point.

Where the source leaves room, mtlearn decides: the Mexican train stands in the hub between
the last seat and seat 1, and when the drive passes it you may play on it or skip it. A
double laid during the drive must be covered at once, on that double, before the drive
moves on; a player who cannot cover it draws, as after any double
([with no tile after your double, draw, then play it or mark](#r-dbl-2)). There is no drive
after a train-building turn. With [partnerships](#r-var-teams) the drive starts only from a
play on your own train, and your partner's train is one of the trains it visits, marker or
not.
"""

    __slots__ = ()

    # ================================================================== targets
    def _drive_gate(self, live: list[int]) -> tuple[list[int], Gate] | None:
        if self.swan is None:
            return super()._drive_gate(live)
        if live:                        # a double laid during the drive is covered first
            return [live[-1]], Gate("drive-double", "R-VAR-SWAN", live[-1])
        return self._expand(self._swan_trains()), Gate("drive", "R-VAR-SWAN")

    def _swan_trains(self) -> list[int]:
        """The trains the Swan Drive may go on next: the Mexican train if the drive
        passes it (optional), then the next public train (R-VAR-SWAN)."""
        p, n, c = self.current, self.n, self.swan
        assert c is not None
        q = self.partner(p)
        out: list[int] = []
        for k in range(1, n + 1):
            r = (c + k) % (n + 1)      # seats 0..n-1, then the Mexican train (n)
            if r == p:
                break
            if r == n:
                if self._mexican_allowed():
                    out.append(n)
                continue
            if self.trains[r].marker or r == q:
                out.append(r)
                break
        return out

    def _compute_legal(self) -> list[Move]:
        if self.swan is not None and not self.bonus and not self.over:
            # during the drive (not after a double): the plays, or stop with 'end'
            out = [*self._plays(), Move("end")]
            p = self.current
            if (self.rules.last_tile != "off" and not self.announced[p]
                    and len(self.hands[p]) <= 2):
                out.append(Move("uno"))
            return out
        return super()._compute_legal()

    # ================================================================== playing
    def _played_own_this_turn(self) -> bool:
        p, k = self.current, self.played
        for m in reversed(self.history):
            if m.kind == "play":
                if m.train == p:
                    return True
                k -= 1
                if k <= 0:
                    break
        return False

    def _turn_goes_on(self, root: int) -> bool:
        """After a play that would end the turn: start or continue the Swan Drive.

        Returns True when the turn goes on (some tile fits the next public train)."""
        if self._live_doubles(self.open_doubles):
            self.swan = None
            return False
        if self.swan is None:
            if not self._played_own_this_turn():
                return super()._turn_goes_on(root)
            self.swan = self.current
        else:
            self.swan = root
        self.bonus = False
        if not self._plays():
            self.swan = None
            return False
        return True

    # ================================================================== verdicts
    def _v_explain(self, m: Move) -> Verdict | None:
        if m.kind == "play" or self.swan is None:
            return super()._v_explain(m)
        name = self.players[self.current]
        if self.bonus and m.kind == "end":
            td = self._open_turn_doubles
            live = self._live_doubles(td)
            if live:
                d = self.trains[live[-1]].end
                plays = self._plays()
                return Verdict(False, "R-VAR-SWAN", f"{name} laid the double {d}-{d} during "
                               f"the Swan Drive and must cover it before the turn can end.", m,
                               tuple(plays[:1]))
        if not self.bonus:
            nxt = self._swan_next_words()
            if m.kind == "end":
                return Verdict(True, "R-VAR-SWAN", f"{name} stops the Swan Drive here, and "
                               f"the turn ends.", m)
            if m.kind in ("draw", "pass"):
                plays = self._plays()
                return Verdict(False, "R-VAR-SWAN", f"A Swan Drive has no draw and no pass: "
                               f"{name} may play on {nxt}, or stop with 'end'.", m,
                               (*plays[:1], Move("end")))
        return super()._v_explain(m)

    def _swan_next_words(self) -> str:
        labels = [self.train_label(self._key(r)) for r in self._swan_trains()]
        if not labels:
            return "no further train"
        if len(labels) == 2:
            return f"{labels[0]} (or skip it) or {labels[1]}"
        if labels[0] == "the Mexican train" and self._swan_trains()[0] == self.n:
            return f"{labels[0]} (it may also be skipped)"
        return labels[0]

    def _target_rule(self, idx: int, root: int) -> str:
        if idx not in self.open_doubles and self.swan is not None:
            return "R-VAR-SWAN"
        return super()._target_rule(idx, root)

    def _goes_on_words(self, root: int, tile: Tile) -> str:
        p = self.current
        if (self.swan is None and root == p and not self.bonus and not tile.is_double
                and len(self.hands[p]) > 1):
            name = self.players[p]
            return (f", and then, with Swan Drive, {name} may go on along the public trains "
                    f"in clockwise order")
        return super()._goes_on_words(root, tile)

    def _closed(self, m: Move, idx: int, root: int, gate: Gate) -> Verdict:
        if gate.case not in ("drive", "drive-double"):
            return super()._closed(m, idx, root, gate)
        name, p = self.players[self.current], self.current

        no = Verdict.refusing(m)

        if gate.case == "drive-double":
            assert gate.line is not None
            d = self.trains[gate.line].end
            return no(gate.rule, f"{name} laid the double {d}-{d} during the Swan "
                      f"Drive and must cover it, on {self.line_label(gate.line)}, before "
                      f"going on.")
        assert self.swan is not None
        if root == p:
            return no(gate.rule, f"The Swan Drive goes on clockwise from "
                      f"{self.train_label(self._key(self.swan))}; it ends when it comes "
                      f"round to {name}'s own train, so {name} may not play there now.")
        return no(gate.rule, f"In a Swan Drive {name} lays one tile on each following "
                  f"public train in clockwise order, without skipping one: the next is "
                  f"{self._swan_next_words()}, not {self.line_label(idx)}.")

    # ================================================================== positions
    def _position_of(self, s: dict[str, Any]) -> dict[str, Any]:
        pos = super()._position_of(s)
        sw = s["swan"]
        pos["turn"]["swan"] = None if sw is None else index_code(sw, self.n)
        return pos
