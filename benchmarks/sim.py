"""Simulation benchmarks: matches per second on 1 and 2 cores, and PlannerBot's move time.

Run with ``./dev bench`` or ``python benchmarks/sim.py [MATCHES] [--smoke]``. Figures are
printed, never asserted; the machine may be shared, so compare the two core counts of one run.
Targets (issue 12): ``mtlearn.play.sim`` uses every core (2 cores close to twice the
matches/s of 1); PlannerBot takes at most 5 ms a move.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import add_smoke, announce, size

from mtlearn import Game, GreedyBot, PlannerBot
from mtlearn.play.sim import simulate

BOTS = "planner,greedy,greedy,greedy"


def matches_per_second(processes: int, matches: int) -> float:
    """Whole 4-player double-12 matches (13 rounds) per second over ``processes``."""
    start = time.perf_counter()
    simulate(BOTS, matches=matches, processes=processes, progress=False, frame=False, seed=9)
    return matches / (time.perf_counter() - start)


def planner_move_times(rounds: int = 150) -> tuple[list[float], list[float]]:
    """Seconds per PlannerBot move in 4-player rounds against three greedy bots: wall-clock
    times, and CPU times of this thread (which other processes on the machine do not
    inflate)."""
    times, cpu = [], []
    for i in range(rounds):
        game = Game.new(4, seed=i)
        seat = i % 4
        bots = [GreedyBot() for _ in range(4)]
        planner = bots[seat] = PlannerBot()
        while not game.over:
            bot = bots[game.current]
            t0, c0 = time.perf_counter(), time.thread_time()
            move = bot.choose(game)
            if bot is planner:
                times.append(time.perf_counter() - t0)
                cpu.append(time.thread_time() - c0)
            game.push(move)
    return times, cpu


def main(matches: int = 40, smoke: bool = False) -> None:
    """Print the figures; ``smoke``: one match on each core count, two rounds of moves."""
    announce(smoke)
    matches = size(smoke, matches, 1)
    one = matches_per_second(1, matches)
    two = matches_per_second(2, matches)
    print(f"sim, {BOTS}, 4-player double-12 matches: 1 core {one:.2f} matches/s, "
          f"2 cores {two:.2f} matches/s ({two / one:.2f}x)  target close to 2x")
    for label, times in zip(("wall", "CPU"), planner_move_times(size(smoke, 150, 2)), strict=True):
        ms = sorted(t * 1000 for t in times)
        print(f"PlannerBot move ({label} time): median {statistics.median(ms):.3f} ms, "
              f"p99 {ms[int(len(ms) * 0.99)]:.2f} ms, max {ms[-1]:.2f} ms over {len(ms)} "
              f"moves  target <= 5 ms")


if __name__ == "__main__":
    ap = add_smoke(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    ap.add_argument("matches", type=int, nargs="?", default=40)
    a = ap.parse_args()
    main(a.matches, smoke=a.smoke)
