"""mtlearn: learn the domino game Mexican Train.

The rules engine (stdlib only)::

    >>> from mtlearn import Game
    >>> game = Game.new(4, seed=1)          # 4 players, double-12, standard rules
    >>> move = next(iter(game.legal_moves))
    >>> game.push(move)                     # doctest: +ELLIPSIS
    Move.parse(...)

Rule ids (``R-MARK-1`` …) refer to the rules reference of the book.
"""

from .bots import GreedyBot, PlannerBot, RandomBot, play_match, play_round
from .errors import (
    GameFileError,
    IllegalMoveError,
    MtlearnError,
    NotSupportedError,
    PositionError,
    RulesError,
)
from .game import Game, LegalMoves, TrainState, Verdict
from .moves import MEXICAN, Move
from .plan import Plan, longest_train
from .rules import PRESETS, Rules, hand_size, preset, usual_set
from .tiles import SETS, Tile, full_set, set_size, suit_count
from .variants import BranchState

__version__ = "0.1.0"

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
