"""The Game contract: its fields are declared once, in slots, and the variants are a subclass.

Every class in a game's MRO declares ``__slots__``, so a game has no ``__dict__`` and a
misspelt field raises instead of quietly making a new attribute; a round's reset and its
snapshots are derived from the one table ``ROUND_FIELDS``; and the rules alone choose
the variant's class (``mtlearn.engine.variants.VARIANTS``) whenever a game is made or loaded.
"""

from __future__ import annotations

import copy
import re
import sys
from pathlib import Path

import pytest

from mtlearn import Game, RandomBot, play_round
from mtlearn.core import ruleids
from mtlearn.core.rules import OPTION_RULES
from mtlearn.engine.game import COPIED
from mtlearn.engine.state import ROUND_FIELDS, GameState
from mtlearn.engine.variants import VARIANTS as TABLE
from mtlearn.engine.variants import VariantGame, game_class

REPO = Path(__file__).resolve().parents[1]
#: Each variant of the table turned on alone (every variant's option is on or off).
VARIANTS = [{"preset": "standard", cls.option: True} for cls in TABLE]
#: Every variant of the table at once.
ALL_ON = {"preset": "standard", **{cls.option: True for cls in TABLE}}


@pytest.mark.parametrize("rules", ["standard", "house", *VARIANTS])
def test_a_misspelt_field_raises_instead_of_making_a_new_attribute(rules) -> None:
    game = Game.new(4, rules=rules, seed=3)
    for cls in type(game).__mro__[:-1]:
        assert "__slots__" in vars(cls), f"{cls.__name__} has no __slots__"
    assert not hasattr(game, "__dict__")
    with pytest.raises(AttributeError):
        game.pases = 1      # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        game.curent = 2     # type: ignore[attr-defined]
    game.passes = 0         # a real field is still writable


def test_snapshot_and_reset_follow_the_one_field_table() -> None:
    game = Game.new(3, seed=8)
    snap = game._snapshot()
    assert set(snap) == set(ROUND_FIELDS)
    bot = RandomBot(8)
    for _ in range(6):
        game.push(bot.choose(game))
    game.passes = 2
    game._restore(snap)
    assert game.to_position() == game._position_of(snap)
    assert game.passes == 0
    play_round(game, bot)
    game.next_round()
    # every round field not dealt is back at its start value
    for f in ("passes", "played", "turns_taken", "over", "out", "blocked", "swan",
              "pending_penalty", "open_doubles", "turn_doubles", "notes"):
        assert getattr(game, f) == ROUND_FIELDS[f](game.n, game.engine), f
    assert len(game.scores) == 1 and game.round_no == 2


@pytest.mark.parametrize("rules", ["standard", *VARIANTS])
def test_the_written_out_snapshot_and_reset_share_no_list_with_the_game(rules) -> None:
    """``_reset_round`` and ``_snapshot`` are code written out from ``ROUND_FIELDS``: every
    list field of a snapshot is a copy, and every reset makes new lists (never one list
    shared by two games or two rounds)."""
    game = Game.new(4, rules=rules, seed=12)
    snap = game._snapshot()
    assert list(snap) == list(ROUND_FIELDS)
    for f, value in snap.items():
        if isinstance(value, list):
            assert value is not getattr(game, f), f
            assert f == "trains" or value == getattr(game, f), f
    assert all(a is not b for a, b in zip(snap["hands"], game.hands, strict=True))
    assert all(a is not b for a, b in zip(snap["trains"], game.trains, strict=True))
    other = Game.new(4, rules=rules, seed=13)
    game._reset_round(2, 11)
    assert (game.round_no, game.engine, game.history) == (2, 11, [])
    for f, start in ROUND_FIELDS.items():
        value = getattr(game, f)
        if f not in ("round_no", "engine", "scores", "trains"):
            assert value == start(game.n, 11), f
        if isinstance(value, list) and f != "scores":
            assert value is not getattr(other, f) and value is not snap[f], f
    assert [(t.end, t.tiles, t.marker) for t in game.trains] == [(11, [], False)] * 5


@pytest.mark.parametrize("rules", ["standard", "house", *VARIANTS, ALL_ON])
def test_a_copy_is_the_same_game_sharing_nothing_that_changes(rules) -> None:
    """``Game.copy`` copies field by field (``COPIED``, then the round as a snapshot): every
    slot is named once, a copy plays on exactly as the game and as ``copy.deepcopy`` does,
    and neither ever changes the other, undo included."""
    assert set(COPIED) | set(ROUND_FIELDS) == set(GameState.__slots__)
    assert not set(COPIED) & set(ROUND_FIELDS)
    game = Game.new(4, rules=rules, seed=21)
    bot = RandomBot(21)
    for _ in range(23):         # past an undo mark, with the legal moves cached
        game.push(bot.choose(game))
    list(game.legal_moves)
    before = game.to_json()
    twin, deep = game.copy(), copy.deepcopy(game)
    assert type(twin) is type(game) and twin.to_json() == before
    for g in (twin, deep):
        for _ in range(3):
            g.pop()
        g.push(RandomBot(4).choose(g))
        play_round(g, RandomBot(5))
    assert twin.to_json() == deep.to_json() != before
    assert game.to_json() == before                 # the game is as it was
    play_round(game, RandomBot(6))
    game.next_round()
    twin2 = game.copy()
    play_round(twin2, RandomBot(7))
    assert twin2.to_json() != game.to_json() and game.history == []


@pytest.mark.parametrize("rules", [*VARIANTS, ALL_ON])
def test_the_rules_choose_the_variant_class_however_a_game_is_made(rules) -> None:
    game = Game.new(4, rules=rules, seed=5)
    kind = game_class(game.rules)
    assert type(game) is kind and isinstance(game, VariantGame) and isinstance(game, Game)
    assert type(game.copy()) is kind
    assert type(Game.from_position(game.to_position())) is kind
    play_round(game, RandomBot(5))
    game.next_round()
    assert type(game) is kind
    assert type(Game.from_json(game.to_json())) is kind
    assert type(Game(["A", "B", "C", "D"], game.rules, 6, 1)) is kind


def test_each_variant_is_its_own_class_from_the_one_table() -> None:
    for cls in TABLE:
        game = Game.new(4, rules={"preset": "standard", cls.option: True}, seed=1)
        assert type(game) is cls and cls.__module__ != VariantGame.__module__
    # several at once: one class whose bases are theirs, in the table's order
    both = type(Game.new(4, rules=ALL_ON, seed=1))
    assert both.__bases__ == tuple(TABLE)
    assert both is game_class(Game.new(4, rules=ALL_ON, seed=2).rules)


def test_each_variant_says_what_it_is_and_the_docs_table_says_the_same() -> None:
    """A variant class carries its metadata; the rules options' rule ids and the rule ids'
    table are filed from it, and the rows of docs/add-a-variant.md's table (the variants
    that ship, as examples: a new variant adds no row) agree with it."""
    doc = (REPO / "docs" / "add-a-variant.md").read_text(encoding="utf-8")
    rows = re.findall(rf"^\| `(\w+)` \| `(\w+)` \| `([\w/.]+)` \| ({ruleids.PATTERN}) \|$",
                      doc, re.M)
    want = [(cls.option, cls.__name__, cls.__module__.replace(".", "/") + ".py", cls.rule)
            for cls in TABLE]
    assert len(rows) >= 3 and [r for r in want if r in rows] == rows, \
        "docs/add-a-variant.md: a row of the variants' table differs from its class"
    for cls in TABLE:
        assert cls.summary and not cls.summary.endswith("."), cls
        assert OPTION_RULES[cls.option] == cls.rule, cls
        assert ruleids.RULES[cls.rule] == (9, cls.title), cls
        assert cls.__doc__ and cls.rule in (sys.modules[cls.__module__].__doc__ or "")


def test_the_standard_game_is_a_plain_game() -> None:
    game = Game.new(4, rules="house", seed=5)
    assert type(game) is Game
    assert type(Game.from_json(game.to_json())) is Game
    assert type(game.copy()) is Game


def test_a_branch_on_a_standard_game_is_refused_with_the_variants_sentence() -> None:
    game = Game.new(4, seed=2)
    tile = game.hand(game.current)[0]
    v = game.explain(f"{tile}@{game.current + 1}.1a")
    assert not v.legal and v.rule == "R-VAR-BRANCH"
    assert "no branching doubles" in v.reason
    teams = Game.new(4, rules={"preset": "standard", "teams": True}, seed=2)
    tile = teams.hand(teams.current)[0]
    w = teams.explain(f"{tile}@{teams.current + 1}.1a")
    assert (w.rule, w.reason.split(",")[0]) == (v.rule, v.reason.split(",")[0])


def test_passes_changes_in_one_method() -> None:
    """``passes`` (passes in turn since the last tile) is written by ``Game._apply`` only,
    besides the derived reset and a position being read."""
    import ast
    from pathlib import Path

    import mtlearn.engine as engine

    writers = []
    for path in sorted(Path(engine.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            for node in ast.walk(fn):
                targets = (node.targets if isinstance(node, ast.Assign)
                           else [node.target] if isinstance(node, ast.AugAssign) else [])
                for t in targets:
                    if isinstance(t, ast.Attribute) and t.attr == "passes":
                        writers.append((path.name, fn.name))
    assert sorted(set(writers)) == [("game.py", "_apply"), ("position_reader.py", "_read_tallies")]
    assert writers.count(("game.py", "_apply")) == 2     # = 0 on a play, += 1 on a pass


@pytest.mark.parametrize("rules", ["standard", *VARIANTS])
def test_replayed_gives_each_position_before_its_move_and_changes_nothing(rules) -> None:
    game = Game.new(4, rules=rules, seed=31)
    bot = RandomBot(31)
    positions = [game.to_position()]
    for _ in range(30):
        if game.over:
            break
        game.push(bot.choose(game))
        positions.append(game.to_position())
    before = game.to_json()
    seen = [(g.to_position(), m) for g, m in game.replayed()]
    assert [p for p, _ in seen] == positions[:-1]
    assert [m for _, m in seen] == game.history
    assert game.to_json() == before
