"""The puzzle record: what a checked puzzle holds, and what the front end is shown of it.

A :class:`~mtlearn.content.puzzles.Puzzle` is built by
:func:`mtlearn.content.puzzles.from_data` from a puzzle file. It holds the metadata, the
position (a :class:`~mtlearn.Game`) and the goal. Its judging methods
(:meth:`~mtlearn.content.puzzles.Puzzle.judge`,
:meth:`~mtlearn.content.puzzles.Puzzle.truth`,
:meth:`~mtlearn.content.puzzles.Puzzle.solutions`) are the functions of
:mod:`mtlearn.content.puzzle_goals`. Its front-end methods give the board view without
giveaways, the question and hints, the example answer in words and on the board, and, for a
page without an engine, every answer precomputed by the engine.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, NoReturn

from ..core.moves import Move, train_code
from ..core.protocol import View
from ..core.rules import Rules
from ..core.tiles import Tile
from ..engine.game import Game
from ..present.view import describe_move, view
from . import puzzle_goals as goals
from .puzzle_goals import Feedback, move_text, train_key
from .scenario_yaml import ScenarioError

__all__ = ["FAMILIES", "KINDS", "MAX_PRECOMPUTED", "Puzzle", "PuzzleError", "Wrong",
           "move_highlights", "star_table", "stars_for"]

#: Most answers a page without an engine may carry for a move or sequence puzzle.
MAX_PRECOMPUTED = 4000


class PuzzleError(ScenarioError):
    """A puzzle file that is malformed or does not prove; names file, line and field."""

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


def stars_for(slips: int, par: int) -> int:
    """The stars a solved puzzle earns: 3 with at most ``par`` slips (wrong or refused
    answers plus hints taken), then one fewer per slip over par, never fewer than 1.
    (Seeing the answer earns none; the front end does not call this then.)"""
    return max(1, 3 - max(0, slips - max(0, par)))


def star_table(par: int) -> list[int]:
    """:func:`stars_for` as the front end receives it (``info()["stars"]``): entry ``i``
    is the stars for ``i`` slips; the last entry holds for any number of slips beyond."""
    return [stars_for(slips, par) for slips in range(max(0, par) + 3)]


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

    # ------------------------------------------------------------------ judging
    def judge(self, answer: Any) -> Feedback:
        """Judge a complete answer (see :data:`KINDS` for its shape)."""
        return goals.judge(self, answer)

    def misfit(self, t: Tile, end: int) -> Feedback:
        """The refusal for a tile that does not fit a planned train's open end."""
        return goals.misfit(t, end)

    def goal_start(self) -> int:
        """For a plan: the number the train starts from (given, or the own train's end)."""
        return goals.goal_start(self)

    def truth(self) -> Any:
        """What the engine says the answer is, for choose, number and plan puzzles."""
        return goals.truth(self)

    def options(self) -> list[dict[str, str]]:
        """The choices a ``choose`` puzzle offers (value and label)."""
        return goals.options(self)

    def solutions(self, limit: int = 200) -> list[Any]:
        """Answers that meet the goal, found by search (at most ``limit``)."""
        return goals.solutions(self, limit)

    # ------------------------------------------------------------------ the answer shown
    def example_frames(self) -> list[View]:
        """Board views along the example answer (for "show me the answer")."""
        g = self.start()
        frames = []
        if self.kind in ("move", "sequence"):
            moves = [self.answer] if isinstance(self.answer, str) else list(self.answer)
            for a in moves:
                m = g.push(move_text(a))
                frames.append(self.view(g, highlights=move_highlights(m)))
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
            frames.append(self.view(goals.after_goal(self, g)))
        return frames

    def answer_text(self) -> str:
        """The example answer in words."""
        a = self.answer
        if self.kind in ("move", "sequence", "all-moves"):
            moves = [a] if isinstance(a, str) else list(a)
            g = self.start()
            words = []
            for x in moves:
                m = Move.parse(move_text(x))
                words.append(describe_move(g, g.explain(m).move or m))
                if self.kind != "all-moves":
                    g.push(m)
            return "; ".join(words) + "."
        if self.kind == "choose" and self.goal["ask"] == "open_trains":
            return ", ".join(self.game.train_label(train_key(c, self.game.n))
                             for c in self.truth()) + "."
        if self.kind == "choose":
            return f"{self._name(self.truth())}."
        if self.kind == "plan":
            return " ".join(_chain_texts(self.truth(), self.goal_start())) + "."
        return f"{self.truth()}."

    # ------------------------------------------------------------------ front end
    def view(self, game: Game | None = None, *,
             highlights: dict[str, list[str]] | None = None) -> View:
        """The board view of the puzzle (or of ``game``), without giveaways."""
        g = self.game if game is None else game
        v = view(g, perspective=self.perspective, highlights=highlights)
        v["hint"] = None
        if self.kind in ("number", "plan", "choose"):
            v["description"] = _strip_points(v["description"])
        return v

    def after_view(self, moves: list[str]) -> View:
        """The board after ``moves`` from the start, the last one highlighted: what the
        learner sees once a move is played (a right answer, or a step of a sequence)."""
        g = self.start()
        applied = None
        for m in moves:
            text = move_text(m)
            applied = g.push(g.explain(text).move or text)   # as the judge read it
        return self.view(g, highlights=move_highlights(applied))

    def info(self) -> dict[str, Any]:
        """What the front end shows: question, hints, kind, options (no answers)."""
        g = self.game
        return {
            "id": self.id, "title": self.title, "family": self.family,
            "family_title": FAMILIES[self.family], "level": self.level,
            "teaches": list(self.teaches), "question": self.question, "kind": self.kind,
            "hints": list(self.hints), "par": self.par, "stars": star_table(self.par),
            "options": self.options(),
            "multi": self.kind == "choose" and self.goal["ask"] == "open_trains",
            "seat": self.seat + 1, "player": self._name(self.seat),
            "plan_from": self.goal_start() if self.kind == "plan" else None,
            "plan_hand": [str(t) for t in g.hand(self.seat)] if self.kind == "plan" else None,
        }

    def precomputed(self, max_nodes: int = MAX_PRECOMPUTED) -> dict[str, Any]:
        """Every answer a page without an engine may need, judged by the engine.

        ``move``: move -> feedback for each hand tile on each train, draw and pass.
        ``sequence``: a tree of such tables, each legal move with the view after it.
        ``all-moves``: per-move verdicts, the legal list and the "missing" texts.
        ``choose``: option (or sorted, comma-joined set of trains) -> feedback.
        ``number``: the value, with the right and wrong feedback.
        ``plan``: the hand, where the train starts, a refusal for each misfit.

        Raises :class:`PuzzleError` when a move or sequence puzzle has more than
        ``max_nodes`` answers to judge (a page would be megabytes of tables).
        """
        budget = [max_nodes]
        if self.kind == "sequence":
            self._count_answers(self.start(), [max_nodes])   # refuse before judging
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
                    "missing": {str(k): goals.all_moves_verdict(self, g, k).to_dict()
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
                "right": goals.judge_plan(self, _chain_texts(best, self.goal_start())
                                          ).to_dict(),
                "short": {str(k): Feedback("wrong", goals.plan_short_text(self, k)).to_dict()
                          for k in range(len(best))}}

    def _count_answers(self, g: Game, budget: list[int]) -> None:
        """Count the entries a sequence's table would hold (without judging them), and
        raise :class:`PuzzleError` once they pass the budget."""
        seat = g.current
        cands = _candidates(g)
        budget[0] -= len(cands)
        if budget[0] < 0:
            self._too_big()
        for m in cands:
            if g.explain(m).legal:
                h = g.copy()
                h.push(m)
                if not h.over and h.current == seat:
                    self._count_answers(h, budget)

    def _too_big(self) -> NoReturn:
        raise PuzzleError(self.source, self.lines.get("goal"), "position", (
            f"a page without an engine carries at most {MAX_PRECOMPUTED:,} judged "
            f"answers, and this {self.kind} puzzle has more: give the player fewer "
            f"tiles, or ask about fewer moves"))

    def _move_table(self, g: Game, prefix: list[str] | None,
                    budget: list[int]) -> dict[str, Any]:
        table: dict[str, Any] = {}
        seat = g.current
        for m in _candidates(g):
            budget[0] -= 1
            if budget[0] < 0:
                self._too_big()
            key = str(m)
            answer = key if prefix is None else [*prefix, key]
            fb = self.judge(answer)
            entry: dict[str, Any] = {"fb": fb.to_dict()}
            # a sequence shows every legal move on the board; a move puzzle only the right
            # one (a wrong answer leaves the board as it was, to be tried again)
            if fb.status != "illegal" and (prefix is not None or fb.status == "right"):
                h = g.copy()
                applied = h.push(key)
                entry["view"] = self.view(h, highlights=move_highlights(applied))
                if (prefix is not None and fb.status == "continue" and not h.over
                        and h.current == seat):
                    entry["next"] = self._move_table(h, [*prefix, key], budget)
            table[key] = entry
        return table

    def state(self) -> dict[str, Any]:
        """The widget state of a page without a kernel: info, view, the precomputed answers,
        and the session spec the in-page engine opens
        (:meth:`~mtlearn.content.puzzles.PuzzleSession.from_spec`)."""
        out = {"puzzle": self.info(), "view": self.view(), "answers": self.precomputed(),
               "solution": {"text": self.answer_text(), "frames": self.example_frames()}}
        if self.data is not None:
            out["session"] = {"kind": "puzzle", "source": self.source,
                              "data": json.loads(json.dumps(self.data))}
        return out



# ---------------------------------------------------------------------- helpers
def move_highlights(move: Move | None) -> dict[str, list[str]]:
    """Highlights for a move just played: its tile and its train."""
    return {"tiles": [str(move.tile)] if move is not None and move.tile else [],
            "trains": [train_code(move.train)]
            if move is not None and move.train is not None else []}


def _strip_points(text: str) -> str:
    return re.sub(r", \d+ points\)", ")", text)


def _chain_texts(tiles: list[Tile], start: int) -> list[str]:
    out = []
    end = start
    for t in tiles:
        out.append(f"{end}-{t.other(end)}")
        end = t.other(end)
    return out


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


