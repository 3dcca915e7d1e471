"""A seeded sample of a mined puzzle set, written out for a reviewer (issue 38's review).

    .venv/bin/python tests/review_sample.py SET.jsonl.gz N SEED OUTDIR

Draws ``N`` puzzles over every theme (round robin over the sets of themes, each drawn at
random with ``SEED``) and writes, for each, ``OUTDIR/NN-<id>.md``: what the learner reads,
with rule ids in words as the book shows them (rule_words.in_words), the ids beside them,
the position in full (every hand, the trains, markers, open doubles, the boneyard), the
engine's legal moves with its reasons, every answer the engine accepts, and, for "fewest
points" puzzles, the whole turns' values. ``OUTDIR/INDEX.md`` lists them. Not a test: a
reviewer reads these beside ../shared/RULES.md and may run the engine to check a claim.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mtlearn.content.mining_claims import _turn_values
from mtlearn.content.puzzle_files import from_data
from mtlearn.core.notation import train_code
from mtlearn.core.rule_words import in_words


def sample(recs: list[dict], n: int, seed: int) -> list[dict]:
    """``n`` records, round robin over their sets of themes, each set shuffled by ``seed``."""
    rng = random.Random(seed)
    by: dict[str, list[dict]] = defaultdict(list)
    for r in recs:
        by[json.dumps(sorted(r["themes"]))].append(r)
    groups = sorted(by)
    rng.shuffle(groups)
    for g in groups:
        rng.shuffle(by[g])
    out: list[dict] = []
    while len(out) < min(n, len(recs)):
        for g in groups:
            if by[g] and len(out) < n:
                out.append(by[g].pop())
    return out


def board(g) -> list[str]:  # type: ignore[no-untyped-def]
    pos = g.to_position()
    lines = [f"- set double-{g.set_max}, round {pos.get('round', 1)}, engine "
             f"{pos.get('engine', g.engine_of(pos.get('round', 1)))}-"
             f"{pos.get('engine', g.engine_of(pos.get('round', 1)))}, "
             f"{g.players[g.current]} to play (seat {g.current + 1})"]
    for s, hand in enumerate(pos["hands"]):
        lines.append(f"- {g.players[s]} (seat {s + 1}) holds: {', '.join(hand) or '(none)'}")
    for k, tiles in pos["trains"].items():
        lines.append(f"- train {k}: {' '.join(tiles) or '(not started)'}")
    lines.append(f"- markers on: {pos.get('markers', [])}; open doubles (train keys, first "
                 f"laid first): {g.open_double_trains}; dead doubles: {g.dead_double_trains}")
    lines.append(f"- boneyard: {len(pos.get('boneyard', []))} tiles; this turn: "
                 f"{pos.get('turn')}")
    return lines


def write_one(i: int, rec: dict, out: Path) -> str:
    p = from_data(json.loads(json.dumps(rec)), rec["id"])
    g = p.start()
    said = [f"# {i:02d} {rec['id']}", "",
            f"kind {rec['kind']}, rules {rec['rules']}, themes {rec['themes']}, rating "
            f"{rec['rating']} (level {rec['level']}), teaches {rec['teaches']}", "",
            "## What the learner reads (rule ids in words, as the book shows them)", "",
            f"**{rec['title']}**", "", in_words(rec["question"]), ""]
    said += [f"- hint {k + 1}: {in_words(h)}" for k, h in enumerate(rec["hints"])]
    said += ["", f"Answer shown: `{json.dumps(rec['answer'])}`", "",
             f"Explanation: {in_words(rec['explain'])}", ""]
    said += [f"- a tempting wrong answer `{json.dumps(w['answer'])}`, expected to be refused "
             f"with {w.get('expect')}: the judge says "
             f"\"{in_words(p.judge(w['answer']).text)}\"" for w in rec.get("wrong", [])]
    said += ["", "## The same texts with rule ids", "", rec["question"], ""]
    said += [f"- hint {k + 1}: {h}" for k, h in enumerate(rec["hints"])]
    said += ["", rec["explain"], "", "## The position", "", *board(g), ""]
    if not g.over:
        said += ["## The engine: every tile of the player's hand on every train", ""]
        for t in g.hand(g.current):
            for k in g.train_keys():
                v = g.explain(f"{t}@{train_code(k)}")
                if g.train(k).open_end in (t.high, t.low) or v.legal:
                    said.append(f"- {t}@{train_code(k)}: {'legal' if v.legal else 'refused'}"
                                f" ({v.rule}) {v.text}")
        said += ["", f"Legal moves now: {[str(m) for m in g.legal_moves]}", ""]
    sols = p.solutions(limit=60)
    said += [f"## Every answer the engine accepts ({len(sols)}{'+' if len(sols) >= 60 else ''})",
             "", *(f"- `{json.dumps(s)}`" for s in sols[:60]), ""]
    if p.kind == "move" and p.goal.get("most_pips"):
        vals, complete = _turn_values(g)
        said += ["## Whole turns: the fewest points left after a turn starting with each "
                 "move (low, high: a turn ending in a draw counts the drawn tile at its "
                 f"lightest and heaviest){'' if complete else ' (not every turn searched)'}",
                 "", *(f"- {m}: {lo}..{hi}" for m, (lo, hi) in sorted(vals.items())), ""]
    name = f"{i:02d}-{rec['id']}.md"
    (out / name).write_text("\n".join(said) + "\n", encoding="utf-8")
    return name


def main(argv: list[str]) -> int:
    path, n, seed, out = Path(argv[0]), int(argv[1]), int(argv[2]), Path(argv[3])
    recs = [json.loads(line) for line in gzip.open(path, "rt", encoding="utf-8")]
    out.mkdir(parents=True, exist_ok=True)
    index = [f"# {n} of {len(recs)} puzzles of {path.name}, seed {seed}", ""]
    for i, rec in enumerate(sample(recs, n, seed), 1):
        index.append(f"- [{rec['id']}]({write_one(i, rec, out)}): {rec['themes']}")
    (out / "INDEX.md").write_text("\n".join(index) + "\n", encoding="utf-8")
    print(f"wrote {n} puzzles to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
