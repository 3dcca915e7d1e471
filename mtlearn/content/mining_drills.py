"""Rules drills: questions whose answer the engine knows exactly.

Each generator takes a position (a :class:`~mtlearn.Game` part-way through a round, see
:mod:`mtlearn.content.mining_positions`), the table's rules and a ``random.Random``, and returns a
puzzle record without its id (see :func:`mtlearn.content.mining_records.finish`), or None when the
position does not suit the question. The answer, the hints and the explanation are the
engine's own: :attr:`~mtlearn.Game.target_trains` and
:meth:`~mtlearn.Game.train_refusal` for open trains, :attr:`~mtlearn.Game.legal_moves`
and :meth:`~mtlearn.Game.explain` (a :class:`~mtlearn.engine.verdicts.Verdict` with its
rule id) for moves, :meth:`~mtlearn.Game.engine_of` and the round scores for numbers.

- :func:`open_trains`: which trains may this player use (``choose``);
- :func:`must_do`: what must this player do now: play, draw, pass, cover the double
  (``move``);
- :func:`every_legal`: every legal move, and why a tempting one is refused (``all-moves``);
- :func:`round_score`: score this round after the last tile (``number``);
- :func:`engine_round`: which double starts round N (``number``);
- :func:`next_player`: what happens next: plays again after a double, or the turn
  passes on with a marker (``choose``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.moves import MEXICAN
from ..core.notation import train_code
from ..engine.game import Game
from .mining_positions import Table
from .mining_records import level_for, position_of, rating_for

__all__ = ["DRILLS", "open_trains"]

Record = dict[str, Any]
Drill = Callable[[Game, Table, random.Random], "Record | None"]

#: The words for a table's variant, for questions and hints.
_VARIANT_WORDS = {
    "branching": "This table plays with branching doubles (R-VAR-BRANCH). ",
    "swan-drive": "This table plays Swan Drive (R-VAR-SWAN). ",
    "teams": "This table plays in partnerships: partners sit opposite (R-VAR-TEAMS). ",
    "answer-double": "At this table the extra tile after a double must go on that "
                     "double (R-VAR-ANSWER). ",
    "blanks-25": "At this table a blank end counts 25 points (R-VAR-BLANKS). ",
}
_VARIANT_RULE = {"branching": "R-VAR-BRANCH", "swan-drive": "R-VAR-SWAN",
                 "teams": "R-VAR-TEAMS", "answer-double": "R-VAR-ANSWER",
                 "blanks-25": "R-VAR-BLANKS"}


def _intro(t: Table) -> str:
    return _VARIANT_WORDS.get(t.name, "")


def _rule_base(t: Table) -> int:
    return 0 if t.name == "standard" else 100


def _record(tag: str, t: Table, game: Game, *, family: str, title: str, teaches: list[str],
            themes: list[str], question: str, kind: str, goal: dict[str, Any],
            hints: list[str], answer: Any, wrong: list[dict[str, Any]], explain: str,
            rating: int, perspective: int | None, keep_boneyard: bool = False) -> Record:
    teaches = list(dict.fromkeys(r for r in teaches if r))
    if t.name in _VARIANT_RULE and _VARIANT_RULE[t.name] not in teaches:
        teaches.append(_VARIANT_RULE[t.name])
    themes = list(dict.fromkeys([*themes, t.name if t.name != "standard" else "standard"]))
    rec: Record = {
        "tag": tag, "kind": kind, "family": family, "level": level_for(rating),
        "themes": themes, "rating": rating, "title": title, "teaches": teaches,
        "rules": dict(t.rules), "position": position_of(game, keep_boneyard=keep_boneyard),
        "question": question, "goal": goal, "hints": hints, "answer": answer,
        "wrong": wrong, "explain": explain,
    }
    if perspective is not None:
        rec["perspective"] = perspective + 1
    return rec


def _name(g: Game, seat: int) -> str:
    return g.players[seat]


def _label(g: Game, key: int | str) -> str:
    return g.train_label(key)


def _open_why(g: Game, key: int | str) -> tuple[str, str]:
    """Why train ``key`` is one of the engine's targets for the player to play."""
    seat = g.current
    label = _label(g, key)
    if key in g.open_double_trains:
        d = g.train(key).open_end
        return f"{label} ends in the open double {d}-{d}, which must be covered", "R-DBL-3"
    if g.swan is not None:
        return f"the Swan Drive goes on along {label}", "R-VAR-SWAN"
    if key == seat:
        return f"{label} is {_name(g, seat)}'s own", "R-TRAIN-1"
    if key == MEXICAN:
        return "the Mexican train is open to everyone", "R-MEX-1"
    if isinstance(key, int) and g.train(key).marker:
        return f"{label} carries a marker", "R-MARK-1"
    if g.rules.teams and g.partner(seat) == key:
        return f"{label} belongs to {_name(g, seat)}'s partner", "R-VAR-TEAMS"
    return f"the rules let {_name(g, seat)} play on {label} now", "R-TURN-1"


def _simple_turn(g: Game) -> bool:
    """A turn with only plays, draws and passes to choose from (no announcement, no
    declining, no ending a Swan Drive)."""
    return all(m.kind in ("play", "draw", "pass") for m in g.legal_moves)


# ---------------------------------------------------------------------- open trains
def open_trains(g: Game, t: Table, rng: random.Random) -> Record | None:
    """Which trains may the player to play lay a tile on now (``choose``)."""
    if g.over or g.n > 5 or not _simple_turn(g):
        return None
    seat = g.current
    targets = list(g.target_trains)
    if not targets:
        return None
    keys = g.train_keys()
    closed = [k for k in keys if k not in targets]
    name = _name(g, seat)
    whys = [_open_why(g, k) for k in targets]
    refusals = [(k, v) for k in closed if (v := g.train_refusal(k)) is not None]
    teaches = [r for _w, r in whys] + [v.rule for _k, v in refusals]
    open_words = "; ".join(f"{w} ({r})" for w, r in whys)
    shut_words = " ".join(v.text for _k, v in refusals[:3])
    explain = f"Open: {open_words}. {shut_words}".strip()
    wrong = []
    if refusals:
        k, v = rng.choice(refusals)
        wrong.append({"answer": sorted([*(train_code(x) for x in targets), train_code(k)]),
                      "expect": v.rule})
    if len(targets) > 1:
        wrong.append({"answer": [train_code(targets[0])], "expect": "left out a train"})
    markers = [_name(g, i) for i in range(g.n) if g.train(i).marker]
    hint2 = (f"Markers stand on the trains of {', '.join(markers)}." if markers
             else "No train carries a marker.")
    if g.open_double_trains:
        k = g.open_double_trains[0]
        d = g.train(k).open_end
        hint2 = f"Look at {_label(g, k)}: it ends in the double {d}-{d}."
    rating = rating_for("choose", choices=len(keys), base=_rule_base(t)
                        + (150 if g.open_double_trains else 0))
    return _record(
        "open-trains", t, g, family="turns", title=f"Which trains may {name} use?",
        teaches=teaches, themes=["open-trains"] + (["open-double"] if g.open_double_trains
                                                   else []),
        question=f"{_intro(t)}It is {name}'s turn. Tick every train {name} may lay a tile "
                 f"on now, whatever tiles {name} holds.",
        kind="choose", goal={"ask": "open_trains"},
        hints=["A player may use their own train (R-TRAIN-1), the Mexican train (R-MEX-1) "
               "and any train with a marker (R-MARK-1); an open double comes first "
               "(R-DBL-3).", hint2],
        answer=sorted(train_code(k) for k in targets), wrong=wrong, explain=explain,
        rating=rating, perspective=seat)


#: The drills by name (the miner's schedule names them).
DRILLS: dict[str, Drill] = {"open-trains": open_trains}
