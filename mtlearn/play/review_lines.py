"""What the learner's own train can still take, for the words of a round's review: the
lines of the hand from the train's end (the planner's longest one, and which numbers any line
reaches), the tile a move takes from a line, a double a move cuts off, an end nothing can
follow. :mod:`mtlearn.play.review_words` says them; :mod:`mtlearn.play.review_check` holds
each sentence to the engine by these same computations.
"""

from __future__ import annotations

from ..core.moves import Move
from ..core.tiles import Tile
from ..engine.game import Game
from .bots import PlannerBot
from .deals import hidden_tiles

__all__ = ["LINE_SHOWN"]


#: The most tiles of a line the review writes out (a longer one ends with "…", unless the
#: tile it names is past them).
LINE_SHOWN = 10


def _a(n: int) -> str:
    """A number with its article, as it is read: "a 9", "an 8", "an 11", "an 18"."""
    return f"{'an' if n in (8, 11, 18) else 'a'} {n}"


def _on_own(game: Game, move: Move) -> bool:
    return move.kind == "play" and move.train == game.current


def _unseen(game: Game, seat: int) -> set[Tile]:
    """The tiles ``seat`` cannot see: neither in its hand nor on the table."""
    return set(hidden_tiles(game, seat))


def _seen(game: Game, seat: int) -> set[Tile]:
    """The tiles ``seat`` can see: its hand, the engine and every tile on the table."""
    top = game.set_max
    return {Tile(a, b) for a in range(top + 1) for b in range(a + 1)} - _unseen(game, seat)


def _reach(game: Game, seat: int) -> set[int]:
    """The numbers a line of ``seat``'s tiles can lead its own train to, from the train's
    end (a number joined to the end through the hand's tiles: a path that uses each tile
    once exists then)."""
    reach = {game.train(seat).open_end}
    grew = True
    while grew:
        grew = False
        for t in game.hand(seat):
            for a, b in ((t.high, t.low), (t.low, t.high)):
                if a in reach and b not in reach:
                    reach.add(b)
                    grew = True
    return reach


def _cut_off(game: Game, played: Move, end: int) -> bool:
    """Whether a line of the hand leads the player's own train to ``end`` now and none
    does after ``played`` (standard trains only)."""
    me = game.current
    if type(game) is not Game or game.rules.wild_blanks or played.kind != "play":
        return False
    after = game.copy()
    after.push(played)
    return end in _reach(game, me) and end not in _reach(after, me)


def _line_tiles(game: Game, move: Move) -> list[Tile]:
    """The player's tiles that go on their own train in one line after ``move``, ``move``
    included (the longest line of the hand from the train's end: the planner's)."""
    me = game.current
    g = game.copy()
    g.push(move)
    own = [move.tile] if _on_own(game, move) and move.tile is not None else []
    return own + [t for t, _ in PlannerBot().plan(g, me).chain]


def _line_laid(game: Game, move: Move) -> list[str]:
    """:func:`_line_tiles`' line, each tile written as it would be laid ("0-11, 11-4")."""
    me = game.current
    g = game.copy()
    g.push(move)
    own = [move.laid] if _on_own(game, move) and move.laid is not None else []
    return own + [f"{i}-{t.other(i)}" for t, i in PlannerBot().plan(g, me).chain]


def _link(game: Game, played: Move, better: Move, mine: list[Tile],
          theirs: list[Tile], *, short: bool = False) -> str:
    """Which tile the move played takes from the better move's line, or where that line
    starts instead: "11-4 is a link of that line: 10-2, 2-1, 1-0, 0-11, 11-4, 4-4.", "That
    line starts with 9-0: 9-0, 0-4, 4-4; 9-5 is not part of it." (review 9); ``short``,
    where the line is written out already: "11-4 is a link of that line.", "9-5 is not part
    of that line."; "" when the better move's line is no longer."""
    t = played.tile
    if t is None or len(mine) <= len(theirs):
        return ""
    line = _line_laid(game, better)
    later = t in mine and mine.index(t) > 0     # in the line, but not where it starts
    if short:
        if _on_own(game, played):
            if t not in mine:
                return f"{played.laid} is not part of that line."
            return f"{played.laid} belongs to that line too, but later." if later else ""
        return f"{line[mine.index(t)]} is a link of that line." if t in mine else ""
    shown = ", ".join(line) if len(line) <= LINE_SHOWN else \
        ", ".join(line[:LINE_SHOWN - 1]) + ", …"
    if _on_own(game, played):
        if t not in mine:
            return f"That line starts with {line[0]}: {shown}; {played.laid} is not part of it."
        if not later:
            return ""
        if mine.index(t) >= LINE_SHOWN - 1 and len(line) > LINE_SHOWN:
            shown = ", ".join(line)
        # review 12: a loop back to the train's number is played first, that tile last
        return f"{played.laid} belongs to that line too, but later: {shown}."
    if t not in mine:
        return ""
    laid = line[mine.index(t)]
    if mine.index(t) >= LINE_SHOWN - 1 and len(line) > LINE_SHOWN:
        shown = ", ".join(line)
    return f"{laid} is a link of that line: {shown}."


def _blank_line(game: Game, played: Move, better: Move, mine: list[Tile],
                theirs: list[Tile]) -> str:
    """The double blank's count (50, or 25, with no pips), when the better move's line
    goes on to it and, after the move played, no line of the hand reaches it at all (not
    said when either move lays the 0-0 itself)."""
    blank = Tile(0, 0)
    worth = game.rules.tile_value(0, 0)
    if not worth or blank not in mine or blank in theirs or blank in (played.tile,
                                                                     better.tile):
        return ""
    if not _cut_off(game, played, 0):
        return ""       # another line still reaches it (review 9, file 28)
    return (f"That line reaches your 0-0, which counts {worth} points if it is left in your "
            f"hand; after the move you played, no line of your tiles leads your own train to it.")


def _stranded(game: Game, played: Move, double: Tile, better: Move | None = None, *,
              either: bool = False, so: bool = False) -> str:
    """"After the move you played, no line of your tiles leads your own train to a 9, so
    your 9-9 (18 points) can no longer go on it." when a line led there before the move
    played and none does after it (and, with ``better``, one still does after ``better``);
    standard trains only. "" when that does not hold. ``either``: said after the 0-0's
    sentence, which says the same of the 0 ("No line leads your own train to a 9 either,
    …"). ``so``: said after :func:`_stuck`'s sentence, which says no tile of the hand
    follows the train ("So your 9-9 (18 points) can no longer go on it.")."""
    me = game.current
    if not (double.is_double and double in game.hand(me) and double != played.tile):
        return ""
    end = double.high
    if not _cut_off(game, played, end):
        return ""
    if better is not None:
        kept = game.copy()
        kept.push(better)
        if end not in _reach(kept, me):
            return ""
    worth = game.rules.tile_value(end, end)
    if so:
        return f"So your {double} ({worth} points) can no longer go on it."
    lead = (f"No line leads your own train to {_a(end)} either" if either else
            f"After the move you played, no line of your tiles leads your own train to "
            f"{_a(end)}")
    return f"{lead}, so your {double} ({worth} points) can no longer go on it."


def _dead_end(game: Game, played: Move, better: Move) -> str:
    """"After 11-7 on your train, it ends on a 7, and every tile with a 7 is in sight, none
    in your hand: …" when the move played leaves the player's own train an end no tile will
    ever follow (every tile of that number on the table, none in the hand) and ``better``
    does not (standard trains). "" when that does not hold."""
    me = game.current
    if not (type(game) is Game and not game.rules.wild_blanks and _on_own(game, played)
            and not played.branch):
        return ""
    unseen = _unseen(game, me)

    def dead(move: Move) -> int | None:
        after = game.copy()
        after.push(move)
        end = after.train(me).open_end
        if any(t.has(end) for t in after.hand(me)) or any(t.has(end) for t in unseen):
            return None
        return end

    end = dead(played)
    if end is None or dead(better) is not None:
        return ""
    return (f"After {played.laid} on your train, it ends on {_a(end)}, and every tile with "
            f"{_a(end)} is in sight, none of them in your hand: no tile can ever follow it, so "
            f"your own train takes nothing more this round.")


def _stuck(game: Game, played: Move, better: Move) -> str:
    """"After 5-7 your train ends on a 7, and none of the tiles left in your hand has a 7:
    none of them can follow it." when the move played leaves the player's own train an end
    the hand cannot follow and ``better`` leaves one it can (standard trains; review 11:
    plainer than "only that tile"). "" when that does not hold, or when no tile at all can
    ever follow it (:func:`_dead_end` says so)."""
    me = game.current
    if not (type(game) is Game and not game.rules.wild_blanks and _on_own(game, played)
            and not played.branch):
        return ""

    def stuck(move: Move) -> int | None:
        after = game.copy()
        after.push(move)
        end = after.open_end(me)
        return None if any(t.has(end) for t in after.hand(me)) else end

    end = stuck(played)
    if end is None or stuck(better) is not None or _dead_end(game, played, better):
        return ""
    return (f"After {played.laid} your train ends on {_a(end)}, and none of the tiles left in "
            f"your hand has {_a(end)}: none of them can follow it.")


def _kept_last(game: Game, played: Move, better: Move) -> str:
    """"Kept, 2-0 fits your own train's 2, where no one else may play while your train has
    no marker; kept, 9-11 fits only the Mexican train's 9, where the others may play before
    your next turn." when each move leaves one tile in the hand and the turn ends, the tile
    ``better`` keeps fits the player's own train (unmarked) and the tile ``played`` keeps
    fits only shared trains (review 13, file 26: the sure way out is the point). "" when
    that does not hold; standard trains only, no double left open."""
    me = game.current
    if type(game) is not Game or game.rules.wild_blanks or len(game.hand(me)) != 2 or \
            played.kind != "play" or better.kind != "play":
        return ""
    kept: list[Tile] = []
    afters: list[Game] = []
    for m in (better, played):
        after = game.copy()
        after.push(m)
        if after.over or after.current == me or after.open_double_lines:
            return ""
        (tile,) = after.hand(me)
        kept.append(tile)
        afters.append(after)
    (mine, theirs), (after_b, after_p) = kept, afters
    own_b, own_p = after_b.open_end(me), after_p.open_end(me)
    if after_b.train(me).marker or not mine.has(own_b) or theirs.has(own_p):
        return ""
    shared = [k for k in (*range(game.n), "M") if k != me and after_p.train(k).started
              and (k == "M" or after_p.train(k).marker)
              and theirs.has(after_p.open_end(k))]
    if not shared:
        return ""
    places = " and ".join(f"{after_p.train_label(k)}'s {after_p.open_end(k)}"
                          for k in shared)
    end = after_p.open_end(shared[0])
    return (f"Kept, {own_b}-{mine.other(own_b)} fits your own train's {own_b}, where no one "
            f"else may play while your train has no marker; kept, {end}-{theirs.other(end)} "
            f"fits only {places}, where the others may play before your next turn.")
