"""The one notation (mtlearn.core.notation): seats, trains, branches and moves read and
written the same way everywhere (issue 18, item 4).

Round trips (write, read, write) for every form at 2 to 8 players, with and without
branches; the refusals and their sentences; the old spellings, which still read as they
did (checked against the old move reader, kept here as the reference); and the readers
that now share the notation (positions, puzzles, scenarios, board specs).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtlearn import Game, Move, RandomBot, Tile
from mtlearn.content.puzzle_judging import seat_of, train_key
from mtlearn.core.errors import MtlearnError, NotationError, PositionError, SessionError
from mtlearn.core.notation import (
    MEXICAN,
    branch_child,
    branch_parent,
    branch_sort_key,
    index_code,
    index_of,
    key_of,
    line_code,
    normal_line,
    parse_branch,
    parse_line,
    parse_seat,
    parse_train,
    parse_train_index,
    player_index,
    read_move,
    train_code,
    write_move,
)
from mtlearn.core.tiles import MAX_PIPS
from mtlearn.hosts.session_host import spec_highlights

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
players = st.integers(min_value=2, max_value=8)
parts = st.tuples(st.integers(min_value=1, max_value=999), st.sampled_from("ab"))
paths = st.lists(parts, min_size=0, max_size=4).map(
    lambda ps: ".".join(f"{k}{side}" for k, side in ps))


@st.composite
def table_and_key(draw: st.DrawFn) -> tuple[int, int | str]:
    n = draw(players)
    return n, draw(st.sampled_from([*range(n), MEXICAN]))


# ------------------------------------------------------------------ round trips
@given(table_and_key(), paths)
def test_every_line_code_round_trips_at_2_to_8_players(nk: tuple[int, int | str],
                                                       path: str) -> None:
    n, key = nk
    code = line_code(key, path)
    assert parse_line(code, n) == (key, path)
    assert line_code(*parse_line(code, n)) == code == normal_line(code, n)
    assert parse_line(code, None) == (key, path)          # as a move reads it
    if not path:
        assert code == train_code(key) == index_code(index_of(key, n), n)
        assert parse_train(code, n) == key and key_of(parse_train_index(code, n), n) == key
        assert "." not in code
    else:
        assert code == f"{train_code(key)}.{path}"


@given(players, st.data())
def test_seats_round_trip_as_numbers_text_and_names(n: int, data: st.DataObject) -> None:
    seat = data.draw(st.integers(min_value=0, max_value=n - 1))
    assert train_code(seat) == str(seat + 1) == index_code(seat, n)
    assert parse_seat(seat + 1, n) == seat
    assert parse_seat(str(seat + 1), n, text=True) == seat
    assert parse_seat(seat, n, base=0) == seat == parse_seat(str(seat), n, base=0, text=True)
    names = NAMES[:n]
    assert parse_seat(names[seat], n, players=names) == seat
    assert parse_seat(names[seat].lower(), n, players=names) == seat
    assert player_index(names[seat].upper(), names) == seat
    assert index_of(MEXICAN, n) == n and key_of(n, n) == MEXICAN and index_code(n, n) == "M"


@given(paths, st.integers(min_value=1, max_value=999), st.sampled_from("ab"))
def test_branch_paths_round_trip(parent: str, at: int, side: str) -> None:
    child = branch_child(parent, at, side)
    assert branch_parent(child) == (parent, at)
    assert parse_branch(child) == child == parse_branch(child.upper())
    assert branch_sort_key(child)[:-1] == branch_sort_key(parent)


def test_branches_sort_by_tile_number_then_side() -> None:
    names = ["10a", "3b", "3a.1a", "3a", "3a.10b", "3a.2a"]
    assert sorted(names, key=branch_sort_key) == ["3a", "3a.1a", "3a.2a", "3a.10b", "3b",
                                                  "10a"]


@given(table_and_key(), paths, st.integers(0, MAX_PIPS), st.integers(0, MAX_PIPS))
def test_every_play_round_trips_through_text(nk: tuple[int, int | str], path: str,
                                             a: int, b: int) -> None:
    _, key = nk
    m = Move.play(Tile(a, b), key, a, path)
    text = str(m)
    assert text == write_move("play", a, b, key, path) == f"{a}-{b}@{line_code(key, path)}"
    assert Move.parse(text) == m and str(Move.parse(text)) == text
    assert read_move(text) == ("play", Tile(a, b), key, a, path)
    assert m.line_code == line_code(key, path)


def test_the_words_round_trip() -> None:
    for word in ("draw", "pass", "uno", "end"):
        assert str(Move.parse(word)) == word == write_move(word)
        assert Move.parse(word.upper()) == Move(word)
    assert Move.parse(" Announce ") == Move.announce()


@settings(max_examples=14, deadline=None)
@given(players, st.integers(min_value=0, max_value=10**6))
def test_a_branching_game_names_every_line_and_move_one_way(n: int, seed: int) -> None:
    """In real games (2 to 8 players, branching doubles on), every line's code reads back
    to that line, and every legal move's text reads back to the move."""
    game = Game.new(n, rules={"preset": "standard", "branching": True}, seed=seed)
    bot = RandomBot(seed)
    for _ in range(120):
        if game.over:
            break
        for m in game.legal_moves:
            assert Move.parse(str(m)) == m, m
        game.push(str(bot.choose(game)))      # text, read by the notation
    for idx in range(len(game.trains)):
        code = game.line_code(idx)
        key, path = parse_line(code, n)
        assert game._line_of(index_of(key, n), path) == idx
    back = Game.from_position(game.to_position())       # the lines, maybe in another order
    assert sorted(back.line_code(i) for i in range(len(back.trains))) == \
        sorted(game.line_code(i) for i in range(len(game.trains)))


# ------------------------------------------------------------------ refusals
@pytest.mark.parametrize(("value", "message"), [
    (0, "0 is not a seat: write a seat number from 1 to 3 (seats are numbered from 1)"),
    (4, "4 is not a seat: write a seat number from 1 to 3"),
    (True, "True is not a seat: write a seat number from 1 to 3"),
    ("2", "'2' is not a seat: write a seat number from 1 to 3"),   # numbers, not text
    (2.0, "2.0 is not a seat: write a seat number from 1 to 3"),
])
def test_seat_refusals(value: object, message: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_seat(value, 3)
    assert str(err.value) == message


def test_seat_refusals_with_names_and_from_zero() -> None:
    with pytest.raises(NotationError, match=r"^'Zed' is not a player: use a name \(Ana, Ben, "
                                            r"Cy\) or a seat number from 1 to 3$"):
        parse_seat("Zed", 3, players=NAMES[:3])
    with pytest.raises(NotationError, match=r"^'3' is not a seat: write a seat number from 0 "
                                            r"to 2$"):
        parse_seat("3", 3, base=0, text=True)
    assert player_index("ana", ["Ana", "ANA"]) is None      # two names differ only in case
    with pytest.raises(NotationError, match="'٢' is not a seat"):
        parse_seat("٢", 3, text=True)                      # only ASCII digits are seats


@pytest.mark.parametrize(("value", "message"), [
    ("0", "'0' is not a train: write a seat number from 1 to 3 or 'M' (seats are numbered "
          "from 1)"),
    (0, "0 is not a train: write a seat number from 1 to 3 or 'M' (seats are numbered "
        "from 1)"),
    ("4", "'4' is not a train: write a seat number from 1 to 3 or 'M' (this game has 3 "
          "seats)"),
    ("M1", "'M1' is not a train: write a seat number from 1 to 3 or 'M' ('M' stands alone; "
           "a branch of it goes after a dot, like 'M.3a')"),
    ("X", "'X' is not a train: write a seat number from 1 to 3 or 'M'"),
    ("", "'' is not a train: write a seat number from 1 to 3 or 'M'"),
    (" 2", "' 2' is not a train: write a seat number from 1 to 3 or 'M'"),
    ("²", "'²' is not a train: write a seat number from 1 to 3 or 'M'"),
    ("٣", "'٣' is not a train: write a seat number from 1 to 3 or 'M'"),
    (None, "None is not a train: write a seat number from 1 to 3 or 'M'"),
    (False, "False is not a train: write a seat number from 1 to 3 or 'M'"),
    pytest.param(10**5000, "a int is not a train: write a seat number from 1 to 3 or 'M'",
                 id="a-5000-digit-int"),
])
def test_train_refusals(value: object, message: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_train(value, 3)
    assert str(err.value) == message
    with pytest.raises(NotationError):
        parse_train_index(value, 3)


BRANCH_HELP = ("a branch name is the number of its double's tile on the line (from 1) and a "
               "or b, like '3a', or '3a.1b' for a branch off a branch")


@pytest.mark.parametrize("path", ["3", "0a", "03a", "3c", "3a.", ".3a", "3a..1b", "a3",
                                  "1000a", "3 a", "", "٣a"])
def test_bad_branch_names(path: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_branch(path)
    assert str(err.value) == f"{path!r} is not a branch name: {BRANCH_HELP}"


@pytest.mark.parametrize(("code", "message"), [
    ("5.3a", "'5.3a' is not a train or branch: a branch is written after its train, like "
             "'2.3a'; before the dot, write a seat number from 1 to 3 or 'M' (this game has "
             "3 seats)"),
    ("0.3a", "'0.3a' is not a train or branch: a branch is written after its train, like "
             "'2.3a'; before the dot, write a seat number from 1 to 3 or 'M' (seats are "
             "numbered from 1)"),
    (".3a", "'.3a' is not a train or branch: a branch is written after its train, like "
            "'2.3a'; before the dot, write a seat number from 1 to 3 or 'M'"),
    ("2.3x", f"'2.3x' is not a train or branch: after the dot, {BRANCH_HELP}"),
    ("2.", f"'2.' is not a train or branch: after the dot, {BRANCH_HELP}"),
    ("M.0a", f"'M.0a' is not a train or branch: after the dot, {BRANCH_HELP}"),
    ("X", "'X' is not a train or branch: write a seat number from 1 to 3 or 'M'"),
])
def test_bad_line_codes(code: str, message: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_line(code, 3)
    assert str(err.value) == message


MOVE_HELP = ("write a tile and a train like '12-5@M' or '5-9@2' (seat 2), a branch like "
             "'6-4@2.3a', or 'draw', 'pass', 'uno', 'end'")


@pytest.mark.parametrize(("text", "message"), [
    ("12-5@0", "'12-5@0' is not a move: for the train after the @, write a seat number "
               "(from 1) or 'M' (seats are numbered from 1)"),
    ("12-5@M1", "'12-5@M1' is not a move: for the train after the @, write a seat number "
                "(from 1) or 'M' ('M' stands alone; a branch of it goes after a dot, like "
                "'M.3a')"),
    ("6-4@2.3", f"'6-4@2.3' is not a move: after the dot, {BRANCH_HELP}"),
    ("7-10@1.2c", f"'7-10@1.2c' is not a move: after the dot, {BRANCH_HELP}"),
    ("12-5@", f"'12-5@' is not a move: {MOVE_HELP}"),
    ("12-5", f"'12-5' is not a move: {MOVE_HELP}"),
    ("12@M", f"'12@M' is not a move: {MOVE_HELP}"),
    ("jump", f"'jump' is not a move: {MOVE_HELP}"),
    ("", f"'' is not a move: {MOVE_HELP}"),
    ("١٢-5@M", f"'١٢-5@M' is not a move: {MOVE_HELP}"),
    (42, "a move is written like '12-5@M', 'draw' or 'pass', not 42"),
])
def test_bad_moves(text: object, message: str) -> None:
    with pytest.raises(NotationError) as err:
        Move.parse(text)  # type: ignore[arg-type]
    assert str(err.value) == message
    assert isinstance(err.value, (ValueError, MtlearnError))


def test_a_game_refuses_bad_move_text_with_the_notations_sentence() -> None:
    game = Game.new(3, seed=1)
    v = game.explain("12-5@0")
    assert not v.legal and v.rule == "R-TURN-1" and "seats are numbered from 1" in v.reason


# ------------------------------------------------------------------ the old spellings
_OLD_PLAY_RE = re.compile(r"^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*@\s*([Mm]|\d{1,2})"
                          r"((?:\.\d{1,3}[abAB])*)\s*$")


def _old_parse(text: str) -> Move:
    """Move.parse as it was before the notation module (the reference)."""
    word = text.strip().lower()
    words = {"draw": "draw", "pass": "pass", "uno": "uno", "announce": "uno", "end": "end"}
    if word in words:
        return Move(words[word])
    m = _OLD_PLAY_RE.match(text)
    if not m:
        raise ValueError(text)
    a, b, t = int(m.group(1)), int(m.group(2)), m.group(3)
    if t.upper() != "M" and int(t) < 1:
        raise ValueError(text)
    train: int | str = "M" if t.upper() == "M" else int(t) - 1
    return Move("play", Tile(a, b), train, a, m.group(4)[1:].lower())


spaces = st.sampled_from(["", " ", "  ", "\t"])
old_parts = st.tuples(st.integers(1, 999), st.sampled_from("abAB")).map(lambda p: f"{p[0]}{p[1]}")


@st.composite
def old_move_texts(draw: st.DrawFn) -> str:
    """Move text as the old reader took it: spaces, either case, seats with a leading zero."""
    if draw(st.booleans()):
        word = draw(st.sampled_from(["draw", "pass", "uno", "announce", "end"]))
        return draw(spaces) + draw(st.sampled_from([word, word.upper(), word.title()])) \
            + draw(spaces)
    a, b = draw(st.integers(0, MAX_PIPS)), draw(st.integers(0, MAX_PIPS))
    seat = draw(st.sampled_from(["M", "m", *map(str, range(1, 100)), "01", "07"]))
    branch = "".join("." + p for p in draw(st.lists(old_parts, max_size=3)))
    s = [draw(spaces) for _ in range(6)]
    return f"{s[0]}{a}{s[1]}-{s[2]}{b}{s[3]}@{s[4]}{seat}{branch}{s[5]}"


@given(old_move_texts())
def test_old_move_spellings_read_as_they_did(text: str) -> None:
    assert Move.parse(text) == _old_parse(text)


@pytest.mark.parametrize(("old", "key", "path"), [
    ("m", MEXICAN, ""), ("M", MEXICAN, ""), ("02", 1, ""), (2, 1, ""), ("2.3A", 1, "3a"),
    ("m.3a.1B", MEXICAN, "3a.1b"), ("03.10b", 2, "10b"),
])
def test_old_line_spellings_read_the_same_and_write_one_way(old: object, key: int | str,
                                                            path: str) -> None:
    assert parse_line(old, 3) == (key, path)
    assert normal_line(old, 3) == line_code(key, path)


# ------------------------------------------------------------------ the readers that share it
def _position(**fields: object) -> dict[str, object]:
    pos = Game.new(3, seed=5).to_position()
    pos.update(fields)
    return pos


@pytest.mark.parametrize(("fields", "where", "words"), [
    ({"open_doubles": ["²"]}, "open_doubles[0]", "'²' is not a train"),  # was int()'s error
    ({"open_doubles": ["٢"]}, "open_doubles[0]", "'٢' is not a train"),
    ({"markers": [0]}, "markers[0]", "seats are numbered from 1"),
    ({"to_play": 4}, "to_play", "4 is not a seat: write a seat number from 1 to 3"),
    ({"trains": {"1": [], "2": [], "3": [], "M1": []}}, "trains['M1']", "'M' stands alone"),
])
def test_positions_name_the_field_and_the_notation(fields: dict[str, object], where: str,
                                                   words: str) -> None:
    with pytest.raises(PositionError) as err:
        Game.from_position(_position(**fields))
    assert err.value.where == where and words in str(err.value)


def test_positions_read_old_train_spellings() -> None:
    pos = _position()
    trains = pos["trains"]
    assert isinstance(trains, dict)
    pos["trains"] = {("m" if k == "M" else f"0{k}"): v for k, v in trains.items()}
    assert Game.from_position(pos).to_position() == _position()


def test_puzzle_answers_name_trains_and_seats_in_the_notation() -> None:
    game = Game.new(["Ana", "Ben", "Cy"], seed=2)
    assert [train_key(c, 3) for c in (" m ", "M", "1", 3, " 02 ")] == ["M", "M", 0, 2, 1]
    for bad in ("٣", "²", "4", "0", True):
        with pytest.raises(NotationError, match="is not a train: write a seat number from 1 "
                                                "to 3 or 'M'"):
            train_key(bad, 3)
    assert [seat_of(game, v) for v in ("Ben", "ben", 3)] == [1, 1, 2]
    with pytest.raises(NotationError, match=r"'Zed' is not a player: use a name \(Ana, Ben, "
                                            r"Cy\) or a seat number from 1 to 3"):
        seat_of(game, "Zed")


def test_board_highlights_read_the_notation_and_keep_one_spelling() -> None:
    game = Game.new(3, seed=2)
    got = spec_highlights({"trains": ["m", "02", "1.3A"], "tiles": ["5-12"]}, game)
    assert got == {"trains": ["M", "2", "1.3a"], "tiles": ["5-12"]}
    with pytest.raises(SessionError, match=r"^spec.highlights.trains\[0\]: '4' is not a train"
                                           r" or branch: write a seat number from 1 to 3 or "
                                           r"'M' \(this game has 3 seats\)$"):
        spec_highlights({"trains": ["4"]}, game)
    with pytest.raises(SessionError, match=r"trains\[1\]: '1.3' is not a train or branch: "
                                           r"after the dot"):
        spec_highlights({"trains": ["M", "1.3"]}, game)
