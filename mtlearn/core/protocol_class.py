"""The class server's messages (:mod:`mtlearn.hosts.classroom`), as types: what the server
sends to phones, the projector and the teacher's page. Split from
:mod:`mtlearn.core.protocol`, whose views, feedback and refusal they carry; the schema and
TypeScript types hold them under ``ClassMessage``. Standard library only.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .protocol import (
    BoardMessage,
    Feedback,
    PuzzleAnswer,
    PuzzleInfo,
    Refusal,
    Solution,
    TrainerResult,
    View,
)
from .protocol_review import ReviewView

__all__ = [
    "ClassMessage", "ClassTrainerInfo", "ClassTrainerState", "ClassTrainerUpdate", "Crowd", "Done",
    "Joined", "Lobby", "Notice", "PublicState", "PublicTable", "PublicTables", "PuzzleState",
    "PuzzleUpdate", "SeatInfo", "TableInfo", "TableState", "TeacherState",
]


class SeatInfo(TypedDict):
    """A seat of a class table, as every device sees it (no token)."""
    seat: int
    name: str | None
    kind: Literal["student", "computer"]
    taken: bool
    away: bool


class TableInfo(TypedDict):
    """A class table's set-up and seats."""
    id: str
    label: str
    n: int
    preset: str
    rounds: int | None
    started: bool
    round: int | None
    round_over: bool
    match_over: bool
    paused: str | None
    to_play: int | None
    seats: list[SeatInfo]


class _TableState(TypedDict):
    type: Literal["table"]
    table: TableInfo
    seat: int
    view: View | None
    message: BoardMessage | None


class TableState(_TableState, total=False):
    """What the device at ``seat`` gets: its own view (its hand only while the round is
    played), its message and the table's log; ``review``, in the answer to the seat's
    ``review`` or ``review_try`` intent, its review of the round (null: none, ask again;
    :mod:`mtlearn.hosts.classroom.reviews`)."""
    log: list[str]
    review: ReviewView | None


class PublicTable(TypedDict):
    """A table as the projector and the teacher see it: the public view
    (:mod:`mtlearn.present.perspective`: no hand and no hidden tile while the round is
    played), the last moves in words."""
    table: TableInfo
    view: View | None
    log: list[str]


class PublicState(PublicTable):
    """One table's public state, after a change."""
    type: Literal["public"]


class _PublicTables(TypedDict):
    type: Literal["publics"]
    role: Literal["projector", "teacher"]
    tables: list[PublicTable]


class PublicTables(_PublicTables, total=False):
    """Every table's public state (a projector or teacher connecting, or the class
    changed); ``code``: the class code, for the projector (a new class has a new one)."""
    code: str


class Joined(TypedDict):
    """A student joined (or came back): their token."""
    type: Literal["joined"]
    token: str
    name: str


class Lobby(TypedDict):
    """A student without a table: the tables with free seats."""
    type: Literal["lobby"]
    name: str
    tables: list[TableInfo]


class _Done(TypedDict):
    type: Literal["done"]
    text: str


class Done(_Done, total=False):
    """A teacher's action in words; ``undo``: the id a ``revert`` takes it back with, for
    ``seconds``; ``token``: the teacher's token of the class from now on (a new class, or
    the ended one brought back); ``seat_code``: a student's (``student``) seat code."""
    undo: str
    seconds: int
    token: str
    seat_code: str
    student: str


class Notice(TypedDict):
    """A word for one student's phone from the teacher (moved, seat given to a computer),
    or for the teacher's page from the server (the class folder cannot be written)."""
    type: Literal["notice"]
    text: str


class Crowd(TypedDict):
    """For the teacher's page: one network address (``address``) added as many students
    (``students``) as one address may (``per_address``); the teacher may raise the limit
    to ``raise_to`` with a ``per_address`` message."""
    type: Literal["crowd"]
    address: str
    students: int
    per_address: int
    raise_to: int


class TeacherState(TypedDict):
    """The teacher's page: the code, tables, students, idle limit, puzzle results."""
    type: Literal["teacher"]
    code: str
    address: str
    idle: int
    locked: bool
    tables: list[TableInfo]
    # id, name, table, table_label, seat, online, since, review (the last round reviewed:
    # table, round, mistakes, decisions, lost; or null)
    students: list[dict[str, Any]]
    puzzle_sets: list[dict[str, Any]]
    presets: list[str]
    puzzles: dict[str, Any] | None
    # trainer puzzles: themes (id, label, count), ratings [lowest, highest], max_count,
    # on and ended (the results: assignment, rows per student with per-theme rows)
    trainer: dict[str, Any]


class _PuzzleState(TypedDict):
    type: Literal["puzzle"]
    set: Any


class PuzzleState(_PuzzleState, total=False):
    """A student's puzzle board in a puzzle round (``set`` null: no round is on)."""
    set_title: str
    index: int
    puzzle: PuzzleInfo
    view: View
    feedback: Feedback | None
    solution: Solution | None
    set_progress: dict[str, Any]
    progress: dict[str, Any] | None
    storage: Literal["server"]


class PuzzleUpdate(PuzzleAnswer, total=False):
    """The model keys a student's puzzle message changes."""
    type: Literal["puzzle_update"]


class ClassTrainerInfo(TypedDict):
    """A student's trainer puzzles in the class: the assignment, their class rating,
    how many done and solved, whether finished, the puzzle on the board (its number and
    rating), whether its result is recorded, the last result, their rows per theme."""
    assignment: dict[str, Any]
    rating: int
    provisional: bool
    done: int
    solved: int
    finished: bool
    recorded: bool
    current: dict[str, Any] | None
    result: TrainerResult | None
    themes: list[dict[str, Any]]


class _ClassTrainerState(TypedDict):
    type: Literal["trainer"]


class ClassTrainerState(_ClassTrainerState, total=False):
    """A student's trainer puzzle (``assignment`` null: none is assigned); ``puzzle`` and
    ``view`` are missing once every puzzle of the assignment is done."""
    assignment: None
    trainer: ClassTrainerInfo
    puzzle: PuzzleInfo
    view: View
    feedback: Feedback | None
    solution: Solution | None


class ClassTrainerUpdate(PuzzleAnswer, total=False):
    """The keys a student's trainer message changes, and their trainer info."""
    type: Literal["trainer_update"]
    trainer: ClassTrainerInfo


ClassMessage = (TableState | PublicState | PublicTables | Joined | Lobby | Done | Notice
                | Crowd | TeacherState | PuzzleState | PuzzleUpdate | ClassTrainerState
                | ClassTrainerUpdate | Refusal)

#: The named types written to the schema and the TypeScript types (after the engine's).
EXPORTS: dict[str, Any] = {"ClassMessage": ClassMessage}
