"""Engine benchmarks: random-bot rounds per second and the longest-train solver.

Run with ``./dev bench`` or ``python benchmarks/engine.py``. Figures are printed,
never asserted. Targets (issue 2): >= 2,000 random-bot rounds per second
(4 players, double-12, one core); longest train of a 15-tile double-12 hand
<= 1 ms median.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtlearn import Game, RandomBot, full_set, longest_train, play_round


def rounds_per_second(seconds: float = 3.0) -> tuple[float, float]:
    """Deal and play 4-player double-12 rounds with random bots for ``seconds``."""
    start = time.perf_counter()
    rounds = moves = 0
    while time.perf_counter() - start < seconds:
        game = Game.new(4, set=12, seed=rounds)
        play_round(game, RandomBot(rounds))
        moves += len(game.history)
        rounds += 1
    elapsed = time.perf_counter() - start
    return rounds / elapsed, moves / rounds


def longest_train_times(samples: int = 300) -> list[float]:
    """Time longest_train on random 15-tile double-12 hands, from the number 12."""
    rng = random.Random(7)
    tiles = [t for t in full_set(12) if t.high != 12 or t.low != 12]
    times = []
    for _ in range(samples):
        hand = rng.sample(tiles, 15)
        t0 = time.perf_counter()
        longest_train(hand, 12)
        times.append(time.perf_counter() - t0)
    return times


def main() -> None:
    rate, per_round = rounds_per_second()
    print(f"random-bot rounds per second (4 players, double-12): {rate:,.0f} "
          f"({per_round:.0f} moves per round)  target >= 2,000")
    times = longest_train_times()
    med = statistics.median(times) * 1000
    worst = max(times) * 1000
    p95 = sorted(times)[int(len(times) * 0.95)] * 1000
    print(f"longest train, 15-tile double-12 hand: median {med:.3f} ms, p95 {p95:.3f} ms, "
          f"max {worst:.3f} ms  target <= 1 ms median")


if __name__ == "__main__":
    main()
