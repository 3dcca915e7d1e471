"""The puzzle trainer: Glicko-2 ratings for learner and puzzles, the next puzzle chosen near
the learner's rating and weak themes, a dashboard per theme, replays of missed puzzles on
a spaced schedule, a daily puzzle and streaks (issue 31).

The model is :class:`~mtlearn.trainer.trainer.Trainer` (``Trainer(state, pool).next()``,
``.record(puzzle_id, result, now)``, ``.dashboard()``, ``.export()``), its state a JSON
object (:mod:`mtlearn.trainer.trainer_state`); :mod:`mtlearn.trainer.trainer_session`
serves it to the front end through the hosts' session protocol. Standard library only
(Pyodide runs it).
"""

from .glicko2 import Rating, rate
from .trainer import Entry, Pick, Pool, Trainer, puzzle_themes, theme_label
from .trainer_state import TrainerStateError, load_state, new_state

__all__ = ["Entry", "Pick", "Pool", "Rating", "Trainer", "TrainerStateError", "load_state",
           "new_state", "puzzle_themes", "rate", "theme_label"]
