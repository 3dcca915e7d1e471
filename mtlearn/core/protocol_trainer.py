"""The intents the puzzle trainer's page sends (:data:`TrainerIntent`), with its clock.

The trainer plays the puzzles' own intents (:data:`~mtlearn.core.protocol.PuzzleIntent`:
a move, an answer, restart, show) and its own (the next puzzle, the daily puzzle, a hint
opened, a file to import); every one of them carries the page's clock (``now``), from which
the trainer counts the learner's day and the replays. Written into the JSON Schema and
``protocol.d.ts`` with the rest of the protocol (:mod:`mtlearn.core.protocol_schema`).
Standard library only.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .protocol import PuzzleAnswerIntent, PuzzleMoveIntent, PuzzleSimpleIntent

__all__ = ["EXPORTS", "TrainerAnswerIntent", "TrainerClock", "TrainerHintIntent",
           "TrainerImportIntent", "TrainerIntent", "TrainerMoveIntent", "TrainerPuzzleIntent",
           "TrainerSimpleIntent"]


class TrainerClock(TypedDict, total=False):
    """The page's clock, sent with every trainer intent: seconds since 1970 (the day and
    the replays are counted from it)."""
    now: float


class TrainerMoveIntent(PuzzleMoveIntent, TrainerClock):
    """One move of a sequence puzzle, in the trainer."""


class TrainerAnswerIntent(PuzzleAnswerIntent, TrainerClock):
    """A whole answer to the trainer's puzzle."""


class TrainerPuzzleIntent(PuzzleSimpleIntent, TrainerClock):
    """Start the trainer's puzzle again, show its answer."""


class _TrainerSimpleIntent(TypedDict):
    action: Literal["next", "daily"]


class TrainerSimpleIntent(_TrainerSimpleIntent, TrainerClock):
    """The next puzzle, or today's daily puzzle."""


class _TrainerHintIntent(TypedDict):
    action: Literal["hint"]
    n: int


class TrainerHintIntent(_TrainerHintIntent, TrainerClock):
    """The learner opened hint ``n`` (a solve after a hint counts as a draw)."""


class _TrainerImportIntent(TypedDict):
    action: Literal["import"]
    text: str


class TrainerImportIntent(_TrainerImportIntent, TrainerClock):
    """A trainer file to read (its text); refused, with the field named, if it is bad."""


TrainerIntent = (TrainerMoveIntent | TrainerAnswerIntent | TrainerPuzzleIntent
                 | TrainerSimpleIntent | TrainerHintIntent | TrainerImportIntent)


#: The named types written to the schema and the TypeScript types.
EXPORTS: dict[str, Any] = {"TrainerIntent": TrainerIntent}
