"""The rules reference that ships in the wheel (mtlearn/static/rules.html, made from
docs/rules.md by docs/_ext/rules_page.py): up to date, every rule at the book's anchor,
small, and a page with no script."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from mtlearn.core.ruleids import RULES, anchor, rule_ids_in

REPO = Path(__file__).resolve().parents[1]
PAGE = REPO / "mtlearn" / "static" / "rules.html"


def test_the_page_is_made_from_the_rules_reference_of_today() -> None:
    out = subprocess.run([sys.executable, str(REPO / "docs" / "_ext" / "rules_page.py"), "--check"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr


def test_every_rule_has_its_section_at_the_books_anchor() -> None:
    page = PAGE.read_text(encoding="utf-8")
    ids = re.findall(r'<h[23] id="([^"]+)">', page)
    assert sorted(anchor(r) for r in RULES) == sorted(i for i in ids if i.startswith("r-"))
    for rid in RULES:  # each heading names its rule in words, never by its id
        assert re.search(rf'<h3 id="{anchor(rid)}">[A-Z]', page), rid
    assert not rule_ids_in(page.split("<main>")[1]), rule_ids_in(page.split("<main>")[1])
    # links between rules stay on the page
    for target in re.findall(r'href="#([^"]+)"', page):
        assert f'id="{target}"' in page, target
    assert "<script" not in page and "http" not in page.split("<main>")[1]
    assert len(page.encode()) < 60_000
    assert "{func}" not in page and "{class}" not in page and ")=" not in page


def test_each_variant_class_writes_its_section_and_its_option_row(monkeypatch) -> None:
    """docs/python-rules.md's variant parts are written from the classes (``./dev regen``)."""
    sys.path.insert(0, str(REPO / "docs" / "_ext"))
    import rules_page

    from mtlearn.engine.variants import VARIANTS

    source = (REPO / "docs" / "python-rules.md").read_text(encoding="utf-8")
    assert rules_page.with_variants(source) == source
    cls = VARIANTS[0]
    monkeypatch.setattr(cls, "rules_text", "Said otherwise.\n")
    monkeypatch.setattr(cls, "option_note", "a note")
    text = rules_page.with_variants(source)
    assert f"### {cls.rule} · {cls.title}\n\nSaid otherwise.\n" in text
    assert f"| `{cls.option}` | `False`, `True` (a note) | [{cls.rule}](rules.md#{anchor(cls.rule)}) |" \
        in text
