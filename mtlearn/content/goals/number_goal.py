"""The ``number`` goal kind: give a number the engine counts (pips, a score, the engine).

The goal names the ``count``: the pips left in a hand, a round score, a match total, or
the engine (the double the round starts from, of this or another ``round``). A wrong
number is told how the count is made, with the rule.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...core.ruleids import first_rule_id
from ..fields import short
from .goal_kind import (
    Feedback,
    GoalKind,
    GoalReader,
    after_goal,
    player_name,
    register,
)

if TYPE_CHECKING:
    from ..puzzle_record import Puzzle

__all__ = ["NumberKind", "whole_number"]

#: What a number puzzle may ask to count.
COUNTS = {"pips", "round_score", "total", "engine"}


@register
class NumberKind(GoalKind):
    """Give a whole number; the answer is the number (or digits as text)."""

    name = "number"
    summary = "give a number"
    widget = "number"
    hides_points = True

    def read_conditions(self, r: GoalReader) -> None:
        r.known({"count", "after", "seat", "round"})
        out, goal, f = r.out, r.goal, r.f
        out["count"] = f.choice(goal.get("count"), ("goal", "count"), COUNTS,
                                "one of the counts")
        if "round" in goal:
            if out["count"] != "engine":
                raise r.fail(("goal", "round"), "only an engine count names a round")
            out["round"] = f.whole(goal["round"], ("goal", "round"), 1, r.game.rounds,
                                   "a round of this match")
        r.after()
        r.seat("seat")

    def judge(self, p: Puzzle, answer: Any) -> Feedback:
        n = whole_number(answer)
        right = self.truth(p)
        if n == right:
            return Feedback("right", f"{right}. {p.explain}".strip())
        why = _count_reason(p)
        # the learner's number as typed may be any length: quoted back cut short
        shown = str(n) if len(str(n)) <= 12 else str(n)[:11] + "…"
        return Feedback("wrong", f"Not {shown}: {why}.", first_rule_id(why))

    def truth(self, p: Puzzle) -> Any:
        g = after_goal(p, p.game)
        count = p.goal["count"]
        if count == "pips":
            return g.pips(p.seat)
        if count == "engine":
            return g.engine_of(p.goal.get("round", g.round_no))
        if count == "total":
            return g.totals[p.seat]
        if not g.over:
            return g.pips(p.seat)
        return g.round_scores[-1][p.seat]

    def solutions(self, p: Puzzle, limit: int) -> list[Any]:
        return [self.truth(p)]

    def stored_answers(self, p: Puzzle, max_nodes: int) -> dict[str, Any]:
        """The value, with the right feedback and the words for a wrong number."""
        t = self.truth(p)
        wrong = p.judge(t + 1).text
        return {"value": t, "right": p.judge(t).to_dict(),
                "wrong": wrong.split(":", 1)[1].strip()}

    def stored_disagreements(self, p: Puzzle, stored: dict[str, Any]) -> list[str]:
        out = []
        if p.judge(stored["value"]).status != "right":
            out.append(f"the stored value {stored['value']} is not right")
        if stored["wrong"] not in p.judge(stored["value"] + 3).text:
            out.append("the stored words for a wrong number are not the engine's")
        return out



def whole_number(answer: Any) -> int:
    """A learner's number answer (``47``, ``" 47 "``); ValueError with a plain sentence
    for anything else (``"forty-seven"``, ``4.5``, ``true``)."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        t = answer.strip()
        if re.fullmatch(r"[+-]?[0-9]{1,9}", t):
            return int(t)
        if t:
            raise ValueError(f"{short(t)} is not a whole number: write it in digits, "
                             f"like 47")
    raise ValueError("give a whole number, written in digits, like 47")


def _count_reason(p: Puzzle) -> str:
    count = p.goal["count"]
    seat = p.seat
    g = after_goal(p, p.game)
    name = player_name(p, seat)
    if count == "engine":
        r = p.goal.get("round", g.round_no)
        return (f"round {r} of a double-{g.set_max} match uses the engine "
                f"{g.set_max} minus {r - 1}, one lower each round (R-ROUND-1)")
    if count == "total":
        rounds = " + ".join(str(r[seat]) for r in g.round_scores) or "0"
        return f"a total adds up {name}'s round scores (R-SCORE-3): {rounds}"
    hand = g.hand(seat)
    # the rules alone, in brackets: a learner's page reads each id as its phrase ("each
    # blank half left in a hand counts 25"), so no words around them that would say it twice
    rule = "R-SCORE-1"
    if g.rules.scoring == "blanks-25":
        rule += "; R-VAR-BLANKS"
    elif any(t.high == 0 and t.low == 0 for t in hand):
        rule += "; R-SCORE-2"
    if count == "round_score" and g.over and g.out == seat:
        return f"{name} went out, and going out scores 0 (R-END-1)"
    if count == "round_score" and g.over and g.out is not None:
        last = g.peek()
        how = (" on a double, which ends the round at once (R-DBL-5)"
               if last is not None and last.tile is not None and last.tile.is_double
               else ", which ends the round (R-END-1)")
        special = _special_count(g, hand, name)
        if special:     # the count a learner forgets leads (review 10), then the rest
            return (f"{special}. {g.players[g.out]} went out{how}, and {name} scores "
                    f"every tile left in hand (R-SCORE-1)")
        return (f"{g.players[g.out]} went out{how}; {name} scores the pips of every "
                f"tile left in hand ({rule})")
    return f"add up the pips of every tile left in {name}'s hand ({rule})"


def _special_count(g: Any, hand: list[Any], name: str) -> str:
    """The scoring rule that makes ``hand`` count more than its pips, said of ``name``'s
    hand with its rule id, or "" when the pips are the count."""
    if g.rules.scoring == "blanks-25" and any(t.low == 0 for t in hand):
        return f"each blank half in {name}'s hand counts 25 (R-VAR-BLANKS)"
    if any(t.high == 0 and t.low == 0 for t in hand):
        return f"the double blank in {name}'s hand counts 50 (R-SCORE-2)"
    return ""
