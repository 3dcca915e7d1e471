"""The review of a round on a board: its intents and what a board draws of it (issue 41).

After a round, a board's ``review`` intent asks the session for the learner's review
(:func:`mtlearn.play.review.review_round`), ``review_try`` tries a move in a mistake's
position ("Find a better move") and ``review_save`` makes a mistake the learner's own
puzzle; the session's answer then carries :class:`ReviewView` under ``review``
(:class:`~mtlearn.core.protocol.BoardAnswer`), or null when there is none (a new round drops
it). Written into the JSON Schema and ``protocol.d.ts`` with the rest of the protocol
(:mod:`mtlearn.core.protocol_schema`). Standard library only.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

__all__ = ["MistakeView", "RetryView", "ReviewIntent", "ReviewSaveIntent", "ReviewTryIntent",
           "ReviewView", "SavedView"]


class _ReviewIntent(TypedDict):
    action: Literal["review"]


class ReviewIntent(_ReviewIntent, total=False):
    """Review the round just played, for the learner's seat; ``further``: "Look further",
    the review made again with more work to settle the choices it left unsettled
    (offered when the view's ``further`` is true)."""
    further: bool


class ReviewTryIntent(TypedDict):
    """Find a better move: try ``move`` in the position of mistake ``mistake`` (from 0)."""
    action: Literal["review_try"]
    mistake: int
    move: str


class ReviewSaveIntent(TypedDict):
    """Save as a puzzle: mistake ``mistake`` (from 0) made into the learner's own puzzle
    for the trainer (:mod:`mtlearn.trainer.own_puzzles`)."""
    action: Literal["review_save"]
    mistake: int


class SavedView(TypedDict):
    """What became of "Save as a puzzle": ``ok`` when the puzzle was made and passed the
    checks (``puzzle`` is its puzzle file record, for the page to keep with the trainer's
    progress), else ``text`` says why not, in plain words."""
    ok: bool
    text: str
    puzzle: dict[str, Any] | None


class RetryView(TypedDict):
    """The engine's judgement of a move tried in a mistake's position: ``best`` (as good as
    the best move found), ``better`` (not a mistake, though behind the move shown),
    ``close`` (the deals cannot settle whether it is a mistake), ``worse`` (still a mistake)
    or ``illegal``; ``points`` its mean round points on the deals it was weighed on."""
    move: str
    verdict: Literal["best", "better", "close", "worse", "illegal"]
    text: str
    points: float | None


class MistakeView(TypedDict):
    """One mistake: the position before it (``view``, a board view from the learner's seat
    with its legal moves), the move played and the better one (notation), the points lost
    on average over ``deals`` deals of the hidden tiles, and the words: what happened, the
    better move, why (``idea`` names the strategy idea); ``tried`` the last retry;
    ``saved`` what "Save as a puzzle" did (null until asked)."""
    turn: int
    played: str
    better: str
    lost: float
    played_points: float
    better_points: float
    deals: int
    idea: str
    what: str
    better_text: str
    why: str
    view: dict[str, Any]
    tried: RetryView | None
    saved: SavedView | None


class ReviewView(TypedDict):
    """A round's review for the learner's seat (from 1): how many decisions were scored,
    the mistakes (at least ``threshold`` points lost on average) and a summary in words;
    ``unsettled`` the choices that may have cost points but that the work allowed could not
    settle, and ``further`` whether "Look further" is offered (some are unsettled, and
    the host can look further)."""
    seat: int
    player: str
    decisions: int
    threshold: float
    lost: float
    summary: str
    mistakes: list[MistakeView]
    unsettled: int
    further: bool
