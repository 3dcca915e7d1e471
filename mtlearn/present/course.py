"""What a learner page of the book shows besides its boards: a sentence or a short table
built from the engine's own values, never a printed Python value.

The chapters of the book (``tutorials/*.md``) end a cell with :func:`sentence` or
:func:`table` where a notebook would print; the result draws as HTML in the book and in
JupyterLab, and reads as plain text anywhere else. Moves are named in words
(:func:`may_play`: "Ana may play 6-1 on Ana's train or 4-9 on the Mexican train"), the way
the boards name them, never in notation such as ``6-1@1``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from ..core.moves import Move
from ..core.rule_words import in_words
from ..engine.game import Game
from .view import describe_move
from .view import view as _view

__all__ = ["Picture", "Shown", "and_list", "compare", "may_play", "picture", "sentence", "table",
           "yes_no"]


class Shown:
    """Words for a learner page: HTML for the book and notebooks, plain text otherwise."""

    def __init__(self, html: str, text: str) -> None:
        self.html = html
        self.text = text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__


def sentence(*lines: str) -> Shown:
    """One paragraph per line, the text escaped: ``sentence("Ana went out.")``. A rule id
    in it reads as the rule's words (:func:`mtlearn.core.rule_words.in_words`)."""
    lines = tuple(in_words(line) for line in lines)
    html = "".join(f'<p class="mtl-said">{escape(line)}</p>' for line in lines)
    return Shown(html, "\n".join(lines))


#: Cell styles written into the table itself, so it reads the same in the book and in
#: JupyterLab without a stylesheet.
_TD = "padding:0.2em 0.8em 0.2em 0;text-align:left;border-bottom:1px solid #8884"
_TH = _TD + ";font-weight:bold"


def table(header: Sequence[str], rows: Iterable[Sequence[object]], *,
          caption: str | None = None) -> Shown:
    """A short table: a header row and rows of values (written with ``str``, escaped; a rule
    id in a value reads as the rule's words)."""
    body = [[in_words(str(cell)) for cell in row] for row in rows]
    head = "".join(f'<th scope="col" style="{_TH}">{escape(h)}</th>' for h in header)
    trs = "".join("<tr>" + "".join(f'<td style="{_TD}">{escape(c)}</td>' for c in row)
                  + "</tr>" for row in body)
    cap = (f'<caption style="caption-side:top;text-align:left;font-weight:bold">'
           f"{escape(caption)}</caption>" if caption else "")
    html = (f'<table class="mtl-said-table" style="border-collapse:collapse;margin:0.5em 0">'
            f"{cap}<thead><tr>{head}</tr></thead><tbody>{trs}</tbody></table>")
    lines = ([caption] if caption else []) + [" | ".join(header)]
    lines += [" | ".join(row) for row in body]
    return Shown(html, "\n".join(lines))


class Picture(Shown):
    """A still position with its caption: what a chapter shows to illustrate its sentence
    (:func:`picture`). Its HTML is a ``<figure>`` drawn by the one front end, with no
    action and nothing to play; as text, its caption (``str(game)`` draws the position)."""

    def __init__(self, game: Game, caption: str, *, perspective: int | str | None = None,
                 highlights: dict[str, list[str]] | None = None) -> None:
        from .htmlout import standalone_html

        caption = in_words(caption)
        view = _view(game, perspective=perspective, highlights=highlights)
        super().__init__(standalone_html("picture", {"view": view, "caption": caption}), caption)
        self.view = view
        self.caption = caption


def picture(game: Game, caption: str, *, perspective: int | str | None = None,
            highlights: dict[str, list[str]] | None = None) -> Picture:
    """A still picture of ``game``'s position, with ``caption`` saying what it shows:
    ``picture(game, "Cy is to play: her 5-1 fits her own train.")``. No Draw, Pass, Undo
    or Hint, no "Play here": an illustration, not a board to play (that is
    :class:`mtlearn.jupyter.Board`). The position is drawn as it is now; later moves on
    ``game`` do not change it.

    Args:
        perspective: the player (seat from 0, or name) whose hand alone is shown.
        highlights: ``{"tiles": ["5-1"], "trains": ["3"]}`` to mark on the picture.
    """
    return Picture(game, caption, perspective=perspective, highlights=highlights)


def yes_no(flag: bool) -> str:
    """``"yes"`` or ``"no"``: a truth value in words."""
    return "yes" if flag else "no"


def and_list(words: Iterable[str], last: str = "and") -> str:
    """``"a, b and c"`` (or ``"a, b or c"`` with ``last="or"``)."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def may_play(game: Game, moves: Iterable[Move] | None = None) -> str:
    """What the player to play may do, in words, from the engine's legal moves:
    "Ana may play 6-1 on Ana's train or 4-9 on the Mexican train." Tiles are written as
    they would lie, inward number first; a draw or a pass is named by what it does."""
    if game.over or game.current is None:
        return "Nobody is to play: the round is over."
    legal = list(game.legal_moves if moves is None else moves)
    name = game.players[game.current]
    plays = [describe_move(game, m)[len("Play "):] for m in legal if m.kind == "play"]
    others = [_lower_first(describe_move(game, m)) for m in legal if m.kind != "play"]
    parts = (["play " + and_list(plays, "or")] if plays else []) + others
    if not parts:
        return f"{name} has no move."
    if len(parts) == 1 and not plays:
        return f"{name} may only {parts[0]}."
    return f"{name} may {and_list(parts, 'or')}."


def compare(position: dict[str, Any], options: dict[str, Any], moves: Sequence[str],
            question: str) -> Shown:
    """What the rules answer to ``question`` after ``moves``: the standard game, then the
    standard game with ``options``, as a short table (a variant page's "same move, two rule
    sets").

    ``question`` is asked for the player who made ``moves`` (the player to play at the
    start). If their turn is over after ``moves`` under one set of rules, that row says so
    (R-TURN-1) rather than judging the move for the next player, who did not ask."""
    rows = []
    for label, rules in [("The standard game", {"preset": "standard"}),
                         ("With the house rule", {"preset": "standard", **options})]:
        game = Game.from_position({**position, "rules": rules})
        mover = game.current
        for move in moves:
            game.push(move)
        if moves and not game.over and game.current != mover:
            rows.append([label, "refused", _turn_over(game, mover, Move.parse(moves[-1]))])
            continue
        verdict = game.explain(question)
        rows.append([label, "allowed" if verdict.legal else "refused", verdict.text])
    return table(["Rules", "Answer", "Why"], rows)


def _turn_over(game: Game, seat: int, last: Move) -> str:
    """Why ``seat`` may not play again: their turn ended with ``last`` (R-TURN-1)."""
    name, after = game.players[seat], game.players[game.current]
    if last.kind == "play":
        assert last.train is not None
        ended = (f"{name}'s turn ended with {last.laid} on "
                 f"{game.place_label(last.train, last.branch)}: a normal turn is one tile "
                 f"on one train you may use.")
    else:
        ended = f"{name}'s turn is over (R-TURN-1)."
    return f"{ended} It is {after}'s turn now."
