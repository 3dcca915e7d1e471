"""Verdicts: the engine's judgement of a move, in a sentence that cites its rule.

:meth:`Verdicts.explain` (mixed into :class:`~mtlearn.game.Game`) says whether a
move may be played now and why, as a :class:`Verdict`: the rule id behind the
judgement and a plain sentence for a learner. Every refusal explains itself; the
legal verdicts agree with :attr:`Game.legal_moves <mtlearn.game.Game.legal_moves>`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .moves import MEXICAN, Move

if TYPE_CHECKING:
    from .game import _Train
    from .rules import Rules
    from .tiles import Tile

__all__ = ["Verdict", "Verdicts"]


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



class Verdicts:
    """Judging moves (``explain`` and its sentences), mixed into :class:`~mtlearn.game.Game`."""

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
        announced: list[bool]
        over: bool
        out: int | None

        def _idx(self, key: int | str) -> int: ...
        def _key(self, idx: int) -> int | str: ...
        def train_label(self, key: int | str) -> str: ...
        def _inwards(self, tile: Tile, end: int) -> list[int]: ...
        def _blocker(self) -> int | None: ...
        def _building(self) -> bool: ...
        def _targets(self, double: bool) -> list[int]: ...
        def _plays(self) -> list[Move]: ...
        _variant: bool

        def _v_explain(self, m: Move) -> Verdict | None: ...

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
        if self._variant or m.branch:
            v = self._v_explain(m)      # branches, Swan Drive, partners (variants.py)
            if v is not None:
                return v
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


def _a(n: int) -> str:
    """The article before a number said aloud: "an 8", "an 11", "an 18", "a 12"."""
    return "an" if n in (8, 11, 18) else "a"

