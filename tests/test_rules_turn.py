"""A turn: R-TURN-1 … 5 and R-FIRST-1 (the train-building first turn)."""

from __future__ import annotations

from enginekit import allowed, hand, legal, position, refused, rest, train

from mtlearn import MEXICAN, Game, Move


# ---------------------------------------------------------------- R-TURN-1
def test_R_TURN_1_a_normal_turn_plays_exactly_one_tile() -> None:
    game = position(hands=[["6-5", "5-4", "4-3"], ["6-1"], ["6-3"]])
    allowed(game, "6-5@1", "R-TRAIN-1")
    assert game.to_play == 1                    # the turn ended after one tile
    refused(game, "5-4@1", "R-TURN-1", "Ben", "5-4")   # Ben does not hold it
    assert hand(game, 0) == ["5-4", "4-3"]


def test_R_TURN_1_targets_are_own_mexican_and_public_trains() -> None:
    game = position(hands=[["6-5", "2-0", "3-1"], ["6-1"], ["4-4"]],
                    trains={"1": ["6-2"], "2": ["6-3"], "3": ["6-4"], "M": ["6-0"]},
                    markers=[3])
    assert legal(game) == ["0-2@M", "2-0@1"]       # 6-5 fits no target, 3-1 neither
    game = position(hands=[["4-1", "2-0", "3-1"], ["6-1"], ["4-4"]],
                    trains={"1": ["6-2"], "2": ["6-3"], "3": ["6-4"], "M": ["6-0"]},
                    markers=[3])
    assert legal(game) == ["0-2@M", "2-0@1", "4-1@3"]
    refused(game, "3-1@2", "R-MARK-1", "Ben's train")


def test_R_TURN_1_unknown_seats_and_tiles_not_held_are_refused() -> None:
    game = position(hands=[["6-5"], ["6-1"], ["6-3"]])
    refused(game, Move.play("6-5", 5), "R-TURN-1", "seat 6")
    refused(game, "6-1@M", "R-TURN-1", "Ana does not hold 6-1")
    v = game.explain("not a move")
    assert not v.legal and v.rule == "R-TURN-1" and "not a move" in v.reason


# ---------------------------------------------------------------- R-TURN-2
def test_R_TURN_2_a_player_who_can_play_must_play() -> None:
    game = position(hands=[["6-5", "1-0"], ["6-1"], ["6-3"]], boneyard={"top": ["2-2"]})
    refused(game, "draw", "R-TURN-2", "Ana", "6-5")
    refused(game, "pass", "R-TURN-2", "Ana")
    assert legal(game) == ["6-5@1", "6-5@M"]


# ---------------------------------------------------------------- R-TURN-3
def test_R_TURN_3_no_play_draws_one_tile_and_must_play_it_if_it_fits() -> None:
    game = position(hands=[["3-1", "4-4"], ["6-1"], ["6-3"]], trains={"1": ["6-5"]},
                    boneyard={"top": ["5-2", "0-0"]})
    refused(game, "pass", "R-TURN-3", "Ana", "draw")
    assert legal(game) == ["draw"]
    allowed(game, "draw", "R-TURN-3", "Ana")
    assert hand(game, 0) == ["3-1", "4-4", "5-2"]
    assert game.boneyard[0].pips == 0               # 0-0 is next
    assert game.to_play == 0                        # still Ana's turn
    refused(game, "pass", "R-TURN-3", "Ana", "5-2", "must play it")
    refused(game, "draw", "R-TURN-3", "Ana", "already drawn")
    assert legal(game) == ["5-2@1"]
    allowed(game, "5-2@1", "R-TRAIN-2")
    assert train(game, 0) == ["6-5", "5-2"]
    assert not game.train(0).marker
    assert game.to_play == 1


def test_R_TURN_3_only_the_drawn_tile_may_be_played() -> None:
    game = position(hands=[["3-1", "4-4"], ["6-1"], ["6-3"]], trains={"1": ["6-5"]},
                    boneyard={"top": ["6-2"]}, markers=[])
    game.push("draw")
    # 6-2 fits the Mexican train; 3-1 would not anyway, but the rule is about the drawn tile
    refused(game, "3-1@1", "R-TURN-3", "Ana", "6-2")
    allowed(game, "6-2@M", "R-MEX-1")


def test_R_TURN_3_an_unplayable_drawn_tile_ends_the_turn_with_a_marker() -> None:
    game = position(hands=[["3-1", "4-4"], ["6-1"], ["6-3"]], trains={"1": ["6-5"]},
                    boneyard={"top": ["2-0"]})
    game.push("draw")
    assert legal(game) == ["pass"]
    allowed(game, "pass", "R-MARK-2", "Ana")
    assert game.train(0).marker and game.to_play == 1
    assert hand(game, 0) == ["3-1", "4-4", "2-0"]


# ---------------------------------------------------------------- R-TURN-4
def test_R_TURN_4_empty_boneyard_and_no_play_means_pass_and_mark() -> None:
    hands = [["3-1", "4-4"], ["6-1"]]
    game = position(players=["Ana", "Ben"], hands=[*hands[:1], rest(6, hands[0], "6-6", "6-5")],
                    trains={"1": ["6-5"]})
    assert game.boneyard == []
    refused(game, "draw", "R-TURN-4", "boneyard is empty", "Ana")
    assert legal(game) == ["pass"]
    allowed(game, "pass", "R-TURN-4", "Ana", "marker")
    assert game.train(0).marker and game.to_play == 1 and not game.over


# ---------------------------------------------------------------- R-TURN-5
def test_R_TURN_5_play_goes_clockwise_and_wraps_round() -> None:
    game = position(hands=[["6-5", "1-1"], ["6-4", "2-2"], ["6-3", "3-3"]], to_play=2)
    seen = []
    for move in ["6-4@2", "6-3@3", "6-5@1"]:
        seen.append(game.to_play)
        game.push(move)
    assert seen == [1, 2, 0]
    assert game.to_play == 1


# ---------------------------------------------------------------- R-FIRST-1
TB = {"preset": "standard", "first_turn": "train-building"}


def test_R_FIRST_1_standard_first_turn_is_a_normal_turn() -> None:
    game = position(hands=[["6-5", "5-4"], ["6-1"], ["6-3"]])
    allowed(game, "6-5@1")
    assert game.to_play == 1                     # one tile only


def test_R_FIRST_1_train_building_lays_a_chain_on_the_own_train_only() -> None:
    game = position(rules=TB, hands=[["6-5", "5-4", "4-4", "3-0"], ["6-1"], ["6-3", "1-1"]])
    assert legal(game) == ["6-5@1"]             # no Mexican train, no other train
    refused(game, "6-5@M", "R-FIRST-1", "Ana", "the Mexican train")
    refused(game, "draw", "R-FIRST-1", "Ana")
    refused(game, "end", "R-FIRST-1", "Ana")
    allowed(game, "6-5@1", "R-FIRST-1", "Ana")
    assert game.to_play == 0
    allowed(game, "5-4@1", "R-FIRST-1")
    allowed(game, "4-4@1", "R-FIRST-1")         # a double in the chain: no bonus, no block
    assert game.open_double_trains == []
    refused(game, "3-0@1", "R-TRAIN-2", "Ana's train", "4")
    refused(game, "pass", "R-FIRST-1", "Ana", "end")
    assert legal(game) == ["end"]
    allowed(game, "end", "R-FIRST-1", "Ana")
    assert train(game, 0) == ["6-5", "5-4", "4-4"]
    assert game.to_play == 1


def test_R_FIRST_1_a_player_who_cannot_start_places_the_marker_without_drawing() -> None:
    game = position(rules=TB, hands=[["6-5"], ["5-1", "2-2"], ["6-3"]], to_play=2,
                    boneyard={"top": ["6-1"]})
    assert legal(game) == ["pass"]
    refused(game, "draw", "R-FIRST-1", "Ben")
    allowed(game, "pass", "R-FIRST-1", "Ben", "marker")
    assert game.train(1).marker and not game.train(1).started
    assert hand(game, 1) == ["5-1", "2-2"]      # drew nothing
    assert game.boneyard[0] == Move.parse("6-1@M").tile


def test_R_FIRST_1_first_turn_double_waits_then_must_be_satisfied() -> None:
    game = position(rules=TB, hands=[["6-5", "5-5", "5-1", "2-0"], ["6-3", "3-3", "1-0"],
                                     ["6-2", "4-0"]],
                    boneyard={"top": ["0-0"]})
    for move in ["6-5@1", "5-5@1", "end", "6-3@2", "3-3@2", "end"]:
        game.push(move)
    # Cy's first turn: the doubles at the ends of Ana's and Ben's chains have no effect yet
    assert legal(game) == ["6-2@3"]
    game.push("6-2@3")
    game.push("end")
    # Ana's second turn: she must satisfy the first exposed double (her own 5-5)
    assert game.to_play == 0
    assert game.open_double_trains == [0, 1]
    assert legal(game) == ["5-1@1"]
    refused(game, "2-0@3", "R-DBL-4", "5-5", "Ana's train")
    allowed(game, "5-1@1", "R-DBL-3")
    # then Ben must satisfy the next one, his 3-3
    assert game.open_double_trains == [1]
    refused(game, "1-0@1", "R-DBL-3", "3-3", "Ben's train")
    assert legal(game) == ["draw"]


def test_R_FIRST_1_going_out_on_the_first_turn_waits_for_every_first_turn() -> None:
    game = position(rules=TB, hands=[["6-5", "2-0"], ["6-3", "3-1"], ["6-2", "1-1", "4-4"]])
    game.push("6-5@1")
    game.push("end")
    allowed(game, "6-3@2", "R-FIRST-1")
    allowed(game, "3-1@2", "R-FIRST-1")
    assert hand(game, 1) == []
    assert not game.over and game.to_play == 2   # Cy still has a first turn
    allowed(game, "6-2@3", "R-FIRST-1")
    assert not game.over
    allowed(game, "end", "R-FIRST-1")
    assert game.over and game.out == 1 and not game.blocked
    assert game.round_scores == [[2, 0, 10]]


def test_R_FIRST_1_no_mexican_train_during_train_building_turns() -> None:
    game = position(rules=TB, hands=[["6-5", "2-0"], ["6-3", "3-1"], ["6-2", "1-1", "4-4"]],
                    first_turns_done=[1], turns_played=1, to_play=2)
    refused(game, "6-3@M", "R-FIRST-1", "Ben", "the Mexican train")
    assert all(m.train != MEXICAN for m in game.legal_moves)


def test_R_FIRST_1_every_preset_deals_a_playable_first_turn() -> None:
    for name in ("standard", "train-building"):
        game = Game.new(3, set=9, rules=name, seed=2)
        assert len(game.legal_moves) >= 1
