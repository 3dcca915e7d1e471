"""Play puzzles (placeholder until the sampler lands)."""

from __future__ import annotations

from typing import Any

PLAYS: dict[str, Any] = {}
