"""Rules drills about which moves are legal: where a tile may go, and every legal move.

Two generators in the form of :mod:`mtlearn.content.mining_drills` (a position, its table
and a ``random.Random`` in; a record without its id, or None, out). Their answers are the
engine's :attr:`~mtlearn.Game.legal_moves`, their refusals its
:meth:`~mtlearn.Game.explain` verdicts, and their explanations say why each train is open
or closed, by the rules the engine cites:

- :func:`where_legal`: a tile matches the open ends of two trains, only one of them open to
  the player: play it there (``move``; the question names neither train, so the learner
  finds both and decides; never the player's own or the Mexican train, open to all);
- :func:`every_legal`: every legal move, and why a tempting one is refused
  (``all-moves``): the explanation lists the moves, says why each train they use is open
  (a partner's train, a marker, a branch of a double) and why the tempting one is not.
"""

from __future__ import annotations

import random

from ..core.moves import MEXICAN, Move
from ..core.notation import train_code
from ..engine.game import Game
from ..present.view import and_words
from .mining_claims import binding_doubles
from .mining_drills import (
    Drill,
    Record,
    _doubles,
    _extra_play,
    _intro,
    _label,
    _live,
    _name,
    _open_why,
    _place,
    _record,
    _simple_turn,
    _targets_rule,
    _temptations,
    _turn_words,
    pick_trap,
)
from .mining_positions import Table

__all__ = ["DRILLS", "branch_words", "every_legal", "moves_words", "open_words", "where_legal"]


def _label_code(m: Move) -> str:
    """The train code of a play."""
    assert m.train is not None
    return train_code(m.train)


def where_legal(g: Game, t: Table, rng: random.Random) -> Record | None:
    """A tile that matches two trains' open ends, only one of them open to the player: play
    it where it is legal (``move``, the goal a tile on the open train)."""
    if g.over or not _simple_turn(g) or _live(g):
        return None
    seat = g.current
    name = _name(g, seat)
    legal_plays = [m for m in g.legal_moves if m.kind == "play"]
    for bad, bad_text, bad_rule in _temptations(g):
        tile = bad.tile
        here = [m for m in legal_plays if m.tile == tile]
        if tile is None or len(here) != 1:
            continue
        good = here[0]
        if good.train in (seat, MEXICAN) or any(
                m.train == good.train and m.tile != tile for m in legal_plays):
            continue        # a train open to all (no question) or another tile fits it
        fits = [k for k in g.train_keys() if g.train(k).open_end in (tile.high, tile.low)]
        if len(fits) != 2 or g.rules.branching:
            continue        # "two trains" must be true: exactly two, no branches
        return _record(
            "where-legal", t, g, family="turns", title=f"Where may {name} play {tile}?",
            teaches=[bad_rule, g.explain(good).rule], themes=["legal-move", "open-trains"],
            question=f"{_intro(t)}It is {name}'s turn. {name}'s {tile} matches the open "
                     f"ends of two trains, but the rules let {name} play it on only one of "
                     f"them. Play {tile} where it is allowed.",
            kind="move", goal={"on_train": _label_code(good)},
            hints=[f"{tile} matches the open ends of {_label(g, bad.train)} and "
                   f"{_place(g, good)}.",
                   f"Who may play on {_label(g, bad.train)}? {_targets_rule(g, cap=True)}."],
            answer=str(good), wrong=[{"answer": str(bad), "expect": bad_rule}],
            explain=f"{g.explain(good).text} {bad_text}", perspective=seat)
    return None


def _played(m: Move) -> str:
    """A play's tile as it is laid: the end that matches first, as its code writes it."""
    return f"{m.inward}-{m.outward}"


def open_words(g: Game, moves: list[Move]) -> str:
    """Why each train open to the player to play is open, by the rule the engine cites, and
    which of them nothing fits, given the legal plays ``moves``: sentences, with a branch's
    sentence when a play goes on a branch (R-VAR-BRANCH)."""
    keys = list(g.target_trains)
    whys = [_open_why(g, k) for k in keys]
    text = and_words(f"{why} ({rule})" for why, rule in whys)
    text = text[0].upper() + text[1:] + "."
    used = {m.train for m in moves}
    idle = [_label(g, k) for k in keys if k not in used]
    if idle and not g.to_position().get("turn", {}).get("drawn"):
        text += f" Nothing {_name(g, g.current)} holds fits {and_words(idle)}."
    return text + branch_words(moves)


def branch_words(moves: list[Move]) -> str:
    """The sentence on branches when one of ``moves`` goes on a branch (R-VAR-BRANCH), or
    nothing."""
    if not any(m.branch for m in moves):
        return ""
    return (" A double that has been covered opens two more branches, and each branch "
            "is open to whoever may play on the train it grows from (R-VAR-BRANCH).")


def moves_words(g: Game, moves: list[Move]) -> str:
    """The plays ``moves`` grouped by where they go: "3-8 and 3-7 on Dee's train; 11-7 on
    Ben's train"."""
    places: dict[str, list[str]] = {}
    for m in moves:
        places.setdefault(_place(g, m), []).append(_played(m))
    return "; ".join(f"{and_words(tiles)} on {place}" for place, tiles in places.items())


def every_legal(g: Game, t: Table, rng: random.Random) -> Record | None:
    """List every legal move (``all-moves``), with a tempting refused one."""
    if g.over or not _simple_turn(g):
        return None
    legal = list(g.legal_moves)
    if not 2 <= len(legal) <= 7 or any(m.kind != "play" for m in legal):
        return None
    tempting = _temptations(g)
    if not tempting:
        return None
    seat = g.current
    name = _name(g, seat)
    bad, bad_text, bad_rule = pick_trap(tempting, rng)
    answer = [str(m) for m in legal]
    lines = [_label(g, k) for k in g.target_trains]
    binding = binding_doubles(g)
    if binding and not g.bonus:
        # an open double on a branch opens that branch, not its whole train (review 12:
        # "the trains open to Ana: the Mexican train" where only branch 7a was)
        lines = [_doubles(g, True)[0][1]]
    targets = and_words(lines)
    extra = g.bonus and not binding and g.rules.double_bonus != "on-double"
    answer_double = g.bonus and g.rules.double_bonus == "on-double" and not binding
    why_open = (f"{name} is making the extra play after a double: the double may stay "
                f"uncovered for now, and {targets} are open (R-DBL-1)."
                + branch_words(legal) if extra else
                f"{name} laid a double, so the next tile must go on that double (R-VAR-ANSWER)."
                if answer_double else open_words(g, legal))
    drawn = g.to_position().get("turn", {}).get("drawn")
    if drawn:
        why_open += f" {name} has just drawn {drawn}, and only that tile may be played now " \
                    f"(R-TURN-3)."
    return _record(
        "every-legal", t, g, family="turns", title=f"Every legal move for {name}",
        teaches=[*(g.explain(m).rule for m in legal), bad_rule],
        themes=["legal-move"] + (["plays-again"] if g.bonus and not binding else
                                 ["open-double"] if _live(g) else []),
        question=f"{_intro(t)}It is {name}'s turn.{_turn_words(g)} List every legal move "
                 f"{name} has (a tile on a train; the same tile on two trains is two "
                 f"moves).",
        kind="all-moves", goal={"all_legal": True},
        hints=[(_extra_play(g) if g.bonus else
                f"R-TURN-1: {_targets_rule(g)}; an open double comes first (R-DBL-3)."),
               _trains_hint(name, targets, len(lines), legal)],
        answer=answer,
        wrong=[{"answer": answer[:-1], "expect": "missing"},
               {"answer": [*answer[:-1], str(bad)], "expect": bad_rule}],
        explain=f"{why_open} {name}'s {len(legal)} legal moves: {moves_words(g, legal)}. "
                f"{_played(bad)} on {_label(g, bad.train)} is not legal: "
                f"{_after_colon(bad_text)}",
        perspective=seat)


def _trains_hint(name: str, targets: str, count: int, legal: list[Move]) -> str:
    """Hint 2 of a list of every legal move: the ``count`` lines open to the player
    (``targets``), unless one tile makes the whole answer (then the list of trains is the
    answer: review 11 met a drawn tile, and a lone tile at a partnership table, whose every
    train the hint named)."""
    if len({m.tile for m in legal}) > 1:
        ends = "its open end" if count == 1 else "their open ends"
        return f"Open to {name} now: {targets}. Check each tile against {ends}."
    return f"Which trains may {name} use now, and which of them does each tile fit?"


def _after_colon(text: str) -> str:
    """An engine sentence put after a colon: "The double …" reads "the double …" (a name
    keeps its capital)."""
    return text[0].lower() + text[1:] if text.startswith(("The ", "A ", "An ")) else text


#: The drills of this module by name (the miner's schedule names them).
DRILLS: dict[str, Drill] = {"where-legal": where_legal, "every-legal": every_legal}
