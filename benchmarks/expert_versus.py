"""The expert against a variant of itself, paired: does an option make it play better?

Run with ``python benchmarks/expert_versus.py VARIANT [--rounds N] [--processes P]
[--smoke]``, VARIANT being ``ExpertBot`` options as ``key=value`` joined by ``+``
(``infer=1``, ``deals=60+rollouts=240``, ``gain=0.5+z=1``), or ``sees=hands`` for an expert
that is dealt the other hands as they really are (only the boneyard shuffled): no level of
the game, a bound on what the hidden tiles are worth. Figures are printed, never asserted.

What is measured: the default expert and the variant each play the same single rounds in
one seat against three planners (``mtlearn sim``'s rounds with seed 41, seats rotated: the
first round of a double-12 match), so each round's difference is the option's, not the
deal's. Printed: both win shares, mean scores and margins (own score less the mean of the
opponents'), and the paired mean differences, variant minus default, with their standard
errors (a difference within two of them is not shown). How often the default expert plays
another move than the planner is printed too. The variants tried for issue 41 and what
they gave are in ``docs/api.md`` (The levels).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import add_smoke, announce, size

from mtlearn import Game, PlannerBot
from mtlearn.play import deals as deals_module
from mtlearn.play import expert as expert_module
from mtlearn.play.expert import ExpertBot
from mtlearn.play.sim import simulate

#: The options a variant may set, and how each value is read.
OPTIONS: dict[str, Callable[[str], Any]] = {"deals": int, "rollouts": int, "infer": lambda v: v in ("1", "true", "True"),
           "gain": float, "z": float}


def parse_variant(text: str) -> dict[str, Any]:
    """``"deals=60+rollouts=240"`` as keyword arguments of ``ExpertBot`` (``sees=hands``
    as ``{"sees": "hands"}``); a clear error naming the part at fault."""
    if text == "sees=hands":
        return {"sees": "hands"}
    kw: dict[str, Any] = {}
    for part in text.split("+"):
        key, eq, value = part.partition("=")
        if not eq or key not in OPTIONS:
            raise SystemExit(f"benchmarks/expert_versus.py: {part!r}: a variant is key=value "
                             f"joined by '+', keys {', '.join(OPTIONS)}, or sees=hands")
        try:
            kw[key] = OPTIONS[key](value)
        except ValueError:
            raise SystemExit(f"benchmarks/expert_versus.py: {part!r}: {value!r} is not a "
                             f"value for {key}") from None
    return kw


class _SeeingDealer(deals_module.Dealer):
    """Deals with the other hands as they are and the boneyard shuffled (``sees=hands``)."""

    def __init__(self, game: Game, seat: int, shown: Any = ()) -> None:
        super().__init__(game, seat, shown)
        self.game = game

    def deal(self, rng: Any) -> Game:
        game, seat = self.game, self.seat
        others = [t for s in range(game.n) if s != seat for t in game.hand(s)]
        bone = game.boneyard
        rng.shuffle(bone)
        return deals_module.dealt(self.view, seat, others + bone)


def expert_rows(kw: dict[str, Any], rounds: int, processes: int, set_max: int | None
                ) -> dict[int, dict[str, Any]]:
    """The expert's row of each round (by game number) and its opponents' mean score."""
    sees = kw.get("sees") == "hands"
    spec = partial(ExpertBot, **{k: v for k, v in kw.items() if k != "sees"})
    real = expert_module.Dealer
    if sees:
        expert_module.Dealer = _SeeingDealer    # type: ignore[misc]
        if multiprocessing.get_start_method() != "fork":
            processes = 1       # a worker would not start from this process's module
    try:
        rows = simulate([spec, "planner", "planner", "planner"], rounds=rounds, set=set_max,
                        seed=41, processes=processes, progress=False, frame=False)
    finally:
        expert_module.Dealer = real     # type: ignore[misc]
    out: dict[int, dict[str, Any]] = {}
    for r in rows:
        if r["entry"] == 0:
            out[r["game"]] = dict(r)
    for r in rows:
        if r["entry"] != 0:
            e = out[r["game"]]
            e["theirs"] = e.get("theirs", 0.0) + r["score"] / 3
    return out


def mean_se(xs: list[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, math.sqrt(var / n)


def deviations(rounds: int, set_max: int | None) -> tuple[int, int]:
    """How many of the default expert's searched decisions (of ``rounds`` rounds against
    three planners) play another move than the planner's, and how many there were."""
    other = searched = 0
    planner = PlannerBot()
    for i in range(rounds):
        game = Game.new(4, set=set_max, seed=f"versus-{i}")
        bots: list[Any] = [PlannerBot() for _ in range(4)]
        expert = bots[i % 4] = ExpertBot(i)
        while not game.over:
            bot = bots[game.current]
            move = bot.choose(game)
            if bot is expert and len(game.legal_moves) > 1 and \
                    not any(m.kind == "uno" for m in game.legal_moves):
                searched += 1
                other += move != planner.choose(game)
            game.push(move)
    return other, searched


def main(argv: list[str] | None = None, smoke: bool = False) -> None:
    """Print the figures (``argv`` as on the command line)."""
    ap = add_smoke(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    ap.add_argument("variant", nargs="?", default="infer=1",
                    help="ExpertBot options as key=value joined by '+', or sees=hands "
                    "(default infer=1)")
    ap.add_argument("--rounds", type=int, default=400)
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args(argv)
    smoke = smoke or a.smoke
    kw = parse_variant(a.variant)
    announce(smoke)
    rounds = size(smoke, a.rounds, 4)
    set_max = 6 if smoke else None
    start = time.perf_counter()
    base = expert_rows({}, rounds, a.processes, set_max)
    other = expert_rows(kw, rounds, a.processes, set_max)
    secs = time.perf_counter() - start
    games = sorted(base)
    for name, rows in (("default expert", base), (f"variant {a.variant}", other)):
        won = mean_se([rows[g]["win_share"] for g in games])[0]
        score = mean_se([rows[g]["score"] for g in games])[0]
        margin = mean_se([rows[g]["score"] - rows[g]["theirs"] for g in games])[0]
        print(f"{name}: win share {won:.1%}, mean score {score:.2f}, margin {margin:+.2f} "
              f"over {len(games)} rounds against three planners")
    diff = {k: mean_se([f(other[g]) - f(base[g]) for g in games]) for k, f in (
        ("win", lambda r: 100 * r["win_share"]), ("score", lambda r: r["score"]),
        ("margin", lambda r: r["score"] - r["theirs"]))}
    print(f"variant minus default, paired over the same {len(games)} rounds: win share "
          f"{diff['win'][0]:+.1f} ± {diff['win'][1]:.1f} points, score {diff['score'][0]:+.2f} "
          f"± {diff['score'][1]:.2f}, margin {diff['margin'][0]:+.2f} ± {diff['margin'][1]:.2f} "
          f"(lower scores are better), in {secs:.0f} s on {a.processes} processes", flush=True)
    moved, searched = deviations(size(smoke, 12, 1), set_max)
    print(f"default expert's searched decisions that leave the planner's move: {moved} of "
          f"{searched}")


if __name__ == "__main__":
    main()
