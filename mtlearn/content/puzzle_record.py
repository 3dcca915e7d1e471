"""The puzzle record: what a checked puzzle holds, and what the front end is shown of it.

A :class:`~mtlearn.content.puzzles.Puzzle` is built by
:func:`mtlearn.content.puzzles.from_data` from a puzzle file. It holds the metadata, the
position (a :class:`~mtlearn.Game`) and the goal. Its judging methods
(:meth:`~mtlearn.content.puzzles.Puzzle.judge`,
:meth:`~mtlearn.content.puzzles.Puzzle.truth`,
:meth:`~mtlearn.content.puzzles.Puzzle.solutions`) are the functions of
:mod:`mtlearn.content.puzzle_judging`. Its front-end methods give the board view without
giveaways, the question and hints, the example answer in words and on the board, and, for a
page without an engine, every answer precomputed by the engine. Whatever depends on the
kind of goal is asked of the puzzle's :attr:`~mtlearn.content.puzzles.Puzzle.goal_kind`
(:mod:`mtlearn.content.goals`, one class per kind).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, NoReturn

from ..core.protocol import View
from ..core.rules import Rules
from ..core.tiles import Tile
from ..engine.game import Game
from ..present.view import view
from . import puzzle_judging as goals
from .goals import KINDS as _KINDS
from .goals import GoalKind, goal_kind, plan_goal
from .goals.goal_kind import Feedback, move_highlights, move_text
from .scenario_yaml import ScenarioError
from .stars import star_table, stars_for

__all__ = ["FAMILIES", "KINDS", "MAX_PRECOMPUTED", "MAX_RATING", "MIN_RATING", "Puzzle",
           "PuzzleError", "Wrong", "default_rating", "move_highlights", "star_table",
           "stars_for"]

#: The range of a puzzle's starting rating (Glicko-2 scale).
MIN_RATING, MAX_RATING = 400, 3000


def default_rating(level: int) -> int:
    """The starting rating of a puzzle that names none: level 1 is 900, each level +200."""
    return 700 + 200 * level

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

#: Kinds of puzzle and what the learner answers (one entry per registered goal kind,
#: :mod:`mtlearn.content.goals`).
KINDS = _KINDS


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
    #: Strategy themes beyond the rule ids of ``teaches`` (``open-double``, ``fewest-points``…).
    themes: list[str] = field(default_factory=list)
    #: The puzzle's starting rating (Glicko-2 scale, 1500 is average): the trainer's seed.
    rating: int = 1500

    @property
    def all_themes(self) -> list[str]:
        """Every theme of the puzzle: the rule ids it teaches, then its strategy themes."""
        return [*self.teaches, *(t for t in self.themes if t not in self.teaches)]

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

    @property
    def goal_kind(self) -> GoalKind:
        """The puzzle's kind of goal (:mod:`mtlearn.content.goals`): what reads, judges and
        shows it."""
        return goal_kind(self.kind)

    # ------------------------------------------------------------------ judging
    def judge(self, answer: Any) -> Feedback:
        """Judge a complete answer (see :data:`KINDS` for its shape)."""
        return goals.judge(self, answer)

    def misfit(self, t: Tile, end: int) -> Feedback:
        """The refusal for a tile that does not fit a planned train's open end."""
        return plan_goal.misfit(t, end)

    def goal_start(self) -> int:
        """For a plan: the number the train starts from (given, or the own train's end)."""
        return plan_goal.goal_start(self)

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
        return self.goal_kind.example_frames(self)

    def answer_text(self) -> str:
        """The example answer in words."""
        return self.goal_kind.answer_text(self)

    # ------------------------------------------------------------------ front end
    def view(self, game: Game | None = None, *,
             highlights: dict[str, list[str]] | None = None) -> View:
        """The board view of the puzzle (or of ``game``), without giveaways."""
        g = self.game if game is None else game
        v = view(g, perspective=self.perspective, highlights=highlights)
        v["hint"] = None
        if self.goal_kind.hides_points:
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
        """What the front end shows: question, hints, kind, the answer widget's id, and
        the fields that widget reads (options…; no answers)."""
        kind = self.goal_kind
        return {
            "id": self.id, "title": self.title, "family": self.family,
            "family_title": FAMILIES[self.family], "level": self.level,
            "teaches": list(self.teaches), "themes": self.all_themes,
            "rating": self.rating, "question": self.question, "kind": self.kind,
            "widget": kind.widget,
            "hints": list(self.hints), "par": self.par, "stars": star_table(self.par),
            "seat": self.seat + 1, "player": self._name(self.seat),
            **kind.front_fields(self),
        }

    def precomputed(self, max_nodes: int = MAX_PRECOMPUTED) -> dict[str, Any]:
        """Every answer a page without an engine may need, judged by the engine: the
        goal kind's :meth:`~mtlearn.content.goals.goal_kind.GoalKind.stored_answers`.

        ``move``: move -> feedback for each hand tile on each train, draw and pass.
        ``sequence``: a tree of such tables, each legal move with the view after it.
        ``all-moves``: per-move verdicts, the legal list and the "missing" texts.
        ``choose``: option (or sorted, comma-joined set of trains) -> feedback.
        ``number``: the value, with the right and wrong feedback.
        ``plan``: the hand, where the train starts, a refusal for each misfit.

        Raises :class:`PuzzleError` when a move or sequence puzzle has more than
        ``max_nodes`` answers to judge (a page would be megabytes of tables).
        """
        return self.goal_kind.stored_answers(self, max_nodes)

    def too_big(self) -> NoReturn:
        """Raise the :class:`PuzzleError` of a puzzle with more answers than a page
        without an engine may carry (:data:`MAX_PRECOMPUTED`)."""
        raise PuzzleError(self.source, self.lines.get("goal"), "position", (
            f"a page without an engine carries at most {MAX_PRECOMPUTED:,} judged "
            f"answers, and this {self.kind} puzzle has more: give the player fewer "
            f"tiles, or ask about fewer moves"))

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
def _strip_points(text: str) -> str:
    return re.sub(r", \d+ points\)", ")", text)
