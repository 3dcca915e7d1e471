"""Fuzzing: damaged scenario files, positions and saved games raise only mtlearn's own
errors (never a raw Python exception); what loads is a working game in which a refused
move changes nothing. The session host answers every request (valid, mistyped, garbage)
with well-formed JSON, and a refused request changes nothing; a damaged progress file
loads with its stars in range and its good records kept.

Each test runs 2,000 examples per CI run (200 in the fast tier, :mod:`tier`) (``MTLEARN_FUZZ_SCALE`` multiplies them for a
longer bug hunt).
"""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from fuzzkit import host_ops, positions, progress_files, saved_games, scenario_texts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from soak import fingerprint
from tier import volume

from mtlearn import Game, GameFileError, IllegalMoveError, Move, PositionError, full_set
from mtlearn.content.puzzles import PuzzleSession
from mtlearn.content.scenario import ScenarioError, load_text
from mtlearn.hosts.session import BoardSession
from mtlearn.hosts.session_host import SessionHost
from mtlearn.present.view import view

SCALE = int(os.environ.get("MTLEARN_FUZZ_SCALE", "1"))
FUZZ = settings(max_examples=volume(2000) * SCALE, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))


def exercise(game: Game, rng: random.Random) -> None:
    """A game that loaded works: it writes back the same position, draws as a view,
    offers a move while in play, refuses bad moves without changing, and plays on."""
    pos = game.to_position()
    assert Game.from_position(pos).to_position() == pos
    view(game)
    legal = list(game.legal_moves)
    assert game.over or legal, "a round in play offers a move"
    tiles = game.hand(game.current) + rng.sample(full_set(game.set_max), 2)
    tries = [Move("draw"), Move("pass"), Move("end"), Move("uno")]
    for _ in range(4):
        tile = rng.choice(tiles)
        tries.append(Move("play", tile, rng.choice(game.train_keys()),
                          rng.choice((tile.high, tile.low))))
    for m in tries:
        v = game.explain(m)
        assert all(s in legal for s in v.suggests), v
        if not v.legal:
            before = fingerprint(game)
            with pytest.raises(IllegalMoveError):
                game.push(m)
            assert fingerprint(game) == before, f"the refused move {m} changed the game"
    if legal:
        game.push(rng.choice(legal))


@FUZZ
@given(scenario_texts())
def test_damaged_scenario_files_raise_only_scenario_errors(text: str) -> None:
    try:
        scenario = load_text(text, "fuzz.yaml")
    except ScenarioError as e:
        assert str(e).startswith("fuzz.yaml")
        return
    scenario.frames()


@FUZZ
@given(positions(), st.integers(0, 2**32 - 1))
def test_damaged_positions_raise_only_position_errors(data, seed: int) -> None:
    try:
        game = Game.from_position(data)
    except PositionError as e:
        assert str(e).startswith(f"{e.where}: " if e.where else "")
        return
    exercise(game, random.Random(seed))


@FUZZ
@given(saved_games(), st.integers(0, 2**32 - 1))
def test_damaged_saved_games_raise_only_game_file_errors(text: str, seed: int) -> None:
    try:
        game = Game.from_json(text, source="fuzz.json")
    except GameFileError as e:
        assert str(e).startswith("fuzz.json")
        return
    exercise(game, random.Random(seed))


# ----------------------------------------------------------------- the session host
def _board_specs() -> list[dict]:
    """Small boards at several stages: bots, a perspective, highlights, a round's end."""
    from mtlearn import GreedyBot
    from mtlearn.hosts.session import BoardSession

    specs = []
    for k, (n, bots, persp) in enumerate([(2, {1: "greedy"}, 0), (3, {1: "random"}, None),
                                           (3, {1: "greedy", 2: "greedy"}, 0), (2, {}, None)]):
        game = Game.new(n, set=6, seed=k)
        for _ in range(k * 5):
            if not game.over:
                game.push(GreedyBot().choose(game))
        s = BoardSession(game, bots=bots, perspective=persp,
                         highlights={"tiles": ["6-5"], "trains": ["M", "1"]} if k % 2 else None)
        specs.append(s.to_spec())
    over = Game.new(2, set=6, seed=9)
    while not over.over:
        over.push(GreedyBot().choose(over))
    specs.append(BoardSession(over, bots={1: "greedy"}, perspective=0).to_spec())
    return specs


def _puzzle_specs() -> list[dict]:
    from mtlearn.content.puzzles import bundled

    specs = {p.id: p.state()["session"] for p in bundled()}
    small = sorted(specs.values(), key=lambda s: len(json.dumps(s)))
    seq = next(p.state()["session"] for p in bundled() if p.kind == "sequence")
    return [specs["cover-the-double"], *small[:2], seq]


BOARD_SPECS, PUZZLE_SPECS = _board_specs(), _puzzle_specs()
HOST_COUNTS: dict[str, int] = {}  # what the host fuzzer did (for a bug hunt's report)
GUARD_ERRORS: set[str] = set()


def _strict(text: str) -> Any:
    """JSON text as the JSON standard reads it (no NaN or infinity)."""
    def refuse(name: str) -> Any:
        raise AssertionError(f"the answer holds {name}: {text[:200]}")

    return json.loads(text, parse_constant=refuse)


def _snapshot(host: SessionHost, messages: bool = True) -> tuple:
    """Everything a request could change: which sessions are open, and each one's state
    (with ``messages=False``, not the board's last message: a refused intent sets it)."""
    out: list[Any] = [host._count]
    for sid, s in sorted(host.sessions.items()):
        if isinstance(s, BoardSession):
            g = s.game
            out.append((sid, id(g), fingerprint(g), g.round_no, len(g.round_scores),
                        sorted(s.bots), s.perspective, json.dumps(s.highlights),
                        json.dumps(s.message) if messages else None))
        else:
            out.append((sid, tuple(s.moves), s.count))
    return tuple(out)


FIRST_BOARD = BoardSession.from_spec(BOARD_SPECS[0])
FIRST_PUZZLE = None


def _open_first(host: SessionHost) -> None:
    """Open a board and a puzzle as ``board-1`` and ``puzzle-2`` (copies of sessions
    opened once through the host: cheaper than opening them for every example)."""
    global FIRST_PUZZLE
    if FIRST_PUZZLE is None:
        probe = SessionHost()
        for req in ({"op": "open", "kind": "board", "spec": BOARD_SPECS[0]},
                    {"op": "open", "kind": "puzzle", "spec": PUZZLE_SPECS[0]}):
            assert _strict(probe.request(json.dumps(req)))["ok"]
        FIRST_PUZZLE = probe.sessions["puzzle-2"].puzzle
    board = copy.copy(FIRST_BOARD)
    board.game, board.bots = FIRST_BOARD.game.copy(), dict(FIRST_BOARD.bots)
    host.sessions.update({"board-1": board, "puzzle-2": PuzzleSession(FIRST_PUZZLE)})
    host._count = 2


def _request_for(host: SessionHost, op: tuple) -> tuple[str, str]:
    """The JSON text of a fuzz op against the sessions open now, and what it must give:
    "ok" (a valid request), "unchanged" (a malformed intent: refused, nothing changes) or
    "any" (garbage: a well-formed answer, and nothing changed if it is refused)."""
    kind = op[0]
    if kind == "raw":
        return op[1], "any"
    sids = sorted(host.sessions)
    boards = [s for s in sids if isinstance(host.sessions[s], BoardSession)]
    if kind == "close":
        sid = sids[op[1] % len(sids)] if sids and op[2] else f"board-{op[1]}x"
        return json.dumps({"op": "close", "session": sid}), "ok" if op[2] and sids else "any"
    pool = boards if kind in ("legal", "bad_intent") else sids
    if not pool:
        return json.dumps({"op": "intent", "session": "none", "intent": {}}), "any"
    sid = pool[op[1] % len(pool)]
    if kind == "legal":
        game = host.sessions[sid].game
        legal = [str(m) for m in game.legal_moves]
        if not legal or game.current in host.sessions[sid].bots:
            intent = {"action": "next_round"}
        else:
            m = legal[op[2] % len(legal)]
            intent = {"action": m} if "@" not in m else {"action": "move", "move": m}
        return json.dumps({"op": "intent", "session": sid, "intent": intent}), "ok"
    expect = "unchanged" if kind == "bad_intent" else "ok"
    return json.dumps({"op": "intent", "session": sid, "intent": op[2]}), expect


@FUZZ
@given(host_ops(BOARD_SPECS, PUZZLE_SPECS))
def test_session_host_answers_every_request_well_formed(ops: list) -> None:
    host = SessionHost()
    host.MAX_SESSIONS = 6
    _open_first(host)
    HOST_COUNTS["examples"] = HOST_COUNTS.get("examples", 0) + 1
    for op in ops:
        text, expect = _request_for(host, op)
        before, game_before = _snapshot(host), _snapshot(host, messages=False)
        answer = _strict(host.request(text))
        HOST_COUNTS["requests"] = HOST_COUNTS.get("requests", 0) + 1
        assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool), answer
        if not answer["ok"]:
            HOST_COUNTS["refused"] = HOST_COUNTS.get("refused", 0) + 1
            assert set(answer) == {"ok", "error"}, answer
            err = answer["error"]
            assert isinstance(err, str) and err and "\n" not in err, answer
            assert "internal error" not in err, (text[:300], err)
            if "the spec is malformed (" in err:  # let through by the kind's reader
                HOST_COUNTS["guard"] = HOST_COUNTS.get("guard", 0) + 1
                GUARD_ERRORS.add(err.split("(", 1)[1][:60])
            assert _snapshot(host) == before, f"the refused request changed the host: {text}"
            # a malformed intent is refused by the session (the one refusal of every host)
            assert expect in ("any", "unchanged") or op[0] == "intent", (text[:300], err)
            continue
        result = answer.get("result")
        if result is None:
            assert set(answer) == {"ok"} or "session" in answer
            continue
        assert isinstance(result, dict)
        msg = result.get("message")
        if "message" in result and msg is not None:  # a board (None: nothing said yet)
            assert isinstance(msg, dict) and msg["kind"] in ("ok", "refusal", "info"), msg
            assert isinstance(msg["text"], str) and "internal error" not in msg["text"], msg
            if msg["kind"] == "refusal" or expect == "unchanged":
                assert msg["kind"] != "ok"
                assert _snapshot(host, messages=False) == game_before, f"{text} changed it"
                HOST_COUNTS["intent refused"] = HOST_COUNTS.get("intent refused", 0) + 1
        elif "feedback" in result and result["feedback"] is not None:
            fb = result["feedback"]
            assert fb["status"] in ("right", "wrong", "illegal", "continue", "invalid"), fb
            assert "Internal error" not in fb["text"], fb
        if expect == "unchanged":
            assert _snapshot(host, messages=False) == game_before, text


# ----------------------------------------------------------------- progress files
def _progress_dir() -> Path:
    """One folder for every example, in memory where there is one (each write syncs)."""
    import atexit
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="mtlearn-fuzz-",
                                   dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    atexit.register(shutil.rmtree, folder, True)
    return folder


PROGRESS_DIR = _progress_dir()


@FUZZ
@given(progress_files())
def test_damaged_progress_files_load_with_stars_in_range(raw: bytes) -> None:
    import warnings

    from mtlearn.content.puzzle_session import MAX_STARS, clean_record
    from mtlearn.content.puzzles import (
        ProgressOverview,
        ProgressWarning,
        read_progress,
        write_progress,
    )

    for old in PROGRESS_DIR.iterdir():
        old.unlink()
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        path = PROGRESS_DIR / "progress.json"
        path.write_bytes(raw)
        recs = read_progress(path)
        assert isinstance(recs, dict)
        for pid, rec in recs.items():
            assert isinstance(pid, str) and isinstance(rec, dict)
            for key in ("stars", "last_stars"):
                if key in rec:
                    k = rec[key]
                    assert type(k) is int and (1 if rec.get("solved") else 0) <= k <= MAX_STARS
            assert all(type(rec[f]) is bool for f in ("solved", "shown") if f in rec)
        # the good records of a readable file are never lost
        try:
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            data = None
        good = {}
        if isinstance(data, dict) and isinstance(data.get("puzzles"), dict):
            for pid, rec in data["puzzles"].items():
                with warnings.catch_warnings(record=True) as w:
                    warnings.simplefilter("always")
                    if clean_record(pid, rec) == rec and not w:
                        good[pid] = rec
        assert {pid: recs[pid] for pid in good if pid in recs} == good
        assert all(w.category is ProgressWarning for w in said), [str(w.message) for w in said]
        # writing keeps them too, and leaves a file that reads back without a warning
        saved = write_progress("new", {"solved": True, "stars": 2}, path)
        assert saved == {"solved": True, "stars": 2}
        n = len(said)
        again = read_progress(path)
        assert len(said) == n and again == {**recs, "new": saved}
        html = ProgressOverview(recs)._repr_html_()
        assert html.count("★") + html.count("☆") <= 3 * len(html.split("<tr")) + 3
