"""The search behind a round's review: how a decision is weighed (the deals, the
confirmation, the fresh deals that bear a mistake out) and the settings that govern it.
:func:`mtlearn.play.review.review_round` uses these on every decision of a round; the
module docstring of :mod:`mtlearn.play.review` says how they fit together.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Sequence

from ..core.moves import Move
from ..engine.game import Game
from .bots import PlannerBot
from .deals import seen_position
from .expert import move_samples

__all__ = [
    "CONFIRM_DEALS",
    "DECIDED",
    "DECIDED_AFTER",
    "FINAL_DEALS",
    "FINAL_MOST",
    "FINAL_ROLLOUTS",
    "FINAL_SPREAD",
    "FRESH_DEALS",
    "FRESH_DECIDED_AFTER",
    "FRESH_MORE",
    "FRESH_ROLLOUTS",
    "JUDGE_DEALS",
    "JUDGE_LEAST",
    "JUDGE_MOST",
    "MISTAKE_POINTS",
    "REVIEW_DEALS",
    "ROUND_ROLLOUTS",
    "SCREEN",
    "STEP_DEALS",
    "SUSPECT_MORE",
    "VARIANCE_FLOOR",
    "Samples",
    "Z",
    "confirmed",
    "final_deals",
    "final_verdict",
    "first_pass",
    "fresh_cost",
    "fresh_deals",
    "fresh_judgement",
    "fresh_verdict",
    "give_or_take",
    "judge_rows",
    "loss_of",
    "paired",
    "samples_of",
    "score_decision",
    "spreads_of",
    "suspect",
    "two_best",
    "verdict",
]

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
ROUND_ROLLOUTS = 360
#: Standard errors of the paired difference by which the move played must trail the best
#: one, on top of the threshold on the mean: a few lucky deals do not make a mistake (one
#: sided, 95 %).
Z = 1.64
#: Fresh deals a mistake is weighed on before it is named: every legal move meets them, and
#: the search that chose the better move never used them, so the figures shown are not the
#: lucky ones that made it look best (the lowest of several noisy means is too low).
FRESH_DEALS = 16
#: More fresh deals still for the move played and the better one, while the question is open.
FRESH_MORE = 56
#: The fewest fresh deals on which the move played and the better one are compared (stopping
#: as soon as a few deals look decided would keep the lucky samples: the losses shown run high).
FRESH_DECIDED_AFTER = 40
#: Deals "Find a better move" adds at a time while its answer is unsettled (up to
#: :data:`JUDGE_MOST`).
JUDGE_DEALS = 48
#: The fewest deals "Find a better move" answers on: on 48 a verdict was wrong too often for
#: strong players (reviews 5 to 8: a sound move told "still a mistake", a level one "better
#: still"), and on 96 still about one answer in 30 lay outside its give or take (review 14).
JUDGE_LEAST = 4 * JUDGE_DEALS
#: The most deals "Find a better move" weighs a move tried on.
JUDGE_MOST = 8 * JUDGE_DEALS
#: A mistake the fresh deals bear out is weighed once more, the move played against the better
#: move on this many deals of a sequence of their own (more, :data:`STEP_DEALS` at a time up
#: to :data:`FINAL_MOST`, while the loss lies within :data:`DECIDED` standard errors of the
#: threshold), and named only if they lose at least the threshold and half a standard error
#: more; the figures the learner reads are theirs (the fresh deals chose the better move and
#: where to stop, which leaves their own figures too kind to it).
FINAL_DEALS = 40
#: The most final deals a mistake is weighed on (while the round's work allows).
FINAL_MOST = 96
#: The final deals also go on while the loss's standard error is more than this share of
#: the loss: a figure the learner reads is not left at "18 give or take 10" when more deals
#: would narrow it (a strong player's review found such figures off by 10 points and more).
FINAL_SPREAD = 0.2
#: The most roll-outs a round's review spends on final deals beyond each mistake's first
#: :data:`FINAL_DEALS` (which are always played): one mistake's worth (two took a page's
#: review past 3 s).
FINAL_ROLLOUTS = 2 * (FINAL_MOST - FINAL_DEALS)
#: The most roll-outs a round's review spends on fresh deals (the largest losses first).
FRESH_ROLLOUTS = 320

#: A move's points and margins deal by deal (see :func:`~mtlearn.play.expert.move_samples`).
Samples = list[tuple[Move, list[int], list[float]]]


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
    return fresh_verdict(game, played, two_best(means, played, game), seed=seed,
                         threshold=threshold)


def two_best(means: list[tuple[Move, float]], played: Move,
             game: Game | None = None) -> list[Move]:
    """The moves the fresh deals weigh ``played`` against: the two others with the fewest
    mean points (best first), and with ``game`` the planner's move there too (a move the
    search's luck passed over is often the planner's)."""
    out = [m for m, _ in means if m != played][:2]
    if game is not None:
        advised = PlannerBot().choose(game)
        if advised != played and advised not in out:
            out.append(advised)
    return out


def fresh_verdict(game: Game, played: Move, better: Sequence[Move], *, seed: int | str = 0,
                  threshold: float = MISTAKE_POINTS, more: int | None = None
                  ) -> tuple[list[tuple[Move, float]], int, bool]:
    """``played`` against the best of ``better`` (the search's two best other moves) on the
    deals of :func:`fresh_deals`: (each move's mean round points, that move first, then the
    others best first; the deals ``played`` met; whether it trails that move there by
    ``threshold`` on average and by :data:`Z` standard errors of the deal-by-deal
    difference)."""
    rows = fresh_deals(game, played, better, seed=seed, threshold=threshold, more=more)
    return fresh_judgement(rows, played, better, threshold)


def fresh_judgement(rows: dict[Move, list[int]], played: Move, better: Sequence[Move],
                    threshold: float) -> tuple[list[tuple[Move, float]], int, bool]:
    """:func:`fresh_verdict` on deals already played (the rows of :func:`fresh_deals`)."""
    best = _best_of(rows, better)
    loss, se = paired(rows[played], rows[best])
    means = sorted(((m, _mean(p)) for m, p in rows.items()),
                   key=lambda mp: (mp[0] != best, round(mp[1], 9)))
    return means, len(rows[played]), loss >= threshold and loss - Z * se > 0


def spreads_of(rows: dict[Move, list[int]], better: Move) -> list[tuple[Move, float]]:
    """Each move's standard error of its gap to ``better``, over the deals both met."""
    out = []
    for m, p in rows.items():
        n = min(len(p), len(rows[better]))
        out.append((m, 0.0 if m == better else paired(p[:n], rows[better][:n])[1]))
    return out


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
    loss, se = paired(rows[played], rows[_best_of(rows, better)])
    while n < FRESH_DEALS + more and (n < FRESH_DECIDED_AFTER
                                      or abs(loss - threshold) <= DECIDED * se):
        step = min(STEP_DEALS, FRESH_DEALS + more - n)
        _add_deals(game, rows, [played, *better], seed=key, deals=step)
        n += step
        loss, se = paired(rows[played], rows[_best_of(rows, better)])
    return rows


#: "Find a better move"'s round points kept between tries: (the deals' seed, move) -> points
#: deal by deal. A move's points on those deals depend on nothing else (it is played out
#: alone), so the better move and the move played are played out once a position, not once a
#: try.
_JUDGED: dict[tuple[str, str], list[int]] = {}
_JUDGED_LOCK = threading.Lock()
#: How many moves' points :data:`_JUDGED` keeps (the least recently asked go first).
JUDGED_KEPT = 256


def judge_rows(game: Game, move: Move, *, seed: int | str, deals: int) -> list[int]:
    """``move``'s round points on the first ``deals`` deals of "Find a better move"'s
    sequence for this position (the seat's view and ``seed``), deal by deal. Played out
    alone, so the same whichever other moves are weighed and in whatever order; kept between
    calls (:data:`JUDGED_KEPT` moves)."""
    key = (_seed_of(game, game.current, seed) + "/judge", str(move))
    with _JUDGED_LOCK:      # a class server may judge on more than one thread
        rows = _JUDGED.get(key, [])
    if len(rows) < deals:
        ((_, more, _),) = move_samples(game, deals=deals - len(rows), seed=key[0],
                                       only=[move], skip=len(rows))
        rows = [*rows, *more]
    with _JUDGED_LOCK:
        _JUDGED.pop(key, None)
        _JUDGED[key] = rows     # the most recently asked last
        while len(_JUDGED) > JUDGED_KEPT:
            del _JUDGED[next(iter(_JUDGED))]
    return rows[:deals]


def final_deals(game: Game, played: Move, better: Move, *, seed: int | str = 0,
                threshold: float = MISTAKE_POINTS, most: int = FINAL_MOST,
                near_most: int | None = None) -> dict[Move, list[int]]:
    """``played`` and ``better`` on deals of a sequence of their own (neither the search's
    nor the fresh deals'), deal by deal: :data:`FINAL_DEALS`, then more while the loss is
    near ``threshold`` (``near_most`` at most, ``most`` if not given), or over it with a
    standard error more than :data:`FINAL_SPREAD` of it (``most`` at most). The figures of a
    mistake."""
    key = _seed_of(game, game.current, seed) + "/final"
    two = [played, better]
    rows = {m: list(p) for m, p, _ in move_samples(game, deals=FINAL_DEALS, seed=key,
                                                   only=two)}
    loss, se = paired(rows[played], rows[better])
    near = most if near_most is None else min(most, near_most)
    while (len(rows[played]) < near and abs(loss - threshold) <= DECIDED * se) or \
            (len(rows[played]) < most and loss >= threshold and se > FINAL_SPREAD * loss):
        _add_deals(game, rows, two, seed=key, deals=STEP_DEALS)
        loss, se = paired(rows[played], rows[better])
    return rows


def _add_deals(game: Game, rows: dict[Move, list[int]], moves: Sequence[Move], *, seed: str,
               deals: int) -> None:
    """``moves`` on the next ``deals`` deals of the sequence ``seed``, after those their
    ``rows`` hold already (as many for each), added to them."""
    for m, p, _ in move_samples(game, deals=deals, seed=seed, skip=len(rows[moves[0]]),
                                only=moves):
        rows[m].extend(p)


def final_verdict(rows: dict[Move, list[int]], played: Move, better: Move,
                  threshold: float = MISTAKE_POINTS) -> bool:
    """Whether the final deals name the mistake: a loss of ``threshold`` and half a
    standard error more (a loss just over the line on few deals is not named)."""
    loss, se = paired(rows[played], rows[better])
    return loss >= threshold + se / 2


def fresh_cost(game: Game, deals: int, better: int = 2) -> int:
    """The roll-outs :func:`fresh_deals` plays when ``played`` met ``deals`` deals, with
    ``better`` moves to beat."""
    return len(game.legal_moves) * FRESH_DEALS + (1 + better) * (deals - FRESH_DEALS)


def paired(mine: list[int], theirs: list[int]) -> tuple[float, float]:
    """The mean of ``mine`` less ``theirs``, deal by deal, and its standard error (the
    variance never below :data:`VARIANCE_FLOOR`)."""
    n = len(mine)
    diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(max(var, VARIANCE_FLOOR) / n)


def give_or_take(se: float) -> int:
    """The "give or take" a learner reads beside a loss whose standard error is ``se``:
    1.96 standard errors (a 95 % interval), rounded up to whole points, at least 1."""
    return max(1, math.ceil(1.96 * se))


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
    return paired(mine, min(others, key=lambda p: round(_mean(p), 9)))


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
