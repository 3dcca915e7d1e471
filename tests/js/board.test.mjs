// A board (static/js/board.js: its controller board-state.js and its view board-view.js,
// with view-parts.js, branches.js, tiles.js…) against a fake model and a fake DOM: a tile,
// then a train, sends the move; the legal moves, Hint and Escape; the cleanup unsubscribes.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fakeEvent, fakeModel, installFakeDom } from "./fakedom.mjs";

installFakeDom();
const { default: widget } = await import("../../mtlearn/static/js/main.js");
const view = JSON.parse(readFileSync(new URL("../data/views/two_player.json", import.meta.url), "utf-8"));

function board() {
  return fakeModel({ kind: "board", view, message: null, show_legal: false, rules_url: "" });
}

test("a tile, then a train's Play here, sends that move", () => {
  const model = board();
  const el = document.createElement("div");
  widget.render({ model, el });
  const [tile, train] = view.legal[0].move.split("@");   // "9-3@1"
  el.querySelector(`[data-key="tile:${tile}"]`).click();
  el.querySelector(`[data-key="train:${train}"]`).click();
  assert.deepEqual(model.sent[model.sent.length - 1], { action: "move", move: `${tile}@${train}` });
});

test("every train of the view gets a row, named as the view names it", () => {
  const el = document.createElement("div");
  widget.render({ model: board(), el });
  const rows = el.querySelectorAll(".mtl-train");
  assert.deepEqual(rows.map((r) => r.getAttribute("data-train")), view.trains.map((t) => String(t.id)));
  assert.match(el.querySelector(".mtl-train .mtl-train-name").textContent, new RegExp(view.trains[0].label));
});

test("the render entry picks the widget kind, and the cleanup unsubscribes", () => {
  const model = board();
  const el = document.createElement("div");
  const cleanup = widget.render({ model, el });
  assert.ok(el.querySelector(".mtl-board"));
  assert.ok(model.listeners("change:view") > 0);
  cleanup();
  assert.equal(model.listeners("change:view"), 0);
  assert.equal(el.querySelector(".mtl-board"), null);
});

test("the focus goes to the trains once a tile is picked, and Escape brings it back to the tile", () => {
  document.activeElement = null;  // a fresh page: the focus on no board of the tests before
  const el = document.createElement("div");
  widget.render({ model: board(), el });
  const [tile, train] = view.legal[0].move.split("@");
  el.querySelector(`[data-key="tile:${tile}"]`).click();
  assert.equal(document.activeElement.getAttribute("data-key"), `train:${train}`);
  assert.equal(el.querySelector(`[data-key="tile:${tile}"]`).getAttribute("aria-pressed"), "true");
  const esc = fakeEvent("keydown", true, { key: "Escape" });
  document.activeElement.dispatchEvent(esc);
  assert.equal(esc.defaultPrevented, true);
  assert.equal(el.querySelector(`[data-key="tile:${tile}"]`).getAttribute("aria-pressed"), "false");
  assert.equal(document.activeElement.getAttribute("data-key"), `tile:${tile}`);
  assert.equal(el.querySelector(".mtl-note").textContent, "Selection cleared.");
  // nothing selected now: the key is left to the page
  const again = fakeEvent("keydown", true, { key: "Escape" });
  document.activeElement.dispatchEvent(again);
  assert.equal(again.defaultPrevented, false);
});

test("Show legal moves lists each legal move in words, as a button that plays it", () => {
  const model = board();
  const el = document.createElement("div");
  widget.render({ model, el });
  assert.equal(el.querySelector(".mtl-legal"), null);
  el.querySelector('[data-key="legal"]').click();
  assert.equal(model.get("show_legal"), true);
  const buttons = el.querySelectorAll(".mtl-legal-move");
  assert.deepEqual(buttons.map((b) => b.textContent), view.legal.map((m) => m.text));
  buttons[1].click();
  assert.deepEqual(model.sent[model.sent.length - 1], { action: "move", move: view.legal[1].move });
});

test("with a tile selected, the heading that names it lists that tile's moves only", () => {
  const model = board();
  const el = document.createElement("div");
  widget.render({ model, el });
  el.querySelector('[data-key="legal"]').click();
  el.querySelector('[data-key="tile:12-7"]').click();
  const [mine, others] = el.querySelectorAll(".mtl-legal-list");
  assert.equal(el.querySelectorAll(".mtl-legal .mtl-h")[0].textContent, "Legal moves (selected tile: 12-7)");
  assert.deepEqual(mine.querySelectorAll(".mtl-legal-move").map((b) => b.getAttribute("data-key")),
    ["legal:12-7@M"]);    // not 9-3's move on Ana's train, which it listed before
  assert.equal(el.querySelectorAll(".mtl-legal .mtl-h")[1].textContent, "Other legal moves");
  assert.deepEqual(others.querySelectorAll(".mtl-legal-move").map((b) => b.getAttribute("data-key")),
    ["legal:9-3@1"]);
  el.querySelector('[data-key="tile:6-2"]').click();     // a tile with no legal move
  assert.equal(el.querySelector(".mtl-legal-list").textContent, "None: 6-2 has no legal move now.");
  assert.equal(el.querySelectorAll(".mtl-legal-move").length, view.legal.length);
  el.querySelector('[data-key="tile:6-2"]').click();     // unselected: one list, every move
  assert.equal(el.querySelector(".mtl-legal .mtl-h").textContent, "Legal moves");
  assert.equal(el.querySelectorAll(".mtl-legal-list").length, 1);
});

test("Hint: a board without steps shows the view's hint; one with steps asks its host", () => {
  const plain = fakeModel({ kind: "board", view: { ...view, hint: "Play 9-3 first." }, message: null,
    show_legal: false, rules_url: "" });
  const el = document.createElement("div");
  widget.render({ model: plain, el });
  el.querySelector('[data-key="hint"]').click();
  assert.equal(el.querySelector(".mtl-note").textContent, "Hint: Play 9-3 first.");
  assert.deepEqual(plain.sent, []);
  const steps = { name: "s", items: [{ id: "a", text: "Play a tile", done: false }], done: 0, total: 1, slips: 0, stars: null };
  const stepped = fakeModel({ kind: "board", view: { ...view, hint: "Play 9-3 first.", steps }, message: null,
    show_legal: false, rules_url: "" });
  const el2 = document.createElement("div");
  widget.render({ model: stepped, el: el2 });
  el2.querySelector('[data-key="hint"]').click();
  assert.deepEqual(stepped.sent, [{ action: "hint" }]);
});

test("the host's message is shown with its rule as a link, and a new view clears the note", () => {
  const model = board();
  const el = document.createElement("div");
  widget.render({ model, el });
  el.querySelector('[data-key="train:1"]').click();
  assert.match(el.querySelector(".mtl-note").textContent, /Choose a tile/);
  model.set("message", { kind: "refusal", text: "Ben's train has no marker (R-MARK-1).", rule: "R-MARK-1",
    rule_url: null, bots: [] });
  const msg = el.querySelector(".mtl-message");
  assert.ok(msg.classList.contains("mtl-msg-refusal"));
  assert.equal(msg.textContent, "✗ Not allowed: Ben's train has no marker (rule: only you play on your train until your marker is on it).");
  model.set("view", { ...view });
  assert.equal(el.querySelector(".mtl-note").textContent, "");
});

test("the computer's moves are counted as moves: one computer player may make two", async () => {
  const { botMovesNode } = await import("../../mtlearn/static/js/match.js");
  const two = botMovesNode({ kind: "ok", text: "Ana played 9-3.", rule: null,
    bots: ["Bo played 3-3 on Bo's train.", "Bo played 3-0 on Bo's train."] });
  assert.equal(two.querySelector(".mtl-bots-head").textContent, "The computer's moves (2):");
  assert.doesNotMatch(two.textContent, /players/);
  const one = botMovesNode({ kind: "ok", text: "Ana played 9-3.", rule: null, bots: ["Bo drew a tile."] });
  assert.equal(one.querySelector(".mtl-bots-head").textContent, "The computer's move:");
  assert.equal(botMovesNode({ kind: "ok", text: "x", rule: null, bots: [] }), null);
});
