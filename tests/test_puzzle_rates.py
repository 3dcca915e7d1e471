"""Ratings that learn (issue 38): ``mtlearn puzzles rate`` folds the puzzle ratings of
classes' results CSVs into the shipped ratings (mtlearn.content.puzzle_rates), writes the
ratings file, and the trainer's pool reads it on top of the shipped ratings. A bad file
gets one line naming it, and nothing is written."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from test_class_assignment import Room, lone_puzzle, solve

from mtlearn.cli import main
from mtlearn.content import mined, puzzle_files, puzzle_rates, puzzles
from mtlearn.content.puzzle_rates import BASE_RD, ClassEvidence, fold, overrides
from mtlearn.content.puzzle_record import MAX_RATING, MIN_RATING
from mtlearn.hosts.classroom.assignment import class_pool
from mtlearn.hosts.classroom.results import results_csv
from mtlearn.trainer.trainer import PUZZLE_RD
from mtlearn.trainer.trainer_session import default_pool

HEADER = ("puzzle,title,class rating,deviation,volatility,start rating,start deviation,"
          "attempts,solved,class")
CID = "0123456789abcdef"


@pytest.fixture
def learned(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], None]]:
    """Point the pools at a ratings file of the test's (put back afterwards)."""
    def use(path: Path) -> None:
        monkeypatch.setattr(puzzle_rates, "ratings_source", lambda: path)
        overrides.cache_clear()

    yield use
    monkeypatch.undo()
    overrides.cache_clear()


def export(c: Room, path: Path) -> Path:
    path.write_text(results_csv(c.room), encoding="utf-8", newline="")
    return path


def rate(*argv: str | Path) -> int:
    return main(["puzzles", "rate", *map(str, argv)])


def test_the_shipped_deviation_is_the_trainers_and_folding_weighs_by_precision() -> None:
    assert BASE_RD == PUZZLE_RD
    assert fold(1500.0, []) == (1500.0, BASE_RD)
    one = ClassEvidence(1500.0, 250.0, 1600.0, 200.0, 4, 1)
    r, rd = fold(1500.0, [one])
    assert math.isclose(r, 1600.0) and math.isclose(rd, 200.0)  # one class: its rating
    r2, rd2 = fold(1500.0, [one, one])  # two classes saying the same: surer, further
    assert 1600.0 < r2 < 1700.0 and rd2 < 200.0
    assert math.isclose(r2, 1500.0 + 2 * 100.0 / 200.0**2 / (1 / 250.0**2 + 2 * (
        1 / 200.0**2 - 1 / 250.0**2)))
    down = ClassEvidence(1500.0, 250.0, 1400.0, 200.0, 4, 4)
    assert math.isclose(fold(1500.0, [one, down])[0], 1500.0)  # they cancel out
    # a class that started from an earlier learned rating adds only what it learned
    later = ClassEvidence(1600.0, 200.0, 1600.0, 200.0, 0, 0)
    assert math.isclose(fold(1500.0, [one, later])[0], r)
    wild = ClassEvidence(2900.0, 250.0, 5000.0, 40.0, 90, 0)
    assert fold(1500.0, [wild])[0] == MAX_RATING
    assert fold(1500.0, [ClassEvidence(500.0, 250.0, -500.0, 40.0, 90, 90)])[0] == MIN_RATING


def test_two_class_exports_are_folded_and_the_pool_uses_them(
        tmp_path: Path, learned: Callable[[Path], None],
        capsys: pytest.CaptureFixture[str]) -> None:
    pid = lone_puzzle()
    start = class_pool().entries[pid].rating
    a = Room(tmp_path / "a", ("Ana", "Ben"))
    a.assign(band=[int(start), int(start)], count=1)
    a.trainer("Ana", action="show")
    a.trainer("Ben", action="show")
    b = Room(tmp_path / "b", ("Cy",))
    b.assign(band=[int(start), int(start)], count=1)
    assert solve(b, "Cy", pid)["feedback"]["status"] == "right"
    ra, rb = a.room.trainer.ratings.rating(pid), b.room.trainer.ratings.rating(pid)
    assert ra is not None and rb is not None and rb.rating < start < ra.rating
    out = tmp_path / "ratings.json"
    files = [export(a, tmp_path / "a.csv"), export(b, tmp_path / "b.csv")]
    assert rate(*files, "--dry-run", "--out", out) == 0
    assert not out.exists() and "dry run" in capsys.readouterr().out
    assert rate(*files, "--out", out) == 0
    said = capsys.readouterr().out
    assert "2 classes, 3 attempts at 1 puzzle" in said and f"  {pid} " in said
    data = json.loads(out.read_text())
    assert data["format"] == "mtlearn-puzzle-ratings" and data["version"] == 1
    got = data["ratings"][pid]
    assert got["attempts"] == 3 and got["rd"] < min(ra.rd, rb.rd)
    assert rb.rating <= got["rating"] <= ra.rating and isinstance(got["rating"], int)
    assert set(data["classes"]) == {a.room.trainer.ratings.id, b.room.trainer.ratings.id}
    # the pool reads the ratings on top of the shipped ones
    learned(out)
    assert overrides()[pid].rating == got["rating"]
    pool = default_pool()
    assert pool.entries[pid].rating == got["rating"]
    assert pool.puzzle(pid).rating == got["rating"]
    shipped = {e.id: e.rating for e in mined.mined_index(rated=False)}
    shipped.update((p.id, p.rating) for p in puzzle_files.bundled())
    assert shipped[pid] == start
    assert all(e.rating == shipped[i] for i, e in pool.entries.items() if i != pid)
    # folding the same exports again changes nothing
    before = out.read_text()
    assert rate(*files, "--out", out) == 0
    assert "0 puzzle ratings changed" in capsys.readouterr().out
    assert json.loads(out.read_text())["ratings"] == json.loads(before)["ratings"]


def test_a_later_export_of_a_class_replaces_the_earlier_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pid = lone_puzzle()
    start = int(class_pool().entries[pid].rating)
    c = Room(tmp_path / "c", ("Ana", "Ben"))
    c.assign(band=[start, start], count=1)
    c.trainer("Ana", action="show")
    early = export(c, tmp_path / "early.csv")
    out = tmp_path / "r.json"
    assert rate(early, "--out", out) == 0
    c.trainer("Ben", action="show")
    late = export(c, tmp_path / "late.csv")
    assert rate(late, "--out", out) == 0
    assert "replaces the earlier export of the same class (early.csv, 1 attempt" in \
        capsys.readouterr().out
    data = json.loads(out.read_text())
    assert data["ratings"][pid]["attempts"] == 2 and len(data["classes"]) == 1
    assert rate(early, "--out", out) == 0  # an older download: left out
    assert "an earlier export of a class already counted" in capsys.readouterr().out
    assert json.loads(out.read_text())["ratings"][pid]["attempts"] == 2


def test_a_bundled_puzzles_learned_rating_reaches_bundled_and_get(
        tmp_path: Path, learned: Callable[[Path], None]) -> None:
    p = puzzle_files.bundled()[0]
    f = tmp_path / "x.csv"
    f.write_text(f"{HEADER}\r\n{p.id},{p.title},{p.rating + 80},200.0,0.06,{p.rating}.0,"
                 f"250.0,5,1,{CID}\r\n", encoding="utf-8")
    out = tmp_path / "r.json"
    assert rate(f, "--out", out) == 0
    learned(out)
    new = puzzles.get(p.id)
    assert new.rating == p.rating + 80 and new.id == p.id and new is not p
    assert puzzles.bundled()[0] is puzzles.bundled()[0]  # the copy is made once
    assert puzzle_files.get(p.id).rating == p.rating      # the file's own, kept


@pytest.mark.parametrize(("text", "said"), [
    (None, "cannot be read"),
    (b"\xff\xfe\x00x", "not UTF-8 text"),
    ("name,puzzle,title\r\nAna,x,y\r\n", "no puzzle ratings in it"),
    (f"{HEADER}\r\n\r\n", "no puzzle under its puzzle ratings' header"),
    (f"{HEADER}\r\nm-nope-00000000,T,1500,200,0.06,1500,250,1,0,{CID}\r\n",
     "line 2: unknown puzzle id 'm-nope-00000000'"),
    (f"{HEADER}\r\n{{pid}},T,lots,200,0.06,1500,250,1,0,{CID}\r\n",
     "line 2: class rating is a number, not 'lots'"),
    (f"{HEADER}\r\n{{pid}},T,1500,200,0.06,1500,250,1,0\r\n", "line 2: expected 10 cells"),
    (f"{HEADER}\r\n{{pid}},T,1500,900,0.06,1500,250,1,0,{CID}\r\n",
     "line 2: deviation is a number from 30 to 350, not 900"),
    (f"{HEADER}\r\n{{pid}},T,1500,200,0.06,1500,250,1,3,{CID}\r\n",
     "1 attempts and 3 solved do not fit"),
    (f"{HEADER}\r\n{{pid}},T,1500,200,0.06,1500,250,1,0,{CID}\r\n"
     f"{{pid}},T,1500,200,0.06,1500,250,1,0,{CID}\r\n", "line 3: the puzzle {pid} is listed"),
    (f"{HEADER}\r\n{{pid}},T,1500,200,0.06,1500,250,1,0,{CID}\r\n"
     f"{{other}},T,1500,200,0.06,1500,250,1,0,fedcba9876543210\r\n", "a second class id"),
])
def test_bad_input_is_one_line_naming_the_file_and_nothing_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | bytes | None,
        said: str) -> None:
    ids = sorted(e.id for e in mined.mined_index())
    good = tmp_path / "good.csv"
    good.write_text(f"{HEADER}\r\n{ids[0]},T,1550,200,0.06,1500,250,2,1,{'a' * 16}\r\n")
    bad = tmp_path / "bad.csv"
    if isinstance(text, bytes):
        bad.write_bytes(text)
    elif text is not None:
        bad.write_text(text.format(pid=ids[1], other=ids[2]), encoding="utf-8")
    out = tmp_path / "r.json"
    assert rate(good, bad, "--out", out) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"mtlearn puzzles rate: {bad}: ")
    assert said.format(pid=ids[1]) in err, err
    assert not out.exists()


def test_a_malformed_ratings_file_is_named_and_left_as_it_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        learned: Callable[[Path], None]) -> None:
    pid = sorted(e.id for e in mined.mined_index())[0]
    good = tmp_path / "good.csv"
    good.write_text(f"{HEADER}\r\n{pid},T,1550,200,0.06,1500,250,2,1,{CID}\r\n")
    out = tmp_path / "r.json"
    for text, said in [("{not json", "r.json: Expecting property name"),
                       ('{"format": "other"}', 'not a puzzle ratings file'),
                       ('{"format": "mtlearn-puzzle-ratings", "version": 1, "ratings": {"x": '
                        '{"rating": 99, "rd": 100, "attempts": 1}}, "classes": {}}',
                        "ratings['x'].rating is a number from 400 to 3000, not 99")]:
        out.write_text(text)
        assert rate(good, "--out", out) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err and str(out) in err, err
        assert out.read_text() == text
        # the pools leave such a file out, with a warning, and use the shipped ratings
        learned(out)
        with pytest.warns(UserWarning, match="left out, the shipped ratings are used"):
            assert overrides() == {}
        assert mined.mined_index() == mined.mined_index(rated=False)


def test_the_shipped_ratings_file_if_any_reads_and_names_shipped_puzzles() -> None:
    src = puzzle_rates.ratings_source()
    if not src.is_file():
        assert overrides() == {}
        return
    data = json.loads(src.read_text(encoding="utf-8"))
    shipped = puzzle_rates.shipped_ratings()
    assert set(data["ratings"]) <= set(shipped) and set(overrides()) == set(data["ratings"])
    notes: list[str] = []
    assert puzzle_rates.read_ratings_file(Path(str(src)), shipped, notes) is not None
    assert notes == []
