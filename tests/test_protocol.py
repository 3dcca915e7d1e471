"""The typed protocol (issue 26): the generated schema and TypeScript types are those of
mtlearn/core/protocol.py, and what the engine sends validates against the schema: every
frame of every bundled scenario, every bundled puzzle, every kind of board and puzzle
answer, the in-page engine's answers and the class server's messages.

The validator is our own, for the subset of JSON Schema the generator writes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mtlearn.content import puzzles, scenario
from mtlearn.content.puzzles import PuzzleSession
from mtlearn.core import protocol_schema
from mtlearn.engine.game import Game
from mtlearn.hosts.classroom.room import Classroom, Conn
from mtlearn.hosts.session import BoardSession
from mtlearn.hosts.session_host import SessionHost

SCHEMA = protocol_schema.json_schema()


def errors(value: Any, schema: dict[str, Any], where: str = "$") -> list[str]:
    """Where ``value`` breaks ``schema`` (empty when it validates)."""
    if "$ref" in schema:
        return errors(value, SCHEMA["$defs"][schema["$ref"].rsplit("/", 1)[1]], where)
    if "anyOf" in schema:
        found = [errors(value, s, where) for s in schema["anyOf"]]
        if all(found):
            best = min(found, key=len)
            return [f"{where}: matches none of {len(found)} choices; nearest: {best[:3]}"]
        return []
    if "const" in schema and value != schema["const"]:
        return [f"{where}: {value!r} is not {schema['const']!r}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where}: {value!r} is not one of {schema['enum']}"]
    kind = schema.get("type")
    checks = {"string": lambda v: isinstance(v, str),
              "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
              "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
              "boolean": lambda v: isinstance(v, bool), "null": lambda v: v is None,
              "array": lambda v: isinstance(v, list), "object": lambda v: isinstance(v, dict)}
    if kind is not None and not checks[kind](value):
        return [f"{where}: {type(value).__name__} {json.dumps(value)[:60]} is not {kind}"]
    out: list[str] = []
    if kind == "array":
        for i, item in enumerate(value):
            out += errors(item, schema.get("items", {}), f"{where}[{i}]")
    if kind == "object":
        props = schema.get("properties", {})
        out += [f"{where}: {k!r} is missing" for k in schema.get("required", [])
                if k not in value]
        extra = schema.get("additionalProperties", True)
        for k, v in value.items():
            if k in props:
                out += errors(v, props[k], f"{where}.{k}")
            elif extra is False:
                out.append(f"{where}: {k!r} is not a key of this object")
            elif isinstance(extra, dict):
                out += errors(v, extra, f"{where}.{k}")
    return out


def check(value: Any, name: str) -> None:
    """``value`` (JSON-compatible: it goes through json first) is a ``name``."""
    value = json.loads(json.dumps(value))
    found = errors(value, {"$ref": f"#/$defs/{name}"})
    assert not found, f"not a {name}:\n" + "\n".join(found[:10])


def test_the_committed_schema_and_types_are_the_generated_ones():
    assert protocol_schema.SCHEMA_PATH.read_text(encoding="utf-8") == \
        protocol_schema.schema_text(), "run ./dev regen"
    assert protocol_schema.TS_PATH.read_text(encoding="utf-8") == \
        protocol_schema.typescript(), "run ./dev regen"


def test_the_view_format_note_is_the_generated_one():
    note = Path(__file__).resolve().parents[1] / "devnotes" / "VIEW_FORMAT.md"
    assert note.read_text(encoding="utf-8") == protocol_schema.view_format(), \
        "run ./dev regen"


def test_the_validator_catches_what_it_should():
    game = Game.new(3, seed=1)
    from mtlearn.present.view import view

    good = view(game)
    check(good, "View")
    for bad in ({**good, "kind": "view"}, {**good, "extra": 1}, {**good, "round": "1"},
                {k: v for k, v in good.items() if k != "players"},
                {**good, "players": [{**good["players"][0], "hand": "12-5"}]}):
        assert errors(json.loads(json.dumps(bad)), {"$ref": "#/$defs/View"}), bad


@pytest.mark.parametrize("sc", scenario.bundled(), ids=lambda s: s.id)
def test_every_scenario_frame_is_a_view(sc):
    for frame in sc.frames(verdicts=True):
        check(frame, "View")


def test_every_bundled_puzzle_info_view_and_answer_follow_the_protocol():
    for p in puzzles.bundled():
        check(p.info(), "PuzzleInfo")
        check(p.view(), "View")
        session = PuzzleSession(p)
        check(session.state(), "PuzzleAnswer")
        check(session.handle({"action": "show"}), "PuzzleAnswer")
        check(session.handle({"action": "restart"}), "PuzzleAnswer")
        check(session.handle({"action": "answer", "answer": p.data["answer"]
                              if p.data else "draw"}), "PuzzleAnswer")


def test_every_board_intent_and_answer_follow_the_protocol():
    session = BoardSession(Game.new(3, seed=5), bots={1: "greedy"}, verdicts=True,
                           steps=None)
    check(session.state(), "BoardAnswer")
    intents: list[dict[str, Any]] = [
        {"action": "hint"}, {"action": "draw"}, {"action": "undo"}, {"action": "pass"},
        {"action": "move", "move": "12-12@M"}, {"action": "next_round"},
        {"action": "new_match", "seed": 3}, {"action": "uno"}, {"action": "end"},
        {"action": "new_game", "players": 4, "bots": 3, "bot": "random", "seed": "w"}]
    for intent in intents:
        check(intent, "BoardIntent")
        check(session.handle(intent), "BoardAnswer")
    while not session.game.is_match_over:   # play the match out: round ends, standings
        g = session.game
        if g.is_round_over:
            check(session.handle({"action": "next_round"}), "BoardAnswer")
            continue
        move = str(g.legal_moves[0])
        check(session.handle({"action": "move", "move": move}), "BoardAnswer")
    check(session.state(), "BoardAnswer")


def test_the_in_page_hosts_answers_follow_the_protocol():
    host = SessionHost()
    ask = lambda req: json.loads(host.request(json.dumps(req)))  # noqa: E731
    board = BoardSession(Game.new(2, seed=2), bots={1: "greedy"}).to_spec()
    for req in ({"op": "open", "kind": "board", "spec": board},
                {"op": "open", "kind": "puzzle", "spec": puzzles.bundled()[0].state()["session"]}):
        check(req, "HostRequest")
        opened = ask(req)
        check(opened, "HostAnswer")
        assert opened["ok"]
        req2 = {"op": "intent", "session": opened["session"], "intent": {"action": "restart"}
                if req["kind"] == "puzzle" else {"action": "draw"}}
        check(req2, "HostRequest")
        check(ask(req2), "HostAnswer")
        bad = ask({"op": "intent", "session": opened["session"], "intent": {"action": 7}})
        assert bad["ok"] is False
        check(bad, "Refusal")
        check(ask({"op": "close", "session": opened["session"]}), "HostAnswer")
    check(ask({"op": "fly"}), "Refusal")


def test_every_class_message_follows_the_protocol(tmp_path):
    room = Classroom.create(tmp_path / "c")
    teacher, ana, ben, proj = Conn(), Conn(), Conn(), Conn()
    sent: list[str] = []

    def say(conn: Conn, msg: dict[str, Any]) -> list[dict[str, Any]]:
        out = room.handle(conn, msg)
        sent.extend(text for _, text in out)
        return [json.loads(text) for _, text in out]

    tok = room.teacher_token
    say(teacher, {"op": "teacher", "token": tok})
    say(proj, {"op": "watch", "code": room.code})
    a = say(ana, {"op": "join", "code": room.code, "name": "Ana"})[0]["token"]
    b = say(ben, {"op": "join", "code": room.code, "name": "Ben"})[0]["token"]
    say(teacher, {"op": "open_table", "token": tok, "seats": 3, "computers": 1})
    say(ana, {"op": "sit", "token": a, "table": "t1", "seat": 1})
    say(ben, {"op": "sit", "token": b, "table": "t1", "seat": 2})
    for _ in range(30):
        g = room.tables["t1"].session.game  # type: ignore[union-attr]
        if g.is_round_over:
            break
        who, tk = (ana, a) if g.current == 0 else (ben, b)
        say(who, {"op": "intent", "token": tk,
                  "intent": {"action": "move", "move": str(g.legal_moves[0])}})
    say(ana, {"op": "intent", "token": a, "intent": {"action": "undo"}})   # refused
    say(ana, {"op": "intent", "token": a, "intent": "nonsense"})           # refused
    say(teacher, {"op": "table", "token": tok, "table": "t1", "action": "undo"})
    say(teacher, {"op": "puzzle_round", "token": tok, "set": "doubles"})
    say(ana, {"op": "puzzle", "token": a, "msg": {"action": "answer", "answer": "draw"}})
    say(ana, {"op": "puzzle", "token": a, "msg": {"action": "goto", "index": 1}})
    say(ana, {"op": "puzzle", "token": a, "msg": {"action": 3}})            # refused
    say(proj, {"op": "nope"})
    kinds = set()
    for text in sent:
        msg = json.loads(text)
        check(msg, "ClassMessage")
        kinds.add(msg.get("type", "refusal" if msg.get("ok") is False else "?"))
    assert kinds >= {"teacher", "publics", "joined", "lobby", "table", "public", "done",
                     "puzzle", "puzzle_update", "refusal"}, kinds


#: one well-formed message of every op the class server's clients send
CLASS_REQUESTS = [
    {"op": "join", "code": "ABCDE", "name": "Ana"},
    {"op": "hello", "code": "ABCDE", "token": "t"},
    {"op": "watch", "code": "ABCDE"},
    {"op": "sit", "token": "t", "table": "t1", "seat": 2},
    {"op": "sit", "token": "t", "table": "t1"},
    {"op": "leave", "token": "t"},
    {"op": "intent", "token": "t", "intent": {"action": "move", "move": "draw"}},
    {"op": "puzzle", "token": "t", "msg": {"action": "answer", "answer": "12-5@1"}},
    {"op": "teacher", "token": "T"},
    {"op": "open_table", "token": "T", "seats": 4, "computers": 1, "preset": "standard"},
    {"op": "table", "token": "T", "table": "t1", "action": "hint", "seat": 1},
    {"op": "idle", "token": "T", "seconds": 30},
    {"op": "puzzle_round", "token": "T", "set": "doubles"},
    {"op": "puzzle_round", "token": "T", "set": None},
    {"op": "student", "token": "T", "student": "s1", "action": "move", "table": "t2", "seat": 1},
    {"op": "student", "token": "T", "student": "s1", "action": "move", "table": None},
    {"op": "student", "token": "T", "student": "s1", "action": "rename", "name": "Ana B"},
    {"op": "revert", "token": "T", "undo": "u1"},
    {"op": "lock", "token": "T", "locked": True},
    {"op": "pause", "token": "T", "table": None, "paused": True},
    {"op": "new_class", "token": "T"},
    {"op": "trainer", "token": "t", "msg": {"action": "answer", "answer": ["t1", "M"]}},
    {"op": "trainer", "token": "t", "msg": {"action": "hint", "n": 1}},
    {"op": "trainer", "token": "t", "msg": {"action": "next"}},
    {"op": "assign", "token": "T", "theme": "R-MARK-1", "count": 10},
    {"op": "assign", "token": "T", "band": [800, 1200], "count": 5},
    {"op": "assign", "token": "T"},
    {"op": "per_address", "token": "T", "per_address": 16},
    {"op": "reclaim", "code": "ABCDE", "seat_code": "KXPTRW"},
    {"op": "seat_code", "token": "T", "student": "s1"},
]


def test_what_class_clients_send_follows_the_protocol():
    from mtlearn.core.protocol_requests import OPS

    for msg in CLASS_REQUESTS:
        check(msg, "ClassRequest")
    assert sorted({m["op"] for m in CLASS_REQUESTS}) == sorted(OPS)
    for bad in [{"op": "wach", "code": "A"}, {"op": "join", "code": "A"},
                {"op": "table", "token": "T", "table": "t1", "action": "fly"},
                {"op": "idle", "token": "T", "seconds": "30"}]:
        assert errors(json.loads(json.dumps(bad)), {"$ref": "#/$defs/ClassRequest"}), bad


def test_the_class_server_answers_exactly_the_ops_the_protocol_names():
    """Every op the room (or the server, before it: the teacher's ``per_address``) reads
    is a ClassRequest op, and every ClassRequest op is read."""
    import re

    from mtlearn.core.protocol_requests import OPS

    here = Path(__file__).resolve().parents[1] / "mtlearn" / "hosts" / "classroom"
    room = (here / "room.py").read_text(encoding="utf-8")
    server = (here / "server.py").read_text(encoding="utf-8")
    handle = room[room.index("    def handle(self"):room.index("    def _student(self")]
    handle += server[server.index("    async def _answer(self"):
                     server.index("    def _code_limits(self")]
    read = set()
    for group in re.findall(r"op (?:in \(([^)]*)\)|== (\"[a-z_]+\"))", handle):
        read.update(re.findall(r"\"([a-z_]+)\"", " ".join(group)))
    assert read == set(OPS), read ^ set(OPS)
