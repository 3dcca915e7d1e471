"""Reading and proving puzzle files: the fields, the goal, and the bundled puzzles.

:func:`~mtlearn.puzzles.load` and :func:`~mtlearn.puzzles.load_text` read a puzzle's YAML
with the scenario files' safe reader (:mod:`mtlearn.scenario_yaml`);
:func:`~mtlearn.puzzles.from_data` builds a :class:`~mtlearn.puzzles.Puzzle` from parsed
data, YAML or JSON (the in-page engine has no PyYAML, so this needs only the standard
library). Every mistake raises a :class:`~mtlearn.puzzles.PuzzleError` naming the file,
the line and the field. :func:`~mtlearn.puzzles.check` proves a puzzle: its goal can be
met, its example answer meets it, and each tempting wrong answer is refused or marked
wrong for the intended reason. :func:`~mtlearn.puzzles.bundled` and
:func:`~mtlearn.puzzles.get` give the puzzles shipped with mtlearn.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import IllegalMoveError, PositionError, RulesError
from .game import Game
from .puzzle_goals import seat_of, train_key
from .puzzle_record import FAMILIES, KINDS, Puzzle, Wrong
from .ruleids import RULES
from .rules import Rules
from .scenario_yaml import (
    Reader,
    ScenarioError,
    path_text,
    read_bundled,
    read_file,
    where_to_path,
)

__all__ = ["LineOf", "PuzzleError", "bundled", "check", "from_data", "get", "is_puzzle_text",
           "load", "load_text"]

_TOP = {"id", "title", "family", "level", "teaches", "rules", "position", "setup",
        "perspective", "question", "kind", "goal", "hints", "answer", "wrong", "par",
        "explain"}
_MOVE_GOALS = {"covers_double", "most_pips", "on_train", "keeps_plan", "move_kind",
               "plays", "turn_over", "markers", "open_doubles"}
_CHOOSE_ASKS = {"next_player", "open_trains", "match_winner"}
_NUMBER_COUNTS = {"pips", "round_score", "total", "engine"}

_ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


class PuzzleError(ScenarioError):
    """A puzzle file that is malformed or does not prove; names file, line and field."""


# ---------------------------------------------------------------------- reading
LineOf = Callable[[tuple[Any, ...]], "int | None"]


def from_data(data: Any, source: str = "<puzzle>",
              line_of: LineOf | None = None) -> Puzzle:
    """Build a puzzle from parsed data (YAML or JSON); errors name ``source`` and lines."""
    lines = line_of or (lambda _p: None)

    def fail(path: tuple[Any, ...], problem: str) -> PuzzleError:
        return PuzzleError(source, lines(path), path_text(path), problem)

    if not isinstance(data, dict):
        raise fail((), "a puzzle is a mapping with id, title, position, question and goal")
    for k in data:
        if k not in _TOP:
            raise fail((k,), "unknown field (known: " + ", ".join(sorted(_TOP)) + ")")

    def text(key: str, required: bool = True) -> str:
        if key not in data:
            if required:
                raise fail((), f"the field {key!r} is missing")
            return ""
        v = data[key]
        if not isinstance(v, str) or not v.strip():
            raise fail((key,), "must be a non-empty text")
        return v.strip()

    pid = text("id")
    if not set(pid) <= _ID_CHARS or pid.startswith("-"):
        raise fail(("id",), f"{pid!r}: use lowercase letters, digits and dashes")
    title = text("title")
    family = text("family")
    if family not in FAMILIES:
        raise fail(("family",), f"{family!r} is not one of " + ", ".join(FAMILIES))
    level = data.get("level")
    if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 5:
        raise fail(("level",), "a whole number from 1 (easy) to 5 (hard)")
    teaches = data.get("teaches")
    if not isinstance(teaches, list) or not teaches:
        raise fail(("teaches",), "list the rule ids the puzzle teaches, e.g. [R-DBL-3]")
    for i, rid in enumerate(teaches):
        if rid not in RULES:
            raise fail(("teaches", i), f"{rid!r} is not a rule id of the rules reference")
    question = text("question")
    kind = text("kind")
    if kind not in KINDS:
        raise fail(("kind",), f"{kind!r} is not one of " + ", ".join(KINDS))
    hints = data.get("hints")
    if (not isinstance(hints, list) or len(hints) < 2
            or not all(isinstance(h, str) and h.strip() for h in hints)):
        raise fail(("hints",), "give at least two hints: first the rule to think about, "
                   "then the train or tile to look at")
    par = data.get("par", 0)
    if not isinstance(par, int) or isinstance(par, bool) or par < 0:
        raise fail(("par",), "a whole number of slips allowed for three stars (0 or more)")
    explain = text("explain", required=False)
    try:
        rules = Rules.from_dict(data.get("rules") or {"preset": "standard"})
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
        raise PuzzleError(source, lines(("position", *where_to_path(e.where))),
                          "position." + e.where if e.where else "position", e.problem) \
            from None
    except RulesError as e:
        raise fail(("position",), str(e)) from None
    setup = data.get("setup") or []
    if not isinstance(setup, list):
        raise fail(("setup",), "a list of moves played before the puzzle starts")
    for i, mv in enumerate(setup):
        try:
            game.push(str(mv))
        except (IllegalMoveError, ValueError) as e:
            raise fail(("setup", i), f"the engine refuses {mv}: {e}") from None
    persp = data.get("perspective")
    if persp is not None and (not isinstance(persp, int) or isinstance(persp, bool)
                              or not 1 <= persp <= game.n):
        raise fail(("perspective",), f"a seat from 1 to {game.n}, or null")
    goal = _read_goal(data.get("goal"), kind, game, fail)
    puzzle = Puzzle(pid, title, family, level, list(teaches), question, kind, goal,
                    [h.strip() for h in hints], data.get("answer"), [], par, explain, rules,
                    game, None if persp is None else persp - 1, source)
    if "answer" not in data:
        raise fail((), "the field 'answer' (an example right answer) is missing")
    wrong = data.get("wrong") or []
    if not isinstance(wrong, list):
        raise fail(("wrong",), "a list of {answer, expect} tempting wrong answers")
    for i, w in enumerate(wrong):
        if not isinstance(w, dict) or set(w) != {"answer", "expect"}:
            raise fail(("wrong", i), "each wrong answer is {answer: …, expect: rule id or "
                       "words of the explanation}")
        if not isinstance(w["expect"], str) or not w["expect"].strip():
            raise fail(("wrong", i, "expect"), "a rule id or words the explanation must say")
        puzzle.wrong.append(Wrong(w["answer"], w["expect"].strip(), lines(("wrong", i))))
    puzzle.lines = {"answer": lines(("answer",)), "goal": lines(("goal",))}
    puzzle.data = data
    return puzzle


def _read_goal(goal: Any, kind: str, game: Game,
               fail: Callable[[tuple[Any, ...], str], PuzzleError]) -> dict[str, Any]:
    if kind == "all-moves":
        if goal not in (None, {"all_legal": True}):
            raise fail(("goal",), "an all-moves puzzle has the goal {all_legal: true}")
        return {"all_legal": True}
    if not isinstance(goal, dict) or not goal:
        raise fail(("goal",), "the goal is a mapping of conditions (see the teacher's guide)")
    out = dict(goal)

    def seat(key: str) -> None:
        if key in out:
            try:
                out[key] = seat_of(game, out[key])
            except ValueError as e:
                raise fail(("goal", key), str(e)) from None

    def after() -> None:
        moves = out.get("after", [])
        if not isinstance(moves, list):
            raise fail(("goal", "after"), "a list of moves played before the question")
        g = game.copy()
        for i, mv in enumerate(moves):
            try:
                g.push(str(mv))
            except (IllegalMoveError, ValueError) as e:
                raise fail(("goal", "after", i), f"the engine refuses {mv}: {e}") from None
        out["after"] = [str(m) for m in moves]

    if kind in ("move", "sequence"):
        for k in goal:
            if k not in _MOVE_GOALS:
                raise fail(("goal", k), "unknown condition (known: "
                           + ", ".join(sorted(_MOVE_GOALS)) + ")")
        if "on_train" in out and out["on_train"] != "own":
            try:
                train_key(out["on_train"], game.n)
            except ValueError as e:
                raise fail(("goal", "on_train"), str(e)) from None
        for k in ("markers", "open_doubles"):
            if k in out and not isinstance(out[k], list):
                raise fail(("goal", k), "a list")
        if "markers" in out:
            try:
                [seat_of(game, x) for x in out["markers"]]
            except ValueError as e:
                raise fail(("goal", "markers"), str(e)) from None
        if game.over:
            raise fail(("position",), "the round is over: nobody can move")
    elif kind == "choose":
        if out.get("ask") not in _CHOOSE_ASKS:
            raise fail(("goal", "ask"), "ask one of " + ", ".join(sorted(_CHOOSE_ASKS)))
        unknown = set(out) - {"ask", "after", "seat"}
        if unknown:
            raise fail(("goal", sorted(unknown)[0]), "unknown field (known: ask, after, seat)")
        seat("seat")
        after()
    elif kind == "number":
        if out.get("count") not in _NUMBER_COUNTS:
            raise fail(("goal", "count"), "count one of " + ", ".join(sorted(_NUMBER_COUNTS)))
        unknown = set(out) - {"count", "after", "seat", "round"}
        if unknown:
            raise fail(("goal", sorted(unknown)[0]), "unknown field (known: count, after, "
                       "seat, round)")
        if "round" in out:
            r = out["round"]
            if out["count"] != "engine":
                raise fail(("goal", "round"), "only an engine count names a round")
            if not isinstance(r, int) or isinstance(r, bool) or not 1 <= r <= game.rounds:
                raise fail(("goal", "round"), f"a round of this match, from 1 to "
                           f"{game.rounds}")
        seat("seat")
        after()
    elif kind == "plan":
        unknown = set(out) - {"longest_train", "seat", "from"}
        if unknown or out.get("longest_train") is not True:
            raise fail(("goal",), "a plan puzzle has the goal {longest_train: true} and may "
                       "name a seat and the number to start 'from'")
        seat("seat")
        f = out.get("from")
        if f is not None and (not isinstance(f, int) or not 0 <= f <= game.set_max):
            raise fail(("goal", "from"), f"a number from 0 to {game.set_max}")
    return out


def load_text(text: str, source: str = "<puzzle>") -> Puzzle:
    """Read a puzzle from YAML text (the scenario reader: errors carry line numbers)."""
    try:
        r = Reader(text, source)
    except ScenarioError as e:
        raise PuzzleError(e.source, e.line, e.where, e.problem) from None
    return from_data(r.data, source, r.line)


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
                   f"the example answer {puzzle.answer!r} does not meet the goal: "
                   f"{fb.status}: {fb.text}")
    notes = [f"{len(sols)}{'+' if len(sols) >= 5 else ''} right answer(s)"]
    for i, w in enumerate(puzzle.wrong):
        fb = puzzle.judge(w.answer)
        where = f"wrong[{i}]"
        if fb.status == "right":
            raise fail(where, w.line, f"{w.answer!r} meets the goal, so it is not wrong")
        if fb.status not in ("illegal", "wrong"):
            raise fail(where, w.line, f"{w.answer!r} is not judged wrong but "
                       f"{fb.status}: {fb.text}")
        if w.expect in RULES:
            if fb.rule != w.expect and f"({w.expect})" not in fb.text \
                    and w.expect not in fb.text:
                raise fail(where, w.line, f"{w.answer!r} is {fb.status} with "
                           f"{fb.rule or 'no rule id'}, not {w.expect}: {fb.text}")
        elif w.expect.lower() not in fb.text.lower():
            raise fail(where, w.line, f"the explanation for {w.answer!r} does not say "
                       f"{w.expect!r}: {fb.text}")
    notes.append(f"{len(puzzle.wrong)} wrong answer(s) explained")
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

