"""One class table: its seats, its :class:`BoardSession`, and what each device may see.

A table is opened by the teacher with 2 to 8 seats, some of them for computer players.
Students sit at the free seats; when the teacher deals (or when every student seat is
taken) the match starts with the students' first names, and a computer player takes every
seat still empty. From then on the session is the only authority: a seat's intent is
answered by :meth:`BoardSession.handle` with that seat's perspective, and every device
gets a fresh view of its own seat after each move.

Computer players move at a person's pace: one move per :data:`PACE` seconds, made by
:meth:`ClassTable.step` (the class's ticker calls it), never at once, so a table the class
watches can be followed. A computer keeps an idle student's seat (``away``) only for that
seat's turns, and hands it back when the student returns (:meth:`ClassTable.back`). It
never plays a match out alone: once :data:`HALT_TURNS` turns of the table went by with
no student playing, or a round ended that way, the table pauses and says why
(:attr:`ClassTable.paused`). The teacher can pause and resume a table too; a paused
table refuses moves and its idle clock stands still.

What leaves a table, and for whom:

* :meth:`ClassTable.seat_state` — one seat's view (its hand only while the round is
  played) and message, checked by the seat's :class:`Perspective`;
* :meth:`ClassTable.public_state` — the projector's and the teacher's view, from the
  public perspective (:meth:`Perspective.spectator`: no hand, no legal move, no hint and
  no drawn tile until the round is over), the last moves in words, the scores.

Each payload is checked a last time as the JSON text it will be sent as
(:func:`checked`): a tile of a hand the reader may not see is masked there, whoever
forgot to hide it. The payloads are typed in :mod:`mtlearn.core.protocol`. Standard
library only.
"""

from __future__ import annotations

import json
import time
from typing import Any

from ...core.errors import MtlearnError
from ...core.protocol import BoardMessage
from ...core.protocol_class import PublicTable, TableInfo
from ...core.rules import PRESETS, Rules, hand_size, usual_set
from ...core.words import one_line
from ...engine.game import Game
from ...present.perspective import Perspective, tiles_named
from ...present.view import hint_text, view
from ..session import BOT_KINDS, BoardSession
from . import ClassError

__all__ = ["MAX_SEATS", "MIN_SEATS", "ClassTable", "checked", "public_perspective"]

MIN_SEATS, MAX_SEATS = 2, 8
#: Seconds between two moves of the computer players (a pace a class can follow).
PACE = 1.0
#: Turns of the whole table (times the seats) computers may play in a row while a
#: computer keeps an idle student's seat, before the table pauses.
HALT_TURNS = 3
#: What a paused table answers a student's move.
PAUSED = "your teacher paused the table: wait for them to resume it"
#: Last moves kept in words for the projector.
LOG_LINES = 12


def public_perspective(game: Game) -> Perspective:
    """The perspective of a reader who holds no hand (projector, teacher): every hand and
    the boneyard are hidden from it (:meth:`Perspective.public`)."""
    return Perspective.public(game)


def checked(payload: Any, seen: Perspective | None,
            allow: tuple[str, ...] = ()) -> str:
    """``payload`` as JSON text, with every tile of a hand ``seen`` may not see masked
    (the last line of defence before a socket; None checks nothing: the round is over)."""
    text = json.dumps(payload, separators=(",", ":"), allow_nan=False)
    if seen is None or seen.game.is_round_over:
        return text
    return seen.guard(text, allow=allow) if seen.leaks(text, allow=allow) else text


def _renamed(game: Game, names: list[str], label: str) -> Game:
    """``game`` with its players called ``names``: the match replayed move by move under
    the new names from its seed (every deal comes from the seed; a move names seats, not
    players), so the sentences the engine keeps (who held the engine…) and every round
    of the saved match carry the new names. ClassError if the replay does not reach the
    same position (a game not dealt from its seed)."""
    rounds = json.loads(game.to_json(None))["rounds"]
    try:
        new = Game.new(names, set=game.set_max, rules=game.rules, seed=game.seed)
        for k, r in enumerate(rounds):
            if k:
                new.next_round()
            for move in r["moves"]:
                new.push(move)
    except MtlearnError as e:
        why = one_line(str(e), 120)
    else:
        a, b = new.to_position(), game.to_position()
        for pos in (a, b):
            del pos["players"], pos["notes"]
        if a == b:
            return new
        why = "its deals do not come from its seed"
    raise ClassError(f"rename: {label}'s match could not be replayed under the new name "
                     f"({why}), so the name was not changed")


class ClassTable:
    """A table of the class: ``n`` seats, ``bots`` of them (the last ones) computer players.

    ``seats[i]`` is ``{"name", "student", "kind", "away"}``: kind ``"student"`` (a
    student's seat, empty while ``student`` is None) or ``"computer"``; ``away`` is true
    while a computer player keeps an idle student's seat.
    """

    def __init__(self, table_id: str, label: str, n: int, *, bots: int = 0,
                 preset: str = "standard", rounds: int | None = None,
                 bot: str = "greedy", seed: int | str | None = None,
                 options: dict[str, Any] | None = None) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or not MIN_SEATS <= n <= MAX_SEATS:
            raise ClassError(f"seats: choose {MIN_SEATS} to {MAX_SEATS}, not {one_line(repr(n))}")
        if not isinstance(bots, int) or isinstance(bots, bool) or not 0 <= bots <= n:
            raise ClassError(f"computers: choose 0 to {n} computer players for {n} seats, "
                             f"not {one_line(repr(bots))}")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise ClassError(f"preset: {one_line(repr(preset))} is not one of "
                             f"{', '.join(PRESETS)}")
        if rounds is not None and (not isinstance(rounds, int) or isinstance(rounds, bool)
                                   or not 1 <= rounds <= 19):
            raise ClassError(f"rounds: choose 1 to 19 rounds, not {one_line(repr(rounds))}")
        if options is not None and (not isinstance(options, dict) or "preset" in options
                                    or "rounds" in options or len(options) > 30):
            raise ClassError("options: expected an object of rules options (without preset "
                             f"and rounds), not {one_line(repr(options))}")
        self.options = dict(options or {})
        try:  # the rules engine judges the options, before anything is made
            rules = Rules.from_dict(self.rules_dict(preset, rounds))
            rules.check_supported(n)
            hand_size(rules, usual_set(n), n)  # the deal fits the set (a hand size may not)
        except (MtlearnError, TypeError) as e:
            raise ClassError(f"options: {one_line(str(e), 200)}") from None
        if bot not in BOT_KINDS:
            raise ClassError(f"computer: {one_line(repr(bot))} is not one of "
                             f"{', '.join(BOT_KINDS)}")
        self.id, self.label = table_id, label
        self.preset, self.rounds, self.bot = preset, rounds, bot
        self.seed: int | str | None = seed
        self.seats: list[dict[str, Any]] = [
            {"name": None, "student": None, "kind": "computer" if i >= n - bots else "student",
             "away": False} for i in range(n)]
        self.session: BoardSession | None = None
        self.match = 1  # the match played (the teacher's New match counts on: .matches)
        self.log: list[str] = []
        self.turn_since = time.monotonic()  # when the seat to play got the turn
        self.last: dict[int, BoardMessage] = {}  # the last message each seat was shown
        #: why the table is paused ("teacher" or "idle" in ``paused_by``), else None
        self.paused: str | None = None
        self.paused_by: str | None = None
        self.streak = 0  # computer moves since a student last played
        self._bots: dict[int, Any] = {}  # the computer player of each seat it plays

    # ------------------------------------------------------------------ seats
    @property
    def n(self) -> int:
        """Seats at the table."""
        return len(self.seats)

    @property
    def started(self) -> bool:
        """True once the match is dealt."""
        return self.session is not None

    def free_seats(self) -> list[int]:
        """Student seats nobody sits at yet (before the deal only)."""
        if self.started:
            return []
        return [i for i, s in enumerate(self.seats) if s["kind"] == "student"
                and s["student"] is None]

    def sit(self, seat: int, student: str, name: str) -> None:
        """Seat ``student`` (an id) named ``name`` at ``seat`` (from 0)."""
        if self.started:
            raise ClassError(f"{self.label} is already playing: ask the teacher for a seat at "
                             "another table")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise ClassError(f"seat: {one_line(repr(seat))} is not a seat of {self.label} "
                             f"(1 to {self.n})")
        if seat not in self.free_seats():
            raise ClassError(f"seat {seat + 1} of {self.label} is taken")
        taken = {str(s["name"]).casefold() for s in self.seats if s["name"]}
        if name.casefold() in taken:
            raise ClassError(f"{name} already sits at {self.label}: add your surname's first "
                             "letter (\"Ana B\")")
        self.seats[seat].update(name=name, student=student)

    def leave(self, student: str) -> None:
        """Free ``student``'s seat (before the deal only; afterwards a computer takes it)."""
        for s in self.seats:
            if s["student"] == student:
                if self.started:
                    self.to_computer(self.seats.index(s), away=False)
                else:
                    s.update(name=None, student=None)

    def rename(self, student: str, name: str) -> bool:
        """``student``'s seat is called ``name`` now, in the match too, so the next views
        show it; False if they do not sit here. ClassError (nothing changed) if the match
        cannot be replayed under the new name (:func:`_renamed`)."""
        seat = self.seat_of(student)
        if seat is None:
            return False
        if self.session is not None:
            names = list(self.session.game.players)
            names[seat] = name
            self.session.game = _renamed(self.session.game, names, self.label)
        self.seats[seat]["name"] = name
        return True

    def seat_of(self, student: str) -> int | None:
        """The seat (from 0) of a student, if they sit here."""
        for i, s in enumerate(self.seats):
            if s["student"] == student:
                return i
        return None

    # ------------------------------------------------------------------ the match
    def deal(self) -> None:
        """Start the match: the students' names, and computer players in the empty seats."""
        if self.started:
            raise ClassError(f"{self.label} is already playing")
        names = []
        for i, s in enumerate(self.seats):
            if s["student"] is None:
                s["kind"] = "computer"
                s["name"] = f"Computer {i + 1}"
            names.append(s["name"])
        rules = self.rules_dict(self.preset, self.rounds)
        game = Game.new(names, set=usual_set(self.n), rules=rules, seed=self.seed)
        self.seed = game.seed
        # the session runs no computer player itself: step() plays them, one move at a time
        self.session = BoardSession(game)
        self.streak = 0
        self._moved([])

    def rules_dict(self, preset: str, rounds: int | None) -> dict[str, Any]:
        """The table's rules as the engine reads them: preset, options, rounds."""
        out: dict[str, Any] = {"preset": preset, **self.options}
        if rounds is not None:
            out["rounds"] = rounds
        return out

    def handle(self, seat: int, intent: Any) -> bool:
        """One seat's intent, answered by the session from that seat's perspective; True
        when the game changed (every device must be told)."""
        session = self._session()
        act = intent.get("action") if isinstance(intent, dict) else None
        if act in ("review", "review_try"):  # never on the event loop, never another seat's
            raise ClassError("a round's review at a class table is made by the class "
                             "server's reviews (ask for it from your phone)")
        if act in ("undo", "hint", "new_game", "new_match", "next_round"):
            who = {"undo": "take a move back", "hint": "send hints",
                   "next_round": "deal the next round"}.get(act, "start a new game")
            raise ClassError(f"at a class table only the teacher can {who}")
        g = session.game
        if self.paused_by == "teacher":
            raise ClassError(PAUSED)
        if act in ("move", "draw", "pass", "uno", "end") and not g.is_round_over \
                and g.current != seat:
            raise ClassError(f"it is {g.players[g.current]}'s turn, not yours: wait for it")
        before = (g.round_no, len(g.history))
        session.perspective = seat
        try:
            session.apply(intent)  # every seat's view is made afresh after (seat_state)
        finally:
            session.perspective = None
        g = session.game
        changed = (g.round_no, len(g.history)) != before
        if changed:
            self.streak = 0
            self.wake()
        message = session.message
        if changed and message is not None:  # every seat is told what happened; the mover
            self._moved([message["text"], *message["bots"]])  # gets the session's words
        elif changed:
            self._moved([])
        if message is not None:
            self.last[seat] = message
        else:
            self.last.pop(seat, None)
        return changed

    def teacher(self, action: str, seat: int | None = None) -> str:
        """A teacher's action on this table: deal, undo, next_round, new_match, computer
        (replace the student at ``seat``) or hint (for ``seat``); the sentence that
        reports it."""
        if action == "deal":
            self.deal()
            return f"{self.label}: the match is dealt."
        if action == "computer" and not self.started and seat is not None \
                and 0 <= seat < self.n and self.seats[seat]["kind"] == "student":
            self.seats[seat].update(kind="computer", student=None, name=None)
            return f"{self.label}: seat {seat + 1} will be a computer player."
        session = self._session()
        g = session.game
        if action == "undo":
            if not g.history:
                raise ClassError(f"{self.label}: nothing to take back (this is the start of "
                                 "the round)")
            while g.history:  # back to the last student move (computers would replay)
                g.pop()
                if not self.plays(g.current):
                    break
            self.streak = 0
            self._moved([f"The teacher took back the last move ({g.players[g.current]} "
                         "plays again)."])
            return f"{self.label}: the last move was taken back."
        if action == "next_round":
            if not g.is_round_over:
                raise ClassError(f"{self.label}: the round is not over yet")
            if g.is_match_over:
                raise ClassError(f"{self.label}: the match is over (that was the last "
                                 "round): start a new match")
            session.apply({"action": "next_round"})
            self.streak = 0
            self._moved([session.message["text"] if session.message else ""])
            return f"{self.label}: round {session.game.round_no} is dealt."
        if action == "new_match":
            if not g.is_match_over:
                raise ClassError(f"{self.label}: the match is not over yet (round "
                                 f"{g.round_no} of {g.rounds})")
            session.new_match()
            self.match += 1
            self.seed = session.game.seed
            self.streak = 0
            self._moved([f"A new match: round 1 of {session.game.rounds}."])
            return (f"{self.label}: a new match is dealt (match {self.match}); the match "
                    "before is kept in the results.")
        if seat is None or not 0 <= seat < self.n:
            raise ClassError(f"{action}: choose a seat of {self.label} (1 to {self.n})")
        if action == "computer":
            if self.seats[seat]["kind"] == "computer" and not self.seats[seat]["away"]:
                raise ClassError(f"seat {seat + 1} of {self.label} is a computer player already")
            self.to_computer(seat, away=False)
            return f"{self.label}: a computer player now plays seat {seat + 1}."
        if action == "hint":
            if g.is_round_over or g.current != seat:
                raise ClassError(f"hint: it is not seat {seat + 1}'s turn at {self.label}; a "
                                 "hint is for the player to play")
            text = hint_text(g, perspective=seat) or "no hint"
            self.last[seat] = {"kind": "info", "text": "Hint from your teacher: " + text,
                               "rule": None, "rule_url": None, "bots": []}
            return f"{self.label}: a hint was sent to seat {seat + 1}."
        raise ClassError(f"unknown table action {one_line(repr(action))}")

    def to_computer(self, seat: int, *, away: bool) -> None:
        """A computer player takes ``seat`` (for good, or while its student is ``away``);
        it moves at the table's pace (:meth:`step`), not at once."""
        s = self.seats[seat]
        s["away"] = away
        if not away:
            s["kind"], s["student"] = "computer", None

    def give_back(self, seat: int, student: str, name: str) -> None:
        """A seat a computer took for good is a student's again (the teacher's undo)."""
        s = self.seats[seat]
        s.update(kind="student", student=student, away=False)
        if not self.started:
            s["name"] = name
        self._bots.pop(seat, None)
        self.turn_since = time.monotonic()

    def back(self, seat: int) -> bool:
        """A student whose seat a computer kept is back: the seat is theirs again."""
        s = self.seats[seat]
        self.wake()
        if not s["away"] or self.session is None:
            return False
        s["away"] = False
        self._bots.pop(seat, None)
        self.streak = 0
        self.turn_since = time.monotonic()  # a fresh wait before the next takeover
        return True

    def plays(self, seat: int) -> bool:
        """True when a computer plays ``seat`` now (its own, or an idle student's)."""
        s = self.seats[seat]
        return bool(s["kind"] == "computer" or s["away"])

    def idle_seat(self, limit: float, now: float) -> int | None:
        """The student seat to play that has been idle longer than ``limit`` seconds."""
        if self.session is None or limit <= 0 or self.paused:
            return None
        g = self.session.game
        if g.is_round_over or self.plays(g.current):
            return None
        return g.current if now - self.turn_since > limit else None

    def step(self, now: float, pace: float = PACE) -> bool:
        """One move of the computer player to play, once ``pace`` seconds (:data:`PACE`
        unless the teacher chose another with ``--pace``) went by since the last move;
        True if it moved. Pauses the table (and says why) once
        computers played :data:`HALT_TURNS` turns of the table, or the end of a round, with
        no student playing while a computer keeps a student's seat."""
        if self.session is None or self.paused:
            return False
        session = self.session
        g = session.game
        if g.is_round_over or not self.plays(g.current) or now - self.turn_since < pace:
            return False
        seat = g.current
        bot = self._bots.setdefault(seat, BOT_KINDS[self.bot]())
        session.perspective = None
        session.play(bot.choose(g))
        said = session.message["text"] if session.message else ""
        self.streak += 1
        self._moved([said])
        away = [i + 1 for i, s in enumerate(self.seats) if s["away"]]
        if away and (g.is_round_over or self.streak >= HALT_TURNS * self.n):
            which = " and ".join(str(i) for i in away)
            what = "the round ended" if g.is_round_over else \
                f"{self.streak} moves went by"
            self.pause(f"{self.label} paused itself: {what} with only computers playing "
                       f"(a computer keeps seat {which} for an idle student). Resume it "
                       "when the students are back.", by="idle")
        return True

    def pause(self, reason: str | None, *, by: str = "teacher") -> None:
        """Pause the table (``reason`` says why) or, with None, resume it; the idle clock
        and the computers' pace start afresh on resuming."""
        self.paused = reason
        self.paused_by = None if reason is None else by
        if reason is None:
            self.streak = 0
            self.turn_since = time.monotonic()

    def wake(self) -> None:
        """A student acted: a table that paused itself for want of students goes on."""
        if self.paused_by == "idle":
            self.pause(None)

    def _moved(self, said: list[str]) -> None:
        """After a change of the game: the words in the log, and as every seat's message."""
        g = self._session().game
        seen = public_perspective(g)
        lines = [seen.guard(line.strip().rstrip(".") + ".") for text in said
                 for line in text.split(". ") if line.strip()]
        self.log = (self.log + lines)[-LOG_LINES:]
        self.turn_since = time.monotonic()
        text = " ".join(lines)
        self.last = {i: {"kind": "info", "text": text, "rule": None, "rule_url": None,
                         "bots": []} for i in range(self.n)} if text else {}

    def _session(self) -> BoardSession:
        if self.session is None:
            raise ClassError(f"{self.label} is not dealt yet: the teacher deals when the "
                             "players sit")
        return self.session

    # ------------------------------------------------------------------ views
    def seat_state(self, seat: int) -> str:
        """The JSON text sent to the device at ``seat``: its view, its message, the log."""
        info = self.info()
        if self.session is None:
            return checked({"type": "table", "table": info, "seat": seat + 1, "view": None,
                            "message": None}, None)
        session = self.session
        g = session.game
        session.perspective = seat
        try:
            v = session.view(hint=False)  # hints come from the teacher
        finally:
            session.perspective = None
        self._teacher_only(v)
        message = self.last.get(seat)
        if self.seats[seat]["away"]:
            message = {"kind": "info", "text": "A computer is playing for you while you are "
                       "away: play your next move to take your seat back.", "rule": None,
                       "rule_url": None, "bots": []}
        elif self.paused:
            message = {"kind": "info", "text": "The table is paused: " + (
                "your teacher paused it." if self.paused_by == "teacher" else
                "nobody played for a while; play to carry on."), "rule": None,
                "rule_url": None, "bots": []}
        seen = Perspective(g, seat)
        echo: tuple[str, ...] = ()
        if message and message["kind"] == "refusal":
            echo = tuple(tiles_named(message["text"]))
        return checked({"type": "table", "table": info, "seat": seat + 1, "view": v,
                        "message": message or None, "log": self.log}, seen, allow=echo)

    def public_state(self) -> PublicTable:
        """The projector's and the teacher's view of the table, from the public
        perspective (no hand shown while the round is played; no seat's view patched),
        as a dict; send it through :func:`checked`."""
        out: PublicTable = {"table": self.info(), "view": None, "log": list(self.log)}
        if self.session is None:
            return out
        g = self.session.game
        v = view(g, perspective=Perspective.spectator(g))
        match = self.session.match_info()
        match.pop("setup", None)  # the engine's view, unpatched (no seat plays from here)
        v["match"] = match
        out["view"] = v
        return out

    @staticmethod
    def _teacher_only(v: Any) -> None:
        """No New game, Next round or New match on a class board: the teacher deals."""
        match = v["match"]
        match.pop("setup", None)
        match["next_round"] = False
        match["new_match"] = False

    def info(self) -> TableInfo:
        """The table's set-up and seats (no token, no hand)."""
        g = self.session.game if self.session else None
        return {"id": self.id, "label": self.label, "n": self.n, "preset": self.preset,
                "rounds": g.rounds if g else self.rounds, "started": self.started,
                "round": g.round_no if g else None,
                "round_over": g.is_round_over if g else False,
                "match_over": g.is_match_over if g else False,
                "paused": self.paused,
                "to_play": None if g is None or g.is_round_over else g.current + 1,
                "seats": [{"seat": i + 1, "name": s["name"], "kind": s["kind"],
                           "taken": s["student"] is not None, "away": s["away"]}
                          for i, s in enumerate(self.seats)]}

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """Everything needed to bring the table back exactly (see :meth:`from_dict`)."""
        return {"id": self.id, "label": self.label, "preset": self.preset,
                "rounds": self.rounds, "bot": self.bot, "seed": self.seed,
                "options": self.options, "match": self.match, "paused": self.paused,
                "paused_by": self.paused_by,
                "seats": [dict(s) for s in self.seats], "log": list(self.log),
                "session": None if self.session is None else self.session.to_spec()}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> ClassTable:
        """The table :meth:`to_dict` wrote; ClassError naming ``where`` if it is damaged."""
        try:
            seats = data["seats"]
            t = cls(str(data["id"]), str(data["label"]), len(seats), preset=data["preset"],
                    rounds=data["rounds"], bot=data["bot"], seed=data["seed"],
                    options=data.get("options") or None)
            for s, saved in zip(t.seats, seats, strict=True):
                s.update(name=saved["name"], student=saved["student"], kind=saved["kind"],
                         away=bool(saved["away"]))
            t.log = [str(x) for x in data["log"]][-LOG_LINES:]
            t.match = int(data.get("match", 1))
            paused, by = data.get("paused"), data.get("paused_by")
            if paused is not None:
                t.pause(str(paused), by="idle" if by == "idle" else "teacher")
            if data["session"] is not None:
                t.session = BoardSession.from_spec(data["session"])
                t.session.perspective = None
                t.session.bots = {}  # step() plays the computers, at the table's pace
        except (KeyError, TypeError, ValueError, MtlearnError) as e:
            raise ClassError(f"{where}: not a saved class table ({type(e).__name__}: "
                             f"{one_line(str(e), 200)})") from None
        return t
