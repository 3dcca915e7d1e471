"""The ``mtlearn`` command: ``mtlearn check PATH…``, ``mtlearn list`` and ``mtlearn html``."""

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


def _html(source: str, output: str | None) -> int:
    """Write one standalone, offline HTML page for a scenario file or bundled scenario id."""
    from .pages import scenario_page
    from .scenario import ScenarioError, get, load

    path = Path(source)
    try:
        scenario = load(path) if path.suffix in (".yaml", ".yml") or path.exists() else get(source)
    except ScenarioError as e:
        print(f"mtlearn html: {e}", file=sys.stderr)
        return 1
    except (KeyError, OSError) as e:
        print(f"mtlearn html: cannot read {source!r}: {e}", file=sys.stderr)
        return 2
    page = scenario_page(scenario)
    target = Path(output) if output else Path(f"{scenario.id}.html")
    try:
        target.write_text(page, encoding="utf-8")
    except OSError as e:
        print(f"mtlearn html: cannot write {target}: {e}", file=sys.stderr)
        return 2
    print(f"wrote {target} ({len(page.encode()) // 1024} KB): {scenario.title}, "
          f"{len(scenario.steps)} steps; open it in any browser, no network needed")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="mtlearn", description="Mexican Train tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="validate scenario files (replays every step)")
    c.add_argument("paths", nargs="+", help="scenario files or folders")
    sub.add_parser("list", help="list the bundled scenarios")
    h = sub.add_parser("html", help="turn a scenario into one standalone offline HTML page")
    h.add_argument("source", help="a scenario file (.yaml) or the id of a bundled scenario")
    h.add_argument("-o", "--output", help="the page to write (default: ID.html)")
    args = parser.parse_args(argv)
    try:
        if args.command == "check":
            status = _check(args.paths)
        elif args.command == "html":
            status = _html(args.source, args.output)
        else:
            status = _list()
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # The reader went away (`mtlearn list | head`): stop quietly, like other tools.
        # Point stdout at devnull so that the interpreter's final flush does not fail too.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
