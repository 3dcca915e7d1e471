"""The ``mtlearn`` command: ``mtlearn check PATH…``, ``list``, ``html``, ``sim``,
``puzzles mine`` (:mod:`mtlearn.content.mining_cli`) and ``class`` (the class server,
:mod:`mtlearn.hosts.classroom`; needs the ``class`` extra).

``check`` replays scenario files and proves puzzle files (a YAML file with a
top-level ``question:`` is a puzzle).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from . import __version__
from .core.errors import MtlearnError

__all__ = ["main"]


def _scenario_files(paths: Sequence[str]) -> tuple[list[Path], list[str]]:
    """The files to check (folders searched for *.yaml and *.yml) and paths not found."""
    files: list[Path] = []
    missing: list[str] = []
    for text in paths:
        p = Path(text)
        if p.is_dir():
            files.extend(sorted([*p.rglob("*.yaml"), *p.rglob("*.yml"),
                                 *p.rglob("*.jsonl.gz")]))
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
    from .content.scenario import ScenarioError, load
    from .core.errors import MtlearnError

    files, missing = _scenario_files(paths)
    for text in missing:
        print(f"FAIL {text}: no such file or folder")
    if not files and not missing:
        print("mtlearn check: no scenario or puzzle files (*.yaml, *.yml) found",
              file=sys.stderr)
        return 2
    bad = internal = n_puzzles = 0
    for f in files:
        if f.name.endswith(".jsonl.gz"):   # a mined set (mtlearn puzzles mine)
            from .content.mining_cli import check_mined
            _n, failed, crashed = check_mined(f)
            n_puzzles += 1
            bad, internal = bad + min(failed, 1), internal + min(crashed, 1)
            continue
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
            for w in s.warnings:  # narration that disagrees with its board
                print(f"warn {_one_line(w)}")
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
    from .content.puzzles import is_puzzle_text

    try:
        return is_puzzle_text(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return False


def _check_puzzle(path: Path) -> tuple[int, int]:
    """Prove one puzzle file and print ok or FAIL; returns (failed, internal error)."""
    from .content.puzzles import check, load
    from .content.tile_words import puzzle_notes
    from .core.errors import MtlearnError

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
    for w in puzzle_notes(p):  # its text against its board
        print(f"warn {_one_line(w)}")
    return 0, 0


def _list(every: bool = False) -> int:
    from .content.scenario import FAMILIES, bundled

    _print_families(FAMILIES, bundled(), "{label}:", "scenarios",
                    lambda s: f"{s.title}  [{', '.join(s.teaches)}]")
    from .content.puzzles import FAMILIES as PUZZLE_FAMILIES
    from .content.puzzles import bundled as bundled_puzzles

    _print_families(PUZZLE_FAMILIES, bundled_puzzles(), "Puzzles: {label}:",
                    "puzzles written by hand",
                    lambda p: f"L{p.level} {p.kind:<9} {p.title}")
    _list_mined(PUZZLE_FAMILIES, every)
    return 0


def _list_mined(families: dict[str, str], every: bool) -> None:
    """``mtlearn list``: the mined puzzles, counted by family (``--mined``: one a line)."""
    from .content.mined import mined_index

    index = mined_index()
    for fam, label in families.items():
        here = [e for e in index if e.family == fam]
        if not here:
            continue
        print(f"Mined puzzles: {label}: {len(here)}")
        for e in here if every else ():
            print(f"  {e.id:<32} L{e.level} {e.kind:<9} rated {e.rating}  "
                  f"{', '.join(e.themes)}")
    more = "" if every else " (`mtlearn list --mined` lists each one)"
    print(f"{len(index)} mined puzzles{more}.")


def _print_families(families: dict[str, str], items: list[Any], heading: str, noun: str,
                    detail: Callable[[Any], str]) -> None:
    """``mtlearn list``: bundled items family by family, an id and ``detail`` a line."""
    for fam, label in families.items():
        print(heading.format(label=label))
        for item in items:
            if item.family == fam:
                print(f"  {item.id:<32} {detail(item)}")
    print(f"{len(items)} {noun}.")


def _option_value(text: str) -> object:
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    return int(text) if text.strip().isdigit() else text.strip()


def _sim(args: argparse.Namespace) -> int:
    import time

    from .core.errors import MtlearnError
    from .play.sim import simulate, summarize

    rules: dict[str, object] = {"preset": args.rules}
    for opt in args.option or []:
        name, eq, value = opt.partition("=")
        if not eq or not name.strip():
            print(f"mtlearn sim: --option {opt!r}: write it as NAME=VALUE, e.g. "
                  f"mexican_start=after-first-round", file=sys.stderr)
            return 2
        rules[name.strip()] = _option_value(value)
    count = {"matches": args.matches} if args.rounds is None else {"rounds": args.rounds}
    start = time.perf_counter()
    try:
        rows = simulate(args.bots, **count, players=args.players, rules=rules, set=args.set,
                        seed=args.seed, rotate=not args.no_rotate, processes=args.processes,
                        progress=not args.quiet, frame=False, dask=args.dask)
    except (ValueError, MtlearnError, RuntimeError) as e:
        print(f"mtlearn sim: {e}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - start
    unit = "match" if args.rounds is None else "round"
    games = rows[-1]["game"] + 1
    n = max(r["seat"] for r in rows)
    score = "mean total" if unit == "match" else "mean score"
    units = f"{unit}es" if unit == "match" else f"{unit}s"
    setting = ", ".join([f"rules: {args.rules}", *(args.option or []), f"seed {args.seed}",
                         "seats fixed" if args.no_rotate else "seats rotated"])
    print(f"{games} {units} of {n} players ({setting}): {games / elapsed:,.1f} {units}/s")
    print()
    header = f"{'bot':<10} {'seats':>6} {'wins':>8} {'win rate':>9}  {'95% interval':<15} " \
             f"{score:>10} {'went out':>9}"
    print(header)
    for r in summarize(rows):
        print(f"{r['bot']:<10} {r['games']:>6} {r['wins']:>8g} {r['win_rate']:>8.1%}  "
              f"{r['ci_low']:>6.1%} – {r['ci_high']:<6.1%} {r['mean_score']:>10.1f} "
              f"{r['out_rate']:>8.1%}")
    print()
    print("by turn order in the first round (1 = moved first):")
    for r in summarize(rows, by="order"):
        print(f"{'#' + str(r['order'] + 1):<10} {r['games']:>6} {r['wins']:>8g} "
              f"{r['win_rate']:>8.1%}  {r['ci_low']:>6.1%} – {r['ci_high']:<6.1%} "
              f"{r['mean_score']:>10.1f} {r['out_rate']:>8.1%}")
    blocked = sum(r["blocked"] for r in rows if r["seat"] == 1)
    rounds = sum(r.get("rounds", 1) for r in rows if r["seat"] == 1)
    moves = sum(r["moves"] for r in rows if r["seat"] == 1)
    print()
    print(f"rounds played: {rounds}, blocked: {blocked} ({blocked / rounds:.1%}), "
          f"moves per round: {moves / rounds:.1f}")
    if args.csv:
        import csv

        try:
            with open(args.csv, "w", newline="", encoding="utf-8") as f:
                w = csv.DictWriter(f, fieldnames=list(rows[0]))
                w.writeheader()
                w.writerows(rows)
        except OSError as e:
            print(f"mtlearn sim: cannot write {args.csv}: {e.strerror}", file=sys.stderr)
            return 1
        print(f"rows written to {args.csv}")
    return 0


def _html(source: str, output: str | None) -> int:
    """Write one standalone, offline HTML page for a scenario or puzzle (file or bundled id).

    Never a traceback: each problem is one line on stderr naming the file (and, for a
    bad file, the line and field), exit status 1 for a bad file, 2 for one that cannot
    be read or written. An error nobody foresaw is reported as an internal error of the
    file, as a last resort."""
    try:
        return _html_page(source, output)
    except Exception as e:  # the backstop: one line, never a traceback
        print(f"mtlearn html: internal error in {source}: {type(e).__name__}: "
              f"{_one_line(str(e))[:200]}; please report it with the file", file=sys.stderr)
        return 1


def _html_page(source: str, output: str | None) -> int:
    from .content import puzzles
    from .content.scenario import get, load
    from .core.errors import MtlearnError
    from .hosts.pages import puzzle_page, scenario_page

    def fail(text: str, status: int = 1) -> int:
        print(f"mtlearn html: {_one_line(text)}", file=sys.stderr)
        return status

    path = Path(source)
    is_file = path.suffix in (".yaml", ".yml") or path.exists()
    try:
        if is_file:
            text = path.read_text(encoding="utf-8")
            item: Any = puzzles.load(path) if puzzles.is_puzzle_text(text) else load(path)
        else:
            try:
                item = get(source)
            except KeyError:
                item = puzzles.get(source)
        if isinstance(item, puzzles.Puzzle):
            puzzles.check(item)  # a page only for a puzzle the engine has proved
    except MtlearnError as e:  # ScenarioError and PuzzleError name the file and line
        msg = str(e)
        return fail(msg if msg.startswith(source) else f"{source}: {msg}")
    except KeyError as e:
        return fail(f"{source!r} is not a file, nor the id of a bundled scenario or puzzle "
                    f"({e.args[0] if e.args else e})", 2)
    except UnicodeDecodeError:
        return fail(f"cannot read {source}: not a UTF-8 text file", 2)
    except IsADirectoryError:
        return fail(f"cannot read {source}: it is a folder; give one scenario or puzzle "
                    "file", 2)
    except OSError as e:
        return fail(f"cannot read {source}: {e.strerror or e}", 2)
    except RecursionError:
        return fail(f"{source}: nested too deeply to read")
    try:
        page = puzzle_page(item) if isinstance(item, puzzles.Puzzle) else scenario_page(item)
    except MtlearnError as e:
        return fail(f"{source}: {e}")
    except ValueError as e:  # a value the page's JSON cannot carry (NaN, infinity)
        return fail(f"{source}: cannot make the page: {e} (a number in the file is not "
                    "finite?)")
    what = (f"a {item.kind} puzzle" if isinstance(item, puzzles.Puzzle)
            else f"{len(item.steps)} steps")
    target = Path(output) if output else Path(f"{item.id}.html")
    try:
        target.write_text(page, encoding="utf-8")
    except OSError as e:
        return fail(f"cannot write {target}: {e.strerror or e}", 2)
    print(f"wrote {target} ({len(page.encode()) // 1024} KB): {item.title}, "
          f"{what}; open it in any browser, no network needed")
    return 0


def _listen_host(command: str, lan: str | None, host: str | None = None) -> str | None:
    """The address a server listens on: ``--host`` or ``--lan ADDRESS`` as given, ``--lan``
    alone this machine's address on the room's network, else 127.0.0.1; None (said on
    stderr) when ``--lan`` finds no network."""
    if lan != "":
        return host or lan or "127.0.0.1"
    from .hosts.lan import lan_address

    found = lan_address()
    if found == "127.0.0.1":
        print(f"mtlearn {command}: --lan: this machine has no network address (is it on "
              "the room's Wi-Fi?); give one with --lan ADDRESS", file=sys.stderr)
        return None
    return found


def _book(args: argparse.Namespace) -> int:
    """``mtlearn book``: serve a built book (its .zip or a folder) over HTTP."""
    from .hosts.book_files import BookError, BookFiles
    from .hosts.book_server import serve

    given = args.book
    if given is None:
        if not (Path("docs/_build/html") / "index.html").is_file():
            print("mtlearn book: which book? Give the book's .zip (mtlearn-book-VERSION.zip, "
                  "from the release) or a built book's folder: mtlearn book BOOK.zip",
                  file=sys.stderr)
            return 2
        given = "docs/_build/html"
    if not 0 <= args.port <= 65535:
        print("mtlearn book: --port is 0 to 65535", file=sys.stderr)
        return 2
    try:
        book = BookFiles.open(given)
    except BookError as e:
        print(f"mtlearn book: {e}", file=sys.stderr)
        return 2
    host = _listen_host("book", args.lan)
    if host is None:
        return 2
    try:
        serve(book, host, args.port)
    except OSError as e:
        print(f"mtlearn book: cannot listen on {host}:{args.port}: {e.strerror or e}",
              file=sys.stderr)
        return 1
    return 0


def _class(args: argparse.Namespace) -> int:
    """``mtlearn class``: the class server (imported here: it needs the class extra)."""
    try:
        from .hosts.classroom.doors import tls_context
        from .hosts.classroom.server import book_folder, run
    except ImportError as e:
        print(f"mtlearn class: the class server needs the class extra ({e.name} is "
              "missing): pip install \"mexican-train-learn[class]\"", file=sys.stderr)
        return 1
    from .hosts.book_files import BookError
    from .hosts.classroom import ClassError, serving
    from .hosts.classroom.room import MAX_IDLE, Classroom

    folder = Path(args.folder).resolve()
    given = {k: getattr(args, k) for k in serving.DEFAULTS}
    kept: dict[str, Any] = {}
    if args.resume:  # served again as before, but for what is given again
        notes: list[str] = []
        kept = serving.read(folder, notes)
        for note in notes:
            print(f"mtlearn class: --resume: {note}", file=sys.stderr)
    if args.host is not None or args.lan is not None:
        kept = {k: v for k, v in kept.items() if k not in ("lan", "host")}
    if args.tls_cert is not None:
        kept = {k: v for k, v in kept.items() if k not in ("tls_cert", "tls_key")}
    opts = serving.merged(given, kept)
    for k in ("book", "tls_cert", "tls_key"):  # kept as whole paths: --resume runs anywhere
        if given[k] is not None:
            opts[k] = str(Path(given[k]).resolve())
    for k, v in opts.items():
        setattr(args, k, v)
    try:
        book = book_folder(args.book)
    except BookError as e:
        if given["book"] is not None:
            print(f"mtlearn class: --book: {e}", file=sys.stderr)
            return 2
        print(f"mtlearn class: --resume: the book served before is gone ({e}); the class "
              "is served without it", file=sys.stderr)
        book = args.book = opts["book"] = None
    if book is not None and args.book is None:  # found in docs/_build/html
        opts["book"] = str(Path(book.source).resolve())
    if not 0 <= args.port <= 65535 or not 1 <= args.per_address <= 1000:
        print("mtlearn class: --port is 0 to 65535, --per-address 1 to 1000", file=sys.stderr)
        return 2
    if not 0.2 <= args.pace <= 10:
        print("mtlearn class: --pace is 0.2 to 10 seconds a move", file=sys.stderr)
        return 2
    if args.idle is not None and not 0 <= args.idle <= MAX_IDLE:
        print(f"mtlearn class: --idle is 0 (off) to {MAX_IDLE} seconds", file=sys.stderr)
        return 2
    if (args.tls_cert is None) != (args.tls_key is None):
        print("mtlearn class: --tls-cert and --tls-key go together (the certificate and "
              "its private key, PEM files)", file=sys.stderr)
        return 2
    if args.host is not None and args.lan is not None:
        print("mtlearn class: give --lan ADDRESS or --host ADDRESS, not both",
              file=sys.stderr)
        return 2
    host = _listen_host("class", args.lan, args.host)
    if host is None:
        return 2
    try:
        tls = tls_context(args.tls_cert, args.tls_key) if args.tls_cert else None
        room = Classroom.resume(folder) if args.resume else Classroom.create(folder)
        if args.idle is not None:
            room.idle = args.idle
            room.save()
        room.pace = args.pace
        try:
            serving.write(folder, opts)
        except OSError as e:
            print(f"mtlearn class: cannot keep how the class is served in {folder}: "
                  f"{e.strerror}", file=sys.stderr)
        if kept:
            print("Served as before (kept in the class folder): "
                  f"{serving.command(folder, opts)}", flush=True)
        run(room, host=host, port=args.port, book=book, per_address=args.per_address,
            quiet_qr=args.no_qr, tls=tls, carry_on=serving.command(folder, opts),
            tls_cert=args.tls_cert)
    except (ClassError, MtlearnError) as e:
        print(f"mtlearn class: {e}", file=sys.stderr)
        return 1
    return 0


def _add_sim_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``sim`` to the ``mtlearn`` command's subcommands."""
    s = sub.add_parser("sim", help="play many bot matches or rounds and print win rates",
                       description="Play seeded matches (or rounds) between bots on every "
                       "core (or on a Dask cluster: --dask) and print each bot's win rate "
                       "with a 95 % interval. The same arguments give the same games "
                       "whatever the number of processes or workers.")
    s.add_argument("--bots", required=True,
                   help="one bot per seat, comma-separated: expert, planner, greedy, random "
                   "(e.g. planner,greedy,greedy,greedy)")
    how = s.add_mutually_exclusive_group()
    how.add_argument("--matches", type=int, default=100, help="whole matches to play "
                     "(default 100)")
    how.add_argument("--rounds", type=int, help="single rounds to play instead of matches")
    s.add_argument("--players", type=int, help="table size, when --bots names one bot")
    s.add_argument("--rules", default="standard", help="rules preset (default standard)")
    s.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a rules option, e.g. mexican_start=after-first-round (repeatable)")
    s.add_argument("--set", type=int, help="highest double (default: usual for the table)")
    s.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    s.add_argument("--processes", type=int, help="worker processes (default: every core)")
    s.add_argument("--dask", metavar="ADDRESS", help="play on the Dask cluster at ADDRESS "
                   "(e.g. tcp://10.0.0.5:8786) instead of local processes: the same rows; "
                   "needs mexican-train-learn[mine] here and on the workers")
    s.add_argument("--no-rotate", action="store_true",
                   help="keep each bot in its seat instead of rotating seats between deals")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.add_argument("--csv", metavar="FILE", help="also write every row to a CSV file")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="mtlearn", description="Mexican Train tools (the mexican-train-learn package).")
    parser.add_argument("--version", action="version",
                        version=f"mtlearn {__version__} (mexican-train-learn)")
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="validate scenario and puzzle files (replays every "
                       "step; proves every puzzle)")
    c.add_argument("paths", nargs="+", help="scenario or puzzle files, or folders")
    lst = sub.add_parser("list", help="list the bundled scenarios and puzzles, and count "
                         "the mined puzzles")
    lst.add_argument("--mined", action="store_true",
                     help="list every mined puzzle too (id, level, kind, rating, themes)")
    from .content.mining_cli import add_parser as add_puzzles
    add_puzzles(sub)
    _add_sim_parser(sub)
    h = sub.add_parser("html", help="turn a scenario or puzzle into one standalone offline "
                       "HTML page")
    h.add_argument("source", help="a scenario or puzzle file (.yaml), or the id of a bundled "
                   "one")
    h.add_argument("-o", "--output", help="the page to write (default: ID.html)")
    b = sub.add_parser("book", help="serve the book (its release .zip or a built folder) "
                       "on this machine or the room's network",
                       description="Serve a built book over HTTP so that its boards, the "
                       "in-page engine and the live notebooks work (opened from disk they "
                       "cannot). The .zip is read as it is: nothing to unpack.")
    b.add_argument("book", nargs="?", help="the book's .zip (mtlearn-book-VERSION.zip) or a "
                   "built book's folder (default: docs/_build/html if built)")
    b.add_argument("--lan", nargs="?", const="", metavar="ADDRESS",
                   help="serve the room's network, on this machine's address there (or on "
                   "ADDRESS); default: this machine only, 127.0.0.1")
    b.add_argument("--port", type=int, default=8766, help="port (default 8766; 0 picks a "
                   "free one)")
    k = sub.add_parser("class", help="serve a class: tables and puzzle rounds for the "
                       "students' own devices (needs mexican-train-learn[class])",
                       description="Start a class server on this machine: students open the "
                       "address, type the class code and their first name, and sit at a "
                       "table; the teacher's page opens tables and puzzle rounds, and "
                       "assigns trainer puzzles (a theme or a rating band).")
    k.add_argument("--lan", nargs="?", const="", metavar="ADDRESS",
                   help="serve the room's network, on this machine's address there (or the "
                   "ADDRESS given; default: this machine only, 127.0.0.1)")
    k.add_argument("--host", metavar="ADDRESS", help="the address to listen on (e.g. "
                   "0.0.0.0 for every interface; default 127.0.0.1)")
    k.add_argument("--tls-cert", metavar="FILE", help="serve https and wss with this "
                   "certificate (PEM; with --tls-key)")
    k.add_argument("--tls-key", metavar="FILE", help="the certificate's private key (PEM)")
    k.add_argument("--port", type=int, help="port (default 8765; 0 picks a free one)")
    k.add_argument("--folder", default="mtlearn-class", help="where the class is kept "
                   "(default ./mtlearn-class)")
    k.add_argument("--resume", action="store_true", help="carry on the class kept in "
                   "--folder, every table as it was, served as it was (the network, port, "
                   "book and limits kept in the folder; an option given again wins)")
    k.add_argument("--book", help="the book to serve at /book/: its release .zip or a built "
                   "folder (default: docs/_build/html if built)")
    k.add_argument("--per-address", type=int, help="devices one network address "
                   "may stand for: its connections at once and the students it adds "
                   "(default 8; a school whose devices share one address: about twice the "
                   "class)")
    k.add_argument("--idle", type=int, help="seconds before a computer player takes an "
                   "idle student's turn (default: off; the teacher's page sets it too)")
    k.add_argument("--pace", type=float, help="seconds a computer player takes "
                   "for a move, so the class can follow it (default 1; 0.2 to 10)")
    k.add_argument("--no-qr", action="store_true", default=None, help="do not draw the QR "
                   "code in the terminal")
    args = parser.parse_args(argv)
    try:
        if args.command == "check":
            status = _check(args.paths)
        elif args.command == "html":
            status = _html(args.source, args.output)
        elif args.command == "sim":
            status = _sim(args)
        elif args.command == "class":
            status = _class(args)
        elif args.command == "book":
            status = _book(args)
        elif args.command == "puzzles" and args.puzzles_command == "rate":
            from .content.puzzle_rates import rate_command
            status = rate_command(args)
        elif args.command == "puzzles":
            from .content.mining_cli import mine_command
            status = mine_command(args)
        else:
            status = _list(args.mined)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # The reader went away (`mtlearn list | head`): stop quietly, like other tools.
        # Point stdout at devnull so that the interpreter's final flush does not fail too.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as e:  # the last resort: one line, never a traceback
        print(f"mtlearn {args.command}: internal error: {type(e).__name__}: "
              f"{_one_line(str(e))[:200]}; please report it", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
