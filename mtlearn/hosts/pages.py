"""Whole standalone HTML pages: what ``mtlearn html FILE.yaml -o demo.html`` writes.

A page holds one scenario player or one puzzle (every frame computed by the engine, stepping in the
browser, presenter mode included), the scenario's summary, and an offline reference of the
rules it teaches, so that the page needs no kernel, no server and no network: a teacher
can mail it, put it on a USB stick or open it on the classroom's projector.

Standard library only (plus PyYAML, through :mod:`mtlearn.content.scenario`).
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..content.puzzles import Puzzle
from ..content.scenario import Scenario
from ..core import links as _links
from ..core.links import book_url
from ..core.ruleids import RULES, SECTIONS, anchor
from ..present.frontend import stylesheet
from ..present.htmlout import standalone_html
from ..present.view import hidden_turn
from .session import BoardSession

__all__ = ["board_state", "puzzle_page", "scenario_page"]



def scenario_page(scenario: Scenario, *, lang: str = "en") -> str:
    """One complete HTML document showing ``scenario`` with no kernel and no network.

    Every text from the scenario file is escaped. Rule ids on the page link to the rules
    reference at the bottom of the same page.
    """
    state = {"title": scenario.title, "scenario_id": scenario.id, "frames": scenario.frames(),
             "index": 0, "rules_url": "#"}
    keys = ("Keys: ← and → step through the scenario (click it first), Home and End jump "
            "to the start and the end, P switches presenter mode on and off, Esc leaves it.")
    return _page(title=scenario.title, summary=scenario.summary,
                 widget=standalone_html("scenario", state), keys=keys,
                 teaches=scenario.teaches, what="scenario", item_id=scenario.id, lang=lang)


def puzzle_page(puzzle: Puzzle, *, lang: str = "en") -> str:
    """One complete HTML document holding ``puzzle``, answered with no kernel and no network.

    Every answer the page can send was judged by the engine when the page was written
    (the precomputed host), so the feedback, hints, stars and "show the answer" all work
    from a file; progress is kept in the browser's localStorage. Every text from the
    puzzle file is escaped.
    """
    state = puzzle.state()
    state["rules_url"] = "#"  # the rules this page teaches, at its foot
    # The page's heading is the title and the puzzle shows its question: each once.
    state["page_title"] = True
    keys = ("Answer with the board's controls; Hint gives the rule to think about, then the "
            "train or tile to look at.")
    return _page(title=puzzle.title, summary="",
                 widget=standalone_html("puzzle", state), keys=keys,
                 teaches=puzzle.teaches, what="puzzle", item_id=puzzle.id, lang=lang)


def _page(*, title: str, summary: str, widget: str, keys: str, teaches: list[str],
          what: str, item_id: str, lang: str) -> str:
    head = escape(title)
    intro = f'<p class="mtl-page-summary">{escape(summary)}</p>\n' if summary else ""
    rules = []
    for rid in teaches:
        section, short = RULES.get(rid, (0, ""))
        where = f" ({escape(SECTIONS[section])})" if section in SECTIONS else ""
        rules.append(f'<dt id="{escape(anchor(rid))}">{escape(rid)}</dt>\n'
                     f"<dd>{escape(short)}{where}</dd>")
    reference = ""
    book = book_url()
    if rules:
        # the published book's rules page, only when a book is published (core.links)
        full = ('<p>The full rules reference, with every rule in plain words: '
                f'<a href="{escape(book)}rules.html">the mtlearn book</a>.</p>\n') if book else ""
        reference = (
            '<section class="mtl-page-rules" aria-labelledby="mtl-rules-h">\n'
            f'<h2 id="mtl-rules-h">Rules this {what} teaches</h2>\n<dl>\n'
            + "\n".join(rules) + f"\n</dl>\n{full}</section>\n"
        )
    return (
        f'<!doctype html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{head} · mtlearn</title>\n<style>{stylesheet('page', ['page.css'])}</style>\n"
        "</head>\n<body>\n"
        f"<main>\n<h1>{head}</h1>\n{intro}{widget}"
        f"<p>{escape(keys)}</p>\n{reference}</main>\n"
        f"<footer>Made with mtlearn from the {what} <code>{escape(item_id)}</code>. "
        "Every position on this page was computed by mtlearn's rules engine.</footer>\n"
        "</body>\n</html>\n"
    )


def board_state(session: Any, *, message: dict[str, Any] | None = None,
                show_legal: bool = False, rules_url: str | None = None) -> dict[str, Any]:
    """The state of a live board for :func:`standalone_html`: it plays on in any page.

    ``session`` is a :class:`~mtlearn.hosts.session.BoardSession`. The state carries the session
    itself (``session``, when its bots are built-in ones) so that the in-page engine plays
    on to the end of the match, and, for pages where the engine cannot run (opened from
    disk), one move deep of stored answers: each legal move's view and message, the bots'
    replies included, so the board still plays a move, explains the next and undoes.
    Used by :class:`mtlearn.jupyter.widgets.Board` and by a :class:`~mtlearn.Game` shown in a
    notebook, so every board of the book plays the same way.
    """
    s = session
    successors: dict[str, Any] = {}
    hidden = hidden_turn(s.game, s.perspective)
    for move in () if hidden or not s.portable else s.game.legal_moves:
        probe = BoardSession.from_spec(s.to_spec())
        probe.play(move)
        successors[str(move)] = {"view": probe.view(verdicts=True),
                                 "message": probe.state_message()}
    state: dict[str, Any] = {
        "view": s.view(verdicts=True),
        "message": message if message is not None else s.message,
        "show_legal": show_legal,
        "rules_url": rules_url if rules_url is not None else _links.rules_url(),
        "successors": successors}
    if s.portable:
        state["session"] = s.to_spec()
    else:
        state["host_note"] = "python-bots"
    return state
