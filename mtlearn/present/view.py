"""The JSON view of a position: everything a board draws, as plain data.

:func:`view` turns a :class:`~mtlearn.Game` into a JSON-compatible dict, typed by
:class:`mtlearn.core.protocol.View` (in words in ``devnotes/VIEW_FORMAT.md``, generated
from it). The same dict feeds the live widget in JupyterLab and the static HTML
of the book, so both always show what the engine says.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.moves import MEXICAN, Move, train_code
from ..core.notation import branch_parent
from ..core.protocol import VIEW_VERSION, Branch, LegalMove, Player, Train, Verdict, View
from ..core.tiles import Tile
from ..engine.game import Game
from .perspective import Perspective, Seen
from .text import render

__all__ = ["TurnFacts", "describe_move", "describe_played", "hidden_turn", "hint_text",
           "result_text", "status_text", "view", "your_place"]


def your_place(game: Game, train: int | str, branch: str = "") -> str:
    """Words for a place, said to the player to play: "your train" for their own train
    ("branch 3a of your train"), else the place's name ("Ben's train", "the Mexican
    train")."""
    if train == game.current:
        return f"branch {branch} of your train" if branch else "your train"
    return game.place_label(train, branch)


def describe_move(game: Game, move: Move, *, you: bool = False) -> str:
    """Words for a move the player to play could make: "Play 12-5 on the Mexican train",
    "Draw a tile". A pass or an 'end' is described by what it would do in this position
    (whether a marker goes down, which turn it ends). With ``you``, the words are said to
    the player to play: "Play 12-5 on your train" (a board's buttons)."""
    if move.kind == "play":
        assert move.train is not None
        where = (your_place(game, move.train, move.branch) if you
                 else game.place_label(move.train, move.branch))
        return f"Play {move.laid} on {where}"
    if move.kind == "end":
        if game.swan is not None:           # R-VAR-SWAN: 'end' stops a drive
            return "Stop the Swan Drive"
        return "End the train-building turn" if game.is_building else "End the turn"
    if move.kind == "pass" and not game.over:
        marks = _pass_marks(game)
        p = game.current
        if p in marks and len(marks) == 1:
            return "Pass and place a marker"
        if marks:
            return "Pass and place markers on " + and_words(game.train_label(s) for s in marks)
        if game.train(p).marker:
            return "Pass (the marker is already out)"
        q = game.partner(p)
        if q is not None:
            return f"Pass (no marker: {game.players[q]} may still play)"
    return {"draw": "Draw a tile", "pass": "Pass and place a marker",
            "uno": "Announce the last tile"}[move.kind]


def _pass_marks(game: Game) -> list[int]:
    """The seats whose markers a pass by the player to play would put down: their own,
    unless it is already out; under R-VAR-TEAMS both partners' or none (R-MARK-2)."""
    p = game.current
    q = game.partner(p)
    if q is not None and game.rules.teams and not game._team_pass_marks(p):
        return []
    return [s for s in ([p] if q is None or not game.rules.teams else sorted((p, q)))
            if not game.train(s).marker]


def and_words(words: Iterable[str]) -> str:
    """``words`` joined as a sentence lists them: "a", "a and b", "a, b and c"."""
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


@dataclass(frozen=True)
class TurnFacts:
    """What the narration of a move needs to know of the position it was made in: the
    markers that were out, whether a Swan Drive or a train-building turn was on.

    Take it with :meth:`of` just before ``push`` and hand it to :func:`describe_played`
    (a board does; it costs far less than a copy of the game).
    """

    markers: tuple[bool, ...]
    swan: bool
    building: bool

    @classmethod
    def of(cls, game: Game) -> TurnFacts:
        """The facts of ``game`` as it stands (before the move to narrate)."""
        return cls(tuple(game.train(s).marker for s in range(game.n)),
                   game.swan is not None, game.is_building)


def describe_played(game: Game, seat: int, move: Move, *,
                    before: TurnFacts | None = None) -> str:
    """Words for a move just made by ``seat`` (0-based), as a board reports it:
    "Ana played 12-5 on the Mexican train." The words follow what the engine did, not
    the kind of move alone: a pass names the markers it put down (none when the marker
    was already out, or under R-VAR-TEAMS while the partner may still play), an 'end'
    names what it ended (a Swan Drive, a train-building turn, a turn).

    ``game`` is the game after the move; ``before`` the :class:`TurnFacts` of the
    position it was made in. Without ``before`` they are worked out from ``game``
    (which may then also be the game just before the move).
    """
    name = game.players[seat]
    if move.kind == "play":
        assert move.train is not None
        where = game.place_label(move.train, move.branch)
        return f"{name} played {move.laid} on {where}."
    if move.kind in ("draw", "uno"):
        return {"draw": f"{name} drew a tile.", "uno": f"{name} announced the last tile."}[
            move.kind]
    after = game
    if before is None:
        played = bool(game.history) and game.history[-1] == move and (
            game.over or game.current != seat)
        if played:
            prior = game.copy()
            prior.pop()
        else:
            prior, after = game, game.copy()
            after.push(move)
        before = TurnFacts.of(prior)
    if move.kind == "end":
        if before.swan:
            return f"{name} stopped the Swan Drive."
        if before.building:
            return f"{name} ended the train-building turn."
        return f"{name} ended the turn."
    # a pass: the markers that went down are those out now that were not out before
    put = [s for s in range(after.n) if after.train(s).marker and not before.markers[s]]
    if put == [seat]:
        return f"{name} passed and put out a marker."
    if put:
        trains = and_words(after.train_label(s) for s in put)
        return f"{name} passed and put out markers on {trains}."
    if before.markers[seat]:
        return f"{name} passed; {name}'s marker was already out."
    q = after.partner(seat)
    if q is not None and after.rules.teams:
        return (f"{name} passed but put out no marker: {after.players[q]} ({name}'s partner) "
                f"may still play.")
    return f"{name} passed."


def result_text(game: Game) -> str:
    """A sentence about how the round ended, with its scores."""
    if not game.over:
        return ""
    scores = game.scores[-1]
    parts = ", ".join(f"{name} {s}" for name, s in zip(game.players, scores, strict=True))
    if game.out is not None:
        name = game.players[game.out]
        q = game.partner(game.out)
        team = None if q is None else game.team_of(q)
        if team is not None:
            # R-VAR-TEAMS: the partner scores 0 too, whatever is left in their hand
            return (f"{name} went out, so {name}'s team ({game.team_name(team)}) "
                    f"scores 0 (R-VAR-TEAMS). Round scores: {parts}.")
        head = f"{name} went out and scores 0."
    elif game.rules.may_decline and any(game._can_play(s) for s in range(game.n)):
        # R-VAR-CHOOSE: a full cycle of passes ends the round, even if someone could play
        head = ("The round is over: the boneyard is empty and every player passed in turn "
                "(R-VAR-CHOOSE).")
    else:
        head = "The round is blocked: the boneyard is empty and nobody can play."
    return f"{head} Points left in hand: {parts}."


def hidden_turn(game: Game, perspective: Seen) -> bool:
    """True when the player to play is not the seat whose hand is shown (their tiles,
    moves, hint and verdicts are hidden from the view). See
    :attr:`mtlearn.present.perspective.Perspective.hidden_turn`."""
    return Perspective.of(game, perspective).hidden_turn


def status_text(game: Game, *, perspective: Seen = None) -> str:
    """One sentence about whose turn it is and what they must do.

    With ``perspective`` set, a tile drawn by a hidden player is not named.
    """
    if game.over:
        return result_text(game)
    seen = Perspective.of(game, perspective)
    name = game.players[game.current]
    blocking = game.blocking_double_place
    if game.drawn is not None:
        return seen.guard(_drawn_status(game, seen.drawn, blocking))
    if game.bonus:
        return f"{name} played a double and plays again."
    if game.is_building:
        return f"{name} is building {name}'s own train."
    if game.swan is not None:
        return (f"{name} is on a Swan Drive: one tile on each following public train, in "
                f"clockwise order, or 'End turn' to stop.")
    if blocking is not None:
        d, where = blocking
        return (f"{name} to play. The double {d}-{d} on {where} is open and must be covered "
                f"first.")
    return f"{name} to play."


def _drawn_status(game: Game, drawn: Tile | None, blocking: tuple[int, str] | None) -> str:
    """The status line after a draw (R-TURN-3): what the player must (or may) do now with
    the tile drawn. It happens only when they do it: a tile that fits nowhere is followed
    by a pass the player makes (the board's Pass button), not by one made for them.
    ``drawn`` is None when the tile is hidden from the board's player; then whether it
    fits is not said either."""
    name = game.players[game.current]
    may = game.rules.drawn_tile != "must" or game.declined   # R-VAR-STRICT-DRAW, R-VAR-CHOOSE
    cover = ("" if blocking is None else
             f" the open double {blocking[0]}-{blocking[0]} on {blocking[1]}")
    if drawn is None:
        fit = "covers" + cover if cover else "fits"
        return (f"{name} drew a tile and may play it if it {fit}, or pass." if may else
                f"{name} drew a tile and must play it if it {fit}, or else pass.")
    if any(m.kind == "play" for m in game.legal_moves):
        fits = f"{name} drew {drawn}, and it " + ("covers" + cover if cover else "fits")
        return (f"{fits}: {name} may play it, or keep it and pass." if may else
                f"{fits}: {name} must play it.")
    fits = (f"{name} drew {drawn}, and it does not cover{cover}" if cover else
            f"{name} drew {drawn}, and it fits nowhere")
    return f"{fits}: {name} must pass (the Pass button)."


def hint_text(game: Game, *, perspective: Seen = None) -> str | None:
    """The coach's hint for the player to play: the :class:`~mtlearn.PlannerBot` move
    and, in one sentence, the idea behind it (the planned train, the open double to
    cover, the points to shed before someone goes out …).

    None when the round is over, or when ``perspective`` (a seat from 0, or a name) may
    not see the hand of the player to play: a hint names their tiles.
    """
    seen = Perspective.of(game, perspective)
    if not seen.may_advise:
        return None
    advice = _coach().advise(game)
    move = advice.move
    if move.kind == "play":
        assert move.tile is not None and move.train is not None
        text = (f"Try {move.laid} on "
                f"{game.place_label(move.train, move.branch)}: {advice.reason}.")
    else:
        text = game.explain(move).reason
    return seen.guard(text)


_COACH: list[Any] = []


def _coach() -> Any:
    """One PlannerBot for every hint (it keeps its plans between positions)."""
    if not _COACH:
        from ..play.bots import PlannerBot

        _COACH.append(PlannerBot())
    return _COACH[0]


def _verdict_keys(game: Game) -> Iterable[Move]:
    if game.over:
        return
    seen = set()
    for tile in game.hand(game.current):
        for key in game.train_keys():
            end = game.train(key).open_end
            m = Move("play", tile, key, end if tile.has(end) else tile.high)
            if m not in seen:
                seen.add(m)
                yield m
            for b in game.branches(key):
                end = b.open_end
                m = Move("play", tile, key, end if tile.has(end) else tile.high, b.path)
                if m not in seen:
                    seen.add(m)
                    yield m
    for kind in ("draw", "pass", "uno", "end"):
        yield Move(kind)


def view(game: Game, *, perspective: Seen = None,
         highlights: dict[str, list[str]] | None = None, narration: str | None = None,
         verdicts: bool = False, hint: bool = True) -> View:
    """The JSON view of ``game`` (:class:`mtlearn.core.protocol.View`).

    Args:
        perspective: the player (seat from 0, or name) whose hand alone is shown; the
            others are hidden (None shows all; :meth:`Perspective.public
            <mtlearn.present.perspective.Perspective.public>` none, for a projector).
            While a hidden seat is to play, its legal moves, hint and verdicts are left
            out too (``legal`` is empty, ``hint`` None, ``verdicts`` empty), since they
            would give its tiles away.
        highlights: ``{"tiles": ["12-5"], "trains": ["M", "2"]}`` to mark on the board.
        narration: a sentence shown with the board (scenario steps).
        verdicts: include the engine's verdict on every move a learner could try
            with one click (each hand tile on each train, draw, pass…), so a static
            page can answer without a kernel.
        hint: False leaves the coach's hint out (``hint`` None) for a host that never
            shows it (a class table: hints come from the teacher); it costs a search.
    """
    g = game
    seen = Perspective.of(g, perspective)
    guard = seen.guard
    totals = g.totals
    last = g.scores[-1] if g.over else None
    players: list[Player] = []
    for i, name in enumerate(g.players):
        face_down = not seen.sees_hand(i)
        hand = g.hand(i)
        players.append({
            "seat": i + 1, "name": name,
            "hand": None if face_down else [str(t) for t in hand],
            "hand_count": len(hand),
            "marker": g.train(i).marker,
            "to_play": (not g.over and i == g.current),
            "announced": g.announced[i],
            "round_score": None if last is None else last[i],
            "total": totals[i],
            "team": None if g.team_of(i) is None else g.team_of(i) + 1,  # type: ignore[operator]
            "partner": None if g.partner(i) is None else g.partner(i) + 1,  # type: ignore[operator]
        })
    trains: list[Train] = []
    open_lines = g.open_double_lines
    double_words = _double_words(g)
    for key in g.train_keys():
        t = g.train(key)
        code = train_code(key)
        mex = key == MEXICAN
        trains.append({
            "id": code,
            "label": "Mexican train" if mex else f"{g.players[int(key)]}'s train",
            "owner": None if mex else int(key) + 1,
            "mexican": mex,
            "tiles": [{"tile": str(tile), "inward": a, "outward": tile.other(a),
                       "double": tile.is_double} for tile, a in t.tiles],
            "open_end": t.open_end,
            "started": t.started,
            "marker": t.marker,
            "public": t.public,
            "open_double": code in open_lines,
            "double_words": double_words.get(code),
            "team": None if mex or g.team_of(int(key)) is None
            else g.team_of(int(key)) + 1,  # type: ignore[operator]
            "partner": None if mex or g.partner(int(key)) is None
            else g.partner(int(key)) + 1,  # type: ignore[operator]
            "branches": _branches(g, key, open_lines, double_words),
        })
    hidden = seen.hidden_turn
    legal: list[LegalMove] = [] if hidden else [
        {"move": str(m), "text": describe_move(g, m, you=True)} for m in g.legal_moves]
    for item, text in zip(legal, seen.guard_all([x["text"] for x in legal]), strict=True):
        item["text"] = text
    out: View = {
        "kind": "mtlearn/view", "version": VIEW_VERSION,
        "set": g.set_max, "engine": g.engine, "round": g.round_no, "rounds": g.rounds,
        "players": players, "trains": trains,
        "open_doubles": open_lines,
        "boneyard": g.boneyard_size,
        "to_play": None if g.over else g.current + 1,
        "perspective": seen.shown_seat,
        "status": status_text(g, perspective=seen),
        "hidden_turn": hidden,
        "over": g.over,
        "result": None if not g.over else {
            "blocked": g.blocked, "winner": None if g.out is None else g.out + 1,
            "scores": list(last or []), "text": result_text(g)},
        "highlights": {"tiles": list((highlights or {}).get("tiles", [])),
                       "trains": list((highlights or {}).get("trains", []))},
        "legal": legal,
        "notes": list(g.notes),
        "narration": narration,
        "rules": g.rules.name,
        "description": guard(render(g, perspective=seen)),
        "hint": hint_text(g, perspective=seen) if hint else None,
        "teams": [{"team": k + 1, "seats": [a + 1, b + 1], "name": g.team_name(k),
                   "round_score": None if last is None else last[a] + last[b],
                   "total": g.team_totals[k]} for k, (a, b) in enumerate(g.teams)],
        "swan": None if g.swan_at is None or g.over else train_code(g.swan_at),
    }
    if verdicts:
        vs: dict[str, Verdict] = {}
        for m in () if hidden else _verdict_keys(g):
            v = g.explain(m)
            vs[str(m)] = {"legal": v.legal, "rule": v.rule, "text": v.text,
                          "move": str(v.move), "suggests": [str(x) for x in v.suggests]}
        # (the moves judged are the seen player's own: their words name no hidden tile)
        for item, text in zip(vs.values(), seen.guard_all([x["text"] for x in vs.values()]),
                              strict=True):
            item["text"] = text
        out["verdicts"] = vs
    return out


def _double_words(g: Game) -> dict[str, str]:
    """For each line ending in an uncovered double (by its code), what that double means
    now, in words: the round is over; nobody can cover it, so it blocks nothing (R-DBL-6);
    its player, who has just laid it, plays again and may play anywhere open to them
    (R-DBL-1); or it must be covered before anything else (R-DBL-3)."""
    dead = set(g.dead_double_trains)
    own = (set(g.turn_doubles) if g.bonus and g.rules.double_bonus != "on-double"
           else set())
    out: dict[str, str] = {}
    for i, key in zip(g.open_doubles, g.open_double_trains, strict=True):
        code = g.line_code(i)
        if g.over:
            out[code] = "uncovered double (the round is over)"
        elif key in dead:
            out[code] = "uncovered double: nobody can cover it, so it blocks nothing"
        elif i in own:
            out[code] = f"{g.players[g.current]}'s new double: {g.players[g.current]} plays again"
        else:
            out[code] = "open double: cover it first"
    return out


def _branches(g: Game, key: int | str, open_lines: list[str],
              double_words: dict[str, str] | None = None) -> list[Branch]:
    """The branches of a train in the view (R-VAR-BRANCH), in name order."""
    out: list[Branch] = []
    label = g.train_label(key)
    for b in g.branches(key):
        d = g.branch_double(b)
        parent_path = branch_parent(b.path)[0]
        out.append({
            "id": b.code, "name": b.path, "label": f"branch {b.path} of {label}",
            "parent": b.parent, "parent_label": (f"branch {parent_path}" if parent_path
                                                 else label),
            "at": b.at, "double": f"{d}-{d}",
            "tiles": [{"tile": str(tile), "inward": a, "outward": tile.other(a),
                       "double": tile.is_double} for tile, a in b.tiles],
            "open_end": b.open_end, "started": b.started,
            "open_double": b.code in open_lines,
            "double_words": (double_words or {}).get(b.code),
        })
    return out
