"""Hidden hands stay hidden: a board shown from one seat never names a tile of another
player's hand while the round is played, in any reply (view, description, status, hint,
message, the bots' moves, verdicts), whatever the learner sends.

The property tests play random sessions (random rules and tables, some seats played by
bots, a perspective, a few random moves before the board opens) and send random intents,
directly to :class:`~mtlearn.hosts.session.BoardSession` and as JSON through
:class:`~mtlearn.hosts.session_host.SessionHost`; every reply is scanned as JSON text, independently
of the engine's own guard (which :data:`mtlearn.present.perspective.STRICT` makes raise).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from enginekit import position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtlearn import Game
from mtlearn.hosts.session import BoardSession, SessionError
from mtlearn.hosts.session_host import SessionHost
from mtlearn.play.bots import RandomBot
from mtlearn.present import perspective as perspective_module
from mtlearn.present.perspective import HiddenTileLeak, Perspective
from mtlearn.present.text import render
from mtlearn.present.view import status_text, view

TILE = re.compile(r"(?<![\w.-])(\d{1,2})-(\d{1,2})(?![\w-])")

#: Rules to play under: the presets and the variants that reshape play.
RULES: list[tuple[Any, tuple[int, ...]]] = [
    ("standard", (2, 3, 4)), ("answer-double", (2, 3)), ("choose", (2, 3)),
    ("house", (2, 3)), ("table-b", (2, 3)), ("train-building", (2, 3)),
    ({"preset": "standard", "branching": True}, (2, 3)),
    ({"preset": "standard", "swan_drive": True}, (3, 4)),
    ({"preset": "standard", "teams": True}, (4,)),
    ({"preset": "standard", "wild_blanks": True}, (2, 3)),
]

# Counted by the property tests (replies scanned), for the report at the end of a run.
SCANNED = {"board": 0, "host": 0}


@pytest.fixture(autouse=True)
def strict_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's own guard raises on a leak instead of masking it."""
    monkeypatch.setattr(perspective_module, "STRICT", True)


def hidden_tiles(game: Game, seat: int | None) -> set[frozenset[int]]:
    """The tiles (as number sets) of hands ``seat`` may not see, while a round is on."""
    if seat is None or game.is_round_over:
        return set()
    return {frozenset((t.high, t.low)) for s in range(game.n) if s != seat
            for t in game.hand(s)}


def named(text: str) -> set[frozenset[int]]:
    return {frozenset((int(a), int(b))) for a, b in TILE.findall(text)}


def scan(reply: Any, game: Game, seat: int | None, echo: str = "") -> list[str]:
    """Tiles of hidden hands that ``reply`` names anywhere (its whole JSON text). A
    refusal may repeat the tile the learner named in ``echo`` (the same words whoever
    holds it)."""
    secret = hidden_tiles(game, seat)
    if not secret:
        return []
    text = json.dumps(reply)
    message = reply.get("message") if isinstance(reply, dict) else None
    if isinstance(message, dict) and message.get("kind") == "refusal":
        secret -= named(echo)
    return sorted("-".join(map(str, sorted(t))) for t in named(text) & secret)


@st.composite
def tables(draw: st.DrawFn) -> tuple[Game, dict[int, str], int]:
    """A game some random moves into a round, the bots and the perspective."""
    rules, sizes = draw(st.sampled_from(RULES))
    n = draw(st.sampled_from(sizes))
    top = 9 if n > 2 else draw(st.sampled_from((6, 9)))
    game = Game.new(n, set=top, rules=rules, seed=draw(st.integers(0, 10**6)))
    rng = RandomBot(draw(st.integers(0, 10**6)))
    for _ in range(draw(st.integers(0, 30))):  # the board may open mid-turn (a drawn tile…)
        if game.over:
            break
        game.push(rng.choose(game))
    seat = draw(st.integers(0, n - 1))
    others = [s for s in range(n) if s != seat]
    bot_seats = draw(st.lists(st.sampled_from(others), unique=True)) if others else []
    bots = {s: draw(st.sampled_from(("greedy", "random", "planner"))) for s in bot_seats}
    return game, bots, seat


def intents(game: Game, rnd: random.Random) -> dict[str, Any]:
    """A random intent: mostly sensible, sometimes a move with somebody else's tile."""
    r = rnd.random()
    if r < 0.35 and not game.over:
        moves = [str(m) for m in game.legal_moves]
        return {"action": "move", "move": rnd.choice(moves)}
    if r < 0.45 and not game.over:
        every = [t for s in range(game.n) for t in game.hand(s)]
        if every:
            t = rnd.choice(every)
            code = rnd.choice([*(str(k + 1) for k in range(game.n)), "M"])
            return {"action": "move", "move": f"{t.high}-{t.low}@{code}"}
    action = rnd.choice(["draw", "pass", "uno", "end", "hint", "hint", "undo", "undo",
                         "next_round", "new_match", "new_game"])
    if action == "new_match":
        return {"action": action, "seed": rnd.randrange(1000)}
    if action == "new_game":  # you against the computer: only seat 1's hand is shown
        n = rnd.randint(2, 4)
        return {"action": action, "players": n, "bots": n - 1, "seed": rnd.randrange(1000),
                "bot": rnd.choice(["greedy", "random", "planner"])}
    return {"action": action}


def echo_of(intent: dict[str, Any]) -> str:
    return str(intent.get("move", ""))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=st.integers(0, 10**6))
def board_session_never_names_a_hidden_tile(table, seed) -> None:
    game, bots, seat = table
    rnd = random.Random(seed)
    session = BoardSession(game, bots=bots, perspective=seat)
    assert scan(session.state(), session.game, seat) == []
    for _ in range(25):
        intent = intents(session.game, rnd)
        SCANNED["board"] += 1
        try:
            reply = session.handle(intent)
        except SessionError as e:  # the one refusal (rules that refuse a new table)
            assert scan({"error": str(e)}, session.game, session.perspective,
                        echo_of(intent)) == [], (intent, str(e))
            continue
        assert scan(reply, session.game, session.perspective, echo_of(intent)) == [], (
            intent, reply["message"])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=st.integers(0, 10**6))
def session_host_never_names_a_hidden_tile(table, seed) -> None:
    game, bots, seat = table
    rnd = random.Random(seed)
    spec = BoardSession(game, bots=bots, perspective=seat).to_spec()
    host = SessionHost()
    opened = json.loads(host.request(json.dumps({"op": "open", "kind": "board",
                                                 "spec": spec})))
    assert opened["ok"], opened
    sid = opened["session"]
    live = host.sessions[sid]
    assert scan(opened, live.game, seat) == []
    for _ in range(20):
        intent = intents(live.game, rnd)
        text = host.request(json.dumps({"op": "intent", "session": sid, "intent": intent}))
        answer = json.loads(text)
        SCANNED["host"] += 1
        if not answer["ok"]:  # the one refusal: its words are checked as a reply's are
            assert scan(answer, live.game, live.perspective, echo_of(intent)) == [], answer
            continue
        reply = answer["result"]
        assert scan(reply, live.game, live.perspective, echo_of(intent)) == [], (
            intent, reply["message"])


@settings(max_examples=80, deadline=None)
@given(table=tables())
def test_every_view_and_text_of_a_position_hides_the_other_hands(table) -> None:
    game, _, _ = table
    for seat in range(game.n):
        v = view(game, perspective=seat, verdicts=True)
        assert scan(v, game, seat) == [], seat
        assert scan({"render": render(game, perspective=seat),
                     "status": status_text(game, perspective=seat)}, game, seat) == []


# ---------------------------------------------------------------------- the reproducers
def two_seats() -> Game:
    return Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                               "trains": {"1": ["12-4"], "2": ["12-7"]},
                               "hands": [["7-3", "4-9"], ["7-11", "3-2", "11-8"]],
                               "to_play": 2})


def test_no_hint_for_a_hidden_seat_on_a_board_or_through_the_host() -> None:
    reply = BoardSession(two_seats(), perspective=0).handle({"action": "hint"})
    assert reply["message"]["text"] == ("No hint: it is Ben's turn, and Ben's tiles are "
                                        "hidden on this board.")
    assert "7-11" not in json.dumps(reply)
    host = SessionHost()
    spec = BoardSession(two_seats(), perspective=0).to_spec()
    sid = json.loads(host.request(json.dumps({"op": "open", "kind": "board",
                                              "spec": spec})))["session"]
    answer = host.request(json.dumps({"op": "intent", "session": sid,
                                      "intent": {"action": "hint"}}))
    assert "Try" not in answer and "7-11" not in answer and "11-7" not in answer
    # Ben's own board still gets the hint
    mine = BoardSession(two_seats(), perspective=1).handle({"action": "hint"})
    assert mine["message"]["text"].startswith("Hint: Try 7-11 on Ben's train")


def test_a_tile_drawn_by_a_hidden_seat_is_not_in_the_description() -> None:
    game = position(hands=[["6-1"], ["2-3", "0-1"], ["5-5"]], to_play=2,
                    boneyard={"top": ["4-3"], "rest": "sorted"})
    game.push("draw")
    assert "has drawn a tile" in view(game, perspective=0)["description"]
    assert "4-3" not in view(game, perspective=0)["description"]
    assert "(has drawn 4-3)" in view(game, perspective=1)["description"]
    assert "(has drawn 4-3)" in render(game)


def test_a_scenario_page_with_a_perspective_names_no_drawn_tile() -> None:
    from mtlearn.content.scenario import load_text
    from mtlearn.hosts.pages import scenario_page

    text = """
id: hidden-draw
title: Ben draws
family: markers
teaches: [R-TURN-3]
summary: Ben draws a tile we do not see.
rules: {preset: standard}
perspective: 1
position:
  set: 6
  players: [Ana, Ben]
  trains: {"1": ["6-1"], "2": ["6-2"]}
  hands: [["1-5", "5-5"], ["0-0", "3-4"]]
  boneyard: {top: ["4-0"], rest: sorted}
  to_play: 2
intro: Ben is to play.
steps:
  - move: draw
    say: Ben has nothing to play, so he draws.
"""
    scenario = load_text(text)
    frames = scenario.frames(verdicts=True)
    assert "has drawn a tile" in frames[1]["description"]
    page = scenario_page(scenario)
    for tile in ("4-0", "0-4", "0-0", "3-4", "4-3"):
        assert tile not in page, tile


def test_a_board_session_never_names_a_hidden_tile() -> None:
    """The property over random tables, and that it scanned its 2,000 replies (counted
    here, in the same test: no order between tests to rely on)."""
    before = SCANNED["board"]
    board_session_never_names_a_hidden_tile()
    assert SCANNED["board"] - before >= 2000, SCANNED


def test_the_session_host_never_names_a_hidden_tile() -> None:
    """The same through the session host, and its 2,000 replies scanned."""
    before = SCANNED["host"]
    session_host_never_names_a_hidden_tile()
    assert SCANNED["host"] - before >= 2000, SCANNED


def test_the_guard_finds_a_hidden_tile_among_a_board_of_tile_names() -> None:
    """The guard scans a text once for every tile it names (issue 39, item 8): in a long
    text naming public tiles many times (a board's JSON), a hidden tile is still found
    each time it is written, either way round or with a leading zero."""
    seen = Perspective.of(two_seats(), "Ana")
    public = ", ".join(["12-4", "7-3", "R-DBL-3", "2.3a"] * 200)
    assert seen.leaks(public) == []
    assert seen.leaks(f"{public} 7-11 {public} 11-7 07-11") == ["7-11", "11-7", "07-11"]
    assert seen.leaks(f"{public} 7-11", allow=["7-11@1"]) == []
    assert seen.leaks(f"{public} 11-07 07-011 x7-11 7-11a 3.7-11") == ["11-07"]
    odd = "7-11 x7-11 07-11 7-110 R-7-11 7-11- 1.7-11 a 12-0 0-0 7--11 [7-11] 117-11 7-1"
    assert (perspective_module._TILE_NAME.findall(odd)
            == [m.group(0) for m in perspective_module._TILE_TEXT.finditer(odd)])


def test_the_guard_masks_a_hidden_tile_and_raises_when_strict(monkeypatch) -> None:
    seen = Perspective.of(two_seats(), "Ana")
    assert seen.hidden_turn and not seen.may_advise and seen.drawn is None
    assert seen.leaks("Try 11-7 on Ben's train (R-DBL-3, 12-4, 7-3)") == ["11-7"]
    assert seen.leaks("Ana does not hold 7-11", allow=["7-11@1"]) == []
    with pytest.raises(HiddenTileLeak, match="7-11"):
        seen.guard("Ben holds 7-11.")
    monkeypatch.setattr(perspective_module, "STRICT", False)
    assert seen.guard("Ben holds 7-11 and 3-2; Ana 7-3.") == ("Ben holds a hidden tile and "
                                                               "a hidden tile; Ana 7-3.")
    assert Perspective.of(two_seats(), None).guard("Ben holds 7-11.") == "Ben holds 7-11."


def test_an_echoed_intent_is_not_masked_so_it_cannot_probe_hidden_hands():
    """A malformed intent is quoted back as sent: masking a tile in the echo ("unknown
    action 'a hidden tile'") would tell the learner which tiles the other hands hold."""
    from mtlearn.engine.game import Game
    from mtlearn.hosts.session import BoardSession, SessionError

    game = Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                               "trains": {"1": ["12-4"], "2": ["12-7"]},
                               "hands": [["7-3", "4-9"], ["7-11", "3-2", "11-8"]],
                               "to_play": 1})
    session = BoardSession(game, perspective=0)

    def refusal(intent: dict[str, str]) -> str:
        with pytest.raises(SessionError) as refused:
            session.handle(intent)
        return str(refused.value)

    hidden = refusal({"action": "7-11"})      # Ben holds 7-11
    nowhere = refusal({"action": "5-6"})      # in the boneyard
    assert "'7-11'" in hidden and "'5-6'" in nowhere
    assert hidden.replace("7-11", "5-6") == nowhere
