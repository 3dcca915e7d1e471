"""How mtlearn writes counts and quoted input in its sentences ("1 tile", "2 tiles")."""

from __future__ import annotations

__all__ = ["one_line", "plural"]


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``"1 tile"``, ``"2 tiles"``: a count with its noun in the right number."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def one_line(text: str, limit: int = 80) -> str:
    """``text`` on one line, cut to ``limit`` characters: for quoting a reader's input
    back in a one-line message."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
