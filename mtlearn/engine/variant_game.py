"""The general game of lines that every variant reshaping play builds on: :class:`VariantGame`.

The standard :class:`~mtlearn.Game` plays on one line per train, on fast paths written for
it. A variant that changes the shape of play (more lines, a turn that goes on, trains
shared by partners) subclasses :class:`VariantGame` instead, one module per variant
(:mod:`mtlearn.engine.variants.branching`, :mod:`mtlearn.engine.variants.swan_drive`,
:mod:`mtlearn.engine.variants.partnerships`), and overrides the named hooks below; the table
:data:`mtlearn.engine.variants.VARIANTS` says which rules option turns each on. Several
variants at once make one class whose bases are theirs, in the table's order, so each
hook asks the variants in turn (each override ends with ``super()``).

The hooks, with what they do here (the standard game):

- ``_open_trains(p)``: the trains open to ``p`` when no double binds play;
- ``_expand(roots)``: the lines of those trains (a train is one line);
- ``_drive_gate(live)``: where a turn that goes on must play next, and its gate (None:
  nowhere special);
- ``_take_markers_back(p, root)``: ``p`` laid a tile on train ``root``;
- ``_covered(idx, pos)``: the tile just laid on line ``idx`` covers the double at ``pos``;
- the hooks every game has (:class:`~mtlearn.Game`): ``_turn_goes_on``, ``_pass_marker``,
  ``_finish``, ``_compute_legal``, ``_position_of``, ``partner`` and the partnerships'
  answers of :mod:`mtlearn.engine.scores`;
- and the verdicts' hooks (:mod:`mtlearn.engine.variant_verdicts`): ``_v_explain``,
  ``_branch_line``, ``_cover_note``, ``_goes_on_words``, ``_target_rule``,
  ``_closed``, ``_private_train``.

Lines and branches are named by :mod:`mtlearn.engine.lines`, which every game has.
"""

from __future__ import annotations

from typing import ClassVar

from ..core.moves import Move
from ..core.tiles import remove_tile
from .game import Game
from .legal import OPEN, Gate
from .variant_verdicts import VariantVerdicts
from .verdicts import Verdict

__all__ = ["VariantGame"]


class VariantGame(VariantVerdicts, Game):
    """The general game of lines, with the hooks the variants override (see the module doc).

    Never made for rules without a variant that reshapes play: ``Game(...)`` makes the
    class of :func:`mtlearn.engine.variants.game_class`, so ``isinstance(game, Game)``
    holds and nothing else needs to choose.
    """

    #: What each variant says of itself (its subclass sets them; the table
    #: :data:`~mtlearn.engine.variants.VARIANTS`, the rule ids' table, the docs' tables and
    #: the tests read them): the rules option that turns it on (a field of
    #: :class:`~mtlearn.Rules`), its rule id in the rules reference and the rule's title
    #: (filed in :data:`mtlearn.core.ruleids.RULES`, section 9), one line on what it
    #: changes, and its place in the table (lower first: its hooks answer before those of
    #: the variants after it when several are on).
    option: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    #: The rule in a learner's words (:data:`mtlearn.core.rule_words.WORDS`): a short
    #: phrase in lower case, no rule id, no notation.
    words: ClassVar[str] = ""
    order: ClassVar[int] = 100
    #: The rule in words, for its section of the rules reference (MyST markdown; ``./dev
    #: regen`` writes it into ``docs/python-rules.md`` under the rule's heading), and a note on the
    #: option's values for the table of options (``"4, 6 or 8 players"``).
    rules_text: ClassVar[str] = ""
    #: The rule for the learners' rules page (``./dev regen`` writes it into
    #: ``docs/rules.md``): MyST markdown with no rule id, no notation and no Python; a link
    #: to another rule reads as that rule's phrase (``[after a double, play again](#r-dbl-1)``).
    learner_text: ClassVar[str] = ""
    option_note: ClassVar[str] = ""

    __slots__ = ()

    # ================================================================== hooks
    def _open_trains(self, p: int) -> list[int]:
        """Trains open to ``p`` when no double blocks: own, Mexican, partner's, public."""
        trains = self.trains
        out = [p]
        if self._mexican_allowed():
            out.append(self.n)
        q = self.partner(p)
        out.extend(i for i in range(self.n) if i != p and (trains[i].marker or i == q))
        return out

    def _expand(self, roots: list[int]) -> list[int]:
        """The lines of the trains ``roots``, in order (here each train is one line)."""
        return roots

    def _drive_gate(self, live: list[int]) -> tuple[list[int], Gate] | None:
        """The lines a turn that goes on past its first play must use and their
        :class:`~mtlearn.engine.legal.Gate` (``live``: the doubles of this turn that
        still bind play), or None for the usual ones."""
        return None

    def _take_markers_back(self, p: int, root: int) -> None:
        """``p`` laid a tile on train ``root``: a player's own train loses its marker."""
        if root == p:
            self.trains[p].marker = False

    def _covered(self, idx: int, pos: int) -> None:
        """The tile just laid on line ``idx`` covers the double at ``pos`` (1-based)."""

    def _judge(self, m: Move) -> Verdict:
        v = self._v_explain(m)      # the variants' own verdicts (variant_verdicts)
        return super()._judge(m) if v is None else v

    # ================================================================== targets
    def _gate(self, double: bool) -> tuple[list[int], Gate]:
        """Lines a tile may be played on now (a double if ``double``), and why those only."""
        p = self.current
        if self.rules.first_turn != "normal" and self._building():
            # a train-building turn lays one chain (R-FIRST-1): the train's own line;
            # branches grown by doubles covered in it are played from the next turn on
            return self._building_gate()
        td = self._open_turn_doubles
        # a double of this turn that nobody can cover no longer binds the next tile
        # (R-DBL-6, RULES.md §10.4)
        live = self._live_doubles(td) if td else td
        drive = self._drive_gate(live)
        if drive is not None:
            return drive
        if not self.open_doubles:
            return self._expand(self._open_trains(p)), OPEN
        if live:
            if self.rules.double_bonus == "on-double":
                return self._answer_gate(live)
            if len(td) >= 2 and not double:
                return self._order_gate(live)
        blocker = self._blocker()
        if blocker is not None:
            base, gate = [blocker], self._blocker_gate(blocker)
        else:
            base, gate = self._expand(self._open_trains(p)), OPEN
        if len(td) == 1 and td[0] not in base:
            base.append(td[0])
        return base, gate

    def _plays(self) -> list[Move]:
        if self.over:
            return []
        hand = self.hands[self.current] if self.drawn is None else (self.drawn,)
        nd = self._targets(False)
        two = len(self._open_turn_doubles) >= 2
        dd = self._targets(True) if two else nd
        out: list[Move] = []
        trains = self.trains
        for tile in hand:
            for idx in (dd if tile.is_double else nd):
                for inward in self._inwards(tile, trains[idx].end):
                    out.append(self._line_move(tile, idx, inward))
        return out

    # ================================================================== playing
    def _lay(self, m: Move, p: int) -> None:
        """Lay a tile on a line and go on with the turn (the hooks say what else happens)."""
        tile = m.tile
        assert tile is not None and m.inward is not None and m.train is not None
        root = self._idx(m.train)
        idx = self._line_of(root, m.branch)
        assert idx is not None
        line = self.trains[idx]
        was_started = bool(self.trains[root].tiles)
        covers = bool(line.tiles) and line.tiles[-1].is_double
        pos = len(line.tiles)
        remove_tile(self.hands[p], tile)
        line.tiles.append(tile)
        line.inward.append(m.inward)
        line.end = tile.other(m.inward)
        self._take_markers_back(p, root)
        if idx in self.open_doubles:
            self.open_doubles.remove(idx)
        if covers:
            self._covered(idx, pos)
        self._after_lay(p, idx, root, tile.high == tile.low, not was_started)
