"""The puzzle trainer's model (issue 31): Glicko-2 on Glickman's worked example and by
property, the choice of the next puzzle, replays, the daily puzzle, streaks, the dashboard,
and the saved state (export, import, bad files)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtlearn.content.puzzle_files import bundled
from mtlearn.trainer import Pool, Rating, Trainer, TrainerStateError, load_state, new_state
from mtlearn.trainer.glicko2 import MAX_RD, SCALE, expected, idle, rate
from mtlearn.trainer.trainer import REPLAY_AFTER, REPLAY_DAYS, Entry

DAY = 86400.0
T0 = 1_800_000_000.0


# ---------------------------------------------------------------------- Glicko-2
def test_glickman_worked_example():
    """"Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100
    and 1700/300, tau 0.5: the paper gives mu' = -0.2069, phi' = 0.8722, sigma' = 0.05999,
    that is r' = 1464.06 and RD' = 151.52 (the paper rounds mu' before converting)."""
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]
    r = rate(player, games, tau=0.5)
    assert round((r.rating - 1500) / SCALE, 4) == -0.2069
    assert round(r.rd / SCALE, 4) == 0.8722
    assert r.vol == pytest.approx(0.05999, abs=1e-5) and r.vol < 0.06   # 0.0599960
    assert r.rating == pytest.approx(1464.06, abs=0.015)
    assert round(r.rd, 2) == 151.52
    # the paper's intermediate expected scores E: 0.639, 0.432, 0.303
    assert [round(expected(player, o), 3) for o, _ in games] == [0.639, 0.432, 0.303]


ratings = st.builds(Rating, st.floats(600, 2400), st.floats(30, 350), st.floats(0.03, 0.1))


@settings(max_examples=200, deadline=None)
@given(ratings, ratings)
def test_a_win_never_lowers_and_a_loss_never_raises(me, opp):
    assert rate(me, [(opp, 1)]).rating >= me.rating
    assert rate(me, [(opp, 0)]).rating <= me.rating
    assert rate(me, [(opp, 1)]).rating >= rate(me, [(opp, 0.5)]).rating >= \
        rate(me, [(opp, 0)]).rating


@settings(max_examples=200, deadline=None)
@given(ratings, ratings, st.sampled_from([0, 0.5, 1]))
def test_rd_shrinks_after_a_game_and_grows_when_idle(me, opp, score):
    after = rate(me, [(opp, score)])
    # a game always narrows the deviation the period would otherwise have (step 7 < step 6)
    assert after.rd < (me.rd ** 2 + (after.vol * SCALE) ** 2) ** 0.5
    if me.rd >= 100 and abs(me.rating - opp.rating) <= 400:
        # an informative game (a close opponent) narrows an uncertain rating outright
        assert after.rd < me.rd
    assert idle(me).rd >= me.rd
    assert idle(me, 30, clamp=False).rd > idle(me, 1, clamp=False).rd
    assert idle(me, 10_000).rd <= MAX_RD + 1e-9
    assert after.vol > 0


@settings(max_examples=100, deadline=None)
@given(ratings, ratings)
def test_beating_a_stronger_opponent_gains_more(me, opp):
    weak, strong = Rating(opp.rating - 300, opp.rd, opp.vol), opp
    assert rate(me, [(strong, 1)]).rating >= rate(me, [(weak, 1)]).rating - 1e-9


def test_scores_out_of_range_are_refused():
    with pytest.raises(ValueError, match="from 0"):
        rate(Rating(), [(Rating(), 2)])


# ---------------------------------------------------------------------- a small pool
def entry(pid, rating, *themes):
    return Entry(pid, tuple(themes) or ("R-DBL-3",), float(rating))


def small_pool():
    ents = [entry(f"p{i:02d}", 900 + 40 * i, "R-DBL-3" if i % 2 else "R-MEX-1")
            for i in range(30)]
    return Pool(ents, lambda pid: {"id": pid})


def test_the_next_puzzle_is_near_the_rating_and_repeatable():
    pool = small_pool()
    a, b = Trainer(new_state("x"), pool), Trainer(new_state("x"), pool)
    assert a.next(T0) == b.next(T0)        # seeded: the same state picks the same puzzle
    pick = a.next(T0)
    assert abs(pool.entries[pick.id].rating - a.rating.rating) <= 400
    a.state["learner"][0] = 2000.0
    assert pool.entries[a.next(T0).id].rating >= 1600


def test_the_choice_leans_on_the_weak_theme():
    pool = small_pool()
    t = Trainer(new_state("lean"), pool)
    now = T0
    for _ in range(20):                     # misses every R-MEX-1 puzzle, solves R-DBL-3
        t.state["replay"].clear()
        pid = t.next(now).id
        t.record(pid, "loss" if "R-MEX-1" in pool.entries[pid].themes else "win", now)
        now += 60
    t.state["replay"].clear()
    t.state["learner"][0] = 1500.0
    picks = []
    for k in range(60):
        t.state["count"] = 1000 + k          # new seeds, same learner
        picks.append(t.next(now).id)
    weak = sum("R-MEX-1" in pool.entries[p].themes for p in picks)
    assert weak > 40, picks
    rows = t.dashboard()
    assert rows[0]["theme"] == "R-MEX-1" and rows[0]["standing"] == "needs practice"
    assert rows[0]["solved"] == 0 and rows[-1]["solved"] == rows[-1]["tries"]
    assert "The Mexican train" in rows[0]["label"]


def test_the_standard_table_is_no_theme_and_variants_are_said_as_variants():
    """A mined puzzle carries the table it was mined at; "standard" is every other puzzle's
    table too, so it never shows as a theme to work on, while a variant does, in words."""
    class E:
        def __init__(self, pid, themes):
            self.id, self.themes, self.rating = pid, themes, 1500

    pool = Pool([E("a", ("R-MEX-1", "standard")), E("b", ("swan-drive", "R-SWAN-1"))],
                lambda pid: None)
    assert pool.entries["a"].themes == ("R-MEX-1",)
    t = Trainer(new_state("v"), pool)
    t.record("a", "win", T0)
    t.record("b", "loss", T0 + 60)
    labels = {r["theme"]: r["label"] for r in t.dashboard()}
    assert "standard" not in labels
    assert labels["swan-drive"] == "Variant: Swan Drive"


def test_a_failed_puzzle_comes_back_after_k_others_then_after_days():
    pool = small_pool()
    t = Trainer(new_state("replay"), pool)
    now = T0
    missed = t.next(now).id
    assert t.record(missed, "loss", now)["replay"] == f"after {REPLAY_AFTER} other puzzles"
    between = []
    for _ in range(REPLAY_AFTER):
        pick = t.next(now)
        assert pick.id != missed and pick.reason == "new"
        between.append(pick.id)
        t.record(pick.id, "win", now)
    back = t.next(now)
    assert (back.id, back.reason, back.due) == (missed, "replay", "count")
    assert t.record(missed, "win", now)["replay"] == "tomorrow"
    assert t.next(now).id != missed          # not again today
    for days in REPLAY_DAYS:
        now += days * DAY
        pick = t.next(now)
        assert (pick.id, pick.due) == (missed, "days"), days
        t.record(missed, "win", now)
    assert missed not in t.state["replay"]   # learned
    # missed again during the days: the schedule starts over
    t.record("p05", "loss", now)
    t.record("p05", "win", now)
    t.record("p05", "loss", now)
    assert t.state["replay"]["p05"]["step"] == 0


def test_streaks_in_a_row_and_days_in_a_row():
    t = Trainer(new_state("s"), small_pool())
    t.record("p01", "win", T0)
    t.record("p02", "win", T0 + 60)
    assert t.streak(T0) == {"run": 2, "best_run": 2, "days": 1, "best_days": 1}
    t.record("p03", "win", T0 + DAY)
    assert t.streak(T0 + DAY)["days"] == 2
    t.record("p04", "loss", T0 + DAY)
    s = t.streak(T0 + DAY)
    assert (s["run"], s["best_run"], s["days"]) == (0, 3, 2)
    assert t.streak(T0 + 3 * DAY)["days"] == 0     # a whole day missed
    t.record("p05", "win", T0 + 3 * DAY)
    assert t.streak(T0 + 3 * DAY)["days"] == 1


def test_the_daily_puzzle_is_the_same_for_everyone_on_a_date():
    pool = Pool.of(bundled())
    a, b = Trainer(new_state("a"), pool), Trainer(new_state("b"), pool)
    assert a.daily(T0) == b.daily(T0 + 3600)
    days = {a.daily(T0 + k * DAY) for k in range(30)}
    assert len(days) > 10
    assert not a.daily_done(T0)
    a.record(a.daily(T0), "win", T0, daily=True)
    assert a.daily_done(T0) and not a.daily_done(T0 + DAY)


def test_idle_days_widen_the_learners_deviation():
    t = Trainer(new_state("i"), small_pool())
    for k in range(10):
        t.record(f"p{k:02d}", "win", T0)
    rd_now = t.rating.rd
    u = Trainer(json.loads(t.export()), small_pool())
    u.record("p20", "win", T0 + 400 * DAY)
    t.record("p20", "win", T0)
    assert u.rating.rd > t.rating.rd and rd_now > t.rating.rd


def test_both_learner_and_puzzle_are_rated():
    t = Trainer(new_state("b"), small_pool())
    before = t.puzzle_rating("p10").rating
    out = t.record("p10", "loss", T0)
    assert out["change"] < 0 and out["puzzle_rating"] > before
    assert t.puzzle_rating("p10").rating == pytest.approx(out["puzzle_rating"], abs=1)


# ---------------------------------------------------------------------- the saved state
def test_export_import_round_trip_and_bad_files():
    t = Trainer(new_state("e"), small_pool())
    for k in range(5):
        t.record(f"p{k:02d}", "win" if k % 2 else "loss", T0 + k)
    text = t.export()
    assert load_state(text) == t.state
    u = Trainer(load_state(text), small_pool())
    assert u.next(T0) == t.next(T0)
    bad = json.loads(text)
    bad["puzzles"]["p01"]["solved"] = 5
    with pytest.raises(TrainerStateError, match=r"puzzles\['p01'\]\.solved: 5 is out of range"):
        load_state(json.dumps(bad))
    for text_, said in [("{", "not valid JSON"), ("[]", "a JSON object"),
                        ('{"format": "other"}', "not a trainer file"),
                        (text.replace('"learner": [', '"learner": ["x", '), "learner"),
                        (text.replace('"version": 1', '"version": 9'), "version")]:
        with pytest.raises(TrainerStateError, match=said):
            load_state(text_)
    extra = json.loads(text)
    extra["surprise"] = 1
    with pytest.raises(TrainerStateError, match="unknown field 'surprise'"):
        load_state(extra)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 29), st.sampled_from(["win", "draw", "loss"]),
                          st.integers(0, 5)), max_size=25))
def test_any_history_exports_and_reads_back(attempts):
    t = Trainer(new_state("h"), small_pool())
    now = T0
    for i, result, days in attempts:
        now += days * DAY
        t.record(f"p{i:02d}", result, now)
        assert t.next(now).id in t.pool
    assert load_state(t.export()) == json.loads(t.export())
    assert sum(r["tries"] for r in t.state["puzzles"].values()) == len(attempts)
    assert all(row["solved"] <= row["tries"] for row in t.dashboard())
