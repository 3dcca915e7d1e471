"""Hypothesis strategies that damage input files: scenario texts, positions, saved games.

Each strategy starts from a real, valid input and applies a few mutations, some to the
text (lines deleted, doubled, swapped, tabs, odd values) and some to the parsed tree
(a value replaced by an odd one, a key dropped, a list item doubled), so that most
examples get past the parser and reach the deeper checks.
"""

from __future__ import annotations

import copy
import json
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


# ----------------------------------------------------------------- session host requests
#: Tokens that break a request's JSON text in the ways that matter: NaN and infinity,
#: numbers too large for a float or too long for an int, deep nesting, odd bytes.
BAD_JSON_TOKENS = ["NaN", "Infinity", "-Infinity", "1e400", "-1e999", "9" * 5000, "1e-400",
                   "[" * 70, "]" * 70, "{" * 40, '"\\ud800"', "\x00", "\ufeff", '"', "}", "]",
                   ",", "null", "true", "-", "0x10", "'x'", "[" * 3000 + "]" * 3000]

#: Values of the wrong type (or out of range) for the fields an intent carries.
BAD_FIELD_VALUES: dict[str, list[Any]] = {
    "move": [None, 12, 1.5, True, [], ["12-5@M"], {"tile": "12-5"}, "1" * 65, 10**30],
    "seed": [1.5, True, False, [], {}, "", "s" * 201, 2**63, -2**63, 10**40, [1]],
    "players": [None, "x", "", 2.5, True, 1, 9, -1, 10**20, [3], {}, "3.0", "٣"],
    "bots": [None, "x", -1, 2.5, True, 99, [1], {}, 10**20],
    "bot": [None, 1, [], {}, "chess", "Greedy", "", True, ["greedy"]],
}

#: Intents a learner's board sends (the valid ones), by action.
PLAIN_ACTIONS = ["draw", "pass", "uno", "end", "undo", "hint", "next_round", "new_match"]


def _json_values() -> st.SearchStrategy[Any]:
    scalars = (st.none() | st.booleans() | st.integers(-2**70, 2**70)
               | st.floats(allow_nan=False, allow_infinity=False)
               | st.sampled_from(["board", "puzzle", "open", "intent", "close", "move",
                                  "board-1", "puzzle-2", "draw", "12-5@M", "", "x"])
               | st.text(max_size=8))
    return st.recursive(scalars, lambda kids: st.lists(kids, max_size=4)
                        | st.dictionaries(st.sampled_from(["op", "kind", "spec", "session",
                                                           "intent", "action", "move", "x"])
                                          | st.text(max_size=4), kids, max_size=4),
                        max_leaves=10)


json_values = _json_values()


def _requests(board_specs: list[dict[str, Any]],
              puzzle_specs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Valid requests to damage: opens of every spec, intents to the first sessions."""
    return ([{"op": "open", "kind": "board", "spec": s} for s in board_specs]
            + [{"op": "open", "kind": "puzzle", "spec": s} for s in puzzle_specs]
            + [{"op": "intent", "session": "board-1", "intent": i}
               for i in ({"action": "move", "move": "6-5@M"}, {"action": "draw"},
                         {"action": "new_game", "players": 3, "bots": 2, "bot": "random",
                          "seed": 5}, {"action": "new_match", "seed": "w"})]
            + [{"op": "intent", "session": "puzzle-2", "intent": i}
               for i in ({"action": "answer", "answer": "6-2@1"}, {"action": "restart"},
                         {"action": "move", "move": "6-6@1"})]
            + [{"op": "close", "session": "board-1"}])


@st.composite
def host_ops(draw: st.DrawFn, board_specs: list[dict[str, Any]],
             puzzle_specs: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """A sequence of 1 to 6 operations on a session host: valid intents (a legal move by
    index, plain actions, a new game), intents with a field of the wrong type, opens of
    good or damaged specs, closes, and garbage requests (random JSON, valid requests with
    a value replaced or a bad token put into their text: NaN, infinity, deep nesting, huge
    numbers). ``("raw", text)`` ops go to the host as they are; the others name a session
    by index (the test resolves it against the sessions open at that moment)."""
    requests = _requests(board_specs, puzzle_specs)
    ops: list[tuple[Any, ...]] = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["legal", "legal", "legal", "action", "action", "new_game",
                                     "bad_field", "bad_field", "open", "close", "json",
                                     "text", "tree", "tree", "any_intent"]))
        target = draw(st.integers(0, 99))
        if kind == "legal":
            ops.append(("legal", target, draw(st.integers(0, 99))))
        elif kind == "action":
            ops.append(("intent", target, {"action": draw(st.sampled_from(PLAIN_ACTIONS)),
                                           **({"seed": draw(st.integers(0, 99))}
                                              if draw(st.booleans()) else {})}))
        elif kind == "new_game":
            n = draw(st.integers(2, 4))
            ops.append(("intent", target, {"action": "new_game", "players": n,
                                           "bots": draw(st.integers(0, n - 1)),
                                           "bot": draw(st.sampled_from(["greedy", "random"])),
                                           "seed": draw(st.integers(0, 99))}))
        elif kind == "bad_field":
            field = draw(st.sampled_from(sorted(BAD_FIELD_VALUES)))
            bad = copy.deepcopy(draw(st.sampled_from(BAD_FIELD_VALUES[field])))
            action = ("move" if field == "move" else "new_match" if field == "seed"
                      and draw(st.booleans()) else "new_game")
            intent: dict[str, Any] = {"action": action, field: bad}
            if action == "new_game" and field != "players":
                intent.setdefault("players", 3)
            ops.append(("bad_intent", target, intent))
        elif kind == "open":
            ops.append(("raw", json.dumps(draw(st.sampled_from(requests[:len(board_specs)
                                                                        + len(puzzle_specs)])))))
        elif kind == "close":
            ops.append(("close", target, draw(st.booleans())))
        elif kind == "json":
            ops.append(("raw", json.dumps(draw(json_values))))
        elif kind == "text":
            text = json.dumps(draw(st.sampled_from(requests)))
            k = draw(st.integers(0, len(text)))
            token = draw(st.sampled_from(BAD_JSON_TOKENS))
            ops.append(("raw", draw(st.sampled_from([text[:k] + token + text[k:],
                                                     text[:k] + token + text[k + 1:],
                                                     text[:k]]))))
        elif kind == "tree":
            req = draw(st.sampled_from(requests))
            bad = (draw(mutated_tree(req, max_changes=2)) if draw(st.booleans())
                   else _with_odd_number(draw(st.integers(0, 10**6)))(req))
            try:
                ops.append(("raw", json.dumps(bad, allow_nan=True)))
            except (ValueError, TypeError, RecursionError):
                continue
        else:
            ops.append(("intent", target, draw(json_values)))
    return ops


def _with_odd_number(k: int) -> Any:
    """A function that puts NaN, infinity or a huge number at the ``k``-th node of a copy
    of a request (so a field deep inside a spec gets one)."""
    odd = [float("nan"), float("inf"), float("-inf"), 10**400, 2**70, -2**63, 1e308, 0.5]

    def change(req: dict[str, Any]) -> Any:
        tree = copy.deepcopy(req)
        paths = _paths(tree)[1:]
        path = paths[k % len(paths)]
        _get(tree, path[:-1])[path[-1]] = odd[k % len(odd)]
        return tree

    return change


# ----------------------------------------------------------------- progress files
#: Star counts and other values a damaged or hand-edited progress record may hold.
ODD_STARS: list[Any] = [10**6, -10**9, 4, -1, 2.5, 3.9999, -0.5, float("inf"), float("nan"),
                        "x", "3", True, False, None, [], {}, [3], 2**70, 10**400]

PROGRESS_IDS = ["cover-the-double", "must-draw", "count-the-hand", "a", "b" * 40]


def _good_record(i: int) -> dict[str, Any]:
    solved = i % 3 != 2
    rec: dict[str, Any] = {"solved": solved, "stars": (i % 3) + 1 if solved else 0}
    if i % 2:
        rec.update(last_stars=1, slips=i, hints=0, shown=not solved,
                   when="2026-11-24T02:00:00.000Z")
    return rec


_odd_fields = st.sampled_from(ODD_STARS) | values

GOOD_PROGRESS = {"format": "mtlearn/progress", "version": 1,
                 "puzzles": {pid: _good_record(i) for i, pid in enumerate(PROGRESS_IDS)}}


@st.composite
def progress_files(draw: st.DrawFn) -> bytes:
    """A progress file, damaged in its tree (a record or field replaced by an odd value or
    odd stars, dropped, added) or in its text (cut, a bad token inserted, deep nesting)."""
    data = copy.deepcopy(GOOD_PROGRESS)
    how = draw(st.sampled_from(["stars", "stars", "tree", "tree", "text", "bytes"]))
    if how == "stars":
        for pid in draw(st.lists(st.sampled_from(PROGRESS_IDS), min_size=1, max_size=3)):
            rec = data["puzzles"][pid]
            rec[draw(st.sampled_from(["stars", "last_stars", "slips", "solved", "shown",
                                      "when", "x"]))] = copy.deepcopy(draw(_odd_fields))
    elif how == "tree":
        data = draw(mutated_tree(data, max_changes=4))
    text = json.dumps(data, allow_nan=True) if how != "bytes" or draw(st.booleans()) \
        else "{}"
    if how in ("text", "bytes"):
        k = draw(st.integers(0, len(text)))
        token = draw(st.sampled_from([*BAD_JSON_TOKENS, "", "[" * 100_000]))
        text = draw(st.sampled_from([text[:k], text[:k] + token + text[k:],
                                     text[:k] + text[k + 7:]]))
    raw = text.encode("utf-8", "surrogatepass")
    if how == "bytes":
        k = draw(st.integers(0, len(raw)))
        raw = raw[:k] + draw(st.sampled_from([b"\xff", b"\xc3", b"\x00", b"\xef\xbb\xbf"])) \
            + raw[k:]
    return raw
