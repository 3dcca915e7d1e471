"""The ``move`` goal kind: play one move (a tile on a train, draw or pass) that meets the goal.

The goal is a set of conditions on the move and the position after it (cover the open
double, shed the most pips, play on a given train …); :func:`goal_moves` checks them and
says in words which one a legal move misses. The ``sequence`` kind
(:mod:`mtlearn.content.goals.sequence_goal`) checks a whole turn with the same conditions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.notation import train_code
from ...core.protocol import View
from ...engine.game import Game
from ...play.plan import longest_train
from ...present.view import describe_move
from ..fields import plural, short
from .goal_kind import (
    Feedback,
    GoalKind,
    GoalReader,
    describe_moves,
    move_highlights,
    move_table,
    move_text,
    player_name,
    register,
    seat_of,
    train_key,
)

if TYPE_CHECKING:
    from ...core.moves import Move
    from ..puzzle_record import Puzzle

__all__ = ["MoveKind", "goal_moves"]

#: The conditions a move (or a turn of moves) may be asked to meet.
CONDITIONS = {"covers_double", "most_pips", "on_train", "keeps_plan", "move_kind",
              "plays", "turn_over", "markers", "open_doubles", "goes_out"}
_BOOLEAN = {"covers_double", "most_pips", "keeps_plan", "turn_over", "goes_out"}
_MOVE_KINDS = {"play", "draw", "pass", "uno", "end"}
#: Most tiles a ``plays:`` goal may ask for (no hand holds more).
MAX_PLAYS = 50


@register
class MoveKind(GoalKind):
    """Play one move; the answer is its notation (``"12-5@M"``, ``"draw"``, ``"pass"``)."""

    name = "move"
    summary = "play one move (a tile on a train, draw or pass)"
    widget = "board-move"

    def read_conditions(self, r: GoalReader) -> None:
        r.known(CONDITIONS)
        game, f = r.game, r.f
        if game.over:
            raise r.fail(("position",), "the round is over: nobody can move")
        hand = len(game.hand(game.current))
        for k, v in r.goal.items():
            path = ("goal", k)
            if k in _BOOLEAN:
                r.out[k] = f.boolean(v, path)
            elif k == "plays":
                r.out[k] = f.whole(v, path, 1, min(hand + 1, MAX_PLAYS),
                                   f"the player to play holds {plural(hand, 'tile')}")
            elif k == "move_kind":
                r.out[k] = f.choice(v, path, _MOVE_KINDS)
            elif k == "on_train":
                if v != "own":
                    _train(r, v, path, "own, M or a seat number, not {}")
                r.out[k] = v
            elif k == "markers":
                if not isinstance(v, list):
                    raise r.fail(path, "a list of players (names or seat numbers)")
                for i, x in enumerate(v):
                    try:
                        seat_of(game, x)
                    except ValueError as e:
                        raise r.fail((*path, i), str(e)) from None
                r.out[k] = list(v)
            elif k == "open_doubles":
                if not isinstance(v, list):
                    raise r.fail(path, "a list of trains (M or seat numbers)")
                for i, x in enumerate(v):
                    _train(r, x, (*path, i), "M or a seat number, not {}")
                r.out[k] = list(v)

    def judge(self, p: Puzzle, answer: Any) -> Feedback:
        g = p.start()
        v = g.explain(move_text(answer))
        if not v.legal or v.move is None:
            return Feedback("illegal", v.text, v.rule)
        before = g.copy()
        g.push(v.move)
        return goal_moves(p, before, [v.move], g, shown=_is_shown(p, before, v.move))

    def solutions(self, p: Puzzle, limit: int) -> list[Any]:
        return [str(m) for m in p.start().legal_moves if p.judge(str(m)).status == "right"]

    def stored_answers(self, p: Puzzle, max_nodes: int) -> dict[str, Any]:
        """move -> feedback for each hand tile on each train, draw and pass (with the
        board after the right move)."""
        return {"moves": move_table(p, p.start(), None, [max_nodes])}


    def stored_disagreements(self, p: Puzzle, stored: dict[str, Any]) -> list[str]:
        out = [f"{move}: stored {entry['fb']}, the engine says {fb}"
               for move, entry in stored["moves"].items()
               if entry["fb"] != (fb := p.judge(move).to_dict())]
        if not any(e["fb"]["status"] == "right" for e in stored["moves"].values()):
            out.append("no stored answer is right: a page without an engine rejects them all")
        return out

    def answer_text(self, p: Puzzle) -> str:
        return describe_moves(p, p.answer, play=True)

    def example_moves(self, p: Puzzle) -> list[str]:
        a = p.answer
        return [move_text(x) for x in ([a] if isinstance(a, str) else list(a))]

    def example_frames(self, p: Puzzle) -> list[View]:
        g = p.start()
        frames = []
        for a in self.example_moves(p):
            m = g.push(a)
            frames.append(p.view(g, highlights=move_highlights(m)))
        return frames

    def answer_view(self, p: Puzzle, answer: Any, fb: Feedback) -> View | None:
        """The right move, played."""
        return p.after_view([str(answer)]) if fb.status == "right" else None


def _train(r: GoalReader, v: Any, path: tuple[Any, ...], wrong_type: str) -> None:
    if isinstance(v, bool) or not isinstance(v, (str, int)):
        raise r.fail(path, wrong_type.format(short(v)))
    try:
        train_key(v, r.game.n)
    except ValueError as e:
        raise r.fail(path, str(e)) from None


def _is_shown(p: Puzzle, before: Game, move: Move) -> bool:
    """Whether ``move`` is the puzzle's shown answer (or that answer cannot be read, as
    while a puzzle file with a wrong answer is checked)."""
    try:
        shown = before.explain(move_text(p.answer))
    except (ValueError, TypeError):
        return True
    return not shown.legal or shown.move is None or shown.move == move


def goal_moves(p: Puzzle, before: Game, moves: list[Move], after: Game, *,
               shown: bool = True) -> Feedback:
    """The verdict on legal ``moves`` played from ``before`` (giving ``after``): right, or
    wrong with the words of the first condition of the goal they miss. A right answer that
    is not the one the puzzle shows (``shown`` False) is told the engine's own reason for
    it, not the puzzle's explanation, which speaks of the shown answer's tile (review 11:
    "3-7 on Ben's train" answered with why 3-1 was right)."""
    seat = before.current
    name = player_name(p, seat)
    plays = [m for m in moves if m.kind == "play"]
    said = "; ".join(d if i == 0 else d[0].lower() + d[1:]
                     for i, d in enumerate(describe_move(before, m) for m in moves))
    for key, want in p.goal.items():
        miss = _miss(p, key, want, before, plays, moves, after, seat, name)
        if miss:
            return Feedback("wrong", f"{said}: legal, but {miss}.", None)
    if not shown:
        why = " ".join(before.explain(m).text for m in plays) or p.explain
        other = describe_moves(p, p.answer, play=True).rstrip(".")
        return Feedback("right", f"{said}. {why} Another right answer: "
                                 f"{other[:1].lower()}{other[1:]}.")
    return Feedback("right", f"{said}. {p.explain}".strip())


def _miss(p: Puzzle, key: str, want: Any, before: Game, plays: list[Move],
          moves: list[Move], after: Game, seat: int, name: str) -> str | None:
    """What the moves miss of one condition of the goal, or None."""
    miss = None
    if key == "covers_double" and want:
        open_now = after.open_double_trains
        if open_now:
            k = open_now[0]
            d = after.train(k).open_end
            miss = f"it leaves the {d}-{d} on {after.train_label(k)} uncovered (R-DBL-3)"
    elif key == "most_pips" and want:
        val = before.rules.tile_value
        got = sum(val(m.tile.high, m.tile.low) for m in plays if m.tile is not None)
        best = max((m for m in before.legal_moves if m.kind == "play"),
                   key=lambda m: val(m.tile.high, m.tile.low) if m.tile else -1,
                   default=None)
        if best is not None and best.tile is not None and \
                val(best.tile.high, best.tile.low) > got:
            miss = (f"{best.tile} sheds {val(best.tile.high, best.tile.low)} points, "
                    f"more than {got}; heavy tiles cost the most if they are still "
                    f"in your hand when the round ends (R-SCORE-1)")
    elif key == "on_train":
        target = seat if want == "own" else train_key(want, before.n)
        off = [m for m in plays if m.train != target]
        if off or not plays:
            miss = f"the goal is a tile on {before.train_label(target)}"
    elif key == "keeps_plan" and want:
        own = before.train(seat)
        plan = longest_train(before.hand(seat), own.open_end)
        used = [m for m in plays if m.tile in plan.tiles and m.train != seat]
        if used:
            t = used[0].tile
            chain = " ".join(f"{a}-{x.other(a)}" for x, a in plan.chain)
            miss = (f"{t} belongs to {name}'s planned train from {own.open_end} "
                    f"({chain}); play a spare tile elsewhere and keep the plan "
                    f"(R-PLAN-1)")
    elif key == "move_kind":
        kinds = [m.kind for m in moves]
        if want not in kinds:
            word = {"play": "play a tile", "draw": "draw", "pass": "pass"}.get(
                str(want), str(want))
            miss = f"the goal is to {word} here"
    elif key == "plays":
        if len(plays) < int(want):
            miss = (f"{name} played {plural(len(plays), 'tile')} and can lay "
                    f"{int(want)} this turn")
    elif key == "goes_out" and want:
        if not (after.over and after.out == seat):
            left = after.hand(seat)
            miss = (f"{name} still holds {plural(len(left), 'tile')} ("
                    + ", ".join(str(t) for t in left) + "): the goal is to go out "
                    "this turn, which ends the round (R-END-1)")
    elif key == "turn_over" and want:
        if not after.over and after.current == seat:
            miss = f"{name}'s turn is not over yet"
    elif key == "markers":
        seats = sorted(seat_of(p.game, x) for x in want)
        actual = [i for i in range(after.n) if after.train(i).marker]
        if seats != actual:
            names = ", ".join(after.players[i] for i in actual) or "nobody"
            miss = f"afterwards the trains with a marker are: {names}"
    elif key == "open_doubles":
        codes = [train_code(k) for k in after.open_double_trains]
        if [str(x) for x in want] != codes:
            miss = ("afterwards a double is still open on " +
                    ", ".join(after.train_label(train_key(c, after.n))
                              for c in codes)) if codes else \
                "afterwards no double is left open"
    return miss
