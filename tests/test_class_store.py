"""The class folder (issue 28): nothing is ever lost.

Puzzle answers are appended to a log (class.json is not rewritten), a torn last line is
left out and reported; every file is sealed with a checksum beside a kept previous copy,
and ``--resume`` brings back every good table, falls back to a previous copy, names the
bad file and keeps it; a puzzle round that is changed or ended is archived (JSON and
CSV) and stays exportable. No network: the room is driven through
:meth:`Classroom.handle`, as the server does."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from mtlearn.content.puzzles import get
from mtlearn.hosts.classroom import ClassError
from mtlearn.hosts.classroom.room import Classroom, Conn
from mtlearn.hosts.classroom.store import seal, unseal


class Class:
    """A class with two students at two tables (each with a computer player), and a
    teacher; ``say`` answers one message the way the server would."""

    def __init__(self, folder: Path) -> None:
        self.room = Classroom.create(folder)
        self.folder = folder
        self.teacher, self.ana, self.ben = Conn(), Conn(), Conn()
        self.clock = time.monotonic()
        self.say(self.teacher, {"op": "teacher", "token": self.room.teacher_token})
        self.tokens = {}
        for conn, name in ((self.ana, "Ana"), (self.ben, "Ben")):
            self.tokens[name] = self.say(conn, {"op": "join", "code": self.room.code,
                                                "name": name})[0]["token"]
        for k, (conn, name) in enumerate(((self.ana, "Ana"), (self.ben, "Ben")), 1):
            self.t({"op": "open_table", "seats": 2, "computers": 1, "seed": k})
            self.say(conn, {"op": "sit", "token": self.tokens[name], "table": f"t{k}",
                            "seat": 1})

    def say(self, conn: Conn, msg: dict[str, Any]) -> list[dict[str, Any]]:
        out = [json.loads(text) for _, text in self.room.handle(conn, msg)]
        refused = [m for m in out if m.get("ok") is False]
        assert not refused, refused
        return out

    def t(self, msg: dict[str, Any]) -> list[dict[str, Any]]:
        return self.say(self.teacher, {**msg, "token": self.room.teacher_token})

    def move(self, conn: Conn, name: str, table: str) -> None:
        """The student plays their first legal move, once the computer player has answered
        (it moves at a person's pace: the server's clock is moved on for it)."""
        view = self.wait(table)
        if not view["legal"]:
            return  # the computer's answer ended the round
        move = view["legal"][0]["move"]
        intent = {"action": move} if move in ("draw", "pass") else {"action": "move",
                                                                    "move": move}
        self.say(conn, {"op": "intent", "token": self.tokens[name], "intent": intent})

    def wait(self, table: str) -> dict[str, Any]:
        """Move the server's clock on until the student at ``table`` may play (or the round
        is over); their view."""
        t = self.room.tables[table]
        for _ in range(50):
            view: dict[str, Any] = json.loads(t.seat_state(0))["view"]
            if view["legal"] or t.session is None or t.session.game.is_round_over:
                return view
            self.clock += 2.0
            self.room.tick(self.clock)
        raise AssertionError(f"{table}: the computer player did not answer")

    def answer(self, conn: Conn, name: str, answer: str) -> dict[str, Any]:
        return self.say(conn, {"op": "puzzle", "token": self.tokens[name],
                               "msg": {"action": "answer", "answer": answer}})[0]


def sid(room: Classroom, name: str) -> str:
    """A student's id (random since students can be removed: never reused)."""
    return next(k for k, v in room.students.items() if v["name"] == name)


def history(room: Classroom, table: str) -> list[str]:
    session = room.tables[table].session
    assert session is not None
    return [str(m) for m in session.game.history]


def first_puzzle(c: Class) -> Any:
    assert c.room.puzzles is not None
    return get(c.room.puzzles.puzzles[0].id)


# ---------------------------------------------------------------------- sealed files
def test_a_sealed_file_names_a_cut_or_changed_file() -> None:
    text = seal({"a": [1, 2], "b": "x"})
    assert json.loads(text)["a"] == [1, 2] and '"sha256":"' in text  # still plain JSON
    assert unseal(text.encode(), "f.json") == {"a": [1, 2], "b": "x"}
    with pytest.raises(ClassError, match=r"f\.json is cut short"):
        unseal(text[:-30].encode(), "f.json")
    with pytest.raises(ClassError, match=r"f\.json was changed or damaged \(its checksum"):
        unseal(text.replace("2", "3", 1).encode(), "f.json")


# ---------------------------------------------------------------------- the answers log
def test_a_puzzle_answer_is_appended_to_the_log_and_class_json_is_left_alone(
        tmp_path: Path) -> None:
    c = Class(tmp_path / "c")
    c.t({"op": "puzzle_round", "set": "doubles"})
    kept = (c.folder / "class.json").read_bytes()
    p = first_puzzle(c)
    assert c.answer(c.ana, "Ana", "draw")["feedback"]["status"] != "right"
    assert c.answer(c.ana, "Ana", str(p.answer))["feedback"]["status"] == "right"
    assert (c.folder / "class.json").read_bytes() == kept  # the class did not change
    lines = (c.folder / "answers.jsonl").read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[-1])["rec"]["solved"] is True
    c.room.close()  # the server stopped: its answers log closed
    again = Classroom.resume(c.folder)
    assert again.puzzles is not None and c.room.puzzles is not None
    assert again.puzzles.students == c.room.puzzles.students
    assert again.puzzles.students[sid(again, "Ana")]["results"][p.id]["answers"] == ["draw", str(p.answer)]
    assert again.notes == []


def test_a_torn_last_line_of_the_log_is_left_out_and_reported(tmp_path: Path) -> None:
    c = Class(tmp_path / "c")
    c.t({"op": "puzzle_round", "set": "doubles"})
    p = first_puzzle(c)
    c.answer(c.ana, "Ana", "draw")
    c.answer(c.ben, "Ben", str(p.answer))
    log = c.folder / "answers.jsonl"
    torn = log.read_text().splitlines()[-1][:40]
    c.room.close()
    with log.open("a") as f:
        f.write(torn)  # the server stopped in the middle of a line
    again = Classroom.resume(c.folder)
    assert any("answers.jsonl: its last line was cut short" in n for n in again.notes)
    assert again.puzzles is not None
    assert again.puzzles.students[sid(again, "Ben")]["results"][p.id]["solved"] is True
    # the class goes on: a new answer is a whole line of its own, and resumes too
    c2 = Class.__new__(Class)
    c2.room, c2.folder, c2.tokens = again, c.folder, c.tokens
    ana = Conn()
    c2.say(ana, {"op": "hello", "code": again.code, "token": c.tokens["Ana"]})
    c2.answer(ana, "Ana", str(p.answer))
    again.close()
    third = Classroom.resume(c.folder)
    assert third.notes == []
    assert third.puzzles is not None
    assert third.puzzles.students[sid(third, "Ana")]["results"][p.id]["answers"] == ["draw", str(p.answer)]


def test_the_server_closes_the_answers_log_when_it_stops(tmp_path: Path) -> None:
    from aiohttp.test_utils import TestClient, TestServer
    from test_class_server import run

    from mtlearn.hosts.classroom import server as srv

    c = Class(tmp_path / "c")
    c.t({"op": "puzzle_round", "set": "doubles"})
    c.answer(c.ana, "Ana", "draw")
    assert c.room.answers._file is not None  # kept open while the class is served

    async def serve() -> None:
        async with TestClient(TestServer(srv.ClassServer(c.room, per_address=50).app)) as client:
            assert (await client.get("/favicon.ico")).status == 204

    run(serve())
    assert c.room.answers._file is None  # forced to the disk and closed on the way out
    c.answer(c.ana, "Ana", "x")  # an answer after that opens it again
    assert len((c.folder / "answers.jsonl").read_text().splitlines()) == 2
    c.room.close()
    assert c.room.answers._file is None


# ---------------------------------------------------------------------- damaged files
def test_a_truncated_table_falls_back_to_its_previous_copy_and_is_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    c = Class(tmp_path / "c")
    c.move(c.ana, "Ana", "t1")
    c.wait("t1")  # the computer's answer
    before = history(c.room, "t1")
    c.move(c.ana, "Ana", "t1")
    path = c.folder / "tables" / "t1.json"
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    again = Classroom.resume(c.folder)
    assert history(again, "t1") == before  # the copy before the last move
    assert history(again, "t2") == history(c.room, "t2")
    [note] = again.notes
    assert note.startswith("tables/t1.json is cut short") and "class.json" not in note
    assert "restored from its previous copy tables/t1.prev.json" in note
    assert f"mtlearn class: --resume: {note}" in capsys.readouterr().err  # said in the terminal
    [aside] = (c.folder / "tables").glob("t1.bad-*.json")
    assert aside.read_bytes() == whole[: len(whole) // 2]  # kept, never deleted


def test_a_flipped_digit_is_noticed_and_one_bad_table_does_not_block_the_class(
        tmp_path: Path) -> None:
    c = Class(tmp_path / "c")
    for name in ("t2.json", "t2.prev.json"):
        path = c.folder / "tables" / name
        text = path.read_text()
        i = next(i for i, ch in enumerate(text) if ch.isdigit())
        path.write_text(text[:i] + str((int(text[i]) + 1) % 10) + text[i + 1:])
    again = Classroom.resume(c.folder)
    assert list(again.tables) == ["t1"]  # t1 is back
    assert history(again, "t1") == history(c.room, "t1")
    text = " | ".join(again.notes)
    assert "tables/t2.json was changed or damaged (its checksum does not match)" in text
    assert "t2: this table was left out" in text
    assert len(list((c.folder / "tables").glob("t2.bad-*.json"))) == 1
    assert (c.folder / "tables" / "t2.prev.json").exists()  # not deleted either
    # Ben, whose table was left out, is back at the list of tables; a new table is t3
    assert again.students[sid(again, "Ben")]["table"] is None
    c2 = Class.__new__(Class)
    c2.room, c2.folder, c2.tokens, c2.teacher = again, c.folder, c.tokens, Conn()
    c2.say(c2.teacher, {"op": "teacher", "token": again.teacher_token})
    c2.t({"op": "open_table", "seats": 3})
    assert list(again.tables) == ["t1", "t3"]


def test_a_missing_table_is_named_without_blaming_the_class(tmp_path: Path) -> None:
    c = Class(tmp_path / "c")
    (c.folder / "tables" / "t1.json").unlink()
    (c.folder / "tables" / "t1.prev.json").unlink()
    again = Classroom.resume(c.folder)
    assert list(again.tables) == ["t2"]
    text = " | ".join(again.notes)
    assert "tables/t1.json is missing; no previous copy (tables/t1.prev.json)" in text
    assert "no class was kept" not in text


def test_a_damaged_class_json_falls_back_to_its_previous_copy(tmp_path: Path) -> None:
    c = Class(tmp_path / "c")
    path = c.folder / "class.json"
    good = path.read_text()
    path.write_text(good.replace('"Ben"', '"Bem"'))
    again = Classroom.resume(c.folder)
    assert again.code == c.room.code and list(again.tables) == ["t1", "t2"]
    assert again.notes[0].startswith("class.json was changed or damaged")
    assert "restored from its previous copy class.prev.json" in again.notes[0]
    # both copies bad: refused, naming the files, both kept
    for name in ("class.json", "class.prev.json"):
        (c.folder / name).write_text("{")
    with pytest.raises(ClassError, match=r"class\.json is cut short.*class\.prev\.json"):
        Classroom.resume(c.folder)
    assert len(list(c.folder.glob("class.bad-*.json"))) >= 1


# ---------------------------------------------------------------------- archives
def test_results_are_archived_when_the_set_changes_and_when_the_round_ends(
        tmp_path: Path) -> None:
    c = Class(tmp_path / "c")
    c.t({"op": "puzzle_round", "set": "doubles"})
    doubles = first_puzzle(c)
    c.answer(c.ana, "Ana", "draw")
    c.answer(c.ana, "Ana", str(doubles.answer))
    c.t({"op": "puzzle_round", "set": "scoring"})
    scoring = first_puzzle(c)
    c.answer(c.ben, "Ben", "1234")
    c.t({"op": "puzzle_round", "set": None})
    archive = c.folder / "archive"
    [first_csv, last_csv] = sorted(archive.glob("puzzles-*.csv"), key=lambda p: "scoring" in p.name)
    assert "doubles" in first_csv.name and "scoring" in last_csv.name
    assert f"Ana,{doubles.id}," in first_csv.read_text() and "draw" in first_csv.read_text()
    assert f"Ben,{scoring.id}," in last_csv.read_text() and "1234" in last_csv.read_text()
    assert len(list(archive.glob("puzzles-*.json"))) == 2
    # the ended round stays with the class, after --resume too
    assert c.room.puzzles is None and c.room.ended is not None
    again = Classroom.resume(c.folder)
    assert again.ended is not None and again.ended.family == "scoring"
    assert "1234" in again.ended.csv(again.names())


def test_a_lone_surrogate_answer_is_kept_writable(tmp_path: Path) -> None:
    c = Class(tmp_path / "c")
    c.t({"op": "puzzle_round", "set": "doubles"})
    c.answer(c.ana, "Ana", "x\ud800y")
    assert c.room.puzzles is not None
    c.room.puzzles.csv(c.room.names()).encode("utf-8")  # no UnicodeEncodeError
    c.t({"op": "puzzle_round", "set": None})
    [csv] = (c.folder / "archive").glob("*.csv")
    assert "x?y" in csv.read_text(encoding="utf-8")


# ---------------------------------------------------------------------- the results page
def play_round(c: Class, conn: Conn, name: str, table: str) -> None:
    for _ in range(300):
        session = c.room.tables[table].session
        assert session is not None
        if session.game.is_round_over:
            return
        c.move(conn, name, table)
    raise AssertionError("the round did not end")


def test_the_results_page_shows_game_scores_and_titled_puzzles_escaped(tmp_path: Path) -> None:
    from mtlearn.hosts.classroom.results import games, results_csv, results_html

    c = Class(tmp_path / "c")
    play_round(c, c.ana, "Ana", "t1")
    session = c.room.tables["t1"].session
    assert session is not None
    g = session.game
    ana_points = g.round_scores[0][0]
    c.t({"op": "puzzle_round", "set": "doubles"})
    p = first_puzzle(c)
    c.answer(c.ana, "Ana", "draw")
    c.answer(c.ana, "Ana", str(p.answer))
    c.room.students[sid(c.room, "Ben")]["name"] = "<b>Ben</b> & co"  # a name from a hand-edited folder
    [ana_game] = games(c.room)[sid(c.room, "Ana")]
    assert ana_game["rounds"] == [ana_points] and ana_game["total"] == sum(g.scores[0][:1])
    page = results_html(c.room)
    assert "&lt;b&gt;Ben&lt;/b&gt; &amp; co" in page and "<b>Ben</b>" not in page
    assert f"<th>{p.title}</th>" in page.replace("&#x27;", "'")  # titles, not 1..N
    assert "solved, 2 tries, 0 hints" in page and "not tried" in page
    assert "Match total" in page and f"<td>{ana_points}</td>" in page
    assert "<b>tries</b>: answers they gave" in page  # a legend in words
    # the CSV: puzzle results, an empty line, game scores
    text = results_csv(c.room)
    puzzles, scores = text.split("\r\n\r\n")
    assert puzzles.splitlines()[1].startswith(f"Ana,{p.id},")
    head, *rows = scores.splitlines()
    assert head.startswith("name,table,match,seat,place,match total,rounds played,round 1")
    [ana_row] = [r for r in rows if r.startswith("Ana,")]
    assert ana_row.startswith("Ana,Table 1,1,1,") and ana_row.endswith(f",1,{ana_points}")
    # the round ended: still on the page and in the CSV, and listed as archived
    c.t({"op": "puzzle_round", "set": None})
    page = results_html(c.room)
    assert "(ended)" in page and "solved, 2 tries" in page and "Earlier puzzle rounds" in page
    assert f"Ana,{p.id}," in results_csv(c.room)


@pytest.mark.slow
def test_the_server_serves_the_results_page_and_csv_to_the_teacher_only(tmp_path: Path) -> None:
    import html
    import urllib.error
    import urllib.request

    from classkit import join, start_class, teacher_of
    from test_class_server import run

    cp = start_class(tmp_path / "cls", "--per-address", "50")

    def fetch(path: str, token: str | None = None) -> str:
        headers = {} if token is None else {"X-Teacher-Token": token}
        req = urllib.request.Request(cp.address + path, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=5) as r:
                return r.read().decode()
        except urllib.error.HTTPError as e:
            e.close()  # its response and socket (its code is kept)
            raise

    async def go() -> str:
        teacher = await teacher_of(cp)
        ana = await join(cp.ws_url, cp.code, "Ana")
        await teacher.send({"op": "puzzle_round", "token": cp.token, "set": "doubles"})
        first = await ana.expect("puzzle")
        await ana.ask({"op": "puzzle", "token": ana.token,
                       "msg": {"action": "answer", "answer": "draw"}}, "puzzle_update")
        # a lone surrogate, as raw JSON, is refused when read (tests/test_class_abuse.py);
        # one kept by an older server is tested in test_a_lone_surrogate_answer_is_kept_writable
        raw = json.dumps({"op": "puzzle", "token": ana.token,
                          "msg": {"action": "answer", "answer": "x\ud800"}})
        assert "\\ud800" in raw
        assert "lone surrogate" in (await ana.ask(raw, "refused"))["error"]
        await ana.ask({"op": "puzzle", "token": ana.token,
                       "msg": {"action": "answer", "answer": "x"}}, "puzzle_update")
        await teacher.ask({"op": "puzzle_round", "token": cp.token, "set": None}, "teacher")
        for c in (teacher, ana):
            await c.close()
        return str(first["set"][0]["title"])

    try:
        title = run(go())
        shell = fetch("results")
        assert "X-Teacher-Token" in shell and "Ana" not in shell and cp.token not in shell
        for bad in ("", "x" * 16):
            with pytest.raises(urllib.error.HTTPError) as e:
                fetch("results", bad)
            assert e.value.code == 403
        page = fetch("results", cp.token)
        assert "Ana" in page and "(ended)" in page and "not solved, 2 tries" in page
        assert f"<th>{html.escape(title)}</th>" in page
        text = fetch("results.csv", cp.token)
        assert "Ana," in text and "draw | x" in text and "\r\n\r\nname,table,match,seat" in text
        [name] = [n for n in (cp.folder / "archive").iterdir() if n.suffix == ".csv"]
        assert "draw" in fetch(f"results.csv?archive={name.name}", cp.token)
        for bad in ("../class.json", "class.json", name.name.replace(".csv", ".json")):
            with pytest.raises(urllib.error.HTTPError) as e:
                fetch("results.csv?archive=" + urllib.request.quote(bad), cp.token)
            assert e.value.code == 404
        with pytest.raises(urllib.error.HTTPError) as e:
            fetch(f"results.csv?archive={name.name}")
        assert e.value.code == 403
    finally:
        cp.stop()


def test_a_damaged_puzzle_snapshot_falls_back_and_replays_the_kept_logs(tmp_path: Path) -> None:
    c = Class(tmp_path / "c")
    c.t({"op": "puzzle_round", "set": "doubles"})
    p = first_puzzle(c)
    c.answer(c.ana, "Ana", "draw")
    c.room.close()  # the server stopped: its answers log closed
    room = Classroom.resume(c.folder)  # compacted: the snapshot holds Ana's answer
    c.room = room
    ben = Conn()
    c.say(ben, {"op": "hello", "code": room.code, "token": c.tokens["Ben"]})
    c.answer(ben, "Ben", str(p.answer))
    room.close()
    Classroom.resume(c.folder)  # compacted again: puzzles.prev.json lacks Ben's answer
    snapshot = c.folder / "puzzles.json"
    snapshot.write_bytes(snapshot.read_bytes()[:100])
    again = Classroom.resume(c.folder)
    assert any(n.startswith("puzzles.json is cut short") and "puzzles.prev.json" in n
               for n in again.notes)
    assert again.puzzles is not None
    results = again.puzzles.students
    assert results[sid(c.room, "Ana")]["results"][p.id]["answers"] == ["draw"]
    assert results[sid(c.room, "Ben")]["results"][p.id]["solved"] is True  # from answers.prev.jsonl


def test_a_class_folder_of_format_1_is_resumed_and_sealed(tmp_path: Path) -> None:
    c = Class(tmp_path / "c")
    c.t({"op": "puzzle_round", "set": "doubles"})
    c.answer(c.ana, "Ana", "draw")
    assert c.room.puzzles is not None
    old = c.folder / "old"  # as the class server before issue 28 kept it: no checksums
    (old / "tables").mkdir(parents=True)
    for tid, t in c.room.tables.items():
        (old / "tables" / f"{tid}.json").write_text(json.dumps(t.to_dict()))
    (old / "class.json").write_text(json.dumps({
        "format": "mtlearn-class", "version": 1, "code": c.room.code,
        "teacher": c.room.teacher_token, "idle": 0, "students": c.room.students,
        "tables": list(c.room.tables),
        "puzzles": {"family": "doubles", "students": c.room.puzzles.students}}))
    again = Classroom.resume(old)
    assert again.notes == [] and list(again.tables) == ["t1", "t2"]
    assert history(again, "t1") == history(c.room, "t1")
    assert again.puzzles is not None and again.puzzles.students == c.room.puzzles.students
    kept = unseal((old / "class.json").read_bytes(), "class.json")  # sealed now
    assert kept["version"] == 2
    third = Classroom.resume(old)  # and read as sealed files, tables too
    assert third.notes == [] and list(third.tables) == ["t1", "t2"]
    c.room.close()  # its answers log closed


def test_after_a_fallback_each_student_sits_where_their_table_says(tmp_path: Path) -> None:
    c = Class(tmp_path / "c")
    c.t({"op": "open_table", "seats": 3})
    carl = Conn()
    token = c.say(carl, {"op": "join", "code": c.room.code, "name": "Carl"})[0]["token"]
    c.say(carl, {"op": "sit", "token": token, "table": "t3", "seat": 2})
    path = c.folder / "tables" / "t3.json"
    path.write_text(path.read_text().replace("Carl", "Karl"))  # t3.prev.json: Carl not seated
    again = Classroom.resume(c.folder)
    assert any("restored from its previous copy tables/t3.prev.json" in n for n in again.notes)
    assert again.students[sid(again, "Carl")]["table"] is None  # not "you sit at Table 3 already"
    c.room = again
    carl = Conn()
    c.say(carl, {"op": "hello", "code": again.code, "token": token})
    c.say(carl, {"op": "sit", "token": token, "table": "t3", "seat": 2})
    assert again.tables["t3"].seat_of(sid(again, "Carl")) == 1


@pytest.mark.slow
def test_a_killed_server_resumes_answers_and_every_good_table(tmp_path: Path) -> None:
    from classkit import Client, join, start_class, teacher_of
    from test_class_server import run

    folder = tmp_path / "cls"
    cp = start_class(folder, "--per-address", "50")

    async def first() -> str:
        teacher = await teacher_of(cp)
        for k in (1, 2):
            await teacher.ask({"op": "open_table", "token": cp.token, "seats": 2,
                               "computers": 1, "seed": k}, "teacher")
        ana = await join(cp.ws_url, cp.code, "Ana")
        await ana.ask({"op": "sit", "token": ana.token, "table": "t1", "seat": 1}, "table")
        await teacher.send({"op": "puzzle_round", "token": cp.token, "set": "doubles"})
        await ana.expect("puzzle")
        await ana.ask({"op": "puzzle", "token": ana.token,
                       "msg": {"action": "answer", "answer": "draw"}}, "puzzle_update")
        for c in (teacher, ana):
            await c.close()
        return ana.token

    try:
        token = run(first())
    finally:
        cp.stop(kill=True)  # SIGKILL: the answer was only appended to the log
    t1 = folder / "tables" / "t1.json"
    t1.write_bytes(t1.read_bytes()[:50])
    (folder / "tables" / "t1.prev.json").unlink()
    cp2 = start_class(folder, "--resume", "--per-address", "50")

    async def second() -> None:
        teacher = await teacher_of(cp2)
        state = teacher.got[0]
        assert [t["id"] for t in state["tables"]] == ["t2"]  # t1 left out, the class is on
        row = state["puzzles"]["rows"][0]
        assert row["name"] == "Ana" and row["cells"][0]["tries"] == 1
        ana = await Client.open(cp2.ws_url)
        lobby = await ana.ask({"op": "hello", "code": cp2.code, "token": token}, "lobby")
        assert lobby["name"] == "Ana"
        for c in (teacher, ana):
            await c.close()

    try:
        banner = "".join(cp2.lines)
        assert "tables/t1.json is cut short" in banner and "no class was kept" not in banner
        assert "t1: this table was left out" in banner
        run(second())
    finally:
        cp2.stop()
    assert len(list((folder / "tables").glob("t1.bad-*.json"))) == 1


def test_locked_joins_are_kept_and_a_new_class_takes_its_rounds_into_its_archive(
        tmp_path: Path) -> None:
    c = Class(tmp_path / "c")
    c.t({"op": "lock", "locked": True})
    again = Classroom.resume(c.folder)
    assert again.locked  # a restart does not reopen the class to newcomers
    c.t({"op": "puzzle_round", "set": "doubles"})
    c.answer(c.ana, "Ana", "draw")
    c.t({"op": "puzzle_round", "set": None})
    # the students are told the class ended (a refusal-shaped notice), so no c.t() here
    out = [json.loads(text) for _, text in c.room.handle(
        c.teacher, {"op": "new_class", "token": c.room.teacher_token})]
    kept = [p for p in (c.folder / "archive").iterdir()]
    assert len(kept) == 1 and kept[0].name.startswith("class-"), kept
    assert (kept[0] / "class.json").is_file() and (kept[0] / "answers.jsonl").is_file()
    [csv] = (kept[0] / "archive").glob("puzzles-doubles-*.csv")
    assert "Ana," in csv.read_text() and "draw" in csv.read_text()
    assert any(m.get("token") == c.room.teacher_token for m in out)
    assert not c.room.locked and Classroom.resume(c.folder).code == c.room.code


def test_a_new_class_that_cannot_archive_puts_the_class_back_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The archive's third rename fails (a full or read-only folder): the files already
    moved go back, the reply says the class carries on (not "nothing was changed"), and
    the class still resumes from its folder with its code."""
    c = Class(tmp_path / "c")
    c.t({"op": "lock", "locked": True})
    code = c.room.code
    before = sorted(p.name for p in c.folder.iterdir())
    real = Path.rename
    calls = {"n": 0}

    def rename(self: Path, target: Any) -> Path:
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError(28, "No space left on device")
        return real(self, target)

    monkeypatch.setattr(Path, "rename", rename)
    [(to, text)] = c.room.handle(c.teacher, {"op": "new_class",
                                             "token": c.room.teacher_token})
    monkeypatch.undo()
    said = json.loads(text)
    assert to == "reply" and said["ok"] is False, said
    assert "No space left on device" in said["error"]
    assert "the class carries on as it was" in said["error"], said
    assert "nothing" not in said["error"]
    # every file is back; the archive folder may stay behind, empty
    assert sorted(p.name for p in c.folder.iterdir() if p.name != "archive") == before
    assert not (c.folder / "archive").exists() or not any((c.folder / "archive").iterdir())
    again = Classroom.resume(c.folder)
    assert again.code == code == c.room.code and again.locked
