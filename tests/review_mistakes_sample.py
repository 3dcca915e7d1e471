"""A seeded sample of the round review's mistakes, written out for a reviewer (issue 41).

    .venv/bin/python tests/review_mistakes_sample.py N FIRST_ROUND OUTDIR

Plays beginner rounds (``benchmarks/review.py``'s: seat 1 plays a random move one time in
three, else the greedy bot's, against three planners; rounds ``FIRST_ROUND`` on), reviews
seat 1's round as a learner's is reviewed (``review_round``), and writes each mistake found,
up to ``N``, to ``OUTDIR/NN-round-R-move-M.md``: what the learner reads (what happened, the
better move, why), the position in full (the seat's hand and what it could see, and apart,
the hidden hands and boneyard it could not), every legal move's mean round points over the
review's deals, and the engine's answer to each legal move tried in "Find a better move".
``OUTDIR/INDEX.md`` lists them. Not a test: a reviewer reads these beside ../shared/RULES.md
as a strong player would, and may run the engine to check a claim.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from review import beginner_round  # noqa: E402  (benchmarks/review.py)

from mtlearn.engine.game import Game  # noqa: E402
from mtlearn.play.review import Mistake, position_before, review_round  # noqa: E402


def board(g: Game, seat: int) -> list[str]:
    """The position in words: what ``seat`` could see, then what it could not."""
    pos = g.to_position()
    lines = [f"- set double-{g.set_max}, engine {g.engine}-{g.engine}, "
             f"{g.players[g.current]} to play (seat {g.current + 1})",
             f"- {g.players[seat]}'s hand: {', '.join(pos['hands'][seat])}"]
    for k, tiles in pos["trains"].items():
        lines.append(f"- train {k}: {' '.join(tiles) or '(not started)'}")
    lines.append(f"- markers on: {pos.get('markers', [])}; open doubles (trains): "
                 f"{[g.line_code(i) for i in g.open_doubles]}; doubles laid this turn: "
                 f"{[g.line_code(i) for i in g.turn_doubles]}")
    lines.append("- tiles in the other hands: " + ", ".join(
        f"{g.players[s]} {len(g.hand(s))}" for s in range(g.n) if s != seat))
    lines.append(f"- boneyard: {len(pos.get('boneyard', []))} tiles; this turn: "
                 f"{pos.get('turn')}")
    lines.append("")
    lines.append(f"Hidden from {g.players[seat]} (for the reviewer only):")
    for s, hand in enumerate(pos["hands"]):
        if s != seat:
            lines.append(f"- {g.players[s]} holds: {', '.join(hand) or '(none)'}")
    lines.append(f"- boneyard, top first: {', '.join(pos.get('boneyard', []))}")
    return lines


def write_one(i: int, r: int, m: Mistake, game: Game, out: Path) -> str:
    """Write mistake ``m`` of round ``r`` as file number ``i``; its name."""
    before = position_before(game, m.turn)
    name = f"{i:02d}-round-{r}-move-{m.turn + 1}.md"
    lines = [f"# {name[:-3]}", "", "## What the learner reads", "",
             f"> {m.what}", ">", f"> {m.better_text}", ">", f"> {m.why}", "",
             f"(idea: `{m.idea}`; played `{m.played}`, better `{m.better}`, lost {m.lost} "
             f"over {m.deals} deals)", "", "## The position", "", *board(before, m.seat), "",
             "## Every legal move's mean round points over the review's fresh deals (lower is "
             "better; the played and better moves' over the final deals the learner reads)", ""]
    for move, points in m.values:
        mark = " (played)" if move == m.played else " (better)" if move == m.better else ""
        lines.append(f"- `{move}`{mark}: {points:.2f}")
    lines += ["", "## Find a better move: the answer to each legal move (weighed on deals of "
              "its own, as the book, the notebook and the class phones do)", ""]
    for move, _ in m.values:
        retry = m.judge(move, before)
        lines.append(f"- `{move}` ({retry.verdict}): {retry.text}")
    (out / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return name


def main(argv: list[str]) -> int:
    """Write the sample (``argv``: N FIRST_ROUND OUTDIR)."""
    if len(argv) != 3:
        print(__doc__)
        return 2
    count, first, out = int(argv[0]), int(argv[1]), Path(argv[2])
    out.mkdir(parents=True, exist_ok=True)
    names: list[str] = []
    r = first
    while len(names) < count:
        game = beginner_round(r, None)
        for m in review_round(game, 0, seed=r).mistakes:
            if len(names) < count:
                names.append(write_one(len(names) + 1, r, m, game, out))
        r += 1
    (out / "INDEX.md").write_text(
        f"# {len(names)} mistakes from beginner rounds {first} to {r - 1}\n\n"
        + "".join(f"- {n}\n" for n in names), encoding="utf-8")
    print(f"{len(names)} mistakes from rounds {first} to {r - 1} in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
