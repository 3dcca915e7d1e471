"""Verdicts: the engine's judgement of a move, in a sentence that cites its rule.

:meth:`Verdicts.explain` (mixed into :class:`~mtlearn.Game`) says whether a
move may be played now and why, as a :class:`Verdict`: the rule id behind the
judgement and a plain sentence for a learner. Every refusal explains itself; the
legal verdicts agree with :attr:`Game.legal_moves <mtlearn.Game.legal_moves>`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Protocol

from ..core.moves import MEXICAN, Move
from ..core.tiles import Tile
from .legal import Gate
from .state import GameState

if TYPE_CHECKING:
    pass

__all__ = ["Verdict", "Verdicts"]


class Verdict(NamedTuple):
    """The engine's judgement of a move.

    ``legal`` says whether it may be played now, ``rule`` is the rule id behind the
    judgement, ``reason`` the sentence a learner reads (``text`` adds the rule id);
    ``move`` is the move as the engine understood it (a tile turned round to fit), or
    None for text that is not a move at all. ``suggests`` holds the moves the sentence
    proposes instead ("… must play, for example 5-3 on the Mexican train", "… passes"):
    each of them is legal now.
    """

    legal: bool
    rule: str
    reason: str
    move: Move | None
    suggests: tuple[Move, ...] = ()

    @property
    def text(self) -> str:
        """The sentence with its rule id: "… may play on it (R-MARK-1)."."""
        body = self.reason[:-1] if self.reason.endswith(".") else self.reason
        return f"{body} ({self.rule})."

    def __str__(self) -> str:
        return self.text

    @staticmethod
    def refusing(move: Move) -> Refuse:
        """``no(rule, reason, *suggests)``: the refusals of ``move``, each for a rule, in a
        sentence, with the legal moves it proposes instead."""
        def no(rule: str, reason: str, *suggests: Move) -> Verdict:
            return Verdict(False, rule, reason, move, suggests)
        return no



class Refuse(Protocol):
    """``no(rule, reason, *suggests)``: a refusal of one move (:meth:`Verdict.refusing`)."""

    def __call__(self, rule: str, reason: str, *suggests: Move) -> Verdict: ...


class Verdicts(GameState):
    """Judging moves (``explain`` and its sentences), mixed into :class:`~mtlearn.Game`."""

    __slots__ = ()

    @property
    def target_trains(self) -> list[int | str]:
        """The trains (seats from 0, or ``"M"``) the player to play may lay a tile on now,
        whatever tiles they hold: the engine's own targets, so every variant is followed
        (the Mexican train that may not start yet, a train-building turn, the open double
        that must be covered first, partners, a Swan Drive). Empty once the round is over."""
        if self.over:
            return []
        out: list[int | str] = []
        for i in (*self._targets(False), *self._targets(True)):
            k = self._key(i)
            if k not in out:
                out.append(k)
        return out

    def train_refusal(self, key: int | str) -> Verdict | None:
        """Why the player to play may not lay a tile on train ``key`` (a seat from 0 or
        ``"M"``) now, as the engine's refusal with its rule id, whatever the tile; None
        if a tile that fits may go there."""
        if self.over or key in self.target_trains:
            return None
        idx = self._idx(key)
        if self.rules.first_turn != "normal" and self._building():
            return self._only_own_train(None, self.train_label(key))
        probe = Move("play", Tile(1, 0), key)   # any tile that is not a double
        return self._closed(probe, idx, idx, self._gate(False)[1])._replace(move=None)

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
        return self._judge(m)

    def _judge(self, m: Move) -> Verdict:
        """The verdict on ``m`` in a round not over (the variants' subclass adds its own)."""
        if m.kind == "play":
            return self._judge_play(m)
        v: Verdict = getattr(self, "_judge_" + m.kind)(m)
        return v

    def _name(self) -> str:
        return self.players[self.current]

    def _as_played(self, m: Move) -> str:
        """A play's tile as laid, inward number first ("2-4" for ``2-4@2``)."""
        tile = m.tile
        assert tile is not None
        if m.inward is not None and tile.has(m.inward):
            return f"{m.inward}-{tile.other(m.inward)}"
        return str(tile)

    def _describe(self, m: Move) -> str:
        """Words for a move inside a sentence: "5-3 on the Mexican train", "draw"."""
        if m.kind == "play" and m.train is not None:
            return f"{self._as_played(m)} on {self.place_label(m.train, m.branch)}"
        return m.kind

    def _must_play(self, plays: list[Move]) -> str:
        """The first legal play as an example: "for example 5-3 on the Mexican train"."""
        return f"for example {self._describe(plays[0])}"

    def _building_rule(self) -> str:
        """The rule of this game's train-building turns."""
        return {"fast": "R-VAR-FAST", "delayed": "R-VAR-DELAY"}.get(self.rules.first_turn,
                                                                   "R-FIRST-1")

    def _only_own_train(self, m: Move | None, label: str) -> Verdict:
        """A play on another train than one's own in a train-building turn."""
        name = self._name()
        return Verdict(False, self._building_rule(), f"In this train-building turn {name} may "
                       f"only lay tiles on {name}'s own train, not on {label}.", m)

    def _no_branching(self, m: Move) -> Verdict:
        """A play on a branch under rules without branching doubles (R-VAR-BRANCH)."""
        assert m.train is not None
        return Verdict(False, "R-VAR-BRANCH", f"These rules have no branching doubles (the "
                       f"option branching is off), so {self.train_label(m.train)} has no "
                       f"branch {m.branch}.", m)

    def _no_such_seat(self, m: Move) -> Verdict | None:
        """The refusal of a play on a seat's train when the table has no such seat."""
        if m.train != MEXICAN and isinstance(m.train, int) and m.train >= self.n:
            return Verdict(False, "R-TURN-1", f"There is no seat {m.train + 1} at this table: "
                           f"the trains are seats 1 to {self.n} and M (the Mexican train).", m)
        return None

    def _tile_refusal(self, m: Move, tile: Tile, shown: str) -> Verdict | None:
        """The refusals of a play that come before any train is looked at: a tile outside
        the set, a tile the player does not hold, or another tile than the one just drawn."""
        name, p = self.players[self.current], self.current
        if tile.high > self.set_max:
            return Verdict(False, "R-SET-1", f"{shown} is not a tile of the "
                           f"double-{self.set_max} set used in this game.", m)
        if tile not in self.hands[p]:
            return Verdict(False, "R-TURN-1", f"{name} does not hold {shown}, so {name} "
                           f"cannot play it.", m)
        if self.drawn is not None and tile is not self.drawn:
            return self._only_the_drawn_tile(m)
        return None

    def _judge_play(self, m: Move) -> Verdict:
        name, p = self._name(), self.current
        tile = m.tile
        assert tile is not None and m.train is not None
        shown = self._as_played(m)
        no_seat = self._no_such_seat(m)
        if no_seat is not None:
            return no_seat
        if m.branch:
            return self._no_branching(m)
        idx = self._idx(m.train)
        label = self.train_label(m.train)
        train = self.trains[idx]
        placed = self._placing(m, idx, idx, label, shown)
        if isinstance(placed, Verdict):
            return placed
        rule_ok, inward = placed
        mm = Move("play", tile, m.train, inward)
        if not train.tiles:
            what = f"starting {label}"
            rule_ok = "R-MEX-1" if idx == self.n else (
                "R-TRAIN-1" if rule_ok == "R-TRAIN-2" else rule_ok)
        elif idx in self.open_doubles:
            what = f"covering the double {train.end}-{train.end} on {label}"
        else:
            what = f"on {label}"
        if rule_ok == "R-MARK-1" and idx != p and train.marker and idx not in self.open_doubles:
            # the marker is the reason: said, not only cited (review 11: "Dee may play 3-1
            # on Cy's train (only you play on your train until your marker is on it)")
            what += ", which carries a marker"
        text = f"{name} may play {self._as_played(mm)} {what}"
        if tile.is_double and not self._building():
            if len(self.hands[p]) == 1:
                rule_ok = "R-DBL-5"
                text += (", going out on it: the round ends at once and the double stays "
                         "open")
            else:
                text += f", and as it is a double, {name} then plays again"
        return Verdict(True, rule_ok, text + ".", mm)

    def _placing(self, m: Move, idx: int, root: int, label: str,
                 shown: str) -> tuple[str, int] | Verdict:
        """The rule that lets the tile of ``m`` (``shown`` as played) go on line ``idx``
        (of train ``root``, called ``label``) now and the inward number it is laid with
        (the one ``m`` names if it fits); or the refusal if the tile may not be played,
        not there, or does not fit."""
        assert m.tile is not None
        refusal = self._tile_refusal(m, m.tile, shown)
        if refusal is not None:
            return refusal
        name = self._name()
        if self.rules.first_turn != "normal" and self._building():
            if root != self.current:
                return self._only_own_train(m, label)
            if idx != root:
                return Verdict(False, self._building_rule(), f"A train-building turn lays "
                               f"one chain along {name}'s own train; {label} is played from "
                               f"the next turn on.", m)
            rule = "R-FIRST-1"
        else:
            targets, gate = self._gate(m.tile.is_double)
            if idx not in targets:
                return self._closed(m, idx, root, gate)
            rule = self._target_rule(idx, root)
        inwards = self._inwards(m.tile, self.trains[idx].end)
        if not inwards:
            return self._does_not_fit(m, idx, label, shown)
        return rule, m.inward if m.inward in inwards else inwards[0]

    def _target_rule(self, idx: int, root: int) -> str:
        """The rule that lets a tile go on line ``idx`` (of train ``root``), one of the
        player's targets now: an open double, the Mexican train, a marked train, or the
        player's own."""
        if idx in self.open_doubles:
            return "R-DBL-3" if idx not in self.turn_doubles else "R-DBL-1"
        if root == self.n:
            return "R-MEX-1"
        return "R-MARK-1" if root != self.current else "R-TRAIN-2"

    def _does_not_fit(self, m: Move, idx: int, label: str, shown: str) -> Verdict:
        """The refusal of a tile (``shown`` as played) that fits no open end of line
        ``idx`` (called ``label``): a train's first tile, a double to cover, an end."""
        name = self._name()
        line = self.trains[idx]

        no = Verdict.refusing(m)

        if not line.tiles and idx > self.n:
            return no("R-VAR-BRANCH", f"{label[0].upper() + label[1:]} grows from the double "
                      f"{line.end}-{line.end}, so its first tile must carry "
                      f"{_a(line.end)} {line.end}; {shown} does not.")
        if not line.tiles:
            rid = "R-MEX-1" if idx == self.n else "R-TRAIN-1"
            return no(rid, f"{label[0].upper() + label[1:]} starts from the engine, so its "
                      f"first tile must carry {_a(line.end)} {line.end}; {shown} does not.")
        d = line.end
        if idx in self.open_doubles and idx in self.turn_doubles and not self._building():
            # the extra play after one's own double (R-DBL-1), not someone else's
            # open double (R-DBL-3)
            rid = "R-VAR-ANSWER" if self.rules.double_bonus == "on-double" else "R-DBL-1"
            return no(rid, f"{shown} does not match the double {d}-{d} that {name} just "
                      f"laid on {label}: the extra tile needs {_a(d)} {d} to go there.")
        if idx in self.open_doubles:
            return no("R-DBL-3", f"To cover the double {d}-{d} on {label} a tile needs "
                      f"{_a(d)} {d}; {shown} has none.")
        return no("R-TRAIN-2", f"{shown} does not match the open end of {label}, which "
                  f"is {line.end}.")

    def _only_the_drawn_tile(self, m: Move) -> Verdict:
        """A play of another tile right after drawing (R-TURN-3): only the drawn tile may
        be played, and the sentence says what the player does instead."""
        name, drawn = self._name(), self.drawn
        assert drawn is not None
        plays = self._plays()                 # the drawn tile's plays only
        head = f"{name} has just drawn {drawn}: now only that tile may be played"
        if not plays:
            return Verdict(False, "R-TURN-3", f"{head}, and {self._drawn_nowhere()}, so "
                           f"{name} passes.", m, (Move("pass"),))
        if self.rules.drawn_tile == "must" and not self.declined:
            return Verdict(False, "R-TURN-3", f"{head}, and it fits, so {name} must play it "
                           f"({self._must_play(plays)}).", m, (plays[0],))
        return Verdict(False, "R-TURN-3", f"{head}; {name} may play it "
                       f"({self._must_play(plays)}) or pass.", m, (plays[0], Move("pass")))

    def _drawn_nowhere(self) -> str:
        """Why the tile just drawn cannot be played: an open double that it does not
        cover comes first (R-DBL-3), or it fits no train open to the player."""
        targets = {*self._targets(False), *self._targets(True)}
        # the player's own doubles of this turn do not come first in their extra play: it may
        # go on any train open to them (R-DBL-1; R-DBL-3's note), unless the table answers
        # the double (R-VAR-ANSWER)
        own = (set(self.turn_doubles)
               if self.bonus and self.rules.double_bonus != "on-double" else set())
        for i in self._live_doubles(list(self.open_doubles)):
            if i in targets and i not in own:
                d = self.trains[i].end
                return (f"it does not cover the open double {d}-{d} on "
                        f"{self.line_label(i)}, which must be covered first")
        laid = [self.trains[i].end for i in self.open_doubles if i in own]
        if laid:
            d = laid[0]
            return (f"it fits neither the {d}-{d} {self._name()} just laid nor any other "
                    f"train open to {self._name()}")
        return f"it fits no train open to {self._name()}"

    def _closed(self, m: Move, idx: int, root: int, gate: Gate) -> Verdict:
        """Why ``m`` may not go on line ``idx`` (a train, or a branch of train ``root``)
        under ``gate``, the :class:`~mtlearn.engine.legal.Gate` of the targets that leave
        it out: the refusal for a tile that fits a line the player may not use now. A
        variant with gates of its own overrides this for those cases."""
        name, p = self.players[self.current], self.current
        label = self.line_label(idx)

        no = Verdict.refusing(m)

        case, line = gate.case, gate.line
        if case == "building":
            return self._only_own_train(m, label)
        if case == "answer":
            assert line is not None
            d = self.trains[line].end
            return no(gate.rule, f"{name} played the double {d}-{d} and must answer it: "
                      f"the extra tile goes on that double, on {self.line_label(line)}.")
        if case == "order":
            assert line is not None
            d = self.trains[line].end
            order = "last" if gate.rule == "R-VAR-REVERSE" else "first"
            return no(gate.rule, f"{name} has laid {len(self._open_turn_doubles)} doubles "
                      f"this turn; the next tile that is not a double must cover the {order} "
                      f"of them, {d}-{d} on {self.line_label(line)}.")
        if case == "blocker":
            assert line is not None
            d = self.trains[line].end
            extra = {"R-VAR-REVERSE": " It was laid last, and doubles are covered in "
                                      "reverse order.",
                     "R-DBL-4": " It was laid first, and open doubles are covered in "
                                "order."}.get(gate.rule, "")
            own = [t for t in self._open_turn_doubles if t != line]
            if len(own) == 1:
                e = self.trains[own[0]].end
                extra += (f" Besides it, {name} may only cover the double {e}-{e} just laid "
                          f"on {self.line_label(own[0])}.")
            return no(gate.rule, f"The double {d}-{d} on {self.line_label(line)} is open: "
                      f"nobody may play anywhere else until it is covered.{extra}")
        if root == self.n:
            why = {"after-first-round": "until every player has had a first turn",
                   "after-all-started": "until every player's own train has been started"
                   }.get(self.rules.mexican_start, "yet")
            return no("R-MEX-2", f"{name} may not start the Mexican train {why}.")
        if root != p and not self.trains[root].marker:
            return self._private_train(m, root)
        return no("R-TURN-1", f"{name} may not play on {label} now.")

    def _private_train(self, m: Move, root: int) -> Verdict:
        """A play on another player's train that has no marker (R-MARK-1)."""
        owner = self.players[root]
        return Verdict(False, "R-MARK-1", f"{owner}'s train has no marker, so only {owner} "
                       f"may play on it.", m)

    def _judge_draw(self, m: Move) -> Verdict:
        name = self._name()

        no = Verdict.refusing(m)

        plays = self._plays()
        if self._building():
            if self.played:
                return no("R-FIRST-1", f"Nobody draws in a train-building turn: {name} lays "
                          f"more tiles on {name}'s own train or ends the turn.",
                          *(plays[:1]), *self._legal_kinds("end"))
            if plays:
                return no("R-FIRST-1", f"Nobody draws in a train-building turn: {name} lays "
                          f"tiles on {name}'s own train ({self._must_play(plays)}).", plays[0])
            return no("R-FIRST-1", f"Nobody draws in a train-building turn: nothing fits "
                      f"{name}'s own train, so {name} passes and places a marker.",
                      Move("pass"))
        if self.drawn is not None:
            if not plays:
                return no("R-TURN-3", f"{name} has already drawn {self.drawn} this turn, and "
                          f"{self._drawn_nowhere()}, so {name} passes.", Move("pass"))
            if self.rules.drawn_tile == "must" and not self.declined:
                return no("R-TURN-3", f"{name} has already drawn {self.drawn} this turn, and "
                          f"it fits: {name} must play it ({self._must_play(plays)}).",
                          plays[0])
            return no("R-TURN-3", f"{name} has already drawn {self.drawn} this turn: {name} "
                      f"may play it ({self._must_play(plays)}) or pass.", plays[0],
                      Move("pass"))
        if plays and not self.rules.may_decline:
            empty = "; the boneyard is empty anyway" if not self.bone else ""
            return no("R-TURN-2", f"{name} can play ({self._must_play(plays)}), so "
                      f"{name} must play instead of drawing{empty}.", plays[0])
        if not self.bone:
            if plays:       # R-VAR-CHOOSE: declining means passing when nothing is left
                return no("R-TURN-4", f"The boneyard is empty, so there is nothing to draw: "
                          f"{name} plays ({self._must_play(plays)}) or declines by passing.",
                          plays[0], Move("pass"))
            return no("R-TURN-4", f"The boneyard is empty, so there is nothing to draw: with "
                      f"no tile to play, {name} passes.", Move("pass"))
        if plays:
            return Verdict(True, "R-VAR-CHOOSE", f"{name} may decline to play and draw a tile "
                           f"instead.", m)
        rid = "R-DBL-2" if self.bonus else "R-TURN-3"
        return Verdict(True, rid, f"{name} has no tile that fits, so {name} draws one.", m)

    def _legal_kinds(self, *kinds: str) -> tuple[Move, ...]:
        """The legal moves among ``draw``/``pass``/``end``… (to suggest them)."""
        return tuple(Move(k) for k in kinds if Move(k) in self._legal())

    def _judge_pass(self, m: Move) -> Verdict:
        name, p = self._name(), self.current

        no = Verdict.refusing(m)

        plays = self._plays()
        marked = self.trains[p].marker
        marker = (f"{name}'s marker is already on {name}'s own train" if marked
                  else f"{name} places a marker on {name}'s own train")
        if self._building():
            if self.played:
                return no("R-FIRST-1", f"{name} has started building: {name} finishes the "
                          f"turn with 'end' instead of passing.", *self._legal_kinds("end"))
            if plays:
                return no("R-TURN-2", f"{name} can start {name}'s train "
                          f"({self._must_play(plays)}), so {name} may not pass.", plays[0])
            where = ("it is already there" if marked
                     else f"{name} places a marker where the train will start")
            return Verdict(True, "R-FIRST-1", f"{name} cannot start {name}'s train: no draw in "
                           f"this turn; {where}.", m)
        if self.drawn is not None:
            if plays and self.rules.drawn_tile == "must" and not self.declined:
                return no("R-TURN-3", f"{name} drew {self.drawn}, which fits, so {name} must "
                          f"play it ({self._must_play(plays)}).", plays[0])
            rid = "R-MARK-2" if not plays else ("R-VAR-CHOOSE" if self.declined
                                                 else "R-VAR-STRICT-DRAW")
            return Verdict(True, rid, f"{name} passes; {marker}.", m)
        if plays:
            if self.rules.may_decline and not self.bone:
                return Verdict(True, "R-VAR-CHOOSE", f"{name} declines to play and passes; "
                               f"{marker}.", m)
            return no("R-TURN-2", f"{name} can play ({self._must_play(plays)}), so passing is "
                      f"not allowed.", plays[0])
        if self.bone:
            rid = "R-DBL-2" if self.bonus else "R-TURN-3"
            return no(rid, f"{name} has no tile that fits but the boneyard is not empty: "
                      f"{name} must draw first.", Move("draw"))
        return Verdict(True, "R-TURN-4", f"The boneyard is empty and {name} cannot play: "
                       f"{name} passes; {marker}.", m)

    def _judge_uno(self, m: Move) -> Verdict:
        name, p = self._name(), self.current

        no = Verdict.refusing(m)

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

        no = Verdict.refusing(m)

        if not self._building():
            return no("R-FIRST-1", "'end' only finishes a train-building turn; a normal turn "
                      "ends by itself after its play.")
        plays = self._plays()
        if not self.played:
            if plays:
                return Verdict(False, "R-FIRST-1", f"{name} has not laid a tile yet: {name} "
                               f"lays one on {name}'s own train ({self._must_play(plays)}).",
                               m, (plays[0],))
            return Verdict(False, "R-FIRST-1", f"{name} has not laid a tile yet, and none "
                           f"fits {name}'s own train: {name} passes.", m, (Move("pass"),))
        if self.rules.first_turn == "fast" and plays:
            return Verdict(False, "R-VAR-FAST", f"In the fast game each player builds as long "
                           f"as possible: {self._describe(plays[0])} still fits.", m,
                           (plays[0],))
        return Verdict(True, "R-FIRST-1", f"{name} ends the train-building turn.", m)


def _a(n: int) -> str:
    """The article before a number said aloud: "an 8", "an 11", "an 18", "a 12"."""
    return "an" if n in (8, 11, 18) else "a"

