"""Property tests: random games over every preset, set and table size.

Each example deals a round from a hypothesis-chosen seed and lets ``RandomBot``
play it, checking the engine's invariants after every move. Settings are kept
modest so that the whole file runs in well under a minute.
"""

from __future__ import annotations

import os
import random
from collections import Counter

from enginekit import assert_plain
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tier import volume

from mtlearn import PRESETS, SETS, Game, Move, RandomBot, Tile, full_set, play_match, set_size
from mtlearn.core.rules import max_players

#: Multiply the example counts (e.g. MTLEARN_PROPERTY_SCALE=50 for a long bug hunt); the fast
#: tier runs a tenth of them (:mod:`tier`).
SCALE = int(os.environ.get("MTLEARN_PROPERTY_SCALE", "1"))


def examples(n: int) -> settings:
    return settings(
        max_examples=volume(n) * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


preset_names = st.sampled_from(sorted(PRESETS))
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, int, int]:
    """A preset, a set and a legal number of players for that set."""
    name = draw(preset_names)
    n = draw(st.sampled_from(SETS))
    players = draw(st.integers(min_value=2, max_value=max_players(n)))
    return name, n, players


def move_bound(game: Game) -> int:
    """A generous cap on the moves of one round (a round must end well before it)."""
    return 6 * (set_size(game.set_max) + game.n) * (game.n + 2)


def check_tiles(game: Game) -> None:
    """Every tile of the set is in exactly one place."""
    seen: list[Tile] = [Tile(game.engine, game.engine)]
    for seat in range(game.n):
        seen += game.hand(seat)
    seen += game.boneyard
    for key in game.train_keys():
        seen += [t for t, _ in game.train(key).tiles]
    counts = Counter(seen)
    assert max(counts.values()) == 1, [t for t, c in counts.items() if c > 1]
    assert set(counts) == set(full_set(game.set_max))


def candidate_moves(game: Game, rng: random.Random, k: int = 30) -> list[Move]:
    """A sample of moves, legal or not: hand tiles × trains × both ways, and the words."""
    seat = game.current
    tiles = game.hand(seat) + rng.sample(full_set(game.set_max), 3)
    cands = [Move.draw(), Move.pass_(), Move.announce(), Move.end()]
    plays = []
    for tile in set(tiles):
        for key in game.train_keys():
            for inward in {tile.high, tile.low}:
                plays.append(Move.play(tile, key, inward))
    cands += rng.sample(plays, min(k, len(plays)))
    cands.append(Move.play(rng.choice(tiles), game.n))    # a seat that is not at the table
    return cands


def check_verdicts(game: Game, rng: random.Random) -> None:
    legal = list(game.legal_moves)
    assert legal, "a round in play always offers a move"
    assert len(set(legal)) == len(legal), "legal moves are listed once"
    for m in legal:
        v = game.explain(m)
        assert v.legal, (m, v)
        assert v.move == m
    name = game.players[game.current]
    for m in candidate_moves(game, rng):
        v = game.explain(m)
        assert v.rule.startswith("R-"), v
        assert v.reason.strip(), v
        assert_plain(v.reason)
        if v.legal and m.kind == "play":
            assert name in v.reason and game.train_label(m.train) in v.reason, v
        if m.kind == "play":
            # a tile written the other way round is turned to fit
            assert v.legal == (v.move in legal), (m, v, legal)
            if m in legal:
                assert v.move == m
        else:
            assert v.legal == (m in legal), (m, v, legal)
            assert (m in game.legal_moves) == v.legal


def play_checked(game: Game, seed: int, *, verdict_every: int = 1) -> list[dict]:
    """Play the current round with a RandomBot, checking invariants after each move.

    Returns the positions seen (the start and after every move).
    """
    bot = RandomBot(seed)
    rng = random.Random(seed)
    positions = [game.to_position()]
    check_tiles(game)
    bound = move_bound(game)
    step = 0
    while not game.over:
        assert step < bound, f"the round did not end within {bound} moves"
        if step % verdict_every == 0:
            check_verdicts(game, rng)
        move = bot.choose(game)
        legal = list(game.legal_moves)
        assert move in legal
        applied = game.push(move)
        assert applied == move
        assert game.history[-1] == move
        check_tiles(game)
        pos = game.to_position()
        again = Game.from_position(pos)
        assert again.to_position() == pos
        assert list(again.legal_moves) == list(game.legal_moves)
        positions.append(pos)
        step += 1
    assert game.to_play is None
    assert list(game.legal_moves) == []
    assert not game.explain(Move.draw()).legal
    scores = game.round_scores[-1]
    assert scores == [game.pips(s) for s in range(game.n)]
    if game.out is not None:
        assert scores[game.out] == 0 and game.hand(game.out) == []
        assert not game.blocked
    else:
        assert game.blocked
    return positions


@examples(60)
@given(table=tables(), seed=seeds)
def test_random_round_invariants(table: tuple[str, int, int], seed: int) -> None:
    name, n, players = table
    game = Game.new(players, set=n, rules=name, seed=seed)
    assert game.engine == n
    play_checked(game, seed, verdict_every=1 if players <= 6 else 3)


@examples(40)
@given(table=tables(), seed=seeds, data=st.data())
def test_save_load_undo_replay(table: tuple[str, int, int], seed: int, data: st.DataObject) -> None:
    name, n, players = table
    game = Game.new(players, set=n, rules=name, seed=seed)
    positions = play_checked(game, seed, verdict_every=10**9)
    moves = list(game.history)
    # save and load: the same position and history, at the end and mid-round
    loaded = Game.from_json(game.to_json())
    assert loaded.to_position() == game.to_position()
    assert loaded.history == game.history
    assert loaded.to_json() == game.to_json()
    cut = data.draw(st.integers(min_value=0, max_value=len(moves)), label="cut")
    mid = Game.from_json(game.to_json())
    for _ in range(len(moves) - cut):
        mid.pop()
    assert mid.to_position() == positions[cut]
    reloaded = Game.from_json(mid.to_json())
    assert reloaded.to_position() == positions[cut]
    assert reloaded.history == moves[:cut]
    # undo back to the start, then replay: the same positions
    back = game.copy()
    for k in range(len(moves), 0, -1):
        assert back.pop() == moves[k - 1]
        assert back.to_position() == positions[k - 1]
    assert back.history == []
    for k, m in enumerate(moves):
        back.push(m)
        assert back.to_position() == positions[k + 1]
    assert back.to_position() == game.to_position()


@examples(15)
@given(name=preset_names, n=st.sampled_from((6, 9)), seed=seeds, data=st.data())
def test_whole_match(name: str, n: int, seed: int, data: st.DataObject) -> None:
    players = data.draw(st.integers(min_value=2, max_value=max_players(n)), label="players")
    game = Game.new(players, set=n, rules=name, seed=seed)
    engines = []
    starters = []
    bot = RandomBot(seed)
    while True:
        engines.append(game.engine)
        starters.append(game.current)
        play_checked(game, seed + game.round_no, verdict_every=5)
        assert len(game.round_scores) == game.round_no
        if game.is_match_over:
            break
        game.next_round()
    assert engines == list(range(n, -1, -1))
    assert game.round_no == game.rounds == n + 1
    if PRESETS[name].engine == "hub":
        assert starters == [r % players for r in range(n + 1)]
    # play_match on a fresh deal of the same match reaches the last round too
    fresh = Game.new(players, set=n, rules=name, seed=seed)
    winners = play_match(fresh, bot)
    assert fresh.is_match_over and fresh.round_no == n + 1
    for g in (game, fresh):
        totals = g.totals
        assert totals == [sum(r[s] for r in g.round_scores) for s in range(players)]
        standings = g.standings()
        assert sorted(s for _, s, _ in standings) == list(range(players))
        assert [t for _, _, t in standings] == sorted(totals)
        best = min(totals)
        assert set(g.winners) <= {s for s in range(players) if totals[s] == best}
        assert g.winners == [s for place, s, _ in standings if place == 1]
    assert winners == fresh.winners
