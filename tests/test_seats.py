"""Seats a person can name: every Python API that takes a seat also takes a player's name.

Python seats count from 0; move notation counts trains from 1 (``12-5@2`` is the second
player's train). Names match exactly, or ignoring case when that is unambiguous.
"""

from __future__ import annotations

import pytest

from mtlearn import Game, GreedyBot, RandomBot, play_match, play_round
from mtlearn.jupyter.widgets import Board
from mtlearn.present.text import render
from mtlearn.present.view import view


def table() -> Game:
    return Game.new(["Ana", "Ben", "Cy"], seed=4)


def test_seat_from_name_or_number():
    g = table()
    assert [g.seat(x) for x in ("Ana", "Ben", "Cy", "cy", 0, 2)] == [0, 1, 2, 2, 0, 2]
    for bad, words in [("Zed", "no player is called 'Zed'"), (3, "seat from 0 to 2"),
                       (True, "not a seat"), (-1, "not a seat")]:
        with pytest.raises(ValueError, match=words) as err:
            g.seat(bad)
        assert "Ana, Ben, Cy" in str(err.value)


def test_ambiguous_case_needs_the_exact_name():
    g = Game.new(["Ana", "ANA", "Bo"], seed=1)
    assert g.seat("ANA") == 1 and g.seat("Ana") == 0
    with pytest.raises(ValueError):
        g.seat("ana")


def test_train_and_hand_by_name():
    g = table()
    assert g.train("Ben") == g.train(1)
    assert g.train("Ben").owner == 1
    assert g.hand("Cy") == g.hand(2)
    assert g.train_label("cy") == "Cy's train"
    with pytest.raises(ValueError, match="players' names"):
        g.train("Zed")


def test_perspective_by_name():
    g = table()
    v = view(g, perspective="Ben")
    assert v["perspective"] == 2  # the view speaks notation: seats from 1
    assert [p["hand"] is None for p in v["players"]] == [True, False, True]
    assert render(g, perspective="Ben") == render(g, perspective=1)


def test_bots_by_name_in_play_round_and_on_a_board():
    g = table()
    play_round(g, {"Ana": GreedyBot(), "ben": RandomBot(seed=1), 2: GreedyBot()})
    assert g.over
    with pytest.raises(ValueError, match="no bot for Cy"):
        play_round(table(), {"Ana": GreedyBot(), "Ben": GreedyBot()})
    winners = play_match(Game.new(["Ana", "Ben"], set=6, seed=2),
                         {"Ana": GreedyBot(), "Ben": GreedyBot()})
    assert winners
    board = Board(table(), bots={"Ben": "greedy", "Cy": "random"}, perspective="Ana")
    assert sorted(board.bots) == [1, 2] and board.perspective == 0
    with pytest.raises(ValueError, match="bots: no player is called 'Dee'"):
        Board(table(), bots={"Dee": "greedy"})
    with pytest.raises(ValueError, match="perspective: 5 is not a seat"):
        Board(table(), perspective=5)
