"""mtlearn: learn the domino game Mexican Train.

The rules engine (stdlib only)::

    >>> from mtlearn import Game
    >>> game = Game.new(4, seed=1)          # 4 players, double-12, standard rules
    >>> move = next(iter(game.legal_moves))
    >>> game.push(move)                     # doctest: +ELLIPSIS
    Move.parse(...)

Rule ids (``R-MARK-1`` …) refer to the rules reference of the book.

The package is built in layers; each imports only the layers above it in this list
(``tests/test_layers.py`` holds them to it):

=============  ==============================================================
``core``       tiles, moves, rules and options, rule ids, errors
``engine``     the round's state, legal moves, push/pop, verdicts, scores
``play``       the planner, the bots, simulations
``present``    what a seat may see, the JSON view, plain-text and HTML output
``content``    scenarios and puzzles read from files (the only user of PyYAML)
``trainer``    the puzzle trainer: ratings, next puzzle, dashboard (issue 31)
``hosts``      board sessions, the JSON session host, standalone pages
``jupyter``    the notebook widgets (the only user of anywidget and traitlets)
``cli``        the ``mtlearn`` command
=============  ==============================================================

The names below are the public API; every module has one path, its layer's
(``mtlearn.engine.game``, ``mtlearn.content.scenario`` …), and the notebook boards are
importable from ``mtlearn.jupyter``. This module imports the standard library only.
"""

from .core.errors import (
    GameFileError,
    IllegalMoveError,
    MtlearnError,
    NotSupportedError,
    PositionError,
    RulesError,
)
from .core.moves import MEXICAN, Move
from .core.rules import PRESETS, Rules, hand_size, preset, usual_set
from .core.tiles import SETS, Tile, full_set, set_size, suit_count
from .engine.game import Game, LegalMoves, TrainState, Verdict, register_drawing
from .engine.variants import BranchState
from .play.bots import GreedyBot, PlannerBot, RandomBot, play_match, play_round
from .play.plan import Plan, longest_train

#: The one version number (pyproject.toml reads it; `mtlearn --version` shows it).
__version__ = "0.2.0"

__all__ = [
    "MEXICAN",
    "PRESETS",
    "SETS",
    "BranchState",
    "Game",
    "GameFileError",
    "GreedyBot",
    "IllegalMoveError",
    "LegalMoves",
    "Move",
    "MtlearnError",
    "NotSupportedError",
    "Plan",
    "PlannerBot",
    "PositionError",
    "RandomBot",
    "Rules",
    "RulesError",
    "Tile",
    "TrainState",
    "Verdict",
    "full_set",
    "hand_size",
    "longest_train",
    "play_match",
    "play_round",
    "preset",
    "set_size",
    "suit_count",
    "usual_set",
]


# A game draws itself (``str(game)``, a notebook's ``_repr_html_``) with functions the
# engine looks up when asked: they are registered here, at the top of the stack, so the
# engine imports no layer above its own. Each imports its layer on the first drawing only
# (importing mtlearn and playing loads no presentation module).
def _game_text(game: Game) -> str:
    from .present.text import render
    return render(game)


def _game_board(game: Game) -> str:
    """The position as a live board: a copy of the game is played, so the board never
    changes this one."""
    from .hosts.pages import board_state
    from .hosts.session import BoardSession
    from .present.htmlout import standalone_html
    return standalone_html("board", board_state(BoardSession(game.copy())))


register_drawing("text", _game_text)
register_drawing("html", _game_board)
