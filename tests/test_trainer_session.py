"""The trainer served through the hosts' protocol (issue 31): the puzzle judged by the
puzzle machinery, the attempt recorded by the trainer, the next puzzle chosen; the same
session through SessionHost (the in-page engine) and the notebook widget's Python side."""

from __future__ import annotations

import json
import warnings

import pytest

from mtlearn.content.puzzle_files import bundled
from mtlearn.core.errors import SessionError
from mtlearn.hosts.session_host import SessionHost
from mtlearn.trainer import Pool, Trainer, new_state
from mtlearn.trainer.trainer import REPLAY_AFTER
from mtlearn.trainer.trainer_session import TrainerSession

T0 = 1_800_000_000.0
DAY = 86400.0


def whole_answer_pool() -> Pool:
    """Puzzles answered in one go (not move by move), each with a tempting wrong answer."""
    return Pool.of(p for p in bundled() if not p.goal_kind.move_by_move and p.wrong)


def session(seed: str = "t") -> TrainerSession:
    return TrainerSession(Trainer(new_state(seed), whole_answer_pool()), now=T0)


def solve(s: TrainerSession) -> dict:
    return s.handle({"action": "answer", "answer": s.puzzle.answer, "now": T0})


def miss(s: TrainerSession) -> dict:
    return s.handle({"action": "answer", "answer": s.puzzle.wrong[0].answer, "now": T0})


def test_a_clean_solve_is_a_win_and_a_miss_a_loss_recorded_once():
    s = session()
    first = s.pick.id
    out = solve(s)
    assert out["feedback"]["status"] == "right"
    tr = out["trainer"]
    assert tr["result"]["score"] == 1.0 and tr["result"]["change"] > 0
    assert tr["games"] == 1 and tr["streak"]["run"] == 1
    assert tr["state"]["puzzles"][first]["solved"] == 1
    s.handle({"action": "next", "now": T0})
    out = miss(s)
    assert out["feedback"]["status"] in ("wrong", "illegal")
    r = out["trainer"]["result"]
    assert r["score"] == 0.0 and r["change"] < 0 and r["replay"] == f"after {REPLAY_AFTER} other puzzles"
    out = solve(s)                                    # solving it after the miss: nothing more
    assert out["feedback"]["status"] == "right" and out["trainer"]["games"] == 2
    assert out["trainer"]["streak"]["run"] == 0


def test_a_solve_after_a_hint_comes_back_tomorrow_and_is_not_called_missed():
    s = session("hinted")
    hinted = s.pick.id
    s.handle({"action": "hint", "n": 1, "now": T0})
    result = solve(s)["trainer"]["result"]
    assert (result["score"], result["replay"]) == (0.5, "tomorrow")
    for _ in range(REPLAY_AFTER + 1):                  # not a miss: not back the same day
        out = s.handle({"action": "next", "now": T0})
        assert out["trainer"]["current"]["id"] != hinted
        assert out["trainer"]["due"] == 0
        solve(s)
    out = s.handle({"action": "next", "now": T0 + DAY})
    tr = out["trainer"]
    assert (tr["current"]["id"], tr["current"]["reason"]) == (hinted, "replay")
    assert tr["notice"].startswith("A puzzle you solved with a hint comes back")
    assert "missed" not in tr["notice"]
    assert solve(s)["trainer"]["result"]["replay"] == "in 3 days"


def test_a_solve_after_a_hint_is_a_draw_and_showing_the_answer_a_loss():
    s = session("h")
    s.handle({"action": "hint", "n": 1})
    assert solve(s)["trainer"]["result"]["score"] == 0.5
    s.handle({"action": "next"})
    out = s.handle({"action": "show"})
    assert out["solution"]["text"] and out["trainer"]["result"]["score"] == 0.0


def test_the_missed_puzzle_comes_back_through_the_session():
    s = session("r")
    missed = s.pick.id
    miss(s)
    seen = []
    for _ in range(REPLAY_AFTER):
        out = s.handle({"action": "next", "now": T0})
        assert out["trainer"]["current"]["reason"] == "new"
        seen.append(out["puzzle"]["id"])
        solve(s)
    out = s.handle({"action": "next", "now": T0})
    cur = out["trainer"]["current"]
    assert (cur["id"], cur["reason"]) == (missed, "replay") and missed not in seen
    assert out["trainer"]["notice"] == s.trainer.replay_notice(missed)
    assert out["trainer"]["notice"].startswith("A puzzle you missed comes back")
    assert "tomorrow, then after 3, 7 and 21 days" in out["trainer"]["notice"]
    assert out["puzzle"]["id"] == missed and out["feedback"] is None
    assert solve(s)["trainer"]["result"]["replay"] == "tomorrow"
    # the next return says what happens next from there, not the whole schedule again
    s.handle({"action": "next", "now": T0 + DAY})
    assert s.pick.id == missed and s.pick.reason == "replay"
    notice = s.info(T0 + DAY)["notice"]
    assert notice.startswith("A puzzle you solved before comes back")
    assert "in 3 days, then after 7 and 21 days" in notice and "tomorrow, then" not in notice


def test_dashboard_rows_move_with_the_results():
    s = session("d")
    themes = set(s.puzzle.all_themes)
    miss(s)
    rows = {r["theme"]: r for r in s.info()["dashboard"]}
    for t in themes:
        assert (rows[t]["tries"], rows[t]["solved"], rows[t]["standing"]) == (1, 0, "needs practice")


def test_daily_puzzle_and_a_bad_import_changes_nothing():
    s = session("y")
    out = s.handle({"action": "daily", "now": T0})
    daily = out["trainer"]["daily"]
    assert out["trainer"]["current"]["reason"] == "daily" and out["puzzle"]["id"] == daily["id"]
    solve(s)
    assert s.info(T0)["daily"]["done"]
    before = json.dumps(s.trainer.state, sort_keys=True)
    bad = json.loads(s.trainer.export())
    bad["count"] = -1
    with pytest.raises(SessionError, match=r"progress is unchanged.*count: -1 is out of range"):
        s.handle({"action": "import", "text": json.dumps(bad)})
    assert json.dumps(s.trainer.state, sort_keys=True) == before
    good = Trainer(new_state("other"), whole_answer_pool())
    good.record(good.next(T0).id, "win", T0)
    out = s.handle({"action": "import", "text": good.export()})
    assert out["trainer"]["games"] == 1 and "Progress imported" in out["trainer"]["notice"]


@pytest.mark.parametrize("intent, said", [
    ("next", "not an intent"), ({"action": "fly"}, "unknown action"),
    ({"action": "hint", "n": "one"}, "hint.n: expected a whole number"),
    ({"action": "import"}, "the field 'text' is missing"),
    ({"action": "next", "now": "today"}, "now:"), ({"action": "goto", "index": 1}, "unknown action"),
])
def test_malformed_intents_are_refused_and_change_nothing(intent, said):
    s = session("m")
    before = (s.pick, json.dumps(s.trainer.state))
    with pytest.raises(SessionError, match=said):
        s.handle(intent)
    assert (s.pick, json.dumps(s.trainer.state)) == before


def test_the_session_host_opens_a_trainer_from_a_pages_spec():
    host = SessionHost()
    pool = [{"data": p.data, "source": p.source} for p in bundled()]
    opened = json.loads(host.request(json.dumps(
        {"op": "open", "kind": "trainer", "spec": {"pool": pool, "state": None, "mined": False,
                                                  "now": T0, "utc_offset": 60}})))
    assert opened["ok"], opened
    res = opened["result"]
    assert res["puzzle"]["id"] == res["trainer"]["current"]["id"] and res["view"]["version"] == 1
    assert res["trainer"]["pool"] == len(bundled())
    sid = opened["session"]
    shown = json.loads(host.request(json.dumps(
        {"op": "intent", "session": sid, "intent": {"action": "show", "now": T0}})))
    assert shown["result"]["trainer"]["result"]["score"] == 0.0
    state = shown["result"]["trainer"]["state"]
    # the page reopens with the state it kept
    again = json.loads(host.request(json.dumps(
        {"op": "open", "kind": "trainer", "spec": {"pool": pool, "state": state, "mined": False}})))
    assert again["result"]["trainer"]["games"] == 1
    state["puzzles"] = "lots"
    refused = json.loads(host.request(json.dumps(
        {"op": "open", "kind": "trainer", "spec": {"pool": pool, "state": state}})))
    assert refused == {"ok": False, "error": refused["error"]}
    assert "spec.state: puzzles" in refused["error"]


def test_the_widget_keeps_its_state_in_a_file(tmp_path, monkeypatch):
    pytest.importorskip("anywidget")
    from mtlearn.jupyter import Trainer as Widget

    path = tmp_path / "trainer.json"
    w = Widget(whole_answer_pool(), state_file=path, seed="w")
    first = w.trainer["current"]["id"]
    w.answer(w.session.puzzle.wrong[0].answer)
    assert w.trainer["result"]["score"] == 0.0
    saved = json.loads(path.read_text())
    assert saved["puzzles"][first]["tries"] == 1
    w2 = Widget(whole_answer_pool(), state_file=path)
    assert w2.trainer["games"] == 1
    w2._on_msg(w2, {"action": "import", "text": "{"}, [])
    assert "not valid JSON" in w2.trainer_error["text"]
    path.write_text("{broken")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        w3 = Widget(whole_answer_pool(), state_file=path)
    assert w3.trainer["games"] == 0 and any("starting afresh" in str(c.message) for c in caught)
    [kept] = tmp_path.glob("trainer.json.damaged-*")
    assert kept.read_text() == "{broken" and not path.exists()
    html = w3.to_html()
    assert 'data-kind="trainer"' in html and '"pool"' in html


def test_a_skipped_puzzle_records_nothing_and_is_not_offered_again():
    s = session("skip")
    seen = [s.pick.id]
    for _ in range(5):
        out = s.handle({"action": "next", "now": T0})
        assert out["trainer"]["games"] == 0 and out["trainer"]["result"] is None
        assert out["puzzle"]["id"] not in seen
        seen.append(out["puzzle"]["id"])


def test_every_damaged_trainer_file_is_kept_under_a_name_of_its_own(tmp_path):
    """A second damaged file must not overwrite the copy kept of the first."""
    pytest.importorskip("anywidget")
    from mtlearn.jupyter import Trainer as Widget

    path = tmp_path / "trainer.json"
    texts = [b"{first", b'{"format": "mtlearn/trainer", "version": 1}', b"{\xff third"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for text in texts:                     # within the same second: names must differ
            path.write_bytes(text)
            Widget(whole_answer_pool(), state_file=path)
    kept = sorted(tmp_path.glob("trainer.json.damaged-*"))
    assert len(kept) == 3 and sorted(k.read_bytes() for k in kept) == sorted(texts)
    said = " ".join(str(c.message) for c in caught)
    assert all(k.name in said for k in kept)


def test_the_widget_counts_days_in_the_machines_time_zone(tmp_path, monkeypatch):
    """The book counts the reader's days in the browser's time zone; the notebook widget
    in its machine's (not in UTC): late in the evening west of Greenwich is still today."""
    pytest.importorskip("anywidget")
    import time

    from mtlearn.jupyter import Trainer as Widget
    from mtlearn.trainer.trainer import date_of, day_of

    if not hasattr(time, "tzset"):
        pytest.skip("time zones cannot be changed here")
    evening = 1_800_057_600.0 + 3 * 3600     # 03:00 UTC: 17:00 the day before at UTC-10
    try:
        monkeypatch.setenv("TZ", "HST+10")
        time.tzset()
        w = Widget(whole_answer_pool(), state_file=tmp_path / "trainer.json", seed="tz")
        assert w.model.day(evening) == day_of(evening, -600) == day_of(evening) - 1
        assert w.session.info(evening)["daily"]["date"] == date_of(day_of(evening) - 1)
        monkeypatch.setenv("TZ", "ABC-13")  # UTC+13: already the next day
        time.tzset()
        assert w.model.day(evening) == day_of(evening, 780) == day_of(evening)
    finally:
        monkeypatch.undo()
        time.tzset()
