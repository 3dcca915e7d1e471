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

This module is the puzzles' public face; the work is done in these modules, which
import one another in this order only (none imports this one):

* :mod:`mtlearn.content.goals`: the kinds of goal, one class per kind in a module of its
  own (reading the goal, judging, the engine's truth, the answers stored for a page, the
  answer widget), found by a registry;
* :mod:`mtlearn.content.puzzle_judging`: judging answers through the puzzle's kind of goal
  (the engine's truth, the solutions, :class:`Feedback`);
* :mod:`mtlearn.content.puzzle_record`: the :class:`Puzzle` record and what the front end is
  shown of it;
* :mod:`mtlearn.content.puzzle_files`: reading, checking and proving puzzle files, and the
  bundled puzzles;
* :mod:`mtlearn.content.puzzle_session`: the learner's session and saved progress.

A bundled puzzle's rating is its file's, unless the ratings learned from classes
(``mtlearn/puzzles/ratings.json``, :mod:`mtlearn.content.puzzle_rates`) hold one for it:
:func:`bundled` and :func:`get` then give a copy carrying that one, which is what the
trainer's pool reads (:mod:`mtlearn.content.puzzle_files` keeps the files' own).

Nothing here needs more than the standard library once a puzzle is read (the in-page
engine runs it from JSON); reading YAML uses :mod:`mtlearn.content.scenario_yaml`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import puzzle_files as _files
from . import puzzle_record as _record
from .puzzle_files import LineOf as LineOf
from .puzzle_files import PuzzleError, check, from_data, load, load_text
from .puzzle_files import is_puzzle_text as is_puzzle_text
from .puzzle_judging import Feedback
from .puzzle_rates import overrides
from .puzzle_record import Puzzle
from .puzzle_record import Wrong as Wrong
from .puzzle_session import (
    ProgressError,
    ProgressOverview,
    ProgressWarning,
    PuzzleSession,
    progress_path,
    read_progress,
    write_progress,
)

__all__ = [
    "FAMILIES",
    "KINDS",
    "Feedback",
    "ProgressError",
    "ProgressOverview",
    "ProgressWarning",
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

#: Puzzle families, in teaching order: the name used in files, and its title.
FAMILIES = _record.FAMILIES

#: Kinds of puzzle and what the learner answers.
KINDS = _record.KINDS

#: The bundled puzzles with their learned ratings, and the overrides they were made with.
_RATED: list[Any] = [None, []]


def bundled() -> list[Puzzle]:
    """Every puzzle shipped with mtlearn, by family then level (read once, cached), each
    with its learned rating if :func:`~mtlearn.content.puzzle_rates.overrides` holds one
    (a copy of the file's puzzle, made once)."""
    shipped = _files.bundled()
    learned = overrides()
    if not learned:
        return shipped
    if _RATED[0] is not learned:
        _RATED[:] = [learned, [replace(p, rating=learned[p.id].rating)
                               if p.id in learned and learned[p.id].rating != p.rating
                               else p for p in shipped]]
    return list(_RATED[1])


def get(puzzle_id: str) -> Puzzle:
    """The bundled puzzle with this id (with its learned rating, as :func:`bundled`)."""
    for p in bundled():
        if p.id == puzzle_id:
            return p
    raise KeyError(f"no bundled puzzle {puzzle_id!r}; see `mtlearn list`")
