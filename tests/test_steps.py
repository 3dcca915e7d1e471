"""Checked "Try it" steps (mtlearn.content.steps) on board sessions: every event a check
can name, the stars, undo, the hand-over to the in-page engine, bad step files refused with
the file and the field named, and every tutorial's Try-it board replayed through its step
file's solution to all ticks and three stars."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jupytext
import pytest

from mtlearn import Game
from mtlearn.content import steps as steps_mod
from mtlearn.content.steps import StepLog, StepsError, StepSet, load_steps, stars, step_names
from mtlearn.core.errors import SessionError
from mtlearn.hosts.session import BoardSession
from mtlearn.hosts.session_host import SessionHost

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
STEPS_ARG = re.compile(r"steps=(\"[^\"]+\"|\[[^\]]*\])")

CH4 = {"set": 12, "players": ["Ana", "Ben", "Cy"],
       "trains": {"1": ["12-3"], "2": ["12-5"], "3": ["12-9"], "M": ["12-7"]},
       "markers": [3],
       "hands": [["9-5", "10-8", "11-4"], ["11-0", "6-2"], ["5-1", "9-4", "8-8"]],
       "boneyard": {"top": ["4-1", "3-6"], "rest": "shuffled"}}
CH5 = {"set": 12, "players": ["Ana", "Ben", "Cy"],
       "trains": {"1": ["12-6"], "2": ["12-10"], "3": ["12-2"], "M": ["12-4"]},
       "hands": [["6-6", "6-1", "9-4", "11-3"], ["10-7", "6-0", "8-5"], ["8-2", "3-3", "7-1"]],
       "boneyard": {"top": ["5-3"], "rest": "shuffled"}}
LAST = {"set": 6, "players": ["Ana", "Ben"], "round": 2, "rounds": 2,
        "trains": {"1": ["5-4"], "2": ["5-1"]}, "scores": [[3, 0]],
        "hands": [["4-2"], ["1-3", "6-6"]], "boneyard": {"rest": "sorted"}, "to_play": 1}


def _session(position: dict[str, Any], checks: list[dict[str, Any]], **kw: Any) -> BoardSession:
    game = Game.from_position(position)
    data = [{"id": f"s{i}", "text": f"step {i}", "check": c} for i, c in enumerate(checks)]
    return BoardSession(game, steps=StepSet.from_data(data, game, source="test"), **kw)


def _do(s: BoardSession, *actions: str) -> dict[str, Any]:
    for a in actions:
        intent = ({"action": a} if a in ("draw", "pass", "undo", "hint", "next_round")
                  else {"action": "move", "move": a})
        s.handle(intent)
    return s.view()["steps"]


def _done(s: BoardSession) -> list[bool]:
    return [item["done"] for item in s.view()["steps"]["items"]]


# ---------------------------------------------------------------------- each event
def test_play_refused_draw_pass_and_markers_are_each_seen() -> None:
    s = _session(CH4, [
        {"refused": {"seat": "Ana", "tile": "9-5", "train": "2", "rule": "R-MARK-1"}},
        {"play": {"seat": "Ana", "tile": "9-5", "train": "3"}},
        {"draw": {"seat": "Ben"}},
        {"pass": {"seat": "Ben"}},
        {"marker_on": {"seat": "Ben"}},
        {"marker_off": {"seat": "Cy"}},
    ])
    assert _done(s) == [False] * 6
    _do(s, "9-5@2")
    assert _done(s) == [True] + [False] * 5
    _do(s, "9-5@3")
    assert _done(s)[:2] == [True, True]
    _do(s, "draw")
    assert _done(s)[2:5] == [True, False, False]
    _do(s, "pass")
    assert _done(s)[3:5] == [True, True]
    _do(s, "5-1@3")
    assert _done(s) == [True] * 6
    assert s.view()["steps"]["stars"] == 3


def test_details_must_all_match() -> None:
    s = _session(CH4, [{"play": {"seat": "Ana", "tile": "9-5", "train": "2"}},
                       {"refused": {"rule": "R-TURN-3"}},
                       {"marker_off": {"seat": "Ben"}}])
    _do(s, "9-5@3")                  # right tile, other train
    assert _done(s) == [False, False, False]
    _do(s, "draw", "pass", "5-1@3")  # Cy takes her own marker back, not Ben
    assert _done(s) == [False, False, False]


def test_cover_and_leave_open() -> None:
    s = _session(CH5, [{"leave_open": {"seat": "Ana", "train": "1"}},
                       {"cover": {"seat": "Ben", "tile": "6-0", "train": "1"}},
                       {"cover": {"seat": "Ana"}}])
    _do(s, "6-6@1")
    assert _done(s) == [False, False, False]  # Ana's turn goes on: nothing left open yet
    _do(s, "4-9@M")
    assert _done(s) == [True, False, False]
    _do(s, "6-0@1")
    assert _done(s) == [True, True, False]


def test_round_over_and_match_won() -> None:
    s = _session(LAST, [{"round_over": {"seat": "Ana"}}, {"match_won": {"seat": "Ana"}},
                        {"round_over": {"seat": "Ben"}}])
    _do(s, "4-2@1")
    assert _done(s) == [True, True, False]


def test_any_composes_checks_and_train_lists() -> None:
    game = Game.from_position(CH4)
    data = [{"id": "x", "text": "t", "check": {"any": [
        {"play": {"tile": "10-8", "train": "2"}}, {"play": {"tile": "9-5", "train": ["1", "3"]}}]}}]
    s = BoardSession(game, steps=StepSet.from_data(data, game, source="t"))
    _do(s, "9-5@3")
    assert _done(s) == [True]


# ---------------------------------------------------------------------- stars and undo
def test_stars_follow_the_slips() -> None:
    assert [stars(n) for n in range(4)] == [3, 2, 1, 1]
    s = _session(CH4, [{"refused": {"tile": "9-5", "train": "2"}},
                       {"play": {"seat": "Ana", "train": "3"}}])
    _do(s, "9-5@2")              # asked for: not a slip
    assert s.view()["steps"]["slips"] == 0
    _do(s, "10-8@3")             # refused, and no step asked for it: a slip
    st = _do(s, "hint")          # a hint: another slip
    assert st["slips"] == 2 and st["stars"] is None
    st = _do(s, "9-5@3")
    assert st["done"] == st["total"] == 2 and st["stars"] == 1
    s2 = _session(CH4, [{"play": {"seat": "Ana", "train": "3"}}])
    assert _do(s2, "hint", "9-5@3")["stars"] == 2


def test_undo_takes_back_ticks_and_keep_holds_them() -> None:
    game = Game.from_position(CH5)
    data = [{"id": "double", "text": "t", "check": {"play": {"tile": "6-6"}}, "keep": True},
            {"id": "mex", "text": "t", "check": {"play": {"tile": "9-4", "train": "M"}}}]
    s = BoardSession(game, steps=StepSet.from_data(data, game, source="t"))
    _do(s, "6-6@1", "4-9@M")
    assert _done(s) == [True, True]
    _do(s, "undo")
    assert _done(s) == [True, False]      # 9-4's tick goes with its move
    _do(s, "undo")
    assert _done(s) == [True, False]      # 6-6's stays: its step keeps its tick
    assert s.steps is not None and s.steps.events == []


def test_a_refusal_stays_ticked_until_the_moves_before_it_are_undone() -> None:
    s = _session(CH4, [{"refused": {"seat": "Ben", "rule": "R-TURN-3"}}])
    _do(s, "9-5@3", "pass")
    assert _done(s) == [True]
    _do(s, "draw", "undo")
    assert _done(s) == [True]
    _do(s, "undo")                        # 9-5 taken back: Ben's refusal came after it
    assert _done(s) == [False]


def test_new_game_and_new_match_drop_the_steps() -> None:
    s = _session(CH4, [{"draw": None}])
    s.handle({"action": "new_match", "seed": 3})
    assert "steps" not in s.view()
    s = _session(CH4, [{"draw": None}])
    s.handle({"action": "new_game", "players": 2, "bots": 1, "seed": 3})
    assert "steps" not in s.view()


def test_step_text_passes_the_perspective_guard() -> None:
    game = Game.from_position(CH4)
    data = [{"id": "a", "text": "Ben holds 6-2 and Ana 9-5.", "check": {"draw": None}}]
    s = BoardSession(game, perspective=0, steps=StepSet.from_data(data, game, source="t"))
    text = s.view()["steps"]["items"][0]["text"]
    assert "6-2" not in text and "9-5" in text


# ---------------------------------------------------------------------- hand-over
def test_the_spec_carries_the_log_and_the_host_ticks_the_same() -> None:
    s = _session(CH4, [{"refused": {"tile": "9-5", "train": "2"}},
                       {"play": {"seat": "Ana", "tile": "9-5", "train": "3"}}])
    _do(s, "9-5@2", "10-8@2")
    spec = json.loads(json.dumps(s.to_spec()))
    again = BoardSession.from_spec(spec)
    assert again.view()["steps"] == s.view()["steps"]
    host = SessionHost()
    opened = json.loads(host.request(json.dumps({"op": "open", "kind": "board", "spec": spec})))
    assert opened["ok"], opened
    answer = json.loads(host.request(json.dumps(
        {"op": "intent", "session": opened["session"],
         "intent": {"action": "move", "move": "9-5@3"}})))
    st = answer["result"]["view"]["steps"]
    assert [i["done"] for i in st["items"]] == [True, True] and st["stars"] == 2


@pytest.mark.parametrize(("patch", "field"), [
    ({"slips": -1}, "spec.steps.slips"),
    ({"events": [{"k": "fly", "r": 1, "at": 0}]}, "spec.steps.events[0]"),
    ({"events": [{"k": "play", "r": 1, "at": 0, "seat": 9}]}, "spec.steps.events[0].seat"),
    ({"kept": ["nope"]}, "spec.steps.kept"),
    ({"steps": [{"id": "a", "text": "t", "check": {"jump": None}}]}, "spec.steps: steps[0].check"),
])
def test_a_bad_spec_is_refused_naming_the_field(patch: dict[str, Any], field: str) -> None:
    s = _session(CH4, [{"draw": None}])
    spec = s.to_spec()
    spec["steps"].update(patch)
    with pytest.raises(SessionError, match=re.escape(field)):
        BoardSession.from_spec(spec)
    answer = json.loads(SessionHost().request(json.dumps(
        {"op": "open", "kind": "board", "spec": spec})))
    assert answer["ok"] is False and field in answer["error"]


# ---------------------------------------------------------------------- bad files
def _write(tmp: Path, name: str, doc: Any) -> None:
    (tmp / f"{name}.json").write_text(doc if isinstance(doc, str) else json.dumps(doc, indent=1),
                                      encoding="utf-8")


@pytest.mark.parametrize(("step", "expect"), [
    ({"id": "a", "text": "t", "check": {"fly": None}}, r"steps\[0\]\.check: 'fly' is not an event"),
    ({"id": "a", "text": "t", "check": {"play": {"tile": "9-9"}}},
     r"steps\[0\]\.check\.play\.tile: '9-9' is not a tile of a double-6 set"),
    ({"id": "a", "text": "t", "check": {"play": {"seat": "Dee"}}},
     r"steps\[0\]\.check\.play\.seat: 'Dee'"),
    ({"id": "a", "text": "t", "check": {"play": {"train": ["1", "9"]}}},
     r"steps\[0\]\.check\.play\.train\[1\]"),
    ({"id": "a", "text": "t", "check": {"refused": {"rule": "R-NOPE-1"}}},
     r"steps\[0\]\.check\.refused\.rule: R-NOPE-1 is not a rule"),
    ({"id": "a", "text": "t", "check": {"draw": {"tile": "1-1"}}},
     r"steps\[0\]\.check\.draw\.tile: is not a detail of draw"),
    ({"id": "a", "text": "t", "check": {"draw": None}, "keep": "yes"},
     r"steps\[0\]\.keep: must be true or false"),
    ({"id": "a", "text": "", "check": {"draw": None}}, r"steps\[0\]\.text: must be a non-empty"),
    ({"id": "A b", "text": "t", "check": {"draw": None}}, r"steps\[0\]\.id"),
    ({"id": "a", "text": "t", "check": {"draw": None}, "hint": "x"},
     r"steps\[0\]\.hint: is not a field of a step"),
    ({"id": "a", "text": "t", "check": {"any": []}}, r"steps\[0\]\.check\.any: must be a non-empty"),
])
def test_a_bad_step_is_refused_naming_file_and_field(tmp_path: Path, monkeypatch: Any,
                                                    step: dict[str, Any], expect: str) -> None:
    monkeypatch.setattr(steps_mod, "STEPS_DIR", tmp_path)
    _write(tmp_path, "bad", {"id": "bad", "board": "x", "steps": [step]})
    game = Game.from_position({"set": 6, "players": ["Ana", "Ben"],
                               "hands": [["6-1"], ["6-2"]]})
    with pytest.raises(StepsError, match=r"mtlearn/steps/bad\.json: " + expect):
        load_steps("bad", game)
    with pytest.raises(StepsError, match=expect):  # a Board/BoardSession refuses it too
        BoardSession(game, steps="bad")


def test_bad_files_missing_not_json_wrong_id_duplicate(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(steps_mod, "STEPS_DIR", tmp_path)
    game = Game.new(2, set=6, seed=1)
    with pytest.raises(StepsError, match=r"no step file mtlearn/steps/gone\.json"):
        load_steps("gone", game)
    _write(tmp_path, "broken", '{"id": "broken",\n "steps": [,]}')
    with pytest.raises(StepsError, match=r"mtlearn/steps/broken\.json: line 2: not valid JSON"):
        load_steps("broken", game)
    _write(tmp_path, "named", {"id": "other", "board": "x", "steps": []})
    with pytest.raises(StepsError, match=r"named\.json: id: 'other' must be the file's name"):
        load_steps("named", game)
    _write(tmp_path, "twice", {"id": "twice", "board": "x", "steps": [
        {"id": "a", "text": "t", "check": {"draw": None}},
        {"id": "a", "text": "u", "check": {"pass": None}}]})
    with pytest.raises(StepsError, match=r"twice\.json: steps\[1\]\.id: 'a' is the id of"):
        load_steps("twice", game)
    with pytest.raises(StepsError, match=r"not a step file's name"):
        load_steps("../etc", game)


def test_a_board_with_an_unknown_step_file_is_refused() -> None:
    with pytest.raises(StepsError, match=r"no step file mtlearn/steps/no-such-steps\.json"):
        BoardSession(Game.new(2, set=6, seed=1), steps="no-such-steps")
    with pytest.raises(StepsError, match="name a step file"):
        BoardSession(Game.new(2, set=6, seed=1), steps=[3])  # type: ignore[list-item]


# ---------------------------------------------------------------------- the tutorials
def _tutorial_boards(path: Path) -> list[tuple[Any, BoardSession]]:
    """Run a tutorial's code cells with Board captured: each (steps argument, session)."""
    import mtlearn.jupyter as jupyter
    import mtlearn.jupyter.widgets as widgets

    made: list[tuple[Any, BoardSession]] = []

    def capture(game: Any = None, *, steps: Any = None, show_legal: bool = False,
                rules_url: Any = None, **kw: Any) -> BoardSession:
        session = BoardSession(game, steps=steps, **kw)
        made.append((steps, session))
        return session

    real = widgets.Board
    # the chapters import Board from mtlearn.jupyter, which has it from its widgets module
    widgets.Board = jupyter.Board = capture  # type: ignore[assignment,misc]
    try:
        ns: dict[str, Any] = {}
        notebook = jupytext.read(path)
        for cell in notebook.cells:
            if cell.cell_type != "code":
                continue
            code = cell.source
            lines = [x for x in code.splitlines() if x.strip()]
            if lines and all(x.startswith(("Puzzle(", "ScenarioPlayer(", "from mtlearn.jupyter "
                                           "import Puzzle")) for x in lines):
                continue  # puzzles and scenario players: not needed for the boards
            exec(compile(code, str(path), "exec"), ns)
    finally:
        widgets.Board = jupyter.Board = real  # type: ignore[misc]
    return made


def _referenced() -> dict[str, list[str]]:
    """Step files named by each tutorial's Board(...) lines."""
    out: dict[str, list[str]] = {}
    for path in sorted(TUTORIALS.glob("*.md")):
        for m in STEPS_ARG.finditer(path.read_text(encoding="utf-8")):
            names = json.loads(m.group(1))
            out.setdefault(path.name, []).extend([names] if isinstance(names, str) else names)
    return out


def test_every_step_file_is_used_by_a_tutorial_and_every_name_exists() -> None:
    used = [n for names in _referenced().values() for n in names]
    assert sorted(set(used)) == step_names()
    assert len(used) == len(set(used)), "each step file belongs to one board"
    total = sum(len(json.loads((steps_mod.STEPS_DIR / f"{n}.json").read_text())["steps"])
                for n in step_names())
    assert total >= 25


@pytest.mark.parametrize("chapter", sorted(_referenced()))
def test_each_try_it_board_reaches_every_tick_and_three_stars(chapter: str) -> None:
    boards = [(names, s) for names, s in _tutorial_boards(TUTORIALS / chapter) if names]
    assert boards, f"{chapter}: no board with steps was built"
    for names, s in boards:
        name = names if isinstance(names, str) else names[0]
        doc = json.loads((steps_mod.STEPS_DIR / f"{name}.json").read_text(encoding="utf-8"))
        assert doc["board"].startswith(f"tutorials/{chapter}")
        st = s.view()["steps"]
        assert st["done"] == 0 and st["stars"] is None, f"{name}: a step is done before any move"
        for action in doc["solution"]:
            _do(s, action)
            assert s.message is None or "internal error" not in str(s.message.get("text"))
        st = s.view()["steps"]
        assert [i["done"] for i in st["items"]] == [True] * st["total"], (name, st)
        assert st["stars"] == 3 and st["slips"] == 0, (name, st)


def test_a_step_log_for_a_hand_built_game() -> None:
    game = Game.from_position(CH4)
    log = StepLog(StepSet.from_data([{"id": "a", "text": "t", "check": {"draw": None}}],
                                    game, source="t"))
    assert log.done() == [False]
    assert log.to_spec()["events"] == []


def test_the_notebook_board_takes_steps_and_its_page_state_carries_them() -> None:
    from mtlearn.hosts.pages import board_state
    from mtlearn.jupyter.widgets import Board

    board = Board(Game.from_position(CH4), steps="ch4-private-or-public")
    assert board.view["steps"]["total"] == 6 and board.view["steps"]["done"] == 0
    board.send_intent({"action": "move", "move": "9-5@2"})
    assert board.view["steps"]["items"][0]["done"] is True
    state = board_state(board.session)
    assert state["session"]["steps"]["name"] == "ch4-private-or-public"
    # the stored answers of a static page tick the same steps as the engine would
    after = state["successors"]["9-5@3"]["view"]["steps"]
    assert [i["done"] for i in after["items"]][:2] == [True, True]
    assert "ch4-private-or-public" in board.to_html()
