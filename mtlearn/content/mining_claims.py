"""The claims checker: what a mined puzzle says, checked against the engine before it ships.

:func:`~mtlearn.content.puzzle_files.check` proves that a puzzle's answer meets its goal and
that each tempting wrong answer is refused with the rule it names. A mined puzzle says more
than that: its hints and explanation name rules for this position, its themes and its
variant say what the position is about, and a play puzzle says its answer is best. This
module checks those claims with the engine; the miner ships only a puzzle with no fault
(:func:`mtlearn.content.mining_records.finish`), and ``mtlearn check`` refuses a mined file
with one (:func:`mtlearn.content.mining_cli.check_mined`). The faults, one function each:

* :func:`bonus_faults`: a hint or the explanation cites R-DBL-3 (an open double closes
  every other train) while the player is in their own bonus play after laying that double,
  where R-DBL-1 and R-DBL-4 decide and the extra tile may go on any train open to them;
* :func:`answer_double_faults`: the standard extra play after a double ("on the double or
  on any other train", R-DBL-1) told at a table where it must go on the double
  (R-VAR-ANSWER);
* :func:`dead_double_faults`: an open double that nobody can cover any more (R-DBL-6) is
  treated as one that blocks: the theme ``open-double`` or R-DBL-3 with no double left that
  still binds, or a dead double on the table and R-DBL-6 not cited;
* :func:`variant_faults`: a variant named (the rules, a theme, an ``R-VAR-…`` rule) where
  the variant changes nothing: the same puzzle under the standard rules has the same
  answers, or, for a position only the variant can hold (branches, a partner's pass), no
  verdict of the engine on its answers cites the variant; or a rule id of a variant the
  table does not play is cited;
* :func:`best_faults`: a "fewest points" answer that a whole turn beats: every sequence of
  doubles and their covers is searched, not single moves; a turn that ends in a draw counts
  the drawn tile at its lightest against the other moves and at its heaviest for the answer,
  so nothing unverified is claimed;
* :func:`cited_faults`: a rule id that does not exist.

:func:`faults` runs them all. Standard library only.
"""

from __future__ import annotations

import json
from typing import Any

from ..core.notation import train_code
from ..core.ruleids import RULES, rule_ids_in
from ..engine.game import Game
from .puzzle_record import Puzzle, PuzzleError

__all__ = ["STANDARD", "answer_double_faults", "answer_set", "best_faults", "binding_doubles",
           "binding_lines", "bonus_faults", "cited_faults", "dead_double_faults", "faults", "texts",
           "variant_faults"]

#: The rules a puzzle is solved under to see whether its variant matters.
STANDARD: dict[str, Any] = {"preset": "standard"}
#: Whole turns searched for a "fewest points" claim before it counts as unverifiable.
TURN_LIMIT = 400
#: Answers compared when a variant is switched off (a larger set counts as different).
ANSWER_LIMIT = 60
#: The rule id of each variant option, as the rules of a puzzle file name it.
VARIANT_RULES: dict[str, str] = {
    "branching": "R-VAR-BRANCH", "swan_drive": "R-VAR-SWAN", "teams": "R-VAR-TEAMS",
    "double_bonus": "R-VAR-ANSWER", "scoring": "R-VAR-BLANKS",
}
#: Position fields only a variant has; empty, they say nothing the standard game cannot.
_VARIANT_FIELDS = ("team_passed", "swan")


def texts(p: Puzzle) -> list[str]:
    """The sentences a learner reads that make claims: the hints and the explanation."""
    return [*p.hints, p.explain]


def _cites(p: Puzzle, rule: str) -> bool:
    return any(rule in t for t in texts(p))


def cited_faults(p: Puzzle) -> list[str]:
    """Rule ids cited in the hints or the explanation that do not exist."""
    unknown = sorted({r for t in texts(p) for r in rule_ids_in(t) if r not in RULES})
    return [f"cites {r}, which is not a rule id" for r in unknown]


def binding_lines(g: Game) -> list[int]:
    """The lines (indices into ``g.trains``) ending in an open double that closes the other
    trains to the player to play now: live (R-DBL-6), and not laid in this very turn (the
    layer's bonus play follows R-DBL-1), first laid first."""
    dead = set(g.dead_double_trains)
    laid = set(g.to_position().get("turn", {}).get("doubles", [])) if g.bonus else set()
    # a double laid on a branch is named by its line ("M.9a.3a"), not its train
    return [i for i, k in zip(g.open_doubles, g.open_double_trains, strict=True)
            if k not in dead and g.line_code(i) not in laid]


def binding_doubles(g: Game, lines: list[int] | None = None) -> list[int | str]:
    """The trains of :func:`binding_lines` (``lines``, when the caller has them already):
    those the player to play must cover first."""
    chosen = set(binding_lines(g) if lines is None else lines)
    return list(dict.fromkeys(k for i, k in zip(g.open_doubles, g.open_double_trains,
                                                 strict=True) if i in chosen))


def answer_double_faults(p: Puzzle) -> list[str]:
    """The standard extra play (any train, R-DBL-1) told at a table where the extra tile
    must go on the double (R-VAR-ANSWER)."""
    if p.rules.double_bonus != "on-double":
        return []
    return [f"says the extra tile after a double may go on any train, at a table that "
            f"plays R-VAR-ANSWER: {t[:80]}" for t in texts(p)
            if "R-DBL-1" in t and "any other train" in t]


def bonus_faults(p: Puzzle) -> list[str]:
    """R-DBL-3 cited as closing the other trains during the player's own bonus play."""
    g = p.start()
    if not g.bonus or not g.open_double_trains or binding_doubles(g):
        return []
    if _cites(p, "R-DBL-3"):
        return [f"cites R-DBL-3 during {g.players[g.current]}'s own bonus play after a "
                f"double: the extra tile may go on any train open to them (R-DBL-1)"]
    return []


def dead_double_faults(p: Puzzle) -> list[str]:
    """A dead double called open, or not explained with R-DBL-6; or the theme
    ``open-double`` during the layer's own bonus play, where no double binds yet."""
    if p.kind == "number":
        return []       # a count (a score, the engine) says nothing of what a double blocks
    g = p.start()
    dead = g.dead_double_trains
    if "open-double" in p.themes and g.bonus and g.open_double_trains \
            and not binding_doubles(g):
        return [f"has the theme open-double during {g.players[g.current]}'s own bonus play "
                f"after laying the double: it binds nobody yet (R-DBL-1), the theme is "
                f"plays-again"]
    if not dead:
        if "open-double" in p.themes and not g.open_double_trains:
            return ["has the theme open-double with no open double on the table"]
        return []
    out = []
    binding = binding_doubles(g)
    live_open = [k for k in g.open_double_trains if k not in dead]
    if "open-double" in p.themes and not live_open:
        out.append("has the theme open-double, but the only open doubles are dead "
                   "(R-DBL-6): nobody can cover them and they block nothing")
    if not binding and not g.bonus and _cites(p, "R-DBL-3"):
        out.append("cites R-DBL-3 (an open double blocks) where the open double is dead "
                   "and blocks nothing (R-DBL-6)")
    if "R-DBL-6" not in p.teaches and not _cites(p, "R-DBL-6"):
        out.append("shows a dead double (nobody can cover it) without R-DBL-6")
    return out


def answer_set(p: Puzzle, limit: int = ANSWER_LIMIT) -> frozenset[str]:
    """Every answer that meets the puzzle's goal (up to ``limit``), as JSON texts."""
    return frozenset(json.dumps(s, sort_keys=True) for s in p.solutions(limit=limit))


def variant_faults(p: Puzzle, data: dict[str, Any]) -> list[str]:
    """A variant named where it changes no answer: the record ``data`` solved under the
    standard rules (:data:`STANDARD`) has the same answers."""
    from .puzzle_files import from_data
    rules = data.get("rules") or {}
    on = {k: v for k, v in rules.items() if k != "preset"}
    out = [f"cites {r}, a variant this table does not play" for k, r in VARIANT_RULES.items()
           if k not in on and _cites(p, r)]
    if not on:
        return out
    position = dict(data.get("position") or {})
    for k in _VARIANT_FIELDS:
        if k in position and not position[k]:
            del position[k]        # empty: the standard game has the same (nothing)
    plain = dict(data, rules=dict(STANDARD), position=position)
    label = "labelled with " + ", ".join(f"{k}={v}" for k, v in sorted(on.items()))
    try:
        try:
            q = from_data(json.loads(json.dumps(plain)), p.id + " (standard rules)")
            said = ", but under the standard rules its answers are the same"
        except (PuzzleError, ValueError, KeyError):
            # what only the variant can hold, taken away where it holds nothing a move
            # needs: branches nobody has started, a partner's pass without a marker
            # (review 10: "cover the open double" at a branching table with empty
            # branches, the same puzzle as at the standard table)
            q = from_data(json.loads(json.dumps(dict(plain, position=_plainer(position)))),
                          p.id + " (standard rules)")
            said = (", but with what only the variant holds taken away (branches nobody "
                    "has started, a partner's pass) its answers are the same")
        plain_answers, answers = answer_set(q), answer_set(p)
        if plain_answers == answers:
            out.append(label + said)
        elif p.kind in ("move", "sequence") and plain_answers < answers \
                and _shown(p) in plain_answers:
            # the variant only adds right answers, and the one the learner is shown is
            # right at the standard table too (review 11: a partnership must-do answered on the
            # player's own train): the label teaches nothing the answer shows
            out.append(label + ", but the answer shown is right under the standard rules too")
    except (PuzzleError, ValueError, KeyError):
        # the position needs the variant to be read at all (branches, a partner's pass):
        # then the right answers themselves must use the variant
        rules_on = {VARIANT_RULES[k] for k in on if k in VARIANT_RULES}
        if not _verdicts_cite(p, rules_on):
            out.append(label + ", but its answer does not use the variant")
        elif p.kind in ("move", "sequence") and any(
                not _verdicts_cite(p, rules_on, sol) for sol in p.solutions(ANSWER_LIMIT)):
            # another right answer that never uses the variant: the label teaches nothing
            # (review 9: a must-do at a branching table also solved on the main line)
            out.append(label + ", but a right answer does not use the variant")
    return out


def _shown(p: Puzzle) -> str:
    """The puzzle's shown answer as :func:`answer_set` writes an answer."""
    return json.dumps(p.answer, sort_keys=True)


def _plainer(position: dict[str, Any]) -> dict[str, Any]:
    """``position`` without the variant's own fields where they hold no tile: branches
    nobody has started and the partnership's note of a pass without a marker. A branch
    with a tile on it stays, so such a position still cannot be read without the variant."""
    out = {k: v for k, v in position.items() if k not in _VARIANT_FIELDS}
    trains = out.get("trains")
    if isinstance(trains, dict):
        out["trains"] = {k: v for k, v in trains.items() if "." not in str(k) or v}
    return out


def _verdicts_cite(p: Puzzle, rules: set[str], answer: Any = None) -> bool:
    """Whether the puzzle's answer (the one the learner is shown) uses the variant: the
    engine's verdict on one of its moves cites one of ``rules``, it lays a tile on a branch
    (a branching double's), or it names the partner's unmarked train. Another right answer
    that happens to use it is not enough (the shown one teaches nothing about it; ``answer``
    checks another right answer the same way), nor is a wrong answer's judgement citing
    it: a trap that the standard rules refuse as well teaches nothing about the variant."""
    g = p.start()
    partner = g.partner(g.current) if g.rules.teams and not g.over else None
    # a partner's train without a marker is open to the player by R-VAR-TEAMS alone
    teams_train = (train_code(partner) if partner is not None and partner != g.current
                   and not g.train(partner).marker else None)
    for sol in [p.answer if answer is None else answer]:
        moves = sol if isinstance(sol, list) else [sol]
        if teams_train is not None and teams_train in moves:
            return True     # the trains a player may use, the partner's among them
        h = g.copy()
        for m in moves:
            if not isinstance(m, str) or m.count("@") != 1:
                break
            if "." in m.split("@")[1]:
                return True
            v = h.explain(m)
            # a branching table's verdict on covering a double adds that the double now
            # grows branches: an aside, whatever train the tile goes on (review 10: "cover
            # the 9-9" at a branching table taught nothing about branches); only a tile
            # laid on a branch uses that variant
            if ({v.rule, *rule_ids_in(v.text)} & rules) - {"R-VAR-BRANCH"}:
                return True
            if not v.legal or v.move is None:
                break
            h.push(v.move)
    return False


def _turn_values(g: Game) -> tuple[dict[str, tuple[int, int]], bool]:
    """For each first move, the fewest points the player can be left with after a whole
    turn beginning with it, as (lowest possible, highest possible): a turn that ends in a
    draw counts the drawn tile at its lightest and at its heaviest. Also whether every turn
    was searched."""
    from .mining_play import turns
    seat = g.current
    val = g.rules.tile_value
    unseen = [val(t.high, t.low) for s in range(g.n) if s != seat for t in g.hand(s)]
    unseen += [val(t.high, t.low) for t in g.boneyard]
    lo_draw = min(unseen, default=0)
    hi_draw = max(unseen, default=0)
    all_turns = turns(g, limit=TURN_LIMIT)
    best: dict[str, tuple[int, int]] = {}
    for turn in all_turns:
        h = g.copy()
        for m in turn:
            h.push(m)
        left = sum(val(t.high, t.low) for t in h.hand(seat))
        drew = turn[-1].kind == "draw"
        lo, hi = (left + lo_draw, left + hi_draw) if drew else (left, left)
        first = str(turn[0])
        was = best.get(first)
        best[first] = (lo, hi) if was is None else (min(was[0], lo), min(was[1], hi))
    return best, len(all_turns) < TURN_LIMIT


def best_faults(p: Puzzle) -> list[str]:
    """A "fewest points" answer (goal ``most_pips``) that a whole turn beats."""
    if p.kind != "move" or not p.goal.get("most_pips"):
        return []
    g = p.start()
    best, complete = _turn_values(g)
    if not complete:
        return [f"has more than {TURN_LIMIT} whole turns: its best answer cannot be "
                f"verified"]
    right = {json.loads(a) for a in answer_set(p)}
    out = []
    for a in sorted(right):
        worst_a = best.get(a, (0, 10**6))[1]
        for b, (lo_b, _hi) in sorted(best.items()):
            if b not in right and lo_b < worst_a:
                out.append(f"says {a} leaves the fewest points, but a whole turn beginning "
                           f"with {b} can leave {lo_b} points against {worst_a}")
                break
    return out


def faults(p: Puzzle, data: dict[str, Any] | None = None) -> list[str]:
    """Every claim of puzzle ``p`` (read from the record ``data``) that the engine does not
    support, one sentence each; empty when all of them hold."""
    out = [*cited_faults(p), *bonus_faults(p), *answer_double_faults(p),
           *dead_double_faults(p), *best_faults(p)]
    if data is not None:
        out += variant_faults(p, data)
    return out
