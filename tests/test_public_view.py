"""The public perspective (issue 26, part 3): what a projector, the teacher or any
spectator sees. Its view is made from :meth:`Perspective.public`, not patched from a
seat's view, and names no tile of any hand or of the boneyard while a round is played;
the class table's projector state is that view.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from mtlearn import Game
from mtlearn.hosts.classroom.tables import ClassTable, checked, public_perspective
from mtlearn.hosts.session import SeededRandomBot
from mtlearn.present import perspective as perspective_module
from mtlearn.present.perspective import Perspective
from mtlearn.present.text import render
from mtlearn.present.view import hint_text, status_text, view

TILE = re.compile(r"(?<![\w.-])(\d{1,2})-(\d{1,2})(?![\w-])")


@pytest.fixture(autouse=True)
def strict_guard(monkeypatch):
    """A producer that names a hidden tile fails loudly instead of being masked."""
    monkeypatch.setattr(perspective_module, "STRICT", True)


def secret_named(text: str, game: Game) -> list[str]:
    """Tiles of a hand or of the boneyard that ``text`` names."""
    secret = {frozenset((t.high, t.low)) for s in range(game.n) for t in game.hand(s)}
    secret |= {frozenset((t.high, t.low)) for t in game.boneyard}
    return [m.group(0) for m in TILE.finditer(text)
            if frozenset((int(m.group(1)), int(m.group(2)))) in secret]


def check_public(game: Game) -> None:
    seen = Perspective.public(game)
    v = view(game, perspective=seen, verdicts=True)
    assert v["perspective"] is None
    assert all(p["hand"] is None for p in v["players"])
    assert [p["hand_count"] for p in v["players"]] == [len(game.hand(s))
                                                      for s in range(game.n)]
    assert v["legal"] == [] and v["hint"] is None and v["verdicts"] == {}
    assert v["hidden_turn"] is True
    texts = json.dumps(v) + render(game, perspective=seen) + status_text(
        game, perspective=seen) + str(hint_text(game, perspective=seen))
    assert secret_named(texts, game) == []
    assert seen.leaks(json.dumps(v)) == []   # the second line of defence finds nothing


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (8, 6)])
def test_the_public_view_names_no_hidden_tile_over_whole_rounds(n, seed):
    game = Game.new(n, seed=seed)
    bot = SeededRandomBot()
    rnd = random.Random(seed)
    for _ in range(2):      # two whole rounds, every position of them
        while not game.is_round_over:
            check_public(game)
            game.push(bot.choose(game) if rnd.random() < 0.8 else game.legal_moves[0])
        spectator = view(game, perspective=Perspective.spectator(game))
        assert all(p["hand"] is not None for p in spectator["players"])  # shown at the end
        if game.is_match_over:
            break
        game.next_round()


def test_the_public_perspective_sees_no_hand():
    game = Game.new(3, seed=9)
    seen = Perspective.public(game)
    assert seen.is_public and seen.shown_seat is None
    assert not any(seen.sees_hand(s) for s in range(game.n))
    assert seen.hidden_tiles() == {t for s in range(game.n) for t in game.hand(s)}
    assert Perspective.of(game, seen) is seen
    assert Perspective.spectator(game) == seen


def test_the_projector_shows_the_public_view_unpatched():
    table = ClassTable("t1", "Table 1", 3, bots=3 - 1, seed=4)
    table.sit(0, "s1", "Ana")
    table.deal()
    session = table.session
    assert session is not None
    bot = SeededRandomBot()
    for _ in range(40):
        g = session.game
        if g.is_round_over:
            break
        state = table.public_state()
        expected = view(g, perspective=Perspective.public(g))
        match = session.match_info()
        match.pop("setup", None)
        expected["match"] = match
        assert state["view"] == expected
        text = json.dumps(state)
        assert secret_named(text, g) == []
        assert checked(state, public_perspective(g)) == json.dumps(
            state, separators=(",", ":"))           # nothing left for the scan to mask
        if g.current == 0:
            table.handle(0, {"action": "move", "move": str(bot.choose(g))}
                         if bot.choose(g).kind == "play" else {"action": bot.choose(g).kind})
    g = session.game
    state = table.public_state()
    if g.is_round_over:
        assert all(p["hand"] is not None for p in state["view"]["players"])
