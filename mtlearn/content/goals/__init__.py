"""The kinds of puzzle goal, one module each, and the registry that finds them.

Every module of this folder (other than :mod:`~mtlearn.content.goals.goal_kind`, the
base class and the registry) defines one kind: a subclass of
:class:`~mtlearn.content.goals.goal_kind.GoalKind` decorated with
:func:`~mtlearn.content.goals.goal_kind.register`. Importing this package imports each of
them, so adding a kind is adding a file (see the book's page "Add a goal kind").
"""

from __future__ import annotations

import importlib
import pkgutil

from .goal_kind import GOAL_KINDS, KINDS, Feedback, GoalKind, goal_kind, register, unregister

__all__ = ["GOAL_KINDS", "KINDS", "Feedback", "GoalKind", "goal_kind", "register",
           "unregister"]

for _module in pkgutil.iter_modules(__path__):
    if _module.name != "goal_kind":
        importlib.import_module(f"{__name__}.{_module.name}")
