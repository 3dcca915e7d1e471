"""Judging a puzzle's answers: the goal checks, the engine's truth and the feedback texts.

A puzzle's goal is a predicate evaluated by the engine, never a list of right answers.
``judge`` plays or checks an answer on a copy of the puzzle's position and returns a
:class:`~mtlearn.content.puzzles.Feedback`: right, wrong (legal, but it misses the goal, and the
words say how), illegal (the engine's refusal and rule id), a sequence to continue, or not
an answer at all. ``truth`` is what the engine says for choose, number and plan puzzles;
``solutions`` searches for answers that meet a goal (used to prove a puzzle file).
:class:`~mtlearn.content.puzzles.Puzzle` offers these as its methods.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.moves import MEXICAN, Move
from ..core.notation import parse_seat, parse_train, train_code
from ..core.tiles import Tile
from ..engine.game import Game
from ..play.plan import longest_train
from ..present.view import describe_move
from .fields import plain_dashes, plural, short

if TYPE_CHECKING:
    from .puzzle_record import Puzzle

__all__ = ["Feedback", "after_goal", "all_moves_verdict", "goal_start", "judge", "judge_plan",
           "misfit", "move_text", "options", "plan_short_text", "seat_of", "solutions",
           "train_key", "truth", "whole_number"]


@dataclass(frozen=True)
class Feedback:
    """The judgement of an answer.

    ``status`` is ``"right"``, ``"wrong"`` (legal but misses the goal), ``"illegal"``
    (refused by the engine, with its ``rule``), ``"continue"`` (a sequence that is not
    finished yet) or ``"invalid"`` (not an answer to this question at all).
    """

    status: str
    text: str
    rule: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form, as the front end reads it."""
        return {"status": self.status, "text": self.text, "rule": self.rule}


def _name(p: Puzzle, seat: int) -> str:
    return p.game.players[seat]


def after_goal(p: Puzzle, game: Game) -> Game:
    """A copy of ``game`` after the moves the goal plays before its question (``after``)."""
    g = game.copy()
    for m in p.goal.get("after", []):
        g.push(m)
    return g


# ---------------------------------------------------------------------- judging
def judge(p: Puzzle, answer: Any) -> Feedback:
    """Judge a complete answer to ``p`` (its shape: :data:`mtlearn.content.puzzles.KINDS`)."""
    try:
        return _JUDGES[p.kind](p, answer)
    except (TypeError, ValueError) as e:
        return Feedback("invalid", f"That is not an answer to this question: {e}")


def _judge_move(p: Puzzle, answer: Any) -> Feedback:
    g = p.start()
    v = g.explain(move_text(answer))
    if not v.legal or v.move is None:
        return Feedback("illegal", v.text, v.rule)
    before = g.copy()
    g.push(v.move)
    return _goal_moves(p, before, [v.move], g)


def _judge_sequence(p: Puzzle, answer: Any) -> Feedback:
    if isinstance(answer, str):
        answer = [answer]
    if not isinstance(answer, list) or not answer:
        raise ValueError("a sequence is a list of moves")
    g = p.start()
    before = g.copy()
    seat = g.current
    played: list[Move] = []
    for a in answer:
        if g.over or g.current != seat:
            return Feedback("invalid", "The turn is already over: no more moves.")
        v = g.explain(move_text(a))
        if not v.legal or v.move is None:
            return Feedback("illegal", v.text, v.rule)
        g.push(v.move)
        played.append(v.move)
    if not g.over and g.current == seat:
        return Feedback("continue", f"{describe_move(before, played[-1])}. "
                        f"{_name(p, seat)} plays again: carry on.")
    return _goal_moves(p, before, played, g)


def _goal_moves(p: Puzzle, before: Game, moves: list[Move], after: Game) -> Feedback:
    seat = before.current
    name = _name(p, seat)
    plays = [m for m in moves if m.kind == "play"]
    said = "; ".join(d if i == 0 else d[0].lower() + d[1:]
                     for i, d in enumerate(describe_move(before, m) for m in moves))
    for key, want in p.goal.items():
        miss = None
        if key == "covers_double" and want:
            open_now = after.open_double_trains
            if open_now:
                k = open_now[0]
                d = after.train(k).open_end
                miss = (f"it leaves the {d}-{d} on {after.train_label(k)} uncovered "
                        f"(R-DBL-3)")
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
        if miss:
            return Feedback("wrong", f"{said}: legal, but {miss}.", None)
    return Feedback("right", f"{said}. {p.explain}".strip())


def _judge_all_moves(p: Puzzle, answer: Any) -> Feedback:
    if isinstance(answer, str):
        answer = [answer]
    if not isinstance(answer, list):
        raise ValueError("list the moves")
    g = p.start()
    chosen: list[Move] = []
    for a in answer:
        v = g.explain(move_text(a))
        if not v.legal or v.move is None:
            return Feedback("illegal", v.text, v.rule)
        if v.move not in chosen:
            chosen.append(v.move)
    return all_moves_verdict(p, g, len(chosen))


def all_moves_verdict(p: Puzzle, g: Game, found: int) -> Feedback:
    """The verdict on ``found`` different legal moves listed for the position ``g``."""
    legal = list(g.legal_moves)
    if found < len(legal):
        k = len(legal) - found
        return Feedback("wrong", f"All legal, but {k} more legal move"
                        f"{'s are' if k > 1 else ' is'} missing: look at every train "
                        f"that is open to {_name(p, g.current)} (R-TURN-1).")
    return Feedback("right", f"Those are all {len(legal)} legal moves. "
                    f"{p.explain}".strip())


def _judge_choose(p: Puzzle, answer: Any) -> Feedback:
    ask = p.goal["ask"]
    right = truth(p)
    if ask == "open_trains":
        return _judge_open_trains(p, answer, right)
    if isinstance(answer, bool) or not isinstance(answer, (str, int)):
        raise ValueError(f"pick one player ({', '.join(p.game.players)})")
    who = seat_of(p.game, answer)
    if who == right:
        return Feedback("right", f"{_name(p, who)}. {p.explain}".strip())
    return Feedback("wrong", f"Not {_name(p, who)}: {_choose_reason(p)}.",
                    _first_rule(_choose_reason(p)))


def _judge_open_trains(p: Puzzle, answer: Any, right: list[str]) -> Feedback:
    """Ticked trains against the engine's own targets (:attr:`Game.target_trains`)."""
    items = [answer] if isinstance(answer, (str, int)) else answer
    if not isinstance(items, list) or not all(
            isinstance(a, (str, int)) and not isinstance(a, bool) for a in items):
        raise ValueError("tick trains: a list of train codes like ['1', 'M']")
    g = after_goal(p, p.game)
    codes = [_train_code_of(a, g.n) for a in items]
    got = sorted(set(codes))
    twice = sorted({c for c in codes if codes.count(c) > 1})
    if got == right and not twice:
        return Feedback("right", p.explain or "Those are exactly the trains open now.")
    parts: list[str] = []
    rule = None
    for c in twice:
        parts.append(f"You ticked {g.train_label(train_key(c, g.n))} twice: tick each "
                     f"train once.")
    extra = [c for c in got if c not in right]
    if extra:
        v = g.train_refusal(train_key(extra[0], g.n))
        if v is not None:
            label = g.train_label(train_key(extra[0], g.n))
            parts.append(f"{label[0].upper() + label[1:]} is not open now. {v.text}")
            rule = v.rule
    missing = [c for c in right if c not in got]
    if missing:
        why, rid = _open_why(g, train_key(missing[0], g.n))
        parts.append(f"You left out a train: {why} ({rid}).")
        rule = rule or rid
    return Feedback("wrong", " ".join(parts), rule)


def _open_why(g: Game, key: int | str) -> tuple[str, str]:
    """Why train ``key``, one of the engine's targets, is open to the player to play."""
    seat = g.current
    label = g.train_label(key)
    if key in g.open_double_trains:
        d = g.train(key).open_end
        return (f"{label} ends in the open double {d}-{d}, which must be covered before "
                f"anything else", "R-DBL-3")
    if g.swan is not None:
        return f"the Swan Drive may go on along {label}", "R-VAR-SWAN"
    if key == seat:
        return f"{label} is {g.players[seat]}'s own", "R-TRAIN-1"
    if key == MEXICAN:
        return "the Mexican train is open to everyone", "R-MEX-1"
    if g.train(key).marker:
        return f"{label} carries a marker", "R-MARK-1"
    if g.rules.teams and g.partner(seat) == key:
        return f"{label} is the train of {g.players[seat]}'s partner", "R-VAR-TEAMS"
    return f"the rules let {g.players[seat]} play on {label} now", "R-TURN-1"


_RULE_ID = re.compile(r"R-[A-Z]+-[A-Z0-9]+")


def _first_rule(text: str) -> str | None:
    """The first rule id a sentence cites, if any."""
    m = _RULE_ID.search(text)
    return m.group(0) if m else None


def _choose_reason(p: Puzzle) -> str:
    ask = p.goal["ask"]
    g = after_goal(p, p.game)
    if ask == "next_player":
        if g.bonus or (p.goal.get("after") and g.current == p.game.current):
            return (f"{g.players[g.current]} laid a double and plays again (R-DBL-1)")
        return ("play goes clockwise, to the next seat (R-TURN-5); the round's "
                "starter follows R-ROUND-2")
    rows = ", ".join(f"{g.players[s]} {t}" for _p, s, t in g.standings())
    return (f"the lowest total wins the match (R-SCORE-3), ties broken by R-SCORE-4: "
            f"{rows}")


def _judge_number(p: Puzzle, answer: Any) -> Feedback:
    n = whole_number(answer)
    right = truth(p)
    if n == right:
        return Feedback("right", f"{right}. {p.explain}".strip())
    why = _count_reason(p)
    return Feedback("wrong", f"Not {n}: {why}.", _first_rule(why))


def whole_number(answer: Any) -> int:
    """A learner's number answer (``47``, ``" 47 "``); ValueError with a plain sentence
    for anything else (``"forty-seven"``, ``4.5``, ``true``)."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        t = answer.strip()
        if re.fullmatch(r"[+-]?[0-9]{1,9}", t):
            return int(t)
        if t:
            raise ValueError(f"{short(t)} is not a whole number: write it in digits, "
                             f"like 47")
    raise ValueError("give a whole number, written in digits, like 47")


def _count_reason(p: Puzzle) -> str:
    count = p.goal["count"]
    seat = p.seat
    g = after_goal(p, p.game)
    name = _name(p, seat)
    if count == "engine":
        r = p.goal.get("round", g.round_no)
        return (f"round {r} of a double-{g.set_max} match uses the engine "
                f"{g.set_max} minus {r - 1}, one lower each round (R-ROUND-1)")
    if count == "total":
        rounds = " + ".join(str(r[seat]) for r in g.round_scores) or "0"
        return f"a total adds up {name}'s round scores (R-SCORE-3): {rounds}"
    hand = g.hand(seat)
    rule = "R-SCORE-1"
    if g.rules.scoring == "blanks-25":
        rule += "; with R-VAR-BLANKS a blank end counts 25 and the double blank 50"
    elif any(t.high == 0 and t.low == 0 for t in hand):
        rule += ", R-SCORE-2: the double blank counts 50"
    if count == "round_score" and g.over and g.out == seat:
        return f"{name} went out, and going out scores 0 (R-END-1)"
    if count == "round_score" and g.over and g.out is not None:
        last = g.peek()
        how = (" on a double, which ends the round at once (R-DBL-5)"
               if last is not None and last.tile is not None and last.tile.is_double
               else ", which ends the round (R-END-1)")
        return (f"{g.players[g.out]} went out{how}; {name} scores the pips of every "
                f"tile left in hand ({rule})")
    return f"add up the pips of every tile left in {name}'s hand ({rule})"


def judge_plan(p: Puzzle, answer: Any) -> Feedback:
    """Judge a planned train: tiles of the hand, each matching the one before."""
    if isinstance(answer, str):
        answer = answer.split()
    if not isinstance(answer, list):
        raise ValueError("a plan is a list of tiles")
    hand = p.game.hand(p.seat)
    end = goal_start(p)
    used: list[Tile] = []
    for a in answer:
        if not isinstance(a, str):
            raise ValueError(f"a tile is written like '12-5', not {short(a)}")
        t = Tile.parse(plain_dashes(a))
        if t not in hand:
            return Feedback("illegal", f"{t} is not in {_name(p, p.seat)}'s hand.",
                            "R-PLAN-1")
        if t in used:
            return Feedback("illegal", f"{t} is already in your train.", "R-PLAN-1")
        if not t.has(end):
            return misfit(t, end)
        used.append(t)
        end = t.other(end)
    if len(used) < len(truth(p)):
        return Feedback("wrong", plan_short_text(p, len(used)))
    return Feedback("right", f"{len(used)} tiles, as long as this hand allows. "
                    f"{p.explain}".strip())


def misfit(t: Tile, end: int) -> Feedback:
    """The refusal for a tile that does not fit a planned train's open end."""
    return Feedback("illegal", f"{t} does not match the open end {end}: each tile "
                    f"must match the one before it (R-TRAIN-2).", "R-TRAIN-2")


def goal_start(p: Puzzle) -> int:
    """For a plan: the number the train starts from (given, or the own train's end)."""
    s = p.goal.get("from")
    return int(s) if s is not None else p.game.train(p.seat).open_end


# ---------------------------------------------------------------------- truth
def truth(p: Puzzle) -> Any:
    """What the engine says the answer is, for choose, number and plan puzzles."""
    if p.kind == "choose":
        ask = p.goal["ask"]
        g = after_goal(p, p.game)
        if ask == "next_player":
            return g.current
        if ask == "match_winner":
            w = g.winners
            return w[0] if len(w) == 1 else None
        # the engine's own targets: every variant (a Mexican train that may not start
        # yet, an open double to cover, partners, a Swan Drive) is followed
        return sorted(train_code(k) for k in g.target_trains)
    if p.kind == "number":
        g = after_goal(p, p.game)
        count = p.goal["count"]
        if count == "pips":
            return g.pips(p.seat)
        if count == "engine":
            return g.engine_of(p.goal.get("round", g.round_no))
        if count == "total":
            return g.totals[p.seat]
        if not g.over:
            return g.pips(p.seat)
        return g.round_scores[-1][p.seat]
    if p.kind == "plan":
        return longest_train(p.game.hand(p.seat), goal_start(p)).tiles
    raise ValueError(f"a {p.kind} puzzle is judged move by move")


def options(p: Puzzle) -> list[dict[str, str]]:
    """The choices a ``choose`` puzzle offers (value and label)."""
    if p.kind != "choose":
        return []
    if p.goal["ask"] == "open_trains":
        return [{"value": train_code(k), "label": p.game.train_label(k)}
                for k in p.game.train_keys()]
    return [{"value": name, "label": name} for name in p.game.players]


# ---------------------------------------------------------------------- solutions
def solutions(p: Puzzle, limit: int = 200) -> list[Any]:
    """Answers that meet the goal, found by search (at most ``limit``)."""
    out: list[Any] = []
    if p.kind == "move":
        g = p.start()
        for m in g.legal_moves:
            if judge(p, str(m)).status == "right":
                out.append(str(m))
    elif p.kind == "sequence":
        for seq in _sequences(p.start(), [], depth=6):
            if judge(p, seq).status == "right":
                out.append(seq)
            if len(out) >= limit:
                break
    elif p.kind == "all-moves":
        out.append([str(m) for m in p.start().legal_moves])
    elif p.kind == "choose":
        t = truth(p)
        if t is not None:
            out.append(t if isinstance(t, list) else _name(p, t))
    elif p.kind == "number":
        out.append(truth(p))
    elif p.kind == "plan":
        out.append([str(t) for t in truth(p)])
    return out


def _sequences(g: Game, prefix: list[str], depth: int) -> Iterator[list[str]]:
    seat = g.current
    for m in list(g.legal_moves):
        h = g.copy()
        h.push(m)
        seq = [*prefix, str(m)]
        if h.over or h.current != seat or depth <= 1:
            yield seq
        else:
            yield from _sequences(h, seq, depth - 1)


def plan_short_text(p: Puzzle, k: int) -> str:
    """What a plan of ``k`` tiles, shorter than the longest, is told."""
    return (f"A good train of {plural(k, 'tile')}, but this hand can make a train of "
            f"{len(truth(p))} from {goal_start(p)}: look for a way round that "
            f"also uses more of the tiles (R-PLAN-1).")


_JUDGES = {"move": _judge_move, "sequence": _judge_sequence, "all-moves": _judge_all_moves,
           "choose": _judge_choose, "number": _judge_number, "plan": judge_plan}


# ---------------------------------------------------------------------- helpers
def move_text(answer: Any) -> str:
    """An answer's move as text (a :class:`~mtlearn.Move` or its notation)."""
    if isinstance(answer, Move):
        return str(answer)
    if not isinstance(answer, str):
        raise ValueError(f"a move is written like '12-5@M', 'draw' or 'pass', not "
                         f"{short(answer)}")
    return answer


def train_key(code: Any, n: int) -> int | str:
    """The train a learner names (``M`` or a seat number from 1 to ``n``, spaces around
    allowed); NotationError (a ValueError) otherwise."""
    return parse_train(code.strip() if isinstance(code, str) else code, n)


def _train_code_of(code: Any, n: int) -> str:
    return train_code(train_key(code, n))


def seat_of(game: Game, value: Any) -> int:
    """The seat of a player named or numbered (from 1) in a puzzle file or answer."""
    return parse_seat(value, game.n, players=game.players)

