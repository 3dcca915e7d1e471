"""Issue 26, part 4: each kind of puzzle goal is one registered class in one file.

Every registered kind has all its parts (reader, judge, truth, solutions, stored answers,
an answer widget the front end knows), every bundled puzzle's kind is registered, each
module of ``mtlearn/content/goals/`` holds one kind, and a kind written in one place (the
example of the book's page docs/add-a-goal-kind.md, run from the page) is read from a
puzzle file, proved, judged, stored for a page without an engine and answered in a
session like the kinds mtlearn ships.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtlearn.content import goals, puzzles
from mtlearn.content.goals.goal_kind import GoalKind, register
from mtlearn.content.puzzles import (
    PuzzleError,
    PuzzleSession,
    bundled,
    check,
    from_data,
    load_text,
)
from mtlearn.core.errors import SessionError

REPO = Path(__file__).resolve().parents[1]
GOALS = REPO / "mtlearn" / "content" / "goals"
WIDGETS_JS = REPO / "mtlearn" / "static" / "js" / "answer-widgets.js"
#: Every kind of the goals folder (the registry; a new kind's module adds itself).
BUILT_IN = {name for name, kind in goals.GOAL_KINDS.items()
            if type(kind).__module__.startswith("mtlearn.content.goals.")}


def puzzles_of(name: str) -> list[Any]:
    """The bundled puzzles of a kind, or else the example puzzle its class carries."""
    mine = [p for p in bundled() if p.kind == name]
    example = type(goals.GOAL_KINDS[name]).example
    return mine or ([load_text(example, f"the example of the {name} kind")] if example else [])


def js_widget_ids() -> set[str]:
    """The ids of the front end's map of answer widgets (``WIDGETS`` in answer-widgets.js)."""
    text = WIDGETS_JS.read_text(encoding="utf-8")
    body = re.search(r"export const WIDGETS = \{(.*?)\n\};", text, re.S)
    assert body, "answer-widgets.js: export const WIDGETS = {…};"
    return {m.group(1) or m.group(2) for m in
            re.finditer(r'^\s*(?:"([\w-]+)"|(\w+))\s*[:,]', body.group(1), re.M)}


def test_the_front_end_map_of_widgets_is_read():
    assert {"board-move", "choices", "number", "train-plan"} <= js_widget_ids()


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_every_registered_kind_has_all_its_parts(name):
    kind = goals.GOAL_KINDS[name]
    cls = type(kind)
    assert isinstance(kind, GoalKind) and cls.name == name
    assert cls.summary and puzzles.KINDS[name] == cls.summary
    assert cls.widget in js_widget_ids(), f"{name}: no answer widget {cls.widget!r} in JS"
    # the parts the base class cannot give: each kind writes its own
    assert cls.read is not GoalKind.read or cls.read_conditions is not GoalKind.read_conditions
    for part in ("judge", "solutions", "stored_answers"):
        assert getattr(cls, part) is not getattr(GoalKind, part), f"{name}: no {part}"
    mine = puzzles_of(name)
    assert mine, f"no bundled puzzle of kind {name}, and no example in its class"
    for p in mine:
        assert p.goal_kind is kind
        assert p.solutions(limit=2), p.id
        assert p.judge(p.answer).status == "right", p.id
        try:
            truth = p.truth()
        except ValueError:
            truth = None          # a kind judged move by move has no single answer
        if cls.truth is not GoalKind.truth:
            assert truth is not None or name == "choose", p.id
        stored = p.precomputed()
        assert isinstance(stored, dict) and json.loads(json.dumps(stored)) == stored, p.id
        info = p.info()
        assert info["widget"] == cls.widget and info["kind"] == name
        assert p.answer_text().endswith("."), p.id
        assert p.example_frames(), p.id


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_each_kind_finds_a_stored_answer_that_the_engine_contradicts(name):
    """``stored_disagreements`` is not a rubber stamp: a stored answer turned into its
    opposite (right into wrong, legal into illegal, a value changed) is reported."""
    import copy

    p = puzzles_of(name)[0]
    stored = p.precomputed()
    assert p.goal_kind.stored_disagreements(p, stored) == []
    bad = copy.deepcopy(stored)

    def flip(node):
        if isinstance(node, dict):
            if node.get("status") in ("right", "wrong"):
                node["status"] = "wrong" if node["status"] == "right" else "right"
                return True
            if isinstance(node.get("legal"), bool):
                node["legal"] = not node["legal"]
                return True
            return any(flip(v) for v in node.values())
        return False

    if name == "number":
        bad["value"] += 1
    elif name == "plan":
        bad["best"] += 1
    else:
        assert flip(bad), name
    assert p.goal_kind.stored_disagreements(p, bad), name


def test_every_bundled_puzzle_kind_is_registered_and_every_kind_is_used():
    """Each kind of the folder is used by a bundled puzzle or carries an example puzzle,
    which is proved like a bundled one."""
    used = {p.kind for p in bundled()}
    assert used <= BUILT_IN <= set(goals.GOAL_KINDS)
    for name in sorted(BUILT_IN - used):
        (p,) = puzzles_of(name)
        assert p.kind == name and check(p), name


def test_each_module_of_the_goals_folder_holds_one_kind():
    """Adding a kind is adding a file: the package imports every module of its folder."""
    modules = sorted(p.stem for p in GOALS.glob("*.py")
                     if p.stem not in ("__init__", "goal_kind"))
    by_module: dict[str, list[str]] = {}
    for name, kind in goals.GOAL_KINDS.items():
        module = type(kind).__module__
        if module.startswith("mtlearn.content.goals."):
            by_module.setdefault(module.rsplit(".", 1)[1], []).append(name)
    assert {m: len(by_module.get(m, [])) for m in modules} == dict.fromkeys(modules, 1)


def test_a_kind_needs_a_name_a_summary_and_a_widget_and_one_name_is_one_kind():
    with pytest.raises(TypeError, match="needs a widget"):
        @register
        class NoWidget(GoalKind):
            name = "no-widget"
            summary = "nothing"
    assert "no-widget" not in goals.GOAL_KINDS

    with pytest.raises(ValueError, match="registered twice"):
        @register
        class Again(GoalKind):
            name = "move"
            summary = "another move"
            widget = "board-move"
    assert type(goals.GOAL_KINDS["move"]).__name__ == "MoveKind"


# ------------------------------------------------------------ a kind in one place
#: The example kind of the book's page on adding a goal kind: the file a newcomer writes.
GUIDE = REPO / "docs" / "add-a-goal-kind.md"


@pytest.fixture
def hand_size() -> Iterator[type[GoalKind]]:
    """The ``hand-size`` kind of docs/add-a-goal-kind.md (how many tiles does a player
    hold? answered in the number field), run as if it were a file of the goals folder."""
    code = re.search(r"^```py\n(.*?)^```", GUIDE.read_text(encoding="utf-8"), re.S | re.M)
    assert code, "docs/add-a-goal-kind.md: the ```py example"
    space: dict[str, Any] = {"__name__": "mtlearn.content.goals.hand_size_goal",
                             "__package__": "mtlearn.content.goals"}
    exec(compile(code.group(1), str(GUIDE), "exec"), space)
    try:
        yield space["HandSizeKind"]
    finally:
        goals.unregister("hand-size")
    assert "hand-size" not in puzzles.KINDS


def _hand_size_data(**goal: Any) -> dict[str, Any]:
    data = yaml.safe_load((REPO / "mtlearn/puzzles/scoring/01-count-the-hand.yaml")
                          .read_text(encoding="utf-8"))
    data.update(id="how-many-tiles", kind="hand-size", goal=goal or {"tiles_in_hand": True,
                "seat": "Ana"}, answer=3, wrong=[{"answer": 2, "expect": "R-SET-3"}],
                explain="Ana holds 12-5, 3-4 and 6-6.")
    return data


def test_a_kind_written_in_one_place_is_read_proved_judged_and_stored(hand_size):
    assert puzzles.KINDS["hand-size"] == "say how many tiles a player holds"
    p = from_data(_hand_size_data(), "how-many.json")
    assert p.goal == {"tiles_in_hand": True, "seat": 0}
    assert check(p) == ["1 right answer", "1 wrong answer explained"]
    assert check(load_text(hand_size.example)) == check(p)     # the class's own example
    assert p.judge(3).status == "right"
    wrong = p.judge(4)
    assert (wrong.status, wrong.rule) == ("wrong", "R-SET-3")
    assert p.judge("three").status == "invalid"
    state = p.state()
    assert state["puzzle"]["widget"] == "number" and state["puzzle"]["kind"] == "hand-size"
    assert state["answers"] == {"value": 3, "right": p.judge(3).to_dict(),
                                "wrong": "count the tiles of Ana's hand (R-SET-3)."}
    assert state["solution"]["text"] == "3."
    assert "points" not in state["view"]["description"]      # hides_points
    session = PuzzleSession(p)
    assert session.handle({"action": "answer", "answer": 3})["feedback"]["status"] == "right"
    with pytest.raises(SessionError, match="answered as a whole"):  # the one refusal
        session.handle({"action": "move", "move": "draw"})


def test_a_kind_written_in_one_place_refuses_a_bad_goal_by_file_line_and_field(hand_size):
    with pytest.raises(PuzzleError) as ei:
        from_data(_hand_size_data(tiles_in_hand="yes"), "how-many.json")
    assert ei.value.where == "goal.tiles_in_hand" and "how-many.json" in str(ei.value)
    with pytest.raises(PuzzleError, match="unknown condition 'size' for a hand-size puzzle"):
        from_data(_hand_size_data(size=3), "how-many.json")
    with pytest.raises(PuzzleError, match="the goal is a mapping of conditions"):
        from_data({**_hand_size_data(), "goal": []}, "how-many.json")


def test_an_unregistered_kind_is_refused_with_the_registered_ones_named():
    data = {**_hand_size_data(), "kind": "hand-size"}
    with pytest.raises(PuzzleError) as ei:
        from_data(data, "how-many.json")
    assert ei.value.where == "kind"
    assert f"'hand-size' is not one of {', '.join(sorted(goals.GOAL_KINDS))}" in str(ei.value)


def test_a_huge_wrong_number_is_quoted_back_cut_short():
    """Found by the fuzz test: a 400-digit answer came back whole in the feedback."""
    from mtlearn.content.puzzles import get

    p = get("engine-of-the-round")
    feedback = p.judge(10**400)  # a number, as a puzzle file or the kernel may give it
    assert feedback.status == "wrong" and len(feedback.text) < 200, feedback.text
    assert feedback.text.startswith("Not 10000000000…:")
