"""Board sessions (mtlearn.hosts.session): the intents a board sends, answered with views and
messages, the same through the kernel's Board widget and the in-page engine's JSON host."""

from __future__ import annotations

import json

import pytest

from mtlearn import Game, GreedyBot
from mtlearn.hosts.session import BoardSession, SessionError
from mtlearn.hosts.session_host import SessionHost, register_session_kind
from mtlearn.jupyter.widgets import Board


def human_move(view: dict) -> str:
    """The move a simple learner makes: the first legal play, else draw / pass / the rest."""
    legal = [m["move"] for m in view["legal"]]
    plays = [m for m in legal if "@" in m]
    return (plays or legal)[0]


def intent_for(move: str) -> dict:
    return {"action": move} if move in ("draw", "pass") else {"action": "move", "move": move}


def play_round_intents(send, first: dict, limit: int = 400) -> tuple[list[dict], dict]:
    """Drive a board with the learner's intents until the round is over."""
    result, sent = first, []
    for _ in range(limit):
        if result["view"]["over"]:
            return sent, result
        intent = intent_for(human_move(result["view"]))
        sent.append(intent)
        result = send(intent)
    raise AssertionError("the round did not end")


def test_round_against_three_bots_to_the_score_table_then_next_round():
    session = BoardSession(Game.new(4, seed=3), bots={1: "greedy", 2: "greedy", 3: "greedy"},
                           perspective=0)
    first = session.state()
    assert first["view"]["players"][1]["hand"] is None  # hidden while the round is played
    sent, end = play_round_intents(session.handle, first)
    v = end["view"]
    assert v["over"] and v["result"]["scores"] == session.game.round_scores[-1]
    assert all(p["hand"] is not None for p in v["players"])  # every hand revealed
    m = v["match"]
    assert m["round_over"] and m["next_round"] and not m["match_over"]
    assert [r["total"] for r in m["standings"]] == sorted(r["total"] for r in m["standings"])
    assert "R-SCORE-4" in m["tie_break"]
    # bots' moves are told in words after each learner move
    assert any(session.handle({"action": "undo"})["message"]["text"] == "Move taken back."
               for _ in [0])
    session.handle(sent[-1])
    nxt = session.handle({"action": "next_round"})
    assert nxt["view"]["round"] == 2 and nxt["view"]["engine"] == 11
    assert nxt["message"]["text"].startswith("Round 2 of 13 is dealt")
    assert not nxt["view"]["over"]
    # round 2 is started by seat 2 (a bot): it has moved, and it is the learner's turn
    assert nxt["message"]["bots"] and nxt["view"]["to_play"] == 1


def test_bots_moves_are_narrated_and_undo_takes_them_back():
    game = Game.new(3, seed=5)
    session = BoardSession(game, bots={1: "greedy", 2: GreedyBot()}, perspective=0)
    move = human_move(session.view())
    out = session.handle(intent_for(move))
    assert out["message"]["kind"] == "ok"
    assert len(out["message"]["bots"]) >= 2
    assert all(b.startswith(("Ben played", "Cy played", "Ben drew", "Cy drew", "Ben passed", "Cy passed")) for b in out["message"]["bots"])
    assert session.handle({"action": "undo"})["message"]["text"] == "Move taken back."
    assert game.history == []
    assert "Nothing to undo" in session.handle({"action": "undo"})["message"]["text"]


def test_the_round_end_names_who_went_out_when_a_bot_did():
    """Ana passes and the computer players move on until Dee goes out: the message says Dee
    ended the round (it read "Ana passed and put out a marker. The round is over", as if
    Ana's pass had ended it)."""
    table = {"set": 6, "players": ["Ana", "Ben", "Cy", "Dee"],
             "trains": {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"], "4": ["6-2"]},
             "hands": [["0-0"], ["3-1", "1-1"], ["4-0", "2-2"], ["2-1"]],
             "boneyard": {"top": ["3-3"], "rest": "sorted"}}
    game = Game.from_position(table)
    session = BoardSession(game, bots={1: "greedy", 2: "greedy", 3: "greedy"}, perspective=0)
    session.handle({"action": "draw"})
    said = session.handle({"action": "pass"})["message"]
    assert session.game.over and session.game.out == 3
    assert said["text"] == ("Ana passed and put out a marker. Then Dee went out, and the round "
                            "is over: see the scores, then deal the next round.")
    assert said["bots"][-1] == "Dee played 2-1 on Dee's train."
    # the learner going out is named as such
    mine = BoardSession(Game.from_position({**table, "hands": [
        ["5-0"], ["3-1", "1-1"], ["4-0", "2-2"], ["2-1"]]}), bots={1: "greedy"})
    assert mine.handle({"action": "move", "move": "5-0@1"})["message"]["text"] == (
        "Ana played 5-0 on Ana's train. Ana went out, and the round is over: see the "
        "scores, then deal the next round.")


def test_refusals_and_bad_intents_leave_the_game_untouched():
    game = Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                               "hands": [["12-5", "5-9"], ["7-8", "3-4"]]})
    session = BoardSession(game)
    out = session.handle({"action": "move", "move": "5-9@2"})
    assert out["message"]["kind"] == "refusal" and out["message"]["rule"]
    for bad in [{"action": "fly"}, "draw", {"action": "new_game", "players": 40},
                {"action": "new_game", "players": 3, "bots": 3},
                {"action": "new_game", "players": "x"}, {"action": "new_match", "seed": [1]}]:
        with pytest.raises(SessionError):  # the one refusal: nothing changes
            session.handle(bad)
        assert session.game is game and game.history == []
        assert session.state()["message"]["kind"] == "refusal"
    assert session.handle({"action": "next_round"})["message"]["rule"] == "R-END-1"


def test_new_game_and_new_match():
    session = BoardSession(Game.new(4, seed=1), bots={1: "greedy"})
    out = session.handle({"action": "new_game", "players": 3, "bots": 2, "seed": 9})
    v = out["view"]
    assert len(v["players"]) == 3 and v["perspective"] == 1 and v["round"] == 1
    assert v["match"]["setup"] == {"players": 3, "bots": 2, "bot": "greedy",
                                   "min_players": 2, "max_players": 8,
                                   "who": "You play Ana; the computer plays Ben and Cy."}
    assert "3 players" in out["message"]["text"]
    out = session.handle({"action": "new_game", "players": 2, "bots": 0, "seed": 4})
    assert out["view"]["perspective"] is None and out["view"]["match"]["setup"]["bots"] == 0
    before = session.game
    session.handle({"action": "new_match", "seed": 77})
    assert session.game is not before and session.game.seed == 77
    assert session.game.players == before.players


def test_match_over_shows_standings_with_the_tie_break():
    game = Game.new(2, set=6, rules={"preset": "standard", "rounds": 2}, seed=2)
    session = BoardSession(game, bots={1: "greedy"}, perspective=0)
    result = session.state()
    for _ in range(2):
        _sent, result = play_round_intents(session.handle, result)
        if result["view"]["match"]["next_round"]:
            result = session.handle({"action": "next_round"})
    m = result["view"]["match"]
    assert m["match_over"] and not m["next_round"] and m["winners"]
    assert [len(r["rounds"]) for r in m["standings"]] == [2, 2]
    assert session.handle({"action": "next_round"})["message"]["rule"] == "R-ROUND-1"
    new = session.handle({"action": "new_match", "seed": 5})["view"]
    assert new["round"] == 1 and not new["match"]["round_over"]


def test_spec_round_trips_and_custom_bots_are_not_portable():
    session = BoardSession(Game.new(4, seed=8), bots={1: "random", 2: "greedy", 3: "random"},
                           perspective=0, highlights={"tiles": ["12-5"], "trains": []})
    session.handle(intent_for(human_move(session.view())))
    copy = BoardSession.from_spec(json.loads(json.dumps(session.to_spec())))
    assert copy.state() == session.state()
    intent = intent_for(human_move(session.view()))
    assert copy.handle(intent) == session.handle(intent)

    class Mine:
        def choose(self, game):
            return next(iter(game.legal_moves))

    odd = BoardSession(Game.new(2, seed=1), bots={1: Mine()})
    assert not odd.portable
    with pytest.raises(SessionError, match="only runs in this Python"):
        odd.to_spec()
    with pytest.raises(SessionError):
        BoardSession.from_spec({"kind": "board"})


def test_host_speaks_json_and_reports_errors():
    host = SessionHost()
    spec = BoardSession(Game.new(3, seed=4), bots={1: "greedy", 2: "greedy"}).to_spec()
    opened = json.loads(host.request(json.dumps({"op": "open", "kind": "board", "spec": spec})))
    assert opened["ok"] and opened["session"] == "board-1"
    bad = [("not json", "not valid JSON"), ('{"op": "fly"}', "unknown op"),
           ('{"op": "open", "kind": "chess"}', "unknown session kind"),
           ('{"op": "intent", "session": "x"}', "no open session")]
    for text, why in bad:
        answer = json.loads(host.request(text))
        assert not answer["ok"] and why in answer["error"]
    with pytest.raises(TypeError):
        register_session_kind("thing", object())


def test_kernel_board_and_json_host_give_identical_views():
    """The same intents through the anywidget Board (kernel) and the in-page engine's host."""
    game = Game.new(4, seed=21)
    board = Board(game.copy(), bots={1: "greedy", 2: "greedy", 3: "greedy"}, perspective=0)
    host = SessionHost()
    spec = BoardSession(game.copy(), bots={1: "greedy", 2: "greedy", 3: "greedy"},
                        perspective=0).to_spec()
    opened = json.loads(host.request(json.dumps({"op": "open", "kind": "board",
                                                 "spec": spec})))
    assert opened["result"]["view"] == board.view

    def through_both(intent: dict) -> dict:
        board._on_msg(board, intent, [])
        answer = json.loads(host.request(json.dumps(
            {"op": "intent", "session": opened["session"], "intent": intent})))
        kernel = {"view": board.view, "message": board.message, "review": board.review}
        assert json.dumps(answer["result"], sort_keys=True) == json.dumps(kernel, sort_keys=True)
        return answer["result"]

    sent, _end = play_round_intents(through_both, opened["result"])
    assert len(sent) > 3
    for intent in [{"action": "undo"}, sent[-1], {"action": "next_round"}, {"action": "hint"},
                   {"action": "undo"}, {"action": "new_game", "players": 3, "bots": 1, "seed": 6},
                   {"action": "new_match", "seed": 12}]:
        through_both(intent)


LAB_MATCH_CELLS = [
    """\
from mtlearn import Game
from mtlearn.jupyter.widgets import Board
game = Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                           "hands": [["12-5"], ["7-8", "9-9"]]})
board = Board(game, bots={1: "greedy"}, perspective=0)
board""",
    """print("ROUND", board.game.round_no, "PLAYERS", board.game.n, "BOTS", sorted(board.bots))""",
]


@pytest.mark.lab
def test_kernel_board_match_flow_in_jupyterlab(jupyterlab, page, page_guard, artifacts_dir):
    """In JupyterLab the same panels and buttons reach the kernel's session."""
    jupyterlab.write_notebook("match.ipynb", LAB_MATCH_CELLS)
    jupyterlab.open_and_run(page, "match.ipynb")
    root = page.locator(".jp-OutputArea .mtl-root.mtl-board")
    root.wait_for(timeout=30_000)
    assert root.locator(".mtl-host").count() == 0  # the kernel answers: no status line
    root.locator('.mtl-tilebtn[aria-label="12-5"]').click()
    root.locator('.mtl-train[data-train="1"] .mtl-target').click()
    panel = root.locator(".mtl-match")
    panel.wait_for(timeout=15_000)
    assert panel.locator("h4").text_content() == "Round 1 of 13 is over"
    assert root.locator(".mtl-backs").count() == 0  # Ben's hand revealed
    root.screenshot(path=str(artifacts_dir / "session-lab-round-over.png"))
    root.locator('button[data-key="next_round"]').click()
    root.locator(".mtl-message", has_text="Round 2 of 13 is dealt").wait_for(timeout=15_000)
    root.locator('summary[data-key="newgame"]').click()
    root.locator('select[data-key="ng-players"]').select_option("3")
    root.locator('select[data-key="ng-bots"]').select_option("2")
    root.locator('button[data-key="ng-start"]').click()
    root.locator(".mtl-message", has_text="A new game: 3 players").wait_for(timeout=15_000)
    cell = page.locator(".jp-Notebook .jp-Cell").nth(1)
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    out = cell.locator(".jp-OutputArea-output", has_text="ROUND")
    out.wait_for(timeout=30_000)
    assert "ROUND 1 PLAYERS 3 BOTS [1, 2]" in out.inner_text()
    page_guard.assert_clean()
