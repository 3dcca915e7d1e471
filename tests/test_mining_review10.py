"""The patterns reviews 10 and 11 of the mined set found, each fixed in the miner and checked here:
near-copies are one idea (a list of legal moves read from the same template, a go-out turn
with and without branches, a round's score of one kind), a hint never names the only tile
that answers, a round's score says the count a learner forgets, a question on who plays
after a pass does not say the turn ends, and a list of every legal move at a variant table
is rated by its size, not at its one hand-written twin's level; and (review 11) another
right answer is told its own reason, a variant that only adds a right answer beside the
shown one is no label, a list of one tile's moves is neither given away nor rated high, and
a marked train is said to carry its marker.

tests/data/review10_pairs.jsonl and review11.jsonl hold the reviews' puzzles as they were shipped (the ids are
theirs); tests/data/bonus_pass_position.json is the position of test_mining_review.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mtlearn.content.mining_drills import must_do, next_player
from mtlearn.content.mining_ideas import Curator, idea_key
from mtlearn.content.mining_numbers import round_score
from mtlearn.content.mining_positions import Table
from mtlearn.content.mining_ratings import rating
from mtlearn.content.puzzle_files import from_data
from mtlearn.core.rule_words import in_words
from mtlearn.engine.game import Game

DATA = Path(__file__).parent / "data"
PAIRS = {r["id"]: r for r in map(json.loads, (DATA / "review10_pairs.jsonl").read_text()
                                 .splitlines())}


@pytest.mark.parametrize("a,b", [
    ("m-every-legal-f33040c9e1", "m-every-legal-a8beaea7a2"),    # teams, same template
    ("m-play-out-270d90f3bd", "m-play-out-557659473a"),          # the same with branches
    ("m-round-score-5426c43882", "m-round-score-3d631d1bf3"),    # blanks-25, forgot blanks
])
def test_the_reviews_near_copies_are_one_idea(a, b):
    assert idea_key(PAIRS[a]) == idea_key(PAIRS[b])


@pytest.mark.parametrize("a,b", [("m-play-out-270d90f3bd", "m-play-out-557659473a"),
                                 ("m-round-score-5426c43882", "m-round-score-3d631d1bf3")])
def test_a_go_out_turn_and_a_round_score_are_shipped_once_per_idea(a, b):
    c = Curator()
    assert c.admit(PAIRS[a]) and not c.admit(PAIRS[b])
    assert c.dropped["idea cap"] == 1


def _game_with_one_cover() -> tuple[Game, Table]:
    """A position where an open double waits and exactly one tile of the player's has its
    number (found by seeded random play)."""
    for seed in range(400):
        g = Game.new(4, set=9, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if g.over:
                break
            live = [k for k in g.open_double_trains if k not in g.dead_double_trains]
            if live and not g.bonus:
                plays = [m for m in g.legal_moves if m.kind == "play"]
                if len({str(m.tile) for m in plays}) == 1:
                    return g, Table("standard", {"preset": "standard"}, (4, 4), (9, 9), 1)
            g.push(rng.choice(list(g.legal_moves)))
    raise AssertionError("no position with one covering tile in 400 seeds")


def test_a_hint_never_asks_for_the_only_tile_that_answers():
    g, table = _game_with_one_cover()
    recs = [r for s in range(20) if (r := must_do(g, table, random.Random(s)))]
    assert recs, "must_do asked nothing in this position"
    for r in recs:
        assert "which tile has" not in r["hints"][1], r["hints"][1]
        assert "open-double" in r["themes"]


def test_a_bonus_play_is_tagged_plays_again_not_open_double():
    from mtlearn.content.mining_claims import dead_double_faults
    rec = next(r for r in map(json.loads, (DATA / "mined_faults.jsonl").read_text()
                              .splitlines()) if r["id"] == "m-must-do-1eb4547bae")
    p = from_data(json.loads(json.dumps(rec)), rec["id"])
    g = p.start()
    table = Table("standard", {"preset": "standard"}, (4, 4), (12, 12), 1)
    made = [r for s in range(10) if (r := must_do(g, table, random.Random(s)))]
    assert made
    for r in made:
        assert "plays-again" in r["themes"] and "open-double" not in r["themes"]
        assert "which tile has" not in r["hints"][1]       # one tile has an 8
        q = from_data(json.loads(json.dumps({"id": "m-x", "level": 3, **{
            k: v for k, v in r.items() if k != "tag"}})), "m-x")
        assert not dead_double_faults(q)


def test_who_plays_after_a_pass_does_not_say_the_pass():
    g = Game.from_position(json.loads((DATA / "bonus_pass_position.json").read_text()))
    table = Table("answer-double", dict(g.to_position()["rules"]), (3, 4), (9, 12), 1)
    recs = [r for s in range(30) if (r := next_player(g, table, random.Random(s)))]
    passes = [r for r in recs if r["goal"]["after"] == ["pass"]]
    assert passes
    for r in passes:
        assert "pass" not in r["question"].lower(), r["question"]
        assert "fits no train open to" in r["question"]
        # the engine says the pass once; the explanation does not repeat it
        assert in_words(r["explain"]).lower().count("passes") == 1, r["explain"]


def _score_records(scoring: str | None) -> list[dict]:
    rules = {"preset": "standard", **({"scoring": scoring} if scoring else {})}
    out = []
    for seed in range(60):
        g = Game.new(4, set=12, rules=rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 40)):
            if g.over:
                break
            g.push(rng.choice(list(g.legal_moves)))
        table = Table(scoring or "standard", rules, (4, 4), (12, 12), 1)
        r = round_score(g, table, rng)
        if r is not None:
            out.append(r)
    return out


def test_a_round_score_says_the_special_count_and_a_wrong_sum_leads_with_it():
    found = 0
    for scoring, words, rule in ((None, "The double blank counts 50", "R-SCORE-2"),
                                 ("blanks-25", "each blank half counts 25", "R-VAR-BLANKS")):
        for r in _score_records(scoring):
            hand = r["hints"][1]
            special = ("0-0" in hand) if scoring is None else any(
                t.endswith("-0") for t in hand.split(".")[0].split())
            if not special or rule not in r["teaches"]:
                continue
            found += 1
            assert words in r["explain"], r["explain"]
            p = from_data(json.loads(json.dumps({"id": "m-x", "level": 3, **{
                k: v for k, v in r.items() if k != "tag"}})), "m-x")
            said = p.judge(p.answer + 1).text
            assert said.split(": ", 1)[1].startswith(("the double blank", "each blank half")), \
                said
    assert found >= 2


def test_every_legal_move_at_a_variant_table_is_rated_by_its_size():
    small, big = PAIRS["m-every-legal-f33040c9e1"], PAIRS["m-every-legal-a8beaea7a2"]
    assert len(small["answer"]) < len(big["answer"])
    rs = [rating(from_data(json.loads(json.dumps(r)), r["id"])) for r in (small, big)]
    assert rs[0] < rs[1] and rs[0] < 1600, rs


# ---------------------------------------------------------------------- review 11
R11 = {r["id"]: r for r in map(json.loads, (DATA / "review11.jsonl").read_text().splitlines())}


def _puzzle(rec: dict):  # type: ignore[no-untyped-def]
    return from_data(json.loads(json.dumps(rec)), rec["id"])


def test_another_right_answer_is_told_its_own_reason():
    # review 11: 3-7 (also right) was told why 3-1 was right
    p = _puzzle(R11["m-must-do-eb2788b657"])
    assert p.answer == "3-1@1" and "3-7@1" in p.solutions(limit=10)
    said = p.judge("3-7@1")
    assert said.status == "right"
    assert "3-7" in said.text and "Another right answer: play 3-1" in said.text
    assert "may play 3-1" not in said.text
    assert p.judge("3-1@1").text.endswith(p.explain)


def test_a_variant_that_only_adds_a_right_answer_beside_the_shown_one_is_refused(
        tmp_path, capsys):
    # review 11: a partnership must-do whose shown answer goes on the player's own train
    from test_mining_claims import _check_file, _faults
    rec = R11["m-must-do-87019bbee8"]
    assert any("the answer shown is right under the standard rules too" in f
               for f in _faults(rec))
    code, out = _check_file(tmp_path, [rec], capsys)
    assert code == 1 and "FAIL" in out


@pytest.mark.parametrize("pid", ["m-every-legal-597cf1547e", "m-every-legal-2a0f152c39"])
def test_a_list_made_of_one_tile_is_neither_given_away_nor_rated_high(pid):
    from mtlearn.content.mining_legal import every_legal
    from mtlearn.content.mining_ratings import PLAIN_ABOVE, twin_keys, twins
    rec = R11[pid]
    p = _puzzle(rec)
    g = p.start()
    assert len({m.tile for m in g.legal_moves if m.kind == "play"}) == 1
    table = Table("t", dict(rec["rules"]), (4, 4), (12, 12), 1)
    made = [r for s in range(10) if (r := every_legal(g, table, random.Random(s)))]
    assert made
    for r in made:
        assert "Open to" not in r["hints"][1], r["hints"][1]
        assert "is not legal: The " not in r["explain"]
    easiest = next(twins()[k] for k in twin_keys(p) if k in twins())[0]
    assert rating(p) <= easiest + PLAIN_ABOVE


def test_a_marked_train_is_said_to_carry_its_marker():
    p = _puzzle(R11["m-where-legal-36b2e53ec9"])
    assert p.start().explain(p.answer).text == (
        "Dee may play 3-1 on Cy's train, which carries a marker (R-MARK-1).")


# ---------------------------------------------------------------------- review 12
R12 = {r["id"]: r for r in map(json.loads, (DATA / "review12.jsonl").read_text().splitlines())}


def test_the_open_line_is_named_when_an_open_double_stands_on_a_branch():
    # review 12: "the trains open to Ana now: the Mexican train" where only branch 7a was
    from mtlearn.content.mining_legal import every_legal
    rec = R12["m-every-legal-b2b09ae0d1"]
    g = _puzzle(rec).start()
    table = Table("branching", dict(rec["rules"]), (4, 4), (12, 12), 1)
    made = [r for s in range(10) if (r := every_legal(g, table, random.Random(s)))]
    assert made
    for r in made:
        assert "branch 7a of the Mexican train" in r["hints"][1], r["hints"][1]
        assert "their open ends" not in r["hints"][1]


@pytest.mark.parametrize("pid, wrong, said", [
    ("m-next-player-043ab2b40c", "Ben", "nothing followed it, so the turn ends"),
    ("m-next-player-f880ebe7ce", "Cy", "extra play after the double"),
])
def test_a_wrong_seat_after_a_double_is_told_why_the_turn_ended(pid, wrong, said):
    p = _puzzle(R12[pid])
    fb = p.judge(wrong)
    assert fb.status == "wrong" and said in fb.text, fb.text


def test_the_extra_play_after_ones_own_double_says_so_and_teaches_it():
    rec = R12["m-must-do-54aa7ed163"]
    g = _puzzle(rec).start()
    table = Table("branching", dict(rec["rules"]), (4, 4), (12, 12), 1)
    made = [r for s in range(10) if (r := must_do(g, table, random.Random(s)))]
    assert made
    for r in made:
        assert "plays-again" in r["themes"] and "R-DBL-1" in r["teaches"]
        assert "plays again (R-DBL-1)" in r["explain"]


def test_a_round_score_carries_no_dead_double_aside():
    recs = _score_records(None) + _score_records("blanks-25")
    assert recs
    assert all("R-DBL-6" not in r["teaches"] and "blocks nothing" not in r["explain"]
               for r in recs)
