"""Bad input at the edges gets a well-formed answer, never a raw exception (issue 17).

The session host always answers one JSON object, ``ok: false`` with a one-line reason for
a request it refuses, and such a request changes nothing; a board or puzzle session
answers a malformed intent with an info message and leaves the game as it was; a damaged
progress file is read without an exception, keeping the good records and clamping the
stars; ``mtlearn html`` and ``mtlearn check`` print one line per problem, no traceback.
"""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest
import warm_cli
from soak import fingerprint

from mtlearn import Game
from mtlearn.cli import main
from mtlearn.content import puzzles as pz
from mtlearn.content.puzzles import ProgressOverview, ProgressWarning, PuzzleSession
from mtlearn.hosts.session import BoardSession, SessionError
from mtlearn.hosts.session_host import SessionHost, register_session_kind

ROOT = Path(__file__).resolve().parents[1]
PUZZLE_FILE = ROOT / "mtlearn" / "puzzles" / "doubles" / "01-cover-the-double.yaml"


def ask(host: SessionHost, req: object) -> dict:
    text = req if isinstance(req, str) else json.dumps(req)
    answer = json.loads(host.request(text))
    assert isinstance(answer, dict) and isinstance(answer["ok"], bool)
    if not answer["ok"]:
        assert set(answer) == {"ok", "error"}
        assert isinstance(answer["error"], str) and "\n" not in answer["error"]
    return answer


def board_spec(**changes: object) -> dict:
    spec = BoardSession(Game.new(3, seed=4), bots={1: "greedy"}, perspective=0).to_spec()
    spec.update(changes)
    return spec


def puzzle_spec() -> dict:
    return pz.get("cover-the-double").state()["session"]


def session_state(host: SessionHost) -> dict:
    """Everything a request could change: the sessions and each one's game and message."""
    out = {}
    for sid, s in host.sessions.items():
        if isinstance(s, BoardSession):
            out[sid] = (fingerprint(s.game), json.dumps(s.state(), sort_keys=True))
        else:
            out[sid] = (list(s.moves), s.count)
    return out


# ------------------------------------------------------------------ the host
def test_deeply_nested_request_is_refused_not_a_recursion_error():
    host = SessionHost()
    for depth in (65, 2_000, 100_000):
        answer = ask(host, "[" * depth + "]" * depth)
        assert not answer["ok"] and "nests more than 64 levels deep" in answer["error"]
    at_limit = '{"op": "fly", "x": ' + "[" * 63 + "]" * 63 + "}"  # 64 deep: read
    assert "unknown op" in ask(host, at_limit)["error"]
    assert "nests more than 64" in ask(host, at_limit.replace("[", "[[", 1)
                                       .replace("]", "]]", 1))["error"]
    # brackets inside strings (escaped quotes too) do not count
    answer = ask(host, {"op": "fly", "note": "[" * 500 + '\\"' + "{" * 99})
    assert "unknown op" in answer["error"]


def test_request_scan_is_linear_for_any_text():
    """Unterminated strings and runs of escapes: no quadratic rescans (was ~minutes)."""
    import time

    host = SessionHost()
    for text in ('"\\' * 600_000, '"\\' * 600_000 + "\\", '["' * 900_000,
                 '"' + "a" * 1_900_000, "[" * 64 + '"x' * 900_000):
        start = time.perf_counter()
        assert not ask(host, text)["ok"]
        assert time.perf_counter() - start < 10


def test_a_malformed_intent_to_a_puzzle_session_is_refused_as_a_board_is():
    host = SessionHost()
    sid = ask(host, {"op": "open", "kind": "puzzle", "spec": puzzle_spec()})["session"]
    board = ask(host, {"op": "open", "kind": "board", "spec": BoardSession(
        Game.new(2, seed=1)).to_spec()})["session"]
    before = session_state(host)
    for intent in ([1], "answer", None, 7, {"action": []}, {"action": "fly"},
                   {"action": "answer"}, {"action": "move", "move": "6-2@1"}):
        answer = ask(host, {"op": "intent", "session": sid, "intent": intent})
        assert set(answer) == {"ok", "error"} and answer["ok"] is False, intent
        if intent != {"action": "answer"} and intent != {"action": "move", "move": "6-2@1"}:
            other = ask(host, {"op": "intent", "session": board, "intent": intent})
            assert set(other) == {"ok", "error"} and other["ok"] is False, intent
    after = session_state(host)
    assert [m for m, _ in before.values()] == [m for m, _ in after.values()]
    right = ask(host, {"op": "intent", "session": sid,
                       "intent": {"action": "answer", "answer": "6-2@1"}})
    assert right["result"]["feedback"]["status"] == "right"


@pytest.mark.parametrize("highlights, why", [
    ("x", "spec.highlights: expected"),
    (["12-5"], "spec.highlights: expected"),
    ({"tiles": "12-5"}, "spec.highlights.tiles: expected a list"),
    ({"tiles": [5]}, "spec.highlights.tiles: expected a list"),
    ({"tiles": ["99-1"]}, "spec.highlights.tiles[0]:"),
    ({"tiles": ["12-5", "x"]}, "spec.highlights.tiles[1]:"),
    ({"trains": ["Z"]}, "spec.highlights.trains[0]: 'Z' is not a train"),
    ({"trains": ["7"]}, "spec.highlights.trains[0]: '7' is not a train"),
    ({"colour": []}, "spec.highlights: expected"),
])
def test_board_spec_highlights_are_checked_and_nothing_is_registered(highlights, why):
    host = SessionHost()
    answer = ask(host, {"op": "open", "kind": "board", "spec": board_spec(highlights=highlights)})
    assert not answer["ok"] and answer["error"].startswith("open board: " + why)
    assert host.sessions == {}
    good = {"tiles": ["12-5", "5-12"], "trains": ["M", "1", "3", "2.3a"]}
    assert ask(host, {"op": "open", "kind": "board", "spec": board_spec(highlights=good)})["ok"]


@pytest.mark.parametrize("field, value, why", [
    ("game", "x", "spec.game: expected a saved game"),
    ("game", {"format": "nope"}, "spec.game"),
    ("bots", ["greedy"], "spec.bots: expected an object"),
    ("bots", {"1": []}, "spec.bots['1']: [] is not a bot kind"),
    ("bots", {"1": "chess"}, "is not a bot kind"),
    ("bots", {"x": "greedy"}, "spec.bots: 'x' is not a seat"),
    ("bots", {"9": "greedy"}, "spec.bots: '9' is not a seat"),
    ("perspective", True, "spec.perspective: True is not a seat"),
    ("perspective", "0", "spec.perspective: '0' is not a seat"),
    ("perspective", 3, "spec.perspective: 3 is not a seat"),
    ("verdicts", "yes", "spec.verdicts: expected true or false"),
    ("message", "hi", "spec.message: expected a message"),
    ("message", {"kind": "ok", "text": 5}, "spec.message.text: expected text"),
    ("message", {"kind": "shout", "text": "x"}, "spec.message.kind"),
    ("message", {"kind": "ok", "text": "x", "bots": "Ben"}, "spec.message.bots"),
    ("version", 2, "spec.version"),
])
def test_board_spec_fields_are_type_checked(field, value, why):
    with pytest.raises(SessionError, match=re.escape(why)):
        BoardSession.from_spec(board_spec(**{field: value}))
    host = SessionHost()
    answer = ask(host, {"op": "open", "kind": "board", "spec": board_spec(**{field: value})})
    assert not answer["ok"] and why in answer["error"] and host.sessions == {}


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e400", "-1e999"])
def test_json_nan_and_infinity_are_refused_at_the_protocol(constant):
    host = SessionHost()
    data = json.dumps(puzzle_spec())
    data = data.replace('"goal": {', f'"goal": {{"plays": {constant}, ', 1)
    answer = ask(host, f'{{"op": "open", "kind": "puzzle", "spec": {data}}}')
    assert not answer["ok"] and "finite number" in answer["error"]
    assert host.sessions == {}
    sid = ask(host, {"op": "open", "kind": "board", "spec": board_spec()})["session"]
    before = session_state(host)
    answer = ask(host, f'{{"op": "intent", "session": "{sid}", "intent": '
                       f'{{"action": "new_match", "seed": {constant}}}}}')
    assert not answer["ok"] and session_state(host) == before


def test_host_passes_puzzle_file_errors_out_as_ok_false():
    """A puzzle spec with a bad field is refused with ok:false naming the puzzle, by the
    puzzle reader or (for a value it lets through) by the host's own guard; a refused
    spec registers nothing. Values it may still accept get a well-formed ok:true."""
    host = SessionHost()
    spec = puzzle_spec()
    goal = spec["data"]["goal"]
    refused = [{"teaches": [["R-DBL-3"]]}, {"goal": {"ask": ["next_player"]}},
               {"position": []}, {"goal": "x"}, {"hints": {"a": 1}}]
    maybe = [{"goal": {**goal, "plays": v}} for v in ("2", 1.5, -1, True, 10**30, [1])]
    maybe += [{"goal": {"covers_double": "false"}}, {"level": 10**40}, {"answer": None}]
    opened = 0
    for change in refused + maybe:
        data = {**spec["data"], **change}
        answer = ask(host, {"op": "open", "kind": "puzzle", "spec": {**spec, "data": data}})
        opened += answer["ok"]
        if change in refused:
            assert not answer["ok"], change
        if not answer["ok"]:
            assert answer["error"].startswith("open puzzle: "), answer
            assert "Traceback" not in answer["error"]
    assert all(isinstance(s, PuzzleSession) for s in host.sessions.values())
    assert len(host.sessions) == opened  # a refused open registers nothing
    answer = ask(host, {"op": "open", "kind": "puzzle", "spec": {"data": []}})
    assert not answer["ok"] and "puzzle session spec" in answer["error"]
    # from Python, past the JSON check: an infinite goal value is still refused cleanly
    for bad in (math.inf, math.nan, 10**400):
        data = {**spec["data"], "goal": {**goal, "plays": bad}}
        n = len(host.sessions)
        try:
            host._answer({"op": "open", "kind": "puzzle", "spec": {**spec, "data": data}})
        except SessionError as e:
            assert str(e).startswith("open puzzle: ") and "\n" not in str(e)
            assert len(host.sessions) == n


def test_a_refused_open_leaves_no_half_open_session():
    class Broken:
        kind = "broken"

        @classmethod
        def from_spec(cls, spec):
            return cls()

        def state(self):
            raise RuntimeError("the view failed")

        def handle(self, intent):
            return {}

    class NotJson(Broken):
        def state(self):
            return {"view": float("nan")}

    register_session_kind("broken", Broken)
    register_session_kind("notjson", NotJson)
    host = SessionHost()
    for kind in ("broken", "notjson"):
        answer = ask(host, {"op": "open", "kind": kind, "spec": {}})
        assert not answer["ok"] and host.sessions == {}
    assert "internal error in open broken" in ask(
        host, {"op": "open", "kind": "broken", "spec": {}})["error"]
    # the refused board spec of the issue: not registered either
    ask(host, {"op": "open", "kind": "board", "spec": board_spec(highlights="x")})
    assert host.sessions == {}
    assert ask(host, {"op": "open", "kind": "board", "spec": board_spec()})["session"] == \
        "board-1"


def test_host_limits_request_size_and_open_sessions():
    host = SessionHost()
    big = json.dumps({"op": "open", "kind": "board", "spec": board_spec(pad="x" * 2_000_000)})
    answer = ask(host, big)
    assert not answer["ok"] and "the limit is 2,000,000" in answer["error"]
    host.MAX_SESSIONS = 3
    ids = [ask(host, {"op": "open", "kind": "board", "spec": board_spec()})["session"]
           for _ in range(3)]
    answer = ask(host, {"op": "open", "kind": "board", "spec": board_spec()})
    assert not answer["ok"] and "3 sessions are open" in answer["error"]
    assert len(host.sessions) == 3
    assert ask(host, {"op": "close", "session": ids[0]})["ok"]
    assert ask(host, {"op": "open", "kind": "board", "spec": board_spec()})["ok"]
    for text in ("9" * 5000, '{"op": ' + "9" * 5000 + "}", "", "\x00", b"{}"):
        answer = json.loads(host.request(text))  # type: ignore[arg-type]
        assert answer["ok"] is False


def test_host_requests_of_the_wrong_shape():
    host = SessionHost()
    sid = ask(host, {"op": "open", "kind": "board", "spec": board_spec()})["session"]
    before = session_state(host)
    for req in ([], "x", 1, None, {"op": ["open"]}, {"op": "open", "kind": ["board"]},
                {"op": "open", "kind": {}}, {"op": "intent", "session": ["board-1"]},
                {"op": "intent", "session": {}}, {"op": "close", "session": None}):
        assert not ask(host, req)["ok"], req
    assert session_state(host) == before and sid in host.sessions


# ------------------------------------------------------------------ intents
@pytest.mark.parametrize("intent, why", [
    ({"action": "new_game", "players": 3, "bots": 2, "bot": []}, "bot: [] is not one of 'expert'"),
    ({"action": "new_game", "players": 3, "bots": 2, "bot": "chess"}, "bot: 'chess'"),
    ({"action": "new_game", "players": math.inf}, "players: expected a whole number or text, not inf"),
    ({"action": "new_game", "players": 2.0}, "players: expected a whole number or text, not 2.0"),
    ({"action": "new_game", "players": True}, "players: expected a whole number or text, not True"),
    ({"action": "new_game", "players": "x"}, "players: 'x' is not a whole number"),
    ({"action": "new_game", "players": 9}, "players: choose a whole number from 2 to 8"),
    ({"action": "new_game", "players": 3, "bots": 3}, "bots: choose a whole number from 0 to 2"),
    ({"action": "new_game", "players": 3, "bots": [1]}, "bots: expected a whole number or text, not [1]"),
    ({"action": "new_game", "players": 3, "seed": 1.5}, "seed: expected a whole number or text, not 1.5"),
    ({"action": "new_match", "seed": True}, "seed: expected a whole number or text, not True"),
    ({"action": "new_match", "seed": []}, "seed: expected a whole number or text, not []"),
    ({"action": "new_match", "seed": ""}, "seed: '' is not a seed"),
    ({"action": "new_match", "seed": 10**30}, "is not a seed"),
    ({"action": "new_match", "seed": "s" * 201}, "is not a seed"),
    ({"action": "move", "move": 12}, "move.move: expected text, not 12"),
    ({"action": "move"}, "move: the field 'move' is missing"),
    ({"action": "move", "move": ["12-5@M"]}, "move.move: expected text, not"),
    ({"action": "move", "move": "1" * 65}, "is too long for a move"),
    ({"action": None}, "unknown action None"),
    ({"action": ["move"]}, "unknown action ['move']"),
    ({}, "unknown action None"),
    ([], "not an intent: []"),
    ("undo", "not an intent: 'undo'"),
])
def test_malformed_intents_are_refused_and_change_nothing(intent, why):
    session = BoardSession(Game.new(3, seed=4), bots={1: "greedy", 2: "greedy"},
                           perspective=0)
    game, before = session.game, fingerprint(session.game)
    message = session.message
    with pytest.raises(SessionError) as refused:
        session.handle(intent)
    assert why in str(refused.value) and "\n" not in str(refused.value)
    assert session.message == message
    assert session.game is game and fingerprint(game) == before
    assert sorted(session.bots) == [1, 2] and session.perspective == 0


def test_well_typed_intents_still_work():
    session = BoardSession(Game.new(3, seed=4))
    session.handle({"action": "new_game", "players": "4", "bots": 3, "bot": "random",
                    "seed": "word"})
    assert session.game.n == 4 and len(session.bots) == 3 and session.game.seed == "word"
    # a field the protocol does not name is refused by name (the schema has no extras)
    before = fingerprint(session.game)
    with pytest.raises(SessionError, match="new_match: unknown field 'extra'"):
        session.handle({"action": "new_match", "seed": 1, "extra": [1, 2]})
    assert fingerprint(session.game) == before
    session.handle({"action": "new_match", "seed": 2**62})
    assert session.game.seed == 2**62


def test_an_engine_failure_mid_intent_puts_the_board_back():
    class Crash:
        def choose(self, game):
            raise RuntimeError("bot fell over")

    game = Game.new(2, seed=3)
    session = BoardSession(game, perspective=0)
    session.bots = {1: Crash()}
    before = fingerprint(game)
    move = next(m for m in (str(x) for x in game.legal_moves) if "@" in m)
    with pytest.raises(SessionError) as refused:
        session.handle({"action": "move", "move": move})
    assert "internal error while answering 'move'" in str(refused.value)
    assert "the board is unchanged" in str(refused.value)
    assert fingerprint(session.game) == before


# ------------------------------------------------------------------ progress files
def read_warned(path: Path) -> tuple[dict, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        recs = pz.read_progress(path)
    return recs, [str(w.message) for w in caught if w.category is ProgressWarning]


def write_file(path: Path, records: object) -> None:
    path.write_text(json.dumps({"format": "mtlearn/progress", "version": 1,
                                "puzzles": records}), encoding="utf-8")


def test_deeply_nested_progress_file_reads_as_empty_with_a_warning(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text('{"puzzles": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    recs, said = read_warned(path)
    assert recs == {} and any("nests too deeply" in s for s in said)


def test_damaged_records_are_repaired_or_skipped_and_good_ones_kept(tmp_path):
    path = tmp_path / "progress.json"
    write_file(path, {"good": {"solved": True, "stars": 2, "slips": 1},
                      "list": [1, 2], "text": "solved", "none": None,
                      "word": {"solved": True, "stars": "x"},
                      "huge": {"solved": True, "stars": 10**6},
                      "neg": {"solved": True, "stars": -10**9},
                      "float": {"solved": True, "stars": 2.7},
                      "shown": {"solved": False, "shown": True, "stars": -4},
                      "flag": {"solved": "yes", "stars": 3, "slips": "many", "odd": 1}})
    recs, said = read_warned(path)
    assert recs["good"] == {"solved": True, "stars": 2, "slips": 1}
    assert "list" not in recs and "text" not in recs and "none" not in recs
    assert recs["word"]["stars"] == 1 and recs["huge"]["stars"] == 3
    assert recs["neg"]["stars"] == 1 and recs["float"]["stars"] == 2
    assert recs["shown"] == {"solved": False, "shown": True, "stars": 0}
    assert recs["flag"] == {"solved": False, "stars": 3}
    assert any("puzzle 'list': the record is list, not a mapping; skipped" in s for s in said)
    assert any("puzzle 'huge': stars is 1000000; a puzzle gives 1 to 3, so read as 3" in s
               for s in said)
    assert all(str(path) in s for s in said)


@pytest.mark.parametrize("literal", ["Infinity", "-Infinity", "NaN", "1e400"])
def test_infinite_stars_in_the_file_are_repaired(tmp_path, literal):
    path = tmp_path / "progress.json"
    path.write_text('{"puzzles": {"a": {"solved": true, "stars": ' + literal + '}, '
                    '"b": {"solved": true, "stars": 3}}}', encoding="utf-8")
    recs, said = read_warned(path)
    assert recs == {"a": {"solved": True, "stars": 1}, "b": {"solved": True, "stars": 3}}
    assert said


def test_overview_draws_at_most_three_stars_whatever_the_record_says():
    first = pz.bundled()[0].id
    for stars in (10**6, -10**9, math.inf, "x", None, [3]):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ProgressWarning)
            page = ProgressOverview({first: {"solved": True, "stars": stars}})._repr_html_()
        cell = re.search(rf'data-puzzle="{first}".*?mtl-stars">(.*?)</td>', page).group(1)
        assert len(cell) == 3 and set(cell) <= {"★", "☆"}, stars
        assert len(page) < 200_000


def test_writing_keeps_good_records_of_a_damaged_file_and_is_atomic(tmp_path):
    path = tmp_path / "progress.json"
    write_file(path, {"a": {"solved": True, "stars": 2}, "b": "junk"})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProgressWarning)
        saved = pz.write_progress("c", {"solved": True, "stars": 99}, path)
    assert saved == {"solved": True, "stars": 3}
    assert pz.read_progress(path) == {"a": {"solved": True, "stars": 2}, "c": saved}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json"]  # no temp left
    # a file that cannot be read at all is kept aside, not overwritten
    path.write_text("{not json", encoding="utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pz.write_progress("d", {"solved": True, "stars": 1}, path)
    said = [str(w.message) for w in caught]
    assert any("not valid JSON" in w for w in said)
    assert any(w.endswith("kept as " + str(path) + ".damaged; a new one is started")
               for w in said)
    assert (tmp_path / "progress.json.damaged").read_text() == "{not json"
    assert pz.read_progress(path) == {"d": {"solved": True, "stars": 1}}
    with pytest.raises(pz.ProgressError, match="must be a mapping"), \
            pytest.warns(ProgressWarning, match="not a mapping; skipped"):
        pz.write_progress("e", ["x"], path)  # type: ignore[arg-type]


def test_puzzle_widget_saves_the_repaired_record(tmp_path):
    from mtlearn.jupyter.widgets import Puzzle

    path = tmp_path / "progress.json"
    w = Puzzle("cover-the-double", progress_file=path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProgressWarning)
        w._on_msg(w, {"action": "progress", "record": {"solved": True, "stars": 10**6}}, [])
    assert w.progress == {"solved": True, "stars": 3}
    assert pz.read_progress(path)["cover-the-double"]["stars"] == 3


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_front_end_clamps_stored_stars():
    """puzzle-store.js's cleanRecord (used for localStorage and the kernel's records)."""
    store = (ROOT / "mtlearn" / "static" / "js" / "puzzle-store.js").as_uri()
    cases = [{"solved": True, "stars": 1e6}, {"solved": True, "stars": -1e9},
             {"solved": True, "stars": "x"}, {"solved": True, "stars": None},
             {"solved": False, "shown": True, "stars": 2.9}, [1], "x", None,
             {"solved": "yes", "stars": 3}]
    script = (f"import {{ cleanRecord }} from {json.dumps(store)};\n"
              f"console.log(JSON.stringify({json.dumps(cases)}.map(cleanRecord)));")
    out = json.loads(subprocess.run(["node", "--input-type=module", "-e", script],
                                    capture_output=True, text=True, check=True).stdout)
    assert [r and r.get("stars") for r in out] == [3, 1, 1, 1, 2, None, None, None, 3]
    assert [r and r["solved"] for r in out] == [True, True, True, True, False, None, None,
                                                 None, False]
    # the overview keeps its own clamp (0-3 stars, solved or not)
    assert "clampStars(rec.stars)" in \
        (ROOT / "mtlearn" / "static" / "js" / "progress.js").read_text(encoding="utf-8")


# ------------------------------------------------------------------ the CLI
def broken_files(tmp_path: Path) -> dict[str, Path]:
    text = PUZZLE_FILE.read_text(encoding="utf-8")
    files = {
        "inf": text.replace("goal: {covers_double: true}", "goal: {plays: .inf}"),
        "nan": text.replace("goal: {covers_double: true}", "goal: {covers_double: .nan}"),
        "teaches": text.replace("teaches: [R-DBL-3]", "teaches: [[R-DBL-3]]"),
        "ask": text.replace("goal: {covers_double: true}", "goal: {ask: [next_player]}"),
        "level": text.replace("level: 1", "level: 99"),  # invalid today
        "deep": "a: " + "[" * 5000 + "]" * 5000 + "\n",
        "empty": "",
        "list": "- 1\n- 2\n",
    }
    out = {}
    for name, body in files.items():
        out[name] = tmp_path / f"{name}.yaml"
        out[name].write_text(body, encoding="utf-8")
    out["latin"] = tmp_path / "latin.yaml"
    out["latin"].write_bytes(b"id: x\n\xff\xfe bad\n")
    out["folder"] = tmp_path / "folder.yaml"
    out["folder"].mkdir()
    return out


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return warm_cli.run(list(args), cwd=ROOT)  # the command, forked warm (tests/warm_cli.py)


def test_html_prints_one_clean_line_per_problem(tmp_path):
    files = broken_files(tmp_path)
    for name, path in files.items():
        r = run_cli("html", str(path), "-o", str(tmp_path / "out.html"))
        assert "Traceback" not in r.stderr + r.stdout, (name, r.stderr)
        assert r.returncode != 0, (name, r.stdout)  # every one of these files is broken
        assert "internal error" not in r.stderr, (name, r.stderr)  # a real reason, not the backstop
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("mtlearn html: "), (name, r.stderr)
        assert str(path) in lines[0] or path.name in lines[0], (name, lines)
    r = run_cli("html", str(files["level"]), "-o", str(tmp_path / "out.html"))
    assert r.returncode == 1 and r.stderr.strip() == (
        f"mtlearn html: {files['level']}, line 4: level: must be a whole number from 1 to 5 "
        "(1 is easy, 5 is hard), not 99")
    r = run_cli("html", str(files["latin"]))
    assert r.returncode == 2 and "not a UTF-8 text file" in r.stderr
    r = run_cli("html", str(files["folder"]))
    assert r.returncode == 2 and "it is a folder" in r.stderr
    r = run_cli("html", "no-such-id")
    assert r.returncode == 2 and "not a file, nor the id of a bundled" in r.stderr
    r = run_cli("html", str(PUZZLE_FILE), "-o", str(tmp_path / "no" / "dir" / "x.html"))
    assert r.returncode == 2 and r.stderr.startswith("mtlearn html: cannot write ")


def test_check_prints_one_clean_line_per_problem(tmp_path):
    files = broken_files(tmp_path)
    r = run_cli("check", str(tmp_path))
    assert "Traceback" not in r.stdout + r.stderr and r.returncode == 1
    lines = r.stdout.strip().splitlines()
    assert len(lines) == len(files) + 1  # one a file, then the summary
    for path in files.values():
        line = next(x for x in lines if str(path) in x)
        assert line.startswith(("ok   ", "FAIL ")), line
    assert f"FAIL {files['level']}, line 4: level:" in r.stdout


def test_html_backstop_reports_an_internal_error_in_one_line(tmp_path, monkeypatch, capsys):
    import mtlearn.hosts.pages

    def boom(item):
        raise RuntimeError("page\nbroke")

    monkeypatch.setattr(mtlearn.hosts.pages, "puzzle_page", boom)
    assert main(["html", str(PUZZLE_FILE), "-o", str(tmp_path / "x.html")]) == 1
    err = capsys.readouterr().err
    assert err == (f"mtlearn html: internal error in {PUZZLE_FILE}: RuntimeError: page broke; "
                   "please report it with the file\n")
