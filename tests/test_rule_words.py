"""Every rule in a learner's words (issue 40): mtlearn/core/rule_words.py has a phrase for
every rule the engine can cite, each phrase free of ids, notation and Python, and the front
end's copy (mtlearn/static/js/rule-words.js) is the same table."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import mtlearn  # noqa: F401  (files the variants' rules)
from mtlearn.core import rule_words
from mtlearn.core.ruleids import RULES, anchor, rule_ids_in

REPO = Path(__file__).resolve().parents[1]
NOTATION = re.compile(r"\b\d+-\d+@|\bRules\(|mtlearn\.|Error\b|`")


def test_every_rule_of_the_reference_has_words() -> None:
    assert set(rule_words.WORDS) == set(RULES), set(RULES) ^ set(rule_words.WORDS)


def test_every_rule_the_engine_cites_has_words() -> None:
    """Every id written in the engine's, the core's and the content's sources (verdicts,
    hints, goals, puzzle files) has a phrase."""
    cited: set[str] = set()
    for folder in ("engine", "core", "content", "play", "present", "puzzles", "hosts"):
        for p in (REPO / "mtlearn" / folder).rglob("*"):
            if p.suffix in {".py", ".yaml", ".toml", ".json"}:
                cited.update(rule_ids_in(p.read_text(encoding="utf-8")))
    with gzip.open(REPO / "mtlearn" / "puzzles" / "mined.jsonl.gz", "rt", encoding="utf-8") as f:
        cited.update(rule_ids_in(f.read()))
    # a family named in prose ("the R-SCORE rules") is not a rule
    families = {r.rsplit("-", 1)[0] for r in RULES} | {"R-VAR"}
    missing = sorted(r for r in cited if r not in rule_words.WORDS and r not in families)
    assert missing == [], missing


def test_the_words_are_words() -> None:
    for rule, words in rule_words.WORDS.items():
        assert words and words == words.strip(), rule
        assert not rule_ids_in(words) and not NOTATION.search(words), (rule, words)
        assert words[0].islower() or words.startswith(("Swan", "Mexican")), (rule, words)


def test_the_front_end_reads_the_same_table() -> None:
    text = (REPO / "mtlearn" / "static" / "js" / "rule-words.js").read_text(encoding="utf-8")
    table = json.loads(text.split("export const RULE_WORDS = ", 1)[1].rstrip().rstrip(";"))
    assert table == {k: {"words": v, "anchor": anchor(k),
                         **({"said": list(rule_words.SAID_BY[k])}
                            if k in rule_words.SAID_BY else {})}
                     for k, v in rule_words.WORDS.items()}
    assert set(rule_words.SAID_BY) <= set(rule_words.WORDS)


def test_a_text_in_words() -> None:
    said = rule_words.in_words("R-DBL-3: cover it. Then see R-SCORE-4.", "rules.md")
    assert said == ("[An open double must be covered before anything else](rules.md#r-dbl-3): "
                    "cover it. Then see [breaking ties](rules.md#r-score-4).")
    assert rule_words.in_words("after a double (R-DBL-1)") == "after a double (after a double, play again)"


def test_a_citation_that_the_sentence_already_says_is_read_once() -> None:
    """A bracketed id after a clause that says the rule is left out, and an id heading a
    clause that says it becomes that clause (the front end reads the same cases:
    tests/js/rule-words.test.mjs)."""
    cases = json.loads((REPO / "tests" / "js" / "rule-parts-cases.json").read_text())
    for text, said in cases:
        assert rule_words.in_words(text) == said, text
    linked = rule_words.in_words("R-SCORE-1: the pips left in a hand count against you.", "r.md")
    assert linked == "[The pips left in a hand count against you](r.md#r-score-1)."
    assert rule_words.restates("so Cy plays again after the double", "R-DBL-1")
    assert not rule_words.restates("Cy plays", "R-DBL-1")
