"""Where mined puzzles come from: tables (rules, players, set) and positions on them.

:data:`TABLES` lists the tables the miner deals at: the standard game and every variant
of :mod:`mtlearn.engine.variants` (branching doubles, Swan Drive, partnerships), plus a
few rule options that change the answers (answer the double, blanks count 25).
:func:`random_position` deals a round and plays it forward a random number of moves with
the existing bots (:mod:`mtlearn.play.bots`): a few moves for a "random" position, many
for a "played" one. Everything is drawn from the ``random.Random`` it is given, so a seed
gives the same positions on any machine and in any process.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from ..core.rules import Rules
from ..engine.game import Game
from ..play.bots import GreedyBot, PlannerBot, RandomBot

__all__ = ["TABLES", "Table", "deal", "pick_table", "random_position"]


class Table(NamedTuple):
    """A table the miner deals at: its rules (as in a puzzle file), seats and set."""

    name: str
    rules: dict[str, Any]
    players: tuple[int, ...]
    sets: tuple[int, ...]
    weight: int


#: The tables, each with how often it is chosen (standard most often).
TABLES: tuple[Table, ...] = (
    Table("standard", {"preset": "standard"}, (2, 3, 4), (9, 12), 6),
    Table("branching", {"preset": "standard", "branching": True}, (3, 4), (9, 12), 2),
    Table("swan-drive", {"preset": "standard", "swan_drive": True}, (3, 4), (9, 12), 2),
    Table("teams", {"preset": "standard", "teams": True}, (4,), (9, 12), 2),
    Table("answer-double", {"preset": "standard", "double_bonus": "on-double"}, (3, 4),
          (9, 12), 1),
    Table("blanks-25", {"preset": "standard", "scoring": "blanks-25"}, (3, 4), (9, 12), 1),
)


def pick_table(rng: random.Random) -> Table:
    """A table, drawn by weight."""
    return rng.choices(TABLES, weights=[t.weight for t in TABLES])[0]


def deal(rng: random.Random, table: Table | None = None) -> Game:
    """A fresh round at ``table`` (drawn if None), seeded from ``rng``."""
    t = table or pick_table(rng)
    n = rng.choice(t.players)
    game = Game.new(n, set=rng.choice(t.sets), rules=Rules.from_dict(dict(t.rules)),
                    seed=rng.randrange(10**9))
    return game


def random_position(rng: random.Random, table: Table | None = None, *,
                    max_moves: int = 60) -> tuple[Game, Table]:
    """A position part-way through a round: dealt, then played forward by bots (a
    planner, a greedy and a random player, chosen per seat) for 0 to ``max_moves``
    moves; the round is not over."""
    t = table or pick_table(rng)
    game = deal(rng, t)
    bots = [rng.choice((PlannerBot(), GreedyBot(), RandomBot(rng.randrange(10**9))))
            for _ in range(game.n)]
    steps = rng.randrange(max_moves + 1)
    for _ in range(steps):
        if game.over:
            break
        game.push(bots[game.current].choose(game))
    if game.over:
        game.pop()
    return game, t

