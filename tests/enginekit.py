"""Helpers for the engine tests: hand-made positions and checked verdicts.

Positions default to a double-6 set and three players, Ana (seat 1), Ben (seat 2)
and Cy (seat 3), with Ana to play. Every other field is the engine's position
format (see ``Game.from_position``).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from mtlearn import Game, IllegalMoveError, Move, Tile, Verdict, full_set

PLAYERS = ["Ana", "Ben", "Cy"]
_REPR = re.compile(r"Tile\(|Move\(|Move\.parse|\bidx\b|\bNone\b|\{|\}|\[|\]")


def position(**fields: Any) -> Game:
    """A game from a position; ``set`` 6 and players Ana, Ben, Cy unless given."""
    data: dict[str, Any] = {"set": 6, "players": list(PLAYERS)}
    data.update(fields)
    return Game.from_position(data)


def rest(n: int, *taken: Any) -> list[str]:
    """Every tile of a double-``n`` set not in ``taken`` (lists of tiles or tiles).

    Handy to give a player the rest of the set so that the boneyard is empty.
    """
    used: set[Tile] = set()
    for group in taken:
        items = [group] if isinstance(group, (str, Tile)) else group
        for t in items:
            used.add(Tile.parse(t) if isinstance(t, str) else t)
    return [str(t) for t in full_set(n) if t not in used]


def assert_plain(text: str, *names: str) -> None:
    """A sentence for a learner: starts with a capital or a tile, ends with '.', shows no
    code, and names ``names`` (players, trains, tiles)."""
    assert text and (text[0].isupper() or text[0].isdigit() or text[0] == "'"), text
    assert text.rstrip().endswith("."), text
    assert not _REPR.search(text), text
    for name in names:
        assert name in text, f"{name!r} not in {text!r}"


def refused(game: Game, move: str | Move, rule: str, *names: str) -> Verdict:
    """Assert ``move`` is refused under ``rule``, with a plain sentence naming ``names``.

    Also checks that ``push`` raises ``IllegalMoveError`` (a ``ValueError``) with the
    same rule and leaves the game untouched.
    """
    before = game.to_position()
    history = list(game.history)
    v = game.explain(move)
    assert not v.legal, v
    assert v.rule == rule, v
    assert_plain(v.reason, *names)
    assert v.text.endswith(f"({rule}).")
    assert move not in game.legal_moves
    with pytest.raises(IllegalMoveError) as info:
        game.push(move)
    assert isinstance(info.value, ValueError)
    assert info.value.rule == rule
    assert info.value.reason
    assert game.to_position() == before, "a refused move must leave the game untouched"
    assert game.history == history
    return v


def allowed(game: Game, move: str | Move, rule: str | None = None, *names: str) -> Verdict:
    """Assert ``move`` is legal (under ``rule`` if given), then play it."""
    v = game.explain(move)
    assert v.legal, v
    if rule is not None:
        assert v.rule == rule, v
    assert_plain(v.reason, *names)
    assert v.move in game.legal_moves
    assert v.move in list(game.legal_moves)
    applied = game.push(move)
    assert applied == v.move
    assert game.history[-1] == v.move
    return v


def legal(game: Game) -> list[str]:
    """The legal moves as text, sorted."""
    return sorted(str(m) for m in game.legal_moves)


def train(game: Game, key: int | str) -> list[str]:
    """A train's tiles as written in positions (inward number first)."""
    return [f"{a}-{t.other(a)}" for t, a in game.train(key).tiles]


def hand(game: Game, seat: int) -> list[str]:
    """A hand as text."""
    return [str(t) for t in game.hand(seat)]
