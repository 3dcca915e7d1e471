"""The class folder: how a class is kept on the teacher's machine, so that nothing is lost.

The folder (format version 2)::

    class.json             the class: code, teacher's token, students, tables, idle limit,
                           which puzzle round is on and which one ended last
    class.prev.json        the copy of class.json before its last change
    tables/t1.json         one table (its seats and its match, move for move)
    tables/t1.prev.json    the copy of t1.json before its last move
    puzzles.json           the puzzle round on, as it was at its last compaction
    puzzles.prev.json      the snapshot before that one
    answers.jsonl          every puzzle message that changed a result since then, one line each
    answers.prev.jsonl     the log before the last compaction
    archive/               every puzzle round that ended or was changed: JSON and CSV
                           (and every trainer assignment, ``trainer-…``, and every
                           match played at a table, ``match-…``: :mod:`.matches`)
    trainer/               trainer puzzles (:mod:`.assignment`): the assignment, and one
                           sealed file per student (their trainer state and progress)
    trainer/ratings.json   every puzzle's class rating (:mod:`.class_ratings`)
    reviews.json           each student's last round reviewed on their phone: the
                           teacher's figures (:mod:`.kept_reviews`)
    serving.json           how the class is served (--lan, --port, --book…: :mod:`.serving`)
    *.bad-<time>.json      a file found damaged on --resume, put aside (never deleted)

**Sealed files.** Every ``.json`` file is one JSON object whose last key, ``"sha256"``,
is the SHA-256 of the text before it (the same object without that key, as written:
compact, ASCII). :func:`unseal` finds a file cut short (no checksum at its end) or
changed (the checksum does not match), and names it. :func:`write_sealed` keeps the
previous copy (``NAME.prev.json``, a hard link to the old file where the disk allows it,
else the old file renamed) and then writes the new one atomically (a temporary file,
flushed to disk, renamed over the old one). A folder of format version 1 (no checksums)
is still read.

**The answers log.** A puzzle message appends one line to ``answers.jsonl`` (the round's
id, the student, their puzzle, and the whole record of that puzzle after the message),
so a save costs one short write rather than the whole class. Each line is flushed to the
operating system at once, so a crash or kill of the server loses nothing. It is forced to
the disk (``fsync``) at once when the last forcing is older than :data:`FSYNC_EVERY`
seconds, else by a timer at the end of that second (many answers in one second share one
forcing), and when the log is compacted or closed: a power cut loses at most the answers
of the last second. On ``--resume`` the lines of the round on are replayed onto
``puzzles.json`` (each line holds whole records, so replaying a line twice changes
nothing); a last line cut short by a crash is left out and reported, never fatal; then
the log is compacted: the snapshot written, the log kept as ``answers.prev.jsonl`` and a
new one started (the previous log is replayed too, so a snapshot that falls back to its
previous copy misses nothing). The log is compacted too when it reaches
:data:`COMPACT_LINES` lines.

Standard library only.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ...core.files import write_atomic
from ...core.words import one_line
from . import ClassError
from .puzzle_round import PuzzleRound

T = TypeVar("T")

__all__ = ["COMPACT_LINES", "FORMAT_VERSION", "FSYNC_EVERY", "AnswerLog", "Damaged",
           "archive_name", "archives", "put_aside", "put_sealed", "read_kept", "seal",
           "take_back", "unseal", "write_sealed"]

FORMAT_VERSION = 2
#: Seconds between two forcings of the answers log to the disk (0: every line).
FSYNC_EVERY = 1.0
#: Lines of the answers log before it is compacted into puzzles.json.
COMPACT_LINES = 20_000
_SEAL = re.compile(r',?"sha256":"([0-9a-f]{64})"\}\s*\Z')
_ARCHIVE = re.compile(r"^(?:puzzles|trainer|match)-[a-z0-9-]{1,40}-(\d{8})-(\d{6})(?:-(\d+))?"
                      r"\.(?:json|csv)$")


class Damaged(ClassError):
    """A kept file that cannot be read as written: cut short, changed, or not JSON."""


def seal(obj: dict[str, Any]) -> str:
    """``obj`` as compact JSON text with its checksum as its last key (see the module)."""
    body = json.dumps(obj, separators=(",", ":"), allow_nan=False)
    digest = hashlib.sha256(body.encode("ascii")).hexdigest()
    return body[:-1] + ("," if len(body) > 2 else "") + f'"sha256":"{digest}"}}\n'


def unseal(raw: bytes, where: str, *, sealed: bool = True) -> dict[str, Any]:
    """The object :func:`seal` wrote; :class:`Damaged` naming ``where`` if the file was cut
    short or changed. ``sealed=False`` also reads a file without a checksum (format 1)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Damaged(f"{where} is damaged (not UTF-8 text)") from None
    m = _SEAL.search(text)
    if m is None and sealed:
        why = "it is empty" if not text.strip() else "its end and checksum are missing"
        raise Damaged(f"{where} is cut short or damaged ({why})")
    if m is not None:
        body = text[:m.start()] + "}"
        if hashlib.sha256(body.encode("utf-8")).hexdigest() != m[1]:
            raise Damaged(f"{where} was changed or damaged (its checksum does not match)")
        text = body
    try:
        data = json.loads(text)
    except ValueError as e:
        raise Damaged(f"{where} is cut short or damaged (not JSON: "
                      f"{one_line(str(e), 80)})") from None
    if not isinstance(data, dict):
        raise Damaged(f"{where} is damaged (not a JSON object)")
    return data


def prev_of(path: Path) -> Path:
    """The previous copy kept beside ``path`` (``t1.json`` -> ``t1.prev.json``)."""
    return path.with_name(path.stem + ".prev" + path.suffix)


def write_sealed(path: Path, obj: dict[str, Any]) -> str:
    """Write ``obj`` sealed to ``path``, atomically, the old file kept as its previous copy;
    the text written. OSError if it could not be written: the file is then as it was."""
    text = seal(obj)
    put_sealed(path, text)
    return text


def put_sealed(path: Path, text: str) -> None:
    """Write ``text`` (made by :func:`seal`) as :func:`write_sealed` does."""
    renamed = False
    prev = prev_of(path)
    if path.exists():
        tmp = prev.with_name(prev.name + ".link")
        try:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            os.link(path, tmp)  # no moment without a current file
            os.replace(tmp, prev)
        except OSError:  # a disk without hard links (a FAT memory stick): rename
            os.replace(path, prev)
            renamed = True
    try:
        write_atomic(path, text)
    except OSError:
        if renamed:  # the old file stays the current one
            with contextlib.suppress(OSError):
                os.replace(prev, path)
        raise


def take_back(path: Path, existed: bool) -> None:
    """Undo the last :func:`write_sealed` of ``path``: its previous copy becomes the
    current file again (a rename: it needs no space on the disk), or the file goes if it
    is new (``existed`` false). OSError if the disk refuses that too."""
    if existed:
        os.replace(prev_of(path), path)
    else:
        path.unlink(missing_ok=True)


def put_aside(path: Path) -> Path:
    """Rename a damaged file to ``NAME.bad-<time>.json`` beside it (never deleted)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
    k = 1
    while target.exists():
        k += 1
        target = path.with_name(f"{path.stem}.bad-{stamp}-{k}{path.suffix}")
    os.replace(path, target)
    return target


def read_kept(path: Path, folder: Path, notes: list[str], check: Callable[[Any, str], T],
              *, sealed: bool = True) -> T | None:
    """What ``check(data, where)`` makes of the object kept in ``path``, else of its
    previous copy (saying so in ``notes``); None (said in ``notes``) when neither is good.
    ``check`` raises :class:`ClassError` for an object it cannot use. A damaged file is put
    aside, never deleted; a good previous copy is written back as the current file."""
    def name(p: Path) -> str:
        return str(p.relative_to(folder)) if p.is_relative_to(folder) else str(p)

    try:
        return check(unseal(path.read_bytes(), name(path), sealed=sealed), name(path))
    except FileNotFoundError:
        why = f"{name(path)} is missing"
    except ClassError as e:
        why = f"{e} (kept as {name(put_aside(path))})"
    except OSError as e:
        why = f"{name(path)} cannot be read ({e.strerror})"
    prev = prev_of(path)
    try:
        data = unseal(prev.read_bytes(), name(prev), sealed=sealed)
        kept = check(data, name(prev))
    except FileNotFoundError:
        notes.append(f"{why}; no previous copy ({name(prev)}) was kept")
        return None
    except (ClassError, OSError) as e:
        notes.append(f"{why}; its previous copy is no good either: "
                     f"{getattr(e, 'strerror', None) or e}")
        return None
    notes.append(f"{why}: restored from its previous copy {name(prev)} (the last change "
                 "before the stop may be missing)")
    write_atomic(path, seal(data))
    return kept


def class_data(data: Any, where: str) -> dict[str, Any]:
    """The saved class in ``data`` (class.json), checked; :class:`Damaged` if it is not one."""
    try:
        out = {"version": int(data.get("version", 1)), "code": str(data["code"]),
               "teacher": str(data["teacher"]), "idle": int(data["idle"]),
               "students": {}, "tables": [str(t) for t in data["tables"]],
               "puzzles": data["puzzles"], "ended": data.get("ended"),
               "locked": bool(data.get("locked", False))}
        for sid, st in data["students"].items():
            seat = st["seat"]
            if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
                raise TypeError(f"student {sid}: seat {seat!r}")
            out["students"][str(sid)] = {
                "name": str(st["name"]), "token": str(st["token"]),
                "table": None if st["table"] is None else str(st["table"]), "seat": seat}
        if out["puzzles"] is not None and not isinstance(out["puzzles"], dict):
            raise TypeError("puzzles is not an object")
        if out["ended"] is not None and not is_archive(str(out["ended"])):
            raise ValueError(f"ended: {one_line(repr(out['ended']), 60)}")
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise Damaged(f"{where}: not a saved class ({type(e).__name__}: "
                      f"{one_line(str(e), 200)})") from None
    return out


def read_class(folder: Path, notes: list[str]) -> dict[str, Any]:
    """The class kept in ``folder`` (class.json, else its previous copy);
    :class:`ClassError` naming the files when there is none to resume."""
    where = folder / "class.json"
    if not where.exists() and not prev_of(where).exists():
        raise ClassError(f"--resume: no class was kept in {folder} (class.json is missing)")
    found: list[str] = []
    data = read_kept(where, folder, found, class_data, sealed=False)
    notes.extend(found)
    if data is None:
        raise ClassError("--resume: " + "; ".join(found))
    return data


def reconcile(students: dict[str, dict[str, Any]], tables: dict[str, Any],
              notes: list[str]) -> None:
    """After a file fell back to its previous copy, the class and its tables may disagree
    on who sits where: each student's seat is the one their table gives them (none if no
    table does), and a seat kept for a student the class no longer knows is said."""
    for sid, st in students.items():
        at = [(tid, t.seat_of(sid)) for tid, t in tables.items() if t.seat_of(sid) is not None]
        table, seat = at[0] if at else (None, None)
        if (st["table"], st["seat"]) != (table, seat):
            st["table"], st["seat"] = table, seat
    for tid, t in tables.items():
        for i, s in enumerate(t.seats):
            if s["student"] is not None and s["student"] not in students:
                notes.append(f"{tid}: seat {i + 1} is kept for {s['name']}, whom the class "
                             "no longer knows (class.json fell back to an earlier copy): "
                             "the teacher can give the seat to a computer player")


def write_round(folder: Path, log: AnswerLog, round_: PuzzleRound) -> None:
    """Compact: the round's snapshot to puzzles.json (sealed, the previous copy kept), then
    the answers log emptied (a crash between the two replays the log again: no change)."""
    write_sealed(folder / "puzzles.json", round_.to_dict())
    log.clear()


def read_round(folder: Path, ref: dict[str, Any], log: AnswerLog,
               notes: list[str]) -> PuzzleRound:
    """The round on (``ref``: its family, id and start, from class.json): its snapshot,
    the answers log replayed onto it; compacted (see :func:`write_round`)."""
    def check(data: Any, where: str) -> PuzzleRound:
        r = PuzzleRound.from_dict(data, where)
        if r.id != ref.get("id"):
            raise ClassError(f"{where} holds another puzzle round")
        return r

    path = folder / "puzzles.json"
    found: list[str] = []
    r = read_kept(path, folder, found, check) if path.exists() or prev_of(path).exists() \
        else None
    notes.extend(found)
    if r is None:  # rebuilt from the logs alone
        r = PuzzleRound(str(ref["family"]), str(ref["id"]), float(ref["started"]))
    written = log.path.exists() and log.path.stat().st_size > 0
    entries = log.read(notes)
    done = sum(1 for e in entries if r.apply(e))
    if written or found:
        if done < len([e for e in entries if e.get("r") == r.id]):
            notes.append(f"{log.path.name}: {done} entries replayed; the others did not fit "
                         "the round and were left out")
        write_round(folder, log, r)
    return r


def archive_round(folder: Path, round_: PuzzleRound, names: dict[str, str]) -> str:
    """Archive a round that ends or is replaced (``archive/puzzles-<set>-<time>.json``, sealed,
    and the same name ``.csv``); the JSON file's name."""
    where = folder / "archive"
    where.mkdir(exist_ok=True)
    stem = archive_name(round_.family, time.time(), where)
    write_text(where / f"{stem}.csv", round_.csv(names))
    write_sealed(where / f"{stem}.json", {
        "round": round_.to_dict(), "title": round_.title, "ended": time.time(),
        "names": {sid: names.get(sid, "?") for sid in round_.students},
        "puzzles": [{"id": p.id, "title": p.title} for p in round_.puzzles]})
    round_.archive = f"{stem}.json"
    return round_.archive


def read_archive(folder: Path, name: str, notes: list[str]) -> PuzzleRound | None:
    """The archived round ``name`` (a file of ``archive/``), or None said in ``notes``."""
    def check(data: Any, where: str) -> PuzzleRound:
        r = PuzzleRound.from_dict(data.get("round") if isinstance(data, dict) else None, where)
        r.archive = name
        return r

    return read_kept(folder / "archive" / name, folder, notes, check)


class AnswerLog:
    """``answers.jsonl``: one line per puzzle message that changed a result (see the module).
    The log before the last compaction is kept as ``answers.prev.jsonl``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.prev = path.with_name(path.stem + ".prev" + path.suffix)
        self.lines = 0
        self._file: Any = None
        self._synced = 0.0
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None

    def append(self, entry: dict[str, Any]) -> None:
        """Append one entry, flushed to the operating system at once, forced to the disk at
        once or, when it was forced less than :data:`FSYNC_EVERY` seconds ago, by a timer
        that many seconds later (one timer for all the lines of that second)."""
        line = json.dumps(entry, separators=(",", ":"), allow_nan=False) + "\n"
        with self._lock:
            if self._file is None:
                self._file = open(self.path, "ab", buffering=0)  # kept open; no buffer
            size = self._file.seek(0, os.SEEK_END)
            due = time.monotonic() - self._synced >= FSYNC_EVERY
            try:
                write_all(self._file, line.encode("ascii"))
                if due:
                    self._sync()
            except OSError:  # no half line is left behind: the log is as it was
                with contextlib.suppress(OSError):
                    self._file.truncate(size)
                raise
            self.lines += 1
            if not due and self._timer is None:
                self._timer = threading.Timer(FSYNC_EVERY, self._sync_later)
                self._timer.daemon = True
                self._timer.start()

    def _sync(self) -> None:
        os.fsync(self._file.fileno())
        self._synced = time.monotonic()

    def _sync_later(self) -> None:
        with self._lock:
            self._timer = None
            if self._file is not None:
                with contextlib.suppress(OSError):
                    self._sync()

    def read(self, notes: list[str]) -> list[dict[str, Any]]:
        """Every entry of the previous log and of the log, in order; a last line cut short
        (a crash while writing it) and any damaged line of the log are left out and said
        in ``notes`` (those of the previous log were said when it was the log)."""
        return self._read(self.prev, []) + self._read(self.path, notes)

    @staticmethod
    def _read(path: Path, notes: list[str]) -> list[dict[str, Any]]:
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return []
        out: list[dict[str, Any]] = []
        lines = raw.split(b"\n")
        for k, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                if not isinstance(entry, dict):
                    raise ValueError("not an object")
                out.append(entry)
            except ValueError:
                shown = one_line(line.decode("utf-8", "replace"), 60)
                if k == len(lines):
                    notes.append(f"{path.name}: its last line was cut short (the server "
                                 f"stopped while writing it) and was left out: {shown}")
                else:
                    notes.append(f"{path.name}: line {k} is damaged and was left out: "
                                 f"{shown}")
        return out

    def clear(self) -> None:
        """Start a new log (after its entries were written into the snapshot); the old
        one is kept as the previous log."""
        self.close()
        if self.path.exists() and self.path.stat().st_size:
            os.replace(self.path, self.prev)
        write_atomic(self.path, "")
        self.lines = 0

    def close(self) -> None:
        """Force what was written to the disk and close the file."""
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._file is not None:
                f, self._file = self._file, None
                try:
                    os.fsync(f.fileno())
                finally:
                    f.close()


def write_all(f: Any, data: bytes) -> None:
    """Write all of ``data`` to the unbuffered file ``f`` (a write may take only part)."""
    view = memoryview(data)
    while view:
        view = view[f.write(view):]


def archive_name(family: str, stamp: float, folder: Path, prefix: str = "puzzles") -> str:
    """A new archive's file stem: ``puzzles-<set>-<YYYYmmdd-HHMMSS>`` (one per round;
    ``trainer-<theme or band>-…`` for trainer puzzles, :mod:`.assignment`;
    ``match-<table>-<match>-…`` for a table's match, :mod:`.matches`)."""
    base = "{}-{}-{}".format(prefix, family,
                             time.strftime("%Y%m%d-%H%M%S", time.localtime(stamp)))
    name, k = base, 1
    while (folder / f"{name}.json").exists():
        k += 1
        name = f"{base}-{k}"
    return name


def archives(folder: Path) -> list[str]:
    """The archived rounds' files in ``folder`` (newest first)."""
    try:
        names = [p.name for p in folder.iterdir() if _ARCHIVE.match(p.name)]
    except FileNotFoundError:
        return []
    def when(name: str) -> tuple[str, str, int, str]:
        m = _ARCHIVE.match(name)
        assert m is not None
        return m[1], m[2], int(m[3] or 1), name

    return sorted(names, key=when, reverse=True)


def is_archive(name: str) -> bool:
    """True for a file name an archive may have (nothing else is served)."""
    return bool(_ARCHIVE.match(name))


def write_text(path: Path, text: str) -> None:
    """Write ``text`` atomically, a character UTF-8 cannot hold (a lone surrogate)
    written as ``?`` rather than failing."""
    write_atomic(path, text.encode("utf-8", "replace").decode("utf-8"))
