"""One tile left: R-LAST-1 (the announcement) and R-LAST-2 (the penalty)."""

from __future__ import annotations

from enginekit import allowed, hand, legal, position, refused, rest

ANNOUNCE = {"last_tile": "announce"}
PENALTY = {"last_tile": "penalty"}
HANDS = [["6-5", "4-4"], ["6-1", "1-1", "2-1"], ["6-2", "2-2", "3-0"]]


# ---------------------------------------------------------------- R-LAST-1
def test_R_LAST_1_a_player_down_to_one_tile_says_so() -> None:
    game = position(rules=ANNOUNCE, hands=HANDS)
    assert "uno" in legal(game)                   # two tiles: about to be down to one
    allowed(game, "uno", "R-LAST-1", "Ana", "announces")
    assert game.to_play == 0                      # announcing is not the turn's play
    assert game.to_position()["announced"] == [1]
    refused(game, "uno", "R-LAST-1", "Ana", "already announced")
    game.push("6-5@1")
    assert hand(game, 0) == ["4-4"]
    assert game.notes == []


def test_R_LAST_1_only_for_the_last_tile() -> None:
    game = position(rules=ANNOUNCE, hands=HANDS, to_play=2)
    refused(game, "uno", "R-LAST-1", "Ben", "3 tiles")
    assert "uno" not in legal(game)


def test_R_LAST_1_drawing_cancels_an_announcement() -> None:
    game = position(rules=ANNOUNCE, hands=[["3-1"], ["6-1", "1-1"], ["6-2", "2-2"]],
                    trains={"1": ["6-5"], "2": ["6-4"], "M": ["6-0"]}, announced=[1],
                    boneyard={"top": ["2-0"]})
    game.push("draw")
    assert game.to_position()["announced"] == []
    assert "uno" in legal(game)


def test_R_LAST_1_no_announcement_move_in_the_standard_game() -> None:
    game = position(hands=HANDS)
    refused(game, "uno", "R-LAST-1", "last_tile")
    assert "uno" not in legal(game)


# ---------------------------------------------------------------- R-LAST-2
def test_R_LAST_2_penalty_two_tiles_if_not_said_before_the_next_turn_ends() -> None:
    game = position(rules=PENALTY, hands=HANDS, boneyard={"top": ["0-0", "1-0", "5-5"]})
    game.push("6-5@1")                            # down to one tile, not announced
    assert hand(game, 0) == ["4-4"]
    assert game.to_position()["penalty_pending"] == 1
    game.push("6-1@2")                            # Ben completes a turn
    assert hand(game, 0) == ["4-4", "0-0", "1-0"]
    assert [str(t) for t in game.boneyard[:1]] == ["5-5"]
    assert game.notes == ["Ana did not announce the last tile before Ben finished a turn, "
                          "and draws 2 (R-LAST-2)."]
    assert game.to_position()["penalty_pending"] is None


def test_R_LAST_2_announcing_in_time_avoids_the_penalty() -> None:
    game = position(rules=PENALTY, hands=HANDS, boneyard={"top": ["0-0", "1-0", "5-5"]})
    game.push("uno")
    game.push("6-5@1")
    game.push("6-1@2")
    assert hand(game, 0) == ["4-4"]
    assert game.notes == []


def test_R_LAST_2_fewer_tiles_if_the_boneyard_has_fewer() -> None:
    ana = ["6-5", "4-4"]
    ben = rest(6, ana, "6-6", "0-0")             # the boneyard is just 0-0
    game = position(players=["Ana", "Ben"], rules=PENALTY, hands=[ana, ben])
    assert [str(t) for t in game.boneyard] == ["0-0"]
    game.push("6-5@1")
    game.push("6-4@2")
    assert hand(game, 0) == ["4-4", "0-0"]
    assert game.boneyard == []
    assert game.notes == ["Ana did not announce the last tile before Ben finished a turn, "
                          "and draws 1 (R-LAST-2)."]


def test_R_LAST_2_no_penalty_with_the_announce_option() -> None:
    game = position(rules=ANNOUNCE, hands=HANDS)
    game.push("6-5@1")
    game.push("6-1@2")
    assert hand(game, 0) == ["4-4"] and game.notes == []
