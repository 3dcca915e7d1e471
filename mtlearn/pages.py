"""Whole standalone HTML pages: what ``mtlearn html FILE.yaml -o demo.html`` writes.

A page holds one scenario player (every frame computed by the engine, stepping in the
browser, presenter mode included), the scenario's summary, and an offline reference of the
rules it teaches, so that the page needs no kernel, no server and no network: a teacher
can mail it, put it on a USB stick or open it on the classroom's projector.

Standard library only (plus PyYAML, through :mod:`mtlearn.scenario`).
"""

from __future__ import annotations

from html import escape

from .htmlout import standalone_html
from .links import book_url
from .ruleids import RULES, SECTIONS, anchor
from .scenario import Scenario

__all__ = ["scenario_page"]

_STYLE = """
:root { color-scheme: light dark; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem 1.25rem 3rem;
       font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { font-size: 1.6rem; margin: 0.5rem 0; }
h2 { font-size: 1.2rem; margin-top: 2rem; }
.mtl-page-summary { font-size: 1.05rem; }
.mtl-page-rules dt { font-weight: 700; margin-top: 0.5rem; }
.mtl-page-rules dd { margin-left: 1.25rem; }
footer { margin-top: 2rem; font-size: 0.9rem; opacity: 0.8; }
"""


def scenario_page(scenario: Scenario, *, lang: str = "en") -> str:
    """One complete HTML document showing ``scenario`` with no kernel and no network.

    Every text from the scenario file is escaped. Rule ids on the page link to the rules
    reference at the bottom of the same page.
    """
    state = {"title": scenario.title, "frames": scenario.frames(), "index": 0,
             "rules_url": ""}
    player = standalone_html("scenario", state)
    title = escape(scenario.title)
    summary = (f'<p class="mtl-page-summary">{escape(scenario.summary)}</p>\n'
               if scenario.summary else "")
    rules = []
    for rid in scenario.teaches:
        section, short = RULES.get(rid, (0, ""))
        where = f" ({escape(SECTIONS[section])})" if section in SECTIONS else ""
        rules.append(f'<dt id="{escape(anchor(rid))}">{escape(rid)}</dt>\n'
                     f"<dd>{escape(short)}{where}</dd>")
    reference = ""
    if rules:
        reference = (
            '<section class="mtl-page-rules" aria-labelledby="mtl-rules-h">\n'
            '<h2 id="mtl-rules-h">Rules this scenario teaches</h2>\n<dl>\n'
            + "\n".join(rules)
            + f'\n</dl>\n<p>The full rules reference, with every rule in plain words: '
            f'<a href="{escape(book_url())}rules.html">the mtlearn book</a>.</p>\n</section>\n'
        )
    keys = ("Keys: ← and → step through the scenario (click it first), Home and End jump "
            "to the start and the end, P switches presenter mode on and off, Esc leaves it.")
    return (
        f'<!doctype html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title} · mtlearn</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<main>\n<h1>{title}</h1>\n{summary}{player}"
        f"<p>{escape(keys)}</p>\n{reference}</main>\n"
        f"<footer>Made with mtlearn from the scenario <code>{escape(scenario.id)}</code>. "
        "Every position on this page was computed by mtlearn's rules engine.</footer>\n"
        "</body>\n</html>\n"
    )
