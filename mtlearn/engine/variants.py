"""The three variants that change the shape of play, mixed into :class:`~mtlearn.game.Game`.

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

The standard game never runs this code: :class:`~mtlearn.game.Game` sets ``_variant``
when one of the three options is on and otherwise keeps its own fast path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.moves import Move
from ..core.notation import (
    branch_child,
    branch_parent,
    branch_sort_key,
    index_code,
    key_of,
    line_code,
    parse_train_index,
)
from ..core.tiles import Tile, remove_tile
from .state import GameState

if TYPE_CHECKING:
    pass

__all__ = ["BranchState", "VariantRules", "branch_sort_key"]


class BranchState(NamedTuple):
    """A read-only picture of one branch of a train (R-VAR-BRANCH).

    ``key`` is the train (seat or ``"M"``), ``path`` the branch name (``"3a"``),
    ``code`` how moves name it (``"2.3a"``), ``parent`` the code of the line it grows
    from (``"2"`` or ``"2.3a"``), ``at`` the position (1-based) of its double on that
    line, ``tiles`` the tiles laid on it with their inward numbers.
    """

    key: int | str
    path: str
    code: str
    parent: str
    at: int
    tiles: tuple[tuple[Tile, int], ...]
    open_end: int

    @property
    def started(self) -> bool:
        """True once the branch has a tile."""
        return bool(self.tiles)


class _Branch:
    """One branch line: grows from a covered double, belongs to the train ``root``."""

    __slots__ = ("end", "inward", "marker", "path", "root", "tiles")

    def __init__(self, root: int, path: str, end: int) -> None:
        self.tiles: list[Tile] = []
        self.inward: list[int] = []
        self.end = end
        self.marker = False         # unused: a branch shares its train's marker
        self.root = root
        self.path = path

    def __deepcopy__(self, memo: object) -> _Branch:
        b = _Branch.__new__(_Branch)
        b.tiles = list(self.tiles)
        b.inward = list(self.inward)
        b.end = self.end
        b.marker = False
        b.root = self.root
        b.path = self.path
        return b


#: Moves made once and shared (a Move is immutable), as in the standard move generator.
_MOVES: dict[tuple[Tile, int | str, int, str], Move] = {}


class VariantRules(GameState):
    """Branches, Swan Drive and partnerships, mixed into :class:`~mtlearn.game.Game`."""

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

    # ================================================================== lines
    def _root(self, idx: int) -> int:
        """The train (seat index or n for the Mexican train) a line belongs to."""
        return idx if idx <= self.n else self.trains[idx].root  # type: ignore[attr-defined]

    def _lines_of(self, root: int) -> list[int]:
        """A train's lines: the train itself, then its branches in name order."""
        trains = self.trains
        if len(trains) == self.n + 1:
            return [root]
        br = [i for i in range(self.n + 1, len(trains))
              if trains[i].root == root]  # type: ignore[attr-defined]
        if not br:
            return [root]
        br.sort(key=lambda i: branch_sort_key(trains[i].path))  # type: ignore[attr-defined]
        return [root, *br]

    def _line_of(self, root: int, path: str) -> int | None:
        """The line index of branch ``path`` of train ``root`` ("" = the train itself)."""
        if not path:
            return root
        for i in range(self.n + 1, len(self.trains)):
            t = self.trains[i]
            if t.root == root and t.path == path:  # type: ignore[attr-defined]
                return i
        return None

    def _line_path(self, idx: int) -> str:
        return "" if idx <= self.n else self.trains[idx].path  # type: ignore[attr-defined]

    def line_code(self, idx: int) -> str:
        """How moves and positions name a line: ``"2"``, ``"M"``, ``"2.3a"``."""
        return line_code(self._key(self._root(idx)), self._line_path(idx))

    def line_label(self, idx: int) -> str:
        """Words for a line: ``"Ben's train"`` or ``"branch 3a of Ben's train"``."""
        label = self.train_label(self._key(self._root(idx)))
        path = self._line_path(idx)
        return f"branch {path} of {label}" if path else label

    def place_label(self, key: int | str, branch: str = "") -> str:
        """Words for where a move goes: ``"Ben's train"``, ``"branch 3a of Ben's train"``."""
        label = self.train_label(key)
        return f"branch {branch} of {label}" if branch else label

    def _line_move(self, tile: Tile, idx: int, inward: int) -> Move:
        key = self._key(self._root(idx))
        path = self._line_path(idx)
        k = (tile, key, inward, path)
        m = _MOVES.get(k)
        if m is None:
            m = _MOVES[k] = Move("play", tile, key, inward, path)
        return m

    def _spawn(self, idx: int, pos: int) -> None:
        """The double at position ``pos`` (1-based) of line ``idx`` is covered: two
        branches grow from it (R-VAR-BRANCH)."""
        line = self.trains[idx]
        d = line.tiles[pos - 1].high
        parent = self._line_path(idx)
        root = self._root(idx)
        for side in "ab":
            path = branch_child(parent, pos, side)
            self.trains.append(_Branch(root, path, d))  # type: ignore[arg-type]

    def branches(self, key: int | str) -> list[BranchState]:
        """The branches of a train (R-VAR-BRANCH), in name order; empty without them."""
        root = self._idx(key)
        out = []
        for i in self._lines_of(root)[1:]:
            b = self.trains[i]
            path = b.path  # type: ignore[attr-defined]
            head, at = branch_parent(path)
            key = self._key(root)
            out.append(BranchState(key, path, line_code(key, path), line_code(key, head), at,
                                   tuple(zip(b.tiles, b.inward, strict=True)), b.end))
        return out

    def branch_double(self, branch: BranchState) -> int:
        """The number of the double a branch grows from."""
        return self._number_at(branch.parent, branch.at)

    def _number_at(self, code: str, at: int) -> int:
        head, _, path = code.partition(".")
        root = parse_train_index(head, self.n)
        idx = self._line_of(root, path)
        assert idx is not None
        return self.trains[idx].tiles[at - 1].high

    @property
    def swan_at(self) -> int | str | None:
        """During a Swan Drive (R-VAR-SWAN): the train (seat or ``"M"``) last played on;
        otherwise None."""
        return None if self.swan is None else self._key(self.swan)

    @property
    def blocking_double_place(self) -> tuple[int, str] | None:
        """The open double every play must cover (see ``blocking_double``) as its number
        and words for where it stands (``(5, "branch 2a of Ana's train")``), or None."""
        if self.over or not self.open_doubles:  # type: ignore[attr-defined]
            return None
        b = self._blocker()
        return None if b is None else (self.trains[b].end, self.line_label(b))

    @property
    def open_double_lines(self) -> list[str]:
        """Codes of the lines ending in an open double, in the order laid (``"2.3a"``)."""
        return [self.line_code(i) for i in self.open_doubles]

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

    def _v_targets(self, double: bool) -> list[int]:
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

    def _v_plays(self) -> list[Move]:
        if self.over:
            return []
        hand = self.hands[self.current] if self.drawn is None else (self.drawn,)
        nd = self._v_targets(False)
        two = len([d for d in self.turn_doubles if d in self.open_doubles]) >= 2
        dd = self._v_targets(True) if two else nd
        out: list[Move] = []
        trains = self.trains
        for tile in hand:
            for idx in (dd if tile.is_double else nd):
                for inward in self._inwards(tile, trains[idx].end):
                    out.append(self._line_move(tile, idx, inward))
        return out

    def _v_swan_legal(self, plays: list[Move]) -> list[Move]:
        """Moves during a Swan Drive (not after a double): the plays, or stop."""
        out = [*plays, Move("end")]
        p = self.current
        if (self.rules.last_tile != "off" and not self.announced[p]  # type: ignore[attr-defined]
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

    def _v_apply_play(self, m: Move) -> None:
        """Lay a tile under branching / Swan Drive / partnerships (see the module doc)."""
        p = self.current
        tile = m.tile
        assert tile is not None and m.inward is not None and m.train is not None
        root = self._idx(m.train)
        idx = self._line_of(root, m.branch)
        assert idx is not None
        building = self.rules.first_turn != "normal" and self._building()
        line = self.trains[idx]
        was_started = bool(self.trains[root].tiles)
        covers = self.rules.branching and bool(line.tiles) and line.tiles[-1].is_double
        pos = len(line.tiles)
        remove_tile(self.hands[p], tile)
        line.tiles.append(tile)
        line.inward.append(m.inward)
        line.end = tile.other(m.inward)
        self.passes = 0
        self.drawn = None
        self.played += 1
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
        double = tile.high == tile.low
        if double and not building:
            self.open_doubles.append(idx)
            self.turn_doubles.append(idx)
        if not self.hands[p]:
            if building and self.rules.first_turn != "delayed":
                self._end_turn()
            else:
                self._finish(p)
            return
        if building:
            return
        if self.rules.first_turn == "delayed" and root == p and not was_started:
            self.building_now = True
            return
        if double:
            self.bonus = True
            return
        if self.rules.swan_drive and self._swan_goes_on(root):
            return
        self._end_turn()

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
        if not self._v_plays():
            self.swan = None
            return False
        return True

    # ================================================================== positions
    def _v_position(self, s: dict[str, Any], pos: dict[str, Any]) -> None:
        """Add the variants' state to a position written by ``to_position``."""
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

