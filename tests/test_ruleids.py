"""One grammar of rule ids (mtlearn/core/ruleids.py): every reader, hint and test uses it,
and the front end's copy is the same pattern."""

from __future__ import annotations

import re
from pathlib import Path

from mtlearn.core.ruleids import (
    PATTERN,
    RULES,
    first_rule_id,
    looks_like_rule_id,
    rule_ids_in,
)

REPO = Path(__file__).resolve().parents[1]


def test_an_id_is_read_whole() -> None:
    # a three-part id was cut to its first two parts by a narrower copy of the grammar
    assert first_rule_id("You may keep it (R-VAR-STRICT-DRAW).") == "R-VAR-STRICT-DRAW"
    assert first_rule_id("No rule here.") is None
    assert rule_ids_in("R-DBL-1 then R-DBL-4, and R-DBL-1 again") == ["R-DBL-1", "R-DBL-4"]
    assert all(looks_like_rule_id(r) for r in RULES)
    assert looks_like_rule_id(" R-MARK-1 ")
    for not_an_id in ("R-mark-1", "R-", "R-DBL-3 and more", "X-DBL-3", "R-DBL-"):
        assert not looks_like_rule_id(not_an_id), not_an_id


def test_the_grammar_is_written_once() -> None:
    """No module but ruleids.py writes a rule-id pattern; the front end's is the same."""
    spelled = re.compile(r"R-\[A-Z")
    here = Path(__file__).resolve()
    found = [str(p.relative_to(REPO)) for folder in ("mtlearn", "tests", "docs/_ext")
             for p in (REPO / folder).rglob("*.py")
             if p.resolve() not in (here, REPO / "mtlearn" / "core" / "ruleids.py")
             and spelled.search(p.read_text(encoding="utf-8"))]
    assert found == [], f"use mtlearn.core.ruleids instead of a pattern of your own: {found}"
    js = [(p, m) for p in (REPO / "mtlearn" / "static" / "js").glob("*.js")
          for m in re.finditer(r"/(R-\[A-Z[^/]*)/", p.read_text(encoding="utf-8"))]
    assert js, "the front end links rule ids in hints (puzzle-view.js)"
    for path, m in js:
        assert m[1] == PATTERN, f"{path.name}: /{m[1]}/ is not ruleids.PATTERN {PATTERN}"
