"""The engine's fast paths and the rules each is written for: :data:`FAST_PATHS`.

For speed (issue 11, ``devnotes/ENGINE_SPEED.md``) the engine has straight copies of its
hottest code for the rules most games use, each switched on by a flag of the game that
``Game.__new__`` sets from the rules with :func:`fast_paths`. Which rules a path serves is
declared here once, as what it handles besides the standard game, so an option nobody has
looked at turns the paths off instead of being skipped by them.
"""

from __future__ import annotations

from dataclasses import fields

from ..core.rules import Rules

__all__ = ["ANY", "FAST_PATHS", "fast_paths"]

#: Marks an option a fast path never reads (see :data:`FAST_PATHS`).
ANY = "any value"

#: The options no fast path reads (the deal, the scores, the match's length) and one read
#: only under ``last_tile="penalty"``, which no fast path handles.
_OUTSIDE_PLAY: dict[str, tuple[object, ...] | str] = dict.fromkeys(
    ("deal", "hand_size", "engine", "scoring", "tie_break", "rounds", "penalty_tiles"), ANY)

#: The engine's fast paths (issue 11), each a flag of the game, and what each handles
#: besides the standard game (RULES.md §10): the options it never reads (:data:`ANY`) or
#: the values it is written for. A fast path is on only when every other option has its
#: standard value, so an option added to :class:`~mtlearn.Rules` (a new variant with it)
#: turns every fast path off until it is named here; ``tests/test_fast_paths.py`` then plays
#: each path against the general code.
#:
#: - ``_plain``: a play's tail and a pass's marker, inlined in ``_apply`` (no building
#:   turn, none of the variants that reshape play);
#: - ``_plain_plays``: the plays with no open double, with one laid this turn, or with one
#:   from an earlier turn that binds play, inlined in ``_plays`` (no wild blanks either);
#: - ``_plain_legal``: the legal list, inlined in ``legal`` (no announcing, no declining, a
#:   drawn tile that fits must be played);
#: - ``_plain_end``: the end of a turn, inlined in ``_end_turn`` (no building turn, no
#:   penalty to settle; it holds for every shape of play).
FAST_PATHS: dict[str, dict[str, tuple[object, ...] | str]] = {
    "_plain": {**_OUTSIDE_PLAY, **dict.fromkeys(
        ("mexican_start", "double_bonus", "double_order", "unsatisfiable_double_blocks",
         "drawn_tile", "last_tile", "may_decline", "wild_blanks"), ANY)},
    "_plain_plays": {**_OUTSIDE_PLAY, **dict.fromkeys(
        ("mexican_start", "double_bonus", "double_order", "unsatisfiable_double_blocks",
         "drawn_tile", "last_tile", "may_decline"), ANY)},
    "_plain_legal": {**_OUTSIDE_PLAY, **dict.fromkeys(
        ("mexican_start", "double_bonus", "double_order", "unsatisfiable_double_blocks",
         "wild_blanks"), ANY)},
    "_plain_end": {**_OUTSIDE_PLAY, **dict.fromkeys(
        ("mexican_start", "double_bonus", "double_order", "unsatisfiable_double_blocks",
         "drawn_tile", "may_decline", "wild_blanks", "branching", "swan_drive", "teams"), ANY),
        "last_tile": ("off", "announce")},
}
# Game.__new__ sets the four flags in this order
assert tuple(FAST_PATHS) == ("_plain", "_plain_plays", "_plain_legal", "_plain_end")

_STANDARD = Rules()
_OPTIONS = tuple(f.name for f in fields(Rules))


def fast_paths(rules: Rules) -> tuple[bool, ...]:
    """Which fast paths of :data:`FAST_PATHS` the rules allow, in its order."""
    def on(handles: dict[str, tuple[object, ...] | str]) -> bool:
        for name in _OPTIONS:
            value = getattr(rules, name)
            if value == getattr(_STANDARD, name):
                continue
            ok = handles.get(name, ())
            if ok != ANY and value not in ok:
                return False
        return True
    return tuple(on(handles) for handles in FAST_PATHS.values())
