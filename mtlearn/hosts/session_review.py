"""A board session's review of the round (its ``review`` and ``review_try`` intents).

Once a round is over, ``review`` scores the learner's decisions with the expert
(:func:`mtlearn.play.review.review_round`) and keeps the review until the game moves on;
each of its mistakes is drawn from the learner's seat (the position before the decision, its
legal moves, the better move marked). ``review_save`` ("Save as a puzzle") makes a mistake
the learner's own puzzle (:mod:`mtlearn.trainer.own_puzzles`). ``review`` with ``further``
("Look further") makes the review again with more work when the first left choices
unsettled. ``review_try`` ("Find a better move") judges a move in a mistake's position
against the review's own values; a move the rules refuse there gets the engine's reason,
the rule in words. The learner is the seat
the board shows (its perspective), else the first seat no computer plays. Standard library
only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ..core.errors import SessionError
from ..core.moves import Move
from ..core.protocol_review import MistakeView, RetryView, ReviewView, SavedView

if TYPE_CHECKING:  # the review's modules are imported by the first review, not with a board
    from ..play.review import Mistake, Review
    from .session import BoardSession

__all__ = ["RoundReviews"]


def _message(kind: str, text: str) -> Any:
    return {"kind": kind, "text": text, "rule": None, "rule_url": None, "bots": []}


class RoundReviews:
    """The review a board session holds (none until asked, dropped when the game moves on)."""

    def __init__(self) -> None:
        #: the review held, or None
        self.current: Review | None = None
        self._views: list[MistakeView] = []
        #: keeps a saved puzzle record and says so (the notebook's trainer file), or None
        self.on_save: Callable[[dict[str, Any]], str] | None = None
        #: whether "Look further" is offered (a class server, which reviews a whole class on
        #: one thread, does not)
        self.further = True

    def clear(self) -> None:
        """Drop the review (a move, an undo, a new round or game)."""
        self.current = None
        self._views = []

    @staticmethod
    def learner(session: BoardSession) -> int:
        """The seat reviewed: the board's perspective, else the first seat no bot plays."""
        if session.perspective is not None:
            return session.perspective
        return next((s for s in range(session.game.n) if s not in session.bots), 0)

    def handle(self, session: BoardSession, intent: Any) -> None:
        """Carry out a ``review`` or ``review_try`` intent (its fields checked already)."""
        if intent["action"] == "review":
            self.review(session, further=bool(intent.get("further", False)))
        elif intent["action"] == "review_save":
            self.save(session, intent["mistake"])
        else:
            self.retry(session, intent["mistake"], intent["move"])

    def review(self, session: BoardSession, *, further: bool = False) -> None:
        """Review the round just played (the message says so, or why not); ``further``:
        "Look further", the review made again with :data:`~mtlearn.play.review.FURTHER_EFFORT`
        times the work, to settle the choices the usual review left unsettled."""
        g = session.game
        if not g.is_round_over:
            session.message = _message("info", "The review is ready once the round is over: "
                                       "play it to its end first.")
            return
        from ..play.review import FURTHER_EFFORT, review_round

        seat = self.learner(session)
        fresh = self.current is None or self.current.seat != seat
        further = further and not fresh
        if further and not self._offers_further():
            assert self.current is not None
            session.message = _message("info", "Review: " + self.current.summary() +
                                       " The review has looked as far as it can.")
            return
        if fresh or further:
            self.current = review_round(g, seat, seed=f"{g.round_no}",
                                        effort=FURTHER_EFFORT if further else 1.0)
            self._views = [self._mistake_view(g, m) for m in self.current.mistakes]
        assert self.current is not None
        head = "Review, looked further: " if further else "Review: "
        session.message = _message("info", head + self.current.summary())

    def _offers_further(self) -> bool:
        """Whether "Look further" can settle more: the host allows it, the review left
        choices unsettled and was made with the usual work."""
        from ..play.review import FURTHER_EFFORT

        r = self.current
        return (self.further and r is not None and r.unweighed > 0
                and r.effort < FURTHER_EFFORT)

    @staticmethod
    def _mistake_view(game: Any, m: Mistake) -> MistakeView:
        """A mistake as a board draws it: the position from the learner's seat."""
        from ..play.review import position_before
        from ..present.view import view

        at = position_before(game, m.turn)
        better = Move.parse(m.better)
        marks: dict[str, list[str]] = {"tiles": [], "trains": []}
        if better.tile is not None and better.line_code is not None:
            marks = {"tiles": [str(better.tile)], "trains": [better.line_code]}
        board = view(at, perspective=m.seat, highlights=marks, hint=False)
        return {"turn": m.turn, "played": m.played, "better": m.better, "lost": m.lost,
                "played_points": m.played_points, "better_points": m.better_points,
                "deals": m.deals, "idea": m.idea, "what": m.what,
                "better_text": m.better_text, "why": m.why,
                "view": cast("dict[str, Any]", board), "tried": None, "saved": None}

    def _mistake(self, action: str, index: int) -> Mistake:
        """Mistake ``index`` of the current review (SessionError naming ``action``: no
        review yet, no such mistake)."""
        if self.current is None:
            raise SessionError(f"{action}: there is no review of this round yet: ask for "
                               f"one first")
        if not 0 <= index < len(self.current.mistakes):
            raise SessionError(f"mistake: the review has {len(self.current.mistakes)} "
                               f"mistakes, no mistake {index}")
        return self.current.mistakes[index]

    def retry(self, session: BoardSession, index: int, move: str, *, weigh: bool = True
              ) -> None:
        """Judge ``move`` in the position of mistake ``index`` (SessionError: no review,
        no such mistake): weighed again on deals of its own when ``weigh`` (a fraction of a
        second), else on the review's deals (:meth:`~mtlearn.play.review.Mistake.judge`)."""
        from ..play.review import position_before

        m = self.mistake_to_try(index, move)
        self.tried(session, index, self.judged(position_before(session.game, m.turn), m, move,
                                                weigh=weigh))

    def mistake_to_try(self, index: int, move: str) -> Mistake:
        """Mistake ``index``, for ``move`` to be tried in it (SessionError: no review, no
        such mistake, a move too long to be one)."""
        m = self._mistake("review_try", index)
        if len(move) > 64:
            raise SessionError("move: too long for a move (at most 64 characters)")
        return m

    @staticmethod
    def judged(at: Any, m: Mistake, move: str, *, weigh: bool = True) -> RetryView:
        """``move`` tried in ``at`` (the position of mistake ``m``), judged as a board
        shows it; a move the rules refuse there gets the engine's reason. Reads only its
        arguments (a class server runs it on its reviewer thread)."""
        from ..core.rule_words import rule_words
        from ..play.review import Retry

        retry = m.judge(move, at if weigh else None)
        if retry.verdict == "illegal":
            verdict = at.explain(move)
            if not verdict.legal:
                text = verdict.reason.rstrip(".")
                retry = Retry(move, "illegal", f"Not allowed: {text} (rule: "
                              f"{rule_words(verdict.rule)}).", None)
        return {"move": retry.move, "verdict": retry.verdict, "text": retry.text,
                "points": retry.points}

    def tried(self, session: Any, index: int, tried: RetryView) -> None:
        """Mistake ``index`` shows ``tried``, and the session's message says it."""
        self._views[index] = {**self._views[index], "tried": tried}
        kind = "ok" if tried["verdict"] in ("best", "better") else "info"
        session.message = _message(kind, tried["text"])

    def save(self, session: BoardSession, index: int) -> None:
        """Save as a puzzle: mistake ``index`` made into the learner's own puzzle, proved
        and checked by the claims checker (the answer carries its record for the page to
        keep, or the plain reason it cannot be saved); ``on_save``, when the host set it,
        keeps it (the notebook: the trainer's file)."""
        mistake = self._mistake("review_save", index)
        from ..trainer.own_puzzles import OwnPuzzleError, mistake_puzzle

        try:
            record = mistake_puzzle(mistake)
        except OwnPuzzleError as e:
            saved: SavedView = {"ok": False, "text": str(e), "puzzle": None}
        else:
            text = "Saved as a puzzle: the trainer serves it next, then on its schedule."
            if self.on_save is not None:
                text = self.on_save(record)
            saved = {"ok": True, "text": text, "puzzle": record}
        self._views[index] = {**self._views[index], "saved": saved}
        session.message = _message("ok" if saved["ok"] else "info", saved["text"])

    def view(self) -> ReviewView | None:
        """The review as a board draws it, or None."""
        r = self.current
        if r is None:
            return None
        return {"seat": r.seat + 1, "player": r.player, "decisions": r.decisions,
                "threshold": r.threshold, "lost": r.lost, "summary": r.summary(),
                "mistakes": list(self._views), "unsettled": r.unweighed,
                "further": self._offers_further()}
