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


#: Values of the right shape for many fields (seats, counts, flags, trains): a position
#: changed with these often still loads, in an odd but legal state.
PLAUSIBLE: list[Any] = [0, 1, 2, 3, 4, True, False, None, [], [1], [2], [1, 2], ["1"], ["M"],
                        ["2", "M"], "M", "1", {"out": 1}, {"out": None, "blocked": True}]

values = st.one_of(odd_values, st.sampled_from(PLAUSIBLE).map(copy.deepcopy))


@st.composite
def mutated_tree(draw: st.DrawFn, tree: Any, max_changes: int = 3) -> Any:
    """A deep copy of ``tree`` (JSON-like data) with 0 to ``max_changes`` changes."""
    tree = copy.deepcopy(tree)
    for _ in range(draw(st.integers(0, max_changes))):
        paths = _paths(tree)
        path = draw(st.sampled_from(paths[1:] or paths))
        if not path:
            return draw(values)
        parent = _get(tree, path[:-1])
        key = path[-1]
        op = draw(st.sampled_from(["replace", "replace", "replace", "delete", "double",
                                   "add"]))
        if op == "replace":
            parent[key] = draw(values)
        elif op == "delete":
            del parent[key]
        elif op == "double" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["x", "turn", "result", "markers", "scores",
                                         "open_doubles", "passes", "check", "say"]))] = \
                draw(values)
        else:
            parent.append(draw(values))
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


# ----------------------------------------------------------------- positions, saved games
def _source_games() -> tuple[list[dict[str, Any]], list[str]]:
    """Real positions (from random play at every stage of a round, over presets and
    options) and real saved games (short matches of one to three rounds)."""
    import random

    from mtlearn import PRESETS, Game, RandomBot

    rng = random.Random(7)
    positions: list[dict[str, Any]] = []
    saves: list[str] = []
    options: list[dict[str, Any]] = [{}, {"wild_blanks": True}, {"first_turn": "fast"},
                                     {"first_turn": "delayed"}, {"may_decline": True},
                                     {"double_order": "reverse"}, {"last_tile": "penalty"}]
    for k in range(42):
        rules = {"preset": sorted(PRESETS)[k % len(PRESETS)], **options[k % len(options)]}
        game = Game.new(rng.choice([2, 3, 4]), set=rng.choice([6, 9]), rules=rules, seed=k)
        bot = RandomBot(k)
        stop = rng.randrange(60)
        for _ in range(stop):
            if game.over:
                break
            game.push(bot.choose(game))
        positions.append(game.to_position())
        if k % 3 == 0:
            for _ in range(rng.randrange(3)):
                while not game.over:
                    game.push(bot.choose(game))
                if game.is_match_over:
                    break
                game.next_round()
                for _ in range(rng.randrange(20)):
                    if not game.over:
                        game.push(bot.choose(game))
            saves.append(game.to_json(indent=None))
    return positions, saves


SOURCE_POSITIONS, SOURCE_SAVES = _source_games()


@st.composite
def positions(draw: st.DrawFn) -> Any:
    """A real position (a JSON-like dict) with a few values changed, dropped or added."""
    return draw(mutated_tree(draw(st.sampled_from(SOURCE_POSITIONS))))


@st.composite
def saved_games(draw: st.DrawFn) -> str:
    """A real saved game, damaged in its JSON tree or in its text."""
    import json

    text = draw(st.sampled_from(SOURCE_SAVES))
    if draw(st.integers(0, 4)):
        data = draw(mutated_tree(json.loads(text), max_changes=2))
        try:
            return json.dumps(data)
        except (ValueError, TypeError):
            return text
    k = draw(st.integers(0, len(text)))
    op = draw(st.sampled_from(["cut", "insert", "delete"]))
    if op == "cut":
        return text[:k]
    if op == "insert":
        return text[:k] + draw(st.sampled_from(['"', "[", "]", "{", "}", ",", "1e999",
                                                "null", "-", "\\u0000", "9" * 30])) + text[k:]
    return text[:k] + text[k + draw(st.integers(1, 20)):]
