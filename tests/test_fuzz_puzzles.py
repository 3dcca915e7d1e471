"""Fuzzing the puzzle files' fields: a damaged puzzle raises a one-line PuzzleError, or it
is a puzzle that proves, precomputes its answers and renders its standalone page.

Each document starts from a bundled puzzle (parsed) and gets values of the wrong type,
NaN, infinity, huge numbers, deep nesting and unknown fields, in its goal and anywhere
else (the :mod:`fuzzkit` mutations); half of them go through YAML text (``load_text``),
half straight in as JSON data (``from_data``, as the in-page engine reads them).

Each test runs 2,000 examples per CI run (200 in the fast tier, :mod:`tier`) (``MTLEARN_FUZZ_SCALE`` multiplies them).
"""

from __future__ import annotations

import copy
import json
import math
import os
from collections import Counter
from typing import Any

import pytest
import yaml
from fuzzkit import mutated_tree, odd_values
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tier import volume

from mtlearn.content import puzzles
from mtlearn.content.puzzles import PuzzleError, check, from_data, load_text
from mtlearn.hosts.pages import puzzle_page

SCALE = int(os.environ.get("MTLEARN_FUZZ_SCALE", "1"))
FUZZ = settings(max_examples=volume(2000) * SCALE, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))

#: The bundled puzzles as parsed data (the fuzzer's seeds), small ones first in mind:
#: a page is rendered for each document that proves, so seeds stay cheap.
SEEDS: list[dict[str, Any]] = [copy.deepcopy(p.data) for p in puzzles.bundled()
                               if p.data is not None]

#: Every goal field a puzzle file may hold, and a few it may not.
GOAL_KEYS = ["covers_double", "most_pips", "on_train", "keeps_plan", "move_kind", "plays",
             "turn_over", "markers", "open_doubles", "goes_out", "ask", "after", "seat",
             "count", "round", "longest_train", "from", "all_legal", "nope"]
#: The goal fields each kind of puzzle takes (most mutations keep to these).
KIND_KEYS = {
    "move": GOAL_KEYS[:10], "sequence": GOAL_KEYS[:10], "all-moves": ["all_legal"],
    "choose": ["ask", "after", "seat"], "number": ["count", "after", "seat", "round"],
    "plan": ["longest_train", "seat", "from"],
}
TOP_KEYS = ["level", "par", "perspective", "teaches", "hints", "kind", "family", "answer",
            "wrong", "setup", "rules", "explain", "title", "id", "question", "extra"]

#: Values that a YAML or JSON file can hold and that break naive readers.
NASTY: list[Any] = [float("inf"), float("-inf"), float("nan"), 10**30, -10**30, 2**63, 1.5,
                    -0.0, True, False, None, "false", "true", "2", "", " ", "x" * 300,
                    "6–2@1", "R-DBL-3", ["R-DBL-3"], [["R-DBL-3"]], {"a": {"b": {}}},
                    ["next_player"], [float("nan")], "open_trains", "own", "M", 0, -1]


def deep(n: int) -> Any:
    """A list nested ``n`` levels deep."""
    v: Any = 0
    for _ in range(n):
        v = [v]
    return v


nasty = st.one_of(st.sampled_from(NASTY).map(copy.deepcopy), odd_values,
                  st.integers(40, 200).map(deep))

#: Values of the right type for some goal field: documents changed with these often load,
#: so the judging, the proof and the page are fuzzed too, not only the reading.
FITTING: list[Any] = [True, True, False, 1, 2, 3, 4, "own", "M", "1", "2", "3", ["1"], [1],
                      [], ["M"], ["2"], "play", "draw", "pass", "end", "next_player",
                      "open_trains", "match_winner", "pips", "round_score", "total",
                      "engine", "Ana", "Ben", "Cy", ["draw"], ["pass"], 0, 5, 12]
fitting = st.sampled_from(FITTING).map(copy.deepcopy)


@st.composite
def puzzle_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A bundled puzzle's data, with its goal and other fields damaged."""
    data = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["goal", "goal", "goal", "top", "tree"]))
        if where == "goal":
            goal = data.get("goal")
            if not isinstance(goal, dict):
                goal = data["goal"] = {}
            kind = data.get("kind")
            keys = KIND_KEYS.get(kind, GOAL_KEYS) if isinstance(kind, str) else GOAL_KEYS
            if draw(st.integers(0, 4)) == 0:
                keys = GOAL_KEYS
            goal[draw(st.sampled_from(keys))] = draw(
                st.one_of(nasty, fitting, fitting))
            if draw(st.integers(0, 3)) == 0 and goal:
                del goal[draw(st.sampled_from(sorted(goal)))]
        elif where == "top":
            data[draw(st.sampled_from(TOP_KEYS))] = draw(nasty)
        else:
            data = draw(mutated_tree(data, max_changes=2))
            if not isinstance(data, dict):
                return data
    return data


STATS: Counter[str] = Counter()


def one_line(e: PuzzleError) -> None:
    msg = str(e)
    assert "\n" not in msg, msg
    assert len(msg) < 600, msg
    assert msg.startswith("fuzz.yaml") or msg.startswith("fuzz.json"), msg
    assert "Traceback" not in msg and "object at 0x" not in msg, msg


def exercise(p: puzzles.Puzzle) -> None:
    """A puzzle that proves writes its page: every answer judged, JSON-clean data."""
    check(p)
    state = p.state()
    json.dumps(state, allow_nan=False)      # no NaN or infinity reaches a page
    html = puzzle_page(p)
    assert "<html" in html.lower()


def _nan_free(v: Any) -> bool:
    stack = [v]
    while stack:
        x = stack.pop()
        if isinstance(x, float) and not math.isfinite(x):
            return False
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return True


@FUZZ
@given(puzzle_documents(), st.booleans())
def test_damaged_puzzle_files_raise_one_line_puzzle_errors(data: Any, as_yaml: bool) -> None:
    try:
        if as_yaml:
            try:
                text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
            except (yaml.YAMLError, RecursionError):
                STATS["not dumpable"] += 1
                return
            p = load_text(text, "fuzz.yaml")
        else:
            p = from_data(data, "fuzz.json")
    except PuzzleError as e:
        one_line(e)
        STATS["refused on reading"] += 1
        if os.environ.get("MTLEARN_FUZZ_SHOW"):
            print("READ", e)
        return
    assert _nan_free(p.goal), p.goal
    try:
        exercise(p)
    except PuzzleError as e:
        one_line(e)
        STATS["refused by check"] += 1
        if os.environ.get("MTLEARN_FUZZ_SHOW"):
            print("CHECK", e)
        return
    STATS["proved and rendered"] += 1


@pytest.fixture(scope="module", autouse=True)
def _report_counts():
    yield
    if STATS:
        print("\npuzzle fuzz:", dict(STATS), f"total {sum(STATS.values())}")
