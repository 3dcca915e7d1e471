"""Trainer puzzles in a full class (issue 31): 200 students, an assignment of 20 puzzles by
rating band. Reported: the time to start the assignment (every student's first puzzle
chosen and their file written), the time of one answer message (judged, rated with
Glicko-2, the student's sealed file written with its previous copy, the teacher's state
of 200 rows made) and of the save alone, the size of a student's file after the 20
puzzles, and the time to --resume the class. Nothing is asserted.

    python benchmarks/class_trainer.py [--students 200] [--smoke]

``--smoke``: 4 students, 2 puzzles each (figures not meaningful).
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

from mtlearn.hosts.classroom.assignment import class_pool
from mtlearn.hosts.classroom.room import Classroom, Conn

COUNT = 20


def show(label: str, ms: list[float], target: str = "") -> None:
    q = statistics.quantiles(ms, n=20) if len(ms) > 1 else ms * 19
    print(f"  {label:<48} median {statistics.median(ms):8.2f} ms   p95 {q[18]:8.2f} ms"
          f"{'   ' + target if target else ''}")


def main(argv: list[str] | None = None, smoke: bool = False) -> None:
    ap = add_smoke(argparse.ArgumentParser(description=__doc__.splitlines()[0]))
    ap.add_argument("--students", type=int, default=200)
    args = ap.parse_args(argv)
    smoke = smoke or args.smoke
    announce(smoke)
    count = 2 if smoke else COUNT
    if smoke:
        args.students = 4
    t = time.perf_counter()
    pool = class_pool()
    print(f"class trainer: {args.students} students x {count} puzzles "
          f"(pool of {len(pool)} read in {(time.perf_counter() - t) * 1000:.0f} ms)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "cls"
        room = Classroom.create(folder)
        teacher = Conn()
        room.handle(teacher, {"op": "teacher", "token": room.teacher_token})
        students = []
        for k in range(args.students):
            conn = Conn()
            name = "Stu" + "".join(chr(97 + int(d)) for d in f"{k:03d}")
            out = room.handle(conn, {"op": "join", "code": room.code, "name": name})
            students.append((conn, json.loads(out[0][1])["token"]))
        low, high = min(e.rating for e in pool.entries.values()), \
            max(e.rating for e in pool.entries.values())
        t = time.perf_counter()
        out = room.handle(teacher, {"op": "assign", "token": room.teacher_token,
                                    "band": [int(low), int(high)], "count": count})
        assert json.loads(out[0][1])["type"] == "done", out[0][1]
        print(f"  the assignment started, {args.students} first puzzles chosen and "
              f"saved: {(time.perf_counter() - t) * 1000:.0f} ms")
        saves: list[float] = []
        save = room.trainer._save_student

        def timed(sid: str) -> None:
            s = time.perf_counter()
            save(sid)
            saves.append((time.perf_counter() - s) * 1000)

        room.trainer._save_student = timed  # type: ignore[method-assign]
        whole, nexts = [], []
        for _ in range(count):
            for conn, token in students:
                s = time.perf_counter()
                room.handle(conn, {"op": "trainer", "token": token, "msg": {"action": "show"}})
                whole.append((time.perf_counter() - s) * 1000)
                s = time.perf_counter()
                room.handle(conn, {"op": "trainer", "token": token, "msg": {"action": "next"}})
                nexts.append((time.perf_counter() - s) * 1000)
        del room.trainer._save_student
        show("one answer message (judged, rated, saved, told)", whole)
        show("its save alone (the student's sealed file)", saves, "target <= 5 ms")
        show("the next puzzle chosen and saved", nexts)
        sizes = [p.stat().st_size for p in (folder / "trainer").glob("s*.json")
                 if ".prev" not in p.name]
        print(f"  a student's file after {count} puzzles: {statistics.median(sizes) / 1e3:.1f} KB")
        t = time.perf_counter()
        again = Classroom.resume(folder)
        print(f"  --resume with {args.students} students' trainer files: "
              f"{(time.perf_counter() - t) * 1000:.0f} ms ({len(again.notes)} notes)")


if __name__ == "__main__":
    main()
