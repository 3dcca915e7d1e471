"""The four rulings of issue 7 (RULES.md §10.4, §10.8, R-END-1, R-END-2, R-DBL-6).

1. A double nobody can cover never makes a turn unplayable.
2. A blocked round ends as soon as it is certain: no idle second cycle of passes.
3. Under R-VAR-CHOOSE a full cycle of passes with an empty boneyard ends the round.
4. In the fast game every player builds before going out ends the round.
"""

from __future__ import annotations

from enginekit import allowed, legal, position, refused, rest

from mtlearn import Game, RandomBot, play_round

# Every 1 but the 1-1 is on the table; the Mexican train ends in 5.
DEAD_ONE = dict(
    trains={"1": ["6-1"], "2": ["6-2", "2-1", "1-4", "4-2"], "3": ["6-5", "5-1"],
            "M": ["6-3", "3-1", "1-0", "0-5"]},
    hands=[["1-1", "5-5", "5-3", "2-2"], ["4-4", "3-3"], ["0-0", "2-3"]],
)


# ---------------------------------------------------------------- ruling 1
def test_a_dead_double_and_a_live_one_in_one_turn_leave_a_play() -> None:
    game = position(**DEAD_ONE)
    allowed(game, "1-1@1", "R-TRAIN-2", "Ana", "plays again")
    allowed(game, "5-5@M", "R-MEX-1", "Ana", "plays again")
    # two doubles of this turn are open; 1-1 can never be covered (R-DBL-6), so the
    # next tile goes on 5-5, the first double that can still be covered
    assert game.open_double_trains == [0, "M"]
    assert legal(game) == ["5-3@M"]
    refused(game, "draw", "R-TURN-2", "Ana", "5-3")
    allowed(game, "5-3@M", "R-DBL-1", "Ana", "covering the double 5-5")
    assert game.to_play == 1 and game.open_double_trains == [0]
    # the dead 1-1 blocks nobody afterwards either
    assert game.blocking_double is None


def test_a_dead_double_alone_leaves_every_other_target_open() -> None:
    game = position(**DEAD_ONE)
    game.push("1-1@1")
    assert set(legal(game)) == {"5-5@M", "5-3@M"}


def test_the_dead_double_house_rule_still_blocks() -> None:
    game = position(rules={"unsatisfiable_double_blocks": True}, **DEAD_ONE)
    game.push("1-1@1")
    game.push("5-5@M")
    assert legal(game) == ["draw"]                     # R-DBL-6 off: the 1-1 binds


# ---------------------------------------------------------------- ruling 2
# From a random double-6 game: Ana has passed; Ben draws the last tile, cannot play and
# passes, which marks his train (it ends in 2). That is a full cycle of passes with an
# empty boneyard, but Ana holds 5-2, which now fits Ben's public train: not blocked.
OPENED = {
    "set": 6, "players": ["Ana", "Ben"],
    "hands": [["5-0", "5-2", "0-0", "6-4"], ["4-3"]], "boneyard": ["3-0"],
    "trains": {"1": ["6-2", "2-2", "2-4", "4-4", "4-5", "5-5", "5-1"], "2": ["6-3", "3-2"],
               "M": ["6-0", "0-4", "4-1", "1-6", "6-5", "5-3", "3-3", "3-1", "1-1", "1-0",
                     "0-2", "2-1"]},
    "markers": [1], "to_play": 2, "passes": 1,
}


def test_a_marker_placed_during_the_cycle_can_reopen_play() -> None:
    game = Game.from_position(OPENED)
    game.push("draw")
    game.push("pass")
    assert game.boneyard == [] and game.passes == 2
    assert not game.over
    assert legal(game) == ["2-5@2"]
    game.push("2-5@2")
    assert game.passes == 0


def test_random_blocked_rounds_end_after_one_cycle_of_passes() -> None:
    seen = 0
    for seed in range(200):
        game = Game.new(2, set=6, seed=seed)
        play_round(game, RandomBot(seed))
        if game.blocked:
            seen += 1
            # replayed: once the boneyard is empty, at most one pass per player before the
            # round ends (the old engine needed a second, idle cycle)
            replay = Game.new(2, set=6, seed=seed)
            idle = 0
            for m in game.history:
                if m.kind == "play":
                    idle = 0
                elif m.kind == "pass" and replay.boneyard == []:
                    idle += 1
                replay.push(m)
            assert 1 <= idle <= game.n, (seed, idle)
            assert game.history[-1].kind == "pass" and game.passes >= game.n
    assert seen >= 3


# ---------------------------------------------------------------- ruling 3
def _choose(**fields) -> Game:
    # Ana could play 5-1 on her train, Ben holds the rest of the set: the boneyard is empty
    ana = ["5-1", "0-0"]
    return position(rules={"preset": "choose"}, players=["Ana", "Ben"],
                    trains={"1": ["6-5"]},
                    hands=[ana, rest(6, ana, ["6-5", "6-6"])], boneyard=[], **fields)


def test_choose_a_full_cycle_of_passes_ends_the_round_even_after_declining() -> None:
    game = _choose()
    assert "5-1@1" in legal(game) and "pass" in legal(game)
    allowed(game, "pass", "R-VAR-CHOOSE", "Ana", "declines")
    assert not game.over
    allowed(game, "pass", "R-VAR-CHOOSE", "Ben", "declines")
    assert game.over and game.blocked and game.out is None
    assert game.round_scores[-1] == [game.pips(0), game.pips(1)]


def test_choose_a_play_in_the_cycle_starts_a_new_one() -> None:
    game = _choose()
    game.push("pass")
    game.push("6-4@2")
    assert not game.over and game.passes == 0
    game.push("pass")
    assert not game.over
    game.push("pass")
    assert game.over and game.blocked


class Decliner:
    """Passes whenever the rules let it (R-VAR-CHOOSE), otherwise plays the first move."""

    def choose(self, game: Game):
        moves = list(game.legal_moves)
        return next((m for m in moves if m.kind == "pass"), moves[0])


def test_choose_players_who_always_decline_still_finish_the_round() -> None:
    for seed in range(20):
        game = Game.new(3, set=9, rules="choose", seed=seed)
        play_round(game, Decliner())            # used to raise "a bug in the engine"
        assert game.over


# ---------------------------------------------------------------- ruling 4
def test_fast_game_every_player_builds_before_going_out_ends_the_round() -> None:
    # Ben empties his hand while building; Cy still builds; then the round ends with
    # the first player out in turn order from the starter (R-END-1, R-VAR-FAST)
    game = position(rules={"first_turn": "fast"}, hands=[["6-5", "2-0"], ["6-3", "3-1"],
                                                        ["6-1", "1-4"]])
    for move in ["6-5@1", "end", "6-3@2", "3-1@2"]:
        game.push(move)
    assert game.hand(1) == [] and not game.over and game.to_play == 2
    assert game.is_building
    game.push("6-1@3")
    game.push("1-4@3")                           # Cy empties his hand too, later in order
    assert game.over and game.out == 1 and not game.blocked
    assert game.round_scores == [[2, 0, 0]]


def test_fast_game_going_out_first_in_turn_order_wins_from_the_starter() -> None:
    game = position(rules={"first_turn": "fast"}, starter=2, to_play=2,
                    hands=[["6-5"], ["6-3", "3-1"], ["6-1", "1-4", "2-2"]])
    game.push("6-3@2")
    game.push("3-1@2")                           # Ben (the starter) empties his hand
    game.push("6-1@3")
    game.push("1-4@3")
    game.push("end")                             # Cy keeps 2-2
    assert not game.over
    game.push("6-5@1")                           # Ana empties hers, the last to build
    assert game.over and game.out == 1           # Ben went out first in turn order
