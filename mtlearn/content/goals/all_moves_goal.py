"""The ``all-moves`` goal kind: list every legal move of the position.

The goal is always ``{all_legal: true}``. An answer is a list of moves; a move the
engine refuses is refused with its rule, and a list that is legal but short says how
many moves are missing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.moves import train_code
from ...core.protocol import View
from ...engine.game import Game
from ..fields import Fields
from .goal_kind import (
    Feedback,
    GoalKind,
    candidates,
    describe_moves,
    move_text,
    player_name,
    register,
)

if TYPE_CHECKING:
    from ...core.moves import Move
    from ..puzzle_record import Puzzle

__all__ = ["AllMovesKind", "all_moves_verdict"]


@register
class AllMovesKind(GoalKind):
    """List every legal move; the answer is the list (in any order)."""

    name = "all-moves"
    summary = "list every legal move"
    widget = "board-list"

    def read(self, goal: Any, game: Game, f: Fields) -> dict[str, Any]:
        """The goal may be left out; if given it is ``{all_legal: true}``."""
        if goal is not None and not (isinstance(goal, dict) and list(goal) == ["all_legal"]
                                     and goal["all_legal"] is True):
            raise f.fail(("goal",), "an all-moves puzzle has the goal {all_legal: true}")
        return {"all_legal": True}

    def judge(self, p: Puzzle, answer: Any) -> Feedback:
        if isinstance(answer, str):
            answer = [answer]
        if not isinstance(answer, list):
            raise ValueError("list the moves")
        g = p.start()
        chosen: list[Move] = []
        for a in answer:
            v = g.explain(move_text(a))
            if not v.legal or v.move is None:
                return Feedback("illegal", v.text, v.rule)
            if v.move not in chosen:
                chosen.append(v.move)
        return all_moves_verdict(p, g, len(chosen))

    def solutions(self, p: Puzzle, limit: int) -> list[Any]:
        return [[str(m) for m in p.start().legal_moves]]

    def stored_answers(self, p: Puzzle, max_nodes: int) -> dict[str, Any]:
        """Per-move verdicts, the legal list and the "missing" texts by moves found."""
        g = p.start()
        table = {}
        for m in candidates(g):
            v = g.explain(m)
            table[str(m)] = {"legal": v.legal, "move": str(v.move) if v.move else None,
                             "fb": Feedback("illegal", v.text, v.rule).to_dict()}
        legal = [str(m) for m in g.legal_moves]
        return {"verdicts": table, "legal": legal,
                "missing": {str(k): all_moves_verdict(p, g, k).to_dict()
                            for k in range(len(legal) + 1)}}


    def stored_disagreements(self, p: Puzzle, stored: dict[str, Any]) -> list[str]:
        out = []
        if stored["missing"][str(len(stored["legal"]))]["status"] != "right":
            out.append("every legal move listed is not stored as right")
        for move, v in stored["verdicts"].items():
            if (p.judge([move]).status == "illegal") != (not v["legal"]):
                out.append(f"{move}: stored legal={v['legal']}, the engine says otherwise")
        return out

    def answer_text(self, p: Puzzle) -> str:
        return describe_moves(p, p.answer, play=False)

    def example_frames(self, p: Puzzle) -> list[View]:
        g = p.start()
        tiles = sorted({str(m.tile) for m in g.legal_moves if m.tile})
        trains = sorted({train_code(m.train) for m in g.legal_moves if m.train is not None})
        return [p.view(g, highlights={"tiles": tiles, "trains": trains})]


def all_moves_verdict(p: Puzzle, g: Game, found: int) -> Feedback:
    """The verdict on ``found`` different legal moves listed for the position ``g``."""
    legal = list(g.legal_moves)
    if found < len(legal):
        k = len(legal) - found
        return Feedback("wrong", f"All legal, but {k} more legal move"
                        f"{'s are' if k > 1 else ' is'} missing: look at every train "
                        f"that is open to {player_name(p, g.current)} (R-TURN-1).")
    return Feedback("right", f"Those are all {len(legal)} legal moves. "
                    f"{p.explain}".strip())
