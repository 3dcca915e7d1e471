"""Play puzzles: the move the engine finds best over many deals the learner cannot tell apart.

A play puzzle asks for the move (or the whole turn) that leaves the fewest points, goes out
soonest, or keeps a double from blocking. Its goal is one the judge checks exactly (shed
the most pips; go out this turn; lay the double and cover it), and the miner keeps it only
when the moves that meet the goal really are best: :func:`sample_check` deals the hidden
tiles (the other hands and the boneyard) afresh :data:`DEALS` times, consistent with what
the learner sees, plays every candidate (each legal move, or each whole turn) and then the
rest of the round with the existing bots (the same bots and seeds for every candidate, so
only the move differs), and scores the learner's round. A puzzle is kept when a move that
meets the goal scores best (or equal best) in at least :data:`BEST_SHARE` of the deals (the
share's lower bound at least :data:`SHARE_LOW`), and beats the best move that does not meet
it by :data:`MARGIN` points on average (the mean's lower bound: a lucky sample of deals does
not make a puzzle). Forced or
trivial positions (one legal move, every move the same) are dropped before sampling.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, NamedTuple

from ..core.moves import Move
from ..core.ruleids import rule_ids_in
from ..engine.game import Game
from ..play.bots import GreedyBot, PlannerBot
from .mining_drills import _intro, _name, _record, _simple_turn, _turn_words
from .mining_positions import Table

__all__ = [
    "BEST_SHARE",
    "DEALS",
    "MARGIN",
    "PLAYS",
    "SHARE_LOW",
    "Verdict",
    "advance",
    "play_double",
    "play_fewest",
    "play_out",
    "sample_check",
    "sampled_deal",
    "turns",
    "wilson_lower",
]

#: Deals sampled per candidate position.
DEALS = 200
#: Share of deals in which the answer must be best (or equal best).
BEST_SHARE = 0.95
#: Points by which the answer must beat the best other move on average (judged by the
#: lower bound of the mean, :attr:`Verdict.margin_low`).
MARGIN = 3.0
#: The lowest the share's lower bound may be (:attr:`Verdict.share_low`).
SHARE_LOW = 0.9
#: Standard errors in a lower bound (about 95 % on one side: 1.645; two-sided 1.96).
Z = 1.96

Record = dict[str, Any]


def wilson_lower(wins: int, n: int, z: float = Z) -> float:
    """The lower end of the Wilson interval for a share of ``wins`` in ``n`` (0 for none)."""
    if n <= 0:
        return 0.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n)


class Verdict(NamedTuple):
    """What sampling says of a play puzzle: the share of deals where the goal's moves
    were best, the mean points of the best and of the second best, deals played."""

    share: float
    best: float
    second: float
    deals: int
    #: Which of the candidates that meet the goal did best on average (its index among
    #: them): the one shipped as the answer.
    pick: int = 0
    #: The standard deviation of the points saved per deal (best other move minus the
    #: answer), for the margin's lower bound.
    spread: float = 0.0

    @property
    def margin(self) -> float:
        """How many points the best move saves over the second best, on average."""
        return self.second - self.best

    @property
    def share_low(self) -> float:
        """The share's lower bound (Wilson, :data:`Z`): what other samples would still
        show, not one lucky sample."""
        return wilson_lower(round(self.share * self.deals), self.deals)

    @property
    def margin_low(self) -> float:
        """The margin's lower bound: the mean less :data:`Z` standard errors."""
        return self.margin - Z * self.spread / math.sqrt(max(1, self.deals))

    def keeps(self) -> bool:
        """True when the answer is best in enough deals by a clear margin, both judged by
        their lower bounds, so that a lucky sample does not make a puzzle."""
        return (self.share >= BEST_SHARE and self.share_low >= SHARE_LOW
                and self.margin_low >= MARGIN)


def sampled_deal(game: Game, seat: int, rng: random.Random) -> Game:
    """The position with every tile ``seat`` cannot see (the other hands and the
    boneyard) dealt afresh: the same hand sizes, the boneyard in a new order."""
    pos = game.to_position()
    hidden = [t for s, h in enumerate(pos["hands"]) if s != seat for t in h]
    hidden += pos["boneyard"]
    rng.shuffle(hidden)
    hands = []
    at = 0
    for s, h in enumerate(pos["hands"]):
        if s == seat:
            hands.append(h)
        else:
            hands.append(hidden[at:at + len(h)])
            at += len(h)
    pos["hands"] = hands
    pos["boneyard"] = hidden[at:]
    return Game.from_position(pos)


def turns(game: Game, limit: int = 40) -> list[list[Move]]:
    """Every whole turn the player to play can take (at most ``limit``): the moves
    until the turn passes on or the round ends, or up to a draw (the rest depends on
    the tile drawn)."""
    seat = game.current
    out: list[list[Move]] = []

    def walk(g: Game, prefix: list[Move]) -> None:
        for m in g.legal_moves:
            if len(out) >= limit:
                return
            h = g.copy()
            h.push(m)
            # a draw ends the known part of a turn: what is drawn differs by deal
            if h.over or h.current != seat or m.kind == "draw" or len(prefix) >= 6:
                out.append([*prefix, m])
            else:
                walk(h, [*prefix, m])

    walk(game, [])
    return out


def _rollout(g: Game, seat: int, moves: list[Move], seed: int) -> int:
    """The learner's round score after ``moves`` and the rest of the round by bots."""
    h = g.copy()
    for m in moves:
        h.push(m)
    bots = [PlannerBot() if s == seat else GreedyBot() for s in range(h.n)]
    rng = random.Random(seed)
    for _ in range(3000):
        if h.over:
            break
        legal = h.legal_moves
        # a little noise so that the deals are not all played the same way
        m = legal[int(rng.random() * len(legal))] if rng.random() < 0.1 else \
            bots[h.current].choose(h)
        h.push(m)
    if not h.over:
        return h.pips(seat)
    return h.round_scores[-1][seat]


def sample_check(game: Game, candidates: list[list[Move]], good: Callable[[list[Move]], bool],
                 rng: random.Random, deals: int = DEALS) -> Verdict | None:
    """Play each candidate over ``deals`` sampled deals (see the module doc); None when
    no candidate, or every candidate, meets the goal. Stops early once the answer has
    failed in more deals than :data:`BEST_SHARE` allows, or is far from the margin
    after a quarter of the deals."""
    ok = [c for c in candidates if good(c)]
    other = [c for c in candidates if not good(c)]
    if not ok or not other:
        return None
    seat = game.current
    wins = 0
    sum_best = sum_second = sum_sq = 0.0
    sums = [0.0] * len(ok)
    allowed = int((1 - BEST_SHARE) * deals)
    for i in range(deals):
        d = sampled_deal(game, seat, rng)
        seed = rng.randrange(10**9)
        each = [_rollout(d, seat, c, seed) for c in ok]
        sums = [x + y for x, y in zip(sums, each, strict=True)]
        a = min(each)
        b = min(_rollout(d, seat, c, seed) for c in other)
        wins += a <= b
        sum_best += a
        sum_second += b
        sum_sq += (b - a) ** 2
        pick = sums.index(min(sums))
        # hopeless already: more failures than the share allows, or after a quarter of
        # the deals not even half the margin
        if (i + 1) - wins > allowed or (i + 1 == deals // 4 and
                                        (sum_second - sum_best) / (i + 1) < MARGIN / 2):
            return Verdict(wins / (i + 1), sum_best / (i + 1), sum_second / (i + 1), i + 1,
                           pick, _sd(sum_second - sum_best, sum_sq, i + 1))
    return Verdict(wins / deals, sum_best / deals, sum_second / deals, deals,
                   sums.index(min(sums)), _sd(sum_second - sum_best, sum_sq, deals))


def _sd(total: float, squares: float, n: int) -> float:
    """The sample standard deviation from a sum and a sum of squares of ``n`` values."""
    if n < 2:
        return 0.0
    return math.sqrt(max(0.0, (squares - total * total / n) / (n - 1)))


def advance(game: Game, ready: Callable[[Game], bool], max_moves: int = 300) -> Game | None:
    """A copy of ``game`` played on by greedy bots until ``ready`` holds (checked before
    every move), or None if the round ends first."""
    g = game.copy()
    bot = GreedyBot()
    for _ in range(max_moves):
        if g.over:
            return None
        if _simple_turn(g) and ready(g):
            return g
        g.push(bot.choose(g))
    return None


def _goes_out(g: Game, moves: list[Move]) -> bool:
    """True if ``moves`` (a whole turn) end the round with the player out."""
    h = g.copy()
    for m in moves:
        h.push(m)
    return h.over and h.out == g.current


def _texts(moves: list[Move]) -> list[str]:
    return [str(m) for m in moves]


# ---------------------------------------------------------------------- generators
def play_fewest(g: Game, t: Table, rng: random.Random) -> Record | None:
    """Shed the most points: an opponent is close to going out; which move leaves the
    learner the fewest points (``move``, goal: the most pips)."""
    if t.name == "teams":
        return None
    val = g.rules.tile_value

    def worths(h: Game) -> dict[str, int]:
        return {str(m): val(m.tile.high, m.tile.low) for m in h.legal_moves
                if m.kind == "play" and m.tile is not None}

    def ready(h: Game) -> bool:
        seat = h.current
        if len(h.hand((seat + 1) % h.n)) != 1:
            return False
        w = worths(h)
        if len(w) < 2 or len(w) != len(h.legal_moves):
            return False
        top = max(w.values())
        lower = [v for v in w.values() if v < top]
        return bool(lower) and top - max(lower) >= 4

    found = advance(g, ready)
    if found is None:
        return None
    g = found
    seat = g.current
    plays = list(g.legal_moves)
    near = [(seat + 1) % g.n]
    worth = worths(g)
    top = max(worth.values())
    if any(_goes_out(g, c) for c in turns(g)):
        return None     # the whole turn goes out: a play-out puzzle, not this one
    v = sample_check(g, [[m] for m in plays], lambda c: worth[str(c[0])] == top, rng)
    if v is None or not v.keeps():
        return None
    heavy = [m for m in plays if worth[str(m)] == top][v.pick]   # its best placement
    name = _name(g, seat)
    threat = _name(g, near[0])
    left = len(g.hand(near[0]))
    light = min(plays, key=lambda m: worth[str(m)])
    return _record(
        "play-fewest", t, g, family="strategy", title="Shed the heavy tile",
        teaches=["R-SCORE-1", g.explain(heavy).rule], themes=["fewest-points", "strategy"],
        question=f"{_intro(t)}It is {name}'s turn, and {threat}, who plays next, has "
                 f"only {left} tile{'s' if left > 1 else ''} left. Which move leaves {name} "
                 f"with the fewest points if the round ends soon? Play it.",
        kind="move", goal={"most_pips": True},
        hints=["R-SCORE-1: when someone goes out, every tile left in your hand counts "
               "against you.", f"{name} can play {len(plays)} moves. Compare the points "
               f"each tile that fits would count left in {name}'s hand" + (
                   " (a blank end counts 25 here, the double blank 50: R-VAR-BLANKS)."
                   if g.rules.scoring == "blanks-25" else
                   " (the double blank counts 50: R-SCORE-2)." if any(
                       m.tile is not None and m.tile.high == 0 for m in plays) else ".")],
        answer=str(heavy),
        wrong=[{"answer": str(light), "expect": "R-SCORE-1"}],
        explain=f"{heavy.tile} is worth {top} points. Over {v.deals} deals of the tiles "
                f"{name} cannot see, shedding it left {name} with the fewest points in "
                f"{round(100 * v.share)} % of them, {v.margin:.0f} points fewer on average "
                f"than the best other move." + (
                    f" As a double it also gives {name} another play this turn (R-DBL-1)."
                    if heavy.tile is not None and heavy.tile.is_double else ""),
        perspective=seat)


def play_out(g: Game, t: Table, rng: random.Random) -> Record | None:
    """Go out this turn when only one way of playing the turn does (``sequence``,
    goal: go out)."""
    if t.name in ("teams", "swan-drive"):
        return None

    def ready(h: Game) -> bool:
        hand = h.hand(h.current)
        return 2 <= len(hand) <= 4 and any(x.is_double for x in hand) and any(
            m.tile is not None and m.tile.is_double for m in h.legal_moves)

    found = advance(g, ready)
    if found is None:
        return None
    g = found
    seat = g.current
    hand = g.hand(seat)
    cands = turns(g)
    if len(cands) < 2:
        return None

    def out(c: list[Move]) -> bool:
        h = g.copy()
        for m in c:
            h.push(m)
        return h.over and h.out == seat

    winners = [c for c in cands if out(c)]
    if not winners or len(winners) == len(cands):
        return None
    v = sample_check(g, cands, out, rng)
    if v is None or not v.keeps():
        return None
    answer = winners[v.pick]
    name = _name(g, seat)
    first = answer[0]
    order = _order_words(g, answer)
    return _record(
        "play-out", t, g, family="strategy", title=f"{name} goes out",
        teaches=["R-END-1", "R-DBL-1", g.explain(first).rule, *rule_ids_in(order)],
        themes=["go-out", "strategy"],
        question=f"{_intro(t)}It is {name}'s turn, with {len(hand)} tiles left."
                 f"{_turn_words(g)} Play the rest of {name}'s turn so that {name} goes "
                 f"out now." if g.bonus else
                 f"{_intro(t)}It is {name}'s turn, with {len(hand)} tiles left. Play "
                 f"{name}'s whole turn so that {name} goes out now.",
        kind="sequence", goal={"goes_out": True},
        hints=[("R-VAR-ANSWER: at this table a player who lays a double plays again, on "
                "that double" if g.rules.double_bonus == "on-double" else
                "R-DBL-1: a player who lays a double plays again, so a double can be a "
                "free extra play") + "; R-END-1: playing the last tile ends the round.",
               f"Which of {name}'s tiles can only go last?"],
        answer=_texts(answer),
        wrong=[{"answer": _texts(c), "expect": "go out"}
               for c in cands if not out(c) and c[-1].kind == "play"][:1],
        # going out is always best: no sampled figure, the reason for the order instead
        explain=f"{order}Going out ends the round, and {name} scores 0 (R-END-1, R-SCORE-1).",
        perspective=seat)


def _order_words(g: Game, turn: list[Move]) -> str:
    """Sentences on the order of ``turn`` where the rules fix it, or nothing: at a table
    that answers the double, the tile after a double goes on it (R-VAR-ANSWER); a tile that
    is not a double ends the turn, so a double laid this turn goes before it (R-DBL-1); and
    with two or more doubles open, it must cover the one laid first (R-DBL-4; the last with
    R-VAR-REVERSE)."""
    h = g.copy()
    name = h.players[h.current]
    said = ""
    if h.rules.double_bonus == "on-double" and any(
            m.tile is not None and m.tile.is_double for m in turn[:-1]):
        said = "At this table the tile after a double must go on that double (R-VAR-ANSWER). "
    for m in turn:
        open_now = list(h.open_doubles)
        if (m.tile is not None and not m.tile.is_double and len(open_now) == 1
                and open_now[0] in h.turn_doubles):
            # one double laid this turn, then the tile that ends it: the double goes first
            d = h.trains[open_now[0]].end
            said += (f"Only a double gives {name} another play, so the {d}-{d} goes before "
                     f"{m.inward}-{m.outward}, which ends the turn (R-DBL-1). ")
            break
        if m.tile is not None and not m.tile.is_double and len(open_now) >= 2:
            reverse = h.rules.double_order == "reverse"
            first = h.trains[open_now[-1 if reverse else 0]].end
            said += (f"A tile that is not a double ends {name}'s turn, so the doubles go "
                     f"first (R-DBL-1); with {len(open_now)} doubles open, {m.inward}-"
                     f"{m.outward} must then cover the one laid "
                     f"{'last' if reverse else 'first'}, the {first}-{first} "
                     f"({'R-VAR-REVERSE' if reverse else 'R-DBL-4'}). ")
            break
        h.push(m)
    return said


def play_double(g: Game, t: Table, rng: random.Random) -> Record | None:
    """Lay a double and cover it yourself, so it does not stay open and block
    (``sequence``, goal: two plays, no double left open)."""
    if t.name in ("teams", "swan-drive"):
        return None

    def ready(h: Game) -> bool:
        return not h.open_double_trains and len(h.legal_moves) >= 2 and any(
            m.tile is not None and m.tile.is_double for m in h.legal_moves)

    found = advance(g, ready)
    if found is None:
        return None
    g = found
    seat = g.current
    cands = turns(g)

    def covered(c: list[Move]) -> bool:
        plays = [m for m in c if m.kind == "play"]
        if len(plays) < 2:
            return False
        h = g.copy()
        for m in c:
            h.push(m)
        return not h.open_double_trains

    good = [c for c in cands if covered(c)]
    bad = [c for c in cands if not covered(c)]
    if not good or not bad or not any(c[0].tile is not None and c[0].tile.is_double
                                       for c in bad):
        return None
    v = sample_check(g, cands, covered, rng)
    if v is None or not v.keeps():
        return None
    answer = good[v.pick]
    d = answer[0].tile
    name = _name(g, seat)
    left_open = next(c for c in bad if c[0].tile is not None and c[0].tile.is_double)
    return _record(
        "play-double", t, g, family="doubles", title="Lay the double and cover it",
        teaches=["R-DBL-1", "R-DBL-3"], themes=["cover-the-double", "open-double",
                                                "strategy"],
        question=f"{_intro(t)}It is {name}'s turn.{_turn_words(g)} Play {name}'s whole "
                 f"turn so that {name} lays two tiles and leaves no double open.",
        kind="sequence", goal={"plays": 2, "covers_double": True},
        hints=["R-DBL-1: after a double you play again; R-DBL-3: a double left open "
               "blocks every train until it is covered.",
               f"Which of {name}'s doubles could {name} cover at once with another tile "
               f"from the same hand?"],
        answer=_texts(answer),
        wrong=[{"answer": _texts(left_open), "expect": "R-DBL-3"}],
        explain=f"Laying {d} and covering it sheds two tiles and leaves nothing open. "
                f"Over {v.deals} deals of the unseen tiles this was best in "
                f"{round(100 * v.share)} % of them, {v.margin:.0f} points better on "
                f"average than the best other turn.",
        perspective=seat)


#: The play-puzzle generators by name.
PLAYS: dict[str, Callable[[Game, Table, random.Random], Record | None]] = {
    "play-fewest": play_fewest, "play-out": play_out, "play-double": play_double,
}


