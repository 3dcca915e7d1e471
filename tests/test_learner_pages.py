"""Learner pages of the built book show no machinery (issue 29).

A *learner page* is the book's front page, the rules reference, the puzzle progress page and
every page from ``tutorials/`` but "Using mtlearn from Python" (defined here on its own, not
read from the build's ``docs/_ext/mtlearn_learner.py``, so a wrong list there fails here).

* no code cell source on a learner page: not shown, not folded behind a "Show code cell
  source" toggle, not hidden in the HTML; programmer pages keep theirs;
* no download, Binder or repository button in a learner page's header (even when
  ``[project.urls]`` names a repository); the live-notebook button stays;
* a page opened from disk (``file://``) is no dead end: the boards and the live-notebook
  button say in learner words what to do;
* "Skip to the first board": Tab from the page's top, Enter, and the focus is in the first
  board (at most 3 presses), the link hidden until focused;
* the scan (:func:`learner_scan`): every learner page, its boards drawn in Chromium, has no
  Python literal in its prose or outputs, no engine notation (``12-11@1``) in an accessible
  name and no internal scenario or puzzle id in its visible text. Each failure names the
  page and the text. It runs in tests/test_book.py's ``test_each_page_as_first_drawn``, in
  the same load of each page as its axe check.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from test_book import hold_engine

from mtlearn.content import puzzles, scenario
from mtlearn.core.ruleids import PATTERN as RULE_ID

REPO = Path(__file__).resolve().parent.parent
PROGRAMMER_CHAPTERS = {"tutorials/using-python"}
LEARNER_PAGES = ["index", "rules", "progress", *sorted(
    f"tutorials/{p.stem}" for p in (REPO / "tutorials").glob("*.md")
    if f"tutorials/{p.stem}" not in PROGRAMMER_CHAPTERS)]
PROGRAMMER_PAGES = [*sorted(PROGRAMMER_CHAPTERS), "teacher", "api", "formats", "how-it-works"]
#: learner pages with boards, whose first board the skip link reaches
SKIP_PAGES = ["tutorials/how-to-play", "tutorials/first-round", "tutorials/play",
              "tutorials/05-doubles", "tutorials/puzzles"]


def _html(book: Path, name: str) -> str:
    return (book / f"{name}.html").read_text(encoding="utf-8")


# ---------------------------------------------------------------- no code, no buttons

#: What myst-nb writes for a code cell's source or its toggle.
CODE_MARKS = {
    "a code cell's source": re.compile(r'class="cell_input[ "]'),
    "a code-cell toggle": re.compile(r"Show code cell|<details class=\"hide"),
    "highlighted Python": re.compile(r'class="highlight-ipython3'),
}


#: Python that imports mtlearn, in the text of the page's main part (tags taken out)
IMPORTS = re.compile(r"\bfrom mtlearn\b[\w.]* import\b|\bimport mtlearn\b")


#: Python written into a learner page's prose (not a notebook cell), page by page: the
#: rules reference opens with one example of choosing rule options in Python
#: (docs/rules.md, "from mtlearn import Game, Rules"). Anything more fails.
AUTHORED_PYTHON = {"rules": 1}


def code_problems(text: str, authored: int = 0) -> list[str]:
    """What on a built page shows (or hides) a code cell's source, or imports mtlearn in
    more than ``authored`` places."""
    found = [f"{what}: {m.group(0)!r} ×{len(pat.findall(text))}"
             for what, pat in CODE_MARKS.items() if (m := pat.search(text))]
    main = re.sub(r"<[^>]+>", "", text[text.find("<main"):text.find("</main>")])
    imports = IMPORTS.findall(main)
    if len(imports) > authored:
        found.append(f"Python code: {imports[:3]} ×{len(imports)}")
    return found


@pytest.mark.parametrize("name", LEARNER_PAGES)
def test_learner_page_has_no_code_cell_source(book: Path, name: str):
    assert code_problems(_html(book, name), AUTHORED_PYTHON.get(name, 0)) == [], name


def test_programmer_pages_keep_their_code(book: Path):
    text = _html(book, "tutorials/using-python")
    assert text.count('class="cell_input') >= 5
    # and the notebooks keep their code for JupyterLab, the live notebooks and Binder
    source = (REPO / "tutorials" / "01-tiles-and-set.md").read_text(encoding="utf-8")
    assert "```{code-cell}" in source
    live = book / "lite" / "files" / "01-tiles-and-set.ipynb"
    assert live.read_text(encoding="utf-8").count('"cell_type": "code"') >= 5


#: sphinx-book-theme's header buttons that learner pages must not carry (by their labels)
MACHINERY = re.compile(r"download-(?:buttons|notebook-button|source-button)|launch-buttons|"
                       r"source-(?:repository|file|edit)-button|_sources/|mybinder")


@pytest.mark.parametrize("name", LEARNER_PAGES)
def test_learner_page_header_has_no_download_or_repository_button(book: Path, name: str):
    text = _html(book, name)
    found = sorted(set(MACHINERY.findall(text)))
    assert found == [], f"{name}: {found}"
    if name.startswith("tutorials/"):
        # offered after the title from chapter 3 on, absent from the first pages
        sys.path.insert(0, str(REPO / "docs" / "_ext"))
        import mtlearn_lite

        first = name.split("/", 1)[1] in mtlearn_lite.FIRST_PAGES
        assert ("Open as live notebook" in text) != first, name
        if not first:
            title_end = text.index("</h1>")
            assert title_end < text.index('class="mtl-live-launch"'), name


def test_programmer_pages_keep_the_download_button(book: Path):
    for name in PROGRAMMER_PAGES:
        assert "download-source-button" in _html(book, name), name


def test_learner_buttons_stay_off_when_a_repository_is_named():
    """With [project.urls] naming a repository, sphinx-book-theme adds a repository group
    and a launch (Binder) group to every page; a learner page drops them all."""
    sys.path.insert(0, str(REPO / "docs" / "_ext"))
    import mtlearn_learner
    from sphinx_book_theme import header_buttons

    theme_source = "".join(Path(m.__file__).read_text(encoding="utf-8") for m in (
        header_buttons, header_buttons.launch, header_buttons.source))
    for label in mtlearn_learner.MACHINERY_BUTTONS:  # the theme's own labels
        assert f'"label": "{label}"' in theme_source, label
    buttons = [{"type": "group", "label": "download-buttons"},
               {"type": "javascript", "label": "fullscreen-button"},
               {"type": "group", "label": "launch-buttons"},
               {"type": "group", "label": "source-buttons"}]
    kept = mtlearn_learner.learner_header_buttons(buttons)
    assert [b["label"] for b in kept] == ["fullscreen-button"]
    context = {"header_buttons": buttons, "body": ""}
    mtlearn_learner._context(None, "tutorials/05-doubles", "page.html", context, None)
    assert [b["label"] for b in context["header_buttons"]] == ["fullscreen-button"]
    context = {"header_buttons": buttons, "body": ""}
    mtlearn_learner._context(None, "tutorials/using-python", "page.html", context, None)
    assert context["header_buttons"] == buttons


# ---------------------------------------------------------------- opened from disk


def test_live_notebook_button_explains_itself_from_disk(page, book: Path):
    url = (book / "tutorials" / "05-doubles.html").as_uri()
    page.goto(url, wait_until="load")
    button = page.locator(".mtl-live-launch a.mtl-live-open")
    button.focus()
    page.keyboard.press("Enter")
    note = page.locator(".mtl-live-launch [role=status]")
    note.wait_for()
    said = note.inner_text()
    assert page.url == url and len(page.context.pages) == 1, "the button left the page"
    assert "ask your teacher" in said.lower() and "mtlearn book" in said, said
    assert "http.server" not in said
    assert button.get_attribute("aria-describedby") == note.get_attribute("id")


def test_live_notebook_button_opens_the_notebook_when_served(page, book_url: str):
    hold_engine(page)  # the book's boards need no Python here
    page.goto(book_url + "tutorials/05-doubles.html", wait_until="load")
    link = page.locator(".mtl-live-launch a.mtl-live-open")
    assert page.locator(".mtl-live-launch [role=status]").count() == 0
    with page.context.expect_page() as opened:  # its own tab (issue 30: one live tab)
        link.click()
    live = opened.value
    live.wait_for_url(re.compile(r"/lite/notebooks/index\.html\?path=05-doubles\.ipynb$"))
    assert page.url == book_url + "tutorials/05-doubles.html"


# ---------------------------------------------------------------- skip to the first board

FOCUS = """() => { const a = document.activeElement;
  return { text: a ? (a.innerText || '').trim() : '',
           top: a ? a.getBoundingClientRect().top : null,
           bottom: a ? a.getBoundingClientRect().bottom : null,
           inFirstBoard: !!(a && a.closest('.mtl-standalone') ===
                            document.querySelector('.mtl-standalone')) }; }"""


@pytest.mark.parametrize("name", SKIP_PAGES)
def test_skip_link_reaches_the_first_board_in_three_presses(page, book_url: str, name: str):
    hold_engine(page)  # the page's links and boards as first drawn: no Python needed
    page.goto(book_url + name + ".html", wait_until="load")
    page.locator(".mtl-standalone .mtl-root").first.wait_for()
    link = page.get_by_role("link", name="Skip to the first board")
    assert link.count() == 1
    box = link.evaluate("el => el.getBoundingClientRect().toJSON()")
    assert box["bottom"] <= 0, f"the skip link shows before it is focused: {box}"
    presses = 0
    for _ in range(3):
        page.keyboard.press("Tab")
        presses += 1
        if page.evaluate(FOCUS)["text"] == "Skip to the first board":
            break
    else:
        raise AssertionError(f"{name}: 3 Tabs did not reach the skip link")
    # focused, it slides into view (the theme's skip-link style)
    page.wait_for_function(
        "() => document.activeElement.getBoundingClientRect().top >= 0", timeout=5_000)
    page.keyboard.press("Enter")
    presses += 1
    focus = page.evaluate(FOCUS)
    assert focus["inFirstBoard"], f"{name}: focus after Enter: {focus}"
    assert presses <= 3, presses
    height = page.viewport_size["height"]
    assert 0 <= focus["top"] < height, f"{name}: the board is not in view: {focus}"
    # the next Tab stays in the board (its own controls or its "Skip to your hand")
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUS)["inFirstBoard"], name


def test_pages_without_boards_have_no_skip_link(book: Path):
    assert "Skip to the first board" not in _html(book, "teacher")
    for name in ("rules", "index"):  # in words and pictures since issue 40
        assert "Skip to the first board" in _html(book, name), name


# ---------------------------------------------------------------- the scan

#: Python values as Python prints them: lists, dicts, tuples, and strings inside them or
#: alone on an output's line ('Ana' in prose quotes is English, not Python).
LITERALS = {
    "a Python list": re.compile(
        r"\[\s*\]|\[\s*(?:'[^'\n]*'|\"[^\"\n]*\"|\(|\[|\{)[^\]\n]*\]"
        r"|\[-?\d+(?:\.\d+)?(?:,\s*-?\d+(?:\.\d+)?)+\]|\[\s*(?:True|False|None)\b"),
    "a Python dict": re.compile(r"\{\s*\}|\{\s*(?:'[^'\n]*'|\"[^\"\n]*\"|-?\d+)\s*:"),
    "a Python tuple": re.compile(r"\(\s*'[^'\n]*'\s*,"),
}
#: a string as Python prints it, alone on a line of an output
STRING_LINE = re.compile(r"^\s*'[^'\n]*'\s*$", re.M)
#: Python's constants, as a notebook prints them (checked in outputs that are not boards)
CONSTANTS = re.compile(r"\b(?:True|False|None)\b")
#: a move in the engine's notation: tile @ train ("12-11@1", "4-9@M")
NOTATION = re.compile(r"\b\d+-\d+@\w+")
INTERNAL_IDS = sorted({s.id for s in scenario.bundled()} | {p.id for p in puzzles.bundled()})
_IDS = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, INTERNAL_IDS)) + r")(?![\w-])")

#: Runs in the page once its boards are drawn: steps every scenario player through its
#: frames and shows every board's legal moves, then returns the article's visible text (one
#: entry per frame), the text outputs that are not boards, and every accessible name.
COLLECT = """() => {
  const article = document.querySelector('article.bd-article') || document.body;
  const texts = [article.innerText];
  for (const player of article.querySelectorAll('.mtl-root.mtl-scenario')) {
    for (let k = 0; k < 200; k++) {
      const next = player.querySelector('button[data-key="next"]');
      if (!next || next.disabled) break;
      next.click();
      texts.push(player.innerText);
    }
  }
  for (const b of article.querySelectorAll('button[data-key="legal"]')) {
    if (b.getAttribute('aria-pressed') !== 'true') b.click();
  }
  texts.push(article.innerText);
  const names = [];
  // controls are named by their content unless labelled; anything labelled, by its label
  const controls = 'button, a[href], summary, input, select, option, [role=button], ' +
    '[role=link], [role=tab], [role=option], [role=menuitem], [role=checkbox], ' +
    '[role=radio], [role=switch], [role=img]';
  for (const el of document.querySelectorAll(controls + ', [aria-label], [title]')) {
    const label = el.getAttribute('aria-label');
    if (label !== null) names.push(label);
    else if (el.matches(controls)) names.push((el.textContent || '').trim());
    if (el.title) names.push(el.title);
    for (const id of (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean)) {
      const by = document.getElementById(id);
      if (by) names.push(by.textContent || '');
    }
  }
  const outputs = [...article.querySelectorAll('.cell_output')]
    .filter(o => !o.querySelector('.mtl-standalone')).map(o => o.innerText);
  return {texts, names, outputs};
}"""


def _snippet(text: str, m: re.Match[str]) -> str:
    start, end = max(0, m.start() - 40), min(len(text), m.end() + 40)
    return " ".join(text[start:end].split())


def scan(collected: dict[str, Any]) -> list[str]:
    """Every offending text in what COLLECT returned, once: what it is, and where it was
    first seen (the text around it, or the accessible name it is in)."""
    found: dict[tuple[str, str], str] = {}

    def add(what: str, hit: str, where: str) -> None:
        found.setdefault((what, hit), where)

    for text in collected["texts"] + collected["outputs"]:
        for what, pattern in LITERALS.items():
            for m in pattern.finditer(text):
                add(what, m.group(0), f"in: …{_snippet(text, m)}…")
        for m in _IDS.finditer(text):
            add("an internal id", m.group(0), f"in: …{_snippet(text, m)}…")
    for text in collected["outputs"]:
        for m in STRING_LINE.finditer(text):
            add("a Python string", m.group(0).strip(), "alone in an output")
        for m in CONSTANTS.finditer(text):
            add(f"Python's {m.group(0)}", m.group(0), f"in an output: …{_snippet(text, m)}…")
    for name in collected["names"]:
        for m in NOTATION.finditer(name):
            add("notation", m.group(0), f"in the accessible name {' '.join(name.split())[:100]!r}")
    return [f"{what} {hit!r} {where}" for (what, hit), where in found.items()]


#: Rules in words (issue 40): what a learner page never shows, in its visible text or an
#: accessible name: a rule id, a move in the engine's notation, an API name.
WORD_KINDS = {
    "a rule id": re.compile(rf"\b{RULE_ID}"),
    # a move written as the engine reads it (12-5@M, 6-4@2.3a); the boards' own names of
    # branches ("Branch 2a.2b") are labels of the picture, not notation (issue 40, item 2)
    "move notation": re.compile(r"\b\d{1,2}-\d{1,2}@(?:M|\d+)\b|@M\b|@\d+\.\d+[ab]\b"),
    "an API name": re.compile(r"\bRules(?:\.preset)?\(|\bmtlearn\.\w|\b[A-Z]\w*Error\b"
                              r"|\b(?:usual_set|hand_size|longest_train|last_tile|first_turn|"
                              r"mexican_start|double_bonus|double_order|drawn_tile|may_decline|"
                              r"wild_blanks|swan_drive|tie_break|penalty_tiles)\b"),
}


def words_found(texts: list[str]) -> dict[str, list[str]]:
    """Each kind of :data:`WORD_KINDS` -> what ``texts`` show of it (each once, with the
    text around it)."""
    out: dict[str, list[str]] = {}
    for kind, pattern in WORD_KINDS.items():
        hits: dict[str, None] = {}
        for text in texts:
            for m in pattern.finditer(text or ""):
                hits[text[max(0, m.start() - 30):m.end() + 30].replace("\n", " ")] = None
        out[kind] = list(hits)
    return out


def words_problems(collected: dict[str, Any]) -> list[str]:
    """The rule ids, notation and API names in what COLLECT returned, one line each."""
    seen = words_found([*collected["texts"], *collected["outputs"], *collected["names"]])
    return [f"{kind}: …{hit}…" for kind, hits in seen.items() for hit in hits]


def learner_scan(page: Any, book: Path, name: str) -> list[str]:
    """What a learner should not see on learner page ``name``, shown in ``page`` with its
    boards drawn (the scan reads what the page itself says): code cells, Python literals
    in prose or output, notation in an accessible name, internal ids in the visible text,
    and rule ids, move notation or API names anywhere (:func:`words_problems`).
    tests/test_book.py runs it on every learner page in the same load as its axe check (a
    desktop); tests/test_first_screen.py runs :func:`words_problems` on a phone."""
    collected = page.evaluate(COLLECT)
    return (code_problems(_html(book, name), AUTHORED_PYTHON.get(name, 0))
            + scan(collected) + words_problems(collected))


def test_every_learner_page_is_scanned():
    """The scan runs in test_book.py's one load of each of its pages: every learner page
    must be one of them."""
    from test_book import PAGES

    assert set(LEARNER_PAGES) <= set(PAGES), sorted(set(LEARNER_PAGES) - set(PAGES))


def test_scan_finds_each_kind_and_spares_plain_prose():
    """The scan's detectors on the kinds of text the issue found, and on true prose."""
    bad = {"texts": ["Ben may: ['draw']", "Scores: {'Ana': 6, 'Ben': 15}",
                     "rounds [0, 14, 9]", "scenario a-short-round", "a pair: ('6-1', 2)"],
           "outputs": ["Is it a double? False", "'Ana'"],
           "names": ["12-11@1 — Play 12-11 on Ana's train"]}
    kinds = {problem.split(" '")[0].split(' "')[0] for problem in scan(bad)}
    assert kinds == {"a Python list", "a Python dict", "an internal id", "a Python tuple",
                     "Python's False", "a Python string", "notation"}, kinds
    good = {"texts": ["Ana's train and the players' hands [R-DBL-3]. None of them may play; "
                      "press 'End turn' to stop. True to the rules, {the set} has 91 tiles. "
                      "See [1]. Scenario: a short round."],
            "outputs": ["Ana played 12-11 on Ana's train. The round is over."],
            "names": ["Play 12-11 on your train", "12-11", "Skip to the first board"]}
    assert scan(good) == []


# ---------------------------------------------------------------- words between boards

@pytest.mark.parametrize("name", LEARNER_PAGES)
def test_no_long_stretch_of_words_between_boards(book: Path, name: str):
    """Issue 40: a learner reads at most board_words.MOST words before the next board,
    picture, puzzle or chart (chapter 10, the trainer page, the front page and the rules
    page, drawn in pictures section by section, included)."""
    from board_words import MOST, stretches

    found = stretches(_html(book, name))
    assert max(found) <= MOST, f"{name}: stretches of {found} words"
