"""Engine ÷ floor by instructions executed: the noise-free companion of ``engine.py``.

Times on a shared machine swing by a third between identical runs; the number of
machine instructions a round takes does not. Under Valgrind's callgrind tool this plays
the same 4-player double-12 random-bot rounds as ``engine.py`` with the engine and with
the floor simulator (``floor.py``), subtracts a run of zero rounds (start-up and
imports), and prints instructions per round for both and their ratio. The ratio of
instructions is not the ratio of times (the engine's instructions touch more memory),
but it moves only when the code does, so it shows what a change to the engine gained.

Skipped, with a line saying so, when ``valgrind`` is not installed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

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


def instructions(engine: bool, rounds: int) -> int:
    """Instructions callgrind counts for a fresh interpreter playing ``rounds`` rounds."""
    code = _PLAY.format(repo=str(REPO), here=str(HERE), rounds=rounds, engine=engine)
    # string hashing is seeded at random in each interpreter, and with it every dict's
    # layout: a fixed seed makes the count repeat exactly from run to run
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError("callgrind printed no instruction count:\n" + out.stderr[-2000:])
    return int(found.group(1))


def main(rounds: int = 30) -> None:
    if shutil.which("valgrind") is None:
        print("instructions per round: skipped (valgrind is not installed)")
        return
    per = {}
    for engine in (True, False):
        per[engine] = (instructions(engine, rounds) - instructions(engine, 0)) / rounds
    print(f"instructions per round (callgrind, {rounds} rounds): engine {per[True] / 1e6:.2f} M, "
          f"floor {per[False] / 1e6:.2f} M, engine / floor {per[False] / per[True]:.2f}")


if __name__ == "__main__":
    main()
