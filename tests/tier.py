"""How much work a volume test does: all of it in the whole suite, a share in the fast tier.

A volume test checks one claim over many random inputs (fuzzed files, random rounds,
hypothesis examples). The whole suite (``./dev test``, CI) runs every example; the fast
tier (``./dev test --fast`` sets ``MTLEARN_TIER=fast``) runs the same tests on a tenth of
them, so the loop a developer runs while working stays quick and still exercises every
path once. Every test runs in both tiers; only the count of examples differs.
"""

from __future__ import annotations

import os

#: True in ``./dev test --fast``.
FAST = os.environ.get("MTLEARN_TIER") == "fast"
#: The share of the examples a volume test runs in the fast tier.
FAST_SHARE = 0.1


def volume(n: int, least: int = 1) -> int:
    """``n`` examples in the whole suite; in the fast tier a tenth of them, at least ``least``."""
    return max(least, round(n * FAST_SHARE)) if FAST else n
