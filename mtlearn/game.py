"""The rules engine: one round of Mexican Train inside a match.

A :class:`Game` holds the match (players, rules, scores so far) and the round being
played. Dealing and drawing are explicit chance steps: a round is dealt from a
seeded shuffle (so games are reproducible), the boneyard is kept in draw order, and
``draw`` always takes the next tile. A position can also be written by hand as a
JSON-compatible dict (see :meth:`Game.from_position`).

Moves are checked by :meth:`Game.explain`, which returns a :class:`Verdict` naming
the rule that allows or forbids the move in a plain sentence; :meth:`Game.push`
applies a legal move and raises :class:`IllegalMoveError` (leaving the game
untouched) for an illegal one.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from .errors import GameFileError, IllegalMoveError, PositionError, RulesError
from .moves import MEXICAN, Move
from .rules import Rules, hand_size, preset, usual_set
from .tiles import SETS, Tile, full_set

__all__ = ["DEFAULT_NAMES", "Game", "LegalMoves", "TrainState", "Verdict"]

#: Names given to players when only a number of players is given.
DEFAULT_NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo",
                 "Kai", "Lu", "Max", "Nia", "Oto", "Pia", "Quin", "Rae")

POSITION_FORMAT = "mtlearn/position"
_MOVES: dict[tuple[Tile, int | str, int], Move] = {}
GAME_FORMAT = "mtlearn/game"


class Verdict(NamedTuple):
    """The engine's judgement of a move.

    ``legal`` says whether it may be played now, ``rule`` is the rule id behind the
    judgement, ``reason`` the sentence a learner reads (``text`` adds the rule id);
    ``move`` is the move as the engine understood it (a tile turned round to fit), or
    None for text that is not a move at all.
    """

    legal: bool
    rule: str
    reason: str
    move: Move | None

    @property
    def text(self) -> str:
        """The sentence with its rule id: "… may play on it (R-MARK-1)."."""
        body = self.reason[:-1] if self.reason.endswith(".") else self.reason
        return f"{body} ({self.rule})."

    def __str__(self) -> str:
        return self.text


class TrainState(NamedTuple):
    """A read-only picture of one train (see :meth:`Game.train`)."""

    key: int | str
    owner: int | None
    tiles: tuple[tuple[Tile, int], ...]
    open_end: int
    marker: bool
    public: bool

    @property
    def started(self) -> bool:
        """True once the train has a tile."""
        return bool(self.tiles)


class _Train:
    __slots__ = ("end", "inward", "marker", "tiles")

    def __init__(self, engine: int) -> None:
        self.tiles: list[Tile] = []
        self.inward: list[int] = []
        self.end = engine
        self.marker = False

    def __deepcopy__(self, memo: object) -> _Train:
        t = _Train.__new__(_Train)
        t.tiles = list(self.tiles)
        t.inward = list(self.inward)
        t.end = self.end
        t.marker = self.marker
        return t


class LegalMoves:
    """The legal moves of a position: iterable, sized, and supports ``in``.

    ``"12-5@M" in game.legal_moves`` works with text or :class:`Move`.
    """

    def __init__(self, game: Game) -> None:
        self._game = game

    def _list(self) -> list[Move]:
        return self._game._legal()

    def __iter__(self) -> Iterator[Move]:
        return iter(self._list())

    def __len__(self) -> int:
        return len(self._list())

    def __bool__(self) -> bool:
        return bool(self._list())

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


_STATE_FIELDS = ("round_no", "engine", "hands", "bone", "trains", "open_doubles", "current",
                 "starter", "turn_doubles", "bonus", "drawn", "declined", "played",
                 "building_now", "turns_taken", "first_done", "passes", "announced",
                 "pending_penalty", "over", "out", "blocked", "scores", "notes")


class Game:
    """A match of Mexican Train and the round being played.

    Make one with :meth:`Game.new` (dealt from a seed) or :meth:`Game.from_position`
    (a position written by hand). Seats are 0-based in Python and 1-based in text.
    """

    # ------------------------------------------------------------------ creation
    def __init__(self, players: Sequence[str], rules: Rules, set_max: int,
                 seed: int | str) -> None:
        rules.check_supported()
        if set_max not in SETS:
            raise RulesError(f"there is no double-{set_max} set; choose one of {SETS}")
        if len(players) < 2:
            raise RulesError("Mexican Train needs at least 2 players")
        if rules.rounds is not None and rules.rounds > set_max + 1:
            raise RulesError(f"a double-{set_max} match has at most {set_max + 1} rounds "
                             f"(R-ROUND-1), not {rules.rounds}")
        self.rules = rules
        self.set_max = set_max
        self.players: list[str] = list(players)
        #: Number of players.
        self.n = len(self.players)
        self.seed = seed
        self._ver = 0
        self._legal_cache: tuple[int, list[Move]] | None = None
        self.history: list[Move] = []
        self._log: list[dict[str, Any]] = []
        self._start: dict[str, Any] = {}
        # state (filled by _deal or from_position)
        self.round_no = 1
        self.engine = set_max
        self.hands: list[list[Tile]] = []
        self.bone: list[Tile] = []          # next tile to draw is last
        self.trains: list[_Train] = []      # seats, then the Mexican train
        self.open_doubles: list[int] = []
        self.current = 0
        self.starter = 0
        self.turn_doubles: list[int] = []
        self.bonus = False
        self.drawn: Tile | None = None
        self.declined = False
        self.played = 0
        self.building_now = False
        self.turns_taken = 0
        self.first_done: list[bool] = []
        self.passes = 0
        self.announced: list[bool] = []
        self.pending_penalty: int | None = None
        self.over = False
        self.out: int | None = None
        self.blocked = False
        self.scores: list[list[int]] = []
        self.notes: list[str] = []

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

    # ------------------------------------------------------------------ dealing
    @property
    def rounds(self) -> int:
        """Number of rounds in the match: N+1 for a double-N set (R-ROUND-1)."""
        return self.rules.rounds or self.set_max + 1

    def _deal(self, round_no: int) -> None:
        n = len(self.players)
        rng = random.Random(f"{self.seed}/{round_no}")
        engine = self.set_max - (round_no - 1)
        double = Tile(engine, engine)
        tiles = full_set(self.set_max)
        if self.rules.engine == "hub":
            tiles.remove(double)
        rng.shuffle(tiles)
        size = hand_size(self.rules, self.set_max, n)
        self._reset_round(round_no, engine)
        self.hands = [tiles[i * size:(i + 1) * size] for i in range(n)]
        bone = tiles[n * size:]
        self.starter = (round_no - 1) % n
        if self.rules.engine == "holder":
            holder = next((i for i, h in enumerate(self.hands) if double in h), None)
            seat = self.starter
            drawn = 0
            while holder is None:
                tile = bone.pop(0)
                self.hands[seat].append(tile)
                drawn += 1
                if tile is double:
                    holder = seat
                seat = (seat + 1) % n
            self.hands[holder].remove(double)
            if drawn:
                self.notes.append(f"Nobody held {double}: players drew in turn ({drawn} tiles) "
                                  f"until {self.players[holder]} found it (R-ROUND-2).")
            self.notes.append(f"{self.players[holder]} held {double}, placed it in the hub "
                              f"and plays first (R-ROUND-2).")
            self.starter = holder
        self.bone = bone[::-1]
        self.current = self.starter
        self._start = self._snapshot()

    def _reset_round(self, round_no: int, engine: int) -> None:
        n = len(self.players)
        self._ver += 1      # a new deal: cached legal moves are stale
        self.round_no = round_no
        self.engine = engine
        self.trains = [_Train(engine) for _ in range(n + 1)]
        self.open_doubles = []
        self.turn_doubles = []
        self.bonus = False
        self.drawn = None
        self.declined = False
        self.played = 0
        self.building_now = False
        self.turns_taken = 0
        self.first_done = [False] * n
        self.passes = 0
        self.announced = [False] * n
        self.pending_penalty = None
        self.over = False
        self.out = None
        self.blocked = False
        self.notes = []
        self.history = []

    def next_round(self) -> None:
        """Deal the next round of the match (a chance step from the game's seed)."""
        if not self.over:
            raise IllegalMoveError(None, "R-END-1", "The round is not over yet.")
        if self.round_no >= self.rounds:
            raise IllegalMoveError(None, "R-ROUND-1", "The match is over: that was the last "
                                   "round.")
        self._log.append({"start": self._position_of(self._start), "moves":
                          [str(m) for m in self.history]})
        self._deal(self.round_no + 1)

    # ------------------------------------------------------------------ snapshots
    def _snapshot(self) -> dict[str, Any]:
        return {f: _clone(getattr(self, f)) for f in _STATE_FIELDS}

    def _restore(self, snap: dict[str, Any]) -> None:
        self._ver += 1
        for f in _STATE_FIELDS:
            setattr(self, f, _clone(snap[f]))

    def copy(self) -> Game:
        """An independent copy of the game, with its history."""
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ naming
    def _idx(self, key: int | str) -> int:
        if key == MEXICAN:
            return self.n
        if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < self.n:
            return key
        raise ValueError(f"there is no train {key!r}: trains are seats 0–{self.n - 1} or 'M'")

    def _key(self, idx: int) -> int | str:
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

    def hand(self, seat: int) -> list[Tile]:
        """The tiles in a player's hand, in the order they were received."""
        return list(self.hands[seat])

    @property
    def boneyard(self) -> list[Tile]:
        """The boneyard in draw order (the next tile drawn is first)."""
        return self.bone[::-1]

    def train(self, key: int | str) -> TrainState:
        """The state of a train: a seat's (0-based) or ``"M"``."""
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
    def is_round_over(self) -> bool:
        """True when the round has ended (R-END-1, R-END-2)."""
        return self.over

    @property
    def is_match_over(self) -> bool:
        """True when the last round of the match has ended."""
        return self.over and self.round_no >= self.rounds

    # ------------------------------------------------------------------ rules helpers
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
        prior = [d for d in self.open_doubles if d not in self.turn_doubles]
        if not prior:
            return None
        if self.rules.double_order == "reverse":
            prior.reverse()
        for d in prior:
            if self.rules.unsatisfiable_double_blocks or self._satisfiable(d):
                return d
        return None

    def _building(self) -> bool:
        ft = self.rules.first_turn
        if ft == "normal":
            return False
        if ft == "delayed":
            return self.building_now
        return not self.first_done[self.current]

    def _mexican_allowed(self) -> bool:
        if self.trains[self.n].tiles:
            return True
        ms = self.rules.mexican_start
        if ms == "after-first-round":
            return self.turns_taken >= self.n
        if ms == "after-all-started":
            return all(t.tiles for t in self.trains[: self.n])
        return True

    def _targets(self, double: bool) -> list[int]:
        """Trains a tile may be played on now (a double if ``double``)."""
        p = self.current
        if self.rules.first_turn != "normal" and self._building():
            return [p]
        if not self.open_doubles:
            trains = self.trains
            base = [p]
            if trains[self.n].tiles or self._mexican_allowed():
                base.append(self.n)
            for i in range(self.n):
                if i != p and trains[i].marker:
                    base.append(i)
            return base
        td = [d for d in self.turn_doubles if d in self.open_doubles]
        if td:
            if self.rules.double_bonus == "on-double":
                return [td[0]]
            if len(td) >= 2 and not double:
                return [td[-1] if self.rules.double_order == "reverse" else td[0]]
        blocker = self._blocker()
        if blocker is not None:
            base = [blocker]
        else:
            base = [p]
            if self._mexican_allowed():
                base.append(self.n)
            base.extend(i for i in range(self.n) if i != p and self.trains[i].marker)
        if len(td) == 1 and td[0] not in base:
            base.append(td[0])
        return base

    def _plays(self) -> list[Move]:
        if self.over:
            return []
        p = self.current
        hand = self.hands[p] if self.drawn is None else (self.drawn,)
        trains, n = self.trains, self.n
        if not self.open_doubles and self.rules.first_turn == "normal":
            # the common case, inlined for speed: what _targets gives with no open double
            nd_ends = [(p, trains[p].end)]
            if trains[n].tiles or self._mexican_allowed():
                nd_ends.append((MEXICAN, trains[n].end))
            for i in range(n):
                if i != p and trains[i].marker:
                    nd_ends.append((i, trains[i].end))
            dd_ends = nd_ends
        else:
            nd = self._targets(False)
            two = len(self.turn_doubles) >= 2 and len(
                [d for d in self.turn_doubles if d in self.open_doubles]) >= 2
            dd = self._targets(True) if two else nd
            nd_ends = [(MEXICAN if i == n else i, trains[i].end) for i in nd]
            dd_ends = nd_ends if dd is nd else [(MEXICAN if i == n else i, trains[i].end)
                                                 for i in dd]
        out: list[Move] = []
        wild = self.rules.wild_blanks
        cache = _MOVES
        for tile in hand:
            hi, lo = tile.high, tile.low
            for key, end in (dd_ends if hi == lo else nd_ends):
                if not wild:
                    if hi == end or lo == end:
                        m = cache.get((tile, key, end))
                        if m is None:
                            m = cache[(tile, key, end)] = Move("play", tile, key, end)
                        out.append(m)
                else:
                    for inward in self._inwards(tile, end):
                        out.append(Move("play", tile, key, inward))
        return out

    def _legal(self) -> list[Move]:
        """The legal moves (a cached list: do not change it)."""
        cached = self._legal_cache
        if cached is not None and cached[0] == self._ver:
            return cached[1]
        moves = self._compute_legal()
        self._legal_cache = (self._ver, moves)
        return moves

    def _compute_legal(self) -> list[Move]:
        if self.over:
            return []
        plays = self._plays()
        extra: list[Move] = []
        p = self.current
        if self._building():
            if self.played and (self.rules.first_turn != "fast" or not plays):
                extra.append(Move("end"))
            elif not self.played and not plays:
                extra.append(Move("pass"))
        elif self.drawn is not None:
            if not plays or self.rules.drawn_tile == "may" or self.declined:
                extra.append(Move("pass"))
        elif plays:
            if self.rules.may_decline:
                extra.append(Move("draw") if self.bone else Move("pass"))
        else:
            extra.append(Move("draw") if self.bone else Move("pass"))
        if (self.rules.last_tile != "off" and not self.announced[p]
                and len(self.hands[p]) <= 2):
            extra.append(Move("uno"))
        return plays + extra

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves of the player to play (a lazy view supporting ``in``)."""
        return LegalMoves(self)

    # ------------------------------------------------------------------ verdicts
    def explain(self, move: Move | str) -> Verdict:
        """Judge ``move`` without playing it: legal or not, with its rule and a sentence."""
        try:
            m = Move.parse(move) if isinstance(move, str) else move
        except ValueError as e:
            return Verdict(False, "R-TURN-1", str(e), None)
        if not isinstance(m, Move):
            raise TypeError(f"explain() needs a Move or a move in text, not {move!r}")
        if self.over:
            who = self.players[self.out] if self.out is not None else None
            why = (f"{who} went out" if who else "it was blocked")
            return Verdict(False, "R-END-1", f"The round is over ({why}): no more moves "
                           f"until the next round is dealt.", m)
        if m.kind == "play":
            return self._judge_play(m)
        return getattr(self, "_judge_" + m.kind)(m)

    def _name(self) -> str:
        return self.players[self.current]

    def _example(self) -> str:
        plays = self._plays()
        return str(plays[0]) if plays else ""

    def _describe(self, m: Move) -> str:
        return f"{m.tile} on {self.train_label(m.train)}" if m.kind == "play" else m.kind

    def _judge_play(self, m: Move) -> Verdict:
        name, p = self._name(), self.current
        tile = m.tile
        assert tile is not None and m.train is not None
        no = lambda rule, text: Verdict(False, rule, text, m)  # noqa: E731
        if m.train != MEXICAN and isinstance(m.train, int) and m.train >= self.n:
            return no("R-TURN-1", f"There is no seat {m.train + 1} at this table: the trains "
                      f"are seats 1 to {self.n} and M (the Mexican train).")
        idx = self._idx(m.train)
        label = self.train_label(m.train)
        if tile not in self.hands[p]:
            return no("R-TURN-1", f"{name} does not hold {tile}, so {name} cannot play it.")
        if self.drawn is not None and tile is not self.drawn:
            return no("R-TURN-3", f"{name} has just drawn {self.drawn}: now only that tile "
                      f"may be played (or {name} passes).")
        train = self.trains[idx]
        rule_ok = "R-TRAIN-2"
        if self._building():
            if idx != p:
                rid = {"fast": "R-VAR-FAST", "delayed": "R-VAR-DELAY"}.get(
                    self.rules.first_turn, "R-FIRST-1")
                return no(rid, f"In this train-building turn {name} may only lay tiles on "
                          f"{name}'s own train, not on {label}.")
            rule_ok = "R-FIRST-1"
        else:
            targets = self._targets(tile.is_double)
            if idx not in targets:
                return self._why_not_there(m, idx, targets)
            if idx in self.open_doubles:
                rule_ok = "R-DBL-3" if idx not in self.turn_doubles else "R-DBL-1"
            elif idx == self.n:
                rule_ok = "R-MEX-1"
            elif idx != p:
                rule_ok = "R-MARK-1"
        inwards = self._inwards(tile, train.end)
        if not inwards:
            if not train.tiles:
                rid = "R-MEX-1" if idx == self.n else "R-TRAIN-1"
                return no(rid, f"{label[0].upper() + label[1:]} starts from the engine, so its "
                          f"first tile must carry {_a(train.end)} {train.end}; {tile} does not.")
            if idx in self.open_doubles:
                return no("R-DBL-3", f"To cover the double {train.end}-{train.end} on {label} "
                          f"a tile needs {_a(train.end)} {train.end}; {tile} has none.")
            return no("R-TRAIN-2", f"{tile} does not match the open end of {label}, which "
                      f"is {train.end}.")
        inward = m.inward if m.inward in inwards else inwards[0]
        mm = Move("play", tile, m.train, inward)
        if not train.tiles:
            what = f"starting {label}"
            rule_ok = "R-MEX-1" if idx == self.n else (
                "R-TRAIN-1" if rule_ok == "R-TRAIN-2" else rule_ok)
        elif idx in self.open_doubles:
            what = f"covering the double {train.end}-{train.end} on {label}"
        else:
            what = f"on {label}"
        text = f"{name} may play {tile} {what}"
        if tile.is_double and not self._building():
            if len(self.hands[p]) == 1:
                rule_ok = "R-DBL-5"
                text += (", going out on it: the round ends at once and the double stays "
                         "open")
            else:
                text += f", and as it is a double, {name} then plays again"
        return Verdict(True, rule_ok, text + ".", mm)

    def _why_not_there(self, m: Move, idx: int, targets: list[int]) -> Verdict:
        name, p = self._name(), self.current
        label = self.train_label(m.train)  # type: ignore[arg-type]
        no = lambda rule, text: Verdict(False, rule, text, m)  # noqa: E731
        td = [d for d in self.turn_doubles if d in self.open_doubles]
        if td and self.rules.double_bonus == "on-double":
            d = self.trains[td[0]].end
            return no("R-VAR-ANSWER", f"{name} played the double {d}-{d} and must answer it: "
                      f"the extra tile goes on that double, on "
                      f"{self.train_label(self._key(td[0]))}.")
        if len(td) >= 2 and m.tile is not None and not m.tile.is_double:
            first = targets[0]
            d = self.trains[first].end
            rid = "R-VAR-REVERSE" if self.rules.double_order == "reverse" else "R-DBL-4"
            order = "last" if rid == "R-VAR-REVERSE" else "first"
            return no(rid, f"{name} has laid {len(td)} doubles this turn; the next tile that is "
                      f"not a double must cover the {order} of them, {d}-{d} on "
                      f"{self.train_label(self._key(first))}.")
        blocker = self._blocker()
        if blocker is not None:
            d = self.trains[blocker].end
            where = self.train_label(self._key(blocker))
            several = len([x for x in self.open_doubles if x not in self.turn_doubles]) > 1
            rid = "R-DBL-3"
            extra = ""
            if several:
                rid = "R-VAR-REVERSE" if self.rules.double_order == "reverse" else "R-DBL-4"
                extra = (" It was laid last, and doubles are covered in reverse order."
                         if rid == "R-VAR-REVERSE" else
                         " It was laid first, and open doubles are covered in order.")
            return no(rid, f"The double {d}-{d} on {where} is open: nobody may play anywhere "
                      f"else until it is covered.{extra}")
        if idx == self.n:
            why = {"after-first-round": "until every player has had a first turn",
                   "after-all-started": "until every player's own train has been started"
                   }.get(self.rules.mexican_start, "yet")
            return no("R-MEX-2", f"{name} may not start the Mexican train {why}.")
        if idx != p and not self.trains[idx].marker:
            owner = self.players[idx]
            return no("R-MARK-1", f"{owner}'s train has no marker, so only {owner} may play "
                      f"on it.")
        return no("R-TURN-1", f"{name} may not play on {label} now.")

    def _judge_draw(self, m: Move) -> Verdict:
        name = self._name()
        no = lambda rule, text: Verdict(False, rule, text, m)  # noqa: E731
        if self._building():
            return no("R-FIRST-1", f"Nobody draws in a train-building turn: {name} lays tiles "
                      f"on {name}'s own train, or passes and places a marker if none fits.")
        if self.drawn is not None:
            return no("R-TURN-3", f"{name} has already drawn {self.drawn} this turn: "
                      f"{name} plays it if possible, otherwise passes.")
        if not self.bone:
            return no("R-TURN-4", f"The boneyard is empty, so there is nothing to draw: with "
                      f"no tile to play, {name} passes.")
        plays = self._plays()
        if plays and not self.rules.may_decline:
            return no("R-TURN-2", f"{name} can play (for example {self._describe(plays[0])}), "
                      f"so {name} must play instead of drawing.")
        if plays:
            return Verdict(True, "R-VAR-CHOOSE", f"{name} may decline to play and draw a tile "
                           f"instead.", m)
        rid = "R-DBL-2" if self.bonus else "R-TURN-3"
        return Verdict(True, rid, f"{name} has no tile that fits, so {name} draws one.", m)

    def _judge_pass(self, m: Move) -> Verdict:
        name = self._name()
        no = lambda rule, text: Verdict(False, rule, text, m)  # noqa: E731
        plays = self._plays()
        if self._building():
            if self.played:
                return no("R-FIRST-1", f"{name} has started building: finish the turn with "
                          f"'end' instead of passing.")
            if plays:
                return no("R-TURN-2", f"{name} can start {name}'s train "
                          f"({self._describe(plays[0])}), so {name} may not pass.")
            return Verdict(True, "R-FIRST-1", f"{name} cannot start {name}'s train: no draw in "
                           f"this turn; {name} places a marker where the train will start.", m)
        if self.drawn is not None:
            if plays and self.rules.drawn_tile == "must" and not self.declined:
                return no("R-TURN-3", f"{name} drew {self.drawn}, which fits, so {name} must "
                          f"play it.")
            rid = "R-MARK-2" if not plays else ("R-VAR-CHOOSE" if self.declined
                                                 else "R-VAR-STRICT-DRAW")
            return Verdict(True, rid, f"{name} passes and places a marker on {name}'s own "
                           f"train.", m)
        if plays:
            if self.rules.may_decline and not self.bone:
                return Verdict(True, "R-VAR-CHOOSE", f"{name} declines to play, passes and "
                               f"marks {name}'s own train.", m)
            return no("R-TURN-2", f"{name} can play (for example {self._describe(plays[0])}), "
                      f"so passing is not allowed.")
        if self.bone:
            rid = "R-DBL-2" if self.bonus else "R-TURN-3"
            return no(rid, f"{name} has no tile that fits but the boneyard is not empty: "
                      f"{name} must draw first.")
        return Verdict(True, "R-TURN-4", f"The boneyard is empty and {name} cannot play: "
                       f"{name} passes and places a marker on {name}'s own train.", m)

    def _judge_uno(self, m: Move) -> Verdict:
        name, p = self._name(), self.current
        no = lambda rule, text: Verdict(False, rule, text, m)  # noqa: E731
        if self.rules.last_tile == "off":
            return no("R-LAST-1", "These rules have no last-tile announcement "
                      "(the option last_tile is off).")
        if self.announced[p]:
            return no("R-LAST-1", f"{name} has already announced the last tile.")
        k = len(self.hands[p])
        if k > 2:
            return no("R-LAST-1", f"{name} holds {k} tiles: the announcement is for the last "
                      f"tile.")
        return Verdict(True, "R-LAST-1", f"{name} announces being down to one tile.", m)

    def _judge_end(self, m: Move) -> Verdict:
        name = self._name()
        no = lambda rule, text: Verdict(False, rule, text, m)  # noqa: E731
        if not self._building():
            return no("R-FIRST-1", "'end' only finishes a train-building turn; a normal turn "
                      "ends by itself after its play.")
        if not self.played:
            return no("R-FIRST-1", f"{name} has not laid a tile yet: lay one on {name}'s own "
                      f"train, or pass if none fits.")
        plays = self._plays()
        if self.rules.first_turn == "fast" and plays:
            return no("R-VAR-FAST", f"In the fast game each player builds as long as possible: "
                      f"{self._describe(plays[0])} still fits.")
        return Verdict(True, "R-FIRST-1", f"{name} ends the train-building turn.", m)

    # ------------------------------------------------------------------ playing
    def push(self, move: Move | str) -> Move:
        """Play ``move`` (a :class:`Move` or text). Returns the move as applied.

        Raises :class:`IllegalMoveError` (a ``ValueError``) with the rule id and a
        sentence if the rules refuse it; the game is then unchanged.
        """
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except ValueError:
                v = self.explain(move)
                raise IllegalMoveError(move, v.rule, v.text) from None
        cached = self._legal_cache
        if (cached is not None and cached[0] == self._ver and isinstance(move, Move)
                and move in cached[1]):
            self._apply(move)
            return move
        v = self.explain(move)
        if not v.legal or v.move is None:
            raise IllegalMoveError(v.move, v.rule, v.text)
        self._apply(v.move)
        return v.move

    play = push

    def _apply(self, m: Move) -> None:
        self._ver += 1
        self.history.append(m)
        p = self.current
        kind = m.kind
        if kind == "play":
            tile = m.tile
            assert tile is not None and m.inward is not None
            idx = self.n if m.train == MEXICAN else m.train
            assert isinstance(idx, int)
            building = self.rules.first_turn != "normal" and self._building()
            train = self.trains[idx]
            was_started = bool(train.tiles)
            self.hands[p].remove(tile)
            train.tiles.append(tile)
            train.inward.append(m.inward)
            train.end = tile.other(m.inward)
            self.passes = 0
            self.drawn = None
            self.played += 1
            if idx == p:
                train.marker = False
            if idx in self.open_doubles:
                self.open_doubles.remove(idx)
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
            if (self.rules.first_turn == "delayed" and idx == p and not was_started):
                self.building_now = True
                return
            if double:
                self.bonus = True
                return
            self._end_turn()
        elif kind == "draw":
            if self.rules.may_decline and self._plays():
                self.declined = True
            tile = self.bone.pop()
            self.hands[p].append(tile)
            self.drawn = tile
            self.passes = 0
            self.announced[p] = False
        elif kind == "pass":
            train = self.trains[p]
            changed = not train.marker
            train.marker = True
            if changed or self.drawn is not None or self.bone or self._plays():
                self.passes = 0
            else:
                self.passes += 1
            self._end_turn()
            if not self.over and self.passes >= self.n:
                self._finish(None)
        elif kind == "uno":
            self.announced[p] = True
        elif kind == "end":
            self._end_turn()

    def _end_turn(self) -> None:
        p = self.current
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
        if not self.history:
            raise IndexError("nothing to undo: this is the start of the round")
        moves = self.history[:-1]
        last = self.history[-1]
        self._restore(self._start)
        self.history = []
        for m in moves:
            self._apply(m)
        return last

    def peek(self) -> Move | None:
        """The last move played this round, or None."""
        return self.history[-1] if self.history else None

    # ------------------------------------------------------------------ scores
    def pips(self, seat: int) -> int:
        """Points the seat's hand would count now (R-SCORE-1, R-SCORE-2)."""
        return sum(self.rules.tile_value(t.high, t.low) for t in self.hands[seat])

    @property
    def round_scores(self) -> list[list[int]]:
        """Scores of every finished round (one list per round, one number per seat)."""
        return [list(r) for r in self.scores]

    @property
    def totals(self) -> list[int]:
        """Each player's total over the finished rounds (R-SCORE-3)."""
        return [sum(r[i] for r in self.scores) for i in range(self.n)]

    def returns(self) -> list[int]:
        """OpenSpiel-style returns: minus each player's total (higher is better)."""
        return [-t for t in self.totals]

    def _tie_key(self, seat: int) -> tuple[int, ...]:
        rounds = [r[seat] for r in self.scores]
        total = sum(rounds)
        if self.rules.tie_break == "shared":
            return (total,)
        zeros = sum(1 for s in rounds if s == 0)
        nonzero = [s for s in rounds if s]
        return (total, -zeros, min(nonzero) if nonzero else 0)

    def standings(self) -> list[tuple[int, int, int]]:
        """``(place, seat, total)`` best first, with ties broken by R-SCORE-4.

        Players still level after the tie-break share a place.
        """
        order = sorted(range(self.n), key=lambda s: (self._tie_key(s), s))
        out: list[tuple[int, int, int]] = []
        for i, s in enumerate(order):
            place = out[-1][0] if out and self._tie_key(order[i - 1]) == self._tie_key(s) \
                else i + 1
            out.append((place, s, self.totals[s]))
        return out

    @property
    def winners(self) -> list[int]:
        """Seats in first place so far (one, unless a tie stands)."""
        return [s for place, s, _ in self.standings() if place == 1]

    # ------------------------------------------------------------------ positions
    def to_position(self) -> dict[str, Any]:
        """The current position as a JSON-compatible dict (see :meth:`from_position`)."""
        return self._position_of(self._snapshot())

    def _position_of(self, s: dict[str, Any]) -> dict[str, Any]:
        n = self.n
        key = lambda i: "M" if i == n else str(i + 1)  # noqa: E731
        trains = {}
        for i, t in enumerate(s["trains"]):
            trains[key(i)] = [f"{a}-{tile.other(a)}" for tile, a in
                              zip(t.tiles, t.inward, strict=True)]
        pos: dict[str, Any] = {
            "format": POSITION_FORMAT, "version": 1,
            "set": self.set_max,
            "players": list(self.players),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "round": s["round_no"],
            "engine": s["engine"],
            "hands": [[str(t) for t in h] for h in s["hands"]],
            "boneyard": [str(t) for t in reversed(s["bone"])],
            "trains": trains,
            "markers": [i + 1 for i in range(n) if s["trains"][i].marker],
            "open_doubles": [key(i) for i in s["open_doubles"]],
            "to_play": s["current"] + 1,
            "starter": s["starter"] + 1,
            "turns_played": s["turns_taken"],
            "first_turns_done": [i + 1 for i in range(n) if s["first_done"][i]],
            "turn": {"bonus": s["bonus"], "doubles": [key(i) for i in s["turn_doubles"]],
                     "drawn": None if s["drawn"] is None else str(s["drawn"]),
                     "declined": s["declined"], "played": s["played"],
                     "building": s["building_now"]},
            "passes": s["passes"],
            "announced": [i + 1 for i in range(n) if s["announced"][i]],
            "penalty_pending": None if s["pending_penalty"] is None
            else s["pending_penalty"] + 1,
            "scores": [list(r) for r in s["scores"]],
            "result": ({"out": None if s["out"] is None else s["out"] + 1,
                        "blocked": s["blocked"]} if s["over"] else None),
            "notes": list(s["notes"]),
        }
        return pos

    @classmethod
    def from_position(cls, data: dict[str, Any]) -> Game:
        """Build a game from a position dict (JSON-compatible).

        Required: ``set``, ``players``, ``hands``. Optional: ``rules`` (preset and
        overrides), ``seed``, ``round`` (engine N-(round-1)), ``boneyard`` (a list in
        draw order, or ``{"top": [...], "rest": "sorted" | "shuffled"}``; default:
        every tile not elsewhere, sorted), ``trains`` (``{"1": ["12-5", "5-9"], "M": []}``,
        each tile written inward number first), ``markers`` (seats), ``open_doubles``
        (trains, in the order laid), ``to_play``, ``starter``, ``turns_played``,
        ``first_turns_done``, ``turn``, ``passes``, ``announced``, ``scores``.
        Seats are 1-based. Raises :class:`PositionError` naming the field at fault.
        """
        return _PositionReader(data).build(cls)

    def to_json(self, indent: int | None = 1) -> str:
        """The whole match, with every round's start and moves, as JSON text."""
        rounds = [*self._log, {"start": self._position_of(self._start),
                               "moves": [str(m) for m in self.history]}]
        return json.dumps({"format": GAME_FORMAT, "version": 1, "rounds": rounds},
                          indent=indent)

    @classmethod
    def from_json(cls, text: str, *, source: str = "game") -> Game:
        """Load a match saved by :meth:`to_json`; a damaged file raises GameFileError."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise GameFileError(f"{source}: not valid JSON (line {e.lineno}, column "
                                f"{e.colno}: {e.msg})") from None
        if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
            raise GameFileError(f"{source}: not an mtlearn saved game (expected "
                                f"\"format\": \"{GAME_FORMAT}\")")
        rounds = data.get("rounds")
        if not isinstance(rounds, list) or not rounds:
            raise GameFileError(f"{source}: 'rounds' must be a non-empty list")
        game: Game | None = None
        log: list[dict[str, Any]] = []
        for r, entry in enumerate(rounds, 1):
            where = f"{source}: rounds[{r - 1}]"
            if not isinstance(entry, dict) or "start" not in entry or "moves" not in entry:
                raise GameFileError(f"{where}: needs 'start' and 'moves'")
            try:
                g = cls.from_position(entry["start"])
            except (PositionError, RulesError) as e:
                raise GameFileError(f"{where}.start: {e}") from None
            if game is not None and g.scores != game.scores:
                raise GameFileError(f"{where}.start: scores {g.scores} do not follow from "
                                    f"the previous round ({game.scores})")
            moves = entry["moves"]
            if not isinstance(moves, list):
                raise GameFileError(f"{where}.moves: must be a list of moves")
            for k, mv in enumerate(moves):
                try:
                    g.push(mv)
                except (IllegalMoveError, ValueError) as e:
                    raise GameFileError(f"{where}.moves[{k}] {mv!r}: {e}") from None
            if r < len(rounds):
                if not g.over:
                    raise GameFileError(f"{where}: the round does not end, yet another follows")
                log.append({"start": g._position_of(g._start),
                            "moves": [str(m) for m in g.history]})
            game = g
        assert game is not None
        game._log = log
        return game

    def save(self, path: str | Path) -> None:
        """Write the match to a JSON file."""
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Game:
        """Read a match written by :meth:`save`."""
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as e:
            raise GameFileError(f"{p}: cannot be read ({e.strerror})") from None
        except UnicodeDecodeError:
            raise GameFileError(f"{p}: not a text file") from None
        return cls.from_json(text, source=str(p))

    # ------------------------------------------------------------------ text
    def __repr__(self) -> str:
        who = "round over" if self.over else f"{self.players[self.current]} to play"
        return (f"<Game double-{self.set_max}, {self.n} players, {self.rules.name}, "
                f"round {self.round_no}/{self.rounds}, {who}>")

    def __str__(self) -> str:
        from .text import render
        return render(self)

    def _repr_html_(self) -> str:
        """The position drawn by the board front end (static HTML, no kernel needed)."""
        from .htmlout import rules_url, standalone_html
        from .view import view
        return standalone_html("board", {"view": view(self, verdicts=True),
                                         "rules_url": rules_url()})


def _a(n: int) -> str:
    """The article before a number said aloud: "an 8", "an 11", "an 18", "a 12"."""
    return "an" if n in (8, 11, 18) else "a"


def _clone(value: Any) -> Any:
    """Copy a piece of game state (lists of tiles, trains, numbers) quickly."""
    if isinstance(value, list):
        if value and isinstance(value[0], list):
            return [list(x) for x in value]
        if value and isinstance(value[0], _Train):
            return [t.__deepcopy__(None) for t in value]
        return list(value)
    return value


def _names(players: int | Sequence[str]) -> list[str]:
    if isinstance(players, int) and not isinstance(players, bool):
        if players < 2:
            raise RulesError("Mexican Train needs at least 2 players")
        if players > len(DEFAULT_NAMES):
            raise RulesError(f"at most {len(DEFAULT_NAMES)} players, not {players}")
        return list(DEFAULT_NAMES[:players])
    names = list(players)
    if len(names) < 2:
        raise RulesError("Mexican Train needs at least 2 players")
    for i, nm in enumerate(names):
        if not isinstance(nm, str) or not nm.strip():
            raise RulesError(f"player {i + 1}'s name must be a non-empty string, not {nm!r}")
    if len(set(names)) != len(names):
        raise RulesError("two players have the same name")
    return names


def _rules(rules: Rules | str | dict[str, Any]) -> Rules:
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return preset(rules)
    return Rules.from_dict(rules)


class _PositionReader:
    """Reads and checks a position dict, naming the field at fault."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise PositionError("", f"a position must be an object (dict), not "
                                f"{type(data).__name__}")
        self.d = data
        self.seen: dict[Tile, str] = {}

    def req(self, key: str) -> Any:
        if key not in self.d:
            raise PositionError(key, "missing (required)")
        return self.d[key]

    def tile(self, text: Any, where: str, n: int) -> Tile:
        try:
            t = Tile.parse(text)
        except ValueError as e:
            raise PositionError(where, str(e)) from None
        if t.high > n:
            raise PositionError(where, f"{t} is not a tile of a double-{n} set")
        if t in self.seen:
            raise PositionError(where, f"{t} is already in {self.seen[t]}: every tile is in "
                                f"exactly one place")
        self.seen[t] = where
        return t

    def seat(self, v: Any, where: str, n: int) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= n:
            raise PositionError(where, f"a seat number from 1 to {n}, not {v!r}")
        return v - 1

    def seats(self, key: str, n: int) -> list[int]:
        v = self.d.get(key, [])
        if not isinstance(v, list):
            raise PositionError(key, "must be a list of seat numbers")
        return [self.seat(x, f"{key}[{i}]", n) for i, x in enumerate(v)]

    def build(self, cls: type[Game]) -> Game:
        d = self.d
        known = {"format", "version", "set", "players", "rules", "seed", "round", "engine",
                 "hands", "boneyard", "trains", "markers", "open_doubles", "to_play",
                 "starter", "turns_played", "first_turns_done", "turn", "passes", "announced",
                 "penalty_pending", "scores", "result", "notes", "rounds"}
        for k in d:
            if k not in known:
                raise PositionError(k, "unknown field (known: " + ", ".join(sorted(known)) + ")")
        if "format" in d and d["format"] != POSITION_FORMAT:
            raise PositionError("format", f"expected {POSITION_FORMAT!r}, not {d['format']!r}")
        n_set = self.req("set")
        if n_set not in SETS:
            raise PositionError("set", f"must be one of {list(SETS)}, not {n_set!r}")
        players = self.req("players")
        try:
            names = _names(players) if isinstance(players, list) else None
        except RulesError as e:
            raise PositionError("players", str(e)) from None
        if names is None:
            raise PositionError("players", "must be a list of names")
        n = len(names)
        try:
            rules = _rules(d.get("rules", "standard"))
            if "rounds" in d:
                rules = rules.replace(rounds=d["rounds"])
            game = cls(names, rules, n_set, d.get("seed", 0))
        except RulesError as e:
            raise PositionError("rules", str(e)) from None
        seed = d.get("seed", 0)
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise PositionError("seed", f"must be a number or a string, not {seed!r}")
        rnd = d.get("round", 1)
        if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= game.rounds:
            raise PositionError("round", f"must be a round number from 1 to {game.rounds}, "
                                f"not {rnd!r}")
        engine = n_set - (rnd - 1)
        if "engine" in d and d["engine"] != engine:
            raise PositionError("engine", f"round {rnd} of a double-{n_set} match uses the "
                                f"engine {engine}-{engine}, not {d['engine']!r} (R-ROUND-1)")
        game._reset_round(rnd, engine)
        self.seen[Tile(engine, engine)] = "the hub (engine)"
        # hands
        hands = self.req("hands")
        if not isinstance(hands, list) or len(hands) != n:
            raise PositionError("hands", f"must be a list of {n} hands, one per player")
        game.hands = []
        for i, h in enumerate(hands):
            if not isinstance(h, list):
                raise PositionError(f"hands[{i}]", "must be a list of tiles like '12-5'")
            game.hands.append([self.tile(t, f"hands[{i}][{j}]", n_set) for j, t in enumerate(h)])
        # trains
        trains = d.get("trains", {})
        if not isinstance(trains, dict):
            raise PositionError("trains", "must be an object like {\"1\": [\"12-5\"], \"M\": []}")
        for key, tiles in trains.items():
            where = f"trains[{key!r}]"
            if key in ("M", "m"):
                idx = n
            elif isinstance(key, str) and key.isdigit() and 1 <= int(key) <= n:
                idx = int(key) - 1
            else:
                raise PositionError(where, f"a train is a seat number from 1 to {n} or 'M'")
            if not isinstance(tiles, list):
                raise PositionError(where, "must be a list of tiles, inward number first")
            train = game.trains[idx]
            for j, text in enumerate(tiles):
                w = f"{where}[{j}]"
                tile = self.tile(text, w, n_set)
                inward = int(str(text).split("-")[0].strip())
                ok = game._inwards(tile, train.end)
                if inward not in ok:
                    if not ok:
                        raise PositionError(w, f"{tile} cannot follow the open end {train.end} "
                                            f"(R-TRAIN-2)" if j else
                                            f"a train's first tile must carry the engine's "
                                            f"number {engine} (R-TRAIN-1)")
                    raise PositionError(w, f"write the tile with its inward end first: "
                                        f"'{ok[0]}-{tile.other(ok[0])}'")
                train.tiles.append(tile)
                train.inward.append(inward)
                train.end = tile.other(inward)
        # boneyard
        rest = [t for t in full_set(n_set) if t not in self.seen]
        by = d.get("boneyard", {"rest": "sorted"})
        if isinstance(by, list):
            bone = [self.tile(t, f"boneyard[{j}]", n_set) for j, t in enumerate(by)]
            missing = [t for t in full_set(n_set) if t not in self.seen]
            if missing:
                shown = ", ".join(str(t) for t in missing[:12]) + (" …" if len(missing) > 12
                                                                    else "")
                raise PositionError("boneyard", f"{len(missing)} tile(s) of the set are nowhere: "
                                    f"{shown}. List them, or write the boneyard as "
                                    f"{{\"top\": [...], \"rest\": \"sorted\"}}")
        elif isinstance(by, dict):
            for k in by:
                if k not in ("top", "rest"):
                    raise PositionError(f"boneyard.{k}", "unknown field (use 'top' and 'rest')")
            top = by.get("top", [])
            if not isinstance(top, list):
                raise PositionError("boneyard.top", "must be a list of tiles")
            bone = [self.tile(t, f"boneyard.top[{j}]", n_set) for j, t in enumerate(top)]
            rest = [t for t in full_set(n_set) if t not in self.seen]
            how = by.get("rest", "sorted")
            if how == "shuffled":
                random.Random(f"{seed}/rest").shuffle(rest)
            elif how == "none":
                if rest:
                    raise PositionError("boneyard.rest", f"'none', but {len(rest)} tiles are "
                                        f"nowhere else (e.g. {rest[0]})")
            elif how != "sorted":
                raise PositionError("boneyard.rest", f"must be 'sorted', 'shuffled' or 'none', "
                                    f"not {how!r}")
            bone += rest
        else:
            raise PositionError("boneyard", "must be a list of tiles in draw order, or "
                                "{\"top\": [...], \"rest\": \"sorted\"}")
        game.bone = bone[::-1]
        for s in self.seats("markers", n):
            game.trains[s].marker = True
        od = d.get("open_doubles", [])
        if not isinstance(od, list):
            raise PositionError("open_doubles", "must be a list of trains ('1', 'M', …)")
        for j, key in enumerate(od):
            idx = self.train_idx(key, f"open_doubles[{j}]", n)
            t = game.trains[idx]
            if not t.tiles or not t.tiles[-1].is_double:
                raise PositionError(f"open_doubles[{j}]", f"{game.train_label(game._key(idx))} "
                                    f"does not end with a double")
            if idx in game.open_doubles:
                raise PositionError(f"open_doubles[{j}]", "listed twice")
            game.open_doubles.append(idx)
        game.starter = self.seat(d.get("starter", ((rnd - 1) % n) + 1), "starter", n)
        game.current = self.seat(d.get("to_play", game.starter + 1), "to_play", n)
        tp = d.get("turns_played", 0)
        if not isinstance(tp, int) or isinstance(tp, bool) or tp < 0:
            raise PositionError("turns_played", f"must be a whole number, not {tp!r}")
        game.turns_taken = tp
        if "first_turns_done" in d:
            done = self.seats("first_turns_done", n)
        else:
            done = [(game.starter + k) % n for k in range(min(tp, n))]
        game.first_done = [i in done for i in range(n)]
        turn = d.get("turn") or {}
        if not isinstance(turn, dict):
            raise PositionError("turn", "must be an object")
        for k in turn:
            if k not in ("bonus", "doubles", "drawn", "declined", "played", "building"):
                raise PositionError(f"turn.{k}", "unknown field")
        game.bonus = bool(turn.get("bonus", False))
        game.turn_doubles = [self.train_idx(k, f"turn.doubles[{j}]", n)
                             for j, k in enumerate(turn.get("doubles", []))]
        if turn.get("drawn") is not None:
            try:
                dt = Tile.parse(turn["drawn"])
            except ValueError as e:
                raise PositionError("turn.drawn", str(e)) from None
            if dt not in game.hands[game.current]:
                raise PositionError("turn.drawn", f"{dt} is not in the hand of the player to play")
            game.drawn = dt
        game.declined = bool(turn.get("declined", False))
        game.played = int(turn.get("played", 0))
        game.building_now = bool(turn.get("building", False))
        passes = d.get("passes", 0)
        if not isinstance(passes, int) or isinstance(passes, bool) or passes < 0:
            raise PositionError("passes", f"must be a whole number, not {passes!r}")
        game.passes = passes
        ann = self.seats("announced", n)
        game.announced = [i in ann for i in range(n)]
        pp = d.get("penalty_pending")
        game.pending_penalty = None if pp is None else self.seat(pp, "penalty_pending", n)
        scores = d.get("scores", [])
        if not isinstance(scores, list) or not all(
                isinstance(r, list) and len(r) == n and all(
                    isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in r)
                for r in scores):
            raise PositionError("scores", f"must be a list of rounds, each a list of {n} "
                                f"whole numbers")
        game.scores = [list(r) for r in scores]
        notes = d.get("notes", [])
        if not isinstance(notes, list) or not all(isinstance(x, str) for x in notes):
            raise PositionError("notes", "must be a list of strings")
        game.notes = list(notes)
        result = d.get("result")
        if result is not None:
            if not isinstance(result, dict):
                raise PositionError("result", "must be an object or null")
            game.over = True
            out = result.get("out")
            game.out = None if out is None else self.seat(out, "result.out", n)
            game.blocked = bool(result.get("blocked", game.out is None))
            if len(game.scores) != rnd:
                raise PositionError("scores", f"a finished round {rnd} needs {rnd} score lists")
        else:
            if len(game.scores) != rnd - 1:
                raise PositionError("scores", f"round {rnd} follows {rnd - 1} finished round(s), "
                                    f"so 'scores' needs {rnd - 1} lists, not {len(game.scores)}")
            empty = [i for i, h in enumerate(game.hands) if not h]
            if empty and not (rules.first_turn in ("train-building", "fast")
                              and not all(game.first_done)):
                raise PositionError(f"hands[{empty[0]}]", "this hand is empty, so the round "
                                    "would already be over (R-END-1)")
        game._start = game._snapshot()
        return game

    def train_idx(self, key: Any, where: str, n: int) -> int:
        if key in ("M", "m"):
            return n
        if isinstance(key, (str, int)) and not isinstance(key, bool) and str(key).isdigit() \
                and 1 <= int(key) <= n:
            return int(key) - 1
        raise PositionError(where, f"a train is a seat number from 1 to {n} or 'M', not {key!r}")

