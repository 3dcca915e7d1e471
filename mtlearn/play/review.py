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

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from ..core.moves import Move
from ..engine.game import Game
from .deals import seen_position
from .review_check import check_mistake
from .review_search import (
    CONFIRM_DEALS,
    DECIDED,
    DECIDED_AFTER,
    FINAL_DEALS,
    FINAL_MOST,
    FINAL_ROLLOUTS,
    FRESH_DEALS,
    FRESH_MORE,
    FRESH_ROLLOUTS,
    JUDGE_DEALS,
    JUDGE_LEAST,
    JUDGE_MOST,
    MISTAKE_POINTS,
    REVIEW_DEALS,
    ROUND_ROLLOUTS,
    SCREEN,
    STEP_DEALS,
    SUSPECT_MORE,
    VARIANCE_FLOOR,
    Samples,
    Z,
    confirmed,
    final_deals,
    final_verdict,
    first_pass,
    fresh_cost,
    fresh_deals,
    fresh_judgement,
    fresh_verdict,
    give_or_take,
    judge_rows,
    loss_of,
    paired,
    samples_of,
    score_decision,
    spreads_of,
    suspect,
    two_best,
    verdict,
)
from .review_words import idea_of, move_words

__all__ = [
    "AS_GOOD",
    "CONFIRM_DEALS",
    "DECIDED",
    "DECIDED_AFTER",
    "FINAL_DEALS",
    "FINAL_MOST",
    "FRESH_DEALS",
    "FRESH_MORE",
    "FRESH_ROLLOUTS",
    "FURTHER_EFFORT",
    "JUDGE_DEALS",
    "MAX_EFFORT",
    "MISTAKE_POINTS",
    "REVIEW_DEALS",
    "ROUND_ROLLOUTS",
    "SCREEN",
    "STEP_DEALS",
    "SUSPECT_MORE",
    "VARIANCE_FLOOR",
    "Mistake",
    "Retry",
    "Review",
    "ReviewError",
    "Samples",
    "Z",
    "check_mistake",
    "confirmed",
    "decisions",
    "final_deals",
    "first_pass",
    "fresh_cost",
    "fresh_deals",
    "fresh_verdict",
    "loss_of",
    "move_words",
    "position_before",
    "read_loss",
    "review_round",
    "samples_of",
    "score_decision",
    "suspect",
    "verdict",
]

#: "Find a better move": a move within this many points of the best is as good as it.
AS_GOOD = 1.0
#: The most ``effort`` a review may be asked for (eight times the usual work: about 20 s
#: in the page).
MAX_EFFORT = 8
#: The effort of "Look further", offered when the usual review left choices unsettled.
FURTHER_EFFORT = 4



class ReviewError(ValueError):
    """A review that cannot be made (no such seat, no round), or a sentence of one that the
    engine does not bear out (a bug: :func:`check_mistake` found it)."""


def read_loss(played_points: float, better_points: float) -> float:
    """A loss as the review writes it: the two figures rounded to one decimal, then their
    difference (review 11: 35.06 and 20.64 read "35.1" and "20.6", so the loss reads 14.5)."""
    return round(round(played_points, 1) - round(better_points, 1), 1)


@dataclass(frozen=True)
class Retry:
    """The engine's judgement of a move tried in a mistake's position ("Find a better move"):
    ``verdict`` is ``"best"`` (as good as the best move found), ``"better"`` (not a mistake,
    though behind the move shown or not surely ahead of it), ``"close"`` (the deals cannot
    settle whether it is a mistake), ``"worse"`` (still a mistake) or ``"illegal"``."""

    move: str
    verdict: Literal["best", "better", "close", "worse", "illegal"]
    text: str
    points: float | None


@dataclass(frozen=True)
class Mistake:
    """One decision of the learner that lost at least :data:`MISTAKE_POINTS` on average.

    ``turn`` is the number of moves of the round before it (the position is
    ``position_before(game, turn)``); ``position`` is that position as the seat saw it
    (:func:`~mtlearn.play.deals.seen_position`, without the match's seed); ``values`` every
    legal move's mean round points there (lower is better), best first; ``spreads`` the
    standard error of each move's difference from the better move, deal by deal over the
    deals they share (what "Find a better move" needs to tell a real gap from luck); ``idea``
    names the strategy idea of ``why`` (``"double-kept"``, ``"double-open"``, ``"block"``: a
    double of the turn left open, ``"shed"``, ``"plan"``, ``"dead-end"``: the move played
    leaves your own train an end no tile will follow, ``"marker"``: a tile on your own
    marked train takes the marker off, ``"shared"``: a shared train's end
    before your own train, which waits, or ``"points"``). ``lost_se`` is the standard error
    of ``lost`` over the final deals (the learner reads 1.96 of them, rounded up, as "give or
    take"; 0 in a record written before it was kept).
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
    spreads: list[tuple[str, float]] = field(default_factory=list)
    lost_se: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """A JSON-compatible dict (:meth:`from_json` reads it back)."""
        out = asdict(self)
        out["values"] = [[m, p] for m, p in self.values]
        out["spreads"] = [[m, e] for m, e in self.spreads]
        return out

    @property
    def lost_read(self) -> float:
        """The loss as the learner reads it: the difference of the two figures as written
        (one decimal each), so every text that repeats it agrees with :attr:`what`."""
        return read_loss(self.played_points, self.better_points)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Mistake:
        """The mistake :meth:`to_json` wrote."""
        fields = dict(data)
        fields["values"] = [(str(m), float(p)) for m, p in data["values"]]
        fields["spreads"] = [(str(m), float(e)) for m, e in data.get("spreads", [])]
        return cls(**fields)

    def points_of(self, move: Move | str) -> float | None:
        """The mean round points of ``move`` here (either way round), None if not legal."""
        return _lookup(self.values, move)

    def judge(self, move: Move | str, game: Game | None = None) -> Retry:
        """How ``move`` compares with the move played and the better move, in words (an
        unknown or illegal move is ``"illegal"``). With ``game``, the position before the
        decision, the moves are weighed again on deals of their own (:meth:`weigh`); without
        it, on this review's deals, where a gap the deals cannot tell from luck (within 2
        standard errors: ``spreads``) is never called a mistake."""
        text = str(move)
        try:
            points = self.points_of(move)
        except ValueError:
            points = None
        if points is None:
            return Retry(text, "illegal", "That move is not one of your legal moves in this "
                         "position: choose one of them.", None)
        if game is not None:
            return self.weigh(Move.parse(text) if isinstance(move, str) else move, game)
        best = self.better_points
        gap = points - best
        spread = self._spread_of(move)
        unsure = spread is not None and abs(gap) < 2 * spread
        words = f"it leaves you {points:.1f} points on average"
        if gap < -AS_GOOD and not unsure:
            return Retry(text, "best", f"Better still than the move shown: {words} (that "
                         f"move {best:.1f}).", points)
        if abs(gap) <= AS_GOOD:
            return Retry(text, "best", f"As good as the best move found: {words} (the best "
                         f"{best:.1f}).", points)
        if unsure and points < self.played_points - AS_GOOD:
            return Retry(text, "best", f"About as good as the best move found: {words} (the "
                         f"best {best:.1f}); over these deals the two cannot be told apart.",
                         points)
        if gap >= MISTAKE_POINTS and (spread is None or gap - Z * spread > 0):
            return Retry(text, "worse", f"Still a mistake: {words}, {gap:.1f} more than "
                         f"the best move found ({best:.1f}).", points)
        if points < self.played_points:
            return Retry(text, "better", f"Better than the move you played "
                         f"({self.played_points:.1f}): {words}, but the best found leaves "
                         f"{best:.1f}.", points)
        return Retry(text, "worse", f"Not shown to be better than the move you played: "
                     f"{words}, against {self.played_points:.1f} for yours and {best:.1f} for "
                     f"the best found.", points)

    def weigh(self, move: Move, game: Game) -> Retry:
        """``move`` tried in ``game`` (the position before the decision), judged against the
        better move (and the move played) on :data:`JUDGE_LEAST` to :data:`JUDGE_MOST` deals
        of their own (:func:`judge_rows`, seeded by the seat's view: the same answer every
        time, and the other two moves played out once for every try)."""
        text = str(move)
        tried = next((m for m in game.legal_moves if _same(m, move)), None)
        if tried is None:
            return Retry(text, "illegal", "That move is not one of your legal moves in this "
                         "position: choose one of them.", None)
        better, played = Move.parse(self.better), Move.parse(self.played)
        if tried == better:
            return Retry(text, "best", f"That is the better move: it left "
                         f"{self.better_points:.1f} points on average.", self.better_points)
        if tried == played:
            # the loss as the mistake's words write it (review 13: 0.1 apart)
            return Retry(text, "worse", f"That is the move you played: it left "
                         f"{self.played_points:.1f} points on average, {self.lost_read:.1f} more "
                         "than the better move.", self.played_points)
        key = f"judge/{self.turn}"
        n = JUDGE_LEAST

        def rows(m: Move) -> list[int]:
            return judge_rows(game, m, seed=key, deals=n)

        gap, se = paired(rows(tried), rows(better))
        # more deals while the gap may lie either side of the threshold
        while abs(gap - MISTAKE_POINTS) <= Z * se and n < JUDGE_MOST:
            n += JUDGE_DEALS
            gap, se = paired(rows(tried), rows(better))
        mine = sum(rows(tried)) / n
        deals = f"over {n} more deals"
        # how far luck may move the figure, as the mistake's own loss says it (review 14:
        # answers on 96 to 192 deals were sometimes 5 points out)
        luck = f", give or take {give_or_take(se)}"
        if gap < -AS_GOOD and gap + 2 * se < 0:
            return Retry(text, "best", f"Better still than the move shown: {deals} it left "
                         f"{-gap:.1f} points fewer in your hand on average{luck}.", mine)
        if gap - Z * se > MISTAKE_POINTS:
            # better than the move played on these deals, and by the figures the learner
            # reads too (review 14, file 23: "11.3 more … though better than the move you
            # played", which the mistake put 8.3 behind)
            to_yours, se_yours = paired(rows(tried), rows(played))
            yours = (", though better than the move you played"
                     if to_yours + 2 * se_yours < 0 and round(gap, 1) < self.lost_read else "")
            return Retry(text, "worse", f"Still a mistake: {deals} it left {gap:.1f} points "
                         f"more than the move shown on average{luck}{yours}.", mine)
        if gap + Z * se < MISTAKE_POINTS:
            if gap < -AS_GOOD:
                # ahead, but within luck: not shown to be as good (review 9 measured such
                # moves 2 to 3 points behind), only not a mistake
                return Retry(text, "better", f"Not a mistake, and close to the move shown: "
                             f"{deals} it left {-gap:.1f} points fewer on average, which "
                             "luck may explain.", mine)
            if gap <= AS_GOOD:
                return Retry(text, "best", f"As good as the move shown: {deals} the two left "
                             f"about as many points (a difference of {abs(gap):.1f} on "
                             f"average{luck}).", mine)
            return Retry(text, "better", f"Not a mistake: {deals} it left {gap:.1f} points "
                         f"more than the move shown on average, under the "
                         f"{MISTAKE_POINTS:g} that make a mistake.", mine)
        if gap <= AS_GOOD:
            return Retry(text, "close", f"Not told apart from the move shown: {deals} the "
                         f"two left about as many points (a difference of {abs(gap):.1f} on "
                         f"average{luck}), but too few to rule out a gap of "
                         f"{MISTAKE_POINTS:g} or more.", mine)
        # no lean said: review 15 found 4 of 13 "more likely a mistake than not" / "more
        # likely not" the wrong way at 2,000 deals, and "4.0" read both ways (3.96 and 4.02)
        return Retry(text, "close", f"Close to the line: {deals} it left {gap:.1f} points more "
                     f"than the move shown on average{luck}, and the deals cannot settle "
                     f"whether the true gap is {MISTAKE_POINTS:g} or more, which makes a "
                     "mistake.", mine)

    def _spread_of(self, move: Move | str) -> float | None:
        """The standard error of ``move``'s gap to the better move (None: not known)."""
        return _lookup(self.spreads, move)


def _same(a: Move, b: Move) -> bool:
    """The same move, whichever way round its tile is written."""
    return a == b or (a.kind == "play" and b.kind == "play" and a.tile == b.tile
                      and a.train == b.train and a.branch == b.branch)


def _lookup(pairs: list[tuple[str, float]], move: Move | str) -> float | None:
    """The figure ``pairs`` give ``move`` (either way round), None if none."""
    m = Move.parse(move) if isinstance(move, str) else move
    return next((x for text, x in pairs if _same(Move.parse(text), m)), None)


@dataclass(frozen=True)
class Review:
    """A round's review for one seat: how many decisions were scored, the mistakes in the
    order played, how it was made (deals, seed, threshold), and ``unweighed``: how many
    decisions that may have been mistakes the round's limits on work left unsettled (none of
    them is named a mistake, and the summary says so); ``effort`` the work it was allowed,
    as a multiple of the usual (:func:`review_round`)."""

    seat: int
    player: str
    decisions: int
    mistakes: list[Mistake]
    deals: int
    seed: int | str
    threshold: float
    unweighed: int = 0
    effort: float = 1.0

    @property
    def lost(self) -> float:
        """The points lost in all the mistakes, on average, as the learner reads them (the
        sum of each mistake's :attr:`Mistake.lost_read`)."""
        return round(sum(m.lost_read for m in self.mistakes), 2)

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
                "seed": self.seed, "threshold": self.threshold, "unweighed": self.unweighed,
                "effort": self.effort}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        """The review :meth:`to_json` wrote."""
        return cls(data["seat"], data["player"], data["decisions"],
                   [Mistake.from_json(m) for m in data["mistakes"]], data["deals"],
                   data["seed"], data["threshold"], int(data.get("unweighed", 0)),
                   float(data.get("effort", 1.0)))


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


def review_round(game: Game | str, seat: int | str, *, deals: int = REVIEW_DEALS,
                 confirm: int = CONFIRM_DEALS, seed: int | str = 0,
                 threshold: float = MISTAKE_POINTS, effort: float = 1.0) -> Review:
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
        effort: the work allowed, as a multiple of the usual (:data:`ROUND_ROLLOUTS` and
            :data:`FRESH_ROLLOUTS` roll-outs a round, ``confirm`` and :data:`FRESH_MORE`
            deals a decision): "Look further" asks for more, to settle the choices the
            usual work left unsettled. The same seed and more effort play the same deals
            first, then more.

    Returns:
        A :class:`Review`; each mistake is checked by :func:`check_mistake` (ReviewError if a
        sentence is not borne out by the engine).
    """
    g = Game.from_json(game) if isinstance(game, str) else game
    try:
        s = g.seat(seat)
    except (ValueError, TypeError) as e:
        raise ReviewError(f"seat: {e}") from None
    if not (isinstance(effort, (int, float)) and 1 <= effort <= MAX_EFFORT):
        raise ReviewError(f"effort: a number from 1 to {MAX_EFFORT}, not {effort!r}")
    confirm = round(confirm * effort)
    round_rollouts, fresh_rollouts = ROUND_ROLLOUTS * effort, FRESH_ROLLOUTS * effort
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
                                     limit=max(0, round(round_rollouts - work)))
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
            found_now.append((losses[i], i, two_best(means, played, found[i][1])))
    fresh_work = final_work = 0
    final_rollouts = FINAL_ROLLOUTS * effort
    named: dict[int, Mistake] = {}
    for _, i, better in sorted(found_now, key=lambda x: -x[0]):
        turn, at, played = found[i]
        more = round((FRESH_MORE + (SUSPECT_MORE if suspect(at, played) else 0)) * effort)
        if fresh_work + fresh_cost(at, FRESH_DEALS + more, len(better)) > fresh_rollouts:
            unweighed += 1
            continue
        rows = fresh_deals(at, played, better, seed=seed, threshold=threshold, more=more)
        means, used, flagged = fresh_judgement(rows, played, better, threshold)
        fresh_work += fresh_cost(at, used, len(better))
        if not flagged:
            continue
        # the last word: the move played against the better one on deals of their own
        # (beyond the limit: a mistake found is not left unsaid for want of a few roll-outs)
        best = means[0][0]
        # more final deals near the threshold while the round's fresh work allows, and for
        # a wide figure over it while the round's final work allows
        near = FINAL_MOST if fresh_work + 2 * FINAL_MOST <= fresh_rollouts else FINAL_DEALS
        extra = 2 * (FINAL_MOST - FINAL_DEALS)
        most = FINAL_MOST if final_work + extra <= final_rollouts else FINAL_DEALS
        final = final_deals(at, played, best, seed=seed, threshold=threshold, most=most,
                            near_most=near)
        fresh_work += 2 * len(final[played])
        final_work += 2 * (len(final[played]) - FINAL_DEALS)
        if not final_verdict(final, played, best, threshold):
            continue
        figures = {m: sum(p) / len(p) for m, p in final.items()}
        means = [(m, figures.get(m, p)) for m, p in means]
        mistake = _mistake(at, turn, played, means, len(final[played]),
                           spreads_of(rows, best), paired(final[played], final[best])[1])
        problems = check_mistake(mistake, at)
        if problems:
            raise ReviewError(f"the review of move {turn + 1} says what the engine does not "
                              f"bear out: {'; '.join(problems)}")
        named[i] = mistake
    mistakes = [named[i] for i in sorted(named)]
    count = len(found)
    return Review(s, g.players[s], count, mistakes, deals, seed, threshold, unweighed, effort)


def _mistake(game: Game, turn: int, played: Move, means: list[tuple[Move, float]],
             deals: int, spreads: list[tuple[Move, float]] | None = None,
             lost_se: float = 0.0) -> Mistake:
    """The mistake record of a decision the review flagged, with its words."""
    seat = game.current
    means = [(m, round(p, 2)) for m, p in means]
    better, best = means[0]
    mine = next(p for m, p in means if m == played)
    lost = round(mine - best, 2)
    idea, why = idea_of(game, played, better, dict(means))
    # the loss said is the difference of the two figures as written (review 11: 35.1 less
    # 20.6 read "14.4 lost" when the unrounded loss was 14.42)
    shown_lost = read_loss(mine, best)
    # the luck of the final deals (reviews 9 and 11: losses on 40 to 96 deals off by half)
    lost_se = round(lost_se, 2)  # as kept, so that the record's figure gives the words'
    luck = f", give or take {give_or_take(lost_se)} for the luck of the deals" if lost_se else ""
    what = (f"You chose to {move_words(game, played)}. Over {deals} deals of the tiles you "
            f"could not see, the round then ended with {mine:.1f} points in your hand on "
            f"average; the better move left {best:.1f}: {shown_lost:.1f} points lost{luck}.")
    words = move_words(game, better)
    position = seen_position(game, seat)
    position["position"].pop("seed", None)
    return Mistake(turn, seat, position, str(played), str(better), lost, mine, best, deals,
                   idea, what, f"Better: {words}.", why, [(str(m), p) for m, p in means],
                   [(str(m), round(e, 2)) for m, e in spreads or []], lost_se)
