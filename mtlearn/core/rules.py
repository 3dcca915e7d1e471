"""Rules options: every variant of RULES.md as one frozen object.

:class:`Rules` names each choice where the sources disagree. ``Rules()`` is the
standard game (RULES.md §10); :func:`preset` gives the named presets, and
``Rules.preset("table-b", last_tile="penalty")`` combines a preset with overrides.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from typing import Any, Literal, get_args, get_origin, get_type_hints

from .errors import NotSupportedError, RulesError
from .tiles import SETS, set_size

__all__ = ["FILED_RULES", "OPTION_CHOICES", "PRESETS", "TEAM_TABLES", "Rules", "hand_size",
           "preset", "usual_set"]

# The options with named values, each typed by its values. One declaration: OPTION_CHOICES,
# and with it the checks of Rules, is read from the fields' types, and mypy holds every
# comparison in the engine to them (``first_turn == "fats"`` is an error).
Deal = Literal["standard", "table-b", "small-sets"]
EngineHolder = Literal["hub", "holder"]
MexicanStart = Literal["any", "after-first-round", "after-all-started"]
FirstTurn = Literal["normal", "train-building", "fast", "delayed"]
DoubleBonus = Literal["anywhere", "on-double"]
DoubleOrder = Literal["laid", "reverse"]
DrawnTile = Literal["must", "may"]
LastTile = Literal["off", "announce", "penalty"]
Scoring = Literal["double-blank-50", "blanks-25"]
TieBreak = Literal["zero-rounds", "shared"]

#: The rule id each option stands for (used in docs and explanations). A variant class of
#: the engine (:mod:`mtlearn.engine.variants`) files its own option's rule here when the
#: package is imported: its option is one field of :class:`Rules` (written by ./dev regen).
OPTION_RULES: dict[str, str] = {
    "deal": "R-DEAL-2",
    "hand_size": "R-DEAL-2",
    "engine": "R-ROUND-2",
    "mexican_start": "R-MEX-2",
    "first_turn": "R-FIRST-1",
    "double_bonus": "R-VAR-ANSWER",
    "double_order": "R-VAR-REVERSE",
    "unsatisfiable_double_blocks": "R-DBL-6",
    "drawn_tile": "R-VAR-STRICT-DRAW",
    "last_tile": "R-LAST-2",
    "penalty_tiles": "R-LAST-2",
    "scoring": "R-VAR-BLANKS",
    "tie_break": "R-SCORE-4",
    "may_decline": "R-VAR-CHOOSE",
    "wild_blanks": "R-VAR-WILD",
    "rounds": "R-ROUND-1",
}

#: Rule id -> title of each rule a variant class of the engine carries (section 9 of the
#: rules reference), filed here by :mod:`mtlearn.engine.variants` when the package is
#: imported; :data:`mtlearn.core.ruleids.RULES` takes them in when it is first imported
#: (which a first board does not do: the in-page engine starts without it).
FILED_RULES: dict[str, str] = {}

#: Rule id -> the rule in a learner's words, for each rule a variant class carries (its
#: ``words``), filed here with :data:`FILED_RULES`; :data:`mtlearn.core.rule_words.WORDS`
#: takes them in (the first board imports neither that table nor the rule ids').
FILED_WORDS: dict[str, str] = {}

#: Table sizes partnerships are played at (R-VAR-TEAMS: 4, 6 or 8 players, partners
#: sitting opposite each other).
TEAM_TABLES = (4, 6, 8)


@dataclass(frozen=True)
class Rules:
    """The rules of one game. Defaults are the standard game (RULES.md §10).

    Attributes:
        deal: hand-size table (R-DEAL-2): ``"standard"``, ``"table-b"``, ``"small-sets"``.
        hand_size: a fixed hand size overriding the table, or None.
        engine: who holds the engine (R-ROUND-2): ``"hub"`` (placed before the deal,
            first seat moves clockwise each round) or ``"holder"`` (dealt; its holder
            places it and plays first).
        mexican_start: when the Mexican train may be started (R-MEX-2).
        first_turn: ``"normal"``, ``"train-building"`` (R-FIRST-1 [P]),
            ``"fast"`` (R-VAR-FAST) or ``"delayed"`` (R-VAR-DELAY).
        double_bonus: where the extra tile after a double goes (R-DBL-1):
            ``"anywhere"`` or ``"on-double"`` (R-VAR-ANSWER).
        double_order: order several open doubles are satisfied in (R-DBL-4):
            ``"laid"`` or ``"reverse"`` (R-VAR-REVERSE).
        unsatisfiable_double_blocks: if False (standard), a double that can no
            longer be covered stops blocking (R-DBL-6).
        drawn_tile: a playable drawn tile ``"must"`` be played, or ``"may"``
            (R-VAR-STRICT-DRAW).
        last_tile: ``"off"`` (no announcement move), ``"announce"`` (R-LAST-1) or
            ``"penalty"`` (R-LAST-2).
        penalty_tiles: tiles drawn by a player caught not announcing.
        scoring: ``"double-blank-50"`` (R-SCORE-2) or ``"blanks-25"`` (R-VAR-BLANKS).
        tie_break: ``"zero-rounds"`` (R-SCORE-4) or ``"shared"`` (ties stand).
        may_decline: a player may decline to play, draw and mark (R-VAR-CHOOSE).
        wild_blanks: blanks match any number (R-VAR-WILD).
        rounds: number of rounds in a match, or None for N+1 (R-ROUND-1).

    The variants that change the shape of play (:data:`mtlearn.engine.variants.VARIANTS`)
    are switched on by an option each, off in the standard game. Those fields are written
    from the variant classes by ``./dev regen`` (``tests/gen_variant_options.py``), each
    with its summary: a new variant is its module alone.
    """

    deal: Deal = "standard"
    hand_size: int | None = None
    engine: EngineHolder = "hub"
    mexican_start: MexicanStart = "any"
    first_turn: FirstTurn = "normal"
    double_bonus: DoubleBonus = "anywhere"
    double_order: DoubleOrder = "laid"
    unsatisfiable_double_blocks: bool = False
    drawn_tile: DrawnTile = "must"
    last_tile: LastTile = "off"
    penalty_tiles: int = 2
    scoring: Scoring = "double-blank-50"
    tie_break: TieBreak = "zero-rounds"
    may_decline: bool = False
    wild_blanks: bool = False
    # <generated: variant options> (./dev regen, from mtlearn/engine/variants/)
    #: A covered double opens two more branches of its train (R-VAR-BRANCH;
    #: mtlearn/engine/variants/branching.py).
    branching: bool = False
    #: After a play on their own train a player goes on along the following public trains
    #: (R-VAR-SWAN; mtlearn/engine/variants/swan_drive.py).
    swan_drive: bool = False
    #: Partners sit opposite, share their trains and score as a team (R-VAR-TEAMS;
    #: mtlearn/engine/variants/partnerships.py).
    teams: bool = False
    # </generated: variant options>
    rounds: int | None = None

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in OPTION_CHOICES:
                if value not in OPTION_CHOICES[f.name]:
                    choices = ", ".join(repr(c) for c in OPTION_CHOICES[f.name])
                    raise RulesError(f"rules option {f.name!r} cannot be {value!r}; "
                                     f"choose one of {choices}")
            elif f.type in ("bool",):
                if not isinstance(value, bool):
                    raise RulesError(f"rules option {f.name!r} must be true or false, "
                                     f"not {value!r}")
            elif f.name in ("hand_size", "rounds"):
                if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                          or value < 1):
                    raise RulesError(f"rules option {f.name!r} must be a positive whole "
                                     f"number or null, not {value!r}")
            elif f.name == "penalty_tiles":
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise RulesError(f"rules option 'penalty_tiles' must be a whole number "
                                     f"from 0, not {value!r}")

    # -- construction -------------------------------------------------------------
    @classmethod
    def preset(cls, name: str = "standard", **overrides: Any) -> Rules:
        """The named preset, with ``overrides`` applied (unknown names are errors)."""
        return preset(name, **overrides)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build rules from ``{"preset": name, option: value, ...}`` (as in positions)."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object like {{'preset': 'standard'}}, "
                             f"not {data!r}")
        data = dict(data)
        for key in data:
            if not isinstance(key, str):
                raise RulesError(f"rules options are named by text, not {key!r}")
        name = data.pop("preset", "standard")
        return preset(name, **data)

    def to_dict(self) -> dict[str, Any]:
        """The closest preset plus the options that differ from it."""
        return dict(_closest_preset(self))

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed."""
        _check_names(changes)
        return replace(self, **changes)

    def check_supported(self, players: int | None = None) -> None:
        """Raise :class:`NotSupportedError` for a combination the rules reference rules out.

        Every option and every combination of options is playable; the one thing the
        reference forbids is partnerships (R-VAR-TEAMS) at a table other than 4, 6 or
        8 players (``players``, when given): partners must sit opposite each other.
        """
        if self.teams and players is not None and players not in TEAM_TABLES:
            raise NotSupportedError(
                f"Partnerships (R-VAR-TEAMS) are played by 4, 6 or 8 players, partners "
                f"sitting opposite each other, not by {players}; turn the option 'teams' "
                f"off or change the table size")

    @property
    def name(self) -> str:
        """A short description: the preset name, plus changed options."""
        d = self.to_dict()
        name = str(d.pop("preset"))
        if not d:
            return name
        return name + " (" + ", ".join(f"{k}={v}" for k, v in d.items()) + ")"

    def tile_value(self, a: int, b: int) -> int:
        """Points a tile counts when caught in a hand (R-SCORE-2, R-VAR-BLANKS)."""
        if a == 0 and b == 0:
            return 50
        if self.scoring == "blanks-25":
            return (25 if a == 0 else a) + (25 if b == 0 else b)
        return a + b


#: Allowed values of every option that is not a plain bool or a number, read from the
#: ``Literal`` type of its field (so a new option with named values needs no entry here).
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    name: get_args(kind) for name, kind in get_type_hints(Rules).items()
    if get_origin(kind) is Literal}


def _check_names(options: dict[str, Any]) -> None:
    for key in options:
        if key not in _OPTION_NAMES:
            raise RulesError(f"unknown rules option {key!r}; known options: "
                             + ", ".join(sorted(_OPTION_NAMES)))


#: The names of the rules options (the fields of :class:`Rules`).
_OPTION_NAMES = frozenset(f.name for f in fields(Rules))


def preset(name: str = "standard", **overrides: Any) -> Rules:
    """Return the preset called ``name`` with ``overrides`` applied."""
    if not isinstance(name, str) or name not in PRESETS:
        raise RulesError(f"unknown rules preset {name!r}; presets: " + ", ".join(PRESETS))
    _check_names(overrides)
    return replace(PRESETS[name], **overrides) if overrides else PRESETS[name]


#: Named presets. ``standard`` is RULES.md §10; the others follow one source each.
PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    # [P] classic rules page: train-building first turn, engine dealt, Mexican from
    # the second turn, a drawn tile may be kept.
    "train-building": Rules(engine="holder", first_turn="train-building",
                            mexican_start="after-first-round", drawn_tile="may"),
    # [A] printed rule sheet: answer the double yourself, engine dealt.
    "answer-double": Rules(engine="holder", double_bonus="on-double", last_tile="announce"),
    # [B] rules site: its own deal table.
    "table-b": Rules(deal="table-b", last_tile="announce"),
    # [N] house rules: small deals, blanks 25, last-tile penalty, answer the double.
    "house": Rules(deal="small-sets", scoring="blanks-25", last_tile="penalty",
                   double_bonus="on-double"),
    # [W] encyclopedia: a player may decline to play; last-tile penalty.
    "choose": Rules(may_decline=True, last_tile="penalty", drawn_tile="may"),
}

# Hand-size tables (R-DEAL-2): set -> list of (min players, max players, hand size).
_STANDARD_TABLE: dict[int, list[tuple[int, int, int]]] = {
    6: [(2, 2, 7), (3, 4, 5)],
    9: [(2, 2, 15), (3, 3, 13), (4, 4, 10), (5, 5, 8), (6, 6, 6)],
    12: [(2, 4, 15), (5, 6, 12), (7, 8, 10), (9, 10, 8)],
    15: [(2, 4, 15), (5, 8, 12), (9, 12, 11)],
    18: [(2, 8, 15), (9, 12, 12), (13, 16, 10), (17, 18, 9)],
}
_TABLE_B: dict[int, list[tuple[int, int, int]]] = {
    12: [(2, 3, 16), (4, 4, 15), (5, 5, 14), (6, 6, 12), (7, 7, 10), (8, 8, 9)],
    9: [(2, 2, 15), (3, 3, 13), (4, 4, 10)],
}
_SMALL_SETS: dict[int, list[tuple[int, int, int]]] = {
    9: [(2, 3, 8)],
    12: [(4, 6, 12)],
    15: [(9, 12, 11)],
}
_TABLES = {"standard": _STANDARD_TABLE, "table-b": _TABLE_B, "small-sets": _SMALL_SETS}


def _lookup(table: dict[int, list[tuple[int, int, int]]], n: int, players: int) -> int | None:
    for lo, hi, size in table.get(n, []):
        if lo <= players <= hi:
            return size
    return None


def hand_size(rules: Rules, n: int, players: int) -> int:
    """Tiles dealt to each player for a double-``n`` set (R-DEAL-2).

    The chosen table is used where it has an entry; otherwise the standard table.
    Raises :class:`RulesError` if the deal is impossible (negative boneyard) or no
    table covers this set and table size.
    """
    if n not in SETS:
        raise RulesError(f"there is no double-{n} set; choose one of {SETS}")
    if players < 2:
        raise RulesError("Mexican Train needs at least 2 players")
    size = rules.hand_size
    if size is None:
        size = _lookup(_TABLES[rules.deal], n, players)
    if size is None:
        size = _lookup(_STANDARD_TABLE, n, players)
    if size is None:
        most = max(hi for _, hi, _ in _STANDARD_TABLE[n])
        raise RulesError(f"a double-{n} set is not dealt to {players} players (at most {most}); "
                         f"use a bigger set (R-SET-4)")
    available = set_size(n) - (1 if rules.engine == "hub" else 0)
    if size * players > available:
        raise RulesError(f"dealing {size} tiles to each of {players} players needs "
                         f"{size * players} tiles, but a double-{n} set has only {available} "
                         f"to deal: the boneyard would be negative (R-DEAL-2)")
    return size


def usual_set(players: int) -> int:
    """The set usually chosen for a table of ``players`` (R-SET-4)."""
    if players <= 1:
        raise RulesError("Mexican Train needs at least 2 players")
    if players <= 8:
        return 12
    if players <= 12:
        return 15
    return 18


def max_players(n: int) -> int:
    """Largest table the standard deal table serves with a double-``n`` set."""
    return max(hi for _, hi, _ in _STANDARD_TABLE[n])


@lru_cache(maxsize=256)
def _closest_preset(rules: Rules) -> tuple[tuple[str, Any], ...]:
    """``Rules.to_dict`` worked out once per set of rules (every saved position asks)."""
    fields = asdict(rules)
    best_name, best_diff = "standard", None
    for name, base in PRESETS.items():
        diff = {k: v for k, v in fields.items() if getattr(base, k) != v}
        if best_diff is None or len(diff) < len(best_diff):
            best_name, best_diff = name, diff
    return (("preset", best_name), *(best_diff or {}).items())

