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


def _scenario_files(paths: Sequence[str]) -> tuple[list[Path], list[str]]:
    """The files to check (folders searched for *.yaml and *.yml) and paths not found."""
    files: list[Path] = []
    missing: list[str] = []
    for text in paths:
        p = Path(text)
        if p.is_dir():
            files.extend(sorted([*p.rglob("*.yaml"), *p.rglob("*.yml")]))
        elif p.exists():
            files.append(p)
        else:
            missing.append(text)
    return files, missing


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _check(paths: Sequence[str]) -> int:
    """Replay every scenario file; one line per file, then a summary. Never a traceback:
    an unexpected exception is reported as an internal error of that file."""
    from .errors import MtlearnError
    from .scenario import ScenarioError, load

    files, missing = _scenario_files(paths)
    for text in missing:
        print(f"FAIL {text}: no such file or folder")
    if not files and not missing:
        print("mtlearn check: no scenario or puzzle files (*.yaml, *.yml) found",
              file=sys.stderr)
        return 2
    bad = internal = n_puzzles = 0
    for f in files:
        if _is_puzzle(f):
            n_puzzles += 1
            failed, crashed = _check_puzzle(f)
            bad += failed
            internal += crashed
            continue
        try:
            s = load(f)
        except ScenarioError as e:
            bad += 1
            print(f"FAIL {_one_line(str(e))}")
        except MtlearnError as e:
            bad += 1
            print(f"FAIL {f}: {_one_line(str(e))}")
        except Exception as e:  # reported per file as an internal error; the run goes on
            bad += 1
            internal += 1
            print(f"FAIL {f}: internal error ({type(e).__name__}: {_one_line(str(e))[:200]}); "
                  f"please report it with the file")
        else:
            print(f"ok   {f}: {s.id} — {_one_line(s.title)} ({len(s.steps)} steps, teaches "
                  f"{', '.join(s.teaches)})")
    total = len(files) + len(missing)
    bad += len(missing)
    if n_puzzles:
        summary = (f"{total - bad} of {total} file(s) check out ({total - n_puzzles} "
                   f"scenario file(s), {n_puzzles} puzzle file(s))")
    else:
        summary = f"{total - bad} of {total} scenario file(s) replay cleanly"
    if bad:
        summary += f"; {bad} failed" + (f" ({internal} with an internal error)"
                                        if internal else "")
    print(summary + ".")
    return 1 if bad else 0


def _is_puzzle(path: Path) -> bool:
    """A puzzle file has a top-level ``question:`` (scenarios have steps)."""
    from .puzzles import is_puzzle_text

    try:
        return is_puzzle_text(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return False


def _check_puzzle(path: Path) -> tuple[int, int]:
    """Prove one puzzle file and print ok or FAIL; returns (failed, internal error)."""
    from .errors import MtlearnError
    from .puzzles import check, load

    try:
        p = load(path)
        notes = check(p)
    except MtlearnError as e:  # PuzzleError names file, line and field
        text = _one_line(str(e))
        print(f"FAIL {text}" if text.startswith(str(path)) else f"FAIL {path}: {text}")
        return 1, 0
    except Exception as e:  # reported per file as an internal error; the run goes on
        print(f"FAIL {path}: internal error ({type(e).__name__}: {_one_line(str(e))[:200]}); "
              f"please report it with the file")
        return 1, 1
    print(f"ok   {path}: puzzle {p.id} — {_one_line(p.title)} ({p.kind}, level {p.level}; "
          f"{'; '.join(notes)}; teaches {', '.join(p.teaches)})")
    return 0, 0


def _list() -> int:
    from .scenario import FAMILIES, bundled

    scenarios = bundled()
    for fam, label in FAMILIES.items():
        print(f"{label}:")
        for s in scenarios:
            if s.family == fam:
                print(f"  {s.id:<32} {s.title}  [{', '.join(s.teaches)}]")
    print(f"{len(scenarios)} scenarios.")
    from .puzzles import FAMILIES as PUZZLE_FAMILIES
    from .puzzles import bundled as bundled_puzzles

    puzzles = bundled_puzzles()
    for fam, label in PUZZLE_FAMILIES.items():
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
