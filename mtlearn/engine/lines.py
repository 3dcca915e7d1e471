"""Lines of play: the trains and the branches that grow on them (R-VAR-BRANCH).

Every game has one line per seat's train and one for the Mexican train (indexes
0..n-1 and n); under branching doubles (see :mod:`mtlearn.engine.variants`) each covered
double adds two branch lines after them. :class:`Lines`, mixed into
:class:`~mtlearn.Game`, names lines in moves, positions and sentences
(``"2.3a"``, ``"branch 3a of Ben's train"``) and lists a train's branches; without
branches every line is a train and the answers are the trains'.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.moves import Move
from ..core.notation import (
    branch_child,
    branch_parent,
    branch_sort_key,
    line_code,
    parse_train_index,
)
from ..core.tiles import Tile
from .state import GameState, _Train

__all__ = ["BranchState", "Lines", "branch_sort_key"]


class BranchState(NamedTuple):
    """A read-only picture of one branch of a train (R-VAR-BRANCH).

    ``key`` is the train (seat or ``"M"``), ``path`` the branch name (``"3a"``),
    ``code`` how moves name it (``"2.3a"``), ``parent`` the code of the line it grows
    from (``"2"`` or ``"2.3a"``), ``at`` the position (1-based) of its double on that
    line, ``tiles`` the tiles laid on it with their inward numbers.
    """

    key: int | str
    path: str
    code: str
    parent: str
    at: int
    tiles: tuple[tuple[Tile, int], ...]
    open_end: int

    @property
    def started(self) -> bool:
        """True once the branch has a tile."""
        return bool(self.tiles)


class _Branch(_Train):
    """One branch line: grows from a covered double, belongs to the train ``root``
    (its ``marker`` is unused: a branch shares its train's marker)."""

    __slots__ = ("path", "root")

    def __init__(self, root: int, path: str, end: int) -> None:
        super().__init__(end)
        self.root = root
        self.path = path

    def __deepcopy__(self, memo: object) -> _Branch:
        b = _Branch.__new__(_Branch)
        self._copy_into(b)
        b.root = self.root
        b.path = self.path
        return b


#: Moves made once and shared (a Move is immutable), as in the standard move generator.
_MOVES: dict[tuple[Tile, int | str, int, str], Move] = {}


class Lines(GameState):
    """Naming lines and branches, mixed into :class:`~mtlearn.Game`."""

    __slots__ = ()

    def _root(self, idx: int) -> int:
        """The train (seat index or n for the Mexican train) a line belongs to."""
        return idx if idx <= self.n else self.trains[idx].root  # type: ignore[attr-defined]

    def _lines_of(self, root: int) -> list[int]:
        """A train's lines: the train itself, then its branches in name order."""
        trains = self.trains
        if len(trains) == self.n + 1:
            return [root]
        br = [i for i in range(self.n + 1, len(trains))
              if trains[i].root == root]  # type: ignore[attr-defined]
        if not br:
            return [root]
        br.sort(key=lambda i: branch_sort_key(trains[i].path))  # type: ignore[attr-defined]
        return [root, *br]

    def _line_of(self, root: int, path: str) -> int | None:
        """The line index of branch ``path`` of train ``root`` ("" = the train itself)."""
        if not path:
            return root
        for i in range(self.n + 1, len(self.trains)):
            t = self.trains[i]
            if t.root == root and t.path == path:  # type: ignore[attr-defined]
                return i
        return None

    def _line_path(self, idx: int) -> str:
        return "" if idx <= self.n else self.trains[idx].path  # type: ignore[attr-defined]

    @property
    def hand_sizes(self) -> list[int]:
        """How many tiles each seat holds, by seat from 0: what every player may see (a bot
        reads this many times a move; ``len(game.hand(s))`` copies the hand)."""
        return [len(h) for h in self.hands]

    def open_end(self, key: int | str) -> int:
        """The number at the open end of a train (a seat from 0, a name, or ``"M"``):
        ``game.train(key).open_end`` without the rest of the picture."""
        return self.trains[self._idx(key)].end

    def line_code(self, idx: int) -> str:
        """How moves and positions name a line: ``"2"``, ``"M"``, ``"2.3a"``."""
        return line_code(self._key(self._root(idx)), self._line_path(idx))

    def line_label(self, idx: int) -> str:
        """Words for a line: ``"Ben's train"`` or ``"branch 3a of Ben's train"``."""
        label = self.train_label(self._key(self._root(idx)))
        path = self._line_path(idx)
        return f"branch {path} of {label}" if path else label

    def place_label(self, key: int | str, branch: str = "") -> str:
        """Words for where a move goes: ``"Ben's train"``, ``"branch 3a of Ben's train"``."""
        label = self.train_label(key)
        return f"branch {branch} of {label}" if branch else label

    def _line_move(self, tile: Tile, idx: int, inward: int) -> Move:
        key = self._key(self._root(idx))
        path = self._line_path(idx)
        k = (tile, key, inward, path)
        m = _MOVES.get(k)
        if m is None:
            m = _MOVES[k] = Move("play", tile, key, inward, path)
        return m

    def _spawn(self, idx: int, pos: int) -> None:
        """The double at position ``pos`` (1-based) of line ``idx`` is covered: two
        branches grow from it (R-VAR-BRANCH)."""
        line = self.trains[idx]
        d = line.tiles[pos - 1].high
        parent = self._line_path(idx)
        root = self._root(idx)
        for side in "ab":
            path = branch_child(parent, pos, side)
            self.trains.append(_Branch(root, path, d))

    def branches(self, key: int | str) -> list[BranchState]:
        """The branches of a train (R-VAR-BRANCH), in name order; empty without them."""
        root = self._idx(key)
        out = []
        for i in self._lines_of(root)[1:]:
            b = self.trains[i]
            path = b.path  # type: ignore[attr-defined]
            head, at = branch_parent(path)
            key = self._key(root)
            out.append(BranchState(key, path, line_code(key, path), line_code(key, head), at,
                                   tuple(zip(b.tiles, b.inward, strict=True)), b.end))
        return out

    def branch_double(self, branch: BranchState) -> int:
        """The number of the double a branch grows from."""
        return self._number_at(branch.parent, branch.at)

    def _number_at(self, code: str, at: int) -> int:
        head, _, path = code.partition(".")
        root = parse_train_index(head, self.n)
        idx = self._line_of(root, path)
        assert idx is not None
        return self.trains[idx].tiles[at - 1].high

    @property
    def swan_at(self) -> int | str | None:
        """During a Swan Drive (R-VAR-SWAN): the train (seat or ``"M"``) last played on;
        otherwise None."""
        return None if self.swan is None else self._key(self.swan)

    @property
    def blocking_double_place(self) -> tuple[int, str] | None:
        """The open double every play must cover (see ``blocking_double``) as its number
        and words for where it stands (``(5, "branch 2a of Ana's train")``), or None."""
        if self.over or not self.open_doubles:
            return None
        b = self._blocker()
        return None if b is None else (self.trains[b].end, self.line_label(b))

    @property
    def open_double_lines(self) -> list[str]:
        """Codes of the lines ending in an open double, in the order laid (``"2.3a"``)."""
        return [self.line_code(i) for i in self.open_doubles]
