"""The notation of seats, trains, branches and moves: the one place that reads and writes them.

A place on the table has three spellings, and only this module turns one into another:

- **Python keys**, what the API takes and returns: a seat index ``0 … n-1``, or
  :data:`MEXICAN` (``"M"``) for the Mexican train; a branch is a path such as ``"3a"``
  or ``"3a.1b"`` beside its train's key (R-VAR-BRANCH).
- **Text**, what moves, positions, puzzles, scenarios, views and highlights are
  written in: seats numbered from 1 as players say them (``"2"``), ``"M"``, and line
  codes that add a branch after a dot (``"2.3a"``, ``"M.3a.1b"``). A branch's name is
  the number of the double's tile on its line (from 1) and ``a`` or ``b`` for the
  first or second branch off that double; a branch off a branch adds a part.
- **Line indices**, the engine's list of trains: seats ``0 … n-1``, the Mexican train
  ``n``; branches above ``n`` (which branch sits where depends on the game, so here a
  branch is a train index and a path).

Readers take the old spellings too (``"m"``, ``"02"``, ``"2.3A"``) and writers write
one spelling, so writing what was read gives the canonical text. Anything else is a
:class:`~mtlearn.core.errors.NotationError` (a ``ValueError``) that quotes what was
given and says what is written instead; callers put the field's name in front.
Standard library only; nothing here runs on the engine's hot path.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, NamedTuple, TypeAlias

from .errors import NotationError
from .tiles import Tile

__all__ = [
    "BRANCH_RE", "MEXICAN", "MoveParts", "TrainKey", "branch_child", "branch_parent",
    "branch_sort_key", "index_code", "index_of", "key_of", "line_code", "normal_line",
    "parse_branch", "parse_line", "parse_seat", "parse_train", "parse_train_index",
    "player_index", "quote", "read_move", "train_code", "write_move",
]

#: The train key (and the text) of the Mexican train.
MEXICAN: Final = "M"

#: A train as the Python API names it: a seat index from 0, or :data:`MEXICAN`.
TrainKey: TypeAlias = int | str

_PART = r"[1-9][0-9]{0,2}[ab]"
#: A branch path as written by :func:`line_code` (lower case): ``3a``, ``3a.1b``.
BRANCH_RE: Final = re.compile(rf"^{_PART}(?:\.{_PART})*$")
_BRANCH_ANY_CASE = re.compile(rf"{_PART}(?:\.{_PART})*", re.IGNORECASE)
_SEAT_DIGITS = re.compile(r"[0-9]{1,2}")
_MOVE_WORDS: Final = {"draw": "draw", "pass": "pass", "uno": "uno", "announce": "uno",
                      "end": "end"}
_MOVE_TILE = re.compile(r"\s*([0-9]{1,2})\s*-\s*([0-9]{1,2})\s*")
_MOVE_HELP = ("write a tile and a train like '12-5@M' or '5-9@2' (seat 2), a branch like "
              "'6-4@2.3a', or 'draw', 'pass', 'uno', 'end'")
_BRANCH_HELP = ("a branch name is the number of its double's tile on the line (from 1) "
                "and a or b, like '3a', or '3a.1b' for a branch off a branch")


def quote(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut short, for quoting input in a one-line message."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):      # e.g. an int too long to print
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "…"


# ---------------------------------------------------------------------- writing
def train_code(key: TrainKey) -> str:
    """A train key as text: ``"M"``, or the seat numbered from 1 (seat 0 is ``"1"``)."""
    return MEXICAN if key == MEXICAN else str(int(key) + 1)


def index_code(idx: int, n: int) -> str:
    """The text of train index ``idx`` (``0 … n``) of an ``n``-seat game: ``"1"`` … ``"M"``."""
    return MEXICAN if idx == n else str(idx + 1)


def line_code(key: TrainKey, path: str = "") -> str:
    """The text of a line: the train's code, then ``.`` and the branch path if any
    (``line_code(1) == "2"``, ``line_code("M", "3a") == "M.3a"``)."""
    code = train_code(key)
    return f"{code}.{path}" if path else code


def key_of(idx: int, n: int) -> TrainKey:
    """The Python key of train index ``idx`` (``0 … n``): the seat, or ``"M"`` for ``n``."""
    return MEXICAN if idx == n else idx


def index_of(key: TrainKey, n: int) -> int:
    """The train index of a Python key: the seat itself, ``n`` for ``"M"``."""
    return n if key == MEXICAN else int(key)


def branch_child(parent: str, at: int, side: str) -> str:
    """The path of branch ``side`` (``"a"``/``"b"``) off the double at tile ``at`` (from 1)
    of the line whose path is ``parent`` (``""`` for the train itself)."""
    return f"{parent}.{at}{side}" if parent else f"{at}{side}"


def branch_parent(path: str) -> tuple[str, int]:
    """A branch path's parent line path and the tile number of its double on that line:
    ``"3a.1b"`` gives ``("3a", 1)``, ``"3a"`` gives ``("", 3)``."""
    head, _, last = path.rpartition(".")
    return head, int(last[:-1])


def branch_sort_key(path: str) -> tuple[tuple[int, str], ...]:
    """Order of branches on one train: ``3a`` < ``3a.1a`` < ``3b`` < ``10a``."""
    return tuple((int(p[:-1]), p[-1]) for p in path.split(".")) if path else ()


# ---------------------------------------------------------------------- reading
def player_index(name: str, players: Sequence[str]) -> int | None:
    """The seat of the player called ``name``: the exact name, else the one name equal
    to it ignoring case (``"ben"`` for Ben, unless two players differ only in case)."""
    if name in players:
        return list(players).index(name)
    folded = [p.casefold() for p in players]
    if folded.count(name.casefold()) == 1:
        return folded.index(name.casefold())
    return None


def parse_seat(value: object, n: int, *, players: Sequence[str] = (), base: int = 1,
               text: bool = False) -> int:
    """A seat index (from 0) from a seat number counted from ``base`` (1 as players say it;
    0 where a spec speaks Python), or from a player's name when ``players`` are given.

    ``text=True`` also reads the number written as digits (``"2"``), as JSON object keys
    are. Raises :class:`NotationError`: ``'Zed' is not a player: use a name (Ana, Ben) or
    a seat number from 1 to 2``, or ``4 is not a seat: write a seat number from 1 to 3``.
    """
    if isinstance(value, str) and players:
        found = player_index(value, players)
        if found is not None:
            return found
    number: object = value
    if text and isinstance(value, str) and _SEAT_DIGITS.fullmatch(value):
        number = int(value)
    if isinstance(number, int) and not isinstance(number, bool) and base <= number < n + base:
        return number - base
    hint = " (seats are numbered from 1)" if base == 1 and number == 0 else ""
    if players:
        raise NotationError(f"{quote(value)} is not a player: use a name "
                            f"({', '.join(players)}) or a seat number from {base} to "
                            f"{n - 1 + base}{hint}")
    raise NotationError(f"{quote(value)} is not a seat: write a seat number from {base} to "
                        f"{n - 1 + base}{hint}")


def _seats(n: int | None) -> str:
    return "(from 1)" if n is None else f"from 1 to {n}"


def _train_problem(value: object, n: int | None) -> str:
    """What to write instead of ``value``, which is not a train (and why, if it looks near)."""
    why = ""
    t = value if isinstance(value, str) else "0" if value == 0 and value is not False else ""
    if t:
        if t in ("0", "00"):
            why = " (seats are numbered from 1)"
        elif len(t) > 1 and t[0] in "Mm":
            why = " ('M' stands alone; a branch of it goes after a dot, like 'M.3a')"
        elif n is not None and _SEAT_DIGITS.fullmatch(t):
            why = f" (this game has {n} seats)"
    return f"write a seat number {_seats(n)} or 'M'{why}"


def _read_train(value: object, n: int | None) -> int:
    """The train index of ``value`` (-1 for ``"M"`` when ``n`` is None), or NotationError
    with the bare problem (the caller quotes the value)."""
    if value in ("M", "m"):
        return -1 if n is None else n
    number: object = value
    if isinstance(value, str) and _SEAT_DIGITS.fullmatch(value):
        number = int(value)
    if isinstance(number, int) and not isinstance(number, bool) and 1 <= number \
            and (n is None or number <= n):
        return number - 1
    raise NotationError(_train_problem(value, n))


def parse_train_index(value: object, n: int) -> int:
    """The train index (``0 … n-1`` a seat, ``n`` the Mexican train) of a train as text
    (``"M"``, ``"m"``, ``"2"``, ``"02"``) or a seat number (``2``).

    Raises :class:`NotationError`: ``'X' is not a train: write a seat number from 1 to 3
    or 'M'``.
    """
    try:
        return _read_train(value, n)
    except NotationError as e:
        raise NotationError(f"{quote(value)} is not a train: {e}") from None


def parse_train(value: object, n: int | None) -> TrainKey:
    """The Python key of a train as text or a seat number: ``"M"``/``"m"`` gives ``"M"``,
    ``"2"`` or ``2`` gives seat 1. With ``n`` None (a move read before it meets a game)
    every seat number from 1 is taken. Raises :class:`NotationError` as
    :func:`parse_train_index` does."""
    try:
        idx = _read_train(value, n)
    except NotationError as e:
        raise NotationError(f"{quote(value)} is not a train: {e}") from None
    return MEXICAN if idx == -1 or idx == n else idx


def _read_branch(path: object) -> str:
    if isinstance(path, str) and len(path) <= 200 and _BRANCH_ANY_CASE.fullmatch(path):
        return path.lower()
    raise NotationError(_BRANCH_HELP)


def parse_branch(path: object) -> str:
    """A branch path checked and written in lower case (``"3A.1b"`` gives ``"3a.1b"``).

    Raises :class:`NotationError`: ``'3' is not a branch name: a branch name is …``."""
    try:
        return _read_branch(path)
    except NotationError as e:
        raise NotationError(f"{quote(path)} is not a branch name: {e}") from None


def _read_line(value: object, n: int | None) -> tuple[TrainKey, str]:
    if not isinstance(value, str) or "." not in value:
        idx = _read_train(value, n)
        return (MEXICAN if idx == -1 or idx == n else idx), ""
    head, _, path = value.partition(".")
    try:
        idx = _read_train(head, n)
    except NotationError as e:
        raise NotationError(f"a branch is written after its train, like '2.3a'; before the "
                            f"dot, {e}") from None
    try:
        branch = _read_branch(path)
    except NotationError as e:
        raise NotationError(f"after the dot, {e}") from None
    return (MEXICAN if idx == -1 or idx == n else idx), branch


def parse_line(value: object, n: int | None) -> tuple[TrainKey, str]:
    """A line as text (``"2"``, ``"M"``, ``"2.3a"``, ``"M.3a.1b"``) as its train's key and
    its branch path (``""`` for the train itself). A seat number alone (``2``) is a train.

    Raises :class:`NotationError` naming the part that is wrong: ``'2.3' is not a train or
    branch: after the dot, a branch name is …``.
    """
    try:
        return _read_line(value, n)
    except NotationError as e:
        raise NotationError(f"{quote(value)} is not a train or branch: {e}") from None


def normal_line(value: object, n: int | None) -> str:
    """A line as text written the one way :func:`line_code` writes it (``"m"`` gives
    ``"M"``, ``"02.3A"`` gives ``"2.3a"``); NotationError as :func:`parse_line`."""
    return line_code(*parse_line(value, n))


# ---------------------------------------------------------------------- moves
class MoveParts(NamedTuple):
    """A move read from text, in the order of :class:`~mtlearn.Move`'s fields."""

    kind: str
    tile: Tile | None = None
    train: TrainKey | None = None
    inward: int | None = None
    branch: str = ""


def read_move(text: object) -> MoveParts:
    """Read a move: ``"12-5@M"``, ``"5-9@2"``, ``"6-4@2.3a"``, ``"draw"``, ``"pass"``,
    ``"uno"`` (or ``"announce"``), ``"end"``. Spaces around the parts are allowed and case
    does not matter. Raises :class:`NotationError` starting ``'…' is not a move``."""
    if not isinstance(text, str):
        raise NotationError(f"a move is written like '12-5@M', 'draw' or 'pass', not "
                            f"{quote(text)}")
    word = text.strip().lower()
    if word in _MOVE_WORDS:
        return MoveParts(_MOVE_WORDS[word])
    tile_text, at, place = text.partition("@")
    m = _MOVE_TILE.fullmatch(tile_text)
    place = place.strip()
    if not m or not at or not place or len(text) > 200:
        raise NotationError(f"{quote(text)} is not a move: {_MOVE_HELP}")
    try:
        key, branch = _read_line(place, None)
    except NotationError as e:
        where = "" if "." in place else "for the train after the @, "
        raise NotationError(f"{quote(text)} is not a move: {where}{e}") from None
    a, b = int(m.group(1)), int(m.group(2))
    return MoveParts("play", Tile(a, b), key, a, branch)


def write_move(kind: str, inward: int | None = None, outward: int | None = None,
               train: TrainKey | None = None, branch: str = "") -> str:
    """A move as text: the word, or ``inward-outward@line`` for a play."""
    if kind != "play" or train is None:
        return kind
    return f"{inward}-{outward}@{line_code(train, branch)}"
