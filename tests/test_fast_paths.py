"""The engine's fast paths agree with its general code, move for move.

For speed (issue 11) the engine takes short paths under the rules most games use: the
tail of a play, the end of a turn, the legal-move list and the plays with no open double.
Flags fixed with the rules (``Game._plain`` and its kin) switch them on; ``_plain`` off
sends a play to ``Game._lay``, the general code that train-building turns use (the
variants' classes have their own ``_lay``, and the flags are derived from
``mtlearn.engine.fast_paths.FAST_PATHS``). Here
every game is played twice in lockstep, once as usual and once with the flags turned off
so that only the general code runs, and after every move the legal moves, the whole
position and the history must be the same.
"""

from __future__ import annotations

import random

import pytest

from mtlearn import Game, RandomBot, Rules
from mtlearn.core.rules import OPTION_CHOICES
from mtlearn.engine.fast_paths import ANY, FAST_PATHS, fast_paths

FLAGS = ("_plain", "_plain_plays", "_plain_legal", "_plain_end")


def _general(game: Game) -> Game:
    """A copy of ``game`` that runs only the general code."""
    twin = game.copy()
    for flag in FLAGS:
        setattr(twin, flag, False)
    return twin


@pytest.mark.parametrize("preset", ["standard", "answer-double", "table-b", "choose",
                                    "house"])
def test_fast_and_general_code_play_the_same_rounds(preset: str) -> None:
    fast_seen = 0
    for seed in range(12):
        players = 2 + seed % 5
        game = Game.new(players, rules=preset, seed=seed)
        fast_seen += any(getattr(game, flag) for flag in FLAGS)
        twin = _general(game)
        bot = RandomBot(seed)
        while not game.is_round_over:
            moves = game.legal()
            assert moves == twin.legal(), f"seed {seed}, move {len(game.history)}"
            move = bot.choose(game)
            # the twin gets an equal move it did not hand out: the checked path of push
            assert game.push(move) == twin.push(str(move))
            assert game.to_position() == twin.to_position(), (
                f"seed {seed}, after {move} (move {len(game.history)})")
        assert twin.is_round_over
        assert game.round_scores == twin.round_scores
    # the comparison means something only if the fast paths ran in the first game
    assert fast_seen


def test_flags_follow_the_rules() -> None:
    assert all(getattr(Game.new(4, seed=1), flag) for flag in FLAGS)
    teams = Game.new(4, rules={"preset": "standard", "teams": True}, seed=1)
    assert type(teams) is not Game and not teams._plain and not teams._plain_legal
    assert not Game.new(4, rules="train-building", seed=1)._plain
    wild = Game.new(4, rules={"preset": "standard", "wild_blanks": True}, seed=1)
    assert wild._plain and not wild._plain_plays
    house = Game.new(4, rules="house", seed=1)
    assert house._plain and not house._plain_end and not house._plain_legal


def test_pop_after_fast_plays_gives_back_the_same_positions() -> None:
    rng = random.Random(5)
    game = Game.new(4, seed=5)
    seen = [game.to_position()]
    bot = RandomBot(5)
    while not game.is_round_over:
        game.push(bot.choose(game))
        seen.append(game.to_position())
    for _ in range(len(seen) - 1):
        seen.pop()
        game.pop()
        if rng.random() < 0.2:
            assert game.legal() == _general(game).legal()
        assert game.to_position() == seen[-1]


def _other_values(option: str) -> list[object]:
    standard = getattr(Rules(), option)
    if option in OPTION_CHOICES:
        return [v for v in OPTION_CHOICES[option] if v != standard]
    if isinstance(standard, bool):
        return [not standard]
    return [1, 3]               # hand_size, rounds, penalty_tiles: numbers


def test_a_fast_path_is_on_only_for_the_values_it_declares() -> None:
    """Every option, at every value but the standard one, turns a fast path off unless
    FAST_PATHS names it for that path: an option nobody declared is never skipped."""
    names = {f for handles in FAST_PATHS.values() for f in handles}
    assert names <= set(Rules.__dataclass_fields__), names - set(Rules.__dataclass_fields__)
    assert all(fast_paths(Rules()))
    for option in Rules.__dataclass_fields__:
        for value in _other_values(option):
            flags = fast_paths(Rules().replace(**{option: value}))
            for (path, handles), on in zip(FAST_PATHS.items(), flags, strict=True):
                ok = handles.get(option, ())
                assert on == (ok == ANY or value in ok), (path, option, value)


def test_the_flags_of_a_game_are_the_declared_ones() -> None:
    for rules in ({"preset": "standard", "teams": True}, "house", "table-b",
                  {"preset": "standard", "wild_blanks": True}):
        game = Game.new(4, rules=rules, seed=3)
        assert tuple(getattr(game, flag) for flag in FLAGS) == fast_paths(game.rules)
