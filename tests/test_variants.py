"""The three variants that reshape play, tested by rule id: R-VAR-BRANCH (branching
doubles), R-VAR-SWAN (Swan Drive) and R-VAR-TEAMS (partnerships), alone and together,
with hand-made positions and random rounds (tile conservation, termination, pop undoes
push, positions and saved games round-trip)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from enginekit import allowed, legal, position, refused, rest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtlearn import Game, Move, NotSupportedError, PositionError, RandomBot, Tile
from mtlearn.core.tiles import full_set
from mtlearn.present.view import describe_played

FOUR = ["Ana", "Ben", "Cy", "Dee"]
PROPOSE_PASS = re.compile(r"\b(passes|or pass|by passing)\b")


def branch_paths(game: Game, key: int | str) -> list[str]:
    return [b.path for b in game.branches(key)]


def branch_tiles(game: Game, code: str) -> list[str]:
    key, _, path = code.partition(".")
    k: int | str = "M" if key == "M" else int(key) - 1
    for b in game.branches(k):
        if b.path == path:
            return [f"{a}-{t.other(a)}" for t, a in b.tiles]
    raise AssertionError(f"no branch {code}")


# ====================================================================== R-VAR-BRANCH
BRANCH = {"preset": "standard", "branching": True}


def branched(**fields) -> Game:
    fields.setdefault("rules", BRANCH)
    return position(**fields)


def test_r_var_branch_move_notation_round_trips() -> None:
    m = Move.parse("6-4@2.3a")
    assert (m.train, m.branch, m.inward, str(m)) == (1, "3a", 6, "6-4@2.3a")
    assert str(Move.parse(" 5-0 @ M.2b.1A ")) == "5-0@M.2b.1a"
    assert Move.play("4-6", 1, 6, "3a") == m
    assert Move.parse("6-4@2") != m and Move.parse("6-4@2").branch == ""
    with pytest.raises(ValueError, match="branch"):
        Move.play("4-6", 1, 6, "x")
    with pytest.raises(ValueError, match="not a move"):
        Move.parse("6-4@2.3")


def test_r_var_branch_a_covered_double_offers_two_branches() -> None:
    game = branched(trains={"1": ["6-3", "3-3", "3-1"]},
                    hands=[["3-5", "1-4", "2-2"], ["6-0", "5-5"], ["6-2", "0-1"]])
    assert branch_paths(game, 0) == ["2a", "2b"]
    b = game.branches(0)[0]
    assert (b.code, b.parent, b.at, b.open_end, b.started) == ("1.2a", "1", 2, 3, False)
    assert legal(game) == ["1-4@1", "3-5@1.2a", "3-5@1.2b"]
    v = allowed(game, "5-3@1.2a", "R-VAR-BRANCH", "Ana", "branch 2a of Ana's train")
    assert "two more branches" in v.reason
    assert v.move == Move.parse("3-5@1.2a")
    assert branch_tiles(game, "1.2a") == ["3-5"]
    assert game.branches(0)[0].open_end == 5


def test_r_var_branch_refusals_name_the_branch_rule() -> None:
    game = branched(trains={"1": ["6-3", "3-3", "3-1"], "2": ["6-4"]},
                    hands=[["3-5", "1-4", "2-2"], ["6-0", "5-5"], ["6-2", "0-1"]])
    refused(game, "3-5@2.2a", "R-VAR-BRANCH", "Ben's train", "2a")
    refused(game, "1-4@1.3a", "R-VAR-BRANCH", "3a")
    refused(game, "2-2@1.2a", "R-VAR-BRANCH", "Branch 2a of Ana's train", "3-3")
    # a branch belongs to its train: private unless marked (R-MARK-1)
    other = branched(trains={"2": ["6-3", "3-3", "3-1"]}, to_play=1,
                     hands=[["3-5", "1-4", "6-2"], ["6-0", "5-5"], ["6-1", "0-1"]])
    refused(other, "3-5@2.2a", "R-MARK-1", "Ben's train")
    marked = branched(trains={"2": ["6-3", "3-3", "3-1"]}, to_play=1, markers=[2],
                      hands=[["3-5", "1-4", "6-2"], ["6-0", "5-5"], ["6-1", "0-1"]])
    allowed(marked, "3-5@2.2b", "R-VAR-BRANCH", "branch 2b of Ben's train")


def test_r_var_branch_is_off_in_the_standard_game() -> None:
    game = position(trains={"1": ["6-3", "3-3", "3-1"]},
                    hands=[["3-5", "1-4", "2-2"], ["6-0", "5-5"], ["6-2", "0-1"]])
    assert game.branches(0) == []
    assert legal(game) == ["1-4@1"]
    refused(game, "3-5@1.2a", "R-VAR-BRANCH", "branching is off")
    with pytest.raises(PositionError) as info:
        position(trains={"1": ["6-3", "3-3", "3-1"], "1.2a": ["3-5"]},
                 hands=[["1-4"], ["6-0"], ["6-2"]])
    assert info.value.where == "trains['1.2a']" and "branching" in str(info.value)


def test_r_var_branch_covering_a_double_opens_its_branches_and_pop_closes_them() -> None:
    game = branched(trains={"1": ["6-1"]},
                    hands=[["1-1", "1-4", "1-5"], ["6-0", "5-5"], ["6-2", "0-3"]])
    before = game.to_position()
    allowed(game, "1-1@1", "R-TRAIN-2", "Ana", "plays again")
    assert branch_paths(game, 0) == []
    v = allowed(game, "1-4@1", "R-VAR-BRANCH", "Ana", "covering the double 1-1")
    assert "opens two more branches" in v.reason
    assert branch_paths(game, 0) == ["2a", "2b"]
    assert [b.open_end for b in game.branches(0)] == [1, 1]
    assert game.current == 1
    # the board's report of a play on a branch names the branch, not just the train
    on_branch = Move.parse("1-5@1.2a")
    assert describe_played(game, 0, on_branch) == "Ana played 1-5 on branch 2a of Ana's train."
    assert describe_played(game, 0, Move.parse("1-4@1")) == "Ana played 1-4 on Ana's train."
    game.pop()
    assert branch_paths(game, 0) == []
    game.pop()
    assert game.to_position() == before


def test_r_var_branch_an_open_double_on_a_branch_blocks_everyone() -> None:
    game = branched(trains={"1": ["6-3", "3-3", "3-1"], "1.2a": ["3-5", "5-5"]},
                    open_doubles=["1.2a"], to_play=2,
                    hands=[["2-2", "1-4"], ["5-0", "6-4"], ["6-2", "0-1"]])
    assert game.open_double_lines == ["1.2a"]
    assert game.open_double_trains == [0]
    assert legal(game) == ["5-0@1.2a"]
    refused(game, "6-4@2", "R-DBL-3", "5-5", "branch 2a of Ana's train")
    allowed(game, "5-0@1.2a", "R-VAR-BRANCH", "Ben", "covering the double 5-5")
    assert branch_paths(game, 0) == ["2a", "2a.2a", "2a.2b", "2b"]
    assert game.open_double_lines == []
    code = game.branches(0)[1]
    assert (code.code, code.parent, code.at, code.open_end) == ("1.2a.2a", "1.2a", 2, 5)


def test_r_var_branch_positions_round_trip_and_name_bad_branches() -> None:
    game = branched(trains={"1": ["6-3", "3-3", "3-1"], "1.2a": ["3-5", "5-5"],
                            "M": ["6-4", "4-4", "4-0"], "M.2b": ["4-2"]},
                    open_doubles=["1.2a"], to_play=2,
                    hands=[["2-2", "1-1"], ["5-0", "6-0"], ["6-2", "0-1"]])
    pos = game.to_position()
    assert pos["trains"]["1.2a"] == ["3-5", "5-5"] and pos["trains"]["1.2b"] == []
    assert pos["trains"]["M.2b"] == ["4-2"] and pos["open_doubles"] == ["1.2a"]
    again = Game.from_position(pos)
    assert again.to_position() == pos
    assert list(again.legal_moves) == list(game.legal_moves)
    bad = {"set": 6, "players": ["Ana", "Ben", "Cy"], "rules": BRANCH,
           "hands": [["2-2"], ["5-0"], ["6-2"]]}
    cases = [
        ({"1": ["6-3", "3-1"], "1.1a": ["3-5"]}, "trains['1.1a']", "no such branch"),
        ({"1": ["6-3", "3-3", "3-1"], "1.2a": ["5-4"]}, "trains['1.2a'][0]", "3"),
        ({"1": ["6-3", "3-3", "3-1"], "1.2c": []}, "trains['1.2c']", "a or b"),
        ({"1": ["6-3", "3-3", "3-1"], "9.2a": []}, "trains['9.2a']", "seat"),
    ]
    for trains, where, words in cases:
        with pytest.raises(PositionError) as info:
            Game.from_position({**bad, "trains": trains})
        assert info.value.where == where and words in str(info.value), info.value


# ====================================================================== R-VAR-SWAN
SWAN = {"preset": "standard", "swan_drive": True}


def swan_table(hand_ana: list[str], **fields) -> Game:
    """Ana's train ends 5; Ben's (3) and Dee's (2) are public, Cy's (4) private, M ends 1."""
    trains = {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"], "4": ["6-2"], "M": ["6-1"]}
    others = [["5-5", "0-0"], ["4-0", "2-2"], ["1-1", "5-2"]]
    fields.setdefault("rules", SWAN)
    return position(players=FOUR, trains=trains, markers=[2, 4],
                    hands=[hand_ana, *others], **fields)


def test_r_var_swan_drive_goes_clockwise_along_the_public_trains() -> None:
    game = swan_table(["5-0", "3-0", "2-1", "1-4", "3-4"])
    v = allowed(game, "5-0@1", "R-TRAIN-2", "Ana", "Swan Drive")
    assert game.to_play == 0 and game.swan is not None
    assert legal(game) == ["3-0@2", "3-4@2", "end"]
    refused(game, "2-1@4", "R-VAR-SWAN", "Ben's train")
    refused(game, "1-4@M", "R-VAR-SWAN", "Ben's train")
    refused(game, "draw", "R-VAR-SWAN", "Ana")
    refused(game, "pass", "R-VAR-SWAN", "Ana")
    allowed(game, "3-0@2", "R-VAR-SWAN", "Ana", "Ben's train", "clockwise")
    # Cy's train is private, so the drive goes on to Dee's
    assert legal(game) == ["2-1@4", "end"]
    allowed(game, "2-1@4", "R-VAR-SWAN", "Dee's train")
    # then the Mexican train, which stands between the last seat and seat 1
    assert legal(game) == ["1-4@M", "end"]
    allowed(game, "1-4@M", "R-VAR-SWAN", "the Mexican train")
    # back round to Ana's own train: the drive and the turn end
    assert game.to_play == 1 and game.swan is None
    assert [len(game.hand(s)) for s in range(4)] == [1, 2, 2, 2]
    del v


def test_r_var_swan_drive_stops_at_the_first_train_that_does_not_fit() -> None:
    game = swan_table(["5-0", "2-1", "1-4"])
    allowed(game, "5-0@1", "R-TRAIN-2", "Ana")
    # no 3 for Ben's train: the turn ends at once
    assert game.to_play == 1 and game.swan is None


def test_r_var_swan_end_stops_the_drive() -> None:
    game = swan_table(["5-0", "3-0", "2-1"])
    game.push("5-0@1")
    allowed(game, "end", "R-VAR-SWAN", "Ana", "stops")
    assert game.to_play == 1
    refused(game, "end", "R-FIRST-1")


def test_r_var_swan_a_double_on_the_drive_must_be_covered_first() -> None:
    game = swan_table(["5-0", "3-3", "3-1", "2-4"])
    game.push("5-0@1")
    v = allowed(game, "3-3@2", "R-VAR-SWAN", "Ana", "must cover it")
    assert legal(game) == ["3-1@2"]
    refused(game, "2-4@4", "R-VAR-SWAN", "3-3", "cover")
    allowed(game, "3-1@2", "R-DBL-1", "Ana", "covering the double 3-3")
    assert legal(game) == ["2-4@4", "end"]
    del v


def test_r_var_swan_needs_a_play_on_your_own_train() -> None:
    game = swan_table(["3-0", "2-1", "1-4"])
    allowed(game, "3-0@2", "R-MARK-1", "Ana")
    assert game.to_play == 1
    # without the option the turn ends after the own-train play
    plain = swan_table(["5-0", "3-0"], rules={"preset": "standard"})
    v = allowed(plain, "5-0@1", "R-TRAIN-2", "Ana")
    assert "Swan" not in v.reason and plain.to_play == 1


def test_r_var_swan_may_skip_the_mexican_train() -> None:
    trains = {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"], "4": ["6-2"], "M": ["6-1"]}
    game = position(players=FOUR, rules=SWAN, trains=trains, markers=[1, 2], to_play=4,
                    hands=[["5-5", "0-0"], ["4-0", "2-2"], ["1-1", "3-3"],
                           ["2-0", "1-4", "5-1", "3-2"]])
    allowed(game, "2-0@4", "R-TRAIN-2", "Dee")
    assert legal(game) == ["1-4@M", "1-5@M", "5-1@1", "end"]
    allowed(game, "5-1@1", "R-VAR-SWAN", "Dee", "Ana's train")
    assert legal(game) == ["3-2@2", "end"]


def test_r_var_swan_positions_round_trip_mid_drive() -> None:
    game = swan_table(["5-0", "3-0", "2-1", "1-4"])
    game.push("5-0@1")
    game.push("3-0@2")
    pos = game.to_position()
    assert pos["turn"]["swan"] == "2"
    again = Game.from_position(pos)
    assert again.to_position() == pos
    assert list(again.legal_moves) == list(game.legal_moves)


# ====================================================================== R-VAR-TEAMS
TEAMS = {"preset": "standard", "teams": True}
TEAM_TRAINS = {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"], "4": ["6-2"]}


def test_r_var_teams_only_for_four_six_or_eight_players() -> None:
    for players in (2, 3, 5, 7):
        with pytest.raises(NotSupportedError, match="4, 6 or 8 players"):
            Game.new(players, rules=TEAMS, seed=1)
    for players in (4, 6, 8):
        game = Game.new(players, rules=TEAMS, seed=1)
        assert game.teams == [(s, s + players // 2) for s in range(players // 2)]
    with pytest.raises(PositionError) as info:
        position(rules=TEAMS, hands=[["6-5"], ["6-1"], ["6-2"]])
    assert info.value.where == "rules" and "4, 6 or 8" in str(info.value)


def test_r_var_teams_partners_sit_opposite_and_play_on_each_others_trains() -> None:
    game = position(players=FOUR, rules=TEAMS, trains=TEAM_TRAINS,
                    hands=[["4-0", "3-1", "2-1"], ["5-5"], ["0-0"], ["1-1"]])
    assert [game.partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert game.team_name(0) == "Ana and Cy"
    assert legal(game) == ["4-0@3"]
    refused(game, "3-1@2", "R-VAR-TEAMS", "Ben", "Dee")
    allowed(game, "4-0@3", "R-VAR-TEAMS", "Ana", "Cy's train", "partner")


def test_r_var_teams_trains_turn_public_only_when_neither_partner_can_play() -> None:
    hands = [["0-0"], ["3-1", "2-2"], ["1-1"], None]
    hands[3] = rest(6, ["6-6"], *TEAM_TRAINS.values(), *hands[:3])
    game = position(players=FOUR, rules=TEAMS, trains=TEAM_TRAINS, hands=hands,
                    boneyard=[])
    v = allowed(game, "pass", "R-VAR-TEAMS", "Ana", "Cy", "no marker")
    assert game.to_position()["markers"] == [] and game.team_passed == [True, False, False,
                                                                         False]
    allowed(game, "3-1@2", None, "Ben")
    v = allowed(game, "pass", "R-VAR-TEAMS", "Cy", "Ana", "both")
    assert game.to_position()["markers"] == [1, 3]
    assert game.train(0).public and game.train(2).public
    del v


def test_r_var_teams_either_partner_takes_both_markers_back() -> None:
    game = position(players=FOUR, rules=TEAMS, trains=TEAM_TRAINS, markers=[1, 3], to_play=3,
                    hands=[["0-0"], ["3-1"], ["5-1", "2-2"], ["1-1"]])
    allowed(game, "5-1@1", "R-VAR-TEAMS", "Cy", "Ana's train")
    assert game.to_position()["markers"] == []


def test_r_var_teams_the_team_going_out_scores_zero() -> None:
    game = position(players=FOUR, rules=TEAMS, trains=TEAM_TRAINS,
                    hands=[["5-1"], ["4-4"], ["2-3"], ["1-0"]])
    game.push("5-1@1")
    assert game.over and game.round_scores == [[0, 8, 0, 1]]
    assert game.team_totals == [0, 9]
    assert game.winners == [0, 2]
    assert [(place, seat) for place, seat, _ in game.standings()] == [
        (1, 0), (1, 2), (3, 1), (3, 3)]
    assert [t for _, _, t in game.standings()] == [0, 0, 9, 9]


def test_r_var_teams_positions_round_trip() -> None:
    hands = [["0-0"], ["3-1"], ["1-1"], None]
    hands[3] = rest(6, ["6-6"], *TEAM_TRAINS.values(), *hands[:3])
    game = position(players=FOUR, rules=TEAMS, trains=TEAM_TRAINS, hands=hands, boneyard=[])
    game.push("pass")
    pos = game.to_position()
    assert pos["team_passed"] == [1]
    again = Game.from_position(pos)
    assert again.to_position() == pos and again.team_passed == game.team_passed


# ====================================================================== all three at once
def test_variants_together_branch_on_a_partner_train_during_a_swan_drive() -> None:
    rules = {"preset": "standard", "teams": True, "swan_drive": True, "branching": True}
    trains = {"1": ["6-5"], "2": ["6-3", "3-3", "3-0"], "3": ["6-4"], "4": ["6-2"]}
    game = position(players=FOUR, rules=rules, trains=trains, markers=[2],
                    hands=[["5-0", "3-1", "4-2"], ["5-5"], ["0-0"], ["1-1"]])
    allowed(game, "5-0@1", "R-TRAIN-2", "Ana")
    assert legal(game) == ["3-1@2.2a", "3-1@2.2b", "end"]
    allowed(game, "3-1@2.2b", "R-VAR-SWAN", "branch 2b of Ben's train")
    # Cy's train is Ana's partner's, open to her without a marker: the drive goes on there
    assert legal(game) == ["4-2@3", "end"]
    allowed(game, "4-2@3", "R-VAR-SWAN", "Cy's train")
    assert game.over and game.out == 0
    assert game.round_scores == [[0, 10, 0, 2]] and game.team_totals == [0, 12]


# ====================================================================== properties
VARIANT_RULES = [
    {"branching": True},
    {"swan_drive": True},
    {"teams": True},
    {"branching": True, "swan_drive": True, "teams": True},
    {"branching": True, "first_turn": "train-building", "engine": "holder"},
    {"swan_drive": True, "double_bonus": "on-double", "may_decline": True},
    {"teams": True, "branching": True, "wild_blanks": True},
    {"swan_drive": True, "first_turn": "delayed", "double_order": "reverse"},
]


def all_tiles(game: Game) -> list[Tile]:
    seen = [Tile(game.engine, game.engine)]
    for s in range(game.n):
        seen += game.hand(s)
    seen += game.boneyard
    for key in game.train_keys():
        seen += [t for t, _ in game.train(key).tiles]
        for b in game.branches(key):
            seen += [t for t, _ in b.tiles]
    return seen


def play_variant_round(game: Game, seed: int) -> list[dict]:
    bot = RandomBot(seed)
    rng = random.Random(seed)
    positions = [game.to_position()]
    bound = 6 * (len(full_set(game.set_max)) + game.n) * (game.n + 2)
    steps = 0
    while not game.over:
        assert steps < bound, "the round did not end"
        moves = list(game.legal_moves)
        assert moves and len(set(moves)) == len(moves)
        if rng.random() < 0.3:
            for m in moves:
                v = game.explain(m)
                assert v.legal and v.move == m and v.rule.startswith("R-"), (m, v)
            # any tile on any line (branches too), either way round: the verdict agrees
            # with the legal moves and explains itself with a rule id
            for tile in game.hand(game.current)[:4]:
                for key in game.train_keys():
                    for path in ["", "1a", *(b.path for b in game.branches(key))]:
                        for inward in {tile.high, tile.low}:
                            m = Move.play(tile, key, inward, path)
                            v = game.explain(m)
                            assert v.rule.startswith("R-") and v.reason.strip(), v
                            assert v.legal == (v.move in moves), (m, v)
                            assert all(x in moves for x in v.suggests), (m, v)
            # the words: draw, pass and end are judged, and what a sentence proposes is legal
            for m in (Move.draw(), Move.pass_(), Move.end()):
                v = game.explain(m)
                assert v.legal == (m in moves), (m, v)
                assert all(x in moves for x in v.suggests), (m, v)
                assert "(R-" not in v.reason, v
                if PROPOSE_PASS.search(v.reason) and not (v.legal and m.kind == "pass"):
                    assert Move.pass_() in v.suggests, v
        move = bot.choose(game)
        assert game.push(move) == move
        counts = Counter(all_tiles(game))
        assert max(counts.values()) == 1 and set(counts) == set(full_set(game.set_max))
        pos = game.to_position()
        again = Game.from_position(pos)
        assert again.to_position() == pos
        assert list(again.legal_moves) == list(game.legal_moves)
        positions.append(pos)
        steps += 1
    scores = game.round_scores[-1]
    if game.rules.teams and game.out is not None:
        q = game.partner(game.out)
        assert scores[game.out] == scores[q] == 0
        assert all(scores[s] == game.pips(s) for s in range(game.n) if s not in (game.out, q))
    else:
        assert scores == [game.pips(s) for s in range(game.n)]
    return positions


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.sampled_from(VARIANT_RULES), seed=st.integers(0, 2**32 - 1),
       players=st.sampled_from((4, 6, 8)), n=st.sampled_from((9, 12)))
def test_variants_random_rounds_keep_every_invariant(options, seed, players, n) -> None:
    if n == 9 and players > 6:
        players = 4
    game = Game.new(players, set=n, rules={"preset": "standard", **options}, seed=seed)
    positions = play_variant_round(game, seed)
    moves = list(game.history)
    loaded = Game.from_json(game.to_json())
    assert loaded.to_position() == game.to_position() and loaded.history == moves
    back = game.copy()
    for k in range(len(moves), 0, -1):
        assert back.pop() == moves[k - 1]
        if k % 7 == 0 or k < 4:
            assert back.to_position() == positions[k - 1]
    assert back.to_position() == positions[0]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.sampled_from(VARIANT_RULES), seed=st.integers(0, 2**32 - 1))
def test_variants_whole_match_of_double_six(options, seed) -> None:
    game = Game.new(4, set=6, rules={"preset": "standard", **options}, seed=seed)
    while True:
        play_variant_round(game, seed + game.round_no)
        if game.is_match_over:
            break
        game.next_round()
    assert len(game.round_scores) == 7
    if game.rules.teams:
        assert len(game.team_totals) == 2
        best = min(game.team_totals)
        assert all(game.team_totals[game.team_of(s)] == best for s in game.winners)
