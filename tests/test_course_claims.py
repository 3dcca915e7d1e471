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
* Sentences a newcomer found false (issue 40), now checked: a double binds everyone only
  once its player's turn ends (ch. 5, R-DBL-3); the standard game leaves the last-tile
  announcement out (R-LAST-1); the Mexican train as the boards name it (R-MEX-1); the Swan
  Drive table's standard row; a train-building first turn lays as many tiles as the player
  wishes (R-FIRST-1); how common dealing the engine is (ch. 2); double-12 for two to eight,
  dealt to ten (ch. 1, R-SET-4).
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


# ----------------------------------------------------------------------------- issue 40
# Sentences a newcomer found false, each now checked against the engine, the boards or the
# rules page.
DOCS = REPO / "docs"


def _flat(path: Path) -> str:
    return " ".join(path.read_text(encoding="utf-8").split())


def _rules_section(rule: str) -> str:
    """The text of one rule's section of docs/rules.md (from its anchor to the next)."""
    text = _flat(DOCS / "rules.md")
    label = f"({rule.lower()})="
    start = text.index(label) + len(label)
    end = text.find(")=", start)
    return text[start:end]


def _book_pages() -> dict[str, str]:
    pages = {p.name: _flat(p) for p in TUTORIALS.glob("*.md")}
    pages.update({"docs/" + p.name: _flat(p) for p in DOCS.glob("*.md")})
    return pages


def test_the_layer_of_a_double_may_play_elsewhere_until_the_turn_ends() -> None:
    """ch. 5 and R-DBL-3: a double binds everyone only once its player's turn has ended
    with it uncovered; during that turn the extra tile may go on any train open to them
    (R-DBL-1). The old sentence, "A double that nobody has covered yet is open. While a
    double is open, nobody may play anywhere else", was false during that extra play."""
    _page_says("05-doubles.md", "Right after laying a double, its player is still free",
               "A double still uncovered when its player's turn is over is **open**")
    section = _rules_section("R-DBL-3")
    assert "While you are still playing the turn in which you laid a double, it does not hold "\
           "you back" in section
    assert "A double that is still uncovered when your turn ends is open" in section
    for name, text in _book_pages().items():
        assert "A double that nobody has covered yet is" not in text, name
        assert "nobody has covered yet is open" not in text, name
    game = Game.from_position(DOUBLES)
    game.push("6-6@1")                            # uncovered, and still Ana's turn
    assert game.current == 0 and game.open_double_trains == [0]
    assert game.explain("4-9@M").legal            # she may play elsewhere
    game.push("4-9@M")                            # her turn ends with it uncovered: open
    assert game.current == 1 and [str(m) for m in game.legal_moves] == ["6-0@1"]


def test_the_standard_game_leaves_the_last_tile_announcement_out() -> None:
    """R-LAST-1: the rule sheets require the announcement; mtlearn's standard game leaves it
    out (the option ``last_tile`` is "off"), "announce" and "penalty" bring it back. The
    pages said "Many tables ask…" and "the standard game has no announcement"."""
    from mtlearn import Rules

    section = _rules_section("R-LAST-1")
    assert "Every rule sheet behind mtlearn that speaks of the last tile requires it" in section
    assert "mtlearn's standard game leaves the announcement out" in section
    assert "unless a table chooses it" in section
    python = _flat(DOCS / "python-rules.md")     # the option's values: on the Python page
    python = python[python.index("R-LAST-1 ·"):python.index("R-LAST-2 ·")]
    assert '`"off"`' in python and 'last_tile="announce"' in python
    assert 'last_tile="penalty"' in python
    _page_says("variant-scoring.md", "every rule sheet behind this book that speaks of the last "
               "tile asks for it", "mtlearn's standard game leaves the announcement out")
    for name, text in _book_pages().items():
        assert "Many tables ask a player who is down to one tile" not in text, name
        assert "Many families also make you say" not in text, name
    assert Rules().last_tile == "off" and Rules.preset("standard").last_tile == "off"
    two = {**DOUBLES, "hands": [["6-1", "9-4"], ["10-7", "6-0", "8-5"], ["8-2", "3-3", "7-1"]]}
    assert "uno" not in {str(m) for m in Game.from_position(two).legal_moves}
    for option in ("announce", "penalty"):
        game = Game.from_position({**two, "rules": {"preset": "standard", "last_tile": option}})
        assert "uno" in {str(m) for m in game.legal_moves}


def test_the_rules_page_names_the_mexican_train_as_the_boards_show_it() -> None:
    """R-MEX-1 said the boards show "the train marked 'M'"; a board names the row "Mexican
    train" and gives it the badge "★ open to all" (mtlearn/static/js/view-parts.js)."""
    from mtlearn.present.view import view

    shown = view(Game.from_position(DOUBLES))
    mexican = [t for t in shown["trains"] if t["mexican"]]
    assert [t["label"] for t in mexican] == ["Mexican train"]
    js = (REPO / "mtlearn" / "static" / "js" / "view-parts.js").read_text(encoding="utf-8")
    assert 'badge("mtl-badge-mex", "★ open to all")' in js
    section = _rules_section("R-MEX-1")
    assert 'the row named "Mexican train"' in section and '"★ open to all"' in section
    assert 'marked "M"' not in section


def test_the_swan_drive_table_gives_the_standard_game_its_real_reason() -> None:
    """The Swan Drive page's table: in the standard game Ana may not go on to Ben's train
    because her turn ended with her one tile (R-TURN-1). Its standard row used to judge the
    move for Ben, who had not asked: "Ben does not hold 3-0"."""
    from mtlearn.present.course import compare

    page = _text("variant-swan-drive.md")
    assert "from mtlearn.present.course import compare" in page
    assert 'compare(three, {"swan_drive": True}, ["5-2@1"], "3-0@2")' in page
    for p in TUTORIALS.glob("variant-*.md"):
        assert "def compare(" not in p.read_text(encoding="utf-8"), p.name   # one helper
    three = {"set": 6, "players": ["Ana", "Ben", "Cy"],
             "trains": {"1": ["6-5"], "2": ["6-3"], "3": ["6-4"]}, "markers": [2],
             "hands": [["5-5", "3-3", "5-2", "3-0", "0-1"], ["2-1", "4-0"], ["4-4", "1-1"]],
             "boneyard": {"top": ["2-2"], "rest": "sorted"}}
    rows = [line.split(" | ") for line in
            repr(compare(three, {"swan_drive": True}, ["5-2@1"], "3-0@2")).splitlines()[1:]]
    assert rows[0] == ["The standard game", "refused",
                       "Ana's turn ended with 5-2 on Ana's train: a normal turn is one tile on "
                       "one train you may use. It is Ben's turn now."]
    assert rows[1][:2] == ["With the house rule", "allowed"] and "Swan Drive" in rows[1][2]
    standard = Game.from_position(three)
    standard.push("5-2@1")
    assert standard.current == 1                                  # Ana's turn is over
    swan = Game.from_position({**three, "rules": {"preset": "standard", "swan_drive": True}})
    swan.push("5-2@1")
    assert swan.current == 0 and swan.explain("3-0@2").legal      # she drives on


def test_a_train_building_first_turn_lays_as_many_tiles_as_the_player_wishes() -> None:
    """R-FIRST-1 (train-building): the source lets a player lay as many tiles as they wish;
    the pages said "as long a chain as you can". After a first tile, `end` is legal even
    when more tiles fit."""
    _page_says("variant-start.md", "lay as many tiles as you wish on your own train",
               "After the first tile you may stop whenever you like")
    assert "as many tiles as they wish" in _rules_section("R-FIRST-1")
    puzzle = (REPO / "mtlearn/puzzles/setup/06-train-building-turn.yaml").read_text("utf-8")
    assert "as many tiles as she wishes" in puzzle
    for name, text in {**_book_pages(), "puzzle": puzzle}.items():
        for said in ("as long a chain as you can", "as many tiles as they can",
                     "as many tiles as she can"):
            assert said not in text, (name, said)
    game = Game.from_position({"set": 6, "players": ["Ana", "Ben", "Cy"],
                               "rules": {"preset": "train-building"},
                               "hands": [["6-5", "5-2", "2-4"], ["6-3", "1-0"], ["6-1", "4-4"]]})
    assert "end" not in {str(m) for m in game.legal_moves}     # a first tile, if she can
    game.push("6-5@1")
    assert {str(m) for m in game.legal_moves} == {"5-2@1", "end"}
    game.push("end")
    assert game.current == 1 and len(game.hand(0)) == 2


def test_dealing_the_engine_is_the_variant_and_the_pages_say_how_common_it_is() -> None:
    """ch. 2 said "Some families deal the engine like any other tile": most of the written
    rule sheets behind the rules reference do (three of the four full sheets), and mtlearn's
    standard game sets it in the hub instead (R-ROUND-2)."""
    from mtlearn import Rules

    _page_says("02-setting-up.md", "Most of the written rule sheets behind this book deal the "
               "engine like any other tile")
    _page_says("variant-start.md", "Most of the written rule sheets behind this book deal the "
               "engine like any other tile instead")
    for name, text in _book_pages().items():
        assert "families deal the engine" not in text, name
    assert Rules().engine == "hub" and Rules(engine="holder").engine == "holder"
    # in the hub before the deal: round 1 always opens with seat 1; dealt, its holder opens
    firsts = {Game.new(4, seed=s, rules={"preset": "standard", "engine": "holder"}).current
              for s in range(12)}
    assert {Game.new(4, seed=s).current for s in range(12)} == {0} and len(firsts) > 1


def test_double_12_is_usual_for_two_to_eight_and_still_deals_to_ten() -> None:
    """ch. 1 said double-12 is "for two to eight players" while the reference's hand-size
    table deals it to ten (R-SET-4, R-DEAL-2): both now say what the code does."""
    from mtlearn import Rules, hand_size, usual_set
    from mtlearn.core.rules import max_players

    assert {usual_set(n) for n in range(2, 9)} == {12} and usual_set(9) == 15
    assert max_players(12) == 10 and hand_size(Rules(), 12, 9) == hand_size(Rules(), 12, 10) == 8
    _page_says("01-tiles-and-set.md", "double-12 is the standard one, usual for two to eight "
               "players; with it, nine or ten players get eight tiles each")
    section = _rules_section("R-SET-4")
    assert "usual choice for two to eight players" in section
    assert "still deals to nine or ten, eight tiles each" in section
