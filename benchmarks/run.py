"""Run every benchmark and print its figures (nothing is asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser
import class_load
import class_store
import class_trainer
import engine
import inputs
import instructions
import lite
import mine
import play
import sim
import trainer

if __name__ == "__main__":
    engine.main()
    instructions.main()
    sim.main()
    inputs.main()
    browser.main()
    play.main()
    class_load.main()
    class_store.main([])
    class_trainer.main([])
    lite.main()
    mine.main([])
    trainer.main()
