"""The check that every sentence of a review's mistake is borne out by the engine
(:func:`check_mistake`): the moves, the figures, the tiles named, and each reason
:mod:`mtlearn.play.review_words` gives, recomputed in the position before the decision.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from ..core.moves import Move
from ..core.ruleids import PATTERN
from ..core.tiles import Tile
from ..engine.game import Game
from .bots import PlannerBot
from .review_lines import (
    _cut_off,
    _dead_end,
    _kept_last,
    _line_tiles,
    _link,
    _seen,
    _stranded,
    _stuck,
)
from .review_search import give_or_take
from .review_words import (
    _TILE,
    _block,
    _left_open,
    _marker_off,
    _only_tile,
    _shared_end,
    _shed,
    _theirs,
    move_words,
)

if TYPE_CHECKING:
    from .review import Mistake

__all__ = ["check_mistake"]


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
    if problems:  # nothing more can be played out
        return problems
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
    # the loss as written is the difference of the two figures as written
    shown = mistake.lost_read
    figures = [f"{mistake.played_points:.1f}", f"{mistake.better_points:.1f}",
               f"{shown:.1f} points lost"]
    if mistake.lost_se:
        figures.append(f"give or take {give_or_take(mistake.lost_se)} for the luck")
    for text in figures:
        if text not in mistake.what:
            problems.append(f"{text} is not in the words")
    if move_words(game, played) not in mistake.what or \
            move_words(game, better) not in mistake.better_text:
        problems.append("the words do not name the moves")
    texts = " ".join((mistake.what, mistake.better_text, mistake.why))
    if re.search(PATTERN, texts):
        problems.append("a rule id in the learner's words")
    seen = _seen(game, seat)
    for a, b in _TILE.findall(texts):
        if not any(t.has(int(a)) and t.other(int(a)) == int(b) for t in seen):
            problems.append(f"{a}-{b} is a tile the seat could not see")
    if mistake.idea == "double-kept" and not (better.tile is not None and better.tile.is_double
                                              and better.tile in game.hand(seat)):
        problems.append("the better move lays no double from the hand")
    why = mistake.why
    lines = _line_tiles(game, better), _line_tiles(game, played)
    mine, theirs = (len(x) for x in lines)
    said = "With it, " in why or "Either way, " in why
    if said or mistake.idea in ("plan", "shared"):
        level = mistake.idea == "shared" or "reaches your 0-0" in why or \
            "can no longer go on it" in why
        ahead = mine >= theirs if level else mine > theirs
        equal = f"Either way, {mine} of your tiles" in why and mine == theirs
        counted = f"With it, {mine} of your tiles" in why and \
            _theirs(game, played, theirs) in why
        if not (ahead or mistake.idea not in ("plan", "shared")) or not (equal or counted):
            problems.append("the line's counts are not the engine's, or not in its favour")
    if mistake.idea == "shared" and not _shared_end(game, played, better):
        problems.append("the shared end's reason does not hold")
    if mistake.idea == "block":
        block = _block(game, played, better)
        if not block:
            problems.append("the double left open does not hold anyone up")
        elif block not in mistake.why:
            problems.append("the double left open is not said as the engine finds it")
    problems += _check_extras(mistake, game, played, better, lines)
    if mistake.idea == "double-open":
        laid = {game.line_code(i) for i in game.turn_doubles}
        if not laid or better.line_code not in laid:
            problems.append("the better move covers no double of this turn")
    return problems


_LEFT = re.compile(r"has (\d+) tiles? left")
_EACH = re.compile(r"((?:[^.:;]+?, )*[^.:;,]+? and [^.:;,]+?) have (\d+) tiles? left each")
_BONUS = re.compile(r"then (\d+)-(\d+) on [^:]+?, two tiles out of your hand this turn, "
                    r"(\d+) points")
_COVER = re.compile(r"cover it yourself with (\d+)-(\d+) at once, (\d+) points")
_OUT = re.compile(r"cover it yourself with (\d+)-(\d+): those are your last two tiles")
_OUT_AFTER = re.compile(r"then play (\d+)-(\d+) on [^:]+: those are your last two tiles")
_LINK = re.compile(r"\d+-\d+ is a link of that line|That line starts with \d+-\d+|"
                   r"\d+-\d+ is not part of that line|\d+-\d+ belongs to that line too")
_SO_STRANDED = re.compile(r"So your (\d+)-(\d+) \(\d+ points\) can no longer go on it")
_STRANDED = re.compile(r"leads your own train to an? (\d+)( either)?, so your (\d+)-(\d+) \(")


def _check_extras(mistake: Mistake, game: Game, played: Move, better: Move,
                  lines: tuple[list[Tile], list[Tile]]) -> list[str]:
    """The sentences some ideas add, held to the engine: the tile that covers a double at
    once, the shared end, the double blank a line reaches (``lines``: the line each move,
    the better one first, leaves for the player's own train)."""
    problems = []
    why = mistake.why
    me = game.current
    # the double's cover empties the hand; the double then the last tile elsewhere goes out
    for pattern, same_line, ends, fault in (
            (_OUT, True, False, "do not empty the hand"),
            (_OUT_AFTER, False, True, "do not end the round with the hand empty")):
        said = pattern.search(why)
        if not said:
            continue
        a, b = (int(x) for x in said.groups())
        after, fits = _after_double(game, better, Tile(a, b), same_line=same_line)
        if fits:
            after.push(fits[0])
        done = (after.over and after.out == me) if ends else not after.hand(me)
        if not fits or not done:
            problems.append(f"the double and {a}-{b} {fault}")
    for pattern, same_line, fault in ((_COVER, True, "does not cover the double at once"),
                                      (_BONUS, False, "is not a play after the double")):
        said = pattern.search(why)
        if said:
            a, b, both = (int(x) for x in said.groups())
            if not _plays_after(game, better, Tile(a, b), both, same_line=same_line):
                problems.append(f"{a}-{b} {fault} for {both} points")
    sizes = sum(1 for _ in _LEFT.finditer(why))  # every hand size said, of a player's
    for seat, name in enumerate(game.players):
        for n in re.findall(rf"(?<![\w-]){re.escape(name)} has (\d+) tiles? left", why):
            sizes -= 1
            if len(game.hand(seat)) != int(n):
                problems.append(f"{name} does not have {n} tiles left")
    for names, n in _EACH.findall(why):       # "Ben and Cy have 1 tile left each"
        for name in (x.strip() for x in re.split(r", | and ", names)):
            if name not in game.players or len(game.hand(game.players.index(name))) != int(n):
                problems.append(f"{name} does not have {n} tiles left")
    if sizes > 0:
        problems.append("a hand size is said of someone who is not a player")
    if "is the only tile in your hand" in why and not _only_tile(game, played, better,
                                                                 lines[1]):
        problems.append("the tile is not the only one for the player's own train")
    if "other players may" in why and not _shared_end(game, played, better):
        problems.append("the shared end's sentence does not hold")
    if "reaches your 0-0" in why and not (Tile(0, 0) in lines[0]
                                          and _cut_off(game, played, 0)):
        problems.append("the line does not take the 0-0, or a line still reaches it after "
                        "the move played")
    if mistake.idea == "marker" and not _said(_marker_off(game, played, better), why):
        problems.append("the better move takes no marker off, or not as said")
    if "no tile can ever follow it" in why and not _said(_dead_end(game, played, better), why):
        problems.append("the move played does not leave the player's train a dead end")
    if _LINK.search(why) and \
            not any(_said(_link(game, played, better, *lines, short=s), why)
                    for s in (False, True)):
        problems.append("the tile played is not a link of the better move's line, or that "
                        "line does not start as said")
    if mistake.idea == "shed" and not _said(_shed(game, played, better) or "", why):
        problems.append("the tiles' points are not as said, or no one is near going out")
    if "none of the tiles left in your hand has" in why and \
            not _said(_stuck(game, played, better), why):
        problems.append("the hand can follow the train's end after the move played, or not "
                        "as said")
    if "fits your own train's" in why and not _said(_kept_last(game, played, better), why):
        problems.append("the tile kept does not fit the player's own train, or the other "
                        "not only a shared one, or not as said")
    if "stays open after your turn" in why:
        after = game.copy()
        after.push(better)
        then = PlannerBot().advise(after).move if after.current == game.current else None
        if then is None or not _said(_left_open(game, better, then), why):
            problems.append("the double laid does not stay open after the turn, or not as said")
    for a, b in _SO_STRANDED.findall(why):
        double = Tile(int(a), int(b))
        cut = _stranded(game, played, double, None if double == better.tile else better,
                        so=True)
        if not _said(cut, why) or not _said(_stuck(game, played, better), why):
            problems.append(f"{a}-{b} is not cut off from the player's own train")
    for end, either, a, b in _STRANDED.findall(why):
        double = Tile(int(a), int(b))
        cut = _stranded(game, played, double, None if double == better.tile else better,
                        either=bool(either))
        if int(end) != double.high or not _said(cut, why):
            problems.append(f"{a}-{b} is not cut off from the player's own train")
    return problems


def _said(sentence: str, why: str) -> bool:
    """Whether the engine's ``sentence`` holds (it is not "") and ``why`` says it word for
    word."""
    return bool(sentence) and sentence in why


def _after_double(game: Game, double: Move, tile: Tile, *, same_line: bool
                  ) -> tuple[Game, list[Move]]:
    """The game after ``double``, and the plays of ``tile`` legal then (on the double's own
    line if ``same_line``)."""
    after = game.copy()
    after.push(double)
    fits = [m for m in after.legal_moves if m.kind == "play" and m.tile == tile
            and (not same_line or m.line_code == double.line_code)]
    return after, fits


def _plays_after(game: Game, double: Move, tile: Tile, both: int, *, same_line: bool) -> bool:
    """Whether, after ``double``, the same player may play ``tile`` (on the double's own
    line if ``same_line``), and the two tiles count ``both`` points."""
    after, fits = _after_double(game, double, tile, same_line=same_line)
    t = double.tile
    value = game.rules.tile_value
    return (after.current == game.current and bool(fits) and t is not None
            and both == value(t.high, t.low) + value(tile.high, tile.low))

