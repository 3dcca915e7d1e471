"""Scenarios: every bundled one replays; coverage of families and rule ids; errors name
file, line and field; the `mtlearn` command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from scenariokit import TINY_TWO_STEPS as GOOD

from mtlearn.cli import main
from mtlearn.content.scenario import FAMILIES, ScenarioError, bundled, get, load, load_text
from mtlearn.core.ruleids import RULES

SCENARIO_DIR = Path(__file__).resolve().parents[1] / "mtlearn" / "scenarios"
ALL = bundled()


def test_library_size_and_families():
    assert len(ALL) >= 24
    for family in FAMILIES:
        assert sum(s.family == family for s in ALL) >= 5, family
    ids = [s.id for s in ALL]
    assert len(ids) == len(set(ids)), "scenario ids must be unique"


def test_every_rule_of_sections_2_to_8_is_taught():
    taught = {rid for s in ALL for rid in s.teaches}
    wanted = {rid for rid, (section, _) in RULES.items() if 2 <= section <= 8}
    assert wanted - taught == set()


def test_teaches_only_known_rule_ids():
    for s in ALL:
        assert set(s.teaches) <= set(RULES), s.id


@pytest.mark.parametrize("scenario", ALL, ids=lambda s: s.id)
def test_scenario_replays_step_by_step(scenario):
    # Replaying again from the starting position reproduces every frame exactly.
    start = scenario.games[0].copy()
    assert len(scenario.games) == len(scenario.steps) + 1
    for k, step in enumerate(scenario.steps, 1):
        assert start.explain(step.move).legal, (scenario.id, k)
        start.push(step.move)
        assert start.to_position() == scenario.games[k].to_position()
    frames = scenario.frames(verdicts=True)
    assert len(frames) == len(scenario.steps) + 1
    assert frames[0]["step"] == "Start"
    for k, frame in enumerate(frames[1:], 1):
        assert frame["narration"] == scenario.steps[k - 1].say
        assert frame["step"] == f"Step {k} of {len(scenario.steps)}"
    json.dumps(frames)  # views are plain JSON


def test_file_name_matches_id():
    for path in SCENARIO_DIR.rglob("*.yaml"):
        s = load(path)
        assert path.stem == s.id
        assert path.parent.name == s.family




def test_good_text_loads():
    s = load_text(GOOD, "tiny.yaml")
    assert s.id == "tiny" and len(s.steps) == 2
    assert str(s.steps[0].move) == "12-5@1"


def _error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        load_text(text, "bad.yaml")
    return info.value


def test_refused_move_names_file_step_line_and_rule():
    e = _error(GOOD.replace("move: 12-5@1", "move: 3-4@1"))
    assert e.source == "bad.yaml" and e.line == 12
    assert "steps[0].move" in str(e) and "step 1" in str(e) and "R-TRAIN-1" in str(e)


def test_failed_check_names_what_differed():
    e = _error(GOOD.replace("to_play: Ben", "to_play: Ana"))
    assert e.line == 15 and "steps[0].check.to_play" in str(e)
    assert "expected to_play 'Ana'" in str(e) and "'Ben'" in str(e)


def test_malformed_yaml_names_line():
    e = _error(GOOD.replace("family: markers", "family: [markers"))
    assert e.line is not None and "not valid YAML" in str(e)


def test_unknown_field_names_line_and_field():
    e = _error(GOOD.replace("title: A tiny scenario", "title: A tiny scenario\ncolour: red"))
    assert e.line == 3 and "colour" in str(e) and "unknown field" in str(e)


def test_bad_tile_in_position_names_the_line():
    e = _error(GOOD.replace('"9-10"', '"9-13"'))
    assert e.line == 10 and "position.hands[1][1]" in str(e) and "double-12" in str(e)


def test_missing_narration_and_bad_family():
    e = _error(GOOD.replace("    say: Ben has nothing that fits and draws.\n", ""))
    assert "say" in str(e) and "step 2" in str(e)
    e = _error(GOOD.replace("family: markers", "family: trains"))
    assert e.line == 3 and "family" in str(e)


def test_unknown_rule_id_and_check():
    e = _error(GOOD.replace("teaches: [R-TURN-3]", "teaches: [turn three]"))
    assert "teaches[0]" in str(e)
    e = _error(GOOD.replace("to_play: Ben", "colour: Ben"))
    assert "unknown check" in str(e)


def test_unknown_scenario_id():
    with pytest.raises(KeyError):
        get("no-such-scenario")


def test_cli_check_ok_and_failure(tmp_path, capsys):
    good = tmp_path / "good.yaml"
    good.write_text(GOOD)
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("move: 12-5@1", "move: 3-4@1"))
    assert main(["check", str(good)]) == 0
    assert "ok" in capsys.readouterr().out
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "bad.yaml, line 12" in out and "1 of 2" in out


def test_cli_list_shows_every_bundled_scenario(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for s in ALL:
        assert s.id in out


def test_console_script_runs_as_module():
    r = subprocess.run([sys.executable, "-m", "mtlearn.cli", "check", str(SCENARIO_DIR)],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"{len(ALL)} of {len(ALL)}" in r.stdout
