// A board (static/js/board.js, with view-parts.js, branches.js, tiles.js…) against a fake
// model and a fake DOM: a tile, then a train, sends the move; the cleanup unsubscribes.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fakeModel, installFakeDom } from "./fakedom.mjs";

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
