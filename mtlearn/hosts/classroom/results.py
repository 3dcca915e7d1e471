"""What a teacher takes home from a lesson: every student's game scores and puzzle
results, as a printable page (``/results``) and as CSV (``/results.csv``).

**Game scores** come from the engine (each table's match standings): for every table and
every match a student plays or played there, or until a computer player took the seat
for good, the points left in hand at the end of each round (fewer is better), the match
total and the place. A match the table no longer plays comes from its archive
(:mod:`.matches`): nothing of a finished match is lost when a new one is dealt.

**Puzzle results** are the puzzle round on, else the last one ended (kept in the class
folder's ``archive/``): per puzzle, solved or not, tries, hints opened, answer shown.

**Trainer puzzles** are the assignment on, else the last one ended (:mod:`.assignment`):
per student, the puzzles done and solved and their class rating; per student and theme,
tries, solved and the rating those results show.

**Puzzle ratings** are the class's (:mod:`.class_ratings`): per puzzle its students
tried, the rating it started from and the one their attempts gave it.

**The CSV** holds two parts or more (up to five), one after the other, an empty line
between them:

1. puzzle results, one line per student and puzzle tried: ``name, puzzle, title,
   solved, tries, hints, answer shown, answers`` (:meth:`PuzzleRound.csv`);
2. game scores, one line per student and match (every match of every table they sat
   at): ``name, table, match, seat, place, match total, rounds played, round 1 … round
   N`` (points left in hand each round; a match is numbered from 1 at its table);
3. once trainer puzzles were assigned, one line per student and theme: ``name, theme,
   theme in words, tries, solved, rating, class rating``
   (:func:`~.assignment.results_csv`);
4. once a trainer puzzle was answered, one line per puzzle the class tried: ``puzzle,
   title, class rating, deviation, volatility, start rating, start deviation, attempts,
   solved, class`` (:meth:`~.class_ratings.ClassRatings.csv`; the class's random id on
   each line), what ``mtlearn puzzles rate`` reads;
5. once a student had a round reviewed on their phone, one line per student: ``name,
   table, round, decisions reviewed, mistakes, points lost`` (their last round reviewed,
   :meth:`~.reviews.ClassReviews.rows`, kept in the class folder: :mod:`.kept_reviews`).

A reader of the first parts is not disturbed: each part starts with its own header,
after an empty line.

Every text from a name or a title is escaped on the page (:func:`html.escape`) and
guarded in the CSV (a cell a spreadsheet would run as a formula is quoted). Standard
library only.
"""

from __future__ import annotations

import csv
import html
import io
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.errors import MtlearnError
from . import assignment
from .matches import CSV_HEAD, csv_rows, match_record
from .puzzle_round import PuzzleRound, _cell, clean
from .reviews import RESULTS_HEAD
from .store import archives

if TYPE_CHECKING:
    from .room import Classroom

__all__ = ["games", "ratings_html", "results_csv", "results_html", "trainer_html"]


def games(room: Classroom) -> dict[str, list[dict[str, Any]]]:
    """Student id -> every match they played, by table and match: table, match, seat,
    place, total, round points. The matches archived (:mod:`.matches`) and the match
    each table plays now (which counts over its own archive: it is the newer)."""
    out: dict[str, list[dict[str, Any]]] = {sid: [] for sid in room.students}
    live = {t.id: match_record(room, t) for t in room.tables.values()}
    records = [r for r in room.matches.records()
               if (live.get(r["table"]) or {}).get("match") != r["match"]]
    records += [r for r in live.values() if r is not None]
    tables = list(room.tables)

    def order(r: dict[str, Any]) -> tuple[int, int]:
        where = tables.index(r["table"]) if r["table"] in tables else len(tables)
        return where, int(r["match"])

    for r in sorted(records, key=order):
        for p in r["players"]:
            sid = p["student"]
            if sid is None or sid not in out:
                continue
            out[sid].append({"table": r["label"], "match": r["match"], "seat": p["seat"],
                             "place": p["place"], "players": len(r["players"]),
                             "total": p["total"], "rounds": list(p["rounds"]), "of": r["of"],
                             "over": r["over"], "computer": p["taken"]})
    return out


def _round(room: Classroom) -> tuple[PuzzleRound | None, str]:
    if room.puzzles is not None:
        return room.puzzles, "on now"
    if room.ended is not None:
        return room.ended, "ended"
    return None, ""


def results_csv(room: Classroom) -> str:
    """The class's results as CSV text: puzzle results, an empty line, game scores."""
    names = room.names()
    r, _ = _round(room)
    out = io.StringIO()
    if r is not None:
        out.write(r.csv(names))
    else:
        csv.writer(out).writerow(["name", "puzzle", "title", "solved", "tries", "hints",
                                  "answer shown", "answers"])
    played = games(room)
    most = max((len(g["rounds"]) for gs in played.values() for g in gs), default=0)
    out.write("\r\n")
    w = csv.writer(out)
    w.writerow([*CSV_HEAD, *(f"round {k}" for k in range(1, most + 1))])
    csv_rows(w, [(names.get(sid, "?"), {**g, "label": g["table"]})
                 for sid in sorted(played, key=lambda s: str(names.get(s, "")).casefold())
                 for g in played[sid]])
    trained, _ = _trainer(room)
    if trained is not None:
        out.write("\r\n" + assignment.results_csv(trained))
    if room.trainer.ratings.puzzles:
        out.write("\r\n" + room.trainer.ratings.csv(_titler(room)))
    reviewed = room.reviews.rows(names)  # the class's students only (not the removed)
    if reviewed:  # the rounds reviewed on the phones (.reviews; kept in the folder,
        out.write("\r\n")  # .kept_reviews: its words guarded against formulas)
        csv.writer(out).writerows([RESULTS_HEAD, *([_cell(str(name)), _cell(str(table)), *rest]
                                                   for name, table, *rest in reviewed)])
    return clean(out.getvalue())


def _titler(room: Classroom) -> Callable[[str], str]:
    """A puzzle's title by id (empty for one the pool no longer holds)."""
    pool = room.trainer.pool

    def title(pid: str) -> str:
        try:
            return str(pool.puzzle(pid).title)
        except (KeyError, MtlearnError):
            return ""

    return title


def ratings_html(room: Classroom) -> str:
    """The puzzle ratings' part of the results page: a row per puzzle the class tried."""
    rows = room.trainer.ratings.rows(_titler(room))
    if not rows:
        return ""
    body = "".join(
        f"<tr><th scope=\"row\">{_e(r['title'] or r['id'])}</th><td>{r['attempts']}</td>"
        f"<td>{r['solved']}</td><td>{r['start']:.0f}</td><td>{r['rating']:.0f} "
        f"(± {2 * r['rd']:.0f})</td></tr>" for r in rows)
    return ("<h2>Puzzle ratings in this class</h2>"
            '<table class="mtr-table mtr-ratings"><thead><tr><th>Puzzle</th><th>Tries</th>'
            "<th>Solved</th><th>Rating before</th><th>Class rating</th></tr></thead>"
            f"<tbody>{body}</tbody></table>"
            '<p class="mtr-legend">Every trainer puzzle answered in the class also rates the '
            "puzzle: solved first time, it loses points (it was easier than its rating "
            "said); missed, it gains them. <b>Rating before</b>: the rating it came with; "
            "<b>class rating</b>: what the class's answers say (± about how sure that is). "
            "The CSV's last part lists them, for <code>mtlearn puzzles rate</code>.</p>")


def _trainer(room: Classroom) -> tuple[dict[str, Any] | None, str]:
    """The trainer results to show: the assignment on, else the last one ended."""
    tr = room.trainer
    if tr.assignment is not None:
        return tr.results(room.names()), "on now"
    if tr.ended is not None:
        return tr.ended.get("results"), "ended"
    return None, ""


def trainer_html(room: Classroom) -> str:
    """The trainer puzzles' part of the results page: a row per student and theme."""
    res, state = _trainer(room)
    if res is None:
        return "<h2>Trainer puzzles</h2><p>No trainer puzzles were assigned yet.</p>"
    rows = []
    for r in res["rows"]:
        themes = r["themes"] or [None]
        rating = "" if r["rating"] is None else r["rating"]
        first = (f'<th scope="row" rowspan="{len(themes)}">{_e(r["name"])}</th>'
                 f'<td rowspan="{len(themes)}">{r["done"]} of {res["count"]}, '
                 f'{r["solved"]} solved</td><td rowspan="{len(themes)}">{rating}</td>')
        for i, t in enumerate(themes):
            cells = ('<td colspan="4">no puzzle done yet</td>' if t is None else
                     f"<td>{_e(t['label'])}</td><td>{t['tries']}</td><td>{t['solved']}</td>"
                     f"<td>{t['rating']}</td>")
            rows.append(f"<tr>{first if i == 0 else ''}{cells}</tr>")
    return (f"<h2>Trainer puzzles: {_e(res['title'])} <small>({_e(state)})</small></h2>"
            '<table class="mtr-table mtr-trainer"><thead><tr><th>Student</th><th>Done</th>'
            "<th>Class rating</th><th>Theme</th><th>Tries</th><th>Solved</th><th>Rating</th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
            '<p class="mtr-legend">Each student got their own puzzles, chosen near their '
            "level. <b>Done</b>: puzzles answered of those set; <b>solved</b>: right at "
            "the first try without a hint; <b>class rating</b>: the student's trainer "
            "rating (a beginner starts at 1200); per <b>theme</b> of the puzzles they did: "
            "<b>tries</b>, <b>solved</b>, and the <b>rating</b> those results show (the "
            "puzzles' ratings, more for each solved, less for each missed).</p>")


def _e(text: Any) -> str:
    return html.escape(clean(str(text)), quote=True)


def _puzzle_cell(c: dict[str, Any] | None) -> tuple[str, str]:
    if c is None:
        return "", "not tried"
    tries = f"{c['tries']} {'try' if c['tries'] == 1 else 'tries'}"
    hints = f"{c['hints']} {'hint' if c['hints'] == 1 else 'hints'}"
    words = [("solved" if c["solved"] else "not solved"), tries, hints]
    if c["shown"]:
        words.append("answer shown")
    return ("ok" if c["solved"] else "no"), ", ".join(words)


def results_html(room: Classroom) -> str:
    """The results page's content (a ``<main>``'s inside): game scores and puzzle results
    per student, a legend, the archived rounds; every name and title escaped."""
    names = room.names()
    order = sorted(room.students, key=lambda s: str(names[s]).casefold())
    parts = [f"<h1>Class results <small>class {_e(room.code)} · "
             f"{_e(time.strftime('%Y-%m-%d %H:%M'))}</small></h1>",
             '<p class="mtr-noprint"><button type="button" data-print>Print</button> '
             '<button type="button" data-csv="">Download the CSV</button> (the '
             "puzzle results, a line per student and puzzle tried; then the game scores, a "
             "line per student and match, a column per round; then, once assigned, the "
             "trainer puzzles, a line per student and theme; then the puzzles' class "
             "ratings, a line per puzzle; then, once reviewed, each student's last round "
             "reviewed on their phone)"
             "</p>"]
    # game scores
    played = games(room)
    most = max((len(g["rounds"]) for gs in played.values() for g in gs), default=0)
    parts.append("<h2>Game scores</h2>")
    if not any(played.values()):
        parts.append("<p>No table has been dealt yet.</p>")
    else:
        head = "".join(f"<th>Round {k}</th>" for k in range(1, most + 1))
        rows = []
        for sid in order:
            sat: list[dict[str, Any] | None] = [*played[sid]] or [None]
            for g in sat:
                if g is None:
                    rows.append(f"<tr><th scope=\"row\">{_e(names[sid])}</th>"
                                f"<td colspan=\"{most + 3}\">did not play</td></tr>")
                    continue
                pts = "".join(f"<td>{p}</td>" for p in g["rounds"])
                pts += "<td></td>" * (most - len(g["rounds"]))
                note = " (a computer player took the seat)" if g["computer"] else ""
                done = len(g["rounds"])
                if not done:
                    place = "the first round is being played"
                else:
                    place = f"{g['place']} of {g['players']} (" + (
                        "match over" if g["over"] else f"after {done} of {g['of']} rounds") + ")"
                rows.append(f"<tr><th scope=\"row\">{_e(names[sid])}</th>"
                            f"<td>{_e(g['table'])}, match {g['match']}, seat {g['seat']}"
                            f"{_e(note)}</td>{pts}"
                            f"<td>{g['total'] if done else ''}</td><td>{_e(place)}</td></tr>")
        parts.append(f'<table class="mtr-table"><thead><tr><th>Student</th><th>Table</th>'
                     f"{head}<th>Match total</th><th>Place</th></tr></thead>"
                     f"<tbody>{''.join(rows)}</tbody></table>")
        parts.append('<p class="mtr-legend"><b>Round</b>: the points of the tiles left in '
                     "the player's hand when the round ended (fewer is better; 0 means they "
                     "played out). <b>Match total</b>: the rounds added up; the lowest total "
                     "wins. Every match is kept: when a table starts a new match, the one "
                     "before stays here (a row per match), in the CSV and in the class "
                     "folder's archive (<code>match-…</code> files).</p>")
    # puzzle results
    r, state = _round(room)
    if r is None:
        parts.append("<h2>Puzzle results</h2><p>No puzzle round yet.</p>")
    else:
        res = r.results(names)
        parts.append(f"<h2>Puzzle results: {_e(res['title'])} <small>({_e(state)})</small></h2>")
        head = "".join(f"<th>{_e(p['title'])}</th>" for p in res["puzzles"])
        rows = []
        for row in res["rows"]:
            cells = []
            for c in row["cells"]:
                kind, words = _puzzle_cell(c)
                cells.append(f'<td class="mtr-{kind or "none"}">{_e(words)}</td>')
            rows.append(f"<tr><th scope=\"row\">{_e(row['name'])}</th>"
                        f"<td>{row['solved']} of {len(res['puzzles'])}</td>{''.join(cells)}</tr>")
        parts.append(f'<table class="mtr-table mtr-puzzles"><thead><tr><th>Student</th>'
                     f"<th>Solved</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
        parts.append('<p class="mtr-legend"><b>solved</b> / <b>not solved</b>: whether the '
                     "student found the answer; <b>tries</b>: answers they gave; "
                     "<b>hints</b>: hints they opened; <b>answer shown</b>: they asked to "
                     "see the answer.</p>")
    parts.append(trainer_html(room))
    parts.append(ratings_html(room))
    parts.append(room.reviews.results_html(names))
    kept = [n for n in archives(room.folder / "archive") if n.endswith(".csv")]
    if kept:
        items = "".join(f'<li><a href="/results.csv?archive={_e(n)}" data-csv="{_e(n)}">'
                        f"{_e(n)}</a></li>" for n in kept)
        parts.append("<h2>Earlier puzzle rounds, trainer puzzles and matches</h2><p>Kept "
                     "in the class folder "
                     f"({_e(room.folder / 'archive')}), newest first:</p><ul>{items}</ul>")
    return "\n".join(parts)
