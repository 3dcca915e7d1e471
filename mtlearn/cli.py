"""The ``mtlearn`` command: ``mtlearn check PATH…`` and ``mtlearn list``."""

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
        print("mtlearn check: no scenario files (*.yaml, *.yml) found", file=sys.stderr)
        return 2
    bad = internal = 0
    for f in files:
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
    summary = f"{total - bad} of {total} scenario file(s) replay cleanly"
    if bad:
        summary += f"; {bad} failed" + (f" ({internal} with an internal error)"
                                        if internal else "")
    print(summary + ".")
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
