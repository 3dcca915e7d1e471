"""What an uncovered double means now, in the view's words (a board's badge reads them): it
must be covered first; nobody can cover it, so it blocks nothing (R-DBL-6); its player has
just laid it and plays again (R-DBL-1); or the round is over. The badge once said "cover it
first" of all of them."""

from __future__ import annotations

import json
from pathlib import Path

from mtlearn.content.puzzle_files import from_data
from mtlearn.engine.game import Game
from mtlearn.present.view import view

DATA = Path(__file__).parent / "data"


def _words(g: Game) -> dict[str, str | None]:
    v = view(g)
    return {t["id"]: t["double_words"] for t in v["trains"] if t["open_double"]}


def test_a_dead_double_is_said_to_block_nothing():
    recs = {r["id"]: r for r in map(json.loads, (DATA / "mined_faults.jsonl").read_text()
                                    .splitlines())}
    rec = recs["m-open-trains-b41b00d55b"]
    g = from_data(json.loads(json.dumps(rec)), rec["id"]).start()
    assert g.dead_double_trains
    said = _words(g)
    assert said and all("nobody can cover it" in w for w in said.values() if w), said


def test_the_players_own_new_double_is_not_to_be_covered_first():
    g = Game.from_position(json.loads((DATA / "bonus_drawn_position.json").read_text()))
    said = _words(g)
    assert list(said.values()) == ["Cy's new double: Cy plays again"]
    # once the turn is over the same double blocks every train
    g.push(next(m for m in g.legal_moves if m.kind == "pass"))
    assert list(_words(g).values()) == ["open double: cover it first"]
