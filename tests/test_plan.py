"""Hand planning (R-PLAN-1): ``longest_train`` against a brute force, plus examples."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtlearn import Plan, Tile, full_set, longest_train


def brute_force(hand: list[Tile], start: int) -> tuple[int, int]:
    """Best (length, pips) over every ordering of every subset that forms a chain."""
    best = (0, 0)

    def extend(end: int, used: list[Tile], length: int, pips: int) -> None:
        nonlocal best
        best = max(best, (length, pips))
        for t in hand:
            if t not in used and t.has(end):
                used.append(t)
                extend(t.other(end), used, length + 1, pips + t.pips)
                used.pop()

    extend(start, [], 0, 0)
    return best


def first_best_trail(hand: list[Tile], start: int) -> list[tuple[Tile, int]]:
    """A plain depth-first search over trails (no memo, no cut): the first chain, in the
    order the search meets them, with the best (length, pips). Doubles are slipped in
    when the trail first reaches their number."""
    doubles = {t.high: t for t in hand if t.is_double}
    edges = [t for t in hand if not t.is_double]
    best: list = [(-1, -1), []]

    def chain_of(path: list[tuple[Tile, int]]) -> list[tuple[Tile, int]]:
        out: list[tuple[Tile, int]] = []
        seen: set[int] = set()

        def reach(v: int) -> None:
            if v in doubles and v not in seen:
                out.append((doubles[v], v))
            seen.add(v)

        reach(start)
        for t, a in path:
            out.append((t, a))
            reach(t.other(a))
        return out

    def dfs(node: int, path: list[tuple[Tile, int]]) -> None:
        chain = chain_of(path)
        score = (len(chain), sum(t.pips for t, _ in chain))
        if score > best[0]:
            best[0], best[1] = score, chain
        for t in edges:
            if t.has(node) and all(t is not u for u, _ in path):
                path.append((t, node))
                dfs(t.other(node), path)
                path.pop()

    dfs(start, [])
    return best[1]


def check_plan(plan: Plan, hand: list[Tile], start: int) -> None:
    """The chain is valid, made of hand tiles, and the extras are the rest."""
    assert plan.start == start
    end = start
    for tile, inward in plan.chain:
        assert tile in hand
        assert inward == end, f"{tile} does not follow {end} in {plan}"
        end = tile.other(inward)
    chain = plan.tiles
    assert len(set(chain)) == len(chain)
    assert list(plan.extras) == [t for t in hand if t not in chain]
    assert len(plan) == len(chain) == len(hand) - len(plan.extras)


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[Tile], int]:
    n = draw(st.sampled_from((6, 9, 12)))
    tiles = draw(st.lists(st.sampled_from(full_set(n)), unique=True, max_size=7))
    start = draw(st.integers(min_value=0, max_value=n))
    return tiles, start


@settings(max_examples=300, deadline=None)
@given(case=hands())
def test_longest_train_matches_a_brute_force(case: tuple[list[Tile], int]) -> None:
    hand, start = case
    plan = longest_train(hand, start)
    check_plan(plan, hand, start)
    length, pips = brute_force(hand, start)
    assert len(plan) == length
    # ties go to the heavier chain
    assert sum(t.pips for t in plan.tiles) == pips


@st.composite
def bigger_hands(draw: st.DrawFn) -> tuple[list[Tile], int]:
    n = draw(st.sampled_from((6, 9)))
    tiles = draw(st.lists(st.sampled_from(full_set(n)), unique=True, min_size=6, max_size=11))
    start = draw(st.integers(min_value=0, max_value=n))
    return tiles, start


@settings(max_examples=150, deadline=None)
@given(case=bigger_hands())
def test_longest_train_is_the_first_best_chain_of_a_plain_search(
        case: tuple[list[Tile], int]) -> None:
    # the memoised search returns exactly the chain a plain search over every trail
    # meets first among the longest, heaviest ones (ties broken in hand order)
    hand, start = case
    plan = longest_train(hand, start)
    check_plan(plan, hand, start)
    assert list(plan.chain) == first_best_trail(hand, start)


@settings(max_examples=100, deadline=None)
@given(case=hands())
def test_longest_train_is_deterministic_and_accepts_text(case: tuple[list[Tile], int]) -> None:
    hand, start = case
    plan = longest_train(hand, start)
    assert longest_train([str(t) for t in hand], start) == plan
    assert longest_train(hand, start) == plan


def test_R_PLAN_1_longest_planned_train_from_the_engine() -> None:
    # the example of RULES.md: 12-5, 5-9, 9-0, 0-3, with 7-7 and 11-2 left over
    hand = ["9-5", "7-7", "3-0", "12-5", "11-2", "9-0"]
    plan = longest_train(hand, 12)
    assert [f"{a}-{t.other(a)}" for t, a in plan.chain] == ["12-5", "5-9", "9-0", "0-3"]
    assert [str(t) for t in plan.extras] == ["7-7", "11-2"]
    assert str(plan) == "from 12: 12-5 5-9 9-0 0-3; extras: 7-7 11-2"


def test_R_PLAN_1_doubles_are_slipped_into_the_chain() -> None:
    plan = longest_train(["5-9", "5-5", "12-5", "9-9", "4-1"], 12)
    assert [f"{a}-{t.other(a)}" for t, a in plan.chain] == ["12-5", "5-5", "5-9", "9-9"]
    assert plan.extras == (Tile(4, 1),)


def test_R_PLAN_1_a_double_of_the_start_number_goes_first() -> None:
    plan = longest_train(["6-6", "6-2"], 6)
    assert [f"{a}-{t.other(a)}" for t, a in plan.chain] == ["6-6", "6-2"]


def test_R_PLAN_1_the_longer_chain_beats_the_heavier_one() -> None:
    # 12-11 is heavy but leads nowhere; 12-1, 1-2, 2-3 is longer
    plan = longest_train(["12-11", "12-1", "2-1", "3-2"], 12)
    assert plan.tiles == [Tile(12, 1), Tile(2, 1), Tile(3, 2)]
    assert plan.extras == (Tile(12, 11),)


def test_R_PLAN_1_among_equal_lengths_the_heavier_chain_wins() -> None:
    plan = longest_train(["12-1", "12-11", "1-0", "11-10"], 12)
    assert plan.tiles == [Tile(12, 11), Tile(11, 10)]


def test_R_PLAN_1_a_chain_may_return_through_the_start_number() -> None:
    plan = longest_train(["6-1", "1-2", "2-6", "6-3"], 6)
    assert len(plan) == 4
    check_plan(plan, [Tile.parse(t) for t in ["6-1", "1-2", "2-6", "6-3"]], 6)


def test_R_PLAN_1_nothing_fits() -> None:
    plan = longest_train(["5-4", "3-3"], 12)
    assert plan.chain == () and plan.tiles == [] and len(plan) == 0
    assert plan.extras == (Tile(5, 4), Tile(3, 3))
    assert str(plan) == "from 12: (no tile fits); extras: 5-4 3-3"
    empty = longest_train([], 0)
    assert str(empty) == "from 0: (no tile fits); extras: none"


def test_longest_train_rejects_a_tile_twice() -> None:
    with pytest.raises(ValueError, match="same tile twice"):
        longest_train(["12-5", "5-12"], 12)


def test_longest_train_of_a_full_hand_is_exact() -> None:
    # a 15-tile double-12 hand: compare with the brute force restricted to 9 tiles
    hand = [Tile.parse(t) for t in ["12-3", "3-7", "7-12", "12-9", "9-4", "4-4", "4-0", "0-0",
                                    "0-11"]]
    plan = longest_train(hand, 12)
    check_plan(plan, hand, 12)
    assert (len(plan), sum(t.pips for t in plan.tiles)) == brute_force(hand, 12)
