"""The `mtlearn` command for tests, started warm: a real process in tens of milliseconds.

A fresh ``python -m mtlearn.cli`` spends most of its start-up importing (aiohttp alone,
for the class server, is about half a second), and the tests start the command well over
a hundred times. Run as a script, this module is the *starter*: one interpreter per test
process that imports the command line and the class server once, then reads one request a
line on stdin (JSON: ``argv``, ``cwd``, ``env``, ``out``, ``err``) and forks. The child is
a real `mtlearn` process (its own pid, signals and exit status; stdin from /dev/null;
stdout and stderr written to the FIFOs ``out`` and ``err``) that runs exactly what the
command runs, in an interpreter in which nothing has run yet. The starter answers each
request with the child's pid, reaps its children and writes each one's exit status to
``out + ".rc"``.

Imported, it gives :func:`start` (a :class:`Started` process, used as a
:class:`subprocess.Popen` is) and :func:`run` (what ``subprocess.run(capture_output=True,
text=True)`` returns).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


class Started:
    """A process forked by the starter: ``pid``, ``stdout`` and ``stderr`` (text; one
    stream when started with ``merge``), :meth:`poll`, :meth:`wait`, :meth:`send_signal`,
    :meth:`kill` and ``returncode``, as :class:`subprocess.Popen` has them."""

    def __init__(self, pid: int, argv: list[str], out: Path, err: Path | None) -> None:
        self.pid, self.args = pid, ["mtlearn", *argv]
        self._rc = Path(str(out) + ".rc")
        self.returncode: int | None = None
        # each open waits for the child to open its end; then the names are not needed
        self.stdout = open(out, encoding="utf-8", errors="replace")
        self.stderr = open(err, encoding="utf-8", errors="replace") if err else None
        out.unlink()
        if err:
            err.unlink()

    def poll(self) -> int | None:
        if self.returncode is None and self._rc.is_file():
            self.returncode = int(self._rc.read_text())
            shutil.rmtree(self._rc.parent, ignore_errors=True)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(self.args, timeout or 0)
            time.sleep(0.005)
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


_starter: subprocess.Popen[str] | None = None


def start(argv: list[str], cwd: Path = REPO, env: dict[str, str] | None = None,
          merge: bool = False) -> Started:
    """``mtlearn ARGV`` running in ``cwd`` with ``env`` (default: this process's, with the
    checkout on PYTHONPATH); with ``merge`` its stderr goes to its stdout."""
    global _starter
    env = dict(env if env is not None else os.environ)
    env.setdefault("PYTHONPATH", str(REPO))
    if _starter is None or _starter.poll() is not None:
        _stop_starter()  # one that ended: its pipes closed
        _starter = subprocess.Popen([sys.executable, "-u", __file__], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, text=True,
                                    env=dict(os.environ, PYTHONPATH=str(REPO)))
    folder = Path(tempfile.mkdtemp(prefix="mtlearn-cli-"))
    out, err = folder / "out", None if merge else folder / "err"
    for fifo in (out, err):
        if fifo:
            os.mkfifo(fifo)
    assert _starter.stdin is not None and _starter.stdout is not None
    _starter.stdin.write(json.dumps({"argv": argv, "cwd": str(cwd), "env": env,
                                     "out": str(out), "err": str(err or out)}) + "\n")
    _starter.stdin.flush()
    return Started(int(_starter.stdout.readline()), argv, out, err)


@atexit.register
def _stop_starter() -> None:
    """The starter stopped (its stdin closed: it ends when that does), waited for and its
    pipes closed, at the latest when this process exits: else they are ResourceWarnings
    ("subprocess … is still running", "unclosed file") as the interpreter shuts down."""
    global _starter
    proc, _starter = _starter, None
    if proc is None:
        return
    try:
        with contextlib.suppress(OSError):
            if proc.stdin is not None:
                proc.stdin.close()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
    finally:
        for f in (proc.stdin, proc.stdout):
            if f is not None:
                with contextlib.suppress(OSError):
                    f.close()


def run(argv: list[str], cwd: Path = REPO, env: dict[str, str] | None = None,
        timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``mtlearn ARGV`` to its end: its exit status, stdout and stderr (each read whole)."""
    proc = start(argv, cwd, env)
    assert proc.stderr is not None
    with proc.stdout, proc.stderr:
        # stderr is read in the starter's order after stdout: fine for the short messages
        # the tests look at (a pipe holds 64 kB before its writer waits)
        out = proc.stdout.read()
        err = proc.stderr.read()
    try:
        code = proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    return subprocess.CompletedProcess(proc.args, code, out, err)


# ------------------------------------------------------------------ the starter itself


def _reap(rcs: dict[int, str]) -> Any:
    def handler(signum: int, frame: object) -> None:
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            path = rcs.pop(pid, None)
            if path is not None:
                Path(path + ".part").write_text(str(os.waitstatus_to_exitcode(status)))
                os.replace(path + ".part", path)
    return handler


def _child(req: dict[str, Any]) -> None:
    """In the forked child: become ``mtlearn ARGV`` and exit with its status."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
    code = 1
    try:
        import mtlearn.cli

        out = os.open(req["out"], os.O_WRONLY)
        err = out if req["err"] == req["out"] else os.open(req["err"], os.O_WRONLY)
        os.dup2(out, 1)
        os.dup2(err, 2)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        for fd in {out, err, null}:
            os.close(fd)
        sys.stdin = open(0, closefd=False)
        os.chdir(req["cwd"])
        os.environ.clear()
        os.environ.update(req["env"])
        sys.argv = ["mtlearn", *req["argv"]]
        try:
            code = mtlearn.cli.main(req["argv"])
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):  # the output is gone; the status counts
                stream.flush()
        os._exit(code)


def _serve() -> None:
    """Fork a child for each request line; stop when stdin closes (the test process ended)."""
    # the imports are the point: each child starts warm
    import mtlearn.cli
    import mtlearn.hosts.classroom.server  # noqa: F401

    rcs: dict[int, str] = {}
    signal.signal(signal.SIGCHLD, _reap(rcs))
    for line in sys.stdin:
        req = json.loads(line)
        sys.stdout.flush()
        # SIGCHLD waits until the child's status file is known (a child may end at once)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCHLD})
        pid = os.fork()
        if pid == 0:
            _child(req)
        rcs[pid] = req["out"] + ".rc"
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
        print(pid, flush=True)


if __name__ == "__main__":
    _serve()
