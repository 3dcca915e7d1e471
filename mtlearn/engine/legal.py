"""Legal-move generation: which moves the player to play may make now.

:class:`MoveGenerator` is the part of :class:`~mtlearn.Game` that lists the
legal moves of a position (R-TURN-…, R-DBL-…, R-MEX-…, R-MARK-…, R-FIRST-…): where a
tile may go, which trains are open to the player, whether an open double blocks
the table, and what else (draw, pass, announce, end) may be played.
:class:`LegalMoves` is the lazy view returned by ``game.legal_moves``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, NamedTuple, cast, overload

from ..core.moves import MEXICAN, Move
from ..core.tiles import MAX_PIPS, Tile, full_set
from .state import GameState

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Gate", "LegalMoves", "MoveGenerator"]


class Gate(NamedTuple):
    """Why the player to play may lay a tile only on the lines :meth:`MoveGenerator._gate`
    gives with it: the one place that decides both where a tile may go and why not
    elsewhere, so legal moves, refusals, hints and bots cannot disagree.

    ``case`` names what decided: ``"open"`` (no double binds play: the usual trains,
    R-TURN-1), ``"building"`` (a train-building turn), ``"answer"`` (answer one's own
    double, R-VAR-ANSWER), ``"order"`` (several doubles of this turn, covered in order),
    ``"blocker"`` (an open double from an earlier turn), or a variant's own (Swan Drive:
    ``"drive"`` and ``"drive-double"``). ``rule`` is the rule a refusal under it cites and
    ``line`` the line it sends play to (the double to cover), if any.
    """

    case: str
    rule: str
    line: int | None = None


#: The gate when no double binds play (the refusal then depends on the train: R-MEX-2,
#: R-MARK-1 or R-TURN-1, see ``Verdicts._closed``).
OPEN = Gate("open", "R-TURN-1")
#: The rule of each kind of train-building turn (the option ``first_turn``).
BUILDING_RULES = {"fast": "R-VAR-FAST", "delayed": "R-VAR-DELAY"}

# Moves are immutable, so the generator hands out shared ones instead of making new ones:
# one per kind, and per tile one per (train, inward number), made the first time needed.
_DRAW, _PASS, _UNO, _END = Move("draw"), Move("pass"), Move("uno"), Move("end")


class _TileMoves(dict[int, Move]):
    """One tile's shared plays: train code -> Move, each made the first time it is asked for.

    The code is ``(seat, or 31 for "M") << 5 | inward``.
    """

    __slots__ = ("tile",)

    def __init__(self, tile: Tile) -> None:
        super().__init__()
        self.tile = tile

    def __missing__(self, code: int) -> Move:
        seat = code >> 5
        m = self[code] = Move("play", self.tile, MEXICAN if seat == 31 else seat, code & 31)
        return m


#: tile -> its shared plays (see :class:`_TileMoves`).
_PLAYS: dict[Tile, _TileMoves] = {}
#: number -> the tiles that can cover its double (every tile with the number but the double).
_COVERS: dict[int, frozenset[Tile]] = {}


for _tile in full_set(MAX_PIPS):      # every tile there is, made once at import
    _PLAYS[_tile] = _TileMoves(_tile)
del _tile

#: The (open end, code) entries the generator matches tiles against, made once:
#: ``_SEAT_ENDS[seat][end]`` and ``_MEX_ENDS[end]`` (the code keys :data:`_PLAYS`).
_SEAT_ENDS = [[(end, seat << 5 | end) for end in range(MAX_PIPS + 1)] for seat in range(31)]
_MEX_ENDS = [(end, 31 << 5 | end) for end in range(MAX_PIPS + 1)]


class LegalMoves:
    """The legal moves of a position: iterable, sized, indexable, and supports ``in``.

    ``"12-5@M" in game.legal_moves`` works with text or :class:`Move`;
    ``game.legal_moves[i]`` is the i-th legal move in the engine's order (plays
    first, then draw / pass / announce / end), which bots use to pick one.
    """

    def __init__(self, game: Game) -> None:
        self._game = game

    def _list(self) -> tuple[Move, ...]:
        return self._game.legal()

    def __iter__(self) -> Iterator[Move]:
        return iter(self._list())

    def __len__(self) -> int:
        return len(self._list())

    def __bool__(self) -> bool:
        return bool(self._list())

    @overload
    def __getitem__(self, i: int) -> Move: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Move, ...]: ...
    def __getitem__(self, i: int | slice) -> Move | tuple[Move, ...]:
        return self._list()[i]

    def __contains__(self, move: object) -> bool:
        try:
            m = Move.parse(move) if isinstance(move, str) else move
        except ValueError:
            return False
        if not isinstance(m, Move):
            return False
        return self._game.explain(m).legal

    def __repr__(self) -> str:
        return "<LegalMoves " + ", ".join(str(m) for m in self._list()) + ">"

class MoveGenerator(GameState):
    """Legal-move generation, mixed into :class:`~mtlearn.Game`."""

    __slots__ = ()

    def _inwards(self, tile: Tile, end: int) -> list[int]:
        """The ways ``tile`` can be laid against ``end``: the possible inward numbers."""
        hi, lo = tile.high, tile.low
        if not self.rules.wild_blanks:
            if hi == end or lo == end:
                return [end]
            return []
        if end == 0:
            return [hi] if hi == lo else [hi, lo]
        out = []
        if hi == end or lo == end:
            out.append(end)
        if lo == 0 and 0 not in out:
            out.append(0)
        return out

    def _satisfiable(self, idx: int) -> bool:
        v = self.trains[idx].end
        wild = self.rules.wild_blanks
        if not wild:
            # set operations in C: does any hand or the boneyard hold a tile with v (the
            # double v-v itself is on the table)?
            cover = _COVERS.get(v)
            if cover is None:
                cover = _COVERS[v] = frozenset(Tile(v, k) for k in range(MAX_PIPS + 1)
                                               if k != v)
            for h in self.hands:
                if not cover.isdisjoint(h):
                    return True
            return not cover.isdisjoint(self.bone)
        if wild and v == 0:
            # with wild blanks every tile can cover a blank end (the 0-0 is on the table)
            return any(self.hands) or bool(self.bone)
        for tiles in (*self.hands, self.bone):
            for t in tiles:
                if (t.high == v or t.low == v or (wild and t.low == 0)) and not (
                        t.high == v and t.low == v):
                    return True
        return False

    def _blocker(self) -> int | None:
        """The open double (from earlier turns) that every play must go on, if any."""
        cached = self._blocker_cache
        if cached is not None and cached[0] == self._ver:
            return cached[1]
        found = self._find_blocker()
        self._blocker_cache = (self._ver, found)
        return found

    def _find_blocker(self) -> int | None:
        turn = self.turn_doubles
        prior = [d for d in self.open_doubles if d not in turn] if turn else self.open_doubles[:]
        if not prior:
            return None
        if self.rules.double_order == "reverse":
            prior.reverse()
        for d in prior:
            if self.rules.unsatisfiable_double_blocks or self._satisfiable(d):
                return d
        return None

    def _live_doubles(self, doubles: list[int]) -> list[int]:
        """The open doubles among ``doubles`` that still bind play: all of them under
        the dead-double house rule, else those someone can still cover (R-DBL-6)."""
        if self.rules.unsatisfiable_double_blocks:
            return doubles
        return [d for d in doubles if self._satisfiable(d)]

    def _can_play(self, seat: int) -> bool:
        """True if ``seat``, at the start of a turn of its own, would hold a tile that
        fits a train open to it (the test of a blocked round, R-END-2)."""
        saved = (self.current, self.drawn, self.turn_doubles, self.played,
                 self.building_now, self.over)
        self.current, self.drawn, self.turn_doubles = seat, None, []
        self.played, self.building_now, self.over = 0, False, False
        self._ver += 1          # anything cached for the real state is not for this one
        try:
            return bool(self._plays())
        finally:
            (self.current, self.drawn, self.turn_doubles, self.played,
             self.building_now, self.over) = saved
            self._ver += 1

    def fitting(self, tiles: Iterable[Tile]) -> set[Tile]:
        """Which of ``tiles`` the player to play could lay now, if they held them: what a
        draw or a pass forced by the rules (R-TURN-2, R-TURN-3) shows the other players,
        who know the player held none of them (:func:`mtlearn.play.deals.shown`)."""
        p = self.current
        saved = self.hands[p], self.drawn
        self.hands[p], self.drawn = list(tiles), None
        self._ver += 1          # anything cached for the real hand is not for this one
        try:
            return {m.tile for m in self._plays() if m.tile is not None}
        finally:
            self.hands[p], self.drawn = saved
            self._ver += 1

    def _building(self) -> bool:
        ft = self.rules.first_turn
        if ft == "normal":
            return False
        if ft == "delayed":
            return self.building_now
        return not self.first_done[self.current]

    def _mexican_allowed(self) -> bool:
        """True if a tile may go on the Mexican train now: it is started, or the option
        ``mexican_start`` lets it start (R-MEX-1, R-MEX-2)."""
        if self.trains[self.n].tiles:
            return True
        ms = self.rules.mexican_start
        if ms == "after-first-round":
            return self.turns_taken >= self.n
        if ms == "after-all-started":
            return all(t.tiles for t in self.trains[: self.n])
        return True

    def _building_gate(self) -> tuple[list[int], Gate]:
        """A train-building turn: the player's own train only (R-FIRST-1 and variants)."""
        return [self.current], Gate("building",
                                    BUILDING_RULES.get(self.rules.first_turn, "R-FIRST-1"))

    def _answer_gate(self, live: list[int]) -> tuple[list[int], Gate]:
        """A double of this turn still open under ``double_bonus: on-double``: the extra
        tile answers the first of them (R-VAR-ANSWER)."""
        return [live[0]], Gate("answer", "R-VAR-ANSWER", live[0])

    def _order_gate(self, live: list[int]) -> tuple[list[int], Gate]:
        """Two or more doubles of this turn still open: the next tile that is not a double
        covers the first of them (R-DBL-4), or the last (R-VAR-REVERSE)."""
        if self.rules.double_order == "reverse":
            return [live[-1]], Gate("order", "R-VAR-REVERSE", live[-1])
        return [live[0]], Gate("order", "R-DBL-4", live[0])

    def _blocker_gate(self, blocker: int) -> Gate:
        """An open double from an earlier turn binds play: R-DBL-3, or the order rule
        when several are open (R-DBL-4, R-VAR-REVERSE)."""
        turn = self.turn_doubles
        if sum(1 for x in self.open_doubles if x not in turn) > 1:
            rule = "R-VAR-REVERSE" if self.rules.double_order == "reverse" else "R-DBL-4"
            return Gate("blocker", rule, blocker)
        return Gate("blocker", "R-DBL-3", blocker)

    def _targets(self, double: bool) -> list[int]:
        """Trains a tile may be played on now (a double if ``double``): :meth:`_gate`'s."""
        return self._gate(double)[0]

    def _gate(self, double: bool) -> tuple[list[int], Gate]:
        """The trains a tile may be played on now (a double if ``double``) and the
        :class:`Gate` that says why those only. The one computation of targets: legal
        moves, refusals (``Verdicts._closed``), hints and bots all read it."""
        p = self.current
        if self.rules.first_turn != "normal" and self._building():
            return self._building_gate()
        td: list[int] = []
        od = self.open_doubles
        if od:
            turn = self.turn_doubles
            if turn:
                td = [d for d in turn if d in od]
            if td:
                # a double of this turn that nobody can cover no longer binds the next tile
                # (R-DBL-6): it never makes a turn unplayable (RULES.md §10.4)
                # (_live_doubles only where its answer is used: it is the costly part)
                if self.rules.double_bonus == "on-double":
                    live = self._live_doubles(td)
                    if live:
                        return self._answer_gate(live)
                elif len(td) >= 2 and not double:
                    live = self._live_doubles(td)
                    if live:
                        return self._order_gate(live)
            blocker = self._blocker()
            if blocker is not None:
                gate = self._blocker_gate(blocker)
                if len(td) == 1 and td[0] != blocker:
                    return [blocker, td[0]], gate
                return [blocker], gate
        # no double binds play: the own train, the Mexican train, the marked trains
        trains, n = self.trains, self.n
        base = [p]
        if self._mexican_allowed():
            base.append(n)
        for i in range(n):
            if i != p and trains[i].marker:
                base.append(i)
        if len(td) == 1 and td[0] not in base:
            base.append(td[0])
        return base, OPEN

    def _ends_of(self, targets: list[int]) -> tuple[list[tuple[int, int]], int]:
        """The (open end, code) entries of the trains ``targets``, in their order, and a
        bit for each of their open ends."""
        trains, n = self.trains, self.n
        ends = []
        bits = 0
        for i in targets:
            end = trains[i].end
            ends.append(_MEX_ENDS[end] if i == n else _SEAT_ENDS[i][end])
            bits |= 1 << end
        return ends, bits

    def _plays(self) -> list[Move]:
        if self.over:
            return []
        p = self.current
        hand = self.hands[p] if self.drawn is None else (self.drawn,)
        trains = self.trains
        od = self.open_doubles
        out: list[Move] = []
        if self._plain_plays and (not od or (
                len(od) == 1 and od[0] in self.turn_doubles
                and self.rules.double_bonus != "on-double")):
            # the common cases, inlined for speed: what _targets gives with no open double,
            # or with one laid this turn (then its line is open too, R-DBL-1). The (open
            # end, code) entries and a bit per open end are kept for the state version: a
            # draw carries them over (_apply), as the drawn tile is matched against the
            # same trains
            if self._ends_ver == self._ver:
                ends = self._ends
                bits = self._ends_bits
            else:
                own = trains[p]
                end = own.end
                ends = [_SEAT_ENDS[p][end]]
                bits = 1 << end
                mex = trains[self.n]
                # _mexican_allowed(), its common answers first
                if mex.tiles or self.rules.mexican_start == "any" or self._mexican_allowed():
                    end = mex.end
                    ends.append(_MEX_ENDS[end])
                    bits |= 1 << end
                for t in trains:        # seats' trains in seat order (the Mexican has no marker)
                    if t.marker and t is not own:
                        end = t.end
                        ends.append(_SEAT_ENDS[trains.index(t)][end])
                        bits |= 1 << end
                if od:
                    # the double's line, last, unless it is open already (it always is
                    # when laid in play; a position read from a file may say otherwise)
                    d = od[0]
                    n = self.n
                    entry = _MEX_ENDS[mex.end] if d == n else _SEAT_ENDS[d][trains[d].end]
                    if entry not in ends:
                        ends.append(entry)
                        bits |= 1 << entry[0]
                self._ends_ver = self._ver
                self._ends = ends
                self._ends_bits = bits
            # most tiles fit no open end: one AND on the tile's number bits skips them
            plays = _PLAYS
            for tile in hand:
                if tile._bits & bits:
                    hi, lo = tile.high, tile.low
                    moves = plays[tile]
                    for end, code in ends:
                        if hi == end or lo == end:
                            out.append(moves[code])
            return out
        turn = self.turn_doubles
        if not turn and self._plain_plays:
            # the next common case, inlined for speed: an open double from an earlier
            # turn, none of this turn. If one binds play (_blocker), every tile goes on
            # its line, whatever _gate's other answers
            blocker = self._blocker()
            if blocker is not None:
                end = trains[blocker].end
                bits = 1 << end
                moves_of = _PLAYS
                code = (_MEX_ENDS[end] if blocker == self.n else _SEAT_ENDS[blocker][end])[1]
                for tile in hand:
                    if tile._bits & bits:
                        out.append(moves_of[tile][code])
                return out
        two = False
        if len(turn) >= 2:
            k = 0
            for d in turn:
                if d in od:
                    k += 1
            two = k >= 2
        nd_ends, bits = self._ends_of(self._targets(False))
        dd_ends, dd_bits = self._ends_of(self._targets(True)) if two else (nd_ends, bits)
        if self.rules.wild_blanks:
            for tile in hand:
                moves = _PLAYS[tile]
                for end, code in (dd_ends if tile.high == tile.low else nd_ends):
                    for inward in self._inwards(tile, end):
                        # the same train's code, with this inward number
                        out.append(moves[code & ~31 | inward])
            return out
        plays = _PLAYS
        mask = bits | dd_bits
        for tile in hand:
            tb = tile._bits
            if not tb & mask:
                continue
            hi, lo = tile.high, tile.low
            if hi == lo:
                if not tb & dd_bits:
                    continue
                ends = dd_ends
            else:
                if not tb & bits:
                    continue
                ends = nd_ends
            moves = plays[tile]
            for end, code in ends:
                if hi == end or lo == end:
                    out.append(moves[code])
        return out

    def legal(self) -> tuple[Move, ...]:
        """The legal moves of the player to play, as a tuple in the engine's order: the
        plays (hand order, then train order), then draw, pass, announce or end.

        The same tuple is returned until the position changes, so this is the cheap way
        for a bot to pick a move (:attr:`legal_moves` is the same list as a live view).
        """
        ver = self._ver
        if self._legal_ver == ver:
            return self._legal_moves
        if not self._plain_legal:
            moves = tuple(self._compute_legal())
        elif self.over:
            moves = ()
        else:
            # what _compute_legal gives under rules with no announcing, no declining and
            # a drawn tile that must be played if it fits, inlined for speed
            plays = self._plays()
            if plays:
                if self.declined and self.drawn is not None:
                    plays.append(_PASS)
                moves = tuple(plays)
            elif self.bone and self.drawn is None:
                moves = (_DRAW,)
            else:
                moves = (_PASS,)
        self._legal_ver = ver
        self._legal_moves = moves
        return moves

    _legal = legal

    def _compute_legal(self) -> list[Move]:
        if self.over:
            return []
        plays = self._plays()
        rules = self.rules
        p = self.current
        if rules.first_turn != "normal" and self._building():
            if self.played and (rules.first_turn != "fast" or not plays):
                plays.append(_END)
            elif not self.played and not plays:
                plays.append(_PASS)
        elif self.drawn is not None:
            if not plays or rules.drawn_tile == "may" or self.declined:
                plays.append(_PASS)
        elif plays:
            if rules.may_decline:
                plays.append(_DRAW if self.bone else _PASS)
        else:
            plays.append(_DRAW if self.bone else _PASS)
        if (rules.last_tile != "off" and not self.announced[p]
                and len(self.hands[p]) <= 2):
            plays.append(_UNO)
        return plays

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves of the player to play (a lazy view supporting ``in``)."""
        return LegalMoves(cast("Game", self))

    @property
    def is_building(self) -> bool:
        """True while the player to play is in a train-building turn (R-FIRST-1,
        R-VAR-FAST, R-VAR-DELAY): tiles go on their own train only, and 'end' closes it."""
        return False if self.over else self._building()

    @property
    def blocking_double(self) -> int | str | None:
        """The train (seat or ``"M"``) whose open double, laid on an earlier turn, must
        be covered before anyone plays elsewhere (R-DBL-3, R-DBL-4), or None."""
        if self.over or not self.open_doubles:
            return None
        b = self._blocker()
        return None if b is None else self._key(b)
