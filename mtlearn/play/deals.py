"""Deals of the hidden tiles: the positions a player cannot tell apart from the real one.

A player sees their own hand, the tiles on the table, how many tiles each other player holds
and how many are left in the boneyard. Every tile of the set that is not in their hand or on
the table (nor the centre double) is *hidden*: it is in another hand or in the boneyard, and
the player cannot say where. :func:`sampled_deal` deals the hidden tiles afresh, at random:
the same hand sizes, the boneyard in a new order, everything else as it is.

The hidden tiles are worked out from what the player sees (:func:`hidden_tiles`), never read
from the other hands or the boneyard, and put in a fixed order before the shuffle, so a deal
depends only on the player's view and the random generator: two positions that look the same
from the seat give the same deals. The expert (:mod:`mtlearn.play.expert`) searches over
these deals.

A draw or a pass shows something too. Where the rules make a player play a tile that fits
(R-TURN-2), a player who draws or passes instead held no tile that fitted any line open to
them then; :func:`shown` works that out from the round's moves, which every player sees, and
``sampled_deal(..., shown=...)`` deals only hands that agree with it (the expert's deals).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..core.moves import Move
from ..core.tiles import Tile, full_set
from ..engine.game import Game

__all__ = ["Dealer", "Shown", "dealt", "hidden_tiles", "sampled_deal", "seen_position", "shown"]


#: How many times a deal that agrees with what was shown is tried for before giving up.
_TRIES = 20


class Shown(NamedTuple):
    """What a forced draw or pass of another player showed: when they drew (or passed), seat
    ``seat`` held none of ``tiles`` (the hidden tiles that would have fitted a line open to
    them then), and they hold at most ``most`` of them now (one for each tile they have taken
    since that could be one of them, less those of them they have laid since)."""

    seat: int
    tiles: frozenset[Tile]
    most: int


def _table_tiles(game: Game) -> list[Tile]:
    """Every tile laid on a train or a branch of one (R-VAR-BRANCH)."""
    out: list[Tile] = []
    for key in game.train_keys():
        out.extend(t for t, _ in game.train(key).tiles)
        for b in game.branches(key):
            out.extend(t for t, _ in b.tiles)
    return out


def hidden_tiles(game: Game, seat: int) -> list[Tile]:
    """The tiles ``seat`` cannot see, lowest first: the full set less the centre double,
    the seat's own hand and the tiles on the table (worked out from what the seat sees)."""
    seen = {Tile(game.engine, game.engine), *game.hand(seat), *_table_tiles(game)}
    hidden = [t for t in full_set(game.set_max) if t not in seen]
    expected = sum(len(game.hand(s)) for s in range(game.n) if s != seat) + game.boneyard_size
    if len(hidden) != expected:
        raise RuntimeError(f"{len(hidden)} tiles unseen by seat {seat + 1}, but {expected} in "
                           f"the other hands and the boneyard: a tile is missing from the view")
    return hidden


def seen_position(game: Game, seat: int) -> dict[str, Any]:
    """The position as ``seat`` may know it: :meth:`~mtlearn.Game.to_position` with every
    other hand and the boneyard emptied of tiles (their sizes are in ``"sizes"``)."""
    pos = game.to_position()
    sizes = [len(h) for h in pos["hands"]]
    pos["hands"] = [h if s == seat else [] for s, h in enumerate(pos["hands"])]
    pos["boneyard"] = []
    return {"position": pos, "sizes": sizes, "boneyard": game.boneyard_size}


def shown(game: Game, seat: int) -> list[Shown]:
    """What the other players' draws and passes this round have shown ``seat``: one
    :class:`Shown` for each draw (or pass without a draw) that the rules forced, that still
    rules a hidden tile out of a hand.

    Worked out from what every player sees: the round's moves (who drew, who passed, which
    tile went where), the lines open at each turn and the hand sizes; never from a hand.
    Nothing is shown where a player may draw instead of playing (R-VAR-CHOOSE), in a
    train-building turn, or in a position read without its moves."""
    if game.rules.may_decline or not game.history:
        return []
    candidates = full_set(game.set_max)
    must = game.rules.drawn_tile == "must"
    # each forced draw or pass: [seat, the tiles that would have fitted, tiles taken since
    # (that could be among them), tiles of them laid since]
    events: list[list[Any]] = []
    drawn: list[Any] | None = None      # the event of a draw whose turn is not over yet
    last: tuple[int, Move, list[int]] | None = None     # the move before, its mover, sizes

    def settle(sizes: list[int]) -> None:
        """Count what the move before changed: tiles taken, tiles of an event laid."""
        assert last is not None
        p, m, before = last
        for e in events:
            q = e[0]
            e[2] += max(0, sizes[q] - before[q])
            if q == p and m.kind == "play" and m.tile in e[1]:
                e[3] += 1

    for g, m in game.replayed():
        if last is not None:
            settle(g.hand_sizes)
        p = g.current
        event = None
        if p != seat and m.kind in ("draw", "pass") and g.drawn is None \
                and not g.is_building:
            event = [p, g.fitting(candidates), 0, 0]
            events.append(event)
        elif drawn is not None and p == drawn[0] and m.kind == "pass" and must:
            # the tile just drawn did not fit the same lines, or it would have been played
            drawn[2] -= 1
        drawn = event if m.kind == "draw" else None
        last = (p, m, g.hand_sizes)
    settle(game.hand_sizes)
    hidden = set(hidden_tiles(game, seat))
    out = [Shown(q, frozenset(tiles & hidden), max(0, taken - laid))
           for q, tiles, taken, laid in events]
    out = list(dict.fromkeys(s for s in out if len(s.tiles) > s.most))    # once each
    # leave out what another says already: the same seat, no more of as many tiles or more
    return [a for a in out if not any(b != a and b.seat == a.seat and b.tiles >= a.tiles
                                      and b.most <= a.most for b in out)]


def _agreeing(hidden: list[Tile], sizes: list[int], seat: int, shown: Sequence[Shown],
              rng: random.Random) -> list[Tile] | None:
    """``hidden`` dealt again so that :func:`dealt` gives each other hand no more of a
    :class:`Shown`'s tiles than it may hold, or None if nothing is ruled out (or, rarely,
    no deal is found: then the deal ignores what was shown).

    Each tile goes to a free place among those that may take it, at random in proportion to
    their free places (so with nothing ruled out every deal is as likely as in a shuffle),
    the tiles ruled out somewhere first, as they have fewer places to go; the boneyard is
    shuffled again at the end, so its order owes nothing to that."""
    return _agree(hidden, sizes, seat, _limits(hidden, shown), rng)


#: What :func:`_agreeing` works from, a function of the hidden tiles and what was shown
#: only (a :class:`Dealer` works it out once): the limits of each seat, and for each tile
#: the number of limits it is in.
_Limits = tuple[dict[int, list[tuple[frozenset[Tile], int]]], dict[Tile, int]]


def _limits(hidden: list[Tile], shown: Sequence[Shown]) -> _Limits:
    """Each seat's limits that rule a hidden tile out, and how many rule out each tile."""
    pool = set(hidden)
    limits: dict[int, list[tuple[frozenset[Tile], int]]] = {}
    for sh in shown:
        tiles = sh.tiles & pool
        if len(tiles) > sh.most:
            limits.setdefault(sh.seat, []).append((tiles, sh.most))
    ruled = {t: sum(t in tiles for rules in limits.values() for tiles, _ in rules)
             for t in hidden}
    return limits, ruled


def _agree(hidden: list[Tile], sizes: list[int], seat: int, made: _Limits,
           rng: random.Random) -> list[Tile] | None:
    """:func:`_agreeing` with its limits worked out already (``made``)."""
    limits, ruled = made
    if not limits:
        return None
    # the tiles ruled out of the most hands first (a stable sort: shuffled among equals)
    places = [s for s in range(len(sizes)) if s != seat] + [-1]     # -1: the boneyard
    for _ in range(_TRIES):
        got = _placed(sorted(hidden, key=lambda t: -ruled[t]), sizes, places, limits, rng)
        if got is not None:
            rng.shuffle(got[-1])
            return [t for s in places for t in got[s]]
        hidden = hidden[:]
        rng.shuffle(hidden)
    return None


def _placed(order: list[Tile], sizes: list[int], places: list[int],
            limits: dict[int, list[tuple[frozenset[Tile], int]]],
            rng: random.Random) -> dict[int, list[Tile]] | None:
    """Each tile of ``order`` put in a free place that may take it (see :func:`_agreeing`),
    or None if one finds none."""
    free = {s: sizes[s] for s in places[:-1]}
    free[-1] = len(order) - sum(free.values())
    counts = {s: [0] * len(rules) for s, rules in limits.items()}
    got: dict[int, list[Tile]] = {s: [] for s in places}
    for t in order:
        room = []
        for s in places:
            if free[s] and all(t not in tiles or counts[s][i] < most
                               for i, (tiles, most) in enumerate(limits.get(s, ()))):
                room.append(s)
        if not room:
            return None
        at = rng.random() * sum(free[s] for s in room)
        for s in room:
            at -= free[s]
            if at < 0:
                break
        free[s] -= 1
        got[s].append(t)
        for i, (tiles, _) in enumerate(limits.get(s, ())):
            if t in tiles:
                counts[s][i] += 1
    return got


def sampled_deal(game: Game, seat: int, rng: random.Random,
                 shown: Sequence[Shown] = ()) -> Game:
    """A copy of the position with every tile ``seat`` cannot see dealt afresh from ``rng``:
    the same hand sizes, the boneyard in a new order, the rest as it is (no history).
    With ``shown`` (see :func:`shown`), each other hand holds at most ``most`` of each
    :class:`Shown`'s tiles.

    ``seat`` must be the player to play (a tile another player has just drawn would be
    theirs alone to know). :class:`Dealer` makes many deals of one position faster."""
    return Dealer(game, seat, shown).deal(rng)


class Dealer:
    """The deals of one position for ``seat`` (see :func:`sampled_deal`), made many times
    faster than one ``sampled_deal`` each: what the seat sees is read once, and each deal
    is a copy of one game with the hidden tiles put in place of the hands and boneyard
    (the same game, field for field, as :func:`dealt` reads from the position)."""

    def __init__(self, game: Game, seat: int, shown: Sequence[Shown] = ()) -> None:
        if seat != game.current:
            raise ValueError("a deal is sampled for the player to play")
        self.seat = seat
        self.shown = shown
        self.hidden = hidden_tiles(game, seat)
        self.view = seen_position(game, seat)
        self._template = dealt(self.view, seat, self.hidden)
        self._limits = _limits(self.hidden, shown) if shown else None

    def deal(self, rng: random.Random) -> Game:
        """A fresh deal of the hidden tiles from ``rng`` (the same as
        ``sampled_deal(game, seat, rng, shown)`` would give)."""
        hidden = self.hidden[:]
        rng.shuffle(hidden)
        sizes = self.view["sizes"]
        if self._limits is not None:
            hidden = _agree(hidden, sizes, self.seat, self._limits, rng) or hidden
        hands = {}
        at = 0
        for s, size in enumerate(sizes):
            if s != self.seat:
                hands[s] = hidden[at:at + size]
                at += size
        return self._template.redealt(hands, hidden[at:])


def dealt(view: dict[str, Any], seat: int, hidden: list[Tile]) -> Game:
    """The game of ``view`` (a :func:`seen_position`) with the tiles ``seat`` cannot see,
    ``hidden``, dealt in their order: each other hand its size, the rest the boneyard."""
    pos = dict(view["position"])
    at = 0
    hands = []
    for s, size in enumerate(view["sizes"]):
        if s == seat:
            hands.append(pos["hands"][s])
        else:
            hands.append([str(t) for t in hidden[at:at + size]])
            at += size
    pos["hands"] = hands
    pos["boneyard"] = [str(t) for t in hidden[at:]]
    return Game.from_position(pos)
