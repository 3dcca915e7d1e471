"""Your own puzzles (mtlearn.trainer.own_puzzles): a reviewed mistake saved as a puzzle is a
valid puzzle file record that proves, passes the mined puzzles' claims checker, is served by
the trainer on its schedule and judged right on the better move; a mistake no checked rule
tells apart is refused with a plain reason and nothing is saved.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from test_review import _finish, kept_double, open_double

from mtlearn.content.mining_claims import faults
from mtlearn.content.puzzle_files import check, from_data
from mtlearn.hosts.session import BoardSession
from mtlearn.play.review import Mistake, review_round
from mtlearn.trainer.own_puzzles import OwnPuzzleError, mistake_puzzle, save_puzzle
from mtlearn.trainer.trainer import Pool, Trainer
from mtlearn.trainer.trainer_session import TrainerSession, with_own
from mtlearn.trainer.trainer_state import MAX_OWN, add_own, load_state, new_state

NOW = 1_790_000_000.0


def _mistake(make: Any = kept_double, blunder: str = "5-1@1") -> Mistake:
    review = review_round(_finish(make(), blunder), 0, deals=8, confirm=16)
    return next(m for m in review.mistakes if m.turn == 0)


@pytest.mark.parametrize(("make", "blunder"), [(kept_double, "5-1@1"),
                                               (open_double, "1-0@M")],
                         ids=["kept-double", "open-double"])
def test_a_mistake_becomes_a_puzzle_that_proves_and_passes_the_checker(
        make: Any, blunder: str) -> None:
    m = _mistake(make, blunder)
    record = mistake_puzzle(m)
    assert record["id"].startswith("own-") and record["perspective"] == 1
    puzzle = from_data(json.loads(json.dumps(record)), "own")
    check(puzzle)
    assert faults(puzzle, record) == []
    assert puzzle.judge(record["answer"]).status == "right"
    assert puzzle.judge(blunder).status == "wrong"
    # the answer is as good as the review's better move (not a mistake itself)
    points = m.points_of(record["answer"])
    assert points is not None and points - m.better_points < 4
    # what the seat could not see is not the game's real hands (nothing leaks)
    assert record["position"]["hands"][0] == m.position["position"]["hands"][0]


def test_a_saved_puzzle_is_served_first_and_judged_right_on_the_better_move() -> None:
    m = _mistake()
    record = mistake_puzzle(m)
    state = new_state("own-test")
    assert save_puzzle(state, record).startswith("Saved as a puzzle")
    assert save_puzzle(state, record).startswith("This mistake is already")
    state = load_state(json.dumps(state))           # survives the file
    assert record["id"] in state["own"]
    pool = with_own(_small_pool(), state)
    trainer = Trainer(state, pool)
    pick = trainer.next(NOW)
    assert (pick.id, pick.reason) == (record["id"], "replay")
    session = TrainerSession(trainer, now=NOW)
    assert session.pick.id == record["id"]
    # the learner reads that it is their own puzzle (it was never missed as a puzzle)
    notice = session.state()["trainer"]["notice"]
    assert notice is not None and notice.startswith("Your own puzzle, saved from a mistake")
    assert "missed" not in notice and "comes back tomorrow" in notice, notice
    out = session.handle({"action": "answer", "answer": record["answer"]})
    assert out["feedback"]["status"] == "right", out["feedback"]
    # solved cleanly after the scheduling miss: it comes back on the spaced schedule
    assert state["replay"][record["id"]]["due_day"] is not None
    assert trainer.replay_notice(record["id"]).startswith("A puzzle you solved before")


def _small_pool() -> Pool:
    from mtlearn.content.puzzle_files import bundled

    return Pool.of(bundled()[:5])


def test_the_page_trainer_adds_the_kept_own_puzzles() -> None:
    record = mistake_puzzle(_mistake())
    spec = {"state": None, "mined": False, "now": NOW, "own": [record, {"id": "x"}]}
    session = TrainerSession.from_spec(spec)
    assert session.pick.id == record["id"]
    assert record["id"] in session.trainer.state["own"]


def test_importing_progress_keeps_the_own_puzzles_and_serves_the_files() -> None:
    mine = mistake_puzzle(_mistake())                        # saved here, kept by the page
    theirs = mistake_puzzle(_mistake(open_double, "1-0@M"))  # saved on another device
    assert mine["id"] != theirs["id"]
    s = TrainerSession.from_spec({"state": None, "mined": False, "now": NOW, "own": [mine]})
    stored: list[dict[str, Any]] = []
    s.on_change = lambda state: stored.append(json.loads(json.dumps(state)))
    other = new_state("other device")
    add_own(other, theirs)
    add_own(other, mine)                                     # in both: once after the import
    out = s.handle({"action": "import", "text": json.dumps(other), "now": NOW})
    assert list(s.trainer.state["own"]) == [theirs["id"], mine["id"]]
    assert "own puzzle" not in out["trainer"]["notice"]      # nothing of here was added
    s.handle({"action": "import", "text": json.dumps(new_state("bare")), "now": NOW})
    # a file without them: the own puzzles stay, scheduled, and served (the file's too)
    assert set(s.trainer.state["own"]) == set(s.trainer.state["replay"]) == {mine["id"],
                                                                              theirs["id"]}
    assert mine["id"] in s.trainer.pool and theirs["id"] in s.trainer.pool
    assert s.pick.id in (mine["id"], theirs["id"]) and s.pick.reason == "replay"
    assert "your 2 own puzzles from here kept too" in s.info(NOW)["notice"]
    # what the page stores is what the session holds, and what the next page load opens
    assert stored[-1] == s.trainer.state
    again = TrainerSession.from_spec({"state": stored[-1], "mined": False, "now": NOW,
                                      "own": [mine]})
    assert again.trainer.state["own"] == s.trainer.state["own"]
    # at most MAX_OWN: a full file keeps the newest, the ones kept here
    full = new_state("full")
    for k in range(MAX_OWN):
        add_own(full, {**theirs, "id": f"own-{k:010x}"})
    s.handle({"action": "import", "text": json.dumps(full), "now": NOW})
    own = list(s.trainer.state["own"])
    assert len(own) == MAX_OWN and set(own[-2:]) == {mine["id"], theirs["id"]}
    assert "own-0000000000" not in own and "own-0000000000" not in s.trainer.state["replay"]


def test_a_mistake_no_checked_rule_tells_apart_is_refused_in_plain_words() -> None:
    m = _mistake()
    # every move but the one played made a mistake: no goal can stand for the better one
    values = [(move, p if move == m.played else p + 50) for move, p in m.values]
    bad = dataclasses.replace(m, values=values)
    with pytest.raises(OwnPuzzleError, match="cannot be saved as a puzzle") as e:
        mistake_puzzle(bad)
    assert "R-" not in str(e.value)


def test_save_refuses_a_record_the_checker_refuses() -> None:
    record = mistake_puzzle(_mistake())
    broken = {**record, "answer": "4-0@M"}
    state = new_state("x")
    with pytest.raises(OwnPuzzleError, match="cannot be saved"):
        save_puzzle(state, broken)
    assert "own" not in state or not state["own"]


def test_the_board_saves_a_reviewed_mistake() -> None:
    game = _finish(kept_double(), "5-1@1")
    session = BoardSession(game, perspective=0)
    session.reviews.current = review_round(game, 0, deals=8, confirm=16)
    from mtlearn.hosts.session_review import RoundReviews

    session.reviews._views = [RoundReviews._mistake_view(game, m)
                              for m in session.reviews.current.mistakes]
    kept: list[dict[str, Any]] = []
    session.reviews.on_save = lambda r: kept.append(r) or "kept"
    index = next(i for i, m in enumerate(session.reviews.current.mistakes) if m.turn == 0)
    session.reviews.save(session, index)
    saved = session.reviews.view()["mistakes"][index]["saved"]   # type: ignore[index]
    assert saved["ok"] and saved["text"] == "kept" and kept == [saved["puzzle"]]
