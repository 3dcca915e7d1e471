"""Every rule in a learner's words: rule id -> a short phrase that says what the rule says.

The engine cites rule ids (``R-DBL-3``) in every verdict, and the teacher's and the Python
pages show them. A learner's page never does: each id a learner would read becomes its
phrase here, linked to the rule's section of the rules page (:func:`mtlearn.core.ruleids.anchor`).
The front end reads the same table from ``mtlearn/static/js/rule-words.js``, which
``docs/_ext/rules_page.py`` writes from this one (``./dev regen``).
``tests/test_rule_words.py`` checks that every rule the engine can cite has a phrase.

A phrase starts in lower case (the front end capitalises it at the start of a sentence),
holds no rule id, no notation and no Python, and is true in every game the rule governs:
where an option changes what a rule says, the phrase names what the rule is about.
"""

from __future__ import annotations

import re

from .ruleids import PATTERN, anchor
from .rules import FILED_WORDS

__all__ = ["RESTATES", "WORDS", "in_words", "restates", "rule_words", "word_parts"]

#: Rule id -> the rule in a learner's words (see the module's doc). A variant class of the
#: engine (:mod:`mtlearn.engine.variants`) carries its own rule's phrase (its ``words``),
#: filed in :data:`mtlearn.core.rules.FILED_WORDS` and taken in below.
WORDS: dict[str, str] = {
    "R-SET-1": "a double-N set has every pair of numbers once",
    "R-SET-2": "each number is on N+1 tiles of a double-N set",
    "R-SET-3": "a tile is worth its pips",
    "R-SET-4": "bigger tables use bigger sets",
    "R-DEAL-1": "the tiles nobody is dealt are the boneyard",
    "R-DEAL-2": "how many tiles each player is dealt",
    "R-ROUND-1": "one round for each double, the highest first",
    "R-ROUND-2": "who lays the round's double in the hub and who starts",
    "R-PLAN-1": "plan your hand as one matching chain",
    "R-TRAIN-1": "each player has a train of their own, starting at the hub",
    "R-TRAIN-2": "a tile must match the open end",
    "R-TRAIN-3": "a double lies crosswise and the train does not split",
    "R-MEX-1": "the Mexican train is open to everyone",
    "R-MEX-2": "when the Mexican train may be started",
    "R-MARK-1": "only you play on your train until your marker is on it",
    "R-MARK-2": "if you cannot play, your marker goes on your train",
    "R-MARK-3": "a tile on your own train takes your marker back",
    "R-MARK-4": "others playing on your train leave your marker",
    "R-TURN-1": "one tile on one train you may use",
    "R-TURN-2": "if you can play, you must",
    "R-TURN-3": "with nothing to play, draw one tile and play it if it fits",
    "R-TURN-4": "with the boneyard empty, pass and mark your train",
    "R-TURN-5": "play goes clockwise",
    "R-FIRST-1": "what you may do on your first turn",
    "R-DBL-1": "after a double, play again",
    "R-DBL-2": "with no tile after your double, draw, then play it or mark",
    "R-DBL-3": "an open double must be covered before anything else",
    "R-DBL-4": "which double the tile after several doubles covers",
    "R-DBL-5": "you may go out on a double",
    "R-DBL-6": "a double nobody can cover",
    "R-LAST-1": "say so when you are down to one tile",
    "R-LAST-2": "the penalty for not announcing your last tile",
    "R-END-1": "playing your last tile ends the round",
    "R-END-2": "a round also ends when nobody can play",
    "R-SCORE-1": "the pips left in your hand count against you",
    "R-SCORE-2": "the double-blank left in a hand counts 50",
    "R-SCORE-3": "the lowest total after the last round wins",
    "R-SCORE-4": "breaking ties",
    "R-VAR-CHOOSE": "you may decline to play and draw instead",
    "R-VAR-ANSWER": "the play after your double must cover it",
    "R-VAR-REVERSE": "open doubles are covered last one first",
    "R-VAR-FAST": "the fast game: everyone first builds their own train",
    "R-VAR-DELAY": "you choose when to take your train-building turn",
    "R-VAR-WILD": "a blank matches any number",
    "R-VAR-STRICT-DRAW": "you may keep a drawn tile that fits",
    "R-VAR-BLANKS": "each blank half left in a hand counts 25",
}

# the variants' phrases, filed by their classes (mtlearn.engine.variants), after the others
WORDS.update({r: w for r, w in FILED_WORDS.items() if r not in WORDS})

_ANY = re.compile(PATTERN)


def rule_words(rule_id: str) -> str:
    """The phrase of ``rule_id`` (a rule nobody wrote a phrase for reads "a rule")."""
    return WORDS.get(rule_id) or FILED_WORDS.get(rule_id, "a rule")


#: Words too common to tell whether a sentence already says what a rule says.
_STOP = frozenset("that with your their them they this from into only than then what when "
                  "where which while".split())
#: The share of a phrase's words that a sentence must hold to say the rule already.
RESTATES = 0.6
#: Where a clause ends: a citation's sentence starts after the last one before it.
_CLAUSE_END = re.compile(r"[.!?;:]\s")


def _stems(text: str) -> set[str]:
    return {w[:4] for w in re.findall(r"[a-z]+", text.lower()) if len(w) >= 4 and w not in _STOP}


#: Rule id -> words that, in a clause, say the rule in other words than its phrase's: the
#: clause "Ben went out, which ends the round" says R-END-1 ("playing your last tile ends
#: the round") though it shares too few of the phrase's words (review 10 read such pairs
#: in 17 puzzles of 40). Matched as lower-case text; the front end reads the same table.
SAID_BY: dict[str, tuple[str, ...]] = {
    "R-END-1": ("ends the round",),
    "R-TURN-5": ("clockwise",),
    "R-MARK-2": ("marker",),
    "R-DBL-1": ("plays again", "play again"),
    "R-DBL-3": ("must be covered",),
    "R-VAR-ANSWER": ("on that double", "must go on the double"),
    "R-VAR-BLANKS": ("counts 25",),
    "R-SCORE-2": ("counts 50",),
    "R-VAR-TEAMS": ("partner",),
}


def restates(text: str, rule_id: str) -> bool:
    """Whether ``text`` already says what rule ``rule_id`` says: it holds at least
    :data:`RESTATES` of the words of its phrase (the first four letters of each word of
    four letters or more, common words left out), or words :data:`SAID_BY` lists for it.
    "The Mexican train is open to everyone (R-MEX-1)" would read the phrase twice; the
    citation is left out instead."""
    low = text.lower()
    if any(w in low for w in SAID_BY.get(rule_id, ())):
        return True
    want = _stems(rule_words(rule_id))
    return bool(want) and len(want & _stems(text)) >= RESTATES * len(want)


def word_parts(text: str) -> list[tuple[str, str | None]]:
    """``text`` cut into (plain text, None) and (words, rule id) parts, the rule ids in
    it read as a learner reads them (:func:`in_words`; the front end's ``ruleParts`` in
    ``dom.js`` does the same):

    * an id is its phrase, capitalised at the start of a sentence;
    * a citation in brackets after a clause that already says the rule ("… open to
      everyone (R-MEX-1)") is left out;
    * an id heading a clause that says it ("R-SCORE-1: the pips you hold count against
      you.") is that clause, as the rule's link."""
    parts: list[tuple[str, str | None]] = []
    last = 0
    for m in _ANY.finditer(text):
        if m.start() < last:
            continue
        rid, a, b = m.group(0), m.start(), m.end()
        before = text[:a]
        if before.endswith("(") and text[b:b + 1] == ")":
            clause = _CLAUSE_END.split(before[:-1])[-1]
            if restates(clause, rid):
                parts.append((text[last:a - 1].rstrip(), None))
                last = b + 1
                continue
        at_start = not before.strip() or before.rstrip().endswith((".", "!", "?"))
        if text[b:b + 2] == ": " and (at_start or before.rstrip().endswith(";")):
            end = re.search(r"[.;]", text[b + 2:])
            stop = b + 2 + (end.start() if end else len(text) - b - 2)
            clause = text[b + 2:stop]
            if restates(clause, rid):
                parts.append((text[last:a], None))
                parts.append(((clause[:1].upper() if at_start else clause[:1]) + clause[1:],
                              rid))
                last = stop
                continue
        words = rule_words(rid)
        if at_start:
            words = words[:1].upper() + words[1:]
        parts.append((text[last:a], None))
        parts.append((words, rid))
        last = b
    parts.append((text[last:], None))
    return [(t, r) for t, r in parts if t or r]


def in_words(text: str, link: str | None = None) -> str:
    """``text`` with every rule id in it read in words (:func:`word_parts`); with ``link``
    (the rules page's address) each rule's words are a Markdown link to its section."""
    return "".join(t if r is None else f"[{t}]({link}#{anchor(r)})" if link else t
                   for t, r in word_parts(text))
