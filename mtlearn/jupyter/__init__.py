"""The notebook boards: anywidget classes whose front end is ``mtlearn/static/``.

The only layer that imports anywidget and traitlets; it sits on ``hosts`` (a widget is a
board session with a model). anywidget is an optional extra:
``pip install "mexican-train-learn[jupyter]"`` (it brings the ``content`` extra, PyYAML, too).

The widgets are importable from here (``from mtlearn.jupyter import Board``); they live in
:mod:`mtlearn.jupyter.widgets` (the puzzle trainer in :mod:`mtlearn.jupyter.trainer_widget`).
"""

from .trainer_widget import Trainer
from .widgets import Board, Puzzle, PuzzleSet, ScenarioPlayer

__all__ = ["Board", "Puzzle", "PuzzleSet", "ScenarioPlayer", "Trainer"]
