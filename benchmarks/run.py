"""Run every benchmark and print its figures (nothing is asserted).

    python benchmarks/run.py [--smoke]

``--smoke`` runs each with tiny sizes: a check that they all still run (a few minutes with
the live notebooks' benchmark, which needs a built book), not figures to read.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser
import class_load
import class_store
import class_trainer
import engine
import expert
import expert_versus
import inputs
import instructions
import lite
import mine
import page_coach
import peer
import play
import review
import sim
import trainer
from benchkit import parse_smoke

if __name__ == "__main__":
    smoke = parse_smoke(__doc__)
    engine.main(smoke=smoke)
    peer.main([], smoke=smoke)
    instructions.main(smoke=smoke)
    sim.main(smoke=smoke)
    expert.main([], smoke=smoke)
    expert_versus.main([], smoke=smoke)
    review.main([], smoke=smoke)
    inputs.main(smoke=smoke)
    browser.main(smoke=smoke)
    play.main(smoke=smoke)
    page_coach.main([], smoke=smoke)
    class_load.main(smoke=smoke)
    class_store.main([], smoke=smoke)
    class_trainer.main([], smoke=smoke)
    lite.main(smoke=smoke)
    mine.main([], smoke=smoke)
    trainer.main(smoke=smoke)
