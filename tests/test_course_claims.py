"""The chapters' claims, played by the engine: what the course says a player may, must or
will do is checked on positions where it can be played (as tests/test_course.py does for
the eight sentences of *How to play*).

* ch. 5/9: covering an open double is compulsory (R-DBL-3, R-TURN-2); a double laid with a
  tile to cover it is closed by its player in the same turn (R-DBL-1).
* ch. 4/9: a marker goes down only on a turn when the player can play nowhere, not even the
  tile drawn (R-MARK-2); a marker comes off when its owner plays on their own train (R-MARK-3).
* ch. 10: planners draw and put their marker down too (R-TURN-3), and lose rounds.
* ch. 6: a blocked round ends as R-END-2 says: boneyard empty, everyone has passed since
  the last tile, every train marked, nobody holds a tile that fits.
* The stars: the one statement on the puzzles page is what the code counts.
* "Engine" on learner pages means the central double only.
* :mod:`mtlearn.present.course` names moves in words, from the engine's legal moves.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtlearn import Game, GreedyBot, PlannerBot
from mtlearn.content import scenario
from mtlearn.content.puzzle_record import stars_for
from mtlearn.content.steps import StepLog, load_steps, stars
from mtlearn.core.moves import Move
from mtlearn.play.sim import simulate
from mtlearn.present.course import and_list, may_play, sentence, table, yes_no

REPO = Path(__file__).resolve().parent.parent
TUTORIALS = REPO / "tutorials"

#: Chapter 5's table (tutorials/05-doubles.md): Ana lays 6-6 on her own train.
DOUBLES = {
    "set": 12,
    "players": ["Ana", "Ben", "Cy"],
    "trains": {"1": ["12-6"], "2": ["12-10"], "3": ["12-2"], "M": ["12-4"]},
    "hands": [["6-6", "6-1", "9-4", "11-3"], ["10-7", "6-0", "8-5"], ["8-2", "3-3", "7-1"]],
    "boneyard": {"top": ["5-3"], "rest": "shuffled"},
}


def _text(name: str) -> str:
    return (TUTORIALS / name).read_text(encoding="utf-8")


def _page_says(name: str, *phrases: str) -> None:
    """The page still makes the claim this test plays (so the two cannot drift apart)."""
    flat = " ".join(_text(name).split())
    for phrase in phrases:
        assert phrase in flat, f"{name} no longer says: {phrase!r}"


# ----------------------------------------------------------------------------- doubles
def test_covering_an_open_double_is_compulsory() -> None:
    """ch. 9: "Covering is not a choice anyway: while a double is open, whoever can cover it
    must." Ben holds 10-7, which fits his own train, and 6-0, which covers Ana's double."""
    _page_says("09-strategy.md", "whoever can cover it must")
    game = Game.from_position(DOUBLES)
    game.push("6-6@1")
    game.push("4-9@M")                       # Ana leaves her double open
    assert game.open_double_trains == [0] and game.current == 1
    assert [str(m) for m in game.legal_moves] == ["6-0@1"]     # only the cover
    for elsewhere in ("10-7@2", "8-5@M", "draw", "pass"):
        verdict = game.explain(elsewhere)
        assert not verdict.legal, elsewhere
    assert game.explain("10-7@2").rule == "R-DBL-3"


def test_a_double_with_a_tile_to_cover_it_is_closed_in_the_same_turn() -> None:
    """ch. 9: "Lay a double when you hold a tile to cover it: the double gives you another
    play, and you close it yourself." """
    _page_says("09-strategy.md", "the double gives you another play, and you close it yourself")
    game = Game.from_position(DOUBLES)
    game.push("6-6@1")
    assert game.current == 0 and "6-1@1" in {str(m) for m in game.legal_moves}
    game.push("6-1@1")
    assert game.open_double_trains == [] and game.current == 1


# ----------------------------------------------------------------------------- markers
def _marker_downs(game: Game, bot: object, seats: set[int]) -> list[tuple[Game, Move]]:
    """Play the round with ``bot``; every position in which one of ``seats`` put their own
    marker down, with the move that did it."""
    found = []
    while not game.over:
        seat = game.current
        move = bot.choose(game)  # type: ignore[attr-defined]
        before = game.copy()
        game.push(move)
        if seat in seats and not before.train(seat).marker and game.train(seat).marker:
            found.append((before, move))
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_marker_goes_down_only_when_the_player_can_play_nowhere(seed: int) -> None:
    """ch. 9: "Your marker goes down only on a turn when you can play nowhere at all, not
    even the tile you drew." Every marker of a few seeded rounds went down with a pass, in a
    position with no play at all for its owner."""
    _page_says("09-strategy.md", "Your marker goes down only on a turn when you can play nowhere")
    downs = _marker_downs(Game.new(3, seed=seed), GreedyBot(), {0, 1, 2})
    assert downs, "no marker went down: pick another seed"
    for before, move in downs:
        assert move.kind == "pass"
        assert all(m.kind != "play" for m in before.legal_moves)
        if before.boneyard_size:                       # with tiles to draw, one was drawn
            assert before.drawn is not None


def test_a_player_who_can_play_may_not_pass_and_mark() -> None:
    """ch. 4: Ana's 9-5 fits Cy's public train, so she may neither draw nor pass."""
    game = Game.from_position({
        "set": 12, "players": ["Ana", "Ben", "Cy"],
        "trains": {"1": ["12-3"], "2": ["12-5"], "3": ["12-9"], "M": ["12-7"]},
        "markers": [3],
        "hands": [["9-5", "10-8", "11-4"], ["11-0", "6-2"], ["5-1", "9-4", "8-8"]],
        "boneyard": {"top": ["4-1", "3-6"], "rest": "shuffled"},
    })
    assert not game.explain("pass").legal and not game.explain("draw").legal
    assert {str(m) for m in game.legal_moves} == {"9-5@3"}


@pytest.mark.parametrize("seed", [1, 2])
def test_planners_draw_and_mark_too(seed: int) -> None:
    """ch. 10: "Planners draw and put their marker down too, whenever nothing in their hand
    fits." Four planners play a seeded round; some planner draws, then marks."""
    _page_says("10-what-the-numbers-say.md", "Planners draw and put their marker down too")
    downs = _marker_downs(Game.new(4, seed=seed), PlannerBot(), {0, 1, 2, 3})
    assert downs
    before, move = downs[0]
    assert move.kind == "pass" and before.drawn is not None      # drew, and it did not fit


def test_planners_lose_rounds_too() -> None:
    """ch. 10: "… and they lose the rounds the others win": in the chapter's own first
    eight rounds (planner against three greedy players) the planner does not win them all."""
    _page_says("10-what-the-numbers-say.md", "they lose the rounds the others win")
    rows = simulate("planner,greedy,greedy,greedy", rounds=8, seed=2026, processes=1,
                    progress=False, frame=False)
    planner = [r for r in rows if r["bot"] == "planner"]
    assert any(not r["won"] for r in planner) and any(r["won"] for r in planner)


# ----------------------------------------------------------------------------- blocked
def test_a_blocked_round_ends_as_r_end_2_says() -> None:
    """ch. 6: "Once everyone has passed in turn since the last tile was played, every train
    carries a marker and is open to all. If nobody then holds a tile that fits any train, the
    round is blocked." """
    _page_says("06-scoring.md", "every train carries a marker and is open to all",
               "If nobody then holds a tile that fits any train, the round is **blocked**")
    s = scenario.get("blocked-round")
    final = s.final
    assert final.blocked and final.boneyard_size == 0 and final.out is None
    assert all(final.train(seat).marker for seat in range(final.n))
    ends = {final.train(k).open_end for k in final.train_keys()}
    for seat in range(final.n):
        assert not any(t.has(e) for t in final.hand(seat) for e in ends)
    last_play = max(i for i, m in enumerate(final.history) if m.kind == "play")
    passes = [m for m in final.history[last_play + 1:] if m.kind == "pass"]
    assert len(passes) == final.n                 # one pass each since the last tile
    assert all(score > 0 for score in final.round_scores[-1])   # nobody scores 0


# ----------------------------------------------------------------------------- stars
def test_the_stars_are_stated_once_as_the_code_counts_them() -> None:
    said = {p.name: " ".join(p.read_text(encoding="utf-8").split())
            for p in TUTORIALS.glob("*.md")}
    statement = [n for n, t in said.items() if "A *slip* is a hint you take" in t]
    assert statement == ["puzzles.md"]
    for name, text in said.items():
        assert "count the hints you took" not in text, name
        assert "Stars count how many" not in text, name
    # what the statement says: 3 within par, one fewer per slip beyond it, at least 1
    assert [stars_for(slips, 1) for slips in range(6)] == [3, 3, 2, 1, 1, 1]
    # a board with steps: par 0; a hint and a refusal no step asks for are slips, undo is free
    game = Game.from_position(DOUBLES)
    log = StepLog(load_steps("ch5-leave-a-double-open", game))
    log.refused(game, "9-4@2", "R-TRAIN-2")
    game.push("6-6@1")
    log.undone(game)
    assert log.slips == 1 and stars(log.slips) == 2
    log.hint()
    assert log.slips == 2 and stars(log.slips) == 1 and stars(0) == 3


def test_a_refusal_a_step_asks_for_is_not_a_slip() -> None:
    game = Game.from_position(DOUBLES)
    log = StepLog(load_steps("ch5-leave-a-double-open", game))
    for move in ("6-6@1", "4-9@M"):
        before = log.before(game)
        seat = game.current
        game.push(move)
        log.moved(game, seat, Move.parse(move), before)
    log.refused(game, "10-7@2", "R-DBL-3")     # "As Ben, try 10-7 on his own train"
    assert log.slips == 0


# ----------------------------------------------------------------------------- words
ENGINE_AS_SOFTWARE = re.compile(
    r"rules engine|mtlearn's engine|(?:ask|loading) the engine|the engine(?:'s)? "
    r"(?:answers?|says|lists|runs|checks)|engine runs", re.I)


def test_engine_means_the_central_double_on_learner_pages() -> None:
    pages = [p for p in TUTORIALS.glob("*.md") if p.name != "using-python.md"]
    pages.append(REPO / "docs" / "index.md")
    found = {p.name: ENGINE_AS_SOFTWARE.findall(p.read_text(encoding="utf-8")) for p in pages}
    assert not {k: v for k, v in found.items() if v}


def test_the_engine_check_finds_the_software_sense() -> None:
    assert ENGINE_AS_SOFTWARE.findall("Ask the engine: the rules engine says no.") == [
        "Ask the engine", "rules engine"]
    assert not ENGINE_AS_SOFTWARE.findall("The engine is the double in the hub.")


# ----------------------------------------------------------------------------- helper
def test_may_play_names_moves_in_words_from_the_legal_moves() -> None:
    game = Game.from_position(DOUBLES)
    game.push("6-6@1")
    assert may_play(game) == "Ana may play 6-1 on Ana's train or 4-9 on the Mexican train."
    game.push("4-9@M")
    assert may_play(game) == "Ben may play 6-0 on Ana's train."
    stuck = Game.from_position({**DOUBLES, "hands": [["11-3"], ["10-7"], ["8-2"]]})
    assert may_play(stuck) == "Ana may only draw a tile."
    stuck.push("draw")
    assert may_play(stuck) == "Ana may only pass and place a marker."


def test_sentences_and_tables_are_escaped_text() -> None:
    shown = table(["Player", "Points"], [["<Ana>", 6]], caption="A & B")
    assert "&lt;Ana&gt;" in shown._repr_html_() and "A &amp; B" in shown._repr_html_()
    assert repr(shown) == "A & B\nPlayer | Points\n<Ana> | 6"
    assert sentence("One.", "Two.")._repr_html_() == (
        '<p class="mtl-said">One.</p><p class="mtl-said">Two.</p>')
    assert yes_no(True) == "yes" and and_list(["a", "b", "c"], "or") == "a, b or c"
