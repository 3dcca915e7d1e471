"""The ``choose`` goal kind: pick a player, or tick trains, from a list.

The goal asks one question (``ask``): who plays next, who wins the match, or which
trains are open to the player to play. The engine's answer (:meth:`ChooseKind.truth`)
is computed after the goal's ``after`` moves; a wrong pick is told why, with the rule.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...core.moves import MEXICAN
from ...core.notation import train_code
from ...core.protocol import View
from ...core.ruleids import first_rule_id
from ...engine.game import Game
from .goal_kind import (
    Feedback,
    GoalKind,
    GoalReader,
    after_goal,
    player_name,
    register,
    seat_of,
    train_code_of,
    train_key,
)

if TYPE_CHECKING:
    from ..puzzle_record import Puzzle

__all__ = ["ChooseKind"]

#: The questions a choose puzzle may ask.
ASKS = {"next_player", "open_trains", "match_winner"}


@register
class ChooseKind(GoalKind):
    """Pick one player (by name), or tick the open trains (a list of train codes)."""

    name = "choose"
    summary = "pick a player or trains from a list"
    widget = "choices"
    hides_points = True

    def read_conditions(self, r: GoalReader) -> None:
        r.known({"ask", "after", "seat"})
        out = r.out
        out["ask"] = r.f.choice(r.goal.get("ask"), ("goal", "ask"), ASKS,
                                "one of the questions")
        g = r.after()
        r.seat("seat")
        if out["ask"] == "open_trains":
            if g.over:
                raise r.fail(("goal",), "the round is over: no train is open to anyone")
            if "seat" in out and out["seat"] != g.current:
                raise r.fail(("goal", "seat"), f"open_trains asks about the player to play "
                             f"({g.players[g.current]}); leave out the seat or name them")
            out["seat"] = g.current     # the player the question is about, after `after`

    def judge(self, p: Puzzle, answer: Any) -> Feedback:
        right = self.truth(p)
        if p.goal["ask"] == "open_trains":
            return _judge_open_trains(p, answer, right)
        if isinstance(answer, bool) or not isinstance(answer, (str, int)):
            raise ValueError(f"pick one player ({', '.join(p.game.players)})")
        who = seat_of(p.game, answer)
        if who == right:
            return Feedback("right", f"{player_name(p, who)}. {p.explain}".strip())
        return Feedback("wrong", f"Not {player_name(p, who)}: {_choose_reason(p)}.",
                        first_rule_id(_choose_reason(p)))

    def truth(self, p: Puzzle) -> Any:
        """The seat asked for (None for a tied match), or the open trains' codes."""
        ask = p.goal["ask"]
        g = after_goal(p, p.game)
        if ask == "next_player":
            return g.current
        if ask == "match_winner":
            w = g.winners
            return w[0] if len(w) == 1 else None
        # the engine's own targets: every variant (a Mexican train that may not start
        # yet, an open double to cover, partners, a Swan Drive) is followed
        return sorted(train_code(k) for k in g.target_trains)

    def solutions(self, p: Puzzle, limit: int) -> list[Any]:
        t = self.truth(p)
        if t is None:
            return []
        return [t if isinstance(t, list) else player_name(p, t)]

    def options(self, p: Puzzle) -> list[dict[str, str]]:
        if p.goal["ask"] == "open_trains":
            return [{"value": train_code(k), "label": p.game.train_label(k)}
                    for k in p.game.train_keys()]
        return [{"value": name, "label": name} for name in p.game.players]

    def front_fields(self, p: Puzzle) -> dict[str, Any]:
        return {**super().front_fields(p), "multi": p.goal["ask"] == "open_trains"}

    def stored_answers(self, p: Puzzle, max_nodes: int) -> dict[str, Any]:
        """Option (or the sorted, comma-joined set of trains ticked) -> feedback."""
        opts = [o["value"] for o in self.options(p)]
        if p.goal["ask"] == "open_trains":
            table = {}
            for r in range(len(opts) + 1):
                for combo in combinations(opts, r):
                    table[",".join(sorted(combo))] = p.judge(list(combo)).to_dict()
            return {"choices": table}
        return {"choices": {o: p.judge(o).to_dict() for o in opts}}


    def stored_disagreements(self, p: Puzzle, stored: dict[str, Any]) -> list[str]:
        out = []
        for key, fb in stored["choices"].items():
            ans: Any = key.split(",") if p.info()["multi"] else key
            if ans == [""]:
                ans = []
            if fb != (now := p.judge(ans).to_dict()):
                out.append(f"{key!r}: stored {fb}, the engine says {now}")
        return out

    def answer_text(self, p: Puzzle) -> str:
        if p.goal["ask"] == "open_trains":
            return ", ".join(p.game.train_label(train_key(c, p.game.n))
                             for c in self.truth(p)) + "."
        return f"{player_name(p, self.truth(p))}."

    def example_frames(self, p: Puzzle) -> list[View]:
        if p.goal["ask"] == "open_trains":
            return [p.view(p.start(), highlights={"trains": self.truth(p)})]
        return super().example_frames(p)


def _judge_open_trains(p: Puzzle, answer: Any, right: list[str]) -> Feedback:
    """Ticked trains against the engine's own targets (:attr:`Game.target_trains`)."""
    items = [answer] if isinstance(answer, (str, int)) else answer
    if not isinstance(items, list) or not all(
            isinstance(a, (str, int)) and not isinstance(a, bool) for a in items):
        raise ValueError("tick trains: a list of train codes like ['1', 'M']")
    g = after_goal(p, p.game)
    codes = [train_code_of(a, g.n) for a in items]
    got = sorted(set(codes))
    twice = sorted({c for c in codes if codes.count(c) > 1})
    if got == right and not twice:
        return Feedback("right", p.explain or "Those are exactly the trains open now.")
    parts: list[str] = []
    rule = None
    for c in twice:
        parts.append(f"You ticked {g.train_label(train_key(c, g.n))} twice: tick each "
                     f"train once.")
    extra = [c for c in got if c not in right]
    if extra:
        v = g.train_refusal(train_key(extra[0], g.n))
        if v is not None:
            label = g.train_label(train_key(extra[0], g.n))
            parts.append(f"{label[0].upper() + label[1:]} is not open now. {v.text}")
            rule = v.rule
    missing = [c for c in right if c not in got]
    if missing:
        why, rid = _open_why(g, train_key(missing[0], g.n))
        parts.append(f"You left out a train: {why} ({rid}).")
        rule = rule or rid
    return Feedback("wrong", " ".join(parts), rule)


def _open_why(g: Game, key: int | str) -> tuple[str, str]:
    """Why train ``key``, one of the engine's targets, is open to the player to play."""
    seat = g.current
    label = g.train_label(key)
    if key in g.open_double_trains:
        d = g.train(key).open_end
        return (f"{label} ends in the open double {d}-{d}, which must be covered before "
                f"anything else", "R-DBL-3")
    if g.swan is not None:
        return f"the Swan Drive may go on along {label}", "R-VAR-SWAN"
    if key == seat:
        return f"{label} is {g.players[seat]}'s own", "R-TRAIN-1"
    if key == MEXICAN:
        return "the Mexican train is open to everyone", "R-MEX-1"
    if g.train(key).marker:
        return f"{label} carries a marker", "R-MARK-1"
    if g.rules.teams and g.partner(seat) == key:
        return f"{label} is the train of {g.players[seat]}'s partner", "R-VAR-TEAMS"
    return f"the rules let {g.players[seat]} play on {label} now", "R-TURN-1"


def _choose_reason(p: Puzzle) -> str:
    ask = p.goal["ask"]
    g = after_goal(p, p.game)
    if ask == "next_player":
        if g.bonus or (p.goal.get("after") and g.current == p.game.current):
            return (f"{g.players[g.current]} laid a double and plays again (R-DBL-1)")
        after = p.goal.get("after") or []
        mover = p.game.players[p.game.current]
        if after and p.game.bonus:
            # the turn of a player who laid a double ends here: say why (review 12: any
            # wrong seat was told only "play goes clockwise")
            if str(after[-1]) == "pass":
                return (f"{mover} laid a double this turn and nothing followed it, so the "
                        f"turn ends (R-DBL-2); play goes clockwise, to the next seat "
                        f"(R-TURN-5)")
            return (f"that was {mover}'s extra play after the double, and it is not a "
                    f"double, so the turn ends (R-DBL-1); play goes clockwise, to the next "
                    f"seat (R-TURN-5)")
        if after:     # after a move in a round: who starts is not asked
            return "play goes clockwise, to the next seat (R-TURN-5)"
        return ("play goes clockwise, to the next seat (R-TURN-5); the round's "
                "starter follows R-ROUND-2")
    rows = ", ".join(f"{g.players[s]} {t}" for _p, s, t in g.standings())
    return (f"the lowest total wins the match (R-SCORE-3), ties broken by R-SCORE-4: "
            f"{rows}")
