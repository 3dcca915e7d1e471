"""Words between boards on a built page: the stretches of reading a learner meets before the
next board, picture or chart (issue 40: none longer than :data:`MOST` words)."""

from __future__ import annotations

from html.parser import HTMLParser

#: The longest stretch of words between two boards a learner page may have.
MOST = 250
#: What counts as a board: a board, a picture, a puzzle, a chart (anything a cell drew).
_BOARD = ("mtl-standalone", "cell_output", "mtl-board")
_VOID = {"br", "img", "input", "meta", "link", "hr", "source", "wbr", "col", "area"}


class _Stretches(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.in_article = False
        self.skip = 0
        self.stretches = [0]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        cls = dict(attrs).get("class") or ""
        if tag == "article":
            self.in_article = True
        if not self.in_article or tag in _VOID:
            return
        if self.skip:
            self.skip += 1
        elif tag == "figure" or any(c in cls.split() for c in _BOARD):
            self.stretches.append(0)
            self.skip = 1
        elif tag in ("script", "style") or "cell_input" in cls.split():
            self.skip = 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        if self.skip:
            self.skip -= 1
        if tag == "article":
            self.in_article = False

    def handle_data(self, data: str) -> None:
        if self.in_article and not self.skip:
            self.stretches[-1] += len(data.split())


def stretches(html: str) -> list[int]:
    """The words in each stretch of a page's article between boards, in page order."""
    p = _Stretches()
    p.feed(html)
    return p.stretches
