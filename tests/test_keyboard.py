"""Playing the built book with the keyboard alone (issue 19, item 6).

A learner without a mouse reaches the board through its skip link, plays a whole round
against the computer players on the play page (the in-page engine) with Enter, Space,
the arrows, Escape and Tab only, and is never left on ``<body>``: after a move, a refused
move, a draw, a pass, Undo and at the round's end the focus is on the next useful
control. Every tile move takes at most 4 key presses. A puzzle answered right puts the
focus on the next puzzle (or its verdict). The figures measured (Tabs to reach the board,
presses per tile move, presses for the round) are written to
``test-artifacts/keyboard-figures.json``.
"""

from __future__ import annotations

import json
import statistics
from typing import Any

from test_book_play import ANSWER_TIMEOUT, Learner
from test_frontend import page_html

from mtlearn import Game
from mtlearn.jupyter.widgets import Board

ACTIVE = """(() => { const a = document.activeElement;
  if (!a || a === document.body) return "BODY";
  return a.getAttribute("data-key") || (a.tagName + "." + (a.className || "")); })()"""


class Keys(Learner):
    """A learner with the keyboard only: every key pressed is counted."""

    def __init__(self, page: Any) -> None:
        super().__init__(page)
        self.presses = 0
        self.log: list[str] = []

    def key(self, name: str) -> str:
        self.page.keyboard.press(name)
        self.presses += 1
        self.log.append(f"{name}->{self.focus()}")
        return self.focus()

    def focus(self) -> str:
        return str(self.page.evaluate(ACTIVE))

    def in_board(self) -> bool:
        return bool(self.box.evaluate("el => el.contains(document.activeElement)"))

    def key_and_wait(self, name: str) -> str:
        before = self.answers()
        name_before = self.focus()
        self.key(name)
        self.page.wait_for_function(
            "([el, n]) => Number(el.getAttribute('data-answers') || 0) > n",
            arg=[self.box.element_handle(), before], timeout=ANSWER_TIMEOUT)
        # the message and the view arrive one after the other: wait till the focus settles
        last = self.focus()
        for _ in range(20):
            self.page.wait_for_timeout(150)
            now = self.focus()
            if now == last and now != name_before:
                break
            last = now
        return self.focus()

    def selected(self) -> int:
        return self.box.locator('.mtl-tilebtn[aria-pressed="true"]').count()

    def tab_stops_in(self, selector: str) -> int:
        return int(self.box.locator(f'{selector} [tabindex="0"]').count())


def sensible(key: str) -> bool:
    """A control a learner would act on next (never the page's body)."""
    return key.startswith(("tile:", "train:")) or key in {"draw", "pass", "end", "uno",
                                                          "next_round", "new_match", "undo"}


def test_a_whole_round_with_the_keyboard_only(page, page_guard, book_url, artifacts_dir):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(book_url + "tutorials/play.html", wait_until="load")
    me = Keys(page)
    me.wait_engine()

    # Tab from the top of the page to the board's skip link, which goes to the hand.
    tabs = 0
    while me.focus() != "skip":
        me.key("Tab")
        tabs += 1
        assert tabs < 80, "Tab never reached the board's skip link"
    assert me.in_board()
    assert me.box.locator(".mtl-skip").inner_text() == "Skip to your hand"
    first = me.key("Enter")
    assert first.startswith("tile:"), first
    # The hand is one tab stop: one tile has tabindex 0, the arrows move it.
    assert me.tab_stops_in('[data-roving="hand"]') == 1
    tiles = me.box.locator('[data-roving="hand"] .mtl-tilebtn')
    n_tiles = tiles.count()
    assert me.key("End") == tiles.nth(n_tiles - 1).get_attribute("data-key")
    assert me.key("Home") == tiles.nth(0).get_attribute("data-key")
    assert me.key("ArrowRight") == tiles.nth(1).get_attribute("data-key")
    assert me.tab_stops_in('[data-roving="hand"]') == 1
    assert tiles.nth(1).get_attribute("tabindex") == "0"
    # Before a tile is picked no "Play here" is a tab stop (they would do nothing).
    assert me.tab_stops_in('[data-roving="trains"]') == 0
    # A digit goes to the next tile with that number on it (type-ahead).
    names = [str(tiles.nth(i).get_attribute("data-key"))[5:] for i in range(n_tiles)]
    digit = next(x for t in names for x in t.split("-") if len(x) == 1)
    got = me.key(digit)
    assert digit in got[5:].split("-"), (digit, got)
    me.key("Home")
    while me.focus() != first:  # back to the tile the focus landed on: it can be played
        me.key("ArrowRight")

    # Pick: the focus goes to the trains, on one where the tile may go; then refuse: Ben's
    # train is private at the start (R-MARK-1).
    assert me.key("Enter") == "train:1"
    assert me.tab_stops_in('[data-roving="trains"]') == 1
    while me.focus() != "train:2":
        me.key("ArrowRight")
    before = me.answers()
    me.key("Enter")
    page.wait_for_function("([el, n]) => Number(el.getAttribute('data-answers') || 0) > n",
                           arg=[me.box.element_handle(), before], timeout=ANSWER_TIMEOUT)
    said = me.message()
    assert "Not allowed" in said, said
    assert me.focus() == "train:2", "after a refused move the focus stays on the trains"
    # Escape clears the selection and goes back to the tile.
    back = me.key("Escape")
    assert back.startswith("tile:") and me.selected() == 0, back

    # Play the round: whatever the focus lands on is the next useful control.
    per_move: list[int] = []
    kinds_seen: set[str] = set()
    undone = False
    round_start = me.presses
    for _ in range(200):
        if me.box.locator(".mtl-match").count():
            break
        at = me.focus()
        assert at != "BODY" and me.in_board(), f"focus left the board: {at}"
        assert sensible(at), at
        if at.startswith("tile:"):
            # the tile move that takes the most keys from here, played with those keys
            start = me.presses
            plan = hardest_move(me.box, at)
            if any(k in DIGITS for k in plan):
                page.wait_for_timeout(950)  # digits typed on the last turn are forgotten
            for key in plan[:-1]:
                me.key(key)
            if plan[-1] != "M":
                assert me.focus().startswith("train:"), (plan, me.log[-3:])
            last = plan[-1] if plan[-1] == "M" or me.focus() != f"train:{plan[-1]}" else "Enter"
            after = me.key_and_wait(last)
            per_move.append(me.presses - start)
            kinds_seen.add("move")
            assert me.message().startswith("✓ Ana played"), (me.log[-3:], me.message())
            assert after != "BODY" and sensible(after), f"after a move: {after}"
            if after.startswith("tile:"):  # the hand is still one tab stop, the focused tile
                stops = me.box.locator('[data-roving="hand"] [tabindex="0"]')
                assert stops.count() == 1 and stops.get_attribute("data-key") == after
            if not undone and len(per_move) == 2:
                # Undo, reached with Shift+Tab to the actions (one tab stop) and the
                # arrows; then the focus is back in the hand.
                while me.focus() not in {"draw", "pass", "end", "uno", "undo", "legal"}:
                    me.key("Shift+Tab")
                    assert len(me.log) < 400, me.log[-30:]
                assert me.tab_stops_in('[data-roving="actions"]') == 1
                while me.focus() != "undo":
                    me.key("ArrowRight")
                    assert len(me.log) < 400, me.log[-30:]
                after = me.key_and_wait("Enter")
                assert me.message().endswith("Move taken back."), me.message()
                assert after.startswith(("tile:", "draw")), f"after undo: {after}"
                undone = True
                kinds_seen.add("undo")
        elif at == "draw":
            after = me.key_and_wait("Enter")
            kinds_seen.add("draw")
            drawn = me.box.locator(".mtl-announce").inner_text()
            assert " drew " in drawn, drawn
            assert after.startswith("tile:") or after in {"pass", "next_round", "new_match"}, after
            if after.startswith("tile:"):
                assert after[5:] in drawn or "-".join(reversed(after[5:].split("-"))) in drawn
        else:
            after = me.key_and_wait("Enter")
            kinds_seen.add(at)
            assert after != "BODY" and sensible(after), f"after {at}: {after}"
    else:
        raise AssertionError("the round did not end")
    # The round is over: the focus is on Next round, and the scores were announced.
    assert me.focus() == "next_round"
    assert "Round scores:" in me.box.locator(".mtl-announce").inner_text()
    round_presses = me.presses - round_start
    after = me.key_and_wait("Enter")
    assert after.startswith(("tile:", "draw", "pass")), f"round 2 starts on {after}"
    assert {"move", "undo"} <= kinds_seen, kinds_seen
    assert per_move and max(per_move) <= 4, per_move
    figures = {"tabs_to_board": tabs, "tile_moves": len(per_move),
               "presses_per_tile_move_median": statistics.median(per_move),
               "presses_per_tile_move_max": max(per_move), "presses_whole_round": round_presses,
               "actions": sorted(kinds_seen)}
    (artifacts_dir / "keyboard-figures.json").write_text(json.dumps(figures, indent=1))
    page_guard.assert_clean()


def test_focus_after_a_right_puzzle_answer(page, page_guard, book_url):
    """A puzzle answered right with the keys: the focus goes to the next puzzle (the set's
    Next, or the next one on the page), and the next question is announced (focused)."""
    seen: set[str] = set()
    for name in ("05-doubles", "04-turns-drawing-markers"):
        seen |= solve_move_puzzles(page, book_url + f"tutorials/{name}.html")
    # the first lone puzzle of chapter 5 has another below it; chapter 4's last has none
    assert seen == {"next-on-page", "feedback"}, seen
    page_guard.assert_clean()


def solve_move_puzzles(page: Any, url: str) -> set[str]:
    """Answer each "move" puzzle of the page right with the keys; where the focus went."""
    page.goto(url, wait_until="load")
    roots = page.locator('.mtl-standalone[data-kind="puzzle"]')
    roots.first.locator(".mtl-root").wait_for()
    seen: set[str] = set()
    for k in range(roots.count()):
        box = roots.nth(k)
        state = box.evaluate("el => JSON.parse(document.getElementById(el.id + '-state').textContent)")
        moves = (state.get("answers") or {}).get("moves") or {}
        right = [m for m, e in moves.items()
                 if "@" in m and (e.get("fb") or {}).get("status") == "right"]
        if not right or state["puzzle"].get("kind", "move") != "move":
            continue
        tile, train = right[0].split("@")
        a, b = tile.split("-")
        button = box.locator(f'.mtl-tilebtn[aria-label="{a}-{b}"], .mtl-tilebtn[aria-label="{b}-{a}"]')
        button.first.focus()
        page.keyboard.press("Enter")
        for _ in range(12):
            if page.evaluate(ACTIVE) == f"train:{train}":
                break
            page.keyboard.press("ArrowRight")
        assert page.evaluate(ACTIVE) == f"train:{train}"
        page.keyboard.press("Enter")
        box.locator('.mtl-pz-feedback[data-status="right"]').wait_for()
        at = page.evaluate(ACTIVE)
        assert at in {"set-next", "next-on-page", "feedback"}, at
        if at in {"set-next", "next-on-page"}:
            page.keyboard.press("Enter")
            page.wait_for_timeout(200)
            focused = page.evaluate("document.activeElement.className")
            assert "mtl-pz-question" in focused, focused
            question = page.evaluate("document.activeElement.textContent")
            assert question.strip(), "the next question is focused, so it is read"
        seen.add(at)
    return seen


def test_the_legal_moves_list_plays_and_the_keys_help(page, page_guard, tmp_path):
    """Each entry of the legal-moves list is a button that plays that move; the board
    lists its keys in a small "Keys" disclosure; disabled controls are out of the tab
    order."""
    game = Game.from_position({"set": 12, "players": ["Ana", "Ben"], "to_play": 1,
                               "hands": [["5-9", "1-2"], ["6-3", "3-4"]],
                               "trains": {"1": ["12-5"], "2": ["12-6"], "M": []}})
    html = tmp_path / "board.html"
    html.write_text(page_html(Board(game, show_legal=True).to_html()), encoding="utf-8")
    page.goto(html.as_uri())
    root = page.locator(".mtl-root.mtl-board")
    root.wait_for()
    keys = root.locator(".mtl-keys")
    assert keys.locator("summary").inner_text() == "Keys"
    keys.locator("summary").focus()
    page.keyboard.press("Enter")
    assert "Esc" in keys.inner_text() and "Enter" in keys.inner_text()
    entry = root.locator('.mtl-legal-move[data-key="legal:5-9@1"]')
    assert entry.evaluate("el => el.tagName") == "BUTTON"
    entry.focus()
    page.keyboard.press("Enter")
    root.locator(".mtl-msg-ok").wait_for()
    assert "Ana played 5-9" in root.locator(".mtl-message").inner_text()
    # no disabled control and no "Play here" without a tile picked is a tab stop
    stops = root.evaluate("""el => [...el.querySelectorAll('button, a, summary, [tabindex]')]
        .filter(n => n.tabIndex >= 0 && !n.disabled && n.getAttribute('aria-disabled') !== 'true')
        .map(n => n.getAttribute('data-key') || n.tagName)""")
    assert not [s for s in stops if s.startswith("train:")], stops
    assert len([s for s in stops if s.startswith("tile:")]) <= 1, stops
    page_guard.assert_clean()


def test_a_puzzle_set_announces_the_next_question(page, page_guard, book_url):
    """In a set of puzzles, Next (Enter) opens the next puzzle with the focus on its
    question, so a screen reader reads it."""
    page.goto(book_url + "tutorials/puzzles.html", wait_until="load")
    root = page.locator(".mtl-root.mtl-puzzle").first
    root.wait_for()
    nxt = root.locator('[data-key="set-next"]')
    first = root.locator(".mtl-pz-question").inner_text()
    nxt.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("q => document.activeElement.classList.contains('mtl-pz-question')"
                           " && document.activeElement.textContent !== q", arg=first)
    assert page.evaluate("document.activeElement.textContent") == root.locator(
        ".mtl-pz-question").inner_text()
    assert page.evaluate("document.activeElement.getAttribute('tabindex')") == "-1"
    page_guard.assert_clean()


# ---------------------------------------------------------------- presses per tile move

DIGITS = "0123456789"


def _parse(tile: str) -> tuple[int, int]:
    a, b = tile.split("-")
    return int(a), int(b)


def _with_number(tiles: list[str], start: int, number: int, inclusive: bool,
                 playable: list[bool]) -> int | None:
    """keys.js tileWithNumber: the next tile with ``number``, a playable one first."""
    n = len(tiles)
    other = None
    for k in range(0 if inclusive else 1, n + 1):
        j = (start + k) % n
        if number not in _parse(tiles[j]):
            continue
        if playable[j]:
            return j
        if other is None:
            other = j
    return other


def _typed(tiles: list[str], i: int, text: str, playable: list[bool]) -> tuple[int, str]:
    """keys.js typedTile: where the digits ``text`` go from tile ``i`` (and the digits kept)."""
    j = _with_number(tiles, i, int(text), len(text) > 1, playable)
    if j is None and len(text) > 1:
        if text[0] == text[1]:
            d = int(text[0])
            double = next((k for k, t in enumerate(tiles) if _parse(t) == (d, d)), None)
            if double is not None:
                return double, text
        text = text[-1]
        j = _with_number(tiles, i, int(text), False, playable)
    return (i if j is None else j), text


def _next_playable(playable: list[bool], start: int, step: int) -> int:
    n = len(playable)
    for k in range(1, n):
        j = (start + step * k) % n
        if playable[j]:
            return j
    return start


def move_presses(tiles: list[str], targets: list[list[str]], start: int, goal: int,
                 target: str) -> list[str]:
    """The fewest keys (keys.js: arrows, Home, End, ArrowDown/Up to the next playable tile,
    digits typed ahead) from hand tile ``start`` to a move of tile ``goal`` on ``target``,
    written independently of keys.js's pressesForMove: a breadth-first search over the
    focused tile and the digits typed so far, then M (the Mexican train, from the tile) or
    Enter (pick) and the train's key (Enter instead when the focus lands on it)."""
    n = len(tiles)
    playable = [bool(t) for t in targets]
    last = ["M"] if target == "M" else ["Enter", target]
    first = (start, "")
    seen = {first: []}
    queue = [first]
    while queue:
        state = queue.pop(0)
        i, typed = state
        if i == goal:
            return [*seen[state], *last]
        moves: list[tuple[str, tuple[int, str]]] = [
            ("ArrowRight", (min(n - 1, i + 1), "")), ("ArrowLeft", (max(0, i - 1), "")),
            ("Home", (0, "")), ("End", (n - 1, "")),
            ("ArrowDown", (_next_playable(playable, i, 1), "")),
            ("ArrowUp", (_next_playable(playable, i, -1), ""))]
        for d in DIGITS:
            moves.append((d, _typed(tiles, i, (typed if len(typed) < 2 else "") + d, playable)))
        for key, nxt in moves:
            if nxt not in seen:
                seen[nxt] = [*seen[state], key]
                queue.append(nxt)
    raise AssertionError(f"tile {goal} cannot be reached in {tiles}")


def hand_state(root: Any) -> tuple[list[str], list[list[str]]]:
    """The hand's tiles (as drawn) and where each may go (data-targets) on a live board."""
    hand = root.locator('[data-roving="hand"] .mtl-tilebtn')
    rows = hand.evaluate_all("ns => ns.map(n => [n.getAttribute('data-key').slice(5),"
                             " n.getAttribute('data-targets') || ''])")
    return [r[0] for r in rows], [r[1].split() for r in rows]


def hardest_move(root: Any, at: str) -> list[str]:
    """The keys of the tile move that takes the most keys from the focused tile ``at``."""
    tiles, targets = hand_state(root)
    start = tiles.index(at[5:])
    plans = [move_presses(tiles, targets, start, i, t)
             for i in range(len(tiles)) for t in targets[i] if t == "M" or t.isdigit()]
    return max(plans, key=len)


def _positions(games: int, per_game: int) -> list[Game]:
    """Positions from real games (seeded Game.new, four players, greedy bots) where the
    first seat is to play and has a tile to play."""
    from mtlearn import GreedyBot

    out = []
    for seed in range(games):
        game = Game.new(4, seed=2027 + seed)
        bot = GreedyBot()
        kept = 0
        while not game.over and kept < per_game:
            if game.current == 0 and any(m.kind == "play" for m in game.legal_moves):
                out.append(game.copy())
                kept += 1
            game.push(bot.choose(game))
    return out


def _undo(page: Any, root: Any) -> None:
    """Take the move back (a click, not counted) and wait for the stored answer."""
    box = root.locator("xpath=ancestor::div[contains(@class, 'mtl-standalone')]")
    before = int(box.get_attribute("data-answers") or 0)
    root.locator('[data-key="undo"]').evaluate("b => b.click()")
    page.wait_for_function("([el, n]) => Number(el.getAttribute('data-answers') || 0) > n",
                           arg=[box.element_handle(), before], timeout=ANSWER_TIMEOUT)


def _tab_stops(root: Any, group: str) -> int:
    return int(root.locator(f'[data-roving="{group}"] [tabindex="0"]').count())


def test_every_tile_move_takes_at_most_four_presses(page, page_guard, tmp_path, artifacts_dir):
    """For every legal tile move of positions from real games (four players, as on *Play a
    game*), the fewest key presses from where the focus lands in the hand (the skip link's
    target), played on the board in Chromium: the tile (keys above), Enter, then Enter on
    the train the focus lands on or the train's key (M, 1-8). At most 4 each, with and
    without the legal moves shown (then the actions and the legal moves are one tab stop
    each, as the Keys help says). One board per position: each move is taken back with
    Undo before the next. The median and the max are saved."""
    counts: dict[str, list[int]] = {"hidden": [], "shown": []}
    worst: dict[str, tuple[int, str]] = {"hidden": (0, ""), "shown": (0, "")}
    for k, game in enumerate(_positions(2, 3)):
        moves = [m for m in game.legal_moves if m.kind == "play"]
        html = tmp_path / f"position-{k}.html"
        html.write_text(page_html(Board(game, perspective=0).to_html()), encoding="utf-8")
        page.goto(html.as_uri())
        root = page.locator(".mtl-root.mtl-board")
        root.wait_for()
        for shown in ("hidden", "shown"):
            if shown == "shown":
                root.locator('[data-key="legal"]').evaluate("b => b.click()")
                root.locator(".mtl-legal").wait_for()
                assert _tab_stops(root, "legal") == 1
            assert _tab_stops(root, "actions") == 1
            for move in moves:
                root.locator(".mtl-skip").evaluate("a => a.click()")  # the focus lands in the hand
                tiles, targets = hand_state(root)
                start = tiles.index(str(page.evaluate(ACTIVE))[5:])
                goal = next(j for j, t in enumerate(tiles)
                            if set(_parse(t)) == {move.inward, move.outward})
                target = str(move).split("@")[1]
                plan = move_presses(tiles, targets, start, goal, target)
                for key in plan[:-1]:
                    page.keyboard.press(key)
                if plan[-1] != "M" and str(page.evaluate(ACTIVE)) == f"train:{target}":
                    plan[-1] = "Enter"  # the focus landed on the train: Enter plays there
                page.keyboard.press(plan[-1])
                said = root.locator(".mtl-message").inner_text()
                assert f"played {move.inward}-{move.outward} on" in said, (str(move), plan, said)
                counts[shown].append(len(plan))
                if len(plan) > worst[shown][0]:
                    worst[shown] = (len(plan), f"{move}: {' '.join(plan)}")
                _undo(page, root)
    figures = {shown: {"positions_moves": len(c), "presses_median": statistics.median(c),
                       "presses_max": max(c), "worst": worst[shown][1]}
               for shown, c in counts.items()}
    (artifacts_dir / "keyboard-presses-per-move.json").write_text(json.dumps(figures, indent=1))
    print(f"\n[keys] {figures}")
    for shown, c in counts.items():
        assert max(c) <= 4, (shown, worst[shown])
    page_guard.assert_clean()
