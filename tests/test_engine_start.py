"""The in-page engine's start imports only what the first board needs (issue 37).

The book's boards run mtlearn in Pyodide in a Web Worker (``mtlearn/static/engine/
worker.mjs``), where every module imported at start is loaded, and run, in WebAssembly
before the first board can play. So the worker's import, ``mtlearn.hosts.session_host``,
and a first board (opened, then a move played) must not pull in the puzzles, the scenario
reader, the trainer, the steps of a "Try it" board or the standard library modules only
they use: these tests run that in a fresh interpreter and name what must stay out, so
that an import added at the top of a module cannot bring them back unseen. A board with
steps imports the steps' module and no puzzle machinery.

The worker loads a wheel without what it never uses (``docs/_ext/mtlearn_engine.py``:
``WORKER_SKIPS``): no module kept in it may import one left out, and the sessions the
worker opens (a board, a board with steps, a puzzle) open and play from that wheel alone.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from mtlearn import Game
from mtlearn.content import puzzles
from mtlearn.hosts.session import BoardSession

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "mtlearn"
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import mtlearn_engine  # noqa: E402

#: Loaded by no first board, with or without steps (names starting so): puzzles and
#: scenarios (and their readers), the trainer, the presentation of whole pages, the widgets
#: and what only they import from the standard library.
NEVER = ("mtlearn.content.puzzle", "mtlearn.content.goals", "mtlearn.content.scenario",
         "mtlearn.content.mining", "mtlearn.content.mined", "mtlearn.trainer",
         "mtlearn.jupyter", "mtlearn.cli", "mtlearn.present.htmlout",
         "mtlearn.present.frontend", "mtlearn.present.charts", "mtlearn.present.course",
         "mtlearn.hosts.pages", "mtlearn.hosts.classroom", "yaml", "difflib",
         "importlib.resources", "pkgutil", "tempfile", "shutil", "zipfile", "gzip")
#: Loaded by a board with steps only.
STEPS_ONLY = ("mtlearn.content", "mtlearn.core.ruleids")

#: Runs in a fresh interpreter: the worker's import, then each request of argv[1] (a JSON
#: list); prints the modules loaded, and every answer's "ok".
FIRST_BOARD = """
import json, sys
before = set(sys.modules)
from mtlearn.hosts.session_host import SessionHost
host = SessionHost()
oks, sid = [], None
for req in json.loads(sys.argv[1]):
    if req.get("op") == "intent":
        req["session"] = sid
    answer = json.loads(host.request(json.dumps(req)))
    oks.append(answer["ok"] or answer["error"])
    sid = answer.get("session", sid)
print(json.dumps({"modules": sorted(set(sys.modules) - before), "ok": oks,
                  "from": sys.modules["mtlearn"].__file__}))
"""


def _run(requests: list[dict], path: Path | None = None) -> dict:
    """FIRST_BOARD in a fresh interpreter (mtlearn from ``path`` if given)."""
    code = FIRST_BOARD if path is None else f"import sys; sys.path.insert(0, {str(path)!r})\n" \
        + FIRST_BOARD
    out = subprocess.run([sys.executable, "-c", code, json.dumps(requests)], cwd=path or ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.splitlines()[-1])


def _loaded(modules: list[str], prefixes: tuple[str, ...]) -> list[str]:
    """The modules whose name starts with one of ``prefixes``."""
    return [m for m in modules if m.startswith(prefixes)]


def _board_requests(session: BoardSession, move: str) -> list[dict]:
    return [{"op": "open", "kind": "board", "spec": session.to_spec()},
            {"op": "intent", "intent": {"action": "move", "move": move}}]


def _first_move(game: Game) -> str:
    return str(next(iter(game.legal_moves)))


def _plain_board() -> tuple[BoardSession, str]:
    """A 4-player board against three greedy bots, as on *Play a game*, and a move."""
    session = BoardSession(Game.new(4, seed=7), bots={1: "greedy", 2: "greedy", 3: "greedy"},
                           perspective=0)
    return session, _first_move(session.game)


def _steps_board() -> tuple[BoardSession, str]:
    """The "Try it" board of chapter 4 (checked steps) and its first step's move."""
    game = Game.from_position({
        "set": 12, "players": ["Ana", "Ben", "Cy"],
        "trains": {"1": ["12-3"], "2": ["12-5"], "3": ["12-9"], "M": ["12-7"]},
        "markers": [3],
        "hands": [["9-5", "10-8", "11-4"], ["11-0", "6-2"], ["5-1", "9-4", "8-8"]],
        "boneyard": {"top": ["4-1", "3-6"], "rest": "shuffled"}})
    return BoardSession(game, steps="ch4-private-or-public"), "9-5@2"


def test_a_first_board_loads_no_puzzle_steps_or_trainer_module() -> None:
    session, move = _plain_board()
    got = _run(_board_requests(session, move))
    assert got["ok"] == [True, True]
    assert _loaded(got["modules"], NEVER + STEPS_ONLY) == []
    mtlearn = [m for m in got["modules"] if m.startswith("mtlearn")]
    assert "mtlearn.play.bots" in mtlearn and "mtlearn.present.view" in mtlearn


def test_a_board_with_steps_loads_the_steps_and_no_puzzle_machinery() -> None:
    session, move = _steps_board()
    got = _run(_board_requests(session, move))
    assert got["ok"] == [True, True]
    assert "mtlearn.content.steps" in got["modules"]
    assert _loaded(got["modules"], NEVER) == []


def test_the_puzzle_rule_for_stars_is_the_steps_rule() -> None:
    """One rule, in its own module: the puzzles name the steps' function."""
    from mtlearn.content import puzzle_record, stars, steps

    assert puzzle_record.stars_for is stars.stars_for is steps.stars_for
    assert [steps.stars(s) for s in range(4)] == [3, 2, 1, 1]


# ---------------------------------------------------------------------- the worker's wheel


def _module(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at its top or in a function (absolute names)."""
    package = _module(path) if path.name == "__init__.py" else _module(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] \
                if node.level else []
            mod = ".".join([*base, node.module] if node.module else base)
            found.add(mod)
            found.update(f"{mod}.{a.name}" for a in node.names)
    return found


def _skipped(module: str) -> bool:
    name = module.replace(".", "/")
    return any((name + "/").startswith(s) or (name + ".py").startswith(s)
               for s in mtlearn_engine.WORKER_SKIPS)


def test_no_module_in_the_workers_wheel_imports_one_left_out() -> None:
    kept = [p for p in sorted(PKG.rglob("*.py")) if not _skipped(_module(p))
            and "__pycache__" not in p.parts]
    assert any(p.name == "session_host.py" for p in kept)
    wrong = {f"{p.relative_to(ROOT)} imports {m}" for p in kept for m in _imports(p)
             if m.startswith("mtlearn") and _skipped(m)}
    assert not wrong, sorted(wrong)
    assert _skipped("mtlearn.jupyter.widgets") and _skipped("mtlearn.cli")


@pytest.fixture(scope="module")
def lean(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The worker's wheel (as sources), unpacked alone in a folder."""
    folder = tmp_path_factory.mktemp("lean")
    wheel = mtlearn_engine.build_wheel(folder, skip=mtlearn_engine.WORKER_SKIPS)
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        zf.extractall(folder / "site")
    assert not [n for n in names if n.startswith(mtlearn_engine.WORKER_SKIPS)]
    assert "mtlearn/steps/ch4-private-or-public.json" in names
    return folder / "site"


def test_the_workers_sessions_open_and_play_from_its_wheel_alone(lean: Path) -> None:
    board, move = _plain_board()
    steps, step_move = _steps_board()
    p = puzzles.get("double-then-cover")
    requests = [*_board_requests(board, move), *_board_requests(steps, step_move),
                {"op": "open", "kind": "puzzle", "spec": p.state()["session"]},
                {"op": "intent", "intent": {"action": "move", "move": "5-5@1"}}]
    got = _run(requests, lean)
    assert got["from"].startswith(str(lean))
    assert got["ok"] == [True] * 6
