"""Every rule of the sources taught (issue 40, item 6): each rule and each variant of the rules
reference either has a board or a puzzle on a learner page of the course, or the learners'
rules page (``docs/rules.md``) says in one sentence why the course leaves it out.

* A **rule** (every id of ``RULES.md``, as :data:`mtlearn.core.ruleids.RULES` holds them) is
  taught when a board, a picture, a scenario or a puzzle of a learner page teaches it: a
  scenario or puzzle by its ``teaches`` list, a board or picture by a link to the rule's
  section of the rules page in the words just before or just after it.
* A **variant** (every value of an engine option other than the standard one) is taught when a
  board, picture, scenario or puzzle of a learner page is played with it *and* teaches its
  rule, as above: a scenario dealt under a preset that happens to carry an option does not
  teach that option.
* A **reading of the sources with no id and no option of its own** (:data:`READINGS`) is
  taught when a board of a learner page shows it.
* A **leave-out sentence** is a MyST comment ``% leaves out: KEY`` on the rules page followed
  by one plain sentence (no rule id: the learners' pages name rules in words).

The chapters' cells are run with the boards replaced by recorders (as in test_course.py);
the pages whose cells run for minutes are read for the scenarios and puzzles they show.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import pytest
from test_course import NOT_RUN, _learner_pages, _pieces, _text

import mtlearn  # noqa: F401  (files the variants' rules and options)
from mtlearn import Game
from mtlearn.content import puzzles, scenario
from mtlearn.core.ruleids import RULES, first_rule_id, rule_ids_in
from mtlearn.core.rules import OPTION_CHOICES, OPTION_RULES, Rules

REPO = Path(__file__).resolve().parent.parent
RULES_PAGE = REPO / "docs" / "rules.md"
#: The rules reference beside the repository (``../shared/RULES.md``), where it is.
REFERENCE = REPO.parent / "shared" / "RULES.md"

#: Options of the engine that are no reading of the sources (RULES.md names no such
#: variant): a table's own number, not a rule to teach.
ENGINE_ONLY = {"rounds", "penalty_tiles", "tie_break=shared"}
#: The rule a value teaches where it is not its option's rule (:data:`OPTION_RULES`).
VALUE_RULES = {"first_turn=fast": "R-VAR-FAST", "first_turn=delayed": "R-VAR-DELAY",
               "last_tile=announce": "R-LAST-1"}


@dataclass
class Shown:
    """One board, picture, scenario or puzzle of a learner page: the games it shows and the
    rules it teaches."""

    page: str
    games: list[Game] = field(default_factory=list)
    teaches: set[str] = field(default_factory=set)


def _hand_sizes(game: Game) -> set[int]:
    return {len(hand) for hand in game.hands}


#: Readings of the sources with no rule id and no option of their own: key -> (what a board
#: must show, in words; the test on a shown game).
READINGS: dict[str, tuple[str, Callable[[Game], bool]]] = {
    "double-9-six-players": ("a double-9 deal for six players (5 or 6 tiles each, [A])",
                             lambda g: g.set_max == 9 and len(g.players) == 6
                             and _hand_sizes(g) <= {5, 6}),
    "eleven-for-seven-or-eight": ("11 tiles each for seven or eight players ([W]'s FAQ)",
                                  lambda g: len(g.players) in (7, 8) and _hand_sizes(g) == {11}),
    "own-double-marks-own-train": ("a double left open on its layer's own train marks that "
                                   "train ([W])", lambda g: False),
    "private-trains": ("the game without a Mexican train, Private Trains ([W])",
                       lambda g: False),
    "engine-drawn-together": ("everyone drawing at once until the engine turns up ([W])",
                              lambda g: False),
}


def _rule_ids() -> set[str]:
    """Every rule id of the reference: the package's table, and RULES.md's own where it is."""
    ids = set(RULES)
    if REFERENCE.is_file():
        bold = re.findall(r"^- \*\*(.+?)\*\*", REFERENCE.read_text(encoding="utf-8"), re.M)
        ids |= {rule for b in bold if (rule := first_rule_id(b)) and b.startswith(rule)}
    return ids


def _variants() -> dict[str, str]:
    """Every variant of the engine, ``option=value`` (or ``option`` for a number), with the
    rule it teaches."""
    out: dict[str, str] = {}
    standard = Rules()
    for f in fields(Rules):
        default = getattr(standard, f.name)
        if f.name in OPTION_CHOICES:
            keys = [f"{f.name}={v}" for v in OPTION_CHOICES[f.name] if v != default]
        elif isinstance(default, bool):
            keys = [f"{f.name}=True"]
        else:
            keys = [f.name]
        for key in keys:
            if key not in ENGINE_ONLY and key.split("=")[0] not in ENGINE_ONLY:
                out[key] = VALUE_RULES.get(key, OPTION_RULES[f.name])
    return out


def _uses(rules: Rules, key: str) -> bool:
    option, _, value = key.partition("=")
    got = asdict(rules)[option]
    return got is not None if not value else str(got) == value


def leave_outs(text: str | None = None) -> dict[str, str]:
    """The rules page's leave-out sentences: key -> the sentence after its comment."""
    text = RULES_PAGE.read_text(encoding="utf-8") if text is None else text
    out = {}
    for m in re.finditer(r"^% leaves out: *(\S+) *\n((?:[^\n%][^\n]*\n?)+)", text, re.M):
        out[m.group(1)] = " ".join(m.group(2).split())
    return out


# ---------------------------------------------------------------- what the pages show

def _scenario_shown(page: str, sid: str) -> Shown:
    s = scenario.get(sid)
    return Shown(page, [s.games[0]], set(s.teaches))


def _puzzles_shown(page: str, which: Any) -> list[Shown]:
    if isinstance(which, str) and which in puzzles.FAMILIES:
        items = [p for p in puzzles.bundled() if p.family == which]
    else:
        items = [puzzles.get(w) if isinstance(w, str) else w
                 for w in ([which] if isinstance(which, str) else which)]
    return [Shown(page, [p.game], set(p.teaches)) for p in items]


def _links(prose: str) -> set[str]:
    return {a.upper() for a in re.findall(r"rules\.md#(r-[a-z0-9-]+)", prose)}


def _run_page(page: str, monkeypatch: pytest.MonkeyPatch) -> list[Shown]:
    """Run a page's cells with recorders; what each cell showed, with the links of the prose
    just before and just after it."""
    import mtlearn.jupyter as jupyter
    import mtlearn.jupyter.widgets as widgets
    import mtlearn.present.course as course

    drawn: list[Shown] = []

    def board(game: Any = None, *args: Any, **kwargs: Any) -> None:
        if isinstance(game, Game):
            drawn.append(Shown(page, [game.copy()]))

    def picture(game: Game, *args: Any, **kwargs: Any) -> None:
        drawn.append(Shown(page, [game.copy()]))

    def compare(position: dict[str, Any], options: dict[str, Any], *args: Any) -> None:
        drawn.append(Shown(page, [Game.from_position(
            {**position, "rules": {"preset": "standard", **options}})]))

    def puzzle(which: Any, *args: Any, **kwargs: Any) -> None:
        drawn.extend(_puzzles_shown(page, which))

    for module in (jupyter, widgets):
        monkeypatch.setattr(module, "Board", board)
        monkeypatch.setattr(module, "ScenarioPlayer",
                            lambda sid, *a, **k: drawn.append(_scenario_shown(page, sid)))
        monkeypatch.setattr(module, "Puzzle", puzzle)
        monkeypatch.setattr(module, "PuzzleSet", puzzle)
    monkeypatch.setattr(course, "picture", picture)
    monkeypatch.setattr(course, "compare", compare)
    pieces = _pieces(_text(page))
    scope: dict[str, Any] = {"__name__": "__chapter__"}
    out: list[Shown] = []
    for i, (kind, source) in enumerate(pieces):
        if kind != "cell":
            continue
        drawn.clear()
        exec(compile(source, f"{page} cell", "exec"), scope)  # the book's own cells
        near = _links(pieces[i - 1][1]) | _links(pieces[i + 1][1])
        for shown in drawn:
            shown.teaches |= near
        out.extend(drawn)
    return out


def _read_page(page: str) -> list[Shown]:
    """The scenarios and puzzles a page whose cells are not run shows."""
    out: list[Shown] = []
    for kind, source in _pieces(_text(page)):
        if kind != "cell":
            continue
        out += [_scenario_shown(page, s) for s in re.findall(r'ScenarioPlayer\("([^"]+)"', source)]
        for s in re.findall(r'Puzzle(?:Set)?\("([^"]+)"', source):
            out += _puzzles_shown(page, s)
    return out


@pytest.fixture(scope="module")
def shown() -> list[Shown]:
    mp = pytest.MonkeyPatch()
    try:
        out: list[Shown] = []
        for page in _learner_pages():
            out += _read_page(page) if page in NOT_RUN else _run_page(page, mp)
        return out
    finally:
        mp.undo()


# ---------------------------------------------------------------- the checks

def _untaught(shown: list[Shown], leave: dict[str, str]) -> dict[str, list[str]]:
    taught_ids = {r for s in shown for r in s.teaches}
    rules = sorted(r for r in _rule_ids() if r not in taught_ids and r not in leave)
    variants = sorted(k for k, rule in _variants().items() if k not in leave and not any(
        rule in s.teaches and any(_uses(g.rules, k) for g in s.games) for s in shown))
    readings = sorted(k for k, (_, test) in READINGS.items() if k not in leave and not any(
        test(g) for s in shown for g in s.games))
    return {"rules": rules, "variants": variants, "readings": readings}


def test_every_rule_and_variant_is_taught_or_left_out_in_one_sentence(shown: list[Shown]) -> None:
    missing = _untaught(shown, leave_outs())
    assert missing == {"rules": [], "variants": [], "readings": []}, (
        f"neither a board or puzzle on a learner page nor a leave-out sentence on the rules "
        f"page: {missing} (readings: {[READINGS[k][0] for k in missing['readings']]})")


def test_a_leave_out_is_one_plain_sentence_about_something_the_reference_has() -> None:
    known = _rule_ids() | set(_variants()) | set(READINGS)
    found = leave_outs()
    for key, sentence in found.items():
        assert key in known, f"leave-out {key!r} names nothing of the reference"
        assert not rule_ids_in(sentence), f"{key}: a rule id on a learner page: {sentence}"
        ends = re.findall(r"[.!?](?:\s|$)", sentence)
        assert len(ends) == 1 and sentence.endswith("."), f"{key}: not one sentence: {sentence}"


def test_the_package_knows_every_rule_of_the_reference() -> None:
    if not REFERENCE.is_file():
        pytest.skip("no ../shared/RULES.md beside this checkout")
    assert _rule_ids() == set(RULES)


def test_the_check_finds_a_rule_nobody_teaches(shown: list[Shown]) -> None:
    """Without the wild-blanks boards and sentence, the check names wild blanks."""
    without = [s for s in shown if "R-VAR-WILD" not in s.teaches]
    leave = {k: v for k, v in leave_outs().items() if k not in ("R-VAR-WILD", "wild_blanks=True")}
    missing = _untaught(without, leave)
    assert "R-VAR-WILD" in missing["rules"] and "wild_blanks=True" in missing["variants"]
    assert leave_outs("% leaves out: private-trains\nThe course plays\nwith it.\n\nNext.\n") == {
        "private-trains": "The course plays with it."}
