"""Puzzles: every bundled puzzle proved, goals judged by the engine, errors located,
precomputed answers agreeing with the engine, sessions, progress files, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from mtlearn.cli import main
from mtlearn.content import puzzles
from mtlearn.content.goals import goal_kind
from mtlearn.content.puzzles import PuzzleError, PuzzleSession, check, load_text
from mtlearn.core.ruleids import RULES

REPO = Path(__file__).resolve().parents[1]
ALL = puzzles.bundled()
IDS = [p.id for p in ALL]

GOOD = """\
id: t-cover
title: Cover it
family: doubles
level: 1
teaches: [R-DBL-3]
position:
  set: 12
  players: [Ana, Ben]
  trains:
    "1": ["12-6", "6-6"]
    "2": ["12-11"]
  open_doubles: ["1"]
  hands:
    - ["3-4", "7-8"]
    - ["6-2", "11-9", "5-0", "6-10"]
  boneyard: {top: ["1-1"], rest: sorted}
  to_play: 2
question: Cover the double.
kind: move
goal: {covers_double: true}
hints: [rule, place]
answer: 6-2@1
wrong:
  - {answer: 11-9@2, expect: R-DBL-3}
"""


# ----------------------------------------------------------------------------- the set
def test_at_least_40_puzzles_six_per_family_and_every_kind():
    assert len(ALL) >= 40
    fams = Counter(p.family for p in ALL)
    assert set(fams) == set(puzzles.FAMILIES)
    assert all(n >= 6 for n in fams.values()), fams
    used = {p.kind for p in ALL}
    assert used <= set(puzzles.KINDS)
    # a kind no bundled puzzle uses yet carries its example (proved by test_goal_kinds)
    assert all(goal_kind(k).example for k in set(puzzles.KINDS) - used), used
    assert len(set(IDS)) == len(IDS), "puzzle ids are unique"


def test_families_are_graded_easy_to_hard():
    for fam in puzzles.FAMILIES:
        levels = [p.level for p in ALL if p.family == fam]
        assert levels == sorted(levels)
        assert levels[0] <= 2 and levels[-1] >= 3, (fam, levels)


@pytest.mark.parametrize("puzzle", ALL, ids=IDS)
def test_every_bundled_puzzle_is_proved(puzzle):
    notes = check(puzzle)
    assert notes
    assert all(r in RULES for r in puzzle.teaches)
    assert len(puzzle.hints) >= 2
    assert puzzle.wrong, "every bundled puzzle names at least one tempting wrong answer"


@pytest.mark.parametrize("puzzle", ALL, ids=IDS)
def test_precomputed_answers_agree_with_the_engine(puzzle):
    """What a page without an engine says is what the engine says."""
    # each goal kind checks its own stored answers (mtlearn/content/goals/)
    assert puzzle.goal_kind.stored_disagreements(puzzle, puzzle.precomputed()) == []


def test_puzzle_json_state_is_small_and_has_no_answers_in_info():
    for p in ALL:
        info = json.dumps(p.info())
        assert "answer" not in p.info()
        assert len(json.dumps(p.state())) < 120_000, p.id
        assert p.info()["question"] == p.question and p.id in info


# ----------------------------------------------------------------------------- judging
def test_goal_is_a_predicate_every_right_answer_counts():
    p = load_text(GOOD, "t.yaml")
    assert p.judge("6-2@1").status == "right"
    assert p.judge("6-10@1").status == "right"  # a second tile that covers it is right too
    assert len(p.solutions()) == 2


def test_feedback_kinds():
    p = load_text(GOOD, "t.yaml")
    bad = p.judge("11-9@2")
    assert bad.status == "illegal" and bad.rule == "R-DBL-3"
    assert "(R-DBL-3)" in bad.text
    nonsense = p.judge("hello")
    assert nonsense.status == "illegal"
    assert p.judge(42).status == "invalid"


def test_legal_but_wrong_names_what_it_misses():
    p = puzzles.get("double-then-cover")
    fb = p.judge(["5-5@1", "9-1@M"])
    assert fb.status == "wrong"
    assert "legal, but it leaves the 5-5 on Ana's train uncovered" in fb.text
    assert p.judge(["5-5@1"]).status == "continue"


def test_most_pips_uses_the_tables_tile_values():
    p = puzzles.get("get-rid-of-double-blank")
    assert p.judge("0-0@1").status == "right"
    fb = p.judge("10-9@M")
    assert fb.status == "wrong" and "0-0 sheds 50 points" in fb.text


def test_choose_number_and_plan_truths_come_from_the_engine():
    assert puzzles.get("who-plays-next").truth() == 1
    assert puzzles.get("double-play-again").truth() == 0
    assert puzzles.get("open-to-cy").truth() == ["1", "3", "M"]
    assert puzzles.get("tie-break").truth() == 1
    assert puzzles.get("blanks-count-25").truth() == 91
    plan = puzzles.get("plan-the-long-way")
    assert len(plan.truth()) == 7
    fb = plan.judge(["12-4", "4-7", "7-2"])
    assert fb.status == "wrong" and "train of 7" in fb.text
    fb = plan.judge(["12-4", "7-2"])
    assert fb.status == "illegal" and fb.rule == "R-TRAIN-2"


def test_session_plays_a_sequence_and_shows_the_answer():
    s = PuzzleSession(puzzles.get("two-doubles-in-order"))
    out = s.handle({"action": "move", "move": "6-6@1"})
    assert out["feedback"]["status"] == "continue" and out["view"]["to_play"] == 1
    out = s.handle({"action": "move", "move": "9-9@M"})
    out = s.handle({"action": "move", "move": "9-1@M"})
    assert out["feedback"]["status"] == "illegal" and out["feedback"]["rule"] == "R-DBL-4"
    assert "view" not in out  # a refused move changes nothing
    out = s.handle({"action": "move", "move": "6-2@1"})
    assert out["feedback"]["status"] == "right"
    assert out["view"]["to_play"] == 2
    out = s.handle({"action": "restart"})
    assert out["view"]["to_play"] == 1 and out["feedback"] is None
    sol = s.handle({"action": "show"})["solution"]
    assert len(sol["frames"]) == 3 and "9-9" in sol["text"]


def test_views_do_not_give_the_answer_away():
    p = puzzles.get("count-the-hand")
    v = p.view()
    assert v["hint"] is None
    assert "36" not in v["description"]


# ----------------------------------------------------------------------------- errors
@pytest.mark.parametrize("edit, line, where, words", [
    (("kind: move", "kind: guess"), 19, "kind", "is not one of"),
    (("level: 1", "level: 9"), 4, "level", "from 1"),
    (("teaches: [R-DBL-3]", "teaches: [R-NOPE-1]"), 5, "teaches[0]",
     "not a rule of the rules reference"),
    (("answer: 6-2@1", "answer: 5-0@2"), 22, "answer", "R-DBL-3"),
    (("expect: R-DBL-3", "expect: R-MARK-1"), 24, "wrong[0]", "not R-MARK-1"),
    (('    - ["3-4", "7-8"]', '    - ["3-4", "6-2"]'), 15, "position.hands[1][0]", "already"),
    (("goal: {covers_double: true}", "goal: {covers_dbl: true}"), 20, "goal.covers_dbl",
     "unknown condition"),
    (("hints: [rule, place]", "hints: [rule]"), 21, "hints", "at least two"),
])
def test_errors_name_file_line_and_field(edit, line, where, words):
    text = GOOD.replace(*edit)
    assert text != GOOD
    with pytest.raises(PuzzleError) as ei:
        check(load_text(text, "bad.yaml"))
    e = ei.value
    assert e.source == "bad.yaml" and e.where == where and e.line == line, str(e)
    assert words in str(e)


def test_goal_that_cannot_be_met_is_reported():
    text = GOOD.replace("goal: {covers_double: true}", "goal: {covers_double: true, on_train: M}")
    with pytest.raises(PuzzleError, match="goal: no answer meets this goal"):
        check(load_text(text, "bad.yaml"))


def test_wrong_answer_that_is_right_is_reported():
    text = GOOD.replace("{answer: 11-9@2, expect: R-DBL-3}", "{answer: 6-10@1, expect: x}")
    with pytest.raises(PuzzleError, match=r"wrong\[0\].*meets the goal"):
        check(load_text(text, "bad.yaml"))


def test_malformed_yaml_is_a_puzzle_error():
    with pytest.raises(PuzzleError, match=r"line 2.*not valid YAML"):
        load_text("id: x\n  - : [\n", "bad.yaml")


# ----------------------------------------------------------------------------- CLI
def test_cli_checks_puzzles_and_scenarios(tmp_path, capsys):
    # the hand-written families (the whole folder, with the mined set, is proved in the
    # slow tier: tests/test_mined.py)
    families = sorted(p for p in (REPO / "mtlearn" / "puzzles").iterdir() if p.is_dir())
    assert main(["check", *map(str, families)]) == 0
    out = capsys.readouterr().out
    assert f"{len(ALL)} of {len(ALL)} file(s) check out (0 scenario file(s), {len(ALL)} " \
        "puzzle file(s))." in out
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("expect: R-DBL-3", "expect: R-MARK-1"), encoding="utf-8")
    assert main(["check", str(bad), str(REPO / "mtlearn" / "scenarios" / "scoring")]) == 1
    out = capsys.readouterr().out
    assert f"FAIL {bad}, line 24: wrong[0]:" in out
    assert "scenario file(s), 1 puzzle file(s))" in out and "1 failed" in out


def test_cli_lists_puzzles(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "cover-the-double" in out and f"{len(ALL)} puzzles written by hand." in out
    from mtlearn.content.mined import mined_index
    index = mined_index()
    assert f"{len(index)} mined puzzles" in out
    assert not any(e.id in out for e in index[::97])
    assert main(["list", "--mined"]) == 0
    every = capsys.readouterr().out
    assert all(e.id in every for e in index[::97])


# ----------------------------------------------------------------------------- progress
def test_progress_file_round_trip_and_reset(tmp_path):
    path = tmp_path / "p" / "progress.json"
    assert puzzles.read_progress(path) == {}
    puzzles.write_progress("a", {"solved": True, "stars": 2}, path)
    puzzles.write_progress("b", {"solved": True, "stars": 3}, path)
    assert puzzles.read_progress(path)["a"]["stars"] == 2
    puzzles.write_progress("a", None, path)
    assert list(puzzles.read_progress(path)) == ["b"]
    path.write_text("not json", encoding="utf-8")
    with pytest.warns(puzzles.ProgressWarning, match="not valid JSON"):
        assert puzzles.read_progress(path) == {}


def test_progress_path_is_in_the_jupyter_data_dir(monkeypatch, tmp_path):
    monkeypatch.delenv("MTLEARN_PROGRESS", raising=False)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    assert puzzles.progress_path() == tmp_path / "mtlearn" / "progress.json"


def test_widget_answers_and_saves_progress(tmp_path):
    from mtlearn.jupyter.widgets import Puzzle

    path = tmp_path / "progress.json"
    w = Puzzle("cover-the-double", progress_file=path)
    assert w.answer("9-4@M")["rule"] == "R-DBL-3"
    assert w.answer("6-2@1")["status"] == "right"
    w._on_msg(w, {"action": "progress", "record": {"solved": True, "stars": 2}}, [])
    assert puzzles.read_progress(path)["cover-the-double"]["stars"] == 2
    assert Puzzle("cover-the-double", progress_file=path).progress["stars"] == 2
    w._on_msg(w, {"action": "reset"}, [])
    assert puzzles.read_progress(path) == {} and w.progress is None
    html = w.to_html()
    assert 'data-kind="puzzle"' in html and "Cover the open double" in html


def test_progress_overview_lists_every_puzzle():
    html = puzzles.ProgressOverview({"tie-break": {"solved": True, "stars": 2}},
                                    {"tie-break": "tutorials/07-match.html"})._repr_html_()
    assert html.count("<tr data-puzzle=") == len(ALL)
    assert "★★☆" in html and 'href="tutorials/07-match.html"' in html


# ----------------------------------------------------------------------------- stdlib only
def test_puzzles_run_from_json_without_site_packages():
    """The in-page engine has no PyYAML: puzzles work from parsed data alone."""
    data = json.dumps(__import__("yaml").safe_load(GOOD))
    script = f"""
import json, sys
sys.path.insert(0, {str(REPO)!r})
from mtlearn.content.puzzles import from_data, check, PuzzleSession
p = from_data(json.loads({data!r}), "t.json")
check(p)
print(PuzzleSession(p).handle({{"action": "answer", "answer": "11-9@2"}})["feedback"]["rule"])
bad = [m for m in sys.modules if m.split(".")[0] in ("yaml", "anywidget", "traitlets")]
assert not bad, bad
"""
    r = subprocess.run([sys.executable, "-S", "-c", script], capture_output=True, text=True,
                       check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "R-DBL-3"


@pytest.mark.parametrize("module", ["goals", "goals.goal_kind", "goals.plan_goal",
                                    "puzzle_judging", "puzzle_record", "puzzle_files",
                                    "puzzle_session", "puzzles", "scenario_yaml"])
def test_each_puzzle_module_imports_on_its_own(module):
    """No import circle: each module of the puzzles (and the YAML reader) imports first, in
    a fresh interpreter without site-packages, and pulls in neither PyYAML nor widgets."""
    script = (f"import sys\nsys.path.insert(0, {str(REPO)!r})\nimport mtlearn.content.{module}\n"
              "bad = [m for m in sys.modules if m.split('.')[0] in ('yaml', 'anywidget', "
              "'traitlets', 'ipywidgets')]\nassert not bad, bad\n")
    r = subprocess.run([sys.executable, "-S", "-c", script], capture_output=True, text=True,
                       check=False)
    assert r.returncode == 0, r.stderr


# ----------------------------------------------------------------------------- chapters
TUTORIALS = REPO / "tutorials"
PUZZLE_CALL = r'Puzzle\("([a-z0-9-]+)"\)'


@pytest.mark.parametrize("name", sorted(p.name for p in TUTORIALS.glob("[0-9][0-9]-*.md")))
def test_chapter_puzzles_follow_the_sections_that_teach_them(name):
    """Puzzles sit right after the idea they check (issue 19), not gathered at the end:
    none before the chapter's first teaching section, none after its recap; chapter 8 is a
    menu whose puzzles live on its variant pages."""
    import re

    text = (TUTORIALS / name).read_text(encoding="utf-8")
    ids = re.findall(PUZZLE_CALL, text)
    if name == "08-variants.md":
        assert ids == []
        ids = [pid for page in TUTORIALS.glob("variant-*.md")
               for pid in re.findall(PUZZLE_CALL, page.read_text(encoding="utf-8"))]
        assert len(ids) == 6, ids
    else:
        assert 2 <= len(ids) <= 8, ids
        first_idea = text.index("\n## ", text.index("## What you will learn") + 5)
        first = re.search(PUZZLE_CALL, text)
        assert first and first_idea < first.start() < text.index("## Recap")
    for pid in ids:
        puzzles.get(pid)


def test_puzzles_notebook_gathers_every_set():
    import re

    text = (TUTORIALS / "puzzles.md").read_text(encoding="utf-8")
    sets = re.findall(r'PuzzleSet\("([a-z]+)"\)', text)
    assert sets == list(puzzles.FAMILIES), "one set per family, in teaching order"
    for label in puzzles.FAMILIES.values():
        assert f"\n## {label}\n" in text
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "(`puzzles.md`)" in readme and "mybinder.org" not in readme


def test_in_page_engine_protocol_opens_a_puzzle_session():
    """What the book's Pyodide worker does: open from the JSON spec, then send intents."""
    from mtlearn.hosts.session_host import SessionHost

    p = puzzles.get("double-then-cover")
    spec = json.loads(json.dumps(p.state()["session"]))
    host = SessionHost()
    opened = json.loads(host.request(json.dumps({"op": "open", "kind": "puzzle", "spec": spec})))
    assert opened["ok"] and opened["result"]["view"] == p.view()
    sid = opened["session"]

    def intent(**kw):
        ans = json.loads(host.request(json.dumps({"op": "intent", "session": sid,
                                                  "intent": kw})))
        assert ans["ok"], ans
        return ans["result"]

    assert intent(action="move", move="5-5@1")["feedback"]["status"] == "continue"
    fb = intent(action="move", move="9-1@M")["feedback"]
    assert fb["text"] == p.judge(["5-5@1", "9-1@M"]).text
    assert p.precomputed()["moves"]["5-5@1"]["next"]["9-1@M"]["fb"]["text"] == fb["text"]


def test_puzzle_set_widget_moves_between_puzzles(tmp_path):
    from mtlearn.jupyter.widgets import PuzzleSet

    path = tmp_path / "progress.json"
    puzzles.write_progress("must-draw", {"solved": True, "stars": 3}, path)
    w = PuzzleSet("turns", progress_file=path)
    assert [x["id"] for x in w.set] == [p.id for p in ALL if p.family == "turns"]
    assert w.set_progress == {"must-draw": {"solved": True, "stars": 3}}
    w._on_msg(w, {"action": "goto", "index": 2}, [])
    assert w.index == 2 and w.puzzle["id"] == w.set[2]["id"] and w.feedback is None
    w._on_msg(w, {"action": "progress", "record": {"solved": True, "stars": 1}}, [])
    assert w.set_progress[w.set[2]["id"]]["stars"] == 1
    w._on_msg(w, {"action": "goto", "index": 99}, [])
    assert w.index == 2
    state = w._static_state()
    assert len(state["items"]) == len(w.set) and state["puzzle"]["id"] == w.set[2]["id"]
    with pytest.raises(ValueError, match="not a puzzle family"):
        PuzzleSet("nope")


# ----------------------------------------------------------------------- engine counts
ENGINE_PUZZLE = (REPO / "mtlearn" / "puzzles" / "setup" / "02-engine-of-the-round.yaml"
                 ).read_text(encoding="utf-8")


def test_an_engine_count_may_ask_about_another_round():
    from mtlearn.content.puzzle_judging import judge
    # the board shows this round's engine, so the question is about round 9 of the match
    p = load_text(ENGINE_PUZZLE, "engine.yaml")
    assert p.game.engine == 8 and p.goal["round"] == 9
    wrong = judge(p, 8)
    assert wrong.status == "wrong"
    assert "round 9 of a double-12 match uses the engine 12 minus 8" in wrong.text
    assert judge(p, 4).status == "right"


@pytest.mark.parametrize("goal,words", [
    ("{count: engine, round: 14}", "a whole number from 1 to 13 (a round of this match)"),
    ("{count: engine, round: 0}", "a whole number from 1 to 13 (a round of this match)"),
    ("{count: engine, round: yes}", "a round of this match"),
    ("{count: pips, round: 9}", "only an engine count names a round"),
])
def test_engine_count_round_is_checked(goal, words):
    text = ENGINE_PUZZLE.replace("{count: engine, round: 9}", goal)
    with pytest.raises(PuzzleError, match=r"goal\.round") as ei:
        check(load_text(text, "bad.yaml"))
    assert words in str(ei.value)


def test_engine_of_each_round_follows_the_set():
    from mtlearn import Game
    g = Game.new(3, set=9, seed=1)
    assert [g.engine_of(r) for r in range(1, g.rounds + 1)] == list(range(9, -1, -1))
    assert g.engine_of(1) == g.engine
    for bad in (0, g.rounds + 1, True, "2"):
        with pytest.raises(ValueError, match="rounds 1 to 10"):
            g.engine_of(bad)
