"""The class folder under a full class (issue 28): 200 students, a puzzle round of 13
puzzles, 20 kept answers of each (about 6.6 MB of results). Reported: the time to save one
puzzle answer (the message handled and its line appended to the answers log; target <= 5
ms), with the log forced to the disk at most once a second (the default) and on every
line; beside it, what the same save cost when every answer rewrote the whole class
(class.json with the round, flushed to disk: 333 ms on the machine of the issue); and the
time to compact the log and to --resume the class. Nothing is asserted.

    python benchmarks/class_store.py [--answers 200] [--smoke]

``--smoke``: 5 students, 5 answers (figures not meaningful).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import add_smoke, announce

from mtlearn.core.files import write_atomic
from mtlearn.hosts.classroom import store
from mtlearn.hosts.classroom.puzzle_round import MAX_ANSWERS
from mtlearn.hosts.classroom.room import Classroom, Conn

STUDENTS, SET = 200, "turns"  # 13 puzzles


def full_class(folder: Path, students: int = STUDENTS
               ) -> tuple[Classroom, list[tuple[Conn, str]]]:
    """A class of ``students`` (200) in a round of 13 puzzles, 20 answers kept for each."""
    room = Classroom.create(folder)
    teacher = Conn()
    room.handle(teacher, {"op": "teacher", "token": room.teacher_token})
    joined = []
    for k in range(students):
        conn = Conn()
        name = "Stu" + "".join(chr(97 + int(d)) for d in f"{k:03d}")
        out = room.handle(conn, {"op": "join", "code": room.code, "name": name})
        joined.append((conn, json.loads(out[0][1])["token"]))
    room.handle(teacher, {"op": "puzzle_round", "token": room.teacher_token, "set": SET})
    assert room.puzzles is not None
    for sid in room.students:
        room.puzzles.students[sid] = {"index": 0, "results": {
            p.id: {"tries": MAX_ANSWERS, "hints": 1, "solved": False, "shown": False,
                   "answers": [f"answer {i} " + "x" * 110 for i in range(MAX_ANSWERS)]}
            for p in room.puzzles.puzzles}}
    store.write_round(folder, room.answers, room.puzzles)
    return room, joined


def answers(room: Classroom, students: list[tuple[Conn, str]],
            n: int) -> tuple[list[float], list[float]]:
    """Milliseconds for each of ``n`` puzzle answers: saving it (the log's append), and the
    whole message (judged, saved, the teacher's state of 200 rows made)."""
    saves: list[float] = []
    append = room.answers.append

    def timed(entry: dict[str, object]) -> None:
        t = time.perf_counter()
        append(entry)
        saves.append((time.perf_counter() - t) * 1000)

    room.answers.append = timed  # type: ignore[method-assign]
    whole = []
    try:
        for k in range(n):
            conn, token = students[k % len(students)]
            t = time.perf_counter()
            room.handle(conn, {"op": "puzzle", "token": token,
                               "msg": {"action": "answer", "answer": "draw"}})
            whole.append((time.perf_counter() - t) * 1000)
    finally:
        del room.answers.append
    return saves, whole


def show(label: str, ms: list[float], target: str = "") -> None:
    q = statistics.quantiles(ms, n=20) if len(ms) > 1 else ms * 19
    print(f"  {label:<48} median {statistics.median(ms):8.2f} ms   p95 {q[18]:8.2f} ms"
          f"{'   ' + target if target else ''}")


def main(argv: list[str] | None = None, smoke: bool = False) -> None:
    ap = add_smoke(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    ap.add_argument("--answers", type=int, default=200)
    args = ap.parse_args(argv)
    smoke = smoke or args.smoke
    announce(smoke)
    count, answers_n = (5, 5) if smoke else (STUDENTS, args.answers)
    print(f"class folder: a full class ({count} students x 13 puzzles x {MAX_ANSWERS} answers)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "cls"
        room, students = full_class(folder, count)
        size = (folder / "puzzles.json").stat().st_size
        print(f"  results kept: {size / 1e6:.1f} MB (puzzles.json)")
        saves, whole = answers(room, students, answers_n)
        show("one answer saved (log, fsync at most 1/s)", saves, "target <= 5 ms")
        show("the whole answer message (judged, saved, told)", whole)
        every = store.FSYNC_EVERY
        store.FSYNC_EVERY = 0.0
        try:
            saves, whole = answers(room, students, answers_n)
            show("one answer saved (log, fsync every line)", saves, "target <= 5 ms")
            show("the whole answer message (fsync every line)", whole)
        finally:
            store.FSYNC_EVERY = every
        assert room.puzzles is not None
        old = []
        for _ in range(1 if smoke else 5):  # the save before the log: the whole class, flushed to disk
            t = time.perf_counter()
            write_atomic(folder / "old-class.json", json.dumps({
                "code": room.code, "teacher": room.teacher_token, "students": room.students,
                "tables": [], "puzzles": room.puzzles.to_dict()}, separators=(",", ":")))
            old.append((time.perf_counter() - t) * 1000)
        show("one answer saved by rewriting the class (before)", old)
        lines = room.answers.lines
        room.answers.close()
        t = time.perf_counter()
        again = Classroom.resume(folder)
        print(f"  --resume replaying {lines} log lines and compacting: "
              f"{(time.perf_counter() - t) * 1000:.0f} ms ({len(again.notes)} notes)")
        assert again.puzzles is not None
        t = time.perf_counter()
        store.write_round(folder, again.answers, again.puzzles)
        print(f"  compaction (every {store.COMPACT_LINES:,} answers): "
              f"{(time.perf_counter() - t) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
