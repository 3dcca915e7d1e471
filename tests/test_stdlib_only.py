"""The engine runs on the standard library alone (no site-packages at all)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

SCRIPT = f"""
import sys
sys.path.insert(0, {str(REPO)!r})
import mtlearn
from mtlearn import Game, GreedyBot, RandomBot, play_match, longest_train
from mtlearn.present import htmlout, text, view
game = Game.new(4, set=12, seed=3, rules={{"preset": "standard", "rounds": 2}})
print(play_match(game, RandomBot(1)))
print(len(view.view(game, verdicts=True)["players"]), len(game._repr_html_()) > 1000)
print(longest_train(["12-5", "5-9"], 12))
from mtlearn.hosts.session_host import SessionHost  # what the in-page engine (Pyodide) runs
import json
host = SessionHost()
spec = {{"kind": "board", "game": json.loads(Game.new(3, seed=1).to_json()),
        "bots": {{"1": "greedy", "2": "random"}}, "perspective": 0}}
assert json.loads(host.request(json.dumps({{"op": "open", "kind": "board", "spec": spec}})))["ok"]
from mtlearn.hosts.classroom.tables import ClassTable  # a class table, without the extra
t = ClassTable("t1", "Table 1", 3, bots=1, seed=4)
t.sit(0, "s1", "Ana"); t.sit(1, "s2", "Ben"); t.deal()
assert '"hand":[' in t.seat_state(0)
bad = [m for m in sys.modules if m.split(".")[0] in ("yaml", "anywidget", "traitlets",
                                                      "ipywidgets", "aiohttp", "segno")]
assert not bad, bad
print("STDLIB-ONLY OK")
"""


def test_engine_imports_and_plays_without_site_packages():
    # -S: no site module, so nothing installed outside the standard library is importable.
    r = subprocess.run([sys.executable, "-S", "-c", SCRIPT], capture_output=True, text=True,
                       check=False)
    assert r.returncode == 0, r.stderr
    assert "STDLIB-ONLY OK" in r.stdout


def test_game_draws_itself_as_html():
    from mtlearn import Game

    html = Game.new(2, seed=1)._repr_html_()
    assert 'class="mtl-' in html and '<script type="module">' in html
    assert "http://" not in html.replace("http://www.w3.org", "")


#: The layers above the engine's (see tests/test_layers.py): none may load with it.
PRESENTATION = ("mtlearn.present", "mtlearn.content", "mtlearn.hosts", "mtlearn.jupyter")


def test_engine_import_pulls_in_no_presentation():
    # The engine offers str() and _repr_html_ through lazy imports only: importing it (and
    # playing a round) must not load the text, view, HTML or widget modules.
    script = ("import sys\n"
              "import mtlearn.engine.game\n"
              "from mtlearn import Game, RandomBot, play_round\n"
              "g = Game.new(3, seed=2)\n"
              "play_round(g, RandomBot(2))\n"
              "g.explain('draw'); g.to_position(); g.to_json()\n"
              "print(sorted(m for m in sys.modules if m.startswith('mtlearn')))\n")
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       check=False, cwd=REPO)
    assert r.returncode == 0, r.stderr
    loaded = r.stdout
    assert "'mtlearn.engine.game'" in loaded and "'mtlearn.engine.legal'" in loaded, loaded
    for name in PRESENTATION:
        assert f"'{name}" not in loaded, f"{name} imported by the engine: {loaded}"


def test_presentation_is_imported_when_a_game_is_printed():
    # the lazy import really happens (so the test above is not vacuous)
    script = ("import sys\n"
              "from mtlearn import Game\n"
              "str(Game.new(2, seed=1))\n"
              "print('mtlearn.present.text' in sys.modules)\n")
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       check=False, cwd=REPO)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "True"


def test_every_module_is_short_and_says_what_it_is_for() -> None:
    """Issue 11: one concern per module, each under 600 lines, opening with a docstring."""
    import ast

    long, silent = [], []
    for path in sorted((REPO / "mtlearn").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > 600:
            long.append(f"{path.relative_to(REPO)}: {text.count(chr(10))} lines")
        doc = ast.get_docstring(ast.parse(text))
        if path.name != "__main__.py" and (not doc or len(doc.split()) < 5):
            silent.append(str(path.relative_to(REPO)))
    assert not long, long
    assert not silent, silent


NO_YAML = f"""
import sys
sys.path.insert(0, {str(REPO)!r})
from mtlearn import MtlearnError
from mtlearn.content import puzzles, scenario  # importing content needs no PyYAML
for what, read in (("scenario", lambda: scenario.get("answer-the-double")),
                   ("puzzle", lambda: puzzles.load_text("id: x"))):
    try:
        read()
    except MtlearnError as e:
        print(what, "|", e)
    else:
        raise SystemExit(what + " was read without PyYAML")
try:
    import mtlearn.jupyter.widgets
except ImportError as e:
    print("widgets |", e)
"""


def test_content_without_pyyaml_says_which_extra_to_install() -> None:
    # PyYAML is the optional `content` extra, anywidget the `jupyter` one: without them,
    # reading a YAML file or importing the widgets says what to pip install.
    r = subprocess.run([sys.executable, "-S", "-c", NO_YAML], capture_output=True, text=True,
                       check=False)
    assert r.returncode == 0, r.stderr
    lines = dict(line.split(" | ", 1) for line in r.stdout.splitlines())
    for what in ("scenario", "puzzle"):
        assert lines[what] == ("reading scenario and puzzle files (YAML) needs PyYAML: "
                               'pip install "mexican-train-learn[content]"'), r.stdout
    assert 'pip install "mexican-train-learn[jupyter]"' in lines["widgets"], r.stdout


def test_the_engine_installs_with_no_dependency() -> None:
    import pytest

    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["dependencies"] == []
    extras = project["optional-dependencies"]
    assert extras["content"] == ["pyyaml>=6"]
    assert "anywidget>=0.9" in extras["jupyter"] and "mexican-train-learn[content]" in extras["jupyter"]
    for extra in ("test", "docs"):
        assert any(r.startswith("mexican-train-learn[") and "jupyter" in r for r in extras[extra]), extra
