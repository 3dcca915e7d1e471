"""Board sessions: what a board does with a learner's intent, with no widget code.

A *session* holds a game and answers *intents*, the plain dicts a board's front end
sends ("play 12-5 on the Mexican train", "undo", "next round"…), with the new view
and a message. The same class serves every host that can run Python:

* the anywidget :class:`~mtlearn.jupyter.widgets.Board` in a kernel (JupyterLab, Binder);
* the in-page engine of the book: Pyodide in a Web Worker calls
  :class:`~mtlearn.hosts.session_host.SessionHost` with JSON text
  (``mtlearn/static/engine/worker.mjs``).

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
``review``         after a round: the learner's decisions scored (``session_review``)
``review_try``     ``mistake`` (from 0) and ``move``: find a better move there
``review_save``    ``mistake`` (from 0): save it as the learner's own puzzle
=================  ===============================================================

Every answer is a :class:`~mtlearn.core.protocol.BoardAnswer` (intents, views and
messages are typed in :mod:`mtlearn.core.protocol`): the view with ``match`` added and,
on a board with checked steps, ``steps``; once a round is over every hand is shown.

Every field of an intent is checked (type and range) before anything changes; a malformed
intent raises :class:`SessionError` naming the field, the game untouched, and every host
answers it with the protocol's one refusal, ``{"ok": false, "error": …}``
(:mod:`mtlearn.core.protocol`): :class:`~mtlearn.hosts.session_host.SessionHost` (its
limits are in its docs), the class server and the JupyterLab widgets.

Standard library only: Pyodide runs it unchanged.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol

from ..core.errors import MtlearnError, NotationError, SessionError
from ..core.moves import Move
from ..core.notation import parse_seat
from ..core.protocol import (
    BoardAnswer,
    BoardIntent,
    BoardMessage,
    MatchInfo,
    PuzzleAnswer,
    Standing,
    View,
)
from ..core.protocol_check import actions_of, check_intent
from ..core.rules import usual_set
from ..core.words import one_line
from ..engine.game import Game
from ..play.bots import Bot
from ..present.perspective import Perspective, tiles_named
from ..present.view import TurnFacts, and_words, describe_played, hidden_turn, hint_text, view
from .session_bots import BOT_KINDS, SeededRandomBot, bot_kind, bot_name, make_bot
from .session_review import RoundReviews

if TYPE_CHECKING:  # imported by a board with steps only (the in-page engine's start)
    from ..content.steps import StepLog, StepSet

__all__ = ["BOT_KINDS", "BoardSession", "SeededRandomBot", "Session", "SessionError"]

#: Players a learner may choose in New game (a double-12 set serves 2 to 8).
MIN_PLAYERS, MAX_PLAYERS = 2, 8
#: The longest move text an intent may carry (``"12-5@M.3a.1b"`` needs 12) and the
#: longest seed word.
MAX_MOVE_CHARS, MAX_SEED_CHARS = 64, 200


def _seat(game: Game, who: int | str, what: str) -> int:
    """A seat (from 0) given by number or by a player's name, for argument ``what``."""
    try:
        return game.seat(who)
    except (ValueError, TypeError) as e:
        raise SessionError(f"{what}: {e}") from None


def _message(kind: Literal["ok", "refusal", "info"], text: str, rule: str | None = None,
             bots: list[str] | None = None) -> BoardMessage:
    return {"kind": kind, "text": text, "rule": rule, "rule_url": None, "bots": list(bots or [])}


class Session(Protocol):
    """What :class:`~mtlearn.hosts.session_host.SessionHost` needs of a session kind (a board,
    a puzzle…)."""

    kind: ClassVar[str]

    def handle(self, intent: Any) -> BoardAnswer | PuzzleAnswer:
        """Answer one intent with the model keys to change (SessionError: a malformed
        intent, refused and nothing changed)."""
        ...

    def state(self) -> BoardAnswer | PuzzleAnswer:
        """The current model keys."""
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
        highlights: tiles and trains to mark, as in :func:`mtlearn.present.view.view`.
        verdicts: include the engine's verdict on every one-click move in each view
            (for pages that answer from stored data; off by default).
        steps: checked steps (:mod:`mtlearn.content.steps`): a step file's name, a list of
            them or a StepSet; each view then carries their ticks and stars. A new match
            or new game drops them (they belong to the table the board was given).
    """

    kind: ClassVar[str] = "board"

    def __init__(self, game: Game | None = None, *, bots: dict[int | str, Any] | None = None,
                 perspective: int | str | None = None,
                 highlights: dict[str, list[str]] | None = None,
                 verdicts: bool = False,
                 steps: StepSet | str | list[str] | None = None) -> None:
        self.game = game if game is not None else Game.new(4)
        self.bots: dict[int, Bot] = {}
        for who, bot in (bots or {}).items():  # a player by name or by seat (from 0)
            self.bots[_seat(self.game, who, "bots")] = make_bot(bot)
        self.perspective = (None if perspective is None
                            else _seat(self.game, perspective, "perspective"))
        self.highlights = highlights
        self.verdicts = verdicts
        self._echo: tuple[str, ...] = ()  # tiles the last intent named (see state_message)
        self.steps: StepLog | None = None if steps is None else _step_log(steps, self.game)
        self.reviews = RoundReviews()  # the round's review, once asked for
        said = self.run_bots()
        self.message: BoardMessage | None = (
            _message("info", "The computer players moved first.", bots=said) if said else None)

    # ------------------------------------------------------------------ views
    def view(self, *, verdicts: bool | None = None, hint: bool = True) -> View:
        """The JSON view of the position, with the match entry (see the module docs).

        ``verdicts`` overrides the session's setting (a page's stored answers need them;
        a host that answers every intent does not, and they cost most of a move's time);
        ``hint`` False leaves the coach's hint out (:func:`~mtlearn.present.view.view`).
        """
        g = self.game
        v = view(g, perspective=None if g.is_round_over else self.perspective,
                 highlights=self.highlights,
                 verdicts=self.verdicts if verdicts is None else verdicts, hint=hint)
        v["match"] = self.match_info()
        if self.steps is not None:
            v["steps"] = self.steps.view(Perspective.of(
                g, None if g.is_round_over else self.perspective))
        return v

    def state(self) -> BoardAnswer:
        """``{"view": …, "message": …, "review": …}``: what a board draws now."""
        return {"view": self.view(), "message": self.state_message(),
                "review": self.reviews.view()}

    def state_message(self) -> BoardMessage | None:
        """The message as a board may show it: checked by the perspective's guard (no
        tile of a hidden hand is named). A refusal is left as it is: it judges the
        learner's own move on their own turn and may echo the tile they named ("Ana does
        not hold 7-11", whoever holds it)."""
        message = self.message
        g = self.game
        if message is None or message.get("kind") == "refusal" or g.is_round_over:
            return message
        seen = Perspective.of(g, self.perspective)
        return {**message, "text": seen.guard(message["text"], allow=self._echo),
                "bots": [seen.guard(b) for b in message["bots"]]}

    def match_info(self) -> MatchInfo:
        """Round, standings with the tie-break, and what the board may offer next."""
        g = self.game
        names = g.players
        rounds = g.round_scores
        standings: list[Standing] = [
            {"place": place, "seat": seat + 1, "name": names[seat], "total": total,
             "zero_rounds": sum(1 for r in rounds if r[seat] == 0),
             "rounds": [r[seat] for r in rounds]} for place, seat, total in g.standings()]
        return {
            "round": g.round_no, "rounds": g.rounds,
            "round_over": g.is_round_over, "match_over": g.is_match_over,
            "next_round": g.is_round_over and not g.is_match_over,
            "standings": standings,
            "winners": [names[s] for s in g.winners] if g.is_match_over else [],
            "tie_break": _tie_break_text(g),
            "setup": {"players": g.n, "bots": len(self.bots),
                      "bot": bot_name(next(iter(self.bots.values()))) if self.bots else None,
                      "min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS,
                      "who": self.who()},
        }

    def who(self) -> str:
        """Who plays which seat, in words: "You play every seat: Ana and Ben." or "You
        play Ana; the computer plays Ben and Cy." (a board says so above its position)."""
        names = self.game.players
        mine = [n for i, n in enumerate(names) if i not in self.bots]
        theirs = [n for i, n in enumerate(names) if i in self.bots]
        if not theirs:
            return f"You play every seat: {and_words(mine)}."
        if not mine:
            return f"The computer plays every seat: {and_words(theirs)}."
        return f"You play {and_words(mine)}; the computer plays {and_words(theirs)}."

    # ------------------------------------------------------------------ intents
    def handle(self, intent: Any) -> BoardAnswer:
        """Answer one intent (a dict with ``"action"``) with the new view and message
        (:meth:`apply`, then :meth:`state`)."""
        self.apply(intent)
        return self.state()

    def apply(self, intent: Any) -> None:
        """Carry out one intent (a dict with ``"action"``), without drawing the board: a
        host that sends every seat its own view (the class tables) makes them after.

        A malformed intent (an unknown action, a field of the wrong type or out of range)
        raises :class:`SessionError` naming the field, before anything changes: every host
        answers it with the protocol's one refusal (:class:`~mtlearn.core.protocol.Refusal`).
        So does an intent the engine cannot carry out (rules that refuse a new table, or a
        failure of the engine itself): the session is put back as it was first.
        """
        self._echo = tuple(tiles_named(repr(intent)))  # the learner's words, echoed as sent
        try:
            act = self._intent_call(intent)
        except SessionError as e:
            raise self._refusal(str(e)) from None
        # next_round changes the game beyond what pop() takes back: keep a copy for it
        game = self.game.copy() if intent["action"] == "next_round" else self.game
        log = self.steps
        saved = (game, self.bots, self.perspective, self.highlights, self.message,
                 len(game.history), game.round_no, log,
                 (list(log.events), log.slips) if log is not None else None)
        try:
            act()
            if intent["action"] not in ("review", "review_try", "review_save", "hint"):
                self.reviews.clear()   # the game moved on: the review is of another round
        except MtlearnError as e:  # rules that refuse the new table, and the like
            self._restore(saved)
            raise self._refusal(str(e)) from None
        except Exception as e:  # a backstop: the engine failed; put the board back
            self._restore(saved)
            raise self._refusal(f"internal error while answering {intent.get('action')!r}: "
                                f"{type(e).__name__}: {one_line(str(e))}; the board is "
                                "unchanged") from None

    def _refusal(self, text: str) -> SessionError:
        """The error refusing an intent, checked by the perspective's guard (the
        learner's own words are echoed as sent; see :meth:`state_message`)."""
        g = self.game
        if not g.is_round_over:
            text = Perspective.of(g, self.perspective).guard(text, allow=self._echo)
        return SessionError(text)

    def _intent_call(self, intent: Any) -> Any:
        """Check every field of ``intent``; the call that carries it out (SessionError if
        a field is missing, of the wrong type or out of range)."""
        check_intent(intent, BoardIntent)   # the protocol's types: fields and their kinds
        action = intent.get("action")
        if action == "move":
            move = intent["move"]           # text: check_intent saw to it
            if len(move) > MAX_MOVE_CHARS:
                raise SessionError(f"move: {one_line(repr(move))} is too long for a move "
                                   f"(at most {MAX_MOVE_CHARS} characters, like \"12-5@M\")")
            return lambda: self.play(move)
        if action in ("draw", "pass", "uno", "end"):
            return lambda: self.play(action)
        if action == "undo":
            return self.undo
        if action == "hint":
            return self.hint
        if action in ("review", "review_try", "review_save"):
            return lambda: self.reviews.handle(self, intent)
        if action == "next_round":
            return self.next_round
        if action == "new_match":
            seed = self._seed(intent.get("seed"))
            return lambda: self.new_match(seed=seed)
        if action == "new_game":
            n = _int_in("players", intent.get("players", self.game.n), MIN_PLAYERS,
                        MAX_PLAYERS)
            k = _int_in("bots", intent.get("bots", 0), 0, n - 1)
            bot = bot_kind("bot", intent.get("bot", "greedy"))
            seed = self._seed(intent.get("seed"))
            return lambda: self.new_game(n, k, bot=bot, seed=seed)
        raise SessionError(f"unknown action {one_line(repr(action))}: use one of "
                           f"{', '.join(actions_of(BoardIntent))}")

    def _restore(self, saved: tuple[Any, ...]) -> None:
        """Put the session back as it was before an intent that failed part-way."""
        game, bots, perspective, highlights, message, moves, round_no, log, kept = saved
        self.game, self.bots, self.perspective, self.steps = game, bots, perspective, log
        if log is not None and kept is not None:
            log.events, log.slips = kept
        self.highlights, self.message = highlights, message
        if game.round_no == round_no:  # moves pushed in this round come off again
            while len(game.history) > moves:
                game.pop()

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
            if self.steps is not None:
                self.steps.refused(g, move, verdict.rule)
            return False
        if g.current in self.bots:
            self.message = _message("info", f"It is {g.players[g.current]}'s turn, and the "
                                    "computer plays that seat.")
            return False
        seat = g.current
        said = self._push(verdict.move)
        bots = self.run_bots()
        if g.is_round_over:
            said += " " + self._round_end_text(seat)
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
        if self.steps is not None:
            self.steps.undone(g)
        self.message = _message("info", "Move taken back.")
        return True

    def hint(self) -> None:
        """Set the message to the engine's suggestion for the player to play (none while
        a player whose tiles this board hides is to play: a hint names their tiles)."""
        g = self.game
        text = hint_text(g, perspective=None if g.is_round_over else self.perspective)
        if text is not None:
            self.message = _message("info", "Hint: " + text)
            if self.steps is not None:
                self.steps.hint()
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
        self.steps = None  # the steps belong to the table the board was given
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
        bot = bot_kind("bot", bot)
        rules = self.game.rules
        self.game = Game.new(n, set=usual_set(n), rules=rules, seed=self._seed(seed))
        self.bots = {seat: BOT_KINDS[bot]() for seat in range(1, k + 1)}
        self.highlights = None
        self.steps = None
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
            said.append(self._push(self.bots[g.current].choose(g)))
        return said

    def _push(self, move: Move) -> str:
        """Play ``move`` for the player to play, record it for the steps; it in words."""
        g = self.game
        seat, facts = g.current, TurnFacts.of(g)
        before = self.steps.before(g) if self.steps is not None else ()
        m = g.push(move)
        if self.steps is not None:
            self.steps.moved(g, seat, m, before)
        return describe_played(g, seat, m, before=facts)

    # ------------------------------------------------------------------ hand-over
    @property
    def portable(self) -> bool:
        """True when :meth:`to_spec` can describe this session (built-in bots only)."""
        return all(bot_name(b) is not None for b in self.bots.values())

    def to_spec(self) -> dict[str, Any]:
        """A JSON-compatible description that :meth:`from_spec` turns back into this session.

        Raises SessionError if a bot is not one of :data:`BOT_KINDS`.
        """
        bots = {}
        for seat, bot in self.bots.items():
            name = bot_name(bot)
            if name is None:
                raise SessionError(f"bots: seat {seat + 1} is played by {bot!r}, which only "
                                   "runs in this Python process")
            bots[str(seat)] = name
        return {"kind": self.kind, "version": 1, "game": json.loads(self.game.to_json(None)),
                "bots": bots, "perspective": self.perspective,
                "highlights": self.highlights, "verdicts": self.verdicts,
                "message": self.message,
                "steps": self.steps.to_spec() if self.steps is not None else None}

    @classmethod
    def from_spec(cls, spec: Any) -> BoardSession:
        """The session :meth:`to_spec` described.

        Every field is checked (``game`` a saved game, ``bots`` seats to bot kinds,
        ``perspective`` a seat or null, ``highlights`` ``{"tiles": [tile…], "trains":
        [train…]}``, ``verdicts`` true/false, ``message`` a board message or null); a
        malformed spec raises SessionError naming the field.
        """
        if not isinstance(spec, dict) or spec.get("kind") != cls.kind:
            raise SessionError("a board session spec must be an object with \"kind\": "
                               "\"board\"")
        version = spec.get("version", 1)
        if version != 1 or isinstance(version, bool):
            raise SessionError(f"spec.version: {one_line(repr(version))} is not a version this "
                               "engine reads (1)")
        if "game" not in spec:
            raise SessionError("spec: 'game' is missing")
        if not isinstance(spec["game"], dict):
            raise SessionError(f"spec.game: expected a saved game (an object), not "
                               f"{one_line(repr(spec['game']))}")
        try:
            text = json.dumps(spec["game"], allow_nan=False)
        except (ValueError, TypeError, RecursionError) as e:
            raise SessionError(f"spec.game: not a JSON saved game ({one_line(str(e))})") from None
        try:
            game = Game.from_json(text, source="spec.game")
        except MtlearnError as e:  # GameFileError: names the field of spec.game
            raise SessionError(str(e)) from None
        raw = spec.get("bots")
        raw = {} if raw is None else raw
        if not isinstance(raw, dict):
            raise SessionError("spec.bots: expected an object mapping seats (\"1\") to bot "
                               f"kinds, not {one_line(repr(raw))}")
        bots: dict[int, Bot] = {}
        for seat_text, name in raw.items():
            try:                # the spec counts seats from 0, as the Python API does
                seat = parse_seat(seat_text, game.n, base=0, text=True)
            except NotationError as e:
                raise SessionError(f"spec.bots: {e}") from None
            bots[seat] = BOT_KINDS[bot_kind(f"spec.bots[{seat_text!r}]", name)]()
        perspective = spec.get("perspective")
        if perspective is not None and (not isinstance(perspective, int)
                                        or isinstance(perspective, bool)
                                        or not 0 <= perspective < game.n):
            raise SessionError(f"spec.perspective: {one_line(repr(perspective))} is not a seat "
                               f"(0 to {game.n - 1}, or null for every hand)")
        verdicts = spec.get("verdicts", False)
        if not isinstance(verdicts, bool):
            raise SessionError(f"spec.verdicts: expected true or false, not "
                               f"{one_line(repr(verdicts))}")
        from .session_host import spec_highlights, spec_message

        highlights = spec_highlights(spec.get("highlights"), game)
        message = spec_message(spec.get("message"))
        try:  # StepsError names the field of spec.steps
            log = None if spec.get("steps") is None else _step_log(spec["steps"], game, spec=True)
        except MtlearnError as e:
            raise SessionError(str(e)) from None
        # The spec's game already holds the bots' replies: build, then put the message back.
        session = cls.__new__(cls)
        session.game, session.bots, session.perspective = game, bots, perspective
        session.highlights, session.verdicts, session.message = highlights, verdicts, message
        session.steps, session.reviews, session._echo = log, RoundReviews(), ()
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

    def _round_end_text(self, seat: int) -> str:
        """How the round ended, after the move ``seat`` made: it names who went out, since
        that may be a computer player who moved after ``seat`` (the bots' moves are listed
        after this text), or says the round is blocked."""
        g = self.game
        if g.out is not None:
            who = g.players[g.out]
            how = f"{who} went out" if g.out == seat else f"Then {who} went out"
        elif g.rules.may_decline and any(g._can_play(s) for s in range(g.n)):
            # R-VAR-CHOOSE: a full cycle of passes ends it, even if someone could play
            how = "Every player has passed in turn with the boneyard empty"
        else:
            how = "Nobody can play any more: the round is blocked"
        if g.is_match_over:
            return f"{how}, and the match is over: see the standings."
        return f"{how}, and the round is over: see the scores, then deal the next round."

    def _seed(self, seed: Any) -> int | str:
        if seed is None:
            return random.randrange(10**9)
        if isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) < 2**63:
            return seed
        if isinstance(seed, str) and 0 < len(seed) <= MAX_SEED_CHARS:
            return seed
        raise SessionError(f"seed: {one_line(repr(seed))} is not a seed (a whole number below "
                           f"2**63 or a word of 1 to {MAX_SEED_CHARS} characters)")


def _step_log(steps: Any, game: Game, *, spec: bool = False) -> StepLog:
    """The step log of a board with steps (a spec's, with ``spec``): :mod:`mtlearn.content.steps`
    is imported by the first such board, not with the session."""
    from ..content.steps import StepLog, StepSet, load_steps

    if spec:
        return StepLog.from_spec(steps, game)
    return StepLog(steps if isinstance(steps, StepSet) else load_steps(steps, game))


def _int_in(name: str, value: Any, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``, given as a number or as its digits."""
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() \
            and len(value.strip()) <= 3:
        value = int(value.strip())
    if not isinstance(value, int) or isinstance(value, bool):
        raise SessionError(f"{name}: {one_line(repr(value))} is not a whole number (choose "
                           f"one from {low} to {high})")
    if not low <= value <= high:
        raise SessionError(f"{name}: choose a whole number from {low} to {high}, "
                           f"not {one_line(repr(value))}")
    return value


def _tie_break_text(game: Game) -> str:
    if game.rules.tie_break == "shared":
        return "Players level on points share the place (R-SCORE-4 is off in these rules)."
    return ("Lowest total wins. On equal totals, more rounds at 0 points (went out) wins; "
            "then the lowest non-zero round score (R-SCORE-4).")

