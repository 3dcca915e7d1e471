"""The review of a round (``mtlearn.play.review``): its agreement with a deeper search, planted
blunders, and the time a round's review takes.

Run with ``./dev bench`` or ``python benchmarks/review.py [--decisions N] [--planted N]
[--rounds N] [--processes P] [--cache FILE] [--smoke]``. Figures are printed, never asserted.

(a) Agreement: a beginner (a random move one time in three, else the heaviest tile: the
greedy bot) plays seat 1 of 4-player double-12 rounds against three planners; each of its
decisions with a choice is judged by the review at its settings (mistake or not) and by a
search ten times deeper (80 deals, ten times the review's first 8 of old, every legal move;
a mistake when the move played loses at least the threshold on average against the best).
*Agreement* is the share of the decisions on which the two say the same (both "mistake" or
both "not a mistake"), with its 95 % Wilson interval (issue 41's target: at least 90 % on
200 decisions); *precision* the share of the review's mistakes the deeper search confirms,
*recall* the share of the deeper search's mistakes the review finds.

(b) Planted blunders, in positions of planner rounds where going out is near (an opponent
with two tiles or fewer): keeping the highest double of the hand when it could be played and
is the heaviest tile of the hand (10 points or more; the planted move is the heaviest other
play), and leaving a double laid this turn uncovered when the tile that covers it is the
heaviest of the hand (10 points or more; the planted move plays a lighter tile elsewhere). Each is reviewed; the count flagged, and the same among those the deeper
search confirms as mistakes (issue 41: flagged every time).

(c) Time: the CPU time of this process for a whole round's review in CPython (the beginner's
rounds above), and the page's estimated as 2 to 4 times that (Pyodide's usual slowdown).
Target: within 3 s in the page on a 2-core machine.

``--cache FILE`` keeps each deeper search's result (JSON lines, by position, move and deals)
and reads back those already there: the deeper search does not depend on the review's
settings, so a rerun after a change to the review plays only the review.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import add_smoke, announce, size

from mtlearn import Game, PlannerBot
from mtlearn.core.moves import Move
from mtlearn.play.bots import GreedyBot
from mtlearn.play.review import (
    CONFIRM_DEALS,
    MISTAKE_POINTS,
    REVIEW_DEALS,
    SCREEN,
    decisions,
    review_round,
    score_decision,
)

#: How much deeper the reference search is than the review's first 8 deals of old.
DEEPER = 10
#: The deeper search's deals.
DEEP_DEALS = DEEPER * 8


class Beginner:
    """A random legal move one time in three, else the greedy bot's (seeded)."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(f"beginner/{seed}")
        self.greedy = GreedyBot()

    def choose(self, game: Game) -> Move:
        """Pick a move."""
        moves = game.legal_moves
        if self.rng.random() < 1 / 3:
            return moves[int(self.rng.random() * len(moves))]
        return self.greedy.choose(game)


def beginner_round(seed: int, set_max: int | None) -> Game:
    """A finished 4-player round: the beginner in seat 1, planners elsewhere."""
    game = Game.new(4, set=set_max, seed=f"review-{seed}")
    bots: list[Any] = [Beginner(seed), PlannerBot(), PlannerBot(), PlannerBot()]
    while not game.over:
        game.push(bots[game.current].choose(game))
    return game


def deep_loss(game: Game, played: Move, deals: int) -> float:
    """The move played's mean points lost against the best, over ``deals`` deals."""
    means, _, _ = score_decision(game, played, deals=deals, confirm=0, seed="deep",
                                 threshold=math.inf)
    best = means[0][1]
    return next(p for m, p in means if m == played) - best


def cache_key(position: dict[str, Any], move: str, deals: int) -> str:
    """The key of a deeper search's result in the cache."""
    text = json.dumps([position, move, deals], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def judge(item: tuple[str, dict[str, Any], str, float | None]) -> tuple[bool, bool, float]:
    """(the review flags it, the deeper search does, the deeper loss) for one decision (the
    deeper loss taken from the cache when known)."""
    _, position, move, known = item
    game = Game.from_position(position)
    played = Move.parse(move)
    _, _, flagged = score_decision(game, played, seed=0)
    loss = deep_loss(game, played, DEEP_DEALS) if known is None else known
    return flagged, loss >= MISTAKE_POINTS, loss


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a share k / n."""
    if not n:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def sampled_decisions(count: int, set_max: int | None) -> list[tuple[str, dict[str, Any], str]]:
    """The beginner's decisions, round after round, until ``count`` (position, move)."""
    out: list[tuple[str, dict[str, Any], str]] = []
    seed = 0
    while len(out) < count:
        game = beginner_round(seed, set_max)
        for turn, at, move in decisions(game, 0):
            out.append((f"{seed}/{turn}", at.to_position(), str(move)))
        seed += 1
    return out[:count]


def planted(count: int, set_max: int | None) -> dict[str, list[tuple[dict[str, Any], str]]]:
    """Planted blunders of each kind (position, planted move), from planner rounds."""
    found: dict[str, list[tuple[dict[str, Any], str]]] = {"kept double": [],
                                                          "double left open": []}
    seed = 0
    while min(len(v) for v in found.values()) < count and seed < 400:
        game = Game.new(4, set=set_max, seed=f"planted-{seed}")
        bot = PlannerBot()
        while not game.over:
            plant = _plant(game)
            if plant is not None and len(found[plant[0]]) < count:
                found[plant[0]].append((game.to_position(), str(plant[1])))
            game.push(bot.choose(game))
        seed += 1
    return found


def _plant(game: Game) -> tuple[str, Move] | None:
    """A blunder to plant here, if this is such a position: late in the round, the player
    to play can lay its highest double (keeps it instead), or has laid a double this turn
    and holds a tile to cover it (plays elsewhere)."""
    me = game.current
    if min(len(game.hand(s)) for s in range(game.n) if s != me) > 2:
        return None
    value = game.rules.tile_value
    heaviest = max((value(t.high, t.low) for t in game.hand(me)), default=0)
    plays = [m for m in game.legal_moves if m.kind == "play" and m.tile is not None]
    if len(plays) < 2:
        return None
    laid = {game.line_code(i) for i in game.turn_doubles}
    if laid:
        covers = [m for m in plays if m.line_code in laid and m.tile is not None
                  and value(m.tile.high, m.tile.low) == heaviest >= 10]
        elsewhere = [m for m in plays if m.line_code not in laid and m.tile is not None
                     and value(m.tile.high, m.tile.low) < heaviest]
        if covers and elsewhere:
            return "double left open", max(elsewhere, key=lambda m: m.tile.pips if m.tile
                                           else 0)
        return None
    doubles = [t for t in game.hand(me) if t.is_double]
    if not doubles:
        return None
    top = max(doubles)
    if top.pips < 10 or value(top.high, top.low) < heaviest or \
            not any(m.tile == top for m in plays):
        return None
    others = [m for m in plays if m.tile != top]
    if not others:
        return None
    return "kept double", max(others, key=lambda m: m.tile.pips if m.tile else 0)


def judge_planted(item: tuple[dict[str, Any], str, float | None]) -> tuple[bool, float]:
    """(the review flags the planted move, the deeper search's loss)."""
    position, move, known = item
    game = Game.from_position(position)
    played = Move.parse(move)
    _, _, flagged = score_decision(game, played, seed=0)
    return flagged, deep_loss(game, played, DEEP_DEALS) if known is None else known


def read_cache(path: str | None) -> dict[str, float]:
    """The deeper searches' results kept in ``path`` (none: {})."""
    if not path or not Path(path).exists():
        return {}
    out = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            out[row["key"]] = float(row["loss"])
    return out


def write_cache(path: str | None, rows: dict[str, float]) -> None:
    """Keep the deeper searches' results in ``path`` (JSON lines)."""
    if path:
        Path(path).write_text("".join(json.dumps({"key": k, "loss": v}) + "\n"
                                      for k, v in sorted(rows.items())), encoding="utf-8")


def main(argv: list[str] | None = None, smoke: bool = False) -> None:
    """Print the figures (``argv`` as on the command line)."""
    ap = add_smoke(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--planted", type=int, default=20, help="positions of each kind")
    ap.add_argument("--rounds", type=int, default=6, help="rounds reviewed for the time")
    ap.add_argument("--set", type=int, default=None, help="highest double (default 12)")
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--cache", default=None, help="a file of the deeper searches' results")
    a = ap.parse_args(argv)
    smoke = smoke or a.smoke
    announce(smoke)
    set_max = 6 if smoke and a.set is None else a.set
    settings = (f"{REVIEW_DEALS} deals, {CONFIRM_DEALS} more to confirm from "
                f"{SCREEN:g} of the threshold, threshold {MISTAKE_POINTS:g} points")

    cache = read_cache(a.cache)
    items = [(tag, pos, mv, cache.get(cache_key(pos, mv, DEEP_DEALS)))
             for tag, pos, mv in sampled_decisions(size(smoke, a.decisions, 4), set_max)]
    start = time.perf_counter()
    with ProcessPoolExecutor(a.processes) as pool:
        results = list(pool.map(judge, items, chunksize=2))
        plants = {kind: [(pos, mv, cache.get(cache_key(pos, mv, DEEP_DEALS)))
                         for pos, mv in got]
                  for kind, got in planted(size(smoke, a.planted, 1), set_max).items()}
        planted_results = {kind: list(pool.map(judge_planted, got))
                           for kind, got in plants.items()}
    secs = time.perf_counter() - start
    for (_, pos, mv, _), (_, _, loss) in zip(items, results, strict=True):
        cache[cache_key(pos, mv, DEEP_DEALS)] = loss
    for kind, got in plants.items():
        for (pos, mv, _), (_, loss) in zip(got, planted_results[kind], strict=True):
            cache[cache_key(pos, mv, DEEP_DEALS)] = loss
    write_cache(a.cache, cache)
    agree = sum(f == d for f, d, _ in results)
    low, high = wilson(agree, len(results))
    flagged = [d for f, d, _ in results if f]
    deep = sum(d for _, d, _ in results)
    found = sum(f and d for f, d, _ in results)
    print(f"agreement with a {DEEPER}x deeper search ({DEEP_DEALS} deals), {len(results)} "
          f"beginner decisions (4-player double-{set_max or 12}; the share on which both say "
          f"mistake or both say not): {agree / len(results):.1%} (95 % {low:.1%} to "
          f"{high:.1%}); the review flags {len(flagged)}, the deeper search confirms "
          f"{sum(flagged)} (precision {sum(flagged) / max(1, len(flagged)):.0%}); the deeper "
          f"search finds {deep}, the review {found} of them (recall "
          f"{found / max(1, deep):.0%}); review at {settings}; {secs:.0f} s on {a.processes} "
          f"processes  target >= 90 %", flush=True)
    for kind, got in planted_results.items():
        hits = sum(f for f, _ in got)
        real = [(f, loss) for f, loss in got if loss >= MISTAKE_POINTS]
        losses = sorted(loss for _, loss in got)
        mid = f"{statistics.median(losses):.1f}" if losses else "-"
        print(f"planted blunders, {kind}: flagged {hits} of {len(got)}; of the "
              f"{len(real)} the deeper search confirms, flagged {sum(f for f, _ in real)}; "
              f"median deeper loss {mid} points  target: every time", flush=True)

    times = []
    counts = []
    for i in range(size(smoke, a.rounds, 1)):
        game = beginner_round(1000 + i, set_max)
        c0 = time.process_time()
        review = review_round(game, 0, seed=i)
        times.append(time.process_time() - c0)
        counts.append(review.decisions)
    med, top = statistics.median(times), max(times)
    print(f"round review (CPU time, CPython, 4-player double-{set_max or 12}, "
          f"{statistics.median(counts):.0f} decisions a round): median {med:.2f} s, max "
          f"{top:.2f} s over {len(times)} rounds; in the page (estimated x2 to x4): max "
          f"{2 * top:.1f} to {4 * top:.1f} s  target <= 3 s", flush=True)


if __name__ == "__main__":
    main()
