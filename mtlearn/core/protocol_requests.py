"""What the class server's clients send it: one ``TypedDict`` per ``op``.

The students' phones, the projector and the teacher's page speak to the class server
(:mod:`mtlearn.hosts.classroom`) over one WebSocket each; every message they send is a
:data:`ClassRequest`, told apart by its ``op``. The server still trusts no client: it
checks every field of every message it gets and answers anything else with the protocol's
one :class:`~mtlearn.core.protocol.Refusal`. These types say what a well-formed message
is; :mod:`mtlearn.core.protocol_schema` writes them into the JSON Schema and the
TypeScript types with the rest of the protocol, so the class pages' ``send`` calls are
checked by tsc. Standard library only.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .protocol import BoardIntent, PuzzleIntent
from .protocol_trainer import TrainerIntent

__all__ = ["OPS", "Assign", "ClassRequest", "Hello", "Idle", "Intent", "Join", "Leave", "Lock",
           "NewClassRequest", "OpenTable", "Pause", "PerAddress", "PuzzleMessage",
           "PuzzleRoundRequest", "Reclaim", "Revert", "SeatCode", "Sit", "StudentAction",
           "TableAction", "TeacherHello", "TrainerMessage", "Watch"]


class Join(TypedDict):
    """A student joins with the class code and a first name (answered with ``joined``)."""
    op: Literal["join"]
    code: str
    name: str


class Hello(TypedDict):
    """A student's device comes back with the seat token it was given."""
    op: Literal["hello"]
    code: str
    token: str


class Reclaim(TypedDict):
    """A student on a new device: the class code and the seat code the teacher gave them
    (answered with ``joined`` and a new token; the old device's token stops working)."""
    op: Literal["reclaim"]
    code: str
    seat_code: str


class Watch(TypedDict):
    """The projector asks for every table's public view."""
    op: Literal["watch"]
    code: str


class _Sit(TypedDict):
    op: Literal["sit"]
    token: str
    table: str


class Sit(_Sit, total=False):
    """A student takes a seat (1-based; a free one when left out) at a table."""
    seat: int


class Leave(TypedDict):
    """A student leaves their seat."""
    op: Literal["leave"]
    token: str


class Intent(TypedDict):
    """A seated student's board intent (a move, draw, pass…), as a board sends it."""
    op: Literal["intent"]
    token: str
    intent: BoardIntent


class PuzzleMessage(TypedDict):
    """A student's puzzle message during a puzzle round."""
    op: Literal["puzzle"]
    token: str
    msg: PuzzleIntent


class TrainerMessage(TypedDict):
    """A student's message about their trainer puzzle (answer, move, restart, show, hint,
    next): only their own puzzle, the one the server chose."""
    op: Literal["trainer"]
    token: str
    msg: TrainerIntent


class TeacherHello(TypedDict):
    """The teacher's page signs in with the teacher's token."""
    op: Literal["teacher"]
    token: str


class _OpenTable(TypedDict):
    op: Literal["open_table"]
    token: str


class OpenTable(_OpenTable, total=False):
    """The teacher opens a table: seats, computer players, preset and options, rounds."""
    seats: int
    computers: int
    preset: str
    rounds: int | None
    bot: str
    seed: int | str | None
    options: dict[str, Any] | None


class _TableAction(TypedDict):
    op: Literal["table"]
    token: str
    table: str
    action: Literal["deal", "undo", "next_round", "new_match", "hint", "computer"]


class TableAction(_TableAction, total=False):
    """The teacher acts on a table (for ``hint`` and ``computer``: the 1-based seat)."""
    seat: int


class Idle(TypedDict):
    """The teacher sets how long an idle seat waits for its student (0: never)."""
    op: Literal["idle"]
    token: str
    seconds: int


class PuzzleRoundRequest(TypedDict):
    """The teacher starts a puzzle round on a puzzle set (``set: null`` ends it)."""
    op: Literal["puzzle_round"]
    token: str
    set: str | None


class _StudentAction(TypedDict):
    op: Literal["student"]
    token: str
    student: str
    action: Literal["remove", "rename", "move"]


class StudentAction(_StudentAction, total=False):
    """The teacher removes, renames (``name``) or moves a student (to ``table`` and its
    1-based ``seat``, or to the lobby with ``table: null``); answered with ``done`` and
    an ``undo`` id for removing and moving."""
    name: str
    table: str | None
    seat: int


class Revert(TypedDict):
    """The teacher takes back a removal, a move or a computer replacing a student (the
    ``undo`` id of its ``done``)."""
    op: Literal["revert"]
    token: str
    undo: str


class SeatCode(TypedDict):
    """The teacher asks for a one-use seat code that lets ``student`` in on a new device
    (answered with ``done`` and ``seat_code``)."""
    op: Literal["seat_code"]
    token: str
    student: str


class Lock(TypedDict):
    """The teacher locks joins (new students are refused; a returning device is welcome)
    or opens them again."""
    op: Literal["lock"]
    token: str
    locked: bool


class Pause(TypedDict):
    """The teacher pauses or resumes one table (``table``) or every table (null)."""
    op: Literal["pause"]
    token: str
    table: str | None
    paused: bool


class _Assign(TypedDict):
    op: Literal["assign"]
    token: str


class Assign(_Assign, total=False):
    """The teacher assigns trainer puzzles: a ``theme`` (a rule id or a strategy theme of
    the trainer's puzzles) or a rating ``band`` (lowest, highest), and a ``count`` (1 to
    50 a student); neither and no count: the trainer puzzles end."""
    theme: str | None
    band: list[int] | None
    count: int | None


class PerAddress(TypedDict):
    """The teacher sets how many devices one network address may stand for (its
    students and connections at once; 1 to 1000) until the server stops (read by the
    server, :mod:`mtlearn.hosts.classroom.server`, not the room)."""
    op: Literal["per_address"]
    token: str
    per_address: int


class NewClassRequest(TypedDict):
    """The teacher ends the class (kept in the class folder's archive) and starts a new
    one; answered with ``new_class``."""
    op: Literal["new_class"]
    token: str


ClassRequest = (Join | Hello | Watch | Sit | Leave | Intent | PuzzleMessage | TeacherHello
                | OpenTable | TableAction | Idle | PuzzleRoundRequest | StudentAction
                | Revert | Lock | Pause | NewClassRequest | TrainerMessage | Assign
                | PerAddress | Reclaim | SeatCode)

#: Every op a client may send, from the types above.
OPS: tuple[str, ...] = ("join", "hello", "watch", "sit", "leave", "intent", "puzzle",
                        "teacher", "open_table", "table", "idle", "puzzle_round", "student",
                        "revert", "lock", "pause", "new_class", "trainer", "assign",
                        "per_address", "reclaim", "seat_code")

#: The named types written to the schema and the TypeScript types.
EXPORTS: dict[str, Any] = {"ClassRequest": ClassRequest}
