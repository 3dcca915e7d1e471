"""The expert (mtlearn.play.expert) and its deals of the hidden tiles (mtlearn.play.deals).

It plays legal moves only, under every preset and variant; it is a function of the seed and
of what its seat sees (never of the other hands or the boneyard's order); on planted
positions it finds the clearly better move. Small sets and few deals keep this quick.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtlearn import Game, PlannerBot
from mtlearn.core.rules import PRESETS, Rules
from mtlearn.play.bots import BOT_NAMES, make_bot, play_round
from mtlearn.play.deals import (
    Dealer,
    _agreeing,
    dealt,
    hidden_tiles,
    sampled_deal,
    seen_position,
    shown,
)
from mtlearn.play.expert import ExpertBot, move_values
from mtlearn.play.sim import simulate, summarize

VARIANT_RULES = [Rules(), Rules(branching=True), Rules(swan_drive=True), Rules(teams=True),
                 *(r for name, r in PRESETS.items() if name != "standard")]


def _played(rules: Rules, seed: int, moves: int, players: int = 4, set_max: int = 6) -> Game:
    """A position ``moves`` planner moves into a round (fewer if the round ends first)."""
    game = Game.new(players, set=set_max, rules=rules, seed=seed)
    bot = PlannerBot()
    for _ in range(moves):
        if game.over:
            break
        game.push(bot.choose(game))
    return game


def _hidden_permuted(game: Game, rng: random.Random) -> Game:
    """The same position with the tiles the player to play cannot see moved around."""
    pos = game.to_position()
    seat = game.current
    hidden = [t for s, h in enumerate(pos["hands"]) if s != seat for t in h] + pos["boneyard"]
    rng.shuffle(hidden)
    at = 0
    for s, h in enumerate(pos["hands"]):
        if s != seat:
            pos["hands"][s] = hidden[at:at + len(h)]
            at += len(h)
    pos["boneyard"] = hidden[at:]
    return Game.from_position(pos)


@pytest.mark.parametrize("rules", VARIANT_RULES, ids=lambda r: repr(r)[:60])
def test_hidden_tiles_are_the_other_hands_and_the_boneyard(rules: Rules) -> None:
    for seed in range(3):
        game = _played(rules, seed, 3 + 5 * seed, set_max=9)
        if game.over:
            continue
        seat = game.current
        really = [t for s in range(game.n) if s != seat for t in game.hand(s)] + game.boneyard
        assert sorted(hidden_tiles(game, seat)) == sorted(really)
        deal = sampled_deal(game, seat, random.Random(seed))
        assert deal.hand(seat) == game.hand(seat)
        assert [len(deal.hand(s)) for s in range(game.n)] == \
            [len(game.hand(s)) for s in range(game.n)]
        assert list(deal.legal_moves) == list(game.legal_moves)


def test_no_peeking_the_same_view_gives_the_same_deals_and_move() -> None:
    rng = random.Random(3)
    for seed in range(4):
        game = _played(Rules(), seed, 6 + seed, set_max=9)
        if game.over or len(game.legal_moves) < 2:
            continue
        other = _hidden_permuted(game, rng)
        assert other.to_position() != game.to_position()       # the hidden tiles moved
        seat = game.current
        a = sampled_deal(game, seat, random.Random(1)).to_position()
        b = sampled_deal(other, seat, random.Random(1)).to_position()
        assert a == b
        assert move_values(game, deals=3, seed=seed) == move_values(other, deals=3, seed=seed)
        assert ExpertBot(seed, deals=3).choose(game) == ExpertBot(seed, deals=3).choose(other)


@settings(max_examples=25, deadline=None)
@given(rules=st.sampled_from(VARIANT_RULES), seed=st.integers(0, 10**6),
       moves=st.integers(0, 120), set_max=st.sampled_from([6, 9, 12]))
def test_what_draws_and_passes_show_is_true_and_every_deal_agrees(
        rules: Rules, seed: int, moves: int, set_max: int) -> None:
    game = _played(rules, seed, moves, set_max=set_max)
    if game.over:
        return
    seat = game.current
    seen = shown(game, seat)
    hidden = set(hidden_tiles(game, seat))
    for s in seen:
        assert s.seat != seat
        assert len(s.tiles & hidden) > s.most        # only what still rules a tile out
        assert len(set(game.hand(s.seat)) & s.tiles) <= s.most, s     # and it is true
    if rules.may_decline:
        assert seen == []
    for k in range(3):
        deal = sampled_deal(game, seat, random.Random(k), seen)
        assert deal.hand(seat) == game.hand(seat)
        assert [len(deal.hand(s)) for s in range(game.n)] == \
            [len(game.hand(s)) for s in range(game.n)]
        for s in seen:
            assert len(set(deal.hand(s.seat)) & s.tiles) <= s.most


@pytest.mark.parametrize("rules", VARIANT_RULES, ids=lambda r: repr(r)[:60])
def test_a_dealer_deals_the_very_game_the_position_reader_would(rules: Rules) -> None:
    """``Dealer.deal`` copies one game and puts the hidden tiles in place: the same game,
    field for field, as reading the dealt position, and the same round played out."""
    for seed in range(4):
        game = _played(rules, seed, 5 + 9 * seed, set_max=9)
        if game.over:
            continue
        seat = game.current
        dealer = Dealer(game, seat, shown(game, seat))
        for k in range(3):
            fast = dealer.deal(random.Random(k))
            rng = random.Random(k)
            hidden = hidden_tiles(game, seat)
            rng.shuffle(hidden)
            if dealer.shown:
                hidden = _agreeing(hidden, dealer.view["sizes"], seat, dealer.shown,
                                   rng) or hidden
            slow = dealt(seen_position(game, seat), seat, hidden)
            assert fast.to_position() == slow.to_position()
            assert fast.boneyard == slow.boneyard and list(fast.legal_moves) == \
                list(slow.legal_moves)
            play_round(fast, PlannerBot())
            play_round(slow, PlannerBot())
            assert fast.history == slow.history and fast.scores == slow.scores


def test_a_player_who_drew_and_passed_is_dealt_no_tile_that_fitted() -> None:
    # Bea (seat 2) holds no 3 and no 5: she draws 1-1, which does not fit either, and passes
    pos = {"set": 6, "players": ["Al", "Bea", "Cy"], "to_play": 2,
           "hands": [["4-4", "4-2"], ["1-0", "2-0", "6-4"], ["3-1", "5-2", "0-0"]],
           "boneyard": {"top": ["1-1"], "rest": "sorted"},
           "trains": {"2": ["6-3"], "M": ["6-5"]}, "turns_played": 3}
    game = Game.from_position(pos)
    game.push("draw")
    game.push("pass")
    assert game.current == 2
    seen = shown(game, 2)
    assert [s.seat for s in seen] == [1] and seen[0].most == 0
    # every tile with a 3 or a 5 that Cy cannot see (his own 3-1 and 5-2 are no news)
    assert seen[0].tiles == {t for t in hidden_tiles(game, 2) if {3, 5} & {t.high, t.low}}
    for k in range(20):
        deal = sampled_deal(game, 2, random.Random(k), seen)
        assert not any(t.high in (3, 5) or t.low in (3, 5) for t in deal.hand(1))
    # Cy cannot tell: the same deals without what he saw put a 3 or a 5 in her hand at times
    assert any(any(t.high in (3, 5) or t.low in (3, 5) for t in
                   sampled_deal(game, 2, random.Random(k)).hand(1)) for k in range(20))


def test_values_and_moves_are_deterministic_for_a_seed() -> None:
    game = _played(Rules(), 5, 4, set_max=9)
    values = move_values(game, deals=4, seed="s")
    assert values == move_values(game, deals=4, seed="s")
    assert [v.move for v in values] == list(game.legal_moves)
    assert all(v.deals == 4 for v in values)
    # a round between two experts and two planners is the same every time
    histories = []
    for _ in range(2):
        g = Game.new(4, set=6, seed=8)
        play_round(g, [ExpertBot(1, deals=3), PlannerBot(), ExpertBot(2, deals=3), PlannerBot()])
        histories.append([str(m) for m in g.history])
    assert histories[0] == histories[1]


def test_a_budget_stops_sampling_but_plays_at_least_the_fewest_deals() -> None:
    game = _played(Rules(), 2, 2, set_max=12)
    values = move_values(game, deals=1000, seed=0, budget=0.0, min_deals=2)
    assert {v.deals for v in values} == {2}


@settings(max_examples=12)
@given(rules=st.sampled_from(VARIANT_RULES), seed=st.integers(0, 10**6),
       moves=st.integers(0, 30), players=st.sampled_from([2, 3, 4]))
def test_the_expert_plays_legal_moves_only(rules: Rules, seed: int, moves: int,
                                           players: int) -> None:
    if rules.teams:
        players = 4
    game = _played(rules, seed, moves, players=players)
    if game.over:
        return
    move = ExpertBot(seed, deals=2).choose(game)
    assert move in game.legal_moves


@pytest.mark.parametrize("rules", VARIANT_RULES, ids=lambda r: repr(r)[:60])
def test_the_expert_plays_a_whole_round_of_every_variant(rules: Rules) -> None:
    game = Game.new(4, set=6, rules=rules, seed=3)
    play_round(game, [ExpertBot(0, deals=2), PlannerBot(), ExpertBot(1, deals=2), PlannerBot()])
    assert game.over


def test_it_sheds_its_heavy_tile_when_an_opponent_is_about_to_go_out() -> None:
    # Ben holds one tile: Ana may lay 11-10 or 11-0 on the Mexican train and nothing else
    # fits anywhere; keeping 11-10 would leave her 10 points more when Ben goes out
    game = Game.from_position({"set": 12, "players": ["Ana", "Ben", "Cy"],
                               "trains": {"M": ["12-11"], "2": ["12-7"]},
                               "hands": [["11-10", "11-0", "2-3"], ["7-8"],
                                         ["3-3", "5-4", "2-2"]]})
    assert sorted(str(m) for m in game.legal_moves) == ["11-0@M", "11-10@M"]
    values = {str(v.move): v for v in move_values(game, deals=6, seed=1)}
    assert min(values, key=lambda k: values[k].points) == "11-10@M"
    assert str(ExpertBot(deals=6).choose(game)) == "11-10@M"


def test_it_covers_its_own_double_rather_than_leave_it_open() -> None:
    # Ana laid 5-5 on her train this turn: covering it with 5-7 keeps her train moving; a
    # tile elsewhere would leave the double open for the others to answer
    game = Game.from_position({"set": 9, "players": ["Ana", "Ben", "Cy"],
                               "trains": {"1": ["9-5", "5-5"], "M": ["9-1"]},
                               "open_doubles": ["1"], "turn": {"bonus": True, "doubles": ["1"], "played": 1},
                               "hands": [["5-7", "1-2", "7-3", "3-3"], ["6-4", "1-1", "0-0"],
                                         ["8-8", "6-2", "4-0"]]})
    assert "5-7@1" in [str(m) for m in game.legal_moves]
    assert str(ExpertBot(deals=6).choose(game)) == "5-7@1"


def test_the_expert_is_a_level_of_make_bot_and_the_simulator() -> None:
    assert BOT_NAMES[0] == "expert"
    assert isinstance(make_bot("Expert", seed=4), ExpertBot)
    rows = simulate("expert,planner,greedy", rounds=3, set=6, processes=1, progress=False,
                    frame=False)
    assert [r["bot"] for r in summarize(rows)] == ["expert", "greedy", "planner"]


def test_the_planners_move_stands_unless_another_is_clearly_better():
    from mtlearn.play.expert import clearly_better
    base = [20, 12, 30, 8, 15, 22]
    # two points fewer in every deal: clearly better
    assert clearly_better([b - 2 for b in base], base)
    # the same mean saving made of one lucky deal: not clear
    lucky = [*base[:-1], base[-1] - 12]
    assert sum(lucky) < sum(base) and not clearly_better(lucky, base)
    # a saving under a point, or a single deal, is never enough
    assert not clearly_better([b - 0.5 for b in base], base)  # type: ignore[misc]
    assert not clearly_better([1], [30])
