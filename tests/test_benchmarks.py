"""The benchmarks still run: each one in smoke mode, as a script, from the repository root.

The benchmarks (benchmarks/, ``./dev bench``) print figures and assert nothing, so nothing
else notices when a change elsewhere breaks one: a selector of the board's markup, a renamed
function. Each test here runs ``python benchmarks/NAME.py --smoke`` (the same code paths with
tiny sizes, seconds; benchmarks/benchkit.py) and checks that it exits 0 and prints its
figure lines, not their values (figures from a smoke run mean nothing). A failure shows the
command and the end of the benchmark's output and errors.

The benchmarks that drive Chromium are marked ``browser``, those that read the built book
``book`` as well (the ``book`` fixture's folder is passed in ``MTLEARN_BOOK_DIR``), so the
fast tier runs only the rest. ``trainer.py`` runs twice: its CPython part alone (no book:
the in-page part says it skipped), and whole with the book, in Chromium.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from mtlearn.content.mining_cli import SHIPPED_MADE

REPO_ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = REPO_ROOT / "benchmarks"
#: The modules of benchmarks/ that are no benchmark: the shared --smoke switch, the floor
#: simulator (measured through engine.py) and the runner of them all.
HELPERS = {"benchkit", "floor", "run"}
#: The first line of every smoke run (benchmarks/benchkit.py: NOTE).
NOTE = "smoke run: tiny sizes, figures not meaningful"


class Case(NamedTuple):
    name: str  # benchmarks/<name>.py
    expect: tuple[str, ...]  # text every smoke run prints (a start of each figure line)
    timeout: float = 120
    book: bool = False  # run with the built book (MTLEARN_BOOK_DIR); else with none
    peer: bool = False  # run against tests/data/peer_stub (MTLEARN_PEER), node's stand-in


BROWSER = pytest.mark.browser
BOOK = (pytest.mark.browser, pytest.mark.book)

CASES = [
    pytest.param(Case("engine", (
        "random-bot rounds per second (4 players, double-12):",
        "floor simulator, same rules, same run:",
        "engine / floor:",
        "longest train, 15-tile double-12 hands",
        "longest train, 21-tile double-12 hands"))),
    # with valgrind a count, else a line saying it skipped: both start so
    pytest.param(Case("instructions", ("instructions per round",))),
    pytest.param(Case("sim", (
        "4-player double-12 matches: 1 core",
        "PlannerBot move (wall time): median",
        "PlannerBot move (CPU time): median"))),
    pytest.param(Case("expert", (
        "expert vs 3 planners, ",
        "expert vs 3 greedys, ",
        "expert move (CPU time, CPython,"))),
    pytest.param(Case("expert_versus", (
        "default expert: win share ",
        "variant infer=1: win share ",
        "variant minus default, paired over the same ",
        "default expert's searched decisions that leave the planner's move:"))),
    pytest.param(Case("review", (
        "agreement with a 10x deeper search (",
        "planted blunders, kept double: flagged ",
        "planted blunders, double left open: flagged ",
        "named mistakes against a 10x deeper search (",
        "round review (CPU time, CPython,"))),
    pytest.param(Case("inputs", ("mtlearn check on",))),
    # the peer engine is not in the repository: a stand-in driver speaks its protocol
    pytest.param(Case("peer", ("peer side by side: ", "mtlearn:", "peer (node):",
                               "mtlearn / peer: "), peer=True)),
    pytest.param(Case("class_load", (
        "class server: one move and the five updates it sends",
        "class server: a move's time on the event loop",
        "  moves handled ",
        "  move -> all six screens updated",
        "  server memory ",
        "class server: stopped"))),
    pytest.param(Case("class_store", (
        "  results kept:",
        "  one answer saved (log, fsync at most 1/s)",
        "  one answer saved (log, fsync every line)",
        "  one answer saved by rewriting the class (before)",
        "  --resume replaying",
        "  compaction (every"))),
    pytest.param(Case("class_trainer", (
        "  the assignment started,",
        "  one answer message (judged, rated, saved, told)",
        "  its save alone (the student's sealed file)",
        "  the next puzzle chosen and saved",
        "  a student's file after",
        "  --resume with"))),
    pytest.param(Case("mine", (
        f"  index of {SHIPPED_MADE} puzzles in CPython:",
        "  drills ",
        "  play puzzles ",
        "  shipped mix ",
        "puzzles of the shipped run on"))),
    pytest.param(Case("trainer", (
        "shipped pool:",
        "Trainer.next() over",
        "SessionHost 'next' (JSON in, JSON out):",
        "in the page: skipped"))),
    pytest.param(Case("browser", (
        "first click answered after paint",
        "  from the click (tile, then train) to the answer:",
        "  a second move the page does not store",
        "8-player board, first paint in Chromium:",
        "scenario step (8 players):"), timeout=180), marks=BROWSER),
    pytest.param(Case("play", (
        "bytes added to the book",
        "first paint of the board page:",
        "engine ready after page load, cold cache:",
        "engine ready after page load, warm cache:",
        "in-page ready / bare Pyodide start, same run:",
        # "median": moves were played (the legal moves read from the board) and answered
        "a move + three bots' replies, in the page: median"), timeout=180), marks=BROWSER),
    # both in CPython and in the page's worker (the book's engine wheel): "in the page" is
    # printed only when the expert and the review import and answer there
    pytest.param(Case("page_coach", (
        "the page's worker: Pyodide",
        "expert move in CPython (CPU time;",
        "expert move in the page (wall time in the worker): median",
        "round review in CPython (CPU time;",
        "round review in the page (wall time in the worker): median",
        "Look further in the page (wall time in the worker): median"), timeout=180),
        marks=BROWSER),
    pytest.param(Case("trainer", (
        "Trainer.next() over",
        "in the page, Next puzzle click to drawn:",
        "in the page, the engine's round trip alone"), timeout=300, book=True),
        marks=BOOK, id="trainer-in-page"),
    pytest.param(Case("lite", (
        "book + live site:",
        "copies of pyodide.asm.wasm:",
        "live notebook start in lite/notebooks/, cold",
        "live notebook start in lite/notebooks/, next chapter, same tab",
        "kernel ready after opening a live notebook, cold cache:",
        "first live board (open, Run All, board drawn from the kernel)",
        "first stored board in a live notebook",
        "in-page engine ready, Pyodide 0.28.3 (before):",
        "in-page engine ready, Pyodide"), timeout=600, book=True), marks=BOOK),
]


def _tail(text: str, lines: int = 40) -> str:
    return "\n".join(text.rstrip().splitlines()[-lines:]) or "(nothing)"


def _run(cmd: list[str], env: dict[str, str], timeout: float) -> tuple[int | None, str, str]:
    """Run ``cmd`` from the repository root; on a timeout kill its whole process group
    (Chromium, the class server, a pool's workers) and return ``None`` as its code."""
    proc = subprocess.Popen(cmd, cwd=REPO_ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        return proc.returncode, out, err
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return None, out, err


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_benchmark_runs_in_smoke_mode(case: Case, request: pytest.FixtureRequest,
                                      tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if case.book:
        env["MTLEARN_BOOK_DIR"] = str(request.getfixturevalue("book"))
    else:  # an empty folder: no book, whatever docs/_build holds
        env["MTLEARN_BOOK_DIR"] = str(tmp_path)
    env.pop("MTLEARN_PEER", None)
    if case.peer:
        env["MTLEARN_PEER"] = str(REPO_ROOT / "tests" / "data" / "peer_stub")
    cmd = [sys.executable, f"benchmarks/{case.name}.py", "--smoke"]
    code, out, err = _run(cmd, env, case.timeout)
    report = (f"$ {' '.join(cmd)}\n--- stdout (end) ---\n{_tail(out)}\n"
              f"--- stderr (end) ---\n{_tail(err)}")
    assert code is not None, f"benchmarks/{case.name}.py --smoke took over {case.timeout:g} s\n{report}"
    assert code == 0, f"benchmarks/{case.name}.py --smoke exited with {code}\n{report}"
    lines = out.splitlines()
    assert lines and lines[0] == NOTE, f"the first line is not the smoke note\n{report}"
    missing = [e for e in case.expect if not any(e in line for line in lines)]
    assert not missing, f"benchmarks/{case.name}.py --smoke did not print {missing}\n{report}"


def test_every_benchmark_is_smoke_tested_and_run() -> None:
    """A new benchmark file gets a case above and a line in benchmarks/run.py."""
    found = {p.stem for p in BENCHMARKS.glob("*.py")} - HELPERS
    tested = {p.values[0].name for p in CASES}
    assert found == tested, f"benchmarks without a case: {sorted(found - tested)}; " \
                            f"cases without a file: {sorted(tested - found)}"
    runner = (BENCHMARKS / "run.py").read_text(encoding="utf-8")
    called = set(re.findall(r"^\s+(\w+)\.main\(.*smoke=smoke", runner, re.MULTILINE))
    assert called == found, f"benchmarks/run.py misses {sorted(found - called)}"


def test_the_expert_benchmark_keeps_its_games_and_goes_on_from_them(tmp_path: Path) -> None:
    """``--rows``: a second run plays none of the games the first kept, and prints the same
    figures; a file of another run's rows is refused, naming it."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "MTLEARN_BOOK_DIR": str(tmp_path)}
    prefix = tmp_path / "kept"
    cmd = [sys.executable, "benchmarks/expert.py", "--smoke", "--against", "planner",
           "--timing-rounds", "1", "--rows", str(prefix)]
    runs = [_run(cmd, env, 120) for _ in range(2)]
    assert [code for code, _, _ in runs] == [0, 0], runs
    first, second = ([line for line in out.splitlines() if line.startswith("expert vs")]
                     for _, out, _ in runs)
    assert "(4 played now" in first[0] and "(0 played now" in second[0]
    assert first[0].split(" in ")[0] == second[0].split(" in ")[0]     # the same figures
    kept = (tmp_path / "kept-planner.jsonl").read_text().splitlines()
    assert len(kept) == 1 + 4 * 4                 # the run's fingerprint, 4 rows a round
    (tmp_path / "kept-planner.jsonl").write_text('{"run": {"bots": "other"}}\n')
    code, _, err = _run(cmd, env, 120)
    assert code == 1 and "keeps the rows of another run" in err and "kept-planner" in err
