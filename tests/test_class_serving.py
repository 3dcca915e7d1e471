"""Issue 39, item 4: ``mtlearn class --resume`` alone serves the class as it was served
(the network, port, book and limits are kept in the class folder, serving.json), an
option given again wins, and the line printed when the server stops is the whole command
that serves it again the same way. The servers bind 127.0.0.1 (a free port) and are
stopped by the test."""

from __future__ import annotations

import re
import shlex
import socket
import urllib.request
import zipfile
from pathlib import Path

import warm_cli
from classkit import ClassProcess, Client, join, start_class, teacher_of, wait_until_serving
from test_class_server import run

from mtlearn.hosts.classroom import serving
from mtlearn.hosts.classroom.store import unseal


def stopped_line(cp: ClassProcess) -> str:
    """Stop the server (SIGTERM, as Ctrl-C) and return its carry-on command."""
    cp.stop()
    said = cp.printed()
    m = re.search(r"^Class stopped; carry on with: (.+)$", said, re.M)
    assert m, said
    return m[1]


def start_again(folder: Path, argv: list[str]) -> ClassProcess:
    """``mtlearn ARGV`` (a class server), read until it serves."""
    proc = warm_cli.start(argv, folder.parent, merge=True)
    return wait_until_serving(ClassProcess(proc, folder))


def test_the_command_names_every_option_not_at_its_default() -> None:
    opts = serving.merged({"per_address": 50, "lan": None}, {"lan": "", "pace": 0.5,
                                                              "port": 9000})
    assert opts["lan"] == "" and opts["per_address"] == 50 and opts["pace"] == 0.5
    assert serving.command(Path("/c d"), opts) == (
        "mtlearn class --resume --folder '/c d' --lan --port 9000 --per-address 50 "
        "--pace 0.5")
    assert serving.command(Path("/c"), serving.DEFAULTS) == (
        "mtlearn class --resume --folder /c --port 8765")


def test_resume_alone_serves_the_class_as_it_was_served(tmp_path: Path) -> None:
    folder = tmp_path / "cls"
    cp = start_class(folder, "--per-address", "50", "--pace", "0.5")
    line = stopped_line(cp)
    assert line == (f"mtlearn class --resume --folder {shlex.quote(str(folder))} --port 0 "
                    "--per-address 50 --pace 0.5 --no-qr")
    kept = unseal((folder / "serving.json").read_bytes(), "serving.json")["options"]
    assert kept["per_address"] == 50 and kept["pace"] == 0.5 and kept["no_qr"] is True

    # --resume and the folder alone: served as before, and the same line at the end
    again = start_again(folder, ["class", "--resume", "--folder", str(folder)])
    try:
        assert again.code == cp.code
        said = "".join(again.lines)
        assert "Served as before (kept in the class folder): " + line in said
        assert "█" not in said and "▀" not in said  # --no-qr was kept too
    finally:
        assert stopped_line(again) == line

    # an option given again wins, and is kept from then on
    third = start_again(folder, ["class", "--resume", "--folder", str(folder),
                                 "--per-address", "9"])
    assert stopped_line(third) == line.replace("--per-address 50", "--per-address 9")
    kept = unseal((folder / "serving.json").read_bytes(), "serving.json")["options"]
    assert kept["per_address"] == 9 and kept["pace"] == 0.5


def test_resume_alone_brings_back_the_address_book_limits_and_pace(tmp_path: Path) -> None:
    """What comes back is what the server does, not only what it says: the same address
    and port, the book at /book/, as many new students a minute from one address as
    ``--per-address 12`` lets in (6; the default, 8, lets in 4), and computers at the
    pace given (0.5 s; the default is 1 s)."""
    folder = tmp_path / "cls"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    book = tmp_path / "book.zip"
    with zipfile.ZipFile(book, "w") as z:
        z.writestr("index.html", "<h1>The class's book</h1>")
    cp = start_class(folder, "--lan", "127.0.0.1", "--port", str(port), "--book", str(book),
                     "--per-address", "12", "--pace", "0.5")
    line = stopped_line(cp)
    again = start_again(folder, ["class", "--resume", "--folder", str(folder)])
    try:
        assert again.code == cp.code and again.address == f"http://127.0.0.1:{port}/"
        assert "Served as before (kept in the class folder): " + line in "".join(again.lines)
        with urllib.request.urlopen(f"{again.address}book/", timeout=10) as r:
            assert r.read() == b"<h1>The class's book</h1>"

        async def check() -> None:
            teacher = await teacher_of(again)
            opened = await teacher.ask({"op": "open_table", "token": again.token,
                                        "seats": 2, "computers": 2}, "done")
            assert opened["text"].endswith("it plays at once, a move about every 0.5 s.")
            phones = [await join(again.ws_url, again.code, name)
                      for name in ("Ana", "Ben", "Cleo", "Dev", "Eve", "Fay")]
            seventh = await Client.open(again.ws_url)
            no = await seventh.ask({"op": "join", "code": again.code, "name": "Gus"},
                                   "refused")
            assert "at most 6 a minute" in no["error"], no
            for c in (teacher, *phones, seventh):
                await c.close()

        run(check())
    finally:
        assert stopped_line(again) == line
