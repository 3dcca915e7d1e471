"""The bots a board session can name (and so hand to another host): the built-in ones by
kind, with the checks on a bot given by name or as an object.

Split from :mod:`mtlearn.hosts.session`, which re-exports :data:`BOT_KINDS` and
:class:`SeededRandomBot`. Standard library only.
"""

from __future__ import annotations

import random
from typing import Any, cast

from ..core.errors import SessionError
from ..core.moves import Move
from ..core.words import one_line
from ..engine.game import Game
from ..play.bots import Bot, GreedyBot, PlannerBot
from ..play.expert import ExpertBot

__all__ = ["BOT_KINDS", "SeededRandomBot", "bot_kind", "bot_name", "make_bot"]


class SeededRandomBot:
    """A random bot whose choice depends only on the position (seed, round, moves so far).

    Unlike :class:`~mtlearn.RandomBot` it keeps no state between moves, so a
    session replays identically after an undo and in every host.
    """

    def choose(self, game: Game) -> Move:
        """Pick a random legal move, seeded by the position."""
        moves = list(game.legal_moves)
        if not moves:
            raise ValueError("no legal move: the round is over")
        rng = random.Random(f"{game.seed}/{game.round_no}/{len(game.history)}")
        return moves[rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return "SeededRandomBot()"


#: Bots a session can name (and so hand to another host): name -> factory.
#: The expert's moves depend only on the position it sees (a fixed number of deals, seeded
#: by its view), so a session with it replays the same after an undo.
BOT_KINDS: dict[str, type] = {"expert": ExpertBot, "planner": PlannerBot, "greedy": GreedyBot,
                              "random": SeededRandomBot}


def bot_name(bot: Any) -> str | None:
    """The kind of a built-in bot with its default settings, else None."""
    for name, cls in BOT_KINDS.items():
        if type(bot) is cls and repr(bot) == repr(cls()):  # the default settings only
            return name
    return None


def make_bot(bot: Any) -> Bot:
    """A bot given by kind (``"greedy"``…) or as an object with ``choose(game)``."""
    if isinstance(bot, str):
        if bot in BOT_KINDS:
            return cast(Bot, BOT_KINDS[bot]())
        raise SessionError(f"unknown bot {bot!r}: use 'expert', 'planner', 'greedy', 'random' "
                           "or a Bot object")
    if not callable(getattr(bot, "choose", None)):
        raise SessionError(f"{one_line(repr(bot))} is not a bot: it needs a choose(game) method")
    return cast(Bot, bot)


def bot_kind(name: str, value: Any) -> str:
    """``value`` checked as a bot kind of :data:`BOT_KINDS` (argument ``name``)."""
    if not isinstance(value, str) or value not in BOT_KINDS:
        raise SessionError(f"{name}: {one_line(repr(value))} is not a bot kind (use one of "
                           f"{', '.join(BOT_KINDS)})")
    return value
