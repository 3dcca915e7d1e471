"""The JSON host of sessions (what the in-page engine's Web Worker calls), and the checks
on the board specs it is sent.

:class:`SessionHost` keeps sessions by id and answers JSON requests with JSON text, always
one well-formed object; a request it cannot serve gets ``{"ok": false, "error": …}`` and
changes nothing (the protocol's one refusal, :class:`~mtlearn.core.protocol.Refusal`).
Its requests and answers are typed in :mod:`mtlearn.core.protocol`. Standard library only.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, ClassVar

from ..core.errors import MtlearnError, NotationError
from ..core.notation import normal_line
from ..core.protocol import BoardMessage, HostAnswer, refusal
from ..core.tiles import Tile
from ..core.words import one_line
from ..engine.game import Game
from .session import SessionError

__all__ = ["MAX_HIGHLIGHTS", "SESSION_KINDS", "SessionHost", "register_session_kind",
           "spec_highlights", "spec_message"]

#: The most tiles (or trains) a spec may ask a board to highlight.
MAX_HIGHLIGHTS = 200

def spec_highlights(value: Any, game: Game) -> dict[str, list[str]] | None:
    """``spec.highlights`` of a board checked against its game: null, or ``{"tiles":
    [tile…], "trains": [train…]}`` (SessionError naming the item otherwise)."""
    if value is None:
        return None
    if not isinstance(value, dict) or any(k not in ("tiles", "trains") for k in value):
        raise SessionError("spec.highlights: expected {\"tiles\": [tile…], \"trains\": "
                           f"[train…]}} or null, not {one_line(repr(value))}")
    out: dict[str, list[str]] = {}
    for key, items in value.items():
        if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
            raise SessionError(f"spec.highlights.{key}: expected a list of texts, not "
                               f"{one_line(repr(items))}")
        if len(items) > MAX_HIGHLIGHTS:
            raise SessionError(f"spec.highlights.{key}: {len(items)} items; at most "
                               f"{MAX_HIGHLIGHTS}")
        items = list(items)
        for i, text in enumerate(items):
            where = f"spec.highlights.{key}[{i}]"
            if key == "tiles":
                try:
                    tile = Tile.parse(text)
                except ValueError as e:
                    raise SessionError(f"{where}: {e}") from None
                if tile.high > game.set_max:
                    raise SessionError(f"{where}: {tile} is not a tile of a double-"
                                       f"{game.set_max} set")
            else:               # a train or branch, written as the board writes it
                try:
                    items[i] = normal_line(text, game.n)
                except NotationError as e:
                    raise SessionError(f"{where}: {e}") from None
        out[key] = items
    return out


def spec_message(value: Any) -> BoardMessage | None:
    """``spec.message`` of a board checked: null, or a board message (``kind``, ``text``,
    ``rule``, ``rule_url``, ``bots``; see :mod:`mtlearn.hosts.session`). Only those keys are
    kept."""
    if value is None:
        return None
    where = "spec.message"
    if not isinstance(value, dict):
        raise SessionError(f"{where}: expected a message object or null, not "
                           f"{one_line(repr(value))}")
    kind, text = value.get("kind"), value.get("text")
    if kind not in ("ok", "refusal", "info"):
        raise SessionError(f"{where}.kind: {one_line(repr(kind))} is not ok, refusal or info")
    if not isinstance(text, str):
        raise SessionError(f"{where}.text: expected text, not {one_line(repr(text))}")
    extra: dict[str, str | None] = {}
    for key in ("rule", "rule_url"):
        v = value.get(key)
        if v is not None and not isinstance(v, str):
            raise SessionError(f"{where}.{key}: expected text or null, not {one_line(repr(v))}")
        extra[key] = v
    bots = value.get("bots", [])
    if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots):
        raise SessionError(f"{where}.bots: expected a list of texts, not {one_line(repr(bots))}")
    return {"kind": kind, "text": text, "rule": extra["rule"], "rule_url": extra["rule_url"],
            "bots": list(bots)}


# ---------------------------------------------------------------------- the host

#: Session kinds a :class:`SessionHost` can open, by name: a class with ``from_spec``, or
#: ``"module:Class"`` imported when first opened (so other kinds need no import here).
SESSION_KINDS: dict[str, Any] = {"board": "mtlearn.hosts.session:BoardSession",
                                  "puzzle": "mtlearn.content.puzzles:PuzzleSession",
                                  "trainer": "mtlearn.trainer.trainer_session:TrainerSession"}


def _factory(kind: str) -> Any:
    factory = SESSION_KINDS[kind]
    if isinstance(factory, str):
        import importlib

        module, _, name = factory.partition(":")
        factory = SESSION_KINDS[kind] = getattr(importlib.import_module(module), name)
    return factory


def register_session_kind(name: str, factory: Any) -> None:
    """Let hosts open sessions of ``name``: ``factory.from_spec(spec)`` must return a
    :class:`~mtlearn.hosts.session.Session`; ``factory`` may be ``"module:Class"``, imported
    when first needed. (For puzzles and other kinds of board.)"""
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

    Every answer is one JSON object. A request that cannot be answered gets ``{"ok":
    false, "error": "<one line: what is wrong, and where>"}`` and changes nothing: a
    session that fails to open is not registered, and an intent a session refuses
    leaves it as it was (a session refuses a malformed intent, answered ``ok: false``
    too; a move the rules refuse is ``ok: true`` with the board's refusal message).

    Limits, each refused with ``ok: false`` and the limit in the message:

    * a request is at most :attr:`MAX_REQUEST_CHARS` (2,000,000) characters: a saved
      13-round match is about 31 KB, the largest bundled puzzle about 70 KB;
    * objects and lists nest at most :attr:`MAX_DEPTH` (64) deep (real specs nest 15);
    * at most :attr:`MAX_SESSIONS` (500) sessions are open at once (a book page opens
      one per board or puzzle it plays);
    * JSON's non-standard constants ``NaN``, ``Infinity`` and ``-Infinity`` are refused,
      and so is a number too large for a float (``1e400``), which would read as infinity;
      an integer longer than Python reads (4,300 digits) is refused too.
    """

    MAX_REQUEST_CHARS: ClassVar[int] = 2_000_000
    MAX_DEPTH: ClassVar[int] = 64
    MAX_SESSIONS: ClassVar[int] = 500

    def __init__(self) -> None:
        self.sessions: dict[str, Any] = {}
        self._count = 0

    def request(self, text: str) -> str:
        """Answer one JSON request with JSON text (never raises)."""
        answer: HostAnswer
        try:
            answer = self._answer(self._parse(text))
        except MtlearnError as e:  # SessionError too: a session refusing a malformed intent
            answer = refusal(one_line(str(e), 400))
        except RecursionError:
            answer = refusal("the request nests too deeply to read")
        except Exception as e:  # a backstop: the engine failed on a request it accepted
            answer = refusal(f"internal error in {_op_name(text)}: "
                             f"{type(e).__name__}: {one_line(str(e), 300)}")
        return _dump(answer)

    def _parse(self, text: Any) -> dict[str, Any]:
        """The request object, within the limits (SessionError otherwise)."""
        if not isinstance(text, str):
            raise SessionError(f"a request is JSON text, not {type(text).__name__}")
        if len(text) > self.MAX_REQUEST_CHARS:
            raise SessionError(f"the request is {len(text):,} characters long; the limit is "
                               f"{self.MAX_REQUEST_CHARS:,}")
        if _too_deep(text, self.MAX_DEPTH):
            raise SessionError(f"the request nests more than {self.MAX_DEPTH} levels deep "
                               "(objects and lists inside each other); that is the limit")
        try:
            req = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
        except json.JSONDecodeError as e:
            raise SessionError(f"the request is not valid JSON: {e}") from None
        except ValueError as e:  # a number too long for int(), or a constant refused
            raise SessionError(f"the request is not valid JSON: {one_line(str(e), 200)}") \
                from None
        if not isinstance(req, dict):
            raise SessionError(f"a request must be a JSON object, not {type(req).__name__}")
        if ("\\u" in text or not text.isascii()) and not _encodable(req):
            raise SessionError("the request holds a lone surrogate (half of a character "
                               "pair, such as \\ud800), which is not text; type it again")
        return req

    def _answer(self, req: dict[str, Any]) -> HostAnswer:
        op = req.get("op")
        if op == "open":
            kind = req.get("kind")
            if not isinstance(kind, str) or kind not in SESSION_KINDS:
                raise SessionError(f"open: unknown session kind {one_line(repr(kind))} "
                                   f"(known: {', '.join(SESSION_KINDS)})")
            if len(self.sessions) >= self.MAX_SESSIONS:
                raise SessionError(f"open: {len(self.sessions)} sessions are open, the most "
                                   f"this host keeps; close one first")
            try:
                session = _factory(kind).from_spec(req.get("spec"))
                result = session.state()
            except MtlearnError as e:
                raise SessionError(f"open {kind}: {one_line(str(e), 400)}") from None
            except RecursionError:
                raise SessionError(f"open {kind}: the spec nests too deeply to read") \
                    from None
            except (TypeError, ValueError, KeyError, AttributeError, OverflowError) as e:
                # the spec's kind let a bad value through: still a bad spec, and said so
                raise SessionError(f"open {kind}: the spec is malformed "
                                   f"({type(e).__name__}: {one_line(str(e), 300)})") from None
            new_sid = f"{kind}-{self._count + 1}"
            opened: HostAnswer = {"ok": True, "session": new_sid, "result": result}
            _dump(opened, strict=True)  # an answer that cannot be sent opens nothing
            self._count += 1
            self.sessions[new_sid] = session
            return opened
        if op in ("intent", "close"):
            sid = req.get("session")
            if not isinstance(sid, str) or sid not in self.sessions:
                raise SessionError(f"{op}: no open session {one_line(repr(sid))}")
            if op == "close":
                del self.sessions[sid]
                return {"ok": True}
            return {"ok": True, "result": self.sessions[sid].handle(req.get("intent"))}
        raise SessionError(f"unknown op {one_line(repr(op))}: use open, intent or close")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number (write a finite number)")


def _finite(text: str) -> float:
    """A JSON float, refused when it overflows to infinity (``1e400``)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{one_line(text, 40)} is too large a number (write a finite number)")
    return value


# A string runs to its closing quote or, unterminated, to the end of the text: every
# quote starts a match that never backtracks, so the scan is linear whatever the text.
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.?)*(?:"|$)|[\[\]{}]', re.S)


def _encodable(req: Any) -> bool:
    """Can every string of ``req`` (keys too) be written as UTF-8 (no lone surrogate)?"""
    try:
        json.dumps(req, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _too_deep(text: str, limit: int) -> bool:
    """True if objects and lists nest more than ``limit`` deep in JSON ``text`` (brackets
    inside strings do not count); found without parsing, so that a deep request cannot
    exhaust the stack, and stopping at the first bracket too deep."""
    depth = 0
    for m in _BRACKETS.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > limit:
                return True
        elif c in "]}":
            depth -= 1
    return False


def _op_name(text: Any) -> str:
    """The op and session of a request, for a message about it (best effort)."""
    try:
        req = json.loads(text)
        op, where = req.get("op"), req.get("session") or req.get("kind")
        return f"{op} {where}" if isinstance(op, str) and isinstance(where, str) else "request"
    except Exception:
        return "request"


def _dump(answer: HostAnswer, *, strict: bool = False) -> str:
    """JSON text of an answer; one the JSON standard cannot carry becomes ok:false (or,
    with ``strict``, raises SessionError)."""
    try:
        return json.dumps(answer, separators=(",", ":"), allow_nan=False)
    except (ValueError, TypeError, RecursionError) as e:
        if strict:
            raise SessionError(f"the answer cannot be written as JSON ({one_line(str(e))})") \
                from None
        return json.dumps(refusal("internal error: the answer cannot be written as JSON "
                                  f"({one_line(str(e))})"), separators=(",", ":"))
