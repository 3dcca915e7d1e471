"""Starting ratings for mined puzzles, from measured features, anchored to the hand-written ones.

A mined puzzle's rating is the trainer's first guess of how hard it is; the learners'
attempts correct it later. The guess is made from what can be measured in the position:

* ``choices``: how many answers there are to choose from (for a move: the legal moves, a
  draw, a pass and the tempting refusals the puzzle names; whole turns; the options of a
  question), on a log scale;
* ``depth``: how many moves the answer takes (a whole turn is harder than one move);
* ``rules``: how many rules the puzzle involves;
* ``guess``: the chance that an answer picked at random is right;
* ``bots``: the share of simple players (the greedy bot, the planner) whose own move or
  turn meets the goal, for move and turn puzzles (a puzzle a greedy player solves by
  habit is easy); for the other kinds the same as ``guess``;
* ``variant``: 1 at a table that plays a variant.

:func:`fit` finds the weights that best give the hand-written puzzles their authors' ratings
(least squares over the bundled puzzles, with a little ridge so a feature that never varies
there gets no weight), and :func:`rating` applies them to a mined puzzle. A trivial puzzle
(a random answer right at least half the time, or every simple player right with at most
two answers to choose from) is never rated above the easiest hand-written puzzle, and the
miner does not ship one. Each mined puzzle then stays near its hand-written twins (the
bundled puzzles that ask the same kind of question in the same setting, :func:`twin_keys`:
the same variant or house rule, an open double or none): within
:data:`TWIN_BELOW` under the easiest of them and :data:`TWIN_ABOVE` over the hardest, so a
count of rules that a side remark adds cannot lift a plain question above the puzzle it
copies. A plain question (one playable tile; a round's score from a printed hand) stays
within :data:`PLAIN_ABOVE` a step of the easiest of them.
Standard library only; the weights depend only on the bundled puzzles, so a run is the same
on any machine.
"""

from __future__ import annotations

import math
from dataclasses import fields
from functools import lru_cache
from typing import Any

from ..core.notation import train_code
from ..engine.game import Game
from ..play.bots import GreedyBot, PlannerBot
from .puzzle_record import MAX_RATING, MIN_RATING, Puzzle

__all__ = ["FEATURES", "PLAIN_ABOVE", "VARIANT_STEP", "features", "fit", "is_trivial",
           "rating", "setting", "signature", "twin_keys", "twins"]

#: The features, in the order of the weights :func:`fit` returns (after the constant).
FEATURES = ("choices", "depth", "rules", "guess", "bots", "variant")
#: Pull of each weight towards 0 in the fit (in squared rating points per unit).
RIDGE = 1.0
#: How far a mined puzzle may be rated under the easiest and over the hardest of its
#: hand-written twins.
TWIN_BELOW, TWIN_ABOVE = 100, 200
#: How much a variant table may add to the rating of the same question at the standard
#: table (:func:`rating`).
VARIANT_STEP = 150
#: How far above its easiest hand-written twin a plain question may be rated, a step
#: (:func:`rating`): one playable tile, a round's score added up from a printed hand.
PLAIN_ABOVE = 100


def _turn(p: Puzzle, bot: Any) -> list[str]:
    """The moves ``bot`` makes from the puzzle's position until its turn ends (one move for
    a move puzzle)."""
    g = p.start()
    seat = g.current
    out: list[str] = []
    for _ in range(8):
        if g.over or g.current != seat:
            break
        m = bot.choose(g)
        out.append(str(m))
        g.push(m)
        if p.kind == "move" or m.kind == "draw":
            break
    return out


def _rules_involved(p: Puzzle, g: Game) -> set[str]:
    """The rules a puzzle involves: those it teaches and, for a list of every legal move,
    every rule the engine cites to allow or refuse a tile of the hand on a train (each
    tile checked against each train is the work of that question)."""
    rules = set(p.teaches)
    if p.kind == "all-moves" and not g.over:
        for t in g.hand(g.current):
            for k in g.train_keys():
                rules.add(g.explain(f"{t}@{train_code(k)}").rule)
    rules.discard("")
    return rules


def features(p: Puzzle) -> dict[str, float]:
    """The measured features of ``p`` (see the module doc)."""
    g = p.start()
    legal = len(g.legal_moves)
    sols = p.solutions(limit=50)
    bots: float | None = None
    if p.kind == "move":
        # the board offers a draw and a pass whatever the position, and a tempting
        # refusal the puzzle names (a tile on a closed train) is an answer a learner may
        # pick as much as a legal move
        picks = {str(m) for m in g.legal_moves} | {"draw", "pass"}
        choices = len(picks | {str(w.answer) for w in p.wrong})
        guess = len(sols) / max(1, choices)
    elif p.kind == "sequence":
        from .mining_play import turns
        every = turns(g, limit=200)
        choices = len(every)
        guess = min(1.0, len(sols) / max(1, len(every)))
    elif p.kind == "all-moves":
        choices = 2 ** min(legal + 1, 12)   # any subset of the plays that fit, roughly
        guess = 1 / choices
    elif p.kind == "choose":
        opts = len(p.options())
        multi = p.goal.get("ask") == "open_trains"
        choices = (2 ** opts - 1) if multi else opts
        guess = 1 / max(1, choices)
    else:       # number, plan: an answer is not guessed
        choices = 10
        guess = 0.1
    if p.kind in ("move", "sequence"):
        right = 0
        for bot in (GreedyBot(), PlannerBot()):
            moves = _turn(p, bot)
            ans: Any = moves[0] if p.kind == "move" and moves else moves
            right += p.judge(ans).status == "right"
        bots = right / 2
    depth = len(p.answer) if isinstance(p.answer, list) and p.kind == "sequence" else 1
    return {"choices": math.log2(1 + choices), "depth": depth - 1.0,
            "rules": float(len(_rules_involved(p, g))), "guess": guess,
            "bots": guess if bots is None else bots,
            "variant": 0.0 if p.rules == type(p.rules)() else 1.0}


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small, square a)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


@lru_cache(maxsize=1)
def fit() -> tuple[tuple[float, ...], int]:
    """The weights (constant first, then :data:`FEATURES`) that best give the hand-written
    puzzles their ratings, and the lowest hand-written rating."""
    from .puzzle_files import bundled
    rows, ys = [], []
    for p in bundled():
        f = features(p)
        rows.append([1.0, *(f[k] for k in FEATURES)])
        ys.append(float(p.rating))
    k = len(rows[0])
    ata = [[sum(r[i] * r[j] for r in rows) + (RIDGE if i == j and i else 0.0)
            for j in range(k)] for i in range(k)]
    aty = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(k)]
    return tuple(_solve(ata, aty)), int(min(ys))


def signature(kind: str, goal: dict[str, Any]) -> tuple[str, str]:
    """The kind of question a puzzle asks: its answer kind and what its goal asks for
    (``("choose", "open_trains")``, ``("number", "round_score")``, ``("move",
    "most_pips")``...)."""
    return kind, str(goal.get("ask") or goal.get("count") or ",".join(sorted(goal)))


def setting(p: Puzzle) -> tuple[tuple[str, ...], bool]:
    """Where a puzzle is set: the rules options its table changes from the standard game
    (a variant, a house rule) and whether a double waits to be covered. The same question
    is another puzzle at a partnership table or with an open double."""
    std = type(p.rules)()
    changed = tuple(sorted(f.name for f in fields(p.rules)
                           if getattr(p.rules, f.name) != getattr(std, f.name)))
    return changed, bool(p.start().open_double_trains)


def twin_keys(p: Puzzle) -> list[tuple[Any, ...]]:
    """The keys of ``p``'s hand-written twins, the closest first: the same question in the
    same setting; the same question at the same table; the same question anywhere; and
    only where no puzzle asks it, any question at the same variant table. (A variant does
    not make a question hard by itself: a review found "shed the heavier tile" rated 1200
    at the standard table and 1650 at a blanks-25 table whose question states the rule.)"""
    sig = signature(p.kind, p.goal)
    changed, live = setting(p)
    keys: list[tuple[Any, ...]] = [(sig, changed, live), (sig, changed), (sig,)]
    if changed:
        keys.append((changed,))
    return keys


@lru_cache(maxsize=1)
def twins() -> dict[tuple[Any, ...], tuple[int, int]]:
    """The lowest and highest rating of the hand-written puzzles under each of the keys
    :func:`twin_keys` gives them."""
    from .puzzle_files import bundled
    out: dict[tuple[Any, ...], tuple[int, int]] = {}
    for p in bundled():
        for k in twin_keys(p):
            lo, hi = out.get(k, (p.rating, p.rating))
            out[k] = (min(lo, p.rating), max(hi, p.rating))
    return out


def _plain_cap(p: Puzzle, twin: tuple[int, int]) -> float:
    """The highest rating a plain question may have, from the range of its hand-written
    twins (``twin``: the easiest and the hardest): a move or list of moves where only one
    tile can be played, and a round's score whose hand the hint prints (an addition, a step
    more for each scoring rule in it: the double blank, blanks at 25, going out on a double),
    stay within :data:`PLAIN_ABOVE` a step of the easiest; "shed the heaviest tile" stays at
    the middle of its twins' range, whatever the table. Reviews found one playable tile
    rated 1600, a sum from a printed hand rated 1360, and "play your 8-point tile" at a
    branching table rated 1600, above its trickier twins (the double blank, blanks at 25)."""
    easiest = twin[0]
    sig = signature(p.kind, p.goal)
    if sig == ("move", "most_pips"):
        anywhere = twins().get((sig,), twin)   # the same question at any table
        return (anywhere[0] + anywhere[1]) / 2
    if p.kind in ("move", "all-moves"):
        g = p.start()
        plays = [m for m in g.legal_moves if m.kind == "play"] if not g.over else []
        # one playable tile, on one train or on several (review 11: one drawn tile that
        # fits two trains, rated level 4)
        if plays and len({m.tile for m in plays}) == 1:
            return easiest + PLAIN_ABOVE
    if signature(p.kind, p.goal) == ("number", "round_score"):
        steps = len({"R-SCORE-2", "R-VAR-BLANKS", "R-DBL-5"} & set(p.teaches))
        return easiest + PLAIN_ABOVE * steps
    return float(MAX_RATING)


def is_trivial(f: dict[str, float]) -> bool:
    """True when a random answer is right at least half the time, or every simple player
    is right with at most two answers to choose from."""
    return f["guess"] >= 0.5 or (f["bots"] >= 1.0 and f["choices"] <= math.log2(3))


def rating(p: Puzzle, f: dict[str, float] | None = None) -> int:
    """The starting rating of puzzle ``p`` (a multiple of 10), from its features ``f``
    (measured when not given), kept near its hand-written twins."""
    weights, lowest = fit()
    f = features(p) if f is None else f
    terms = dict(zip(FEATURES, weights[1:], strict=True))
    r = weights[0] + sum(w * f[k] for k, w in terms.items())
    if f["variant"]:
        # the same question at the standard table (no variant, its rule not counted), plus
        # at most VARIANT_STEP: the fit learns the variant's weight from the hand-written
        # variant chapter's hardest puzzles, and a mined question that states its rule is
        # not made that hard by it (a review: 1200 standard, 1660 at a blanks-25 table)
        plain = r - terms["variant"] * f["variant"] - terms["rules"]
        r = min(r, plain + VARIANT_STEP)
    twin = next((twins()[k] for k in twin_keys(p) if k in twins()), None)
    if twin is not None:
        # the floor is the easiest twin asking the same question at any table: a variant
        # table's single hand-written twin (one "every legal move" at a branching table,
        # rated 1700) must not lift a two-move list to 1600 (review 10)
        anywhere = twins().get((signature(p.kind, p.goal),), twin)
        r = max(min(twin[0], anywhere[0]) - TWIN_BELOW, min(twin[1] + TWIN_ABOVE, r))
    r = min(r, _plain_cap(p, (lowest, lowest) if twin is None else twin))
    if is_trivial(f):
        r = min(r, lowest)
    return max(MIN_RATING, min(MAX_RATING, int(round(r / 10) * 10)))
