"""The review of a round (mtlearn.play.review): never peeking, deterministic, planted
blunders flagged and good moves not, words that name legal moves and no rule id, a mistake's
JSON that reads back, and "Find a better move" judged against the review's values.

Small sets and few deals keep this quick; ``benchmarks/review.py`` measures the review at
its real settings.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest

from mtlearn import Game, PlannerBot
from mtlearn.core.moves import Move
from mtlearn.core.ruleids import PATTERN
from mtlearn.play import review as review_module
from mtlearn.play import review_search as search_module
from mtlearn.play.bots import Bot, GreedyBot, RandomBot
from mtlearn.play.review import (
    FRESH_DEALS,
    JUDGE_DEALS,
    JUDGE_LEAST,
    JUDGE_MOST,
    MISTAKE_POINTS,
    Mistake,
    Review,
    ReviewError,
    check_mistake,
    decisions,
    first_pass,
    fresh_deals,
    fresh_verdict,
    position_before,
    review_round,
)

FEW = {"deals": 4, "confirm": 6}


def _position(hands: list[list[str]], trains: dict[str, list[str]],
              turn: dict[str, Any] | None = None) -> Game:
    """Ana to play, late in a double-6 round of three."""
    pos: dict[str, Any] = {"set": 6, "players": ["Ana", "Ben", "Cy"], "round": 1,
                           "hands": hands, "trains": trains, "to_play": 1,
                           "first_turns_done": [1, 2, 3], "turns_played": 12}
    if turn is not None:
        pos["turn"] = turn
        pos["open_doubles"] = turn["doubles"]
    return Game.from_position(pos)


def kept_double() -> Game:
    """Ana holds 5-5 and 5-1 for her train; Ben has one tile left."""
    return _position([["5-5", "5-1", "3-2", "4-0"], ["0-0"], ["2-1", "6-0"]],
                     {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"], "M": ["6-2"]})


def open_double() -> Game:
    """Ana has just laid 5-5 on her train and holds 5-4 to cover it; Ben has one tile."""
    return _position([["5-4", "1-0", "4-4"], ["0-0"], ["2-1", "6-0"]],
                     {"1": ["6-5", "5-5"], "2": ["6-3"], "3": ["6-4"], "M": ["6-1"]},
                     {"bonus": True, "doubles": ["1"], "drawn": None, "declined": False,
                      "played": 1, "building": False})


def _finish(game: Game, first: str) -> Game:
    """Play ``first``, then the rest of the round with planners."""
    game.push(first)
    bot = PlannerBot()
    while not game.over:
        game.push(bot.choose(game))
    return game


def _round(seed: int, learner: Any = None, players: int = 4) -> Game:
    """A double-6 round: a greedy (or given) learner in seat 0, planners elsewhere."""
    game = Game.new(players, set=6, seed=seed)
    bots = [learner or GreedyBot(), *(PlannerBot() for _ in range(players - 1))]
    while not game.over:
        game.push(bots[game.current].choose(game))
    return game


@pytest.mark.parametrize(("make", "blunder", "good"), [
    (kept_double, "5-1@1", "5-5@1"),
    (open_double, "1-0@M", "5-4@1"),
], ids=["kept-double", "open-double"])
def test_planted_blunder_flagged_and_good_move_not(make: Any, blunder: str, good: str) -> None:
    bad = review_round(_finish(make(), blunder), 0, deals=8, confirm=16)
    first = [m for m in bad.mistakes if m.turn == 0]
    assert first, f"{blunder} was not flagged: {bad.summary()}"
    m = first[0]
    assert m.played == blunder and m.lost >= MISTAKE_POINTS
    assert Move.parse(m.better) in make().legal_moves
    fine = review_round(_finish(make(), good), 0, deals=8, confirm=16)
    assert all(m.turn != 0 for m in fine.mistakes), fine.mistakes


def test_the_open_double_is_named_and_why() -> None:
    review = review_round(_finish(open_double(), "1-0@M"), 0, deals=8, confirm=16)
    m = next(m for m in review.mistakes if m.turn == 0)
    assert m.better == "5-4@1" and m.idea == "double-open"
    assert "Better: play 5-4 on your train." == m.better_text
    assert "5-5" in m.why and "blocks every train" in m.why


def test_deterministic_for_a_seed() -> None:
    game = _round(3, RandomBot(3))
    a = review_round(game, 0, seed=7, **FEW)
    b = review_round(game.copy(), "Ana", seed=7, **FEW)
    assert a.to_json() == b.to_json()
    assert a.decisions > 0


def _swapped(game: Game, seat: int) -> Game | None:
    """The same round with two tiles the seat never sees (kept all round by two other
    players, or left in the boneyard) swapped between their places, replayed move by move;
    None when no such swap replays the round's moves legally."""
    start = position_before(game, 0).to_position()
    played = {str(m.tile) for m in game.history if m.tile is not None}
    ends = game.to_position()
    kept = {s: [t for t in h if t not in played and t in ends["hands"][s]]
            for s, h in enumerate(start["hands"]) if s != seat}
    kept[-1] = [t for t in start["boneyard"] if t in ends["boneyard"]]
    places = sorted(kept)
    for i, x in enumerate(places):
        for y in places[i + 1:]:
            for a in kept[x]:
                for b in kept[y]:
                    pos = json.loads(json.dumps(start))
                    for where, old, new in ((x, a, b), (y, b, a)):
                        tiles = pos["boneyard"] if where == -1 else pos["hands"][where]
                        tiles[tiles.index(old)] = new
                    other = Game.from_position(pos)
                    try:
                        for m in game.history:
                            other.push(m)
                    except ValueError:
                        continue
                    return other
    return None


@pytest.mark.parametrize("seed", [1, 3, 6])
def test_no_peeking(seed: int) -> None:
    """The review reads only what the seat could see: the other hands changed consistently
    with its view (the same moves replay) give the same review."""
    game = _round(seed, RandomBot(seed))
    other = _swapped(game, 0)
    assert other is not None, "no swap of hidden tiles replays this round"
    assert other.hand(1) != game.hand(1) or other.hand(2) != game.hand(2) or \
        other.hand(3) != game.hand(3) or other.boneyard != game.boneyard
    a = review_round(game, 0, seed=seed, **FEW)
    b = review_round(other, 0, seed=seed, **FEW)
    assert a.to_json() == b.to_json()


def test_words_name_legal_moves_and_no_rule_id() -> None:
    found = 0
    for seed in range(3):
        game = Game.new(3, set=9, seed=seed)
        bots: list[Bot] = [RandomBot(seed), PlannerBot(), PlannerBot()]
        while not game.over:
            game.push(bots[game.current].choose(game))
        review = review_round(game, 0, seed=seed, deals=4, confirm=8)
        for m in review.mistakes:
            found += 1
            at = position_before(game, m.turn)
            assert check_mistake(m, at) == []
            assert Move.parse(m.better) in at.legal_moves
            assert Move.parse(m.played) in at.legal_moves
            words = " ".join((m.what, m.better_text, m.why))
            assert not re.search(PATTERN, words), words
            better = Move.parse(m.better)
            assert better.kind != "play" or f"{better.inward}-{better.outward}" in m.better_text
    assert found, "no mistake in three rounds of a random learner"


def test_check_mistake_catches_a_false_sentence() -> None:
    review = review_round(_finish(kept_double(), "5-1@1"), 0, deals=8, confirm=16)
    m = next(m for m in review.mistakes if m.turn == 0)
    at = kept_double()
    wrong = Mistake.from_json({**m.to_json(), "better": "4-0@M"})
    assert check_mistake(wrong, at)
    inflated = Mistake.from_json({**m.to_json(), "lost": m.lost + 5})
    assert check_mistake(inflated, at)
    with_id = Mistake.from_json({**m.to_json(), "why": m.why + " (R-DBL-1)"})
    assert any("rule id" in p for p in check_mistake(with_id, at))


def test_json_round_trips() -> None:
    review = review_round(_finish(kept_double(), "5-1@1"), 0, deals=8, confirm=16)
    assert review.mistakes
    text = json.dumps(review.to_json())
    again = Review.from_json(json.loads(text))
    assert again == review
    for m in review.mistakes:
        assert Mistake.from_json(json.loads(json.dumps(m.to_json()))) == m
        assert "seed" not in m.position["position"]


def test_find_a_better_move() -> None:
    review = review_round(_finish(kept_double(), "5-1@1"), 0, deals=8, confirm=16)
    m = next(m for m in review.mistakes if m.turn == 0)
    assert m.judge(m.better).verdict == "best"
    assert m.judge(m.played).verdict == "worse"
    assert m.judge("6-6@2").verdict == "illegal"
    assert m.judge("nonsense").verdict == "illegal"
    flipped = Move.parse(m.better)
    if flipped.kind == "play" and flipped.tile is not None and not flipped.tile.is_double:
        assert flipped.outward is not None
        turned = str(Move.play(flipped.tile, flipped.train or 0, flipped.outward))
        assert m.judge(turned).verdict == "best"
    for text, _ in m.values:
        r = m.judge(text)
        assert r.verdict in ("best", "better", "close", "worse") and r.points is not None
        assert f"{r.points:.1f}" in r.text


def test_decisions_are_the_seats_choices() -> None:
    game = _round(4)
    seen = list(decisions(game, 0))
    assert seen and all(at.current == 0 and len(at.legal_moves) > 1 for _, at, _ in seen)
    assert [move for _, _, move in seen] == [game.history[i] for i, _, _ in seen]
    with pytest.raises(ReviewError):
        review_round(game, "Nobody")


def test_fresh_deals_judge_the_search_s_pick_again() -> None:
    """The fresh deals are not the search's, refuse a good move named a mistake, and name
    the better of the search's two best moves as they find it (here two moves about as
    good: either may come out ahead on the fresh deals)."""
    game = kept_double()
    good, bad, other = Move.parse("5-5@1"), Move.parse("5-1@1"), Move.parse("2-3@M")
    assert fresh_deals(game, bad, [good])[bad][:6] != \
        next(p for m, p, _ in first_pass(game, deals=6) if m == bad)
    means, deals, flagged = fresh_verdict(game, good, [bad])
    assert not flagged and means[0][0] == bad
    means, deals, flagged = fresh_verdict(game, bad, [other, good])
    assert flagged and means[0][0] in (good, other) and deals >= FRESH_DEALS
    assert means[0][1] + MISTAKE_POINTS <= dict(means)[bad]


def test_a_review_out_of_time_says_so_and_never_well_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_module, "ROUND_ROLLOUTS", 0)
    game = _round(3, RandomBot(3))
    review = review_round(game, 0, seed=1, deals=4, confirm=8)
    assert review.unweighed > 0 and not review.mistakes
    text = review.summary()
    assert "Well played" not in text and "could not settle" in text, text
    assert Review.from_json(json.loads(json.dumps(review.to_json()))) == review
    monkeypatch.undo()
    full = review_round(game, 0, seed=1, deals=4, confirm=8)
    assert full.unweighed < review.unweighed


def test_find_a_better_move_never_calls_luck_a_mistake() -> None:
    """A tried move whose gap to the better move is within the deals' noise is not 'still
    a mistake'; the same gap with a small spread is."""
    review = review_round(_finish(kept_double(), "5-1@1"), 0, deals=8, confirm=16)
    m = next(m for m in review.mistakes if m.turn == 0)
    other = next(t for t, _ in m.values if t not in (m.played, m.better))
    base = {"values": [(m.better, 10.0), (other, 15.0), (m.played, 20.0)],
            "better_points": 10.0, "played_points": 20.0}
    noisy = dataclasses.replace(m, **base, spreads=[(m.better, 0.0), (other, 4.0)])
    assert noisy.judge(other).verdict == "best"
    assert "cannot be told apart" in noisy.judge(other).text
    sure = dataclasses.replace(m, **base, spreads=[(m.better, 0.0), (other, 1.0)])
    assert sure.judge(other).verdict == "worse"
    assert sure.judge(other).text.startswith("Still a mistake")
    assert Mistake.from_json(json.loads(json.dumps(sure.to_json()))) == sure


def test_a_move_tried_is_weighed_again_on_deals_of_its_own() -> None:
    """With the position, "Find a better move" plays the tried move and the better one (and
    the move played) on deals of their own: the better move is "best", the move played
    "worse", every answer the same each time, and an illegal move refused."""
    game = _finish(kept_double(), "5-1@1")
    review = review_round(game, 0, deals=8, confirm=16)
    m = next(m for m in review.mistakes if m.turn == 0)
    before = position_before(game, m.turn)
    assert m.judge(m.better, before).verdict == "best"
    assert m.judge(m.played, before).verdict == "worse"
    assert m.judge("6-6@2", before).verdict == "illegal"
    for text, _ in m.values:
        first, again = m.judge(text, before), m.judge(text, before)
        assert first == again and first.verdict in ("best", "better", "close", "worse")
        assert first.points is not None
        if text not in (m.better, m.played):
            n = int(re.search(r"over (\d+) more deals", first.text).group(1))  # type: ignore
            assert n % JUDGE_DEALS == 0 and JUDGE_LEAST <= n <= JUDGE_MOST, first.text


@pytest.mark.parametrize(("gaps", "verdict", "deals", "words"), [
    # never fewer than JUDGE_LEAST deals, however plain the first 48 look
    ([10.0], "worse", JUDGE_LEAST, "Still a mistake: over 192 more deals it left 10.0 points"),
    ([0.5], "best", JUDGE_LEAST, "As good as the move shown"),
    ([-3.0], "best", JUDGE_LEAST, "Better still than the move shown"),
    # ahead by 1.3, but the spread's floor keeps it within luck: not a mistake, not "as good"
    ([-1.3], "better", JUDGE_LEAST, "Not a mistake, and close to the move shown: over 192 "
     "more deals it left 1.3 points fewer on average, which luck may explain."),
    # the spread is never taken below VARIANCE_FLOOR's, and 2 points under the threshold is
    # sure on the fewest deals
    ([2.0], "better", JUDGE_LEAST, "Not a mistake: over 192 more deals it left 2.0"),
    # a gap near the threshold, deal by deal far apart: more deals, then "cannot settle"
    ([4.5 - 30.0, 4.5 + 30.0], "close", JUDGE_MOST, "Close to the line: over 384 more deals "
     "it left 4.5 points more than the move shown on average, give or take 4, and the deals "
     "cannot settle"),
    # the same below the threshold: no lean either way is said (review 15: a third of them
    # leaned the wrong way)
    ([2.5 - 30.0, 2.5 + 30.0], "close", JUDGE_MOST, "Close to the line: over 384 more deals "
     "it left 2.5 points more than the move shown on average, give or take 4, and the deals "
     "cannot settle whether the true gap is 4 or more"),
    # level on average, but too spread to rule out 4 points: said so, not "close to the line"
    ([-60.0, 60.0], "close", JUDGE_MOST, "Not told apart from the move shown"),
], ids=["mistake", "as-good", "better-still", "ahead-within-luck", "not-a-mistake", "close",
        "close-below", "not-told-apart"])
def test_find_a_better_move_judges_the_gap_with_its_spread(
        monkeypatch: pytest.MonkeyPatch, gaps: list[float], verdict: str, deals: int,
        words: str) -> None:
    """The tried move's gap to the better move, deal by deal: a mistake only when it is
    the threshold or more beyond two standard errors, "as good" or "not a mistake" only
    when it is under the threshold as surely, more deals while it may lie either side, and
    at JUDGE_MOST deals an honest "cannot settle"."""
    game = _finish(kept_double(), "5-1@1")
    review = review_round(game, 0, deals=8, confirm=16)
    m = next(m for m in review.mistakes if m.turn == 0)
    before = position_before(game, m.turn)
    tried = next(str(x) for x in before.legal_moves if str(x) not in (m.better, m.played))
    asked: list[int] = []

    def rows(game: Game, move: Move, *, seed: str, deals: int) -> list[float]:
        base = [20.0 + i % 7 for i in range(deals)]
        if str(move) == m.better:
            return base
        if str(move) == m.played:
            return [b + 30 for b in base]
        asked.append(deals)
        return [b + gaps[i % len(gaps)] for i, b in enumerate(base)]

    monkeypatch.setattr(review_module, "judge_rows", rows)
    got = m.judge(tried, before)
    assert got.verdict == verdict and words in got.text, got.text
    assert max(asked) == deals and f"over {deals} more deals" in got.text
    assert all(n % JUDGE_DEALS == 0 for n in asked)


def test_look_further_settles_what_the_review_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Look further" (a ``review`` intent with ``further``) makes the review again with
    FURTHER_EFFORT times the work: fewer choices unsettled; offered
    only while some are unsettled, once, and never by a class server."""
    from mtlearn.core.errors import SessionError
    from mtlearn.hosts.session import BoardSession
    from mtlearn.play.review import FURTHER_EFFORT

    monkeypatch.setattr(review_module, "ROUND_ROLLOUTS", 30)
    monkeypatch.setattr(review_module, "FRESH_ROLLOUTS", 30)
    game = _round(3, RandomBot(3))
    session = BoardSession(game, perspective=0)
    session.apply({"action": "review"})
    first = session.reviews.view()
    assert first is not None and first["unsettled"] > 0 and first["further"], first
    session.apply({"action": "review", "further": True})
    again = session.reviews.view()
    assert again is not None and session.reviews.current is not None
    assert session.reviews.current.effort == FURTHER_EFFORT
    assert again["unsettled"] < first["unsettled"] and not again["further"]
    assert session.message is not None and "looked further" in session.message["text"]
    session.apply({"action": "review", "further": True})  # nothing more to do: said so
    assert "as far as it can" in session.message["text"]
    with pytest.raises(SessionError, match="further"):
        session.apply({"action": "review", "further": "yes"})
    with pytest.raises(ReviewError, match="effort"):
        review_round(game, 0, effort=FURTHER_EFFORT * 10)
    # a class server's reviews never offer it
    session.reviews.clear()
    session.reviews.further = False
    session.apply({"action": "review"})
    view = session.reviews.view()
    assert view is not None and view["unsettled"] > 0 and not view["further"]


@pytest.mark.parametrize(("told", "said"), [(25.0, True), (8.3, False)])
def test_still_a_mistake_is_better_than_yours_only_by_the_figures_read_too(
        monkeypatch: pytest.MonkeyPatch, told: float, said: bool) -> None:
    """Review 14, file 23: a move tried "11.3 more than the move shown … though better than
    the move you played", when the learner's mistake read 8.3: the judge's deals put the move
    played further behind than the mistake's did. "Better than yours" is said only when the
    figures the learner reads agree; the gap's give or take is said with it."""
    game = _finish(kept_double(), "5-1@1")
    review = review_round(game, 0, deals=8, confirm=16)
    m = next(m for m in review.mistakes if m.turn == 0)
    m = dataclasses.replace(m, played_points=m.better_points + told, lost=told)
    before = position_before(game, m.turn)
    tried = next(str(x) for x in before.legal_moves if str(x) not in (m.better, m.played))

    def rows(game: Game, move: Move, *, seed: str, deals: int) -> list[float]:
        base = [20.0 + i % 7 for i in range(deals)]
        # the tried move 10 behind the better one, 20 ahead of the move played
        shift = {m.better: 0, m.played: 30}.get(str(move), 10)
        return [b + shift for b in base]

    monkeypatch.setattr(review_module, "judge_rows", rows)
    got = m.judge(tried, before)
    assert got.verdict == "worse", got.text
    assert got.text.startswith("Still a mistake: over 192 more deals it left 10.0 points more "
                               "than the move shown on average, give or take "), got.text
    assert ("though better than the move you played" in got.text) is said, got.text


def test_find_a_better_move_plays_the_better_move_out_once_a_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each move's points on the judge's deals are played out alone and kept: the better
    move is played out on no more deals than the answer uses, a second try plays out nothing
    new, and the answer from an empty store is the same."""
    game = _finish(kept_double(), "5-1@1")
    review = review_round(game, 0, deals=8, confirm=16)
    m = next(m for m in review.mistakes if m.turn == 0)
    before = position_before(game, m.turn)
    tried = next(str(x) for x in before.legal_moves if str(x) not in (m.better, m.played))
    played_out: list[tuple[str, int]] = []
    real = search_module.move_samples

    def spy(game: Game, **kw: Any) -> Any:
        played_out.extend((str(x), kw["deals"]) for x in kw["only"])
        return real(game, **kw)

    monkeypatch.setattr(search_module, "_JUDGED", {})
    monkeypatch.setattr(search_module, "move_samples", spy)
    first = m.judge(tried, before)
    used = int(re.search(r"over (\d+) more deals", first.text).group(1))  # type: ignore
    assert sum(n for x, n in played_out if x == m.better) == used, played_out
    assert {x for x, _ in played_out} <= {tried, m.better, m.played}
    done = len(played_out)
    assert m.judge(tried, before) == first and len(played_out) == done
    monkeypatch.setattr(search_module, "_JUDGED", {})
    assert m.judge(tried, before) == first


def test_the_judges_store_keeps_the_moves_asked_last(monkeypatch: pytest.MonkeyPatch) -> None:
    """judge_rows keeps at most JUDGED_KEPT moves' points, the least recently asked going
    first, and goes on from what it kept (the deals after them, not the first ones again)."""
    game = _finish(kept_double(), "5-1@1")
    before = position_before(game, 0)
    moves = list(before.legal_moves)[:3]
    asked: list[tuple[str, int, int]] = []

    def fake(game: Game, *, deals: int, seed: str, only: list[Move], skip: int) -> Any:
        asked.append((str(only[0]), skip, deals))
        return [(only[0], [skip + i for i in range(deals)], [])]

    monkeypatch.setattr(search_module, "_JUDGED", {})
    monkeypatch.setattr(search_module, "JUDGED_KEPT", 2)
    monkeypatch.setattr(search_module, "move_samples", fake)
    rows = search_module.judge_rows
    assert rows(before, moves[0], seed="s", deals=4) == [0, 1, 2, 3]
    assert rows(before, moves[0], seed="s", deals=6) == [0, 1, 2, 3, 4, 5]
    assert asked == [(str(moves[0]), 0, 4), (str(moves[0]), 4, 2)]
    rows(before, moves[1], seed="s", deals=2)
    rows(before, moves[0], seed="s", deals=2)        # asked again: kept, now the newest
    rows(before, moves[2], seed="s", deals=2)        # the third: moves[1] goes
    assert len(search_module._JUDGED) == 2
    del asked[:]
    rows(before, moves[0], seed="s", deals=6)
    rows(before, moves[1], seed="s", deals=2)
    assert asked == [(str(moves[1]), 0, 2)]
