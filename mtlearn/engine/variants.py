"""The three variants that change the shape of play: :class:`VariantGame`, a subclass of Game.

- **Branching doubles** (R-VAR-BRANCH): once a double is covered it opens two more
  lines of play, so it has four open ends. A branch belongs to the train it grows
  from (same owner, same marker). Branches are named by where they grow: branch
  ``3a`` of seat 2's train grows from the double that is the 3rd tile of that train;
  ``3b`` is its twin; ``3a.1b`` grows from the double that is the 1st tile of ``3a``.
  In the move notation a branch follows the train: ``6-4@2.3a``.
- **Swan Drive** (R-VAR-SWAN): a turn in which the player laid a tile on their own
  train, and that leaves no double open, goes on: the player may lay one tile on each
  following public train in clockwise order, stopping at the first they cannot (or do
  not want to: ``end``) play on, or when the drive comes round to their own train. In
  mtlearn the Mexican train stands in the hub between the last seat and seat 1, and a
  player may play on it or skip it when the drive passes it. A double laid during the
  drive must be covered at once, on that double, before the drive goes on (with a draw
  if needed, as after any double: R-DBL-2).
- **Partnerships** (R-VAR-TEAMS), for 4, 6 or 8 players: seat ``s`` and seat
  ``s + players/2`` are partners and sit opposite. Each partner may play on either
  partner's train; the team's two trains are private to the team and turn public
  together, only when neither partner can play (a partner who cannot play while the
  other still could passes without a marker); either partner playing on either train
  takes both markers back. When a player goes out, their team scores 0 (their
  partner's tiles are not counted); every other team scores the pips of both hands.

The standard game never runs this code: when one of the three options is on,
``Game(...)`` (and so ``Game.new``, ``from_position``, ``from_json`` and ``copy``) makes a
:class:`VariantGame`, whose methods override the standard ones where the shape of play
differs (the lines a tile may go on, laying it, a pass's marker, the end of a turn, the
round's scores, positions, verdicts) and otherwise call them. Lines and branches are
named by :mod:`mtlearn.engine.lines`, which every game has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.moves import Move
from ..core.notation import branch_sort_key, index_code, key_of, line_code
from ..core.rules import Rules
from ..core.tiles import remove_tile
from .game import Game
from .lines import BranchState
from .variant_verdicts import VariantVerdicts
from .verdicts import Verdict

__all__ = ["BranchState", "VariantGame", "branch_sort_key"]


class VariantGame(VariantVerdicts, Game):
    """A game under branching doubles, Swan Drive or partnerships (see the module doc).

    Made by ``Game(...)`` itself when the rules ask for one of them, so
    ``isinstance(game, Game)`` holds and nothing else needs to choose.
    """

    __slots__ = ()

    def __init__(self, players: Sequence[str], rules: Rules, set_max: int,
                 seed: int | str) -> None:
        super().__init__(players, rules, set_max, seed)
        # the standard fast paths know nothing of lines, drives and partners
        self._plain = self._plain_plays = self._plain_legal = False

    def _judge(self, m: Move) -> Verdict:
        v = self._v_explain(m)      # branches, Swan Drive, partners (variant_verdicts)
        return super()._judge(m) if v is None else v

    def _target_rule(self, idx: int, root: int) -> str:
        if idx not in self.open_doubles:
            if self.swan is not None:
                return "R-VAR-SWAN"
            if idx > self.n:
                return "R-VAR-BRANCH"
            if root != self.current and root == self.partner(self.current):
                return "R-VAR-TEAMS"
        return super()._target_rule(idx, root)

    def _why_not_there(self, m: Move, idx: int, root: int, targets: list[int]) -> Verdict:
        if self.swan is None:
            return super()._why_not_there(m, idx, root, targets)
        name, p = self.players[self.current], self.current

        def no(rule: str, text: str) -> Verdict:
            return Verdict(False, rule, text, m)

        td = [d for d in self.turn_doubles if d in self.open_doubles]
        live = self._live_doubles(td) if td else td
        if live:
            d = self.trains[live[-1]].end
            return no("R-VAR-SWAN", f"{name} laid the double {d}-{d} during the Swan "
                      f"Drive and must cover it, on {self.line_label(live[-1])}, before "
                      f"going on.")
        if root == p:
            return no("R-VAR-SWAN", f"The Swan Drive goes on clockwise from "
                      f"{self.train_label(self._key(self.swan))}; it ends when it comes "
                      f"round to {name}'s own train, so {name} may not play there now.")
        return no("R-VAR-SWAN", f"In a Swan Drive {name} lays one tile on each following "
                  f"public train in clockwise order, without skipping one: the next is "
                  f"{self._swan_next_words()}, not {self.line_label(idx)}.")

    def _private_train(self, m: Move, root: int) -> Verdict:
        q = self.partner(root)
        if q is None:
            return super()._private_train(m, root)
        owner = self.players[root]
        return Verdict(False, "R-VAR-TEAMS", f"{owner}'s train has no marker, so only {owner} "
                       f"and {owner}'s partner {self.players[q]} may play on it.", m)

    def _pass_marker(self, p: int) -> None:
        if self.rules.teams:
            self._team_mark(p)      # R-VAR-TEAMS: both partners' trains, or none
        else:
            super()._pass_marker(p)

    def _finish(self, out: int | None) -> None:
        super()._finish(out)
        if self.rules.teams:
            self._team_scores_fix(out)

    def _compute_legal(self) -> list[Move]:
        if self.swan is not None and not self.bonus and not self.over:
            return self._swan_legal(self._plays())  # R-VAR-SWAN: play on, or 'end'
        return super()._compute_legal()

    # ================================================================== teams
    def _team_mark(self, p: int) -> bool:
        """A pass by ``p`` under R-VAR-TEAMS; returns True if a marker was placed.

        The team's trains turn public only when neither partner can play: when the
        partner's last turn also ended without a tile. Otherwise ``p`` is noted as
        unable to play and the trains stay private.
        """
        q = self.partner(p)
        assert q is not None
        if self.team_passed[q] or self.trains[p].marker:
            changed = not (self.trains[p].marker and self.trains[q].marker)
            self.trains[p].marker = True
            self.trains[q].marker = True
            self.team_passed[p] = True
            return changed
        self.team_passed[p] = True
        return False

    def _team_pass_marks(self, p: int) -> bool:
        """Would a pass by ``p`` now put the team's markers down (R-VAR-TEAMS)?"""
        q = self.partner(p)
        assert q is not None
        return self.team_passed[q] or self.trains[p].marker

    # ================================================================== targets
    def _open_trains(self, p: int) -> list[int]:
        """Trains open to ``p`` when no double blocks: own, Mexican, partner's, public."""
        trains = self.trains
        out = [p]
        if trains[self.n].tiles or self._mexican_allowed():
            out.append(self.n)
        q = self.partner(p)
        out.extend(i for i in range(self.n) if i != p and (trains[i].marker or i == q))
        return out

    def _expand(self, roots: list[int]) -> list[int]:
        if len(self.trains) == self.n + 1:
            return roots
        out: list[int] = []
        for r in roots:
            out.extend(self._lines_of(r))
        return out

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
                if self.trains[n].tiles or self._mexican_allowed():
                    out.append(n)
                continue
            if self.trains[r].marker or r == q:
                out.append(r)
                break
        return out

    def _targets(self, double: bool) -> list[int]:
        """Lines a tile may be played on now (a double if ``double``)."""
        p = self.current
        if self.rules.first_turn != "normal" and self._building():
            # a train-building turn lays one chain (R-FIRST-1): the train's own line;
            # branches grown by doubles covered in it are played from the next turn on
            return [p]
        td = [d for d in self.turn_doubles if d in self.open_doubles]
        # a double of this turn that nobody can cover no longer binds the next tile
        # (R-DBL-6, RULES.md §10.4)
        live = self._live_doubles(td) if td else td
        if self.swan is not None:
            if live:
                return [live[-1]]
            return self._expand(self._swan_trains())
        if not self.open_doubles:
            return self._expand(self._open_trains(p))
        if live:
            if self.rules.double_bonus == "on-double":
                return [live[0]]
            if len(td) >= 2 and not double:
                return [live[-1] if self.rules.double_order == "reverse" else live[0]]
        blocker = self._blocker()
        base = [blocker] if blocker is not None else self._expand(self._open_trains(p))
        if len(td) == 1 and td[0] not in base:
            base.append(td[0])
        return base

    def _plays(self) -> list[Move]:
        if self.over:
            return []
        hand = self.hands[self.current] if self.drawn is None else (self.drawn,)
        nd = self._targets(False)
        two = len([d for d in self.turn_doubles if d in self.open_doubles]) >= 2
        dd = self._targets(True) if two else nd
        out: list[Move] = []
        trains = self.trains
        for tile in hand:
            for idx in (dd if tile.is_double else nd):
                for inward in self._inwards(tile, trains[idx].end):
                    out.append(self._line_move(tile, idx, inward))
        return out

    def _swan_legal(self, plays: list[Move]) -> list[Move]:
        """Moves during a Swan Drive (not after a double): the plays, or stop."""
        out = [*plays, Move("end")]
        p = self.current
        if (self.rules.last_tile != "off" and not self.announced[p]
                and len(self.hands[p]) <= 2):
            out.append(Move("uno"))
        return out

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

    def _lay(self, m: Move, p: int) -> None:
        """Lay a tile under branching / Swan Drive / partnerships (see the module doc)."""
        tile = m.tile
        assert tile is not None and m.inward is not None and m.train is not None
        root = self._idx(m.train)
        idx = self._line_of(root, m.branch)
        assert idx is not None
        line = self.trains[idx]
        was_started = bool(self.trains[root].tiles)
        covers = self.rules.branching and bool(line.tiles) and line.tiles[-1].is_double
        pos = len(line.tiles)
        remove_tile(self.hands[p], tile)
        line.tiles.append(tile)
        line.inward.append(m.inward)
        line.end = tile.other(m.inward)
        q = self.partner(p)
        if q is not None:
            self.team_passed[p] = False
            if root in (p, q):
                self.trains[p].marker = False
                self.trains[q].marker = False
        elif root == p:
            self.trains[p].marker = False
        if idx in self.open_doubles:
            self.open_doubles.remove(idx)
        if covers:
            self._spawn(idx, pos)
        self._after_lay(p, idx, root, tile.high == tile.low, not was_started)

    def _turn_goes_on(self, root: int) -> bool:
        return self.rules.swan_drive and self._swan_goes_on(root)

    def _swan_goes_on(self, root: int) -> bool:
        """After a play that would end the turn: start or continue the Swan Drive.

        Returns True when the turn goes on (some tile fits the next public train)."""
        if self._live_doubles(self.open_doubles):
            self.swan = None
            return False
        if self.swan is None:
            if not self._played_own_this_turn():
                return False
            self.swan = self.current
        else:
            self.swan = root
        self.bonus = False
        if not self._plays():
            self.swan = None
            return False
        return True

    # ================================================================== positions
    def _position_of(self, s: dict[str, Any]) -> dict[str, Any]:
        """The standard position, with the variants' state added."""
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
        if self.rules.swan_drive:
            sw = s["swan"]
            pos["turn"]["swan"] = None if sw is None else index_code(sw, n)
        if self.rules.teams:
            pos["team_passed"] = [i + 1 for i in range(n) if s["team_passed"][i]]
        return pos
