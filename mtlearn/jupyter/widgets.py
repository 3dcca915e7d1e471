"""Notebook boards: :class:`ScenarioPlayer`, :class:`Board` and :class:`Puzzle` (anywidget).

All draw the engine's JSON view with the one front-end module (the ES modules of
``mtlearn/static/js/``, bundled by :func:`mtlearn.present.htmlout.board_js`). In JupyterLab they
are live widgets; each also carries a self-contained ``text/html`` output (the same
module inlined, frames as data, no network), which is what the static book shows.

The Python side owns the rules: the browser only sends intents ("play 5-9 on the
Mexican train", "undo") and draws the view it is given back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

try:
    import anywidget
    import traitlets
except ImportError as e:  # anywidget (and the traitlets it brings) is the jupyter extra
    raise ImportError("the notebook boards need anywidget: "
                      'pip install "mexican-train-learn[jupyter]"', name=e.name) from e

from ..content.puzzles import Puzzle as PuzzleData
from ..content.scenario import Scenario, get
from ..core.errors import SessionError
from ..core.moves import Move
from ..core.protocol import BoardAnswer, refusal
from ..engine.game import Game
from ..hosts.pages import board_state
from ..hosts.session import BoardSession
from ..play.bots import Bot
from ..present.htmlout import DEFAULT_RULES_URL, board_css, board_js, standalone_html
from ..present.htmlout import rules_url as _rules_url

__all__ = ["DEFAULT_RULES_URL", "Board", "Puzzle", "PuzzleSet", "ScenarioPlayer"]

#: The type of a synced trait that holds a JSON object or None.
_OptionalDict = traitlets.TraitType[dict[str, Any] | None, dict[str, Any] | None]


def _dict_or_none() -> _OptionalDict:
    """A synced ``Dict`` trait that may be None (its default). traitlets' annotations give
    ``Dict`` no ``allow_none`` form, so the type is stated here once."""
    return cast(_OptionalDict, traitlets.Dict(allow_none=True, default_value=None).tag(sync=True))

class _Base(anywidget.AnyWidget):
    _esm = board_js()
    _css = board_css()
    kind = traitlets.Unicode("board").tag(sync=True)

    def _static_state(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_html(self) -> str:
        """The self-contained HTML of this board (no kernel, no network needed)."""
        return standalone_html(self.kind, self._static_state())

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/html"] = self.to_html()
        return bundle


class ScenarioPlayer(_Base):
    """Steps through a scripted scenario: first / previous / next / last, ←/→ keys.

    Every frame is computed in Python by replaying the scenario through the engine,
    and sent once; stepping happens in the browser.

    Args:
        scenario: a :class:`~mtlearn.content.scenario.Scenario` or the id of a bundled one.
        rules_url: the rules reference page that rule ids link to.
    """

    kind = traitlets.Unicode("scenario").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    scenario_id = traitlets.Unicode("").tag(sync=True)
    frames = traitlets.List[dict[str, Any]]().tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    rules_url = traitlets.Unicode(DEFAULT_RULES_URL).tag(sync=True)

    def __init__(self, scenario: Scenario | str, *, rules_url: str | None = None,
                 **kwargs: Any) -> None:
        sc = get(scenario) if isinstance(scenario, str) else scenario
        self.scenario = sc
        super().__init__(title=sc.title, scenario_id=sc.id, frames=sc.frames(), index=0,
                         rules_url=rules_url or _rules_url(), **kwargs)

    @traitlets.validate("index")
    def _valid_index(self, proposal: Any) -> int:
        return max(0, min(int(proposal["value"]), len(self.frames) - 1))

    def _static_state(self) -> dict[str, Any]:
        return {"title": self.title, "scenario_id": self.scenario_id, "frames": self.frames,
                "index": self.index, "rules_url": self.rules_url}



def _keep_own_puzzle(record: dict[str, Any]) -> str:
    """Keep a mistake saved as a puzzle in the learner's trainer file (the Trainer widget
    serves it next); what the learner reads."""
    from .trainer_widget import keep_own_puzzle

    return keep_own_puzzle(record)


class Board(_Base):
    """A live board: the learner clicks a tile, then a train (or Draw / Pass).

    Python checks each move with the engine and either plays it or shows the
    refusal with its rule id. Seats listed in ``bots`` are played by the computer
    after each human move, and their moves are told in the message. At the end of a
    round the board shows the scores and offers the next round; at the end of the
    match, the standings and a new match; New game chooses the table.

    What the board does with each click is a :class:`~mtlearn.hosts.session.BoardSession`:
    the book's in-page engine runs the same class, so both give the same views.

    Args:
        game: the game to show and play (it is changed in place).
        bots: ``{player: bot}`` for computer players: a player is a name (``"Ben"``) or a
            seat number counted from 0; ``"planner"``, ``"greedy"`` and ``"random"``
            name the built-in bots.
        perspective: the player (name or seat from 0) whose hand alone is shown; None
            shows every hand.
        show_legal: mark the legal moves from the start.
        rules_url: the rules reference page that rule ids link to.
        steps: checked "Try it" steps: the name of a step file of ``mtlearn/steps/``
            (``"ch4-private-or-public"``) or a list of names. The board shows them as a
            checklist, ticks each one when the engine sees it done, and gives stars once
            all are done (:mod:`mtlearn.content.steps`).
    """

    view = traitlets.Dict().tag(sync=True)
    message = _dict_or_none()
    show_legal = traitlets.Bool(False).tag(sync=True)
    rules_url = traitlets.Unicode(DEFAULT_RULES_URL).tag(sync=True)
    #: the round's review once asked for (:mod:`mtlearn.hosts.session_review`), else None
    review = _dict_or_none()

    def __init__(self, game: Game | None = None, *,
                 bots: dict[int | str, Bot | str] | None = None,
                 perspective: int | str | None = None, show_legal: bool = False,
                 highlights: dict[str, list[str]] | None = None,
                 rules_url: str | None = None, steps: str | list[str] | None = None,
                 **kwargs: Any) -> None:
        self.session = BoardSession(game, bots=bots, perspective=perspective,
                                    highlights=highlights, steps=steps)
        # "Save as a puzzle" in a round's review: into the trainer's file
        self.session.reviews.on_save = _keep_own_puzzle
        super().__init__(show_legal=show_legal, rules_url=rules_url or _rules_url(), **kwargs)
        self.on_msg(self._on_msg)
        self._show(self.session.state())

    @property
    def game(self) -> Game:
        """The game on the board (a new match or New game replaces it)."""
        return self.session.game

    @property
    def bots(self) -> dict[int, Bot]:
        """The computer players, by seat."""
        return self.session.bots

    @property
    def perspective(self) -> int | None:
        """The seat whose hand alone is shown while a round is played, or None."""
        return self.session.perspective

    # -- python API -----------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the game (call after changing the game from Python)."""
        self.view = cast("dict[str, Any]", self.session.view())

    def send_intent(self, intent: Any) -> BoardAnswer:
        """Act as if the front end sent ``intent`` (see :mod:`mtlearn.hosts.session`)."""
        result = self.session.handle(intent)
        self._show(result)
        return result

    def play(self, move: Move | str) -> bool:
        """Try a move as the learner would: True if played, else the refusal is shown."""
        done = self.session.play(move)
        self._show(self.session.state())
        return done

    def undo(self) -> bool:
        """Take back the learner's last move (and the bots' replies), if any."""
        done = self.session.undo()
        self._show(self.session.state())
        return done

    def next_round(self) -> bool:
        """Deal the next round once this one is over."""
        done = self.session.next_round()
        self._show(self.session.state())
        return done

    def _show(self, result: BoardAnswer) -> None:
        self.message = cast("dict[str, Any] | None", result["message"])
        self.review = cast("dict[str, Any] | None", result.get("review"))
        self.view = cast("dict[str, Any]", result["view"])

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.send_intent(content)
        except SessionError as e:  # the protocol's one refusal, as a custom message
            self.send(refusal(str(e)))

    def _static_state(self) -> dict[str, Any]:
        # The session for the in-page engine and one move deep of stored answers.
        return board_state(self.session, message=self.message, show_legal=self.show_legal,
                           rules_url=self.rules_url)


class Puzzle(_Base):
    """A puzzle: a question about a position, judged by the engine, with hints and stars.

    In JupyterLab every answer goes to the kernel (a
    :class:`~mtlearn.content.puzzles.PuzzleSession`), and progress is saved in a small JSON
    file in the Jupyter data directory (:func:`mtlearn.content.puzzles.progress_path`). The
    static HTML (the book) carries every answer precomputed by the engine and keeps progress
    in the browser's localStorage.

    Args:
        puzzle: a :class:`~mtlearn.content.puzzles.Puzzle` or the id of a bundled one.
        rules_url: the rules reference page that rule ids link to.
        progress_file: where to keep progress (default: the Jupyter data directory).
    """

    kind = traitlets.Unicode("puzzle").tag(sync=True)
    puzzle = traitlets.Dict().tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    feedback = _dict_or_none()
    solution = _dict_or_none()
    progress = _dict_or_none()
    storage = traitlets.Unicode("kernel").tag(sync=True)
    rules_url = traitlets.Unicode(DEFAULT_RULES_URL).tag(sync=True)

    def __init__(self, puzzle: PuzzleData | str, *, rules_url: str | None = None,
                 progress_file: str | Path | None = None, **kwargs: Any) -> None:
        from ..content.puzzles import PuzzleSession, read_progress
        from ..content.puzzles import get as get_puzzle

        p = get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
        self.data = p
        self.session = PuzzleSession(p)
        self.progress_file = Path(progress_file) if progress_file else None
        rec = read_progress(self.progress_file).get(p.id)
        super().__init__(puzzle=p.info(), view=p.view(), progress=rec,
                         rules_url=rules_url or _rules_url(), **kwargs)
        self.on_msg(self._on_msg)

    # -- python API -----------------------------------------------------------------
    def answer(self, value: Any) -> dict[str, Any] | None:
        """Answer as the learner would (a move, list of moves, name, number or tiles).

        Returns the feedback shown (status, text, rule). For a sequence puzzle each
        call plays one more move.
        """
        action = "move" if self.data.goal_kind.move_by_move else "answer"
        key = "move" if action == "move" else "answer"
        self._apply(self.session.handle({"action": action, key: value}))
        return self.feedback

    def reset_progress(self) -> None:
        """Forget this puzzle's saved progress."""
        from ..content.puzzles import write_progress

        write_progress(self.data.id, None, self.progress_file)
        self.progress = None

    def _apply(self, changes: dict[str, Any]) -> None:
        for key, value in changes.items():
            setattr(self, key, value)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        from ..content.puzzles import write_progress

        action = content.get("action") if isinstance(content, dict) else None
        if action == "progress" and isinstance(content.get("record"), dict):
            self.progress = write_progress(self.data.id, content["record"], self.progress_file)
        elif action == "reset":
            self.reset_progress()
        else:
            try:
                self._apply(self.session.handle(content))
            except SessionError as e:  # the protocol's one refusal, as a custom message
                self.send(refusal(str(e)))

    def _static_state(self) -> dict[str, Any]:
        state = self.data.state()
        state["rules_url"] = self.rules_url
        return state


class PuzzleSet(Puzzle):
    """Several puzzles in one widget, one at a time: a list with the learner's stars,
    Previous / Next. What ``tutorials/puzzles.md`` shows, one set per family.

    Args:
        puzzles: a family name (``"doubles"``…: every bundled puzzle of that family, easy
            to hard) or a list of puzzles or bundled puzzle ids.
        title: the set's name (default: the family's title).
        rules_url, progress_file: as for :class:`Puzzle`.
    """

    set = traitlets.List[dict[str, Any]]().tag(sync=True)
    set_title = traitlets.Unicode("").tag(sync=True)
    set_progress = traitlets.Dict().tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)

    def __init__(self, puzzles: str | list[PuzzleData | str], *, title: str | None = None,
                 rules_url: str | None = None, progress_file: str | Path | None = None,
                 **kwargs: Any) -> None:
        from ..content.puzzles import FAMILIES, bundled, read_progress
        from ..content.puzzles import get as get_puzzle

        if isinstance(puzzles, str):
            if puzzles not in FAMILIES:
                raise ValueError(f"{puzzles!r} is not a puzzle family "
                                 f"({', '.join(FAMILIES)}); or give a list of puzzles")
            items = [p for p in bundled() if p.family == puzzles]
            title = title or FAMILIES[puzzles]
        else:
            items = [get_puzzle(p) if isinstance(p, str) else p for p in puzzles]
        if not items:
            raise ValueError("a puzzle set needs at least one puzzle")
        self.items = items
        super().__init__(items[0], rules_url=rules_url, progress_file=progress_file, **kwargs)
        recs = read_progress(self.progress_file)
        self.set = [{"id": p.id, "title": p.title, "level": p.level, "kind": p.kind}
                    for p in items]
        self.set_title = title or "Puzzles"
        self.set_progress = {p.id: recs[p.id] for p in items if p.id in recs}

    def goto(self, index: int) -> None:
        """Show the puzzle at ``index`` (0-based) of the set, from a fresh start."""
        from ..content.puzzles import PuzzleSession, read_progress

        if not 0 <= index < len(self.items):
            raise IndexError(f"this set has puzzles 0 to {len(self.items) - 1}")
        p = self.items[index]
        self.data = p
        self.session = PuzzleSession(p)
        self.solution = None
        self.feedback = None
        self.view = cast("dict[str, Any]", p.view())
        self.progress = read_progress(self.progress_file).get(p.id)
        self.index = index
        self.puzzle = p.info()

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict) and content.get("action") == "goto":
            try:
                self.goto(int(content.get("index", -1)))
            except (IndexError, TypeError, ValueError):
                pass
            return
        super()._on_msg(widget, content, buffers)
        if isinstance(content, dict) and content.get("action") in ("progress", "reset"):
            recs = dict(self.set_progress)
            if self.progress:
                recs[self.data.id] = self.progress
            else:
                recs.pop(self.data.id, None)
            self.set_progress = recs

    def _static_state(self) -> dict[str, Any]:
        items = [p.state() for p in self.items]
        first = items[self.index]
        return {"items": items, "index": self.index, "set": self.set,
                "set_title": self.set_title, "puzzle": first["puzzle"],
                "view": first["view"], "rules_url": self.rules_url}
