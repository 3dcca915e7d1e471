"""One idea, one puzzle: the keys the miner tells copies and repeated ideas apart by.

Two mined puzzles can differ in every byte and still be the same puzzle: the pips renamed
(5s where the other has 9s), the seats turned (the learner in seat 3 instead of seat 1),
another player's name, the same words. And many puzzles can teach one idea (a double
played and covered, a train reopened by a marker) from positions that hardly differ.

* :func:`same_key`: the puzzle up to renaming the pips and turning the seats: the rules, the
  question, the answer, the learner's hand, the trains' open ends and markers, the hand
  sizes, all seen from the learner's seat with the pips renamed in order of appearance;
* :func:`text_key`: every sentence the learner reads (question, hints, explanation) and the
  answer, with the players' names replaced by their seats counted from the learner: two
  puzzles that say the same thing in every word are one puzzle;
* :func:`idea_key`: the pattern the puzzle teaches: its generator, rules, rules taught and
  themes, and a few words of shape per generator (which trains are open; for a list of
  every legal move, the template the learner reads: the rules that say why each train is
  open and the trap's rule; how many tiles and doubles the learner holds in a go-out turn,
  at any table with or without branches); the engine of a later round is one idea whatever
  the board, and so is a round's score at one table with one special count.

:class:`Curator` keeps a puzzle only if no kept puzzle has its :func:`same_key` or
:func:`text_key`, and at most :data:`IDEA_CAP` share its :func:`idea_key` (fewer for the
generators in :data:`IDEA_CAPS`, whose puzzles ask one question each). Standard library
only; everything is read from the record, so the keys are the same on any machine.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..core.ruleids import rule_ids_in

__all__ = ["IDEA_CAP", "IDEA_CAPS", "Curator", "idea_key", "same_key", "text_key"]

#: How many puzzles may teach the same idea (each from a different position). Reviews 10
#: and 11 read two puzzles of one idea in a sample of 40 as a copy whenever their words
#: matched; at most two keep the set a set of ideas, not of positions.
IDEA_CAP = 2
#: A smaller cap for generators whose every puzzle asks one question in another position:
#: the engine of a later round (one count whatever the board), who plays next, a round's
#: score with the same scoring rules, going out in the same order, what one must do at one
#: table, where a tile may go at one table (each one puzzle: reviews 11 and 12 met such
#: pairs), and
#: which kind of tile to shed at one table (a review met "shed the double blank" three
#: times in 40 puzzles).
IDEA_CAPS = {"engine": 1, "next-player": 1, "play-fewest": 3, "round-score": 1, "play-out": 1,
             "must-do": 1, "where-legal": 1}

_TILE = re.compile(r"\b(\d{1,2})-(\d{1,2})\b")
_TRAIN = re.compile(r"@(\d+|M)(?=[^\d]|$)")


def _tag(rec: dict[str, Any]) -> str:
    return str(rec["id"]).rsplit("-", 1)[0][2:] if "id" in rec else str(rec.get("tag"))


def _seat(rec: dict[str, Any]) -> int:
    """The learner's seat (from 0): the perspective, else the player to play."""
    pos = rec["position"]
    s = rec.get("perspective") or pos.get("to_play") or 1
    return int(s) - 1


class _Renamer:
    """Pips renamed in order of first appearance, seats turned to start at the learner."""

    def __init__(self, seat: int, n: int) -> None:
        self.pips: dict[str, str] = {}
        self.seat, self.n = seat, n

    def pip(self, p: str) -> str:
        return self.pips.setdefault(p, f"p{len(self.pips)}")

    def text(self, s: str) -> str:
        s = _TILE.sub(lambda m: f"{self.pip(m[1])}-{self.pip(m[2])}", s)
        return _TRAIN.sub(lambda m: "@" + self.train(m[1]), s)

    def train(self, code: str) -> str:
        """A train's code seen from the learner's seat (a branch keeps its suffix)."""
        head, dot, rest = code.partition(".")
        if not head.isdigit():
            return code
        return f"s{(int(head) - 1 - self.seat) % self.n}{dot}{rest}"


def same_key(rec: dict[str, Any]) -> str:
    """The puzzle up to renaming its pips and turning its seats (see the module doc)."""
    pos = rec["position"]
    hands = pos.get("hands", [])
    n = len(hands) or 1
    seat = _seat(rec)
    r = _Renamer(seat, n)
    answer = r.text(json.dumps(rec.get("answer"), sort_keys=True))
    hand = sorted(r.text(t) for t in hands[seat]) if seat < len(hands) else []
    ends = {}
    for code, tiles in sorted(pos.get("trains", {}).items()):
        key = r.train(code)
        ends[key] = r.text(tiles[-1]).split("-")[-1] if tiles else None
    turned = [len(hands[(seat + k) % n]) for k in range(n)] if hands else []
    markers = sorted(r.train(str(m)) for m in pos.get("markers", []))
    goal = {k: v for k, v in rec.get("goal", {}).items() if k not in ("after", "seat")}
    return json.dumps([_tag(rec), rec.get("rules"), goal, answer, hand, ends, turned,
                       markers, r.text(json.dumps(rec.get("goal", {}).get("after")))],
                      sort_keys=True)


def text_key(rec: dict[str, Any]) -> str:
    """Every sentence the learner reads and the answer, names replaced by seats counted from
    the learner's."""
    names = rec["position"].get("players") or []
    seat = _seat(rec)
    text = json.dumps([rec.get("rules"), rec.get("question"), rec.get("answer"),
                       rec.get("hints"), rec.get("explain")], sort_keys=True)
    for i, name in sorted(enumerate(names), key=lambda x: -len(x[1])):
        text = re.sub(rf"\b{re.escape(name)}\b", f"<seat {(i - seat) % len(names)}>", text)
    return text


def _taught(rec: dict[str, Any]) -> list[str]:
    """The rules a puzzle teaches, less the dead double's (R-DBL-6): an aside about a double
    nobody can cover is not another idea (review 11's sample: "who plays next" twice)."""
    return sorted(r for r in rec.get("teaches", []) if r != "R-DBL-6")


def idea_key(rec: dict[str, Any]) -> str:
    """The pattern a puzzle teaches (see the module doc)."""
    tag = _tag(rec)
    pos = rec["position"]
    hands = pos.get("hands", [])
    seat = _seat(rec)
    n = len(hands) or 1
    r = _Renamer(seat, n)
    shape: Any = None
    if tag == "must-do":
        # what the player must do (play, draw, pass, cover the double) at one table: the
        # tile that tempts is the position's, not another idea (review 11's sample drew
        # three "cover the open double" at the standard table)
        return json.dumps([tag, rec.get("rules"), sorted(rec.get("themes", []))],
                          sort_keys=True)
    if tag == "open-trains":
        shape = sorted(r.train(str(a)) if a != "M" else "M" for a in rec["answer"])
        shape = [("own" if s == "s0" else s if s == "M" else "other") for s in shape]
    elif tag == "every-legal":
        # the template a learner reads: why each train is open (the rules the explanation
        # cites before it lists the moves) and the trap's rule; review 10 met two lists at
        # partnership tables that differed only in their tiles
        why = str(rec.get("explain", "")).split(" legal moves: ")[0]
        trap = [w.get("expect") for w in rec.get("wrong", [])]
        return json.dumps([tag, rec.get("rules"), sorted(rec.get("themes", [])),
                           sorted(set(rule_ids_in(why))), trap], sort_keys=True)
    elif tag in ("play-out", "play-double"):
        hand = hands[seat] if seat < len(hands) else []
        shape = [len(hand), sum(1 for t in hand if len(set(t.split("-"))) == 1)]
        # the order of doubles is the idea whether or not the tiles go on branches
        # (review 10: the same go-out turn at a branching table and at the standard one)
        rules = {k: v for k, v in (rec.get("rules") or {}).items() if k != "branching"}
        return json.dumps([tag, rules, shape], sort_keys=True)
    elif tag == "play-fewest":
        # the idea is the kind of tile shed (the double blank, another double, the
        # heaviest plain tile), whatever the hand, the train it goes on or its rule
        tile = str(rec["answer"]).split("@")[0]
        hi, _, lo = tile.partition("-")
        shape = "double blank" if tile == "0-0" else "double" if hi == lo else "plain"
        return json.dumps([tag, rec.get("rules"), shape], sort_keys=True)
    elif tag == "next-player":
        # who plays after a double, after the extra play, after a pass: whatever the tile
        return json.dumps([tag, rec.get("rules"), _taught(rec),
                           str((rec.get("goal") or {}).get("after", [""])[0]) == "pass"],
                          sort_keys=True)
    elif tag == "round-score":
        # the same count, whatever the hand, the way the round ended, the dead double
        # beside it or the rules it cites on the way: one puzzle per table and special
        # count (review 10 read going out on a double as the same puzzle)
        return json.dumps([tag, rec.get("rules"), "blank-scores" in rec.get("themes", [])],
                          sort_keys=True)
    if tag == "engine":     # one question whatever the board: counting down the doubles
        return json.dumps([tag])
    return json.dumps([tag, rec.get("rules"), _taught(rec),
                       sorted(rec.get("themes", [])), shape], sort_keys=True)


class Curator:
    """Keeps one puzzle per :func:`same_key` and :func:`text_key`, and at most ``cap`` per
    :func:`idea_key`, in the order puzzles are offered (so a run is the same on any number
    of workers); counts what it turned away and why."""

    def __init__(self, cap: int = IDEA_CAP, caps: dict[str, int] | None = None) -> None:
        self.cap = cap
        self.caps = dict(IDEA_CAPS if caps is None else caps)
        self.same: set[str] = set()
        self.texts: set[str] = set()
        self.ideas: dict[str, int] = {}
        self.dropped: dict[str, int] = {"copy": 0, "same words": 0, "idea cap": 0}

    def admit(self, rec: dict[str, Any]) -> bool:
        """True (and remembered) if ``rec`` is neither a copy nor one idea too many."""
        s, t, i = same_key(rec), text_key(rec), idea_key(rec)
        why = ("copy" if s in self.same else "same words" if t in self.texts else
               "idea cap" if self.ideas.get(i, 0) >= self.caps.get(_tag(rec), self.cap)
               else None)
        if why is not None:
            self.dropped[why] += 1
            return False
        self.same.add(s)
        self.texts.add(t)
        self.ideas[i] = self.ideas.get(i, 0) + 1
        return True
