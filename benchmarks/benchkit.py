"""What the benchmarks share: the ``--smoke`` switch and the note a smoke run prints.

A smoke run (``python benchmarks/NAME.py --smoke``, ``benchmarks/run.py --smoke``) runs a
benchmark's code paths with tiny sizes, so that it finishes in seconds and prints every
figure line it prints normally; ``tests/test_benchmarks.py`` runs each so, so that a
benchmark broken by a change elsewhere (a selector, an API) fails a test. Its figures mean
nothing: the first line of its output says so (once per process, however many benchmarks
run in it). A helper module, like ``floor.py``: no figures of its own.
"""

from __future__ import annotations

import argparse
import statistics

#: The Chromium the browser benchmarks drive, and its flags for a measured run.
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
#: Added in a smoke run only: V8 keeps WebAssembly on its baseline compiler (Liftoff), as
#: the tests' Chromium does (tests/conftest.py), instead of recompiling Pyodide's hot
#: functions with the optimizing one in the background. The same code runs; the figures
#: of a smoke run mean nothing anyway, and a measured run keeps a learner's browser's way.
SMOKE_FLAGS = ["--js-flags=--liftoff-only"]

#: The line a smoke run starts with.
NOTE = "smoke run: tiny sizes, figures not meaningful"

_said = False


def announce(smoke: bool) -> None:
    """Print :data:`NOTE` the first time a smoke run starts in this process."""
    global _said
    if smoke and not _said:
        print(NOTE, flush=True)
        _said = True


def chromium_flags(smoke: bool) -> list[str]:
    """The flags to launch Chromium with: :data:`FLAGS`, and :data:`SMOKE_FLAGS` in a
    smoke run."""
    return FLAGS + (SMOKE_FLAGS if smoke else [])


def size(smoke: bool, full: int, tiny: int) -> int:
    """``tiny`` in a smoke run, else ``full``."""
    return tiny if smoke else full


def paired(ratios: list[float], whole: float) -> str:
    """The figure of a side-by-side run in paired slices: the median of the pairs' ratios,
    their middle half and the ratio over the whole run."""
    ratios = sorted(ratios)
    q = len(ratios) // 4
    return (f"{statistics.median(ratios):.2f} (median of {len(ratios)} paired slices; middle "
            f"half {ratios[q]:.2f}-{ratios[-q - 1]:.2f}; whole run {whole:.2f})")


def add_smoke(ap: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add ``--smoke`` to a benchmark's command line."""
    ap.add_argument("--smoke", action="store_true",
                    help="tiny sizes: check that the benchmark runs (figures not meaningful)")
    return ap


def parse_smoke(doc: str | None, argv: list[str] | None = None) -> bool:
    """For a benchmark whose only option is ``--smoke``: parse the command line."""
    ap = add_smoke(argparse.ArgumentParser(description=(doc or "benchmark").splitlines()[0]))
    return bool(ap.parse_args(argv).smoke)
