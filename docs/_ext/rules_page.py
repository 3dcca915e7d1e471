"""The rules reference as one small page that ships in the wheel.

``docs/rules.md`` is the rules reference of the book. A class server started from an
installed wheel may have no book to serve, yet every rule id on the students' phones must
open the rule's text. This script turns ``docs/rules.md`` into ``mtlearn/static/rules.html``:
one standalone HTML page (no script, no network, the style inline) whose sections carry the
same anchors as the book's page (``#r-dbl-3``), so a link made for one works on the other.

The page is committed; ``tests/test_rules_page.py`` fails when it is out of date. Rebuild it
after editing the rules with ``./dev regen`` (every generated file), or this file alone::

    .venv/bin/python docs/_ext/rules_page.py

It needs markdown-it-py (installed with the book's packages), not the package at run time.
"""

from __future__ import annotations

import re
import sys
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "docs" / "rules.md"
TARGET = ROOT / "mtlearn" / "static" / "rules.html"

_LABEL = re.compile(r"^\(([a-z0-9-]+)\)=\s*$")
_ROLE = re.compile(r"\{[a-z:]+\}`([^`]+)`")

STYLE = """
body { font: 17px/1.55 system-ui, sans-serif; margin: 0 auto; max-width: 46rem;
       padding: 1rem 1.2rem 4rem; color: #1b1b1b; background: #fff; }
h1 { font-size: 1.7rem; } h2 { margin-top: 2.2rem; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.1rem; margin-top: 1.6rem; scroll-margin-top: 1rem; }
h3:target, h2:target { background: #fff3b0; outline: 3px solid #8a6d00; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.92em; }
pre { background: #f4f4f4; padding: 0.6rem; overflow-x: auto; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid #bbb; padding: 0.25rem 0.5rem; text-align: left; }
a { color: #0b57a4; }
.mtl-rules-note { color: #444; font-size: 0.95rem; border-left: 4px solid #bbb;
                  padding-left: 0.7rem; }
@media (prefers-color-scheme: dark) {
  body { background: #121212; color: #eee; } a { color: #8ab4ff; }
  pre { background: #222; } h3:target, h2:target { background: #3a3000; }
}
"""


def markdown() -> object:
    """A CommonMark reader with tables (markdown-it-py)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")


def render(text: str) -> str:
    """The page for the rules reference ``text`` (MyST markdown)."""
    lines: list[str] = []
    labels: list[str | None] = []
    pending: str | None = None
    for line in text.splitlines():
        m = _LABEL.match(line)
        if m:
            pending = m.group(1)
            continue
        if line.startswith("#"):
            labels.append(pending)
            pending = None
        lines.append(_ROLE.sub(r"`\1`", line))
    md = markdown()
    tokens = md.parse("\n".join(lines) + "\n")  # type: ignore[attr-defined]
    title = "Rules reference"
    headings = iter(labels)
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open":
            label = next(headings, None)
            if label:
                tok.attrSet("id", label)
            if tok.tag == "h1":
                title = tokens[i + 1].content
    body = md.renderer.render(tokens, md.options, {})  # type: ignore[attr-defined]
    note = ('<p class="mtl-rules-note">The rules of Mexican Train as mtlearn plays them, '
            "each rule under its id. This copy comes with the mtlearn package; the book "
            "has the same page with the chapters around it.</p>\n")
    body = body.replace("</h1>\n", "</h1>\n" + note, 1)
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)} · mtlearn</title>\n<style>{STYLE.strip()}</style>\n"
            f"</head>\n<body>\n<main>\n{body}</main>\n</body>\n</html>\n")


def main() -> int:
    page = render(SOURCE.read_text(encoding="utf-8"))
    if "--check" in sys.argv[1:]:
        current = TARGET.read_text(encoding="utf-8") if TARGET.is_file() else ""
        if current != page:
            print(f"{TARGET.relative_to(ROOT)} is out of date: run ./dev regen",
                  file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(page, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)} ({len(page.encode()):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
