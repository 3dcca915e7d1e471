"""Turning a mined position and question into a puzzle record, and checking it.

A record has the fields of a hand-written puzzle file (:mod:`mtlearn.content.puzzle_files`):
the position is the engine's own (:meth:`~mtlearn.Game.to_position`) with what is
implied left out (empty lists, the sorted boneyard when no draw matters), the id is
``m-<kind>-<hash>`` where the hash is of the canonical position and question
(:func:`canonical_key`, also the key the set is deduplicated by), and the starting
rating comes from measured features (:func:`mtlearn.content.mining_ratings.rating`).
:func:`finish` builds the puzzle from the record with
:func:`~mtlearn.content.puzzle_files.from_data`, proves it with
:func:`~mtlearn.content.puzzle_files.check` and checks every claim of its hints, labels
and answer with :func:`~mtlearn.content.mining_claims.faults`, so a record is only kept
when the engine agrees with all of it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..engine.game import Game
from .mining_claims import faults
from .mining_ratings import features, is_trivial, rating
from .puzzle_files import check, from_data
from .puzzle_record import PuzzleError

__all__ = ["canonical_key", "finish", "level_for", "position_of"]

#: Position fields left out when they hold their default value.
_DEFAULTS: dict[str, Any] = {
    "markers": [], "open_doubles": [], "passes": 0, "announced": [], "penalty_pending": None,
    "scores": [], "result": None, "first_turns_done": [], "notes": [],
    "turn": {"bonus": False, "doubles": [], "drawn": None, "declined": False, "played": 0,
             "building": False},
}


def position_of(game: Game, *, keep_boneyard: bool = False) -> dict[str, Any]:
    """The position of ``game`` for a puzzle file: the engine's own, without rules (a
    puzzle names them at its top level), seed and defaults; the boneyard only when
    ``keep_boneyard`` (otherwise every tile not elsewhere, sorted: what a learner sees)."""
    pos = game.to_position()
    for k in ("format", "version", "rules", "seed"):
        pos.pop(k, None)
    for k, v in _DEFAULTS.items():
        if pos.get(k) == v:
            pos.pop(k)
    if not keep_boneyard:
        pos.pop("boneyard", None)
    if pos.get("engine") == game.engine_of(pos.get("round", 1)):
        pos.pop("engine", None)
    if pos.get("round") == 1:
        pos.pop("round")
    return pos


def canonical_key(rules: dict[str, Any], position: dict[str, Any], kind: str,
                  goal: dict[str, Any]) -> str:
    """The key two puzzles are the same by: the rules, the position (hands sorted, names
    left out) and the question; a hex digest."""
    pos = dict(position)
    pos.pop("players", None)
    if "hands" in pos:
        pos["hands"] = [sorted(h) for h in pos["hands"]]
    text = json.dumps([rules, pos, kind, goal], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def level_for(rating: int) -> int:
    """The puzzle level (1-5) a rating stands for."""
    return max(1, min(5, (rating - 700) // 200 + (1 if (rating - 700) % 200 >= 100 else 0)))


def finish(record: dict[str, Any], *, prove: bool = True) -> dict[str, Any] | None:
    """The record with its id, built and proved by the engine; None if the engine does
    not prove it (a generator's question the puzzle reader or judge cannot take)."""
    key = canonical_key(record.get("rules", {}), record["position"], record["kind"],
                        record["goal"])
    record = {"id": f"m-{record.pop('tag')}-{key[:10]}", **record}
    try:
        # the level is the rating's, measured below on the built puzzle
        data = json.loads(json.dumps({"level": 3, **record}))
        p = from_data(data, record["id"])
        if prove:
            check(p)
    except PuzzleError:
        return None
    if prove and faults(p, data):
        return None         # a claim the engine does not support is not shipped
    f = features(p)
    if prove and is_trivial(f):
        return None         # a random answer right half the time: nothing to learn
    r = rating(p, f)
    return {**record, "rating": r, "level": level_for(r)}
