"""The rules reference as one small page that ships in the wheel.

``docs/rules.md`` is the rules reference of the book. A class server started from an
installed wheel may have no book to serve, yet every rule id on the students' phones must
open the rule's text. This script turns ``docs/rules.md`` into ``mtlearn/static/rules.html``:
one standalone HTML page (no script, no network, the style inline) whose sections carry the
same anchors as the book's page (``#r-dbl-3``), so a link made for one works on the other.

Before that, it writes the parts of ``docs/python-rules.md`` (the rules with their ids,
options and notation, for the Python pages) that the variant classes carry
(:mod:`mtlearn.engine.variants`): each class's section (its rule id, title and
``rules_text``, its links sent to the rules page) and its option's row, between the
``<!-- begin … -->`` and ``<!-- end … -->`` lines, so the page stays whole for a reader of
the file. ``docs/rules.md`` is the learners' page, in words and pictures: each variant class
writes its section there too (its title and ``learner_text``, one region per variant, so
that a picture may stand between them). The pictures are code cells the book runs (the
engine draws each position); this page leaves them out with the page's front matter.

Both are committed; ``tests/test_rules_page.py`` fails when one is out of date. Rebuild
them after editing the rules or a variant with ``./dev regen`` (every generated file), or
this file alone::

    .venv/bin/python docs/_ext/rules_page.py

It needs markdown-it-py (installed with the book's packages) and the package's source.
"""

from __future__ import annotations

import json
import re
import sys
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "docs" / "rules.md"
#: the Python pages' rules reference, whose variant parts this script writes
PYTHON_SOURCE = ROOT / "docs" / "python-rules.md"
TARGET = ROOT / "mtlearn" / "static" / "rules.html"
#: the rules in a learner's words for the front end, from mtlearn/core/rule_words.py
WORDS_JS = ROOT / "mtlearn" / "static" / "js" / "rule-words.js"

_LABEL = re.compile(r"^\(([a-z0-9-]+)\)=\s*$")
#: An HTML comment line, or a MyST comment line (``% leaves out: KEY`` before a leave-out
#: sentence, read by tests/test_rules_taught.py)
_COMMENT = re.compile(r"^(?:<!--.*-->|%.*)\s*$")
#: The page's front matter (it is a MyST notebook) and its code cells (the pictures)
_FRONT_MATTER = re.compile(r"\A---\n.*?^---\n", re.S | re.M)
_CODE_CELL = re.compile(r"^```\{code-cell\}.*?^```\n?", re.S | re.M)
#: The parts of docs/python-rules.md written from the variant classes, by the name their
#: ``<!-- begin NAME: … -->`` and ``<!-- end NAME -->`` lines give them.
REGIONS = ("variant rules", "variant options")
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


def variant_parts() -> dict[str, str]:
    """The text of each region of :data:`REGIONS`, from the variant classes."""
    sys.path.insert(0, str(ROOT))
    from mtlearn.core.ruleids import anchor
    from mtlearn.engine.variants import VARIANTS

    sections = "\n".join(f"### {c.rule} · {c.title}\n\n"
                         f"{c.rules_text.strip().replace('](#r-', '](rules.md#r-')}\n"
                         for c in VARIANTS)
    rows = "".join(f"| `{c.option}` | `False`, `True`"
                   f"{f' ({c.option_note})' if c.option_note else ''} | "
                   f"[{c.rule}](rules.md#{anchor(c.rule)}) |\n" for c in VARIANTS)
    table = ("The options of the variants that reshape play (one class each,\n"
             "in `mtlearn/engine/variants/`):\n\n"
             "| Option | Values (standard first) | Rule |\n"
             "|--------|-------------------------|------|\n" + rows)
    return {"variant rules": sections, "variant options": table}


def learner_parts() -> dict[str, str]:
    """The variant classes' sections of the learners' rules page (``docs/rules.md``): each
    class's title and ``learner_text``, at its rule's anchor, in a region of its own
    (``<!-- begin variant TITLE: … -->``), so the page may put a picture after each."""
    sys.path.insert(0, str(ROOT))
    from mtlearn.core.ruleids import anchor
    from mtlearn.engine.variants import VARIANTS

    return {f"variant {c.title}": f"({anchor(c.rule)})=\n### {c.title}\n\n"
                                  f"{c.learner_text.strip()}\n" for c in VARIANTS}


def with_variants(text: str, parts: dict[str, str] | None = None,
                  page: str = "docs/python-rules.md") -> str:
    """``docs/python-rules.md`` (or ``page``) with its regions written again from the
    variant classes (``parts``: :func:`variant_parts` unless given)."""
    for name, part in (variant_parts() if parts is None else parts).items():
        m = re.search(rf"^(<!-- begin {re.escape(name)}:[^\n]*-->\n).*?"
                      rf"^(<!-- end {re.escape(name)} -->\n)",
                      text, re.M | re.S)
        if m is None:
            raise SystemExit(f"{page}: no <!-- begin {name}: … --> line and its "
                             f"<!-- end {name} --> line")
        text = text[:m.start()] + m.group(1) + "\n" + part + "\n" + m.group(2) + text[m.end():]
    return text


def render(text: str) -> str:
    """The page for the rules reference ``text`` (MyST markdown; its front matter and its
    code cells, the book's pictures, left out)."""
    text = _CODE_CELL.sub("", _FRONT_MATTER.sub("", text, count=1))
    lines: list[str] = []
    labels: list[str | None] = []
    pending: str | None = None
    for line in text.splitlines():
        if _COMMENT.match(line):
            continue
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
    title = "Rules of Mexican Train"
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
            "each rule in words. This copy comes with the mtlearn package; the book "
            "has the same page with the chapters around it.</p>\n")
    body = body.replace("</h1>\n", "</h1>\n" + note, 1)
    return ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)} · mtlearn</title>\n<style>{STYLE.strip()}</style>\n"
            f"</head>\n<body>\n<main>\n{body}</main>\n</body>\n</html>\n")


def words_js() -> str:
    """The front end's copy of :data:`mtlearn.core.rule_words.WORDS` (rule-words.js)."""
    sys.path.insert(0, str(ROOT))
    import mtlearn  # noqa: F401  (files the variants' rules)
    from mtlearn.core.rule_words import SAID_BY, WORDS
    from mtlearn.core.ruleids import anchor

    body = json.dumps({k: {"words": v, "anchor": anchor(k),
                           **({"said": list(SAID_BY[k])} if k in SAID_BY else {})}
                       for k, v in WORDS.items()}, indent=2, ensure_ascii=False)
    return ("// Written by ./dev regen (docs/_ext/rules_page.py): the tables WORDS and SAID_BY\n"
            "// of mtlearn/core/rule_words.py; edit those, not this. Each rule id -> the rule in\n"
            "// a learner's words, its anchor on the rules page and the other words that say it.\n"
            "/** @type {Record<string, {words: string, anchor: string, said?: string[]}>} */\n"
            f"export const RULE_WORDS = {body};\n")


def main() -> int:
    source = PYTHON_SOURCE.read_text(encoding="utf-8")
    written = with_variants(source)
    learners = SOURCE.read_text(encoding="utf-8")
    learners_written = with_variants(learners, learner_parts(), "docs/rules.md")
    page = render(learners_written)
    words = words_js()
    current_words = WORDS_JS.read_text(encoding="utf-8") if WORDS_JS.is_file() else ""
    if "--check" in sys.argv[1:]:
        current = TARGET.read_text(encoding="utf-8") if TARGET.is_file() else ""
        stale = [path for path, now, want in ((PYTHON_SOURCE, source, written),
                                              (SOURCE, learners, learners_written),
                                              (TARGET, current, page),
                                              (WORDS_JS, current_words, words))
                 if now != want]
        for path in stale:
            print(f"{path.relative_to(ROOT)} is out of date: run ./dev regen", file=sys.stderr)
        return 1 if stale else 0
    if written != source:
        PYTHON_SOURCE.write_text(written, encoding="utf-8")
        print(f"wrote {PYTHON_SOURCE.relative_to(ROOT)}")
    if learners_written != learners:
        SOURCE.write_text(learners_written, encoding="utf-8")
        print(f"wrote {SOURCE.relative_to(ROOT)}")
    if words != current_words:
        WORDS_JS.write_text(words, encoding="utf-8")
        print(f"wrote {WORDS_JS.relative_to(ROOT)}")
    TARGET.write_text(page, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)} ({len(page.encode()):,} bytes)")
    return 0

if __name__ == "__main__":
    sys.exit(main())
