"""The stars a learner earns: one rule for puzzles and for boards with checked steps.

Its own module so that a board with steps (:mod:`mtlearn.content.steps`, which the
in-page engine may open first) imports no puzzle machinery to count its stars;
:mod:`mtlearn.content.puzzle_record` names the same functions. ``stars.js`` in the front
end applies the same rule.
"""

from __future__ import annotations

__all__ = ["star_table", "stars_for"]


def stars_for(slips: int, par: int) -> int:
    """The stars a solved puzzle earns: 3 with at most ``par`` slips (wrong or refused
    answers plus hints taken), then one fewer per slip over par, never fewer than 1.
    (Seeing the answer earns none; the front end does not call this then.)"""
    return max(1, 3 - max(0, slips - max(0, par)))


def star_table(par: int) -> list[int]:
    """:func:`stars_for` as the front end receives it (``info()["stars"]``): entry ``i``
    is the stars for ``i`` slips; the last entry holds for any number of slips beyond."""
    return [stars_for(slips, par) for slips in range(max(0, par) + 3)]
