"""Notebook boards: :class:`ScenarioPlayer` and :class:`Board` (anywidget).

Both draw the engine's JSON view with the one front-end module (the parts in
``mtlearn/static/js/``, joined by :func:`mtlearn.htmlout.board_js`). In JupyterLab they
are live widgets; each also carries a self-contained ``text/html`` output (the same
module inlined, frames as data, no network), which is what the static book shows.

The Python side owns the rules: the browser only sends intents ("play 5-9 on the
Mexican train", "undo") and draws the view it is given back.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from .bots import Bot, GreedyBot, RandomBot
from .game import Game
from .htmlout import DEFAULT_RULES_URL, board_css, board_js, standalone_html
from .htmlout import rules_url as _rules_url
from .moves import Move
from .scenario import Scenario, get
from .view import describe_move, hidden_turn, view

__all__ = ["DEFAULT_RULES_URL", "Board", "ScenarioPlayer"]

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
        scenario: a :class:`~mtlearn.scenario.Scenario` or the id of a bundled one.
        rules_url: the rules reference page that rule ids link to.
    """

    kind = traitlets.Unicode("scenario").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    frames = traitlets.List().tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    rules_url = traitlets.Unicode(DEFAULT_RULES_URL).tag(sync=True)

    def __init__(self, scenario: Scenario | str, *, rules_url: str | None = None,
                 **kwargs: Any) -> None:
        sc = get(scenario) if isinstance(scenario, str) else scenario
        self.scenario = sc
        super().__init__(title=sc.title, frames=sc.frames(), index=0,
                         rules_url=rules_url or _rules_url(), **kwargs)

    @traitlets.validate("index")
    def _valid_index(self, proposal: Any) -> int:
        return max(0, min(int(proposal["value"]), len(self.frames) - 1))

    def _static_state(self) -> dict[str, Any]:
        return {"title": self.title, "frames": self.frames, "index": self.index,
                "rules_url": self.rules_url}


class Board(_Base):
    """A live board: the learner clicks a tile, then a train (or Draw / Pass).

    Python checks each move with the engine and either plays it or shows the
    refusal with its rule id. Seats listed in ``bots`` are played by the computer
    after each human move.

    Args:
        game: the game to show and play (it is changed in place).
        bots: ``{seat: bot}`` for computer players; ``"greedy"`` / ``"random"`` name
            the built-in bots.
        perspective: a seat whose hand alone is shown (None shows every hand).
        show_legal: mark the legal moves from the start.
        rules_url: the rules reference page that rule ids link to.
    """

    view = traitlets.Dict().tag(sync=True)
    message = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    show_legal = traitlets.Bool(False).tag(sync=True)
    rules_url = traitlets.Unicode(DEFAULT_RULES_URL).tag(sync=True)

    def __init__(self, game: Game | None = None, *, bots: dict[int, Bot | str] | None = None,
                 perspective: int | None = None, show_legal: bool = False,
                 highlights: dict[str, list[str]] | None = None,
                 rules_url: str | None = None, **kwargs: Any) -> None:
        self.game = game if game is not None else Game.new(4)
        self.bots: dict[int, Bot] = {}
        for seat, bot in (bots or {}).items():
            if not isinstance(seat, int) or not 0 <= seat < self.game.n:
                raise ValueError(f"bots: {seat!r} is not a seat of this game "
                                 f"(0 to {self.game.n - 1})")
            self.bots[seat] = _bot(bot)
        if perspective is not None and not 0 <= perspective < self.game.n:
            raise ValueError(f"perspective: {perspective!r} is not a seat of this game")
        self.perspective = perspective
        self.highlights = highlights
        super().__init__(show_legal=show_legal, rules_url=rules_url or _rules_url(), **kwargs)
        self.on_msg(self._on_msg)
        self._run_bots()
        self.refresh()

    # -- python API -----------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the game (call after changing the game from Python)."""
        self.view = view(self.game, perspective=self.perspective,
                         highlights=self.highlights, verdicts=True)

    def play(self, move: Move | str) -> bool:
        """Try a move as the learner would: True if played, else the refusal is shown."""
        if hidden_turn(self.game, self.perspective):
            name = self.game.players[self.game.current]
            self.message = {"kind": "info", "text": f"It is {name}'s turn, and {name}'s tiles "
                            f"are hidden on this board.", "rule": None, "rule_url": None}
            return False
        verdict = self.game.explain(move)
        if not verdict.legal or verdict.move is None:
            self.message = {"kind": "refusal", "text": verdict.text, "rule": verdict.rule,
                            "rule_url": None}
            return False
        seat = self.game.current
        applied = self.game.push(verdict.move)
        said = f"{self.game.players[seat]}: {describe_move(self.game, applied)}."
        said += self._run_bots()
        self.message = {"kind": "ok", "text": said, "rule": verdict.rule, "rule_url": None}
        self.refresh()
        return True

    def undo(self) -> bool:
        """Take back the last move (and the bots' replies), if any."""
        if not self.game.history:
            self.message = {"kind": "info", "text": "Nothing to undo: this is the start of the "
                            "round.", "rule": None, "rule_url": None}
            return False
        self.game.pop()
        while self.game.history and self.game.current in self.bots:
            self.game.pop()
        self.message = {"kind": "info", "text": "Move taken back.", "rule": None,
                        "rule_url": None}
        self.refresh()
        return True

    def _run_bots(self, game: Game | None = None) -> str:
        g = self.game if game is None else game
        said = []
        while not g.over and g.current in self.bots:
            seat = g.current
            m = g.push(self.bots[seat].choose(g))
            said.append(f"{g.players[seat]}: {describe_move(g, m)}.")
        return (" " + " ".join(said)) if said else ""

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        action = content.get("action")
        if action == "move":
            self.play(str(content.get("move", "")))
        elif action in ("draw", "pass"):
            self.play(action)
        elif action == "undo":
            self.undo()

    def _static_state(self) -> dict[str, Any]:
        # One move deep: the position after each legal move (and the bots' replies), so
        # a page without a kernel can play a move, explain the next one, and undo.
        successors = {}
        hidden = hidden_turn(self.game, self.perspective)
        for move in () if hidden else self.game.legal_moves:
            g = self.game.copy()
            g.push(move)
            self._run_bots(g)
            successors[str(move)] = view(g, perspective=self.perspective, verdicts=True)
        return {"view": self.view, "message": self.message, "show_legal": self.show_legal,
                "rules_url": self.rules_url, "successors": successors}


def _bot(bot: Bot | str) -> Bot:
    if isinstance(bot, str):
        if bot == "greedy":
            return GreedyBot()
        if bot == "random":
            return RandomBot()
        raise ValueError(f"unknown bot {bot!r}: use 'greedy', 'random' or a Bot object")
    return bot
