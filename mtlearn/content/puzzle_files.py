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

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.errors import PositionError, RulesError
from ..core.ruleids import RULES, looks_like_rule_id, rule_ids_in
from ..core.rules import Rules
from ..engine.game import Game
from .fields import Fields, plain_dashes, plural, short
from .goals import goal_kind
from .goals.goal_kind import push_move
from .puzzle_record import (
    FAMILIES,
    KINDS,
    MAX_RATING,
    MIN_RATING,
    Puzzle,
    PuzzleError,
    Wrong,
    default_rating,
)
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
        "explain", "themes", "rating"}

_ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


# ---------------------------------------------------------------------- reading
LineOf = Callable[[tuple[Any, ...]], "int | None"]
HintOf = Callable[[tuple[Any, ...]], str]

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
    themes = f.texts(data.get("themes") or [], ("themes",), 0, "themes")
    for i, theme in enumerate(themes):
        if not set(theme) <= _ID_CHARS or theme.startswith("-") or len(theme) > 40:
            raise fail(("themes", i), f"{short(theme)}: a theme is a short word of lowercase "
                       "letters, digits and dashes, like open-double")
    rating = f.whole(data.get("rating", default_rating(level)), ("rating",), MIN_RATING,
                     MAX_RATING, "the puzzle's starting rating")
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
        push_move(game, f.move(mv, ("setup", i)), ("setup", i), fail)
    persp = data.get("perspective")
    if persp is not None:
        persp = f.whole(persp, ("perspective",), 1, game.n, "a seat, or null")
    goal = goal_kind(kind).read(data.get("goal"), game, f)
    if "answer" not in data:
        raise fail((), "the field 'answer' (an example right answer) is missing")
    puzzle = Puzzle(pid, title, family, level, teaches, question, kind, goal,
                    hints, _dashes_in(data["answer"]), [], par, explain, rules,
                    game, None if persp is None else persp - 1, source,
                    themes=themes, rating=rating)
    wrong = data.get("wrong") or []
    if not isinstance(wrong, list):
        raise fail(("wrong",), "a list of {answer, expect} tempting wrong answers")
    for i, w in enumerate(wrong):
        if not isinstance(w, dict) or set(w) != {"answer", "expect"}:
            raise fail(("wrong", i), "each wrong answer is {answer: …, expect: rule id or "
                       "words of the explanation}")
        expect = f.text(w["expect"], ("wrong", i, "expect"))
        if looks_like_rule_id(expect):
            expect = f.rule_id(expect, ("wrong", i, "expect"))
        puzzle.wrong.append(Wrong(_dashes_in(w["answer"]), expect, lines(("wrong", i))))
    puzzle.lines = {"answer": lines(("answer",)), "goal": lines(("goal",))}
    puzzle.data = data
    return puzzle




def _dashes_in(answer: Any) -> Any:
    """An answer from the file with en and em dashes in its moves and tiles read as
    hyphens (a text, or a list of texts)."""
    if isinstance(answer, str):
        return plain_dashes(answer)
    if isinstance(answer, list):
        return [plain_dashes(a) if isinstance(a, str) else a for a in answer]
    return answer


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
            cited += [r for r in rule_ids_in(fb.text) if r not in cited]
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

