"""Deals of the hidden tiles: the positions a player cannot tell apart from the real one.

A player sees their own hand, the tiles on the table, how many tiles each other player holds
and how many are left in the boneyard. Every tile of the set that is not in their hand or on
the table (nor the centre double) is *hidden*: it is in another hand or in the boneyard, and
the player cannot say where. :func:`sampled_deal` deals the hidden tiles afresh, at random:
the same hand sizes, the boneyard in a new order, everything else as it is.

The hidden tiles are worked out from what the player sees (:func:`hidden_tiles`), never read
from the other hands or the boneyard, and put in a fixed order before the shuffle, so a deal
depends only on the player's view and the random generator: two positions that look the same
from the seat give the same deals. The expert (:mod:`mtlearn.play.expert`) searches over
these deals.

Not used (yet): what a draw or a pass reveals (the player held nothing that fitted then).
"""

from __future__ import annotations

import random
from typing import Any

from ..core.tiles import Tile, full_set
from ..engine.game import Game

__all__ = ["dealt", "hidden_tiles", "sampled_deal", "seen_position"]


def _table_tiles(game: Game) -> list[Tile]:
    """Every tile laid on a train or a branch of one (R-VAR-BRANCH)."""
    out: list[Tile] = []
    for key in game.train_keys():
        out.extend(t for t, _ in game.train(key).tiles)
        for b in game.branches(key):
            out.extend(t for t, _ in b.tiles)
    return out


def hidden_tiles(game: Game, seat: int) -> list[Tile]:
    """The tiles ``seat`` cannot see, lowest first: the full set less the centre double,
    the seat's own hand and the tiles on the table (worked out from what the seat sees)."""
    seen = {Tile(game.engine, game.engine), *game.hand(seat), *_table_tiles(game)}
    hidden = [t for t in full_set(game.set_max) if t not in seen]
    expected = sum(len(game.hand(s)) for s in range(game.n) if s != seat) + game.boneyard_size
    if len(hidden) != expected:
        raise RuntimeError(f"{len(hidden)} tiles unseen by seat {seat + 1}, but {expected} in "
                           f"the other hands and the boneyard: a tile is missing from the view")
    return hidden


def seen_position(game: Game, seat: int) -> dict[str, Any]:
    """The position as ``seat`` may know it: :meth:`~mtlearn.Game.to_position` with every
    other hand and the boneyard emptied of tiles (their sizes are in ``"sizes"``)."""
    pos = game.to_position()
    sizes = [len(h) for h in pos["hands"]]
    pos["hands"] = [h if s == seat else [] for s, h in enumerate(pos["hands"])]
    pos["boneyard"] = []
    return {"position": pos, "sizes": sizes, "boneyard": game.boneyard_size}


def sampled_deal(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of the position with every tile ``seat`` cannot see dealt afresh from ``rng``:
    the same hand sizes, the boneyard in a new order, the rest as it is (no history).

    ``seat`` must be the player to play (a tile another player has just drawn would be
    theirs alone to know)."""
    if seat != game.current:
        raise ValueError("a deal is sampled for the player to play")
    hidden = hidden_tiles(game, seat)
    rng.shuffle(hidden)
    return dealt(seen_position(game, seat), seat, hidden)


def dealt(view: dict[str, Any], seat: int, hidden: list[Tile]) -> Game:
    """The game of ``view`` (a :func:`seen_position`) with the tiles ``seat`` cannot see,
    ``hidden``, dealt in their order: each other hand its size, the rest the boneyard."""
    pos = dict(view["position"])
    at = 0
    hands = []
    for s, size in enumerate(view["sizes"]):
        if s == seat:
            hands.append(pos["hands"][s])
        else:
            hands.append([str(t) for t in hidden[at:at + size]])
            at += size
    pos["hands"] = hands
    pos["boneyard"] = [str(t) for t in hidden[at:]]
    return Game.from_position(pos)
