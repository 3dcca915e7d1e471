"""The base class of a puzzle's goal kind, the registry of kinds, and what the kinds share.

A goal kind (``kind: move`` in a puzzle file) is one subclass of :class:`GoalKind` in a
module of its own in this folder, registered with :func:`register`. It owns everything
that depends on the kind: reading and checking the goal's conditions from the file
(:meth:`GoalKind.read`), judging an answer (:meth:`GoalKind.judge`), the engine's own
answer (:meth:`GoalKind.truth`), the answers a search finds (:meth:`GoalKind.solutions`),
the answers stored for a page with no engine (:meth:`GoalKind.stored_answers`), the
example answer in words and on the board, and the id of the answer widget the front end
draws (:attr:`GoalKind.widget`). The puzzle record (:mod:`mtlearn.content.puzzle_record`)
and the file reader (:mod:`mtlearn.content.puzzle_files`) only look the kind up here.

Also here: :class:`Feedback` (a judgement), :class:`GoalReader` (the helpers a kind reads
its conditions with) and the small helpers several kinds use. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ...core.errors import IllegalMoveError
from ...core.moves import Move
from ...core.notation import parse_seat, parse_train, train_code
from ...core.protocol import View
from ...engine.game import Game
from ...present.view import describe_move
from ..fields import Fields, short

if TYPE_CHECKING:
    from ..puzzle_record import Puzzle

__all__ = ["GOAL_KINDS", "KINDS", "Feedback", "GoalKind", "GoalReader", "after_goal",
           "candidates", "describe_moves", "goal_kind", "move_highlights",
           "move_table", "move_text", "player_name", "push_move", "register", "seat_of",
           "train_code_of", "train_key", "unregister"]


@dataclass(frozen=True)
class Feedback:
    """The judgement of an answer.

    ``status`` is ``"right"``, ``"wrong"`` (legal but misses the goal), ``"illegal"``
    (refused by the engine, with its ``rule``), ``"continue"`` (a sequence that is not
    finished yet) or ``"invalid"`` (not an answer to this question at all).
    """

    status: str
    text: str
    rule: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form, as the front end reads it."""
        return {"status": self.status, "text": self.text, "rule": self.rule}


# ---------------------------------------------------------------------- the base class
class GoalKind:
    """One kind of puzzle goal. Subclass it in a module of this folder and decorate the
    class with :func:`register`; the class attributes say what the kind is called, what
    the learner answers and which answer widget the front end draws.

    A kind is used as one shared instance and keeps no state: every method takes the
    :class:`~mtlearn.content.puzzles.Puzzle` it works for (``p.goal`` is the goal as
    :meth:`read` returned it, ``p.start()`` a fresh copy of the position).
    """

    #: The kind as written in puzzle files (``kind: move``).
    name: ClassVar[str] = ""
    #: What the learner answers, in a few words (:data:`mtlearn.content.puzzles.KINDS`).
    summary: ClassVar[str] = ""
    #: The id of the front end's answer widget (``static/js/answer-widgets.js``).
    widget: ClassVar[str] = ""
    #: True if the board must not show the hands' points (they would give the answer away).
    hides_points: ClassVar[bool] = False
    #: True if the front end sends the answer one move at a time (``{"action": "move"}``).
    move_by_move: ClassVar[bool] = False
    #: A puzzle file of this kind (YAML text), for a kind no bundled puzzle uses yet: the
    #: tests read, prove, judge and store it as they do the bundled puzzles of each kind.
    example: ClassVar[str] = ""

    # -- reading the file
    def read(self, goal: Any, game: Game, f: Fields) -> dict[str, Any]:
        """The goal as the puzzle keeps it, each condition read with its type; a mistake
        raises through ``f.fail(path, problem)`` (the file's error, naming the line).

        The default takes a non-empty mapping and hands it to :meth:`read_conditions`.
        """
        if not isinstance(goal, dict) or not goal:
            raise f.fail(("goal",), "the goal is a mapping of conditions (see the teacher's "
                         "guide)")
        reader = GoalReader(goal, self.name, game, f)
        self.read_conditions(reader)
        return reader.out

    def read_conditions(self, r: GoalReader) -> None:
        """Read the goal's conditions from ``r.goal`` into ``r.out``."""
        raise NotImplementedError(f"the {self.name} kind reads no conditions")

    # -- judging
    def judge(self, p: Puzzle, answer: Any) -> Feedback:
        """Judge a complete answer. A TypeError or ValueError raised here is turned into
        an ``invalid`` verdict that quotes it (:func:`mtlearn.content.puzzle_judging.judge`)."""
        raise NotImplementedError

    def truth(self, p: Puzzle) -> Any:
        """What the engine says the answer is (for a kind with one right answer)."""
        raise ValueError(f"a {self.name} puzzle is judged move by move")

    def solutions(self, p: Puzzle, limit: int) -> list[Any]:
        """Answers that meet the goal, found by search (at most ``limit``); none means the
        puzzle cannot be solved."""
        raise NotImplementedError

    # -- the front end
    def stored_answers(self, p: Puzzle, max_nodes: int) -> dict[str, Any]:
        """Every answer a page without an engine may need, judged by the engine, in the
        shape the widget's offline reader expects (JSON-compatible). A kind with more
        than ``max_nodes`` answers to judge calls ``p.too_big()``."""
        raise NotImplementedError


    def stored_disagreements(self, p: Puzzle, stored: dict[str, Any]) -> list[str]:
        """Where ``stored`` (what :meth:`stored_answers` wrote) says something else than
        the engine judging the same answer now: one line each, none when they agree. The
        tests run it on every bundled puzzle, so a page without an engine says what the
        engine says."""
        raise NotImplementedError

    def front_fields(self, p: Puzzle) -> dict[str, Any]:
        """The fields of the puzzle's info that the answer widget reads (no answers)."""
        return {"options": self.options(p), "multi": False, "plan_from": None,
                "plan_hand": None}

    def options(self, p: Puzzle) -> list[dict[str, str]]:
        """The choices offered, each a value and a label (none unless the kind offers some)."""
        return []

    def answer_text(self, p: Puzzle) -> str:
        """The example answer in words (default: the engine's truth)."""
        return f"{self.truth(p)}."

    def example_frames(self, p: Puzzle) -> list[View]:
        """Board views along the example answer (default: the position the question is
        about, after the goal's ``after`` moves)."""
        return [p.view(after_goal(p, p.start()))]

    def example_moves(self, p: Puzzle) -> list[str]:
        """The moves the example answer plays on the board (none unless it plays some)."""
        return []

    def answer_view(self, p: Puzzle, answer: Any, fb: Feedback) -> View | None:
        """The board to show after an answer judged ``fb`` (None: the board stays)."""
        return None


#: Every registered kind, by the name puzzle files use.
GOAL_KINDS: dict[str, GoalKind] = {}
#: Kinds of puzzle and what the learner answers (kept with :data:`GOAL_KINDS`).
KINDS: dict[str, str] = {}

K = TypeVar("K", bound=type[GoalKind])


def register(cls: K) -> K:
    """Class decorator: register a kind under its :attr:`~GoalKind.name`."""
    for attr in ("name", "summary", "widget"):
        if not isinstance(getattr(cls, attr), str) or not getattr(cls, attr):
            raise TypeError(f"{cls.__name__} needs a {attr}")
    if cls.name in GOAL_KINDS and type(GOAL_KINDS[cls.name]) is not cls:
        raise ValueError(f"the goal kind {cls.name!r} is registered twice")
    GOAL_KINDS[cls.name] = cls()
    KINDS[cls.name] = cls.summary
    return cls


def unregister(name: str) -> None:
    """Forget a kind (for tests that register one of their own)."""
    GOAL_KINDS.pop(name, None)
    KINDS.pop(name, None)


def goal_kind(name: str) -> GoalKind:
    """The registered kind called ``name`` (KeyError if there is none)."""
    return GOAL_KINDS[name]


# ---------------------------------------------------------------------- reading helpers
Fail = Callable[[tuple[Any, ...], str], Exception]


class GoalReader:
    """What a kind reads its goal with: the goal mapping from the file (``goal``), the
    puzzle's position (``game``), the typed readers (``f``) and the goal being built
    (``out``). Every error names the field by its path, e.g. ``("goal", "count")``."""

    def __init__(self, goal: dict[Any, Any], kind: str, game: Game, f: Fields) -> None:
        self.goal = goal
        self.kind = kind
        self.game = game
        self.f = f
        self.fail: Fail = f.fail
        self.out: dict[str, Any] = {}

    def known(self, keys: set[str]) -> None:
        """Refuse any condition not in ``keys``."""
        for k in self.goal:
            if k not in keys:
                raise self.fail(("goal", k) if isinstance(k, (str, int)) else ("goal",),
                                f"unknown condition {short(k)} for a {self.kind} puzzle "
                                "(known: " + ", ".join(sorted(keys)) + ")")

    def seat(self, key: str) -> None:
        """Read the player named at ``key`` (a name or a seat number from 1), if given."""
        if key in self.goal:
            try:
                self.out[key] = seat_of(self.game, self.goal[key])
            except ValueError as e:
                raise self.fail(("goal", key), str(e)) from None

    def after(self) -> Game:
        """Read ``after`` (moves played before the question) and play them on a copy."""
        moves = self.goal.get("after", [])
        if not isinstance(moves, list):
            raise self.fail(("goal", "after"), "a list of moves played before the question")
        g = self.game.copy()
        self.out["after"] = []
        for i, mv in enumerate(moves):
            mv = self.f.move(mv, ("goal", "after", i))
            push_move(g, mv, ("goal", "after", i), self.fail)
            self.out["after"].append(mv)
        return g


def push_move(game: Game, move: str, path: tuple[Any, ...], fail: Fail) -> None:
    """Play ``move`` from a file, or raise the file's error for the field at ``path``."""
    try:
        game.push(move)
    except (IllegalMoveError, ValueError) as e:
        raise fail(path, f"the engine refuses {short(move)}: {e}") from None


# ---------------------------------------------------------------------- shared helpers
def player_name(p: Puzzle, seat: int) -> str:
    """The name of the player at ``seat``."""
    return p.game.players[seat]


def after_goal(p: Puzzle, game: Game) -> Game:
    """A copy of ``game`` after the moves the goal plays before its question (``after``)."""
    g = game.copy()
    for m in p.goal.get("after", []):
        g.push(m)
    return g


def move_text(answer: Any) -> str:
    """An answer's move as text (a :class:`~mtlearn.Move` or its notation)."""
    if isinstance(answer, Move):
        return str(answer)
    if not isinstance(answer, str):
        raise ValueError(f"a move is written like '12-5@M', 'draw' or 'pass', not "
                         f"{short(answer)}")
    return answer


def train_key(code: Any, n: int) -> int | str:
    """The train a learner names (``M`` or a seat number from 1 to ``n``, spaces around
    allowed); NotationError (a ValueError) otherwise."""
    return parse_train(code.strip() if isinstance(code, str) else code, n)


def train_code_of(code: Any, n: int) -> str:
    """The code of the train a learner names (``"M"``, ``"1"`` …)."""
    return train_code(train_key(code, n))


def seat_of(game: Game, value: Any) -> int:
    """The seat of a player named or numbered (from 1) in a puzzle file or answer."""
    return parse_seat(value, game.n, players=game.players)


def describe_moves(p: Puzzle, answer: Any, *, play: bool) -> str:
    """An answer's moves in words, each described in the position it is played in
    (``play``: one after the other; otherwise each from the start)."""
    moves = [answer] if isinstance(answer, str) else list(answer)
    g = p.start()
    words = []
    for x in moves:
        m = Move.parse(move_text(x))
        words.append(describe_move(g, g.explain(m).move or m))
        if play:
            g.push(m)
    return "; ".join(words) + "."


def move_highlights(move: Move | None) -> dict[str, list[str]]:
    """Highlights for a move just played: its tile and its train."""
    return {"tiles": [str(move.tile)] if move is not None and move.tile else [],
            "trains": [train_code(move.train)]
            if move is not None and move.train is not None else []}


# ---------------------------------------------------------------------- answers on the board
def candidates(g: Game) -> list[Move]:
    """Every move a learner can try with clicks: hand tiles on trains, draw, pass…"""
    if g.over:
        return []
    out: list[Move] = []
    seen: set[str] = set()
    hand = g.hand(g.current)
    for t in hand:
        for k in g.train_keys():
            end = g.train(k).open_end
            m = Move("play", t, k, end if t.has(end) else t.high)
            if str(m) not in seen:
                seen.add(str(m))
                out.append(m)
            for b in g.branches(k):     # R-VAR-BRANCH: each branch is a target of its own
                end = b.open_end
                m = Move("play", t, k, end if t.has(end) else t.high, b.path)
                if str(m) not in seen:
                    seen.add(str(m))
                    out.append(m)
    for word in ("draw", "pass", "uno", "end"):
        out.append(Move(word))
    return out


def move_table(p: Puzzle, g: Game, prefix: list[str] | None,
               budget: list[int]) -> dict[str, Any]:
    """Every move that can be clicked in ``g``, judged: ``{"fb": …}``, with the board
    after it (``"view"``) when it is shown, and for a turn that goes on the next table
    (``"next"``). ``prefix`` is None for one move, else the moves of the turn so far;
    ``budget[0]`` counts down the entries, and ``p.too_big()`` is called past zero."""
    table: dict[str, Any] = {}
    seat = g.current
    for m in candidates(g):
        budget[0] -= 1
        if budget[0] < 0:
            p.too_big()
        key = str(m)
        answer = key if prefix is None else [*prefix, key]
        fb = p.judge(answer)
        entry: dict[str, Any] = {"fb": fb.to_dict()}
        # a sequence shows every legal move on the board; a move puzzle only the right
        # one (a wrong answer leaves the board as it was, to be tried again)
        if fb.status != "illegal" and (prefix is not None or fb.status == "right"):
            h = g.copy()
            applied = h.push(key)
            entry["view"] = p.view(h, highlights=move_highlights(applied))
            if (prefix is not None and fb.status == "continue" and not h.over
                    and h.current == seat):
                entry["next"] = move_table(p, h, [*prefix, key], budget)
        table[key] = entry
    return table
