"""Bad input stays fast: `mtlearn check` on the folder of bad scenario files (one file
per mistake the red-team found, the nine-level alias bomb included), in a fresh
interpreter as a teacher would run it; target <= 2 s in all.

    python benchmarks/inputs.py [--smoke]      (--smoke: one run instead of five)
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import announce, parse_smoke, size

BAD = Path(__file__).resolve().parents[1] / "tests" / "data" / "bad-scenarios"


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def check_bad_folder(runs: int = 5) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each run (CPU is steadier on a busy machine)."""
    walls, cpus = [], []
    for _ in range(runs):
        cpu, start = _cpu(), time.perf_counter()
        subprocess.run([sys.executable, "-m", "mtlearn.cli", "check", str(BAD)],
                       capture_output=True, check=False)
        walls.append(time.perf_counter() - start)
        cpus.append(_cpu() - cpu)
    return walls, cpus


def main(smoke: bool = False) -> None:
    announce(smoke)
    walls, cpus = check_bad_folder(size(smoke, 5, 1))
    files = len(list(BAD.glob("*.yaml")))
    print(f"mtlearn check on {files} bad scenario files (fresh interpreter, {len(walls)} runs): "
          f"wall best {min(walls):.2f} s, worst {max(walls):.2f} s; CPU best "
          f"{min(cpus):.2f} s  target <= 2 s")


if __name__ == "__main__":
    main(smoke=parse_smoke(__doc__))
