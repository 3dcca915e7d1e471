"""Random-play soak: many rounds across presets, options, sets and table sizes.

Every round is dealt from a seed with a random table (preset, up to four option
overrides, set, number of players) and played by ``RandomBot``; after every move the
engine's invariants are checked:

- every tile of the set is in exactly one place;
- a round in play offers at least one legal move, each listed once and judged legal
  by ``explain``; a sample of other moves is judged consistently with the list;
- a refused move raises ``IllegalMoveError`` and leaves the position and history
  untouched;
- the round ends within a generous bound of moves; a blocked round ends only when no
  player could play (R-END-2), and scores are the pips left (R-SCORE-1);
- the round saves and loads back to the same position (sampled).

Any exception or broken invariant is recorded with the table and seed that reproduce
it; the run goes on. ``./dev soak N`` runs N rounds and prints the figures;
``tests/test_soak.py`` runs 2,000 in CI.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from mtlearn import PRESETS, SETS, Game, IllegalMoveError, Move, RandomBot, Tile, full_set
from mtlearn.core.errors import MtlearnError, RulesError
from mtlearn.core.rules import OPTION_CHOICES, max_players, set_size
from mtlearn.engine.variants import VARIANTS

#: Options a table may override (values drawn from these).
OPTIONS: dict[str, tuple[Any, ...]] = {
    **{k: v for k, v in OPTION_CHOICES.items() if k not in ("deal", "tie_break")},
    "unsatisfiable_double_blocks": (False, True),
    "may_decline": (False, True),
    "wild_blanks": (False, True),
    "penalty_tiles": (0, 1, 2, 3),
    # the variants that reshape play (issue 13), read from their table; partnerships at a
    # table other than 4, 6 or 8 players are refused by the rules and skipped
    **{cls.option: (False, True) for cls in VARIANTS},
}


#: Verdicts and a refused move are checked every this many moves.
CHECK_EVERY = 5


@dataclass
class Failure:
    """One broken invariant or unexpected exception, with what reproduces it."""

    table: dict[str, Any]
    seed: int
    move_no: int
    what: str

    def __str__(self) -> str:
        return (f"seed {self.seed}, move {self.move_no}, {self.table}: {self.what}")


@dataclass
class Report:
    """What a soak run did and found."""

    rounds: int = 0
    moves: int = 0
    blocked: int = 0
    refusals_checked: int = 0
    saves_checked: int = 0
    seconds: float = 0.0
    invalid_tables: int = 0
    presets: Counter[str] = field(default_factory=Counter)
    sets: Counter[int] = field(default_factory=Counter)
    options: Counter[str] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)

    def summary(self) -> str:
        rate = self.rounds / self.seconds if self.seconds else 0.0
        lines = [
            f"soak: {self.rounds} rounds, {self.moves} moves in {self.seconds:.1f} s "
            f"({rate:.0f} rounds/s, checks included)",
            f"  blocked rounds: {self.blocked} ({100 * self.blocked / max(self.rounds, 1):.1f}%)"
            f"; refused moves checked: {self.refusals_checked}; saves reloaded: "
            f"{self.saves_checked}; tables the rules refuse (skipped): {self.invalid_tables}",
            "  presets: " + ", ".join(f"{k} {v}" for k, v in sorted(self.presets.items())),
            "  sets: " + ", ".join(f"double-{k} {v}" for k, v in sorted(self.sets.items())),
            "  option overrides: " + ", ".join(f"{k} {v}" for k, v in
                                               sorted(self.options.items())),
            f"  failures: {len(self.failures)}",
        ]
        lines += [f"    {f}" for f in self.failures[:20]]
        return "\n".join(lines)


def random_table(rng: random.Random) -> dict[str, Any]:
    """A preset with up to four option overrides, a set and a number of players."""
    table: dict[str, Any] = {"preset": rng.choice(sorted(PRESETS))}
    for name in rng.sample(sorted(OPTIONS), rng.randint(0, 4)):
        table[name] = rng.choice(OPTIONS[name])
    table["set"] = rng.choice(SETS)
    table["players"] = rng.randint(2, max_players(table["set"]))
    return table


_SETS: dict[int, list[Tile]] = {n: full_set(n) for n in SETS}
_FULL: dict[int, frozenset[Tile]] = {n: frozenset(full_set(n)) for n in SETS}


def _check_tiles(game: Game) -> str | None:
    seen: list[Tile] = [Tile(game.engine, game.engine), *game.bone]
    for hand in game.hands:
        seen += hand
    for t in game.trains:
        seen += t.tiles
    if len(seen) != len(_FULL[game.set_max]) or set(seen) != _FULL[game.set_max]:
        return "tiles lost or doubled"
    return None


def fingerprint(game: Game) -> tuple[Any, ...]:
    """The whole state of the round as a tuple (cheaper than ``to_position``)."""
    return (tuple(map(tuple, game.hands)), tuple(game.bone),
            tuple((tuple(t.tiles), tuple(t.inward), t.end, t.marker) for t in game.trains),
            tuple(game.open_doubles), game.current, tuple(game.turn_doubles), game.bonus,
            game.drawn, game.declined, game.played, game.passes, tuple(game.announced),
            tuple(game.first_done), game.turns_taken, game.pending_penalty, game.over,
            game.out, game.blocked, tuple(map(tuple, game.scores)), tuple(game.history),
            tuple(game.notes))


def _fits_somewhere(game: Game, seat: int) -> bool:
    """True if ``seat`` holds a tile that fits a train open to it (R-END-2's test)."""
    g = game.copy()
    g.over = False
    g.current = seat
    g.drawn = None
    g.bonus = False
    g.turn_doubles = []
    g.played = 0
    g._ver += 1
    return bool(g._plays())


def _candidates(game: Game, rng: random.Random) -> list[Move]:
    seat = game.current
    tiles = list(game.hands[seat]) + rng.sample(_SETS[game.set_max], 2)
    out = [Move("draw"), Move("pass"), Move("uno"), Move("end")]
    for _ in range(3):
        tile = rng.choice(tiles)
        out.append(Move("play", tile, rng.choice(game.train_keys()),
                        rng.choice((tile.high, tile.low))))
    if game.rules.branching:        # R-VAR-BRANCH: a play on a branch that may exist
        key = rng.choice(game.train_keys())
        paths = [b.path for b in game.branches(key)] + ["1a", "9b.1a"]
        tile = rng.choice(tiles)
        out.append(Move("play", tile, key, rng.choice((tile.high, tile.low)),
                        rng.choice(paths)))
    return out


def play_round(game: Game, table: dict[str, Any], seed: int, report: Report,
               rng: random.Random) -> None:
    """Play one round with invariant checks, recording failures in ``report``."""
    bot = RandomBot(seed)
    bound = 8 * (set_size(game.set_max) + game.n) * (game.n + 2)
    move_no = 0

    def fail(what: str) -> None:
        report.failures.append(Failure(table, seed, move_no, what))

    while not game.over:
        if move_no > bound:
            fail(f"the round did not end within {bound} moves")
            return
        legal = list(game.legal_moves)
        if not legal:
            fail("no legal move in a round in play")
            return
        if len(set(legal)) != len(legal):
            fail(f"a legal move listed twice: {legal}")
        if move_no % CHECK_EVERY == 0:
            for m in rng.sample(legal, min(2, len(legal))):
                v = game.explain(m)
                if not v.legal or v.move != m:
                    fail(f"{m} is listed as legal but explain says {v}")
            refused = None
            for m in _candidates(game, rng):
                v = game.explain(m)
                if v.legal != (v.move in legal if m.kind == "play" else m in legal):
                    fail(f"explain({m}) says legal={v.legal} but the legal list disagrees")
                if not v.legal:
                    refused = m
            if refused is not None:
                before = fingerprint(game)
                try:
                    game.push(refused)
                except IllegalMoveError:
                    pass
                else:
                    fail(f"{refused} was refused by explain but push played it")
                    return
                report.refusals_checked += 1
                if fingerprint(game) != before:
                    fail(f"the refused move {refused} changed the game")
                    return
        move = bot.choose(game)
        game.push(move)
        move_no += 1
        report.moves += 1
        bad = _check_tiles(game)
        if bad:
            fail(bad)
            return
    scores = game.scores[-1]
    want = [game.pips(s) for s in range(game.n)]
    if game.rules.teams and game.out is not None:
        # R-VAR-TEAMS: the team of the player who went out scores 0, partner included
        want[game.out] = want[(game.out + game.n // 2) % game.n] = 0
    if scores != want:
        fail(f"scores {scores} are not the pips left in hand ({want})")
    if game.out is not None:
        if game.hands[game.out] or scores[game.out] != 0:
            fail("the player out still holds tiles")
    elif game.blocked:
        report.blocked += 1
        if game.bone:
            fail("a blocked round with tiles left in the boneyard")
        if not game.rules.may_decline:
            able = [s for s in range(game.n) if _fits_somewhere(game, s)]
            if able:
                fail(f"the round was called blocked but seat(s) {able} could still play")
    if rng.random() < 0.1:
        report.saves_checked += 1
        again = Game.from_json(game.to_json())
        if again.to_position() != game.to_position() or again.history != game.history:
            fail("the saved round does not load back to the same position")


def soak(rounds: int, seed: int = 0, *, progress: bool = False) -> Report:
    """Play ``rounds`` random rounds (random tables) and return what was found."""
    rng = random.Random(seed)
    report = Report()
    start = time.perf_counter()
    while report.rounds < rounds:
        table = random_table(rng)
        round_seed = rng.randrange(2**32)
        opts = {k: v for k, v in table.items() if k not in ("set", "players")}
        try:
            game = Game.new(table["players"], set=table["set"], rules=opts, seed=round_seed)
        except RulesError:
            report.invalid_tables += 1      # e.g. a hand size the set cannot deal
            continue
        report.rounds += 1
        report.presets[table["preset"]] += 1
        report.sets[table["set"]] += 1
        for k in opts:
            if k != "preset":
                report.options[k] += 1
        try:
            play_round(game, table, round_seed, report, rng)
        except MtlearnError as e:
            report.failures.append(Failure(table, round_seed, len(game.history),
                                           f"{type(e).__name__}: {e}"))
        except Exception as e:  # recorded with what reproduces it; the soak goes on
            tb = traceback.format_exception(e)[-3:]
            report.failures.append(Failure(table, round_seed, len(game.history),
                                           f"{type(e).__name__}: {e} | {' '.join(tb)}"))
        if progress and report.rounds % 1000 == 0:
            print(f"  {report.rounds} rounds…", file=sys.stderr)
    report.seconds = time.perf_counter() - start
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random-play soak of the mtlearn engine.")
    parser.add_argument("rounds", nargs="?", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    report = soak(args.rounds, args.seed, progress=True)
    print(report.summary())
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
