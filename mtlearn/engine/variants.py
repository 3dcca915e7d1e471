"""The variants that change the shape of play, in one table: :data:`VARIANTS`.

Each is a subclass of :class:`~mtlearn.engine.variant_game.VariantGame` in a module of its
own, which overrides the hooks that variant needs:

- **Branching doubles** (R-VAR-BRANCH, :mod:`mtlearn.engine.branching`): a covered double
  opens two more branches of its train;
- **Swan Drive** (R-VAR-SWAN, :mod:`mtlearn.engine.swan_drive`): after a play on their own
  train a player goes on along the following public trains;
- **Partnerships** (R-VAR-TEAMS, :mod:`mtlearn.engine.partnerships`): partners sit
  opposite, share their trains and score as a team.

``Game(...)`` (and so ``Game.new``, ``from_position``, ``from_json``, ``copy`` and the next
round) makes the class :func:`game_class` gives for the rules: :class:`~mtlearn.Game` when
no variant of the table is on (the standard game never runs this code), the variant's class
for one, and for several a class whose bases are theirs, in the table's order. How to add
one: ``docs/add-a-variant.md``.
"""

from __future__ import annotations

from ..core.rules import Rules
from .branching import Branching
from .game import Game
from .lines import BranchState, branch_sort_key
from .partnerships import Partnerships
from .swan_drive import SwanDrive
from .variant_game import VariantGame

__all__ = ["VARIANTS", "BranchState", "Branching", "Partnerships", "SwanDrive", "VariantGame",
           "branch_sort_key", "game_class"]

#: The variants that change the shape of play, as their classes: each names the rules
#: option that turns it on (when it is not at its standard value), its rule id and
#: what it changes (``option``, ``rule``, ``summary``). When several are on,
#: each hook asks them in this order: the first that overrides it answers first (a refusal
#: of Swan Drive before one of branching, say) and hands over with ``super()``.
VARIANTS: tuple[type[VariantGame], ...] = (SwanDrive, Branching, Partnerships)

_STANDARD = Rules()
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
