"""Bots: seeded players for tests, benchmarks and games against the computer.

A bot is anything with ``choose(game) -> Move`` returning one of the game's legal
moves. :func:`play_round` and :func:`play_match` drive a game with one bot per seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple, Protocol

from ..core.moves import MEXICAN, Move
from ..core.tiles import Tile, remove_tile
from ..engine.game import Game
from .plan import Plan, longest_train

__all__ = ["Advice", "Bot", "GreedyBot", "PlannerBot", "RandomBot", "make_bot", "play_match",
           "play_round"]


class Bot(Protocol):
    """Something that picks a legal move for the player to play."""

    def choose(self, game: Game) -> Move:
        """Return one of ``game.legal_moves``."""
        ...


class RandomBot:
    """Plays a uniformly random legal move (seeded, so games are reproducible)."""

    def __init__(self, seed: int | str | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        """Pick a random legal move."""
        moves = game.legal()
        if not moves:
            raise ValueError("no legal move: the round is over")
        return moves[int(self.rng.random() * len(moves))]

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyBot:
    """Plays the heaviest tile it can (most pips first), announcing when it may.

    Among equally heavy plays it prefers its own train, then the Mexican train.
    It draws or passes only when it must.
    """

    def choose(self, game: Game) -> Move:
        """Pick the heaviest legal play, else announce / end / draw / pass."""
        moves = game.legal()
        if not moves:
            raise ValueError("no legal move: the round is over")
        for m in moves:
            if m.kind == "uno":
                return m
        plays = [m for m in moves if m.kind == "play"]
        if plays:
            me = game.current

            def key(m: Move) -> tuple[int, int]:
                assert m.tile is not None
                where = 2 if m.train == me else (1 if m.train == "M" else 0)
                return (m.tile.pips, where)

            return max(plays, key=key)
        return moves[0]

    def __repr__(self) -> str:
        return "GreedyBot()"


class Advice(NamedTuple):
    """A :class:`PlannerBot` decision: the ``move``, the ``idea`` behind it and why.

    ``idea`` is one of ``"out"`` (plays the last tile), ``"announce"``, ``"shed"``
    (someone is close to going out: heavy tiles first), ``"cover"`` (covers an open
    double), ``"double"`` (lays a double it can cover), ``"extra"`` (a tile outside
    the plan on the Mexican or a marked train), ``"plan"`` (the next tile of the
    planned train, R-PLAN-1), ``"fallback"`` (a play that spends the plan), or
    ``"draw"``, ``"pass"``, ``"end"`` when no play is wanted. ``reason`` is a clause
    addressed to the player ("keeps your planned train 12-5, 5-9, 9-0").
    """

    move: Move
    idea: str
    reason: str


class _Pick(NamedTuple):
    """An :class:`Advice` whose reason is written only when asked for."""

    move: Move
    idea: str
    why: Callable[[], str]


#: Hands up to this size are planned exactly (:func:`~mtlearn.longest_train`); a
#: larger hand, which only draws make, is planned by :func:`_greedy_train` or by
#: extending its previous plan, so that no move takes long.
_EXACT_UP_TO = 15


def _solve(hand: list[Tile], start: int) -> Plan:
    return longest_train(hand, start) if len(hand) <= _EXACT_UP_TO else \
        _greedy_train(hand, start)


def _greedy_train(hand: list[Tile], start: int) -> Plan:
    """A long (not always longest) train, built one tile at a time: each step takes the
    tile whose far end the most remaining tiles can follow (then the heaviest), and
    slips in a double whenever the train reaches its number."""
    remaining = set(hand)
    doubles = {t.high: t for t in hand if t.is_double}
    chain: list[tuple[Tile, int]] = []
    v = start
    while True:
        d = doubles.get(v)
        if d is not None and d in remaining:
            chain.append((d, v))
            remaining.discard(d)
        # in hand order, never set order: tiles hash by identity, so a set's order could
        # differ between processes and break ties differently
        options = [t for t in hand if t in remaining and not t.is_double and t.has(v)]
        if not options:
            break

        def follow(t: Tile, v: int = v) -> tuple[int, int]:
            w = t.other(v)
            return (sum(1 for u in remaining if u is not t and u.has(w)), t.pips)

        t = max(options, key=follow)
        chain.append((t, v))
        remaining.discard(t)
        v = t.other(v)
    return Plan(start, tuple(chain), tuple(t for t in hand if t in remaining))


def _extend(plan: Plan, new: list[Tile]) -> Plan:
    """``plan`` with ``new`` tiles added to the hand: the chain, then the longest
    continuation from its end among the extras and the new tiles."""
    chain = plan.chain
    end = chain[-1][0].other(chain[-1][1]) if chain else plan.start
    rest = [*plan.extras, *new]
    used = {t for t, _ in chain}
    # a new double slots in where the chain reaches its number (a double never breaks it)
    for t in new:
        if not t.is_double or t in used:
            continue
        v = t.high
        at = 0 if plan.start == v else next(
            (i + 1 for i, (c, a) in enumerate(chain) if c.other(a) == v), None)
        if at is not None:
            chain = (*chain[:at], (t, v), *chain[at:])
            used.add(t)
            remove_tile(rest, t)
    tail = _solve(rest, end)
    in_tail = {t for t, _ in tail.chain}
    return Plan(plan.start, (*chain, *tail.chain), tuple(t for t in rest if t not in in_tail))


def _chain_text(plan: Plan, limit: int = 4) -> str:
    """ "12-5, 5-9, 9-0" for a planned train (the first ``limit`` tiles, then "…")."""
    parts = [f"{a}-{t.other(a)}" for t, a in plan.chain[:limit]]
    if len(plan.chain) > limit:
        parts.append(f"… ({len(plan.chain)} tiles)")
    return ", ".join(parts)


def _line_end(game: Game, m: Move) -> int:
    """The open end of the line (train or branch) a play goes on."""
    assert m.train is not None
    if m.branch:
        for b in game.branches(m.train):
            if b.path == m.branch:
                return b.open_end
    return game.train(m.train).open_end


def _count_words(k: int) -> str:
    return {0: "no tiles", 1: "one tile", 2: "two tiles"}.get(k, f"{k} tiles")


class PlannerBot:
    """Plays to a plan: the longest train of its hand (R-PLAN-1) is kept for its own train.

    Each turn it chooses, in this order:

    1. the last tile (going out), and the last-tile announcement when it may;
    2. if an opponent holds ``danger`` tiles or fewer, the heaviest play (shedding the
       points it would be caught with);
    3. covering an open double, with a tile outside its plan when it can;
    4. the next tile of its plan when its own train carries a marker (to take it off);
    5. a double it can cover (a double gives another play);
    6. an *extra*, a tile outside its plan, on the Mexican train or a marked train,
       heaviest first;
    7. the next tile of its plan on its own train;
    8. otherwise the play that costs the plan least (heaviest among equals), and only
       then draws or passes.

    It looks only at what a player at the table knows: its own hand, the trains and
    how many tiles each player holds. It is deterministic (no randomness). It keeps its
    plan from move to move, so most moves cost a few hundredths of a millisecond; the
    plan is searched afresh only for a new hand, after a draw or when another player
    changes the end of its train.
    """

    def __init__(self, danger: int = 2) -> None:
        self.danger = danger
        # seat -> ((hand, start), plan, whether the plan is known to be a longest train)
        self._plans: dict[int, tuple[tuple[frozenset[Tile], int], Plan, bool]] = {}

    def __repr__(self) -> str:
        return "PlannerBot()" if self.danger == 2 else f"PlannerBot(danger={self.danger})"

    def choose(self, game: Game) -> Move:
        """Pick a legal move (see the class docstring for the order of ideas)."""
        return self._pick(game).move

    # ------------------------------------------------------------------ the plan
    def plan(self, game: Game, seat: int | None = None) -> Plan:
        """The planned train of ``seat`` (default: the player to play) from its train's end."""
        seat = game.current if seat is None else seat
        return self._plan(seat, game.hand(seat), game.open_end(seat))

    def _plan(self, seat: int, hand: list[Tile], start: int) -> Plan:
        key = (frozenset(hand), start)
        small = len(hand) <= _EXACT_UP_TO
        old = self._plans.get(seat)
        plan: Plan | None = None
        exact = False
        if old is not None:
            (old_hand, old_start), old_plan, old_exact = old
            if old[0] == key and (old_exact or not small):
                return old_plan
            gone = old_hand - key[0]
            if (old_exact or not small) and len(gone) == 1 \
                    and len(key[0]) == len(old_hand) - 1:
                (tile,) = gone
                chain = old_plan.chain
                if start == old_start and tile in old_plan.extras:
                    # an extra left the hand: the chain is still a longest one
                    plan = Plan(start, chain, tuple(t for t in old_plan.extras if t != tile))
                elif chain and chain[0][0] == tile and start == tile.other(chain[0][1]):
                    # the plan's first tile went on the train: the rest is still longest
                    plan = Plan(start, chain[1:], old_plan.extras)
                exact = old_exact
            elif start == old_start and old_hand < key[0] and not small:
                # tiles were drawn into a large hand: keep the chain and extend it from its
                # end with the extras and the new tiles (an exact search of a big hand can
                # take too long for one move)
                plan = _extend(old_plan, [t for t in hand if t not in old_hand])
        if plan is None:
            plan = _solve(hand, start)
            exact = small
        # a plan found for a large hand is re-planned exactly once the hand is small again
        self._plans[seat] = (key, plan, exact)
        return plan

    # ------------------------------------------------------------------ choosing
    def advise(self, game: Game) -> Advice:
        """The move this bot would play now, with the idea behind it and a reason."""
        move, idea, why = self._pick(game)
        return Advice(move, idea, why())

    def _pick(self, game: Game) -> _Pick:
        """:meth:`advise`'s choice with its reason still to be written (a roll-out plays
        hundreds of thousands of moves and reads none of their reasons)."""
        moves = list(game.legal_moves)
        if not moves:
            raise ValueError("no legal move: the round is over")
        me = game.current
        hand = game.hand(me)
        plays = [m for m in moves if m.kind == "play"]
        forced = _obvious(game, moves, plays, hand)
        if forced is not None:
            return _Pick(forced.move, forced.idea, lambda: forced.reason)
        plan = self._plan(me, hand, game.open_end(me))
        chain_tiles = {t: i for i, (t, _) in enumerate(plan.chain)}
        head = plan.chain[0] if plan.chain else None
        value = game.rules.tile_value

        def pips(m: Move) -> int:
            assert m.tile is not None
            return value(m.tile.high, m.tile.low)

        def is_head(m: Move) -> bool:
            return head is not None and m.train == me and m.tile == head[0] \
                and m.inward == head[1]

        def cost(m: Move) -> int:
            """Tiles of the plan this play gives up (0 for an extra)."""
            assert m.tile is not None
            if is_head(m):
                return 0
            i = chain_tiles.get(m.tile)
            if m.train == me:
                # laying anything else on its own train moves the end away from the plan
                return len(plan.chain)
            return 0 if i is None else len(plan.chain) - i

        # 2. someone is close to going out: shed the heaviest tile
        sizes = game.hand_sizes
        others = [(sizes[s], s) for s in range(game.n) if s != me]
        low, who = min(others)
        if low <= self.danger:
            m = max(plays, key=lambda m: (pips(m), -cost(m)))

            def shed() -> str:
                assert m.tile is not None
                unit = "pips" if pips(m) == m.tile.pips else "points"
                return (f"it sheds {pips(m)} {unit}: {game.players[who]} has "
                        f"{_count_words(low)} left")
            return _Pick(m, "shed", shed)
        # 3. cover an open double
        # (a line is a train or one of its branches, R-VAR-BRANCH: "2", "M.2b")
        open_lines = set(game.open_double_lines)
        covers = [m for m in plays if m.line_code in open_lines
                  and not (m.tile is not None and m.tile.is_double)]
        if covers:
            m = min(covers, key=lambda m: (cost(m), -pips(m)))
            head_too = is_head(m)

            def cover() -> str:
                assert m.train is not None
                end = _line_end(game, m)
                where = ("your own train" if m.train == me else game.train_label(m.train))
                if m.branch:
                    where = f"branch {m.branch} of {where}"
                if head_too:
                    return (f"it covers the open {end}-{end} on {where} and keeps your "
                            f"planned train {_chain_text(plan)}")
                return f"it covers the open {end}-{end} on {where} before anyone else must"
            return _Pick(m, "cover", cover)
        # 4. own train marked: play the plan there to take the marker off
        heads = [m for m in plays if is_head(m)]
        if heads and game.train(me).marker:
            return _Pick(heads[0], "plan", lambda: f"it keeps your planned train "
                         f"{_chain_text(plan)} and takes the marker off your train")
        # 5. a double it can cover
        doubles = []
        for m in plays:
            t = m.tile
            assert t is not None
            if not t.is_double:
                continue
            cover_by = [c for c in hand if c != t and c.has(t.high)]
            if cover_by and cost(m) == 0 and (m.train != me or is_head(m)):
                best = min(cover_by, key=lambda c: (c in chain_tiles, -c.pips))
                doubles.append((cost(m), -pips(m), m, best))
        if doubles:
            doubles.sort(key=lambda d: (d[0], d[1]))
            _, _, m, c = doubles[0]
            if is_head(m):
                return _Pick(m, "plan", lambda: f"it keeps your planned train "
                             f"{_chain_text(plan)}, and the double {m.tile} gives you "
                             f"another play")
            return _Pick(m, "double", lambda: f"the double {m.tile} gives you another play, "
                         f"and you hold {c} to cover it")
        # 6. an extra on the Mexican train or a marked train
        extras = [m for m in plays if m.train != me and cost(m) == 0]
        if extras:
            m = max(extras, key=lambda m: (pips(m), m.train == MEXICAN))
            return _Pick(m, "extra", lambda: _extra_words(game, m, plan))
        # 7. the plan on its own train
        if heads:
            return _Pick(heads[0], "plan",
                         lambda: f"it keeps your planned train {_chain_text(plan)}")
        # 8. whatever costs the plan least
        m = min(plays, key=lambda m: (cost(m), -pips(m)))
        if "end" in {x.kind for x in moves}:
            return _Pick(Move("end"), "end",
                         lambda: "the rest of your hand is not part of your planned train")
        return _Pick(m, "fallback", lambda: f"no tile outside your plan fits, and {m.laid} "
                     f"costs your plan the least")


def _extra_words(game: Game, m: Move, plan: Plan) -> str:
    """:class:`PlannerBot`'s reason for an extra: where the tile goes, and why it may."""
    assert m.train is not None
    where = f"goes on {game.place_label(m.train, m.branch)}"
    if m.train == MEXICAN and not game.train(MEXICAN).started:
        # as long as before: the Play a game page's folded message counts on it
        where = "goes on the Mexican train and starts the Mexican train"
    if not plan.chain:
        return f"nothing in your hand continues your own train, so {m.laid} {where}"
    return (f"{m.laid} is an extra, not part of your planned train {_chain_text(plan)}, "
            f"so it {where}")


def _obvious(game: Game, moves: list[Move], plays: list[Move], hand: list[Tile]
             ) -> Advice | None:
    """The advice that needs no plan: announce the last tile, draw / pass / end when no
    tile may be played, or go out with the last tile; None when there is a choice."""
    for m in moves:
        if m.kind == "uno":
            return Advice(m, "announce", "you are down to your last tiles: announce it "
                          "before the next player moves")
    if not plays:
        m = moves[0]
        why = {"draw": "no tile in your hand fits any train you may play on",
               "pass": "nothing fits and there is nothing to draw",
               "end": "your train-building turn is done"}.get(m.kind, "")
        return Advice(m, m.kind, why)
    if len(hand) == 1:
        if game.is_building and game.rules.first_turn != "delayed":
            # R-END-1: an empty hand in a building turn ends the round only once every
            # player has had a building turn (R-FIRST-1, R-VAR-FAST)
            return Advice(plays[0], "out", "it is your last tile: your hand is empty, "
                          "and the round ends once the building turns are over")
        return Advice(plays[0], "out", "it is your last tile: you go out")
    return None


#: Bot names understood by :func:`make_bot` (and ``mtlearn sim --bots``).
BOT_NAMES = ("expert", "planner", "greedy", "random")


def make_bot(name: str, seed: int | str | None = 0) -> Bot:
    """A new bot from its name: ``"expert"`` (:class:`~mtlearn.play.expert.ExpertBot`,
    seeded), ``"planner"``, ``"greedy"`` or ``"random"`` (seeded)."""
    key = name.strip().lower()
    if key == "expert":
        from .expert import ExpertBot  # the expert builds on this module's PlannerBot

        return ExpertBot(seed)
    if key == "planner":
        return PlannerBot()
    if key == "greedy":
        return GreedyBot()
    if key == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOT_NAMES)}")


def play_round(game: Game, bots: Sequence[Bot] | Mapping[int | str, Bot] | Bot, *,
               max_moves: int = 100_000) -> None:
    """Play the current round to its end.

    ``bots`` is one bot for every seat, a list (seat ``i`` moved by ``bots[i]``, seats from
    0), or a mapping from players, by name or seat, to bots: ``{"Ana": a, "Ben": b}``.
    """
    if isinstance(bots, Mapping):
        by_seat = {game.seat(who): bot for who, bot in bots.items()}
        missing = [game.players[s] for s in range(game.n) if s not in by_seat]
        if missing:
            raise ValueError(f"no bot for {', '.join(missing)}: every player needs one")
        seats = [by_seat[s] for s in range(game.n)]
    else:
        seats = [bots] * game.n if not isinstance(bots, Sequence) else list(bots)
    if len(seats) != game.n:
        raise ValueError(f"need one bot per player ({game.n}), got {len(seats)}")
    for _ in range(max_moves):
        if game.over:
            return
        game.push(seats[game.current].choose(game))
    raise RuntimeError("the round did not end: this is a bug in the engine")


def play_match(game: Game, bots: Sequence[Bot] | Mapping[int | str, Bot] | Bot) -> list[int]:
    """Play every remaining round of the match; returns the winners' seats.

    ``bots`` as for :func:`play_round`."""
    while True:
        play_round(game, bots)
        if game.is_match_over:
            return game.winners
        game.next_round()
