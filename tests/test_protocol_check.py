"""mtlearn.core.protocol_check: intents read against the protocol's own types, once.

Every session (board, puzzle, trainer) checks an intent with it before acting, so each host
(the kernel's widgets, the in-page engine, the class server) refuses a malformed one in the
same words, naming the field, and changes nothing.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtlearn.core.errors import SessionError
from mtlearn.core.protocol import BoardIntent, PuzzleIntent
from mtlearn.core.protocol_check import actions_of, check_intent
from mtlearn.core.protocol_trainer import TrainerIntent

WELL_FORMED = [
    (BoardIntent, {"action": "move", "move": "12-5@M"}),
    (BoardIntent, {"action": "undo"}),
    (BoardIntent, {"action": "new_game", "players": 4, "bots": "3", "bot": "planner"}),
    (BoardIntent, {"action": "new_match"}),
    (PuzzleIntent, {"action": "answer", "answer": ["3-4@1", "4-4@1"]}),
    (PuzzleIntent, {"action": "goto", "index": 2}),
    (PuzzleIntent, {"action": "progress", "record": {"stars": 3}}),
    (TrainerIntent, {"action": "next", "now": 1_700_000_000.5}),
    (TrainerIntent, {"action": "hint", "n": 1, "now": 1_700_000_000}),
    (TrainerIntent, {"action": "answer", "answer": 7}),
]


@pytest.mark.parametrize("union, intent", WELL_FORMED)
def test_well_formed_intents_pass(union, intent) -> None:
    check_intent(intent, union)


@pytest.mark.parametrize("union, intent, said", [
    (BoardIntent, {"action": "fly"}, "unknown action 'fly': use one of "
                                     + ", ".join(actions_of(BoardIntent))),
    (BoardIntent, {"action": "move"}, "move: the field 'move' is missing"),
    (BoardIntent, {"action": "move", "move": 5}, "move.move: expected text, not 5"),
    (BoardIntent, {"action": "undo", "now": 1}, "undo: unknown field 'now'"),
    (BoardIntent, {"action": "new_game", "bot": "chess"},
     "new_game.bot: 'chess' is not one of 'expert', 'planner', 'greedy', 'random'"),
    (BoardIntent, {"action": "new_game", "players": True},
     "new_game.players: expected a whole number or text, not True"),
    (PuzzleIntent, {"action": "goto", "index": 1.0}, "goto.index: expected a whole number"),
    (PuzzleIntent, {"action": "progress", "record": []}, "progress.record: expected an object"),
    (PuzzleIntent, {"action": "next"}, "unknown action 'next'"),
    (TrainerIntent, {"action": "next", "now": "today"}, "next.now: expected a number"),
    (TrainerIntent, {"action": "goto", "index": 1}, "unknown action 'goto'"),
    (TrainerIntent, "next", "not an intent: 'next'"),
])
def test_malformed_intents_are_refused_naming_the_field(union, intent, said) -> None:
    with pytest.raises(SessionError) as refused:
        check_intent(intent, union)
    assert said in str(refused.value) and "\n" not in str(refused.value)


def test_the_actions_are_read_from_the_types() -> None:
    assert actions_of(PuzzleIntent) == ["move", "answer", "restart", "show", "reset", "goto",
                                        "progress"]
    assert "import" in actions_of(TrainerIntent) and "goto" not in actions_of(TrainerIntent)
    assert actions_of(BoardIntent)[:3] == ["move", "draw", "pass"]
    board = actions_of(BoardIntent)     # in the union's order (a new intent may go last)
    assert board.index("new_match") + 1 == board.index("new_game")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(union=st.sampled_from([BoardIntent, PuzzleIntent, TrainerIntent]),
       action=st.sampled_from(["move", "answer", "undo", "goto", "hint", "new_game", "next",
                               "fly"]),
       fields=st.dictionaries(st.sampled_from(["move", "answer", "index", "n", "players",
                                               "seed", "now", "record", "text", "x"]),
                              json_values, max_size=3))
def test_any_json_is_accepted_or_refused_in_one_line(union, action, fields) -> None:
    """Whatever a page sends, the checker answers: it passes, or one line names the
    problem; it never fails with another error."""
    try:
        check_intent({"action": action, **fields}, union)
    except SessionError as e:
        assert str(e) and "\n" not in str(e)
