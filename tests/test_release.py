"""A release as a teacher meets it (issue 27): the wheel and the sdist built and checked, the
sdist giving the same wheel as the tree, the book as one archive; then the wheel installed
with its class extra into a fresh venv, away from the clone, and used there: the README's
example, ``mtlearn --version``, ``check``, ``html``, ``mtlearn book BOOK.zip`` and ``mtlearn
class --book BOOK.zip``, each server asked for a chapter, a static file and a rule link."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import releasekit

import mtlearn

REPO = Path(__file__).resolve().parents[1]
pytestmark = [pytest.mark.venv]


def get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=20) as r:
            return r.status, r.headers["Content-Type"], r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers["Content-Type"], e.read()


@contextmanager
def server(cmd: list[str], env: dict[str, str], cwd: Path, pattern: str) -> Iterator[str]:
    """Start a server command, yield the address it prints, stop it with Ctrl-C."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env, cwd=cwd)
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 60
        address = ""
        assert proc.stdout is not None
        while time.monotonic() < deadline and not address:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if m := re.search(pattern, line):
                address = m.group(1)
        assert address, "".join(lines)
        yield address
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            rest, _ = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            rest, _ = proc.communicate(timeout=10)
        assert "Traceback" not in "".join(lines) + rest, "".join(lines) + rest


def test_the_release_installs_by_name_and_serves_its_book(tmp_path: Path, book: Path) -> None:
    dist = tmp_path / "dist"
    made = releasekit.build(dist)
    sdist = next(p for p in made if p.name.endswith(".tar.gz"))
    wheel = next(p for p in made if p.suffix == ".whl")
    assert sdist.name == f"mexican_train_learn-{mtlearn.__version__}.tar.gz"
    assert wheel.name == f"mexican_train_learn-{mtlearn.__version__}-py3-none-any.whl"
    # the sdist builds the very wheel the tree builds
    tree = releasekit.build(tmp_path / "tree", from_sdist=False)
    assert releasekit.wheel_differences(wheel, tree[0]) == []
    releasekit.check([sdist, wheel])
    archive = releasekit.book_archive(book, dist)
    assert archive.stat().st_size <= releasekit.MAX_BOOK_BYTES
    releasekit.check_readme_sizes(wheel, archive)  # README's figures are these files' sizes

    # a fresh venv, the wheel with its class extra (versions held to the lock's)
    venv = tmp_path / "venv"
    uv = releasekit.uv()
    subprocess.run([uv, "venv", "--quiet", "--python", sys.executable, str(venv)], check=True,
                   timeout=300)
    py = venv / "bin" / "python"
    subprocess.run([uv, "pip", "install", "--quiet", "--python", str(py),
                    f"{wheel}[class]", "-c", str(REPO / "requirements" / "dev.txt")],
                   check=True, timeout=600)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "MTLEARN_RULES_URL")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    work = tmp_path / "teacher"
    work.mkdir()

    def run(*args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        out = subprocess.run(list(args), capture_output=True, text=True, env=env, cwd=work,
                             timeout=300)
        assert (out.returncode == 0) == ok, (args, out.stdout, out.stderr)
        return out

    where = run(str(py), "-c", "import mtlearn; print(mtlearn.__file__)").stdout
    assert str(venv) in where and str(REPO) not in where
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    example = re.search(r"## The engine in five lines\n\n```python\n(.*?)```", readme, re.S)
    assert example
    printed = run(str(py), "-c", example.group(1)).stdout
    assert "legal" in printed.lower() or "12-" in printed
    assert run("mtlearn", "--version").stdout.strip() == \
        f"mtlearn {mtlearn.__version__} (mexican-train-learn)"
    bundled = run(str(py), "-c", "import mtlearn, pathlib; print(sorted(pathlib.Path("
                  "mtlearn.__file__).parent.joinpath('scenarios').rglob('*.yaml'))[0])").stdout.strip()
    assert "replay cleanly" in run("mtlearn", "check", bundled).stdout
    broken = work / "broken.yaml"
    broken.write_text("id: broken\ntitle: [unclosed\n", encoding="utf-8")
    failed = run("mtlearn", "check", str(broken), ok=False)
    assert "broken.yaml" in failed.stdout + failed.stderr
    pid = run(str(py), "-c", "from mtlearn.content import puzzles; "
              "print(puzzles.bundled()[0].id)").stdout.strip()
    run("mtlearn", "html", pid, "-o", "puzzle.html")
    assert (work / "puzzle.html").stat().st_size > 10_000

    chapter = "tutorials/01-tiles-and-set.html"
    wasm = next(p for p in book.rglob("*.wasm")).relative_to(book).as_posix()
    with server(["mtlearn", "book", str(archive), "--port", "0"], env, work,
                r"The book:\s+(http://127\.0\.0\.1:\d+/)") as url:
        assert get(url)[:2] == (200, "text/html; charset=utf-8")
        assert get(url + chapter)[:2] == (200, "text/html; charset=utf-8")
        assert get(url + wasm)[:2] == (200, "application/wasm")
        status, ctype, body = get(url + "rules.html")
        assert (status, ctype) == (200, "text/html; charset=utf-8") and b'id="r-dbl-3"' in body
    with server(["mtlearn", "class", "--book", str(archive), "--port", "0", "--no-qr",
                 "--folder", str(work / "class")], env, work,
                r"Class address: (http://127\.0\.0\.1:\d+/)") as url:
        assert get(url + "book/")[:2] == (200, "text/html; charset=utf-8")
        assert get(url + "book/" + chapter)[:2] == (200, "text/html; charset=utf-8")
        assert get(url + "book/" + wasm)[:2] == (200, "application/wasm")
        # a rule link on a class page (/rules.html#r-dbl-3) opens the book's rules page
        status, ctype, body = get(url + "rules.html")
        assert (status, ctype) == (200, "text/html; charset=utf-8") and b'id="r-dbl-3"' in body
    # and with no book at all, the rules reference from the wheel
    with server(["mtlearn", "class", "--port", "0", "--no-qr", "--folder",
                 str(work / "class2")], env, work,
                r"Class address: (http://127\.0\.0\.1:\d+/)") as url:
        status, ctype, body = get(url + "rules.html")
        assert (status, ctype) == (200, "text/html; charset=utf-8")
        assert b'<h3 id="r-dbl-3">' in body
