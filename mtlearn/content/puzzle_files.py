"""Reading and proving puzzle files: the fields, the goal, and the bundled puzzles.

:func:`~mtlearn.content.puzzles.load` and :func:`~mtlearn.content.puzzles.load_text` read a
puzzle's YAML with the scenario files' safe reader (:mod:`mtlearn.content.scenario_yaml`);
:func:`~mtlearn.content.puzzles.from_data` builds a :class:`~mtlearn.content.puzzles.Puzzle`
from parsed data, YAML or JSON (the in-page engine has no PyYAML, so this needs only the
standard library). Every field is read by a typed reader (:mod:`mtlearn.content.fields`),
and every mistake raises a :class:`~mtlearn.content.puzzles.PuzzleError` naming the file,
the line and the field, in one line. :func:`~mtlearn.content.puzzles.check` proves a puzzle:
its goal can be met, its example answer meets it, and each tempting wrong answer is refused
or marked wrong for the intended reason. :func:`~mtlearn.content.puzzles.bundled` and
:func:`~mtlearn.content.puzzles.get` give the puzzles shipped with mtlearn.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.errors import IllegalMoveError, PositionError, RulesError
from ..core.ruleids import RULES
from ..core.rules import Rules
from ..engine.game import Game
from .fields import Fields, plain_dashes, plural, short
from .puzzle_goals import seat_of, train_key
from .puzzle_record import FAMILIES, KINDS, Puzzle, PuzzleError, Wrong
from .scenario_yaml import (
    MAX_DEPTH,
    Reader,
    ScenarioError,
    path_text,
    read_bundled,
    read_file,
    too_deep,
    where_to_path,
)

__all__ = ["LineOf", "PuzzleError", "bundled", "check", "from_data", "get", "is_puzzle_text",
           "load", "load_text"]

_TOP = {"id", "title", "family", "level", "teaches", "rules", "position", "setup",
        "perspective", "question", "kind", "goal", "hints", "answer", "wrong", "par",
        "explain"}
_MOVE_GOALS = {"covers_double", "most_pips", "on_train", "keeps_plan", "move_kind",
               "plays", "turn_over", "markers", "open_doubles", "goes_out"}
_BOOL_GOALS = {"covers_double", "most_pips", "keeps_plan", "turn_over", "goes_out"}
_MOVE_KINDS = {"play", "draw", "pass", "uno", "end"}
_CHOOSE_ASKS = {"next_player", "open_trains", "match_winner"}
_NUMBER_COUNTS = {"pips", "round_score", "total", "engine"}

_ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


# ---------------------------------------------------------------------- reading
LineOf = Callable[[tuple[Any, ...]], "int | None"]
HintOf = Callable[[tuple[Any, ...]], str]

#: Most tiles a ``plays:`` goal may ask for (no hand holds more).
MAX_PLAYS = 50
#: Most slips a ``par`` may allow.
MAX_PAR = 20


def from_data(data: Any, source: str = "<puzzle>",
              line_of: LineOf | None = None, hint_of: HintOf | None = None) -> Puzzle:
    """Build a puzzle from parsed data (YAML or JSON); errors name ``source`` and lines.

    Every field is read with a typed reader (:mod:`mtlearn.content.fields`): a value of the
    wrong type, NaN, infinity or a number out of range is a :class:`PuzzleError` with a
    one-line reason naming the field. ``hint_of`` (the YAML reader's) adds a hint where
    YAML read a word such as ``No`` as false.
    """
    lines = line_of or (lambda _p: None)
    hints_at = hint_of or (lambda _p: "")

    def fail(path: tuple[Any, ...], problem: str) -> PuzzleError:
        return PuzzleError(source, lines(path), path_text(path), problem + hints_at(path))

    f = Fields(fail)
    if not isinstance(data, dict):
        raise fail((), "a puzzle is a mapping with id, title, position, question and goal")
    for k in data:
        if k not in _TOP:
            named = isinstance(k, (str, int))
            raise fail((k,) if named else (), ("unknown field" if named else
                       f"unknown field {short(k)}") + " (known: " + ", ".join(sorted(_TOP))
                       + ")")
    deep = too_deep(data, MAX_DEPTH)
    if deep is not None:
        raise fail(deep[:2], f"values nested more than {MAX_DEPTH} levels deep")

    def text(key: str, required: bool = True) -> str:
        if key not in data:
            if required:
                raise fail((), f"the field {key!r} is missing")
            return ""
        return f.text(data[key], (key,))

    pid = text("id")
    if not set(pid) <= _ID_CHARS or pid.startswith("-"):
        raise fail(("id",), f"{short(pid)}: use lowercase letters, digits and dashes")
    title = text("title")
    family = f.choice(data.get("family"), ("family",), FAMILIES)
    level = f.whole(data.get("level"), ("level",), 1, 5, "1 is easy, 5 is hard")
    teaches = f.rule_ids(data.get("teaches"), ("teaches",), "R-DBL-3")
    question = text("question")
    kind = f.choice(data.get("kind"), ("kind",), KINDS)
    hints = data.get("hints")
    if not isinstance(hints, list) or len(hints) < 2:
        raise fail(("hints",), "give at least two hints: first the rule to think about, "
                   "then the train or tile to look at")
    hints = f.texts(hints, ("hints",), 2, "hints")
    par = f.whole(data.get("par", 0), ("par",), 0, MAX_PAR,
                  "slips allowed for three stars")
    explain = text("explain", required=False)
    rules_data = data.get("rules")
    if rules_data is not None and not isinstance(rules_data, dict):
        raise fail(("rules",), f"a mapping with a preset and options, like {{preset: "
                   f"standard}}, not {short(rules_data)}")
    try:
        rules = Rules.from_dict(rules_data or {"preset": "standard"})
    except RulesError as e:
        raise fail(("rules",), str(e)) from None
    pos = data.get("position")
    if not isinstance(pos, dict):
        raise fail(("position",), "the position is missing or not a mapping")
    if "rules" in pos:
        raise fail(("position", "rules"), "put the rules at the top level of the puzzle")
    try:
        game = Game.from_position({**pos, "rules": rules})
    except PositionError as e:
        where = ("position", *where_to_path(e.where))
        raise PuzzleError(source, lines(where),
                          "position." + e.where if e.where else "position",
                          e.problem + hints_at(where)) from None
    except RulesError as e:
        raise fail(("position",), str(e)) from None
    setup = data.get("setup") or []
    if not isinstance(setup, list):
        raise fail(("setup",), "a list of moves played before the puzzle starts")
    for i, mv in enumerate(setup):
        _push(game, f.move(mv, ("setup", i)), ("setup", i), fail)
    persp = data.get("perspective")
    if persp is not None:
        persp = f.whole(persp, ("perspective",), 1, game.n, "a seat, or null")
    goal = _read_goal(data.get("goal"), kind, game, f)
    if "answer" not in data:
        raise fail((), "the field 'answer' (an example right answer) is missing")
    puzzle = Puzzle(pid, title, family, level, teaches, question, kind, goal,
                    hints, _dashes_in(data["answer"]), [], par, explain, rules,
                    game, None if persp is None else persp - 1, source)
    wrong = data.get("wrong") or []
    if not isinstance(wrong, list):
        raise fail(("wrong",), "a list of {answer, expect} tempting wrong answers")
    for i, w in enumerate(wrong):
        if not isinstance(w, dict) or set(w) != {"answer", "expect"}:
            raise fail(("wrong", i), "each wrong answer is {answer: …, expect: rule id or "
                       "words of the explanation}")
        expect = f.text(w["expect"], ("wrong", i, "expect"))
        if _RULE_LIKE.match(expect):
            expect = f.rule_id(expect, ("wrong", i, "expect"))
        puzzle.wrong.append(Wrong(_dashes_in(w["answer"]), expect, lines(("wrong", i))))
    puzzle.lines = {"answer": lines(("answer",)), "goal": lines(("goal",))}
    puzzle.data = data
    return puzzle


_RULE_LIKE = re.compile(r"^R-[A-Z]+-[A-Z0-9]+$")
_RULE_ID = re.compile(r"R-[A-Z]+-[A-Z0-9]+")


def _dashes_in(answer: Any) -> Any:
    """An answer from the file with en and em dashes in its moves and tiles read as
    hyphens (a text, or a list of texts)."""
    if isinstance(answer, str):
        return plain_dashes(answer)
    if isinstance(answer, list):
        return [plain_dashes(a) if isinstance(a, str) else a for a in answer]
    return answer


def _push(game: Game, move: str, path: tuple[Any, ...],
          fail: Callable[[tuple[Any, ...], str], Exception]) -> None:
    try:
        game.push(move)
    except (IllegalMoveError, ValueError) as e:
        raise fail(path, f"the engine refuses {short(move)}: {e}") from None


def _read_goal(goal: Any, kind: str, game: Game, f: Fields) -> dict[str, Any]:
    """The goal, each condition read with its type; raises through ``f.fail``."""
    fail = f.fail
    if kind == "all-moves":
        if goal is not None and not (isinstance(goal, dict) and list(goal) == ["all_legal"]
                                     and goal["all_legal"] is True):
            raise fail(("goal",), "an all-moves puzzle has the goal {all_legal: true}")
        return {"all_legal": True}
    if not isinstance(goal, dict) or not goal:
        raise fail(("goal",), "the goal is a mapping of conditions (see the teacher's guide)")
    out: dict[str, Any] = {}

    def known(keys: set[str]) -> None:
        for k in goal:
            if k not in keys:
                raise fail(("goal", k) if isinstance(k, (str, int)) else ("goal",),
                           f"unknown condition {short(k)} for a {kind} puzzle (known: "
                           + ", ".join(sorted(keys)) + ")")

    def seat(key: str, g: Game) -> None:
        if key in goal:
            try:
                out[key] = seat_of(g, goal[key])
            except ValueError as e:
                raise fail(("goal", key), str(e)) from None

    def after() -> Game:
        moves = goal.get("after", [])
        if not isinstance(moves, list):
            raise fail(("goal", "after"), "a list of moves played before the question")
        g = game.copy()
        out["after"] = []
        for i, mv in enumerate(moves):
            mv = f.move(mv, ("goal", "after", i))
            _push(g, mv, ("goal", "after", i), fail)
            out["after"].append(mv)
        return g

    if kind in ("move", "sequence"):
        known(_MOVE_GOALS)
        if game.over:
            raise fail(("position",), "the round is over: nobody can move")
        hand = len(game.hand(game.current))
        for k, v in goal.items():
            path = ("goal", k)
            if k in _BOOL_GOALS:
                out[k] = f.boolean(v, path)
            elif k == "plays":
                out[k] = f.whole(v, path, 1, min(hand + 1, MAX_PLAYS),
                                 f"the player to play holds {plural(hand, 'tile')}")
            elif k == "move_kind":
                out[k] = f.choice(v, path, _MOVE_KINDS)
            elif k == "on_train":
                if v != "own":
                    if isinstance(v, bool) or not isinstance(v, (str, int)):
                        raise fail(path, f"own, M or a seat number, not {short(v)}")
                    try:
                        train_key(v, game.n)
                    except ValueError as e:
                        raise fail(path, str(e)) from None
                out[k] = v
            elif k == "markers":
                if not isinstance(v, list):
                    raise fail(path, "a list of players (names or seat numbers)")
                for i, x in enumerate(v):
                    try:
                        seat_of(game, x)
                    except ValueError as e:
                        raise fail((*path, i), str(e)) from None
                out[k] = list(v)
            elif k == "open_doubles":
                if not isinstance(v, list):
                    raise fail(path, "a list of trains (M or seat numbers)")
                for i, x in enumerate(v):
                    if isinstance(x, bool) or not isinstance(x, (str, int)):
                        raise fail((*path, i), f"M or a seat number, not {short(x)}")
                    try:
                        train_key(x, game.n)
                    except ValueError as e:
                        raise fail((*path, i), str(e)) from None
                out[k] = list(v)
    elif kind == "choose":
        known({"ask", "after", "seat"})
        out["ask"] = f.choice(goal.get("ask"), ("goal", "ask"), _CHOOSE_ASKS,
                              "one of the questions")
        g = after()
        seat("seat", game)
        if out["ask"] == "open_trains":
            if g.over:
                raise fail(("goal",), "the round is over: no train is open to anyone")
            if "seat" in out and out["seat"] != g.current:
                raise fail(("goal", "seat"), f"open_trains asks about the player to play "
                           f"({g.players[g.current]}); leave out the seat or name them")
            out["seat"] = g.current     # the player the question is about, after `after`
    elif kind == "number":
        known({"count", "after", "seat", "round"})
        out["count"] = f.choice(goal.get("count"), ("goal", "count"), _NUMBER_COUNTS,
                                "one of the counts")
        if "round" in goal:
            if out["count"] != "engine":
                raise fail(("goal", "round"), "only an engine count names a round")
            out["round"] = f.whole(goal["round"], ("goal", "round"), 1, game.rounds,
                                   "a round of this match")
        after()
        seat("seat", game)
    elif kind == "plan":
        known({"longest_train", "seat", "from"})
        if goal.get("longest_train") is not True:
            raise fail(("goal",), "a plan puzzle has the goal {longest_train: true} and may "
                       "name a seat and the number to start 'from'")
        out["longest_train"] = True
        seat("seat", game)
        if goal.get("from") is not None:
            out["from"] = f.whole(goal["from"], ("goal", "from"), 0, game.set_max)
    return out


def load_text(text: str, source: str = "<puzzle>") -> Puzzle:
    """Read a puzzle from YAML text (the scenario reader: errors carry line numbers)."""
    try:
        r = Reader(text, source)
    except ScenarioError as e:
        raise PuzzleError(e.source, e.line, e.where, e.problem) from None
    return from_data(r.data, source, r.line, r.hint)


def load(path: str | Path) -> Puzzle:
    """Read the puzzle file at ``path``."""
    return load_text(read_file(path, PuzzleError), str(Path(path)))


def is_puzzle_text(text: str) -> bool:
    """True if YAML text looks like a puzzle (it has a top-level ``question:``)."""
    return any(line.startswith("question:") for line in text.splitlines())


# ---------------------------------------------------------------------- proving
def check(puzzle: Puzzle) -> list[str]:
    """Prove a puzzle; raises :class:`PuzzleError` naming the file, line and field.

    Checks that the goal can be met, that the example ``answer`` meets it, and that
    each tempting ``wrong`` answer is refused or marked wrong with the intended rule
    id or words. Returns short notes on what was proved.
    """
    def fail(field_: str, line: int | None, problem: str) -> PuzzleError:
        return PuzzleError(puzzle.source, line, field_, problem)

    sols = puzzle.solutions(limit=5)
    if not sols:
        raise fail("goal", puzzle.lines.get("goal"), "no answer meets this goal: the puzzle "
                   "cannot be solved")
    fb = puzzle.judge(puzzle.answer)
    if fb.status != "right":
        raise fail("answer", puzzle.lines.get("answer"),
                   f"the example answer {short(puzzle.answer)} does not meet the goal: "
                   f"{fb.status}: {fb.text}")
    notes = [plural(len(sols), "right answer") + ("+" if len(sols) >= 5 else "")]
    for i, w in enumerate(puzzle.wrong):
        fb = puzzle.judge(w.answer)
        where = f"wrong[{i}]"
        if fb.status == "right":
            raise fail(where, w.line, f"{short(w.answer)} meets the goal, so it is not wrong")
        if fb.status not in ("illegal", "wrong"):
            raise fail(where, w.line, f"{short(w.answer)} is not judged wrong but "
                       f"{fb.status}: {fb.text}")
        if w.expect in RULES:
            # the rule ids the verdict cites: its own, then any its sentence names
            cited = [fb.rule] if fb.rule else []
            cited += [r for r in _RULE_ID.findall(fb.text) if r not in cited]
            if w.expect not in cited:
                raise fail(where, w.line, f"{short(w.answer)} is {fb.status} with "
                           f"{', '.join(cited) or 'no rule id'}, not {w.expect}: "
                           f"{fb.text}")
        elif w.expect.lower() not in fb.text.lower():
            raise fail(where, w.line, f"the explanation for {short(w.answer)} does not say "
                       f"{w.expect!r}: {fb.text}")
    notes.append(plural(len(puzzle.wrong), "wrong answer") + " explained")
    puzzle.precomputed()
    return notes


# ---------------------------------------------------------------------- bundled
_CACHE: dict[str, Puzzle] = {}


def bundled() -> list[Puzzle]:
    """Every puzzle shipped with mtlearn, by family then level (read once, cached)."""
    order = list(FAMILIES)
    return sorted(read_bundled("puzzles", FAMILIES, load_text, _CACHE),
                  key=lambda p: (order.index(p.family), p.level, p.id))


def get(puzzle_id: str) -> Puzzle:
    """The bundled puzzle with this id."""
    for p in bundled():
        if p.id == puzzle_id:
            return p
    raise KeyError(f"no bundled puzzle {puzzle_id!r}; see `mtlearn list`")

