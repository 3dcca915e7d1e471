"""Judging a puzzle's answers: the goal kind's judge, truth and solutions, and the feedback.

A puzzle's goal is a predicate evaluated by the engine, never a list of right answers.
Each kind of goal is a class of its own in :mod:`mtlearn.content.goals` (one module per
kind), which this module looks up by the puzzle's ``kind``. ``judge`` plays or checks an
answer on a copy of the puzzle's position and returns a
:class:`~mtlearn.content.puzzles.Feedback`: right, wrong (legal, but it misses the goal,
and the words say how), illegal (the engine's refusal and rule id), a sequence to
continue, or not an answer at all. ``truth`` is what the engine says for the kinds with
one right answer (choose, number, plan); ``solutions`` searches for answers that meet a
goal (used to prove a puzzle file). :class:`~mtlearn.content.puzzles.Puzzle` offers these
as its methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .goals import goal_kind
from .goals.goal_kind import Feedback, after_goal, move_text, seat_of, train_key
from .goals.number_goal import whole_number

if TYPE_CHECKING:
    from .puzzle_record import Puzzle

__all__ = ["Feedback", "after_goal", "judge", "move_text", "options", "seat_of",
           "solutions", "train_key", "truth", "whole_number"]


def judge(p: Puzzle, answer: Any) -> Feedback:
    """Judge a complete answer to ``p`` (its shape: :data:`mtlearn.content.puzzles.KINDS`);
    an answer of the wrong shape is ``invalid``, with the reason."""
    try:
        return goal_kind(p.kind).judge(p, answer)
    except (TypeError, ValueError) as e:
        return Feedback("invalid", f"That is not an answer to this question: {e}")


def truth(p: Puzzle) -> Any:
    """What the engine says the answer is, for choose, number and plan puzzles (a
    ValueError for a kind judged move by move)."""
    return goal_kind(p.kind).truth(p)


def options(p: Puzzle) -> list[dict[str, str]]:
    """The choices a ``choose`` puzzle offers (value and label); none for other kinds."""
    return goal_kind(p.kind).options(p)


def solutions(p: Puzzle, limit: int = 200) -> list[Any]:
    """Answers that meet the goal, found by search (at most ``limit``)."""
    return goal_kind(p.kind).solutions(p, limit)
