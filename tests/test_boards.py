"""Boards built from the engine: real scenarios and positions in static HTML (Chromium),
and a live Board in a real JupyterLab whose kernel-side game must agree with the clicks."""

from __future__ import annotations

import re

import pytest
from test_frontend import hand_tile, message_text, open_fragments, train_button

from mtlearn import Game, GreedyBot
from mtlearn.content.scenario import bundled, get
from mtlearn.hosts.session import BoardSession
from mtlearn.jupyter.widgets import Board, ScenarioPlayer
from mtlearn.present.view import view


def test_scenario_player_model_holds_every_frame():
    sc = get("open-double-blocks-everyone")
    sp = ScenarioPlayer(sc)
    assert sp.title == sc.title
    assert len(sp.frames) == len(sc.steps) + 1
    assert [f["narration"] for f in sp.frames[1:]] == [s.say for s in sc.steps]
    sp.index = 999
    assert sp.index == len(sp.frames) - 1
    bundle = sp._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data and "text/html" in data


def test_board_plays_refuses_and_undoes_in_python():
    game = Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                               "hands": [["12-5", "5-9"], ["7-8", "3-4"]]})
    board = Board(game)
    assert board.play("5-9@2") is False
    assert (board.message["kind"] == "refusal" and board.message["rule"] == "R-TRAIN-1") or \
        board.message["rule"] == "R-MARK-1"
    assert game.history == []
    assert board.play("12-5@1") is True
    assert str(game.history[-1]) == "12-5@1"
    assert board.view["to_play"] == 2
    assert board.undo() is True and game.history == []
    assert board.undo() is False and "Nothing to undo" in board.message["text"]


def test_board_with_bots_replies_and_undo_takes_back_the_replies():
    game = Game.new(3, seed=5)
    board = Board(game, bots={1: "greedy", 2: GreedyBot()}, perspective=0)
    assert game.current == 0
    move = next(iter(game.legal_moves))
    assert board.play(move)
    assert game.current == 0 or game.over
    assert len(game.history) >= 3
    assert board.view["players"][1]["hand"] is None  # hidden by perspective
    board.undo()
    assert game.history == []
    with pytest.raises(ValueError, match="not a seat"):
        Board(game, bots={7: "greedy"})
    with pytest.raises(ValueError, match="unknown bot"):
        Board(game, bots={1: "clever"})


def test_static_board_successors_are_engine_positions():
    game = Game.new(2, seed=11)
    board = Board(game)
    state = board._static_state()
    assert set(state["successors"]) == {str(m) for m in game.legal_moves}
    assert BoardSession.from_spec(state["session"]).view(verdicts=True) == state["view"]
    for move, answer in state["successors"].items():
        g = game.copy()
        g.push(move)
        assert answer["view"] == {**view(g, verdicts=True), "match": answer["view"]["match"]}
        assert answer["message"]["kind"] == "ok"


@pytest.mark.browser
def test_real_scenario_steps_in_static_html(page, page_guard, tmp_path, artifacts_dir):
    sc = max(bundled(), key=lambda s: len(s.steps))
    open_fragments(page, tmp_path, ScenarioPlayer(sc).to_html())
    n = len(sc.steps) + 1
    counter = page.locator(".mtl-counter")
    narration = page.locator(".mtl-narration")
    assert counter.inner_text() == f"Step 1 of {n}"
    for k, step in enumerate(sc.steps, 2):
        page.get_by_role("button", name="Next step").click()
        assert counter.inner_text() == f"Step {k} of {n}"
        assert step.say in narration.inner_text()
        # the board drawn is the engine's: the boneyard count of that frame
        assert f"{len(sc.games[k - 1].bone)} tiles" in page.locator(".mtl-root").inner_text()
    page.screenshot(path=str(artifacts_dir / "boards-scenario-last.png"), full_page=True)
    for k in range(n - 1, 0, -1):
        page.keyboard.press("ArrowLeft")
        assert counter.inner_text() == f"Step {k} of {n}"
    assert sc.intro[:40] in narration.inner_text()
    page_guard.assert_clean()


@pytest.mark.browser
def test_real_eight_player_board_static_click_flow(page, page_guard, tmp_path, artifacts_dir):
    game = Game.new(8, seed=2)
    bot = GreedyBot()
    for k in range(400):  # a mid-round position with long trains, and a play to make
        if k >= 60 and any(m.kind == "play" for m in game.legal_moves):
            break
        game.push(bot.choose(game))
    assert not game.over
    board = Board(game)
    open_fragments(page, tmp_path, board.to_html())
    root = page.locator(".mtl-root")
    assert root.evaluate("el => el.scrollWidth <= el.clientWidth")
    assert page.locator(".mtl-train").count() == 9
    bad = next((m, v) for m, v in board._static_state()["view"]["verdicts"].items()
               if "@" in m and not v["legal"])
    tile, train = bad[0].split("@")
    a, b = map(int, tile.split("-"))
    hand_tile(page, f"{max(a, b)}-{min(a, b)}").click()
    train_button(page, train).click()
    assert "Not allowed" in message_text(page)
    href = page.locator(".mtl-message a.mtl-rule").get_attribute("href")
    assert href.endswith("#" + bad[1]["rule"].lower())
    good = next(m["move"] for m in board.view["legal"] if "@" in m["move"])
    tile, train = good.split("@")
    a, b = map(int, tile.split("-"))
    before = page.locator(f'.mtl-train[data-train="{train}"] [role="img"]').count()
    hand_tile(page, f"{max(a, b)}-{min(a, b)}").click()
    train_button(page, train).click()
    after = page.locator(f'.mtl-train[data-train="{train}"] [role="img"]').count()
    assert after == before + 1
    page.screenshot(path=str(artifacts_dir / "boards-8-players.png"), full_page=True)
    page_guard.assert_clean()


LAB_CELLS = [
    """\
from mtlearn import Game
from mtlearn.jupyter.widgets import Board
game = Game.from_position({"set": 12, "players": ["Ana", "Ben", "Cy"],
    "hands": [["12-5", "5-9", "3-4"], ["12-7", "7-8"], ["12-1", "6-6"]]})
board = Board(game, rules_url="http://127.0.0.1/rules.html")
board""",
    """print("HISTORY", [str(m) for m in game.history], "TO_PLAY", game.current)""",
]


@pytest.mark.lab
def test_live_board_kernel_agrees(jupyterlab, page, page_guard, artifacts_dir):
    jupyterlab.write_notebook("agree.ipynb", LAB_CELLS)
    jupyterlab.open_and_run(page, "agree.ipynb")
    root = page.locator(".jp-OutputArea .mtl-root.mtl-board")
    root.wait_for(timeout=30_000)
    # illegal: Ana may not play on Ben's private train
    root.locator('.mtl-tilebtn[aria-label="12-5"]').click()
    root.locator('.mtl-train[data-train="2"] .mtl-target').click()
    msg = root.locator(".mtl-message")
    msg.locator("a.mtl-rule").wait_for(timeout=10_000)
    assert "only you play on your train until your marker is on it" in msg.inner_text()
    assert "Not allowed" in msg.inner_text() and "R-MARK-1" not in msg.inner_text()
    # legal: start Ana's own train
    root.locator('.mtl-train[data-train="1"] .mtl-target').click()
    root.locator(".mtl-msg-ok").wait_for(timeout=10_000)
    root.screenshot(path=str(artifacts_dir / "boards-lab-live.png"))
    # ask the kernel: run the second cell only
    cell = page.locator(".jp-Notebook .jp-Cell").nth(1)
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    out = cell.locator(".jp-OutputArea-output", has_text="HISTORY")
    out.wait_for(timeout=30_000)
    text = out.inner_text()
    assert re.search(r"HISTORY \['12-5@1'\] TO_PLAY 1", text), text
    page_guard.assert_clean()




def test_view_carries_the_position_in_words():
    game = Game.new(3, seed=4)
    assert view(game)["description"] == str(game)
    hidden = view(game, perspective=0)["description"]
    assert "tiles (hidden)" in hidden and str(game.hand(0)[0]) in hidden


@pytest.mark.browser
def test_position_in_words_stays_open_while_stepping(page, page_guard, tmp_path):
    sc = get("marking-your-train")
    open_fragments(page, tmp_path, ScenarioPlayer(sc).to_html())
    words = page.locator(".mtl-words")
    assert words.get_attribute("open") is None
    words.locator("summary").click()
    assert "Ana's train" in page.locator(".mtl-words-text").inner_text()
    page.get_by_role("button", name="Next step").click()
    assert page.locator(".mtl-words").get_attribute("open") is not None
    text = page.locator(".mtl-words-text").inner_text()
    assert text == str(sc.games[1])
    page_guard.assert_clean()


def test_hint_names_a_legal_move_or_what_to_do():
    game = Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                               "hands": [["12-5", "12-9", "3-4"], ["7-8"]]})
    hint = view(game)["hint"]
    assert hint == "Try 12-9 on Ana's train: it sheds 21 pips: Ben has one tile left."
    game = Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                               "hands": [["3-4"], ["7-8"]]})
    assert view(game)["hint"] == game.explain("draw").reason
    game.push("draw")
    assert view(game)["hint"] is not None
    over = Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                               "hands": [["12-5"], ["7-8"]]})
    over.push("12-5@1")
    assert view(over)["hint"] is None


@pytest.mark.browser
def test_hint_button_shows_the_hint_in_words(page, page_guard, tmp_path):
    game = Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                               "hands": [["12-5", "12-9", "3-4"], ["7-8"]]})
    open_fragments(page, tmp_path, Board(game).to_html())
    page.get_by_role("button", name="Hint").click()
    note = page.locator(".mtl-note")
    assert note.get_attribute("aria-live") == "polite"
    assert note.inner_text().startswith("Hint: Try 12-9 on Ana's train")
    page_guard.assert_clean()


def test_legal_moves_are_named_in_words_said_to_the_player():
    """A board's buttons name each move in words ("Play 12-5 on your train"), never in
    the engine's notation; the player's own train is "your train"."""
    game = Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                               "hands": [["12-5", "5-9"], ["7-8", "3-4"]]})
    texts = {m["move"]: m["text"] for m in view(game, perspective=0)["legal"]}
    assert texts["12-5@1"] == "Play 12-5 on your train"
    assert texts["12-5@M"] == "Play 12-5 on the Mexican train"
    assert not any("@" in t for t in texts.values())


def _draw_with_open_double() -> Game:
    """A real game (seeded, greedy bots) just after a player drew while a double was open."""
    for seed in range(200):
        game = Game.new(4, seed=seed)
        bot = GreedyBot()
        for _ in range(300):
            if game.over:
                break
            kinds = {m.kind for m in game.legal_moves}
            if game.blocking_double_place is not None and kinds == {"draw"}:
                game.push(next(m for m in game.legal_moves if m.kind == "draw"))
                if game.blocking_double_place is not None and game.drawn is not None:
                    return game
                break
            game.push(bot.choose(game))
    raise AssertionError("no draw with an open double in 200 seeded games")


def test_status_after_a_draw_still_names_the_open_double():
    game = _draw_with_open_double()
    d, where = game.blocking_double_place  # type: ignore[misc]
    status = view(game, perspective=game.current)["status"]
    assert f"drew {game.drawn}" in status
    assert f"the open double {d}-{d} on {where}" in status


def test_the_stars_rule_is_one_rule_in_python_and_in_the_boards():
    """stars.js starRule (boards with steps, puzzles) and the engine's stars_for (the
    steps it ticks, the table sent with each puzzle) give the same stars."""
    import json
    import shutil
    import subprocess
    from pathlib import Path

    from mtlearn.content.puzzle_record import stars_for
    from mtlearn.content.steps import stars

    node = shutil.which("node")
    assert node, "node is needed (tests/frontend_checks.py uses it too)"
    js = (Path(__file__).parent.parent / "mtlearn/static/js/stars.js").as_uri()
    code = (f"import {{ starRule }} from {json.dumps(js)};"
            "const out = [];"
            "for (let par = 0; par < 4; par++) for (let s = 0; s < 9; s++) out.push(starRule(s, par));"
            "console.log(JSON.stringify(out));")
    got = json.loads(subprocess.run([node, "--input-type=module", "-e", code], check=True,
                                    capture_output=True, text=True).stdout)
    assert got == [stars_for(s, par) for par in range(4) for s in range(9)]
    assert [stars(s) for s in range(4)] == [3, 2, 1, 1]
