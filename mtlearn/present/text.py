"""Plain-text rendering of a position, for terminals and screen readers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.moves import train_code
from .perspective import Perspective, Seen

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["render"]


def render(game: Game, *, perspective: Seen = None) -> str:
    """Describe ``game`` in lines of plain words.

    With ``perspective`` set to a player (seat from 0, or name), the other players'
    hands are shown as a count only, and a tile one of them drew is not named
    (:class:`~mtlearn.present.perspective.Perspective` decides).
    """
    g = game
    seen = Perspective.of(g, perspective)
    e = g.engine
    lines = []
    if g.over:
        if g.out is not None:
            state = f"round over: {g.players[g.out]} went out"
        else:
            state = "round over: blocked"
    else:
        state = f"{g.players[g.current]} to play"
        if g.bonus:
            state += " (again, after a double)"
        if g.drawn is not None:
            drawn = seen.drawn
            state += " (has drawn a tile)" if drawn is None else f" (has drawn {drawn})"
        if g.swan is not None:
            state += " (on a Swan Drive)"
    lines.append(f"Round {g.round_no} of {g.rounds} · engine {e}-{e} · "
                 f"boneyard {g.boneyard_size} · {state}")
    width = max(len(g.train_label(k)) for k in g.train_keys())
    for key in g.train_keys():
        t = g.train(key)
        label = g.train_label(key)
        label = label[0].upper() + label[1:]
        tiles = " ".join(f"[{a}|{tile.other(a)}]" if tile.is_double else f"{a}-{tile.other(a)}"
                         for tile, a in t.tiles) or "(not started)"
        flags = []
        if key != "M" and t.marker:
            flags.append("marker: public")
        if train_code(key) in g.open_double_lines:
            flags.append("open double")
        tail = f"  open end {t.open_end}" + (" · " + ", ".join(flags) if flags else "")
        lines.append(f"  {label:<{width}}  {tiles}{tail}")
        lines.extend(_branch_lines(g, key))
    lines.append("Hands:")
    for i, name in enumerate(g.players):
        h = g.hand(i)
        if not seen.sees_hand(i):
            shown = f"{len(h)} tile{'' if len(h) == 1 else 's'} (hidden)"
        else:
            shown = " ".join(str(t) for t in h) or "(empty)"
            count = f"{len(h)} tile" + ("" if len(h) == 1 else "s")
            shown += f"  ({count}, {g.pips(i)} points)"
        mark = " ◀ to play" if (not g.over and i == g.current) else ""
        q = g.partner(i)
        if q is not None:
            mark = f" (partner: {g.players[q]})" + mark
        lines.append(f"  {name}: {shown}{mark}")
    if g.scores:
        lines.append("Scores: " + ", ".join(f"{name} {tot}" for name, tot in
                                             zip(g.players, g.totals, strict=True)))
    if g.scores and g.teams:
        lines.append("Team scores: " + ", ".join(
            f"{g.team_name(k)} {tot}" for k, tot in enumerate(g.team_totals)))
    for note in g.notes:
        lines.append(f"Note: {note}")
    return "\n".join(lines)


def _branch_lines(g: Game, key: int | str) -> list[str]:
    """The branches of a train (R-VAR-BRANCH), one indented line each."""
    out = []
    open_lines = g.open_double_lines
    for b in g.branches(key):
        tiles = " ".join(f"[{a}|{tile.other(a)}]" if tile.is_double else f"{a}-{tile.other(a)}"
                         for tile, a in b.tiles) or "(empty)"
        d = g.branch_double(b)
        flag = " · open double" if b.code in open_lines else ""
        out.append(f"    branch {b.path} (from {d}-{d}, move code {b.code})  {tiles}  "
                   f"open end {b.open_end}{flag}")
    return out
