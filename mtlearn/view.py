"""The JSON view of a position: everything a board draws, as plain data.

:func:`view` turns a :class:`~mtlearn.game.Game` into a JSON-compatible dict (the
format is described in ``devnotes/VIEW_FORMAT.md`` and the contributors' page of
the book). The same dict feeds the live widget in JupyterLab and the static HTML
of the book, so both always show what the engine says.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .game import Game
from .moves import MEXICAN, Move, train_code
from .text import render

__all__ = ["describe_move", "describe_played", "hidden_turn", "hint_text", "result_text",
           "status_text", "view"]

VIEW_VERSION = 1


def describe_move(game: Game, move: Move) -> str:
    """Words for a move: "Play 12-5 on the Mexican train", "Draw a tile"."""
    if move.kind == "play":
        assert move.train is not None
        return f"Play {move.inward}-{move.outward} on {game.place_label(move.train, move.branch)}"
    if move.kind == "end" and game.rules.swan_drive:   # R-VAR-SWAN: 'end' stops a drive
        return "Stop the Swan Drive" if game.swan_at is not None else "End the turn"
    return {"draw": "Draw a tile", "pass": "Pass and place a marker",
            "uno": "Announce the last tile", "end": "End the train-building turn"}[move.kind]


def describe_played(game: Game, seat: int, move: Move) -> str:
    """Words for a move just made by ``seat`` (0-based), as a board reports it:
    "Ana played 12-5 on the Mexican train." ``game`` is the game before or after the move
    (only names and train labels are read)."""
    name = game.players[seat]
    if move.kind == "play":
        assert move.train is not None
        where = game.place_label(move.train, move.branch)
        return f"{name} played {move.inward}-{move.outward} on {where}."
    return {"draw": f"{name} drew a tile.", "pass": f"{name} passed and put out a marker.",
            "uno": f"{name} announced the last tile.",
            "end": f"{name} ended the train-building turn."}[move.kind]


def result_text(game: Game) -> str:
    """A sentence about how the round ended, with its scores."""
    if not game.over:
        return ""
    scores = game.scores[-1]
    parts = ", ".join(f"{name} {s}" for name, s in zip(game.players, scores, strict=True))
    if game.out is not None:
        head = f"{game.players[game.out]} went out and scores 0."
    else:
        head = "The round is blocked: the boneyard is empty and nobody can play."
    return f"{head} Points left in hand: {parts}."


def hidden_turn(game: Game, perspective: int | None) -> bool:
    """True when the player to play is not the seat whose hand is shown (their tiles,
    moves, hint and verdicts are hidden from the view)."""
    return perspective is not None and not game.over and game.current != perspective


def status_text(game: Game, *, perspective: int | None = None) -> str:
    """One sentence about whose turn it is and what they must do.

    With ``perspective`` set, a tile drawn by a hidden player is not named.
    """
    if game.over:
        return result_text(game)
    name = game.players[game.current]
    if game.drawn is not None:
        what = "a tile" if hidden_turn(game, perspective) else str(game.drawn)
        return f"{name} drew {what} and plays it if it fits, otherwise passes."
    if game.bonus:
        return f"{name} played a double and plays again."
    if game.is_building:
        return f"{name} is building {name}'s own train."
    if game.swan is not None:
        return (f"{name} is on a Swan Drive: one tile on each following public train, in "
                f"clockwise order, or 'End turn' to stop.")
    blocking = game.blocking_double_place
    if blocking is not None:
        d, where = blocking
        return (f"{name} to play. The double {d}-{d} on {where} is open and must be covered "
                f"first.")
    return f"{name} to play."


def hint_text(game: Game) -> str | None:
    """The coach's hint for the player to play: the :class:`~mtlearn.bots.PlannerBot` move
    and, in one sentence, the idea behind it (the planned train, the open double to
    cover, the points to shed before someone goes out …)."""
    if game.over:
        return None
    advice = _coach().advise(game)
    move = advice.move
    if move.kind == "play":
        assert move.tile is not None and move.train is not None
        return (f"Try {move.inward}-{move.outward} on {game.place_label(move.train, move.branch)}: "
                f"{advice.reason}.")
    return game.explain(move).reason


_COACH: list[Any] = []


def _coach() -> Any:
    """One PlannerBot for every hint (it keeps its plans between positions)."""
    if not _COACH:
        from .bots import PlannerBot

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


def view(game: Game, *, perspective: int | str | None = None,
         highlights: dict[str, list[str]] | None = None, narration: str | None = None,
         verdicts: bool = False) -> dict[str, Any]:
    """The JSON view of ``game``.

    Args:
        perspective: the player (seat from 0, or name) whose hand alone is shown; the
            others are hidden (None shows all). While a hidden seat is to play, its
            legal moves, hint and verdicts are left out too (``legal`` is empty,
            ``hint`` None, ``verdicts`` empty), since they would give its tiles away.
        highlights: ``{"tiles": ["12-5"], "trains": ["M", "2"]}`` to mark on the board.
        narration: a sentence shown with the board (scenario steps).
        verdicts: include the engine's verdict on every move a learner could try
            with one click (each hand tile on each train, draw, pass…), so a static
            page can answer without a kernel.
    """
    g = game
    if perspective is not None:
        perspective = g.seat(perspective)
    totals = g.totals
    last = g.scores[-1] if g.over else None
    players = []
    for i, name in enumerate(g.players):
        face_down = perspective is not None and i != perspective
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
    trains = []
    open_lines = g.open_double_lines
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
            "team": None if mex or g.team_of(int(key)) is None
            else g.team_of(int(key)) + 1,  # type: ignore[operator]
            "partner": None if mex or g.partner(int(key)) is None
            else g.partner(int(key)) + 1,  # type: ignore[operator]
            "branches": _branches(g, key, open_lines),
        })
    hidden = hidden_turn(g, perspective)
    legal = [] if hidden else [{"move": str(m), "text": describe_move(g, m)}
                               for m in g.legal_moves]
    out: dict[str, Any] = {
        "kind": "mtlearn/view", "version": VIEW_VERSION,
        "set": g.set_max, "engine": g.engine, "round": g.round_no, "rounds": g.rounds,
        "players": players, "trains": trains,
        "open_doubles": open_lines,
        "boneyard": g.boneyard_size,
        "to_play": None if g.over else g.current + 1,
        "perspective": None if perspective is None else perspective + 1,
        "status": status_text(g, perspective=perspective),
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
        "description": render(g, perspective=perspective),
        "hint": None if hidden else hint_text(g),
        "teams": [{"team": k + 1, "seats": [a + 1, b + 1], "name": g.team_name(k),
                   "round_score": None if last is None else last[a] + last[b],
                   "total": g.team_totals[k]} for k, (a, b) in enumerate(g.teams)],
        "swan": None if g.swan_at is None or g.over else train_code(g.swan_at),
    }
    if verdicts:
        vs = {}
        for m in () if hidden else _verdict_keys(g):
            v = g.explain(m)
            vs[str(m)] = {"legal": v.legal, "rule": v.rule, "text": v.text,
                          "move": str(v.move), "suggests": [str(x) for x in v.suggests]}
        out["verdicts"] = vs
    return out


def _branches(g: Game, key: int | str, open_lines: list[str]) -> list[dict[str, Any]]:
    """The branches of a train in the view (R-VAR-BRANCH), in name order."""
    out = []
    label = g.train_label(key)
    for b in g.branches(key):
        d = g.branch_double(b)
        parent_path = b.parent.partition(".")[2]
        out.append({
            "id": b.code, "name": b.path, "label": f"branch {b.path} of {label}",
            "parent": b.parent, "parent_label": (f"branch {parent_path}" if parent_path
                                                 else label),
            "at": b.at, "double": f"{d}-{d}",
            "tiles": [{"tile": str(tile), "inward": a, "outward": tile.other(a),
                       "double": tile.is_double} for tile, a in b.tiles],
            "open_end": b.open_end, "started": b.started,
            "open_double": b.code in open_lines,
        })
    return out
