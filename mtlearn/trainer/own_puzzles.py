"""Your own puzzles: a mistake of a reviewed round turned into a puzzle for the trainer.

:func:`mistake_puzzle` makes a puzzle file record (the format of
:mod:`mtlearn.content.puzzle_files`, a ``move`` puzzle) from a
:class:`~mtlearn.play.review.Mistake`:
the position as the learner saw it (the tiles they could not see dealt in a fixed order, and
the puzzle drawn from the learner's seat, so nothing hidden shows), the better move as the
answer and the move played as the tempting wrong one. The goal is a condition the engine
checks on the move itself (cover the open double, shed the most points, keep the planned
train), the first one that the better move meets and the move played misses, and that no
move the review counts as a mistake meets: a puzzle judged by the rules, not by luck.

Before a puzzle is saved it is held to the same checks as the mined ones
(:func:`~mtlearn.content.puzzle_files.check` proves it,
:func:`~mtlearn.content.mining_claims.faults` finds no false claim); a mistake no goal fits,
or whose puzzle the checks refuse, raises :class:`OwnPuzzleError` with a plain reason and
nothing is saved. :func:`save_puzzle` adds a record to a trainer state (its optional ``own``
field) and schedules it at once, as a missed puzzle is: it is then served on the trainer's
spaced schedule like the others. Standard library only.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..content.mining_claims import faults
from ..content.puzzle_files import check, from_data
from ..content.puzzle_record import Puzzle, PuzzleError
from ..core.errors import MtlearnError
from ..core.ruleids import rule_ids_in
from ..core.tiles import full_set
from ..engine.game import Game
from ..play.deals import dealt
from ..play.review import MISTAKE_POINTS, Mistake
from .trainer_state import add_own

__all__ = ["OwnPuzzleError", "mistake_game", "mistake_puzzle", "save_puzzle"]

#: The goals tried, in order, with the rule each teaches and the idea it is about.
_GOALS: list[tuple[dict[str, Any], str, str]] = [
    ({"covers_double": True}, "R-DBL-3", "Cover the open double"),
    ({"most_pips": True}, "R-SCORE-1", "Shed the heavy tile"),
    ({"keeps_plan": True}, "R-PLAN-1", "Keep your planned train"),
]


class OwnPuzzleError(MtlearnError, ValueError):
    """A mistake that cannot become a puzzle, with the reason in plain words."""


def mistake_game(mistake: Mistake) -> Game:
    """The mistake's position with the tiles the learner could not see dealt in a fixed
    order (lowest first: the same every time): a full position a puzzle can hold."""
    pos = json.loads(json.dumps(mistake.position["position"]))
    sizes = mistake.position["sizes"]
    set_max = int(pos["set"])
    engine = int(pos.get("engine", set_max - (int(pos.get("round", 1)) - 1)))
    table = [t for line in pos["trains"].values() for t in line]
    known = {_tile(x) for x in [*pos["hands"][mistake.seat], *table]} | {(engine, engine)}
    hidden = [t for t in full_set(set_max) if (t.high, t.low) not in known]
    return dealt({"position": pos, "sizes": sizes}, mistake.seat, hidden)


def _tile(text: str) -> tuple[int, int]:
    """A tile's numbers, highest first, from its notation ("5-12")."""
    a, b = (int(x) for x in str(text).split("-"))
    return max(a, b), min(a, b)


def _record(mistake: Mistake, game: Game, goal: dict[str, Any], rule: str,
            title: str) -> dict[str, Any]:
    """The puzzle file record for ``mistake`` with ``goal``."""
    pos = game.to_position()
    rules = pos.pop("rules", None)
    pos.pop("seed", None)
    key = json.dumps([mistake.position, mistake.played], sort_keys=True)
    pid = "own-" + hashlib.sha256(key.encode()).hexdigest()[:10]
    name = game.players[mistake.seat]
    n = len(game.legal_moves)
    record: dict[str, Any] = {
        "id": pid, "kind": "move", "family": "strategy", "level": 2,
        "themes": ["own", mistake.idea],
        "title": f"Your own mistake: {title.lower()}", "teaches": [rule],
        "rules": rules if isinstance(rules, dict) else {"preset": "standard"},
        "position": pos,
        "question": (f"A position from your own round, where you play {name}: in the round "
                     f"you chose to {_played_words(mistake)}. Find a better move."),
        "goal": goal,
        "hints": [_hint(rule), f"You can make {n} moves here: compare what each leaves in "
                  "your hand if the round ends soon."],
        "answer": mistake.better,
        "explain": (f"{mistake.why} In your round this cost about {mistake.lost_read:.1f} points "
                    f"on average over {mistake.deals} deals of the tiles you could not see."),
        "perspective": mistake.seat + 1,
    }
    return record


def _played_words(mistake: Mistake) -> str:
    """The move played, as the review said it ("play 5-1 on your train")."""
    what = mistake.what
    start = what.find("You chose to ")
    end = what.find(". Over ")
    if start < 0 or end < 0:
        return mistake.played
    return what[start + len("You chose to "):end]


def _hint(rule: str) -> str:
    """The first hint: the rule to think about, in words."""
    from ..core.rule_words import rule_words

    return f"{rule}: {rule_words(rule)}"


def _refusal(puzzle: Puzzle, mistake: Mistake) -> str | None:
    """Why the puzzle does not stand for the mistake (None: it does): the move played must
    be wrong, some move right, and no move the review counts as a mistake right."""
    if puzzle.judge(mistake.played).status == "right":
        return "the move played meets the goal too"
    right = puzzle.solutions(limit=200)
    if not right:
        return "no move meets the goal"
    for move in right:
        points = mistake.points_of(str(move))
        if points is None:
            return f"the goal accepts {move}, which the review did not weigh"
        if points - mistake.better_points >= MISTAKE_POINTS:
            return (f"the goal accepts {move}, which left {points - mistake.better_points:.1f} "
                    "points more than the better move on the review's deals")
    return None


def _answer(puzzle: Puzzle, mistake: Mistake) -> str:
    """The right move with the fewest points on the review's deals."""
    return str(min(puzzle.solutions(limit=200),
                   key=lambda m: mistake.points_of(str(m)) or 0.0))


def mistake_puzzle(mistake: Mistake) -> dict[str, Any]:
    """The puzzle file record of ``mistake``, proved and checked (:class:`OwnPuzzleError`,
    with the reason in words, when none can be made)."""
    game = mistake_game(mistake)
    reasons = []
    for goal, rule, title in _GOALS:
        record = _record(mistake, game, goal, rule, title)
        try:
            puzzle = from_data(record, record["id"])
        except PuzzleError as e:
            reasons.append(str(e))
            continue
        why = _refusal(puzzle, mistake)
        if why is not None:
            reasons.append(why)
            continue
        record["answer"] = _answer(puzzle, mistake)
        expect = [r for r in rule_ids_in(puzzle.judge(mistake.played).text) if r == rule]
        if expect:
            record["wrong"] = [{"answer": mistake.played, "expect": rule}]
            puzzle = from_data(record, record["id"])
        try:
            check(puzzle)
        except PuzzleError as e:
            reasons.append(f"the puzzle does not prove: {e}")
            continue
        found = faults(puzzle, record)
        if found:
            reasons.append("the claims checker refuses it: " + "; ".join(found))
            continue
        return record
    raise OwnPuzzleError(
        "This mistake cannot be saved as a puzzle: the better move is better over the deals "
        "played out, but no rule the trainer can check on the move alone (cover the open "
        "double, shed the heaviest tile, keep your planned train) tells it from the move you "
        "played." + (f" ({reasons[-1]})" if reasons and "checker" in reasons[-1] else ""))


def save_puzzle(state: dict[str, Any], record: dict[str, Any]) -> str:
    """Add an own puzzle ``record`` (from :func:`mistake_puzzle`) to a trainer ``state`` and
    schedule it at once (as a missed puzzle: then on the trainer's spaced schedule). The
    record is proved and checked again first (:class:`OwnPuzzleError`: not saved). Returns
    what the learner reads."""
    try:
        puzzle = from_data(record, str(record.get("id", "own")))
        check(puzzle)
    except PuzzleError as e:
        raise OwnPuzzleError(f"This puzzle cannot be saved: {e}") from None
    found = faults(puzzle, record)
    if found:
        raise OwnPuzzleError("This puzzle cannot be saved: the claims checker refuses it: "
                             + "; ".join(found))
    if not add_own(state, record):
        return "This mistake is already one of your puzzles."
    return "Saved as a puzzle: the trainer serves it next, then again on its schedule."

