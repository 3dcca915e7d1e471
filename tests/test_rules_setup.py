"""Equipment and setup of a round: R-SET-4, R-DEAL-1, R-DEAL-2, R-ROUND-1, R-ROUND-2."""

from __future__ import annotations

import re

import pytest

from mtlearn import (
    Game,
    GreedyBot,
    IllegalMoveError,
    RandomBot,
    Rules,
    RulesError,
    Tile,
    full_set,
    hand_size,
    play_round,
    set_size,
    usual_set,
)
from mtlearn.core.rules import max_players


# ---------------------------------------------------------------- R-SET-4
@pytest.mark.parametrize(("players", "n"), [(2, 12), (4, 12), (8, 12), (9, 15), (12, 15),
                                            (13, 18), (18, 18)])
def test_R_SET_4_usual_set_for_the_table_size(players: int, n: int) -> None:
    assert usual_set(players) == n
    game = Game.new(players, seed=1)
    assert game.set_max == n
    assert game.engine == n


def test_R_SET_4_smaller_sets_can_be_chosen() -> None:
    assert Game.new(2, set=6, seed=1).set_max == 6
    assert Game.new(4, set=9, seed=1).set_max == 9
    with pytest.raises(RulesError, match="at least 2 players"):
        usual_set(1)


# ---------------------------------------------------------------- R-DEAL-1
def test_R_DEAL_1_each_player_draws_a_hand_and_the_rest_is_the_boneyard() -> None:
    game = Game.new(4, set=12, seed=7)
    assert [len(game.hand(s)) for s in range(4)] == [15, 15, 15, 15]
    engine = Tile(12, 12)
    everything = [t for s in range(4) for t in game.hand(s)] + game.boneyard
    assert engine not in everything              # the engine is in the hub (R-ROUND-2)
    assert sorted([*everything, engine]) == sorted(full_set(12))
    assert len(game.boneyard) == 91 - 1 - 60
    assert all(not game.train(k).started for k in game.train_keys())
    assert game.history == [] and game.to_play == 0 and not game.over


def test_R_DEAL_1_the_shuffle_is_reproducible_from_the_seed() -> None:
    a, b, c = Game.new(3, set=9, seed=5), Game.new(3, set=9, seed=5), Game.new(3, set=9, seed=6)
    assert a.to_position() == b.to_position()
    assert [a.hand(s) for s in range(3)] != [c.hand(s) for s in range(3)]
    assert a.boneyard != c.boneyard
    named = Game.new(["Zoe", "Yan"], seed="abc")
    assert named.players == ["Zoe", "Yan"] and named.seed == "abc"


def test_R_DEAL_1_drawing_takes_the_next_tile_of_the_boneyard() -> None:
    game = Game.new(4, set=12, seed=11)
    while game.explain("draw").legal is False:
        game.push(next(m for m in game.legal_moves if m.kind == "play"))
    top = game.boneyard[0]
    seat = game.to_play
    game.push("draw")
    assert game.hand(seat)[-1] is top


# ---------------------------------------------------------------- R-DEAL-2
STANDARD_TABLE = {  # set: {players: hand size}, RULES.md R-DEAL-2 standard plus the engine's
    12: {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8},
    9: {2: 15, 3: 13, 4: 10, 5: 8, 6: 6},
    6: {2: 7, 3: 5, 4: 5},
    15: {2: 15, 4: 15, 5: 12, 8: 12, 9: 11, 12: 11},
    18: {2: 15, 8: 15, 9: 12, 12: 12, 13: 10, 16: 10, 17: 9, 18: 9},
}


@pytest.mark.parametrize(("n", "players", "size"),
                         [(n, p, s) for n, row in STANDARD_TABLE.items() for p, s in row.items()])
def test_R_DEAL_2_standard_hand_sizes(n: int, players: int, size: int) -> None:
    assert hand_size(Rules(), n, players) == size
    game = Game.new(players, set=n, seed=3)
    assert all(len(game.hand(s)) == size for s in range(players))
    assert len(game.boneyard) == set_size(n) - 1 - players * size >= 0


@pytest.mark.parametrize(("n", "players", "size"), [
    (12, 2, 16), (12, 3, 16), (12, 4, 15), (12, 5, 14), (12, 6, 12), (12, 7, 10), (12, 8, 9),
    (9, 2, 15), (9, 3, 13), (9, 4, 10)])
def test_R_DEAL_2_table_b_hand_sizes(n: int, players: int, size: int) -> None:
    assert hand_size(Rules(deal="table-b"), n, players) == size


@pytest.mark.parametrize(("n", "players", "size"), [
    (9, 2, 8), (9, 3, 8), (12, 4, 12), (12, 5, 12), (12, 6, 12), (15, 9, 11), (15, 12, 11)])
def test_R_DEAL_2_small_sets_hand_sizes(n: int, players: int, size: int) -> None:
    assert hand_size(Rules(deal="small-sets"), n, players) == size


def test_R_DEAL_2_tables_fall_back_to_the_standard_table() -> None:
    # table-b has no double-6 row; small-sets has no double-12 row for 2 players
    assert hand_size(Rules(deal="table-b"), 6, 2) == 7
    assert hand_size(Rules(deal="small-sets"), 12, 2) == 15


def test_R_DEAL_2_a_negative_boneyard_is_a_clear_error() -> None:
    with pytest.raises(RulesError) as info:
        hand_size(Rules(hand_size=14), 6, 2)
    message = str(info.value)
    assert "negative" in message and "28 tiles" in message and "27" in message
    assert "R-DEAL-2" in message
    with pytest.raises(RulesError, match="negative"):
        Game.new(2, set=6, rules=Rules(hand_size=14), seed=1)
    # with the engine dealt (holder), all 28 tiles can be dealt: boneyard 0
    assert hand_size(Rules(hand_size=14, engine="holder"), 6, 2) == 14


def test_R_DEAL_2_tables_without_a_row_for_the_table_are_errors() -> None:
    with pytest.raises(RulesError, match=re.escape("not dealt to 5 players (at most 4)")):
        hand_size(Rules(), 6, 5)
    with pytest.raises(RulesError, match="at least 2 players"):
        hand_size(Rules(), 12, 1)
    with pytest.raises(RulesError, match="no double-7 set"):
        hand_size(Rules(), 7, 2)
    with pytest.raises(RulesError):
        Game.new(5, set=6, seed=1)
    assert [max_players(n) for n in (6, 9, 12, 15, 18)] == [4, 6, 10, 12, 18]


# ---------------------------------------------------------------- R-ROUND-1
def test_R_ROUND_1_engines_go_from_N_down_to_0_over_a_match() -> None:
    game = Game.new(3, set=6, seed=4)
    assert game.rounds == 7
    engines = []
    while True:
        engines.append(game.engine)
        assert game.to_position()["engine"] == game.engine
        assert Tile(game.engine, game.engine) not in [t for s in range(3) for t in game.hand(s)]
        play_round(game, GreedyBot())
        if game.is_match_over:
            break
        with pytest.raises(IllegalMoveError):
            game.push("draw")
        game.next_round()
        assert len(game.round_scores) == game.round_no - 1
    assert engines == [6, 5, 4, 3, 2, 1, 0]
    assert game.round_no == 7 and len(game.round_scores) == 7
    with pytest.raises(IllegalMoveError) as info:
        game.next_round()
    assert info.value.rule == "R-ROUND-1"


def test_R_ROUND_1_a_double_12_match_has_13_rounds() -> None:
    game = Game.new(4, seed=1)
    assert game.rounds == 13 and game.round_no == 1 and game.engine == 12
    assert "Round 1 of 13" in str(game)


def test_R_ROUND_1_next_round_only_after_the_round_ends() -> None:
    game = Game.new(2, set=6, seed=1)
    with pytest.raises(IllegalMoveError) as info:
        game.next_round()
    assert info.value.rule == "R-END-1"


# ---------------------------------------------------------------- R-ROUND-2
def test_R_ROUND_2_standard_engine_in_the_hub_and_starting_seat_moves_clockwise() -> None:
    game = Game.new(3, set=6, seed=9)
    starters = []
    for _ in range(5):
        assert game.train(0).open_end == game.engine   # the hub holds the engine
        starters.append(game.to_play)
        assert game.to_position()["starter"] == game.to_play + 1
        play_round(game, RandomBot(game.round_no))
        game.next_round()
    assert starters == [0, 1, 2, 0, 1]


def _holder_draws(game: Game) -> int:
    for note in game.notes:
        m = re.match(r"Nobody held .*: players drew in turn \((\d+) tiles\)", note)
        if m:
            return int(m.group(1))
    return 0


def test_R_ROUND_2_holder_starts_and_places_the_engine() -> None:
    kinds = set()
    for seed in range(30):
        game = Game.new(2, set=12, rules={"engine": "holder"}, seed=seed)
        engine = Tile(12, 12)
        assert all(engine not in game.hand(s) for s in range(2))
        holder = game.to_play
        assert game.starter == holder
        drawn = _holder_draws(game)
        assert f"{game.players[holder]} held 12-12, placed it in the hub and plays first " \
               f"(R-ROUND-2)." in game.notes
        sizes = [15, 15]
        if drawn:
            # players drew in turn from seat 1 (round 1's first seat) until it appeared
            for k in range(drawn):
                sizes[k % 2] += 1
            assert holder == (drawn - 1) % 2
            kinds.add("drawn")
        else:
            kinds.add("dealt")
        sizes[holder] -= 1
        assert [len(game.hand(s)) for s in range(2)] == sizes
        assert len(game.boneyard) == 91 - 30 - drawn
        assert all(not game.train(k).started for k in game.train_keys())
    assert kinds == {"drawn", "dealt"}, "seeds 0-29 cover both cases"


def test_R_ROUND_2_holder_draws_start_from_the_rounds_first_seat() -> None:
    # in round 2 of a 3-player match the drawing starts at seat 2
    found = False
    for seed in range(40):
        game = Game.new(3, set=6, rules={"engine": "holder", "hand_size": 4}, seed=seed)
        play_round(game, RandomBot(seed))
        game.next_round()
        drawn = _holder_draws(game)
        if drawn:
            found = True
            assert game.to_play == (1 + drawn - 1) % 3
            assert game.engine == 5
    assert found


def test_R_DEAL_1_player_names_and_counts_are_checked() -> None:
    assert Game.new(3, seed=1).players == ["Ana", "Ben", "Cy"]
    with pytest.raises(RulesError, match="at least 2 players"):
        Game.new(1)
    with pytest.raises(RulesError, match="at least 2 players"):
        Game.new(["Solo"])
    with pytest.raises(RulesError, match="at most 18 players"):
        Game.new(19)
    with pytest.raises(RulesError, match="same name"):
        Game.new(["Ana", "Ana"])
    with pytest.raises(RulesError, match="non-empty string"):
        Game.new(["Ana", " "])
    with pytest.raises(RulesError, match="no double-7 set"):
        Game.new(2, set=7)


def test_R_ROUND_1_the_next_round_offers_the_new_deals_moves() -> None:
    # regression: the legal-move cache of the finished round must not survive the new deal
    game = Game.new(2, set=6, rules="answer-double", seed=0)
    play_round(game, RandomBot(1))
    assert list(game.legal_moves) == []
    game.next_round()
    fresh = Game.from_position(game.to_position())
    assert [str(m) for m in game.legal_moves] == [str(m) for m in fresh.legal_moves]
    assert len(game.legal_moves) > 0
