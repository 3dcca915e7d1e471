"""Trains and markers: R-TRAIN-1 … 3, R-MEX-1, R-MEX-2, R-MARK-1 … 4.

Positions use a double-6 set (engine 6-6) and Ana, Ben, Cy (seats 1, 2, 3).
"""

from __future__ import annotations

from enginekit import allowed, hand, legal, position, refused, train

from mtlearn import MEXICAN, Move, Tile


# ---------------------------------------------------------------- R-TRAIN-1
def test_R_TRAIN_1_first_tile_must_carry_the_engine_number() -> None:
    game = position(hands=[["5-4", "6-2"], ["6-1"], ["6-3"]])
    refused(game, "5-4@1", "R-TRAIN-1", "Ana's train", "6", "5-4")
    v = allowed(game, "6-2@1", "R-TRAIN-1", "Ana", "starting Ana's train")
    assert v.move == Move.play("6-2", 0, 6)
    assert train(game, 0) == ["6-2"]
    assert game.train(0).open_end == 2 and game.train(0).owner == 0
    assert game.to_play == 1
    # the number is said aloud: "an 18"
    big = position(set=18, hands=[["5-4"], ["18-1"], ["18-2"]])
    refused(big, "5-4@1", "R-TRAIN-1", "must carry an 18; 5-4 does not")


def test_R_TRAIN_1_each_player_owns_one_train_from_the_hub() -> None:
    game = position(hands=[["6-2"], ["6-1"], ["6-3"]])
    assert game.train_keys() == [0, 1, 2, MEXICAN]
    assert [game.train(k).owner for k in game.train_keys()] == [0, 1, 2, None]
    assert all(game.train(k).open_end == 6 and not game.train(k).started
               for k in game.train_keys())


# ---------------------------------------------------------------- R-TRAIN-2
def test_R_TRAIN_2_a_tile_must_match_the_open_end() -> None:
    game = position(hands=[["4-1", "5-3"], ["6-1"], ["6-3"]], trains={"1": ["6-5"]})
    refused(game, "4-1@1", "R-TRAIN-2", "Ana's train", "4-1", "5")
    allowed(game, "5-3@1", "R-TRAIN-2", "Ana", "Ana's train")
    assert train(game, 0) == ["6-5", "5-3"]
    assert game.train(0).open_end == 3


def test_R_TRAIN_2_tile_written_the_other_way_is_turned_round() -> None:
    game = position(hands=[["5-3", "2-2"], ["6-1"], ["6-3"]], trains={"1": ["6-5"]})
    v = game.explain("3-5@1")              # written with 3 inward: only 5 fits
    assert v.legal and str(v.move) == "5-3@1"
    applied = game.push("3-5@1")
    assert str(applied) == "5-3@1"
    assert game.history == [Move.parse("5-3@1")]
    assert game.train(0).tiles[-1] == (Tile(5, 3), 5)
    assert game.train(0).open_end == 3


def test_R_TRAIN_2_a_train_grows_only_at_its_open_end() -> None:
    # 2-6 matches the engine end of Ana's train, but trains grow only at the open end (1)
    game = position(hands=[["6-2", "1-0"], ["6-1"], ["6-3"]], trains={"1": ["6-5", "5-1"]})
    refused(game, "6-2@1", "R-TRAIN-2", "Ana's train", "1")
    assert legal(game) == ["1-0@1", "6-2@M"]


# ---------------------------------------------------------------- R-TRAIN-3
def test_R_TRAIN_3_a_double_lies_crosswise_and_its_open_end_is_its_number() -> None:
    game = position(hands=[["5-5", "5-2", "4-4"], ["6-1"], ["6-3"]], trains={"1": ["6-5"]})
    allowed(game, "5-5@1", "R-TRAIN-2")
    assert game.train(0).open_end == 5
    assert game.open_double_trains == [0]
    # the next tile goes on the double's one open end: no branching in the standard game
    allowed(game, "5-2@1", "R-DBL-1")
    assert train(game, 0) == ["6-5", "5-5", "5-2"]
    assert game.train(0).open_end == 2
    assert game.open_double_trains == []


# ---------------------------------------------------------------- R-MEX-1
def test_R_MEX_1_the_mexican_train_is_open_to_every_player() -> None:
    game = position(hands=[["6-5", "1-1"], ["5-2", "3-3"], ["2-0", "4-4"]])
    refused(game, "5-2@M", "R-TURN-1", "Ana", "5-2")           # not Ana's tile
    allowed(game, "6-5@M", "R-MEX-1", "Ana", "starting the Mexican train")
    assert game.train(MEXICAN).owner is None and game.train(MEXICAN).public
    allowed(game, "5-2@M", "R-MEX-1", "Ben", "the Mexican train")
    allowed(game, "2-0@M", "R-MEX-1", "Cy", "the Mexican train")
    assert train(game, "M") == ["6-5", "5-2", "2-0"]
    assert not game.train(MEXICAN).marker or game.train(MEXICAN).public


def test_R_MEX_1_it_starts_with_a_tile_matching_the_engine() -> None:
    game = position(hands=[["5-4", "6-1"], ["6-2"], ["6-3"]])
    refused(game, "5-4@M", "R-MEX-1", "Mexican train", "6", "5-4")
    allowed(game, "6-1@M", "R-MEX-1")
    assert game.train(MEXICAN).tiles == ((Tile(6, 1), 6),)


def test_R_MEX_1_there_is_at_most_one_mexican_train() -> None:
    game = position(hands=[["6-5", "6-4"], ["6-2"], ["6-3"]], trains={"M": ["6-1"]})
    # the only engine-number plays are Ana's own train; no second Mexican train to start
    assert legal(game) == ["6-4@1", "6-5@1"]
    refused(game, "6-5@M", "R-TRAIN-2", "the Mexican train", "1")


# ---------------------------------------------------------------- R-MEX-2
def test_R_MEX_2_standard_any_player_may_start_it_on_the_very_first_turn() -> None:
    game = position(hands=[["6-5", "1-1"], ["6-2"], ["6-3"]], turns_played=0)
    assert game.rules.mexican_start == "any"
    allowed(game, "6-5@M", "R-MEX-1")
    assert game.turns_taken == 1 and game.to_play == 1


# ---------------------------------------------------------------- R-MARK-1
def test_R_MARK_1_private_train_refuses_others() -> None:
    game = position(hands=[["2-5", "1-0"], ["6-4"], ["6-3"]], trains={"2": ["6-2"]})
    refused(game, "2-5@2", "R-MARK-1", "Ben's train", "only Ben")
    assert not game.train(1).public
    assert legal(game) == ["draw"]


def test_R_MARK_1_a_marker_makes_a_train_public() -> None:
    game = position(hands=[["2-5", "1-0"], ["6-4"], ["6-3"]], trains={"2": ["6-2"]},
                    markers=[2])
    assert game.train(1).marker and game.train(1).public
    allowed(game, "2-5@2", "R-MARK-1", "Ana", "Ben's train")
    assert train(game, 1) == ["6-2", "2-5"]
    assert game.to_play == 1


def test_R_MARK_1_an_unstarted_public_train_may_be_started_by_anyone() -> None:
    game = position(hands=[["6-5", "1-0"], ["6-4"], ["6-3"]], trains={"1": ["6-2"]},
                    markers=[3])
    assert "6-5@3" in legal(game)
    allowed(game, "6-5@3", "R-MARK-1", "Ana", "starting Cy's train")
    assert train(game, 2) == ["6-5"]
    assert game.train(2).marker


# ---------------------------------------------------------------- R-MARK-2
def test_R_MARK_2_no_play_after_drawing_places_the_marker_and_ends_the_turn() -> None:
    game = position(hands=[["3-1"], ["6-4"], ["6-3"]], trains={"1": ["6-5"]},
                    boneyard={"top": ["2-0"]})
    allowed(game, "draw", "R-TURN-3", "Ana")
    assert hand(game, 0) == ["3-1", "2-0"]
    v = allowed(game, "pass", "R-MARK-2", "Ana", "marker", "Ana's own train")
    assert "marker" in v.reason
    assert game.train(0).marker and game.train(0).public
    assert game.to_play == 1
    assert "marker: public" in str(game)


def test_R_MARK_2_an_unstarted_train_gets_the_marker_where_it_would_start() -> None:
    game = position(hands=[["3-1"], ["6-4"], ["6-3"]], boneyard={"top": ["2-0"]})
    game.push("draw")
    game.push("pass")
    assert game.train(0).marker and not game.train(0).started
    assert game.to_position()["markers"] == [1]
    # now Ben may start Ana's train (it is public)
    allowed(game, "6-4@1", "R-MARK-1", "Ben", "starting Ana's train")


def test_R_MARK_2_a_marker_already_there_stays() -> None:
    game = position(hands=[["3-1"], ["6-4"], ["6-3"]], trains={"1": ["6-5"]}, markers=[1],
                    boneyard={"top": ["2-0"]})
    game.push("draw")
    game.push("pass")
    assert game.train(0).marker
    assert game.to_position()["markers"] == [1]


# ---------------------------------------------------------------- R-MARK-3
def test_R_MARK_3_owner_playing_on_own_train_removes_the_marker() -> None:
    game = position(hands=[["5-2", "1-0"], ["6-4"], ["6-3"]], trains={"1": ["6-5"]},
                    markers=[1])
    allowed(game, "5-2@1", "R-TRAIN-2", "Ana")
    assert not game.train(0).marker and not game.train(0).public
    assert game.to_position()["markers"] == []


def test_R_MARK_3_playing_elsewhere_does_not_remove_it() -> None:
    game = position(hands=[["1-2", "3-0"], ["4-4", "0-0"], ["2-2", "3-3"]],
                    trains={"1": ["6-5"], "2": ["6-3"], "M": ["6-1"]}, markers=[1, 2])
    allowed(game, "1-2@M", "R-MEX-1", "Ana")
    assert game.train(0).marker
    game = position(hands=[["3-0", "1-2"], ["4-4", "0-0"], ["2-2", "3-3"]],
                    trains={"1": ["6-5"], "2": ["6-3"], "M": ["6-1"]}, markers=[1, 2])
    allowed(game, "3-0@2", "R-MARK-1", "Ana", "Ben's train")
    assert game.train(0).marker


# ---------------------------------------------------------------- R-MARK-4
def test_R_MARK_4_others_playing_on_a_public_train_leave_its_marker() -> None:
    game = position(hands=[["3-0", "1-2"], ["4-4", "0-0"], ["2-2", "3-3"]],
                    trains={"2": ["6-3"]}, markers=[2])
    allowed(game, "3-0@2", "R-MARK-1")
    assert game.train(1).marker and game.train(1).public
    assert train(game, 1) == ["6-3", "3-0"]
