"""PlannerBot, the coach's hint and mtlearn.play.sim.

The property test plays whole rounds over every preset, set and table size with
PlannerBot in half the seats (random players in the others, so trains get marked and
doubles left open) and checks every move it picks against the engine.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mtlearn import PRESETS, SETS, Game, GreedyBot, RandomBot, Tile, full_set, longest_train
from mtlearn.cli import main
from mtlearn.core.rules import max_players
from mtlearn.play.bots import PlannerBot, _extend, _greedy_train, make_bot
from mtlearn.play.sim import simulate, summarize, wilson_interval
from mtlearn.present.view import hint_text, view

ROOT = Path(__file__).resolve().parent.parent


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, int, int]:
    name = draw(st.sampled_from(sorted(PRESETS)))
    n = draw(st.sampled_from(SETS))
    players = draw(st.integers(min_value=2, max_value=min(max_players(n), 8)))
    return name, n, players


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_planner_plays_only_legal_moves(table: tuple[str, int, int], seed: int) -> None:
    name, n, players = table
    game = Game.new(players, set=n, rules=name, seed=seed)
    planner = PlannerBot()
    bots = [planner if s % 2 == 0 else RandomBot(seed + s) for s in range(players)]
    for _ in range(20_000):
        if game.over:
            break
        bot = bots[game.current]
        if bot is planner:
            advice = planner.advise(game)
            assert advice.move in list(game.legal_moves), (advice, game.to_position())
            assert game.explain(advice.move).legal
            assert advice.reason and advice.idea
            game.push(advice.move)
        else:
            game.push(bot.choose(game))
    assert game.over


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), steps=st.integers(0, 60))
@example(seed=57207089, steps=20)  # a draw made 16 tiles: planned greedily, then exactly again
def test_the_kept_plan_is_a_longest_train(seed: int, steps: int) -> None:
    """The plan carried from move to move is as long as a fresh exact plan (hands <= 15)."""
    game = Game.new(4, seed=seed)
    bot = PlannerBot()
    for _ in range(steps):
        if game.over:
            return
        bot.plan(game)                      # keep the plan of whoever is to play
        game.push(bot.choose(game))
    if game.over:
        return
    seat = game.current
    hand = game.hand(seat)
    kept = bot.plan(game)
    chain_is_valid(kept, hand)
    if len(hand) <= 15:
        assert len(kept) == len(longest_train(hand, game.train(seat).open_end))


def chain_is_valid(plan, hand: list[Tile]) -> None:
    end = plan.start
    for tile, inward in plan.chain:
        assert inward == end and tile.has(inward)
        end = tile.other(inward)
    assert sorted([*plan.tiles, *plan.extras]) == sorted(hand)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_large_hands_get_a_valid_plan_quickly(data: st.DataObject) -> None:
    tiles = full_set(12)
    hand = data.draw(st.lists(st.sampled_from(tiles), min_size=1, max_size=40, unique=True))
    start = data.draw(st.integers(0, 12))
    greedy = _greedy_train(hand, start)
    chain_is_valid(greedy, hand)
    if len(hand) <= 12:
        assert len(greedy) <= len(longest_train(hand, start))
    rest = [t for t in tiles if t not in hand]
    new = data.draw(st.lists(st.sampled_from(rest), max_size=3, unique=True)) if rest else []
    extended = _extend(greedy, new)
    chain_is_valid(extended, [*hand, *new])
    assert len(extended) >= len(greedy)


def test_planner_beats_greedy_over_a_seeded_sample() -> None:
    rows = simulate("planner,greedy,greedy,greedy", rounds=80, seed=12, processes=1,
                    progress=False, frame=False)
    by_bot = {r["bot"]: r for r in summarize(rows)}
    planner, greedy = by_bot["planner"], by_bot["greedy"]
    # every deal is played from every seat, so this is skill, not the deal
    assert planner["games"] == 80 and greedy["games"] == 240
    assert planner["ci_low"] > 0.25 > greedy["ci_high"]
    assert planner["mean_score"] < greedy["mean_score"] / 2


def test_planner_is_deterministic_and_keeps_its_own_train_for_its_plan() -> None:
    game = Game.new(4, seed=1)
    plan = longest_train(game.hand(0), 12)
    a, b = PlannerBot().advise(game), PlannerBot().advise(game)
    assert a == b
    assert a.idea == "plan" and str(a.move) == "12-5@1" and plan.tiles[0] == Tile(12, 5)


def test_planner_sheds_extras_on_the_mexican_train() -> None:
    game = Game.from_position({"set": 9, "players": ["Ana", "Ben", "Cy"],
                               "trains": {"M": ["9-5"]},
                               "hands": [["9-3", "5-2", "3-4", "2-7"], ["1-5", "1-1", "0-0"],
                                         ["3-3", "5-4", "5-5"]]})
    advice = PlannerBot().advise(game)
    assert (str(advice.move), advice.idea) == ("5-2@M", "extra")


def test_planner_lays_a_double_it_can_cover_and_covers_it() -> None:
    game = Game.from_position({"set": 9, "players": ["Ana", "Ben", "Cy"],
                               "trains": {"M": ["9-5"]},
                               "hands": [["9-3", "5-5", "3-4", "5-7"], ["1-5", "1-1", "0-0"],
                                         ["3-3", "5-4", "2-2"]]})
    bot = PlannerBot()
    first = bot.advise(game)
    assert (str(first.move), first.idea) == ("5-5@M", "double")
    game.push(first.move)
    second = bot.advise(game)
    assert (str(second.move), second.idea) == ("5-7@M", "cover")


def test_planner_sheds_heavy_tiles_when_someone_is_nearly_out() -> None:
    hands = [["12-1", "1-4", "11-10", "4-3"], ["7-8"], ["3-3", "5-4", "2-2"]]
    game = Game.from_position({"set": 12, "players": ["Ana", "Ben", "Cy"],
                               "trains": {"M": ["12-11"]}, "hands": hands})
    advice = PlannerBot().advise(game)
    assert (str(advice.move), advice.idea) == ("11-10@M", "shed")
    calm = Game.from_position({"set": 12, "players": ["Ana", "Ben", "Cy"],
                               "trains": {"M": ["12-11"]},
                               "hands": [hands[0], ["7-8", "6-5", "9-0"], hands[2]]})
    assert PlannerBot().advise(calm).idea != "shed"


@pytest.mark.parametrize(("mexican", "hand", "move", "said"), [
    (["9-5"], ["5-2", "3-4", "2-7"], "5-2@M", "5-2 goes on the Mexican train"),
    # the tile is named as it is laid: 5-2 on the Mexican train's 2 is "2-5", as the move is
    (["9-2"], ["5-2", "3-4", "1-7"], "2-5@M", "2-5 goes on the Mexican train"),
    # a Mexican train not started yet is started
    ([], ["9-5", "3-4", "2-7"], "9-5@M",
     "9-5 goes on the Mexican train and starts the Mexican train"),
], ids=["extra", "as-laid", "starts"])
def test_extra_with_no_plan_says_so(mexican: list[str], hand: list[str], move: str,
                                    said: str) -> None:
    trains = {"1": ["9-8"], **({"M": mexican} if mexican else {})}
    game = Game.from_position({"set": 9, "players": ["Ana", "Ben", "Cy"], "trains": trains,
                               "hands": [hand, ["1-5", "1-1", "0-0"], ["3-3", "5-4", "5-5"]]})
    advice = PlannerBot().advise(game)
    assert str(advice.move) == move
    assert advice.reason == f"nothing in your hand continues your own train, so {said}"


def test_make_bot_names() -> None:
    assert isinstance(make_bot("Planner"), PlannerBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bot("clever")


# ---------------------------------------------------------------------- the hint
def test_hint_names_the_plan_as_chapter_9_does() -> None:
    game = Game.new(4, seed=1)            # Ana's hand in chapter 9
    hint = view(game)["hint"]
    assert hint.startswith("Try 12-5 on Ana's train: it keeps your planned train "
                           "12-5, 5-9, 9-2, 2-10")
    chapter = " ".join((ROOT / "tutorials" / "09-strategy.md").read_text("utf-8").split())
    assert "open your train with `12-5`" in chapter
    assert "press **Hint** for the coach" in chapter


def test_hint_names_the_open_double_to_cover() -> None:
    game = Game.from_position({"set": 12, "players": ["Ana", "Ben", "Cy"],
                               "trains": {"2": ["12-6", "6-6"]}, "open_doubles": ["2"],
                               "to_play": 1,
                               "hands": [["6-1", "12-1", "9-4", "4-3"], ["7-8", "1-1", "2-3"],
                                         ["3-3", "5-4", "5-5"]]})
    assert hint_text(game) == ("Try 6-1 on Ben's train: it covers the open 6-6 on Ben's "
                               "train before anyone else must.")


def test_hint_names_the_double_and_its_cover() -> None:
    game = Game.from_position({"set": 9, "players": ["Ana", "Ben", "Cy"],
                               "trains": {"M": ["9-5"]},
                               "hands": [["9-3", "5-5", "3-4", "5-7"], ["1-5", "1-1", "0-0"],
                                         ["3-3", "5-4", "2-2"]]})
    assert hint_text(game) == ("Try 5-5 on the Mexican train: the double 5-5 gives you "
                               "another play, and you hold 7-5 to cover it.")


def test_hint_for_a_marked_train_and_for_no_play() -> None:
    game = Game.from_position({"set": 12, "players": ["Ana", "Ben", "Cy"],
                               "trains": {"1": ["12-4"]}, "markers": [1],
                               "hands": [["4-1", "12-1", "6-4", "4-3"], ["7-8", "1-1", "2-3"],
                                         ["3-3", "5-4", "5-5"]]})
    assert hint_text(game) == ("Try 4-1 on Ana's train: it keeps your planned train 4-1, "
                               "1-12 and takes the marker off your train.")
    stuck = Game.from_position({"set": 12, "players": ["Ana", "Ben"],
                                "hands": [["3-4"], ["7-8"]]})
    assert hint_text(stuck) == stuck.explain("draw").reason


# ---------------------------------------------------------------------- simulations
def test_simulate_rows_are_tidy_reproducible_and_rotate_seats() -> None:
    kw = dict(rounds=8, seed=3, progress=False, frame=False)
    rows = simulate(["planner", "greedy", RandomBot(5), GreedyBot], processes=1, **kw)
    assert len(rows) == 32
    assert {r["bot"] for r in rows} == {"planner", "greedy", "random"}
    # each deal is played four times, the planner once from every seat
    planner_seats = sorted(r["seat"] for r in rows if r["entry"] == 0)
    assert planner_seats == [1, 1, 2, 2, 3, 3, 4, 4]
    assert [r["deal"] for r in rows[::4]] == [0, 0, 0, 0, 1, 1, 1, 1]
    for game in range(8):
        part = [r for r in rows if r["game"] == game]
        assert sum(r["win_share"] for r in part) == pytest.approx(1.0)
        assert sum(r["out"] for r in part) == (0 if part[0]["blocked"] else 1)
    assert simulate(["planner", "greedy", RandomBot(5), GreedyBot], processes=2, **kw) == rows
    # a run that skips the games another kept plays the others the same, handing each
    # game's rows over as it ends, in order
    for processes in (1, 2):
        seen: list[list[dict]] = []
        rest = simulate(["planner", "greedy", RandomBot(5), GreedyBot], processes=processes,
                        skip={0, 3, 4}, each=seen.append, **kw)
        assert rest == [r for r in rows if r["game"] not in (0, 3, 4)]
        assert [part[0]["game"] for part in seen] == [1, 2, 5, 6, 7]
        assert [r for part in seen for r in part] == rest


def test_simulate_matches_and_table_size() -> None:
    rows = simulate("greedy", players=3, matches=2, rules={"preset": "standard", "rounds": 2},
                    processes=1, progress=False, frame=False)
    assert len(rows) == 6
    assert all(r["rounds"] == 2 for r in rows)
    for game in (0, 1):
        part = [r for r in rows if r["game"] == game]
        assert sorted(r["place"] for r in part)[0] == 1
        assert any(r["won"] for r in part)


def test_simulate_frame_follows_pandas() -> None:
    try:
        import pandas
    except ImportError:
        rows = simulate("greedy,greedy", rounds=2, processes=1, progress=False)
        assert isinstance(rows, list)
        with pytest.raises(ImportError, match="pandas"):
            simulate("greedy,greedy", rounds=2, processes=1, progress=False, frame=True)
    else:
        table = simulate("greedy,greedy", rounds=2, processes=1, progress=False)
        assert isinstance(table, pandas.DataFrame) and len(table) == 4
        assert summarize(table)[0]["games"] == 4


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(bots="planner,greedy"), "either matches=N or rounds=N"),
    (dict(bots="planner,greedy", rounds=2, matches=2), "either matches=N or rounds=N"),
    (dict(bots="planner,wizard", rounds=2), "unknown bot 'wizard'"),
    (dict(bots="planner", rounds=2), "at least 2 players"),
    (dict(bots="planner,greedy", players=3, rounds=2), "2 bots for 3 players"),
    (dict(bots="planner,greedy", rounds=0), "positive whole number"),
    (dict(bots="planner,greedy", rounds=2, processes=0), "processes"),
    (dict(bots="planner,greedy", rounds=2, skip={1}, dask="tcp://127.0.0.1:9"),
     "skip is for local processes"),
])
def test_simulate_refuses_bad_arguments(kwargs, message) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        simulate(progress=False, **kwargs)


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0


def test_sim_command_prints_the_summary(capsys) -> None:
    code = main(["sim", "--bots", "planner,greedy,greedy,greedy", "--rounds", "8",
                 "--processes", "1", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("8 rounds of 4 players (rules: standard, seed 0, seats rotated)")
    assert re.search(r"^planner\s+8\s", out, re.M)
    assert re.search(r"^greedy\s+24\s", out, re.M)
    assert "95% interval" in out and "blocked:" in out


def test_sim_command_reports_bad_input(capsys) -> None:
    assert main(["sim", "--bots", "planner,clever", "--rounds", "2", "--quiet"]) == 2
    assert "unknown bot 'clever'" in capsys.readouterr().err
    assert main(["sim", "--bots", "greedy,greedy", "--rounds", "2", "--quiet",
                 "--option", "mexican_start"]) == 2
    assert "NAME=VALUE" in capsys.readouterr().err
    assert main(["sim", "--bots", "greedy,greedy", "--rounds", "1", "--quiet", "--processes",
                 "1", "--csv", "/nonexistent-dir/rows.csv"]) == 1
    assert "cannot write /nonexistent-dir/rows.csv" in capsys.readouterr().err


def test_sim_command_writes_csv(tmp_path, capsys) -> None:
    out = tmp_path / "rows.csv"
    assert main(["sim", "--bots", "planner,greedy", "--rounds", "3", "--quiet", "--processes",
                 "1", "--csv", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("game,deal,seat,player,entry,bot,order,score")
    assert len(lines) == 1 + 6


def test_simulate_needs_only_the_standard_library() -> None:
    """No tqdm, no pandas: no bar, a list of dicts, still over two processes."""
    import subprocess
    import sys

    script = (f"import sys; sys.path.insert(0, {str(ROOT)!r})\n"
              "from mtlearn.play.sim import simulate\n"
              "rows = simulate('planner,greedy', rounds=4, processes=2)\n"
              "assert isinstance(rows, list) and len(rows) == 8, rows\n"
              "assert not [m for m in sys.modules if m.split('.')[0] in ('tqdm', 'pandas')]\n"
              "print('OK')\n")
    r = subprocess.run([sys.executable, "-S", "-c", script], capture_output=True, text=True,
                       check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "OK" and r.stderr == ""


def test_simulate_on_a_small_dask_cluster_gives_the_local_rows() -> None:
    """The same rows, in the same order, on a Dask cluster (one in-process worker with two
    threads: the games go out in chunks of one, and come back in any order)."""
    distributed = pytest.importorskip("dask.distributed")
    bots = ["planner", "greedy", RandomBot(5), GreedyBot]
    rounds = dict(rounds=8, seed=3, progress=False, frame=False)
    matches = dict(bots="planner,greedy,random", matches=3, set=6, seed=2,
                   rules={"preset": "standard", "rounds": 2}, progress=False, frame=False)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        got_rounds = simulate(bots, dask=address, timeout=60, **rounds)
        got_matches = simulate(dask=address, timeout=60, **matches)
    assert got_rounds == simulate(bots, processes=1, **rounds)
    assert got_matches == simulate(processes=1, **matches)
    assert [r["game"] for r in got_matches[::3]] == [0, 1, 2]


def test_simulate_asks_for_dask_only_with_an_address(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    monkeypatch.setitem(sys.modules, "dask", None)
    assert len(simulate("greedy,greedy", rounds=1, processes=1, progress=False,
                        frame=False)) == 2
    with pytest.raises(RuntimeError, match=re.escape("mexican-train-learn[mine]")):
        simulate("greedy,greedy", rounds=1, progress=False, dask="tcp://127.0.0.1:1")


def test_a_dask_address_that_does_not_answer_is_named(capsys) -> None:
    pytest.importorskip("dask.distributed")
    with pytest.raises(RuntimeError, match=re.escape(
            "cannot reach the Dask scheduler at 'tcp://127.0.0.1:1': Timed out")):
        simulate("greedy,greedy", rounds=1, progress=False, dask="tcp://127.0.0.1:1",
                 timeout=1)
    assert main(["sim", "--bots", "greedy,greedy", "--rounds", "1", "--quiet", "--dask",
                 "bogus://x"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtlearn sim: cannot reach the Dask scheduler at 'bogus://x': ")
    assert "Traceback" not in err
