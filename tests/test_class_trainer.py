"""Trainer puzzles in the class (issue 31, "In the class"), at the protocol level: a real
`mtlearn class` on 127.0.0.1 and three phones (WebSocket clients, tests/classkit.py).

The teacher assigns a theme and a count (bad assignments refused in words); each phone
gets its own puzzles, judged on the server; right and wrong answers move each student's
class rating; the results per student and theme reach the teacher's page, the results
page and the CSV; a phone sees only its own puzzles and cannot act for another student
nor choose its puzzle; a killed server resumes with nothing lost."""

from __future__ import annotations

import csv
import functools
import io
import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from classkit import ClassProcess, Client, join, start_class, teacher_of
from test_class_server import run

from mtlearn.trainer.trainer import Pool
from mtlearn.trainer.trainer_session import default_pool

pytestmark = pytest.mark.slow
COUNT = 3


@functools.cache
def pool() -> Pool:
    return default_pool()


def fetch(cp: ClassProcess, path: str) -> str:
    req = urllib.request.Request(cp.address.rstrip("/") + path,
                                 headers={"X-Teacher-Token": cp.token})
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.read().decode()


async def answer(phone: Client, right: bool) -> dict[str, Any]:
    """Answer the puzzle on the phone's board, right or wrong (the test knows the answers
    from the pool; the phone was never sent them); the server's last update."""
    state = [m for m in phone.got if m.get("type") == "trainer" and m.get("puzzle")][-1]
    p = pool().puzzle(state["puzzle"]["id"])
    given = p.answer if right else p.wrong[0].answer
    if not p.goal_kind.move_by_move:
        return await phone.ask({"op": "trainer", "token": phone.token,
                                "msg": {"action": "answer", "answer": given}}, "trainer_update")
    for move in given:
        out = await phone.ask({"op": "trainer", "token": phone.token,
                               "msg": {"action": "move", "move": move}}, "trainer_update")
        if (out.get("feedback") or {}).get("status") in ("right", "wrong", "illegal"):
            return out
    raise AssertionError(f"{p.id}: no verdict after {given}")


async def next_puzzle(phone: Client) -> dict[str, Any]:
    return await phone.ask({"op": "trainer", "token": phone.token, "msg": {"action": "next"}},
                           "trainer")


#: Keys whose values name themes, not puzzles: a hand-written puzzle's id may be a theme's
#: name too ("must-draw"), and every phone is told the themes.
THEME_KEYS = {"theme", "themes", "teaches"}


def named_in(text: str) -> set[str]:
    """Every string a message (one frame's JSON) carries, but for theme names: where a
    puzzle id would be, if the message held one."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k not in THEME_KEYS:
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        elif isinstance(node, str):
            found.add(node)
            found.update(node.split())
    walk(json.loads(text))
    return found


def given_to(phone: Client) -> list[str]:
    """The puzzles this phone was shown, in order."""
    seen: list[str] = []
    for m in phone.got:
        pid = (m.get("puzzle") or {}).get("id") if m.get("type") == "trainer" else None
        if pid and (not seen or seen[-1] != pid):
            seen.append(pid)
    return seen


def test_a_class_trains_on_an_assigned_theme_with_three_phones(tmp_path: Path) -> None:
    folder = tmp_path / "cls"
    cp = start_class(folder, "--per-address", "50")
    kept: dict[str, Any] = {}

    async def first() -> None:
        teacher = await teacher_of(cp)
        phones = [await join(cp.ws_url, cp.code, n) for n in ("Ana", "Ben", "Cy")]
        ana, ben, cy = phones
        info = (await teacher.expect("teacher", where=lambda m: len(m["students"]) == 3))[
            "trainer"]
        themes = {t["id"]: t["count"] for t in info["themes"]}
        theme = next(t for t, n in themes.items() if t.startswith("R-") and 6 <= n <= 50)
        low, high = info["ratings"]
        assert info["on"] is None and info["max_count"] == 50

        # bad assignments are refused in words, and nothing starts
        async def refused(msg: dict[str, Any]) -> str:
            return str((await teacher.ask({"op": "assign", "token": cp.token, **msg},
                                          "refused"))["error"])
        assert "not a theme of the trainer's puzzles" in await refused(
            {"theme": "R-NOPE-9", "count": 3})
        assert "is empty" in await refused({"band": [1200, 800], "count": 3})
        assert "no puzzle is rated in the rating band" in await refused(
            {"band": [high + 100, high + 200], "count": 3})
        for n in (0, 51, "5", True):
            assert "count is" in await refused({"theme": theme, "count": n})
        said = await refused({"theme": theme, "count": themes[theme] + 1})
        assert f"holds {themes[theme]} puzzles: ask for {themes[theme]} or fewer" in said
        assert "a theme or a rating band" in await refused(
            {"theme": theme, "band": [low, high], "count": 2})
        # a student cannot assign, nor answer trainer puzzles before any are set
        no = await ana.ask({"op": "assign", "token": ana.token, "theme": theme, "count": 2},
                           "refused")
        assert "only the teacher" in no["error"]
        no = await ana.ask({"op": "trainer", "token": ana.token, "msg": {"action": "next"}},
                           "refused")
        assert "no trainer puzzles are on" in no["error"]

        # the assignment: every phone gets its own first puzzle, from the theme
        marks = [len(p.got) for p in phones]
        done = await teacher.ask({"op": "assign", "token": cp.token, "theme": theme,
                                  "count": COUNT}, "done")
        assert done["text"].startswith(f"Trainer puzzles on: every student gets {COUNT} "
                                       "trainer puzzles, theme ")
        firsts = [await p.expect("trainer", n) for p, n in zip(phones, marks, strict=True)]
        for m in firsts:
            tr = m["trainer"]
            assert tr["assignment"]["count"] == COUNT and tr["done"] == 0
            assert tr["current"]["number"] == 1 and tr["recorded"] is False
            assert theme in pool().entries[m["puzzle"]["id"]].themes
            assert m["solution"] is None and "answer" not in m["puzzle"]

        # a phone may not skip, choose a puzzle, or act for another student
        no = await ana.ask({"op": "trainer", "token": ana.token, "msg": {"action": "next"}},
                           "refused")
        assert no["error"].startswith("answer this puzzle first")
        no = await ana.ask({"op": "trainer", "token": ana.token,
                            "msg": {"action": "goto", "index": 3}}, "refused")
        assert "unknown action 'goto'" in no["error"]
        no = await ben.ask({"op": "trainer", "token": ana.token,
                            "msg": {"action": "show"}}, "refused")
        assert no["error"] == "this device is Ben's: it cannot act with another student's token"

        # Ana: right, right, wrong; Ben: wrong, then a hint and right (half a win); Cy:
        # answers one, and shows the next one's answer
        out = await answer(ana, True)
        assert out["feedback"]["status"] == "right"
        assert out["trainer"]["result"]["score"] == 1.0 and out["trainer"]["rating"] > 1200
        assert out["trainer"]["recorded"] is True
        await next_puzzle(ana)
        await answer(ana, True)
        await next_puzzle(ana)
        out = await answer(ana, False)
        assert out["trainer"]["result"]["score"] == 0.0 and out["trainer"]["done"] == COUNT
        assert out["trainer"]["finished"] is True and out["trainer"]["solved"] == 2
        no = await ana.ask({"op": "trainer", "token": ana.token, "msg": {"action": "next"}},
                           "refused")
        assert f"you have done the {COUNT} puzzles your teacher set" in no["error"]

        out = await answer(ben, False)
        assert out["feedback"]["status"] in ("wrong", "illegal")
        assert out["trainer"]["result"]["score"] == 0.0 and out["trainer"]["rating"] < 1200
        again = await answer(ben, True)  # solving it after a miss counts for nothing more
        assert again["trainer"]["done"] == 1 and again["trainer"]["result"]["score"] == 0.0
        await next_puzzle(ben)
        await ben.ask({"op": "trainer", "token": ben.token,
                       "msg": {"action": "hint", "n": 1}}, "trainer_update")
        out = await answer(ben, True)
        assert out["trainer"]["result"]["score"] == 0.5

        await answer(cy, True)
        await next_puzzle(cy)
        shown = await cy.ask({"op": "trainer", "token": cy.token, "msg": {"action": "show"}},
                             "trainer_update")
        assert shown["solution"]["text"] and shown["trainer"]["result"]["score"] == 0.0

        # each phone had its own puzzles, all of the theme, none twice; not all the same
        orders = [given_to(p) for p in phones]
        assert [len(o) for o in orders] == [COUNT, 2, 2]
        assert all(len(set(o)) == len(o) for o in orders)
        assert len({tuple(o[:2]) for o in orders}) > 1, orders
        # a phone never receives another student's puzzles, answers or results
        for phone, mine in zip(phones, orders, strict=True):
            for m in phone.got:
                assert m.get("type") not in ("teacher", "publics"), m.get("type")
                if m.get("type") in ("trainer", "trainer_update") and m.get("puzzle"):
                    assert m["puzzle"]["id"] in mine
            others = {pid for o in orders if o is not mine for pid in o} - set(mine)
            seen = set().union(*(named_in(text) for text in phone.texts))
            assert not seen & others, sorted(seen & others)
        assert not any("solution\":{" in t for t in ana.texts + ben.texts)  # only Cy asked

        # the teacher's page: a row per student, per theme
        state = await teacher.expect("teacher", where=lambda m: m["trainer"]["on"] and sum(
            r["done"] for r in m["trainer"]["on"]["rows"]) == COUNT + 4)
        rows = {r["name"]: r for r in state["trainer"]["on"]["rows"]}
        assert (rows["Ana"]["done"], rows["Ana"]["solved"]) == (COUNT, 2)
        assert (rows["Ben"]["done"], rows["Ben"]["solved"]) == (2, 0)
        assert (rows["Cy"]["done"], rows["Cy"]["solved"]) == (2, 1)
        ana_theme = next(t for t in rows["Ana"]["themes"] if t["theme"] == theme)
        assert (ana_theme["tries"], ana_theme["solved"]) == (COUNT, 2)
        assert rows["Ana"]["rating"] > rows["Ben"]["rating"]
        kept.update(rows=rows, theme=theme, tokens=[p.token for p in phones],
                    current={p.token: given_to(p)[-1] for p in phones})
        for c in (teacher, *phones):
            await c.close()

    try:
        run(first())
        # the CSV's third part: one line per student and theme
        text = fetch(cp, "/results.csv")
        trained = text.split("\r\n\r\n")[2]
        lines = list(csv.reader(io.StringIO(trained)))
        assert lines[0] == ["name", "theme", "theme in words", "tries", "solved", "rating",
                            "class rating"]
        by = {(r[0], r[1]): r for r in lines[1:]}
        theme = kept["theme"]
        assert by[("Ana", theme)][3:5] == [str(COUNT), "2"]
        assert by[("Ben", theme)][3:5] == ["2", "0"]
        assert by[("Cy", theme)][3:5] == ["2", "1"]
        assert by[("Ana", theme)][6] == str(kept["rows"]["Ana"]["rating"])
        page = fetch(cp, "/results")
        assert "Trainer puzzles:" in page and "(on now)" in page and f"{COUNT} of {COUNT}" in page
    finally:
        cp.stop(kill=True)  # SIGKILL: no clean shutdown

    # a killed server resumes: every student's count, rating, puzzle on the board
    cp2 = start_class(folder, "--resume", "--per-address", "50")

    async def second() -> None:
        teacher = await teacher_of(cp2)
        rows = {r["name"]: r for r in (await teacher.expect("teacher"))["trainer"]["on"]["rows"]}
        assert rows == kept["rows"]
        ana, ben, cy = [await Client.open(cp2.ws_url) for _ in range(3)]
        for c, t in zip((ana, ben, cy), kept["tokens"], strict=True):
            c.token = t
            back = await c.ask({"op": "hello", "code": cp.code, "token": t}, "trainer")
            if "puzzle" in back:
                assert back["puzzle"]["id"] == kept["current"][t]
        assert (await ben.expect("trainer"))["trainer"]["rating"] == rows["Ben"]["rating"]
        assert latest_trainer(ana)["finished"] is True
        await next_puzzle(ben)  # the state goes on from where it was
        out = await answer(ben, True)
        assert out["trainer"]["done"] == 3 and out["trainer"]["finished"] is True
        # ending the assignment keeps its results (page, CSV, archive)
        await teacher.ask({"op": "assign", "token": cp2.token}, "done")
        for c in (teacher, ana, ben, cy):
            await c.close()

    try:
        run(second())
        page = fetch(cp2, "/results")
        assert "(ended)" in page and "trainer-" in page
        [kept_csv] = [p.name for p in (folder / "archive").iterdir()
                      if p.name.startswith("trainer-") and p.suffix == ".csv"]
        archived = fetch(cp2, f"/results.csv?archive={kept_csv}").splitlines()
        assert archived[0] == "name,theme,theme in words,tries,solved,rating,class rating"
        assert any(line.startswith(f"Ben,{kept['theme']},") and ",3,1," in line
                   for line in archived)
    finally:
        cp2.stop()


def latest_trainer(c: Client) -> dict[str, Any]:
    return next(m["trainer"] for m in reversed(c.got) if m.get("type", "").startswith(
        "trainer") and m.get("trainer"))


def test_trainer_messages_are_rate_limited_like_any_other(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        teacher = await teacher_of(cp)
        ana = await join(cp.ws_url, cp.code, "Ana")
        await teacher.ask({"op": "assign", "token": cp.token, "band": [0, 3000], "count": 2},
                          "done")
        await ana.expect("trainer")
        n = len(ana.got)
        for _ in range(40):
            await ana.send({"op": "trainer", "token": ana.token,
                            "msg": {"action": "hint", "n": 1}})
        said = await ana.expect("refused", n, where=lambda m: "too many messages" in m["error"])
        assert "at most 10 a second" in said["error"]
        for c in (teacher, ana):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()
