"""The pictures of the learners' rules page and the front page (issue 40): each is drawn by
the engine from its position, after the cell checks what its caption says. Here the cells
run without the book, so a caption that stops being true fails the quick tier, not only the
book build; and the wheel's copy of the rules page (mtlearn/static/rules.html) leaves them
out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CELL = re.compile(r"^```\{code-cell\} ipython3\n(.*?)^```", re.S | re.M)
PAGES = ["rules.md", "index.md"]


def _cells(name: str) -> list[str]:
    text = (REPO / "docs" / name).read_text(encoding="utf-8")
    return [re.sub(r"\A(?::[a-z]+:.*\n)+\n?", "", c) for c in CELL.findall(text)]


@pytest.mark.parametrize("name", PAGES)
def test_each_picture_shows_what_its_caption_says(name: str) -> None:
    from mtlearn.present.course import Picture

    namespace: dict[str, object] = {}
    pictures = []
    for source in _cells(name):
        lines = source.rstrip().splitlines()
        last = lines[-1] if lines else ""
        exec(compile(source, f"docs/{name}", "exec"), namespace)  # the asserts run here
        if "picture(" in source:
            shown = eval(compile(source[source.rindex("picture("):], name, "eval"), namespace)
            assert isinstance(shown, Picture), last
            pictures.append(shown.caption)
    assert len(pictures) >= (20 if name == "rules.md" else 1), pictures
    assert len(set(pictures)) == len(pictures)


def test_the_wheels_rules_page_has_no_code() -> None:
    page = (REPO / "mtlearn" / "static" / "rules.html").read_text(encoding="utf-8")
    assert "code-cell" not in page and "picture(" not in page and "jupytext" not in page
