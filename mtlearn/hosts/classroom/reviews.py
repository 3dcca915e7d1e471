"""A student's review of their round at a class table, on their phone (issue 41).

The phone draws a class table with the board's own front end (``board.js``), whose review
panel (``review.js``) offers "Review my round" once a round is over and sends the board's
``review`` and ``review_try`` intents. At a class table those two intents are answered
here, not by the table's session: the review is the one engine's
(:func:`mtlearn.play.review.review_round`, the mistakes drawn by
:class:`~mtlearn.hosts.session_review.RoundReviews`), of the student's own seat only, once
the round is over. It is computed from what that seat saw (each decision weighed from the
seat's view; the positions drawn from its perspective, checked for hidden tiles).

The answer is the student's ``table`` message with ``review`` (a
:class:`~mtlearn.core.protocol_review.ReviewView`); a refusal is the protocol's one
refusal, followed, at a table, by the ``table`` message with ``review`` null (the panel
offers the button again). The teacher's page shows each student's count of mistakes in
the last round they had reviewed (:meth:`ClassReviews.count`), and the results list them.

Those counts are kept in the class folder (:mod:`.kept_reviews`: ``reviews.json``), as
every change of the class is: a review made is a change (:meth:`ClassReviews.finish`),
its file written by the class folder's writer threads (:mod:`.commits`), its messages
sent once the file holds it; a review the folder cannot hold is taken back whole (the
file and the figures as they were, the student told why and offered the button again).
``--resume`` reads them back (:meth:`ClassReviews.load`).

Cost, bounded: a review is computed off the event loop, on :data:`REVIEWERS` thread(s),
so the other tables are answered meanwhile, and so is a move tried in "Find a better move"
(weighed on deals of its own, as the book and the notebook weigh it: :class:`RetryJob`);
at most :data:`MAX_WAITING` reviews are under way or waiting in the class (past that, a
plain refusal: try again shortly), one a student (a review or a try); a round reviewed
once is kept (asking again costs nothing) until the table moves on.
Standard library only (the review's modules are imported with the first review).
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import json
import sys
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from ...core.words import one_line
from ...present.perspective import Perspective
from ..session_review import RoundReviews
from . import ClassError, kept_reviews
from .commits import Pending, now

if TYPE_CHECKING:
    from ...core.protocol_review import MistakeView, RetryView
    from ...engine.game import Game
    from ...play.review import Mistake, Review
    from .commits import Commits
    from .room import Classroom, Conn, Out
    from .tables import ClassTable

__all__ = ["MAX_WAITING", "RESULTS_HEAD", "REVIEWERS", "ClassReviews", "Job", "RetryJob",
           "is_review"]

#: Threads that compute reviews (the machine's other core serves the tables).
REVIEWERS = 1
#: Reviews under way or waiting in the whole class; past that, a refusal.
MAX_WAITING = 16
_ACTIONS = ("review", "review_try")
#: The results CSV's columns of the reviews (:meth:`ClassReviews.rows`).
RESULTS_HEAD = ["name", "table", "round", "decisions reviewed", "mistakes", "points lost"]


def is_review(msg: Any) -> bool:
    """Whether ``msg`` is a student's ``review`` or ``review_try`` board intent."""
    intent = msg.get("intent") if isinstance(msg, dict) and msg.get("op") == "intent" else None
    return isinstance(intent, dict) and intent.get("action") in _ACTIONS


@dataclass
class Job:
    """A review to compute: the student, their table and seat, the round (a copy)."""

    sid: str
    table: str
    seat: int
    key: str
    game: Game


@dataclass
class RetryJob:
    """A move tried in a mistake's position ("Find a better move"), to weigh on the
    reviewer thread: the student, the review's key, the mistake, and a copy of its
    position."""

    sid: str
    key: str
    index: int
    move: str
    mistake: Mistake
    position: Game


@dataclass
class _Held:
    """A review made: its round's key and game, and the mistakes as a board draws them."""

    key: str
    table: str
    seat: int
    game: Game
    reviews: RoundReviews


def _key(table: str, seat: int, game: Game) -> str:
    """The round reviewed: the table, the seat and the game as it stands."""
    digest = hashlib.sha256(game.to_json().encode()).hexdigest()[:24]
    return f"{table}/{seat}/{digest}"


def compute(job: Job) -> Review:
    """The review of ``job`` (run on a reviewer thread; reads only the job's copy)."""
    from ...play.review import review_round

    return review_round(job.game, job.seat, seed=f"{job.game.round_no}")


def compute_retry(job: RetryJob) -> RetryView:
    """The move tried, weighed on deals of its own as the book and the notebook weigh it
    (run on a reviewer thread; reads only the job's copy)."""
    return RoundReviews.judged(job.position, job.mistake, job.move)


class ClassReviews:
    """The reviews of a class: those made (one a student, the last), those under way."""

    def __init__(self) -> None:
        self.held: dict[str, _Held] = {}  # student id -> their last review
        self.counts: dict[str, dict[str, Any]] = {}  # student id -> the teacher's figures
        self.busy: set[str] = set()  # students whose review is under way
        self._pool: ThreadPoolExecutor | None = None
        self._tasks: set[asyncio.Task[None]] = set()  # reviews being computed (the server)

    # ------------------------------------------------------------------ checks
    def _seat(self, room: Classroom, conn: Conn, msg: dict[str, Any]
              ) -> tuple[str, ClassTable, int, dict[str, Any]]:
        """The student, their table and seat, and their intent (ClassError: why not)."""
        sid = room._student(conn, msg)  # their own token, from their own device
        intent = msg["intent"]
        st = room.students[sid]
        t = room.tables.get(st["table"] or "")
        if t is None or st["seat"] is None:
            raise ClassError("review: take a seat at a table and play a round first")
        seat = st["seat"]
        if t.seats[seat]["student"] != sid:
            raise ClassError(f"review: a computer player has your seat at {t.label} now")
        asked = intent.get("seat", seat + 1)
        if asked != seat + 1 or isinstance(asked, bool):
            raise ClassError(f"review: you may review only your own seat ({seat + 1}); "
                             "each player's review is theirs alone")
        if t.session is None or not t.session.game.is_round_over:
            raise ClassError("review: the review is ready once the round is over: play it "
                             "to its end first")
        return sid, t, seat, intent

    def check(self, room: Classroom, conn: Conn, msg: dict[str, Any]
              ) -> Job | RetryJob | list[Out]:
        """A ``review`` or ``review_try`` intent checked: the job to compute (a review, or
        a move tried to weigh), or the messages to send now (the review kept, a
        refusal)."""
        try:
            sid, t, seat, intent = self._seat(room, conn, msg)
            assert t.session is not None
            game = t.session.game
            key = _key(t.id, seat, game)
            held = self.held.get(sid)
            retry = intent["action"] == "review_try"
            if not retry and held is not None and held.key == key:
                return self._answer(room, sid, t, seat, held)
            what = "your last try is being weighed" if retry else "your review is being made"
            if sid in self.busy:
                raise ClassError(f"{intent['action']}: {what}: it comes in a moment")
            if len(self.busy) >= MAX_WAITING:
                raise ClassError(f"{intent['action']}: {len(self.busy)} reviews are being "
                                 "made for the class: ask again in a minute")
            job: Job | RetryJob = (self._retry(held, key, sid, intent) if retry
                                   else Job(sid, t.id, seat, key, game.copy()))
            self.busy.add(sid)
            return job
        except ClassError as e:
            return self.refused(room, conn, str(e))

    def refused(self, room: Classroom, conn: Conn, text: str) -> list[Out]:
        """The refusal, and at a table the student's board told of their review of this
        round as it stands, or that there is none (its panel offers the button again)."""
        from .room import refused

        out: list[Out] = [("reply", refused(one_line(text, 300)))]
        sid = conn.student
        st = room.students.get(sid or "")
        t = room.tables.get((st or {}).get("table") or "")
        if st is not None and t is not None and st["seat"] is not None \
                and t.session is not None:
            held = self.held.get(sid or "")
            same = held is not None and held.key == _key(t.id, st["seat"], t.session.game)
            view = held.reviews.view() if held is not None and same else None
            out.append(("reply", self._state(t, st["seat"], view)))
        return out

    # ------------------------------------------------------------------ answers
    def finish(self, room: Classroom, job: Job, review: Review | None,
               error: BaseException | None = None) -> Pending:
        """A review computed (or its error), made in memory as one change of the class
        (:mod:`.keeping`): kept, counted for the teacher, its file queued
        (``reviews.json``, :mod:`.kept_reviews`); the messages to send once the file is
        on the disk (:meth:`told`), to the student if their table still shows that
        round. Nothing is kept for a class ended meanwhile (a new one started)."""
        keeper = room.keeper
        keeper.begin(room, defer=True)
        try:
            out = self._finish(room, job, review, error)
            return Pending(out, keeper.change())
        except Exception as e:  # a bug: the reviews as the folder holds them
            return Pending(keeper.fail(room, e, only=frozenset()), None)
        finally:
            keeper.end()

    def _finish(self, room: Classroom, job: Job, review: Review | None,
                error: BaseException | None) -> list[Out]:
        self.busy.discard(job.sid)
        if review is None:  # a bug: said in the server's window, and to the student
            print(f"mtlearn class: a review failed: {error!r}", file=sys.stderr, flush=True)
            said: list[Out] = [(f"student:{job.sid}", _refusal(
                f"review: the review could not be made ({type(error).__name__})"))]
            t = room.tables.get(job.table)
            if t is not None and t.session is not None and t.seats[job.seat]["student"] \
                    == job.sid:
                said.append((f"student:{job.sid}", self._state(t, job.seat, None)))
            return said
        if room.reviews is not self:  # the class ended meanwhile: its folder moved away
            return []
        reviews = RoundReviews()
        reviews.further = False  # one reviewer thread serves the class: no "Look further"
        reviews.current = review
        reviews._views = [_guarded(job.game, job.seat, RoundReviews._mistake_view(job.game, m))
                          for m in review.mistakes]
        held = _Held(job.key, job.table, job.seat, job.game, reviews)
        before, counts = self.held.get(job.sid), dict(self.counts)

        def put_back() -> None:  # the folder refused the review: as it holds them
            self.counts = counts
            if before is None:
                self.held.pop(job.sid, None)
            else:
                self.held[job.sid] = before
        room.keeper.on_failure(put_back)
        self.held[job.sid] = held
        t = room.tables.get(job.table)
        kept_reviews.record(self.counts, job.sid, {
            "table": t.label if t is not None else job.table, "round": job.game.round_no,
            "decisions": review.decisions, "mistakes": len(review.mistakes),
            "lost": review.lost}, room.students)
        room.keeper.put(room.folder / kept_reviews.FILE, None,
                        kept_reviews.file_dict(self.counts))
        out: list[Out] = [("teachers", room.teacher_state())]
        st = room.students.get(job.sid)
        if t is None or st is None or st["table"] != job.table or st["seat"] != job.seat \
                or t.session is None or _key(t.id, job.seat, t.session.game) != job.key:
            return out  # the table moved on: the count is kept, the phone shows a new round
        return self._answer(room, job.sid, t, job.seat, held) + out

    def told(self, room: Classroom, job: Job, outs: list[Out]) -> list[Out]:
        """The messages of a review once its change is settled (:func:`.commits.settle`):
        what the keeper says to the sender goes to the student; after a refusal (the
        folder could not hold the review), their board with ``review`` null, so its
        panel offers the button again."""
        said: list[Out] = []
        refused = False
        for to, text in outs:
            if to == "reply":
                to = f"student:{job.sid}"
                refused = refused or json.loads(text).get("ok") is False
            said.append((to, text))
        st = room.students.get(job.sid)
        t = room.tables.get(job.table)
        if refused and st is not None and t is not None and t.session is not None \
                and st["table"] == job.table and st["seat"] == job.seat:
            said.append((f"student:{job.sid}", self._state(t, job.seat, None)))
        return said

    def _answer(self, room: Classroom, sid: str, t: ClassTable, seat: int,
                held: _Held) -> list[Out]:
        return [(f"student:{sid}", self._state(t, seat, held.reviews.view()))]

    @staticmethod
    def _state(t: ClassTable, seat: int, review: Any) -> str:
        """The seat's ``table`` message with ``review`` (the round is over: every hand is
        shown, nothing is hidden any more)."""
        payload = json.loads(t.seat_state(seat))
        payload["review"] = review
        return json.dumps(payload, separators=(",", ":"), allow_nan=False)

    @staticmethod
    def _retry(held: _Held | None, key: str, sid: str, intent: dict[str, Any]) -> RetryJob:
        """Find a better move: ``move`` to weigh in mistake ``mistake``'s position
        (ClassError: no review of this round, no such mistake, no move)."""
        if held is None or held.key != key:
            raise ClassError("review_try: there is no review of this round yet: ask for one "
                             "first")
        index, move = intent.get("mistake"), intent.get("move")
        if not isinstance(index, int) or isinstance(index, bool):
            raise ClassError("review_try: mistake is the number of a mistake (from 0)")
        if not isinstance(move, str) or not move.strip():
            raise ClassError("review_try: move is a move in notation, e.g. 12-5>me")
        from ...play.review import position_before

        try:
            m = held.reviews.mistake_to_try(index, move)
        except Exception as e:  # no such mistake, a move too long: said plainly
            raise ClassError(f"review_try: {one_line(str(e), 200)}") from None
        return RetryJob(sid, key, index, move, m, position_before(held.game, m.turn))

    def tried(self, room: Classroom, job: RetryJob, tried: RetryView | None,
              error: BaseException | None = None) -> list[Out]:
        """A move tried, weighed (or its error): shown in the student's review if their
        table still shows that round, else nothing."""
        self.busy.discard(job.sid)
        held = self.held.get(job.sid)
        st = room.students.get(job.sid)
        t = room.tables.get(held.table) if held is not None else None
        if held is None or held.key != job.key or st is None or t is None \
                or t.session is None or _key(t.id, held.seat, t.session.game) != job.key:
            return []
        if tried is None:
            return [(f"student:{job.sid}", _refusal(
                f"review_try: the move could not be weighed ({type(error).__name__})"))]
        held.reviews.tried(SimpleNamespace(message=None), job.index, tried)
        return self._answer(room, job.sid, t, held.seat, held)

    # ------------------------------------------------------------------ the teacher
    def count(self, sid: str) -> dict[str, Any] | None:
        """The student's last reviewed round: table, round, mistakes, decisions, lost."""
        return self.counts.get(sid)

    def load(self, folder: Path, notes: list[str]) -> None:
        """The counts kept in ``folder`` read back (``--resume``; :func:`.kept_reviews.load`:
        a damaged file put aside and said in ``notes``)."""
        self.counts = kept_reviews.load(folder, notes)

    def rows(self, names: dict[str, str]) -> list[list[Any]]:
        """The results' lines, a student each (by name): :data:`RESULTS_HEAD`'s columns.
        Only the class's students (``names``): a removed student's figures are kept while
        the removal may be undone (the Undo brings them back) and in ``reviews.json``
        (:data:`.kept_reviews.MAX_KEPT`), never listed."""
        return [[names[sid], c["table"], c["round"], c["decisions"], c["mistakes"], c["lost"]]
                for sid, c in sorted(self.counts.items(),
                                     key=lambda kv: str(names.get(kv[0], "")).casefold())
                if sid in names]

    def results_html(self, names: dict[str, str]) -> str:
        """The results page's section ("" before any review)."""
        rows = self.rows(names)
        if not rows:
            return ""
        body = "".join(f'<tr><th scope="row">{html.escape(str(row[0]))}</th>'
                       + "".join(f"<td>{html.escape(str(x))}</td>" for x in row[1:]) + "</tr>"
                       for row in rows)
        head = "".join(f"<th>{h}</th>" for h in ("Student", "Table", "Round", "Decisions",
                                                  "Mistakes", "Points lost"))
        return ("<h2>Reviews of rounds</h2>"
                f'<table class="mtr-table"><thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>"
                '<p class="mtr-legend">The last round each student had reviewed on their '
                "phone: the decisions the expert weighed, the mistakes it found (moves that "
                "left at least 4 more points in the hand on average than the best move) and "
                "the points they lost on average. Kept in the class folder.</p>")

    # ------------------------------------------------------------------ running
    def now(self, room: Classroom, conn: Conn, msg: dict[str, Any]) -> list[Out]:
        """Answer a review intent here and now (no event loop: the tests' room), its file
        written at once (:func:`.commits.now`)."""
        job = self.check(room, conn, msg)
        if isinstance(job, RetryJob):
            try:
                return self.tried(room, job, compute_retry(job))
            except Exception as e:  # said to the student
                return self.tried(room, job, None, e)
        if not isinstance(job, Job):
            return job
        try:
            review = compute(job)
        except Exception as e:  # said to the student
            return self.told(room, job, now(room, self.finish(room, job, None, e)))
        return self.told(room, job, now(room, self.finish(room, job, review)))

    async def handle(self, room: Classroom, conn: Conn, msg: dict[str, Any],
                     commits: Commits, send: Callable[[list[Out]], Awaitable[None]]
                     ) -> list[Out]:
        """Answer a review intent in the server: checked on the loop with the class as
        the folder holds it (:meth:`.commits.Commits.alone`); the messages to send now (a
        refusal, a review kept, a retry judged). A review to compute is a task of its own,
        on a reviewer thread (the other tables, and the student's own device, answered
        meanwhile), whose messages go out by ``send`` once its file is written
        (:meth:`.commits.Commits.commit`, off the loop)."""
        async with commits.alone():
            job = self.check(room, conn, msg)
        if isinstance(job, list):
            return job
        work = (self._weigh(room, job, send) if isinstance(job, RetryJob)
                else self._compute(room, job, commits, send))
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return []

    async def _compute(self, room: Classroom, job: Job, commits: Commits,
                       send: Callable[[list[Out]], Awaitable[None]]) -> None:
        """Compute ``job`` on the reviewer thread, then keep it (the class read and
        changed as the folder holds it, its file written by the writer threads) and send
        its messages."""
        error: Exception | None = None
        review = None
        try:
            review = await asyncio.get_running_loop().run_in_executor(self._reviewer(),
                                                                      compute, job)
        except Exception as e:  # said to the student
            error = e
        except BaseException:  # cancelled (the server stops): nothing under way any more
            self.busy.discard(job.sid)
            raise
        async with commits.alone():
            outs = self.told(room, job, await commits.commit(
                self.finish(room, job, review, error)))
        await send(outs)

    async def _weigh(self, room: Classroom, job: RetryJob,
                     send: Callable[[list[Out]], Awaitable[None]]) -> None:
        """Weigh a move tried on the reviewer thread, then show it (nothing is kept in the
        class folder: a try is the student's alone, and lost with the review)."""
        tried: RetryView | None = None
        error: Exception | None = None
        try:
            tried = await asyncio.get_running_loop().run_in_executor(
                self._reviewer(), compute_retry, job)
        except Exception as e:  # said to the student
            error = e
        except BaseException:  # cancelled (the server stops)
            self.busy.discard(job.sid)
            raise
        await send(self.tried(room, job, tried, error))

    def _reviewer(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(REVIEWERS, thread_name_prefix="mtlearn-review")
        return self._pool

    def close(self) -> None:
        """On the way out: the reviews under way dropped, the reviewer thread stopped."""
        for task in list(self._tasks):
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _refusal(text: str) -> str:
    from .room import refused

    return refused(one_line(text, 300))


def _guarded(game: Game, seat: int, mistake: MistakeView) -> MistakeView:
    """A mistake's view checked for tiles its seat could not see then (the last line of
    defence: the review draws the position from the seat's perspective already)."""
    from ...play.review import position_before

    text = json.dumps(mistake, separators=(",", ":"), allow_nan=False)
    seen = Perspective(position_before(game, mistake["turn"]), seat)
    if not seen.leaks(text):
        return mistake
    guarded: MistakeView = json.loads(seen.guard(text))
    return guarded
