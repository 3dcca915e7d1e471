"""Issue 39, item 3: nothing of a finished match is lost.

A table's match is archived in the class folder (``archive/match-…``, JSON and CSV) as
soon as it is over, and again when the teacher deals a new match; the results page and
the CSV show every match a student played, round by round; ``--resume`` reads the
archived matches back; an archive the folder cannot hold takes the change back. No
network: the room is driven through :meth:`Classroom.handle`, as the server does."""

from __future__ import annotations

import csv
import errno
import io
import os
import time
from pathlib import Path

import pytest
from test_class_store import Class, sid

from mtlearn.hosts.classroom import store
from mtlearn.hosts.classroom.results import games, results_csv, results_html
from mtlearn.hosts.classroom.room import Classroom, Conn


class Match(Class):
    """Ana at Table 1 (a computer in the other seat): a match of two short rounds."""

    def __init__(self, folder: Path) -> None:
        self.room = Classroom.create(folder)
        self.folder = folder
        self.teacher, self.ana, self.ben = Conn(), Conn(), Conn()
        self.clock = time.monotonic()
        self.t({"op": "teacher"})
        self.tokens = {"Ana": self.say(self.ana, {"op": "join", "code": self.room.code,
                                                  "name": "Ana"})[0]["token"]}
        self.t({"op": "open_table", "seats": 2, "computers": 1, "seed": 5, "rounds": 2,
                "options": {"hand_size": 4}})
        self.say(self.ana, {"op": "sit", "token": self.tokens["Ana"], "table": "t1",
                            "seat": 1})

    def play_round(self) -> None:
        for _ in range(300):
            session = self.room.tables["t1"].session
            assert session is not None
            if session.game.is_round_over:
                return
            self.move(self.ana, "Ana", "t1")
        raise AssertionError("the round did not end")

    def play_match(self) -> list[int]:
        """Both rounds played: Ana's points in each."""
        self.play_round()
        self.t({"op": "table", "table": "t1", "action": "next_round"})
        self.play_round()
        session = self.room.tables["t1"].session
        assert session is not None and session.game.is_match_over
        return [r[0] for r in session.game.round_scores]


def game_part(text: str) -> list[list[str]]:
    """The CSV's game scores (its second part), head first."""
    part = text.split("\r\n\r\n")[1]
    return list(csv.reader(io.StringIO(part)))


def kept(folder: Path, ext: str) -> list[Path]:
    return sorted((folder / "archive").glob(f"match-t1-*.{ext}"))


def check_first_match(room: Classroom, points: list[int]) -> None:
    """Ana's first match is in the results, the page and the CSV, round by round; the
    match dealt after it is there too."""
    first, second = games(room)[sid(room, "Ana")]
    assert (first["match"], first["rounds"], first["total"]) == (1, points, sum(points))
    assert first["over"] and first["table"] == "Table 1"
    assert (second["match"], second["rounds"]) == (2, [])
    head, *rows = game_part(results_csv(room))
    assert head == ["name", "table", "match", "seat", "place", "match total",
                    "rounds played", "round 1", "round 2"]
    ana = [r for r in rows if r[0] == "Ana"]
    assert ana[0] == ["Ana", "Table 1", "1", "1", str(first["place"]), str(sum(points)),
                      "2", *map(str, points)]
    assert ana[1][:3] == ["Ana", "Table 1", "2"] and ana[1][6] == "0"
    page = results_html(room)
    assert "Table 1, match 1, seat 1" in page and "Table 1, match 2, seat 1" in page
    assert "".join(f"<td>{p}</td>" for p in points) in page
    assert "1 of 2 (match over)" in page or "2 of 2 (match over)" in page


def test_new_match_keeps_the_finished_match_in_the_results_csv_and_archive(
        tmp_path: Path) -> None:
    c = Match(tmp_path / "c")
    points = c.play_match()
    # archived as soon as it is over, with the move that ended it
    [json_file], [csv_file] = kept(c.folder, "json"), kept(c.folder, "csv")
    rec = store.unseal(json_file.read_bytes(), json_file.name)
    ana = rec["players"][0]
    assert (rec["match"], rec["over"], ana["name"], ana["rounds"]) == (1, True, "Ana", points)
    assert csv_file.read_text("utf-8").splitlines()[1].startswith("Ana,Table 1,1,1,")
    out = c.t({"op": "table", "table": "t1", "action": "new_match"})
    assert "the match before is kept in the results" in out[0]["text"]
    check_first_match(c.room, points)
    assert len(kept(c.folder, "json")) == 1, "the match is archived once"
    assert "match-t1-1-" in results_html(c.room)  # its CSV is listed to download


def test_a_match_archived_is_read_back_on_resume(tmp_path: Path) -> None:
    c = Match(tmp_path / "c")
    points = c.play_match()
    c.t({"op": "table", "table": "t1", "action": "new_match"})
    c.room.answers.close()
    again = Classroom.resume(c.folder)
    assert again.notes == []
    check_first_match(again, points)
    assert again.tables["t1"].match == 2
    # a second match over: both kept, each its own file
    c2 = Match.__new__(Match)
    c2.__dict__.update(c.__dict__, room=again, clock=time.monotonic())
    c2.say(c2.teacher, {"op": "teacher", "token": again.teacher_token})
    c2.say(c2.ana, {"op": "hello", "code": again.code, "token": c.tokens["Ana"]})
    more = c2.play_match()
    assert [g["rounds"] for g in games(again)[sid(again, "Ana")]] == [points, more]
    assert len(kept(c.folder, "json")) == 2


def test_a_match_the_folder_cannot_archive_is_taken_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = Match(tmp_path / "c")
    c.play_match()
    for p in kept(c.folder, "json") + kept(c.folder, "csv"):  # as a class kept before
        p.unlink()
    c.room.matches.kept.clear()
    real = store.write_atomic

    def full(path: Path, text: str) -> None:
        if path.name.startswith("match-"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(path, text)

    monkeypatch.setattr(store, "write_atomic", full)
    out = c.room.handle(c.teacher, {"op": "table", "token": c.room.teacher_token,
                                    "table": "t1", "action": "new_match"})
    assert any("could not be written" in text and "not made" in text for _, text in out)
    t = c.room.tables["t1"]
    assert t.match == 1 and t.session is not None and t.session.game.is_match_over
    assert c.room.matches.kept == {} and not kept(c.folder, "json") + kept(c.folder, "csv")
    monkeypatch.setattr(store, "write_atomic", real)
    c.t({"op": "table", "table": "t1", "action": "new_match"})  # the folder works again
    assert [g["match"] for g in games(c.room)[sid(c.room, "Ana")]] == [1, 2]
    assert len(kept(c.folder, "json")) == 1
