"""Tiles, sets and the move notation (R-SET-1 … R-SET-3)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtlearn import MEXICAN, SETS, Move, Tile, full_set, set_size, suit_count
from mtlearn.core.tiles import MAX_PIPS

numbers = st.integers(min_value=0, max_value=MAX_PIPS)


# ---------------------------------------------------------------- tiles
@given(a=numbers, b=numbers)
def test_tile_notation_round_trip_and_either_order(a: int, b: int) -> None:
    t = Tile(a, b)
    assert t is Tile(b, a)
    assert (t.high, t.low) == (max(a, b), min(a, b))
    assert str(t) == f"{max(a, b)}-{min(a, b)}"
    assert Tile.parse(str(t)) is t
    assert Tile.parse(f"{a}-{b}") is t
    assert Tile.parse(f"{b}-{a}") is t
    assert Tile.parse(f" {a} | {b} ") is t
    assert Tile.parse(f"{a}:{b}") is t
    assert eval(repr(t), {"Tile": Tile}) is t


def test_tile_is_written_higher_first() -> None:
    assert str(Tile(5, 12)) == "12-5"
    assert repr(Tile.parse("5-12")) == "Tile(12, 5)"
    assert f"{Tile(0, 3):>5}" == "  3-0"


@pytest.mark.parametrize("text", ["12", "12-", "-5", "a-b", "12-5-3", "19-1", "100-1", "", "12 5"])
def test_tile_parse_rejects_bad_text(text: str) -> None:
    with pytest.raises(ValueError):
        Tile.parse(text)


@pytest.mark.parametrize("args", [(-1, 2), (19, 0), (1.5, 2), (True, 1), (1.0, 1), ("1", 2)])
def test_tile_rejects_bad_numbers(args: tuple) -> None:
    with pytest.raises(ValueError, match="whole numbers from 0 to 18"):
        Tile(*args)


def test_tile_is_immutable_and_interned() -> None:
    t = Tile(6, 3)
    with pytest.raises(AttributeError):
        t.high = 7  # type: ignore[misc]
    assert copy.copy(t) is t and copy.deepcopy(t) is t
    assert pickle.loads(pickle.dumps(t)) is t
    assert {Tile(3, 6): 1}[Tile(6, 3)] == 1


def test_tile_helpers() -> None:
    t = Tile(9, 4)
    assert t.has(9) and t.has(4) and not t.has(5)
    assert 4 in t and 5 not in t
    assert t.other(9) == 4 and t.other(4) == 9
    with pytest.raises(ValueError):
        t.other(5)
    assert list(t) == [9, 4]
    assert Tile(7, 7).is_double and not t.is_double
    assert sorted([Tile(9, 4), Tile(2, 1), Tile(9, 0)]) == [Tile(2, 1), Tile(9, 0), Tile(9, 4)]


def test_R_SET_3_pips_are_the_sum_and_blank_is_zero() -> None:
    assert Tile(12, 5).pips == 17
    assert Tile(0, 0).pips == 0
    assert Tile(6, 0).pips == 6
    assert Tile(18, 18).pips == 36


# ---------------------------------------------------------------- sets
@pytest.mark.parametrize(("n", "size"), [(6, 28), (9, 55), (12, 91), (15, 136), (18, 190)])
def test_R_SET_1_set_sizes(n: int, size: int) -> None:
    tiles = full_set(n)
    assert len(tiles) == size == set_size(n) == (n + 1) * (n + 2) // 2
    assert len(set(tiles)) == size
    assert all(0 <= t.low <= t.high <= n for t in tiles)
    # every unordered pair exactly once
    assert set(tiles) == {Tile(a, b) for a in range(n + 1) for b in range(n + 1)}


def test_R_SET_1_double_12_has_91_not_89() -> None:
    assert set_size(12) == 91


@pytest.mark.parametrize("n", SETS)
def test_R_SET_2_each_suit_appears_on_n_plus_1_tiles(n: int) -> None:
    tiles = full_set(n)
    for number in range(n + 1):
        assert sum(1 for t in tiles if t.has(number)) == suit_count(n) == n + 1
    assert suit_count(12) == 13


def test_full_set_rejects_unknown_sets() -> None:
    with pytest.raises(ValueError, match="double-7"):
        full_set(7)


# ---------------------------------------------------------------- moves
@pytest.mark.parametrize("text", ["12-5@M", "5-12@M", "5-9@2", "9-5@2", "0-0@1", "3-3@M",
                                  "18-0@18", "draw", "pass", "uno", "end"])
def test_move_notation_round_trip(text: str) -> None:
    m = Move.parse(text)
    assert str(m) == text
    assert Move.parse(str(m)) == m
    assert eval(repr(m), {"Move": Move}) == m


tiles = st.builds(Tile, numbers, numbers)
trains = st.one_of(st.just(MEXICAN), st.integers(min_value=0, max_value=17))


@given(tile=tiles, train=trains, flip=st.booleans())
def test_move_parse_str_round_trip_property(tile: Tile, train: int | str, flip: bool) -> None:
    inward = tile.low if flip else tile.high
    m = Move.play(tile, train, inward)
    assert Move.parse(str(m)) == m
    assert str(Move.parse(str(m))) == str(m)


def test_move_parts() -> None:
    m = Move.parse("5-9@2")
    assert (m.kind, m.tile, m.train, m.inward, m.outward) == ("play", Tile(9, 5), 1, 5, 9)
    assert m.train_code == "2"
    m = Move.parse("12-5@m")
    assert m.train == MEXICAN and str(m) == "12-5@M"
    assert Move.play("12-5", "M") == Move.parse("12-5@M")   # inward defaults to the high end
    assert Move.play(Tile(5, 12), 0, 5) == Move.parse("5-12@1")
    assert Move.parse(" Draw ") == Move.draw()
    assert Move.parse("announce") == Move.announce() == Move("uno")
    assert Move.pass_() == Move.parse("pass") and Move.end() == Move.parse("end")
    assert Move.draw().outward is None and Move.draw().train_code is None
    # the tile as it is laid, the number it meets first (its Tile is written high first)
    assert m.laid == "12-5" and Move.parse("5-9@2").laid == "5-9" and Move.draw().laid is None


@pytest.mark.parametrize("text", ["12-5", "12-5@", "12-5@0", "12-5@X", "jump", "12@M", ""])
def test_move_parse_rejects_bad_text_with_a_hint(text: str) -> None:
    with pytest.raises(ValueError, match=r"move|seats"):
        Move.parse(text)


def test_move_construction_checks() -> None:
    with pytest.raises(ValueError, match="has no 3"):
        Move.play("12-5", "M", 3)
    with pytest.raises(ValueError, match="seat index"):
        Move.play("12-5", -1)
    with pytest.raises(ValueError, match="seat index"):
        Move.play("12-5", "X")
    with pytest.raises(ValueError, match="no tile or train"):
        Move("draw", Tile(1, 1))
    with pytest.raises(ValueError, match="unknown move kind"):
        Move("jump")
    with pytest.raises(ValueError, match="needs a Tile"):
        Move("play", None, 0)
