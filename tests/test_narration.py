"""The engine's sentences are true: narration, move labels, status, results and the
coach's hint say what the engine did (or would do) in this position, in every variant,
not what the kind of move usually does."""

from __future__ import annotations

from enginekit import position, rest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtlearn import Game, Move, RandomBot
from mtlearn.core.tiles import full_set
from mtlearn.hosts.session import BoardSession
from mtlearn.play.bots import PlannerBot
from mtlearn.present.view import (
    TurnFacts,
    describe_move,
    describe_played,
    hint_text,
    result_text,
    status_text,
)

FOUR = ["Ana", "Ben", "Cy", "Dee"]
TEAMS = {"preset": "standard", "teams": True}
TEAM_TRAINS = {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"], "4": ["6-2"]}


def team_table() -> Game:
    """R-VAR-TEAMS, boneyard empty: Ana and Cy cannot play, Ben can."""
    hands: list = [["0-0"], ["3-1", "2-2"], ["1-1"], None]
    hands[3] = rest(6, ["6-6"], *TEAM_TRAINS.values(), *hands[:3])
    return position(players=FOUR, rules=TEAMS, trains=TEAM_TRAINS, hands=hands, boneyard=[])


def test_r_var_teams_a_pass_while_the_partner_can_play_puts_out_no_marker() -> None:
    game = team_table()
    assert describe_move(game, game.legal_moves[0]) == "Pass (no marker: Cy may still play)"
    facts = TurnFacts.of(game)
    move = game.push("pass")
    assert game.to_position()["markers"] == []
    said = "Ana passed but put out no marker: Cy (Ana's partner) may still play."
    assert describe_played(game, 0, move, before=facts) == said
    assert describe_played(game, 0, move) == said        # worked out from the game alone
    game.push("3-1@2")
    # Cy cannot play either: now both partners' trains turn public
    assert describe_move(game, game.legal_moves[0]) == ("Pass and place markers on Ana's "
                                                        "train and Cy's train")
    move = game.push("pass")
    assert game.to_position()["markers"] == [1, 3]
    assert describe_played(game, 2, move) == ("Cy passed and put out markers on Ana's train "
                                              "and Cy's train.")


def test_r_var_teams_a_bot_pass_on_a_board_is_told_as_the_engine_played_it() -> None:
    board = BoardSession(team_table(), bots={"Ana": "greedy"}, perspective="Ben")
    assert board.message is not None
    assert board.message["bots"] == ["Ana passed but put out no marker: Cy (Ana's partner) "
                                     "may still play."]


def marker_out() -> Game:
    """Ana's marker is already out; she draws a tile that does not fit."""
    game = position(players=["Ana", "Ben"], trains={"1": ["6-5"], "2": ["6-3"]},
                    markers=[1], hands=[["0-0"], ["1-1"]],
                    boneyard={"top": ["2-2"], "rest": "sorted"})
    game.push("draw")
    return game


def test_r_mark_2_a_pass_with_the_marker_already_out_puts_out_none() -> None:
    game = marker_out()
    assert describe_move(game, game.legal_moves[0]) == "Pass (the marker is already out)"
    board = BoardSession(game)
    reply = board.handle({"action": "pass"})
    assert reply["message"]["text"] == "Ana passed; Ana's marker was already out."
    # the plain case still says it
    fresh = position(players=["Ana", "Ben"], trains={"1": ["6-5"], "2": ["6-3"]},
                     hands=[["0-0"], ["1-1"]], boneyard={"top": ["2-2"], "rest": "sorted"})
    fresh.push("draw")
    assert describe_move(fresh, fresh.legal_moves[0]) == "Pass and place a marker"
    move = fresh.push("pass")
    assert describe_played(fresh, 0, move) == "Ana passed and put out a marker."


def swan_table() -> Game:
    trains = {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"], "4": ["6-2"], "M": ["6-1"]}
    return position(players=FOUR, trains=trains, markers=[2, 4],
                    rules={"preset": "standard", "swan_drive": True},
                    hands=[["5-0", "3-0", "2-1"], ["5-5", "0-0"], ["4-0", "2-2"],
                           ["1-1", "5-2"]])


def test_r_var_swan_ending_a_drive_is_told_as_stopping_it() -> None:
    game = swan_table()
    game.push("5-0@1")
    assert describe_move(game, game.legal_moves[-1]) == "Stop the Swan Drive"
    board = BoardSession(game)
    reply = board.handle({"action": "end"})
    assert reply["message"]["text"] == "Ana stopped the Swan Drive."


def test_r_first_1_ending_a_building_turn_says_so() -> None:
    game = Game.new(["Ana", "Ben"], set=6, rules="train-building", seed=3)
    while "end" not in {m.kind for m in game.legal_moves}:
        game.push(next(m for m in game.legal_moves if m.kind == "play"))
    assert describe_move(game, game.explain("end").move) == "End the train-building turn"
    move = game.push("end")
    assert describe_played(game, 0, move) == "Ana ended the train-building turn."


def test_r_var_branch_the_hint_names_the_branch_double_it_covers() -> None:
    game = position(rules={"preset": "standard", "branching": True},
                    trains={"M": ["6-3", "3-3", "3-5"], "M.2b": ["3-4", "4-4"]},
                    open_doubles=["M.2b"], to_play=2,
                    hands=[["2-2", "1-0", "1-1", "2-1"], ["4-0", "6-0", "5-5", "4-1"],
                           ["6-2", "0-0", "6-4", "5-2"]])
    assert hint_text(game) == ("Try 4-1 on branch 2b of the Mexican train: it covers the open "
                               "4-4 on branch 2b of the Mexican train before anyone else must.")


def test_r_end_1_the_last_tile_in_a_building_turn_does_not_go_out_at_once() -> None:
    game = position(rules="train-building", players=["Ana", "Ben"], hands=[["6-1"],
                                                                         ["2-3", "0-1"]],
                    boneyard={"top": ["4-3"], "rest": "sorted"})
    hint = hint_text(game)
    assert hint is not None and "you go out" not in hint
    assert "the round ends once the building turns are over" in hint
    game.push("6-1@1")
    assert not game.over       # what the hint said: the round goes on


def test_r_var_teams_the_result_says_the_partner_scores_zero() -> None:
    game = position(players=FOUR, rules=TEAMS, trains=TEAM_TRAINS,
                    hands=[["5-1"], ["3-1", "2-2"], ["1-1", "4-0"], ["0-0"]],
                    boneyard={"top": ["3-3"], "rest": "sorted"})
    game.push("5-1@1")
    assert game.over and game.scores[-1][2] == 0 and game.hand(2)
    assert result_text(game) == ("Ana went out, so Ana's team (Ana and Cy) scores 0 "
                                 "(R-VAR-TEAMS). Round scores: Ana 0, Ben 8, Cy 0, Dee 50.")


def test_r_var_choose_a_round_ended_by_passes_is_not_called_blocked() -> None:
    taken = ["6-5", "6-3", "6-6", "3-6", "5-6"]
    ana = [str(t) for t in full_set(6) if (t.has(3) or t.has(6)) and str(t) not in taken]
    game = position(rules="choose", players=["Ana", "Ben"],
                    trains={"1": ["6-5"], "2": ["6-3"]},
                    hands=[ana, rest(6, ana, ["6-5", "6-3", "6-6"])], boneyard=[])
    game.push("pass")               # Ana could play, and declines
    game.push("pass")
    assert game.over and game.out is None
    assert result_text(game).startswith("The round is over: the boneyard is empty and every "
                                        "player passed in turn (R-VAR-CHOOSE).")
    assert "nobody can play" not in result_text(game)


def test_r_var_strict_draw_a_drawn_tile_may_be_kept() -> None:
    game = position(rules="choose", players=["Ana", "Ben"], hands=[["6-1", "2-2"],
                                                                   ["2-3", "0-1"]],
                    boneyard={"top": ["6-4"], "rest": "sorted"})
    game.push("draw")
    assert status_text(game) == "Ana drew 6-4, and it fits: Ana may play it, or keep it and pass."
    assert game.explain("pass").legal and game.explain("6-4@1").legal


def test_after_a_draw_the_status_says_what_the_player_must_do_now() -> None:
    """The status line after a draw (R-TURN-3) says whether the drawn tile fits, and that
    the player then plays it or presses Pass: a board does not pass for them (it read "Ana
    drew 4-3 and plays it if it fits, otherwise passes", and nothing happened)."""
    std = position(players=["Ana", "Ben"], hands=[["2-2"], ["2-3", "0-1"]],
                   boneyard={"top": ["4-3"], "rest": "sorted"})
    std.push("draw")
    assert status_text(std) == "Ana drew 4-3, and it fits nowhere: Ana must pass (the Pass button)."
    assert [str(m) for m in std.legal_moves] == ["pass"] and std.current == 0   # not passed
    fits = position(players=["Ana", "Ben"], hands=[["2-2"], ["2-3", "0-1"]],
                    boneyard={"top": ["6-4"], "rest": "sorted"})
    fits.push("draw")
    assert status_text(fits) == "Ana drew 6-4, and it fits: Ana must play it."
    assert all(m.kind == "play" for m in fits.legal_moves) and fits.current == 0
    # with an open double, the drawn tile must cover it (R-DBL-3)
    for top, said in [("4-3", "does not cover the open double 2-2 on Ana's train: Ben must "
                              "pass (the Pass button)."),
                      ("2-0", "covers the open double 2-2 on Ana's train: Ben must play it.")]:
        g = position(players=["Ana", "Ben"], trains={"1": ["6-2", "2-2"], "2": ["6-3"]},
                     open_doubles=["1"], hands=[["5-5", "6-0"], ["3-3", "0-1"]],
                     boneyard={"top": [top], "rest": "sorted"}, to_play=2)
        g.push("draw")
        assert status_text(g) == f"Ben drew {top}, and it {said}"
        # a board that hides Ben's tiles says the rule, not the tile or whether it fits
        assert status_text(g, perspective=0) == (
            "Ben drew a tile and must play it if it covers the open double 2-2 on Ana's "
            "train, or else pass.")


# ---------------------------------------------------------------------- against the engine
VARIANT_RULES = ["standard", "choose", "house", "train-building", "answer-double",
                 {"preset": "standard", "branching": True},
                 {"preset": "standard", "swan_drive": True},
                 {"preset": "standard", "teams": True},
                 {"preset": "standard", "teams": True, "swan_drive": True,
                  "branching": True}]


def markers(game: Game) -> list[bool]:
    return [game.train(s).marker for s in range(game.n)]


def check_words_against_the_engine(game: Game, coach: PlannerBot) -> int:
    """Each sentence about the position to play, checked against what the engine does
    when the move is pushed (on a copy). Returns how many sentences were checked."""
    checked = 0
    p = game.current
    kinds = {m.kind: m for m in game.legal_moves}
    if "pass" in kinds:
        label = describe_move(game, kinds["pass"])
        after = game.copy()
        facts = TurnFacts.of(game)
        after.push("pass")
        put = [s for s in range(game.n) if markers(after)[s] and not markers(game)[s]]
        said = describe_played(after, p, Move("pass"), before=facts)
        if label == "Pass and place a marker":
            assert put == [p], (label, put)
            assert said.endswith("passed and put out a marker."), said
        elif label.startswith("Pass and place markers on"):
            assert len(put) > 1 and all(after.train_label(s) in label for s in put), label
        else:
            assert put == [] and "put out a marker" not in said, (label, said)
        checked += 2
    if "end" in kinds:
        label = describe_move(game, kinds["end"])
        assert (label == "Stop the Swan Drive") == (game.swan is not None), label
        assert (label == "End the train-building turn") == (game.is_building
                                                           and game.swan is None), label
        checked += 1
    advice = coach.advise(game)
    move = advice.move
    after = game.copy()
    after.push(move)
    if advice.idea == "cover":
        line = str(move).partition("@")[2]
        assert line in game.open_double_lines, (str(move), game.open_double_lines)
        assert move.tile is not None
        end = move.inward
        assert f"the open {end}-{end} on " in advice.reason, (str(move), advice.reason)
    if advice.idea == "out":
        assert ("you go out" in advice.reason) == (after.over and after.out == p), (
            advice.reason, after.over)
    if "takes the marker off your train" in advice.reason:
        assert game.train(p).marker and not after.train(p).marker
    if "starts the Mexican train" in advice.reason:
        assert not game.train("M").started and after.train("M").started
    if "gives you another play" in advice.reason:
        assert not after.over and after.current == p
    return checked + 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(VARIANT_RULES), seed=st.integers(0, 10**6))
def test_labels_narration_and_hints_say_what_the_engine_does(rules, seed) -> None:
    n = 4 if isinstance(rules, dict) and rules.get("teams") else 3
    game = Game.new(n, set=9, rules=rules, seed=seed)
    bot, coach = RandomBot(seed), PlannerBot()
    steps = 0
    while not game.over and steps < 150:
        check_words_against_the_engine(game, coach)
        game.push(bot.choose(game))
        steps += 1
