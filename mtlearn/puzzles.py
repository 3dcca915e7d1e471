"""Puzzles: a position, a question, and a goal the engine checks.

A puzzle is one YAML file beside the scenarios (``mtlearn/puzzles/<family>/*.yaml``)::

    id: cover-the-six
    title: Cover the open double
    family: doubles            # setup | turns | doubles | scoring | strategy
    level: 1                   # 1 (easy) to 5 (hard): the order inside a family
    teaches: [R-DBL-3]
    rules: {preset: standard}
    position: {...}            # the engine's position format (see Game.from_position)
    question: Ben must play. Which move is right?
    kind: move                 # move | all-moves | sequence | choose | number | plan
    goal: {covers_double: true}
    hints:
      - Think about R-DBL-3: an open double blocks every train.
      - Look at Ana's train: it ends in 6-6.
    answer: 6-2@1
    wrong:
      - {answer: 9-4@M, expect: R-DBL-3}           # refused with this rule id
      - {answer: draw, expect: "you hold a tile"}  # or marked wrong with these words

The goal is a predicate evaluated by the engine, never a list of right answers: every
answer that meets it is right. Its words explain a miss ("legal, but it leaves the
6-6 on Ana's train uncovered"); an illegal answer gets the engine's refusal and rule id.

This module needs nothing outside the standard library once a puzzle is read (the
in-page engine runs it from JSON); reading YAML reuses :mod:`mtlearn.scenario`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from itertools import combinations
from pathlib import Path
from typing import Any

from .errors import IllegalMoveError, PositionError, RulesError
from .game import Game
from .moves import MEXICAN, Move, train_code
from .plan import longest_train
from .ruleids import RULES
from .rules import Rules
from .scenario import ScenarioError
from .tiles import Tile
from .view import describe_move, view

__all__ = [
    "FAMILIES",
    "KINDS",
    "Feedback",
    "ProgressOverview",
    "Puzzle",
    "PuzzleError",
    "PuzzleSession",
    "bundled",
    "check",
    "from_data",
    "get",
    "load",
    "load_text",
    "progress_path",
    "read_progress",
    "write_progress",
]

#: Puzzle families, in teaching order.
FAMILIES = {
    "setup": "Setup and opening trains",
    "turns": "Turns, drawing and markers",
    "doubles": "Doubles",
    "scoring": "Scoring and the match",
    "strategy": "Strategy",
}

#: Kinds of puzzle and what the learner answers.
KINDS = {
    "move": "play one move (a tile on a train, draw or pass)",
    "all-moves": "list every legal move",
    "sequence": "play a whole turn (several moves)",
    "choose": "pick a player or trains from a list",
    "number": "give a number",
    "plan": "lay out the longest train the hand can make",
}

_TOP = {"id", "title", "family", "level", "teaches", "rules", "position", "setup",
        "perspective", "question", "kind", "goal", "hints", "answer", "wrong", "par",
        "explain"}
_MOVE_GOALS = {"covers_double", "most_pips", "on_train", "keeps_plan", "move_kind",
               "plays", "turn_over", "markers", "open_doubles"}
_CHOOSE_ASKS = {"next_player", "open_trains", "match_winner"}
_NUMBER_COUNTS = {"pips", "round_score", "total", "engine"}

_ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


class PuzzleError(ScenarioError):
    """A puzzle file that is malformed or does not prove; names file, line and field."""


@dataclass(frozen=True)
class Feedback:
    """The judgement of an answer.

    ``status`` is ``"right"``, ``"wrong"`` (legal but misses the goal), ``"illegal"``
    (refused by the engine, with its ``rule``), ``"continue"`` (a sequence that is not
    finished yet) or ``"invalid"`` (not an answer to this question at all).
    """

    status: str
    text: str
    rule: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form, as the front end reads it."""
        return {"status": self.status, "text": self.text, "rule": self.rule}


@dataclass(frozen=True)
class Wrong:
    """A tempting wrong answer and what the learner must be told (a rule id or words)."""

    answer: Any
    expect: str
    line: int | None = None


@dataclass
class Puzzle:
    """A checked puzzle: metadata, the starting game and the goal.

    ``game`` is the position the learner sees (after any ``setup`` moves); ``seat`` the
    player the question is about (the player to play unless the goal names one).
    """

    id: str
    title: str
    family: str
    level: int
    teaches: list[str]
    question: str
    kind: str
    goal: dict[str, Any]
    hints: list[str]
    answer: Any
    wrong: list[Wrong]
    par: int
    explain: str
    rules: Rules
    game: Game
    perspective: int | None
    source: str = "<puzzle>"
    lines: dict[str, int | None] = field(default_factory=dict)
    #: The parsed file (JSON-compatible): what the in-page engine rebuilds it from.
    data: dict[str, Any] | None = None

    def __repr__(self) -> str:
        return f"<Puzzle {self.id!r}: {self.title} ({self.kind}, level {self.level})>"

    # ------------------------------------------------------------------ helpers
    def start(self) -> Game:
        """A fresh copy of the puzzle's position."""
        return self.game.copy()

    @property
    def seat(self) -> int:
        """The seat the puzzle is about (the player to play, or the goal's seat)."""
        s = self.goal.get("seat")
        if isinstance(s, int):
            return s
        cur = self.game.to_play
        return 0 if cur is None else cur

    def _name(self, seat: int) -> str:
        return self.game.players[seat]

    def _after(self, game: Game) -> Game:
        g = game.copy()
        for m in self.goal.get("after", []):
            g.push(m)
        return g

    # ------------------------------------------------------------------ judging
    def judge(self, answer: Any) -> Feedback:
        """Judge a complete answer (see :data:`KINDS` for its shape)."""
        try:
            return getattr(self, "_judge_" + self.kind.replace("-", "_"))(answer)
        except (TypeError, ValueError) as e:
            return Feedback("invalid", f"That is not an answer to this question: {e}")

    def _judge_move(self, answer: Any) -> Feedback:
        g = self.start()
        v = g.explain(_move_text(answer))
        if not v.legal or v.move is None:
            return Feedback("illegal", v.text, v.rule)
        before = g.copy()
        g.push(v.move)
        return self._goal_moves(before, [v.move], g)

    def _judge_sequence(self, answer: Any) -> Feedback:
        if isinstance(answer, str):
            answer = [answer]
        if not isinstance(answer, list) or not answer:
            raise ValueError("a sequence is a list of moves")
        g = self.start()
        before = g.copy()
        seat = g.current
        played: list[Move] = []
        for a in answer:
            if g.over or g.current != seat:
                return Feedback("invalid", "The turn is already over: no more moves.")
            v = g.explain(_move_text(a))
            if not v.legal or v.move is None:
                return Feedback("illegal", v.text, v.rule)
            g.push(v.move)
            played.append(v.move)
        if not g.over and g.current == seat:
            return Feedback("continue", f"{describe_move(before, played[-1])}. "
                            f"{self._name(seat)} plays again: carry on.")
        return self._goal_moves(before, played, g)

    def _goal_moves(self, before: Game, moves: list[Move], after: Game) -> Feedback:
        seat = before.current
        name = self._name(seat)
        plays = [m for m in moves if m.kind == "play"]
        said = "; ".join(d if i == 0 else d[0].lower() + d[1:]
                         for i, d in enumerate(describe_move(before, m) for m in moves))
        for key, want in self.goal.items():
            miss = None
            if key == "covers_double" and want:
                open_now = after.open_double_trains
                if open_now:
                    k = open_now[0]
                    d = after.train(k).open_end
                    miss = (f"it leaves the {d}-{d} on {after.train_label(k)} uncovered "
                            f"(R-DBL-3)")
            elif key == "most_pips" and want:
                val = before.rules.tile_value
                got = sum(val(m.tile.high, m.tile.low) for m in plays if m.tile is not None)
                best = max((m for m in before.legal_moves if m.kind == "play"),
                           key=lambda m: val(m.tile.high, m.tile.low) if m.tile else -1,
                           default=None)
                if best is not None and best.tile is not None and \
                        val(best.tile.high, best.tile.low) > got:
                    miss = (f"{best.tile} sheds {val(best.tile.high, best.tile.low)} points, "
                            f"more than {got}; heavy tiles cost the most if they are still "
                            f"in your hand when the round ends (R-SCORE-1)")
            elif key == "on_train":
                target = seat if want == "own" else _train_key(want, before.n)
                off = [m for m in plays if m.train != target]
                if off or not plays:
                    miss = f"the goal is a tile on {before.train_label(target)}"
            elif key == "keeps_plan" and want:
                own = before.train(seat)
                plan = longest_train(before.hand(seat), own.open_end)
                used = [m for m in plays if m.tile in plan.tiles and m.train != seat]
                if used:
                    t = used[0].tile
                    chain = " ".join(f"{a}-{x.other(a)}" for x, a in plan.chain)
                    miss = (f"{t} belongs to {name}'s planned train from {own.open_end} "
                            f"({chain}); play a spare tile elsewhere and keep the plan "
                            f"(R-PLAN-1)")
            elif key == "move_kind":
                kinds = [m.kind for m in moves]
                if want not in kinds:
                    word = {"play": "play a tile", "draw": "draw", "pass": "pass"}.get(
                        str(want), str(want))
                    miss = f"the goal is to {word} here"
            elif key == "plays":
                if len(plays) < int(want):
                    miss = (f"{name} played {len(plays)} tile(s), but can lay {int(want)} "
                            f"this turn")
            elif key == "turn_over" and want:
                if not after.over and after.current == seat:
                    miss = f"{name}'s turn is not over yet"
            elif key == "markers":
                seats = sorted(self._seat(x) for x in want)
                actual = [i for i in range(after.n) if after.train(i).marker]
                if seats != actual:
                    names = ", ".join(after.players[i] for i in actual) or "nobody"
                    miss = f"afterwards the trains with a marker are: {names}"
            elif key == "open_doubles":
                actual = [train_code(k) for k in after.open_double_trains]
                if [str(x) for x in want] != actual:
                    miss = ("afterwards a double is still open on " +
                            ", ".join(after.train_label(_train_key(c, after.n))
                                      for c in actual)) if actual else \
                        "afterwards no double is left open"
            if miss:
                return Feedback("wrong", f"{said}: legal, but {miss}.", None)
        return Feedback("right", f"{said}. {self.explain}".strip())

    def _judge_all_moves(self, answer: Any) -> Feedback:
        if isinstance(answer, str):
            answer = [answer]
        if not isinstance(answer, list):
            raise ValueError("list the moves")
        g = self.start()
        chosen: list[Move] = []
        for a in answer:
            v = g.explain(_move_text(a))
            if not v.legal or v.move is None:
                return Feedback("illegal", v.text, v.rule)
            if v.move not in chosen:
                chosen.append(v.move)
        return self._all_moves_verdict(g, len(chosen))

    def _all_moves_verdict(self, g: Game, found: int) -> Feedback:
        legal = list(g.legal_moves)
        if found < len(legal):
            k = len(legal) - found
            return Feedback("wrong", f"All legal, but {k} more legal move"
                            f"{'s are' if k > 1 else ' is'} missing: look at every train "
                            f"that is open to {self._name(g.current)} (R-TURN-1).")
        return Feedback("right", f"Those are all {len(legal)} legal moves. "
                        f"{self.explain}".strip())

    def _judge_choose(self, answer: Any) -> Feedback:
        ask = self.goal["ask"]
        truth = self.truth()
        if ask == "open_trains":
            got = sorted(_train_code_of(a, self.game.n) for a in
                         ([answer] if isinstance(answer, str) else answer))
            if got == truth:
                return Feedback("right", self.explain or "Those are exactly the open trains.")
            missing = [c for c in truth if c not in got]
            extra = [c for c in got if c not in truth]
            g = self.game
            parts = []
            if extra:
                t = _train_key(extra[0], g.n)
                parts.append(f"{g.train_label(t)} is private: only its owner may play "
                             f"on it while it has no marker (R-MARK-1)")
            if missing:
                t = _train_key(missing[0], g.n)
                why = ("the Mexican train is open to everyone (R-MEX-1)" if t == MEXICAN
                       else f"{g.train_label(t)} is open to "
                            f"{self._name(self.seat)}: " + (
                                "it is their own train (R-TRAIN-1)" if t == self.seat else
                                "it carries a marker (R-MARK-1)"))
                parts.append(f"you left out a train: {why}")
            return Feedback("wrong", "Not quite: " + "; ".join(parts) + ".")
        who = self._player_of(answer)
        if who == truth:
            return Feedback("right", f"{self._name(who)}. {self.explain}".strip())
        return Feedback("wrong", f"Not {self._name(who)}: {self._choose_reason()}.")

    def _choose_reason(self) -> str:
        ask = self.goal["ask"]
        g = self._after(self.game)
        if ask == "next_player":
            if g.bonus or (self.goal.get("after") and g.current == self.game.current):
                return (f"{g.players[g.current]} laid a double and plays again (R-DBL-1)")
            return ("play goes clockwise, to the next seat (R-TURN-5); the round's "
                    "starter follows R-ROUND-2")
        rows = ", ".join(f"{g.players[s]} {t}" for _p, s, t in g.standings())
        return (f"the lowest total wins the match (R-SCORE-3), ties broken by R-SCORE-4: "
                f"{rows}")

    def _judge_number(self, answer: Any) -> Feedback:
        if isinstance(answer, bool) or not isinstance(answer, (int, str)):
            raise ValueError("give a whole number")
        n = int(str(answer).strip())
        truth = self.truth()
        if n == truth:
            return Feedback("right", f"{truth}. {self.explain}".strip())
        return Feedback("wrong", f"Not {n}: {self._count_reason()}.")

    def _count_reason(self) -> str:
        count = self.goal["count"]
        seat = self.seat
        g = self._after(self.game)
        name = self._name(seat)
        if count == "engine":
            return (f"round {g.round_no} of a double-{g.set_max} match uses the engine "
                    f"{g.set_max} minus {g.round_no - 1}, one lower each round (R-ROUND-1)")
        if count == "total":
            rounds = " + ".join(str(r[seat]) for r in g.round_scores) or "0"
            return f"a total adds up {name}'s round scores (R-SCORE-3): {rounds}"
        hand = g.hand(seat)
        rule = "R-SCORE-1"
        if g.rules.scoring == "blanks-25":
            rule += "; with R-VAR-BLANKS a blank end counts 25 and the double blank 50"
        elif any(t.high == 0 and t.low == 0 for t in hand):
            rule += ", R-SCORE-2: the double blank counts 50"
        if count == "round_score" and g.over and g.out == seat:
            return f"{name} went out, and going out scores 0 (R-END-1)"
        if count == "round_score" and g.over and g.out is not None:
            last = g.peek()
            how = (" on a double, which ends the round at once (R-DBL-5)"
                   if last is not None and last.tile is not None and last.tile.is_double
                   else ", which ends the round (R-END-1)")
            return (f"{g.players[g.out]} went out{how}; {name} scores the pips of every "
                    f"tile left in hand ({rule})")
        return f"add up the pips of every tile left in {name}'s hand ({rule})"

    def _judge_plan(self, answer: Any) -> Feedback:
        if isinstance(answer, str):
            answer = answer.split()
        if not isinstance(answer, list):
            raise ValueError("a plan is a list of tiles")
        hand = self.game.hand(self.seat)
        end = self.goal_start()
        used: list[Tile] = []
        for a in answer:
            t = Tile.parse(str(a))
            if t not in hand:
                return Feedback("illegal", f"{t} is not in {self._name(self.seat)}'s hand.",
                                "R-PLAN-1")
            if t in used:
                return Feedback("illegal", f"{t} is already in your train.", "R-PLAN-1")
            if not t.has(end):
                return self.misfit(t, end)
            used.append(t)
            end = t.other(end)
        best = len(self.truth())
        if len(used) < best:
            return Feedback("wrong", f"A good train of {len(used)} tile(s), but this hand "
                            f"can make a train of {best} from {self.goal_start()}: look for "
                            f"a way round that also uses more of the tiles (R-PLAN-1).")
        return Feedback("right", f"{len(used)} tiles, as long as this hand allows. "
                        f"{self.explain}".strip())

    def misfit(self, t: Tile, end: int) -> Feedback:
        """The refusal for a tile that does not fit a planned train's open end."""
        return Feedback("illegal", f"{t} does not match the open end {end}: each tile "
                        f"must match the one before it (R-TRAIN-2).", "R-TRAIN-2")

    def goal_start(self) -> int:
        """For a plan: the number the train starts from (given, or the own train's end)."""
        s = self.goal.get("from")
        return int(s) if s is not None else self.game.train(self.seat).open_end

    # ------------------------------------------------------------------ truth
    def truth(self) -> Any:
        """What the engine says the answer is, for choose, number and plan puzzles."""
        if self.kind == "choose":
            ask = self.goal["ask"]
            g = self._after(self.game)
            if ask == "next_player":
                return g.current
            if ask == "match_winner":
                w = g.winners
                return w[0] if len(w) == 1 else None
            seat = self.seat
            out = [train_code(seat)]
            out += [train_code(k) for k in g.train_keys()
                    if k != seat and (k == MEXICAN or g.train(k).marker)]
            return sorted(out)
        if self.kind == "number":
            g = self._after(self.game)
            count = self.goal["count"]
            if count == "pips":
                return g.pips(self.seat)
            if count == "engine":
                return g.engine
            if count == "total":
                return g.totals[self.seat]
            if not g.over:
                return g.pips(self.seat)
            return g.round_scores[-1][self.seat]
        if self.kind == "plan":
            return longest_train(self.game.hand(self.seat), self.goal_start()).tiles
        raise ValueError(f"a {self.kind} puzzle is judged move by move")

    def _seat(self, value: Any) -> int:
        return _seat_of(self.game, value)

    def _player_of(self, value: Any) -> int:
        return _seat_of(self.game, value)

    def options(self) -> list[dict[str, str]]:
        """The choices a ``choose`` puzzle offers (value and label)."""
        if self.kind != "choose":
            return []
        if self.goal["ask"] == "open_trains":
            return [{"value": train_code(k), "label": self.game.train_label(k)}
                    for k in self.game.train_keys()]
        return [{"value": name, "label": name} for name in self.game.players]

    # ------------------------------------------------------------------ solutions
    def solutions(self, limit: int = 200) -> list[Any]:
        """Answers that meet the goal, found by search (at most ``limit``)."""
        out: list[Any] = []
        if self.kind == "move":
            g = self.start()
            for m in g.legal_moves:
                if self.judge(str(m)).status == "right":
                    out.append(str(m))
        elif self.kind == "sequence":
            for seq in self._sequences(self.start(), [], depth=6):
                if self.judge(seq).status == "right":
                    out.append(seq)
                if len(out) >= limit:
                    break
        elif self.kind == "all-moves":
            out.append([str(m) for m in self.start().legal_moves])
        elif self.kind == "choose":
            t = self.truth()
            if t is not None:
                out.append(t if isinstance(t, list) else self._name(t))
        elif self.kind == "number":
            out.append(self.truth())
        elif self.kind == "plan":
            out.append([str(t) for t in self.truth()])
        return out

    def _sequences(self, g: Game, prefix: list[str], depth: int) -> Iterator[list[str]]:
        seat = g.current
        for m in list(g.legal_moves):
            h = g.copy()
            h.push(m)
            seq = [*prefix, str(m)]
            if h.over or h.current != seat or depth <= 1:
                yield seq
            else:
                yield from self._sequences(h, seq, depth - 1)

    def example_frames(self) -> list[dict[str, Any]]:
        """Board views along the example answer (for "show me the answer")."""
        g = self.start()
        frames = []
        if self.kind in ("move", "sequence"):
            moves = [self.answer] if isinstance(self.answer, str) else list(self.answer)
            for a in moves:
                m = g.push(_move_text(a))
                hl = {"tiles": [str(m.tile)] if m.tile else [],
                      "trains": [train_code(m.train)] if m.train is not None else []}
                frames.append(self.view(g, highlights=hl))
        elif self.kind == "all-moves":
            tiles = sorted({str(m.tile) for m in g.legal_moves if m.tile})
            trains = sorted({train_code(m.train) for m in g.legal_moves
                             if m.train is not None})
            frames.append(self.view(g, highlights={"tiles": tiles, "trains": trains}))
        elif self.kind == "plan":
            frames.append(self.view(g, highlights={"tiles": [str(t) for t in self.truth()]}))
        elif self.kind == "choose" and self.goal["ask"] == "open_trains":
            frames.append(self.view(g, highlights={"trains": self.truth()}))
        else:
            h = self._after(g)
            frames.append(self.view(h))
        return frames

    def answer_text(self) -> str:
        """The example answer in words."""
        a = self.answer
        if self.kind in ("move", "sequence", "all-moves"):
            moves = [a] if isinstance(a, str) else list(a)
            g = self.start()
            words = []
            for x in moves:
                m = Move.parse(_move_text(x))
                words.append(describe_move(g, g.explain(m).move or m))
                if self.kind != "all-moves":
                    g.push(m)
            return "; ".join(words) + "."
        if self.kind == "choose" and self.goal["ask"] == "open_trains":
            return ", ".join(self.game.train_label(_train_key(c, self.game.n))
                             for c in self.truth()) + "."
        if self.kind == "choose":
            return f"{self._name(self.truth())}."
        if self.kind == "plan":
            end = self.goal_start()
            parts = []
            for t in self.truth():
                parts.append(f"{end}-{t.other(end)}")
                end = t.other(end)
            return " ".join(parts) + "."
        return f"{self.truth()}."

    # ------------------------------------------------------------------ front end
    def view(self, game: Game | None = None, *,
             highlights: dict[str, list[str]] | None = None) -> dict[str, Any]:
        """The board view of the puzzle (or of ``game``), without giveaways."""
        g = self.game if game is None else game
        v = view(g, perspective=self.perspective, highlights=highlights)
        v["hint"] = None
        if self.kind in ("number", "plan", "choose"):
            v["description"] = _strip_points(v["description"])
        return v

    def info(self) -> dict[str, Any]:
        """What the front end shows: question, hints, kind, options (no answers)."""
        g = self.game
        return {
            "id": self.id, "title": self.title, "family": self.family,
            "family_title": FAMILIES[self.family], "level": self.level,
            "teaches": list(self.teaches), "question": self.question, "kind": self.kind,
            "hints": list(self.hints), "par": self.par, "options": self.options(),
            "multi": self.kind == "choose" and self.goal["ask"] == "open_trains",
            "seat": self.seat + 1, "player": self._name(self.seat),
            "plan_from": self.goal_start() if self.kind == "plan" else None,
            "plan_hand": [str(t) for t in g.hand(self.seat)] if self.kind == "plan" else None,
        }

    def precomputed(self, max_nodes: int = 4000) -> dict[str, Any]:
        """Every answer a page without an engine may need, judged by the engine.

        ``move``: move -> feedback for each hand tile on each train, draw and pass.
        ``sequence``: a tree of such tables, each legal move with the view after it.
        ``all-moves``: per-move verdicts, the legal list and the "missing" texts.
        ``choose``: option (or sorted, comma-joined set of trains) -> feedback.
        ``number``: the value, with the right and wrong feedback.
        ``plan``: the hand, where the train starts, a refusal for each misfit.
        """
        budget = [max_nodes]
        if self.kind == "move":
            return {"moves": self._move_table(self.start(), None, budget)}
        if self.kind == "sequence":
            return {"moves": self._move_table(self.start(), [], budget)}
        if self.kind == "all-moves":
            g = self.start()
            table = {}
            for m in _candidates(g):
                v = g.explain(m)
                table[str(m)] = {"legal": v.legal, "move": str(v.move) if v.move else None,
                                 "fb": Feedback("illegal", v.text, v.rule).to_dict()}
            legal = [str(m) for m in g.legal_moves]
            return {"verdicts": table, "legal": legal,
                    "missing": {str(k): self._all_moves_verdict(g, k).to_dict()
                                for k in range(len(legal) + 1)}}
        if self.kind == "choose":
            opts = [o["value"] for o in self.options()]
            if self.goal["ask"] == "open_trains":
                table = {}
                for r in range(len(opts) + 1):
                    for combo in combinations(opts, r):
                        key = ",".join(sorted(combo))
                        table[key] = self.judge(list(combo)).to_dict()
                return {"choices": table}
            return {"choices": {o: self.judge(o).to_dict() for o in opts}}
        if self.kind == "number":
            t = self.truth()
            wrong = self.judge(t + 1).text
            return {"value": t, "right": self.judge(t).to_dict(),
                    "wrong": wrong.split(":", 1)[1].strip()}
        # plan
        hand = self.game.hand(self.seat)
        misfit = {f"{t}|{e}": self.misfit(t, e).to_dict() for t in hand
                  for e in range(self.game.set_max + 1) if not t.has(e)}
        best = self.truth()
        return {"best": len(best), "misfit": misfit,
                "right": self._judge_plan([str(x) for x in _chain_texts(best,
                                                                        self.goal_start())]
                                          ).to_dict(),
                "short": {str(k): Feedback("wrong", self._judge_plan_short(k)).to_dict()
                          for k in range(len(best))}}

    def _judge_plan_short(self, k: int) -> str:
        return (f"A good train of {k} tile(s), but this hand can make a train of "
                f"{len(self.truth())} from {self.goal_start()}: look for a way round that "
                f"also uses more of the tiles (R-PLAN-1).")

    def _move_table(self, g: Game, prefix: list[str] | None,
                    budget: list[int]) -> dict[str, Any]:
        table: dict[str, Any] = {}
        seat = g.current
        for m in _candidates(g):
            budget[0] -= 1
            if budget[0] < 0:
                raise ValueError("too many answers to precompute: make the hands smaller")
            key = str(m)
            answer = key if prefix is None else [*prefix, key]
            fb = self.judge(answer)
            entry: dict[str, Any] = {"fb": fb.to_dict()}
            if fb.status != "illegal" and prefix is not None:
                h = g.copy()
                applied = h.push(key)
                entry["view"] = self.view(h, highlights={
                    "tiles": [str(applied.tile)] if applied.tile else [],
                    "trains": [train_code(applied.train)] if applied.train is not None else []})
                if fb.status == "continue" and not h.over and h.current == seat:
                    entry["next"] = self._move_table(h, [*prefix, key], budget)
            table[key] = entry
        return table

    def state(self) -> dict[str, Any]:
        """The widget state of a page without a kernel: info, view, the precomputed answers,
        and the session spec the in-page engine opens (:meth:`PuzzleSession.from_spec`)."""
        out = {"puzzle": self.info(), "view": self.view(), "answers": self.precomputed(),
               "solution": {"text": self.answer_text(), "frames": self.example_frames()}}
        if self.data is not None:
            out["session"] = {"kind": "puzzle", "source": self.source,
                              "data": json.loads(json.dumps(self.data))}
        return out


# ---------------------------------------------------------------------- helpers
def _strip_points(text: str) -> str:
    import re

    return re.sub(r", \d+ points\)", ")", text)


def _chain_texts(tiles: list[Tile], start: int) -> list[str]:
    out = []
    end = start
    for t in tiles:
        out.append(f"{end}-{t.other(end)}")
        end = t.other(end)
    return out


def _move_text(answer: Any) -> str:
    if isinstance(answer, Move):
        return str(answer)
    if not isinstance(answer, str):
        raise ValueError(f"a move is written like '12-5@M', 'draw' or 'pass', not {answer!r}")
    return answer


def _candidates(g: Game) -> list[Move]:
    """Every move a learner can try with clicks: hand tiles on trains, draw, pass…"""
    if g.over:
        return []
    out: list[Move] = []
    seen: set[str] = set()
    hand = g.hand(g.current)
    for t in hand:
        for k in g.train_keys():
            end = g.train(k).open_end
            m = Move("play", t, k, end if t.has(end) else t.high)
            if str(m) not in seen:
                seen.add(str(m))
                out.append(m)
            for b in g.branches(k):     # R-VAR-BRANCH: each branch is a target of its own
                end = b.open_end
                m = Move("play", t, k, end if t.has(end) else t.high, b.path)
                if str(m) not in seen:
                    seen.add(str(m))
                    out.append(m)
    for word in ("draw", "pass", "uno", "end"):
        out.append(Move(word))
    return out


def _train_key(code: Any, n: int) -> int | str:
    c = str(code).strip()
    if c.upper() == "M":
        return MEXICAN
    if c.isdigit() and 1 <= int(c) <= n:
        return int(c) - 1
    raise ValueError(f"{code!r} is not a train: write 'M' or a seat number from 1 to {n}")


def _train_code_of(code: Any, n: int) -> str:
    return train_code(_train_key(code, n))


def _seat_of(game: Game, value: Any) -> int:
    if isinstance(value, str) and value in game.players:
        return game.players.index(value)
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= game.n:
        return value - 1
    raise ValueError(f"{value!r} is not a player: use a name ({', '.join(game.players)}) "
                     f"or a seat number")


# ---------------------------------------------------------------------- reading
LineOf = Callable[[tuple[Any, ...]], "int | None"]


def from_data(data: Any, source: str = "<puzzle>",
              line_of: LineOf | None = None) -> Puzzle:
    """Build a puzzle from parsed data (YAML or JSON); errors name ``source`` and lines."""
    lines = line_of or (lambda _p: None)

    def fail(path: tuple[Any, ...], problem: str) -> PuzzleError:
        return PuzzleError(source, lines(path), _path_text(path), problem)

    if not isinstance(data, dict):
        raise fail((), "a puzzle is a mapping with id, title, position, question and goal")
    for k in data:
        if k not in _TOP:
            raise fail((k,), "unknown field (known: " + ", ".join(sorted(_TOP)) + ")")

    def text(key: str, required: bool = True) -> str:
        if key not in data:
            if required:
                raise fail((), f"the field {key!r} is missing")
            return ""
        v = data[key]
        if not isinstance(v, str) or not v.strip():
            raise fail((key,), "must be a non-empty text")
        return v.strip()

    pid = text("id")
    if not set(pid) <= _ID_CHARS or pid.startswith("-"):
        raise fail(("id",), f"{pid!r}: use lowercase letters, digits and dashes")
    title = text("title")
    family = text("family")
    if family not in FAMILIES:
        raise fail(("family",), f"{family!r} is not one of " + ", ".join(FAMILIES))
    level = data.get("level")
    if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 5:
        raise fail(("level",), "a whole number from 1 (easy) to 5 (hard)")
    teaches = data.get("teaches")
    if not isinstance(teaches, list) or not teaches:
        raise fail(("teaches",), "list the rule ids the puzzle teaches, e.g. [R-DBL-3]")
    for i, rid in enumerate(teaches):
        if rid not in RULES:
            raise fail(("teaches", i), f"{rid!r} is not a rule id of the rules reference")
    question = text("question")
    kind = text("kind")
    if kind not in KINDS:
        raise fail(("kind",), f"{kind!r} is not one of " + ", ".join(KINDS))
    hints = data.get("hints")
    if (not isinstance(hints, list) or len(hints) < 2
            or not all(isinstance(h, str) and h.strip() for h in hints)):
        raise fail(("hints",), "give at least two hints: first the rule to think about, "
                   "then the train or tile to look at")
    par = data.get("par", 0)
    if not isinstance(par, int) or isinstance(par, bool) or par < 0:
        raise fail(("par",), "a whole number of slips allowed for three stars (0 or more)")
    explain = text("explain", required=False)
    try:
        rules = Rules.from_dict(data.get("rules") or {"preset": "standard"})
    except RulesError as e:
        raise fail(("rules",), str(e)) from None
    pos = data.get("position")
    if not isinstance(pos, dict):
        raise fail(("position",), "the position is missing or not a mapping")
    if "rules" in pos:
        raise fail(("position", "rules"), "put the rules at the top level of the puzzle")
    try:
        game = Game.from_position({**pos, "rules": rules})
    except PositionError as e:
        from .scenario_yaml import where_to_path as _where_to_path

        raise PuzzleError(source, lines(("position", *_where_to_path(e.where))),
                          "position." + e.where if e.where else "position", e.problem) \
            from None
    except RulesError as e:
        raise fail(("position",), str(e)) from None
    setup = data.get("setup") or []
    if not isinstance(setup, list):
        raise fail(("setup",), "a list of moves played before the puzzle starts")
    for i, mv in enumerate(setup):
        try:
            game.push(str(mv))
        except (IllegalMoveError, ValueError) as e:
            raise fail(("setup", i), f"the engine refuses {mv}: {e}") from None
    persp = data.get("perspective")
    if persp is not None and (not isinstance(persp, int) or isinstance(persp, bool)
                              or not 1 <= persp <= game.n):
        raise fail(("perspective",), f"a seat from 1 to {game.n}, or null")
    goal = _read_goal(data.get("goal"), kind, game, fail)
    puzzle = Puzzle(pid, title, family, level, list(teaches), question, kind, goal,
                    [h.strip() for h in hints], data.get("answer"), [], par, explain, rules,
                    game, None if persp is None else persp - 1, source)
    if "answer" not in data:
        raise fail((), "the field 'answer' (an example right answer) is missing")
    wrong = data.get("wrong") or []
    if not isinstance(wrong, list):
        raise fail(("wrong",), "a list of {answer, expect} tempting wrong answers")
    for i, w in enumerate(wrong):
        if not isinstance(w, dict) or set(w) != {"answer", "expect"}:
            raise fail(("wrong", i), "each wrong answer is {answer: …, expect: rule id or "
                       "words of the explanation}")
        if not isinstance(w["expect"], str) or not w["expect"].strip():
            raise fail(("wrong", i, "expect"), "a rule id or words the explanation must say")
        puzzle.wrong.append(Wrong(w["answer"], w["expect"].strip(), lines(("wrong", i))))
    puzzle.lines = {"answer": lines(("answer",)), "goal": lines(("goal",))}
    puzzle.data = data
    return puzzle


def _read_goal(goal: Any, kind: str, game: Game,
               fail: Callable[[tuple[Any, ...], str], PuzzleError]) -> dict[str, Any]:
    if kind == "all-moves":
        if goal not in (None, {"all_legal": True}):
            raise fail(("goal",), "an all-moves puzzle has the goal {all_legal: true}")
        return {"all_legal": True}
    if not isinstance(goal, dict) or not goal:
        raise fail(("goal",), "the goal is a mapping of conditions (see the teacher's guide)")
    out = dict(goal)

    def seat(key: str) -> None:
        if key in out:
            try:
                out[key] = _seat_of(game, out[key])
            except ValueError as e:
                raise fail(("goal", key), str(e)) from None

    def after() -> None:
        moves = out.get("after", [])
        if not isinstance(moves, list):
            raise fail(("goal", "after"), "a list of moves played before the question")
        g = game.copy()
        for i, mv in enumerate(moves):
            try:
                g.push(str(mv))
            except (IllegalMoveError, ValueError) as e:
                raise fail(("goal", "after", i), f"the engine refuses {mv}: {e}") from None
        out["after"] = [str(m) for m in moves]

    if kind in ("move", "sequence"):
        for k in goal:
            if k not in _MOVE_GOALS:
                raise fail(("goal", k), "unknown condition (known: "
                           + ", ".join(sorted(_MOVE_GOALS)) + ")")
        if "on_train" in out and out["on_train"] != "own":
            try:
                _train_key(out["on_train"], game.n)
            except ValueError as e:
                raise fail(("goal", "on_train"), str(e)) from None
        for k in ("markers", "open_doubles"):
            if k in out and not isinstance(out[k], list):
                raise fail(("goal", k), "a list")
        if "markers" in out:
            try:
                [_seat_of(game, x) for x in out["markers"]]
            except ValueError as e:
                raise fail(("goal", "markers"), str(e)) from None
        if game.over:
            raise fail(("position",), "the round is over: nobody can move")
    elif kind == "choose":
        if out.get("ask") not in _CHOOSE_ASKS:
            raise fail(("goal", "ask"), "ask one of " + ", ".join(sorted(_CHOOSE_ASKS)))
        unknown = set(out) - {"ask", "after", "seat"}
        if unknown:
            raise fail(("goal", sorted(unknown)[0]), "unknown field (known: ask, after, seat)")
        seat("seat")
        after()
    elif kind == "number":
        if out.get("count") not in _NUMBER_COUNTS:
            raise fail(("goal", "count"), "count one of " + ", ".join(sorted(_NUMBER_COUNTS)))
        unknown = set(out) - {"count", "after", "seat"}
        if unknown:
            raise fail(("goal", sorted(unknown)[0]), "unknown field (known: count, after, "
                       "seat)")
        seat("seat")
        after()
    elif kind == "plan":
        unknown = set(out) - {"longest_train", "seat", "from"}
        if unknown or out.get("longest_train") is not True:
            raise fail(("goal",), "a plan puzzle has the goal {longest_train: true} and may "
                       "name a seat and the number to start 'from'")
        seat("seat")
        f = out.get("from")
        if f is not None and (not isinstance(f, int) or not 0 <= f <= game.set_max):
            raise fail(("goal", "from"), f"a number from 0 to {game.set_max}")
    return out


def _path_text(path: tuple[Any, ...]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def load_text(text: str, source: str = "<puzzle>") -> Puzzle:
    """Read a puzzle from YAML text (the scenario reader: errors carry line numbers)."""
    from .scenario_yaml import Reader as _Reader

    try:
        r = _Reader(text, source)
    except ScenarioError as e:
        raise PuzzleError(e.source, e.line, e.where, e.problem) from None
    return from_data(r.data, source, r.line)


def load(path: str | Path) -> Puzzle:
    """Read the puzzle file at ``path``."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise PuzzleError(str(p), None, "", f"cannot be read ({e.strerror})") from None
    except UnicodeDecodeError:
        raise PuzzleError(str(p), None, "", "not a UTF-8 text file") from None
    return load_text(text, str(p))


def is_puzzle_text(text: str) -> bool:
    """True if YAML text looks like a puzzle (it has a top-level ``question:``)."""
    return any(line.startswith("question:") for line in text.splitlines())


# ---------------------------------------------------------------------- proving
def check(puzzle: Puzzle) -> list[str]:
    """Prove a puzzle; raises :class:`PuzzleError` naming the file, line and field.

    Checks that the goal can be met, that the example ``answer`` meets it, and that
    each tempting ``wrong`` answer is refused or marked wrong with the intended rule
    id or words. Returns short notes on what was proved.
    """
    def fail(field_: str, line: int | None, problem: str) -> PuzzleError:
        return PuzzleError(puzzle.source, line, field_, problem)

    sols = puzzle.solutions(limit=5)
    if not sols:
        raise fail("goal", puzzle.lines.get("goal"), "no answer meets this goal: the puzzle "
                   "cannot be solved")
    fb = puzzle.judge(puzzle.answer)
    if fb.status != "right":
        raise fail("answer", puzzle.lines.get("answer"),
                   f"the example answer {puzzle.answer!r} does not meet the goal: "
                   f"{fb.status}: {fb.text}")
    notes = [f"{len(sols)}{'+' if len(sols) >= 5 else ''} right answer(s)"]
    for i, w in enumerate(puzzle.wrong):
        fb = puzzle.judge(w.answer)
        where = f"wrong[{i}]"
        if fb.status == "right":
            raise fail(where, w.line, f"{w.answer!r} meets the goal, so it is not wrong")
        if fb.status not in ("illegal", "wrong"):
            raise fail(where, w.line, f"{w.answer!r} is not judged wrong but "
                       f"{fb.status}: {fb.text}")
        if w.expect in RULES:
            if fb.rule != w.expect and f"({w.expect})" not in fb.text \
                    and w.expect not in fb.text:
                raise fail(where, w.line, f"{w.answer!r} is {fb.status} with "
                           f"{fb.rule or 'no rule id'}, not {w.expect}: {fb.text}")
        elif w.expect.lower() not in fb.text.lower():
            raise fail(where, w.line, f"the explanation for {w.answer!r} does not say "
                       f"{w.expect!r}: {fb.text}")
    notes.append(f"{len(puzzle.wrong)} wrong answer(s) explained")
    puzzle.precomputed()
    return notes


# ---------------------------------------------------------------------- bundled
def _bundled_files() -> Iterator[Any]:
    root = resources.files("mtlearn") / "puzzles"
    for family in FAMILIES:
        folder = root / family
        if folder.is_dir():
            yield from sorted((f for f in folder.iterdir() if f.name.endswith(".yaml")),
                              key=lambda f: f.name)


_CACHE: dict[str, Puzzle] = {}


def bundled() -> list[Puzzle]:
    """Every puzzle shipped with mtlearn, by family then level (read once, cached)."""
    out = []
    for f in _bundled_files():
        key = f"{f.parent.name}/{f.name}" if hasattr(f, "parent") else f.name
        if key not in _CACHE:
            _CACHE[key] = load_text(f.read_text(encoding="utf-8"), f"puzzles/{key}")
        out.append(_CACHE[key])
    order = list(FAMILIES)
    return sorted(out, key=lambda p: (order.index(p.family), p.level, p.id))


def get(puzzle_id: str) -> Puzzle:
    """The bundled puzzle with this id."""
    for p in bundled():
        if p.id == puzzle_id:
            return p
    raise KeyError(f"no bundled puzzle {puzzle_id!r}; see `mtlearn list`")


# ---------------------------------------------------------------------- sessions
class PuzzleSession:
    """One learner working on one puzzle: answers, sequence moves, show-the-answer.

    :meth:`handle` takes the front end's messages and returns the model keys to
    change; the JupyterLab widget and the in-page engine both use it.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.moves: list[str] = []
        self.count = 0

    @classmethod
    def from_spec(cls, spec: Any) -> PuzzleSession:
        """A session from ``{"data": <the parsed puzzle file>, "source": name}`` (what
        :meth:`Puzzle.state` writes for the in-page engine)."""
        if not isinstance(spec, dict) or not isinstance(spec.get("data"), dict):
            raise ValueError("a puzzle session spec is {'data': {...}, 'source': '...'}")
        return cls(from_data(spec["data"], str(spec.get("source") or "<puzzle>")))

    def state(self) -> dict[str, Any]:
        """The model keys of a fresh start: the view, no feedback."""
        return {"view": self.puzzle.view(), "feedback": None}

    def _fb(self, fb: Feedback, **extra: Any) -> dict[str, Any]:
        self.count += 1
        return {"feedback": {**fb.to_dict(), "n": self.count, **extra}}

    def handle(self, content: dict[str, Any]) -> dict[str, Any]:
        """Answer one message: ``answer``, ``move`` (sequence), ``restart`` or ``show``."""
        p = self.puzzle
        action = content.get("action")
        if action == "restart":
            self.moves = []
            return {"view": p.view(), "feedback": None}
        if action == "show":
            self.moves = []
            return {"solution": {"text": p.answer_text(), "frames": p.example_frames()}}
        if action == "move" and p.kind == "sequence":
            answer = [*self.moves, str(content.get("move", ""))]
            fb = p.judge(answer)
            out = self._fb(fb)
            if fb.status in ("continue", "right", "wrong"):
                g = p.start()
                applied = None
                for a in answer:
                    applied = g.push(a)
                self.moves = answer
                hl = {"tiles": [str(applied.tile)] if applied and applied.tile else [],
                      "trains": [train_code(applied.train)]
                      if applied and applied.train is not None else []}
                out["view"] = p.view(g, highlights=hl)
            if fb.status in ("right", "wrong"):
                self.moves = []
            return out
        if action == "answer":
            return self._fb(p.judge(content.get("answer")))
        return {}


# ---------------------------------------------------------------------- progress
_OVERVIEW_JS = r"""
(() => {
  const root = document.getElementById("ROOT_ID");
  const store = "mtlearn.puzzle.";
  const read = (id) => {
    try { return JSON.parse(localStorage.getItem(store + id) || "null"); }
    catch (e) { return null; }
  };
  function fill() {
    let solved = 0, stars = 0, total = 0;
    for (const row of root.querySelectorAll("tr[data-puzzle]")) {
      total += 1;
      const rec = read(row.getAttribute("data-puzzle"));
      const cell = row.querySelector(".mtl-progress-stars");
      const k = rec && rec.solved ? Math.max(0, Math.min(3, rec.stars | 0)) : 0;
      if (rec && rec.solved) { solved += 1; stars += k; }
      cell.textContent = rec && rec.solved ? "★".repeat(k) + "☆".repeat(3 - k)
        : rec && rec.shown ? "answer seen" : "not solved";
      cell.setAttribute("data-stars", String(k));
    }
    root.querySelector(".mtl-progress-summary").textContent =
      `${solved} of ${total} puzzles solved, ${stars} of ${3 * total} stars.`;
  }
  root.querySelector(".mtl-progress-reset").addEventListener("click", () => {
    for (const row of root.querySelectorAll("tr[data-puzzle]")) {
      try { localStorage.removeItem(store + row.getAttribute("data-puzzle")); } catch (e) {}
    }
    fill();
  });
  fill();
})();
"""


class ProgressOverview:
    """A table of every bundled puzzle with the learner's stars (HTML for the book).

    In a browser page the stars come from localStorage (where the book's puzzles keep
    them); ``records`` (e.g. :func:`read_progress` in JupyterLab) fills them in
    beforehand. ``links`` maps a puzzle id to the page that shows it.
    """

    def __init__(self, records: dict[str, Any] | None = None,
                 links: dict[str, str] | None = None) -> None:
        self.records = records or {}
        self.links = links or {}

    def _repr_html_(self) -> str:
        import html
        import uuid

        root = "mtl-progress-" + uuid.uuid4().hex[:12]
        rows = []
        for p in bundled():
            rec = self.records.get(p.id) or {}
            k = int(rec.get("stars", 0)) if rec.get("solved") else 0
            shown = ("★" * k + "☆" * (3 - k)) if rec.get("solved") else "not solved"
            title = html.escape(p.title)
            link = self.links.get(p.id)
            cell = f'<a href="{html.escape(link)}">{title}</a>' if link else title
            rows.append(f'<tr data-puzzle="{html.escape(p.id)}"><td>{cell}</td>'
                        f"<td>{html.escape(FAMILIES[p.family])}</td><td>{p.level}</td>"
                        f"<td>{html.escape(p.kind)}</td>"
                        f'<td class="mtl-progress-stars mtl-stars">{shown}</td></tr>')
        style = ("<style>.mtl-progress-table{border-collapse:collapse;width:100%}"
                 ".mtl-progress-table th,.mtl-progress-table td{text-align:left;"
                 "padding:.25rem .5rem;border-bottom:1px solid #ccc}"
                 ".mtl-progress-stars{color:#7a5600;letter-spacing:.05em}"
                 "html[data-theme=dark] .mtl-progress-stars{color:#e8b84a}</style>")
        return (f'<div id="{root}" class="mtl-progress">{style}'
                f'<p class="mtl-progress-summary"></p>'
                f'<table class="mtl-progress-table"><thead><tr><th>Puzzle</th><th>Set</th>'
                f"<th>Level</th><th>Kind</th><th>Your best</th></tr></thead>"
                f'<tbody>{"".join(rows)}</tbody></table>'
                f'<button type="button" class="mtl-progress-reset">Reset all puzzle progress'
                f"</button>"
                f'<script type="module">{_OVERVIEW_JS.replace("ROOT_ID", root)}</script>'
                f"</div>")



def progress_path() -> Path:
    """The learner's progress file in JupyterLab: ``<Jupyter data dir>/mtlearn/progress.json``.

    Uses ``jupyter_core`` when present (``JUPYTER_DATA_DIR`` is honoured by it), else
    ``~/.local/share/jupyter``.
    """
    env = os.environ.get("MTLEARN_PROGRESS")
    if env:
        return Path(env)
    try:
        from jupyter_core.paths import jupyter_data_dir

        base = Path(jupyter_data_dir())
    except ImportError:  # pragma: no cover - jupyter_core comes with JupyterLab
        base = Path(os.environ.get("JUPYTER_DATA_DIR") or
                    Path.home() / ".local" / "share" / "jupyter")
    return base / "mtlearn" / "progress.json"


def read_progress(path: Path | None = None) -> dict[str, Any]:
    """Every puzzle's saved record, keyed by puzzle id ({} when there is none)."""
    p = path or progress_path()
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    recs = data.get("puzzles") if isinstance(data, dict) else None
    return recs if isinstance(recs, dict) else {}


def write_progress(puzzle_id: str, record: dict[str, Any] | None,
                   path: Path | None = None) -> None:
    """Save (or, with None, forget) one puzzle's record; written atomically."""
    p = path or progress_path()
    recs = read_progress(p)
    if record is None:
        recs.pop(puzzle_id, None)
    else:
        recs[puzzle_id] = record
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(".tmp")
    tmp.write_text(json.dumps({"format": "mtlearn/progress", "version": 1, "puzzles": recs},
                              indent=1, sort_keys=True), encoding="utf-8")
    os.replace(tmp, p)
