"""The expert: a search over the hands it cannot see, with the planner playing the rest.

The expert player weighs its legal moves by what they lead to, in deals it cannot tell apart
from the real one (determinized sampling, the "perfect-information Monte Carlo" of card-game
programs; information-set MCTS, Cowling, Powley & Whitehouse 2012, is the tree-shaped cousin):

1. deal the tiles it cannot see afresh, consistent with what it sees
   (a :class:`~mtlearn.play.deals.Dealer`: the same hand sizes, the boneyard reshuffled);
2. in that deal, play each legal move, then the rest of the round with a
   :class:`~mtlearn.PlannerBot` in every seat (its own included), and note the round's
   scores; every move meets the same deals and the same roll-outs, so only the move differs;
3. repeat for ``deals`` deals (or until the time ``budget`` is spent), and take the move
   that leaves it the fewest round points on average (ties: the best mean *margin*, its
   points less the mean of its opponents', then the planner's move); but play it instead of
   the planner's own move only when it is clearly better on the same deals
   (:func:`clearly_better`: at least :data:`MIN_GAIN` points fewer on average, by more than
   :data:`Z` standard errors). With few deals, a search alone picks among close moves by
   luck, and lost to the planners it rolls out with (21 % of rounds against three of them);
   as a correction to the planner, it can only improve on it where the evidence is clear.

:func:`move_values` is that evaluation on its own: for the player to play, each legal move's
mean round points and margin over the sampled deals, deterministic for a seed. The expert's
choice is built on it, and a review of a learner's round can score each decision with it
(points lost against the best move).

The expert never looks at another player's hand or the boneyard's order: a deal is made from
what its seat sees only (``tests/test_expert.py`` holds it to that). It is plain Python, so
it runs in the browser's Pyodide as the other players do.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Collection, Sequence
from typing import NamedTuple

from ..core.moves import Move
from ..engine.game import Game
from .bots import Bot, PlannerBot
from .deals import Dealer, Shown, seen_position, shown

__all__ = [
    "DEALS",
    "MIN_GAIN",
    "ROLLOUTS",
    "ExpertBot",
    "MoveValue",
    "Z",
    "clearly_better",
    "move_samples",
    "move_values",
]

#: Deals per move for the "expert" level (fixed, so its games are reproducible).
DEALS = 30
#: Roll-outs per move at most for the "expert" level: with many legal moves it samples fewer
#: deals (at least 2), so a move stays within about a second in the browser's Pyodide (see
#: ``benchmarks/expert.py``) and stays a function of the position.
ROLLOUTS = 120
#: How many points a move must save on average over the planner's, on the same deals, to be
#: played instead of it (:func:`clearly_better`), and by how many standard errors.
MIN_GAIN, Z = 1.0, 2.0
#: Moves a roll-out plays at most (a round of a double-18 set for 8 players is far shorter).
_ROLLOUT_LIMIT = 5000


class MoveValue(NamedTuple):
    """One legal move weighed over sampled deals (see :func:`move_values`).

    ``points`` is the mean of the player's round points after the move and the rest of the
    round (lower is better), ``margin`` the mean of those points less the mean of the
    opponents' (their partners' excluded in a partnership game; lower is better), over
    ``deals`` deals.
    """

    move: Move
    points: float
    margin: float
    deals: int


def _opponents(game: Game, seat: int) -> list[int]:
    """The seats playing against ``seat`` (everyone else, or the other team)."""
    partner = game.partner(seat)
    return [s for s in range(game.n) if s != seat and s != partner]


def _rollout(game: Game, bot: Bot) -> list[int]:
    """Play the round to its end with ``bot`` in every seat; the round's scores."""
    for _ in range(_ROLLOUT_LIMIT):
        if game.over:
            return game.round_scores[-1]
        game.push(bot.choose(game))
    return [game.pips(s) for s in range(game.n)]


def move_samples(game: Game, *, deals: int = DEALS, seed: int | str = 0,
                 budget: float | None = None, min_deals: int = 2,
                 policy: Callable[[], Bot] = PlannerBot, skip: int = 0,
                 only: Collection[Move] | None = None, shown: Sequence[Shown] = ()
                 ) -> list[tuple[Move, list[int], list[float]]]:
    """Each legal move of the player to play with its round points and margins in each
    sampled deal (the same deals, in the same order, for every move): what
    :func:`move_values` averages, kept deal by deal so that two moves can be compared on
    the same deals (see :func:`move_values` for the arguments). ``skip`` deals of the
    seed's sequence are passed over first (not played): a later call with ``skip=n`` goes
    on where one with ``deals=n`` stopped. ``only`` keeps to those legal moves (in the order of
    ``game.legal_moves``): each deal is the same whichever moves are weighed on it."""
    if game.over:
        raise ValueError("no legal move: the round is over")
    if deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals!r}")
    seat = game.current
    moves = list(game.legal_moves)
    if only is not None:
        wanted = set(only)
        if not wanted <= set(moves):
            raise ValueError(f"not legal here: {sorted(map(str, wanted - set(moves)))}")
        moves = [m for m in moves if m in wanted]
    against = _opponents(game, seat)
    rng = random.Random(f"expert/{seed}")
    points: list[list[int]] = [[] for _ in moves]
    margins: list[list[float]] = [[] for _ in moves]
    dealer = Dealer(game, seat, shown)
    for _ in range(skip):
        dealer.deal(rng)
    start = time.perf_counter()
    done = 0
    while done < deals:
        if budget is not None and done >= min_deals and time.perf_counter() - start > budget:
            break
        deal = dealer.deal(rng)
        bot = policy()
        for i, m in enumerate(moves):
            g = deal.copy()
            g.push(m)
            scores = _rollout(g, bot)
            mine = scores[seat]
            points[i].append(mine)
            margins[i].append(mine - sum(scores[s] for s in against) / len(against))
        done += 1
    return [(m, points[i], margins[i]) for i, m in enumerate(moves)]


def move_values(game: Game, *, deals: int = DEALS, seed: int | str = 0,
                budget: float | None = None, min_deals: int = 2,
                policy: Callable[[], Bot] = PlannerBot) -> list[MoveValue]:
    """Each legal move of the player to play, weighed over sampled deals of the hidden tiles.

    Args:
        game: the position; only what the player to play may see is used.
        deals: how many deals to sample (every move meets the same deals).
        seed: the deals and roll-outs are a function of the seed and the player's view.
        budget: seconds to spend at most: sampling stops after the deal that passes it (at
            least ``min_deals`` deals are played). The results then depend on the machine;
            None (the default) plays exactly ``deals`` deals.
        min_deals: the fewest deals played under a ``budget``.
        policy: makes the bot that plays the rest of the round in every seat (a fresh one
            per deal, shared by the moves of that deal).

    Returns:
        One :class:`MoveValue` per legal move, in the order of ``game.legal_moves``.
    """
    return [MoveValue(m, sum(p) / len(p), sum(g) / len(g), len(p))
            for m, p, g in move_samples(game, deals=deals, seed=seed, budget=budget,
                                        min_deals=min_deals, policy=policy)]


def clearly_better(mine: list[int], base: list[int], *, gain: float = MIN_GAIN,
                   z: float = Z) -> bool:
    """Whether points ``mine`` beat ``base`` (paired, deal by deal; fewer is better) by at
    least ``gain`` on average and by more than ``z`` standard errors of the difference: so
    a few lucky deals never turn the planner's considered move into a worse one."""
    n = len(mine)
    if n < 2 or n != len(base):
        return False
    diffs = [a - b for a, b in zip(mine, base, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean <= -gain and mean + z * math.sqrt(var / n) < 0


class ExpertBot:
    """The "expert" level: the move that leaves it the fewest points over sampled deals
    (:func:`move_values`; then the best margin, then the planner's move).

    ``deals`` deals per move, fewer when the legal moves times the deals would pass
    ``rollouts`` (never fewer than 2): the moves depend only on ``seed`` and what the player
    sees, so games are reproducible and a board replays the same after an undo. With a
    ``budget`` in seconds, sampling also stops once it is spent (the moves then depend on the
    machine). A move with no choice (one legal move, or the last-tile announcement, which
    only ever saves a penalty) is played without a search.

    ``gain`` and ``z`` are :func:`clearly_better`'s bar for leaving the planner's move.
    With ``infer``, the deals also agree with what the other players' draws and passes have
    shown (:func:`~mtlearn.play.deals.shown`): a player who drew holds no tile that fitted
    then, unless drawn since. It is off for the level: over 400 paired rounds against three
    planners it was not shown to play better or worse (``benchmarks/expert_versus.py``;
    the figures are in the API page's table of levels).
    """

    def __init__(self, seed: int | str | None = 0, *, deals: int | None = None,
                 rollouts: int | None = -1, budget: float | None = None,
                 infer: bool = False, gain: float = MIN_GAIN, z: float = Z) -> None:
        self.seed = 0 if seed is None else seed
        # the module's DEALS and ROLLOUTS when not given (read now, so that a benchmark can
        # try other settings for the "expert" level)
        self.deals = DEALS if deals is None else deals
        self.rollouts = ROLLOUTS if rollouts == -1 else rollouts
        self.budget = budget
        self.infer = infer
        self.gain, self.z = gain, z
        self._planner = PlannerBot()

    def __repr__(self) -> str:
        parts = [] if self.seed == 0 else [f"seed={self.seed!r}"]
        if self.deals != DEALS:
            parts.append(f"deals={self.deals}")
        if self.rollouts != ROLLOUTS:
            parts.append(f"rollouts={self.rollouts}")
        if self.budget is not None:
            parts.append(f"budget={self.budget}")
        if self.infer:
            parts.append("infer=True")
        if (self.gain, self.z) != (MIN_GAIN, Z):
            parts.append(f"gain={self.gain}, z={self.z}")
        return f"ExpertBot({', '.join(parts)})"

    def choose(self, game: Game) -> Move:
        """Pick a legal move (see the class docstring)."""
        moves = game.legal_moves
        if not moves:
            raise ValueError("no legal move: the round is over")
        if len(moves) == 1:
            return moves[0]
        for m in moves:
            if m.kind == "uno":
                return m
        planned = self._planner.choose(game)
        # a fresh stream for every decision, a function of the seed and the seat's view only
        # (the same view reached another way gives the same move)
        view = json.dumps(seen_position(game, game.current), sort_keys=True)
        seed = f"{self.seed}/{view}"
        deals = self.deals
        if self.rollouts is not None:
            deals = max(2, min(deals, self.rollouts // len(moves)))
        seen = shown(game, game.current) if self.infer else ()
        samples = move_samples(game, deals=deals, seed=seed, budget=self.budget, shown=seen)
        base = next((s for s in samples if s[0] == planned), None)
        best = min(samples, key=lambda s: (round(sum(s[1]) / len(s[1]), 9),
                                           round(sum(s[2]) / len(s[2]), 9), s[0] != planned))
        if base is None or best is base:
            return best[0]
        # the planner's move stands unless the search finds one clearly better on the
        # same deals (a policy-improvement step that noise cannot make worse on average)
        return best[0] if clearly_better(best[1], base[1], gain=self.gain, z=self.z) else planned
