"""The expert (``mtlearn.play.expert``): its share of wins against three planners and against
three greedy bots, with 95 % intervals, and the time it takes a move.

Run with ``./dev bench`` or ``python benchmarks/expert.py [--rounds N] [--matches N]
[--set S] [--processes P | --dask ADDRESS] [--against planner|greedy] [--smoke]``. Figures are
printed, never asserted.

What is measured: 4-player games, the expert in one seat and three planners (then three
greedy bots) in the others, each deal played once per seat arrangement (``mtlearn sim``'s
rotation), on every core (or a Dask cluster: below). By default single rounds (the first round of a double-12 match:
engine 12-12, hands of 15); ``--matches N`` plays whole matches instead (13 rounds on a
double-12 set, ``--set 6`` for 7 shorter rounds). An equal share is 25 %; issue 41's aim is
at least 35 % against planners. The time a move is CPU time of this process in CPython
(other jobs on the machine do not inflate it), over the expert's moves that needed a search
(a forced move takes no time). The page's time (target: a move within 1 s) is measured in the
page by ``benchmarks/page_coach.py``.

Issue 41's measure is 2,000 whole 4-player double-12 matches against each table, far more
than one machine: ``--dask ADDRESS`` plays the games on a Dask cluster's workers instead of
local processes (the same games and rows as a local run with the same arguments:
``mtlearn.play.sim``; the move times are still measured in this process). Start a scheduler
and, on each machine, one single-threaded worker process a core (the games are pure Python),
with this version of mtlearn and ``pip install 'mexican-train-learn[mine]'`` everywhere::

    dask scheduler                                           # on HOST: listens on 8786
    dask worker tcp://HOST:8786 --nworkers N --nthreads 1    # each machine, N its cores

then both tables, one after the other, in one run::

    python benchmarks/expert.py --matches 2000 --dask tcp://HOST:8786

or each table on its own (two runs, or two clusters)::

    python benchmarks/expert.py --matches 2000 --against planner --dask tcp://HOST:8786
    python benchmarks/expert.py --matches 2000 --against greedy --dask tcp://HOST:8786

``--deals`` is refused with ``--dask`` (a cluster's workers do not share this process's
setting): the cluster plays mtlearn's own expert. What it costs, timed here in CPU time on one
process, 2 cores shared with other jobs: two runs of ``simulate(..., matches=2, seed=S,
processes=1)`` (seeds 41 and 42; 2 whole double-12 matches, 26 rounds, a run) took 34.6 and
32.5 CPU-seconds against three planners, about 17 CPU-seconds a match (1.3 a round), and 45.1
and 56.6 against three greedy bots, about 25 a match (2.0 a round). So 2,000 matches are some
9 CPU-hours against planners and 14 against greedy bots, about 23 CPU-hours for both tables
(11 hours of these 2 cores if they were idle): some 22 minutes on 64 worker processes as fast
as these cores, more for the last games in flight.
"""

from __future__ import annotations

import argparse
import hashlib
import json
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
from mtlearn.play.bots import make_bot, play_round
from mtlearn.play.expert import ExpertBot
from mtlearn.play.sim import simulate, summarize


def _fingerprint(opponent: str, unit: str, set_max: int | None) -> dict[str, Any]:
    """What a kept run's rows depend on: the table, and how the bots play (a digest of the
    moves of two probe rounds, the expert against the opponents, so that an edit that does
    not change the play does not void the kept games)."""
    digest = hashlib.sha256()
    for seed in ("probe-1", "probe-2"):
        game = Game.new(4, set=9, seed=seed)
        play_round(game, [ExpertBot(seed), *(make_bot(opponent, seed) for _ in range(3))])
        digest.update(" ".join(map(str, game.history)).encode())
    return {"bots": f"expert,{opponent},{opponent},{opponent}", "unit": unit,
            "set": set_max, "seed": 41, "deals": expert_module.DEALS,
            "rollouts": expert_module.ROLLOUTS, "play": digest.hexdigest()[:16]}


def _kept(path: Path, run: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows kept in ``path`` by an earlier run of the same table and code (none if
    there is no such file); exits naming the file if it holds another run's rows."""
    if not path.exists():
        path.write_text(json.dumps({"run": run}) + "\n", encoding="utf-8")
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        head = json.loads(lines[0])["run"] if lines else None
        rows = [json.loads(line) for line in lines[1:] if line.strip()]
    except (json.JSONDecodeError, KeyError, TypeError) as e:
        sys.exit(f"benchmarks/expert.py: {path} is not a file of kept rows ({e})")
    if head != run:
        sys.exit(f"benchmarks/expert.py: {path} keeps the rows of another run ({head}), not "
                 f"of this one ({run}): give another --rows, or remove the file")
    return rows


def shares(opponent: str, count: int, unit: str, set_max: int | None,
           processes: int, dask: str | None = None,
           keep: Path | None = None) -> tuple[dict[str, Any], float, int]:
    """The expert's row of ``summarize`` against three ``opponent`` bots, the seconds (on
    ``processes`` local processes, or on the Dask cluster at ``dask``) and how many games
    were played now. With ``keep`` (a JSON-lines file), each game's rows are added to it as
    the game ends, and the games it keeps already are not played again: a long run can
    stop and go on later (the figures are those of the first ``count`` games)."""
    start = time.perf_counter()
    kw = {"matches": count} if unit == "match" else {"rounds": count}
    kept: list[dict[str, Any]] = []
    each = None
    if keep is not None:
        kept = [r for r in _kept(keep, _fingerprint(opponent, unit, set_max))
                if r["game"] < count]
        out = keep.open("a", encoding="utf-8")

        def each(part: list[dict[str, Any]]) -> None:
            out.write("".join(json.dumps(r) + "\n" for r in part))
            out.flush()
    done = {r["game"] for r in kept}
    try:
        rows = [] if len(done) == count else simulate(
            f"expert,{opponent},{opponent},{opponent}", **kw, set=set_max, seed=41,
            processes=processes, progress=False, frame=False, dask=dask, skip=done,
            each=each)
    finally:
        if keep is not None:
            out.close()
    rows = sorted(kept + rows, key=lambda r: (r["game"], r["seat"]))
    summary = summarize(rows)
    row = dict(next(r for r in summary if r["bot"] == "expert"))
    row["their_mean"] = next(r for r in summary if r["bot"] == opponent)["mean_score"]
    return row, time.perf_counter() - start, count - len(done)


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
    ap.add_argument("--dask", metavar="ADDRESS", help="play the games on the Dask cluster "
                    "at ADDRESS (e.g. tcp://10.0.0.5:8786) instead of local processes")
    ap.add_argument("--against", choices=("both", "planner", "greedy"), default="both",
                    help="the table to measure: three planners, three greedy bots, or both "
                    "(default), one after the other")
    ap.add_argument("--rows", metavar="PREFIX", help="keep each game's rows in "
                    "PREFIX-planner.jsonl (and PREFIX-greedy.jsonl) as it ends, and play only "
                    "the games those files do not keep yet: a long run can stop and go on")
    ap.add_argument("--timing-rounds", type=int, default=8)
    ap.add_argument("--deals", type=int, default=None,
                    help="deals a move for the expert level (default: mtlearn's DEALS); "
                    "its roll-outs a move are capped at four times that")
    a = ap.parse_args(argv)
    smoke = smoke or a.smoke
    if a.deals is not None and a.dask is not None:
        # the cluster's workers do not fork from this process: they would use mtlearn's DEALS
        ap.error("--deals is read by local worker processes only: leave it out with --dask")
    if a.rows is not None and a.dask is not None:
        ap.error("--rows keeps the games of local processes: leave it out with --dask")
    if a.deals is not None:     # read by each ExpertBot made after this (workers fork)
        expert_module.DEALS, expert_module.ROLLOUTS = a.deals, 4 * a.deals
    announce(smoke)
    unit = "match" if a.matches is not None else "round"
    count = size(smoke, a.matches if a.matches is not None else a.rounds, 4)
    set_max = 6 if smoke and a.set is None else a.set
    what = (f"4-player double-{set_max or 12} {unit}es" if unit == "match"
            else f"4-player double-{set_max or 12} rounds")
    where = f"on the Dask cluster at {a.dask}" if a.dask else f"on {a.processes} processes"
    for opponent in ("planner", "greedy") if a.against == "both" else (a.against,):
        try:
            keep = None if a.rows is None else Path(f"{a.rows}-{opponent}.jsonl")
            row, secs, played = shares(opponent, count, unit, set_max, a.processes, a.dask,
                                       keep)
        except RuntimeError as e:       # no dask, or a scheduler that does not answer
            sys.exit(f"benchmarks/expert.py: {e}")
        kept = "" if keep is None else f" ({played} played now, the rest kept in {keep})"
        print(f"expert vs 3 {opponent}s, {row['games']} {what} (seats rotated): win share "
              f"{row['win_rate']:.1%} (95 % {row['ci_low']:.1%} to {row['ci_high']:.1%}), "
              f"mean score {row['mean_score']:.1f} (theirs {row['their_mean']:.1f}), in "
              f"{secs:.0f} s {where}{kept}, {expert_module.DEALS} deals a move  aim >= 35 % "
              f"against planners", flush=True)
    ms = sorted(t * 1000 for t in move_times(size(smoke, a.timing_rounds, 1), set_max))
    med, p90 = statistics.median(ms), ms[int(len(ms) * 0.9)]
    print(f"expert move (CPU time, CPython, double-{set_max or 12}): median {med:.0f} ms, "
          f"p90 {p90:.0f} ms, max {ms[-1]:.0f} ms over {len(ms)} searched moves (the page: "
          f"benchmarks/page_coach.py)")


if __name__ == "__main__":
    main()
