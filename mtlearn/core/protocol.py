"""The protocol between the engine and every front end, as types (issue 26).

Everything that crosses from Python to a board's JavaScript, or back, is one of the
``TypedDict`` s below: the intents a board sends, the views it draws, the messages and
puzzle feedback it shows, a puzzle's info, the requests and answers of the in-page
engine's host (the class server's messages are in :mod:`mtlearn.core.protocol_class`, the
trainer's intents in :mod:`mtlearn.core.protocol_trainer`).
Each is tagged with a ``Literal`` (``kind``, ``action``, ``op``, ``type`` or ``ok``), so a
union of them is told apart by that one key.

The same source gives

* the JSON Schema ``mtlearn/static/protocol.schema.json`` and the TypeScript types
  ``mtlearn/static/js/protocol.d.ts`` the front end is checked against
  (:mod:`mtlearn.core.protocol_schema` writes both; a test compares them with the files);
* ``devnotes/VIEW_FORMAT.md``, the view format in words (the docstrings below).

**The one refusal.** A request or intent that no host serves (malformed, out of range,
not allowed here) is answered, by every host, with :class:`Refusal` ``{"ok": false,
"error": "<one line: what is wrong, and where>"}``, and nothing changes: the in-page
engine's :class:`~mtlearn.hosts.session_host.SessionHost`, the class server and the
JupyterLab widgets (a custom widget message) alike. A move the rules refuse is not a
refusal of the protocol: it is a :class:`BoardMessage` of kind ``"refusal"`` (or
``"illegal"`` puzzle feedback), with the rule's id.

Tiles are text ``"A-B"``; seats count from 1 here (the Python API counts from 0); moves
are written as in :mod:`mtlearn.core.notation` (``"12-5@2"``, ``"12-5@M"``, ``"draw"``).
Standard library only: Pyodide runs it unchanged.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .protocol_review import ReviewIntent, ReviewSaveIntent, ReviewTryIntent, ReviewView

__all__ = [
    "VIEW_VERSION", "Answered", "BoardAnswer", "BoardIntent", "BoardMessage", "Branch",
    "Closed", "Feedback", "HostAnswer", "HostRequest", "IntentRequest", "LegalMove",
    "MatchInfo", "MatchSetup", "MoveIntent", "NewGameIntent", "NewMatchIntent", "OpenRequest",
    "Opened", "PlacedTile", "Player", "PuzzleAnswer", "PuzzleInfo", "PuzzleIntent",
    "PuzzleOption", "Refusal", "Result", "SimpleIntent", "Standing", "StepItem", "StepsView",
    "Team", "ThemeRow", "TrainerAnswer", "TrainerDaily", "TrainerInfo", "TrainerPuzzle",
    "TrainerResult", "TrainerStreak", "Verdict", "View", "refusal",
]

#: The view format's version (a view says it in ``version``).
VIEW_VERSION: Literal[1] = 1

# ---------------------------------------------------------------------- the view


class PlacedTile(TypedDict):
    """A tile on a train or branch, from the hub outward: ``inward`` is the end touching
    the tile before it; a ``double`` is drawn crosswise."""
    tile: str
    inward: int
    outward: int
    double: bool


class Branch(TypedDict):
    """A branch of a train (R-VAR-BRANCH): ``id`` is the line code used in moves
    (``"5-0@1.2a"``) and in highlights; ``parent`` the line it grows from (``"1"`` or
    ``"1.2a"``); ``at`` the branched double's 1-based position on that line."""
    id: str
    name: str
    label: str
    parent: str
    parent_label: str
    at: int
    double: str
    tiles: list[PlacedTile]
    open_end: int
    started: bool
    open_double: bool
    double_words: str | None


class Train(TypedDict):
    """A personal train (in seat order) or the Mexican train (last). ``team`` and
    ``partner`` (1-based) only under R-VAR-TEAMS, else null. ``double_words``: what an
    uncovered double at the end of the line means now, in words (it must be covered first;
    nobody can cover it; its player plays again; the round is over), else null."""
    id: str
    label: str
    owner: int | None
    mexican: bool
    tiles: list[PlacedTile]
    open_end: int
    started: bool
    marker: bool
    public: bool
    open_double: bool
    double_words: str | None
    team: int | None
    partner: int | None
    branches: list[Branch]


class Player(TypedDict):
    """A seat: ``hand`` is null when the perspective hides it (``hand_count`` is always
    shown); ``round_score`` is set once the round is over."""
    seat: int
    name: str
    hand: list[str] | None
    hand_count: int
    marker: bool
    to_play: bool
    announced: bool
    round_score: int | None
    total: int
    team: int | None
    partner: int | None


class Result(TypedDict):
    """How the round ended: ``winner`` the seat that went out (null when blocked)."""
    blocked: bool
    winner: int | None
    scores: list[int]
    text: str


class Highlights(TypedDict):
    """Tiles and lines (train or branch codes) marked on the board."""
    tiles: list[str]
    trains: list[str]


class LegalMove(TypedDict):
    """A legal move of the player to play, and its words."""
    move: str
    text: str


class Verdict(TypedDict):
    """The engine's verdict on one move a learner might try with a click; ``suggests``
    holds the legal moves its sentence proposes instead."""
    legal: bool
    rule: str | None
    text: str
    move: str
    suggests: list[str]


class Team(TypedDict):
    """A partnership (R-VAR-TEAMS)."""
    team: int
    seats: list[int]
    name: str
    round_score: int | None
    total: int


class Standing(TypedDict):
    """One line of the match standings, best first."""
    place: int
    seat: int
    name: str
    total: int
    zero_rounds: int
    rounds: list[int]


class MatchSetup(TypedDict):
    """The table a New game starts from (absent on class boards)."""
    players: int
    bots: int
    bot: str | None
    min_players: int
    max_players: int
    #: who plays which seat, in words ("You play Ana; the computer plays Ben and Cy.")
    who: str


class _MatchInfo(TypedDict):
    round: int
    rounds: int
    round_over: bool
    match_over: bool
    next_round: bool
    standings: list[Standing]
    winners: list[str]
    tie_break: str


class MatchInfo(_MatchInfo, total=False):
    """The match around a session's board: round, standings, what may come next. It
    draws the end-of-round and end-of-match panels and New game (``match.js``)."""
    setup: MatchSetup
    new_match: bool  # false: no New match button (a class board: the teacher deals)


class StepItem(TypedDict):
    """One checked step of a board (:mod:`mtlearn.content.steps`)."""
    id: str
    text: str
    done: bool


class StepsView(TypedDict):
    """A board's checked steps: their ticks, and stars once every step is done."""
    name: str
    items: list[StepItem]
    done: int
    total: int
    slips: int
    stars: int | None


class _View(TypedDict):
    kind: Literal["mtlearn/view"]
    version: Literal[1]
    set: int
    engine: int
    round: int
    rounds: int
    players: list[Player]
    trains: list[Train]
    open_doubles: list[str]
    boneyard: int
    to_play: int | None
    perspective: int | None
    status: str
    hidden_turn: bool
    over: bool
    result: Result | None
    highlights: Highlights
    legal: list[LegalMove]
    notes: list[str]
    narration: str | None
    rules: str
    description: str
    hint: str | None
    teams: list[Team]
    swan: str | None


class View(_View, total=False):
    """The JSON view of a position (:func:`mtlearn.present.view.view`): everything a
    board draws. While ``hidden_turn`` (a perspective is set and another seat is to
    play) ``legal`` is empty, ``hint`` null and ``verdicts`` empty, and no text names a
    tile of a hidden hand. ``open_doubles`` and ``swan`` are line codes.

    Optional keys: ``verdicts`` (move -> :class:`Verdict` for every one-click move, so
    that a static page answers without a kernel), ``match`` (views of a session),
    ``steps`` (a board with checked steps), ``step`` and ``move`` (scenario frames: the
    label above the narration, and the move that led to the frame), ``successors``
    (static boards: move -> the view after it, or ``{"view", "message"}``)."""
    verdicts: dict[str, Verdict]
    match: MatchInfo
    steps: StepsView
    step: str
    move: str | None
    successors: dict[str, Any]


# ---------------------------------------------------------------------- boards


class BoardMessage(TypedDict):
    """What a board says after an intent: ``ok`` (a move played), ``refusal`` (a move the
    rules refuse, with the rule's id) or ``info``; ``bots`` lists the computer players'
    moves, in words, since the learner's last action."""
    kind: Literal["ok", "refusal", "info"]
    text: str
    rule: str | None
    rule_url: str | None
    bots: list[str]


class _BoardAnswer(TypedDict):
    view: View
    message: BoardMessage | None


class BoardAnswer(_BoardAnswer, total=False):
    """A board session's answer to an intent, and its state; ``review`` the round's review
    (:mod:`mtlearn.core.protocol_review`; null when there is none)."""
    review: ReviewView | None


class MoveIntent(TypedDict):
    """Play a move: ``{"action": "move", "move": "12-5@M"}``."""
    action: Literal["move"]
    move: str


class SimpleIntent(TypedDict):
    """An intent with no field: draw, pass, announce the last tile, end the turn, undo,
    ask for a hint, deal the next round."""
    action: Literal["draw", "pass", "uno", "end", "undo", "hint", "next_round"]


class _NewMatchIntent(TypedDict):
    action: Literal["new_match"]


class NewMatchIntent(_NewMatchIntent, total=False):
    """The same table, a fresh deal from round 1."""
    seed: int | str


class _NewGameIntent(TypedDict):
    action: Literal["new_game"]


class NewGameIntent(_NewGameIntent, total=False):
    """A new table: ``players`` (2-8), ``bots`` computer players of kind ``bot``."""
    players: int | str
    bots: int | str
    bot: Literal["expert", "planner", "greedy", "random"]
    seed: int | str


BoardIntent = (MoveIntent | SimpleIntent | NewMatchIntent | NewGameIntent | ReviewIntent
               | ReviewTryIntent | ReviewSaveIntent)

# ---------------------------------------------------------------------- puzzles


class _Feedback(TypedDict):
    status: Literal["right", "wrong", "illegal", "continue", "invalid"]
    text: str


class Feedback(_Feedback, total=False):
    """The judgement of a puzzle answer: ``right``, ``wrong`` (legal but misses the
    goal), ``illegal`` (refused by the rules, with ``rule``), ``continue`` (a sequence
    not finished yet) or ``invalid`` (an answer of the wrong shape for this question);
    ``n`` counts the feedbacks of a session, so the same words twice still show."""
    rule: str | None
    n: int


class PuzzleOption(TypedDict):
    """One choice of a ``choose`` puzzle."""
    value: str
    label: str


class PuzzleInfo(TypedDict):
    """What the front end shows of a puzzle (no answers): the question, hints, kind and
    options. ``seat`` (1-based) is the player who answers; ``widget`` names the answer
    widget the front end draws (the goal kind's, in ``answer-widgets.js``)."""
    id: str
    title: str
    family: str
    family_title: str
    level: int
    teaches: list[str]
    #: the rule ids it teaches, then its strategy themes
    themes: list[str]
    #: its starting rating (Glicko-2 scale; 1500 is average)
    rating: int
    question: str
    kind: str
    widget: str
    hints: list[str]
    par: int
    stars: list[int]
    options: list[PuzzleOption]
    multi: bool
    seat: int
    player: str
    plan_from: int | None
    plan_hand: list[str] | None


class Solution(TypedDict):
    """The answer shown: in words, and played out frame by frame."""
    text: str
    frames: list[View]


class PuzzleAnswer(TypedDict, total=False):
    """A puzzle session's answer: the model keys to change (any of them)."""
    view: View
    feedback: Feedback | None
    solution: Solution


class PuzzleMoveIntent(TypedDict):
    """One move of a sequence puzzle."""
    action: Literal["move"]
    move: str


class PuzzleAnswerIntent(TypedDict):
    """A whole answer: a move, a list of moves or trains, a choice, a number, a plan."""
    action: Literal["answer"]
    answer: Any


class PuzzleSimpleIntent(TypedDict):
    """Start the puzzle again, show the answer, or (kept by the page) reset progress."""
    action: Literal["restart", "show", "reset"]


class PuzzleGotoIntent(TypedDict):
    """Go to puzzle ``index`` (from 0) of a set."""
    action: Literal["goto"]
    index: int


class PuzzleProgressIntent(TypedDict):
    """The learner's record of this puzzle (stars, hints opened), to keep."""
    action: Literal["progress"]
    record: dict[str, Any]


PuzzleIntent = (PuzzleMoveIntent | PuzzleAnswerIntent | PuzzleSimpleIntent | PuzzleGotoIntent
                | PuzzleProgressIntent)

# ---------------------------------------------------------------------- the trainer


class TrainerStreak(TypedDict):
    """Puzzles solved in a row (``run``) and days in a row with a clean solve (``days``)."""
    run: int
    best_run: int
    days: int
    best_days: int


class ThemeRow(TypedDict):
    """One theme of the trainer's dashboard: tries, clean solves, the rating the results
    show (``performance``), and the standing in words."""
    theme: str
    label: str
    tries: int
    solved: int
    performance: int
    standing: Literal["strong", "getting there", "needs practice"]
    weakness: float


class TrainerPuzzle(TypedDict):
    """The puzzle on the trainer's board and why it was chosen; ``serial`` counts the
    puzzles opened (a new attempt, even at the same puzzle, has a new one)."""
    id: str
    serial: int
    title: str
    reason: Literal["new", "replay", "daily"]
    rating: int


class TrainerResult(TypedDict):
    """The last attempt recorded: its score (1 win, 0.5 solved with hints, 0 missed), the
    learner's rating after it and the change, and when the puzzle comes back (words)."""
    id: str
    score: float
    rating: int
    change: int
    replay: str | None


class TrainerDaily(TypedDict):
    """Today's daily puzzle (the same for everyone on the date) and whether it was tried."""
    id: str
    title: str
    date: str
    done: bool


class TrainerInfo(TypedDict):
    """What the trainer's view shows beside the puzzle; ``state`` is what the page saves."""
    rating: int
    rd: int
    provisional: bool
    games: int
    streak: TrainerStreak
    dashboard: list[ThemeRow]
    current: TrainerPuzzle
    result: TrainerResult | None
    notice: str | None
    daily: TrainerDaily
    due: int
    pool: int
    state: dict[str, Any]


class TrainerAnswer(PuzzleAnswer, total=False):
    """A trainer session's answer: the puzzle's keys, the puzzle shown, and the trainer's."""
    puzzle: PuzzleInfo
    trainer: TrainerInfo


# ---------------------------------------------------------------------- the one refusal


class Refusal(TypedDict):
    """The one refusal of every host: the request or intent was not served (malformed,
    out of range, not allowed) and nothing changed; ``error`` says what and where, in
    one line."""
    ok: Literal[False]
    error: str


def refusal(error: str) -> Refusal:
    """The refusal saying ``error``."""
    return {"ok": False, "error": error}


# ---------------------------------------------------------------------- the in-page engine


class OpenRequest(TypedDict):
    """Open a session of ``kind`` (``"board"``, ``"puzzle"``) from its spec."""
    op: Literal["open"]
    kind: str
    spec: Any


class IntentRequest(TypedDict):
    """Send an intent (:data:`BoardIntent`, :data:`PuzzleIntent`) to an open session."""
    op: Literal["intent"]
    session: str
    intent: Any


class CloseRequest(TypedDict):
    """Forget an open session."""
    op: Literal["close"]
    session: str


HostRequest = OpenRequest | IntentRequest | CloseRequest


class Opened(TypedDict):
    """A session opened: its id and its first state."""
    ok: Literal[True]
    session: str
    result: BoardAnswer | PuzzleAnswer | TrainerAnswer


class Answered(TypedDict):
    """A session's answer to an intent."""
    ok: Literal[True]
    result: BoardAnswer | PuzzleAnswer | TrainerAnswer


class Closed(TypedDict):
    """A session closed."""
    ok: Literal[True]


HostAnswer = Opened | Answered | Closed | Refusal

#: The named types written to the schema and the TypeScript types, in this order.
EXPORTS: dict[str, Any] = {
    "View": View, "BoardMessage": BoardMessage, "BoardAnswer": BoardAnswer,
    "BoardIntent": BoardIntent, "Feedback": Feedback, "PuzzleInfo": PuzzleInfo,
    "PuzzleAnswer": PuzzleAnswer, "PuzzleIntent": PuzzleIntent,
    "TrainerAnswer": TrainerAnswer, "Refusal": Refusal,
    "HostRequest": HostRequest, "HostAnswer": HostAnswer,
}
