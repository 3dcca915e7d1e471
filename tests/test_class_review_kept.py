"""Issue 41, item 2, in the class: the students' reviews of their rounds are kept in the
class folder (:mod:`mtlearn.hosts.classroom.kept_reviews`), as everything else the class
server keeps.

A review recorded survives a stop of the server and ``--resume`` (the teacher's roster
and the results CSV still list it); its file is written off the event loop and its
messages go out only once the file holds it; a review the folder refuses (a full disk)
is taken back whole; a damaged or malformed ``reviews.json`` is put aside and named on
``--resume``, its previous copy read instead; and the file keeps a bounded number of
reviews. Nothing is timed."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from test_class_commits import Held, until
from test_class_review import Room, play_round, refusal, teacher_review, teacher_row

from mtlearn.hosts.classroom import ClassError, kept_reviews, reviews, store
from mtlearn.hosts.classroom import server as srv
from mtlearn.hosts.classroom.results import results_csv, results_html
from mtlearn.hosts.classroom.room import MAX_STUDENTS, Classroom

pytestmark = pytest.mark.slow

HEAD = "name,table,round,decisions reviewed,mistakes,points lost"


def reviewed(r: Room, name: str) -> dict[str, Any]:
    """``name`` (their round over) asks for their review on their phone; the review."""
    conn = r.ana if name == "Ana" else r.ben
    out = r.review(conn, name)
    review: dict[str, Any] = next(m for m in out if m.get("type") == "table")["review"]
    assert review is not None, out
    return review


def line(name: str, table: str, review: dict[str, Any]) -> str:
    """The results CSV's line of ``review``."""
    return (f"{name},{table},1,{review['decisions']},{len(review['mistakes'])},"
            f"{review['lost']}")


def kept(folder: Path) -> dict[str, Any]:
    """The reviews ``reviews.json`` holds (by student id)."""
    data = store.unseal((folder / "reviews.json").read_bytes(), "reviews.json")
    assert data["format"] == "mtlearn-class-reviews" and data["version"] == 1
    return dict(data["reviews"])


def test_a_review_is_kept_when_the_server_stops_and_resumes(tmp_path: Path) -> None:
    from classkit import Client, carry_on_line, start_class, start_line
    from test_class_server import run

    cp = start_class(tmp_path / "cls", "--per-address", "60")
    again = None
    try:
        token = run(play_round(cp, "Ana"), timeout=240)["token"]

        async def review() -> dict[str, Any]:
            ana = await Client.open(cp.ws_url)
            await ana.ask({"op": "hello", "code": cp.code, "token": token}, "table")
            got = await ana.ask({"op": "intent", "token": token,
                                 "intent": {"action": "review"}}, "table", timeout=120,
                                where=lambda m: m.get("review") is not None)
            await ana.close()
            return dict(got["review"])

        made = run(review(), timeout=150)
        figures = {"table": "Table 1", "round": 1, "decisions": made["decisions"],
                   "mistakes": len(made["mistakes"]), "lost": made["lost"]}
        assert run(teacher_review(cp, "Ana")) == figures
        # the folder holds it before the phone is told
        assert list(kept(cp.folder).values()) == [figures]
        cp.stop()
        again = start_line(carry_on_line(cp), tmp_path)
        # the teacher's roster and the results still list it
        assert run(teacher_review(again, "Ana")) == figures
        req = urllib.request.Request(again.address + "results.csv",
                                     headers={"X-Teacher-Token": again.token})
        with urllib.request.urlopen(req, timeout=10) as r:
            text = r.read().decode()
        assert text.rstrip().splitlines()[-2:] == [HEAD, line("Ana", "Table 1", made)]
        req = urllib.request.Request(again.address + "results",
                                     headers={"X-Teacher-Token": again.token})
        with urllib.request.urlopen(req, timeout=10) as r:
            page = r.read().decode()
        assert "<h2>Reviews of rounds</h2>" in page and "Kept in the class folder" in page
    finally:
        cp.stop(kill=True)
        if again is not None:
            again.stop(kill=True)


def test_a_review_is_sent_once_its_file_is_written_and_a_refused_one_taken_back_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    r = Room(tmp_path / "c")
    r.play_round(r.ana, "Ana", "t1")
    r.play_round(r.ben, "Ben", "t2")
    ben = reviewed(r, "Ben")  # kept at once (no event loop): the file holds it
    folder = r.room.folder
    before = (folder / "reviews.json").read_bytes()
    counts = json.loads(json.dumps(r.room.reviews.counts))
    assert list(kept(folder).values()) == list(counts.values()) and len(counts) == 1
    r.room.pace = 3600.0  # no computer moves while the test runs
    held = Held(monkeypatch, "reviews.json", wait=20)
    ask = {"op": "intent", "token": r.tokens["Ana"], "intent": {"action": "review"}}

    async def check(client: Any) -> None:
        ana = await client.ws_connect("/ws")
        await ana.send_json({"op": "hello", "code": r.room.code, "token": r.tokens["Ana"]})
        await until(ana, "table")
        teacher = await client.ws_connect("/ws")
        await teacher.send_json({"op": "teacher", "token": r.room.teacher_token})
        await until(teacher, "teacher")
        await ana.send_json(ask)
        assert await asyncio.to_thread(held.writing.wait, 60)  # its file is being written
        page = await client.get("/")  # written off the loop: the server serves meanwhile
        assert page.status == 200 and "bootStudent" in await page.text()
        with pytest.raises(asyncio.TimeoutError):  # Ana hears nothing yet
            await ana.receive(timeout=0.3)
        assert (folder / "reviews.json").read_bytes() == before
        held.release(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
        refused = await until(ana, "refusal")
        assert "class folder could not be written (No space left on device)" in \
            refused["error"] and "the change was not made" in refused["error"]
        board = await until(ana, "table")  # the panel offers the button again
        assert board["review"] is None
        said = await until(teacher, "notice")
        assert "class folder cannot be written" in said["text"]
        # nothing of it kept: the file, the teacher's figures, the results as before
        assert (folder / "reviews.json").read_bytes() == before
        assert r.room.reviews.counts == counts and set(r.room.reviews.held) == set(counts)
        assert teacher_row(r, "Ana")["review"] is None
        assert results_csv(r.room).rstrip().splitlines()[-2:] == [
            HEAD, line("Ben", "Table 2", ben)]
        assert not r.room.reviews.busy
        # the folder can be written again: asked again, the review is kept and sent
        held.error = None
        await ana.send_json(ask)
        got = await until(ana, "table")
        while got.get("review") is None:
            got = await until(ana, "table")
        assert [s["name"] for s in kept_students(folder, r)] == ["Ben", "Ana"]
        assert teacher_row(r, "Ana")["review"]["mistakes"] == len(got["review"]["mistakes"])
        for ws in (ana, teacher):
            await ws.close()

    serve(r, check)
    resumed = Classroom.resume(folder)
    assert resumed.notes == []
    assert resumed.reviews.counts == r.room.reviews.counts


def kept_students(folder: Path, r: Room) -> list[dict[str, Any]]:
    """The students whose review the folder holds, oldest first, by name."""
    return [{"name": r.room.students[sid]["name"], **rec} for sid, rec in kept(folder).items()]


def serve(r: Room, check: Any) -> None:
    """The room's server in this process, ``check`` driving it (``await check(client)``)."""
    async def go() -> None:
        app = srv.ClassServer(r.room, per_address=50).app
        async with TestClient(TestServer(app, host="127.0.0.1")) as client:
            await asyncio.wait_for(check(client), 150)

    from test_class_server import run
    run(go(), timeout=180)


def test_a_damaged_or_malformed_reviews_file_is_named_and_put_aside(tmp_path: Path) -> None:
    r = Room(tmp_path / "c")
    r.play_round(r.ana, "Ana", "t1")
    r.play_round(r.ben, "Ben", "t2")
    reviewed(r, "Ana")
    first = dict(r.room.reviews.counts)  # the previous copy holds Ana's alone
    reviewed(r, "Ben")
    folder = r.room.folder
    path = folder / "reviews.json"
    good = kept(folder)
    assert list(good) == [*first, *(k for k in good if k not in first)] and len(good) == 2
    # sealed, but not reviews: named, put aside, its previous copy read instead
    ana = next(iter(first))
    path.write_text(store.seal({**kept_reviews.file_dict(good), "reviews": {
        **good, ana: {**good[ana], "mistakes": "many"}}}))
    again = Classroom.resume(folder)
    [note] = again.notes
    assert note.startswith("reviews.json: not the students' reviews") and "mistakes" in note
    assert "restored from its previous copy reviews.prev.json" in note
    assert again.reviews.counts == first and kept(folder) == first
    [aside] = folder.glob("reviews.bad-*.json")
    assert "many" in aside.read_text()
    row = next(s for s in json.loads(again.teacher_state())["students"] if s["name"] == "Ana")
    assert row["review"] == first[ana]
    # cut short, its previous copy changed too: both named, the reviews start afresh
    path.write_text(path.read_text()[:-40])
    prev = folder / "reviews.prev.json"
    prev.write_text(prev.read_text().replace('"Table 1"', '"Table 9"'))
    third = Classroom.resume(folder)
    text = " | ".join(third.notes)
    assert "reviews.json is cut short or damaged" in text
    assert "reviews.prev.json was changed or damaged" in text
    assert "reviews.json: the students' reviews start afresh" in text
    assert third.reviews.counts == {} and len(list(folder.glob("reviews.bad-*.json"))) == 2
    assert list(third.tables) == ["t1", "t2"]  # the class itself is back
    assert "decisions reviewed" not in results_csv(third)


def test_the_reviews_kept_are_bounded(tmp_path: Path) -> None:
    assert kept_reviews.MAX_KEPT >= MAX_STUDENTS
    figures = {"table": "Table 1", "round": 1, "decisions": 9, "mistakes": 1, "lost": 4.5}
    students = {f"s{k}": {} for k in range(10)}
    counts: dict[str, dict[str, Any]] = {}
    for k in range(kept_reviews.MAX_KEPT):  # removed students' reviews first, then theirs
        kept_reviews.record(counts, f"gone{k}", dict(figures), students)
    for sid in students:
        kept_reviews.record(counts, sid, dict(figures), students)
    assert len(counts) == kept_reviews.MAX_KEPT and set(students) <= set(counts)
    assert "gone0" not in counts and f"gone{kept_reviews.MAX_KEPT - 1}" in counts
    kept_reviews.record(counts, "s0", {**figures, "round": 2}, students)  # the last one
    assert list(counts)[-1] == "s0" and counts["s0"]["round"] == 2
    assert len(counts) == kept_reviews.MAX_KEPT
    # a file holding more than the server keeps is refused, named
    data = kept_reviews.file_dict({**counts, "extra": figures})
    with pytest.raises(ClassError, match=r"^reviews\.json: not the students' reviews .*at most"):
        kept_reviews.checked(data, "reviews.json")
    assert kept_reviews.checked(kept_reviews.file_dict(counts), "reviews.json") == counts
    for bad in ({"lost": float("nan")}, {"round": True}, {"table": ""},
                {"table": "x" * 101}, {"decisions": -1}, {"extra": 1}):
        with pytest.raises(ClassError, match=r"^reviews\.json: "):
            kept_reviews.checked(kept_reviews.file_dict({"s0": {**figures, **bad}}),
                                 "reviews.json")


def test_a_refused_review_tells_the_student_without_a_server(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    r = Room(tmp_path / "c")
    r.play_round(r.ana, "Ana", "t1")
    real = store.write_atomic

    def full(path: Path, text: str) -> None:
        if path.name == "reviews.json":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(path, text)

    monkeypatch.setattr(store, "write_atomic", full)
    out = r.review(r.ana, "Ana")
    assert "could not be written (No space left on device)" in refusal(out)
    assert [m["review"] for m in out if m.get("type") == "table"] == [None]
    assert not (r.room.folder / "reviews.json").exists()
    assert r.room.reviews.counts == {} and r.room.reviews.held == {}
    assert teacher_row(r, "Ana")["review"] is None
    monkeypatch.setattr(store, "write_atomic", real)
    review = reviewed(r, "Ana")
    assert teacher_row(r, "Ana")["review"]["mistakes"] == len(review["mistakes"])
    assert [s["name"] for s in kept_students(r.room.folder, r)] == ["Ana"]


def test_a_removed_students_review_is_not_listed_and_comes_back_with_the_undo(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    r = Room(tmp_path / "c")
    r.play_round(r.ana, "Ana", "t1")
    review = reviewed(r, "Ana")
    sid = r.room.tokens[r.tokens["Ana"]]
    teacher = r.room.teacher_token
    gone = r.say(r.teacher, {"op": "student", "token": teacher, "student": sid,
                             "action": "remove"}, ok=False)  # her phone is told
    undo = next(m["undo"] for m in gone if m.get("type") == "done")
    # the roster and the results list the class's students: no section of reviews left
    assert [s["name"] for s in json.loads(r.room.teacher_state())["students"]] == ["Ben"]
    assert HEAD not in results_csv(r.room)
    assert "Reviews of rounds" not in results_html(r.room)
    # ... but her figures are kept (in the folder too) while the removal can be undone
    assert list(kept(r.room.folder)) == [sid]
    r.say(r.teacher, {"op": "revert", "token": teacher, "undo": undo})
    assert teacher_row(r, "Ana")["review"]["mistakes"] == len(review["mistakes"])
    assert results_csv(r.room).rstrip().splitlines()[-2:] == [HEAD, line("Ana", "Table 1",
                                                                          review)]

    def not_again(job: Any) -> Any:
        raise AssertionError("the review is made again")

    monkeypatch.setattr(reviews, "compute", not_again)  # her phone gets it back as it was
    assert reviewed(r, "Ana") == review
