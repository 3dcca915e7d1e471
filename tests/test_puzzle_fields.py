"""Puzzle files are read strictly, goals judge truly, and a teacher's messages are true.

Each test is a reproducer from issue 17: a value of the wrong type in a puzzle file is a
one-line ``PuzzleError`` naming the field (never a raw exception, never read as something
else), the ``open_trains`` goal agrees with the engine, ``goes_out`` is a goal, and the
messages a teacher reads say what happened in plain words.
"""

from __future__ import annotations

import copy
import math
import re
from pathlib import Path

import pytest
import yaml

from mtlearn import Game
from mtlearn.content import puzzles
from mtlearn.content.fields import plural, unknown_rule
from mtlearn.content.puzzle_record import MAX_PRECOMPUTED
from mtlearn.content.puzzles import PuzzleError, check, from_data, load_text
from mtlearn.content.scenario import ScenarioError
from mtlearn.content.scenario import load_text as load_scenario
from mtlearn.core.ruleids import RULES
from mtlearn.core.tiles import Tile
from mtlearn.hosts.pages import puzzle_page

REPO = Path(__file__).resolve().parents[1]
COVER = (REPO / "mtlearn/puzzles/doubles/01-cover-the-double.yaml").read_text(encoding="utf-8")
OPEN_TO_CY = (REPO / "mtlearn/puzzles/turns/04-open-to-cy.yaml").read_text(encoding="utf-8")


def refused(text: str, where: str, *words: str) -> PuzzleError:
    """Reading (and proving) ``text`` raises a one-line PuzzleError at ``where``."""
    with pytest.raises(PuzzleError) as ei:
        check(load_text(text, "bad.yaml"))
    e = ei.value
    assert e.where == where, str(e)
    assert "\n" not in str(e) and str(e).startswith("bad.yaml, line "), str(e)
    for w in words:
        assert w in str(e), str(e)
    return e


# ----------------------------------------------------------------------------- typed goals
@pytest.mark.parametrize("goal, where, words", [
    ("{plays: .inf}", "goal.plays", "not infinity"),                       # was OverflowError
    ("{covers_double: .nan}", "goal.covers_double", "true or false, not NaN"),
    ('{covers_double: "false"}', "goal.covers_double", "without quotes"),  # was read as true
    ("{plays: 1.5}", "goal.plays", "from 1 to 4 (the player to play holds 3 tiles), not 1.5"),
    ('{plays: "2"}', "goal.plays", "not the text '2'"),
    ("{plays: -1}", "goal.plays", "from 1 to 4 (the player to play holds 3 tiles), not -1"),
    ("{plays: true}", "goal.plays", "not true"),
    ("{plays: 99999999999999999999}", "goal.plays", "from 1 to 4"),
    ('{goes_out: "yes"}', "goal.goes_out", "not the text 'yes'"),
    ("{move_kind: jump}", "goal.move_kind", "'jump' is not one of draw, end, pass, play"),
    ("{on_train: 1.5}", "goal.on_train", "not 1.5"),
    ("{markers: Ana}", "goal.markers", "a list of players"),
])
def test_goal_values_of_the_wrong_type_are_refused(goal, where, words):
    text = COVER.replace("goal: {covers_double: true}", f"goal: {goal}")
    refused(text, where, words)


def test_goal_values_refused_from_json_data_too():
    data = yaml.safe_load(COVER)
    for value in (math.inf, -math.inf, math.nan, 1.5, "2", True, 10**30):
        d = copy.deepcopy(data)
        d["goal"] = {"plays": value}
        with pytest.raises(PuzzleError, match=r"^t\.json: goal\.plays: must be a whole number"):
            from_data(d, "t.json")
    d = copy.deepcopy(data)
    d["goal"] = {"covers_double": math.nan}
    with pytest.raises(PuzzleError, match="true or false, not NaN"):
        from_data(d, "t.json")


def test_nested_teaches_and_ask_lists_are_refused_not_crashes():
    refused(COVER.replace("teaches: [R-DBL-3]", "teaches: [[R-DBL-3]]"), "teaches[0]",
            "is not a rule id like R-MARK-1")
    text = (COVER.replace("kind: move", "kind: choose")
            .replace("goal: {covers_double: true}", "goal: {ask: [next_player]}"))
    refused(text, "goal.ask", "is not one of the questions")


def test_a_goal_that_fits_its_kind_still_loads_and_proves():
    p = load_text(COVER, "ok.yaml")
    assert p.goal == {"covers_double": True}
    assert check(p)[0] == "1 right answer"


def test_json_nested_too_deep_is_refused():
    data = yaml.safe_load(COVER)
    v: object = "x"
    for _ in range(5000):
        v = [v]
    data["answer"] = v
    with pytest.raises(PuzzleError, match=r"answer\[0\]: values nested more than 64"):
        from_data(data, "t.json")


def test_a_sequence_too_big_to_precompute_is_a_puzzle_error():
    # a train-building turn over a hand that chains every way: tens of thousands of turns
    hand = ["12-1", "12-2", "12-3", "12-4", "1-2", "1-3", "1-4", "2-3", "2-4", "3-4",
            "1-1", "2-2", "3-3", "4-4"]
    data = {"id": "big", "title": "Big", "family": "setup", "level": 3,
            "teaches": ["R-FIRST-1"], "rules": {"preset": "standard",
                                                "first_turn": "train-building"},
            "position": {"set": 12, "players": ["Ana", "Ben"],
                         "hands": [hand, ["5-6", "7-8"]],
                         "boneyard": {"top": ["9-9"], "rest": "sorted"}},
            "question": "Build your train.", "kind": "sequence", "goal": {"plays": 2},
            "hints": ["a", "b"], "answer": ["12-1@1", "1-2@1", "end"]}
    p = from_data(data, "big.json")
    with pytest.raises(PuzzleError) as ei:
        check(p)
    assert f"at most {MAX_PRECOMPUTED:,} judged answers" in str(ei.value)
    with pytest.raises(PuzzleError):   # what `mtlearn html` calls
        puzzle_page(p)


# ----------------------------------------------------------------------------- open trains
OPEN_DOUBLE = {
    "id": "open-double-trains", "title": "Open trains", "family": "turns", "level": 3,
    "teaches": ["R-DBL-3"],
    "position": {"set": 12, "players": ["Ana", "Ben", "Cy"],
                 "trains": {"1": ["12-4"], "2": ["12-6", "6-6"], "3": ["12-8"],
                            "M": ["12-3"]},
                 "open_doubles": ["2"], "markers": [2, 3],
                 "hands": [["6-1", "4-9"], ["7-11", "3-2"], ["10-3", "8-8"]],
                 "boneyard": {"top": ["1-1"], "rest": "sorted"}, "to_play": 1},
    "question": "Which trains may Ana play on?", "kind": "choose",
    "goal": {"ask": "open_trains"}, "hints": ["a", "b"], "answer": ["2"],
    "wrong": [{"answer": ["1", "2", "3", "M"], "expect": "R-DBL-3"}],
}


def test_open_trains_follows_the_engine_with_an_open_double():
    # Ben's 6-6 is open and two trains are marked: the engine allows only Ben's train
    p = from_data(copy.deepcopy(OPEN_DOUBLE), "t.json")
    assert p.game.target_trains == [1]
    assert p.truth() == ["2"]
    assert p.judge(["2"]).status == "right"           # was: "you left out Ana's train"
    fb = p.judge(["1", "2", "3", "M"])                 # was: accepted
    assert fb.status == "wrong" and fb.rule == "R-DBL-3"
    assert "Ana's train is not open now" in fb.text and "6-6 on Ben's train" in fb.text
    assert check(p)


def test_open_trains_follows_a_variant_that_delays_the_mexican_train():
    d = copy.deepcopy(OPEN_DOUBLE)
    d["rules"] = {"preset": "standard", "mexican_start": "after-first-round"}
    d["position"].update(trains={"1": ["12-4"], "2": ["12-6"]}, open_doubles=[], markers=[2])
    d["answer"], d["wrong"] = ["1", "2"], [{"answer": ["1", "2", "M"], "expect": "R-MEX-2"}]
    p = from_data(d, "t.json")
    assert p.truth() == ["1", "2"]
    fb = p.judge(["1", "2", "M"])
    assert fb.status == "wrong" and "may not start the Mexican train" in fb.text
    assert p.judge(["2"]).text.startswith("You left out a train: Ana's train is Ana's own")
    check(p)


TARGET_RULES = [{"mexican_start": "after-first-round"}, {"mexican_start": "after-all-started"},
                {"first_turn": "train-building"}, {"first_turn": "fast"}, {"branching": True},
                {"swan_drive": True}, {"teams": True}, {"double_bonus": "on-double"},
                {"double_order": "reverse"}, {"wild_blanks": True}]


@pytest.mark.parametrize("options", TARGET_RULES, ids=lambda o: "-".join(map(str, o.items())))
def test_target_trains_agree_with_legal_moves_in_random_positions(options):
    """Every train a legal play uses is one of the engine's targets (under each variant),
    and the refusal of any other train is the engine's own refusal, with a rule id."""
    from mtlearn import RandomBot
    for seed in range(30):
        g = Game.new(4, seed=seed, set=9, rules={"preset": "standard", **options})
        bot = RandomBot(seed)
        for _ in range(seed % 30):
            if g.over:
                break
            g.push(bot.choose(g))
        if g.over:
            continue
        targets = g.target_trains
        assert {m.train for m in g.legal_moves if m.kind == "play"} <= set(targets)
        for k in g.train_keys():
            v = g.train_refusal(k)
            assert (v is None) == (k in targets)
            assert v is None or (not v.legal and v.rule in RULES)


def test_a_train_ticked_twice_is_told_so():
    p = load_text(OPEN_TO_CY, "t.yaml")
    fb = p.judge(["1", "1", "3", "M"])
    assert fb.status == "wrong"
    assert fb.text == "You ticked Ana's train twice: tick each train once."   # was "Not quite: ."
    fb = p.judge(["3", "3"])
    assert "twice" in fb.text and "You left out a train" in fb.text


# ----------------------------------------------------------------------------- goes out
def test_goes_out_goal():
    p = puzzles.get("go-out-this-turn")
    assert p.goal == {"goes_out": True}
    assert p.judge(["8-8@1", "8-4@1"]).status == "right"
    fb = p.judge(["8-4@1"])
    assert fb.status == "wrong"
    assert "Ana still holds 1 tile (8-8): the goal is to go out this turn" in fb.text
    assert "R-END-1" in fb.text
    check(p)


def test_goes_out_in_a_move_puzzle_and_typed():
    text = (COVER.replace('- ["6-2", "9-4", "11-0"]', '- ["6-2"]')
            .replace("goal: {covers_double: true}", "goal: {goes_out: true}")
            .replace("  - {answer: 11-0@2, expect: R-DBL-3}\n", ""))
    text = text.replace("9-4@M", "draw")
    p = load_text(text, "t.yaml")
    assert p.judge("6-2@1").status == "right"
    refused(text.replace("goes_out: true", "goes_out: 1"), "goal.goes_out", "true or false")


# ----------------------------------------------------------------------------- messages
def test_a_number_answer_in_words_gets_a_plain_sentence():
    p = puzzles.get("count-the-hand")
    fb = p.judge("forty-seven")
    assert fb.status == "invalid"
    assert "invalid literal" not in fb.text
    assert "'forty-seven' is not a whole number: write it in digits, like 47" in fb.text
    assert p.judge(f" {p.truth()} ").status == "right"
    assert p.judge(True).status == "invalid" and p.judge(4.5).status == "invalid"


def test_check_names_the_rule_a_wrong_verdict_cites():
    text = (REPO / "mtlearn/puzzles/scoring/05-match-total.yaml").read_text(encoding="utf-8")
    e = refused(text.replace("{answer: 36, expect: R-SCORE-3}",
                             "{answer: 12, expect: R-SCORE-1}"), "wrong[0]")
    assert "12 is wrong with R-SCORE-3, not R-SCORE-1" in str(e)     # was "no rule id"
    p = load_text(text, "ok.yaml")
    assert p.judge(36).rule == "R-SCORE-3"


def test_no_tile_s_and_no_double_but():
    text = (REPO / "mtlearn/puzzles/setup/06-train-building-turn.yaml").read_text("utf-8")
    p = load_text(text, "t.yaml")
    fb = p.judge(["12-5@1", "end"])
    assert "Ana played 1 tile and can lay 3" in fb.text
    assert "(s)" not in fb.text and fb.text.count("but") == 1
    plan = puzzles.get("plan-your-hand")
    short_plan = plan.judge([str(plan.truth()[0])])
    assert short_plan.status == "wrong" and "A good train of 1 tile," in short_plan.text
    assert plural(1, "tile") == "1 tile" and plural(3, "tile") == "3 tiles"
    assert check(puzzles.get("cover-the-double")) == ["1 right answer",
                                                      "2 wrong answers explained"]


def test_tiles_written_with_an_en_or_em_dash_are_read():
    assert Tile.parse("6–1") == Tile.parse("6—1") == Tile.parse("6−1") == Tile(6, 1)
    with pytest.raises(ValueError, match=r"'~', U\+007E, is not a digit or a dash"):
        Tile.parse("6~1")
    text = (COVER.replace('"6-2", "9-4"', '"6–2", "9-4"').replace("answer: 6-2@1",
                                                                   "answer: 6–2@1"))
    p = load_text(text, "t.yaml")
    assert p.answer == "6-2@1"
    check(p)


def test_players_named_no_get_the_quoting_hint():
    e = refused(COVER.replace("players: [Ana, Ben, Cy]", "players: [Ana, Ben, No]"),
                "position.players")
    assert 'YAML reads No as false; quote names like No/Yes/On, e.g. "No"' in str(e)
    scen = (REPO / "mtlearn/scenarios").rglob("*.yaml")
    text = next(p for p in sorted(scen)).read_text(encoding="utf-8")
    text = re.sub(r"players: \[(\w+), (\w+)", r"players: [\1, No", text, count=1)
    with pytest.raises(ScenarioError) as ei:
        load_scenario(text, "s.yaml")
    assert 'quote names like No/Yes/On, e.g. "No"' in str(ei.value)


def test_an_unknown_rule_id_names_the_nearest_ids_not_all_of_them():
    e = refused(COVER.replace("teaches: [R-DBL-3]", "teaches: [R-TURN-9]"), "teaches[0]")
    assert "R-TURN-1, R-TURN-2, R-TURN-3, R-TURN-4, R-TURN-5" in str(e)
    msg = unknown_rule("R-DUBL-3")
    assert "R-DBL-3" in msg and msg.count("R-") <= 6
    e = refused(COVER.replace("expect: R-DBL-3}\n  - {answer: 11-0",
                              "expect: R-DBL-33}\n  - {answer: 11-0"), "wrong[0].expect",
                "R-DBL-33 is not a rule of the rules reference")
    assert len(str(e)) < 300


def test_scenario_moves_written_with_an_en_dash_replay():
    for path in sorted((REPO / "mtlearn/scenarios").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        m = re.search(r"move: \"?(\d+)-(\d+)@", text)
        if m:
            break
    fixed = load_scenario(text, "s.yaml")
    dashed = load_scenario(text.replace(m.group(0), m.group(0).replace("-", "–"), 1), "s.yaml")
    assert [s.move for s in dashed.steps] == [s.move for s in fixed.steps]


def test_open_trains_after_moves_is_about_the_player_then_to_play():
    text = (OPEN_TO_CY.replace("goal: {ask: open_trains}",
                               'goal: {ask: open_trains, after: ["10-3@M"]}')
            .replace('answer: ["1", "3", "M"]', 'answer: ["1", "M"]'))
    text = text[:text.index("wrong:")]
    p = load_text(text, "t.yaml")
    assert p.truth() == ["1", "M"] and p.info()["player"] == "Ana"
    check(p)
    refused(text.replace("after: [", "seat: Cy, after: ["), "goal.seat",
            "open_trains asks about the player to play (Ana)")


def test_fields_module_needs_only_the_standard_library():
    import subprocess
    import sys
    script = (f"import sys\nsys.path.insert(0, {str(REPO)!r})\nimport mtlearn.content.fields\n"
              "bad = [m for m in sys.modules if m.split('.')[0] in ('yaml', 'anywidget')]\n"
              "assert not bad, bad\n")
    r = subprocess.run([sys.executable, "-S", "-c", script], capture_output=True, text=True,
                       check=False)
    assert r.returncode == 0, r.stderr


def test_scenario_rule_ids_use_the_same_readers():
    path = sorted((REPO / "mtlearn/scenarios").rglob("*.yaml"))[0]
    text = path.read_text(encoding="utf-8")
    line = re.search(r"^teaches: .*$", text, re.M).group(0)
    for bad, words in [("teaches: [[R-DBL-3]]", "is not a rule id like R-MARK-1"),
                       ("teaches: R-DBL-3", "list the rule ids it teaches"),
                       ("teaches: [R-DUBL-3]", "the nearest ids are R-DBL-3")]:
        with pytest.raises(ScenarioError) as ei:
            load_scenario(text.replace(line, bad), "s.yaml")
        assert ei.value.where.startswith("teaches") and words in str(ei.value), str(ei.value)
        assert "\n" not in str(ei.value)
