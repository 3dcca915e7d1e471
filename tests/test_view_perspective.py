"""A view from one seat's perspective gives no hidden hand away: no legal moves, hint or
verdicts of a hidden seat, no tile it drew; the board refuses to move for it."""

from __future__ import annotations

import json

from enginekit import position

from mtlearn import Game
from mtlearn.jupyter.widgets import Board
from mtlearn.play.bots import RandomBot
from mtlearn.present.view import view


def tiles_of(game: Game, seat: int) -> set[str]:
    return {str(t) for t in game.hand(seat)}


def leaks(v: dict, secret: set[str]) -> list[str]:
    """Hidden tiles named anywhere in the view outside the trains, the plain-text
    description included (both ways round)."""
    text = json.dumps({k: x for k, x in v.items() if k != "trains"})
    out = []
    for t in secret:
        a, b = t.split("-")
        if f"{a}-{b}" in text or f"{b}-{a}" in text:
            out.append(t)
    return out


def test_hidden_seat_to_play_shows_no_moves_hint_or_verdicts():
    game = position(hands=[["6-1", "2-3"], ["6-4", "4-4", "0-1"], ["5-5"]], to_play=2)
    v = view(game, perspective=0, verdicts=True)
    assert v["to_play"] == 2 and v["hidden_turn"] is True
    assert v["legal"] == []
    assert v["hint"] is None
    assert v["verdicts"] == {}
    assert v["players"][1]["hand"] is None and v["players"][1]["hand_count"] == 3
    assert leaks(v, tiles_of(game, 1)) == []
    # the same position seen by Ben shows his moves, hint and verdicts
    w = view(game, perspective=1, verdicts=True)
    assert w["hidden_turn"] is False
    assert {m["move"] for m in w["legal"]} == {"6-4@2", "6-4@M"}
    assert "6-4" in w["hint"]
    assert w["verdicts"]["6-4@2"]["legal"] is True
    # no perspective: everything, as before
    assert view(game)["legal"] == w["legal"]


def test_own_turn_keeps_moves_and_hint():
    game = position(hands=[["6-1", "2-3"], ["6-4", "4-4", "0-1"], ["5-5"]])
    v = view(game, perspective=0, verdicts=True)
    assert v["hidden_turn"] is False
    assert [m["move"] for m in v["legal"]] == ["6-1@1", "6-1@M"]
    assert v["hint"] and v["verdicts"]
    assert leaks(v, tiles_of(game, 1) | tiles_of(game, 2)) == []


def test_a_drawn_tile_of_a_hidden_seat_is_not_named():
    game = position(hands=[["6-1"], ["2-3", "0-1"], ["5-5"]], to_play=2,
                    boneyard={"top": ["4-3"], "rest": "sorted"})
    game.push("draw")
    v = view(game, perspective=0, verdicts=True)
    assert v["status"] == "Ben drew a tile and must play it if it fits, or else pass."
    assert leaks(v, tiles_of(game, 1)) == []
    assert view(game, perspective=1)["status"].startswith("Ben drew 4-3, and it ")


def test_random_games_never_leak_a_hidden_hand():
    for seed in range(6):
        game = Game.new(3, set=9, seed=seed)
        bot = RandomBot(seed)
        steps = 0
        while not game.over and steps < 60:
            for seat in range(game.n):
                v = view(game, perspective=seat, verdicts=True)
                hidden = set().union(*(tiles_of(game, s) for s in range(game.n) if s != seat))
                assert leaks(v, hidden - tiles_of(game, seat)) == [], (seed, steps, seat)
                if v["hidden_turn"]:
                    assert v["legal"] == [] and v["hint"] is None and v["verdicts"] == {}
            game.push(bot.choose(game))
            steps += 1


def test_board_does_not_move_for_a_hidden_seat():
    game = position(hands=[["6-1", "2-3"], ["6-4", "4-4", "0-1"], ["5-5"]], to_play=2)
    board = Board(game, perspective=0)
    before = game.to_position()
    assert board.play("6-4@2") is False
    assert board.message["text"] == "It is Ben's turn, and Ben's tiles are hidden on this board."
    assert game.to_position() == before
    assert board._static_state()["successors"] == {}
