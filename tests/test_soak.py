"""The random-play soak in CI: 2,000 rounds across presets, options, sets and table sizes
with the engine's invariants checked after every move (see tests/soak.py); 200 rounds in
the fast tier (:mod:`tier`).

The seed changes from run to run (set MTLEARN_SOAK_SEED to repeat one); a failure
names the table and round seed that reproduce it.
"""

from __future__ import annotations

import os
import random

from soak import soak
from tier import volume

from mtlearn import PRESETS, SETS

ROUNDS = int(os.environ.get("MTLEARN_SOAK_ROUNDS", volume(2000)))


def test_soak_random_rounds():
    seed = int(os.environ.get("MTLEARN_SOAK_SEED", random.randrange(10**6)))
    report = soak(ROUNDS, seed)
    assert report.failures == [], f"soak seed {seed}:\n{report.summary()}"
    assert report.rounds == ROUNDS
    assert set(report.presets) == set(PRESETS)
    assert set(report.sets) == set(SETS)
    assert report.blocked > 0 and report.refusals_checked > ROUNDS
    assert {"branching", "swan_drive", "teams"} <= set(report.options)  # the variants too
