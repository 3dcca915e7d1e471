"""Positions, save/load, undo, copies and the text rendering."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from enginekit import PLAYERS, hand, legal, position, rest, train

from mtlearn import (
    Game,
    GameFileError,
    GreedyBot,
    Move,
    PositionError,
    RandomBot,
    Tile,
    play_round,
)
from mtlearn.present.text import render

BASE: dict[str, Any] = {"set": 6, "players": list(PLAYERS),
                        "hands": [["6-5", "5-4"], ["6-1", "1-1"], ["6-2", "2-0"]]}


def bad(where: str, *words: str, **fields: Any) -> PositionError:
    """Build a position from BASE with ``fields`` changed; expect a PositionError at ``where``."""
    data = {**BASE, **fields}
    data = {k: v for k, v in data.items() if v is not DROP}
    with pytest.raises(PositionError) as info:
        Game.from_position(data)
    err = info.value
    assert err.where == where, str(err)
    assert str(err).startswith(f"{where}: ") if where else True
    for w in words:
        assert w in str(err), str(err)
    assert isinstance(err, ValueError)
    return err


DROP = object()


# ---------------------------------------------------------------- reading positions
def test_position_defaults() -> None:
    game = Game.from_position(BASE)
    assert game.set_max == 6 and game.engine == 6 and game.round_no == 1
    assert game.players == PLAYERS and game.to_play == 0
    assert [hand(game, s) for s in range(3)] == BASE["hands"]
    # the rest of the set is the boneyard, sorted
    assert [str(t) for t in game.boneyard[:3]] == ["0-0", "1-0", "2-1"]
    assert len(game.boneyard) == 28 - 1 - 6
    assert game.rules.name == "standard"
    assert game.history == [] and game.round_scores == []


def test_position_boneyard_forms() -> None:
    g = position(hands=BASE["hands"], boneyard={"top": ["4-4", "0-0"], "rest": "sorted"})
    assert [str(t) for t in g.boneyard[:3]] == ["4-4", "0-0", "1-0"]
    s1 = position(hands=BASE["hands"], boneyard={"rest": "shuffled"}, seed=3)
    s2 = position(hands=BASE["hands"], boneyard={"rest": "shuffled"}, seed=3)
    assert s1.boneyard == s2.boneyard and sorted(s1.boneyard) == sorted(g.boneyard)
    listed = [str(t) for t in reversed(g.boneyard)]
    assert position(hands=BASE["hands"], boneyard=listed).boneyard == g.boneyard[::-1]
    ana = ["6-5"]
    assert position(players=["Ana", "Ben"], hands=[ana, rest(6, ana, "6-6")],
                    boneyard={"rest": "none"}).boneyard == []


def test_position_round_trip_mid_turn() -> None:
    game = position(hands=[["5-5", "3-0"], ["6-4"], ["6-3"]], trains={"1": ["6-5"]},
                    boneyard={"top": ["2-1"]}, rules={"last_tile": "announce"})
    for move in ["5-5@1", "draw"]:
        game.push(move)
        pos = game.to_position()
        again = Game.from_position(pos)
        assert again.to_position() == pos
        assert legal(again) == legal(game)
        assert json.loads(json.dumps(pos)) == pos
    assert game.to_position()["turn"]["drawn"] == "2-1"
    assert game.to_position()["turn"]["bonus"] is True


@pytest.mark.parametrize(("where", "words", "fields"), [
    ("set", ["missing"], {"set": DROP}),
    ("set", ["7"], {"set": 7}),
    ("players", ["list of names"], {"players": "Ana, Ben"}),
    ("players", ["same name"], {"players": ["Ana", "Ana", "Cy"]}),
    ("players", ["at least 2"], {"players": ["Ana"], "hands": [["6-5"]]}),
    ("rules", ["'nope'"], {"rules": "nope"}),
    ("rules", ["'colour'"], {"rules": {"colour": "red"}}),
    ("round", ["1 to 7"], {"round": 8}),
    ("round", ["1 to 7"], {"round": 0}),
    ("engine", ["R-ROUND-1", "6-6"], {"engine": 5}),
    ("hands", ["missing"], {"hands": DROP}),
    ("hands", ["3 hands"], {"hands": [["6-5"], ["6-1"]]}),
    ("hands[1]", ["list of tiles"], {"hands": [["6-5"], "6-1", ["6-2"]]}),
    ("hands[0][1]", ["not a tile"], {"hands": [["6-5", "five"], ["6-1"], ["6-2"]]}),
    ("hands[0][0]", ["7-1", "not a tile of a double-6 set"],
     {"hands": [["7-1"], ["6-1"], ["6-2"]]}),
    ("hands[1][0]", ["already in hands[0][0]", "exactly one place"],
     {"hands": [["6-5"], ["5-6"], ["6-2"]]}),
    ("hands[2][0]", ["the hub (engine)"], {"hands": [["6-5"], ["6-1"], ["6-6"]]}),
    ("hands[0]", ["empty", "R-END-1"], {"hands": [[], ["6-1"], ["6-2"]]}),
    ("trains", ["object"], {"trains": [["6-5"]]}),
    ("trains['4']", ["seat number from 1 to 3"], {"trains": {"4": ["6-3"]}}),
    ("trains['1']", ["list of tiles"], {"trains": {"1": "6-3"}}),
    ("trains['1'][0]", ["engine's number 6", "R-TRAIN-1"], {"trains": {"1": ["4-3"]}}),
    ("trains['M'][0]", ["R-TRAIN-1"], {"trains": {"M": ["4-3"]}}),
    ("trains['1'][1]", ["cannot follow the open end 3", "R-TRAIN-2"],
     {"trains": {"1": ["6-3", "4-0"]}}),
    ("trains['1'][0]", ["inward end first", "'6-3'"], {"trains": {"1": ["3-6"]}}),
    ("trains['2'][0]", ["already in hands[0][0]"], {"trains": {"2": ["6-5"]}}),
    ("boneyard", ["nowhere", "rest"], {"boneyard": ["0-0"]}),
    ("boneyard", ["draw order"], {"boneyard": "sorted"}),
    ("boneyard.top", ["list"], {"boneyard": {"top": "0-0"}}),
    ("boneyard.top[1]", ["already in boneyard.top[0]"], {"boneyard": {"top": ["0-0", "0-0"]}}),
    ("boneyard.rest", ["'sorted', 'shuffled' or 'none'"], {"boneyard": {"rest": "random"}}),
    ("boneyard.rest", ["'none'", "21 tiles"], {"boneyard": {"rest": "none"}}),
    ("boneyard.bottom", ["unknown field"], {"boneyard": {"bottom": []}}),
    ("markers", ["list of seat numbers"], {"markers": 1}),
    ("markers[0]", ["seat number from 1 to 3", "4"], {"markers": [4]}),
    ("markers[0]", ["seat number"], {"markers": [0]}),
    ("open_doubles", ["list of trains"], {"open_doubles": "1"}),
    ("open_doubles[0]", ["does not end with a double", "Ana's train"],
     {"trains": {"1": ["6-3"]}, "open_doubles": ["1"]}),
    ("open_doubles[1]", ["listed twice"],
     {"trains": {"1": ["6-3", "3-3"]}, "open_doubles": ["1", "1"]}),
    ("open_doubles[0]", ["seat number from 1 to 3 or 'M'"], {"open_doubles": ["X"]}),
    ("to_play", ["seat number from 1 to 3", "5"], {"to_play": 5}),
    ("to_play", ["seat number"], {"to_play": "1"}),
    ("starter", ["seat number"], {"starter": 0}),
    ("turns_played", ["whole number"], {"turns_played": -1}),
    ("first_turns_done[0]", ["seat number"], {"first_turns_done": [9]}),
    ("turn", ["object"], {"turn": "bonus"}),
    ("turn.extra", ["unknown field"], {"turn": {"extra": 1}}),
    ("turn.drawn", ["not in the hand of the player to play"], {"turn": {"drawn": "6-1"}}),
    ("turn.drawn", ["not a tile"], {"turn": {"drawn": "x"}}),
    ("passes", ["whole number"], {"passes": -2}),
    ("announced[0]", ["seat number"], {"announced": [7]}),
    ("penalty_pending", ["seat number"], {"penalty_pending": 4}),
    ("scores", ["0 lists"], {"scores": [[1, 2, 3]]}),
    ("scores", ["1 lists"], {"round": 2, "scores": []}),
    ("scores", ["list of rounds"], {"round": 2, "scores": [[1, 2]]}),
    ("scores", ["list of rounds"], {"round": 2, "scores": [[1, 2, -3]]}),
    ("scores", ["finished round 1 needs 1 score lists"], {"result": {"out": 1}}),
    ("result", ["object"], {"result": "Ana"}),
    ("result.out", ["seat number"], {"result": {"out": 9}, "scores": [[0, 1, 2]]}),
    ("notes", ["list of strings"], {"notes": "hello"}),
    ("seed", ["a seed is a whole number or a text, not list"], {"seed": [1]}),
    ("format", ["mtlearn/position"], {"format": "chess"}),
    ("colour", ["unknown field", "hands"], {"colour": "red"}),
])
def test_malformed_positions_name_the_field(where: str, words: list[str],
                                            fields: dict[str, Any]) -> None:
    bad(where, *words, **fields)


def test_a_position_must_be_a_dict() -> None:
    with pytest.raises(PositionError, match="must be an object"):
        Game.from_position(["set", 6])  # type: ignore[arg-type]


# ---------------------------------------------------------------- save and load
def _played(seed: int = 3, rounds: int = 2) -> Game:
    game = Game.new(3, set=6, rules={"last_tile": "announce"}, seed=seed)
    for _ in range(rounds - 1):
        play_round(game, RandomBot(seed))
        game.next_round()
    for _ in range(4):
        game.push(RandomBot(seed).choose(game))
    return game


def test_to_json_from_json_is_identical() -> None:
    game = _played()
    text = game.to_json()
    again = Game.from_json(text)
    assert again.to_json() == text
    assert again.to_position() == game.to_position()
    assert again.history == game.history
    assert again.round_scores == game.round_scores and again.round_no == 2
    # the loaded match continues exactly like the original
    play_round(game, GreedyBot())
    play_round(again, GreedyBot())
    game.next_round()
    again.next_round()
    assert again.to_position() == game.to_position()
    assert json.loads(Game.from_json(game.to_json(indent=None)).to_json()) == \
        json.loads(game.to_json())


def test_save_and_load_a_file(tmp_path: Path) -> None:
    game = _played(seed=8)
    path = tmp_path / "match.json"
    game.save(path)
    loaded = Game.load(path)
    assert loaded.to_json() == game.to_json()
    assert loaded.to_position() == game.to_position()
    assert Game.load(str(path)).history == game.history


def _saved() -> dict[str, Any]:
    return json.loads(_played().to_json())


def _load_error(data: Any, source: str = "my.json") -> str:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(GameFileError) as info:
        Game.from_json(text, source=source)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert message.startswith(f"{source}: ")
    return message


def test_damaged_file_bad_json() -> None:
    message = _load_error('{"format": "mtlearn/game",\n "rounds": [}')
    assert "not valid JSON (line 2, column" in message


def test_damaged_file_wrong_format() -> None:
    assert "not an mtlearn saved game" in _load_error({"format": "mtlearn/position"})
    assert "not an mtlearn saved game" in _load_error([1, 2])


def test_damaged_file_missing_fields() -> None:
    data = _saved()
    del data["rounds"]
    assert "rounds: must be a non-empty list" in _load_error(data)
    data = _saved()
    del data["rounds"][1]["moves"]
    assert "rounds[1]: needs 'start' and 'moves'" in _load_error(data)
    data = _saved()
    del data["rounds"][0]["start"]["hands"]
    assert "rounds[0].start.hands: missing (required)" in _load_error(data)
    data = _saved()
    data["rounds"][0]["moves"] = "draw"
    assert "rounds[0].moves: must be a list of moves" in _load_error(data)


def test_damaged_file_an_illegal_move_inside() -> None:
    data = _saved()
    data["rounds"][1]["moves"][1] = "6-6@M"
    message = _load_error(data)
    assert "rounds[1].moves[1]: '6-6@M'" in message and "(R-" in message
    data = _saved()
    data["rounds"][1]["moves"][0] = "fly"
    assert "rounds[1].moves[0]: 'fly'" in _load_error(data)


def test_damaged_file_rounds_that_do_not_follow() -> None:
    data = _saved()
    data["rounds"][0]["moves"] = data["rounds"][0]["moves"][:-1]
    assert "rounds[0]: the round does not end, yet another follows" in _load_error(data)
    data = _saved()
    data["rounds"][1]["start"]["scores"] = [[0, 0, 0]]
    assert "rounds[1].start.scores" in _load_error(data)


def test_damaged_file_unreadable(tmp_path: Path) -> None:
    with pytest.raises(GameFileError, match="cannot be read"):
        Game.load(tmp_path / "missing.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(GameFileError, match="not a UTF-8 text file"):
        Game.load(binary)
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(GameFileError, match=str(broken).replace("\\", "\\\\")):
        Game.load(broken)


# ---------------------------------------------------------------- undo and copies
def test_pop_back_to_the_start_of_the_round_and_no_further() -> None:
    game = Game.new(3, set=9, seed=12)
    start = game.to_position()
    moves, positions = [], [start]
    for _ in range(12):
        m = RandomBot(5).choose(game)
        moves.append(game.push(m))
        positions.append(game.to_position())
    assert game.peek() == moves[-1]
    for k in range(len(moves), 0, -1):
        assert game.pop() == moves[k - 1]
        assert game.to_position() == positions[k - 1]
        assert legal(game) == legal(Game.from_position(positions[k - 1]))
    assert game.to_position() == start and game.history == [] and game.peek() is None
    with pytest.raises(IndexError, match="start of the round"):
        game.pop()
    for m in moves:
        game.push(m)
    assert game.to_position() == positions[-1]


def test_pop_only_undoes_the_current_round() -> None:
    game = Game.new(2, set=6, seed=2)
    play_round(game, GreedyBot())
    game.next_round()
    start = game.to_position()
    game.push(next(iter(game.legal_moves)))
    game.pop()
    assert game.to_position() == start
    with pytest.raises(IndexError):
        game.pop()
    assert len(game.round_scores) == 1


def test_pop_undoes_the_end_of_a_round() -> None:
    game = position(hands=[["5-3"], ["6-1", "4-3"], ["6-2", "2-2"]], trains={"1": ["6-5"]})
    before = game.to_position()
    game.push("5-3@1")
    assert game.over and game.round_scores == [[0, 14, 12]]
    game.pop()
    assert not game.over and game.round_scores == [] and game.to_position() == before


def test_copies_are_independent() -> None:
    game = position(hands=[["6-5", "5-4"], ["6-1", "1-1"], ["6-2", "2-0"]])
    twin = game.copy()
    twin.push("6-5@1")
    assert game.history == [] and hand(game, 0) == ["6-5", "5-4"]
    assert train(game, 0) == [] and game.to_play == 0
    assert legal(game) == ["6-5@1", "6-5@M"]
    deep = copy.deepcopy(twin)
    deep.push("6-1@2")
    assert twin.to_play == 1 and train(twin, 1) == []
    assert train(deep, 1) == ["6-1"]
    twin.pop()
    assert twin.to_position() == game.to_position()


# ---------------------------------------------------------------- text
def test_str_game_names_every_player_every_train_and_whose_turn() -> None:
    game = position(hands=[["5-5", "5-4"], ["6-1", "1-1"], ["6-2", "2-0"]],
                    trains={"1": ["6-5"], "2": ["6-3"]}, markers=[2])
    text = str(game)
    for name in PLAYERS:
        assert f"{name}'s train" in text
        assert f"  {name}: " in text
    assert "The Mexican train" in text
    assert "Cy: 6-2 2-0" in text
    first = text.splitlines()[0]
    assert "Ana to play" in first and "engine 6-6" in first and "Round 1 of 7" in first
    assert "◀ to play" in next(line for line in text.splitlines() if "Ana:" in line)
    assert "6-3" in text and "marker: public" in text
    game.push("5-5@1")
    text = str(game)
    assert "Ana to play (again, after a double)" in text
    assert "[5|5]" in text and "open double" in text
    hidden = render(game, perspective=0)
    assert "Ben: 2 tiles (hidden)" in hidden and "Ana: " in hidden
    assert repr(game) == "<Game double-6, 3 players, standard, round 1/7, Ana to play>"


def test_legal_moves_view() -> None:
    game = position(hands=[["6-5", "5-4"], ["6-1", "1-1"], ["6-2", "2-0"]])
    moves = game.legal_moves
    assert len(moves) == 2 and bool(moves)
    assert "6-5@M" in moves and "5-6@1" in moves and Move.parse("6-5@1") in moves
    assert "5-4@1" not in moves and "gibberish" not in moves and 42 not in moves
    assert repr(moves) == "<LegalMoves 6-5@1, 6-5@M>"
    assert game.train(0).open_end == 6 and game.hand(0)[0] is Tile(6, 5)
    with pytest.raises(ValueError, match="no train"):
        game.train(7)
    assert game.train_label("M") == "the Mexican train" and game.train_label(1) == "Ben's train"
    with pytest.raises(TypeError):
        game.explain(42)  # type: ignore[arg-type]


def test_pop_and_push_interleaved_over_many_moves_match_a_replay_from_the_deal() -> None:
    """pop keeps marks to go back to (taken lazily, every few dozen moves); after undos and
    different moves, every position must still be the one a replay from the deal gives."""
    rng = random.Random(8)
    game = Game.new(4, set=12, seed=31)
    bot = RandomBot(3)
    longest = 0
    for step in range(600):
        longest = max(longest, len(game.history))
        if game.over or (game.history and rng.random() < 0.08):
            for _ in range(rng.randint(1, 40)):
                if not game.history:
                    break
                game.pop()
        else:
            game.push(bot.choose(game))
        if step % 7 == 0:
            replay = Game.new(4, set=12, seed=31)
            for m in game.history:
                replay.push(m)
            assert game.to_position() == replay.to_position(), step
            assert legal(game) == legal(replay)
    assert longest > 70     # the walk went past several marks
