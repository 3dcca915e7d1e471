"""Tiles in narration are written the way the board shows them (inward number first).

``mtlearn check`` warns when a scenario step's text, or a puzzle's own text, writes a tile
on a train the other way round from the board; every bundled scenario and puzzle is free
of such warnings (docs/formats.md, "Writing tiles in narration").
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from mtlearn import Game
from mtlearn.cli import main
from mtlearn.content.puzzles import bundled as bundled_puzzles
from mtlearn.content.puzzles import load_text as load_puzzle
from mtlearn.content.scenario import bundled, load_text
from mtlearn.content.tile_words import (
    board_orientation,
    orientation_notes,
    puzzle_notes,
    tiles_named,
)

BACKWARDS = """\
id: backwards
title: Backwards
family: opening
teaches: [R-TRAIN-2]
position:
  set: 12
  players: [Ana, Ben]
  hands: [["12-5", "9-5"], ["12-7", "3-4"]]
intro: Ana holds 12-5 and 5-9; the engine 12-12 waits (R-TRAIN-2, a double-12 set).
steps:
  - move: 12-5@1
    say: Ana lays 5-12 on her train.
  - move: 12-7@2
    say: Ben lays 12-7; Ana still holds 5-9, and Ben 4-3.
  - move: 9-5@1
    say: Ana lays 9-5 after 12-5 (the move 9-5@1).
"""


def test_tiles_named_reads_tiles_and_skips_rule_ids_sets_and_moves():
    text = "R-DBL-3 in a double-12 set: lay 5-9, not 9-5@2; 6–1 too; round 1-13-2 and 1.5-2 no."
    assert tiles_named(text) == [(5, 9), (6, 1)]


def test_a_tile_on_a_train_must_be_written_inward_first():
    g = Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                            "trains": {"1": ["12-5", "5-9"]},
                            "hands": [["3-4"], ["7-8"]]})
    assert board_orientation(g)[g.train(0).tiles[1][0]][:2] == (5, 9)
    assert orientation_notes("Ana's train ends 12-5, 5-9.", g) == []
    notes = orientation_notes("Ana laid 9-5, then 9-5 again; 5-12 first.", g)
    assert notes == [
        "writes 9-5, but the board shows 5-9 on Ana's train (inward number first)",
        "writes 5-12, but the board shows 12-5 on Ana's train (inward number first)",
    ]
    # hand tiles (either order), doubles, tiles beyond the set: not checked
    assert orientation_notes("Ana holds 4-3 and 3-4; Ben 8-7; 12-12; 5-19.", g) == []


def test_scenario_warnings_name_file_line_and_step():
    s = load_text(BACKWARDS, "backwards.yaml")
    assert s.warnings == [
        "backwards.yaml, line 12: steps[0].say: writes 5-12, but the board shows 12-5 on "
        "Ana's train (inward number first)",
        "backwards.yaml, line 16: steps[2].say: writes 9-5, but the board shows 5-9 on "
        "Ana's train (inward number first)",
    ]


def test_check_prints_the_warnings_and_still_passes(tmp_path, capsys):
    path = tmp_path / "backwards.yaml"
    path.write_text(BACKWARDS, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    warns = [line for line in out if line.startswith("warn ")]
    assert len(warns) == 2
    assert "steps[0].say: writes 5-12, but the board shows 12-5" in warns[0]


def test_a_puzzle_explanation_is_read_against_the_board_after_the_answer(tmp_path, capsys):
    text = """\
id: shed-the-nine
title: Shed the nine
family: strategy
level: 1
teaches: [R-MARK-1]
position:
  set: 12
  players: [Ana, Ben]
  trains: {"1": ["12-5"], "2": ["12-11", "11-9"]}
  markers: [2]
  hands: [["9-12", "3-3"], ["6-2"]]
  boneyard: {top: ["1-1"], rest: sorted}
  to_play: 1
question: Ben's train ends in 9 and is marked. Where does 9-12 go?
kind: move
goal: {most_pips: true}
hints: [Look at Ben's train, which ends 11-9.]
answer: 9-12@2
explain: 12-9 leaves Ana's hand; 11-9 stays where it was.
"""
    p = load_puzzle(text, "shed.yaml")
    assert puzzle_notes(p) == ["shed.yaml: explain: writes 12-9, but the board shows 9-12 on "
                               "Ben's train (inward number first)"]
    path = tmp_path / "shed.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert f"warn {path}: explain: writes 12-9, but the board shows 9-12" in capsys.readouterr().out


@pytest.mark.parametrize("scenario", bundled(), ids=lambda s: s.id)
def test_every_bundled_scenario_writes_its_tiles_as_its_boards_do(scenario):
    # every frame: the intro with the start, each step's narration with the board after it
    texts = [(scenario.intro, scenario.games[0])]
    texts += [(st.say, scenario.games[k + 1]) for k, st in enumerate(scenario.steps)]
    problems = [(i, n) for i, (t, g) in enumerate(texts) for n in orientation_notes(t, g)]
    assert problems == []
    assert scenario.warnings == []


def test_every_bundled_puzzle_writes_its_tiles_as_its_board_does():
    assert [n for p in bundled_puzzles() for n in puzzle_notes(p)] == []


def test_puzzle_verdicts_write_tiles_as_the_board_shown_with_them():
    """A move or sequence puzzle's verdict is shown with the board after the moves played
    (a right move, each step of a turn): the engine's words agree with that board."""
    def walk(p, table, prefix):
        for move, entry in table.items():
            if "view" in entry:
                g = p.start()
                for m in [*prefix, move]:
                    g.push(g.explain(m).move)
                checked.append(move)
                problems.extend(orientation_notes(entry["fb"]["text"], g))
            walk(p, entry.get("next", {}), [*prefix, move])

    checked: list[str] = []
    problems: list[str] = []
    for p in bundled_puzzles():
        if p.kind in ("move", "sequence"):
            walk(p, p.precomputed()["moves"], [])
    assert len(checked) > 30 and problems == []


# ----------------------------------------------------------------------------- tutorials
TUTORIALS = Path(__file__).resolve().parent.parent / "tutorials"
CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```\s*$", re.S | re.M)
SCENARIO = re.compile(r"""(?:ScenarioPlayer|get)\(\s*["']([^"']+)["']""")


@pytest.mark.parametrize("chapter", sorted(p.name for p in TUTORIALS.glob("*.md")))
def test_tutorial_prose_writes_tiles_as_the_board_above_it(chapter, tmp_path, monkeypatch):
    """The prose after a code cell is read against the boards that cell shows: each game
    it names (as the cell leaves it) and the last frame of each scenario it plays."""
    from mtlearn.content.scenario import get

    monkeypatch.chdir(tmp_path)
    parts = CELL.split((TUTORIALS / chapter).read_text(encoding="utf-8"))
    ns: dict = {"__name__": "__tutorial__"}
    boards: list = []
    problems = []
    for i, part in enumerate(parts):
        if i % 2:   # a code cell: run it, note the boards it shows
            if part.startswith("---\n"):  # cell options as a YAML block
                part = part.split("\n---\n", 1)[1]
            code = "\n".join(line for line in part.splitlines() if not line.startswith(":"))
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(code, chapter, "exec"), ns)
            boards = [v for k, v in ns.items()
                      if isinstance(v, Game) and re.search(rf"\b{k}\b", code)]
            boards += [get(sid).games[-1] for sid in SCENARIO.findall(part)]
        else:
            problems += [n for g in boards for n in orientation_notes(part, g)]
    assert problems == []
