"""Bad scenario files: every mistake is a ScenarioError naming the line and the field,
never a hang, a traceback or a silent acceptance; `mtlearn check` on a folder of them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st
from scenariokit import TINY as BASE

import mtlearn.content.scenario as scenario_mod
from mtlearn.cli import main
from mtlearn.content.scenario import MAX_NODES, ScenarioError, load, load_text
from mtlearn.content.scenario_yaml import MAX_DEPTH, Reader, deepest_line

BAD = Path(__file__).resolve().parent / "data" / "bad-scenarios"

#: file -> (line, field, words the one-line message must contain)
EXPECTED = {
    "alias-bomb.yaml": (9, "", f"expand to more than {MAX_NODES:,} values"),
    "check-markers-number.yaml": (15, "steps[0].check.markers", "must be a list of players"),
    "duplicate-check.yaml": (16, "", "the key 'check' appears twice in one mapping "
                             "(lines 14 and 16)"),
    "highlight-missing-tile.yaml": (14, "steps[0].highlight.tiles[0]", "after step 1, 6-6 is "
                                    "on no train and in no hand (it is in the boneyard)"),
    "highlight-missing-train.yaml": (14, "steps[0].highlight.trains[0]", "there is no train "
                                     "'3': the trains are 1, 2, M"),
    "huge-integer.yaml": (6, "", "a number of 60 digits is too long"),
    "player-named-no.yaml": (7, "position.players", "YAML reads No as false; quote names "
                             "like No/Yes/On"),
    "recursive-alias.yaml": (5, "", "the alias *s refers to a value that contains it"),
    "set-float.yaml": (6, "position.set", "must be one of [6, 9, 12, 15, 18], not 12.0"),
    "tab-indent.yaml": (8, "", "indent with spaces, not a tab"),
    "teaches-unknown-rule.yaml": (4, "teaches[0]", "R-TURN-9 is not a rule of the rules "
                                  "reference (the rules reference has R-TURN-1, R-TURN-2, "
                                  "R-TURN-3, R-TURN-4, R-TURN-5)"),
    "turn-played-null.yaml": (7, "position.turn.played", "must be a whole number"),
}


#: Files that once crashed `mtlearn check` and now load: `12|4` is a way to write 12-4.
ACCEPTED = ["tile-with-bar.yaml"]


def test_the_folder_holds_one_file_per_mistake():
    assert sorted(p.name for p in BAD.iterdir()) == sorted([*EXPECTED, *ACCEPTED])


def test_a_tile_written_with_a_bar_is_read():
    s = load(BAD / "tile-with-bar.yaml")
    assert [str(t) for t, _ in s.games[0].train(0).tiles] == ["12-4"]
    assert s.games[0].train(0).open_end == 4


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_bad_file_is_a_clear_error(name):
    line, field, words = EXPECTED[name]
    with pytest.raises(ScenarioError) as info:
        load(BAD / name)
    e = info.value
    assert e.line == line, str(e)
    assert e.where == field, str(e)
    assert words in str(e)
    assert "\n" not in str(e)
    assert str(e).startswith(f"{BAD / name}, line {line}: ")


def test_check_on_a_folder_reports_every_file_in_one_line_each(capsys):
    assert main(["check", str(BAD)]) == 1
    out = capsys.readouterr().out.splitlines()
    total = len(EXPECTED) + len(ACCEPTED)
    assert len(out) == total + 1
    for name, row in zip(sorted([*EXPECTED, *ACCEPTED]), out, strict=False):
        if name in ACCEPTED:
            assert row.startswith(f"ok   {BAD / name}: tiny"), row
            continue
        line, field, words = EXPECTED[name]
        assert row.startswith(f"FAIL {BAD / name}, line {line}: " + (f"{field}: " if field
                                                                       else "")), row
        assert words in row
        assert "internal error" not in row
    assert out[-1] == (f"{len(ACCEPTED)} of {total} scenario file(s) replay cleanly; "
                       f"{len(EXPECTED)} failed.")


def test_check_as_a_command_prints_no_traceback():
    # the real command line, in a fresh interpreter (the alias bomb included)
    r = subprocess.run([sys.executable, "-m", "mtlearn.cli", "check", str(BAD)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert "Traceback" not in r.stdout + r.stderr
    assert r.stderr == ""
    assert len(r.stdout.splitlines()) == len(EXPECTED) + len(ACCEPTED) + 1


def test_an_internal_error_is_reported_per_file_and_the_run_goes_on(tmp_path, monkeypatch,
                                                                    capsys):
    for name in ("a.yaml", "b.yaml", "c.yaml"):
        (tmp_path / name).write_text(BASE.replace("id: tiny", f"id: {name[0]}"))
    real = scenario_mod.load_text

    def flaky(text, source="<scenario>"):
        if source.endswith("b.yaml"):
            raise RuntimeError("boom\nsecond line")
        return real(text, source)

    monkeypatch.setattr(scenario_mod, "load_text", flaky)
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("ok   ")
    assert out[1] == (f"FAIL {tmp_path / 'b.yaml'}: internal error (RuntimeError: boom second "
                      f"line); please report it with the file")
    assert out[2].startswith("ok   ")
    assert out[3] == "2 of 3 scenario file(s) replay cleanly; 1 failed (1 with an internal error)."


def test_check_names_a_missing_path_and_goes_on(tmp_path, capsys):
    (tmp_path / "a.yaml").write_text(BASE)
    assert main(["check", str(tmp_path / "nope.yaml"), str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"FAIL {tmp_path / 'nope.yaml'}: no such file or folder"
    assert out[1].startswith("ok   ")
    assert out[-1] == "1 of 2 scenario file(s) replay cleanly; 1 failed."


def test_good_file_still_loads():
    s = load_text(BASE)
    assert s.id == "tiny" and len(s.steps) == 1


def test_small_aliases_are_fine():
    # anchors and aliases that stay small are ordinary YAML and keep working
    text = BASE.replace("teaches: [R-TURN-3]", "teaches: &t [R-TURN-3]")
    text = text.replace("    check:\n      to_play: Ben", "    check: &c\n      to_play: Ben")
    text += "  - move: draw\n    say: Ben draws.\n    check: {to_play: Ben, legal: [pass]}\n"
    s = load_text(text)
    assert s.teaches == ["R-TURN-3"]


def test_alias_bound_counts_the_expansion():
    # 4 levels of 10 stay under the bound; 5 levels (100,000 values) are refused quickly
    def nest(levels):
        lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
        for k in range(1, levels):
            lines.append(f"a{k}: &a{k} [" + ", ".join([f"*a{k - 1}"] * 10) + "]")
        return BASE + "\n".join(lines) + "\n"

    with pytest.raises(ScenarioError, match="unknown field"):
        load_text(nest(3))      # parsed fine; then refused as unknown fields
    with pytest.raises(ScenarioError, match="expand to more than"):
        load_text(nest(5))


@pytest.mark.parametrize("text, line, words", [
    ("id: a\nid: b\n", 2, "the key 'id' appears twice in one mapping (lines 1 and 2)"),
    ("x: {a: 1, a: 2}\n", 1, "the key 'a' appears twice in one mapping (twice on line 1)"),
    ("a:\n\t- 1\n", 2, "indent with spaces, not a tab"),
    # deep nesting is refused in mtlearn's words, whatever bound (and wording) PyYAML has:
    # 65 levels pass PyYAML and meet the loader's exact check; 100,000 would meet PyYAML's
    # own scanner bound (PyYAML 6.0.4 and later) if mtlearn's look at the text did not come first
    ("[" * 65 + "]" * 65, 1, "nested more than 64 levels deep"),
    ("- " * 65 + "x", 1, "nested more than 64 levels deep"),
    ("".join(" " * i + f"k{i}:\n" for i in range(66)), 65, "nested more than 64 levels deep"),
    ("[" * 100_000 + "]" * 100_000, 1, "nested more than 64 levels deep"),
    ("- " * 100_000 + "x", 1, "nested more than 64 levels deep"),
    ("a:\n  b: " + "{x: " * 5_000 + "1" + "}" * 5_000, 2, "nested more than 64 levels deep"),
])
def test_yaml_mistakes(text, line, words):
    with pytest.raises(ScenarioError) as info:
        load_text(text, "f.yaml")
    assert info.value.line == line
    assert words in str(info.value)


@pytest.mark.parametrize("word, value", [("No", "false"), ("yes", "true"), ("On", "true"),
                                          ("OFF", "false")])
def test_yes_no_words_get_a_hint(word, value):
    text = BASE.replace("players: [Ana, Ben]", f"players: [Ana, {word}]")
    with pytest.raises(ScenarioError, match=f"YAML reads {word} as {value}; quote names like "
                       f"No/Yes/On, e.g. \"{word}\""):
        load_text(text)
    # quoted, the name is a name
    s = load_text(text.replace(f"[Ana, {word}]", f"[Ana, \"{word}\"]").replace(
        "to_play: Ben", f"to_play: \"{word}\""))
    assert s.final.players == ["Ana", word]


def test_yes_no_hint_only_where_it_matters():
    # `over: no` is a real true/false: an error elsewhere gets no hint
    text = BASE.replace("      to_play: Ben", "      over: no").replace("teaches: [R-TURN-3]",
                                                                      "teaches: [R-TURN-99]")
    with pytest.raises(ScenarioError) as info:
        load_text(text)
    assert "YAML reads" not in str(info.value)
    with pytest.raises(ScenarioError, match=r"title: must be a non-empty text \(title: YAML "
                       "reads On as true"):
        load_text(BASE.replace("title: A tiny scenario", "title: On"))


def test_a_huge_file_is_refused_before_parsing(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text(BASE + "# " + "x" * (scenario_mod.MAX_BYTES + 10) + "\n")
    with pytest.raises(ScenarioError, match="too large for a scenario file"):
        load(big)
    with pytest.raises(ScenarioError, match="too large for a scenario file"):
        load_text(big.read_text())


@pytest.mark.parametrize("check, field, words", [
    ("markers: 2", "check.markers", "must be a list of players"),
    ("markers: [Zed]", "check.markers[0]", "'Zed' is not a player"),
    ("winners: Ben", "check.winners", "must be a list of players"),
    ("winners: [1]", "check.winners", "expected winners [1] but the engine has ['Ana', 'Ben']"),
    ("over: 1", "check.over", "must be true or false, not 1"),
    ("blocked: maybe", "check.blocked", "must be true or false"),
    ("scores: 5", "check.scores", "must be a list of 2 whole numbers"),
    ("totals: [1]", "check.totals", "must be a list of 2 whole numbers"),
    ("hand_counts: [1, x]", "check.hand_counts", "must be a list of 2 whole numbers"),
    ("boneyard: lots", "check.boneyard", "must be a number of tiles, not 'lots'"),
    ("open_doubles: 3", "check.open_doubles", "must be a list of short texts"),
    ("illegal: {'3-4@2': R-NOPE-1}", "check.illegal.3-4@2", "R-NOPE-1 is not a rule of the rules"),
    ("illegal: {'3-4@2': 7}", "check.illegal.3-4@2", "7 is not a rule id"),
    ("legal: [12-5@9]", "check.legal[0]", "should be legal"),
    ("out: [x]", "check.out", "is not a player"),
    ("to_play: {a: 1}", "check.to_play", "is not a player"),
])
def test_checks_of_the_wrong_type_are_named(check, field, words):
    text = BASE.replace("      to_play: Ben", "      " + check)
    with pytest.raises(ScenarioError) as info:
        load_text(text)
    assert info.value.where == "steps[0]." + field, str(info.value)
    assert words in str(info.value)


def test_checks_still_compare():
    s = load_text(BASE.replace("      to_play: Ben", "      to_play: 2\n      "
                               "markers: []\n      winners: [Ana, Ben]\n      over: false\n"
                               "      hand_counts: [1, 2]\n      out: null"))
    assert s.final.current == 1


def _nest(depth: int, kinds: list[str]) -> object:
    value: object = "x"
    for k in range(depth):
        value = [value] if kinds[k % len(kinds)] == "list" else {"k": value}
    return value


@settings(max_examples=60, deadline=None)
@given(depth=st.integers(1, 90), kinds=st.lists(st.sampled_from(["list", "dict"]), min_size=1,
                                               max_size=4),
       flow=st.sampled_from([None, True, False]), width=st.integers(2, 6))
@example(depth=63, kinds=["list"], flow=None, width=2)
@example(depth=64, kinds=["list"], flow=True, width=2)
@example(depth=64, kinds=["dict"], flow=False, width=2)
@example(depth=65, kinds=["list", "dict"], flow=False, width=4)
def test_the_quick_look_at_nesting_never_refuses_what_the_loader_accepts(depth, kinds, flow,
                                                                         width):
    """deepest_line is a lower bound: it refuses a text only if the loader's exact check
    refuses it too. The loader counts every value, the innermost text included: 63 lists or
    mappings around a text are accepted, 64 and more refused."""
    text = yaml.safe_dump(_nest(depth, kinds), default_flow_style=flow, indent=width,
                          width=10_000)
    found = deepest_line(text)
    if depth < MAX_DEPTH:
        assert found is None, text[:300]
        Reader(text, "f.yaml")
    else:
        with pytest.raises(ScenarioError, match="nested more than 64 levels deep"):
            Reader(text, "f.yaml")
    if found is not None:
        assert depth > MAX_DEPTH - 1


def test_the_quick_look_skips_quoted_text_and_block_scalars():
    for text in ["title: see [[[[" + "[" * 100 + " x\n",
                 'title: "' + "[" * 100 + '"\n',
                 "title: |\n  " + "[" * 100 + "\n",
                 "a: 'it''s\n  " + "[" * 100 + "'\n",
                 "# " + "[" * 100 + "\n"]:
        assert deepest_line(text) is None, text[:40]
