"""The book read as a course: every sentence true, tiles written as the board shows them,
learner pages free of code, and charts described in words.

* Tiles: a tile lying in a train is written inward number first, the way the board shows it
  (docs/formats.md, "Writing tiles in narration"). Scenario narration is checked frame by
  frame by :mod:`mtlearn.content.tile_words`; here the tutorial prose is checked too, against the
  boards its neighbouring cells build (the chapters' cells are run with the boards replaced
  by recorders).
* The summary: "How to play" sums the game up in eight sentences; each claim is replayed by
  the engine from a bundled scenario (shown on tutorials/eight-sentences.md) and checked here.
* Learner pages (every tutorial page except "Using mtlearn from Python") show no code and no
  Python names in their prose; the note on where progress is kept appears once.
* Chapter 10's charts have alt texts that say what each chart shows.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from mtlearn import Game
from mtlearn.content import scenario
from mtlearn.content.tile_words import board_orientation, tiles_named
from mtlearn.core.tiles import Tile

REPO = Path(__file__).resolve().parent.parent
TUTORIALS = REPO / "tutorials"
CELL_RE = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```[ \t]*$", re.S | re.M)

#: Pages for programmers and teachers; every other tutorial page is for learners.
PROGRAMMER_PAGES = {"using-python.md"}
#: Pages whose cells run simulations for minutes: their prose must name no tile at all.
NOT_RUN = {"10-what-the-numbers-say.md", "using-python.md", "play.md", "puzzles.md"}


def _text(name: str) -> str:
    return (TUTORIALS / name).read_text(encoding="utf-8")


def _learner_pages() -> list[str]:
    return sorted(p.name for p in TUTORIALS.glob("*.md") if p.name not in PROGRAMMER_PAGES)


def _pieces(text: str) -> list[tuple[str, str]]:
    """The page after its front matter as ("prose", text) and ("cell", source) pieces, in order."""
    body = text.split("\n---\n", 1)[1] if text.startswith("---\n") else text
    out: list[tuple[str, str]] = []
    pos = 0
    for m in CELL_RE.finditer(body):
        out.append(("prose", body[pos:m.start()]))
        source = m.group(1)
        if source.startswith("---\n"):  # a YAML block of cell options
            source = source.split("\n---\n", 1)[1]
        out.append(("cell", "\n".join(line for line in source.splitlines()
                                      if not line.startswith(":"))))
        pos = m.end()
    out.append(("prose", body[pos:]))
    return out


def _prose(text: str) -> str:
    return "\n".join(piece for kind, piece in _pieces(text) if kind == "prose")


# ----------------------------------------------------------------------------- (a) tiles
STEPS = REPO / "mtlearn" / "steps"


def _played_out(game: Game, solution: list[str]) -> list[Game]:
    """Every position of a board's steps solution played from ``game`` ("undo" takes back;
    a move the solution tries in order to be refused changes nothing)."""
    g, out = game.copy(), []
    for move in solution:
        if move == "undo":
            g.pop()
        elif g.explain(move).legal:
            g.push(move)
        out.append(g.copy())
    return out


class _Recorder:
    """Stands in for a board widget: keeps the games it would draw, and for a board with
    steps the step texts and every position of the steps' solution."""

    def __init__(self, shown: list[Game]) -> None:
        self.shown = shown
        self.step_texts: list[str] = []

    def board(self, game: Game | None = None, *args: Any, **kwargs: Any) -> None:
        if isinstance(game, Game):
            self.shown.append(game.copy())
            if kwargs.get("steps"):
                spec = json.loads((STEPS / f"{kwargs['steps']}.json").read_text(encoding="utf-8"))
                self.step_texts += [s["text"] for s in spec["steps"]]
                self.shown += _played_out(game, spec.get("solution", []))

    def scenario(self, sid: str, *args: Any, **kwargs: Any) -> None:
        self.shown.extend(g.copy() for g in scenario.get(sid).games)

    def nothing(self, *args: Any, **kwargs: Any) -> None:
        return None


def _boards_after_each_cell(name: str, monkeypatch: pytest.MonkeyPatch,
                            step_texts: list[str] | None = None) -> list[list[Game]]:
    """Run the page's cells in order; after each one, every game it drew or left in scope
    (with the positions of a steps board's solution). The texts of the boards' steps are
    added to ``step_texts``, as a list for each cell."""
    import mtlearn.jupyter as jupyter
    import mtlearn.jupyter.widgets as widgets

    shown: list[Game] = []
    rec = _Recorder(shown)
    for module in (jupyter, widgets):  # the chapters import the boards from mtlearn.jupyter
        monkeypatch.setattr(module, "Board", rec.board)
        monkeypatch.setattr(module, "ScenarioPlayer", rec.scenario)
        monkeypatch.setattr(module, "Puzzle", rec.nothing)
        monkeypatch.setattr(module, "PuzzleSet", rec.nothing)
    scope: dict[str, Any] = {"__name__": "__chapter__"}
    after: list[list[Game]] = []
    for kind, source in _pieces(_text(name)):
        if kind != "cell":
            continue
        shown.clear()
        exec(compile(source, f"{name} cell", "exec"), scope)  # the book's own cells
        games = [g.copy() for g in scope.values() if isinstance(g, Game)]
        after.append(games + list(shown))
        if step_texts is not None:
            step_texts.append("\n".join(rec.step_texts))
            rec.step_texts.clear()
    return after


def _reversed_tiles(prose: str, boards: list[Game]) -> list[str]:
    """Tiles of ``prose`` that the boards show only the other way round."""
    seen: dict[Tile, set[int]] = {}
    for game in boards:
        for tile, (inward, _out, _where) in board_orientation(game).items():
            seen.setdefault(tile, set()).add(inward)
    wrong = []
    for a, b in tiles_named(prose):
        if a == b or max(a, b) > 18:
            continue
        inwards = seen.get(Tile(a, b) if a <= b else Tile(b, a))
        if inwards and a not in inwards:
            wrong.append(f"{a}-{b} (the board shows {b}-{a})")
    return wrong


def test_bundled_scenario_narration_reads_as_the_board_shows_it() -> None:
    notes = [w for s in scenario.bundled() for w in s.warnings]
    assert not notes, notes


@pytest.mark.parametrize("name", [n for n in _learner_pages() if n not in NOT_RUN])
def test_tiles_in_prose_read_as_the_boards_next_to_them(name: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    steps: list[str] = []
    boards = _boards_after_each_cell(name, monkeypatch, steps)
    pieces = [p for kind, p in _pieces(_text(name)) if kind == "prose"]
    assert len(pieces) == len(boards) + 1
    wrong = []
    for i, prose in enumerate(pieces):
        near = (boards[i - 1] if i > 0 else []) + (boards[i] if i < len(boards) else [])
        wrong += _reversed_tiles(prose, near)
    for texts, near in zip(steps, boards, strict=True):   # a board's steps, against its moves
        wrong += [f"step: {w}" for w in _reversed_tiles(texts, near)]
    assert not wrong, f"{name}: tiles written the other way round from the board: {wrong}"


def test_the_steps_check_catches_a_reversed_tile_in_a_step(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    """Ch. 5's step once read "Put 9-4" where the board lays 4-9 (and ch. 7's "3-0" for 0-3)."""
    spec = json.loads((STEPS / "ch5-leave-a-double-open.json").read_text(encoding="utf-8"))
    spec["steps"][1]["text"] = "Put 9-4 on the Mexican train: the double is left open."
    (tmp_path / "ch5-leave-a-double-open.json").write_text(json.dumps(spec), encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "STEPS", tmp_path)
    steps: list[str] = []
    boards = _boards_after_each_cell("05-doubles.md", monkeypatch, steps)
    found = [w for texts, near in zip(steps, boards, strict=True)
             for w in _reversed_tiles(texts, near)]
    assert found == ["9-4 (the board shows 4-9)"]


@pytest.mark.parametrize("name", sorted(NOT_RUN - PROGRAMMER_PAGES))
def test_pages_not_run_name_no_tile_in_a_train(name: str) -> None:
    """The pages whose cells are not run here write no tile in their prose to check."""
    assert tiles_named(_prose(_text(name))) == []


def test_the_orientation_check_catches_a_reversed_tile() -> None:
    game = Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                               "trains": {"1": ["12-5", "5-9"]}, "hands": [["1-2"], ["3-4"]]})
    assert _reversed_tiles("Ana laid 9-5 after 5-12.", [game]) == [
        "9-5 (the board shows 5-9)", "5-12 (the board shows 12-5)"]
    assert _reversed_tiles("Ana laid 5-9 after 12-5; she holds 2-1.", [game]) == []


# ----------------------------------------------------------------------------- (b) summary
def _summary() -> list[str]:
    page = _text("how-to-play.md")
    start = page.index("## The game in eight sentences")
    block = page[start:page.index("\n## ", start)]
    items = re.split(r"^\d\. ", block, flags=re.M)[1:]
    return [" ".join(item.split()) for item in items]


def test_the_summary_has_eight_sentences_each_played_out() -> None:
    sentences = _summary()
    assert len(sentences) == 8
    shown = re.findall(r'ScenarioPlayer\("([^"]+)"\)', _text("eight-sentences.md"))
    assert shown == ["summary-trains", "summary-your-turn", "summary-doubles",
                     "summary-draw-and-mark", "summary-round-end"]
    assert "eight-sentences.md" in _text("how-to-play.md")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sentences_1_2_a_deal_a_boneyard_and_an_engine(seed: int) -> None:
    game = Game.new(2, seed=seed)
    hands = [set(game.hand(s)) for s in range(game.n)]
    engine = Tile(game.engine, game.engine)
    assert all(len(h) == 15 for h in hands)
    assert engine.is_double and all(engine not in h for h in hands)
    everything = hands[0] | hands[1] | set(game.boneyard) | {engine}
    assert len(everything) == 91 == len(game.hand(0)) + len(game.hand(1)) + game.boneyard_size + 1


def _frames(sid: str) -> list[Game]:
    return scenario.get(sid).games


def _moved_to(before: Game, after: Game) -> set[int | str]:
    """The trains that grew between two frames."""
    return {k for k in after.train_keys()
            if len(after.train(k).tiles) > len(before.train(k).tiles)}


def test_sentences_3_4_trains_start_from_the_engine_the_mexican_train_is_everybodys() -> None:
    g = _frames("summary-trains")
    first = g[0].explain("5-9@1")
    assert not first.legal and first.rule == "R-TRAIN-1"      # no engine number: no start
    assert g[1].train(0).tiles[0][1] == 12                    # the 12 against the engine
    assert g[1].train(0).open_end == 5
    assert not g[2].explain("7-4@1").legal                    # must match the open end
    assert g[1].explain("5-1@1").rule == "R-MARK-1"           # Ben may not use Ana's train
    assert _moved_to(g[1], g[2]) == {"M"} and _moved_to(g[2], g[3]) == {"M"}
    assert g[1].to_play != g[2].to_play                       # two players built the Mexican


def test_sentence_5_one_tile_on_own_mexican_or_marked_train_then_the_next_player() -> None:
    g = _frames("summary-your-turn")
    assert g[0].train(1).marker                               # Ben's train is marked
    landed = []
    for before, after in pairwise(g):
        mover = before.to_play
        assert mover is not None
        assert len(after.hand(mover)) == len(before.hand(mover)) - 1   # one tile
        assert after.to_play == (mover + 1) % before.n                 # then the next player
        landed.append(_moved_to(before, after))
    assert landed == [{1}, {1}, {"M"}]  # a marked train, one's own train, the Mexican train


def test_sentences_5_7_after_a_double_one_more_tile_then_an_open_double_blocks() -> None:
    g = _frames("summary-doubles")
    assert g[1].to_play == 0 and g[1].open_double_trains == [0]   # Ana plays again
    assert _moved_to(g[1], g[2]) == {"M"}                          # her extra tile goes elsewhere
    assert g[2].to_play == 1 and g[2].open_double_trains == [0]   # still open at her turn's end
    assert {m.train for m in g[2].legal_moves} == {0}             # Ben: only on the double
    refused = g[2].explain("3-5@2")
    assert not refused.legal and refused.rule == "R-DBL-3"
    assert g[3].open_double_trains == [] and "8-1@3" in {str(m) for m in g[3].legal_moves}


def test_sentence_7_exception_a_double_nobody_can_cover_stops_blocking() -> None:
    g = _frames("double-that-cannot-be-covered")
    assert g[2].open_double_trains == ["M"] and g[2].to_play == 1
    assert {m.train for m in g[2].legal_moves} == {1}   # Ben plays on his own train


def test_sentence_6_draw_play_it_if_it_fits_otherwise_mark_until_you_play_on_it() -> None:
    g = _frames("summary-draw-and-mark")
    assert [str(m) for m in g[0].legal_moves] == ["draw"]
    assert len(g[1].hand(0)) == 3 and [str(m) for m in g[1].legal_moves] == ["pass"]
    assert g[2].train(0).marker and g[2].to_play == 1
    assert _moved_to(g[2], g[3]) == {0} and g[3].train(0).marker   # everyone may use it
    assert [str(m) for m in g[4].legal_moves] == ["0-6@1"]         # a drawn tile that fits
    assert not g[5].train(0).marker                                 # played on it again


def test_sentence_8_the_last_tile_ends_the_round_and_hands_are_counted() -> None:
    g = _frames("summary-round-end")
    final = g[-1]
    assert final.is_round_over and final.out == 0 and final.boneyard_size > 0
    assert final.round_scores[-1] == [0, sum(t.pips for t in final.hand(1))]
    blocked = scenario.get("blocked-round").final
    assert blocked.blocked and blocked.boneyard_size == 0


# ----------------------------------------------------------------------------- (c) no code
FORBIDDEN = ["Board(", "ScenarioPlayer", "PlannerBot", "GreedyBot", "RandomBot", "DataFrame",
             "processes=", "./dev", "Jupyter data folder", "JupyterLab", "Binder", "notebook",
             "mtlearn sim", "simulate", "summarize", "longest_train", "play_match", "Game.",
             "Rules(", "preset(", "=True", "standings", "to_json", "localStorage"]
PYTHONISH = re.compile(r"`[^`]*(?:\w\(|\w=|@\d|@M)[^`]*`")


@pytest.mark.parametrize("name", _learner_pages())
def test_learner_pages_show_no_code(name: str) -> None:
    text = _text(name)
    heads = re.findall(r"^```\{code-cell\}[^\n]*\n(:tags:[^\n]*|---\n.*?\n---)?", text,
                       re.M | re.S)
    hidden = r"(hide|remove)-(input|cell)"
    assert all(re.search(hidden, h or "") for h in heads), f"{name}: a code cell is shown"
    prose = re.sub(r"^```text\n.*?^```", "", _prose(text), flags=re.S | re.M)
    found = [w for w in FORBIDDEN if w in prose]
    assert not found, f"{name}: programmer words in the prose: {found}"
    assert not PYTHONISH.findall(prose), f"{name}: code in the prose: {PYTHONISH.findall(prose)}"
    assert "```text" not in text, f"{name}: a terminal command"


#: What a learner-page cell may end with: a board, scenario, puzzle or chart, a sentence or
#: table built from the engine's values (mtlearn.present.course), a picture of a position, or
#: a game (drawn as a board).
SHOWN_LAST = re.compile(r"(?:Board|ScenarioPlayer|Puzzle|PuzzleSet|Trainer|picture|sentence|table|"
                        r"course\.table|plan_table|compare|say|display)\(|[a-z_]+$")


def _printed(source: str) -> list[str]:
    """What a cell would print as a Python value: print calls, and a last expression that
    is not a board, a sentence or a table."""
    tree = ast.parse(source)
    found = [ast.unparse(n)[:60] for n in ast.walk(tree) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name) and n.func.id == "print"]
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr) and not SHOWN_LAST.match(ast.unparse(last)):
        found.append(ast.unparse(last)[:60])
    return found


@pytest.mark.parametrize("name", [*_learner_pages(), "../docs/index.md"])
def test_learner_pages_print_no_python_values(name: str) -> None:
    """Learner pages show sentences, tables and boards: no printed list, dict or True."""
    found = [p for kind, src in _pieces(_text(name)) if kind == "cell" for p in _printed(src)]
    assert not found, f"{name}: cells print Python values: {found}"


def test_the_print_check_finds_printed_values() -> None:
    assert _printed('print("Ben may:", moves)\nx = 1') == ["print('Ben may:', moves)"]
    assert _printed("rows[0]") == ["rows[0]"]
    assert _printed("game.push('4-9@M')\ngame") == []
    assert _printed("table(['Player'], rows)") == []


def test_the_index_does_not_send_learners_to_a_terminal() -> None:
    index = (REPO / "docs" / "index.md").read_text(encoding="utf-8")
    assert "./dev" not in index
    assert "./dev tutorials" in (REPO / "docs" / "teacher.md").read_text(encoding="utf-8")


def test_where_progress_is_kept_is_said_once() -> None:
    says = {n: _text(n).count("progress is kept") for n in _learner_pages()}
    assert sum(says.values()) == 1 and says["puzzles.md"] == 1, says


def test_the_check_finds_code_in_prose() -> None:
    assert PYTHONISH.findall("Play `12-5@1`, or call `simulate(bots)`; `5-5` is a tile.") == [
        "`12-5@1`", "`simulate(bots)`"]


# ----------------------------------------------------------------------------- order
def test_puzzles_come_after_their_idea() -> None:
    """Set arithmetic and unusual tables live in the rules reference; each puzzle follows the
    section that teaches its idea; the planning puzzles wait for chapter 9."""
    ch1, ch2, ch9 = _text("01-tiles-and-set.md"), _text("02-setting-up.md"), _text("09-strategy.md")
    assert "(N+1)(N+2)/2" not in ch1 and "double-18" not in ch1
    assert "players: {hand_size" not in ch2 and "range(2, 11)" not in ch2
    assert 'Puzzle("heaviest-tile-first")' not in ch1       # it needs the Mexican train
    for pid in ("plan-your-hand", "plan-the-long-way"):
        assert f'Puzzle("{pid}")' not in ch2
        assert ch9.index("## Plan your train") < ch9.index(f'Puzzle("{pid}")') < ch9.index(
            "## Habits")
    for name in _learner_pages():
        assert "## Puzzles\n\n" + "Stars count" not in _text(name)
    menu = _text("08-variants.md")
    pages = re.findall(r"\]\((variant-[a-z-]+)\.md\)", menu)
    assert len(pages) == 7 and all((TUTORIALS / f"{p}.md").is_file() for p in pages)
    index = (REPO / "docs" / "index.md").read_text(encoding="utf-8")
    assert all(f"tutorials/{p}\n" in index for p in pages)


def test_how_to_play_is_short_and_leads_to_the_first_round() -> None:
    page = _text("how-to-play.md")
    words = len(re.findall(r"[A-Za-z0-9'’-]+", _prose(page)))
    assert words < 700, words
    last = page.rstrip().split("\n## ")[-1]
    assert "first-round.md" in last


# ----------------------------------------------------------------------------- (d) charts
CHART_RE = re.compile(r"\b(?:bar_chart|line_chart)\(")


def test_chart_cells_draw_with_the_chart_module_and_say_what_they_show() -> None:
    """Chapter 10 draws its charts with mtlearn.present.charts (SVG that shows in the book,
    JupyterLab and the live notebooks alike; tests/test_charts.py, test_book_charts.py):
    no plotting package, and each chart says in a sentence what it shows."""
    text = _text("10-what-the-numbers-say.md")
    assert "matplotlib" not in text and "plt." not in text
    cells = [c for c in CELL_RE.findall(text) if CHART_RE.search(c)]
    assert len(cells) == 4 and len(CHART_RE.findall("".join(cells))) == 5
    for cell in cells:
        for summary in re.findall(r'summary="([^"]*)"(?:\s*"([^"]*)")?', cell):
            assert len(" ".join(summary).split()) >= 8, summary
        assert cell.count("summary=") == len(CHART_RE.findall(cell))


# ----------------------------------------------------------------------------- words
#: A cell that draws something to look at or play: a board, a picture, a scenario, a puzzle,
#: a chart.
SHOWS_RE = re.compile(r"\b(?:Board|ScenarioPlayer|Puzzle|PuzzleSet|picture|bar_chart|line_chart)\(")
WORD_RE = re.compile(r"[A-Za-z0-9'’]+(?:-[A-Za-z0-9'’]+)*")
CHAPTERS = sorted(p.name for p in TUTORIALS.glob("[01][0-9]-*.md"))
#: The longest stretch of words between two boards (or puzzles) on a page, and the words
#: before a chapter's first board (its first screen).
MOST_BETWEEN, MOST_BEFORE_FIRST = 250, 200
#: Every word a newcomer reads before the first whole round they play (first-round.md).
MOST_BEFORE_FIRST_ROUND = 1000


def _words(markdown: str) -> int:
    """The words a reader sees in a piece of MyST prose: no link targets, labels, directives'
    options or comments."""
    text = re.sub(r"^```\{toctree\}.*?^```", "", markdown, flags=re.S | re.M)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"^\([a-z0-9-]+\)=$", "", text, flags=re.M)
    text = re.sub(r"\]\([^)]*\)", "]", text)                   # [words](target)
    text = re.sub(r"\{[a-z]+\}`([^`<]*)(?:<[^>]*>)?`", r"\1", text)   # {doc}`words <target>`
    return len(WORD_RE.findall(text))


def _shows(source: str) -> bool:
    """Whether a cell draws a board, scenario, puzzle or chart (a bare name at the end of a
    cell is a game, drawn as a board)."""
    if SHOWS_RE.search(source):
        return True
    lines = [line for line in source.strip().splitlines() if line.strip()]
    return bool(lines) and re.fullmatch(r"[a-z_]+", lines[-1].strip()) is not None


def _stretches(text: str) -> list[int]:
    """The words of prose between the boards of a page, in order: the first entry is the
    words before the first board, the last those after the last one."""
    out, run = [], 0
    for kind, piece in _pieces(text):
        if kind == "prose":
            run += _words(piece)
        elif _shows(piece):
            out.append(run)
            run = 0
    return [*out, run]


def _scenario_words(sid: str) -> int:
    """The words of a scenario's title and narration, every frame of it."""
    s = scenario.get(sid)
    return sum(_words(t) for t in [s.title, s.intro, *(step.say for step in s.steps)])


def _words_before_the_first_round() -> dict[str, int]:
    """Every word a newcomer reads from the book's first page to the first round they play:
    the first page, How to play with the narration of its short round, and the first-round
    page up to its board."""
    index = (REPO / "docs" / "index.md").read_text(encoding="utf-8")
    how = _text("how-to-play.md")
    first = _pieces(_text("first-round.md"))
    upto = next(i for i, (kind, src) in enumerate(first)
                if kind == "cell" and "Board(" in src)
    shown = re.findall(r'ScenarioPlayer\("([^"]+)"\)', how)
    return {"index.md": _words(_prose(index).split("\n```{toctree}", 1)[0]),
            "how-to-play.md": _words(_prose(how)),
            "its short round": sum(_scenario_words(s) for s in shown),
            "first-round.md": sum(_words(p) for kind, p in first[:upto] if kind == "prose")}


def test_the_word_count_reads_prose_only() -> None:
    text = ("---\nkernelspec: {}\n---\n# Title two\n\nSee [the rules](../docs/rules.md#r-x) "
            "and {doc}`a page <tutorials/play>`.\n\n```{code-cell} ipython3\nBoard(game)\n```\n"
            "\nOne more 12-5 sentence.\n\n```{code-cell} ipython3\nx = 1\n```\n\nLast.\n")
    assert _stretches(text) == [8, 5]
    assert _shows("game.push('6-6@1')\ngame") and not _shows("table(['a'], [])")


def test_words_before_the_first_whole_round() -> None:
    parts = _words_before_the_first_round()
    print(f"\nwords before the first whole round: {sum(parts.values())} {parts}")
    assert sum(parts.values()) <= MOST_BEFORE_FIRST_ROUND, parts


@pytest.mark.parametrize("name", CHAPTERS)
def test_one_idea_then_its_board(name: str) -> None:
    """Each chapter shows its first board within its first screen, and never runs on for
    more than MOST_BETWEEN words without a board, a scenario, a puzzle or a chart."""
    runs = _stretches(_text(name))
    print(f"\n{name}: before the first board {runs[0]}, longest stretch {max(runs)}, "
          f"stretches {runs}")
    assert runs[0] <= MOST_BEFORE_FIRST, f"{name}: {runs[0]} words before the first board"
    assert max(runs) < MOST_BETWEEN, f"{name}: {max(runs)} words without a board: {runs}"


# ----------------------------------------------------------------------------- shown words
PYTHON_LITERAL = re.compile(r"[\[\]{}=]|\b(?:True|False|None)\b|@\d|@M|\w+_\w+")


def _shown_texts(name: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text of every sentence and table the page's cells end with, run as the book runs
    them (boards replaced by recorders)."""
    from mtlearn.present.course import Shown

    _boards_after_each_cell(name, monkeypatch)   # the boards stubbed, as the tile check does
    scope: dict[str, Any] = {"__name__": "__chapter__"}
    out = []
    for kind, source in _pieces(_text(name)):
        if kind != "cell":
            continue
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, f"{name} cell", "exec"), scope)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), f"{name} cell", "eval"), scope)
            if isinstance(value, Shown):
                out.append(value.text)
    return out


@pytest.mark.parametrize("name", [n for n in _learner_pages() if n not in NOT_RUN])
def test_sentences_and_tables_read_as_words(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a learner page shows under a cell is words: no list, dict, True, option name or
    move notation (a variant's table once named its rules "standard (teams=True)")."""
    bad = [t for t in _shown_texts(name, monkeypatch) if PYTHON_LITERAL.search(t)]
    assert not bad, f"{name}: Python in what the page shows: {bad}"


def test_the_literal_check_finds_python_in_shown_words() -> None:
    for text in ["standard (teams=True)", "Ben may: ['draw']", "Scores: {'Ana': 6}",
                 "6-1@1", "double_bonus"]:
        assert PYTHON_LITERAL.search(text), text
    assert not PYTHON_LITERAL.search("Ana may play 6-1 on Ana's train or 4-9 on the Mexican "
                                     "train. Is it a double? No.")
