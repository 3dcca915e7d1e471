"""The rules engine: one round of Mexican Train inside a match, its state and push/pop.

A :class:`Game` holds the match (players, rules, scores so far) and the round being
played. Dealing and drawing are explicit chance steps: a round is dealt from a
seeded shuffle (so games are reproducible), the boneyard is kept in draw order, and
``draw`` always takes the next tile. A position can also be written by hand as a
JSON-compatible dict (see :meth:`Game.from_position`).

Moves are checked by :meth:`Game.explain`, which returns a :class:`Verdict` naming
the rule that allows or forbids the move in a plain sentence; :meth:`Game.push`
applies a legal move and raises :class:`IllegalMoveError` (leaving the game
untouched) for an illegal one.

This module holds ``push``/``pop`` and the play of a move. The fields are declared once, in
:mod:`mtlearn.engine.state`; the other concerns of the same class live in their own modules:
dealing in :mod:`mtlearn.engine.dealing`, scores in :mod:`mtlearn.engine.scores`, legal-move
generation in :mod:`mtlearn.engine.legal`, verdicts in :mod:`mtlearn.engine.verdicts`,
positions and saved games in :mod:`mtlearn.engine.positions` and
:mod:`mtlearn.engine.position_reader`, lines and branches in :mod:`mtlearn.engine.lines`.
The variants that change the shape of play are subclasses, one per variant, listed in
:data:`mtlearn.engine.variants.VARIANTS`; ``Game(...)`` makes the one the rules ask for.
A game is printed and drawn by functions the layers above register here
(:func:`register_drawing`; the package root registers the text of
:mod:`mtlearn.present.text` and the live board of :mod:`mtlearn.hosts.pages`): the engine
imports no layer above its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..core.errors import IllegalMoveError, RulesError
from ..core.moves import MEXICAN, Move
from ..core.notation import player_index
from ..core.rules import Rules, usual_set
from ..core.tiles import SETS, Tile, remove_tile
from .dealing import Dealing
from .fast_paths import fast_paths
from .legal import LegalMoves, MoveGenerator
from .lines import Lines
from .position_reader import DEFAULT_NAMES, GAME_FORMAT, POSITION_FORMAT, _names, _rules, check_seed
from .positions import Positions
from .scores import Scores
from .state import TrainState
from .verdicts import Verdict, Verdicts

__all__ = ["DEFAULT_NAMES", "GAME_FORMAT", "POSITION_FORMAT", "Game", "LegalMoves",
           "TrainState", "Verdict"]


#: ``pop`` replays at most this many moves (a snapshot is kept every so many).
_MARK_EVERY = 32

#: rules -> (the class of game they make, the fast paths they allow), for the rules met
#: so far (see ``Game.__new__``).
_KINDS: dict[Rules, tuple[type[Game], tuple[bool, bool, bool, bool]]] = {}


def _kind_of(rules: Rules) -> tuple[type[Game], tuple[bool, bool, bool, bool]]:
    from .variants import game_class  # the variants' modules import this one
    if len(_KINDS) >= 1024:             # (generated rules, in tests: keep the cache small)
        _KINDS.clear()
    a, b, c, d = fast_paths(rules)
    kind = _KINDS[rules] = (game_class(rules), (a, b, c, d))
    return kind


class Game(Lines, MoveGenerator, Verdicts, Dealing, Positions, Scores):
    """A match of Mexican Train and the round being played.

    Make one with :meth:`Game.new` (dealt from a seed) or :meth:`Game.from_position`
    (a position written by hand). Seats are 0-based in Python and 1-based in text.
    Under rules with branching doubles, Swan Drive or partnerships the game made is a
    subclass, one per variant (:data:`mtlearn.engine.variants.VARIANTS`), chosen here, in
    ``__new__``, so every way of making or loading a game gets it.
    """

    # Every field is a slot (declared once, in GameState): a game has more fields than
    # CPython's shared-key dicts hold (30), and with a plain dict every read and write
    # of a field in the hot path becomes a hash lookup (6 % of a random round's
    # instructions). No class of the game has a __dict__, so a misspelt field raises.
    __slots__ = ()

    # ------------------------------------------------------------------ creation
    def __new__(cls, players: Sequence[str] = (), rules: Rules | None = None,
                set_max: int = 0, seed: int | str = 0) -> Game:
        if rules is None:
            # copy.deepcopy makes the copy: the class is kept, the fields are copied over
            return object.__new__(cls)
        # the rules choose the class (the variants' table, mtlearn.engine.variants) and
        # the fast paths (mtlearn.engine.fast_paths), worked out once per rules: here, so
        # every way of making or loading a game gets them
        kind = _KINDS.get(rules)
        if kind is None:
            kind = _kind_of(rules)
        game = object.__new__(kind[0] if cls is Game else cls)
        game._plain, game._plain_plays, game._plain_legal, game._plain_end = kind[1]
        return game

    def __init__(self, players: Sequence[str], rules: Rules, set_max: int,
                 seed: int | str) -> None:
        rules.check_supported(len(players))
        if type(set_max) is not int or set_max not in SETS:
            raise RulesError(f"there is no double-{set_max!r} set; choose one of {SETS}")
        check_seed(seed)
        if len(players) < 2:
            raise RulesError("Mexican Train needs at least 2 players")
        if rules.rounds is not None and rules.rounds > set_max + 1:
            raise RulesError(f"a double-{set_max} match has at most {set_max + 1} rounds "
                             f"(R-ROUND-1), not {rules.rounds}")
        #: The rules of the match (see :class:`~mtlearn.Rules`).
        self.rules = rules
        #: The highest double of the set (12 for a double-12 set).
        self.set_max = set_max
        #: The players' names, by seat (0-based).
        self.players: list[str] = list(players)
        #: Number of players.
        self.n = len(self.players)
        #: The seed every shuffle of the match is drawn from.
        self.seed = seed
        # the round (filled by _deal or from_position): every field of ROUND_FIELDS;
        # read it through the documented attributes and methods, never change it except
        # by push/pop. The documented ones: round_no (1 for the first), engine (the
        # centre double's number), current (seat to play; see to_play), starter, bonus
        # (the player laid a double and plays again, R-DBL-1), drawn (the tile just
        # drawn this turn, R-TURN-3), announced (per seat, R-LAST-1), over, out (seat
        # that went out), blocked (R-END-2), scores (every finished round), notes
        # (sentences about chance steps and penalties), swan (R-VAR-SWAN: the line
        # last played on; see swan_at), team_passed (R-VAR-TEAMS: per seat, the last
        # turn ended without a tile).
        self.scores = []
        self._ver = 0
        self._reset_round(1, set_max)
        #: The moves played this round, in order (``pop`` takes the last one back).
        self.history: list[Move] = []
        # legal() of state version _legal_ver (-1: none yet)
        self._legal_ver = -1
        self._legal_moves: tuple[Move, ...] = ()
        # _plays' open ends (no open double, or one of this turn) for state version _ends_ver
        # (-1: none); a draw carries them over
        self._ends_ver = -1
        self._ends: list[tuple[int, int]] = []
        self._ends_bits = 0
        self._blocker_cache: tuple[int, int | None] | None = None   # (state version, blocker)
        self._log: list[dict[str, Any]] = []
        self._start: dict[str, Any] = {}
        self._marks: dict[int, dict[str, Any]] = {}     # snapshots for pop, by move count
        # (the fast paths, _plain and its kin, were set by __new__: see fast_paths.py)

    @classmethod
    def new(cls, players: int | Sequence[str] = 4, *, set: int | None = None,
            rules: Rules | str | dict[str, Any] = "standard", seed: int | str | None = None,
            ) -> Game:
        """Start a match and deal its first round.

        Args:
            players: a number of players (named Ana, Ben, …) or a list of names.
            set: the highest double of the set (6, 9, 12, 15 or 18); by default
                the usual set for the table size (R-SET-4).
            rules: a :class:`Rules`, a preset name, or ``{"preset": …, option: …}``.
            seed: makes the shuffles reproducible; a random one is chosen if None.
        """
        names = _names(players)
        rules = _rules(rules)
        n = usual_set(len(names)) if set is None else set
        if seed is None:
            seed = random.randrange(10**9)
        game = cls(names, rules, n, seed)
        game._deal(1)
        return game

    def copy(self) -> Game:
        """An independent copy of the game, with its history.

        Field by field (as :data:`COPIED` says), many times faster than ``copy.deepcopy``,
        which the expert's search would otherwise spend a sixth of its time in."""
        new = object.__new__(type(self))
        for f, value in self._snapshot().items():       # the round: copies already
            setattr(new, f, value)
        for f in _SHARED:
            setattr(new, f, getattr(self, f))
        new.players = list(self.players)
        new.history = list(self.history)
        new._log = list(self._log)
        new._marks = dict(self._marks)
        return new

    # ------------------------------------------------------------------ naming
    def seat(self, player: int | str) -> int:
        """The seat (counted from 0) of a player given by name or by seat number.

        Names match exactly, or ignoring case when that is unambiguous: with players
        Ana, Ben and Cy, ``seat("Ben") == seat("ben") == seat(1) == 1``. Seats count from
        0 in Python; move notation counts trains from 1 (``"12-5@2"`` is Ben's train).

        Raises:
            ValueError: naming the players and the seat range.
        """
        if isinstance(player, str):
            found = player_index(player, self.players)
            if found is not None:
                return found
            raise ValueError(f"no player is called {player!r} (players: "
                             f"{', '.join(self.players)})")
        if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < self.n:
            return player
        raise ValueError(f"{player!r} is not a seat of this game: use a name "
                         f"({', '.join(self.players)}) or a seat from 0 to {self.n - 1}")

    def _idx(self, key: int | str) -> int:
        if key == MEXICAN:
            return self.n
        try:
            return self.seat(key)
        except ValueError:
            raise ValueError(f"there is no train {key!r}: trains are seats 0–{self.n - 1}, "
                             f"players' names ({', '.join(self.players)}) or 'M'") from None

    def _key(self, idx: int) -> int | str:
        if idx > self.n:                # a branch (R-VAR-BRANCH): its train
            idx = self._root(idx)
        return MEXICAN if idx == self.n else idx

    def train_label(self, key: int | str) -> str:
        """Words for a train: ``"Ben's train"`` or ``"the Mexican train"``."""
        idx = self._idx(key)
        return "the Mexican train" if idx == self.n else f"{self.players[idx]}'s train"

    # ------------------------------------------------------------------ reading
    @property
    def to_play(self) -> int | None:
        """Seat of the player to move, or None when the round is over."""
        return None if self.over else self.current

    def hand(self, seat: int | str) -> list[Tile]:
        """The tiles in a player's hand (a seat from 0 or a name), in the order received."""
        return list(self.hands[self.seat(seat)])

    @property
    def boneyard(self) -> list[Tile]:
        """The boneyard in draw order (the next tile drawn is first)."""
        return self.bone[::-1]

    @property
    def boneyard_size(self) -> int:
        """Number of tiles left in the boneyard."""
        return len(self.bone)

    def train(self, key: int | str) -> TrainState:
        """The state of a train: a seat's (from 0, or the player's name) or ``"M"``."""
        idx = self._idx(key)
        t = self.trains[idx]
        mex = idx == self.n
        return TrainState(self._key(idx), None if mex else idx,
                          tuple(zip(t.tiles, t.inward, strict=True)), t.end, mex or t.marker,
                          mex or t.marker)

    def train_keys(self) -> list[int | str]:
        """Every train: seats in order, then ``"M"``."""
        return [*range(self.n), MEXICAN]

    @property
    def open_double_trains(self) -> list[int | str]:
        """Trains ending in an open double, in the order the doubles were laid."""
        return [self._key(i) for i in self.open_doubles]

    @property
    def dead_double_trains(self) -> list[int | str]:
        """Trains ending in an open double that nobody can cover any more (every other
        tile of its number is on the table): it no longer blocks (R-DBL-6), unless the
        house rule ``unsatisfiable_double_blocks`` says it still does."""
        live = set(self._live_doubles(list(self.open_doubles)))
        return [self._key(i) for i in self.open_doubles if i not in live]

    @property
    def is_round_over(self) -> bool:
        """True when the round has ended (R-END-1, R-END-2)."""
        return self.over

    @property
    def is_match_over(self) -> bool:
        """True when the last round of the match has ended."""
        return self.over and self.round_no >= self.rounds


    # ------------------------------------------------------------------ playing
    def push(self, move: Move | str) -> Move:
        """Play ``move`` (a :class:`Move` or text). Returns the move as applied.

        Raises :class:`IllegalMoveError` (a ``ValueError``) with the rule id and a
        sentence if the rules refuse it; the game is then unchanged.
        """
        fresh = self._legal_ver == self._ver
        if fresh:
            # a move taken from legal() is legal as it is: found by identity, no check
            for m in self._legal_moves:
                if m is move:
                    self._apply(m)
                    return m
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except ValueError:
                v = self.explain(move)
                raise IllegalMoveError(move, v.rule, v.reason, v.suggests) from None
        if fresh and isinstance(move, Move):
            # an equal move made elsewhere (parsed from text, say) is as good
            for m in self._legal_moves:
                if m == move:
                    self._apply(m)
                    return m
        v = self.explain(move)
        if not v.legal or v.move is None:
            raise IllegalMoveError(v.move, v.rule, v.reason, v.suggests)
        self._apply(v.move)
        return v.move

    play = push

    def _apply(self, m: Move) -> None:
        self._ver += 1
        self.history.append(m)
        p = self.current
        kind = m.kind
        if kind == "play":
            # passes counts the passes in turn since the last tile was played: set here
            # and in the pass below, nowhere else (a new round and a position read set it
            # from ROUND_FIELDS and the file)
            self.passes = 0
            self.drawn = None
            self.played += 1
            if not self._plain:
                self._lay(m, p)         # train-building turns; VariantGame's lines
                return
            # no building turn (R-FIRST-1, R-VAR-FAST, R-VAR-DELAY), inlined for speed
            # (tests/test_fast_paths.py plays it against _lay): the tile goes on its
            # train, a double stays open and is played again, an empty hand goes out,
            # any other tile ends the turn
            tile = m.tile
            inward = m.inward
            key = m.train
            idx: int = self.n if key == MEXICAN else key  # type: ignore[assignment]
            train = self.trains[idx]
            hand = self.hands[p]
            i = 0                       # by identity, as remove_tile does, without the call
            while hand[i] is not tile:
                i += 1
            del hand[i]
            train.tiles.append(tile)
            train.inward.append(inward)  # type: ignore[arg-type]
            hi, lo = tile.high, tile.low
            train.end = lo if hi == inward else hi
            if idx == p:
                train.marker = False
            open_doubles = self.open_doubles
            if open_doubles and idx in open_doubles:
                open_doubles.remove(idx)
            if hi == lo:
                open_doubles.append(idx)
                self.turn_doubles.append(idx)
                if hand:
                    self.bonus = True
                    return
            if hand:
                self._end_turn()
            else:
                self._finish(p)
        elif kind == "draw":
            if self._ends_ver == self._ver - 1:
                self._ends_ver = self._ver    # the same trains are open to the drawn tile
            if self.rules.may_decline and self._plays():
                self.declined = True
            tile = self.bone.pop()
            self.hands[p].append(tile)
            self.drawn = tile
            self.announced[p] = False
        elif kind == "pass":
            if self._plain:
                # a standard game's marker, inlined for speed (never plain, VariantGame
                # always goes through its own _pass_marker: R-VAR-TEAMS)
                self.trains[p].marker = True
            else:
                self._pass_marker(p)
            self.passes += 1
            self._end_turn()
            if not self.over and self.passes >= self.n and not self.bone and (
                    self.rules.may_decline
                    or not any(self._can_play(s) for s in range(self.n))):
                # R-END-2: blocked as soon as it is certain (every marker is down after
                # a full cycle of passes, so every train is open to everyone); under
                # R-VAR-CHOOSE a full cycle of passes ends the round even if someone
                # declined while able to play
                self._finish(None)
        elif kind == "uno":
            self.announced[p] = True
        elif kind == "end":
            self._end_turn()

    def _lay(self, m: Move, p: int) -> None:
        """Lay the tile of the legal play ``m`` by seat ``p`` and go on with the turn
        (the general code; ``_apply`` inlines the common case)."""
        # a Move checks its own fields: a play has a tile, an inward number on it and
        # a train (a seat or "M"); push only gets here with a legal one
        tile = m.tile
        assert tile is not None and m.inward is not None and m.train is not None
        idx = self._idx(m.train)
        train = self.trains[idx]
        remove_tile(self.hands[p], tile)
        train.tiles.append(tile)
        train.inward.append(m.inward)
        train.end = tile.other(m.inward)
        if idx == p:
            train.marker = False
        if idx in self.open_doubles:
            self.open_doubles.remove(idx)
        self._after_lay(p, idx, idx, tile.is_double, len(train.tiles) == 1)

    def _after_lay(self, p: int, idx: int, root: int, double: bool, started: bool) -> None:
        """The rest of a turn after ``p`` laid a tile on line ``idx`` of train ``root``
        (``started``: the tile was the train's first), for every rule: a double stays
        open (not in a train-building turn), an empty hand goes out, a first tile on
        one's own train starts a delayed building turn (R-VAR-DELAY), a double is played
        again, and otherwise the turn goes on only if :meth:`_turn_goes_on` says so."""
        rules = self.rules
        building = rules.first_turn != "normal" and self._building()
        if double and not building:
            self.open_doubles.append(idx)
            self.turn_doubles.append(idx)
        if not self.hands[p]:
            if building and rules.first_turn != "delayed":
                self._end_turn()
            else:
                self._finish(p)
            return
        if building:
            return
        if rules.first_turn == "delayed" and root == p and started:
            self.building_now = True    # the first tile of p's own train (R-VAR-DELAY)
            return
        if double:
            self.bonus = True
            return
        if not self._turn_goes_on(root):
            self._end_turn()

    def _turn_goes_on(self, root: int) -> bool:
        """After a play that would end the turn: False (a Swan Drive says otherwise)."""
        return False

    def _pass_marker(self, p: int) -> None:
        """A pass by ``p`` puts down p's marker (R-MARK-2)."""
        self.trains[p].marker = True

    def _end_turn(self) -> None:
        p = self.current
        if self._plain_end:
            # the common case, inlined for speed: no building turns, no penalty to settle
            self.first_done[p] = True
            self.turns_taken += 1
            self.drawn = None
            self.bonus = False
            self.declined = False
            if self.turn_doubles:
                self.turn_doubles = []
            self.played = 0
            self.building_now = False
            self.swan = None
            self.current = (p + 1) % self.n
            return
        if self._building() or self.building_now:
            t = self.trains[p]
            if t.tiles and t.tiles[-1].is_double and p not in self.open_doubles and self.played:
                self.open_doubles.append(p)
        self.first_done[p] = True
        self.turns_taken += 1
        if self.rules.last_tile == "penalty":
            q = self.pending_penalty
            if q is not None and q != p and len(self.hands[q]) == 1 and not self.announced[q]:
                k = min(self.rules.penalty_tiles, len(self.bone))
                for _ in range(k):
                    self.hands[q].append(self.bone.pop())
                self.notes.append(f"{self.players[q]} did not announce the last tile before "
                                  f"{self.players[p]} finished a turn, and draws {k} (R-LAST-2).")
            self.pending_penalty = p if (len(self.hands[p]) == 1
                                         and not self.announced[p]) else None
        self.drawn = None
        self.bonus = False
        self.declined = False
        self.swan = None
        self.turn_doubles = []
        self.played = 0
        self.building_now = False
        if (self.rules.first_turn in ("train-building", "fast") and all(self.first_done)
                and any(not h for h in self.hands)):
            # first turns run in seat order from the starter: the first empty hand in that
            # order went out first
            order = [(self.starter + k) % self.n for k in range(self.n)]
            self._finish(next(i for i in order if not self.hands[i]))
            return
        self.current = (p + 1) % self.n

    def _finish(self, out: int | None) -> None:
        self.over = True
        self.out = out
        self.blocked = out is None
        value = self.rules.tile_value
        self.scores.append([sum(value(t.high, t.low) for t in h) for h in self.hands])

    def pop(self) -> Move:
        """Take back the last move of the round (back to the deal, not further)."""
        history = self.history
        if not history:
            raise IndexError("nothing to undo: this is the start of the round")
        last = history[-1]
        n = len(history) - 1
        # back to the latest mark at or before move n, then replay the moves after it,
        # keeping a mark every _MARK_EVERY moves on the way: play itself takes no
        # snapshots, and a run of undos replays at most _MARK_EVERY moves each
        marks = self._marks
        for j in [j for j in marks if j > n]:
            del marks[j]
        k = n - n % _MARK_EVERY
        while k and k not in marks:
            k -= _MARK_EVERY
        self._restore(marks[k] if k else self._start)
        self.history = replayed = history[:k]
        apply = self._apply
        for m in history[k:n]:
            apply(m)
            h = len(replayed)
            if not h % _MARK_EVERY and h not in marks:
                marks[h] = self._snapshot()
        return last

    def peek(self) -> Move | None:
        """The last move played this round, or None."""
        return self.history[-1] if self.history else None

    # ------------------------------------------------------------------ text
    def __repr__(self) -> str:
        who = "round over" if self.over else f"{self.players[self.current]} to play"
        return (f"<Game double-{self.set_max}, {self.n} players, {self.rules.name}, "
                f"round {self.round_no}/{self.rounds}, {who}>")

    def __str__(self) -> str:
        draw = _DRAWINGS.get("text")
        return repr(self) if draw is None else draw(self)

    def _repr_html_(self) -> str | None:
        """The position as a live board (static HTML, no kernel needed), or None (the
        notebook shows the text) when no layer above has registered one.

        A copy of the game is played, so the board never changes this one. In the book the
        in-page engine plays on from here to the end of the match; opened from disk, the
        board answers one move deep from stored answers.
        """
        draw = _DRAWINGS.get("html")
        return None if draw is None else draw(self)


#: How a game is drawn, by kind (``"text"`` for ``str``, ``"html"`` for notebooks): set by
#: the layers above through :func:`register_drawing`, looked up when a game is drawn.
_DRAWINGS: dict[str, Callable[[Game], str]] = {}


#: How :meth:`Game.copy` copies each field that is not a round's (those are copied as a
#: snapshot is): shared, as none is changed in place (numbers, names, the rules, the
#: round's start and its undo marks, which are copied from, never into, the caches, which
#: are replaced whole), or a new list or dict of the same items.
COPIED = {**dict.fromkeys(("rules", "set_max", "n", "seed", "_start", "_ver", "_legal_ver",
                           "_legal_moves", "_ends_ver", "_ends", "_ends_bits", "_blocker_cache",
                           "_plain", "_plain_plays", "_plain_legal", "_plain_end"), "shared"),
          **dict.fromkeys(("players", "history", "_log", "_marks"), "copied")}
_SHARED = tuple(f for f, how in COPIED.items() if how == "shared")


def register_drawing(kind: str, draw: Callable[[Game], str]) -> None:
    """Draw games with ``draw`` from now on: ``"text"`` for ``str(game)``, ``"html"`` for
    ``game._repr_html_()`` (the board a notebook shows).

    The engine imports nothing above its own layer: whoever draws registers here. The
    package root (``mtlearn/__init__.py``) registers the plain text and the live board, each
    importing its layer only when a game is first drawn.
    """
    if kind not in ("text", "html"):
        raise ValueError(f"a game is drawn as 'text' or 'html', not {kind!r}")
    _DRAWINGS[kind] = draw
