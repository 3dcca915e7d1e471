"""The words of a round's review: a move said to the learner, the idea behind a better move,
and the check that every sentence of a mistake is borne out by the engine
(:func:`check_mistake`). :mod:`mtlearn.play.review` makes the mistakes; this says them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..core.moves import Move
from ..core.rule_words import rule_words
from ..core.ruleids import PATTERN
from ..core.tiles import Tile
from ..engine.game import Game
from .bots import PlannerBot

if TYPE_CHECKING:
    from .review import Mistake

__all__ = ["DOUBLE_GAP", "LINE_GAP", "check_mistake", "idea_of", "move_words"]

#: A double kept is the reason for a mistake only if every move that keeps it leaves at
#: least this many points more than the better move (else the double is not the difference).
DOUBLE_GAP = 2.0
#: A longer line for the learner's own train is the reason on its own (without the
#: planner's words) when the better move lines up at least this many tiles more.
LINE_GAP = 2

_TILE = re.compile(r"\b(\d{1,2})-(\d{1,2})\b")


def move_words(game: Game, move: Move) -> str:
    """A move of the player to play, said to them: "play 12-5 on your train", "draw a
    tile", "pass"."""
    if move.kind == "play":
        assert move.train is not None
        if move.train == game.current:
            where = f"branch {move.branch} of your train" if move.branch else "your train"
        else:
            where = game.place_label(move.train, move.branch)
        return f"play {move.inward}-{move.outward} on {where}"
    return {"draw": "draw a tile", "pass": "pass", "end": "end your turn",
            "uno": "announce your last tile"}[move.kind]


def idea_of(game: Game, played: Move, better: Move,
            means: Mapping[Move, float] | None = None) -> tuple[str, str]:
    """The strategy idea behind ``better`` against ``played``, and why, in words. ``means``
    (each legal move's mean round points, when known) keeps an idea to where it makes the
    difference: a double kept is the reason only if every move that keeps it does clearly
    worse than ``better``."""
    me = game.current
    value = game.rules.tile_value
    t = better.tile
    best = means.get(better) if means else None
    keepers = [p for m, p in (means or {}).items() if m.tile != t and m != better]
    double_matters = best is None or not keepers or min(keepers) - best >= DOUBLE_GAP
    if t is not None and t.is_double and played.tile != t and double_matters:
        after = game.copy()
        after.push(better)
        again = after.current == me and any(m.kind == "play" for m in after.legal_moves)
        more = (f", and after a double you play again (rule: {rule_words('R-DBL-1')})"
                if again else "")
        return "double-kept", (
            f"Laying the double {t} when you can gets its {value(t.high, t.low)} points out "
            f"of your hand{more}. Kept in your hand, it counts against you if the round "
            "ends before you lay it.")
    laid = {game.line_code(i) for i in game.turn_doubles}
    if (t is not None and better.line_code in laid and played.line_code not in laid
            and played.kind == "play"):
        end = better.inward
        return "double-open", (
            f"Covering your double {end}-{end} with {t} gets {value(t.high, t.low)} points "
            f"out of your hand. Left open at the end of your turn, it blocks every train until "
            f"someone covers it (rule: {rule_words('R-DBL-3')}), and that need not be you.")
    others = [(len(game.hand(s)), s) for s in range(game.n) if s != me]
    low, who = min(others)
    if t is not None and played.tile is not None and low <= 2 and \
            value(t.high, t.low) > value(played.tile.high, played.tile.low):
        return "shed", (
            f"{game.players[who]} has {low} tile{'s' if low != 1 else ''} left: the round may "
            f"end soon, so the heavier tile {t} ({value(t.high, t.low)} points) is the one "
            f"to get out of your hand.")
    mine, theirs = _line(game, better), _line(game, played)
    counted = ", this one included" if better.kind == "play" and better.train == me else ""
    yours = ", that one included" if played.kind == "play" and played.train == me else ""
    counts = (f"With it, {mine} of your tiles go on your own train in one line{counted}; "
              f"with the move you played, {theirs}{yours}.")
    advice = PlannerBot().advise(game)
    # the plan is the reason only when the move played really gives up some of it
    if advice.move == better and advice.reason and mine > theirs:
        return "plan", advice.reason[0].upper() + advice.reason[1:] + ". " + counts
    if mine >= theirs + LINE_GAP:
        return "plan", (counts + " A long line on your own train is a tile to play on every "
                        "turn, with no need to draw.")
    return "points", ("Played out over the deals, the rest of the round went better for you "
                      "after it: on average, fewer points were left in your hand when it ended.")


def _line(game: Game, move: Move) -> int:
    """How many of the player's tiles go on their own train in one line after ``move``,
    ``move`` included (the longest line of the hand from the train's end: the planner's)."""
    me = game.current
    g = game.copy()
    g.push(move)
    own = 1 if move.kind == "play" and move.train == me else 0
    return own + len(PlannerBot().plan(g, me))


def check_mistake(mistake: Mistake, game: Game) -> list[str]:
    """What in ``mistake`` the engine does not bear out in ``game`` (the position before
    the decision): an empty list when every sentence is true. Checked: both moves are
    legal there and differ, the better move leaves fewer points than the move played, the
    figures are the values', the words name both moves, no rule id and no tile the seat could
    not see, and the idea holds (the double is in the hand; the laid double stays open after
    the move played)."""
    problems: list[str] = []
    seat = game.current
    if seat != mistake.seat:
        problems.append(f"seat {mistake.seat + 1} is not to play")
    played, better = Move.parse(mistake.played), Move.parse(mistake.better)
    for name, m in (("played", played), ("better", better)):
        if not game.explain(m).legal:
            problems.append(f"the {name} move {m} is not legal here")
    if played == better:
        problems.append("the better move is the move played")
    legal = {str(m) for m in game.legal_moves}
    values = dict(mistake.values)
    if set(values) != legal:
        problems.append("the values are not those of the legal moves")
    if values.get(mistake.better, math.inf) >= values.get(mistake.played, -math.inf):
        problems.append("the better move does not leave fewer points than the move played")
    if abs(values.get(mistake.played, math.inf) - mistake.played_points) > 0.01 or \
            abs(values.get(mistake.better, math.inf) - mistake.better_points) > 0.01:
        problems.append("the points are not the values'")
    if abs(mistake.played_points - mistake.better_points - mistake.lost) > 0.011:
        problems.append("the points lost are not the difference")
    for figure in (mistake.played_points, mistake.better_points, mistake.lost):
        if f"{figure:.1f}" not in mistake.what:
            problems.append(f"{figure:.1f} is not in the words")
    if move_words(game, played) not in mistake.what or \
            move_words(game, better) not in mistake.better_text:
        problems.append("the words do not name the moves")
    texts = " ".join((mistake.what, mistake.better_text, mistake.why))
    if re.search(PATTERN, texts):
        problems.append("a rule id in the learner's words")
    seen = {*game.hand(seat), Tile(game.engine, game.engine)}
    for key in game.train_keys():
        seen.update(t for t, _ in game.train(key).tiles)
        for b in game.branches(key):
            seen.update(t for t, _ in b.tiles)
    for a, b in _TILE.findall(texts):
        if not any(t.has(int(a)) and t.other(int(a)) == int(b) for t in seen):
            problems.append(f"{a}-{b} is a tile the seat could not see")
    if mistake.idea == "double-kept" and not (better.tile is not None and better.tile.is_double
                                              and better.tile in game.hand(seat)):
        problems.append("the better move lays no double from the hand")
    if mistake.idea == "plan":
        mine, theirs = _line(game, better), _line(game, played)
        if not mine > theirs or f"With it, {mine} of your tiles" not in mistake.why or \
                f"with the move you played, {theirs}" not in mistake.why:
            problems.append("the plan's counts are not the engine's, or not in its favour")
    if mistake.idea == "double-open":
        laid = {game.line_code(i) for i in game.turn_doubles}
        if not laid or better.line_code not in laid:
            problems.append("the better move covers no double of this turn")
    return problems
