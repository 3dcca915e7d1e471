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
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from ..core.moves import Move
from ..engine.game import Game
from .deals import seen_position
from .expert import move_samples
from .review_words import check_mistake, idea_of, move_words

__all__ = ["AS_GOOD", "CONFIRM_DEALS", "DECIDED", "DECIDED_AFTER", "FRESH_DEALS", "FRESH_MORE",
           "FRESH_ROLLOUTS", "MISTAKE_POINTS", "REVIEW_DEALS", "ROUND_ROLLOUTS", "SCREEN",
           "STEP_DEALS", "SUSPECT_MORE", "VARIANCE_FLOOR", "Mistake", "Retry", "Review",
           "ReviewError", "Samples", "Z", "check_mistake", "confirmed", "decisions", "first_pass",
           "fresh_cost", "fresh_deals", "fresh_verdict", "loss_of", "move_words", "position_before",
           "review_round", "samples_of", "score_decision", "suspect", "verdict"]

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
#: Fresh deals a mistake is weighed on before it is named: every legal move meets them, and
#: the search that chose the better move never used them, so the figures shown are not the
#: lucky ones that made it look best (the lowest of several noisy means is too low).
FRESH_DEALS = 24
#: More fresh deals still for the move played and the better one, while the question is open.
FRESH_MORE = 48
#: The most roll-outs a round's review spends on fresh deals (the largest losses first).
FRESH_ROLLOUTS = 400
#: "Find a better move": a move within this many points of the best is as good as it.
AS_GOOD = 1.0

#: A move's points and margins deal by deal (see :func:`~mtlearn.play.expert.move_samples`).
Samples = list[tuple[Move, list[int], list[float]]]


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
        if points < best - AS_GOOD:
            return Retry(text, "best", f"Better still than the move shown: {words} (that "
                         f"move {best:.1f}).", points)
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
    order played, how it was made (deals, seed, threshold), and ``unweighed``: how many
    decisions that may have been mistakes the round's limits on work left unsettled (none of
    them is named a mistake, and the summary says so)."""

    seat: int
    player: str
    decisions: int
    mistakes: list[Mistake]
    deals: int
    seed: int | str
    threshold: float
    unweighed: int = 0

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
        u = self.unweighed
        left = (f" {u} more choice{'s' if u != 1 else ''} may have cost points, but the "
                f"review could not settle {'them' if u != 1 else 'it'} in the time it takes."
                if u else "")
        if not k:
            if u:
                return f"{head}: no mistake of {self.threshold:g} points or more found.{left}"
            return f"{head}: no mistake of {self.threshold:g} points or more. Well played."
        return (f"{head}: {k} mistake{'s' if k != 1 else ''}, {self.lost:.1f} points lost "
                f"on average. Each is shown below, one by one.{left}")

    def to_json(self) -> dict[str, Any]:
        """A JSON-compatible dict (:meth:`from_json` reads it back)."""
        return {"seat": self.seat, "player": self.player, "decisions": self.decisions,
                "mistakes": [m.to_json() for m in self.mistakes], "deals": self.deals,
                "seed": self.seed, "threshold": self.threshold, "unweighed": self.unweighed}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        """The review :meth:`to_json` wrote."""
        return cls(data["seat"], data["player"], data["decisions"],
                   [Mistake.from_json(m) for m in data["mistakes"]], data["deals"],
                   data["seed"], data["threshold"], int(data.get("unweighed", 0)))


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
    the deals they rest on; whether ``played`` is a mistake). Up to ``confirm`` more deals
    are played (:func:`confirmed`) when the move played trails the best by :data:`SCREEN` of
    the threshold after ``deals``, or is a :func:`suspect` choice; a mistake found so is
    weighed again on :data:`FRESH_DEALS` fresh deals (:func:`fresh_verdict`), and the
    figures are theirs."""
    samples = first_pass(game, deals=deals, seed=seed)
    weighed = False
    odd = suspect(game, played)
    if confirm and (loss_of(samples, played) >= SCREEN * threshold or odd):
        more = confirm + SUSPECT_MORE if odd else confirm
        samples, _ = confirmed(game, samples, confirm=more, seed=seed, played=played,
                               threshold=threshold)
        weighed = True
    means, used, flagged = verdict(samples, played, threshold)
    if not confirm:
        return means, used, flagged
    if not (flagged and weighed and used >= DECIDED_AFTER):
        return means, used, False
    return fresh_verdict(game, played, _two_best(means, played), seed=seed,
                         threshold=threshold)


def _two_best(means: list[tuple[Move, float]], played: Move) -> list[Move]:
    """The two moves other than ``played`` with the fewest mean points (best first)."""
    return [m for m, _ in means if m != played][:2]


def fresh_verdict(game: Game, played: Move, better: Sequence[Move], *, seed: int | str = 0,
                  threshold: float = MISTAKE_POINTS, more: int | None = None
                  ) -> tuple[list[tuple[Move, float]], int, bool]:
    """``played`` against the best of ``better`` (the search's two best other moves) on the
    deals of :func:`fresh_deals`: (each move's mean round points, that move first, then the
    others best first; the deals ``played`` met; whether it trails that move there by
    ``threshold`` on average and by :data:`Z` standard errors of the deal-by-deal
    difference)."""
    rows = fresh_deals(game, played, better, seed=seed, threshold=threshold, more=more)
    best = _best_of(rows, better)
    loss, se = _paired(rows[played], rows[best])
    means = sorted(((m, _mean(p)) for m, p in rows.items()),
                   key=lambda mp: (mp[0] != best, round(mp[1], 9)))
    return means, len(rows[played]), loss >= threshold and loss - Z * se > 0


def _best_of(rows: dict[Move, list[int]], moves: Sequence[Move]) -> Move:
    return min(moves, key=lambda m: round(_mean(rows[m]), 9))


def fresh_deals(game: Game, played: Move, better: Sequence[Move], *, seed: int | str = 0,
                threshold: float = MISTAKE_POINTS, more: int | None = None
                ) -> dict[Move, list[int]]:
    """Each legal move's round points, deal by deal, on deals of a sequence of their own
    (not the search's): every legal move on :data:`FRESH_DEALS` deals, then ``played`` and
    the moves of ``better`` on up to ``more`` more (:data:`FRESH_MORE`, and
    :data:`SUSPECT_MORE` more for a :func:`suspect` choice), :data:`STEP_DEALS` at a time,
    until the loss against the best of them is :data:`DECIDED` standard errors from
    ``threshold`` either way."""
    if more is None:
        more = FRESH_MORE + (SUSPECT_MORE if suspect(game, played) else 0)
    key = _seed_of(game, game.current, seed) + "/fresh"
    rows = {m: list(p) for m, p, _ in move_samples(game, deals=FRESH_DEALS, seed=key)}
    n = FRESH_DEALS
    loss, se = _paired(rows[played], rows[_best_of(rows, better)])
    while n < FRESH_DEALS + more and abs(loss - threshold) <= DECIDED * se:
        step = min(STEP_DEALS, FRESH_DEALS + more - n)
        for m, p, _ in move_samples(game, deals=step, seed=key, skip=n,
                                    only=[played, *better]):
            rows[m].extend(p)
        n += step
        loss, se = _paired(rows[played], rows[_best_of(rows, better)])
    return rows


def fresh_cost(game: Game, deals: int, better: int = 2) -> int:
    """The roll-outs :func:`fresh_deals` plays when ``played`` met ``deals`` deals, with
    ``better`` moves to beat."""
    return len(game.legal_moves) * FRESH_DEALS + (1 + better) * (deals - FRESH_DEALS)


def _paired(mine: list[int], theirs: list[int]) -> tuple[float, float]:
    """The mean of ``mine`` less ``theirs``, deal by deal, and its standard error (the
    variance never below :data:`VARIANCE_FLOOR`)."""
    n = len(mine)
    diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(max(var, VARIANCE_FLOOR) / n)


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
    others = [p for m, p, _ in samples if m != played and len(p) == len(mine)]
    if not others:
        return 0.0, 0.0
    return _paired(mine, min(others, key=lambda p: round(_mean(p), 9)))


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
    unweighed = len(order) - len(weighed) if confirm else 0
    # the mistakes found, weighed again on fresh deals (the largest losses first, within
    # FRESH_ROLLOUTS roll-outs): only those the fresh deals bear out are named
    found_now = []
    for i, ((_, _, played), smp) in enumerate(zip(found, firsts, strict=True)):
        means, used, flagged = verdict(smp, played, threshold)
        # a few deals never name a mistake alone
        if flagged and i in weighed and (used >= DECIDED_AFTER or not confirm):
            found_now.append((losses[i], i, _two_best(means, played)))
    fresh_work = 0
    named: dict[int, Mistake] = {}
    for _, i, better in sorted(found_now, key=lambda x: -x[0]):
        turn, at, played = found[i]
        most = FRESH_DEALS + FRESH_MORE + (SUSPECT_MORE if suspect(at, played) else 0)
        if fresh_work + fresh_cost(at, most, len(better)) > FRESH_ROLLOUTS:
            unweighed += 1
            continue
        means, used, flagged = fresh_verdict(at, played, better, seed=seed,
                                             threshold=threshold)
        fresh_work += fresh_cost(at, used, len(better))
        if not flagged:
            continue
        mistake = _mistake(at, turn, played, means, used)
        problems = check_mistake(mistake, at)
        if problems:
            raise ReviewError(f"the review of move {turn + 1} says what the engine does not "
                              f"bear out: {'; '.join(problems)}")
        named[i] = mistake
    mistakes = [named[i] for i in sorted(named)]
    count = len(found)
    return Review(s, g.players[s], count, mistakes, deals, seed, threshold, unweighed)


def _mistake(game: Game, turn: int, played: Move, means: list[tuple[Move, float]],
             deals: int) -> Mistake:
    """The mistake record of a decision the review flagged, with its words."""
    seat = game.current
    means = [(m, round(p, 2)) for m, p in means]
    better, best = means[0]
    mine = next(p for m, p in means if m == played)
    lost = round(mine - best, 2)
    idea, why = idea_of(game, played, better)
    what = (f"You chose to {move_words(game, played)}. Over {deals} deals of the tiles you "
            f"could not see, the round then ended with {mine:.1f} points in your hand on "
            f"average; the better move left {best:.1f}: {lost:.1f} points lost.")
    words = move_words(game, better)
    position = seen_position(game, seat)
    position["position"].pop("seed", None)
    return Mistake(turn, seat, position, str(played), str(better), lost, mine, best, deals,
                   idea, what, f"Better: {words}.", why, [(str(m), p) for m, p in means])
