"""The puzzle factory (mtlearn.content.mining*): each drill's answer is the engine's, the
play-puzzle filter keeps a clear best move and drops a forced one, runs are
deterministic whatever the number of jobs, and the set is deduplicated."""

from __future__ import annotations

import gzip
import json
import random
import re
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtlearn.content import mining, mining_drills, mining_legal, mining_numbers, mining_play
from mtlearn.content.mined import read_lines
from mtlearn.content.mining_claims import faults
from mtlearn.content.mining_positions import TABLES, random_position
from mtlearn.content.mining_ratings import features, is_trivial
from mtlearn.content.mining_records import canonical_key, finish, position_of
from mtlearn.content.puzzle_files import check, from_data
from mtlearn.core.moves import Move
from mtlearn.core.notation import train_code
from mtlearn.engine.game import Game

STANDARD = TABLES[0]
SEEDS = st.integers(0, 10**6)
FEW = settings(max_examples=25, deadline=None,
               suppress_health_check=[HealthCheck.too_slow])


def _make(drill, seed: int):
    """The drill's record and puzzle from a seeded random position (None if unsuited)."""
    rng = random.Random(seed)
    g, t = random_position(rng)
    rec = drill(g, t, rng)
    if rec is None:
        return None
    done = finish(dict(rec))
    if done is None:
        # only a claim the engine does not support, or a question a random answer gets
        # right half the time, may keep a proved record out
        raw = {"id": "m-x-1", "level": 3, **{k: v for k, v in rec.items() if k != "tag"}}
        p = from_data(json.loads(json.dumps(raw)), "m-x-1")
        check(p)
        assert faults(p, raw) or is_trivial(features(p)), \
            f"the engine does not prove {rec['question']!r}"
        return None
    assert not faults(from_data(json.loads(json.dumps(done)), done["id"]), done)
    return done, from_data(json.loads(json.dumps(done)), done["id"])


@FEW
@given(SEEDS)
def test_open_trains_are_the_trains_a_legal_play_may_use(seed):
    made = _make(mining_drills.open_trains, seed)
    if made is None:
        return
    rec, p = made
    g = p.start()
    assert rec["answer"] == sorted(train_code(k) for k in g.target_trains)
    for m in g.legal_moves:
        if m.kind == "play":
            assert train_code(m.train) in rec["answer"]
    assert p.judge(rec["answer"]).status == "right"


@FEW
@given(SEEDS)
def test_must_do_answers_the_only_kind_of_move_the_engine_allows(seed):
    made = _make(mining_drills.must_do, seed)
    if made is None:
        return
    rec, p = made
    g = p.start()
    kinds = {m.kind for m in g.legal_moves}
    assert len(kinds) == 1
    assert g.explain(rec["answer"]).legal and g.explain(rec["answer"]).move.kind in kinds
    for w in rec["wrong"]:      # the tempting moves are refused with the rule cited
        v = g.explain(w["answer"])
        assert not v.legal and v.rule == w["expect"]


@FEW
@given(SEEDS)
def test_every_legal_lists_exactly_the_engines_legal_moves(seed):
    made = _make(mining_legal.every_legal, seed)
    if made is None:
        return
    rec, p = made
    g = p.start()
    assert sorted(rec["answer"]) == sorted(str(m) for m in g.legal_moves)
    # the explanation lists the moves, each where it goes, and says why each train is open
    said = rec["explain"]
    assert f"{len(rec['answer'])} legal moves: " in said
    for m in g.legal_moves:
        assert f"{m.inward}-{m.outward}" in said and g.place_label(m.train, m.branch) in said
    if any(m.branch for m in g.legal_moves):
        assert "(R-VAR-BRANCH)" in said
    partner = g.partner(g.current) if g.rules.teams else None
    if not g.bonus and any(m.train == partner for m in g.legal_moves):
        assert "partner (R-VAR-TEAMS)" in said


@FEW
@given(SEEDS)
def test_where_legal_plays_the_tile_on_the_one_train_open_to_it(seed):
    made = _make(mining_legal.where_legal, seed)
    if made is None:
        return
    rec, p = made
    g = p.start()
    good, bad = g.explain(rec["answer"]), g.explain(rec["wrong"][0]["answer"])
    assert good.legal and not bad.legal and bad.rule == rec["wrong"][0]["expect"]
    assert good.move.tile == bad.move.tile and good.move.train != bad.move.train
    # the question names neither train: finding the two it matches is part of the task
    for key in (good.move.train, bad.move.train):
        assert g.train_label(key) not in rec["question"]


@FEW
@given(SEEDS)
def test_round_score_is_the_pips_left_when_the_round_ends(seed):
    made = _make(mining_numbers.round_score, seed)
    if made is None:
        return
    rec, p = made
    g = p.start()
    seat = rec["goal"]["seat"] - 1
    left = g.hand(seat)
    g.push(rec["goal"]["after"][0])
    assert g.over and g.out is not None and g.out != seat
    assert rec["answer"] == g.round_scores[-1][seat] == sum(
        g.rules.tile_value(t.high, t.low) for t in left)


@FEW
@given(SEEDS)
def test_engine_of_round_n_is_one_lower_each_round(seed):
    made = _make(mining_numbers.engine_round, seed)
    if made is None:
        return
    rec, p = made
    n = rec["goal"]["round"]
    assert rec["answer"] == p.game.set_max - (n - 1) == p.game.engine_of(n)


@FEW
@given(SEEDS)
def test_next_player_is_who_the_engine_gives_the_turn_to(seed):
    made = _make(mining_drills.next_player, seed)
    if made is None:
        return
    rec, p = made
    g = p.start()
    seat = g.current
    m = g.push(rec["goal"]["after"][0])
    assert rec["answer"] == g.players[g.current]
    assert (g.current == seat) == (m.tile is not None and m.tile.is_double)
    # a plain play or pass hands the turn on: asked only for a double or an extra play
    assert (m.tile is not None and m.tile.is_double) or p.start().bonus


#: Dee to play with 7-7, 11-11 and 7-2 on a branching table: the only way out lays both
#: doubles, then 7-2 on the 7-7, which was laid first (R-DBL-4).
TWO_DOUBLES = {
    "set": 12, "players": ["Ana", "Ben", "Cy", "Dee"],
    "hands": [["2-0", "7-4", "4-3", "8-4", "5-4"],
              ["3-3", "8-2", "4-1", "1-1", "9-1", "7-1", "6-4", "6-2"], ["4-4"],
              ["7-7", "7-2", "11-11"]],
    "trains": {"1": ["12-2", "2-3", "3-1"], "2": ["12-5", "5-11", "11-6"],
               "3": ["12-11", "11-0", "0-3", "3-6", "6-10", "10-10", "10-1", "1-2", "2-5",
                     "5-10"],
               "4": ["12-9", "9-8", "8-1", "1-6", "6-5"],
               "M": ["12-4", "4-9", "9-11", "11-8", "8-10", "10-2", "2-11", "11-10", "10-0",
                     "0-0", "0-6", "6-9", "9-0", "0-4", "4-11", "11-7", "7-9", "9-10", "10-3",
                     "3-8", "8-5", "5-7", "7-6"],
               "3.6a": [], "3.6b": [], "M.10a": ["0-5", "5-9", "9-3", "3-11"],
               "M.10b": ["0-12", "12-8", "8-8", "8-7"], "M.10b.3a": [], "M.10b.3b": []},
    "to_play": 4, "starter": 1, "turns_played": 55, "first_turns_done": [1, 2, 3, 4]}


def test_a_go_out_turn_says_why_its_order_matters():
    g = Game.from_position({**TWO_DOUBLES, "rules": {"preset": "standard",
                                                      "branching": True}})
    turn = [Move.parse(x) for x in ("7-7@M.10b", "11-11@M.10a", "7-2@M.10b")]
    said = mining_play._order_words(g, turn)
    assert "ends Dee's turn, so the doubles go first (R-DBL-1)" in said
    assert "with 2 doubles open, 7-2 must then cover the one laid first, the 7-7 (R-DBL-4)" in said
    assert mining_play._order_words(g, turn[:1]) == ""     # one double: no order to keep


# ---------------------------------------------------------------------- play puzzles
#: A position the miner found late in a two-player round: Ana to play with 4-0, 0-0 and
#: 4-1; Ben, next, holds one tile. Laying the double blank (50 points, and a double, so
#: Ana plays again) is best in every deal of Ben's unseen tile and the boneyard.
LATE = {
    "set": 12, "players": ["Ana", "Ben"], "hands": [["4-0", "0-0", "4-1"], ["10-10"]],
    "trains": {
        "1": ["12-2", "2-8", "8-8", "8-4", "4-4", "4-6", "6-12", "12-10", "10-3", "3-11",
              "11-5", "5-10", "10-6", "6-5", "5-8", "8-0"],
        "2": ["12-8", "8-3", "3-3", "3-5", "5-5", "5-9", "9-2", "2-2", "2-5", "5-0", "0-11",
              "11-11", "11-8", "8-9", "9-12", "12-1", "1-6", "6-6", "6-0", "0-7"],
        "M": ["12-3", "3-9", "9-7", "7-7", "7-3", "3-6", "6-2", "2-11"]},
    "markers": [2], "to_play": 1, "starter": 1, "turns_played": 50,
    "first_turns_done": [1, 2]}


def _late(hand: list[str]) -> Game:
    return Game.from_position({**LATE, "hands": [hand, ["10-10"]]})


def test_a_clear_best_move_is_kept():
    g = _late(["4-0", "0-0", "4-1"])
    assert len(g.legal_moves) >= 2
    rec = mining_play.play_fewest(g, STANDARD, random.Random(1))
    assert rec is not None
    assert rec["answer"] == "0-0@1" and rec["goal"] == {"most_pips": True}
    done = finish(dict(rec))
    assert done is not None
    p = from_data(json.loads(json.dumps(done)))
    check(p)
    assert p.judge("4-0@1").status == "wrong"


def test_the_filter_measures_how_often_the_answer_is_best():
    g = _late(["4-0", "0-0", "4-1"])
    cands = [[m] for m in g.legal_moves]
    v = mining_play.sample_check(g, cands, lambda c: str(c[0]) == "0-0@1",
                                 random.Random(2), deals=60)
    assert v is not None and v.keeps() and v.share >= 0.95 and v.margin > 10
    worse = mining_play.sample_check(g, cands, lambda c: str(c[0]) != "0-0@1",
                                     random.Random(2), deals=60)
    assert worse is not None and not worse.keeps() and worse.margin < 0


def test_a_forced_or_trivial_position_is_dropped():
    forced = _late(["4-0", "1-1", "4-1"])          # only 4-0 fits a train open to Ana
    assert [str(m) for m in forced.legal_moves] == ["0-4@1"]
    assert mining_play.play_fewest(forced, STANDARD, random.Random(1)) is None
    # every move meeting the goal (or none): nothing to tell apart, nothing sampled
    g = _late(["4-0", "0-0", "4-1"])
    cands = [[m] for m in g.legal_moves]
    assert mining_play.sample_check(g, cands, lambda c: True, random.Random(1)) is None
    assert mining_play.sample_check(g, cands, lambda c: False, random.Random(1)) is None


def test_sampled_deals_keep_what_the_learner_sees():
    g = Game.new(3, seed=11)
    d = mining_play.sampled_deal(g, 0, random.Random(5))
    assert d.hand(0) == g.hand(0) and d.hand(1) != g.hand(1)
    assert [len(d.hand(s)) for s in range(3)] == [len(g.hand(s)) for s in range(3)]
    assert d.to_position()["trains"] == g.to_position()["trains"]
    assert sorted(map(str, d.hand(1) + d.hand(2) + d.boneyard)) == sorted(
        map(str, g.hand(1) + g.hand(2) + g.boneyard))


# ---------------------------------------------------------------------- the run
def test_the_same_seed_gives_the_same_file_whatever_the_jobs(tmp_path):
    # seed 1: three chunks of each kind of generator, whose proved play chunk is among the
    # quickest to prove (1.5 s here; other seeds take up to 8 s for the same check)
    one = mining.mine(10, seed=1, jobs=1)
    two = mining.mine(10, seed=1, jobs=2, timeout=300)
    assert [r["id"] for r in one] == [r["id"] for r in two]
    a, b = tmp_path / "a.jsonl.gz", tmp_path / "b.jsonl.gz"
    mining.write(one, a)
    mining.write(two, b)
    assert a.read_bytes() == b.read_bytes()
    assert [r["id"] for r in mining.mine(4, seed=8, jobs=1)] != [r["id"] for r in one[:4]]


def test_duplicates_are_dropped(monkeypatch):
    rec = finish(dict(mining_numbers.engine_round(*random_position(random.Random(3)),
                                                 random.Random(3)) or {}))
    assert rec is not None
    other = dict(rec, id="m-engine-other")   # the same puzzle under another id: a copy
    monkeypatch.setattr(mining, "mine_chunk", lambda seed, i, prove=True: [rec, rec, other])
    monkeypatch.setattr(mining, "DRY", 30)
    got = mining.mine(3, seed=1, jobs=1)     # runs dry: every chunk brings copies only
    assert [r["id"] for r in got] == [rec["id"]]


def test_the_canonical_key_ignores_names_and_hand_order():
    pos = {"set": 9, "players": ["Ana", "Ben"], "hands": [["9-1", "3-2"], ["4-4"]]}
    same = {"set": 9, "players": ["Zoe", "Yan"], "hands": [["3-2", "9-1"], ["4-4"]]}
    q = ("choose", {"ask": "open_trains"})
    assert canonical_key({}, pos, *q) == canonical_key({}, same, *q)
    assert canonical_key({}, pos, *q) != canonical_key({}, pos, "number", {"count": "pips"})


def test_positions_leave_out_what_is_implied():
    g = Game.new(3, seed=4)
    pos = position_of(g)
    assert "boneyard" not in pos and "seed" not in pos and "rules" not in pos
    back = Game.from_position(pos)
    assert [back.hand(s) for s in range(3)] == [g.hand(s) for s in range(3)]


def test_mine_asks_for_dask_only_with_an_address(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    monkeypatch.setitem(sys.modules, "dask", None)
    with pytest.raises(RuntimeError, match=re.escape("pip install 'mexican-train-learn[mine]'")):
        mining.mine(1, seed=1, dask="tcp://127.0.0.1:1")


def test_a_dask_address_that_does_not_answer_is_named(tmp_path, capsys):
    pytest.importorskip("dask.distributed")
    from mtlearn.cli import main

    with pytest.raises(RuntimeError, match=re.escape(
            "cannot reach the Dask scheduler at 'tcp://127.0.0.1:1': Timed out")):
        mining.mine(1, seed=1, dask="tcp://127.0.0.1:1", timeout=1)
    out = tmp_path / "none.jsonl.gz"
    assert main(["puzzles", "mine", "--count", "1", "--quiet", "--dask", "bogus://x",
                 "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtlearn puzzles mine: cannot reach the Dask scheduler at "
                          "'bogus://x': ")
    assert "internal error" not in err and "Traceback" not in err
    assert not out.exists()


def test_the_command_writes_a_file_that_checks(tmp_path, capsys):
    from mtlearn.cli import main

    out = tmp_path / "few.jsonl.gz"
    assert main(["puzzles", "mine", "--count", "6", "--seed", "1", "--jobs", "1",
                 "--out", str(out), "--quiet"]) == 0
    assert "wrote 6 puzzles" in capsys.readouterr().out
    assert len(read_lines(out.read_bytes())) == 6
    assert main(["check", str(out)]) == 0
    assert "6 mined puzzles prove" in capsys.readouterr().out
    bad = tmp_path / "bad.jsonl.gz"
    lines = read_lines(out.read_bytes())
    rec = json.loads(lines[0])
    rec["answer"] = "nonsense"
    bad.write_bytes(gzip.compress((json.dumps(rec) + "\n").encode()))
    assert main(["check", str(bad)]) == 1
    assert f"FAIL {bad}:1" in capsys.readouterr().out


def test_on_a_small_dask_cluster_the_run_is_the_same():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        # seed 1: the chunks the cluster's window runs ahead are quick to prove
        got = mining.mine(4, seed=1, dask=cluster.scheduler_address, timeout=60)
    assert [r["id"] for r in got] == [r["id"] for r in mining.mine(4, seed=1, jobs=1)]
