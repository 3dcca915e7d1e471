"""mtlearn against a peer engine, side by side in one run: random-bot rounds per second.

The peer of issue 37 is johnmorrisdotca/domino (TypeScript, run by node on V8). Its code
is not part of this repository and is never copied into it: point this benchmark at a
folder that holds a runnable copy (``python benchmarks/peer.py FOLDER``, or set
``MTLEARN_PEER``). The folder must hold a driver, ``dist/bench.js`` or ``bench.js``, that
node runs and that speaks one line protocol on stdin/stdout: for each line ``SECONDS`` it
plays random-bot 4-player double-12 rounds (every move picked uniformly among the legal
ones) for that long and answers ``ROUNDS MOVES ELAPSED_SECONDS``. The node process stays
up for the whole run, and both sides play a slice first that is not counted, so start-up
and warm-up (the JIT's, mtlearn's shared moves) fall outside the figures.

Both play in pairs of back-to-back slices, mtlearn's then the peer's, so both see the same
load; the figure to read is the median over the pairs of mtlearn's rate ÷ the peer's
(above 1: mtlearn is the faster). Figures are printed, never asserted. Without a folder,
or without ``node``, it prints one line saying it skipped and why. ``--smoke``: a fraction
of a second in two pairs of slices.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import add_smoke, announce, paired
from engine import engine_slice

#: Where the driver may sit in the peer's folder, tried in this order.
DRIVERS = ("dist/bench.js", "bench.js")


def find_driver(folder: str | None) -> tuple[Path | None, str]:
    """The peer's driver script in ``folder``, or None and the reason it cannot be run."""
    if not folder:
        return None, "no peer folder: pass one, or set MTLEARN_PEER"
    if shutil.which("node") is None:
        return None, "node is not installed"
    for name in DRIVERS:
        if (Path(folder) / name).is_file():
            return (Path(folder) / name).resolve(), ""   # node runs it from its folder
    return None, f"no {' or '.join(DRIVERS)} in {folder}"


class Peer:
    """The peer's driver, kept running under node: one slice of rounds per call."""

    def __init__(self, driver: Path) -> None:
        self.driver = driver
        self.proc = subprocess.Popen(["node", str(driver)], cwd=driver.parent,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def slice(self, seconds: float) -> tuple[int, int, float]:
        """Rounds, moves and seconds the peer took playing for about ``seconds``."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{seconds}\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().split()
        if len(answer) != 3:
            raise SystemExit(f"peer side by side: {self.driver} answered {answer!r}, not "
                             f"ROUNDS MOVES SECONDS (node exit code {self.proc.poll()})")
        rounds, moves, took = answer
        return int(rounds), int(moves), float(took)

    def close(self) -> None:
        """End the node process."""
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def side_by_side(driver: Path, seconds: float, slices: int) -> None:
    """Play ``slices`` pairs of slices, ``seconds`` in all for each side; print figures."""
    peer = Peer(driver)
    try:
        # warm both before anything is counted: the peer's JIT, mtlearn's shared moves
        warm = min(0.5, seconds / 4)
        peer.slice(warm)
        engine_slice(warm, 10**6)
        step = seconds / slices
        mine, theirs, ratios = [0, 0, 0.0], [0, 0, 0.0], []
        for _ in range(slices):
            m = engine_slice(step, int(mine[0]))
            p = peer.slice(step)
            for total, one in ((mine, m), (theirs, p)):
                for i in range(3):
                    total[i] += one[i]
            ratios.append((m[0] / m[2]) / (p[0] / p[2]))
    finally:
        peer.close()
    for name, (rounds, moves, took) in (("mtlearn", mine), ("peer (node)", theirs)):
        print(f"{name + ':':13} {rounds / took:,.0f} random-bot rounds per second "
              f"(4 players, double-12; {moves / rounds:.0f} moves per round)")
    print(f"mtlearn / peer: {paired(ratios, (mine[0] / mine[2]) / (theirs[0] / theirs[2]))}")


def main(argv: list[str] | None = None, smoke: bool = False) -> None:
    """Print the figures, or one line saying why not; ``smoke``: a fraction of a second."""
    ap = add_smoke(argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0]))
    ap.add_argument("folder", nargs="?", default=os.environ.get("MTLEARN_PEER"),
                    help="the peer's folder (default: $MTLEARN_PEER)")
    args = ap.parse_args(argv)
    smoke = smoke or args.smoke
    announce(smoke)
    driver, why = find_driver(args.folder)
    if driver is None:
        print(f"peer side by side: skipped ({why})")
        return
    print(f"peer side by side: {driver}")
    side_by_side(driver, *((0.2, 2) if smoke else (8.0, 32)))


if __name__ == "__main__":
    main()
