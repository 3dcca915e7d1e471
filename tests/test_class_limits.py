"""Limits that spare the innocent (issue 39): the class server as a real process on
127.0.0.1 (:mod:`classkit`), every test bounded in time and stopping its server.

A wrong class code is counted per device (its device cookie), so one guesser behind a
school's router does not lock out the class; a device that comes back with a valid seat
token always gets back in (past a lockout and its address's connections); the teacher's
token is never rate-limited; the teacher is told when one address added its most
students and raises the limit in one click; a ``Host`` that is not one of the server's
own names is refused (DNS rebinding); ``/rules.html`` is styled under its own policy."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from classkit import Client, join, start_class
from test_class_abuse import get, open_from
from test_class_server import run

from mtlearn.hosts.classroom import doors
from mtlearn.hosts.classroom import limits as L

pytestmark = pytest.mark.slow


def device_cookie(address: str) -> str:
    """A ``Cookie`` header with the device cookie a class page gives a new browser."""
    status, headers, _ = get(address)
    assert status == 200
    given = headers["Set-Cookie"]
    assert "HttpOnly" in given and "SameSite=Strict" in given and "Path=/" in given
    m = re.match(rf"{doors.DEVICE_COOKIE}=([^;]+)", given)
    assert m, given
    return f"{doors.DEVICE_COOKIE}={m[1]}"


def wrong_code(code: str) -> str:
    return "ZZZZZ" if code != "ZZZZZ" else "YYYYY"


# ---------------------------------------------------------------------- item 1: devices
def test_one_device_guessing_codes_locks_out_itself_not_its_address(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls")

    async def go() -> None:
        mine, other = device_cookie(cp.address), device_cookie(cp.address)
        assert mine != other
        guesser = await open_from(cp.ws_url, "127.0.0.1", headers={"Cookie": mine})
        for _ in range(L.CODE_GUESSES):
            no = await guesser.ask({"op": "join", "code": wrong_code(cp.code), "name": "Ana"},
                                   "refused")
            assert "wrong class code" in no["error"]
        no = await guesser.ask({"op": "join", "code": cp.code, "name": "Ana"}, "refused")
        assert "too many wrong class codes from this device: wait 60 seconds" in no["error"]
        # another browser behind the same address joins, and so does one with no cookie
        ben = await open_from(cp.ws_url, "127.0.0.1", headers={"Cookie": other})
        assert (await ben.ask({"op": "join", "code": cp.code, "name": "Ben"}, "joined"))
        cleo = await join(cp.ws_url, cp.code, "Cleo")
        # a made-up cookie is no device: known by its address alone
        again = await open_from(cp.ws_url, "127.0.0.1",
                                headers={"Cookie": mine.split(".")[0] + ".0000"})
        await again.ask({"op": "join", "code": cp.code, "name": "Dan"}, "joined")
        for c in (guesser, ben, cleo, again):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_a_returning_student_gets_back_in_past_a_lockout_and_the_address_cap(
        tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls")  # 8 connections an address, 200 wrong codes

    async def guess(c: Client, n: int) -> None:
        while n:
            no = await c.ask({"op": "hello", "code": wrong_code(cp.code), "token": "x"},
                             "refused")
            if no["error"].startswith("too many messages"):  # 10 a second a connection
                await asyncio.sleep(0.1)
            else:
                n -= 1

    async def go() -> None:
        ana = await join(cp.ws_url, cp.code, "Ana")
        token = ana.token
        await ana.close()
        await asyncio.sleep(0.2)
        # eight cookie-less guessers fill the address's connections and pass its ceiling
        per = -(-L.ADDRESS_CODE_GUESSES // L.PER_ADDRESS)
        guessers = [await Client.open(cp.ws_url) for _ in range(L.PER_ADDRESS)]
        await asyncio.gather(*(guess(g, per) for g in guessers))
        await asyncio.sleep(0.2)
        no = await guessers[0].ask({"op": "join", "code": cp.code, "name": "Ben"}, "refused")
        assert "too many wrong class codes from this address" in no["error"]
        # a ninth socket without a token is refused; Ana's, with her seat token, is let in
        ninth = await Client.open(cp.ws_url)
        no = await ninth.ask({"op": "watch", "code": cp.code}, "refused")
        assert "too many connections from 127.0.0.1" in no["error"]
        back = await Client.open(cp.ws_url)
        hello = await back.ask({"op": "hello", "code": cp.code, "token": token}, "joined")
        assert hello["name"] == "Ana"
        for c in (*guessers, ninth, back):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


# ---------------------------------------------------------------------- item 2: teacher
def test_requests_with_the_teachers_or_a_seat_token_are_not_rate_limited(
        tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "1")
    try:
        async def join_and_leave() -> str:
            # opened and closed on one event loop (each run() has its own: closed on
            # another, its connection was left to the garbage collector after its loop
            # closed, "Unclosed connection", "Event loop is closed")
            ana = await join(cp.ws_url, cp.code, "Ana")
            await ana.close()
            return ana.token

        ana_token = run(join_and_leave())

        def drained() -> bool:  # the address's requests spent (2 a second come back)
            return any(get(cp.address + "favicon.ico")[0] == 429 for _ in range(40))

        assert drained()
        teacher = {"Cookie": f"{doors.TEACHER_COOKIE}={cp.token}"}
        for _ in range(3 * int(L.HTTP_BURST)):
            assert get(cp.address + "results", **{"X-Teacher-Token": cp.token})[0] == 200
            assert get(cp.address + "results", **teacher)[0] == 200
            assert get(cp.address + "teacher", **teacher)[0] == 200
        # a wrong teacher token is no token: counted against the address
        assert drained() and get(cp.address + "results", **{"X-Teacher-Token": "no"})[0] == 429
        # a valid seat token: counted on its own, not against the address
        seat = {"Cookie": f"{doors.SEAT_COOKIE}={ana_token}"}
        assert drained() and get(cp.address, **seat)[0] == 200
        assert drained() and get(cp.address, Cookie=f"{doors.SEAT_COOKIE}=no")[0] == 429

        async def second_teacher_page() -> None:
            pages = []
            for _ in range(2):  # the address's one connection, then one past it
                c = await open_from(cp.ws_url, "127.0.0.1", headers=teacher)
                await c.ask({"op": "teacher", "token": cp.token}, "teacher")
                pages.append(c)
            for c in pages:
                await c.close()

        run(second_teacher_page())
    finally:
        cp.stop()


# ---------------------------------------------------------------------- item 3: crowd
def test_the_teacher_is_told_of_many_joins_from_one_address_and_raises_the_limit(
        tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "2")

    async def join_close(name: str, kind: str = "joined") -> dict[str, Any]:
        c = await Client.open(cp.ws_url)
        got = await c.ask({"op": "join", "code": cp.code, "name": name}, kind)
        await c.close()
        await asyncio.sleep(0.1)  # its connection counted out
        return got

    async def go() -> None:
        teacher = await open_from(cp.ws_url, "127.0.0.9")
        await teacher.ask({"op": "teacher", "token": cp.token}, "teacher")
        await join_close("Ana")
        await join_close("Ben")  # the address's second and last student: the teacher is told
        crowd = await teacher.expect("crowd")
        assert crowd == {"type": "crowd", "address": "127.0.0.1", "students": 2,
                         "per_address": 2, "raise_to": 4}
        no = await join_close("Cleo", "refused")
        assert "this network address has added 2 students already" in no["error"]
        # only the teacher raises it, to a whole number from 1 to 1000
        student = await Client.open(cp.ws_url)
        no = await student.ask({"op": "per_address", "token": "x", "per_address": 4},
                               "refused")
        assert "only the teacher can do that" in no["error"]
        await student.close()
        no = await teacher.ask({"op": "per_address", "token": cp.token, "per_address": 0},
                               "refused")
        assert "a whole number from 1 to 1000" in no["error"]
        done = await teacher.ask({"op": "per_address", "token": cp.token,
                                  "per_address": crowd["raise_to"]}, "done")
        assert "may now stand for 4 devices" in done["text"]
        cleo = await join(cp.ws_url, cp.code, "Cleo")
        for c in (teacher, cleo):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


# ---------------------------------------------------------------------- item 4: names
def test_a_host_that_is_not_the_servers_own_name_is_refused(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls")
    port = cp.address.rsplit(":", 1)[1].strip("/")
    try:
        status, _, body = get(cp.address, Host=f"evil.example:{port}")
        assert status == 421 and b"answers only to its own addresses" in body
        assert b"127.0.0.1" in body and b"evil.example" in body
        for host in ("127.0.0.1", "localhost", "[::1]", "LOCALHOST"):
            assert get(cp.address, Host=f"{host}:{port}")[0] == 200, host

        async def go() -> None:
            # DNS rebinding: a page of evil.example, whose name now points here
            evil = f"http://evil.example:{port}"
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                await open_from(cp.ws_url, "127.0.0.1", origin=evil,
                                headers={"Host": f"evil.example:{port}"})
            assert e.value.status == 421
            ok = await open_from(cp.ws_url, "127.0.0.1", origin=f"http://localhost:{port}",
                                 headers={"Host": f"localhost:{port}"})
            await ok.ask({"op": "watch", "code": cp.code}, "publics")
            await ok.close()

        run(go())
    finally:
        cp.stop()


def test_the_servers_names_its_addresses_loopback_and_its_certificate() -> None:
    names = doors.own_names("127.0.0.3", "127.0.0.3", ["class.example"])
    assert {"127.0.0.3", "127.0.0.1", "localhost", "::1", "class.example"} <= names
    assert "evil.example" not in names
    assert doors.misdirected("[::1]:8765", names) is None
    assert doors.misdirected(None, names) is None
    assert doors.misdirected("evil.example", names)
    assert doors.host_name("Class.Example:443") == "class.example"
    everywhere = doors.own_names("0.0.0.0", "10.1.2.3")
    assert "10.1.2.3" in everywhere and "0.0.0.0" in everywhere


def test_a_certificates_names_are_read(tmp_path: Path) -> None:
    openssl = shutil.which("openssl")
    assert openssl, "this test makes its certificate with openssl: install it"
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=class.example",
                    "-addext", "subjectAltName=DNS:class.example,IP:10.9.8.7",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True,
                   timeout=60)
    assert {"class.example", "10.9.8.7"} <= set(doors.cert_names(str(cert)))
    assert doors.cert_names(str(tmp_path / "missing.pem")) == []


# ---------------------------------------------------------------------- item 5: rules
def test_the_rules_page_policy_allows_its_own_style(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls")
    try:
        status, headers, body = get(cp.address + "rules.html")
        assert status == 200
        styles = re.findall(r"<style(?: [^>]*)?>(.*?)</style>", body.decode(), re.S)
        assert styles, "rules.html has an inline style"
        policy = headers["Content-Security-Policy"]
        style_src = re.search(r"style-src ([^;]*)", policy)
        assert style_src, policy
        for style in styles:
            digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in style_src[1].split()
        assert "'unsafe-inline'" not in policy and "frame-ancestors 'none'" in policy
    finally:
        cp.stop()


def test_the_rules_page_is_styled_in_a_browser(page: Any, tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls")
    try:
        blocked: list[str] = []
        page.on("console", lambda m: blocked.append(m.text)
                if "Content Security Policy" in m.text else None)
        page.goto(cp.address + "rules.html")
        # the inline style sets the body's width (max-width: 46rem): applied, not blocked
        assert page.evaluate("getComputedStyle(document.body).maxWidth") == "736px"
        assert blocked == []
    finally:
        cp.stop()
