"""Simulations: many seeded matches or rounds between bots, as a tidy table.

:func:`simulate` plays N matches (or N single rounds) with the chosen bots, rules and
table size, spread over every core, and returns one row per player per game::

    >>> from mtlearn.play.sim import simulate, summarize
    >>> rows = simulate("planner,greedy,greedy", rounds=6, processes=1, progress=False,
    ...                 frame=False)
    >>> len(rows), sorted(rows[0])[:4]
    (18, ['blocked', 'bot', 'deal', 'entry'])
    >>> [r["bot"] for r in summarize(rows)]
    ['greedy', 'planner']

The results depend only on the arguments, never on the number of processes: each
game is dealt from its own seed. ``dask="tcp://HOST:8786"`` plays the games on a Dask
cluster instead (``mtlearn sim --dask ADDRESS``; dask is imported only then): the same
rows, in the same order, whatever the number of workers.

With ``rotate`` (the default) each deal is played once per seat arrangement, the
bots' seats rotated by one each time, so every bot meets the same hands from every
seat and a difference between bots is not luck of the deal. The progress bar is drawn
by tqdm when it is installed (in a notebook as a widget, on a terminal as text); the
rows are a pandas DataFrame when pandas is installed, a list of dicts otherwise
(``frame`` chooses).
"""

from __future__ import annotations

import copy
import math
import os
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, cast

from ..core.rules import Rules, preset
from ..engine.game import Game
from .bots import BOT_NAMES, Bot, make_bot, play_round

__all__ = ["BotSpec", "dask_client", "simulate", "summarize", "wilson_interval"]

#: A bot for :func:`simulate`: a name (``"planner"``, ``"greedy"``, ``"random"``), a class
#: or zero-argument factory, or a bot object (copied afresh for every game).
BotSpec = str | Callable[[], Bot] | Bot


@dataclass(frozen=True)
class _Config:
    bots: tuple[Any, ...]
    labels: tuple[str, ...]
    unit: str                    # "match" or "round"
    rules: Rules
    set_max: int | None
    seed: int | str
    rotate: bool


def _label(spec: Any) -> str:
    if isinstance(spec, str):
        return spec.strip().lower()
    if isinstance(spec, type):
        name = spec.__name__
    else:
        name = type(spec).__name__
    return name[:-3].lower() if name.endswith("Bot") and len(name) > 3 else name


def _bot(spec: Any, seed: str) -> Bot:
    if isinstance(spec, str):
        return make_bot(spec, seed)
    if isinstance(spec, type) or not hasattr(spec, "choose"):
        return cast(Bot, spec())
    return cast(Bot, copy.deepcopy(spec))


def _parse_bots(bots: str | Sequence[BotSpec], players: int | None) -> list[Any]:
    if isinstance(bots, str):
        specs: list[Any] = [b for b in (x.strip() for x in bots.split(",")) if b]
    else:
        specs = list(bots)
    if not specs:
        raise ValueError("simulate() needs at least one bot")
    for s in specs:
        if isinstance(s, str) and s.strip().lower() not in BOT_NAMES:
            raise ValueError(f"unknown bot {s!r}: choose from {', '.join(BOT_NAMES)}, or pass "
                             f"a bot object or class")
        if not isinstance(s, str) and not callable(s) and not hasattr(s, "choose"):
            raise ValueError(f"{s!r} is not a bot: a bot has a choose(game) method")
    if players is not None:
        if len(specs) == 1:
            specs = specs * players
        elif len(specs) != players:
            raise ValueError(f"{len(specs)} bots for {players} players: give one bot per "
                             f"player, or a single bot for every seat")
    if len(specs) < 2:
        raise ValueError("a game needs at least 2 players: give one bot per player, or "
                         "players=N")
    return specs


def _play(i: int, cfg: _Config) -> list[dict[str, Any]]:
    """Play game number ``i`` and return its rows (runs in a worker process)."""
    n = len(cfg.bots)
    shift = i % n if cfg.rotate else 0
    deal = i // n if cfg.rotate else i
    entries = [(s - shift) % n for s in range(n)]          # entry seated at each seat
    seat_bots = [_bot(cfg.bots[e], f"{cfg.seed}/{i}/{s}") for s, e in enumerate(entries)]
    game = Game.new(n, set=cfg.set_max, rules=cfg.rules, seed=f"{cfg.seed}-{deal}")
    first = game.current
    moves = blocked = 0
    outs = [0] * n
    while True:
        play_round(game, seat_bots)
        moves += len(game.history)
        blocked += game.blocked
        if game.out is not None:
            outs[game.out] += 1
        if cfg.unit == "round" or game.is_match_over:
            break
        game.next_round()
    rows = []
    if cfg.unit == "round":
        scores = game.scores[-1]
        best = min(scores)
        winners = [s for s in range(n) if scores[s] == best]
    else:
        winners = game.winners
        places = {seat: place for place, seat, _ in game.standings()}
    for s in range(n):
        row: dict[str, Any] = {
            "game": i, "deal": deal, "seat": s + 1, "player": game.players[s],
            "entry": entries[s], "bot": cfg.labels[entries[s]],
            "order": (s - first) % n,
        }
        if cfg.unit == "round":
            row.update(score=game.scores[-1][s], out=game.out == s, won=s in winners,
                       win_share=1 / len(winners) if s in winners else 0.0,
                       blocked=game.blocked, moves=moves, turns=game.turns_taken)
        else:
            row.update(total=game.totals[s], place=places[s], won=s in winners,
                       win_share=1 / len(winners) if s in winners else 0.0,
                       rounds=game.round_no, rounds_out=outs[s], blocked=blocked,
                       moves=moves)
        rows.append(row)
    return rows


def _play_games(start: int, stop: int, cfg: _Config) -> list[list[dict[str, Any]]]:
    """The rows of games ``start`` to ``stop - 1``, game by game (a task on a Dask worker)."""
    return [_play(i, cfg) for i in range(start, stop)]


#: Seconds :func:`simulate` (and the miner) wait for a Dask scheduler to answer before
#: they give up.
CONNECT_TIMEOUT = 30.0


def dask_client(address: str, timeout: float | None = None, *, what: str = "a simulation") -> Any:
    """A ``dask.distributed.Client`` connected to the scheduler at ``address``, for
    :func:`simulate` and the miner (``mtlearn puzzles mine --dask``) alike; use it in a
    ``with`` block. ``what`` names the work in the message when dask is not installed.

    Raises:
        RuntimeError: dask.distributed is not installed, or the scheduler at ``address``
            did not answer within ``timeout`` seconds (default :data:`CONNECT_TIMEOUT`)
            or the address is not one (the message names the address).
    """
    try:
        from dask.distributed import Client
    except ImportError:
        raise RuntimeError(f"{what} on a Dask cluster needs dask.distributed: pip "
                           "install 'mexican-train-learn[mine]'") from None
    wait = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        return Client(address, timeout=wait)  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError) as e:
        raise RuntimeError(f"cannot reach the Dask scheduler at {address!r}: "
                           f"{' '.join(str(e).split())}") from None


def _on_cluster(address: str, cfg: _Config, count: int, timeout: float | None,
                take: Callable[[Iterable[list[dict[str, Any]]]], None]) -> None:
    """Play the ``count`` games on the Dask cluster at ``address`` in chunks of consecutive
    games; ``take`` is given each game's rows in game order (the chunks run in any order)."""
    with dask_client(address, timeout) as client:
        threads = max(1, sum(client.nthreads().values()))
        chunk = max(1, min(50, count // (threads * 8)))
        futures: list[Any] = [client.submit(_play_games, a, min(a + chunk, count), cfg,
                                            pure=False) for a in range(0, count, chunk)]

        def in_order() -> Iterator[list[dict[str, Any]]]:
            for k, future in enumerate(futures):
                part = future.result()
                futures[k] = None          # its rows are here: the cluster may forget them
                yield from part

        take(in_order())


def _progress(it: Iterable[list[dict[str, Any]]], total: int, show: bool,
              desc: str) -> Iterator[list[dict[str, Any]]]:
    if show:
        try:
            from tqdm.auto import tqdm  # type: ignore[import-untyped,unused-ignore]
        except ImportError:  # tqdm is optional: no bar without it
            pass
        else:
            yield from tqdm(it, total=total, desc=desc, unit="game", smoothing=0.1)
            return
    yield from it


def simulate(bots: str | Sequence[BotSpec], *, matches: int | None = None,
             rounds: int | None = None, players: int | None = None,
             rules: Rules | str | dict[str, Any] = "standard", set: int | None = None,
             seed: int | str = 0, rotate: bool = True, processes: int | None = None,
             progress: bool = True, frame: bool | None = None, dask: str | None = None,
             timeout: float | None = None, skip: Collection[int] = (),
             each: Callable[[list[dict[str, Any]]], None] | None = None) -> Any:
    """Play ``matches`` whole matches or ``rounds`` single rounds between ``bots``.

    Args:
        bots: one bot per seat: names (``"planner,greedy,greedy,greedy"`` or a list),
            bot classes or bot objects. With ``players`` a single bot fills every seat.
        matches, rounds: how many games to play (give exactly one). A "round" is the
            first round of a freshly dealt match.
        players: table size, when a single bot is given.
        rules: a :class:`~mtlearn.Rules`, a preset name, or ``{"preset": …, option: …}``.
        set: the highest double (default: the usual set for the table size).
        seed: the results are a function of the seed (and the other arguments).
        rotate: play each deal once per seat arrangement, rotating the bots' seats.
        processes: worker processes (default: every core; 1 plays in this process).
            Not used with ``dask``.
        progress: show a tqdm progress bar (when tqdm is installed).
        frame: return a pandas DataFrame (True), a list of dicts (False), or a
            DataFrame exactly when pandas is installed (None).
        dask: the address of a Dask scheduler (``"tcp://HOST:8786"``) to play the games
            on its workers instead of local processes: the same rows. The workers need
            mtlearn (the same version) and ``dask.distributed``; the games are pure
            Python, so give each worker process one thread (``dask worker ADDRESS
            --nworkers N --nthreads 1``).
        timeout: seconds to wait for the Dask scheduler to answer (default
            ``CONNECT_TIMEOUT``, 30); a game may take as long as it takes.
        skip: game numbers (``0`` to ``count - 1``, the rows' ``game``) not to play, say
            those a run that stopped has kept already: each game is the same whichever
            others are played. Not with ``dask``.
        each: called with a game's rows as each game ends, in game order (in this
            process), so that a long run can keep them as it goes.

    Returns:
        One row per player per game. Every row has ``game``, ``deal``, ``seat``
        (1-based), ``player``, ``entry`` (index into ``bots``), ``bot`` (its name),
        ``order`` (0 for the player who moved first in the first round), ``won``
        and ``win_share`` (1/k when k players share first place), ``blocked`` and
        ``moves``. Rounds add ``score``, ``out`` and ``turns``; matches add
        ``total``, ``place``, ``rounds`` and ``rounds_out`` (rounds the player went
        out in); for matches ``blocked`` counts the blocked rounds.

    Raises:
        ValueError: bad arguments (bots, counts, rules, table).
        RuntimeError: ``dask`` given, but dask is not installed or the scheduler at that
            address cannot be reached (the message names the address).
    """
    if (matches is None) == (rounds is None):
        raise ValueError("give either matches=N or rounds=N")
    count = matches if matches is not None else rounds
    unit = "match" if matches is not None else "round"
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise ValueError(f"{unit}es must be a positive whole number, not {count!r}"
                         if unit == "match" else
                         f"rounds must be a positive whole number, not {count!r}")
    specs = _parse_bots(bots, players)
    rules_obj = rules if isinstance(rules, Rules) else (
        preset(rules) if isinstance(rules, str) else Rules.from_dict(rules))
    # fail here, not in a worker, on a bad table (players, set, rules)
    Game.new(len(specs), set=set, rules=rules_obj, seed=0)
    cfg = _Config(tuple(specs), tuple(_label(s) for s in specs), unit, rules_obj, set,
                  seed, rotate)
    procs = (os.cpu_count() or 1) if processes is None else processes
    if not isinstance(procs, int) or procs < 1:
        raise ValueError(f"processes must be a positive whole number, not {processes!r}")
    procs = min(procs, count)
    skipped = frozenset(skip)       # (``set`` is the set's highest double here)
    games = [i for i in range(count) if i not in skipped]
    if skip and dask is not None:
        raise ValueError("skip is for local processes: leave it out with dask")
    work = partial(_play, cfg=cfg)
    desc = f"{count} {unit}" + ("" if count == 1 else "es" if unit == "match" else "s")
    rows: list[dict[str, Any]] = []

    def take(parts: Iterable[list[dict[str, Any]]]) -> None:
        for part in _progress(parts, len(games), progress, desc):
            rows.extend(part)
            if each is not None:
                each(part)

    if dask is not None:
        _on_cluster(dask, cfg, count, timeout, take)
    elif procs == 1 or len(games) <= 1:
        take(map(work, games))
    else:
        import multiprocessing

        # a game at a time when its rows are kept as it ends (a chunk's come back together)
        chunk = 1 if each is not None else max(1, min(50, len(games) // (procs * 8)))
        with multiprocessing.Pool(min(procs, len(games))) as pool:
            take(pool.imap(work, games, chunksize=chunk))
    return _as_table(rows, frame)


def _as_table(rows: list[dict[str, Any]], frame: bool | None) -> Any:
    if frame is False:
        return rows
    try:
        import pandas as pd  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        if frame:
            raise ImportError("frame=True needs pandas: pip install pandas") from None
        return rows
    return pd.DataFrame(rows)


def _records(rows: Any) -> list[dict[str, Any]]:
    if hasattr(rows, "to_dict") and not isinstance(rows, dict):
        return list(rows.to_dict("records"))
    return list(rows)


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """A confidence interval for a win rate (Wilson score interval; 95 % by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    den = 1 + z * z / n
    return (max(0.0, (centre - half) / den), min(1.0, (centre + half) / den))


def summarize(rows: Any, by: str = "bot") -> list[dict[str, Any]]:
    """Win rates from :func:`simulate` rows, grouped by ``by`` (``"bot"``, ``"order"`` …).

    Each group gives ``games`` (player-games), ``wins`` (shared first places count
    as fractions), ``win_rate`` with a 95 % Wilson interval (``ci_low``,
    ``ci_high``), the ``mean_score`` (round score or match total: lower is better)
    and ``out_rate``, how often the player went out (a share of rounds).
    """
    records = _records(rows)
    groups: dict[Any, list[dict[str, Any]]] = {}
    for r in records:
        groups.setdefault(r[by], []).append(r)
    out = []
    for key in sorted(groups, key=lambda k: (str(type(k)), k)):
        rs = groups[key]
        n = len(rs)
        wins = sum(float(r["win_share"]) for r in rs)
        lo, hi = wilson_interval(wins, n)
        score_key = "score" if "score" in rs[0] else "total"
        if "out" in rs[0]:
            outs, rounds = sum(bool(r["out"]) for r in rs), n
        else:
            outs, rounds = sum(int(r["rounds_out"]) for r in rs), sum(int(r["rounds"])
                                                                     for r in rs)
        out.append({by: key, "games": n, "wins": round(wins, 3), "win_rate": wins / n,
                    "ci_low": lo, "ci_high": hi,
                    "mean_score": sum(float(r[score_key]) for r in rs) / n,
                    "out_rate": outs / rounds if rounds else 0.0})
    return out

