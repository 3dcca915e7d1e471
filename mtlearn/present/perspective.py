"""What one seat may see: the single place that decides which hands a board gives away.

A board shown from a *perspective* (one player's seat) shows that player's hand and hides
the others'. The *public* perspective (:meth:`Perspective.public`: a projector, the
teacher, any spectator) holds no hand and sees none while the round is played: no hand,
no legal move, no hint, no verdict, no drawn tile; the boneyard is a count, as always.

Hiding a hand is more than leaving its tiles out of the hand list: the moves a hidden
player could make, the hint for them, the engine's verdicts on their moves and the
tile they just drew all name their tiles. :class:`Perspective` answers each of those
questions once, and every text producer asks it (:func:`mtlearn.present.view.view`,
:func:`mtlearn.present.text.render`, :func:`mtlearn.present.view.status_text`,
:func:`mtlearn.present.view.hint_text`, the messages of
:class:`mtlearn.hosts.session.BoardSession`).

:meth:`Perspective.guard` is the last line of defence: it checks an outgoing text for the
name of any tile of a hidden hand. The texts are made right where they are written; the
guard only catches a producer that forgot to ask. It raises :class:`HiddenTileLeak` while
:data:`STRICT` is true (the test suite's setting), and otherwise writes "a hidden tile"
in place of the name, so that a class table never sees another player's tiles.

Standard library only: Pyodide runs it unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.tiles import Tile
    from ..engine.game import Game

__all__ = ["PUBLIC_SEAT", "STRICT", "HiddenTileLeak", "Perspective", "Seen", "tiles_named"]

#: The seat of the public perspective: no player's (a reader who holds no hand).
PUBLIC_SEAT = -1

#: When true, :meth:`Perspective.guard` raises instead of masking a leaked tile name
#: (tests set it, so that a text producer that names a hidden tile fails loudly).
STRICT = False

# a tile written as two numbers joined by a dash, not part of a longer word or number
# ("R-DBL-3" and "2.3a" are not tiles; "12-5" and "5-12" are)
_TILE_TEXT = re.compile(r"(?<![\w.-])(\d{1,2})-(\d{1,2})(?![\w-])")
# the same names whole, found faster (a digit first, then what comes before it); and,
# among names one a line, one written with a leading zero ("07-11", "7-07")
_TILE_NAME = re.compile(r"\d(?<![\w.-]\d)\d?-\d{1,2}(?![\w-])")
_PADDED = re.compile(r"(?:^|-)0\d", re.M)


class HiddenTileLeak(AssertionError):
    """A text meant for one seat names a tile of a hand that seat may not see.

    A bug in the text's producer, not bad input: so an ``AssertionError``, which no
    session turns into a message (the message would repeat the tile)."""


@dataclass(frozen=True)
class Perspective:
    """What the player at ``seat`` (from 0) may see of ``game``; ``seat`` None sees all,
    :data:`PUBLIC_SEAT` no hand (:meth:`public`).

    Build it with :meth:`of`, which also takes a player's name, or :meth:`public`.
    """

    game: Game
    seat: int | None

    @classmethod
    def of(cls, game: Game, perspective: Seen) -> Perspective:
        """The perspective of a seat given by number (from 0) or by a player's name (a
        Perspective is taken as it is, for ``game``)."""
        if isinstance(perspective, Perspective):
            return perspective if perspective.game is game else cls(game, perspective.seat)
        return cls(game, None if perspective is None else game.seat(perspective))

    @classmethod
    def public(cls, game: Game) -> Perspective:
        """The perspective of a reader who holds no hand (a projector, the teacher, a
        spectator): every hand is hidden while the round is played."""
        return cls(game, PUBLIC_SEAT)

    @classmethod
    def spectator(cls, game: Game) -> Perspective:
        """What a spectator sees: :meth:`public` while the round is played, every hand
        once it is over (as every seat does then)."""
        return cls(game, None) if game.is_round_over else cls.public(game)

    @property
    def is_public(self) -> bool:
        """True for the public perspective (no hand is this reader's)."""
        return self.seat == PUBLIC_SEAT

    @property
    def shown_seat(self) -> int | None:
        """The seat whose hand is shown, as a view writes it (from 1; None for all seats
        and for the public)."""
        return None if self.seat is None or self.is_public else self.seat + 1

    # ------------------------------------------------------------------ questions
    def sees_hand(self, seat: int) -> bool:
        """True when ``seat``'s tiles may be shown."""
        return self.seat is None or seat == self.seat

    @property
    def hidden_turn(self) -> bool:
        """True while a hidden player is to play: their legal moves, the hint, the engine's
        verdicts and the tile they drew would name their tiles, so none is shown."""
        g = self.game
        return self.seat is not None and not g.over and g.current != self.seat

    @property
    def may_advise(self) -> bool:
        """True when the moves, hint and verdicts of the player to play may be shown."""
        return not self.game.over and not self.hidden_turn

    @property
    def drawn(self) -> Tile | None:
        """The tile the player to play has just drawn, if this seat may know it."""
        return None if self.hidden_turn else self.game.drawn

    def hidden_tiles(self) -> set[Tile]:
        """Every tile in a hand this seat may not see (empty when all hands are shown)."""
        g = self.game
        if self.seat is None:
            return set()
        return {t for s in range(g.n) if not self.sees_hand(s) for t in g.hand(s)}

    # ------------------------------------------------------------------ the guard
    def leaks(self, text: str, *, allow: Iterable[str] = ()) -> list[str]:
        """Tiles of hidden hands that ``text`` names (either way round, ``"7-11"`` or
        ``"11-7"``), as the text writes them. ``allow`` lists tile names the reader
        wrote themselves (a refused move echoes its tile: "Ana does not hold 7-11")."""
        secret = self.hidden_tiles()
        if not secret or not text:
            return []
        # first in C: the tile names the text writes, each once (a board's JSON names most
        # tiles many times over), against the hidden tiles spelt either way round; a name
        # with a leading zero is read as numbers below
        spelt = {f"{a}-{b}" for t in secret for a, b in ((t.high, t.low), (t.low, t.high))}
        found = set(_TILE_NAME.findall(text))
        if spelt.isdisjoint(found) and not _PADDED.search("\n".join(found)):
            return []
        names = {frozenset((t.high, t.low)) for t in secret}
        allowed = {_key(a) for a in allow}
        out = []
        for m in _TILE_TEXT.finditer(text):
            a, b = int(m.group(1)), int(m.group(2))
            k = frozenset((a, b))
            if k in names and k not in allowed:
                out.append(m.group(0))
        return out

    def guard(self, text: str, *, allow: Iterable[str] = ()) -> str:
        """``text``, checked for tiles of hidden hands (see the module docs): raises
        :class:`HiddenTileLeak` under :data:`STRICT`, else masks each one."""
        allow = tuple(allow)
        found = self.leaks(text, allow=allow)
        if not found:
            return text
        if STRICT:
            seat = "all seats" if self.seat is None else f"seat {self.seat + 1}"
            raise HiddenTileLeak(f"a text for {seat} names the hidden tiles "
                                 f"{', '.join(found)}: {text!r}")
        secret = {_key(x) for x in found}
        return _TILE_TEXT.sub(lambda m: "a hidden tile" if frozenset(
            (int(m.group(1)), int(m.group(2)))) in secret else m.group(0), text)

    def guard_all(self, texts: list[str]) -> list[str]:
        """:meth:`guard` for many texts at once (a view's move labels and verdicts): one
        scan of them all, and a text at a time only if that finds a hidden tile."""
        if not texts or not self.leaks("\n".join(texts)):
            return texts
        return [self.guard(t) for t in texts]


#: A perspective as the text producers take it: a seat (from 0), a player's name, None
#: (every hand) or a :class:`Perspective` (:meth:`Perspective.public` among them).
Seen = int | str | None | Perspective


def tiles_named(text: str) -> list[str]:
    """The tiles ``text`` names, as it writes them ("play 7-11 on 2" -> ["7-11"]): what a
    reader wrote may be echoed back to them (see ``allow`` in :meth:`Perspective.leaks`);
    masking it would tell them which of the tiles they named are hidden."""
    return [m.group(0) for m in _TILE_TEXT.finditer(text)]


def _key(name: str) -> frozenset[int]:
    """The numbers of the tile a text starts with ("7-11@2" -> {7, 11}); empty if none."""
    m = re.match(r"\s*(\d{1,2})-(\d{1,2})", str(name))
    return frozenset((int(m.group(1)), int(m.group(2)))) if m else frozenset()
