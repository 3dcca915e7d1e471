"""The front end (mtlearn/static/js/*.js + css/*.css, joined by htmlout) in static HTML (mtlearn.present.htmlout).

Each test writes standalone HTML for hand-written views (tests/data/views/*.json) into a
file, opens it in headless Chromium via file://, and checks what a learner sees and can do:
no request leaves the page, no console errors, stepping, refusals, keyboard use, layout of
8 players at notebook width, and that names are shown as text, never run as HTML.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from mtlearn.core.rule_words import rule_words
from mtlearn.core.ruleids import looks_like_rule_id
from mtlearn.present.htmlout import board_css, board_js, share_front_end, standalone_html

VIEWS = Path(__file__).parent / "data" / "views"
NOTEBOOK_WIDTH = 800


def load_view(name: str) -> dict[str, Any]:
    return json.loads((VIEWS / f"{name}.json").read_text(encoding="utf-8"))


def page_html(*fragments: str, title: str = "mtlearn board") -> str:
    body = "\n".join(f"<section>{f}</section>" for f in fragments)
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{title}</title></head>"
        '<body style="margin: 8px; font-family: sans-serif">'
        f"{body}</body></html>"
    )


def open_fragments(page: Any, tmp_path: Path, *fragments: str, width: int = NOTEBOOK_WIDTH) -> None:
    html = tmp_path / "board.html"
    html.write_text(page_html(*fragments), encoding="utf-8")
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(html.as_uri())
    page.locator(".mtl-root").nth(len(fragments) - 1).wait_for()


def scenario_state() -> dict[str, Any]:
    frames = []
    for k, name in enumerate(["two_player", "four_player_mid", "set18"]):
        v = load_view(name)
        v["step"] = "Start" if k == 0 else f"Step {k} of 2"
        v["narration"] = f"Narration {k + 1}: {name.replace('_', ' ')}."
        frames.append(v)
    return {"title": "Three positions", "frames": frames, "index": 0}


def message_text(page: Any) -> str:
    return page.locator(".mtl-message").first.inner_text()


def hand_tile(page: Any, tile: str) -> Any:
    return page.locator(f'.mtl-tilebtn[aria-label="{tile}"]')


def train_button(page: Any, train_id: str) -> Any:
    return page.locator(f'.mtl-train[data-train="{train_id}"] .mtl-target')


# ---------------------------------------------------------------- fixtures are views


@pytest.mark.parametrize("path", sorted(VIEWS.glob("*.json")), ids=lambda p: p.stem)
def test_fixture_views_follow_the_format(path: Path):
    v = json.loads(path.read_text(encoding="utf-8"))
    assert v["kind"] == "mtlearn/view" and v["version"] == 1
    n = v["set"]
    assert [p["seat"] for p in v["players"]] == list(range(1, len(v["players"]) + 1))
    assert [t["id"] for t in v["trains"]] == [str(i) for i in range(1, len(v["players"]) + 1)] + [
        "M"
    ]
    for t in v["trains"]:
        end = v["engine"]
        for tile in t["tiles"]:
            a, b = map(int, tile["tile"].split("-"))
            assert 0 <= b <= a <= n
            assert tile["inward"] == end and {tile["inward"], tile["outward"]} == {a, b}
            assert tile["double"] == (a == b)
            end = tile["outward"]
        assert t["open_end"] == end
        assert t["open_double"] == (t["id"] in v["open_doubles"])
    for p in v["players"]:
        if p["hand"] is not None:
            assert len(p["hand"]) == p["hand_count"]
    for move, verdict in v.get("verdicts", {}).items():
        assert verdict["legal"] in (True, False) and verdict["text"]
        assert verdict["legal"] or looks_like_rule_id(verdict["rule"]), move


# ---------------------------------------------------------------- standalone_html (no browser)


def test_standalone_html_is_self_contained_and_unique():
    state = {"view": load_view("two_player")}
    a = standalone_html("board", state)
    b = standalone_html("board", state)
    ids = {re.search(r'<div id="(mtl-[0-9a-f]+)"', x).group(1) for x in (a, b)}
    assert len(ids) == 2
    assert board_js().split("\n")[0] in a
    assert "<style>" in a and ".mtl-root" in a
    assert "http://" not in a.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in a


def test_share_front_end_keeps_one_copy_per_page():
    frags = [standalone_html("board", {"view": load_view("two_player")}) for _ in range(3)]
    ids = [re.search(r'<div id="(mtl-[0-9a-f]+)"', f).group(1) for f in frags]
    state = ('<script type="application/vnd.jupyter.widget-state+json">'
             '{"state": {"x": {"_esm": "…"}}}</script>\n')
    page = "<html><body>" + "".join(frags) + state + "</body></html>"
    out = share_front_end(page)
    assert out.count(board_js()) == 1 and out.count(board_css()) == 1
    assert "widget-state+json" not in out
    assert len(out) < len(page) / 2
    # the first board hands mountStandalone to the page; every board is mounted once
    assert out.count("globalThis.mtlearnFrontEnd = { mountStandalone };") == 1
    for i in ids:
        assert out.count(f'mountStandalone(document.getElementById("{i}"))') == 1
        assert out.count(f'id="{i}-state"') == 1
    assert out.index("globalThis.mtlearnFrontEnd = {") < out.index(ids[1])
    # the rest of the page is kept as it was
    assert out.startswith("<html><body>") and out.endswith("</body></html>")


def test_share_front_end_leaves_other_pages_alone():
    plain = "<html><body><p>No board here.</p></body></html>"
    assert share_front_end(plain) == plain
    # a board made by another version of the front end (a stale execution cache) is kept
    old = standalone_html("board", {"view": load_view("two_player")}).replace(
        "// ---- static/js/dom.js", "// ---- static/js/dom.js (older)")
    page = "<html><body>" + old + "</body></html>"
    assert share_front_end(page) == page


def test_state_cannot_close_the_script():
    v = load_view("two_player")
    v["players"][0]["name"] = "</script><script>alert(1)</script><!--"
    out = standalone_html("board", {"view": v})
    json_part = re.search(r'<script type="application/json"[^>]*>(.*?)</script>', out, re.S)
    assert json_part is not None
    assert "<" not in json_part.group(1)
    assert json.loads(json_part.group(1))["view"]["players"][0]["name"] == v["players"][0]["name"]
    assert out.count("</script>") == 2


def test_standalone_html_rejects_bad_input():
    with pytest.raises(ValueError):
        standalone_html("chart", {"view": {}})
    with pytest.raises(ValueError):
        standalone_html("scenario", {"title": "x"})
    with pytest.raises(ValueError):
        standalone_html("board", {"message": None})


# ---------------------------------------------------------------- scenario player


def test_scenario_player_steps_with_buttons_and_keys(page, page_guard, tmp_path, artifacts_dir):
    open_fragments(page, tmp_path, standalone_html("scenario", scenario_state()))
    counter = page.locator(".mtl-counter")
    narration = page.locator(".mtl-narration")
    assert narration.get_attribute("aria-live") == "polite"
    assert counter.inner_text() == "Step 1 of 3"
    assert "Narration 1: two player." in narration.inner_text()
    assert page.locator(".mtl-step").count() == 0  # one step counter, not two

    page.get_by_role("button", name="Next step").click()
    assert counter.inner_text() == "Step 2 of 3"
    assert "Narration 2: four player mid." in narration.inner_text()
    # highlighted tile and train: outline plus words ("new" only for a tile a move laid)
    assert page.locator(".mtl-hl .mtl-cue", has_text="▶ look").count() >= 1
    assert page.locator(".mtl-hl .mtl-cue", has_text="▶ new").count() == 0
    assert page.locator('.mtl-train[data-train="M"] .mtl-badge-hl').inner_text() == "▶ look here"
    page.screenshot(path=str(artifacts_dir / "frontend-scenario.png"), full_page=True)

    # Focus stays on the button after the re-render, so keys keep working.
    page.keyboard.press("ArrowRight")
    assert counter.inner_text() == "Step 3 of 3"
    assert "Narration 3" in narration.inner_text()
    page.keyboard.press("Home")
    assert counter.inner_text() == "Step 1 of 3"
    page.keyboard.press("End")
    assert counter.inner_text() == "Step 3 of 3"
    page.keyboard.press("ArrowRight")  # stays at the end
    assert counter.inner_text() == "Step 3 of 3"
    page.keyboard.press("ArrowLeft")
    assert counter.inner_text() == "Step 2 of 3"
    page.get_by_role("button", name="First step").click()
    assert counter.inner_text() == "Step 1 of 3"
    page.get_by_role("button", name="Last step").click()
    assert counter.inner_text() == "Step 3 of 3"
    page.get_by_role("button", name="Previous step").click()
    assert counter.inner_text() == "Step 2 of 3"

    # keys on the widget itself: it is in the Tab order
    root = page.locator(".mtl-scenario")
    assert root.get_attribute("tabindex") == "0"
    root.focus()
    page.keyboard.press("ArrowRight")
    assert counter.inner_text() == "Step 3 of 3"
    page_guard.assert_clean()


def test_two_players_on_one_page_do_not_clash(page, page_guard, tmp_path):
    st = scenario_state()
    open_fragments(
        page,
        tmp_path,
        standalone_html("scenario", st),
        standalone_html("scenario", st),
        standalone_html("board", {"view": load_view("two_player")}),
    )
    assert page.locator(".mtl-root").count() == 3
    page.get_by_role("button", name="Next step").nth(1).click()
    counters = page.locator(".mtl-counter")
    assert counters.nth(0).inner_text() == "Step 1 of 3"
    assert counters.nth(1).inner_text() == "Step 2 of 3"
    page_guard.assert_clean()


def test_boards_sharing_one_front_end_each_work_from_disk(page, page_guard, tmp_path):
    # the book's pages keep one copy of the module and style sheet (share_front_end);
    # the boards after the first borrow it, and the page still works opened from disk
    st = scenario_state()
    html = share_front_end(page_html(
        standalone_html("scenario", st),
        standalone_html("board", {"view": load_view("two_player")}),
        standalone_html("scenario", st),
    ))
    assert html.count(board_js()) == 1
    path = tmp_path / "shared.html"
    path.write_text(html, encoding="utf-8")
    page.set_viewport_size({"width": NOTEBOOK_WIDTH, "height": 900})
    page.goto(path.as_uri())
    page.locator(".mtl-root").nth(2).wait_for()
    assert page.locator(".mtl-root").count() == 3
    page.get_by_role("button", name="Next step").nth(1).click()
    counters = page.locator(".mtl-counter")
    assert counters.nth(0).inner_text() == "Step 1 of 3"
    assert counters.nth(1).inner_text() == "Step 2 of 3"
    # the later boards are styled by the first board's style sheet
    assert page.locator(".mtl-root").nth(2).evaluate(
        "el => getComputedStyle(el).display") != "inline"
    page_guard.assert_clean()


# ---------------------------------------------------------------- board: drawing


def test_board_8_players_fits_800px_and_wraps(page, page_guard, tmp_path, artifacts_dir):
    open_fragments(page, tmp_path, standalone_html("board", {"view": load_view("eight_player")}))
    sizes = page.evaluate(
        """() => {
            const r = document.querySelector('.mtl-root');
            const box = r.getBoundingClientRect();
            const outside = [...r.querySelectorAll('svg, button, .mtl-badge, .mtl-open-end')]
                .filter(n => {
                    const b = n.getBoundingClientRect();
                    return b.right > box.right + 0.5 || b.left < box.left - 0.5;
                }).length;
            const tiles = document.querySelector('.mtl-train[data-train="1"] .mtl-train-tiles');
            const u = document.querySelector('.mtl-train .mtl-domino.mtl-horiz')
                .getBoundingClientRect().height;
            return {scroll: r.scrollWidth, client: r.clientWidth, outside,
                    doc: document.documentElement.scrollWidth,
                    view: document.documentElement.clientWidth,
                    rows: tiles.getBoundingClientRect().height / (2 * u)};
        }"""
    )
    assert sizes["scroll"] <= sizes["client"], sizes
    assert sizes["doc"] <= sizes["view"], sizes
    assert sizes["outside"] == 0, sizes
    assert sizes["rows"] > 1.5, f"a 20-tile train should wrap onto a second line: {sizes}"
    assert page.locator(".mtl-train").count() == 9
    assert page.locator(".mtl-hand").count() == 8
    assert page.locator(".mtl-hand-toplay .mtl-badge-toplay").inner_text() == "— to play"
    assert "Eszter" in page.locator(".mtl-hand-toplay").inner_text()
    # public trains say so in words
    assert "marker" in page.locator('.mtl-train[data-train="3"] .mtl-badge-marker').inner_text()
    # doubles in a train are drawn crosswise
    dbl = page.locator('.mtl-train .mtl-slot-double svg').first
    box = dbl.bounding_box()
    assert box["height"] > 1.5 * box["width"]
    page.screenshot(path=str(artifacts_dir / "frontend-board-8p.png"), full_page=True)
    page_guard.assert_clean()


def test_board_4_players_markers_open_double_hidden_hands(
    page, page_guard, tmp_path, artifacts_dir
):
    open_fragments(page, tmp_path, standalone_html("board", {"view": load_view("four_player_mid")}))
    mex = page.locator('.mtl-train[data-train="M"]')
    assert "Mexican train" in mex.inner_text()
    assert "open double" in mex.inner_text()
    assert "open end: 4" in mex.inner_text()
    assert "marker" in page.locator('.mtl-train[data-train="2"]').inner_text()
    assert "not started" in page.locator('.mtl-train[data-train="3"]').inner_text()
    assert page.locator('.mtl-backs[aria-label="6 hidden tiles"]').count() == 1
    assert page.locator(".mtl-header").get_by_role("img", name="10-10").count() == 1
    assert "Round 3 of 13" in page.locator(".mtl-header").inner_text()
    assert "Boneyard: 41 tiles" in page.locator(".mtl-header").inner_text()
    page.screenshot(path=str(artifacts_dir / "frontend-board-4p.png"), full_page=True)
    page_guard.assert_clean()


def test_board_set_18_with_scores(page, page_guard, tmp_path, artifacts_dir):
    open_fragments(page, tmp_path, standalone_html("board", {"view": load_view("set18")}))
    for name in ["18-17", "16-16", "18-13"]:
        assert page.get_by_role("img", name=name, exact=True).count() >= 1, name
    assert page.locator(".mtl-result").count() == 1
    table = page.locator(".mtl-scores").inner_text()
    assert "Bo (went out)" in table and "72" in table
    pips = page.evaluate(
        "() => document.querySelector('[role=img][aria-label=\"18-17\"]').querySelectorAll('.mtl-pip').length"
    )
    assert pips == 35
    assert page.evaluate(
        "() => { const r = document.querySelector('.mtl-root'); return r.scrollWidth <= r.clientWidth; }")
    page.screenshot(path=str(artifacts_dir / "frontend-board-18.png"), full_page=True)
    page_guard.assert_clean()


# ---------------------------------------------------------------- board: interaction


def test_refusal_shows_words_and_rule_link(page, page_guard, tmp_path, artifacts_dir):
    state = {"view": load_view("two_player"), "rules_url": "../rules.html"}
    open_fragments(page, tmp_path, standalone_html("board", state))
    hand_tile(page, "12-7").click()
    assert hand_tile(page, "12-7").get_attribute("aria-pressed") == "true"
    assert train_button(page, "2").inner_text() == "Play 12-7 here"
    train_button(page, "2").click()
    msg = page.locator(".mtl-message")
    assert msg.get_attribute("aria-live") == "polite"
    assert "Not allowed:" in message_text(page)
    assert "Bo's train is private" in message_text(page)
    link = msg.locator("a.mtl-rule")
    # a learner's board names the rule in words (presenter mode shows its id)
    assert link.inner_text() == rule_words("R-MARK-1")
    assert link.get_attribute("href") == "../rules.html#r-mark-1"
    page.screenshot(path=str(artifacts_dir / "frontend-board-refusal.png"), full_page=True)

    # The tile stays selected after a refusal; a fitting train answers "Legal".
    hand_tile(page, "9-3").click()
    train_button(page, "1").click()
    assert "Legal: Play 9-3 on Ana's train" in message_text(page)
    assert "open it as a live notebook" in message_text(page)

    # Orientation: 12-7 on the Mexican train goes 12 inward.
    hand_tile(page, "12-7").click()
    page.locator('.mtl-train[data-train="M"]').click()
    assert "Legal: Play 12-7 on the Mexican train" in message_text(page)

    page.get_by_role("button", name="Draw").click()
    assert "Not allowed:" in message_text(page)
    assert rule_words("R-TURN-2") in message_text(page)
    page_guard.assert_clean()


def test_a_rule_with_no_rules_page_is_named_without_a_dead_link(page, page_guard, tmp_path):
    open_fragments(page, tmp_path, standalone_html("board", {"view": load_view("four_player_mid")}))
    hand_tile(page, "9-2").click()
    train_button(page, "1").click()
    assert f"(rule: {rule_words('R-DBL-3')})" in message_text(page)
    assert page.locator(".mtl-message a").count() == 0
    assert page.locator(".mtl-message span.mtl-rule").inner_text() == rule_words("R-DBL-3")
    page_guard.assert_clean()


def test_open_double_refusal(page, page_guard, tmp_path):
    open_fragments(page, tmp_path, standalone_html("board", {"view": load_view("four_player_mid"),
                                                            "rules_url": "../rules.html"}))
    hand_tile(page, "9-2").click()
    train_button(page, "1").click()
    assert "Not allowed:" in message_text(page)
    link = page.locator(".mtl-message a.mtl-rule")
    assert link.get_attribute("href") == "../rules.html#r-dbl-3"
    assert link.get_attribute("target") == "_blank"  # beside the board, never instead of it
    hand_tile(page, "4-1").click()
    train_button(page, "M").click()
    assert "Legal: Play 4-1 on the Mexican train" in message_text(page)
    page_guard.assert_clean()


def test_successors_play_on_and_undo(page, page_guard, tmp_path):
    v = load_view("two_player")
    after = copy.deepcopy(v)
    after["trains"][0]["tiles"].append({"tile": "9-3", "inward": 9, "outward": 3, "double": False})
    after["trains"][0]["open_end"] = 3
    after["players"][0]["hand"].remove("9-3")
    after["players"][0]["hand_count"] -= 1
    after["players"][0]["to_play"] = False
    after["players"][1]["to_play"] = True
    after["to_play"] = 2
    after["status"] = "Bo to play."
    after["verdicts"] = {}
    open_fragments(
        page, tmp_path, standalone_html("board", {"view": v, "successors": {"9-3@1": after}})
    )
    hand_tile(page, "9-3").click()
    train_button(page, "1").click()
    assert "open end: 3" in page.locator('.mtl-train[data-train="1"]').inner_text()
    assert "Bo to play." in page.locator(".mtl-status").inner_text()
    assert "✓" in message_text(page)
    page.get_by_role("button", name="Undo").click()
    assert "open end: 9" in page.locator('.mtl-train[data-train="1"]').inner_text()
    assert "taken back" in message_text(page)
    page.get_by_role("button", name="Undo").click()
    assert "Nothing to undo" in message_text(page)
    page_guard.assert_clean()


def test_show_legal_marks_targets_in_words(page, page_guard, tmp_path):
    open_fragments(page, tmp_path, standalone_html("board", {"view": load_view("two_player")}))
    assert page.locator(".mtl-legal").count() == 0
    page.get_by_role("button", name="Show legal moves").click()
    assert (
        page.get_by_role("button", name="✓ Showing legal moves").get_attribute("aria-pressed")
        == "true"
    )
    legal = page.locator(".mtl-legal-list").inner_text()
    # each move in words, never in the engine's notation (the intents keep "9-3@1")
    assert legal.splitlines() == ["Play 9-3 on Ana's train", "Play 12-7 on the Mexican train"]
    entry = page.get_by_role("button", name="Play 12-7 on the Mexican train")
    assert entry.get_attribute("data-key") == "legal:12-7@M"
    assert "@" not in page.locator(".mtl-root").inner_text()
    hand_tile(page, "12-7").click()
    assert "can play here" in page.locator('.mtl-train[data-train="M"]').inner_text()
    assert "can play here" not in page.locator('.mtl-train[data-train="1"]').inner_text()
    page_guard.assert_clean()


def test_keyboard_only_play(page, page_guard, tmp_path):
    open_fragments(page, tmp_path, standalone_html("board", {"view": load_view("two_player")}))
    page.locator("body").click(position={"x": 2, "y": 2})
    # The hand is one tab stop (roving tabindex): Tab reaches it, the arrows choose 12-7.
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('mtl-tilebtn')"):
            break
    else:
        pytest.fail("Tab never reached the hand")
    page.keyboard.press("Home")
    for _ in range(20):
        if page.evaluate("document.activeElement.getAttribute('aria-label')") == "12-7":
            break
        page.keyboard.press("ArrowRight")
    else:
        pytest.fail("the arrows never reached the hand tile 12-7")
    page.keyboard.press("Enter")
    assert hand_tile(page, "12-7").get_attribute("aria-pressed") == "true"
    # the focus moved to the trains (the first where 12-7 may go), with a visible ring
    assert page.evaluate("document.activeElement.getAttribute('data-key')").startswith("train:")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    # Escape clears the selection and puts the focus back on the tile
    page.keyboard.press("Escape")
    assert hand_tile(page, "12-7").get_attribute("aria-pressed") == "false"
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "12-7"
    page.keyboard.press("Enter")
    train_button(page, "2").focus()
    page.keyboard.press("Space")
    assert "Not allowed:" in message_text(page)
    page_guard.assert_clean()


def test_announce_and_end_turn_buttons_follow_legal_moves(page, page_guard, tmp_path):
    v = load_view("two_player")
    plain = standalone_html("board", {"view": v})
    v2 = copy.deepcopy(v)
    v2["legal"] += [{"move": "uno", "text": "Announce the last tile"},
                    {"move": "end", "text": "End the train-building turn"}]
    open_fragments(page, tmp_path, plain, standalone_html("board", {"view": v2}))
    first, second = page.locator(".mtl-root").nth(0), page.locator(".mtl-root").nth(1)
    assert first.get_by_role("button", name="Announce last tile").count() == 0
    assert first.get_by_role("button", name="End turn").count() == 0
    second.get_by_role("button", name="Announce last tile").click()
    assert "Legal: Announce the last tile" in second.locator(".mtl-message").inner_text()
    second.get_by_role("button", name="End turn").click()
    assert "Legal: End the train-building turn" in second.locator(".mtl-message").inner_text()
    page_guard.assert_clean()


def test_names_are_text_never_html(page, page_guard, tmp_path):
    evil = "<img src=x onerror=alert(1)>"
    closer = "</script><script>window.__pwned = 1</script>"
    v = load_view("two_player")
    v["players"][0]["name"] = evil
    v["players"][1]["name"] = closer
    v["trains"][0]["label"] = evil + "'s train"
    v["status"] = evil + " to play."
    st = scenario_state()
    st["title"] = closer
    st["frames"][0]["narration"] = evil
    st["frames"][0]["players"][0]["name"] = closer
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_fragments(
        page, tmp_path, standalone_html("board", {"view": v}), standalone_html("scenario", st)
    )
    assert page.locator(".mtl-root img").count() == 0
    assert page.locator("img").count() == 0
    assert page.evaluate("window.__pwned") is None
    hands = page.locator(".mtl-hand-name")
    assert hands.nth(0).inner_text() == evil
    assert hands.nth(1).inner_text() == closer
    assert page.locator(".mtl-title").inner_text() == closer
    assert page.locator(".mtl-narration-text").inner_text() == evil
    page.wait_for_timeout(100)
    assert dialogs == []
    page_guard.assert_clean()


# ---------------------------------------------------------------- live widget in JupyterLab


LIVE_CELL = """\
import sys
sys.path.insert(0, REPO)  # the repository's mtlearn, installed or not
from mtlearn.engine.game import Game
from mtlearn.jupyter.widgets import Board
board = Board(Game.new(["Ana", "<b>Bo</b>"], seed=7), rules_url="https://example.invalid/rules.html")
view = board.session.view(verdicts=True)  # the live view carries no verdicts
me = view["players"][view["to_play"] - 1]
bad = next(m for m, v in view["verdicts"].items() if "@" in m and not v["legal"])
good = next(m["move"] for m in view["legal"] if "@" in m["move"])
print("BAD", bad, view["verdicts"][bad]["rule"])
print("GOOD", good)
board
"""


def _tile_and_train(move: str) -> tuple[str, str]:
    tile, train = move.split("@")
    a, b = tile.split("-")
    return f"{max(int(a), int(b))}-{min(int(a), int(b))}", train


def select_tile(root: Any, tile: str) -> None:
    button = root.locator(f'.mtl-tilebtn[aria-label="{tile}"]')
    if button.get_attribute("aria-pressed") != "true":
        button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def test_live_board_in_jupyterlab(jupyterlab, page, page_guard, artifacts_dir):
    repo = Path(__file__).resolve().parent.parent
    jupyterlab.write_notebook("live_board.ipynb", [LIVE_CELL.replace("REPO", repr(str(repo)))])
    jupyterlab.open_and_run(page, "live_board.ipynb")
    root = page.locator(".jp-OutputArea .mtl-root.mtl-board")
    root.wait_for(timeout=30_000)
    printed = page.locator(".jp-OutputArea-output pre").first.inner_text()
    bad = re.search(r"BAD (\S+) (\S+)", printed)
    good = re.search(r"GOOD (\S+)", printed)
    assert bad and good, printed
    assert root.locator(".mtl-hand-name").nth(1).inner_text() == "<b>Bo</b>"

    tile, train = _tile_and_train(bad.group(1))
    select_tile(root, tile)
    root.locator(f'.mtl-train[data-train="{train}"] .mtl-target').click()
    msg = root.locator(".mtl-message")
    msg.locator("a.mtl-rule").wait_for(timeout=10_000)
    assert "Not allowed:" in msg.inner_text()
    href = msg.locator("a.mtl-rule").get_attribute("href")
    assert href == "https://example.invalid/rules.html#" + bad.group(2).lower()

    tile, train = _tile_and_train(good.group(1))
    before = root.locator(f'.mtl-train[data-train="{train}"] [role="img"]').count()
    select_tile(root, tile)  # a refusal keeps the tile selected: no second click needed
    root.locator(f'.mtl-train[data-train="{train}"] .mtl-target').click()
    root.locator(".mtl-msg-ok").wait_for(timeout=10_000)
    # the train is drawn again with the message's update; on a loaded machine the two can
    # land a frame apart, so the count is awaited (a board that never updates still fails)
    on_train = root.locator(f'.mtl-train[data-train="{train}"] [role="img"]')
    expect(on_train).to_have_count(before + 1, timeout=10_000)
    root.screenshot(path=str(artifacts_dir / "frontend-lab-board.png"))
    root.get_by_role("button", name="Undo").click()
    root.locator(".mtl-message", has_text="taken back").wait_for(timeout=10_000)
    expect(on_train).to_have_count(before, timeout=10_000)
    page_guard.assert_clean()


def test_scenario_id_shows_in_presenter_mode_only(page, page_guard, tmp_path):
    """A learner's page shows the scenario's title; its internal id (for a teacher's
    lesson plan) shows only in presenter mode, the teacher's view."""
    state = dict(scenario_state(), scenario_id="a-short-round")
    open_fragments(page, tmp_path, standalone_html("scenario", state))
    root = page.locator(".mtl-scenario")
    assert root.locator(".mtl-title").inner_text() == "Three positions"
    assert "a-short-round" not in root.inner_text()
    root.focus()
    page.keyboard.press("p")
    shown = page.locator(".mtl-presenting .mtl-scenario-id")
    assert shown.inner_text() == "scenario a-short-round"
    page.keyboard.press("Escape")
    assert page.locator(".mtl-scenario-id").count() == 0
    page_guard.assert_clean()


def test_skip_link_is_hidden_until_focused_and_never_covers_anything(page, page_guard, tmp_path):
    """The board's "Skip to your hand" is read and reached by Tab but not seen until it
    has the focus; then it shows in its own line, over nothing; it goes to the hand.
    The first board of a page is #mtl-board-1 (the page's own skip link goes there)."""
    before = '<p id="above" style="margin:0">Show code cell source</p>'
    open_fragments(page, tmp_path, before + standalone_html("board", {"view": load_view("two_player")}))
    root = page.locator("#mtl-board-1")
    assert root.get_attribute("role") == "region" and root.get_attribute("tabindex") == "-1"
    skip = page.locator(".mtl-skip")
    box = skip.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1, box
    page.evaluate("document.getElementById('mtl-board-1').focus()")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('data-key')") == "skip"
    box = skip.bounding_box()
    assert box is not None and box["width"] > 40 and box["height"] > 10, box
    # over nothing: no other element of the page is under the link's box
    hits = page.evaluate("""() => {
      const a = document.querySelector('.mtl-skip'); const r = a.getBoundingClientRect();
      const out = [];
      for (const n of document.querySelectorAll('body *')) {
        if (n === a || n.contains(a) || a.contains(n)) continue;
        const q = n.getBoundingClientRect();
        if (!q.width || !q.height || getComputedStyle(n).visibility === 'hidden') continue;
        if (q.left < r.right && r.left < q.right && q.top < r.bottom && r.top < q.bottom)
          out.push(n.tagName + '.' + n.className + '#' + n.id);
      }
      return out; }""")
    assert hits == [], hits
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.getAttribute('data-key')") == "tile:9-3"
    page_guard.assert_clean()


def test_board_sentences_use_learner_words():
    """What a board says to a learner (every string literal of the front end that is a
    phrase, outside comments and console logs) never names the machinery: "engine" is
    the central double only (the "Engine" label, one word), and neither "kernel",
    "Pyodide" nor "Python" is said; the class server's pages (class-*.js) are another's."""
    js_dir = Path(__file__).parent.parent / "mtlearn" / "static" / "js"
    literal = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')
    machinery = re.compile(r"\b(engine|kernel|pyodide|python)\b", re.IGNORECASE)
    found = []
    for path in sorted(js_dir.glob("*.js")):
        if path.name.startswith("class-"):
            continue
        # block comments (the JSDoc types) blanked, their lines kept for the line numbers
        source = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"),
                        path.read_text(encoding="utf-8"), flags=re.DOTALL)
        for n, line in enumerate(source.splitlines(), 1):
            code = line.split("//", 1)[0] if not line.lstrip().startswith("//") else ""
            if "console." in code or "new Error(" in code:
                continue  # for programmers, in the browser's console
            for m in literal.finditer(code):
                text = next(g for g in m.groups() if g is not None)
                if " " in text.strip() and machinery.search(text):
                    found.append(f"{path.name}:{n}: {text}")
    assert found == [], found
