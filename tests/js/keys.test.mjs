// Keyboard and screen-reader logic (static/js/keys.js) and its use on a drawn board, against
// the fake DOM: the roving tab stops, where the focus goes after an answer, what the live
// region says, train tiles named as drawn.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fakeEvent, fakeModel, installFakeDom } from "./fakedom.mjs";

installFakeDom();
const keys = await import("../../mtlearn/static/js/keys.js");
const { default: widget } = await import("../../mtlearn/static/js/main.js");
const view = JSON.parse(readFileSync(new URL("../data/views/two_player.json", import.meta.url), "utf-8"));

test("the arrows, Home and End move in a group without wrapping", () => {
  assert.equal(keys.rovingIndex("ArrowRight", 0, 3), 1);
  assert.equal(keys.rovingIndex("ArrowDown", 2, 3), 2);
  assert.equal(keys.rovingIndex("ArrowLeft", 0, 3), 0);
  assert.equal(keys.rovingIndex("ArrowUp", 2, 3), 1);
  assert.equal(keys.rovingIndex("Home", 2, 3), 0);
  assert.equal(keys.rovingIndex("End", 0, 3), 2);
  assert.equal(keys.rovingIndex("a", 0, 3), null);
  assert.equal(keys.rovingIndex("End", 0, 0), null);
});

test("type-ahead finds the next tile with a number, round the hand", () => {
  const hand = ["1-2", "9-5", "12-3", "5-5", "11-1"];
  assert.equal(keys.tileWithNumber(hand, 0, 5, false), 1);
  assert.equal(keys.tileWithNumber(hand, 1, 5, false), 3);
  assert.equal(keys.tileWithNumber(hand, 3, 5, false), 1);   // round the hand
  assert.equal(keys.tileWithNumber(hand, 4, 1, false), 0);
  assert.equal(keys.tileWithNumber(hand, 2, 12, true), 2);   // "1" then "2": the tile itself
  assert.equal(keys.tileWithNumber(hand, 0, 7, false), null);
});

test("type-ahead goes to a tile that can be played first, then to the others", () => {
  const hand = ["5-1", "9-5", "12-3", "5-5", "11-1"];
  const playable = [false, false, false, true, false];
  assert.equal(keys.tileWithNumber(hand, 0, 5, false, playable), 3);   // 5-5, past 9-5
  assert.equal(keys.tileWithNumber(hand, 3, 5, false, playable), 3);   // round to itself
  assert.equal(keys.tileWithNumber(hand, 0, 1, false, playable), 4);   // none playable: the next
});

test("ArrowDown and ArrowUp in the hand go to the next tile that can be played, round the hand", () => {
  const playable = [true, false, false, true, false, true];
  assert.equal(keys.nextPlayable(playable, 0, 1), 3);
  assert.equal(keys.nextPlayable(playable, 3, 1), 5);
  assert.equal(keys.nextPlayable(playable, 5, 1), 0);    // round the hand
  assert.equal(keys.nextPlayable(playable, 0, -1), 5);
  assert.equal(keys.nextPlayable([true, false], 0, 1), null);  // no other
});

test("M and the digits 1-8 name the trains while a tile is picked", () => {
  assert.equal(keys.trainKeyTarget("m"), "train:M");
  assert.equal(keys.trainKeyTarget("M"), "train:M");
  assert.equal(keys.trainKeyTarget("2"), "train:2");
  assert.equal(keys.trainKeyTarget("9"), null);
  assert.equal(keys.trainKeyTarget("0"), null);
  assert.equal(keys.trainKeyTarget("x"), null);
});

test("the hand's tab stop: the selected tile, else the last focused, else the first playable", () => {
  const v = { legal: [{ move: "5-9@M" }, { move: "draw" }] };
  const hand = ["1-2", "9-5", "3-3"];
  assert.equal(keys.handStop(v, hand, null, null), "9-5");
  assert.equal(keys.handStop(v, hand, "3-3", "1-2"), "3-3");
  assert.equal(keys.handStop(v, hand, null, "2-1"), "1-2");
  assert.equal(keys.handStop({ legal: [] }, hand, null, "6-6"), "1-2");
  assert.equal(keys.handStop(v, [], null, null), null);
});

test("the trains' tab stop is where the picked tile may go", () => {
  const v = { trains: [{ id: "1", branches: [{ id: "1.2a" }] }, { id: "2" }, { id: "M" }],
    legal: [{ move: "5-9@2" }, { move: "5-9@M" }] };
  assert.deepEqual(keys.targetIds(v), ["1", "1.2a", "2", "M"]);
  assert.equal(keys.trainStop(v, "9-5", null), "2");
  assert.equal(keys.trainStop(v, "9-5", "M"), "M");
  assert.equal(keys.trainStop(v, "9-5", "1"), "2");  // not a legal place: not remembered
  assert.equal(keys.trainStop(v, "1-1", null), "1");
});

test("after an answer the focus goes to the next useful control", () => {
  const player = (hand) => ({ seat: 1, name: "Ana", hand });
  const before = { to_play: 1, players: [player(["1-2"])], legal: [{ move: "draw" }], status: "a" };
  // the tile just drawn, when it can be played
  const drew = { to_play: 1, players: [player(["1-2", "5-9"])], legal: [{ move: "9-5@M" }, { move: "pass" }], status: "b" };
  assert.equal(keys.focusAfterView(before, drew, null), "tile:5-9");
  // drawn and no use: Pass
  const stuck = { to_play: 1, players: [player(["1-2", "6-6"])], legal: [{ move: "pass" }], status: "c" };
  assert.equal(keys.focusAfterView(before, stuck, null), "pass");
  // nothing to play: Draw
  assert.equal(keys.focusAfterView(null, before, null), "draw");
  // a round's end: Next round, the match's end: New match; no match: Undo
  assert.equal(keys.focusAfterView(before, { match: { round_over: true, next_round: true } }), "next_round");
  assert.equal(keys.focusAfterView(before, { match: { round_over: true, match_over: true } }), "new_match");
  assert.equal(keys.focusAfterView(before, { over: true, players: [] }), "undo");
  // another player's turn, hidden: nothing to focus; the same position again (a refusal): stay
  assert.equal(keys.focusAfterView(before, { hidden_turn: true, to_play: 2, players: [] }), null);
  assert.equal(keys.focusAfterView(before, Object.assign({}, before)), null);
});

test("the live region says the status line, and the round's scores at its end", () => {
  const v = { status: "Ana drew 5-9, and it fits: Ana must play it.", players: [] };
  assert.equal(keys.announcement(v), v.status);
  const over = { status: "Ana went out.", players: [{ seat: 1, name: "Ana" }, { seat: 2, name: "Ben" }],
    result: { scores: [0, 36] } };
  assert.equal(keys.announcement(over), "Ana went out. Round scores: Ana 0, Ben 36.");
  assert.equal(keys.trainTileName({ tile: "12-5", inward: 5, outward: 12 }), "5-12");
  assert.equal(keys.trainTileName({ tile: "9-2" }), "9-2");
});

function board() {
  const model = fakeModel({ kind: "board", view, message: null, show_legal: false, rules_url: "" });
  const el = document.createElement("div");
  document.body.appendChild(el);
  widget.render({ model, el });
  return { model, el };
}

test("a drawn board: one tab stop in the hand, none in the trains until a tile is picked", () => {
  const { el } = board();
  const tiles = el.querySelectorAll('[data-roving="hand"] .mtl-tilebtn');
  assert.ok(tiles.length > 1);
  assert.equal(tiles.filter((t) => t.getAttribute("tabindex") === "0").length, 1);
  const targets = el.querySelectorAll('[data-roving="trains"] .mtl-target');
  assert.ok(targets.length > 1);
  assert.equal(targets.filter((t) => t.getAttribute("tabindex") === "0").length, 0);
  el.remove();
});

test("picking moves the focus to a train the tile may go to; Escape brings it back", () => {
  const { el } = board();
  const [tile, train] = view.legal.find((m) => m.move.includes("@")).move.split("@");
  el.querySelector(`[data-key="tile:${tile}"]`).focus();
  el.querySelector(`[data-key="tile:${tile}"]`).click();
  const active = document.activeElement;
  assert.equal(active.getAttribute("data-key"), `train:${train}`);
  const targets = el.querySelectorAll('[data-roving="trains"] .mtl-target');
  assert.equal(targets.filter((t) => t.getAttribute("tabindex") === "0").length, 1);
  // the arrows move the train's tab stop
  const ev = fakeEvent("keydown", true, { key: "End", target: active });
  active.dispatchEvent(ev);
  assert.ok(ev.defaultPrevented);
  assert.equal(document.activeElement, targets[targets.length - 1]);
  assert.equal(targets[targets.length - 1].getAttribute("tabindex"), "0");
  const esc = fakeEvent("keydown", true, { key: "Escape", target: document.activeElement });
  document.activeElement.dispatchEvent(esc);
  assert.equal(document.activeElement.getAttribute("data-key"), `tile:${tile}`);
  assert.equal(el.querySelectorAll('.mtl-tilebtn[aria-pressed="true"]').length, 0);
  // a digit moves to the next tile of the hand with that number
  const hand = el.querySelectorAll('[data-roving="hand"] .mtl-tilebtn');
  const names = hand.map((b) => b.getAttribute("data-key").slice(5));
  const from = names.indexOf(tile);
  const digit = names.flatMap((t) => t.split("-")).find((x) => x.length === 1 && x !== tile.split("-")[0]);
  const playable = hand.map((b) => b.hasAttribute("data-playable"));
  const want = keys.tileWithNumber(names, from, Number(digit), false, playable);
  const typed = fakeEvent("keydown", true, { key: digit, target: document.activeElement });
  document.activeElement.dispatchEvent(typed);
  assert.equal(document.activeElement, hand[want]);
  assert.equal(hand[want].getAttribute("tabindex"), "0");
  el.remove();
});

test("a train is a group named by its heading, its Play button last; tiles named as drawn", () => {
  const { el } = board();
  for (const row of el.querySelectorAll(".mtl-train")) {
    assert.equal(row.getAttribute("role"), "group");
    const name = el.querySelector(`#${row.getAttribute("aria-labelledby")}`);
    assert.equal(name.getAttribute("role"), "heading");
    assert.ok(row.children[row.children.length - 1].classList.contains("mtl-target"));
    for (const t of row.querySelectorAll(".mtl-tile")) {
      assert.equal(t.getAttribute("aria-label"), t.querySelector(".mtl-num").textContent);
    }
  }
  // the hand comes before the trains
  const view_ = el.querySelector(".mtl-view");
  const order = view_.children.map((c) => c.getAttribute("class"));
  assert.ok(order.indexOf("mtl-hands") < order.indexOf("mtl-trains"), order.join());
  el.remove();
});

test("a drawn board: ArrowDown goes to the next playable tile; M plays the picked tile on the Mexican train", () => {
  const { el, model } = board();
  const hand = el.querySelectorAll('[data-roving="hand"] .mtl-tilebtn');
  const playable = hand.filter((b) => b.hasAttribute("data-playable")).map((b) => b.getAttribute("data-key"));
  assert.deepEqual(playable, ["tile:9-3", "tile:12-7"]);
  // each train's key is on its button for assistive technology
  const shortcuts = el.querySelectorAll(".mtl-target").map((b) => b.getAttribute("aria-keyshortcuts"));
  assert.deepEqual(shortcuts, ["1", "2", "M"]);
  const stop = hand.find((b) => b.getAttribute("tabindex") === "0");
  stop.focus();
  assert.equal(stop.getAttribute("data-key"), "tile:9-3");
  const down = fakeEvent("keydown", true, { key: "ArrowDown", target: stop });
  stop.dispatchEvent(down);
  assert.ok(down.defaultPrevented);
  assert.equal(document.activeElement.getAttribute("data-key"), "tile:12-7");
  document.activeElement.click();  // pick 12-7: the focus goes to the trains
  assert.ok(document.activeElement.getAttribute("data-key").startsWith("train:"));
  const m = fakeEvent("keydown", true, { key: "m", target: document.activeElement });
  document.activeElement.dispatchEvent(m);
  assert.ok(m.defaultPrevented);
  assert.deepEqual(model.sent.at(-1), { action: "move", move: "12-7@M" });
  // what the learner reads while the move is sent: words, not the notation
  assert.equal(el.querySelector(".mtl-note").textContent, "Play 12-7 on the Mexican train…");
  el.remove();
});

test("the legal moves list names each move in words only", () => {
  const model = fakeModel({ kind: "board", view, message: null, show_legal: true, rules_url: "" });
  const el = document.createElement("div");
  document.body.appendChild(el);
  widget.render({ model, el });
  const entries = el.querySelectorAll(".mtl-legal-move");
  assert.deepEqual(entries.map((b) => b.textContent), ["Play 9-3 on Ana's train", "Play 12-7 on the Mexican train"]);
  assert.equal(entries[1].getAttribute("data-key"), "legal:12-7@M");  // the intent keeps the notation
  el.remove();
});

test("M on a hand tile plays it on the Mexican train when it fits there", () => {
  assert.equal(keys.handKeyTarget("m", ["1", "M"]), "M");
  assert.equal(keys.handKeyTarget("M", ["M"]), "M");
  assert.equal(keys.handKeyTarget("M", ["1"]), null);
  assert.equal(keys.handKeyTarget("Enter", ["1"]), null);   // Enter picks, as before
  assert.deepEqual(keys.pressesForMove(["1-2", "5-9", "9-3"], [[], ["M"], ["1"]], 1, 1, "M"), ["M"]);
  assert.deepEqual(keys.pressesForMove(["1-2", "5-9", "9-3"], [[], ["M"], ["1"]], 1, 2, "1"),
    ["ArrowRight", "Enter", "1"]);
});

test("a digit typed again goes on to the next tile with it; the same digit twice to the double", () => {
  const hand = ["5-1", "9-5", "3-3", "5-5", "12-3"];
  const none = hand.map(() => false);
  const typed = { text: "5" };
  assert.equal(keys.typedTile(hand, 0, typed, none), 1);
  typed.text = "55";
  assert.equal(keys.typedTile(hand, 1, typed, none), 3);   // 5-5
  typed.text = "3";
  assert.equal(keys.typedTile(hand, 3, typed, none), 4);
  typed.text = "33";
  assert.equal(keys.typedTile(hand, 4, typed, none), 2);   // 3-3
  typed.text = "12";
  assert.equal(keys.typedTile(hand, 0, typed, none), 4);   // 12 is a number of the hand
  typed.text = "97";
  assert.equal(keys.typedTile(hand, 0, typed, none), 0);   // no 97, no 7: the focus stays
  assert.equal(typed.text, "7");
});

// Hands dealt at random from a double-12 set (1 to 15 tiles, each written either way) with
// the player's train, the Mexican train and up to two marked trains open at random numbers.
function* dealt(count, spread) {
  let seed = 2026;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
  const set = [];
  for (let a = 0; a <= 12; a++) for (let b = a; b <= 12; b++) set.push([a, b]);
  for (let g = 0; g < count; g++) {
    const pool = set.slice();
    const hand = [];
    for (let k = 0, n = 1 + rnd(15); k < n; k++) {
      const [a, b] = pool.splice(rnd(pool.length), 1)[0];
      hand.push(rnd(2) ? `${a}-${b}` : `${b}-${a}`);
    }
    const ends = [["1", rnd(spread)], ["M", rnd(spread)]];
    for (let k = 0, n = rnd(3); k < n; k++) ends.push([String(2 + k), rnd(spread)]);
    const targets = hand.map((t) => {
      const [a, b] = t.split("-").map(Number);
      return ends.filter(([, e]) => e === a || e === b).map(([id]) => id);
    });
    yield { hand, targets };
  }
}

// 2,500 hands a spread; a tenth in the fast tier (./dev test --fast, tests/tier.py)
const HANDS = process.env.MTLEARN_TIER === "fast" ? 250 : 2500;

test("every tile move takes at most 4 keys from the tile the focus lands on (many dealt hands)", () => {
  const counts = [];
  // spread 13: any number open; spread 3: the trains open on few numbers, many tiles fit
  for (const spread of [13, 3]) {
    for (const { hand, targets } of dealt(HANDS, spread)) {
      const start = keys.handStop({ legal: hand.flatMap((t, i) => targets[i].map((id) => ({ move: `${t}@${id}` }))) },
        hand, null, null);
      const from = hand.indexOf(start);
      for (let i = 0; i < hand.length; i++) {
        for (const target of targets[i]) {
          const plan = keys.pressesForMove(hand, targets, from, i, target);
          assert.ok(plan && plan.length <= 4, JSON.stringify({ hand, targets, from, i, target, plan }));
          counts.push(plan.length);
        }
      }
    }
  }
  assert.ok(counts.length > 4 * HANDS, counts.length);
  assert.ok(counts.includes(4) && counts.includes(1));  // the bound is reached, not just kept
});

test("a drawn board: M on a hand tile plays it on the Mexican train; Enter still picks", () => {
  const { el, model } = board();
  const only = el.querySelector('[data-key="tile:9-3"]');
  assert.equal(only.getAttribute("data-targets"), "1");
  only.focus();
  const m1 = fakeEvent("keydown", true, { key: "m", target: only });
  only.dispatchEvent(m1);
  assert.equal(m1.defaultPrevented, false);   // 9-3 does not fit the Mexican train: M is not used
  const tile = el.querySelector('[data-key="tile:12-7"]');
  assert.equal(tile.getAttribute("data-targets"), "M");
  tile.focus();
  const ev = fakeEvent("keydown", true, { key: "m", target: tile });
  tile.dispatchEvent(ev);
  assert.ok(ev.defaultPrevented);
  assert.deepEqual(model.sent.at(-1), { action: "move", move: "12-7@M" });
  el.remove();
});
