"""Impossible positions and saved games are refused with the field named; bad values raise
the project's errors (PositionError, GameFileError, RulesError), never a raw Python one."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mtlearn import Game, GameFileError, PositionError, RandomBot, RulesError, play_round

BASE: dict[str, Any] = {"set": 6, "players": ["Ana", "Ben", "Cy"],
                        "hands": [["6-5", "5-4"], ["6-1", "1-1"], ["6-2", "2-0"]]}


def refused(where: str, words: str, **fields: Any) -> PositionError:
    with pytest.raises(PositionError) as info:
        Game.from_position({**BASE, **fields})
    assert info.value.where == where, str(info.value)
    assert words in str(info.value)
    assert str(info.value).startswith(f"{where}: ")
    return info.value


# ---------------------------------------------------------------- impossible positions
def test_a_train_ending_in_an_uncovered_double_must_be_listed() -> None:
    refused("open_doubles", "Ben's train ends in the double 3-3, which nothing covers: list "
            "'2' in open_doubles (R-DBL-3)", trains={"2": ["6-3", "3-3"]})
    # listed, it is fine; a double inside a train is covered
    Game.from_position({**BASE, "trains": {"2": ["6-3", "3-3"]}, "open_doubles": ["2"]})
    Game.from_position({**BASE, "trains": {"2": ["6-3", "3-3", "3-4"]}})


def test_a_train_building_turn_may_end_in_a_double_for_now() -> None:
    # R-FIRST-1: the double at the end of a first-turn chain counts when the turn ends
    Game.from_position({**BASE, "rules": {"preset": "train-building"},
                        "trains": {"1": ["6-3", "3-3"]}, "turn": {"played": 2}})
    refused("open_doubles", "Ben's train ends in the double 3-3",
            rules={"preset": "train-building"}, trains={"2": ["6-3", "3-3"]},
            turn={"played": 2})


def test_turn_doubles_must_name_trains_with_doubles() -> None:
    refused("turn.doubles[0]", "Ben's train holds no double", trains={"2": ["6-3"]},
            turn={"doubles": ["2"], "bonus": True, "played": 1})
    refused("turn.doubles[0]", "the Mexican train holds no double",
            turn={"doubles": ["M"], "bonus": True, "played": 1})
    refused("turn.doubles", "must be a list of trains", turn={"doubles": "2"})


@pytest.mark.parametrize("played, words", [(-5, "not -5"), (None, "not None"), ("2", "not '2'"),
                                           (1.5, "not 1.5"), (True, "not True")])
def test_turn_played_is_a_whole_number(played: Any, words: str) -> None:
    refused("turn.played", "must be a whole number of tiles, " + words, turn={"played": played})


def test_turn_flags_are_true_or_false() -> None:
    refused("turn.bonus", "must be true or false, not 'no'", turn={"bonus": "no"})
    refused("turn.bonus", "follows a double laid this turn", turn={"bonus": True, "played": 1})
    refused("turn.played", "at least 1", trains={"1": ["6-3", "3-3"]}, open_doubles=["1"],
            turn={"bonus": True, "doubles": ["1"], "played": 0})


def test_finished_rounds_must_agree_with_the_hands() -> None:
    hands = [[], ["6-1", "1-1"], ["6-2", "2-0"]]
    ok = Game.from_position({**BASE, "hands": hands, "scores": [[0, 9, 10]],
                             "result": {"out": 1}})
    assert ok.over and ok.out == 0
    refused("scores[0]", "must be the pips left in each hand, [0, 9, 10] (R-SCORE-1)",
            hands=hands, scores=[[0, 1, 2]], result={"out": 1})
    refused("result.out", "Ben went out but still holds 2 tiles (R-END-1)",
            hands=hands, scores=[[0, 9, 10]], result={"out": 2})
    refused("result.blocked", "either with a player out or blocked", hands=hands,
            scores=[[0, 9, 8]], result={"out": 1, "blocked": True})
    refused("result.blocked", "only when the boneyard is empty (R-END-2)",
            scores=[[11, 9, 8]], result={"out": None})
    refused("result.blocked", "must be true or false", hands=hands, scores=[[0, 9, 10]],
            result={"out": 1, "blocked": "yes"})
    refused("result.winner", "unknown field", hands=hands, scores=[[0, 9, 10]],
            result={"winner": 1})


@pytest.mark.parametrize("seed", [1.5, [1], {"a": 1}, True, 10**60, "x" * 300])
def test_seeds_are_whole_numbers_or_texts(seed: Any) -> None:
    with pytest.raises(RulesError):
        Game.new(2, seed=seed)
    refused("seed", "seed", seed=seed)


def test_a_text_seed_saves_and_loads() -> None:
    game = Game.new(2, set=6, seed="class 3B")
    play_round(game, RandomBot(1))
    assert Game.from_json(game.to_json()).to_position() == game.to_position()


@pytest.mark.parametrize("fields, where", [
    ({"set": 12.0}, "set"), ({"set": True}, "set"), ({"set": "12"}, "set"),
    ({"rules": [1]}, "rules"), ({"rules": {"preset": []}}, "rules"), ({"rules": {1: 2}}, "rules"),
    ({"rules": 5}, "rules"), ({"rounds": "x"}, "rounds"), ({"round": 10**80}, "round"),
    ({"trains": {"1": ["6|3"], "2": ["6:4"]}, "to_play": 4}, "to_play"),
    ({"trains": {10**5000: []}}, "trains[<int>]"), ({"trains": {"²": []}}, "trains['²']"),
    ({"trains": {"1": ["6-3"], 1: ["6-4"]}}, "trains[1]"), ({"hands": "x"}, "hands"),
    ({"boneyard": {"rest": []}}, "boneyard.rest"), ({"boneyard": {"top": [7]}}, "boneyard.top[0]"),
    ({"turn": {"drawn": ["6-5"]}}, "turn.drawn"), ({"turn": {"drawn": "9-9"}}, "turn.drawn"),
    ({"engine": [6]}, "engine"), ({"version": 2}, "version"), ({"players": ["a"] * 19}, "players"),
    ({"notes": [1]}, "notes"), ({"passes": -1}, "passes"), ({"turn": []}, "turn"),
    ({"turn": {1: 2}}, "turn.1"),
])
def test_odd_values_are_position_errors(fields: dict[str, Any], where: str) -> None:
    with pytest.raises(PositionError) as info:
        Game.from_position({**BASE, **fields})
    got = info.value.where
    if where == "trains[<int>]":
        assert got.startswith("trains[") and len(got) < 60, got
    else:
        assert got == where, str(info.value)


def test_tiles_written_with_a_bar_or_a_colon_are_read() -> None:
    game = Game.from_position({**BASE, "trains": {"1": ["6|3"], "2": ["6:4"]}})
    assert game.train(0).open_end == 3 and game.train(1).open_end == 4


# ---------------------------------------------------------------- saved games
def _saved(rounds: int = 2) -> dict[str, Any]:
    game = Game.new(3, set=6, seed=5)
    for _ in range(rounds - 1):
        play_round(game, RandomBot(5))
        game.next_round()
    game.push(RandomBot(5).choose(game))
    return json.loads(game.to_json())


def _error(data: Any) -> GameFileError:
    with pytest.raises(GameFileError) as info:
        Game.from_json(data if isinstance(data, str) else json.dumps(data), source="s.json")
    return info.value


@pytest.mark.parametrize("field, value", [("players", ["Ana", "Ben", "Zed"]),
                                           ("rules", {"preset": "house"}), ("seed", 6)])
def test_a_saved_match_keeps_players_rules_and_seed(field: str, value: Any) -> None:
    data = _saved()
    data["rounds"][1]["start"][field] = value
    e = _error(data)
    assert e.where in (f"rounds[1].start.{field}", "rounds[1].start"), str(e)


def test_a_later_round_starts_from_the_seeded_deal() -> None:
    data = _saved()
    start = data["rounds"][1]["start"]
    start["hands"][0], start["hands"][1] = start["hands"][1], start["hands"][0]
    e = _error(data)
    assert e.where == "rounds[1].start"
    assert "does not start from the deal that the match's seed gives it" in str(e)


def test_round_numbers_follow() -> None:
    data = _saved(3)
    del data["rounds"][1]                       # round 1, then round 3
    e = _error(data)
    assert e.where == "rounds[1].start.round"
    assert "round 1 is followed by round 2, not 3" in str(e)


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000, "nested too deeply"), ('{"format": 1e999999}', "not an mtlearn saved game"),
    ("9" * 5000, "not valid JSON"), ("", "not valid JSON"),
])
def test_unreadable_json(text: str, words: str) -> None:
    assert words in str(_error(text))


def test_moves_must_be_text() -> None:
    data = _saved()
    data["rounds"][1]["moves"] = [5]
    e = _error(data)
    assert e.where == "rounds[1].moves[0]" and "a move is text" in e.problem
    with pytest.raises(GameFileError):
        Game.from_json(b"\xff\xfe")  # type: ignore[arg-type]
    with pytest.raises(GameFileError):
        Game.from_json(None)  # type: ignore[arg-type]


def test_game_file_error_fields() -> None:
    data = _saved()
    data["rounds"][0]["start"]["hands"][0] = ["99-1"]
    e = _error(data)
    assert (e.source, e.where) == ("s.json", "rounds[0].start.hands[0][0]")
    assert str(e) == f"s.json: rounds[0].start.hands[0][0]: {e.problem}"
