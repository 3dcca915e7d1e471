"""Trainer puzzles in the class without a network (mtlearn.hosts.classroom.assignment):
the teacher's assignment checked in words, the students' files kept sealed with a
previous copy (a damaged one falls back, and says so), the CSV guarded against formulas,
a new class keeping the old one's trainer files. The server-level test with three phones
is tests/test_class_trainer.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mtlearn.hosts.classroom import ClassError
from mtlearn.hosts.classroom.assignment import MAX_COUNT, Assignment, class_pool, pool_themes
from mtlearn.hosts.classroom.results import results_csv, results_html
from mtlearn.hosts.classroom.room import Classroom, Conn


class Room:
    """A class in a folder, a teacher and students, messages answered in-process."""

    def __init__(self, folder: Path, names: tuple[str, ...] = ("Ana", "Ben")) -> None:
        self.room = Classroom.create(folder)
        self.teacher = Conn()
        self.say(self.teacher, {"op": "teacher"})
        self.phones: dict[str, tuple[Conn, str]] = {}
        for n in names:
            c = Conn()
            out = self.room.handle(c, {"op": "join", "code": self.room.code, "name": n})
            self.phones[n] = (c, json.loads(out[0][1])["token"])

    def say(self, conn: Conn, msg: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        if conn is self.teacher:
            msg = {"token": self.room.teacher_token, **msg}
        return [(to, json.loads(text)) for to, text in self.room.handle(conn, msg)]

    def assign(self, **msg: Any) -> dict[str, Any]:
        return self.say(self.teacher, {"op": "assign", **msg})[0][1]

    def trainer(self, name: str, **msg: Any) -> dict[str, Any]:
        conn, token = self.phones[name]
        return self.say(conn, {"op": "trainer", "token": token, "msg": msg})[0][1]


def test_an_assignment_is_checked_and_refused_in_words() -> None:
    pool = class_pool()
    themes = {t["id"]: t["count"] for t in pool_themes(pool)}
    theme = max(themes, key=lambda t: themes[t])
    a = Assignment(pool, theme=theme, count=2)
    assert set(a.ids) == {i for i, e in pool.entries.items() if theme in e.themes}
    assert len(a.pool) == themes[theme] and a.title.startswith("2 trainer puzzles, theme ")
    low = int(min(e.rating for e in pool.entries.values()))
    b = Assignment(pool, band=[low, low + 150], count=1)
    assert all(low <= pool.entries[i].rating <= low + 150 for i in b.ids)
    ratings = [int(e.rating) for e in pool.entries.values()]
    # a rating fewer puzzles than MAX_COUNT share: a band of it cannot fill a round
    rare = next(r for r in sorted(set(ratings)) if ratings.count(r) < MAX_COUNT)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"theme": "nope", "count": 1}, "'nope' is not a theme of the trainer's puzzles"),
        ({"band": [900, 800], "count": 1}, "the band 900–800 is empty"),
        ({"band": [5, 10], "count": 1}, "no puzzle is rated in the rating band 5–10"),
        ({"band": [800], "count": 1}, "a rating band is two ratings"),
        ({"band": [800, "x"], "count": 1}, "a band's rating is a whole number"),
        ({"theme": theme, "count": MAX_COUNT + 1}, f"count is 1 to {MAX_COUNT}"),
        ({"theme": theme, "count": None}, "count is a whole number"),
        ({"count": 3}, "give a theme or a rating band"),
        ({"theme": theme, "count": themes[theme] + 1} if themes[theme] < MAX_COUNT
         else {"band": [rare, rare], "count": MAX_COUNT},
         "or fewer"),
    ]
    for msg, said in cases:
        with pytest.raises(ClassError, match=said.replace("(", r"\(")):
            Assignment(pool, **msg)


def test_a_damaged_student_file_falls_back_to_its_previous_copy(tmp_path: Path) -> None:
    c = Room(tmp_path / "cls")
    theme = pool_themes(class_pool())[0]["id"]
    assert c.assign(theme=theme, count=3)["type"] == "done"
    c.trainer("Ana", action="show")                         # a loss
    after_one = c.trainer("Ana", action="next")["trainer"]
    c.trainer("Ana", action="show")                         # a second loss, its file written
    sid = next(s for s, st in c.room.students.items() if st["name"] == "Ana")
    path = c.room.folder / "trainer" / f"{sid}.json"
    path.write_text(path.read_text()[:-40])                 # cut short
    again = Classroom.resume(c.room.folder)
    assert any("restored from its previous copy" in n and sid in n for n in again.notes)
    back = again.trainer.state(sid)["trainer"]
    assert back["done"] == 1 and back["rating"] == after_one["rating"]
    assert back["current"]["number"] == 2 and back["recorded"] is False
    assert list((c.room.folder / "trainer").glob(f"{sid}.bad-*.json"))  # kept aside
    # the other students' files were not touched
    ben = next(s for s, st in c.room.students.items() if st["name"] == "Ben")
    assert again.trainer.progress[ben] == c.room.trainer.progress[ben]


def test_the_csv_part_guards_against_formulas_and_lists_every_student(tmp_path: Path) -> None:
    c = Room(tmp_path / "cls", ("Ana", "Ben", "Cy"))
    theme = pool_themes(class_pool())[0]["id"]
    c.assign(theme=theme, count=2)
    c.trainer("Ana", action="show")
    sid = next(s for s, st in c.room.students.items() if st["name"] == "Ana")
    c.room.students[sid]["name"] = "=HYPERLINK(1)"          # a name from a hand-edited folder
    text = results_csv(c.room)
    part = text.split("\r\n\r\n")[2].splitlines()
    assert part[0] == "name,theme,theme in words,tries,solved,rating,class rating"
    assert any(line.startswith(f"'=HYPERLINK(1),{theme},") for line in part)
    assert "Ben,,no puzzle done yet,0,0,,1200" in part and "Cy,,no puzzle done yet,0,0,,1200" \
        in part
    page = results_html(c.room)
    assert "=HYPERLINK(1)" in page and "<script" not in page.split("Trainer puzzles")[1]


def test_a_new_class_keeps_the_old_trainer_files_and_starts_without(tmp_path: Path) -> None:
    c = Room(tmp_path / "cls")
    theme = pool_themes(class_pool())[0]["id"]
    c.assign(theme=theme, count=2)
    c.trainer("Ana", action="show")
    c.say(c.teacher, {"op": "new_class"})
    assert c.room.trainer.assignment is None and not c.room.trainer.states
    [old] = (c.room.folder / "archive").glob("class-*")
    assert (old / "trainer" / "assignment.json").is_file()
    assert len([p for p in (old / "trainer").glob("s*.json") if ".prev" not in p.name]) == 2


def lone_puzzle(goal_by_answer: bool = True) -> str:
    """A puzzle of the class pool that no other puzzle shares its rating with (a band of
    that rating gives every student this one), answered in one message if asked."""
    pool = class_pool()
    counts: dict[float, int] = {}
    for e in pool.entries.values():
        counts[e.rating] = counts.get(e.rating, 0) + 1
    for pid in pool.sorted_ids:
        e = pool.entries[pid]
        if counts[e.rating] == 1 and e.rating == int(e.rating) and (
                not goal_by_answer or not pool.puzzle(pid).goal_kind.move_by_move):
            return pid
    raise AssertionError("every rating is shared")


def solve(c: Room, name: str, pid: str) -> dict[str, Any]:
    """Answer ``pid`` right on ``name``'s phone (the test knows the answer)."""
    return c.trainer(name, action="answer", answer=class_pool().puzzle(pid).answer)


def test_a_class_attempt_rates_the_puzzle_for_the_class_and_it_is_kept(tmp_path: Path) -> None:
    """Issue 38: a miss raises the puzzle's class rating, a solve lowers it; both are kept
    in the class folder (sealed), come back after a restart, and end the CSV."""
    pid = lone_puzzle()
    start = class_pool().entries[pid].rating
    c = Room(tmp_path / "cls", ("Ana", "Ben", "Cy"))
    assert c.assign(band=[int(start), int(start)], count=1)["type"] == "done"
    ratings = c.room.trainer.ratings
    assert ratings.rating(pid) is None and not (c.room.folder / "trainer" / "ratings.json").exists()
    c.trainer("Ana", action="show")                                # a loss: harder than said
    missed = ratings.rating(pid)
    assert missed is not None and missed.rating > start and missed.rd < 250
    assert solve(c, "Ben", pid)["feedback"]["status"] == "right"   # a win: easier
    solved = ratings.rating(pid)
    assert solved is not None and solved.rating < missed.rating and solved.rd < missed.rd
    rec = ratings.puzzles[pid]
    assert rec["start"] == [start, 250.0] and (rec["attempts"], rec["solved"]) == (2, 1)
    # the student's own copy of the puzzle's rating is not the class's
    ana = next(s for s, st in c.room.students.items() if st["name"] == "Ana")
    assert c.room.trainer.states[ana]["puzzles"][pid]["r"][0] != solved.rating
    # sealed in the class folder; a restart reads it back, and the CSV ends with it
    kept = json.loads((c.room.folder / "trainer" / "ratings.json").read_text())
    assert kept["puzzles"][pid]["attempts"] == 2 and "sha256" in kept
    again = Classroom.resume(c.room.folder)
    assert again.notes == [] and again.trainer.ratings.puzzles == ratings.puzzles
    assert again.trainer.ratings.id == ratings.id and len(ratings.id) == 16
    parts = results_csv(again).split("\r\n\r\n")
    assert parts[2].startswith("name,theme,")                      # the third part as before
    head, row = parts[3].splitlines()
    assert head == ("puzzle,title,class rating,deviation,volatility,start rating,"
                    "start deviation,attempts,solved,class")
    cells = row.split(",")
    assert cells[0] == pid and float(cells[2]) == round(solved.rating, 1)
    assert cells[-3:] == ["2", "1", ratings.id]
    assert "Puzzle ratings in this class" in results_html(again)
    # one more attempt after the restart goes on from the kept rating
    c2 = again.trainer
    cy = next(s for s, st in again.students.items() if st["name"] == "Cy")
    c2.handle(cy, {"action": "show"})
    assert c2.ratings.puzzles[pid]["attempts"] == 3
    after = c2.ratings.rating(pid)
    assert after is not None and after.rating > solved.rating


def test_a_damaged_ratings_file_falls_back_to_its_previous_copy(tmp_path: Path) -> None:
    pid = lone_puzzle()
    start = int(class_pool().entries[pid].rating)
    c = Room(tmp_path / "cls")
    c.assign(band=[start, start], count=1)
    c.trainer("Ana", action="show")
    first = dict(c.room.trainer.ratings.puzzles[pid])
    c.trainer("Ben", action="show")
    path = c.room.folder / "trainer" / "ratings.json"
    path.write_text(path.read_text()[:-30])                        # cut short
    again = Classroom.resume(c.room.folder)
    assert any("ratings.json" in n and "restored from its previous copy" in n
               for n in again.notes)
    assert again.trainer.ratings.puzzles[pid] == first             # the attempt before
