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
from mtlearn import view, htmlout, text
game = Game.new(4, set=12, seed=3, rules={{"preset": "standard", "rounds": 2}})
print(play_match(game, RandomBot(1)))
print(len(view.view(game, verdicts=True)["players"]), len(game._repr_html_()) > 1000)
print(longest_train(["12-5", "5-9"], 12))
from mtlearn.session import SessionHost  # what the in-page engine (Pyodide) runs
import json
host = SessionHost()
spec = {{"kind": "board", "game": json.loads(Game.new(3, seed=1).to_json()),
        "bots": {{"1": "greedy", "2": "random"}}, "perspective": 0}}
assert json.loads(host.request(json.dumps({{"op": "open", "kind": "board", "spec": spec}})))["ok"]
bad = [m for m in sys.modules if m.split(".")[0] in ("yaml", "anywidget", "traitlets",
                                                      "ipywidgets")]
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
