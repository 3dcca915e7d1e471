"""The tutorials: ten MyST Markdown notebooks in tutorials/, checked for shape and executed.

Shape: the chapters exist in the book's order with a jupytext header, a "What you will learn"
section, a "Recap" section, scenario players for bundled scenarios and a live board; every
rule link ``[words](../docs/rules.md#r-x-1)`` names the rule in its words (a
file JupyterLab and Binder open from tutorials/; the book rewrites it to its rules page and
turns a missing target into an error). Every code cell of a chapter is folded for readers who
do not program (``hide-input`` or ``hide-cell``), and still runs here. Execution: every
cell must run without error, and every cell that builds a board or scenario player must display it.
The chapters are executed once per test run, by the book build (myst-nb, a python3 kernel,
``nb_execution_raise_on_error``); these tests read the notebooks it executed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import jupytext
import nbformat
import pytest
import yaml

from mtlearn.content import scenario
from mtlearn.core import rule_words, ruleids
from mtlearn.core.ruleids import RULES, anchor

TUTORIALS = Path(__file__).resolve().parent.parent / "tutorials"

#: The chapters, in reading order.
CHAPTERS = [
    "01-tiles-and-set.md",
    "02-setting-up.md",
    "03-opening-trains.md",
    "04-turns-drawing-markers.md",
    "05-doubles.md",
    "06-scoring.md",
    "07-match.md",
    "08-variants.md",
    "09-strategy.md",
    "10-what-the-numbers-say.md",
]
#: Chapters that may show only a live board, without a scenario player.
BOARD_ONLY_ALLOWED = {"01-tiles-and-set.md", "08-variants.md", "09-strategy.md",
                      "10-what-the-numbers-say.md"}

CELL_RE = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```\s*$", re.S | re.M)
SCENARIO_RE = re.compile(r"""(?:ScenarioPlayer|get)\(\s*["']([^"']+)["']""")
REF_RE = re.compile(r"\[([^\]]+)\]\(\.\./docs/rules\.md#(r-[^)]*)\)")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _text(name: str) -> str:
    return (TUTORIALS / name).read_text(encoding="utf-8")


def _front_matter(text: str) -> dict:
    assert text.startswith("---\n"), "a chapter starts with a YAML front matter (jupytext header)"
    end = text.index("\n---\n", 4)
    return yaml.safe_load(text[4:end])


def _cells(text: str) -> list[str]:
    return CELL_RE.findall(text)


def _section_list(text: str, title: str) -> list[str]:
    """The list items right under the heading ``title`` (up to the next heading or cell)."""
    m = re.search(rf"^#+ {re.escape(title)}\s*\n(.*?)(?=^#|^```|\Z)", text, re.S | re.M)
    assert m, f"no '{title}' section"
    return re.findall(r"^- .+$", m.group(1), re.M)


# ----------------------------------------------------------------------------- shape
def test_chapters_exist_in_order() -> None:
    numbered = sorted(p.name for p in TUTORIALS.glob("[0-9][0-9]-*.md"))
    assert numbered == CHAPTERS


@pytest.mark.parametrize("name", CHAPTERS)
def test_jupytext_header(name: str) -> None:
    meta = _front_matter(_text(name))
    rep = meta["jupytext"]["text_representation"]
    assert rep["extension"] == ".md"
    assert rep["format_name"] == "myst"
    assert meta["kernelspec"] == {"name": "python3", "display_name": "Python 3",
                                  "language": "python"}
    nb = jupytext.read(TUTORIALS / name)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert any(c.cell_type == "code" for c in nb.cells)


@pytest.mark.parametrize("name", CHAPTERS)
def test_sections(name: str) -> None:
    text = _text(name)
    assert re.search(r"^# \S", text, re.M), "a chapter has a title"
    learn = _section_list(text, "What you will learn")
    recap = _section_list(text, "Recap")
    assert len(learn) >= 2, "'What you will learn' is a list"
    assert len(recap) >= 2, "'Recap' is a list"
    assert text.index("What you will learn") < text.index("## Recap")


@pytest.mark.parametrize("name", CHAPTERS)
def test_scenario_players_and_board(name: str) -> None:
    cells = _cells(_text(name))
    assert cells, "a chapter has code cells"
    assert any("Board(" in c for c in cells), "a chapter has a live Board cell"
    if name not in BOARD_ONLY_ALLOWED:
        assert any("ScenarioPlayer(" in c for c in cells), "a chapter has a ScenarioPlayer cell"
    for cell in cells:
        if "ScenarioPlayer(" in cell or "Board(" in cell:
            code = re.sub(r"\A(?:---\n.*?\n---\n|(?::[^\n]*\n)+)", "", cell.strip() + "\n",
                          flags=re.S)  # the cell's options, then its code
            last = ast.parse(code).body[-1]  # a call may run over several lines
            called = (last.value.func if isinstance(last, ast.Expr)
                      and isinstance(last.value, ast.Call) else None)
            assert isinstance(called, ast.Name) and called.id in ("ScenarioPlayer", "Board"), (
                f"the player or board must be the cell's last expression:\n{cell}")


@pytest.mark.parametrize("name", CHAPTERS)
def test_scenario_ids_exist(name: str) -> None:
    ids = SCENARIO_RE.findall("\n".join(_cells(_text(name))))
    for sid in ids:
        scenario.get(sid)  # raises KeyError for an unknown id


def test_every_scenario_is_shown_somewhere() -> None:
    shown = set()
    for name in [p.name for p in TUTORIALS.glob("*.md")]:
        shown.update(SCENARIO_RE.findall("\n".join(_cells(_text(name)))))
    missing = sorted(s.id for s in scenario.bundled() if s.id not in shown)
    assert not missing, f"bundled scenarios no chapter shows: {missing}"


@pytest.mark.parametrize("name", CHAPTERS)
def test_rule_refs_point_at_rule_ids(name: str) -> None:
    text = _text(name)
    refs = REF_RE.findall(text)
    assert refs, "a chapter cites rules"
    anchors = {anchor(r): r for r in RULES}
    for words, target in refs:
        assert target in anchors, f"no rule with anchor {target!r}"
        assert not ruleids.rule_ids_in(words), f"[{words}](#{target}): name the rule in words"
    said = {rule_words.WORDS[anchors[t]].lower() for _, t in refs if t in anchors}
    assert said & {w.lower() for w, _ in refs}, "a chapter names rules by their words"
    assert "{ref}" not in text, "use [words](../docs/rules.md#r-x-1): JupyterLab shows {ref} roles as raw text"
    # bare rule ids in the prose should be links too
    prose = CELL_RE.sub("", text)
    prose = REF_RE.sub("", prose)
    bare = sorted(set(re.findall(ruleids.PATTERN, prose)))
    assert not bare, f"cite rules in words, as links [words](../docs/rules.md#r-x-1): {bare}"
    assert "](#r-" not in text, "a bare #r-… anchor goes nowhere in JupyterLab"


@pytest.mark.parametrize("name", sorted(p.name for p in TUTORIALS.glob("*.md")))
def test_relative_links_resolve_from_the_tutorials_folder(name: str) -> None:
    """JupyterLab and Binder open a chapter's links relative to tutorials/."""
    for target in re.findall(r"\]\(([^)#:]+\.md)(?:#[^)]*)?\)", _text(name)):
        assert (TUTORIALS / target).is_file(), target


@pytest.mark.parametrize("name", CHAPTERS)
def test_programmer_cells_are_folded(name: str) -> None:
    """A reader who never looks at code can follow: every cell's code is folded away."""
    text = _text(name)
    # a cell's options: ":tags: [...]" lines, or a YAML block between "---" lines
    headers = re.findall(r"^```\{code-cell\}[^\n]*\n(:tags:[^\n]*|---\n.*?\n---)?", text,
                         re.M | re.S)
    folded = r"(hide|remove)-(input|cell)"
    assert headers and all(re.search(folded, h) for h in headers), headers
    assert "print(game)" not in text, "show positions as boards, not as printed text"


def test_goal_comes_first() -> None:
    page = _text("how-to-play.md")
    body = page[page.index("# How to play"):]
    first = body[:body.index("##")]
    assert "object of the game" in first and "lowest total wins" in first
    assert 'ScenarioPlayer("a-short-round")' in page
    final = scenario.get("a-short-round").final
    assert final.over and final.out is not None  # from the deal to the score
    chapter1 = _text("01-tiles-and-set.md")
    assert chapter1.index("The goal") < chapter1.index("## A tile has two ends")


# ----------------------------------------------------------------------------- execution
@pytest.mark.parametrize("name", sorted(p.name for p in TUTORIALS.glob("*.md")))
def test_chapter_runs(name: str, executed_chapters: Path) -> None:
    """Every chapter, as the book build executed it (a python3 kernel, every cell, errors
    raise): no cell failed, every code cell ran, and every board cell displays its board."""
    path = executed_chapters / f"{Path(name).stem}.ipynb"
    assert path.is_file(), f"the book build did not execute {name}"
    nb = nbformat.read(path, as_version=4)
    source = jupytext.read(TUTORIALS / name)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [c.source for c in code] == [c.source for c in source.cells
                                        if c.cell_type == "code"], "not this chapter's cells"
    for cell in code:
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert not errors, cell.source
        assert cell.execution_count is not None, f"the cell did not run:\n{cell.source}"
        if "ScenarioPlayer(" in cell.source or "Board(" in cell.source:
            shown = [o for o in cell.outputs if o.output_type in ("display_data",
                                                                  "execute_result")]
            assert shown and WIDGET_VIEW in shown[-1].data and "text/html" in shown[-1].data, (
                f"the cell does not display its board:\n{cell.source}")
