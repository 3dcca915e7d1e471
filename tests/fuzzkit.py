"""Hypothesis strategies that damage input files: scenario texts, positions, saved games.

Each strategy starts from a real, valid input and applies a few mutations, some to the
text (lines deleted, doubled, swapped, tabs, odd values) and some to the parsed tree
(a value replaced by an odd one, a key dropped, a list item doubled), so that most
examples get past the parser and reach the deeper checks.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

SCENARIOS = Path(__file__).resolve().parents[1] / "mtlearn" / "scenarios"

#: Odd values as YAML text (each one a mistake a person or a bad tool could make).
ODD_YAML = [
    "12|4", "12.0", "null", "-5", "1e400", "99999999999999999999", "9" * 40, "No", "yes",
    "On", "[]", "{}", "'x'", "R-TURN-9", "~", "12-5@9", "[1, [2]]", "true", "0",
    "2001-01-01", "!!binary aGk=", "&a [1, 2]", "*a", "{a: 1, a: 2}", "-.inf", ".nan",
    "0x1F", "9-9@M", "draw", "pass", "M", "'3'", "'12-5'", "[12-5, 5-5]", "-1", "13-2",
    "'1'", "[Ana, Ana]", "[[]]", "{top: [1-2], rest: none}", "'\t'", "3-4@1", "[draw]",
    "12-12", "18-18", "0-0", "5", "2", "[1, 2, 3, 4]", "{preset: nope}", "|\n  text",
]

#: Odd values as Python data (for JSON positions and parsed YAML trees).
ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, -5, 1, 2, 3, 12, 13, 2**70, 10**400, 1.5, 12.0,
    float("inf"), float("nan"), "", "x", "No", "12|4", "12-5", "5-12", "13-2", "12-12",
    "0-0", "M", "m", "0", "1", "2", "9", "R-TURN-9", "draw", "12-5@1", [], {}, [[]], [1],
    ["12-5"], ["x"], [None], {"a": 1}, {"top": ["1-2"]}, {"1": ["12-5"]}, {"M": []},
    {"preset": "nope"}, {"preset": "standard"}, "standard", [1, 2, 3, 4, 5],
]


def _small_scenarios() -> list[str]:
    texts = []
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        if len(data.get("steps", [])) <= 4:
            texts.append(text)
    return texts


SCENARIO_TEXTS = _small_scenarios()


def _paths(tree: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(tree, dict):
        for k, v in tree.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            out += _paths(v, (*prefix, i))
    return out


def _get(tree: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        tree = tree[p]
    return tree


odd_values = st.one_of(
    st.sampled_from(ODD_VALUES).map(copy.deepcopy),  # fresh: later changes must not leak
    st.integers(min_value=-20, max_value=40),
    st.text(max_size=6),
    st.recursive(st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=4),
                 lambda kids: st.lists(kids, max_size=3)
                 | st.dictionaries(st.text(max_size=4), kids, max_size=3), max_leaves=6),
)


@st.composite
def mutated_tree(draw: st.DrawFn, tree: Any, max_changes: int = 3) -> Any:
    """A deep copy of ``tree`` (JSON-like data) with 1 to ``max_changes`` changes."""
    tree = copy.deepcopy(tree)
    for _ in range(draw(st.integers(1, max_changes))):
        paths = _paths(tree)
        path = draw(st.sampled_from(paths[1:] or paths))
        if not path:
            return draw(odd_values)
        parent = _get(tree, path[:-1])
        key = path[-1]
        op = draw(st.sampled_from(["replace", "replace", "replace", "delete", "double",
                                   "add"]))
        if op == "replace":
            parent[key] = draw(odd_values)
        elif op == "delete":
            del parent[key]
        elif op == "double" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["x", "turn", "result", "markers", "scores",
                                         "open_doubles", "passes", "check", "say"]))] = \
                draw(odd_values)
        else:
            parent.append(draw(odd_values))
    return tree


@st.composite
def scenario_texts(draw: st.DrawFn) -> str:
    """A small bundled scenario, damaged in its text or in its parsed tree."""
    text = draw(st.sampled_from(SCENARIO_TEXTS))
    if draw(st.booleans()):
        data = draw(mutated_tree(yaml.safe_load(text)))
        try:
            return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
        except (yaml.YAMLError, ValueError, TypeError, RecursionError):
            return text
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["value", "value", "delete", "double", "swap", "tab",
                                   "truncate", "insert"]))
        line = lines[i]
        if op == "value" and ":" in line:
            head = line[: line.index(":") + 1]
            lines[i] = f"{head} {draw(st.sampled_from(ODD_YAML))}"
        elif op == "value" and line.lstrip().startswith("- "):
            lines[i] = line[: line.index("- ") + 2] + draw(st.sampled_from(ODD_YAML))
        elif op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "double":
            lines.insert(i, line)
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "tab":
            lines[i] = "\t" + line.lstrip(" ")
        elif op == "truncate":
            lines = lines[: i + 1]
            lines[-1] = line[: draw(st.integers(0, len(line)))]
        else:
            indent = line[: len(line) - len(line.lstrip())]
            key = draw(st.sampled_from(["check", "say", "move", "highlight", "x", "teaches",
                                        "players", "<<", "to_play", "markers"]))
            lines.insert(i, f"{indent}{key}: {draw(st.sampled_from(ODD_YAML))}")
    return "\n".join(lines) + "\n"
