"""How mtlearn writes counts in its sentences, so every message says "1 tile", "2 tiles"."""

from __future__ import annotations

__all__ = ["plural"]


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``"1 tile"``, ``"2 tiles"``: a count with its noun in the right number."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"
