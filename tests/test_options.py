"""Rules options and presets: one test (at least) per field of ``Rules``, per value of
``OPTION_CHOICES`` and per preset, each named after it."""

from __future__ import annotations

import ast
import re
from dataclasses import fields
from pathlib import Path

import pytest
from enginekit import allowed, hand, legal, position, refused, rest, train
from hypothesis import given
from hypothesis import strategies as st

from mtlearn import (
    PRESETS,
    Game,
    NotSupportedError,
    RandomBot,
    Rules,
    RulesError,
    hand_size,
    play_match,
    play_round,
    preset,
)
from mtlearn.core.ruleids import looks_like_rule_id
from mtlearn.core.rules import OPTION_CHOICES, OPTION_RULES

TESTS = Path(__file__).resolve().parent


# ---------------------------------------------------------------- coverage of the names
def _test_names() -> set[str]:
    names = set()
    for path in TESTS.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
                  and n.name.startswith("test_")}
    return names


def _slug(value: object) -> str:
    return re.sub(r"[^a-z0-9]+", "_", str(value).lower()).strip("_")


def test_every_option_value_and_preset_has_a_test_named_after_it() -> None:
    names = _test_names()
    wanted = [f"test_option_{f.name}" for f in fields(Rules)]
    wanted += [f"test_option_{k}_{_slug(v)}" for k, vs in OPTION_CHOICES.items() for v in vs]
    wanted += [f"test_preset_{_slug(p)}" for p in PRESETS]
    missing = [w for w in wanted if not any(n == w or n.startswith(w + "_") for n in names)]
    assert missing == []


RULE_IDS = """R-SET-1 R-SET-2 R-SET-3 R-SET-4 R-DEAL-1 R-DEAL-2 R-ROUND-1 R-ROUND-2 R-PLAN-1
R-TRAIN-1 R-TRAIN-2 R-TRAIN-3 R-MEX-1 R-MEX-2 R-MARK-1 R-MARK-2 R-MARK-3 R-MARK-4
R-TURN-1 R-TURN-2 R-TURN-3 R-TURN-4 R-TURN-5 R-FIRST-1 R-DBL-1 R-DBL-2 R-DBL-3 R-DBL-4
R-DBL-5 R-DBL-6 R-LAST-1 R-LAST-2 R-END-1 R-END-2 R-SCORE-1 R-SCORE-2 R-SCORE-3
R-SCORE-4""".split()


def test_every_rule_id_of_sections_1_to_8_has_a_test_named_after_it() -> None:
    names = _test_names()
    missing = [r for r in RULE_IDS
               if not any(n.startswith("test_" + r.replace("-", "_") + "_") for n in names)]
    assert missing == []


def test_every_option_names_its_rule() -> None:
    assert set(OPTION_RULES) == {f.name for f in fields(Rules)}
    assert all(looks_like_rule_id(r) for r in OPTION_RULES.values())


# ---------------------------------------------------------------- names and values
def test_unknown_option_names_are_errors_listing_the_known_ones() -> None:
    for make in (lambda: preset("standard", colour="red"),
                 lambda: Rules().replace(colour="red"),
                 lambda: Rules.from_dict({"preset": "standard", "colour": "red"}),
                 lambda: Game.new(2, rules={"colour": "red"})):
        with pytest.raises(RulesError) as info:
            make()
        message = str(info.value)
        assert "'colour'" in message and "known options" in message
        for f in fields(Rules):
            assert f.name in message


def test_unknown_preset_names_are_errors_listing_the_presets() -> None:
    for make in (lambda: preset("tournament"), lambda: Rules.preset("tournament"),
                 lambda: Game.new(2, rules="tournament"),
                 lambda: Rules.from_dict({"preset": "tournament"})):
        with pytest.raises(RulesError) as info:
            make()
        message = str(info.value)
        assert "'tournament'" in message
        for name in PRESETS:
            assert name in message


@pytest.mark.parametrize(("option", "value"), [
    ("deal", "table-c"), ("engine", "dealer"), ("mexican_start", "never"),
    ("first_turn", "slow"), ("double_bonus", "nowhere"), ("double_order", "random"),
    ("drawn_tile", "should"), ("last_tile", "shout"), ("scoring", "double"),
    ("tie_break", "coin")])
def test_bad_option_values_list_the_choices(option: str, value: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules(**{option: value})
    message = str(info.value)
    assert repr(value) in message and option in message
    for choice in OPTION_CHOICES[option]:
        assert repr(choice) in message


@pytest.mark.parametrize(("option", "value"), [
    ("may_decline", "yes"), ("wild_blanks", 1), ("unsatisfiable_double_blocks", None),
    ("hand_size", 0), ("hand_size", 2.5), ("hand_size", True), ("rounds", 0),
    ("rounds", "13"), ("penalty_tiles", -1), ("penalty_tiles", False)])
def test_bad_option_types_are_errors(option: str, value: object) -> None:
    with pytest.raises(RulesError, match=option):
        Rules(**{option: value})


option_values = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in OPTION_CHOICES.items()},
                                      optional={"may_decline": st.booleans(),
                                                "wild_blanks": st.booleans(),
                                                "hand_size": st.none() | st.integers(1, 20),
                                                "rounds": st.none() | st.integers(1, 19),
                                                "penalty_tiles": st.integers(0, 5)})


@given(options=option_values)
def test_rules_dict_round_trip(options: dict) -> None:
    rules = Rules(**options)
    d = rules.to_dict()
    assert d["preset"] in PRESETS
    assert Rules.from_dict(d) == rules
    assert rules.name.startswith(d["preset"])


def test_rules_are_frozen_and_replace_makes_a_copy() -> None:
    r = Rules()
    with pytest.raises(AttributeError):
        r.deal = "table-b"  # type: ignore[misc]
    r2 = r.replace(last_tile="announce")
    assert r.last_tile == "off" and r2.last_tile == "announce"
    assert r2.name == "standard (last_tile=announce)"
    assert Rules.preset("house", last_tile="off").last_tile == "off"
    with pytest.raises(RulesError, match="must be an object"):
        Rules.from_dict("standard")  # type: ignore[arg-type]


# ---------------------------------------------------------------- deal, hand_size
def test_option_deal_standard() -> None:
    game = Game.new(5, set=12, rules={"deal": "standard"}, seed=1)
    assert [len(game.hand(s)) for s in range(5)] == [12] * 5


def test_option_deal_table_b() -> None:
    game = Game.new(5, set=12, rules={"deal": "table-b"}, seed=1)
    assert [len(game.hand(s)) for s in range(5)] == [14] * 5
    assert hand_size(Rules(deal="table-b"), 12, 8) == 9


def test_option_deal_small_sets() -> None:
    game = Game.new(3, set=9, rules={"deal": "small-sets"}, seed=1)
    assert [len(game.hand(s)) for s in range(3)] == [8] * 3
    assert len(game.boneyard) == 55 - 1 - 24


def test_option_hand_size_overrides_the_table() -> None:
    game = Game.new(3, set=12, rules={"hand_size": 5}, seed=1)
    assert [len(game.hand(s)) for s in range(3)] == [5, 5, 5]
    assert len(game.boneyard) == 90 - 15
    with pytest.raises(RulesError, match="negative"):
        Game.new(4, set=6, rules={"hand_size": 7}, seed=1)


# ---------------------------------------------------------------- engine
def test_option_engine_hub() -> None:
    game = Game.new(3, set=9, rules={"engine": "hub"}, seed=3)
    assert game.to_play == 0 and game.notes == []
    assert sum(len(game.hand(s)) for s in range(3)) + len(game.boneyard) == 54


def test_option_engine_holder() -> None:
    for seed in range(10):
        game = Game.new(4, set=12, rules={"engine": "holder"}, seed=seed)
        seat = game.to_play
        assert game.notes[-1].startswith(f"{game.players[seat]} held 12-12")
        assert sum(len(game.hand(s)) for s in range(4)) + len(game.boneyard) == 90


# ---------------------------------------------------------------- mexican_start
HANDS3 = [["6-5", "5-4", "1-1"], ["6-1", "1-3", "2-2"], ["6-2", "2-0", "3-3"]]


def test_option_mexican_start_any() -> None:
    game = position(rules={"mexican_start": "any"}, hands=HANDS3)
    allowed(game, "6-5@M", "R-MEX-1", "Ana")


def test_option_mexican_start_after_first_round() -> None:
    game = position(rules={"mexican_start": "after-first-round"}, hands=HANDS3)
    refused(game, "6-5@M", "R-MEX-2", "Ana", "Mexican train", "first turn")
    assert legal(game) == ["6-5@1"]
    for move in ["6-5@1", "6-1@2"]:
        game.push(move)
    refused(game, "6-2@M", "R-MEX-2", "Cy")       # Cy's first turn is still in the round
    game.push("6-2@3")
    assert game.turns_taken == 3
    assert "5-4@1" in legal(game)
    # from Ana's second turn on, the Mexican train may be started (with a 6)
    game2 = position(rules={"mexican_start": "after-first-round"}, turns_played=3,
                     hands=[["6-4", "1-1"], ["6-1"], ["6-2"]], trains={"1": ["6-5"]})
    allowed(game2, "6-4@M", "R-MEX-1", "Ana")


def test_option_mexican_start_after_all_started() -> None:
    rules = {"mexican_start": "after-all-started"}
    game = position(rules=rules, turns_played=5, hands=[["6-4", "1-1"], ["6-1"], ["6-2"]],
                    trains={"1": ["6-5"], "2": ["6-3"]})
    refused(game, "6-4@M", "R-MEX-2", "Ana", "own train has been started")
    game = position(rules=rules, hands=[["6-4", "1-1"], ["6-1"], ["2-2"]],
                    trains={"1": ["6-5"], "2": ["6-3"], "3": ["6-0"]})
    allowed(game, "6-4@M", "R-MEX-1", "Ana")


# ---------------------------------------------------------------- first_turn
def test_option_first_turn_normal() -> None:
    game = position(rules={"first_turn": "normal"}, hands=HANDS3)
    assert legal(game) == ["6-5@1", "6-5@M"]
    game.push("6-5@1")
    assert game.to_play == 1
    refused(game, "end", "R-FIRST-1", "train-building")


def test_option_first_turn_train_building() -> None:
    game = position(rules={"first_turn": "train-building"}, hands=HANDS3)
    assert legal(game) == ["6-5@1"]
    game.push("6-5@1")
    game.push("5-4@1")
    assert legal(game) == ["end"]
    game.push("end")
    game.push("6-1@2")
    assert legal(game) == ["1-3@2", "end"]        # may stop early
    game.push("end")
    assert train(game, 1) == ["6-1"]


def test_option_first_turn_fast() -> None:
    game = position(rules={"first_turn": "fast"}, hands=[["6-5", "5-4", "1-0"], ["6-1", "2-2"],
                                                        ["3-3", "1-1"]],
                    boneyard={"top": ["2-0"]})
    game.push("6-5@1")
    refused(game, "end", "R-VAR-FAST", "as long as possible", "5-4")
    refused(game, "1-0@M", "R-VAR-FAST", "Ana", "the Mexican train")
    game.push("5-4@1")
    assert legal(game) == ["end"]
    game.push("end")
    game.push("6-1@2")
    game.push("end")
    assert legal(game) == ["pass"]                 # Cy cannot start: marker, no draw
    game.push("pass")
    assert game.train(2).marker and hand(game, 2) == ["3-3", "1-1"]
    # then normal turns: one tile, anywhere allowed
    assert game.to_play == 0 and legal(game) == ["draw"]
    game.push("draw")
    assert legal(game) == ["pass"]               # 2-0 fits nothing


def test_option_first_turn_fast_going_out_waits_for_every_first_turn() -> None:
    game = position(rules={"first_turn": "fast"}, hands=[["6-5", "2-0"], ["6-3", "3-1"],
                                                        ["6-2", "1-1", "4-4"]])
    for move in ["6-5@1", "end", "6-3@2", "3-1@2"]:
        game.push(move)
    assert hand(game, 1) == [] and not game.over and game.to_play == 2
    game.push("6-2@3")
    game.push("end")
    assert game.over and game.out == 1 and game.round_scores == [[2, 0, 10]]


def test_option_first_turn_delayed() -> None:
    game = position(rules={"first_turn": "delayed"}, trains={"M": ["6-0"]},
                    hands=[["6-5", "5-4", "1-0"], ["6-1", "2-2", "1-3"], ["3-3", "1-1"]])
    assert legal(game) == ["0-1@M", "6-5@1"]
    game.push("0-1@M")                            # a normal turn: one tile
    assert game.to_play == 1
    game.push("6-1@2")                            # Ben starts his train: his building turn
    assert game.to_play == 1
    assert legal(game) == ["1-3@2", "end"]
    refused(game, "2-2@M", "R-VAR-DELAY", "Ben", "the Mexican train")
    allowed(game, "1-3@2", "R-FIRST-1", "Ben")
    game.push("end")
    assert train(game, 1) == ["6-1", "1-3"] and game.to_play == 2


# ---------------------------------------------------------------- double_bonus
def test_option_double_bonus_anywhere() -> None:
    game = position(rules={"double_bonus": "anywhere"}, hands=[["5-5", "4-2", "5-1"], ["6-3"],
                                                              ["6-2"]],
                    trains={"1": ["6-5"], "M": ["6-4"]})
    game.push("5-5@1")
    assert legal(game) == ["4-2@M", "5-1@1"]


def test_option_double_bonus_on_double() -> None:
    rules = {"double_bonus": "on-double"}
    game = position(rules=rules, hands=[["5-5", "4-2", "5-1"], ["6-3"], ["6-2"]],
                    trains={"1": ["6-5"], "M": ["6-4"]})
    game.push("5-5@1")
    assert legal(game) == ["5-1@1"]
    refused(game, "4-2@M", "R-VAR-ANSWER", "Ana", "5-5", "Ana's train")
    allowed(game, "5-1@1", "R-DBL-1")
    # no tile for it: draw, and mark if the drawn tile does not answer it
    game = position(rules=rules, hands=[["5-5", "4-2"], ["6-3"], ["6-2"]],
                    trains={"1": ["6-5"], "M": ["6-4"]}, boneyard={"top": ["4-1"]})
    game.push("5-5@1")
    assert legal(game) == ["draw"]
    game.push("draw")
    assert legal(game) == ["pass"]                # 4-1 would fit the Mexican train: not allowed
    game.push("pass")
    assert game.train(0).marker and game.open_double_trains == [0]


# ---------------------------------------------------------------- double_order
SEVERAL = dict(trains={"1": ["6-5"], "M": ["6-4"]},
               hands=[["5-5", "4-4", "5-1", "4-2"], ["5-3", "4-0"], ["1-1"]])


def test_option_double_order_laid() -> None:
    game = position(rules={"double_order": "laid"}, **SEVERAL)
    game.push("5-5@1")
    game.push("4-4@M")
    assert legal(game) == ["5-1@1"]
    refused(game, "4-2@M", "R-DBL-4", "first", "5-5")


def test_option_double_order_reverse() -> None:
    game = position(rules={"double_order": "reverse"}, **SEVERAL)
    game.push("5-5@1")
    game.push("4-4@M")
    assert legal(game) == ["4-2@M"]
    refused(game, "5-1@1", "R-VAR-REVERSE", "last", "4-4", "the Mexican train")
    game.push("4-2@M")
    # Ben: the doubles left open are covered in reverse order too (only 5-5 is left here)
    assert game.open_double_trains == [0]
    game = position(rules={"double_order": "reverse"}, trains={"1": ["6-5", "5-5"],
                                                              "M": ["6-4", "4-4"]},
                    open_doubles=["1", "M"], hands=[["5-3", "4-0"], ["1-1"], ["2-2"]])
    assert legal(game) == ["4-0@M"]
    refused(game, "5-3@1", "R-VAR-REVERSE", "4-4", "reverse order")


# ---------------------------------------------------------------- unsatisfiable_double_blocks
UNSAT = dict(trains={"1": ["6-5", "5-3"], "2": ["6-3", "3-3"], "3": ["6-1", "1-3", "3-0"],
                     "M": ["6-4", "4-3", "3-2"]}, open_doubles=["2"],
             hands=[["2-1", "4-4"], ["5-5"], ["5-4"]])


def test_option_unsatisfiable_double_blocks() -> None:
    assert legal(position(rules={"unsatisfiable_double_blocks": False}, **UNSAT)) == ["2-1@M"]
    game = position(rules={"unsatisfiable_double_blocks": True}, **UNSAT)
    assert legal(game) == ["draw"]
    refused(game, "2-1@M", "R-DBL-3", "3-3")


# ---------------------------------------------------------------- drawn_tile
def test_option_drawn_tile_must() -> None:
    game = position(rules={"drawn_tile": "must"}, hands=[["5-5", "4-4"], ["6-1"], ["6-2"]],
                    boneyard={"top": ["6-3"]})
    game.push("draw")
    refused(game, "pass", "R-TURN-3", "Ana", "6-3", "must play it")
    assert legal(game) == ["6-3@1", "6-3@M"]


def test_option_drawn_tile_may() -> None:
    game = position(rules={"drawn_tile": "may"}, hands=[["5-5", "4-4"], ["6-1"], ["6-2"]],
                    boneyard={"top": ["6-3"]})
    game.push("draw")
    assert legal(game) == ["6-3@1", "6-3@M", "pass"]
    allowed(game, "pass", "R-VAR-STRICT-DRAW", "Ana", "marker")
    assert hand(game, 0) == ["5-5", "4-4", "6-3"] and game.train(0).marker


# ---------------------------------------------------------------- last_tile, penalty_tiles
LAST = [["6-5", "4-4"], ["6-1", "1-1", "2-1"], ["6-2", "2-2", "3-0"]]


def test_option_last_tile_off() -> None:
    game = position(rules={"last_tile": "off"}, hands=LAST)
    assert "uno" not in legal(game)
    game.push("6-5@1")
    game.push("6-1@2")
    assert hand(game, 0) == ["4-4"]


def test_option_last_tile_announce() -> None:
    game = position(rules={"last_tile": "announce"}, hands=LAST)
    assert "uno" in legal(game)
    game.push("6-5@1")
    game.push("6-1@2")
    assert hand(game, 0) == ["4-4"] and game.notes == []


def test_option_last_tile_penalty() -> None:
    game = position(rules={"last_tile": "penalty"}, hands=LAST, boneyard={"top": ["0-0", "1-0"]})
    game.push("6-5@1")
    game.push("6-1@2")
    assert hand(game, 0) == ["4-4", "0-0", "1-0"]


def test_option_penalty_tiles() -> None:
    game = position(rules={"last_tile": "penalty", "penalty_tiles": 3}, hands=LAST,
                    boneyard={"top": ["0-0", "1-0", "5-5", "4-0"]})
    game.push("6-5@1")
    game.push("6-1@2")
    assert hand(game, 0) == ["4-4", "0-0", "1-0", "5-5"]
    assert "draws 3 (R-LAST-2)" in game.notes[0]


# ---------------------------------------------------------------- scoring
def test_option_scoring_double_blank_50() -> None:
    r = Rules(scoring="double-blank-50")
    assert [r.tile_value(0, 0), r.tile_value(5, 0), r.tile_value(6, 3)] == [50, 5, 9]


def test_option_scoring_blanks_25() -> None:
    r = Rules(scoring="blanks-25")
    assert [r.tile_value(0, 0), r.tile_value(5, 0), r.tile_value(6, 3)] == [50, 30, 9]
    game = position(rules={"scoring": "blanks-25"}, hands=[["5-3"], ["0-0", "1-0"], ["6-0", "2-2"]],
                    trains={"1": ["6-5"]})
    assert game.pips(1) == 76 and game.pips(2) == 35
    game.push("5-3@1")
    assert game.round_scores == [[0, 76, 35]]


# ---------------------------------------------------------------- tie_break
def _finished(scores: list[list[int]], tie_break: str) -> Game:
    # the given rounds are finished and the next one just dealt: a finished round's
    # scores must be the pips left in hand, so the table is given as earlier rounds
    k = len(scores)
    return position(players=["Ana", "Ben"], rules={"rounds": k + 1, "tie_break": tie_break},
                    round=k + 1, scores=scores, hands=[["1-0"], ["2-0"]])


def test_option_tie_break_zero_rounds() -> None:
    game = _finished([[0, 5], [0, 5], [15, 5]], "zero-rounds")
    assert game.standings() == [(1, 0, 15), (2, 1, 15)] and game.winners == [0]


def test_option_tie_break_shared() -> None:
    game = _finished([[0, 5], [0, 5], [15, 5]], "shared")
    assert game.standings() == [(1, 0, 15), (1, 1, 15)] and game.winners == [0, 1]
    game = _finished([[0, 5], [0, 5], [14, 5]], "shared")
    assert game.winners == [0]


# ---------------------------------------------------------------- may_decline
def test_option_may_decline() -> None:
    rules = {"may_decline": True}
    game = position(rules=rules, hands=[["6-5", "4-4"], ["6-1"], ["6-2"]],
                    boneyard={"top": ["6-3"]})
    assert legal(game) == ["6-5@1", "6-5@M", "draw"]
    allowed(game, "draw", "R-VAR-CHOOSE", "Ana", "decline")
    # having declined, Ana may pass even though the drawn 6-3 fits
    assert legal(game) == ["6-3@1", "6-3@M", "pass"]
    allowed(game, "pass", "R-VAR-CHOOSE", "Ana", "marker")
    assert game.train(0).marker and game.to_play == 1
    refused(position(hands=[["6-5", "4-4"], ["6-1"], ["6-2"]]), "draw", "R-TURN-2", "Ana")


def test_option_may_decline_with_an_empty_boneyard_passes() -> None:
    ana = ["6-5", "4-4"]
    game = position(players=["Ana", "Ben"], rules={"may_decline": True},
                    hands=[ana, rest(6, ana, "6-6")])
    assert legal(game) == ["6-5@1", "6-5@M", "pass"]
    allowed(game, "pass", "R-VAR-CHOOSE", "Ana", "declines")
    assert game.train(0).marker


# ---------------------------------------------------------------- wild_blanks
def test_option_wild_blanks() -> None:
    game = position(rules={"wild_blanks": True}, hands=[["3-0", "4-2", "1-1"], ["0-2"], ["5-5"]],
                    trains={"1": ["6-5"], "M": ["6-0"]})
    # a blank matches any number, and a blank end takes any tile, either way round
    assert legal(game) == ["0-3@1", "0-3@M", "1-1@M", "2-4@M", "3-0@M", "4-2@M"]
    v = allowed(game, "3-0@1", None, "Ana")
    assert v.move.inward == 0 and game.train(0).open_end == 3
    assert refused(position(hands=[["3-0"], ["0-2"], ["5-5"]], trains={"1": ["6-5"]}),
                   "3-0@1", "R-TRAIN-2").rule == "R-TRAIN-2"


def test_option_wild_blanks_start_a_train_with_a_blank() -> None:
    game = position(rules={"wild_blanks": True}, hands=[["2-0", "1-1"], ["4-2"], ["5-5"]])
    assert legal(game) == ["0-2@1", "0-2@M"]
    game.push("2-0@1")
    assert train(game, 0) == ["0-2"]


def test_option_wild_blanks_a_blank_double_can_be_covered_by_any_tile() -> None:
    # every 0 is on the table, but with wild blanks Ana's 5-3 can still cover Ben's 0-0
    # (R-DBL-6 must not treat that double as impossible to cover)
    game = position(rules={"wild_blanks": True}, hands=[["5-3", "1-1"], ["6-4", "2-2"], ["3-3"]],
                    trains={"2": ["6-0", "0-0"],
                            "M": ["6-5", "5-0", "0-4", "4-3", "3-0", "0-2", "2-1", "1-0"]},
                    open_doubles=["2"])
    assert legal(game) == ["1-1@2", "3-5@2", "5-3@2"]
    refused(game, "5-3@M", "R-DBL-3", "0-0", "Ben's train")
    allowed(game, "5-3@2", "R-DBL-3", "Ana", "covering the double 0-0 on Ben's train")


# ---------------------------------------------------------------- the last three variants
# (rule by rule in test_variants.py; here: each option is accepted and changes play)
def test_option_branching() -> None:
    game = position(rules={"branching": True}, trains={"1": ["6-3", "3-3", "3-1"]},
                    hands=[["3-5", "1-4"], ["6-0"], ["6-2"]])
    assert legal(game) == ["1-4@1", "3-5@1.2a", "3-5@1.2b"]
    allowed(game, "3-5@1.2b", "R-VAR-BRANCH", "branch 2b of Ana's train")
    assert Game.new(3, rules=Rules(branching=True), seed=1).branches(0) == []


def test_option_swan_drive() -> None:
    game = position(rules={"swan_drive": True}, trains={"1": ["6-5"], "2": ["6-3"]},
                    markers=[2], hands=[["5-0", "3-1", "2-2"], ["6-0"], ["6-2"]])
    allowed(game, "5-0@1", "R-TRAIN-2", "Ana", "Swan Drive")
    assert legal(game) == ["3-1@2", "end"]
    assert Game.new(3, rules=Rules(swan_drive=True), seed=1).swan is None


def test_option_teams() -> None:
    game = Game.new(4, rules=Rules(teams=True), seed=1)
    assert game.teams == [(0, 2), (1, 3)]
    with pytest.raises(NotSupportedError, match=r"Partnerships \(R-VAR-TEAMS\) are played by "
                                                r"4, 6 or 8 players"):
        Game.new(3, rules=Rules(teams=True))


def test_option_combinations_the_reference_rules_out_are_the_only_refusals() -> None:
    """Every option combination plays, except partnerships at a table of the wrong size."""
    for players in range(2, 9):
        rules = Rules(teams=True, branching=True, swan_drive=True)
        if players in (4, 6, 8):
            rules.check_supported(players)
            Game.new(players, rules=rules, seed=players)
        else:
            with pytest.raises(NotSupportedError) as info:
                rules.check_supported(players)
            assert isinstance(info.value, RulesError) and isinstance(info.value, ValueError)
            with pytest.raises(NotSupportedError, match="4, 6 or 8"):
                Game.new(players, rules=rules, seed=1)
    Rules(branching=True, swan_drive=True).check_supported(3)


# ---------------------------------------------------------------- rounds
def test_option_rounds() -> None:
    game = Game.new(2, set=6, rules={"rounds": 3}, seed=5)
    assert game.rounds == 3
    play_match(game, RandomBot(1))
    assert game.is_match_over and game.round_no == 3 and len(game.round_scores) == 3
    assert game.engine == 4
    with pytest.raises(RulesError, match="at most 7 rounds"):
        Game.new(2, set=6, rules={"rounds": 8})
    assert Game.new(2, set=6, seed=1).rounds == 7


# ---------------------------------------------------------------- presets
def test_preset_standard() -> None:
    assert preset("standard") == Rules() == Rules.preset()
    game = Game.new(4, seed=2)
    assert game.rules == Rules() and game.rules.name == "standard"
    for f in fields(Rules):
        assert getattr(Rules(), f.name) == f.default


def test_preset_train_building() -> None:
    r = preset("train-building")
    assert (r.engine, r.first_turn, r.mexican_start, r.drawn_tile) == (
        "holder", "train-building", "after-first-round", "may")
    game = Game.new(3, set=9, rules="train-building", seed=4)
    assert all(m.train == game.to_play or m.kind != "play" for m in game.legal_moves)
    play_round(game, RandomBot(4))
    assert game.over


def test_preset_answer_double() -> None:
    r = preset("answer-double")
    assert (r.engine, r.double_bonus, r.last_tile) == ("holder", "on-double", "announce")
    game = position(rules="answer-double", hands=[["5-5", "4-2", "5-1"], ["6-3"], ["6-2"]],
                    trains={"1": ["6-5"], "M": ["6-4"]})
    game.push("5-5@1")
    assert legal(game) == ["5-1@1", "uno"]       # answer the double; two tiles left: announce


def test_preset_table_b() -> None:
    r = preset("table-b")
    assert (r.deal, r.last_tile) == ("table-b", "announce")
    game = Game.new(3, rules="table-b", seed=1)
    assert len(game.hand(0)) == 16


def test_preset_house() -> None:
    r = preset("house")
    assert (r.deal, r.scoring, r.last_tile, r.double_bonus) == (
        "small-sets", "blanks-25", "penalty", "on-double")
    game = Game.new(4, rules="house", seed=1)
    assert len(game.hand(0)) == 12
    assert r.tile_value(3, 0) == 28


def test_preset_choose() -> None:
    r = preset("choose")
    assert (r.may_decline, r.last_tile, r.drawn_tile) == (True, "penalty", "may")
    game = position(rules="choose", hands=[["6-5", "4-4", "3-3"], ["6-1"], ["6-2"]])
    assert legal(game) == ["6-5@1", "6-5@M", "draw"]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_survive_a_save_and_load(name: str) -> None:
    game = Game.new(3, set=9, rules=name, seed=8)
    play_round(game, RandomBot(3))
    again = Game.from_json(game.to_json())
    assert again.rules == PRESETS[name]
    assert again.to_position() == game.to_position()
