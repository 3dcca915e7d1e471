"""Rules drills with a number for an answer, in the form of :mod:`mtlearn.content.mining_drills`
(a position, its table and a ``random.Random`` in; a record without its id, or None, out):

- :func:`round_score`: score this round after the last tile (``number``);
- :func:`engine_round`: which double starts round N (``number``).
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.game import Game
from ..play.bots import Bot, GreedyBot, PlannerBot, RandomBot
from .mining_drills import Drill, Record, _intro, _name, _place, _record
from .mining_positions import Table

__all__ = ["DRILLS", "engine_round", "round_score"]


def round_score(g: Game, t: Table, rng: random.Random) -> Record | None:
    """Score this round: a player goes out; how many points does another score
    (``number``, the count after the last move)."""
    if g.over or t.name == "teams":
        return None
    end = g.copy()
    bots: list[Bot] = [PlannerBot(), GreedyBot(), RandomBot(rng.randrange(10**9))]
    for _ in range(2000):
        if end.over:
            break
        end.push(rng.choice(bots).choose(end))
    if not end.over or end.out is None:
        return None
    last = end.pop()
    if last.kind != "play" or last.tile is None:
        return None
    out = end.current
    others = [s for s in range(end.n) if s != out and 2 <= len(end.hand(s)) <= 8]
    if not others:
        return None
    seat = rng.choice(others)
    name, goer = _name(end, seat), _name(end, out)
    hand = end.hand(seat)
    right = end.copy()
    right.push(last)
    value = right.round_scores[-1][seat]
    naive = sum(x.high + x.low for x in hand)
    teaches = ["R-SCORE-1", "R-END-1"]
    wrong: list[dict[str, Any]] = [{"answer": 0, "expect": "R-SCORE-1"}]
    themes = ["scoring"]
    if naive != value:
        rule = "R-VAR-BLANKS" if end.rules.scoring == "blanks-25" else "R-SCORE-2"
        wrong.append({"answer": naive, "expect": rule})
        teaches.append(rule)
        themes.append("blank-scores")
    if last.tile.is_double:
        teaches.append("R-DBL-5")
        themes.append("out-on-a-double")
    tiles = ", ".join(str(x) for x in hand)
    sums = " + ".join(str(end.rules.tile_value(x.high, x.low)) for x in hand)
    blank_hint = special = ""
    if end.rules.scoring == "blanks-25" and any(x.low == 0 for x in hand):
        blank_hint = " At this table a blank end counts 25 and the double blank 50 " \
                     "(R-VAR-BLANKS)."
        blanks = [x for x in hand if x.low == 0]
        special = (" At this table each blank half counts 25 (R-VAR-BLANKS): " + ", ".join(
            f"{x} counts {end.rules.tile_value(x.high, x.low)}" for x in blanks) + ".")
    elif any(x.high == 0 for x in hand):
        blank_hint = " The double blank counts 50 (R-SCORE-2)."
        special = " The double blank counts 50, though it has no pips (R-SCORE-2)."
    return _record(
        "round-score", t, end, family="scoring", title=f"{goer} goes out: score {name}",
        teaches=teaches, themes=themes,
        question=f"{_intro(t)}{goer} plays {last.tile} on {_place(end, last)}, "
                 f"{goer}'s last tile. How many points does {name} score for this round?",
        kind="number", goal={"count": "round_score", "seat": seat + 1,
                             "after": [str(last)]},
        hints=["R-SCORE-1: the player who goes out scores 0; everyone else scores the "
               "pips left in their hand.", f"{name} holds {tiles}." + blank_hint],
        answer=value, wrong=wrong,
        explain=f"{goer} went out, which ends the round (R-END-1)" + (
                    ", even on a double left uncovered (R-DBL-5)" if last.tile.is_double
                    else "") + f"; {name} scores what is left in hand: {sums} = {value}."
                + special,
        perspective=None, dead_aside=False)     # a score: no double blocks anything


def engine_round(g: Game, t: Table, rng: random.Random) -> Record | None:
    """Which double starts round N (``number``), asked in round r of a match."""
    if t.name not in ("standard", "teams"):
        return None
    game = Game.new(g.n, set=g.set_max, rules=g.rules, seed=rng.randrange(10**9))
    r = rng.randrange(1, min(game.rounds, 6))
    bot = GreedyBot()
    for _ in range(r - 1):
        while not game.over:
            game.push(bot.choose(game))
        game.next_round()
    # at least two rounds ahead: "the next one" is given away by the rule itself
    later = list(range(r + 2, game.rounds + 1))
    if not later:
        return None
    n = rng.choice(later)
    now_e, then_e = game.engine_of(r), game.engine_of(n)
    wrong = [{"answer": now_e, "expect": "R-ROUND-1"}]
    if then_e + 1 != now_e:
        wrong.append({"answer": then_e + 1, "expect": "one lower each round"})
    return _record(
        "engine", t, game, family="setup", title=f"The engine of round {n}",
        teaches=["R-ROUND-1"], themes=["engine"],
        question=f"This is round {r} of a match played with a double-{game.set_max} set, "
                 f"so {now_e}-{now_e} sits in the middle as the engine. Which double will "
                 f"be the engine in round {n}? Give its number.",
        kind="number", goal={"count": "engine", "round": n},
        hints=[f"R-ROUND-1: round 1 starts with the highest double, {game.set_max}-"
               f"{game.set_max}, and each round uses the next lower one.",
               f"Count on from round {r} and {now_e}-{now_e}."],
        answer=then_e, wrong=wrong,
        explain=f"Each round the engine goes down by one: round {n} uses {then_e}-"
                f"{then_e}.", perspective=1)



#: The number drills by name (the miner's schedule names them).
DRILLS: dict[str, Drill] = {"round-score": round_score, "engine": engine_round}
