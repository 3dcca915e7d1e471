"""Bots: seeded players for tests, benchmarks and games against the computer.

A bot is anything with ``choose(game) -> Move`` returning one of the game's legal
moves. :func:`play_round` and :func:`play_match` drive a game with one bot per seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .game import Game
from .moves import Move

__all__ = ["Bot", "GreedyBot", "RandomBot", "play_match", "play_round"]


class Bot(Protocol):
    """Something that picks a legal move for the player to play."""

    def choose(self, game: Game) -> Move:
        """Return one of ``game.legal_moves``."""
        ...


class RandomBot:
    """Plays a uniformly random legal move (seeded, so games are reproducible)."""

    def __init__(self, seed: int | str | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        """Pick a random legal move."""
        moves = game.legal_moves
        k = len(moves)
        if not k:
            raise ValueError("no legal move: the round is over")
        return moves[int(self.rng.random() * k)]

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyBot:
    """Plays the heaviest tile it can (most pips first), announcing when it may.

    Among equally heavy plays it prefers its own train, then the Mexican train.
    It draws or passes only when it must.
    """

    def choose(self, game: Game) -> Move:
        """Pick the heaviest legal play, else announce / end / draw / pass."""
        moves = game.legal_moves
        if not moves:
            raise ValueError("no legal move: the round is over")
        for m in moves:
            if m.kind == "uno":
                return m
        plays = [m for m in moves if m.kind == "play"]
        if plays:
            me = game.current

            def key(m: Move) -> tuple[int, int]:
                assert m.tile is not None
                where = 2 if m.train == me else (1 if m.train == "M" else 0)
                return (m.tile.pips, where)

            return max(plays, key=key)
        return moves[0]

    def __repr__(self) -> str:
        return "GreedyBot()"


def play_round(game: Game, bots: Sequence[Bot] | Bot, *, max_moves: int = 100_000) -> None:
    """Play the current round to its end, seat ``i`` moved by ``bots[i]``."""
    seats = [bots] * game.n if not isinstance(bots, Sequence) else list(bots)
    if len(seats) != game.n:
        raise ValueError(f"need one bot per player ({game.n}), got {len(seats)}")
    for _ in range(max_moves):
        if game.over:
            return
        game.push(seats[game.current].choose(game))
    raise RuntimeError("the round did not end: this is a bug in the engine")


def play_match(game: Game, bots: Sequence[Bot] | Bot) -> list[int]:
    """Play every remaining round of the match; returns the winners' seats."""
    while True:
        play_round(game, bots)
        if game.is_match_over:
            return game.winners
        game.next_round()
