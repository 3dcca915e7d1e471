"""End of a round and scoring: R-END-1, R-END-2, R-SCORE-1 … R-SCORE-4."""

from __future__ import annotations

import pytest
from enginekit import allowed, legal, position, refused

from mtlearn import Game, PositionError, Rules, Tile

# A blocked double-6 position (found by a bot game, then written out by hand): every 5
# and every 6 is on the table, the Mexican train is not started (it needs a 6) and both
# personal trains end in 5. Nobody holds a 5 or a 6, and the boneyard is empty.
BLOCKED = dict(
    players=["Ana", "Ben"],
    trains={"1": ["6-3", "3-5", "5-1", "1-1", "1-6", "6-4", "4-5"],
            "2": ["6-0", "0-5", "5-5", "5-2", "2-6", "6-5"]},
    hands=[["0-0", "2-2", "3-3", "3-2", "4-4", "4-2", "4-0", "4-3"],
           ["1-0", "3-1", "4-1", "3-0", "2-1", "2-0"]],
)


# ---------------------------------------------------------------- R-END-1
def test_R_END_1_playing_the_last_tile_ends_the_round() -> None:
    game = position(hands=[["5-3"], ["6-1", "1-1"], ["6-2", "2-2", "0-0"]],
                    trains={"1": ["6-5"]})
    allowed(game, "5-3@1", "R-TRAIN-2", "Ana")
    assert game.over and game.is_round_over and game.out == 0 and not game.blocked
    assert game.to_play is None and legal(game) == []
    v = refused(game, "6-1@2", "R-END-1", "Ana went out", "round is over")
    assert "next round" in v.reason
    refused(game, "draw", "R-END-1")
    assert game.round_scores == [[0, 9, 62]]        # 6-2, 2-2 and 0-0 (50)
    text = str(game)
    assert "round over: Ana went out" in text
    assert "to play" not in text.splitlines()[0]


def test_R_END_1_a_position_with_an_empty_hand_is_already_over() -> None:
    with pytest.raises(PositionError) as info:
        position(hands=[[], ["6-1"], ["6-2"]])
    assert info.value.where == "hands[0]" and "R-END-1" in str(info.value)


# ---------------------------------------------------------------- R-END-2
def test_R_END_2_a_full_cycle_of_passes_with_an_empty_boneyard_blocks_the_round() -> None:
    game = position(**BLOCKED)
    assert game.boneyard == []
    assert legal(game) == ["pass"]
    allowed(game, "pass", "R-TURN-4", "Ana")      # marks Ana's train
    assert not game.over
    allowed(game, "pass", "R-TURN-4", "Ben")      # everyone has passed: nobody can play
    assert game.over and game.blocked and game.out is None
    assert game.round_scores == [[90, 18]]
    assert "round over: blocked" in str(game)
    refused(game, "pass", "R-END-1", "blocked")


def test_R_END_2_with_markers_already_out_one_cycle_is_enough() -> None:
    game = position(markers=[1, 2], **BLOCKED)
    game.push("pass")
    assert not game.over
    game.push("pass")
    assert game.over and game.blocked


def test_R_END_2_a_play_resets_the_cycle() -> None:
    trains = dict(BLOCKED["trains"])
    hands = [list(BLOCKED["hands"][0]), ["1-0", "3-1", "4-1", "3-0", "2-1", "2-0"]]
    trains["2"] = ["6-0", "0-5", "5-5", "5-2", "2-6"]       # Ben's end is 6, 6-5 in his hand
    hands[1].append("6-5")
    game = position(players=["Ana", "Ben"], trains=trains, hands=hands, markers=[1, 2])
    game.push("pass")                                      # Ana: nothing
    game.push("6-5@2")                                     # Ben plays: a new cycle …
    assert not game.over and not game.train(1).marker      # … and lifts his marker
    game.push("pass")
    assert not game.over
    game.push("pass")                                      # a full cycle since the play
    assert game.over and game.blocked


# ---------------------------------------------------------------- R-SCORE-1
def test_R_SCORE_1_the_player_who_went_out_scores_0_the_others_their_pips() -> None:
    game = position(hands=[["5-3"], ["6-1", "4-3"], ["6-2", "2-2"]], trains={"1": ["6-5"]})
    assert [game.pips(s) for s in range(3)] == [8, 14, 12]
    game.push("5-3@1")
    assert game.round_scores == [[0, 14, 12]]
    assert game.totals == [0, 14, 12]
    assert game.returns() == [0, -14, -12]


# ---------------------------------------------------------------- R-SCORE-2
def test_R_SCORE_2_the_double_blank_counts_50() -> None:
    game = position(hands=[["5-3"], ["0-0", "1-0"], ["6-0", "2-0"]], trains={"1": ["6-5"]})
    assert game.pips(1) == 51 and game.pips(2) == 8
    assert Rules().tile_value(0, 0) == 50 and Tile(0, 0).pips == 0
    assert Rules().tile_value(6, 0) == 6
    game.push("5-3@1")
    assert game.round_scores == [[0, 51, 8]]


# ---------------------------------------------------------------- R-SCORE-3
def test_R_SCORE_3_scores_add_up_and_the_lowest_total_wins() -> None:
    game = position(rules={"rounds": 3}, round=3, to_play=1, scores=[[10, 0, 30], [5, 20, 0]],
                    hands=[["5-3"], ["2-1"], ["3-3"]], trains={"1": ["4-5"]})
    assert game.engine == 4 and game.rounds == 3
    assert game.totals == [15, 20, 30]
    game.push("5-3@1")
    assert game.is_match_over
    assert game.round_scores == [[10, 0, 30], [5, 20, 0], [0, 3, 6]]
    assert game.totals == [15, 23, 36]
    assert game.standings() == [(1, 0, 15), (2, 1, 23), (3, 2, 36)]
    assert game.winners == [0]
    assert "Scores: Ana 15, Ben 23, Cy 36" in str(game)


# ---------------------------------------------------------------- R-SCORE-4
def _finished(scores: list[list[int]], **rules: object) -> Game:
    """A match with len(scores) finished rounds of the given scores, its next round just
    dealt (a finished round's scores must be the pips left in hand, so the score table
    is given as the rounds before the one in play)."""
    k = len(scores)
    return position(players=["Ana", "Ben", "Cy"][: len(scores[0])],
                    rules={"rounds": k + 1, **rules}, round=k + 1, scores=scores,
                    hands=[["1-0"], ["2-0"], ["4-0"]][: len(scores[0])])


def test_R_SCORE_4_a_tie_goes_to_more_zero_rounds() -> None:
    game = _finished([[0, 5], [0, 5], [15, 5]])
    assert game.round_scores == [[0, 5], [0, 5], [15, 5]]
    assert game.totals == [15, 15]
    assert game.standings() == [(1, 0, 15), (2, 1, 15)]
    assert game.winners == [0]


def test_R_SCORE_4_then_the_lowest_non_zero_round_score() -> None:
    game = _finished([[0, 0], [3, 7], [12, 8]])
    assert game.totals == [15, 15]
    assert game.winners == [0]
    game = _finished([[0, 0], [9, 7], [6, 8]])
    assert game.winners == [0]                     # 6 < 7
    game = _finished([[0, 0], [9, 7], [6, 8]][::-1])
    assert game.winners == [0]


def test_R_SCORE_4_players_still_level_share_the_place() -> None:
    game = _finished([[0, 5, 1], [5, 0, 20], [10, 10, 0]])
    assert game.totals == [15, 15, 21]
    assert game.standings() == [(1, 0, 15), (1, 1, 15), (3, 2, 21)]
    assert game.winners == [0, 1]


def test_R_FIRST_1_first_player_out_in_turn_order_during_train_building() -> None:
    from mtlearn import Game

    game = Game.from_position({
        "set": 12, "players": ["Ana", "Ben", "Cy"], "rules": {"preset": "train-building"},
        "starter": 3, "to_play": 3,
        "hands": [["12-2"], ["12-3", "5-6"], ["12-1"]],
    })
    game.push("12-1@3")          # Cy empties her hand first
    assert not game.over
    game.push("12-2@1")          # then Ana
    assert not game.over         # the round waits for Ben's first turn
    game.push("12-3@2")
    game.push("end")
    assert game.over and game.out == 2      # Cy went out first, in turn order
    assert game.round_scores == [[0, 11, 0]]
