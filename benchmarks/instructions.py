"""Engine ÷ floor by instructions executed: the noise-free companion of ``engine.py``.

Times on a shared machine swing by a third between identical runs; the number of
machine instructions a round takes does not. Under Valgrind's callgrind tool this plays
the same 4-player double-12 random-bot rounds as ``engine.py`` with the engine and with
the floor simulator (``floor.py``), subtracts a run of zero rounds (start-up and
imports), and prints instructions per round for both and their ratio. The ratio of
instructions is not the ratio of times (the engine's instructions touch more memory),
but it moves only when the code does, so it shows what a change to the engine gained.
A second line gives the counts recorded before issue 37's work (:data:`BEFORE`) and the
engine's change since, when this run's floor count says the figures are comparable.

Skipped, with a line saying so, when ``valgrind`` is not installed. ``--smoke``: one round
of each, and one run of zero rounds for both (its code is the same for both), the three
runs side by side.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import announce, parse_smoke

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

#: The counts of ``main()`` (30 rounds) before issue 37's work on the engine's speed, on
#: the project's VM (Python 3.11.7, valgrind's callgrind), at commit 5b4271c.
BEFORE: dict[str, Any] = {"engine": 3.603e6, "floor": 2.68e6,
                          "where": "commit 5b4271c, Python 3.11.7 on the project VM"}

_PLAY = """
import random, sys
sys.path[:0] = [{repo!r}, {here!r}]
from floor import floor_round
from mtlearn import Game, RandomBot, play_round
rng = random.Random(11)
for i in range({rounds}):
    if {engine}:
        play_round(Game.new(4, set=12, seed=i), RandomBot(i))
    else:
        floor_round(rng)
"""


def _env(pycache: str | None) -> dict[str, str]:
    # string hashing is seeded at random in each interpreter, and with it every dict's
    # layout: a fixed seed makes the count repeat exactly from run to run
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if pycache is not None:
        # compiled modules kept in ``pycache`` (written by a run outside Valgrind first),
        # even where PYTHONDONTWRITEBYTECODE is set: imports then load bytecode instead of
        # compiling the sources under Valgrind each time (the zero-round run subtracts
        # imports either way; this only makes each run faster)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    return env


def compile_imports(pycache: str) -> None:
    """Write the bytecode of every module the runs import into ``pycache`` (no Valgrind)."""
    code = _PLAY.format(repo=str(REPO), here=str(HERE), rounds=0, engine=True)
    subprocess.run([sys.executable, "-c", code], check=True, env=_env(pycache))


def instructions(engine: bool, rounds: int, pycache: str | None = None) -> int:
    """Instructions callgrind counts for a fresh interpreter playing ``rounds`` rounds."""
    code = _PLAY.format(repo=str(REPO), here=str(HERE), rounds=rounds, engine=engine)
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=_env(pycache))
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError("callgrind printed no instruction count:\n" + out.stderr[-2000:])
    return int(found.group(1))


def main(rounds: int = 30, smoke: bool = False) -> None:
    announce(smoke)
    if shutil.which("valgrind") is None:
        print("instructions per round: skipped (valgrind is not installed)")
        return
    per = {}
    with tempfile.TemporaryDirectory() as pycache:
        compile_imports(pycache)
        if smoke:
            # one round each under Valgrind, and no zero-round run to subtract (the figures
            # of a smoke run mean nothing; compile_imports ran the zero-round code above)
            rounds = 1
            with ThreadPoolExecutor(2) as pool:
                eng, flo = pool.map(lambda a: instructions(*a, pycache=pycache),
                                    ((True, rounds), (False, rounds)))
            per = {True: eng / rounds, False: flo / rounds}
        for engine in () if smoke else (True, False):
            per[engine] = (instructions(engine, rounds, pycache)
                           - instructions(engine, 0, pycache)) / rounds
    print(f"instructions per round (callgrind, {rounds} rounds): engine {per[True] / 1e6:.2f} M, "
          f"floor {per[False] / 1e6:.2f} M, engine / floor {per[False] / per[True]:.2f}")
    print(before_line(per[True], per[False]))


def before_line(engine: float, floor: float) -> str:
    """The recorded count from before issue 37's work, and the change since, in words.

    A count depends on the Python build and the machine as well as on the code, so the
    recorded figure is comparable only where the floor still counts what it counted then:
    the line says which, from the floor's count of this run.
    """
    eng0, flo0 = BEFORE["engine"], BEFORE["floor"]
    line = (f"  before (issue 37, {BEFORE['where']}): engine {eng0 / 1e6:.2f} M, floor "
            f"{flo0 / 1e6:.2f} M, engine / floor {flo0 / eng0:.2f}")
    if abs(floor - flo0) <= 0.02 * flo0:
        return line + f"; engine now {(engine - eng0) / eng0:+.1%} a round"
    return line + " (not comparable here: the floor counts differently on this build)"


if __name__ == "__main__":
    main(smoke=parse_smoke(__doc__))
