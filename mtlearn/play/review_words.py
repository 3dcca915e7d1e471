"""The words of a round's review: a move said to the learner, and the idea behind a better
move. :mod:`mtlearn.play.review` makes the mistakes; this says them, and
:mod:`mtlearn.play.review_check` holds every sentence to the engine.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..core.moves import Move
from ..core.rule_words import rule_words
from ..core.tiles import Tile
from ..engine.game import Game
from .bots import PlannerBot
from .review_lines import (
    _a,
    _blank_line,
    _dead_end,
    _kept_last,
    _line_tiles,
    _link,
    _on_own,
    _stranded,
    _stuck,
    _unseen,
)

__all__ = ["DOUBLE_GAP", "LINE_GAP", "SHED_GAP", "STRANDED_WORTH", "idea_of", "move_words"]

#: A double kept is the reason for a mistake only if every move that keeps it leaves at
#: least this many points more than the better move (else the double is not the difference).
DOUBLE_GAP = 2.0
#: The heavier tile is the reason (someone near going out) only when it sheds at least this
#: many points more than the tile played (a point or two is not why a move is better).
SHED_GAP = 5
#: A longer line for the learner's own train is the reason on its own (without the
#: planner's words) when the better move lines up at least this many tiles more.
LINE_GAP = 2

#: The fewest points a double kept in the hand is worth for the review to say that the
#: move played cut it off from the player's own train (a 2-2 is not worth a sentence).
STRANDED_WORTH = 10

_TILE = re.compile(r"\b(\d{1,2})-(\d{1,2})\b")


def move_words(game: Game, move: Move) -> str:
    """A move of the player to play, said to them: "play 12-5 on your train", "draw a
    tile", "pass"."""
    if move.kind == "play":
        return f"play {move.laid} on {_where(game, move)}"
    return {"draw": "draw a tile", "pass": "pass", "end": "end your turn",
            "uno": "announce your last tile"}[move.kind]


def idea_of(game: Game, played: Move, better: Move,
            means: Mapping[Move, float] | None = None) -> tuple[str, str]:
    """The strategy idea behind ``better`` against ``played``, and why, in words. ``means``
    (each legal move's mean round points, when known) keeps an idea to where it makes the
    difference: a double kept is the reason only if every move that keeps it does clearly
    worse than ``better``; a double covered only if no other cover does clearly worse. A
    clause true of the move played as well is left out."""
    t = better.tile
    best = means.get(better) if means else None
    keepers = [p for m, p in (means or {}).items() if m.tile != t and m != better]
    double_matters = best is None or not keepers or min(keepers) - best >= DOUBLE_GAP
    # a move that lays a double as heavy is no double kept (review 10, file 12)
    u = played.tile
    value = game.rules.tile_value
    kept = t is not None and t.is_double and u != t and not (
        u is not None and u.is_double and value(u.high, u.low) >= value(t.high, t.low))
    if kept and double_matters:
        return "double-kept", _double_kept(game, played, better)
    laid = {game.line_code(i) for i in game.turn_doubles}
    # (the same tile laid elsewhere gets the same points out: review 10, file 29)
    if (t is not None and better.line_code in laid and played.line_code not in laid
            and played.kind == "play" and u != t):
        # another tile on the same double that does clearly worse: the tile, not the
        # covering, makes the difference, and the plan says why if it can
        worse_cover = best is not None and any(
            m.line_code == better.line_code and m.tile != t and p - best >= DOUBLE_GAP
            for m, p in (means or {}).items())
        plan = _plan_idea(game, played, better) if worse_cover else None
        if plan is not None:
            return plan
        end = better.inward
        return "double-open", (
            f"Covering your double {end}-{end} with {better.laid} gets "
            f"{value(t.high, t.low)} points out of your hand. Left open at the end of your "
            f"turn, it blocks every train until someone covers it (rule: "
            f"{rule_words('R-DBL-3')}), and that need not be you.")
    block = _block(game, played, better)
    if block:
        return "block", block
    shed = _shed(game, played, better)
    if shed is not None:
        # a few pips apart cannot explain a large loss: the line each leaves often does
        # (review 15, file 30: 8 points against 3, and 5 tiles in one line against 2)
        mine, theirs = _line_tiles(game, better), _line_tiles(game, played)
        if len(mine) >= len(theirs) + LINE_GAP:
            shed = f"{shed} {_counts(game, played, better, mine, theirs)}"
        return "shed", shed
    plan = _plan_idea(game, played, better)
    dead = _dead_end(game, played, better)
    if plan is not None:
        return (plan[0], f"{plan[1]} {dead}") if dead else plan
    if dead:
        return "dead-end", dead
    marker = _marker_off(game, played, better)
    if marker:
        return "marker", marker
    if kept:
        # another move that keeps the double did about as well, but nothing else tells
        # these two apart: laying the double (and what follows it) is what the better does
        return "double-kept", _double_kept(game, played, better)
    return "points", ("Played out over the deals, the rest of the round went better for you "
                      "after it: on average, fewer points were left in your hand when it ended.")


def _double_kept(game: Game, played: Move, better: Move) -> str:
    """Why laying the double ``better`` lays beats keeping it: the round's end near, its
    points, the play after it (the tile that covers it at once, else the play the planner
    would make), and the line for your own train when the move played cuts it."""
    me = game.current
    value = game.rules.tile_value
    t = better.tile
    assert t is not None
    after = game.copy()
    after.push(better)
    plays = [m for m in after.legal_moves if m.kind == "play"] if after.current == me else []
    covers = [m for m in plays if m.line_code == better.line_code]
    points = value(t.high, t.low)
    near = _near_end(game)
    # said only when the round's end is near: else it repeats the points (review 11)
    kept = ("Kept in your hand, it counts against you if the round ends before you lay it."
            if near else "")
    advice = PlannerBot().advise(after).move if plays else None
    if covers:
        c = advice if advice in covers else max(
            covers, key=lambda m: value(m.tile.high, m.tile.low) if m.tile else 0)
        assert c.tile is not None
        both = points + value(c.tile.high, c.tile.low)
        if len(game.hand(me)) == 2:
            return (f"{near}Lay the double {t}, then cover it yourself with {c.laid}: "
                    f"those are your last two tiles, so you go out this turn and your hand "
                    f"counts nothing.")
        why = (f"{near}Laying the double {t} gets its {points} points out of your hand, and "
               f"after a double you play again: you can cover it yourself with {c.laid} at "
               f"once, {both} points out of your hand this turn. {kept}").rstrip()
    elif advice is not None and advice in plays and advice.tile is not None:
        both = points + value(advice.tile.high, advice.tile.low)
        where = _where(after, advice)
        if len(game.hand(me)) == 2:
            last = after.copy()
            last.push(advice)
            if last.over and last.out == me:        # review 13, file 22
                return (f"{near}Lay the double {t}, then play {advice.laid} on {where}: "
                        f"those are your last two tiles, so you go out this turn and your "
                        f"hand counts nothing.")
        still = _left_open(game, better, advice)
        why = (f"{near}Laying the double {t} gets its {points} points out of your hand, and "
               f"after a double you play again: then {advice.laid} on {where}, two tiles out "
               f"of your hand this turn, {both} points. {still + ' ' if still else ''}"
               f"{kept}").rstrip()
    else:
        more = ", and after a double you play again" if plays else ""
        why = (f"{near}Laying the double {t} when you can gets its {points} points out of "
               f"your hand{more}. {kept}").rstrip()
    stranded = _stranded(game, played, t)
    if stranded:
        why += f" {stranded}"
    mine, theirs = _line_tiles(game, better), _line_tiles(game, played)
    if len(mine) >= len(theirs) + LINE_GAP:
        blank = _blank_line(game, played, better, mine, theirs)
        # no link here: the line may go on from the double with another tile than the one
        # named to cover it (review 10, file 18)
        why += " " + _counts(game, played, better, mine, theirs) + (f" {blank}" if blank else "")
    return why


def _where(game: Game, move: Move) -> str:
    """Where a play goes, said to the player to play: "your train", "Ben's train"."""
    assert move.train is not None
    if move.train == game.current:
        return f"branch {move.branch} of your train" if move.branch else "your train"
    return game.place_label(move.train, move.branch)


def _fewest(game: Game) -> tuple[int, int]:
    """The fewest tiles in another player's hand, and that player's seat (the first)."""
    return min((len(game.hand(s)), s) for s in range(game.n) if s != game.current)


def _near_end(game: Game) -> str:
    """"Ben has 1 tile left, so the round may end soon. " when an opponent has two tiles or
    fewer (the fewest, the first such seat), else ""."""
    low, _ = _fewest(game)
    if low > 2:
        return ""
    return f"{_nearest(game)}, so the round may end soon. "


def _nearest(game: Game) -> str:
    """"Ben has 1 tile left", or "Ben and Cy have 1 tile left each": every opponent with
    the fewest tiles, not the first only (review 12, file 26)."""
    low, _ = _fewest(game)
    names = [game.players[s] for s in range(game.n)
             if s != game.current and len(game.hand(s)) == low]
    tiles = f"{low} tile{'s' if low != 1 else ''} left"
    if len(names) == 1:
        return f"{names[0]} has {tiles}"
    return ", ".join(names[:-1]) + f" and {names[-1]} have {tiles} each"


def _left_open(game: Game, double: Move, then: Move) -> str:
    """"The 3-3 stays open after your turn: every other player must cover it before
    playing anywhere else, and one who holds no 3 draws." (with "Ben cannot go out unless
    their last tile has a 3." when an opponent is on their last tile) when, after the
    double ``double`` and the play ``then`` elsewhere, the double binds the next player
    (R-DBL-3: a tile with its number is still out of sight); standard rules. "" else."""
    t = double.tile
    if not (type(game) is Game and not game.rules.wild_blanks and t is not None
            and t.is_double and then.kind == "play"):
        return ""
    after = game.copy()
    after.push(double)
    if then not in after.legal_moves:
        return ""
    after.push(then)
    if after.current == game.current or after.blocking_double != double.train:
        return ""
    n = t.high
    why = (f"The {t} stays open after your turn: every other player must cover it before "
           f"playing anywhere else, and one who holds no {n} draws.")
    return why + _next_stopped(after, n)


def _next_stopped(after: Game, n: int) -> str:
    """" Ben, who plays next, cannot go out unless their last tile has a 3." when the
    player to play ``after`` the turn holds one tile and a double of ``n`` binds play: only
    of the next player, as another may cover the double before a later one plays (review
    12, file 25). "" else."""
    nxt = after.current
    if after.over or after.hand_sizes[nxt] != 1:
        return ""
    return (f" {after.players[nxt]}, who plays next, cannot go out unless their last tile "
            f"has {_a(n)}.")


def _block(game: Game, played: Move, better: Move) -> str:
    """Why leaving a double of this turn open beats covering it with the move played
    (standard rules): every other player must cover it first, and one who cannot draws; an
    opponent on their last tile cannot go out without that number; the tiles of the hand
    that cover it later. "" when the move played does not cover it or ``better`` does."""
    me = game.current
    laid = {game.line_code(i) for i in game.turn_doubles}
    if not (type(game) is Game and not game.rules.wild_blanks and played.kind == "play"
            and played.line_code in laid and better.kind == "play"
            and better.line_code not in laid and better.tile is not None
            and not better.tile.is_double):
        return ""
    after = game.copy()
    after.push(better)
    still = set(after.open_double_lines) & laid
    if not still or played.line_code not in still:
        return ""
    end = played.inward
    if end is None:
        return ""
    double = Tile(end, end)
    low, _ = _fewest(game)
    # the sentence says the rule (R-DBL-3): it is not cited after it
    why = (f"Playing {better.laid} leaves the {double} you laid open, and every other "
           f"player must cover it before playing anywhere else: one who holds no {end} "
           f"draws, and may have to put a marker down.")
    if low == 1:
        why = f"{_near_end(game)}{why}{_next_stopped(after, end)}"
    later = [t for t in after.hand(me) if t.has(end) and not t.is_double]
    if later:
        tiles = " and ".join(str(t) for t in later[:2])
        why += f" You still hold {tiles} to cover it yourself later."
    return why


def _shed(game: Game, played: Move, better: Move) -> str | None:
    """The heavier tile out first when someone is close to going out, if ``better`` sheds
    more points than ``played``."""
    value = game.rules.tile_value
    t, u = better.tile, played.tile
    low, _ = _fewest(game)
    if t is None or u is None or low > 2 or \
            value(t.high, t.low) < value(u.high, u.low) + SHED_GAP:
        return None
    # the two tiles compared, not "the heavier tile": another may be heavier still (review
    # 11, file 02), and a double's play after it is said
    why = (f"{_nearest(game)}: the round may "
           f"end soon, so get points out of your hand: {better.laid} is "
           f"{value(t.high, t.low)} points, {played.laid} only {value(u.high, u.low)}.")
    after = game.copy()
    after.push(better)
    if t.is_double and not after.over and after.current == game.current and any(
            m.kind == "play" for m in after.legal_moves):
        why += " And after a double you play again: another tile out this turn."
    kept = _kept_last(game, played, better)
    return f"{why} {kept}" if kept else why


def _plan_idea(game: Game, played: Move, better: Move) -> tuple[str, str] | None:
    """The idea of the learner's own train: the planner's reason for ``better`` (its
    clauses that hold of the move played too left out), the line each move leaves, a
    shared train's end that may not wait, the double blank the line reaches; None when
    none of them tells the moves apart."""
    mine, theirs = _line_tiles(game, better), _line_tiles(game, played)
    counts = _counts(game, played, better, mine, theirs)
    reason = _advice_reason(game, played, better)
    only = _only_tile(game, played, better, theirs)
    # the planner's words show the line already: the link is named without it, and not
    # when they say the tile is no part of it, or the only tile says it is the first
    short = "planned train" in reason
    stuck = _stuck(game, played, better) if len(mine) > len(theirs) else ""
    # (the end the hand cannot follow says more than "not part of that line")
    link = "" if only or (short and (played.tile == better.tile or stuck)) else \
        _link(game, played, better, mine, theirs, short=short)
    counts = " ".join(x for x in (counts, link, stuck) if x)
    counts = f"{only} {counts}" if only else counts
    blank = _blank_line(game, played, better, mine, theirs)
    # a double worth a reason (STRANDED_WORTH points or more), not the 0-0 already said,
    # and not when the move played leaves no line at all (review 13, file 30: "none" says it)
    stranded = ""
    if theirs:
        stranded = next((s for d in _doubles_kept(game, played, better)
                         if game.rules.tile_value(d.high, d.low) >= STRANDED_WORTH
                         and not (blank and d == Tile(0, 0))
                         and (s := _stranded(game, played, d, better, either=bool(blank),
                                             so=bool(stuck) and not blank))), "")
    blank = f"{blank} {stranded}".strip() if stranded else blank
    counts = f"{counts} {blank}" if blank else counts
    shared = _shared_end(game, played, better)
    # the plan is the reason only when the move played really gives up some of it
    if reason and len(mine) > len(theirs):
        stop = "" if reason.endswith("…") else "."
        if "starts the Mexican train" in reason:  # said once: the planner's reason said it
            shared = _shared_end(game, played, better, started_said=True)
        why = f"{reason[0].upper()}{reason[1:]}{stop} {counts}"
        return "plan", f"{why} {shared}" if shared else why
    long = len(mine) >= len(theirs) + LINE_GAP
    if long or (blank and len(mine) >= len(theirs)) or (only and len(mine) > len(theirs)):
        why = counts if blank or not long else (counts + " A long line on your own train is "
                                                "a tile to play on every turn, with no need "
                                                "to draw.")
        return "plan", f"{why} {shared}" if shared else why
    if len(mine) >= len(theirs) and shared:
        return "shared", f"{shared} {counts}"
    return None


def _counts(game: Game, played: Move, better: Move, mine: list[Tile],
            theirs: list[Tile]) -> str:
    """The line each move leaves for your own train, counted (both counts the engine's)."""
    go = "goes" if len(mine) == 1 else "go"
    if len(mine) == len(theirs):
        return f"Either way, {len(mine)} of your tiles {go} on your own train in one line."
    counted = ", this one included" if _on_own(game, better) else ""
    return (f"With it, {len(mine)} of your tiles {go} on your own train in one "
            f"line{counted}; {_theirs(game, played, len(theirs))}.")


def _theirs(game: Game, played: Move, count: int) -> str:
    """The count of the move played's line: "with the move you played, 3, that one
    included", "…, only that tile", "…, none"."""
    if count == 0:
        return "with the move you played, none"
    if count == 1 and _on_own(game, played):
        return "with the move you played, only that tile"
    mine = ", that one included" if _on_own(game, played) else ""
    return f"with the move you played, {count}{mine}"


def _only_tile(game: Game, played: Move, better: Move, theirs: list[Tile]) -> str:
    """"12-5 is the only tile in your hand that fits your own train now." when the move
    played takes it elsewhere, and leaves the train nothing, while the better move plays it
    there or keeps it (on another train: review 15, file 29; standard matching)."""
    me = game.current
    t = played.tile
    if t is None or _on_own(game, played) or theirs or game.rules.wild_blanks:
        return ""
    end = game.train(me).open_end
    if not t.has(end) or sum(1 for u in game.hand(me) if u.has(end)) != 1:
        return ""
    if better.tile == t and _on_own(game, better):
        laid = better.laid
    elif better.tile != t and not _on_own(game, better) and better.kind == "play":
        laid = f"{end}-{t.other(end)}"
    else:
        return ""
    return (f"{laid} is the only tile in your hand that fits your own train now: "
            f"played elsewhere, it leaves your train nothing to follow.")


def _advice_reason(game: Game, played: Move, better: Move) -> str:
    """The planner's reason for ``better`` when it is the planner's move, less what holds of
    ``played`` too (""when nothing is left): a shed or a cover the move played makes as
    well, the marker any tile on your own train takes off; and less the planned train's
    length (the line's count follows it, from the engine)."""
    advice = PlannerBot().advise(game)
    if advice.move != better or not advice.reason:
        return ""
    value = game.rules.tile_value
    t, u = better.tile, played.tile
    if advice.idea == "shed" and t is not None and u is not None and \
            value(t.high, t.low) < value(u.high, u.low) + SHED_GAP:
        return ""
    if advice.idea == "cover" and played.line_code in game.open_double_lines:
        return ""
    reason = advice.reason
    if _on_own(game, played):
        reason = reason.replace(" and takes the marker off your train", "")
    return re.sub(r"… \(\d+ tiles\)", "…", reason)


def _doubles_kept(game: Game, played: Move, better: Move) -> list[Tile]:
    """The doubles of the hand that neither move plays, heaviest first."""
    return sorted((t for t in game.hand(game.current)
                   if t.is_double and t not in (played.tile, better.tile)), reverse=True)


def _marker_off(game: Game, played: Move, better: Move) -> str:
    """"Your train has a marker, so …: playing 5-8 on it takes the marker off." when
    ``better`` plays on the player's own marked train and the move played does not
    (standard trains); with the end the move played uses when every other tile of its number
    is in sight (so that end waits). "" when that does not hold."""
    me = game.current
    if not (type(game) is Game and _on_own(game, better) and not better.branch
            and game.train(me).marker and not _on_own(game, played)
            and played.kind == "play"):
        return ""
    why = (f"Your train has a marker, so every other player may play on it, and the end you "
           f"need may be gone by your next turn. Playing {better.laid} on it takes the "
           f"marker off (rule: {rule_words('R-MARK-3')}), and your train is yours again.")
    end = played.inward
    if end is not None and not game.rules.wild_blanks and \
            not any(t.has(end) for t in _unseen(game, me)):
        where = _where(game, played)
        why += (f" The {end} on {where} can wait: every other tile with {_a(end)} is in sight, "
                f"so no one else can play there.")
    return why


def _shared_end(game: Game, played: Move, better: Move, *, started_said: bool = False) -> str:
    """Why a tile on a shared end beats one on your own unmarked train (standard trains, no
    open double, a tile you cannot see that could take the end): the shared end may be
    gone by your next turn, your own train waits for you. "" when that does not hold.
    ``started_said``: the words before say already that the tile starts its train."""
    me = game.current
    if not (better.kind == "play" and _on_own(game, played) and better.train != me
            and better.tile is not None and not better.tile.is_double
            and type(game) is Game and not game.rules.wild_blanks
            and not game.open_double_lines and not game.train(me).marker):
        return ""
    end = better.inward
    if end is None or not any(t.has(end) for t in _unseen(game, me)):
        return ""
    where = game.place_label(better.train, better.branch) if better.train is not None else ""
    own = ("Your own train has no marker, so only you play on it, and its line waits for "
           "you.")
    if better.train is not None and not better.branch and not game.train(better.train).tiles:
        lead = (f"Other players may start {where} too" if started_said else
                f"{better.laid} starts {where} now, and other players may start it too")
        return f"{lead}: then it no longer ends on {_a(end)}. {own}"
    return (f"{better.laid} fits the {end} at the end of {where} now, and other players may "
            f"play there too: that {end} may be gone by your next turn. {own}")


