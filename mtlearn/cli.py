"""The ``mtlearn`` command: ``mtlearn check PATH…`` and ``mtlearn list``.

``check`` replays scenario files and proves puzzle files (a YAML file with a
top-level ``question:`` is a puzzle).
"""

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
        print("mtlearn check: no scenario or puzzle files found", file=sys.stderr)
        return 2
    bad = 0
    n_puzzles = 0
    for f in files:
        if _is_puzzle(f):
            n_puzzles += 1
            bad += _check_puzzle(f)
            continue
        try:
            s = load(f)
        except ScenarioError as e:
            bad += 1
            print(f"FAIL {e}")
        else:
            print(f"ok   {f}: {s.id} — {s.title} ({len(s.steps)} steps, teaches "
                  f"{', '.join(s.teaches)})")
    n_scen = len(files) - n_puzzles
    what = []
    if n_scen:
        what.append(f"{n_scen} scenario file(s)")
    if n_puzzles:
        what.append(f"{n_puzzles} puzzle file(s)")
    print(f"{len(files) - bad} of {' and '.join(what)} check out.")
    return 1 if bad else 0


def _is_puzzle(path: Path) -> bool:
    """A puzzle file has a top-level ``question:`` (scenarios have steps)."""
    from .puzzles import is_puzzle_text

    try:
        return is_puzzle_text(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return False


def _check_puzzle(path: Path) -> int:
    """Prove one puzzle file; print ok or FAIL; return 1 on failure."""
    from .puzzles import PuzzleError, check, load

    try:
        p = load(path)
        notes = check(p)
    except PuzzleError as e:
        print(f"FAIL {e}")
        return 1
    print(f"ok   {path}: puzzle {p.id} — {p.title} ({p.kind}, level {p.level}; "
          f"{'; '.join(notes)}; teaches {', '.join(p.teaches)})")
    return 0


def _list() -> int:
    from .scenario import FAMILIES, bundled

    scenarios = bundled()
    for fam, label in FAMILIES.items():
        print(f"{label}:")
        for s in scenarios:
            if s.family == fam:
                print(f"  {s.id:<32} {s.title}  [{', '.join(s.teaches)}]")
    print(f"{len(scenarios)} scenarios.")
    from .puzzles import FAMILIES as PFAM
    from .puzzles import bundled as bundled_puzzles

    puzzles = bundled_puzzles()
    for fam, label in PFAM.items():
        print(f"Puzzles: {label}:")
        for p in puzzles:
            if p.family == fam:
                print(f"  {p.id:<32} L{p.level} {p.kind:<9} {p.title}")
    print(f"{len(puzzles)} puzzles.")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="mtlearn", description="Mexican Train tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="validate scenario and puzzle files (replays every "
                       "step; proves every puzzle)")
    c.add_argument("paths", nargs="+", help="scenario or puzzle files, or folders")
    sub.add_parser("list", help="list the bundled scenarios and puzzles")
    args = parser.parse_args(argv)
    if args.command == "check":
        return _check(args.paths)
    return _list()


if __name__ == "__main__":
    sys.exit(main())
