"""Fuzzing: damaged scenario files, positions and saved games raise only mtlearn's own
errors (never a raw Python exception); what loads is a working game in which a refused
move changes nothing.

Each test runs 2,000 examples per CI run (``MTLEARN_FUZZ_SCALE`` multiplies them for a
longer bug hunt).
"""

from __future__ import annotations

import os
import random

import pytest
from fuzzkit import positions, saved_games, scenario_texts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from soak import fingerprint

from mtlearn import Game, GameFileError, IllegalMoveError, Move, PositionError, full_set
from mtlearn.scenario import ScenarioError, load_text
from mtlearn.view import view

SCALE = int(os.environ.get("MTLEARN_FUZZ_SCALE", "1"))
FUZZ = settings(max_examples=2000 * SCALE, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))


def exercise(game: Game, rng: random.Random) -> None:
    """A game that loaded works: it writes back the same position, draws as a view,
    offers a move while in play, refuses bad moves without changing, and plays on."""
    pos = game.to_position()
    assert Game.from_position(pos).to_position() == pos
    view(game)
    legal = list(game.legal_moves)
    assert game.over or legal, "a round in play offers a move"
    tiles = game.hand(game.current) + rng.sample(full_set(game.set_max), 2)
    tries = [Move("draw"), Move("pass"), Move("end"), Move("uno")]
    for _ in range(4):
        tile = rng.choice(tiles)
        tries.append(Move("play", tile, rng.choice(game.train_keys()),
                          rng.choice((tile.high, tile.low))))
    for m in tries:
        v = game.explain(m)
        assert all(s in legal for s in v.suggests), v
        if not v.legal:
            before = fingerprint(game)
            with pytest.raises(IllegalMoveError):
                game.push(m)
            assert fingerprint(game) == before, f"the refused move {m} changed the game"
    if legal:
        game.push(rng.choice(legal))


@FUZZ
@given(scenario_texts())
def test_damaged_scenario_files_raise_only_scenario_errors(text: str) -> None:
    try:
        scenario = load_text(text, "fuzz.yaml")
    except ScenarioError as e:
        assert str(e).startswith("fuzz.yaml")
        return
    scenario.frames()


@FUZZ
@given(positions(), st.integers(0, 2**32 - 1))
def test_damaged_positions_raise_only_position_errors(data, seed: int) -> None:
    try:
        game = Game.from_position(data)
    except PositionError as e:
        assert str(e).startswith(f"{e.where}: " if e.where else "")
        return
    exercise(game, random.Random(seed))


@FUZZ
@given(saved_games(), st.integers(0, 2**32 - 1))
def test_damaged_saved_games_raise_only_game_file_errors(text: str, seed: int) -> None:
    try:
        game = Game.from_json(text, source="fuzz.json")
    except GameFileError as e:
        assert str(e).startswith("fuzz.json")
        return
    exercise(game, random.Random(seed))
