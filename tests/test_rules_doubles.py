"""Doubles: R-DBL-1 … R-DBL-6 (and the order variant R-VAR-REVERSE)."""

from __future__ import annotations

from enginekit import allowed, hand, legal, position, refused, train

from mtlearn import MEXICAN


# ---------------------------------------------------------------- R-DBL-1
def test_R_DBL_1_a_double_gives_a_bonus_play_on_it_or_any_available_train() -> None:
    game = position(hands=[["5-5", "5-2", "6-1", "4-3"], ["6-4"], ["6-3"]],
                    trains={"1": ["6-5"], "2": ["6-2"]})
    v = allowed(game, "5-5@1", "R-TRAIN-2", "Ana", "double", "then plays again")
    assert v.text.count("(R-") == 1      # one rule id, at the end
    assert game.to_play == 0 and game.bonus
    assert game.open_double_trains == [0]
    assert legal(game) == ["5-2@1", "6-1@M"]
    refused(game, "4-3@1", "R-DBL-1", "5-5", "Ana's train", "4-3")  # her own double: R-DBL-1
    # the bonus tile may go elsewhere: the double then stays open
    allowed(game, "6-1@M", "R-MEX-1", "Ana", "the Mexican train")
    assert game.to_play == 1 and not game.bonus
    assert game.open_double_trains == [0]


def test_R_DBL_1_the_bonus_tile_may_cover_the_double() -> None:
    game = position(hands=[["5-5", "5-2", "6-1"], ["6-4"], ["6-3"]], trains={"1": ["6-5"]})
    game.push("5-5@1")
    allowed(game, "5-2@1", "R-DBL-1", "Ana", "covering the double 5-5 on Ana's train")
    assert train(game, 0) == ["6-5", "5-5", "5-2"]
    assert game.open_double_trains == [] and game.to_play == 1


def test_R_DBL_1_bonus_play_cannot_go_on_a_private_train() -> None:
    game = position(hands=[["5-5", "2-4", "0-1"], ["6-4"], ["6-3"]],
                    trains={"1": ["6-5"], "2": ["6-2"]})
    game.push("5-5@1")
    refused(game, "2-4@2", "R-MARK-1", "Ben's train", "only Ben")


# ---------------------------------------------------------------- R-DBL-2
def test_R_DBL_2_no_bonus_tile_draws_and_plays_it_if_it_fits() -> None:
    game = position(hands=[["5-5", "3-0"], ["6-4"], ["6-3"]], trains={"1": ["6-5"]},
                    boneyard={"top": ["5-1", "2-2"]})
    game.push("5-5@1")
    refused(game, "pass", "R-DBL-2", "Ana", "draw")
    allowed(game, "draw", "R-DBL-2", "Ana")
    assert hand(game, 0) == ["3-0", "5-1"]
    refused(game, "pass", "R-TURN-3", "Ana", "5-1")
    assert legal(game) == ["5-1@1"]
    allowed(game, "5-1@1", "R-DBL-1")
    assert game.open_double_trains == [] and not game.train(0).marker
    assert game.to_play == 1


def test_R_DBL_2_unplayable_drawn_tile_marks_the_train_and_leaves_the_double_open() -> None:
    game = position(hands=[["5-5", "3-0"], ["6-4"], ["6-3"]], trains={"1": ["6-5"]},
                    boneyard={"top": ["2-1"]})
    game.push("5-5@1")
    game.push("draw")
    assert legal(game) == ["pass"]
    allowed(game, "pass", "R-MARK-2", "Ana")
    assert game.train(0).marker
    assert game.open_double_trains == [0]
    assert game.to_play == 1 and not game.bonus


# ---------------------------------------------------------------- R-DBL-3
OPEN_ON_BEN = dict(trains={"1": ["6-1"], "2": ["6-3", "3-3"], "M": ["6-2"]}, open_doubles=["2"])


def test_R_DBL_3_an_open_double_must_be_covered_before_anything_else() -> None:
    game = position(hands=[["1-4", "3-5", "2-0"], ["4-4"], ["0-0", "5-5"]], **OPEN_ON_BEN)
    assert legal(game) == ["3-5@2"]
    refused(game, "1-4@1", "R-DBL-3", "3-3", "Ben's train", "open")
    refused(game, "2-0@M", "R-DBL-3", "3-3", "Ben's train")
    refused(game, "draw", "R-TURN-2", "Ana")
    # the double is on Ben's private train, yet Ana must (and may) cover it
    v = allowed(game, "3-5@2", "R-DBL-3", "Ana", "covering the double 3-3 on Ben's train")
    assert v.move.inward == 3
    assert game.open_double_trains == []
    assert train(game, 1) == ["6-3", "3-3", "3-5"]
    assert not game.train(1).marker and not game.train(0).marker
    assert game.to_play == 1


def test_R_DBL_3_each_player_in_turn_draws_or_marks_while_it_stays_open() -> None:
    game = position(hands=[["1-4", "2-0"], ["4-4", "1-1"], ["0-0", "3-5"]],
                    boneyard={"top": ["6-5", "3-4"]}, **OPEN_ON_BEN)
    assert legal(game) == ["draw"]
    game.push("draw")                             # Ana draws 6-5: it does not cover 3-3
    assert legal(game) == ["pass"]
    game.push("pass")
    assert game.train(0).marker and game.open_double_trains == [1]
    # Ben draws 3-4 and must cover his own double with it
    game.push("draw")
    assert legal(game) == ["3-4@2"]
    allowed(game, "3-4@2", "R-DBL-3", "Ben")
    assert game.open_double_trains == []
    # normal play resumes: Cy has no 1, 2 or 6 for her targets and Ben's train is private;
    # Ana's marker stays until she plays on her own train
    assert game.to_play == 2 and legal(game) == ["draw"]
    refused(game, "5-3@2", "R-MARK-1", "Ben's train")
    assert game.train(0).marker


def test_R_DBL_3_marked_trains_stay_marked_after_the_double_is_covered() -> None:
    game = position(hands=[["3-5", "1-2"], ["4-4", "1-1"], ["0-0", "5-5"]], markers=[1, 3],
                    **OPEN_ON_BEN)
    game.push("3-5@2")
    assert game.train(0).marker and game.train(2).marker
    game = position(hands=[["3-5", "1-2"], ["3-4", "1-1"], ["0-0", "5-5"]], markers=[2],
                    to_play=2, **OPEN_ON_BEN)
    # Ben covers the double on his own train: that removes his marker (R-MARK-3)
    allowed(game, "3-4@2", "R-DBL-3", "Ben")
    assert not game.train(1).marker


def test_R_DBL_3_with_ones_own_double_of_this_turn_the_refusal_names_both_places() -> None:
    # Ben's 3-3 is open from an earlier turn, and Ana has just laid 1-1 on her own train
    # (a position a teacher can set): she may cover either double, and the refusal of a
    # third place says so, with the rule the engine's targets applied (one computation)
    game = position(hands=[["1-4", "3-5", "2-0"], ["4-4"], ["0-0", "5-5"]],
                    trains={"1": ["6-1", "1-1"], "2": ["6-3", "3-3"], "M": ["6-2"]},
                    open_doubles=["2", "1"], turn={"doubles": ["1"], "bonus": True,
                                                   "played": 1})
    assert legal(game) == ["1-4@1", "3-5@2"]
    v = refused(game, "2-0@M", "R-DBL-3", "3-3", "Ben's train", "1-1", "Ana's train")
    assert "Besides it, Ana may only cover the double 1-1" in v.reason
    # the gate the targets come from is the one the refusal cites
    targets, gate = game._gate(False)
    assert targets == [1, 0] and (gate.case, gate.rule, gate.line) == ("blocker", "R-DBL-3", 1)


# ---------------------------------------------------------------- R-DBL-4
SEVERAL = dict(trains={"1": ["6-5"], "3": ["6-3"], "M": ["6-4"]}, markers=[3])
SEVERAL_HAND = ["5-5", "4-4", "3-3", "5-1", "4-2", "3-0"]


def test_R_DBL_4_several_doubles_then_one_tile_on_the_first() -> None:
    game = position(hands=[SEVERAL_HAND, ["4-1", "3-2"], ["0-0"]], **SEVERAL)
    allowed(game, "5-5@1", "R-TRAIN-2")
    allowed(game, "4-4@M", "R-MEX-1", "Ana", "plays again")
    assert game.open_double_trains == [0, MEXICAN] and game.to_play == 0
    refused(game, "4-2@M", "R-DBL-4", "Ana", "first", "5-5", "Ana's train")
    refused(game, "3-0@3", "R-DBL-4", "Ana", "5-5")
    # a further double may still go on any normal target (Cy's public train)
    allowed(game, "3-3@3", "R-MARK-1", "Ana", "plays again")
    assert legal(game) == ["5-1@1"]
    allowed(game, "5-1@1", "R-DBL-1", "Ana", "covering the double 5-5")
    assert game.to_play == 1
    assert game.open_double_trains == [MEXICAN, 2]
    # the doubles left open are covered in the order they were laid: the Mexican 4-4 first
    assert legal(game) == ["4-1@M"]
    refused(game, "3-2@3", "R-DBL-4", "4-4", "the Mexican train", "laid first")
    game.push("4-1@M")
    assert game.open_double_trains == [2]
    assert game.to_play == 2


def test_R_DBL_4_a_third_tile_is_owed_after_a_second_double() -> None:
    game = position(hands=[["5-5", "4-4", "5-1", "0-0"], ["4-1"], ["1-1"]],
                    trains={"1": ["6-5"], "M": ["6-4"]})
    game.push("5-5@1")
    game.push("4-4@M")
    assert game.to_play == 0 and game.bonus      # still Ana's turn
    game.push("5-1@1")
    assert game.to_play == 1


# ---------------------------------------------------------------- R-DBL-5
def test_R_DBL_5_going_out_on_a_double_ends_the_round_at_once() -> None:
    game = position(hands=[["5-5"], ["6-3", "2-1"], ["4-4"]], trains={"1": ["6-5"]})
    v = allowed(game, "5-5@1", "R-DBL-5", "Ana", "going out", "round ends")
    assert "plays again" not in v.reason and v.text.endswith("(R-DBL-5).")
    assert game.over and game.out == 0 and not game.blocked
    assert game.open_double_trains == [0]        # the double stays open
    assert game.to_play is None
    assert game.round_scores == [[0, 12, 8]]
    refused(game, "draw", "R-END-1", "Ana went out")


# ---------------------------------------------------------------- R-DBL-6
# Every 3 other than Ben's 3-3 is on the table: 6-3 (Ben), 4-3 and 3-2 (M), 1-3, 3-0 (Cy), 5-3 (Ana)
UNSAT = dict(trains={"1": ["6-5", "5-3"], "2": ["6-3", "3-3"], "3": ["6-1", "1-3", "3-0"],
                     "M": ["6-4", "4-3", "3-2"]}, open_doubles=["2"])


def test_R_DBL_6_a_double_that_cannot_be_covered_no_longer_blocks() -> None:
    game = position(hands=[["2-1", "4-4"], ["5-5"], ["5-4"]], **UNSAT)
    assert game.open_double_trains == [1]        # still open …
    assert legal(game) == ["2-1@M"]              # … but not blocking
    allowed(game, "2-1@M", "R-MEX-1", "Ana")
    assert game.open_double_trains == [1]


def test_R_DBL_6_the_next_coverable_double_blocks_instead() -> None:
    game = position(hands=[["2-1", "4-4", "0-4"], ["5-5"], ["5-4"]],
                    trains={**UNSAT["trains"], "M": ["6-4", "4-3", "3-2", "2-2"]},
                    open_doubles=["2", "M"])
    assert legal(game) == ["2-1@M"]
    refused(game, "0-4@1", "R-DBL-4", "2-2", "the Mexican train")


def test_R_DBL_6_option_unsatisfiable_double_still_blocks() -> None:
    game = position(rules={"unsatisfiable_double_blocks": True},
                    hands=[["2-1", "4-4"], ["5-5"], ["5-4"]], **UNSAT)
    assert legal(game) == ["draw"]
    refused(game, "2-1@M", "R-DBL-3", "3-3", "Ben's train")
