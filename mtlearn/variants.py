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

from .moves import BRANCH_RE, MEXICAN, Move, train_code
from .tiles import Tile

if TYPE_CHECKING:
    from .game import _Train
    from .rules import Rules
    from .verdicts import Verdict

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


def branch_sort_key(path: str) -> tuple[tuple[int, str], ...]:
    """Order of branches on one train: ``3a`` < ``3a.1a`` < ``3b`` < ``10a``."""
    return tuple((int(p[:-1]), p[-1]) for p in path.split(".")) if path else ()


def _an(n: int) -> str:
    return "an" if n in (8, 11, 18) else "a"


class VariantRules:
    """Branches, Swan Drive and partnerships, mixed into :class:`~mtlearn.game.Game`."""

    if TYPE_CHECKING:
        rules: Rules
        n: int
        players: list[str]
        trains: list[_Train]
        hands: list[list[Tile]]
        bone: list[Tile]
        open_doubles: list[int]
        turn_doubles: list[int]
        current: int
        drawn: Tile | None
        declined: bool
        bonus: bool
        played: int
        passes: int
        building_now: bool
        first_done: list[bool]
        over: bool
        history: list[Move]
        swan: int | None
        team_passed: list[bool]
        _ver: int

        def _idx(self, key: int | str) -> int: ...
        def _key(self, idx: int) -> int | str: ...
        def train_label(self, key: int | str) -> str: ...
        def _inwards(self, tile: Tile, end: int) -> list[int]: ...
        def _blocker(self) -> int | None: ...
        def _building(self) -> bool: ...
        def _mexican_allowed(self) -> bool: ...
        def _plays(self) -> list[Move]: ...
        def _end_turn(self) -> None: ...
        def _finish(self, out: int | None) -> None: ...
        def _live_doubles(self, doubles: list[int]) -> list[int]: ...
        def _only_the_drawn_tile(self, m: Move) -> Verdict: ...
        def _judge_pass(self, m: Move) -> Verdict: ...
        set_max: int
        announced: list[bool]
        scores: list[list[int]]

    # ================================================================== teams
    @property
    def has_teams(self) -> bool:
        """True when the game is played in partnerships (R-VAR-TEAMS)."""
        return self.rules.teams

    def partner(self, seat: int) -> int | None:
        """The seat of ``seat``'s partner (opposite), or None without partnerships."""
        if not self.rules.teams:
            return None
        return (seat + self.n // 2) % self.n

    def team_of(self, seat: int) -> int | None:
        """The team number (0-based) of a seat, or None without partnerships."""
        if not self.rules.teams:
            return None
        return seat % (self.n // 2)

    @property
    def teams(self) -> list[tuple[int, int]]:
        """The partnerships as pairs of seats (empty without R-VAR-TEAMS)."""
        if not self.rules.teams:
            return []
        half = self.n // 2
        return [(s, s + half) for s in range(half)]

    def team_name(self, team: int) -> str:
        """Words for a team: ``"Ana and Cy"``."""
        a, b = self.teams[team]
        return f"{self.players[a]} and {self.players[b]}"

    @property
    def team_totals(self) -> list[int]:
        """Each team's total over the finished rounds (R-VAR-TEAMS, R-SCORE-3)."""
        totals = self.totals  # type: ignore[attr-defined]
        return [totals[a] + totals[b] for a, b in self.teams]

    def _team_round_scores(self) -> list[list[int]]:
        scores: list[list[int]] = self.scores  # type: ignore[attr-defined]
        return [[r[a] + r[b] for a, b in self.teams] for r in scores]

    def _team_scores_fix(self, out: int | None) -> None:
        """After a round: the team of the player who went out scores 0 (R-VAR-TEAMS)."""
        if out is None:
            return
        row = self.scores[-1]  # type: ignore[attr-defined]
        q = self.partner(out)
        assert q is not None
        row[out] = 0
        row[q] = 0

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
        code = train_code(self._key(self._root(idx)))
        path = self._line_path(idx)
        return f"{code}.{path}" if path else code

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
            path = f"{parent}.{pos}{side}" if parent else f"{pos}{side}"
            self.trains.append(_Branch(root, path, d))  # type: ignore[arg-type]

    def branches(self, key: int | str) -> list[BranchState]:
        """The branches of a train (R-VAR-BRANCH), in name order; empty without them."""
        root = self._idx(key)
        out = []
        for i in self._lines_of(root)[1:]:
            b = self.trains[i]
            path = b.path  # type: ignore[attr-defined]
            head, _, last = path.rpartition(".")
            code = train_code(self._key(root))
            out.append(BranchState(self._key(root), path, f"{code}.{path}",
                                   f"{code}.{head}" if head else code, int(last[:-1]),
                                   tuple(zip(b.tiles, b.inward, strict=True)), b.end))
        return out

    def branch_double(self, branch: BranchState) -> int:
        """The number of the double a branch grows from."""
        return self._number_at(branch.parent, branch.at)

    def _number_at(self, code: str, at: int) -> int:
        head, _, path = code.partition(".")
        root = self.n if head == "M" else int(head) - 1
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
        self.hands[p].remove(tile)
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

    # ================================================================== verdicts
    def _v_explain(self, m: Move) -> Verdict | None:
        """The variant's own judgement of ``m``, or None to use the standard one."""
        if m.kind == "play":
            return self._v_judge_play(m)
        from .verdicts import Verdict

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
        v = self._judge_pass(m)  # type: ignore[attr-defined]
        if not v.legal:
            return v  # type: ignore[no-any-return]
        from .verdicts import Verdict

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
        from .verdicts import Verdict

        name, p = self.players[self.current], self.current
        tile = m.tile
        assert tile is not None and m.train is not None

        def no(rule: str, text: str) -> Verdict:
            return Verdict(False, rule, text, m)

        if m.train != MEXICAN and isinstance(m.train, int) and m.train >= self.n:
            return no("R-TURN-1", f"There is no seat {m.train + 1} at this table: the trains "
                      f"are seats 1 to {self.n} and M (the Mexican train).")
        root = self._idx(m.train)
        tlabel = self.train_label(m.train)
        idx: int | None = root
        if m.branch:
            if not self.rules.branching:
                return no("R-VAR-BRANCH", f"These rules have no branching doubles (the "
                          f"option branching is off), so {tlabel} has no branch {m.branch}.")
            idx = self._line_of(root, m.branch)
            if idx is None:
                return no("R-VAR-BRANCH", f"{tlabel[0].upper() + tlabel[1:]} has no branch "
                          f"{m.branch}: branches grow only from a double that has been "
                          f"covered.")
        label = self.line_label(idx)
        Label = label[0].upper() + label[1:]
        shown = (f"{m.inward}-{tile.other(m.inward)}" if m.inward is not None
                 and tile.has(m.inward) else str(tile))
        if tile.high > self.set_max:
            return no("R-SET-1", f"{shown} is not a tile of the double-{self.set_max} set "
                      f"used in this game.")
        if tile not in self.hands[p]:
            return no("R-TURN-1", f"{name} does not hold {shown}, so {name} cannot play it.")
        if self.drawn is not None and tile is not self.drawn:
            return self._only_the_drawn_tile(m)
        line = self.trains[idx]
        rule_ok = "R-TRAIN-2"
        q = self.partner(p)
        if self.rules.first_turn != "normal" and self._building():
            rid = {"fast": "R-VAR-FAST", "delayed": "R-VAR-DELAY"}.get(
                self.rules.first_turn, "R-FIRST-1")
            if root != p:
                return no(rid, f"In this train-building turn {name} may only lay tiles on "
                          f"{name}'s own train, not on {label}.")
            if idx != p:
                return no(rid, f"A train-building turn lays one chain along {name}'s own "
                          f"train; {label} is played from the next turn on.")
            rule_ok = "R-FIRST-1"
        else:
            targets = self._v_targets(tile.is_double)
            if idx not in targets:
                return self._v_why_not(m, idx, root, targets)
            if idx in self.open_doubles:
                rule_ok = "R-DBL-3" if idx not in self.turn_doubles else "R-DBL-1"
            elif self.swan is not None:
                rule_ok = "R-VAR-SWAN"
            elif idx > self.n:
                rule_ok = "R-VAR-BRANCH"
            elif root == self.n:
                rule_ok = "R-MEX-1"
            elif root != p:
                rule_ok = "R-VAR-TEAMS" if root == q else "R-MARK-1"
        inwards = self._inwards(tile, line.end)
        if not inwards:
            if not line.tiles and idx <= self.n:
                rid = "R-MEX-1" if idx == self.n else "R-TRAIN-1"
                return no(rid, f"{Label} starts from the engine, so its first tile must carry "
                          f"{_an(line.end)} {line.end}; {tile} does not.")
            if not line.tiles:
                return no("R-VAR-BRANCH", f"{Label} grows from the double "
                          f"{line.end}-{line.end}, so its first tile must carry "
                          f"{_an(line.end)} {line.end}; {shown} does not.")
            d = line.end
            building = self.rules.first_turn != "normal" and self._building()
            if idx in self.open_doubles and idx in self.turn_doubles and not building:
                rid = "R-VAR-ANSWER" if self.rules.double_bonus == "on-double" else "R-DBL-1"
                return no(rid, f"{shown} does not match the double {d}-{d} that {name} just "
                          f"laid on {label}: the extra tile needs {_an(d)} {d} to go there.")
            if idx in self.open_doubles:
                return no("R-DBL-3", f"To cover the double {d}-{d} on {label} a tile needs "
                          f"{_an(d)} {d}; {shown} has none.")
            return no("R-TRAIN-2", f"{shown} does not match the open end of {label}, which "
                      f"is {line.end}.")
        inward = m.inward if m.inward in inwards else inwards[0]
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

    def _v_why_not(self, m: Move, idx: int, root: int, targets: list[int]) -> Verdict:
        from .verdicts import Verdict

        name, p = self.players[self.current], self.current
        label = self.line_label(idx)

        def no(rule: str, text: str) -> Verdict:
            return Verdict(False, rule, text, m)

        td = [d for d in self.turn_doubles if d in self.open_doubles]
        live = self._live_doubles(td) if td else td
        if self.swan is not None:
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
                      f"{self._swan_next_words()}, not {label}.")
        if live and self.rules.double_bonus == "on-double":
            d = self.trains[live[0]].end
            return no("R-VAR-ANSWER", f"{name} played the double {d}-{d} and must answer it: "
                      f"the extra tile goes on that double, on {self.line_label(live[0])}.")
        if len(td) >= 2 and live and m.tile is not None and not m.tile.is_double:
            first = targets[0]
            d = self.trains[first].end
            rid = "R-VAR-REVERSE" if self.rules.double_order == "reverse" else "R-DBL-4"
            order = "last" if rid == "R-VAR-REVERSE" else "first"
            return no(rid, f"{name} has laid {len(td)} doubles this turn; the next tile that is "
                      f"not a double must cover the {order} of them, {d}-{d} on "
                      f"{self.line_label(first)}.")
        blocker = self._blocker()
        if blocker is not None:
            d = self.trains[blocker].end
            several = len([x for x in self.open_doubles if x not in self.turn_doubles]) > 1
            rid, extra = "R-DBL-3", ""
            if several:
                rid = "R-VAR-REVERSE" if self.rules.double_order == "reverse" else "R-DBL-4"
                extra = (" It was laid last, and doubles are covered in reverse order."
                         if rid == "R-VAR-REVERSE" else
                         " It was laid first, and open doubles are covered in order.")
            return no(rid, f"The double {d}-{d} on {self.line_label(blocker)} is open: "
                      f"nobody may play anywhere else until it is covered.{extra}")
        if root == self.n:
            why = {"after-first-round": "until every player has had a first turn",
                   "after-all-started": "until every player's own train has been started"
                   }.get(self.rules.mexican_start, "yet")
            return no("R-MEX-2", f"{name} may not start the Mexican train {why}.")
        if root != p and not self.trains[root].marker:
            owner = self.players[root]
            q = self.partner(root)
            if q is not None:
                return no("R-VAR-TEAMS", f"{owner}'s train has no marker, so only {owner} and "
                          f"{owner}'s partner {self.players[q]} may play on it.")
            return no("R-MARK-1", f"{owner}'s train has no marker, so only {owner} may play "
                      f"on it.")
        return no("R-TURN-1", f"{name} may not play on {label} now.")

    # ================================================================== positions
    def _v_position(self, s: dict[str, Any], pos: dict[str, Any]) -> None:
        """Add the variants' state to a position written by ``to_position``."""
        n = self.n
        trains = s["trains"]
        if len(trains) > n + 1:
            code = lambda i: "M" if i == n else str(i + 1)  # noqa: E731
            extra = sorted(((t.root, branch_sort_key(t.path), f"{code(t.root)}.{t.path}", t)
                            for t in trains[n + 1:]), key=lambda x: (x[0], x[1]))
            for _, _, key, t in extra:
                pos["trains"][key] = [f"{a}-{tile.other(a)}" for tile, a in
                                      zip(t.tiles, t.inward, strict=True)]

            def lcode(i: int) -> str:
                if i <= n:
                    return code(i)
                return f"{code(trains[i].root)}.{trains[i].path}"
            pos["open_doubles"] = [lcode(i) for i in s["open_doubles"]]
            pos["turn"]["doubles"] = [lcode(i) for i in s["turn_doubles"]]
        if self.rules.swan_drive:
            sw = s["swan"]
            pos["turn"]["swan"] = None if sw is None else ("M" if sw == n else str(sw + 1))
        if self.rules.teams:
            pos["team_passed"] = [i + 1 for i in range(n) if s["team_passed"][i]]


def read_branches(game: Any, trains: dict[str, Any], reader: Any) -> None:
    """Create the branches of a position being read (R-VAR-BRANCH).

    Every covered double of every line gets its two branches; tiles listed under a
    branch key (``"2.3a"``) are laid on it. Errors name the field.
    """
    from .errors import PositionError

    n = game.n
    keys = [k for k in trains if isinstance(k, str) and "." in k]
    if keys and not game.rules.branching:
        raise PositionError(f"trains[{keys[0]!r}]", "a branch needs branching doubles "
                            "(rules option branching, R-VAR-BRANCH)")
    if not game.rules.branching:
        return
    parsed: dict[tuple[int, str], tuple[str, list[Any]]] = {}
    for key in keys:
        where = f"trains[{key!r}]"
        head, _, path = key.partition(".")
        if head in ("M", "m"):
            root = n
        elif head.isdigit() and 1 <= int(head) <= n:
            root = int(head) - 1
        else:
            raise PositionError(where, f"a branch is a train (seat 1 to {n} or M), a dot "
                                f"and a branch name like '3a'")
        path = path.lower()
        if not BRANCH_RE.match(path):
            raise PositionError(where, "a branch name is a tile number and a or b, like "
                                "'2.3a' or '2.3a.1b'")
        tiles = trains[key]
        if not isinstance(tiles, list):
            raise PositionError(where, "must be a list of tiles, inward number first")
        parsed[(root, path)] = (where, tiles)

    def grow(idx: int) -> None:
        line = game.trains[idx]
        for pos in range(1, len(line.tiles)):
            if line.tiles[pos - 1].is_double:
                game._spawn(idx, pos)

    for i in range(n + 1):
        grow(i)
    queue = list(range(n + 1, len(game.trains)))
    used = set()
    while queue:
        idx = queue.pop(0)
        b = game.trains[idx]
        entry = parsed.get((b.root, b.path))
        if entry is None:
            continue
        used.add((b.root, b.path))
        where, tiles = entry
        for j, text in enumerate(tiles):
            w = f"{where}[{j}]"
            tile = reader.tile(text, w, game.set_max)
            inward = int(str(text).split("-")[0].strip())
            ok = game._inwards(tile, b.end)
            if inward not in ok:
                if not ok:
                    raise PositionError(w, f"{tile} cannot follow the open end {b.end} "
                                        f"(R-TRAIN-2)" if j else
                                        f"a branch's first tile must carry the number of "
                                        f"its double, {b.end} (R-VAR-BRANCH)")
                raise PositionError(w, f"write the tile with its inward end first: "
                                    f"'{ok[0]}-{tile.other(ok[0])}'")
            b.tiles.append(tile)
            b.inward.append(inward)
            b.end = tile.other(inward)
        before = len(game.trains)
        grow(idx)
        queue.extend(range(before, len(game.trains)))
    for (root, path), (where, _) in parsed.items():
        if (root, path) not in used:
            raise PositionError(where, "there is no such branch: a branch grows from a double "
                                "that has been covered (its tile number names the double)")


def read_line(game: Any, key: Any, where: str) -> int:
    """A line code in a position (``"2"``, ``"M"``, ``"2.3a"``) as a line index."""
    from .errors import PositionError

    n = game.n
    text = str(key)
    head, _, path = text.partition(".")
    if head in ("M", "m"):
        root = n
    elif head.isdigit() and 1 <= int(head) <= n and not isinstance(key, bool):
        root = int(head) - 1
    else:
        raise PositionError(where, f"a train is a seat number from 1 to {n} or 'M', "
                            f"not {key!r}")
    idx = game._line_of(root, path.lower())
    if idx is None:
        raise PositionError(where, f"there is no branch {text!r} (R-VAR-BRANCH)")
    return idx  # type: ignore[no-any-return]
