"""The ``mtlearn`` command: ``mtlearn check PATH…`` and ``mtlearn list``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["main"]


def _check(paths: Sequence[str]) -> int:
    from .scenario import ScenarioError, load

    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(sorted(p.rglob("*.yaml")) + sorted(p.rglob("*.yml")))
        else:
            files.append(p)
    if not files:
        print("mtlearn check: no scenario files found", file=sys.stderr)
        return 2
    bad = 0
    for f in files:
        try:
            s = load(f)
        except ScenarioError as e:
            bad += 1
            print(f"FAIL {e}")
        else:
            print(f"ok   {f}: {s.id} — {s.title} ({len(s.steps)} steps, teaches "
                  f"{', '.join(s.teaches)})")
    print(f"{len(files) - bad} of {len(files)} scenario file(s) replay cleanly.")
    return 1 if bad else 0


def _list() -> int:
    from .scenario import FAMILIES, bundled

    scenarios = bundled()
    for fam, label in FAMILIES.items():
        print(f"{label}:")
        for s in scenarios:
            if s.family == fam:
                print(f"  {s.id:<32} {s.title}  [{', '.join(s.teaches)}]")
    print(f"{len(scenarios)} scenarios.")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="mtlearn", description="Mexican Train tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="validate scenario files (replays every step)")
    c.add_argument("paths", nargs="+", help="scenario files or folders")
    sub.add_parser("list", help="list the bundled scenarios")
    args = parser.parse_args(argv)
    if args.command == "check":
        return _check(args.paths)
    return _list()


if __name__ == "__main__":
    sys.exit(main())
