"""Board sessions: what a board does with a learner's intent, with no widget code.

A *session* holds a game and answers *intents*, the plain dicts a board's front end
sends ("play 12-5 on the Mexican train", "undo", "next round"…), with the new view
and a message. The same class serves every host that can run Python:

* the anywidget :class:`~mtlearn.widgets.Board` in a kernel (JupyterLab, Binder);
* the in-page engine of the book: Pyodide in a Web Worker calls :class:`SessionHost`
  with JSON text (``mtlearn/static/engine/worker.mjs``).

So one intent gives the same JSON in both. Intents (``{"action": …}``):

=================  ===============================================================
``move``           ``{"action": "move", "move": "12-5@M"}`` (also ``uno``, ``end``)
``draw``/``pass``  draw a tile / pass and place a marker
``undo``           take back the learner's last move and the bots' replies to it
``hint``           the engine's suggestion, in words
``next_round``     deal the next round once a round is over
``new_match``      the same table, a fresh deal from round 1 (optional ``seed``)
``new_game``       ``players`` (2-8) and ``bots`` (how many computer players);
                   optional ``seed``
=================  ===============================================================

Every answer is ``{"view": …, "message": …}``. The view is :func:`mtlearn.view.view`
with a ``match`` entry added (round, standings with the tie-break, what may come next,
the table set-up); once a round is over every hand is shown. The message is
``{"kind": "ok" | "refusal" | "info", "text", "rule", "rule_url", "bots"}`` where
``bots`` lists the computer players' moves, in words, since the learner's last action.

Standard library only: Pyodide runs it unchanged.
"""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar, Protocol

from .bots import Bot, GreedyBot, PlannerBot
from .errors import MtlearnError
from .game import Game
from .moves import Move
from .perspective import Perspective
from .rules import usual_set
from .view import TurnFacts, describe_played, hidden_turn, hint_text, view

__all__ = [
    "BOT_KINDS",
    "SESSION_KINDS",
    "BoardSession",
    "Session",
    "SessionError",
    "SessionHost",
    "register_session_kind",
]

#: Players a learner may choose in New game (a double-12 set serves 2 to 8).
MIN_PLAYERS, MAX_PLAYERS = 2, 8


class SessionError(MtlearnError):
    """A malformed intent or session description (names what is wrong)."""


class SeededRandomBot:
    """A random bot whose choice depends only on the position (seed, round, moves so far).

    Unlike :class:`~mtlearn.bots.RandomBot` it keeps no state between moves, so a
    session replays identically after an undo and in every host.
    """

    def choose(self, game: Game) -> Move:
        """Pick a random legal move, seeded by the position."""
        moves = list(game.legal_moves)
        if not moves:
            raise ValueError("no legal move: the round is over")
        rng = random.Random(f"{game.seed}/{game.round_no}/{len(game.history)}")
        return moves[rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return "SeededRandomBot()"


#: Bots a session can name (and so hand to another host): name -> factory.
BOT_KINDS: dict[str, type] = {"planner": PlannerBot, "greedy": GreedyBot,
                              "random": SeededRandomBot}


def _bot_name(bot: Any) -> str | None:
    for name, cls in BOT_KINDS.items():
        if type(bot) is cls and repr(bot) == repr(cls()):  # the default settings only
            return name
    return None


def _seat(game: Game, who: int | str, what: str) -> int:
    """A seat (from 0) given by number or by a player's name, for argument ``what``."""
    try:
        return game.seat(who)
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None


def _message(kind: str, text: str, rule: str | None = None,
             bots: list[str] | None = None) -> dict[str, Any]:
    return {"kind": kind, "text": text, "rule": rule, "rule_url": None, "bots": list(bots or [])}


class Session(Protocol):
    """What :class:`SessionHost` needs of a session kind (a board, a puzzle…)."""

    kind: ClassVar[str]

    def handle(self, intent: Any) -> dict[str, Any]:
        """Answer one intent with ``{"view": …, "message": …}``."""
        ...

    def state(self) -> dict[str, Any]:
        """The current ``{"view": …, "message": …}``."""
        ...


class BoardSession:
    """A game being played on a board: the learner's intents in, views and messages out.

    Args:
        game: the game to play (changed in place; a new match or game replaces it).
        bots: ``{seat: bot}`` for computer players (0-based seats); ``"greedy"`` and
            ``"random"`` name the built-in ones, any object with ``choose(game)`` works
            in Python (but then :meth:`to_spec` cannot hand the session to a page).
        perspective: the seat whose hand alone is shown while a round is played
            (None shows every hand).
        highlights: tiles and trains to mark, as in :func:`mtlearn.view.view`.
        verdicts: include the engine's verdict on every one-click move in each view
            (for pages that answer from stored data; off by default).
    """

    kind: ClassVar[str] = "board"

    def __init__(self, game: Game | None = None, *, bots: dict[int | str, Any] | None = None,
                 perspective: int | str | None = None,
                 highlights: dict[str, list[str]] | None = None,
                 verdicts: bool = False) -> None:
        self.game = game if game is not None else Game.new(4)
        self.bots: dict[int, Bot] = {}
        for who, bot in (bots or {}).items():  # a player by name or by seat (from 0)
            self.bots[_seat(self.game, who, "bots")] = _make_bot(bot)
        self.perspective = (None if perspective is None
                            else _seat(self.game, perspective, "perspective"))
        self.highlights = highlights
        self.verdicts = verdicts
        said = self.run_bots()
        self.message: dict[str, Any] | None = (
            _message("info", "The computer players moved first.", bots=said) if said else None)

    # ------------------------------------------------------------------ views
    def view(self, *, verdicts: bool | None = None) -> dict[str, Any]:
        """The JSON view of the position, with the match entry (see the module docs).

        ``verdicts`` overrides the session's setting (a page's stored answers need them;
        a host that answers every intent does not, and they cost most of a move's time).
        """
        g = self.game
        v = view(g, perspective=None if g.is_round_over else self.perspective,
                 highlights=self.highlights,
                 verdicts=self.verdicts if verdicts is None else verdicts)
        v["match"] = self.match_info()
        return v

    def state(self) -> dict[str, Any]:
        """``{"view": …, "message": …}``: what a board draws now."""
        return {"view": self.view(), "message": self.state_message()}

    def state_message(self) -> dict[str, Any] | None:
        """The message as a board may show it: checked by the perspective's guard (no
        tile of a hidden hand is named). A refusal is left as it is: it judges the
        learner's own move on their own turn and may echo the tile they named ("Ana does
        not hold 7-11", whoever holds it)."""
        message = self.message
        g = self.game
        if message is None or message.get("kind") == "refusal" or g.is_round_over:
            return message
        seen = Perspective.of(g, self.perspective)
        return {**message, "text": seen.guard(str(message.get("text") or "")),
                "bots": [seen.guard(str(b)) for b in message.get("bots") or []]}

    def match_info(self) -> dict[str, Any]:
        """Round, standings with the tie-break, and what the board may offer next."""
        g = self.game
        names = g.players
        rounds = g.round_scores
        standings = [{"place": place, "seat": seat + 1, "name": names[seat], "total": total,
                      "zero_rounds": sum(1 for r in rounds if r[seat] == 0),
                      "rounds": [r[seat] for r in rounds]}
                     for place, seat, total in g.standings()]
        return {
            "round": g.round_no, "rounds": g.rounds,
            "round_over": g.is_round_over, "match_over": g.is_match_over,
            "next_round": g.is_round_over and not g.is_match_over,
            "standings": standings,
            "winners": [names[s] for s in g.winners] if g.is_match_over else [],
            "tie_break": _tie_break_text(g),
            "setup": {"players": g.n, "bots": len(self.bots),
                      "bot": _bot_name(next(iter(self.bots.values()))) if self.bots else None,
                      "min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS},
        }

    # ------------------------------------------------------------------ intents
    def handle(self, intent: Any) -> dict[str, Any]:
        """Answer one intent (a dict with ``"action"``) with the new view and message.

        A malformed intent gets an info message naming the problem; the game is untouched.
        """
        if not isinstance(intent, dict):
            self.message = _message("info", f"Not an intent: {intent!r} (expected a dict "
                                    "with an 'action').")
            return self.state()
        action = intent.get("action")
        try:
            if action == "move":
                self.play(str(intent.get("move", "")))
            elif action in ("draw", "pass", "uno", "end"):
                self.play(action)
            elif action == "undo":
                self.undo()
            elif action == "hint":
                self.hint()
            elif action == "next_round":
                self.next_round()
            elif action == "new_match":
                self.new_match(seed=intent.get("seed"))
            elif action == "new_game":
                self.new_game(intent.get("players", self.game.n), intent.get("bots", 0),
                              bot=intent.get("bot", "greedy"), seed=intent.get("seed"))
            else:
                raise SessionError(f"unknown action {action!r}: use one of move, draw, pass, "
                                   "undo, hint, next_round, new_match, new_game")
        except MtlearnError as e:  # a malformed intent, or rules that refuse the new table
            self.message = _message("info", str(e))
        return self.state()

    def play(self, move: Move | str) -> bool:
        """Try a move for the player to play; the bots then reply. False if refused."""
        g = self.game
        if hidden_turn(g, self.perspective):
            name = g.players[g.current]
            self.message = _message("info", f"It is {name}'s turn, and {name}'s tiles are "
                                    "hidden on this board.")
            return False
        verdict = g.explain(move)
        if not verdict.legal or verdict.move is None:
            self.message = _message("refusal", verdict.text, verdict.rule)
            return False
        if g.current in self.bots:
            self.message = _message("info", f"It is {g.players[g.current]}'s turn, and the "
                                    "computer plays that seat.")
            return False
        seat = g.current
        facts = TurnFacts.of(g)
        applied = g.push(verdict.move)
        said = describe_played(g, seat, applied, before=facts)
        bots = self.run_bots()
        if g.is_round_over:
            said += " " + self._round_end_text()
        self.message = _message("ok", said, verdict.rule, bots)
        return True

    def undo(self) -> bool:
        """Take back the learner's last move and the bots' moves after it."""
        g = self.game
        pops = self._undo_count()
        if pops is None:
            self.message = _message("info", "Nothing to undo: this is the start of the round.")
            return False
        for _ in range(pops):
            g.pop()
        self.message = _message("info", "Move taken back.")
        return True

    def hint(self) -> None:
        """Set the message to the engine's suggestion for the player to play (none while
        a player whose tiles this board hides is to play: a hint names their tiles)."""
        g = self.game
        text = hint_text(g, perspective=None if g.is_round_over else self.perspective)
        if text is not None:
            self.message = _message("info", "Hint: " + text)
        elif g.is_round_over:
            self.message = _message("info", "No hint: the round is over.")
        else:
            name = g.players[g.current]
            self.message = _message("info", f"No hint: it is {name}'s turn, and {name}'s "
                                    "tiles are hidden on this board.")

    def next_round(self) -> bool:
        """Deal the next round of the match; the bots who start then play."""
        g = self.game
        if not g.is_round_over:
            self.message = _message("refusal", "The round is not over yet: play it to its end "
                                    "first.", "R-END-1")
            return False
        if g.is_match_over:
            self.message = _message("refusal", "The match is over: that was the last round. "
                                    "Start a new match or a new game.", "R-ROUND-1")
            return False
        g.next_round()
        bots = self.run_bots()
        e = g.engine
        self.message = _message("info", f"Round {g.round_no} of {g.rounds} is dealt: the "
                                f"engine is {e}-{e}.", "R-ROUND-1", bots)
        return True

    def new_match(self, seed: int | str | None = None) -> None:
        """Start the match again with the same table and a fresh deal."""
        g = self.game
        self.game = Game.new(list(g.players), set=g.set_max, rules=g.rules,
                             seed=self._seed(seed))
        self.highlights = None
        bots = self.run_bots()
        self.message = _message("info", f"A new match: round 1 of {self.game.rounds}.",
                                bots=bots)

    def new_game(self, players: Any, bots: Any = 0, *, bot: str = "greedy",
                 seed: int | str | None = None) -> None:
        """A new table: ``players`` in all, ``bots`` of them computer players.

        The learner is the first player; the bots take the seats after. With one human
        player only that hand is shown while a round is played.
        """
        n = _int_in("players", players, MIN_PLAYERS, MAX_PLAYERS)
        k = _int_in("bots", bots, 0, n - 1)
        if bot not in BOT_KINDS:
            raise SessionError(f"bot: {bot!r} is not a bot kind ({', '.join(BOT_KINDS)})")
        rules = self.game.rules
        self.game = Game.new(n, set=usual_set(n), rules=rules, seed=self._seed(seed))
        self.bots = {seat: BOT_KINDS[bot]() for seat in range(1, k + 1)}
        self.highlights = None
        self.perspective = 0 if k == n - 1 else None
        said = self.run_bots()
        humans = n - k
        who = "you against the computer" if humans == 1 else \
            f"{humans} players taking turns" + (f" and {k} computer players" if k else "")
        self.message = _message("info", f"A new game: {n} players, {who}.", bots=said)

    def run_bots(self) -> list[str]:
        """Let the computer players move while it is their turn; their moves in words."""
        g = self.game
        said = []
        while not g.is_round_over and g.current in self.bots:
            seat = g.current
            facts = TurnFacts.of(g)
            m = g.push(self.bots[seat].choose(g))
            said.append(describe_played(g, seat, m, before=facts))
        return said

    # ------------------------------------------------------------------ hand-over
    @property
    def portable(self) -> bool:
        """True when :meth:`to_spec` can describe this session (built-in bots only)."""
        return all(_bot_name(b) is not None for b in self.bots.values())

    def to_spec(self) -> dict[str, Any]:
        """A JSON-compatible description that :meth:`from_spec` turns back into this session.

        Raises SessionError if a bot is not one of :data:`BOT_KINDS`.
        """
        bots = {}
        for seat, bot in self.bots.items():
            name = _bot_name(bot)
            if name is None:
                raise SessionError(f"bots: seat {seat + 1} is played by {bot!r}, which only "
                                   "runs in this Python process")
            bots[str(seat)] = name
        return {"kind": self.kind, "version": 1, "game": json.loads(self.game.to_json(None)),
                "bots": bots, "perspective": self.perspective,
                "highlights": self.highlights, "verdicts": self.verdicts,
                "message": self.message}

    @classmethod
    def from_spec(cls, spec: Any) -> BoardSession:
        """The session :meth:`to_spec` described (a malformed spec raises SessionError)."""
        if not isinstance(spec, dict) or spec.get("kind") != cls.kind:
            raise SessionError("a board session spec must be a dict with \"kind\": \"board\"")
        try:
            game = Game.from_json(json.dumps(spec["game"]), source="spec.game")
        except KeyError:
            raise SessionError("spec: 'game' is missing") from None
        raw = spec.get("bots") or {}
        if not isinstance(raw, dict):
            raise SessionError("spec.bots must map seats to bot names")
        try:
            bots = {int(seat): name for seat, name in raw.items()}
        except ValueError:
            raise SessionError(f"spec.bots: seats must be numbers, not {list(raw)}") from None
        # The spec's game already holds the bots' replies: build, then put the message back.
        session = cls.__new__(cls)
        session.game = game
        session.bots = {}
        for seat, name in bots.items():
            if not 0 <= seat < game.n:
                raise SessionError(f"spec.bots: {seat} is not a seat of this game")
            session.bots[seat] = _make_bot(name)
        perspective = spec.get("perspective")
        if perspective is not None and (not isinstance(perspective, int)
                                        or not 0 <= perspective < game.n):
            raise SessionError(f"spec.perspective: {perspective!r} is not a seat")
        session.perspective = perspective
        session.highlights = spec.get("highlights")
        session.verdicts = bool(spec.get("verdicts", False))
        session.message = spec.get("message")
        return session

    # ------------------------------------------------------------------ helpers
    def _undo_count(self) -> int | None:
        """How many moves to pop to reach the learner's last decision (None: none made)."""
        g = self.game.copy()
        pops = 0
        while g.history:
            g.pop()
            pops += 1
            if g.current not in self.bots:
                return pops
        return None

    def _round_end_text(self) -> str:
        g = self.game
        if g.is_match_over:
            return "The match is over: see the standings."
        return "The round is over: see the scores, then deal the next round."

    def _seed(self, seed: Any) -> int | str:
        if isinstance(seed, (int, str)) and not isinstance(seed, bool) and str(seed):
            return seed
        if seed is not None:
            raise SessionError(f"seed: {seed!r} is not a number or a word")
        return random.randrange(10**9)


def _make_bot(bot: Any) -> Bot:
    if isinstance(bot, str):
        if bot in BOT_KINDS:
            return BOT_KINDS[bot]()
        raise ValueError(f"unknown bot {bot!r}: use 'planner', 'greedy', 'random' "
                         "or a Bot object")
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"{bot!r} is not a bot: it needs a choose(game) method")
    return bot


def _int_in(name: str, value: Any, low: int, high: int) -> int:
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise SessionError(f"{name}: {value!r} is not a whole number") from None
    if isinstance(value, bool) or not low <= n <= high or str(n) != str(value).strip():
        raise SessionError(f"{name}: choose a whole number from {low} to {high}, "
                           f"not {value!r}")
    return n


def _tie_break_text(game: Game) -> str:
    if game.rules.tie_break == "shared":
        return "Players level on points share the place (R-SCORE-4 is off in these rules)."
    return ("Lowest total wins. On equal totals, more rounds at 0 points (went out) wins; "
            "then the lowest non-zero round score (R-SCORE-4).")


# ---------------------------------------------------------------------- the host

#: Session kinds a :class:`SessionHost` can open, by name: a class with ``from_spec``, or
#: ``"module:Class"`` imported when first opened (so other kinds need no import here).
SESSION_KINDS: dict[str, Any] = {"board": BoardSession,
                                  "puzzle": "mtlearn.puzzles:PuzzleSession"}


def _factory(kind: str) -> Any:
    factory = SESSION_KINDS[kind]
    if isinstance(factory, str):
        import importlib

        module, _, name = factory.partition(":")
        factory = SESSION_KINDS[kind] = getattr(importlib.import_module(module), name)
    return factory


def register_session_kind(name: str, factory: Any) -> None:
    """Let hosts open sessions of ``name``: ``factory.from_spec(spec)`` must return a
    :class:`Session`; ``factory`` may be ``"module:Class"``, imported when first needed.
    (For puzzles and other kinds of board.)"""
    if not isinstance(factory, str) and not callable(getattr(factory, "from_spec", None)):
        raise TypeError(f"{factory!r} has no from_spec(spec)")
    SESSION_KINDS[name] = factory


class SessionHost:
    """Sessions by id, driven by JSON text: what the in-page engine's Web Worker calls.

    Requests (JSON objects):

    * ``{"op": "open", "kind": "board", "spec": {…}}`` → ``{"ok": true, "session": id,
      "result": {"view", "message"}}``
    * ``{"op": "intent", "session": id, "intent": {…}}`` → ``{"ok": true, "result": …}``
    * ``{"op": "close", "session": id}`` → ``{"ok": true}``

    A failure answers ``{"ok": false, "error": "…"}`` and changes nothing.
    """

    def __init__(self) -> None:
        self.sessions: dict[str, Any] = {}
        self._count = 0

    def request(self, text: str) -> str:
        """Answer one JSON request with JSON text."""
        try:
            req = json.loads(text)
            if not isinstance(req, dict):
                raise SessionError("a request must be a JSON object")
            answer = self._answer(req)
        except (json.JSONDecodeError, MtlearnError, ValueError, TypeError, KeyError) as e:
            answer = {"ok": False, "error": f"{type(e).__name__}: {e}"}
        return json.dumps(answer, separators=(",", ":"))

    def _answer(self, req: dict[str, Any]) -> dict[str, Any]:
        op = req.get("op")
        if op == "open":
            kind = req.get("kind")
            if kind not in SESSION_KINDS:
                raise SessionError(f"unknown session kind {kind!r} "
                                   f"(known: {', '.join(SESSION_KINDS)})")
            session = _factory(kind).from_spec(req.get("spec"))
            self._count += 1
            sid = f"{kind}-{self._count}"
            self.sessions[sid] = session
            return {"ok": True, "session": sid, "result": session.state()}
        if op in ("intent", "close"):
            sid = req.get("session")
            if sid not in self.sessions:
                raise SessionError(f"no open session {sid!r}")
            if op == "close":
                del self.sessions[sid]
                return {"ok": True}
            return {"ok": True, "result": self.sessions[sid].handle(req.get("intent"))}
        raise SessionError(f"unknown op {op!r}: use open, intent or close")
