"""Rules drills: questions whose answer the engine knows exactly.

Each generator takes a position (a :class:`~mtlearn.Game` part-way through a round, see
:mod:`mtlearn.content.mining_positions`), the table's rules and a ``random.Random``, and returns a
puzzle record without its id (see :func:`mtlearn.content.mining_records.finish`), or None when the
position does not suit the question. The answer, the hints and the explanation are the
engine's own: :attr:`~mtlearn.Game.target_trains` and
:meth:`~mtlearn.Game.train_refusal` for open trains, :attr:`~mtlearn.Game.legal_moves`
and :meth:`~mtlearn.Game.explain` (a :class:`~mtlearn.engine.verdicts.Verdict` with its
rule id) for moves, :meth:`~mtlearn.Game.engine_of` and the round scores for numbers.

- :func:`open_trains`: which trains may this player use (``choose``);
- :func:`must_do`: must this player play, draw, pass or cover the double (``move``);
- (where a tile may go, and every legal move: :mod:`mtlearn.content.mining_legal`);
- (a round's score and the engine of a later round: :mod:`mtlearn.content.mining_numbers`);
- :func:`next_player`: who plays next: again after a double, or the next seat (``choose``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.moves import MEXICAN, Move
from ..core.notation import train_code
from ..engine.game import Game
from ..present.view import and_words
from .mining_claims import binding_doubles, binding_lines
from .mining_positions import Table
from .mining_records import position_of

__all__ = ["DRILLS", "must_do", "next_player", "open_trains", "pick_trap"]

Record = dict[str, Any]
Drill = Callable[[Game, Table, random.Random], "Record | None"]

#: The words for a table's variant, for questions and hints.
_VARIANT_WORDS = {
    "branching": "This table plays with branching doubles (R-VAR-BRANCH). ",
    "swan-drive": "This table plays Swan Drive (R-VAR-SWAN). ",
    "teams": "This table plays in partnerships: partners sit opposite (R-VAR-TEAMS). ",
    "answer-double": "At this table the extra tile after a double must go on that "
                     "double (R-VAR-ANSWER). ",
    "blanks-25": "At this table a blank end counts 25 points (R-VAR-BLANKS). ",
}
_VARIANT_RULE = {"branching": "R-VAR-BRANCH", "swan-drive": "R-VAR-SWAN",
                 "teams": "R-VAR-TEAMS", "answer-double": "R-VAR-ANSWER",
                 "blanks-25": "R-VAR-BLANKS"}


def _intro(t: Table) -> str:
    return _VARIANT_WORDS.get(t.name, "")


def _record(tag: str, t: Table, game: Game, *, family: str, title: str, teaches: list[str],
            themes: list[str], question: str, kind: str, goal: dict[str, Any],
            hints: list[str], answer: Any, wrong: list[dict[str, Any]], explain: str,
            perspective: int | None, keep_boneyard: bool = False,
            dead_aside: bool = True) -> Record:
    dead = dead_words(game) if dead_aside else ""
    if dead:        # every claim about an open double must know the dead ones (R-DBL-6)
        explain += dead
        teaches = [*teaches, "R-DBL-6"]
    teaches = list(dict.fromkeys(r for r in teaches if r))
    if t.name in _VARIANT_RULE and _VARIANT_RULE[t.name] not in teaches:
        teaches.append(_VARIANT_RULE[t.name])
    themes = list(dict.fromkeys([*themes, t.name if t.name != "standard" else "standard"]))
    rec: Record = {
        "tag": tag, "kind": kind, "family": family, "themes": themes, "title": title,
        "teaches": teaches,
        "rules": dict(t.rules), "position": position_of(game, keep_boneyard=keep_boneyard),
        "question": question, "goal": goal, "hints": hints, "answer": answer,
        "wrong": wrong, "explain": explain,
    }
    if perspective is not None:
        rec["perspective"] = perspective + 1
    return rec


def _name(g: Game, seat: int) -> str:
    return g.players[seat]


def _label(g: Game, key: int | str | None) -> str:
    return "no train" if key is None else g.train_label(key)


def _place(g: Game, m: Move) -> str:
    """Words for where a play goes, its branch included (R-VAR-BRANCH)."""
    return _label(g, m.train) if m.train is None else g.place_label(m.train, m.branch)


def _live(g: Game) -> list[int | str]:
    """The trains ending in an open double that still binds play: one somebody can still
    cover (a dead double blocks nothing, R-DBL-6)."""
    dead = set(g.dead_double_trains)
    return [k for k in g.open_double_trains if k not in dead]


def _doubles(g: Game, live: bool) -> list[tuple[int, str]]:
    """The open doubles that are live (or dead), first laid first: each one's number and
    the words for the line it stands on (a branch with branching doubles), as the engine's
    verdicts name it."""
    dead = set(g.dead_double_trains)
    return [(g.trains[i].end, g.line_label(i))
            for i, k in zip(g.open_doubles, g.open_double_trains, strict=True)
            if (k not in dead) == live]


def _open_double(g: Game) -> tuple[int, str]:
    """The first live open double's number and the words for where it stands."""
    return _doubles(g, True)[0]


def dead_words(g: Game) -> str:
    """A sentence for each dead double on the table (R-DBL-6), or nothing."""
    return "".join(f" The {d}-{d} on {where} is still uncovered, but every other tile with "
                   f"{_a(d)} {d} is already on the table: nobody can cover it, so it blocks "
                   f"nothing (R-DBL-6)." for d, where in _doubles(g, False))


def _a(n: int) -> str:
    return "an" if n in (8, 11, 18) else "a"


def _open_why(g: Game, key: int | str) -> tuple[str, str]:
    """Why train ``key`` is one of the engine's targets for the player to play."""
    seat = g.current
    label = _label(g, key)
    binding = binding_lines(g)
    if key in binding_doubles(g, binding):
        i = binding[0]
        d, where = g.trains[i].end, g.line_label(i)
        return f"the open double {d}-{d} on {where} must be covered", "R-DBL-3"
    if g.swan is not None:
        return f"the Swan Drive goes on along {label}", "R-VAR-SWAN"
    if key == seat:
        return f"{label} is {_name(g, seat)}'s own", "R-TRAIN-1"
    if key == MEXICAN:
        return "the Mexican train is open to everyone", "R-MEX-1"
    if isinstance(key, int) and g.train(key).marker:
        return f"{label} carries a marker", "R-MARK-1"
    if g.rules.teams and g.partner(seat) == key:
        return f"{label} belongs to {_name(g, seat)}'s partner", "R-VAR-TEAMS"
    return f"the rules let {_name(g, seat)} play on {label} now", "R-TURN-1"


def _targets_rule(g: Game, cap: bool = False) -> str:
    """The trains a player may use, as this table plays it (a partner's too in teams)."""
    partner = (", their partner's train (R-VAR-TEAMS)" if g.rules.teams else "")
    return (f"{'A' if cap else 'a'} player may use their own train, the Mexican train "
            f"(R-MEX-1){partner} and any train with a marker (R-MARK-1)")


def _extra_play(g: Game) -> str:
    """The rule of the extra play after a double, as this table plays it."""
    if g.rules.double_bonus == "on-double":
        return "R-VAR-ANSWER."     # read as its words; the question says it already
    return ("R-DBL-1: after laying a double a player plays again: on the double, or on any "
            "other train open to them.")


def _why_not(g: Game, rule: str) -> str | None:
    """Words for why a tile that fits an open end is refused there, by the rule the
    engine cites; None for a rule these words do not cover."""
    name = _name(g, g.current)
    drawn = g.to_position().get("turn", {}).get("drawn")
    if rule == "R-TURN-3" and drawn:
        return f"{name} has just drawn {drawn}, and only that tile may be played now"
    if rule == "R-DBL-3" and _live(g):
        d, where = _open_double(g)
        return f"the open double {d}-{d} on {where} must be covered first"
    if rule in ("R-MARK-1", "R-TRAIN-1", "R-VAR-TEAMS"):
        return f"that train is not open to {name}"
    return None


def _says_so(text: str, name: str, want: str) -> bool:
    """Whether ``text`` already concludes what ``name`` does ("so Ana passes", "Ana must
    play it"), so that "So Ana must pass." would say it twice."""
    verbs = {"play": ("must play", "plays"), "draw": ("must draw", "draws"),
             "pass": ("must pass", "passes")}[want]
    return any(f"{name} {v}" in text for v in verbs)


def _before_the_draw(g: Game, m: Move) -> tuple[str, str] | None:
    """Why ``m`` could not be played before the player drew (the rule and the words), in a
    position where they have drawn: the tile after their own double must go on it at a
    table that answers the double, an open double comes first, or the train is closed to
    them; None when none of these is why."""
    name = _name(g, g.current)
    if g.bonus and g.rules.double_bonus == "on-double":
        return "R-VAR-ANSWER", (f"at this table the tile after {name}'s double must go on "
                                f"that double")
    binding = binding_doubles(g)
    if binding and m.train not in binding:
        i = binding_lines(g)[0]
        d = g.trains[i].end
        return "R-DBL-3", (f"the open double {d}-{d} on {g.line_label(i)} had to be "
                           f"covered first")
    if m.train is not None and not _open_to_player(g, m.train):
        return "R-MARK-1", f"that train is not open to {name}"
    return None


def _simple_turn(g: Game) -> bool:
    """A turn with only plays, draws and passes to choose from (no announcement, no
    declining, no ending a Swan Drive)."""
    return all(m.kind in ("play", "draw", "pass") for m in g.legal_moves)


# ---------------------------------------------------------------------- open trains
def open_trains(g: Game, t: Table, rng: random.Random) -> Record | None:
    """Which trains may the player to play lay a tile on now (``choose``)."""
    if g.over or g.n > 5 or not _simple_turn(g) or (g.bonus and _live(g)):
        return None     # (the extra tile after a double: R-DBL-1, not R-DBL-3, decides)
    if g.to_position().get("turn", {}).get("drawn"):
        return None     # after drawing only the drawn tile may be played (R-TURN-3)
    seat = g.current
    targets = list(g.target_trains)
    if not targets:
        return None
    keys = g.train_keys()
    closed = [k for k in keys if k not in targets]
    name = _name(g, seat)
    whys = [_open_why(g, k) for k in targets]
    refusals = [(k, v) for k in closed if (v := g.train_refusal(k)) is not None]
    teaches = [r for _w, r in whys] + [v.rule for _k, v in refusals]
    binding = [r for _w, r in whys] == ["R-DBL-3"]
    live = _doubles(g, True)
    if binding:
        # one sentence: which train, and why only it (the order, with two doubles open)
        d, where = live[0]
        later = and_words([f"the {e}-{e} on {w}" for e, w in live[1:]]) if live[1:] else ""
        explain = (f"Only {where}: the open double {d}-{d} there must be covered before "
                   f"anything else (R-DBL-3)" + (
                       f", and it was laid before {later}, so it comes first (R-DBL-4)"
                       if later else "") + ".")
    else:
        open_words = "; ".join(f"{w} ({r})" for w, r in whys)
        shut_words = " ".join(dict.fromkeys(v.text for _k, v in refusals[:3]))
        explain = f"Open: {open_words}. {shut_words}".strip()
    wrong = []
    # the trap: with two doubles open, the later one's train; else a train the rules close
    later_trains = [k for k in g.open_double_trains if k not in targets and k in _live(g)]
    if binding and later_trains:
        no = g.train_refusal(later_trains[0])
        wrong.append({"answer": [train_code(later_trains[0])],
                      "expect": no.rule if no is not None else "R-DBL-4"})
    elif refusals:
        k, v = rng.choice(refusals)
        wrong.append({"answer": sorted([*(train_code(x) for x in targets), train_code(k)]),
                      "expect": v.rule})
    if len(targets) > 1:
        wrong.append({"answer": [train_code(targets[0])], "expect": "left out a train"})
    markers = [_name(g, i) for i in range(g.n) if g.train(i).marker]
    hint2 = ((f"A marker stands on {markers[0]}'s train." if len(markers) == 1 else
              "Markers stand on " + and_words(m + "'s" for m in markers) + " trains.") if markers
             else "No train carries a marker.")
    if len(live) >= 2:
        hint2 = "Which of the open doubles was laid first?"
    elif _live(g):
        hint2 = "Is any double on the table still uncovered?"
    return _record(
        "open-trains", t, g, family="turns", title=f"Which trains may {name} use?",
        teaches=teaches, themes=["open-trains"] + (["open-double"] if _live(g) else []),
        question=f"{_intro(t)}It is {name}'s turn.{_order_of_doubles(g)} Tick every train "
                 f"{name} may lay a tile on now, whatever tiles {name} holds.",
        kind="choose", goal={"ask": "open_trains"},
        hints=[f"{_targets_rule(g, cap=True)}; an open double comes first (R-DBL-3).",
               hint2],
        answer=sorted(train_code(k) for k in targets), wrong=wrong, explain=explain,
        perspective=seat)


# ---------------------------------------------------------------------- moves
def _temptations(g: Game) -> list[tuple[Move, str, str]]:
    """Plays of the player's tiles that fit a train's open end but that the engine
    refuses: (the move, the verdict's sentence with its rule id, the rule id)."""
    seat = g.current
    out = []
    for t in g.hand(seat):
        for k in g.train_keys():
            end = g.train(k).open_end
            if end is None or end not in (t.high, t.low):
                continue
            other = t.low if end == t.high else t.high
            text = f"{end}-{other}@{train_code(k)}"
            v = g.explain(text)
            if v.legal:
                continue
            if v.rule not in ("R-MARK-1", "R-TRAIN-1", "R-VAR-TEAMS") and \
                    not _open_to_player(g, k):
                # refused for the drawn tile, an open double, the answer to a double: only
                # a tempting move if the train would be open to the player otherwise (one
                # reason, not two: review 9 met a private train refused for another rule)
                continue
            out.append((Move.parse(text), v.text, v.rule))
    return out


def pick_trap(tempting: list[tuple[Move, str, str]],
              rng: random.Random) -> tuple[Move, str, str]:
    """The tempting refusal a puzzle shows: one the table's variant refuses first, then an
    open double or a marker, and "only the drawn tile" last (never why a tile was out of
    play before the draw); at random among the first kind there is."""
    def trap(x: tuple[Move, str, str]) -> int:
        return 0 if x[2].startswith("R-VAR-") else 2 if x[2] == "R-TURN-3" else 1
    best = min(trap(x) for x in tempting)
    return rng.choice([x for x in tempting if trap(x) == best])


def _open_to_player(g: Game, key: int | str) -> bool:
    """Whether train ``key`` is open to the player to play by whose train it is and its
    marker alone (no open double, no drawn tile considered)."""
    if key in (g.current, MEXICAN):
        return True
    return isinstance(key, int) and (bool(g.train(key).marker) or (
        g.rules.teams and g.partner(g.current) == key))


def _laid_this_turn(g: Game) -> list[tuple[int, str]]:
    """The doubles the player to play has laid this turn and that are still open (their
    number and the words for where they stand), first laid first; none outside a bonus."""
    if not g.bonus:
        return []
    laid = set(g.turn_doubles)
    return [(g.trains[i].end, g.line_label(i)) for i in g.open_doubles if i in laid]


def _turn_words(g: Game) -> str:
    """What has happened so far this turn, for the question: the doubles the player has
    laid (so "the whole turn" is the rest of it), a tile drawn, a double still open."""
    seat = g.current
    name = _name(g, seat)
    drawn = g.to_position().get("turn", {}).get("drawn")
    laid = _laid_this_turn(g)
    said = (f" {name} has just laid " + and_words(f"the {d}-{d} on {where}"
                                                  for d, where in laid) + "."
            if laid else "")
    if drawn:
        return said + f" {name} has just drawn {drawn}."
    if laid:
        return said + _order_of_doubles(g)
    if len(_doubles(g, True)) >= 2:
        return _order_of_doubles(g)     # every open double, in order: each named once
    if _live(g):
        d, where = _open_double(g)
        return f" The {d}-{d} on {where} is still open."
    return ""


def _order_of_doubles(g: Game) -> str:
    """With two or more live open doubles, the order they were laid in, which decides the
    one to cover first (R-DBL-4) and which the board does not show; else nothing."""
    live = _doubles(g, True)
    if len(live) < 2:
        return ""
    laid = and_words(f"the {d}-{d} on {where}" for d, where in live)
    return f" Open doubles, first laid first: {laid}."


def must_do(g: Game, t: Table, rng: random.Random) -> Record | None:
    """What must the player to play do now: play, draw, pass, or cover the double
    (``move``). Only when a tile of theirs fits a train the rules close to them, so
    the question tempts."""
    if g.over or not _simple_turn(g):
        return None
    seat = g.current
    name = _name(g, seat)
    legal = list(g.legal_moves)
    kinds = {m.kind for m in legal}
    if len(kinds) != 1:
        return None
    want = kinds.pop()
    # a tile that fits a closed train but has no legal play anywhere: the hint's "but"
    tempting = [x for x in _temptations(g) if not any(m.tile == x[0].tile for m in legal)]
    if not tempting:
        return None
    bad, bad_text, bad_rule = pick_trap(tempting, rng)
    verdict = g.explain(legal[0])   # the answer, as the engine says it
    refused_by = bad_rule       # what the engine answers the learner who tries it
    drawn = g.to_position().get("turn", {}).get("drawn")
    if drawn and bad_rule == "R-TURN-3":
        # after a draw the engine says only the drawn tile may be played; the reason the
        # tile could not be played before the draw is the one worth saying
        before = _before_the_draw(g, bad)
        if before is None:
            return None
        bad_rule, why_before = before
        cite = "" if bad_rule in verdict.text else f" ({bad_rule})"
        bad_text = f"{bad.tile} could not go on {_place(g, bad)}: {why_before}{cite}."
    goal: dict[str, Any] = {"move_kind": want}
    themes = ["must-" + want]
    hint1 = ("R-TURN-2: a player who can play must play; R-TURN-3: one who cannot draws "
             "a tile, and plays it if it fits; otherwise they pass and put out their "
             "marker (R-MARK-2).")
    if want == "play" and _live(g):
        after_all = []
        for m in legal:
            a = g.copy()
            a.push(m)
            after_all.append(not _live(a))
        if not all(after_all):
            return None
        d, where = _open_double(g)
        goal = {"covers_double": True}
        # the hint asks for the tiles with the double's number only when there is a choice:
        # with one such tile, "which tile has a 9?" is the answer (review 10)
        several = sum(d in (x.high, x.low) for x in g.hand(seat)) > 1
        if g.bonus and not binding_doubles(g):
            # the layer's own extra play: R-DBL-1, not R-DBL-3; the double binds nobody
            # yet, so the puzzle is about playing again, not about an open double
            themes = ["cover-the-double", "plays-again"]
            hint1 = _extra_play(g)
            hint2 = (f"{name} has just laid the {d}-{d} on {where} and plays again. "
                     + (f"Which of {name}'s tiles have {_a(d)} {d}, and which fit "
                        f"anywhere else?" if several else
                        f"Check every tile of {name}'s against every train open to "
                        f"{name}: which fit?"))
        else:
            themes = ["cover-the-double", "open-double"]
            hint1 = "R-DBL-3."      # read as its words: the rule, once
            hint2 = (f"The open double is the {d}-{d} on {where}: "
                     + (f"which tiles have {_a(d)} {d}, and which of them fits?"
                        if several else f"until it is covered, where may {name} play?"))
    else:
        why = (_before_the_draw(g, bad) or ("", ""))[1] if drawn else _why_not(g, bad_rule)
        if not why:
            return None         # a refusal the hint cannot name in words: not asked
        if drawn:
            ask = (f"Where does {drawn} fit?" if want == "play" else
                   f"Does {drawn} fit any train open to {name}?")
        else:
            ask = (f"Look for a tile that fits a train open to {name}." if want == "play"
                   else "Does anything else fit?")
        hint2 = f"{bad.tile} fits {_place(g, bad)}, but {why}. {ask}"
    answer = str(legal[0])
    said = verdict.text
    explain = f"{said} {bad_text}" if bad_text not in said else said
    wrong = [{"answer": str(bad), "expect": refused_by}]
    for alt in ("draw", "pass"):
        if alt != want:
            v = g.explain(alt)
            if not v.legal:
                wrong.append({"answer": alt, "expect": v.rule})
                break
    what = {"play": "play a tile", "draw": "draw", "pass": "pass"}[want]
    if "plays-again" in themes:
        # the puzzle is the layer's extra play: say so first (review 12: a branching
        # table's explanation gave only the branches' rule)
        explain = f"{name} laid the double, so {name} plays again (R-DBL-1). {explain}"
    return _record(
        "must-do", t, g, family="turns", title=f"What must {name} do now?",
        teaches=[*(["R-DBL-1"] if "plays-again" in themes else []), verdict.rule, bad_rule,
                 "R-TURN-2" if want == "play" else "R-TURN-3"], themes=themes,
        question=f"{_intro(t)}It is {name}'s turn.{_turn_words(g)} What must {name} do "
                 f"now? Make the move: a tile on a train, draw, or pass.",
        kind="move", goal=goal, hints=[hint1, hint2], answer=answer, wrong=wrong,
        explain=explain + ("" if _says_so(explain, name, want) else
                           f" So {name} must {what}."), perspective=seat)


# ---------------------------------------------------------------------- what next
def next_player(g: Game, t: Table, rng: random.Random) -> Record | None:
    """What happens next: after a move, who plays? The same player after a double,
    the next seat after a play or a pass, with the marker (``choose``)."""
    if g.over or not _simple_turn(g):
        return None
    seat = g.current
    name = _name(g, seat)
    moves = [m for m in g.legal_moves if m.kind in ("play", "pass")]
    doubles = [m for m in moves if m.tile is not None and m.tile.is_double]
    m = rng.choice(doubles) if doubles and rng.random() < 0.6 else (
        rng.choice(moves) if moves else None)
    if m is None:
        return None
    after = g.copy()
    after.push(m)
    if after.over:
        return None
    nxt = (seat + 1) % g.n
    is_double = m.tile is not None and m.tile.is_double
    if is_double and after.current != seat:
        return None
    if not is_double and after.current != nxt:
        return None
    if not (is_double or g.bonus):
        return None     # a plain play or pass hands the turn on: nothing to think about
    # the lesson is who plays next, not whether the move was legal: no verdict sentence
    if is_double:
        teaches, themes = ["R-DBL-1"], ["plays-again"]
        why = f"{name} laid a double, so {name} plays again (R-DBL-1)."
        wrong = [{"answer": g.players[nxt], "expect": "R-DBL-1"}]
    else:
        teaches, themes = ["R-TURN-5"], ["turn-order"]
        why = f"Play goes clockwise, so {g.players[nxt]} plays next (R-TURN-5)."
        wrong = [{"answer": name, "expect": "R-TURN-5"}] if g.n > 2 else []
        if g.bonus and m.kind == "pass":
            # no tile to follow the double, even after drawing: a pass, not an extra play
            teaches.append("R-DBL-2")
            why = (f"{name} laid a double this turn and has nothing to follow it, even "
                   f"after drawing, so the turn ends there (R-DBL-2). " + why)
        elif g.bonus:       # the extra play after a double ends the turn
            teaches.append("R-DBL-1")
            why = (f"That was {name}'s extra play after a double (R-DBL-1), so {name}'s turn "
                   f"ends. " + why)
        if m.kind == "pass":
            teaches.append("R-MARK-2")
            themes.append("marker")
            why = f"{g.explain(m).text} {why}"      # the engine's words: the marker
    # a pass is told as what the learner sees (nothing fits), not as "passes": the word
    # would give the turn's end away (review 10)
    drawn = g.to_position().get("turn", {}).get("drawn")
    did = ((f"{drawn} fits no train open to {name}" if drawn else
            f"Nothing {name} holds fits a train open to {name}, and the boneyard is empty")
           if m.kind == "pass" else f"{name} plays {m.tile} on {_place(g, m)}")
    return _record(
        "next-player", t, g, family="turns", title="Who plays next?", teaches=teaches,
        themes=themes,
        question=f"{_intro(t)}It is {name}'s turn.{_turn_words(g)} {did}. Who plays next?",
        kind="choose", goal={"ask": "next_player", "after": [str(m)]},
        hints=["R-TURN-5: play goes clockwise; R-DBL-1: a player who lays a double plays "
               "again.", f"{name} laid a double this turn: what if nothing follows it?"
               if g.bonus and m.kind == "pass" else
               f"Is this {name}'s first play of the turn?" if g.bonus else
               f"What did {name} just lay?" if m.kind == "play" else
               f"{name} could not play: what does a pass leave behind (R-MARK-2)?"],
        answer=g.players[seat if is_double else nxt], wrong=wrong,
        explain=why, perspective=seat)


#: The drills by name (the miner's schedule names them).
DRILLS: dict[str, Drill] = {
    "open-trains": open_trains, "must-do": must_do, "next-player": next_player,
}
