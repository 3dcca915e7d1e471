"""Golden transcripts: seeded bot matches that must replay move for move.

Each case plays a two-round match (random, greedy and planner bots in turn around the
table) under one preset or variant and compares every move, the totals and the saved
game with ``tests/data/golden.json``. The file was written by the engine before the
speed work of issue 11, so a faster engine that changes the order of the legal moves,
a deal, a bot's choice or a score fails here, naming the first move that differs.

After a deliberate change of behaviour, write the file anew with
``python tests/test_golden.py --write`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from mtlearn import Game, play_match
from mtlearn.play.bots import make_bot

GOLDEN = Path(__file__).with_name("data") / "golden.json"

CASES: list[dict[str, Any]] = [
    {"preset": preset, "players": players, "set": top}
    for preset in ("standard", "answer-double", "choose", "house", "table-b", "train-building")
    for players, top in ((2, 6), (4, 12), (6, 12))
] + [
    {"preset": "standard", option: True, "players": 4, "set": 9}
    for option in ("branching", "swan_drive", "teams", "wild_blanks")
]


def transcript(i: int, case: dict[str, Any]) -> dict[str, Any]:
    """Play case ``i`` and return what the golden file keeps of it."""
    rules = {k: v for k, v in case.items() if k not in ("players", "set")}
    game = Game.new(case["players"], set=case["set"], rules={**rules, "rounds": 2},
                    seed=f"golden-{i}")
    bots = [make_bot(("random", "greedy", "planner")[s % 3], seed=i * 10 + s)
            for s in range(game.n)]
    play_match(game, bots)
    saved = game.to_json(indent=None)
    rounds = [r["moves"] for r in json.loads(saved)["rounds"]]
    return {"case": case, "rounds": [" ".join(moves) for moves in rounds],
            "totals": game.totals, "saved_sha256": hashlib.sha256(saved.encode()).hexdigest()}


@pytest.fixture(scope="module")
def golden() -> list[dict[str, Any]]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize("i", range(len(CASES)),
                         ids=[f"{c['preset']}-{c['players']}p-d{c['set']}"
                              + "".join(f"-{k}" for k in c if k not in ("preset", "players", "set"))
                              for c in CASES])
def test_golden_transcript_replays_move_for_move(i: int, golden: list[dict[str, Any]]) -> None:
    want = golden[i]
    assert want["case"] == CASES[i]
    got = transcript(i, CASES[i])
    assert len(got["rounds"]) == len(want["rounds"]) == 2
    for r, (a, b) in enumerate(zip(got["rounds"], want["rounds"], strict=True)):
        mine, theirs = a.split(), b.split()
        first = next((k for k, (x, y) in enumerate(zip(mine, theirs, strict=False)) if x != y),
                     min(len(mine), len(theirs)))
        assert mine == theirs, (f"round {r + 1} differs from move {first + 1}: engine "
                                f"{mine[first:first + 3]}, golden {theirs[first:first + 3]}")
    assert got["totals"] == want["totals"]
    assert got["saved_sha256"] == want["saved_sha256"]


def test_golden_file_covers_every_case(golden: list[dict[str, Any]]) -> None:
    assert [g["case"] for g in golden] == CASES
    assert all(len(" ".join(g["rounds"]).split()) > 40 for g in golden)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    GOLDEN.write_text(json.dumps([transcript(i, c) for i, c in enumerate(CASES)], indent=1)
                      + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
