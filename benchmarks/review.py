"""The review of a round (``mtlearn.play.review``): its agreement with a deeper search, planted
blunders, and the time a round's review takes.

Run with ``./dev bench`` or ``python benchmarks/review.py [--decisions N] [--planted N]
[--flagged N] [--rounds N] [--processes P] [--cache FILE] [--effort E] [--smoke]``. Figures
are printed, never asserted.

(a) Agreement: a beginner (a random move one time in three, else the heaviest tile: the
greedy bot) plays seat 1 of 4-player double-12 rounds against three planners; each round is
reviewed as a learner's is (``review_round``, the round's limit on work included), and each
of the beginner's decisions with a choice is also weighed by a search ten times deeper than
the review's deepest (``DEEP_DEALS``: every legal move on 240 deals, where the review gives a
decision at most 24); the deeper search calls it a mistake when the move played loses at
least the threshold on average against the best. *Agreement* is the share of the decisions
on which the two say the same (both "mistake" or both "not"), with its 95 % Wilson interval
(issue 41's target: at least 90 % on 200 decisions); *precision* the share of the review's
mistakes the deeper search confirms, *recall* the share of the deeper search's mistakes the
review finds. Two more figures say how much of the disagreement is the deeper search's own
noise: the agreement on the decisions the deeper search *decides* (its 95 % interval of the
loss lies wholly on one side of the threshold), and the deeper search's agreement with
itself (its first 120 deals against its last 120).

(b) Planted blunders, in positions of planner rounds where going out is near (an opponent
with two tiles or fewer): keeping the highest double of the hand when it could be played and
is the heaviest tile of the hand (10 points or more; the planted move is the heaviest other
play), and leaving a double laid this turn uncovered when the tile that covers it is the
heaviest of the hand (10 points or more; the planted move plays a lighter tile elsewhere).
Each is weighed as one decision of a review; the count flagged, then the same among those
the deeper search confirms (a loss of the threshold or more) and among those it decides are
mistakes (its 95 % interval above the threshold; issue 41: flagged every time).

(c) The review's named mistakes (``--flagged N``): the mistakes the review names in the
beginner's rounds, collected round by round until N, each weighed again by a search ten times
deeper than the review's deepest weighing of a named mistake (``FLAG_DEALS``: every legal move
on ``DEEPER`` times ``FINAL_MOST`` deals, paired). The share the deeper search confirms (the
move played loses at least the threshold against its best move), with its 95 % Wilson
interval, and the share it *decides* are mistakes (95 % interval of the loss above the
threshold); how far the loss the learner reads lies from the deeper search's (mean error and
mean absolute error), and how often the better move named is within the threshold of the
deeper search's best. This reading of issue 41's target ("the review's flagged mistakes
agree with a 10x deeper search in >= 90 %") counts only what a learner is shown.

(d) Time: the CPU time of this process for a whole round's review in CPython (the beginner's
rounds above). The page's time (target: within 3 s on a 2-core machine) is measured in the
page by ``benchmarks/page_coach.py`` (about 1.5 times CPython's CPU time there).

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
from mtlearn.play.expert import move_samples
from mtlearn.play.review import (
    CONFIRM_DEALS,
    FINAL_MOST,
    MISTAKE_POINTS,
    REVIEW_DEALS,
    ROUND_ROLLOUTS,
    SCREEN,
    Z,
    decisions,
    position_before,
    review_round,
    score_decision,
)
from mtlearn.play.review_search import give_or_take

#: How much deeper the reference search is than the review's deepest weighing of a decision.
DEEPER = 10
#: The deeper search's deals (every legal move meets each).
DEEP_DEALS = DEEPER * (REVIEW_DEALS + CONFIRM_DEALS)

#: The deeper search's deals for a named mistake: ten times the review's most final deals.
FLAG_DEALS = DEEPER * FINAL_MOST

#: The deeper search's verdict on one decision: the mean loss over its deals, the standard
#: error of that paired difference, and the mean losses on its first and second halves.
Deep = tuple[float, float, float, float]


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


def deep_loss(item: tuple[dict[str, Any], str]) -> Deep:
    """The deeper search's verdict on the move played in a position (see :data:`Deep`)."""
    position, move = item
    game = Game.from_position(position)
    played = Move.parse(move)
    samples = move_samples(game, deals=DEEP_DEALS, seed="deep")
    mine = next(p for m, p, _ in samples if m == played)

    def loss(lo: int, hi: int) -> tuple[float, float]:
        best = min((p[lo:hi] for _, p, _ in samples), key=sum)
        return mean_se([a - b for a, b in zip(mine[lo:hi], best, strict=True)])

    half = DEEP_DEALS // 2
    return (*loss(0, DEEP_DEALS), loss(0, half)[0], loss(half, DEEP_DEALS)[0])


def mean_se(diffs: list[int]) -> tuple[float, float]:
    """The mean of paired differences and its standard error (no floor: the deeper search's
    own spread)."""
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean, math.sqrt(var / len(diffs))


def cache_key(position: dict[str, Any], move: str, deals: int) -> str:
    """The key of a deeper search's result in the cache."""
    text = json.dumps([position, move, deals], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def review_flags(args: tuple[int, int | None, float]
                 ) -> list[tuple[dict[str, Any], str, bool]]:
    """The beginner's decisions in its round ``seed`` on the set ``set_max`` with the review's
    verdict on each, at ``effort`` (1: the usual review; more: "Look further"): (position,
    move played, flagged)."""
    seed, set_max, effort = args
    game = beginner_round(seed, set_max)
    flagged = {m.turn for m in review_round(game, 0, seed=seed, effort=effort).mistakes}
    return [(at.to_position(), str(move), turn in flagged)
            for turn, at, move in decisions(game, 0)]


#: A named mistake as the learner reads it: position, move played, better move, told loss,
#: and the standard error behind its "give or take".
Named = tuple[dict[str, Any], str, str, float, float]

#: The deeper search's verdict on a named mistake: the loss of the move played against its
#: best move, the standard error of that paired difference, and the loss of the better move
#: named against that best.
Checked = tuple[float, float, float]


def review_named(args: tuple[int, int | None]) -> list[Named]:
    """The mistakes the review names in the beginner's round ``seed`` (see :data:`Named`)."""
    seed, set_max = args
    game = beginner_round(seed, set_max)
    return [(position_before(game, m.turn).to_position(), m.played, m.better, m.lost,
             m.lost_se)
            for m in review_round(game, 0, seed=seed).mistakes]


def deep_named(item: tuple[dict[str, Any], str, str]) -> Checked:
    """The deeper search's verdict on a named mistake (see :data:`Checked`)."""
    position, played, better = item
    samples = move_samples(Game.from_position(position), deals=FLAG_DEALS,
                           seed="deep-named")
    rows = {str(m): p for m, p, _ in samples}
    best = min(rows.values(), key=sum)
    mean, se = mean_se([a - b for a, b in zip(rows[played], best, strict=True)])
    return mean, se, (sum(rows[better]) - sum(best)) / len(best)


def named_part(pool: ProcessPoolExecutor, want: int, first: int, set_max: int | None,
               processes: int) -> None:
    """Print part (c): the review's named mistakes against the deeper search."""
    start = time.perf_counter()
    named: list[Named] = []
    seed, rounds = first, 0
    while len(named) < want and rounds < max(40, 10 * want):
        batch = range(seed, seed + 2 * processes)
        for rows in pool.map(review_named, [(i, set_max) for i in batch]):
            named.extend(rows)
        seed += len(batch)
        rounds += len(batch)
    named = named[:want]
    checked = list(pool.map(deep_named, [(p, a, b) for p, a, b, _, _ in named], chunksize=1))
    n = len(checked)
    real = sum(c[0] >= MISTAKE_POINTS for c in checked)
    sure = sum(c[0] - 1.96 * c[1] > MISTAKE_POINTS for c in checked)
    low, high = wilson(real, n)
    s_low, s_high = wilson(sure, n)
    errors = [told - c[0] for (_, _, _, told, _), c in zip(named, checked, strict=True)]
    # the "give or take" a learner reads: does the deeper loss lie within it?
    within = sum(abs(told - c[0]) <= give_or_take(se)
                 for (_, _, _, told, se), c in zip(named, checked, strict=True))
    w_low, w_high = wilson(within, n)
    widths = sorted(give_or_take(se) for *_, se in named)
    near = sum(c[2] < MISTAKE_POINTS for c in checked)
    false = ", ".join(f"{c[0]:.1f}±{c[1]:.1f}" for c in checked if c[0] < MISTAKE_POINTS)
    print(f"named mistakes against a {DEEPER}x deeper search ({FLAG_DEALS} deals, every legal "
          f"move), {n} named in {rounds} beginner rounds from round {first}: confirmed "
          f"{real / max(1, n):.1%} (95 % {low:.1%} to {high:.1%}); decided mistakes (95 % "
          f"interval above the threshold) {sure / max(1, n):.1%} (95 % {s_low:.1%} to "
          f"{s_high:.1%}); the loss read minus the deeper loss: mean "
          f"{statistics.fmean(errors) if errors else 0:+.2f}, mean absolute "
          f"{statistics.fmean(abs(e) for e in errors) if errors else 0:.2f} points; the better "
          f"move named within the threshold of the deeper best: {near} of {n}; not confirmed: "
          f"{false or 'none'}; {time.perf_counter() - start:.0f} s on {processes} processes  "
          f"target >= 90 %", flush=True)
    print(f"  the deeper loss within the \"give or take\" the learner reads: {within} of {n} "
          f"({within / max(1, n):.1%}, 95 % {w_low:.1%} to {w_high:.1%}; aimed at 95 %, less "
          f"the deeper search's own spread); give or take: median "
          f"{statistics.median(widths) if widths else 0:g}, largest "
          f"{widths[-1] if widths else 0} points", flush=True)


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a share k / n."""
    if not n:
        return 0.0, 1.0
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


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


def judge_planted(item: tuple[dict[str, Any], str]) -> bool:
    """Whether the review, weighing it as one decision, flags the planted move."""
    position, move = item
    return score_decision(Game.from_position(position), Move.parse(move), seed=0)[2]


def read_cache(path: str | None) -> dict[str, Deep]:
    """The deeper searches' results kept in ``path`` (none: {})."""
    if not path or not Path(path).exists():
        return {}
    out = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            if "deep" in row:
                out[row["key"]] = tuple(row["deep"])
    return out


def write_cache(path: str | None, rows: dict[str, Deep]) -> None:
    """Keep the deeper searches' results in ``path`` (JSON lines)."""
    if path:
        Path(path).write_text("".join(json.dumps({"key": k, "deep": list(v)}) + "\n"
                                      for k, v in sorted(rows.items())), encoding="utf-8")


def deep_all(pool: ProcessPoolExecutor, items: list[tuple[dict[str, Any], str]],
             cache: dict[str, Deep]) -> list[Deep]:
    """The deeper search's verdicts on ``items``, from the cache or played (and cached)."""
    keys = [cache_key(pos, mv, DEEP_DEALS) for pos, mv in items]
    todo = [(k, it) for k, it in zip(keys, items, strict=True) if k not in cache]
    for (k, _), d in zip(todo, pool.map(deep_loss, [it for _, it in todo], chunksize=1),
                         strict=True):
        cache[k] = d
    return [cache[k] for k in keys]


def main(argv: list[str] | None = None, smoke: bool = False) -> None:
    """Print the figures (``argv`` as on the command line)."""
    ap = add_smoke(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--planted", type=int, default=20, help="positions of each kind")
    ap.add_argument("--flagged", type=int, default=0,
                    help="named mistakes to weigh again (part c; 200 for issue 41)")
    ap.add_argument("--rounds", type=int, default=6, help="rounds reviewed for the time")
    ap.add_argument("--set", type=int, default=None, help="highest double (default 12)")
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--first-round", type=int, default=500,
                    help="the beginner's first round (the review's settings were tuned on rounds "
                    "0 to 24, so the default measures on others)")
    ap.add_argument("--cache", default=None, help="a file of the deeper searches' results")
    ap.add_argument("--effort", type=float, default=1.0,
                    help="the review's work as a multiple of the usual (Look further: 4)")
    a = ap.parse_args(argv)
    smoke = smoke or a.smoke
    announce(smoke)
    set_max = 6 if smoke and a.set is None else a.set
    settings = (f"{REVIEW_DEALS} deals, up to {CONFIRM_DEALS} more to confirm from "
                f"{SCREEN:g} of the threshold, threshold {MISTAKE_POINTS:g} points and "
                f"{Z:g} standard errors, {ROUND_ROLLOUTS} roll-outs a round at most, effort "
                f"{a.effort:g}")

    cache = read_cache(a.cache)
    want = size(smoke, a.decisions, 4)
    start = time.perf_counter()
    with ProcessPoolExecutor(a.processes) as pool:
        reviewed: list[tuple[dict[str, Any], str, bool]] = []
        seed = a.first_round
        while len(reviewed) < want:
            batch = range(seed, seed + 2 * a.processes)
            for rows in pool.map(review_flags, [(i, set_max, a.effort) for i in batch]):
                reviewed.extend(rows)
            seed += len(batch)
        reviewed = reviewed[:want]
        deeps = deep_all(pool, [(pos, mv) for pos, mv, _ in reviewed], cache)
        plants = planted(size(smoke, a.planted, 1), set_max)
        planted_results = {kind: (list(pool.map(judge_planted, got)),
                                  deep_all(pool, got, cache))
                           for kind, got in plants.items()}
        secs = time.perf_counter() - start
        if a.flagged or smoke:
            named_part(pool, size(smoke, a.flagged, 1), a.first_round, set_max, a.processes)
    write_cache(a.cache, cache)
    flags = [f for _, _, f in reviewed]
    deep = [d[0] >= MISTAKE_POINTS for d in deeps]
    n = len(flags)
    agree = sum(f == d for f, d in zip(flags, deep, strict=True))
    low, high = wilson(agree, n)
    decided = [(f, d[0] >= MISTAKE_POINTS) for f, d in zip(flags, deeps, strict=True)
               if abs(d[0] - MISTAKE_POINTS) > 1.96 * d[1]]
    d_agree = sum(f == d for f, d in decided)
    d_low, d_high = wilson(d_agree, len(decided))
    itself = sum((d[2] >= MISTAKE_POINTS) == (d[3] >= MISTAKE_POINTS) for d in deeps)
    s_low, s_high = wilson(itself, n)
    tp = sum(f and d for f, d in zip(flags, deep, strict=True))
    print(f"agreement with a {DEEPER}x deeper search ({DEEP_DEALS} deals), {n} beginner "
          f"decisions (4-player double-{set_max or 12}, each round reviewed whole; the share "
          f"on which both say mistake or both say not): {agree / n:.1%} (95 % {low:.1%} to "
          f"{high:.1%}); the review flags {sum(flags)}, the deeper search confirms {tp} "
          f"(precision {tp / max(1, sum(flags)):.0%}); the deeper search finds {sum(deep)}, "
          f"the review {tp} of them (recall {tp / max(1, sum(deep)):.0%}); review at {settings}"
          f"; {secs:.0f} s on {a.processes} processes  target >= 90 %", flush=True)
    print(f"  on the {len(decided)} decisions the deeper search decides (its 95 % interval on "
          f"one side of the threshold): {d_agree / max(1, len(decided)):.1%} (95 % "
          f"{d_low:.1%} to {d_high:.1%}); the deeper search against itself (its first "
          f"{DEEP_DEALS // 2} deals against its last {DEEP_DEALS // 2}): {itself / n:.1%} "
          f"(95 % {s_low:.1%} to {s_high:.1%})", flush=True)
    big = [f for f, d in zip(flags, deeps, strict=True) if d[0] >= 2 * MISTAKE_POINTS]
    print(f"  recall by size: of the {len(big)} the deeper search puts at "
          f"{2 * MISTAKE_POINTS:g} points or more, the review finds {sum(big)} "
          f"({sum(big) / max(1, len(big)):.0%}); of the {sum(deep) - len(big)} between "
          f"{MISTAKE_POINTS:g} and {2 * MISTAKE_POINTS:g}, {tp - sum(big)}", flush=True)
    for kind, (hits, ds) in planted_results.items():
        real = [f for f, d in zip(hits, ds, strict=True) if d[0] >= MISTAKE_POINTS]
        sure = [f for f, d in zip(hits, ds, strict=True)
                if d[0] - 1.96 * d[1] > MISTAKE_POINTS]
        losses = sorted(d[0] for d in ds)
        mid = f"{statistics.median(losses):.1f}" if losses else "-"
        print(f"planted blunders, {kind}: flagged {sum(hits)} of {len(hits)}; of the "
              f"{len(real)} the deeper search confirms, flagged {sum(real)}; of the "
              f"{len(sure)} it decides are mistakes, flagged {sum(sure)}; median deeper loss "
              f"{mid} points  target: every time", flush=True)

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
          f"{top:.2f} s over {len(times)} rounds (the page: benchmarks/page_coach.py)",
          flush=True)


if __name__ == "__main__":
    main()
