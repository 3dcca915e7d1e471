"""The ``sequence`` goal kind: play a whole turn (several moves) that meets the goal.

The conditions are those of the ``move`` kind (:mod:`mtlearn.content.goals.move_goal`),
checked once the turn is over. The front end sends the turn one move at a time; each
move is judged with the ones before it (a turn not finished yet is ``continue``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...core.protocol import View
from ...engine.game import Game
from ...present.view import describe_move
from .goal_kind import Feedback, candidates, move_table, move_text, player_name, register
from .move_goal import MoveKind, goal_moves

if TYPE_CHECKING:
    from ...core.moves import Move
    from ..puzzle_record import Puzzle

__all__ = ["SequenceKind"]

#: Most moves of a turn the search for solutions looks at.
DEPTH = 6


@register
class SequenceKind(MoveKind):
    """Play a whole turn; the answer is the list of its moves (``["5-5@1", "8-5@1"]``)."""

    name = "sequence"
    summary = "play a whole turn (several moves)"
    widget = "board-turn"
    move_by_move = True

    def judge(self, p: Puzzle, answer: Any) -> Feedback:
        if isinstance(answer, str):
            answer = [answer]
        if not isinstance(answer, list) or not answer:
            raise ValueError("a sequence is a list of moves")
        g = p.start()
        before = g.copy()
        seat = g.current
        played: list[Move] = []
        for a in answer:
            if g.over or g.current != seat:
                return Feedback("invalid", "The turn is already over: no more moves.")
            v = g.explain(move_text(a))
            if not v.legal or v.move is None:
                return Feedback("illegal", v.text, v.rule)
            g.push(v.move)
            played.append(v.move)
        if not g.over and g.current == seat:
            return Feedback("continue", f"{describe_move(before, played[-1])}. "
                            f"{player_name(p, seat)} plays again: carry on.")
        return goal_moves(p, before, played, g)

    def solutions(self, p: Puzzle, limit: int) -> list[Any]:
        out: list[Any] = []
        for seq in _sequences(p.start(), [], depth=DEPTH):
            if p.judge(seq).status == "right":
                out.append(seq)
            if len(out) >= limit:
                break
        return out

    def stored_answers(self, p: Puzzle, max_nodes: int) -> dict[str, Any]:
        """A tree of move tables: each legal move with the board after it, and the
        table of the turn's next move while it goes on."""
        _count_answers(p, p.start(), [max_nodes])   # refuse before judging
        return {"moves": move_table(p, p.start(), [], [max_nodes])}


    def stored_disagreements(self, p: Puzzle, stored: dict[str, Any]) -> list[str]:
        out: list[str] = []

        def walk(table: dict[str, Any], prefix: list[str]) -> None:
            for move, entry in table.items():
                fb = p.judge([*prefix, move]).to_dict()
                if entry["fb"] != fb:
                    out.append(f"{' '.join([*prefix, move])}: stored {entry['fb']}, the "
                               f"engine says {fb}")
                if "next" in entry:
                    walk(entry["next"], [*prefix, move])

        walk(stored["moves"], [])
        return out

    def answer_view(self, p: Puzzle, answer: Any, fb: Feedback) -> View | None:
        return None     # the moves were shown one by one as they were played


def _sequences(g: Game, prefix: list[str], depth: int) -> Iterator[list[str]]:
    seat = g.current
    for m in list(g.legal_moves):
        h = g.copy()
        h.push(m)
        seq = [*prefix, str(m)]
        if h.over or h.current != seat or depth <= 1:
            yield seq
        else:
            yield from _sequences(h, seq, depth - 1)


def _count_answers(p: Puzzle, g: Game, budget: list[int]) -> None:
    """Count the entries the table would hold (without judging them), and call
    ``p.too_big()`` once they pass the budget."""
    seat = g.current
    cands = candidates(g)
    budget[0] -= len(cands)
    if budget[0] < 0:
        p.too_big()
    for m in cands:
        if g.explain(m).legal:
            h = g.copy()
            h.push(m)
            if not h.over and h.current == seat:
                _count_answers(p, h, budget)
