"""Issue 39, item 5: students' names (mtlearn/hosts/classroom/names.py).

A name is kept composed (NFC) with its invisible characters taken out; two names are the
same whatever the case, the invisible characters, compatibility forms (full-width) and
letters of another alphabet that look the same (Cyrillic "А" for Latin "A"); a teacher's
rename shows at once on every screen, at a dealt table too, and the class folder keeps
it. No network: the room is driven through :meth:`Classroom.handle`, as the server does."""

from __future__ import annotations

import json
import shutil
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from test_class_store import Class, sid

from mtlearn.hosts.classroom import ClassError
from mtlearn.hosts.classroom.names import check_name, same_name, skeleton
from mtlearn.hosts.classroom.room import Classroom, Conn

#: Characters that show nothing (Default_Ignorable_Code_Point), by name.
INVISIBLES = {"hangul filler": "\u3164", "zero-width space": "\u200b",
              "zero-width joiner": "\u200d", "word joiner": "\u2060",
              "soft hyphen": "\u00ad", "variation selector 16": "\ufe0f",
              "right-to-left override": "\u202e", "byte order mark": "\ufeff",
              "halfwidth hangul filler": "\uffa0", "tag letter A": "\U000e0041",
              "combining grapheme joiner": "\u034f"}


# ---------------------------------------------------------------------- the name rules
def test_a_name_typed_with_a_combining_accent_is_kept_composed() -> None:
    kept = check_name("Jose\u0301")
    assert kept == "Jos\u00e9" and unicodedata.is_normalized("NFC", kept)
    assert same_name("Jose\u0301", "Jos\u00e9")
    assert check_name("  Mar\u0131a   Jose\u0301 ") == "Mar\u0131a Jos\u00e9"


@pytest.mark.parametrize("mark", INVISIBLES.values(), ids=INVISIBLES.keys())
def test_invisible_characters_are_taken_out_and_do_not_make_a_new_name(mark: str) -> None:
    for typed in (f"Ana{mark}", f"A{mark}na", f"{mark}Ana"):
        assert check_name(typed) == "Ana"
        assert same_name(typed, "Ana") and same_name("ana", typed)
        assert skeleton(typed) == skeleton("Ana")


@pytest.mark.parametrize("typed", ["\u3164", "\u200b\u200d\u2060", "\u3164 \u3164",
                                   "\u00ad\ufe0f"])
def test_a_name_of_invisible_characters_only_is_refused_as_empty(typed: str) -> None:
    with pytest.raises(ClassError, match="shows no letters") as refused:
        check_name(typed)
    assert str(refused.value) == ("name: what you typed shows no letters (only invisible "
                                  "characters): type your first name")


@pytest.mark.parametrize("lookalike, latin", [
    ("\u0410na", "Ana"),            # Cyrillic capital A
    ("\u041e\u0422\u0422\u041e", "otto"),  # Cyrillic ОТТО, all capitals: OTTO
    ("J\u043e\u0455\u0435", "Jose"),  # Cyrillic о, ѕ, е
    ("\u0391\u03bd\u03bf", "Avo"),  # Greek Α, ν (looks like v), ο
    ("\u039dina", "Nina"),          # Greek capital Nu
    ("\uff21\uff4e\uff41", "Ana"),  # full-width
    ("\U0001d400na", "Ana"),        # mathematical bold A
    ("Jos\u0435\u0301", "Jos\u00e9"),  # Cyrillic е with a combining accent
    ("\u0251na", "ana"),            # Latin alpha
])
def test_letters_that_look_the_same_make_the_same_name(lookalike: str, latin: str) -> None:
    assert same_name(lookalike, latin) and same_name(latin, lookalike)


@pytest.mark.parametrize("one, other", [
    ("Ana", "Anna"), ("Ana", "Ana B"), ("Jose", "Jos\u00e9"), ("Ian", "Lan"),
    ("Zoe", "Zo\u00eb"), ("\u041d\u0438\u043d\u0430", "\u041d\u0438\u043a\u0430"),
    ("Ana", "Ama"),
])
def test_honestly_different_names_are_different(one: str, other: str) -> None:
    assert not same_name(one, other)


@pytest.mark.parametrize("name", ["Ana", "O'Neil", "Ana-Lu", "J.R.", "Ana B.", "Nguy\u1ec5n",
                                  "\u0905\u0928\u0941", "\u041d\u0438\u043d\u0430",
                                  "\u674e\u534e", "x" * 24])
def test_first_names_of_every_script_are_accepted(name: str) -> None:
    assert check_name(name) == unicodedata.normalize("NFC", name)


@pytest.mark.parametrize("name", ["Ana2", "12-5", "x" * 25, "Ana \U0001f600", "",
                                  "a" + "\u0301" * 5, "\u0301Ana", None, 7])
def test_what_is_not_a_first_name_is_refused_in_words(name: Any) -> None:
    with pytest.raises(ClassError, match=r"^name: type your first name \(24 letters at "
                       r"most, no digits\), not "):
        check_name(name)


# ---------------------------------------------------------------------- joining
def _join(room: Classroom, name: str) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(room.handle(Conn(), {"op": "join", "code": room.code,
                                                            "name": name})[0][1])
    return reply


def test_a_second_ana_with_an_invisible_letter_is_refused(tmp_path: Path) -> None:
    room = Classroom.create(tmp_path / "cls")
    assert _join(room, "Ana")["type"] == "joined"
    for typed in ("Ana\u3164", "A\u200bna", "\u3164Ana\u2060"):
        refusal = _join(room, typed)
        assert refusal == {"ok": False, "error": "Ana is taken: add an initial, e.g. Ana B"}
    refusal = _join(room, "\u0410na")  # Cyrillic А
    assert refusal["ok"] is False
    assert refusal["error"] == ("\u0410na looks the same as Ana, who is in the class already "
                                "(some of its letters come from another alphabet): add an "
                                "initial, e.g. Ana B")
    refusal = _join(room, "\u3164\u200b")
    assert refusal["ok"] is False and "shows no letters" in refusal["error"]
    assert [st["name"] for st in room.students.values()] == ["Ana"]
    assert _join(room, "Anna")["name"] == "Anna"  # an honest other name


def test_jose_typed_with_a_combining_accent_joins_as_jose(tmp_path: Path) -> None:
    room = Classroom.create(tmp_path / "cls")
    joined = _join(room, "Jose\u0301")
    assert joined["type"] == "joined" and joined["name"] == "Jos\u00e9"
    assert [st["name"] for st in room.students.values()] == ["Jos\u00e9"]
    assert _join(room, "Jos\u00e9")["error"] == "Jos\u00e9 is taken: add an initial, e.g. " \
        "Jos\u00e9 B"
    kept = json.loads((tmp_path / "cls" / "class.json").read_text("utf-8"))
    assert "Jos\u00e9" in json.dumps(kept, ensure_ascii=False)


# ---------------------------------------------------------------------- renaming
def _sent(out: list[tuple[str, str]], to: str, kind: str) -> list[dict[str, Any]]:
    msgs = [json.loads(text) for who, text in out if who == to]
    return [m for m in msgs if m.get("type") == kind]


def _names_in(table_msg: dict[str, Any]) -> list[str]:
    return [p["name"] for p in table_msg["view"]["players"]]


def test_a_rename_at_a_dealt_table_shows_at_once_on_the_phone_and_the_projector(
        tmp_path: Path) -> None:
    c = Class(tmp_path / "cls")  # Ana at Table 1 with a computer, dealt
    c.move(c.ana, "Ana", "t1")
    projector = Conn()
    c.say(projector, {"op": "watch", "code": c.room.code})
    ana = sid(c.room, "Ana")
    out = c.room.handle(c.teacher, {"op": "student", "token": c.room.teacher_token,
                                    "student": ana, "action": "rename",
                                    "name": "Ani\u0301ta\u200b"})
    done = json.loads(out[0][1])
    assert done == {"type": "done", "text": "Ana is now An\u00edta."}  # said, no "later"
    phone = _sent(out, f"student:{ana}", "table")
    assert len(phone) == 1 and _names_in(phone[0])[0] == "An\u00edta"
    assert phone[0]["table"]["seats"][0]["name"] == "An\u00edta"
    assert phone[0]["view"]["match"]["standings"][0]["name"] in ("An\u00edta", "Computer 2")
    public = _sent(out, "watchers", "public")
    assert len(public) == 1 and _names_in(public[0])[0] == "An\u00edta"
    assert public[0]["table"]["seats"][0]["name"] == "An\u00edta"
    teacher = _sent(out, "teachers", "teacher")
    assert [s["name"] for s in teacher[0]["students"]] == ["An\u00edta", "Ben"]
    t = c.room.tables["t1"]
    assert t.session is not None and t.session.game.players[0] == "An\u00edta"
    assert len(t.session.game.history) >= 1  # the moves played are still there
    # the game goes on under the new name, and --resume finds it
    c.move(c.ana, "Ana", "t1")
    copy = tmp_path / "copy"
    shutil.copytree(c.folder, copy)
    back = Classroom.resume(copy)
    assert back.notes == []
    again = back.tables["t1"].session
    assert again is not None and again.game.players == ["An\u00edta", "Computer 2"]
    assert [str(m) for m in again.game.history] == [str(m) for m in t.session.game.history]


def test_a_rename_in_a_later_round_keeps_the_match_and_its_folder(tmp_path: Path) -> None:
    """The saved match names its players in every round: a rename in round 2 is kept in
    all of them, so --resume reads the match back."""
    c = Class(tmp_path / "cls")
    t = c.room.tables["t1"]
    assert t.session is not None
    g = t.session.game
    while not g.is_round_over:
        g.push(g.legal()[0])
    c.t({"op": "table", "table": "t1", "action": "next_round"})
    g = t.session.game
    g.push(g.legal()[0])
    c.room.save(t)
    scores, seed, moves = list(g.round_scores), g.seed, [str(m) for m in g.history]
    c.t({"op": "student", "student": sid(c.room, "Ana"), "action": "rename", "name": "Bea"})
    g = t.session.game
    assert g.players == ["Bea", "Computer 2"] and g.round_no == 2
    assert g.round_scores == scores and g.seed == seed
    assert [str(m) for m in g.history] == moves
    assert json.loads(t.seat_state(0))["view"]["players"][0]["name"] == "Bea"
    copy = tmp_path / "copy"
    shutil.copytree(c.folder, copy)
    back = Classroom.resume(copy)
    assert back.notes == []
    session = back.tables["t1"].session
    assert session is not None and session.game.players == ["Bea", "Computer 2"]
    assert session.game.round_no == 2 and session.game.round_scores == scores


def test_a_rename_to_a_look_alike_of_another_student_is_refused(tmp_path: Path) -> None:
    c = Class(tmp_path / "cls")
    out = c.room.handle(c.teacher, {"op": "student", "token": c.room.teacher_token,
                                    "student": sid(c.room, "Ben"), "action": "rename",
                                    "name": "\u0410na\u3164"})
    refusal = json.loads(out[0][1])
    assert len(out) == 1 and refusal["ok"] is False
    assert refusal["error"].startswith("\u0410na looks the same as Ana")
    assert sid(c.room, "Ben") and c.room.tables["t2"].seats[0]["name"] == "Ben"
