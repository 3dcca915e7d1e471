"""The ``plan`` goal kind: lay out the longest train the hand can make.

The goal is ``{longest_train: true}``, for the player to play or a ``seat``, from the
open end of their own train or a number given (``from``). The answer is the tiles in
order; each must match the one before it, and the train must be as long as the
planner (:func:`mtlearn.play.plan.longest_train`) makes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.protocol import View
from ...core.tiles import Tile
from ...play.plan import longest_train
from ..fields import plain_dashes, plural, short
from .goal_kind import Feedback, GoalKind, GoalReader, player_name, register

if TYPE_CHECKING:
    from ..puzzle_record import Puzzle

__all__ = ["PlanKind", "chain_texts", "goal_start", "misfit"]


@register
class PlanKind(GoalKind):
    """Lay out a train; the answer is its tiles in order (``["12-5", "5-9"]``)."""

    name = "plan"
    summary = "lay out the longest train the hand can make"
    widget = "train-plan"
    hides_points = True

    def read_conditions(self, r: GoalReader) -> None:
        r.known({"longest_train", "seat", "from"})
        goal = r.goal
        if goal.get("longest_train") is not True:
            raise r.fail(("goal",), "a plan puzzle has the goal {longest_train: true} and "
                         "may name a seat and the number to start 'from'")
        r.out["longest_train"] = True
        r.seat("seat")
        if goal.get("from") is not None:
            r.out["from"] = r.f.whole(goal["from"], ("goal", "from"), 0, r.game.set_max)

    def judge(self, p: Puzzle, answer: Any) -> Feedback:
        """Judge a planned train: tiles of the hand, each matching the one before."""
        if isinstance(answer, str):
            answer = answer.split()
        if not isinstance(answer, list):
            raise ValueError("a plan is a list of tiles")
        hand = p.game.hand(p.seat)
        end = goal_start(p)
        used: list[Tile] = []
        for a in answer:
            if not isinstance(a, str):
                raise ValueError(f"a tile is written like '12-5', not {short(a)}")
            t = Tile.parse(plain_dashes(a))
            if t not in hand:
                return Feedback("illegal", f"{t} is not in {player_name(p, p.seat)}'s hand.",
                                "R-PLAN-1")
            if t in used:
                return Feedback("illegal", f"{t} is already in your train.", "R-PLAN-1")
            if not t.has(end):
                return misfit(t, end)
            used.append(t)
            end = t.other(end)
        if len(used) < len(self.truth(p)):
            return Feedback("wrong", _short_text(p, len(used)))
        return Feedback("right", f"{len(used)} tiles, as long as this hand allows. "
                        f"{p.explain}".strip())

    def truth(self, p: Puzzle) -> Any:
        """The tiles of a longest train, in order."""
        return _longest(p)

    def solutions(self, p: Puzzle, limit: int) -> list[Any]:
        return [[str(t) for t in self.truth(p)]]

    def stored_answers(self, p: Puzzle, max_nodes: int) -> dict[str, Any]:
        """The length of the best train, a refusal for each misfit (tile|open end), the
        right feedback and the words for each shorter train."""
        hand = p.game.hand(p.seat)
        bad = {f"{t}|{e}": misfit(t, e).to_dict() for t in hand
               for e in range(p.game.set_max + 1) if not t.has(e)}
        best = self.truth(p)
        return {"best": len(best), "misfit": bad,
                "right": self.judge(p, chain_texts(best, goal_start(p))).to_dict(),
                "short": {str(k): Feedback("wrong", _short_text(p, k)).to_dict()
                          for k in range(len(best))}}


    def stored_disagreements(self, p: Puzzle, stored: dict[str, Any]) -> list[str]:
        out = []
        if stored["best"] != len(p.truth()):
            out.append(f"stored best {stored['best']}, the engine finds {len(p.truth())}")
        if stored["right"]["status"] != "right":
            out.append("the stored right answer is not right")
        hand = p.info()["plan_hand"]
        for key, fb in stored["misfit"].items():
            tile, end = key.split("|")
            if tile not in hand or fb["rule"] != "R-TRAIN-2" or f"open end {end}" not in fb["text"]:
                out.append(f"{key}: stored {fb} is not the engine's misfit refusal")
        return out

    def front_fields(self, p: Puzzle) -> dict[str, Any]:
        return {**super().front_fields(p), "plan_from": goal_start(p),
                "plan_hand": [str(t) for t in p.game.hand(p.seat)]}

    def answer_text(self, p: Puzzle) -> str:
        return " ".join(chain_texts(self.truth(p), goal_start(p))) + "."

    def example_frames(self, p: Puzzle) -> list[View]:
        return [p.view(p.start(), highlights={"tiles": [str(t) for t in self.truth(p)]})]


def misfit(t: Tile, end: int) -> Feedback:
    """The refusal for a tile that does not fit a planned train's open end."""
    return Feedback("illegal", f"{t} does not match the open end {end}: each tile "
                    f"must match the one before it (R-TRAIN-2).", "R-TRAIN-2")


def goal_start(p: Puzzle) -> int:
    """The number the train starts from (given, or the open end of the player's train)."""
    s = p.goal.get("from")
    return int(s) if s is not None else p.game.train(p.seat).open_end


def _longest(p: Puzzle) -> list[Tile]:
    return longest_train(p.game.hand(p.seat), goal_start(p)).tiles


def chain_texts(tiles: list[Tile], start: int) -> list[str]:
    """Tiles laid in order from ``start``, each written touching end first (``5-9``)."""
    out = []
    end = start
    for t in tiles:
        out.append(f"{end}-{t.other(end)}")
        end = t.other(end)
    return out


def _short_text(p: Puzzle, k: int) -> str:
    """What a plan of ``k`` tiles, shorter than the longest, is told."""
    return (f"A good train of {plural(k, 'tile')}, but this hand can make a train of "
            f"{len(_longest(p))} from {goal_start(p)}: look for a way round that "
            f"also uses more of the tiles (R-PLAN-1).")
