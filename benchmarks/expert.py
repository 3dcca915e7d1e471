"""The expert (``mtlearn.play.expert``): its share of wins against three planners and against
three greedy bots, with 95 % intervals, and the time it takes a move.

Run with ``./dev bench`` or ``python benchmarks/expert.py [--rounds N] [--matches N]
[--set S] [--processes P] [--smoke]``. Figures are printed, never asserted.

What is measured: 4-player games, the expert in one seat and three planners (then three
greedy bots) in the others, each deal played once per seat arrangement (``mtlearn sim``'s
rotation), on every core. By default single rounds (the first round of a double-12 match:
engine 12-12, hands of 15); ``--matches N`` plays whole matches instead (13 rounds on a
double-12 set, ``--set 6`` for 7 shorter rounds). An equal share is 25 %; issue 41's aim is
at least 35 % against planners. The time a move is CPU time of this process in CPython
(other jobs on the machine do not inflate it), over the expert's moves that needed a search
(a forced move takes no time), and the page's estimated as 2 to 4 times that (Pyodide's
usual slowdown; no in-page figure is measured here). Target: a move within 1 s in the page.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import add_smoke, announce, size

from mtlearn import Game, PlannerBot
from mtlearn.play import expert as expert_module
from mtlearn.play.expert import ExpertBot
from mtlearn.play.sim import simulate, summarize


def shares(opponent: str, count: int, unit: str, set_max: int | None,
           processes: int) -> tuple[dict[str, Any], float]:
    """The expert's row of ``summarize`` against three ``opponent`` bots, and the seconds."""
    start = time.perf_counter()
    kw = {"matches": count} if unit == "match" else {"rounds": count}
    rows = simulate(f"expert,{opponent},{opponent},{opponent}", **kw, set=set_max, seed=41,
                    processes=processes, progress=False, frame=False)
    summary = summarize(rows)
    row = dict(next(r for r in summary if r["bot"] == "expert"))
    row["their_mean"] = next(r for r in summary if r["bot"] == opponent)["mean_score"]
    return row, time.perf_counter() - start


def move_times(rounds: int, set_max: int | None) -> list[float]:
    """CPU seconds per searched expert move, in 4-player rounds against three planners."""
    times: list[float] = []
    for i in range(rounds):
        game = Game.new(4, set=set_max, seed=f"time-{i}")
        seat = i % 4
        bots: list[PlannerBot | ExpertBot] = [PlannerBot() for _ in range(4)]
        expert = bots[seat] = ExpertBot(i)
        while not game.over:
            bot = bots[game.current]
            searched = bot is expert and len(game.legal_moves) > 1
            c0 = time.process_time()
            move = bot.choose(game)
            if searched:
                times.append(time.process_time() - c0)
            game.push(move)
    return times


def main(argv: list[str] | None = None, smoke: bool = False) -> None:
    """Print the figures (``argv`` as on the command line)."""
    ap = add_smoke(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    ap.add_argument("--rounds", type=int, default=400, help="rounds per opponent (default)")
    ap.add_argument("--matches", type=int, default=None, help="whole matches instead")
    ap.add_argument("--set", type=int, default=None, help="highest double (default 12)")
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timing-rounds", type=int, default=8)
    ap.add_argument("--deals", type=int, default=None,
                    help="deals a move for the expert level (default: mtlearn's DEALS); "
                    "its roll-outs a move are capped at four times that")
    a = ap.parse_args(argv)
    smoke = smoke or a.smoke
    if a.deals is not None:     # read by each ExpertBot made after this (workers fork)
        expert_module.DEALS, expert_module.ROLLOUTS = a.deals, 4 * a.deals
    announce(smoke)
    unit = "match" if a.matches is not None else "round"
    count = size(smoke, a.matches if a.matches is not None else a.rounds, 4)
    set_max = 6 if smoke and a.set is None else a.set
    what = (f"4-player double-{set_max or 12} {unit}es" if unit == "match"
            else f"4-player double-{set_max or 12} rounds")
    for opponent in ("planner", "greedy"):
        row, secs = shares(opponent, count, unit, set_max, a.processes)
        print(f"expert vs 3 {opponent}s, {row['games']} {what} (seats rotated): win share "
              f"{row['win_rate']:.1%} (95 % {row['ci_low']:.1%} to {row['ci_high']:.1%}), "
              f"mean score {row['mean_score']:.1f} (theirs {row['their_mean']:.1f}), in "
              f"{secs:.0f} s on {a.processes} "
              f"processes, {expert_module.DEALS} deals a move  aim >= 35 % against planners",
              flush=True)
    ms = sorted(t * 1000 for t in move_times(size(smoke, a.timing_rounds, 1), set_max))
    med, p90 = statistics.median(ms), ms[int(len(ms) * 0.9)]
    print(f"expert move (CPU time, CPython, double-{set_max or 12}): median {med:.0f} ms, "
          f"p90 {p90:.0f} ms, max {ms[-1]:.0f} ms over {len(ms)} searched moves; in the page "
          f"(estimated x2 to x4): max {2 * ms[-1]:.0f} to {4 * ms[-1]:.0f} ms  target <= 1 s")


if __name__ == "__main__":
    main()
