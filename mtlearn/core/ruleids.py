"""Every rule id of the rules reference, with its section and a short title, and the one
grammar of a rule id.

The engine's verdicts, the scenarios and the book cite these ids; the book's rules
reference has one anchor per id (``#r-mark-1``). :data:`PATTERN` is the only place a rule
id's form is written: the puzzle and scenario readers, the hints and the tests use the
functions below, and the front end's copy (``puzzle-view.js``) is checked against it.
"""

from __future__ import annotations

import re

from .rules import FILED_RULES

__all__ = ["PATTERN", "RULES", "SECTIONS", "add_rule", "anchor", "first_rule_id",
           "looks_like_rule_id", "rule_ids_in"]

#: The form of a rule id: ``R-``, a word in capitals, then parts of capitals and digits
#: after dashes (``R-DBL-3``, ``R-VAR-STRICT-DRAW``).
PATTERN = r"R-[A-Z]+(?:-[A-Z0-9]+)*"
_ANY = re.compile(PATTERN)
_WHOLE = re.compile(rf"{PATTERN}\Z")


def looks_like_rule_id(text: str) -> bool:
    """Whether ``text`` (spaces around it aside) has a rule id's form, known or not."""
    return _WHOLE.match(text.strip()) is not None


def rule_ids_in(text: str) -> list[str]:
    """The rule ids a text cites, in order, each once."""
    return list(dict.fromkeys(_ANY.findall(text)))


def first_rule_id(text: str) -> str | None:
    """The first rule id a text cites, whole (``R-VAR-STRICT-DRAW``, not a part of it)."""
    m = _ANY.search(text)
    return m.group(0) if m else None

#: Section number -> section title.
SECTIONS: dict[int, str] = {
    1: "Equipment", 2: "Setting up a round", 3: "Trains", 4: "Markers",
    5: "A turn", 6: "Doubles", 7: "One tile left", 8: "End of a round and scoring",
    9: "Variants",
}

#: Rule id -> (section, short title). The rule of each variant class of the engine is not
#: written here: the class carries it, :mod:`mtlearn.engine.variants` files it in
#: :data:`mtlearn.core.rules.FILED_RULES` (``import mtlearn`` does, before this module can
#: be imported), and :func:`add_rule` adds those below, so every id of the reference is in
#: this table.
RULES: dict[str, tuple[int, str]] = {
    "R-SET-1": (1, "A double-N set holds every pair once"),
    "R-SET-2": (1, "Each number appears on N+1 tiles"),
    "R-SET-3": (1, "A tile is worth its pips"),
    "R-SET-4": (1, "Which set for how many players"),
    "R-DEAL-1": (2, "Shuffle, deal hands, the rest is the boneyard"),
    "R-DEAL-2": (2, "Hand sizes"),
    "R-ROUND-1": (2, "Rounds and their engines"),
    "R-ROUND-2": (2, "Who places the engine and starts"),
    "R-PLAN-1": (2, "Planning a hand"),
    "R-TRAIN-1": (3, "Your own train starts from the engine"),
    "R-TRAIN-2": (3, "Tiles match the open end"),
    "R-TRAIN-3": (3, "Doubles lie crosswise"),
    "R-MEX-1": (3, "The Mexican train"),
    "R-MEX-2": (3, "When the Mexican train may start"),
    "R-MARK-1": (4, "Private and public trains"),
    "R-MARK-2": (4, "Marking your train"),
    "R-MARK-3": (4, "Taking your marker back"),
    "R-MARK-4": (4, "Others leave the marker in place"),
    "R-TURN-1": (5, "One tile on one available train"),
    "R-TURN-2": (5, "If you can play, you must"),
    "R-TURN-3": (5, "Draw one; play it if it fits"),
    "R-TURN-4": (5, "Empty boneyard: pass and mark"),
    "R-TURN-5": (5, "Play goes clockwise"),
    "R-FIRST-1": (5, "The first turn"),
    "R-DBL-1": (6, "After a double, play again"),
    "R-DBL-2": (6, "No tile for the extra play"),
    "R-DBL-3": (6, "An open double blocks every train"),
    "R-DBL-4": (6, "Several doubles in one turn"),
    "R-DBL-5": (6, "Going out on a double"),
    "R-DBL-6": (6, "A double nobody can cover"),
    "R-LAST-1": (7, "Announce your last tile"),
    "R-LAST-2": (7, "Penalty for not announcing"),
    "R-END-1": (8, "Going out ends the round"),
    "R-END-2": (8, "A blocked round"),
    "R-SCORE-1": (8, "Counting the points left"),
    "R-SCORE-2": (8, "The double-blank counts 50"),
    "R-SCORE-3": (8, "Totals and the winner"),
    "R-SCORE-4": (8, "Breaking ties"),
    "R-VAR-CHOOSE": (9, "Declining to play"),
    "R-VAR-ANSWER": (9, "Answer the double yourself"),
    "R-VAR-REVERSE": (9, "Doubles covered in reverse order"),
    "R-VAR-FAST": (9, "Fast game"),
    "R-VAR-DELAY": (9, "Delayed first turn"),
    "R-VAR-WILD": (9, "Wild blanks"),
    "R-VAR-STRICT-DRAW": (9, "A drawn tile may be kept"),
    "R-VAR-BLANKS": (9, "Blanks count 25"),
}


def anchor(rule_id: str) -> str:
    """The HTML anchor of a rule id in the rules reference: ``R-MARK-1`` -> ``r-mark-1``."""
    return rule_id.lower()


def add_rule(rule_id: str, section: int, title: str) -> None:
    """File a rule declared elsewhere (a variant class) in :data:`RULES`, after the rules of
    its section; a second filing of the same rule with the same title changes nothing."""
    if not looks_like_rule_id(rule_id) or rule_id != rule_id.strip():
        raise ValueError(f"{rule_id!r} is not a rule id (like R-VAR-SWAN)")
    if section not in SECTIONS:
        raise ValueError(f"{rule_id}: there is no section {section} of the rules reference")
    if rule_id in RULES:
        if RULES[rule_id] != (section, title):
            raise ValueError(f"{rule_id} is filed twice: {RULES[rule_id]} and "
                             f"{(section, title)}")
        return
    entries = list(RULES.items())
    at = max((i + 1 for i, (_, (sec, _)) in enumerate(entries) if sec <= section), default=0)
    entries.insert(at, (rule_id, (section, title)))
    RULES.clear()
    RULES.update(entries)


for _rule, _title in FILED_RULES.items():
    add_rule(_rule, 9, _title)
