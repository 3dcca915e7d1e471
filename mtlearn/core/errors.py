"""Exceptions raised by mtlearn.

Every error is a :class:`ValueError` subclass, so ``except ValueError`` catches
them all, and each carries a message written for a learner or a scenario author.
"""

from __future__ import annotations

__all__ = [
    "GameFileError",
    "IllegalMoveError",
    "MtlearnError",
    "NotSupportedError",
    "NotationError",
    "PositionError",
    "RulesError",
]


class MtlearnError(ValueError):
    """Base class of every mtlearn error."""


class IllegalMoveError(MtlearnError):
    """A move the rules refuse.

    ``rule`` is the rule id (``"R-MARK-1"``), ``reason`` the plain sentence that
    explains the refusal (without the rule id), and ``move`` the refused move; the
    message (``str(error)``) is the sentence with its rule id, as in
    :attr:`Verdict.text <mtlearn.Verdict.text>`. ``suggests`` holds the legal
    moves the sentence proposes instead. The game is untouched.
    """

    def __init__(self, move: object, rule: str, reason: str,
                 suggests: tuple[object, ...] = ()) -> None:
        body = reason[:-1] if reason.endswith(".") else reason
        super().__init__(f"{body} ({rule}).")
        self.move = move
        self.rule = rule
        self.reason = reason
        self.suggests = suggests


class NotationError(MtlearnError):
    """Text that is not a seat, train, branch or move of the notation
    (:mod:`mtlearn.core.notation`); the message quotes it and says what to write."""


class RulesError(MtlearnError):
    """An unknown rules option, preset or option value."""


class NotSupportedError(RulesError):
    """A named variant that the engine does not implement yet."""


class PositionError(MtlearnError):
    """A position (dict or JSON) that is malformed or inconsistent.

    ``where`` names the field (for example ``"hands[2][3]"``).
    """

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem


class GameFileError(MtlearnError):
    """A saved game that cannot be read back (bad JSON, missing field, bad move).

    ``source`` names the file, ``where`` the field (for example
    ``"rounds[0].moves[7]"``, empty for the file as a whole) and ``problem`` says
    what is wrong with it.
    """

    def __init__(self, source: str, where: str, problem: str) -> None:
        loc = f"{source}: {where}" if where else source
        super().__init__(f"{loc}: {problem}")
        self.source = source
        self.where = where
        self.problem = problem


class SessionError(MtlearnError):
    """A malformed intent or session description (names what is wrong); a board or
    puzzle session answers it as a message, the session host as ``{"ok": false}``."""
