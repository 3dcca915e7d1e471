// Checked steps (static/js/steps.js) against the fake DOM: the checklist says in words
// which steps are done, the news names each newly ticked step and the stars, and a board
// whose view carries steps draws them and says the news in its live region.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fakeModel, installFakeDom } from "./fakedom.mjs";

installFakeDom();
const { stepsNews, stepsSection, stepsSummary } = await import("../../mtlearn/static/js/steps.js");
const { default: widget } = await import("../../mtlearn/static/js/main.js");
const base = JSON.parse(readFileSync(new URL("../data/views/two_player.json", import.meta.url), "utf-8"));

function withSteps(done, stars) {
  const texts = ["Try 5-3 on Ana's train.", "Play 4-1 on Ana's train.", "Go out."];
  const items = texts.map((text, i) => ({ id: `s${i}`, text, done: !!done[i] }));
  return Object.assign({}, base, { steps: { items, done: done.filter(Boolean).length, total: 3, slips: 0, stars } });
}

test("a view without steps draws no checklist and says nothing", () => {
  assert.equal(stepsSection(base), null);
  assert.equal(stepsNews(null, base), "");
  assert.equal(stepsSummary(base), "");
});

test("the checklist ticks the done steps and says done / to do in words", () => {
  const node = stepsSection(withSteps([true, false, false], null));
  const items = node.querySelectorAll(".mtl-steps-item");
  assert.equal(items.length, 3);
  assert.ok(items[0].getAttribute("class").includes("mtl-steps-done"));
  assert.ok(!items[1].getAttribute("class").includes("mtl-steps-done"));
  assert.equal(items[0].querySelector(".mtl-steps-tick").textContent, "✓");
  assert.equal(items[1].querySelector(".mtl-steps-tick").textContent, "2");
  assert.match(items[0].textContent, /Try 5-3 on Ana's train\. \(done\)/);
  assert.match(items[1].textContent, /\(to do\)/);
  assert.equal(node.querySelector(".mtl-steps-summary").textContent, "1 of 3 steps done.");
});

test("all done: the stars are drawn and said", () => {
  const node = stepsSection(withSteps([true, true, true], 2));
  assert.match(node.getAttribute("class"), /mtl-steps-all/);
  assert.equal(node.querySelector(".mtl-stars").textContent, "★★☆ ");
  assert.match(node.querySelector(".mtl-steps-summary").textContent, /All 3 steps done: 2 stars\./);
});

test("the news names each newly ticked step, an untick, and the stars at the end", () => {
  const a = withSteps([true, false, false], null);
  const b = withSteps([true, true, false], null);
  const c = withSteps([true, true, true], 3);
  assert.equal(stepsNews(a, a), "");
  assert.equal(stepsNews(a, b), "Step 2 of 3 done: Play 4-1 on Ana's train. 2 of 3 steps done.");
  assert.equal(stepsNews(b, c), "Step 3 of 3 done: Go out. All 3 steps done: 3 stars.");
  assert.match(stepsNews(b, a), /^Step 2 is no longer done/);
});

test("a board draws the steps, announces a tick in its live region, and Hint asks the host", () => {
  const model = fakeModel({ kind: "board", view: withSteps([false, false, false], null),
    message: null, show_legal: false, rules_url: "" });
  const el = document.createElement("div");
  widget.render({ model, el });
  assert.equal(el.querySelectorAll(".mtl-steps-item").length, 3);
  model.set("message", { kind: "ok", text: "Ana played 4-1.", rule: null, bots: [] });
  model.set("view", Object.assign(withSteps([false, true, false], null), { hint: "play 4-1" }));
  const live = el.querySelector(".mtl-message");
  assert.equal(live.getAttribute("aria-live"), "polite");
  assert.match(live.querySelector(".mtl-steps-news").textContent, /^Step 2 of 3 done: Play 4-1/);
  assert.equal(el.querySelectorAll(".mtl-steps-done").length, 1);
  el.querySelector('[data-key="hint"]').click();
  assert.deepEqual(model.sent[model.sent.length - 1], { action: "hint" });
});
