"""A review of a learner's round: each decision scored by the expert, the mistakes in words.

After a round, :func:`review_round` goes through the round's moves (``game.history``) and,
at every decision of the learner's seat (a turn with more than one legal move), weighs each
legal move as the expert does (:func:`~mtlearn.play.expert.move_samples`: the tiles the seat
could not see dealt afresh, the rest of the round played by planners, the seat's round
points noted). A decision is a *mistake* when the move played left, on average over those
deals, at least :data:`MISTAKE_POINTS` more points in the learner's hand at the end of the
round than the best move, and more than luck explains: by :data:`Z` standard errors of the
deal-by-deal difference. Each decision is weighed first on :data:`REVIEW_DEALS` deals. One
whose move played trails the best by :data:`SCREEN` of the threshold or more, or that keeps
a double it could lay or leaves one of its turn uncovered (:func:`suspect`), gets up to
:data:`CONFIRM_DEALS` more (:data:`SUSPECT_MORE` more still for the latter),
:data:`STEP_DEALS` at a time, for the move played and the two best so far
(:func:`confirmed`), until the loss is :data:`DECIDED` standard errors from the threshold
either way (after :data:`DECIDED_AFTER` deals at least); the largest first losses first,
within :data:`ROUND_ROLLOUTS` roll-outs a round, so that a page's review stays within
seconds. One the round's work leaves unconfirmed is not named a mistake
(``benchmarks/review.py`` measures the agreement with a ten times deeper search, its
precision and recall).

Never peeking: each decision is weighed from what the seat could see at that moment (its
hand, the table, how many tiles the others held), and the deals are seeded from that view,
so the review is the same whatever the other hands held (``tests/test_review.py``).

Each :class:`Mistake` carries the position as the seat saw it, the move played, the better
move, the points lost, every legal move's mean points (for "Find a better move":
:meth:`Mistake.judge`) and three texts: what happened, the better move, and why (the strategy
idea or the rule, in words; never a rule id). :func:`check_mistake` holds every sentence to the
engine (the moves are legal there, the figures are the computation's, the ideas are true),
and :func:`review_round` checks every mistake it makes with it.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from ..core.moves import Move
from ..core.rule_words import rule_words
from ..core.ruleids import PATTERN
from ..core.tiles import Tile
from ..engine.game import Game
from .bots import PlannerBot
from .deals import seen_position
from .expert import move_samples

__all__ = ["AS_GOOD", "CONFIRM_DEALS", "DECIDED", "DECIDED_AFTER", "MISTAKE_POINTS",
           "REVIEW_DEALS", "ROUND_ROLLOUTS", "SCREEN", "STEP_DEALS", "SUSPECT_MORE",
           "VARIANCE_FLOOR", "Mistake", "Retry", "Review", "ReviewError", "Samples", "Z",
           "check_mistake", "confirmed", "decisions", "first_pass", "loss_of", "move_words",
           "position_before", "review_round", "samples_of", "score_decision", "suspect",
           "verdict"]

#: Expected points lost (against the best move, over the sampled deals) that make a mistake.
MISTAKE_POINTS = 4.0
#: Deals of the hidden tiles each decision is weighed on first (every legal move meets the
#: same): enough to pass over the many decisions whose moves come out alike.
REVIEW_DEALS = 6
#: The most deals added to a decision that may be a mistake after the first ones, in steps
#: of :data:`STEP_DEALS` (the verdict is on all the deals its moves met).
CONFIRM_DEALS = 18
#: More deals still for a :func:`suspect` choice (a kept double, a double of the turn left
#: open): the first deals' luck can hide what such a choice costs for a long while.
SUSPECT_MORE = 24
#: Deals a confirmation step adds (to the move played and the two best so far).
STEP_DEALS = 4
#: A decision whose move played trails the best by this share of the threshold after the
#: first deals gets the confirmation deals.
SCREEN = 0.5
#: Confirmation stops once the mean loss is this many standard errors of the paired
#: difference away from the threshold, either way: the question is decided.
DECIDED = 2.0
#: The fewest deals on which that can be decided (a handful of deals can look alike by luck).
DECIDED_AFTER = 14
#: The least variance of the deal-by-deal difference taken for its standard error (points
#: squared): a round's points swing by tens from deal to deal, and a few deals that happen to
#: agree must not look sure.
VARIANCE_FLOOR = 100.0
#: The most roll-outs (legal moves times deals) a round's review plays: the confirmations
#: go to the largest first losses while this allows (a page's review stays within seconds).
ROUND_ROLLOUTS = 400
#: Standard errors of the paired difference by which the move played must trail the best
#: one, on top of the threshold on the mean: a few lucky deals do not make a mistake (one
#: sided, 95 %).
Z = 1.64
#: "Find a better move": a move within this many points of the best is as good as it.
AS_GOOD = 1.0

#: A move's points and margins deal by deal (see :func:`~mtlearn.play.expert.move_samples`).
Samples = list[tuple[Move, list[int], list[float]]]

_TILE = re.compile(r"\b(\d{1,2})-(\d{1,2})\b")


class ReviewError(ValueError):
    """A review that cannot be made (no such seat, no round), or a sentence of one that the
    engine does not bear out (a bug: :func:`check_mistake` found it)."""


@dataclass(frozen=True)
class Retry:
    """The engine's judgement of a move tried in a mistake's position ("Find a better move"):
    ``verdict`` is ``"best"`` (as good as the best move found), ``"better"`` (better than the
    move played, no longer a mistake), ``"worse"`` (still a mistake) or ``"illegal"``."""

    move: str
    verdict: Literal["best", "better", "worse", "illegal"]
    text: str
    points: float | None


@dataclass(frozen=True)
class Mistake:
    """One decision of the learner that lost at least :data:`MISTAKE_POINTS` on average.

    ``turn`` is the number of moves of the round before it (the position is
    ``position_before(game, turn)``); ``position`` is that position as the seat saw it
    (:func:`~mtlearn.play.deals.seen_position`, without the match's seed); ``values`` every
    legal move's mean round points there (lower is better), best first; ``idea`` names the
    strategy idea of ``why`` (``"double-kept"``, ``"double-open"``, ``"shed"``, ``"plan"``
    or ``"points"``).
    """

    turn: int
    seat: int
    position: dict[str, Any]
    played: str
    better: str
    lost: float
    played_points: float
    better_points: float
    deals: int
    idea: str
    what: str
    better_text: str
    why: str
    values: list[tuple[str, float]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """A JSON-compatible dict (:meth:`from_json` reads it back)."""
        out = asdict(self)
        out["values"] = [[m, p] for m, p in self.values]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Mistake:
        """The mistake :meth:`to_json` wrote."""
        fields = dict(data)
        fields["values"] = [(str(m), float(p)) for m, p in data["values"]]
        return cls(**fields)

    def points_of(self, move: Move | str) -> float | None:
        """The mean round points of ``move`` here (either way round), None if not legal."""
        m = Move.parse(move) if isinstance(move, str) else move
        for text, points in self.values:
            other = Move.parse(text)
            if other == m or (m.kind == "play" and other.kind == "play" and m.tile == other.tile
                              and m.train == other.train and m.branch == other.branch):
                return points
        return None

    def judge(self, move: Move | str) -> Retry:
        """How ``move`` compares, on this review's deals, with the move played and the best
        (in words; an unknown or illegal move is ``"illegal"``)."""
        text = str(move)
        try:
            points = self.points_of(move)
        except ValueError:
            points = None
        if points is None:
            return Retry(text, "illegal", "That move is not one of your legal moves in this "
                         "position: choose one of them.", None)
        best = self.better_points
        words = f"it leaves you {points:.1f} points on average"
        if points - best <= AS_GOOD:
            return Retry(text, "best", f"As good as the best move found: {words} (the best "
                         f"{best:.1f}).", points)
        if points - best < MISTAKE_POINTS and points < self.played_points:
            return Retry(text, "better", f"Better than the move you played "
                         f"({self.played_points:.1f}): {words}, but the best found leaves "
                         f"{best:.1f}.", points)
        return Retry(text, "worse", f"Still a mistake: {words}, {points - best:.1f} more than "
                     f"the best move found ({best:.1f}).", points)


@dataclass(frozen=True)
class Review:
    """A round's review for one seat: how many decisions were scored, the mistakes in the
    order played, and how it was made (deals, seed, threshold)."""

    seat: int
    player: str
    decisions: int
    mistakes: list[Mistake]
    deals: int
    seed: int | str
    threshold: float

    @property
    def lost(self) -> float:
        """The points lost in all the mistakes, on average."""
        return round(sum(m.lost for m in self.mistakes), 2)

    def summary(self) -> str:
        """One sentence for the learner: how many decisions, how many mistakes."""
        k = len(self.mistakes)
        if not self.decisions:
            return f"{self.player} had no choice to make this round: nothing to review."
        head = f"{self.decisions} decision{'s' if self.decisions != 1 else ''} reviewed"
        if not k:
            return f"{head}: no mistake of {self.threshold:g} points or more. Well played."
        return (f"{head}: {k} mistake{'s' if k != 1 else ''}, {self.lost:.1f} points lost "
                "on average. Each is shown below, one by one.")

    def to_json(self) -> dict[str, Any]:
        """A JSON-compatible dict (:meth:`from_json` reads it back)."""
        return {"seat": self.seat, "player": self.player, "decisions": self.decisions,
                "mistakes": [m.to_json() for m in self.mistakes], "deals": self.deals,
                "seed": self.seed, "threshold": self.threshold}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        """The review :meth:`to_json` wrote."""
        return cls(data["seat"], data["player"], data["decisions"],
                   [Mistake.from_json(m) for m in data["mistakes"]], data["deals"],
                   data["seed"], data["threshold"])


# ---------------------------------------------------------------------- the round


def position_before(game: Game, turn: int) -> Game:
    """A copy of ``game`` with the round's moves from number ``turn`` on taken back."""
    if not 0 <= turn <= len(game.history):
        raise ReviewError(f"the round has {len(game.history)} moves; no move {turn}")
    g = game.copy()
    while len(g.history) > turn:
        g.pop()
    return g


def decisions(game: Game, seat: int) -> Iterator[tuple[int, Game, Move]]:
    """The round's decisions of ``seat``: (moves before it, the position then, the move
    played), for each turn where it had more than one legal move and no last-tile
    announcement to make (announcing is always right); each position is a copy of its own."""
    g = position_before(game, 0)
    for i, move in enumerate(game.history):
        if g.current == seat:
            moves = g.legal_moves
            if len(moves) > 1 and all(m.kind != "uno" for m in moves):
                yield i, g.copy(), move
        g.push(move)


def _seed_of(game: Game, seat: int, seed: int | str) -> str:
    """The deals' seed: the review's seed and the seat's view (the match's seed left out)."""
    view = seen_position(game, seat)
    view["position"].pop("seed", None)
    return f"review/{seed}/{json.dumps(view, sort_keys=True)}"


def score_decision(game: Game, played: Move, *, deals: int = REVIEW_DEALS,
                   confirm: int = CONFIRM_DEALS, seed: int | str = 0,
                   threshold: float = MISTAKE_POINTS
                   ) -> tuple[list[tuple[Move, float]], int, bool]:
    """Weigh the legal moves of the player to play, as :func:`review_round` weighs one
    decision with no limit on the round's work: (each move's mean round points, best first;
    the deals the move played met; whether ``played`` is a mistake). Up to ``confirm`` more
    deals are played (:func:`confirmed`) when the move played trails the best by
    :data:`SCREEN` of the threshold after ``deals``, or is a :func:`suspect` choice."""
    samples = first_pass(game, deals=deals, seed=seed)
    weighed = False
    odd = suspect(game, played)
    if confirm and (loss_of(samples, played) >= SCREEN * threshold or odd):
        more = confirm + SUSPECT_MORE if odd else confirm
        samples, _ = confirmed(game, samples, confirm=more, seed=seed, played=played,
                               threshold=threshold)
        weighed = True
    means, used, flagged = verdict(samples, played, threshold)
    return means, used, flagged and (weighed or not confirm)


def suspect(game: Game, played: Move) -> bool:
    """Whether ``played`` keeps a double of the hand that a legal move lays, or leaves a
    double laid this turn uncovered when a legal move covers it: a choice the review
    always weighs on the confirmation deals too (a few deals can hide what it costs)."""
    moves = [m for m in game.legal_moves if m.kind == "play" and m.tile is not None]
    if any(m.tile is not None and m.tile.is_double for m in moves) and \
            not (played.tile is not None and played.tile.is_double):
        return True
    laid = {game.line_code(i) for i in game.turn_doubles}
    return bool(laid) and played.line_code not in laid and \
        any(m.line_code in laid for m in moves)


def first_pass(game: Game, *, deals: int = REVIEW_DEALS, seed: int | str = 0) -> Samples:
    """The legal moves of the player to play over the first ``deals`` deals, deal by deal."""
    return move_samples(game, deals=deals, seed=_seed_of(game, game.current, seed))


def _mean(points: list[int]) -> float:
    return sum(points) / len(points)


def confirmed(game: Game, samples: Samples, *, confirm: int = CONFIRM_DEALS,
              seed: int | str = 0, played: Move | None = None,
              threshold: float = MISTAKE_POINTS, limit: int | None = None
              ) -> tuple[Samples, int]:
    """``samples`` weighed on up to ``confirm`` more deals of the same sequence, and the
    roll-outs that took.

    Without ``played``, every move meets every deal. With it, the deals come
    :data:`STEP_DEALS` at a time to the move played and the two with the fewest mean points
    so far (a move that comes to the front later meets the earlier deals first, and the move
    with the fewest mean points has always met every deal), and they stop once the mean loss
    of ``played`` is :data:`DECIDED` standard errors from ``threshold``, either way, or when
    the next step would pass ``limit`` roll-outs."""
    key = _seed_of(game, game.current, seed)
    rows = {m: (list(p), list(g)) for m, p, g in samples}
    n = max(len(p) for p, _ in rows.values())
    stop, spent = n + confirm, 0

    def weigh(moves: list[Move], start: int, count: int) -> None:
        nonlocal spent
        for m, p, g in move_samples(game, deals=count, seed=key, skip=start, only=moves):
            rows[m][0].extend(p)
            rows[m][1].extend(g)
        spent += len(moves) * count

    def catch_up(m: Move) -> None:
        if len(rows[m][0]) < n:
            weigh([m], len(rows[m][0]), n - len(rows[m][0]))

    if played is None:
        for m in rows:
            catch_up(m)
        if stop > n:
            weigh(list(rows), n, stop - n)
        return [(m, *rows[m]) for m, _, _ in samples], spent
    while n < stop:
        front = {played, *sorted(rows, key=lambda m: round(_mean(rows[m][0]), 9))[:2]}
        step = min(STEP_DEALS, stop - n)
        owed = sum(n - len(rows[m][0]) for m in front) + len(front) * step
        if limit is not None and spent + owed > limit:
            break
        for m in front:
            catch_up(m)
        weigh(sorted(front, key=list(rows).index), n, step)
        n += step
        while True:   # the leader has met every deal
            lead = min(rows, key=lambda m: round(_mean(rows[m][0]), 9))
            if len(rows[lead][0]) == n:
                break
            catch_up(lead)
        loss, se = _pair(samples_of(rows), played)
        if n >= DECIDED_AFTER and abs(loss - threshold) > DECIDED * se:
            break
    return samples_of(rows), spent


def samples_of(rows: dict[Move, tuple[list[int], list[float]]]) -> Samples:
    """The rows as samples, in their order."""
    return [(m, p, g) for m, (p, g) in rows.items()]


def _pair(samples: Samples, played: Move) -> tuple[float, float]:
    """The mean points ``played`` leaves above the best other move met on the same deals
    (below 0 when it is the best), and the standard error of that deal-by-deal difference
    (its variance never taken below :data:`VARIANCE_FLOOR`: a few deals that happen to agree
    do not make a sure difference)."""
    mine = next(p for m, p, _ in samples if m == played)
    n = len(mine)
    others = [p for m, p, _ in samples if m != played and len(p) == n]
    if not others:
        return 0.0, 0.0
    best = min(others, key=lambda p: round(_mean(p), 9))
    diffs = [a - b for a, b in zip(mine, best, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(max(var, VARIANCE_FLOOR) / n)


def verdict(samples: Samples, played: Move, threshold: float = MISTAKE_POINTS
            ) -> tuple[list[tuple[Move, float]], int, bool]:
    """(each move's mean round points, best first; the deals the move played met; whether
    ``played`` trails the best other move met on the same deals by ``threshold`` on
    average, and by :data:`Z` standard errors of the paired difference)."""
    loss, se = _pair(samples, played)
    flagged = loss >= threshold and loss - Z * se > 0
    mine = next(p for m, p, _ in samples if m == played)
    means = sorted(((m, _mean(p)) for m, p, _ in samples),
                   key=lambda mp: (round(mp[1], 9), mp[0] != played))
    return means, len(mine), flagged


def loss_of(samples: Samples, played: Move) -> float:
    """The mean points ``played`` leaves above the best other move's, on these deals (below
    0 when it is the best)."""
    return _pair(samples, played)[0]


def review_round(game: Game | str, seat: int | str, *, deals: int = REVIEW_DEALS,
                 confirm: int = CONFIRM_DEALS, seed: int | str = 0,
                 threshold: float = MISTAKE_POINTS) -> Review:
    """Review the decisions ``seat`` made in the current round of ``game``.

    Args:
        game: the game (its current round's moves are reviewed; normally a round that is
            over), or a saved game's JSON text (:meth:`~mtlearn.Game.to_json`).
        seat: the learner's seat (from 0) or name.
        deals: deals of the hidden tiles per decision (every move meets the same ones).
        confirm: the most deals added to a decision that may be a mistake (0: none).
        seed: the deals are a function of the seed and the seat's view; the same seed gives
            the same review.
        threshold: the expected points lost that make a mistake.

    Returns:
        A :class:`Review`; each mistake is checked by :func:`check_mistake` (ReviewError if a
        sentence is not borne out by the engine).
    """
    g = Game.from_json(game) if isinstance(game, str) else game
    try:
        s = g.seat(seat)
    except (ValueError, TypeError) as e:
        raise ReviewError(f"seat: {e}") from None
    found = list(decisions(g, s))
    # first pass: every decision on ``deals`` deals
    firsts = [first_pass(at, deals=deals, seed=seed) for _, at, _ in found]
    # confirmation: the decisions that may be mistakes, the largest first, while the
    # round's work allows (ROUND_ROLLOUTS roll-outs in all)
    work = sum(len(smp) * len(smp[0][1]) for smp in firsts)
    losses = [loss_of(smp, played) for smp, (_, _, played) in zip(firsts, found, strict=True)]
    order = sorted((i for i, x in enumerate(losses)
                    if x >= SCREEN * threshold or suspect(found[i][1], found[i][2])),
                   key=lambda i: -losses[i])
    weighed = set() if confirm else set(range(len(found)))
    for i in order if confirm else ():
        more = confirm + SUSPECT_MORE if suspect(found[i][1], found[i][2]) else confirm
        firsts[i], spent = confirmed(found[i][1], firsts[i], confirm=more, seed=seed,
                                     played=found[i][2], threshold=threshold,
                                     limit=max(0, ROUND_ROLLOUTS - work))
        work += spent
        if spent:
            weighed.add(i)
    mistakes = []
    for i, ((turn, at, played), smp) in enumerate(zip(found, firsts, strict=True)):
        means, used, flagged = verdict(smp, played, threshold)
        if not flagged or i not in weighed:   # a few deals never name a mistake alone
            continue
        mistake = _mistake(at, turn, played, means, used)
        problems = check_mistake(mistake, at)
        if problems:
            raise ReviewError(f"the review of move {turn + 1} says what the engine does not "
                              f"bear out: {'; '.join(problems)}")
        mistakes.append(mistake)
    count = len(found)
    return Review(s, g.players[s], count, mistakes, deals, seed, threshold)


# ---------------------------------------------------------------------- the words


def move_words(game: Game, move: Move) -> str:
    """A move of the player to play, said to them: "play 12-5 on your train", "draw a
    tile", "pass"."""
    if move.kind == "play":
        assert move.train is not None
        if move.train == game.current:
            where = f"branch {move.branch} of your train" if move.branch else "your train"
        else:
            where = game.place_label(move.train, move.branch)
        return f"play {move.inward}-{move.outward} on {where}"
    return {"draw": "draw a tile", "pass": "pass", "end": "end your turn",
            "uno": "announce your last tile"}[move.kind]


def _idea(game: Game, played: Move, better: Move) -> tuple[str, str]:
    """The strategy idea behind ``better`` against ``played``, and why, in words."""
    me = game.current
    value = game.rules.tile_value
    t = better.tile
    if t is not None and t.is_double and played.tile != t:
        return "double-kept", (
            f"Laying the double {t} when you can gets its {value(t.high, t.low)} points out "
            f"of your hand, and after a double you play again (rule: "
            f"{rule_words('R-DBL-1')}). Kept in your hand, it counts against you if the round "
            "ends before you lay it.")
    laid = {game.line_code(i) for i in game.turn_doubles}
    if (t is not None and better.line_code in laid and played.line_code not in laid
            and played.kind == "play"):
        end = better.inward
        return "double-open", (
            f"Covering your double {end}-{end} with {t} gets {value(t.high, t.low)} points "
            f"out of your hand. Left open at the end of your turn, it blocks every train until "
            f"someone covers it (rule: {rule_words('R-DBL-3')}), and that need not be you.")
    others = [(len(game.hand(s)), s) for s in range(game.n) if s != me]
    low, who = min(others)
    if t is not None and played.tile is not None and low <= 2 and \
            value(t.high, t.low) > value(played.tile.high, played.tile.low):
        return "shed", (
            f"{game.players[who]} has {low} tile{'s' if low != 1 else ''} left: the round may "
            f"end soon, so the heavier tile {t} ({value(t.high, t.low)} points) is the one "
            f"to get out of your hand.")
    advice = PlannerBot().advise(game)
    if advice.move == better and advice.reason:
        return "plan", advice.reason[0].upper() + advice.reason[1:] + "."
    return "points", ("Played out over the deals, the rest of the round went better for you "
                      "after it: on average, fewer points were left in your hand when it ended.")


def _mistake(game: Game, turn: int, played: Move, means: list[tuple[Move, float]],
             deals: int) -> Mistake:
    """The mistake record of a decision the review flagged, with its words."""
    seat = game.current
    means = [(m, round(p, 2)) for m, p in means]
    better, best = means[0]
    mine = next(p for m, p in means if m == played)
    lost = round(mine - best, 2)
    idea, why = _idea(game, played, better)
    what = (f"You chose to {move_words(game, played)}. Over {deals} deals of the tiles you "
            f"could not see, the round then ended with {mine:.1f} points in your hand on "
            f"average; the better move left {best:.1f}: {lost:.1f} points lost.")
    words = move_words(game, better)
    position = seen_position(game, seat)
    position["position"].pop("seed", None)
    return Mistake(turn, seat, position, str(played), str(better), lost, mine, best, deals,
                   idea, what, f"Better: {words}.", why, [(str(m), p) for m, p in means])


def check_mistake(mistake: Mistake, game: Game) -> list[str]:
    """What in ``mistake`` the engine does not bear out in ``game`` (the position before
    the decision): an empty list when every sentence is true. Checked: both moves are
    legal there and differ, the better move is the best of the values and the figures are
    theirs, the words name both moves, no rule id and no tile the seat could not see, and
    the idea holds (the double is in the hand; the laid double stays open after the move
    played)."""
    problems: list[str] = []
    seat = game.current
    if seat != mistake.seat:
        problems.append(f"seat {mistake.seat + 1} is not to play")
    played, better = Move.parse(mistake.played), Move.parse(mistake.better)
    for name, m in (("played", played), ("better", better)):
        if not game.explain(m).legal:
            problems.append(f"the {name} move {m} is not legal here")
    if played == better:
        problems.append("the better move is the move played")
    legal = {str(m) for m in game.legal_moves}
    values = dict(mistake.values)
    if set(values) != legal:
        problems.append("the values are not those of the legal moves")
    if values and min(values.values()) < mistake.better_points - 0.01:
        problems.append("a move has fewer points than the better move")
    if abs(values.get(mistake.played, math.inf) - mistake.played_points) > 0.01 or \
            abs(values.get(mistake.better, math.inf) - mistake.better_points) > 0.01:
        problems.append("the points are not the values'")
    if abs(mistake.played_points - mistake.better_points - mistake.lost) > 0.011:
        problems.append("the points lost are not the difference")
    for figure in (mistake.played_points, mistake.better_points, mistake.lost):
        if f"{figure:.1f}" not in mistake.what:
            problems.append(f"{figure:.1f} is not in the words")
    if move_words(game, played) not in mistake.what or \
            move_words(game, better) not in mistake.better_text:
        problems.append("the words do not name the moves")
    texts = " ".join((mistake.what, mistake.better_text, mistake.why))
    if re.search(PATTERN, texts):
        problems.append("a rule id in the learner's words")
    seen = {*game.hand(seat), Tile(game.engine, game.engine)}
    for key in game.train_keys():
        seen.update(t for t, _ in game.train(key).tiles)
        for b in game.branches(key):
            seen.update(t for t, _ in b.tiles)
    for a, b in _TILE.findall(texts):
        if not any(t.has(int(a)) and t.other(int(a)) == int(b) for t in seen):
            problems.append(f"{a}-{b} is a tile the seat could not see")
    if mistake.idea == "double-kept" and not (better.tile is not None and better.tile.is_double
                                              and better.tile in game.hand(seat)):
        problems.append("the better move lays no double from the hand")
    if mistake.idea == "double-open":
        laid = {game.line_code(i) for i in game.turn_doubles}
        if not laid or better.line_code not in laid:
            problems.append("the better move covers no double of this turn")
    return problems
