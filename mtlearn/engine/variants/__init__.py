"""The variants that change the shape of play, one module each, in one table: :data:`VARIANTS`.

Every module of this folder defines one variant: a subclass of
:class:`~mtlearn.engine.variant_game.VariantGame` that overrides the hooks it needs and
says what it is in class attributes (``option``, ``rule``, ``title``, ``summary``,
``order``). Importing this package imports each module and reads the table from them, the
way :mod:`mtlearn.content.goals` finds the goal kinds, so adding a variant is adding a file
(see ``docs/add-a-variant.md``). The ones that ship:

- **Branching doubles** (R-VAR-BRANCH, :mod:`mtlearn.engine.variants.branching`): a
  covered double opens two more branches of its train;
- **Swan Drive** (R-VAR-SWAN, :mod:`mtlearn.engine.variants.swan_drive`): after a play on
  their own train a player goes on along the following public trains;
- **Partnerships** (R-VAR-TEAMS, :mod:`mtlearn.engine.variants.partnerships`): partners
  sit opposite, share their trains and score as a team.

Each variant's rule id and title are filed in :data:`mtlearn.core.rules.FILED_RULES` (from
which :data:`mtlearn.core.ruleids.RULES` takes them), and its option's rule in
:data:`mtlearn.core.rules.OPTION_RULES`, from its class, when this package is imported
(``import mtlearn`` does it).

``Game(...)`` (and so ``Game.new``, ``from_position``, ``from_json``, ``copy`` and the next
round) makes the class :func:`game_class` gives for the rules: :class:`~mtlearn.Game` when
no variant of the table is on (the standard game never runs this code), the variant's class
for one, and for several a class whose bases are theirs, in the table's order.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import fields

from ...core.rules import FILED_RULES, FILED_WORDS, OPTION_RULES, Rules
from ..game import Game
from ..lines import BranchState, branch_sort_key
from ..variant_game import VariantGame
from .branching import Branching
from .partnerships import Partnerships
from .swan_drive import SwanDrive

__all__ = ["VARIANTS", "BranchState", "Branching", "Partnerships", "SwanDrive", "VariantGame",
           "branch_sort_key", "game_class"]

_STANDARD = Rules()
_OPTIONS = {f.name for f in fields(Rules)}


def _discover() -> tuple[type[VariantGame], ...]:
    """Import every module of this folder; its variant classes, by ``order``."""
    found: list[type[VariantGame]] = []
    # (os, not pkgutil: the in-page engine's first board loads no module it can do without)
    names = {name.rsplit(".", 1)[0] for folder in __path__ for name in os.listdir(folder)
             if name.endswith((".py", ".pyc")) and not name.startswith("__init__.")}
    for name in sorted(names):
        module = importlib.import_module(f"{__name__}.{name}")
        found.extend(cls for cls in vars(module).values()
                     if isinstance(cls, type) and issubclass(cls, VariantGame)
                     and cls.__module__ == module.__name__ and cls.option)
    for cls in found:
        for attr in ("option", "rule", "title", "summary", "words", "learner_text"):
            if not isinstance(getattr(cls, attr), str) or not getattr(cls, attr):
                raise TypeError(f"{cls.__name__} needs a {attr}")
        if cls.option not in _OPTIONS:
            raise TypeError(f"{cls.__name__}: {cls.option!r} is not a field of Rules yet: "
                            "run ./dev regen, which writes the variants' options into "
                            "mtlearn/core/rules.py")
        if "__slots__" not in vars(cls):
            raise TypeError(f"{cls.__name__} needs __slots__ = () (a game has no __dict__)")
    options = [cls.option for cls in found]
    twice = sorted({o for o in options if options.count(o) > 1})
    if twice:
        raise ValueError(f"the rules option {twice[0]!r} turns on two variants")
    found.sort(key=lambda cls: (cls.order, cls.option))
    for cls in found:
        if FILED_RULES.setdefault(cls.rule, cls.title) != cls.title:
            raise ValueError(f"{cls.rule} is filed twice, with two titles")
        OPTION_RULES.setdefault(cls.option, cls.rule)
        FILED_WORDS.setdefault(cls.rule, cls.words)
    return tuple(found)


#: The variants that change the shape of play, as their classes, read from the modules of
#: this folder: each names the rules option that turns it on (when it is not at its
#: standard value), its rule id and title, and what it changes. When several are on, each
#: hook asks them in this order (their ``order``, then their option): the first that
#: overrides it answers first (a refusal of Swan Drive before one of branching, say) and
#: hands over with ``super()``.
VARIANTS: tuple[type[VariantGame], ...] = _discover()

#: the classes made for several variants at once, by their bases
_COMBINED: dict[tuple[type[VariantGame], ...], type[VariantGame]] = {}


def game_class(rules: Rules) -> type[Game]:
    """The class of game the rules make (see the module doc)."""
    on = tuple(cls for cls in VARIANTS
               if getattr(rules, cls.option) != getattr(_STANDARD, cls.option))
    if not on:
        return Game
    if len(on) == 1:
        return on[0]
    cls = _COMBINED.get(on)
    if cls is None:
        name = "".join(c.__name__ for c in on)
        cls = _COMBINED[on] = type(name, on, {"__slots__": (), "__module__": __name__,
                                              "__doc__": f"A game with {name}."})
    return cls
