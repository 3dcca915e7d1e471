// The puzzle controller (static/js/puzzle.js) and its views against a fake model and a
// fake DOM: what it sends, how it counts slips and hints, the stars it keeps.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { fakeEvent, fakeModel, installFakeDom } from "./fakedom.mjs";

installFakeDom();
const { renderPuzzle } = await import("../../mtlearn/static/js/puzzle.js");

function numberPuzzle(extra) {
  return fakeModel(Object.assign({
    kind: "puzzle",
    puzzle: { id: "p1", title: "Count", kind: "number", widget: "number", question: "How many?", par: 0,
      stars: [3, 2, 1], hints: ["R-DBL-3 says so.", "Look at train 2."], teaches: ["R-DBL-3"] },
    view: null, feedback: null, solution: null, progress: null, storage: "kernel", rules_url: "",
  }, extra || {}));
}

let el;
beforeEach(() => { el = document.createElement("div"); });

function key(k) { return el.querySelector(`[data-key="${k}"]`); }

function answerNumber(model, text) {
  const input = key("number");
  input.value = text;
  input.dispatchEvent(fakeEvent("input", true));
  key("check").click();
  return model.sent[model.sent.length - 1];
}

test("a number is sent as an answer; text that is not one is refused with a note", () => {
  const model = numberPuzzle();
  renderPuzzle(model, el);
  assert.deepEqual(answerNumber(model, " 7 "), { action: "answer", answer: 7 });
  const before = model.sent.length;
  answerNumber(model, "seven");
  assert.equal(model.sent.length, before);
  assert.equal(el.querySelector(".mtl-note").textContent, "Type a whole number first.");
});

test("slips and hints cost stars as the table says, and the record is sent", () => {
  const model = numberPuzzle();
  renderPuzzle(model, el);
  answerNumber(model, "3");
  model.set("feedback", { status: "wrong", text: "Not 3.", n: 1 });
  assert.equal(el.querySelector(".mtl-pz-feedback").getAttribute("data-status"), "wrong");
  key("hint1").click();                       // a hint: one more slip
  assert.match(el.querySelector(".mtl-pz-hintlist").textContent, /The rule: An open double must be covered before anything else says so\./);
  answerNumber(model, "4");
  model.set("feedback", { status: "right", text: "Yes.", n: 2 });
  const rec = model.sent.find((m) => m.action === "progress").record;
  assert.equal(rec.stars, 1);                 // 2 slips with par 0: stars[2] = 1
  assert.equal(rec.slips, 1);
  assert.equal(rec.hints, 1);
  assert.equal(el.querySelector(".mtl-stars").textContent, "★☆☆");
  assert.equal(key("check").disabled, true);  // solved: the form is closed
});

test("a solve within par earns the table's first entry", () => {
  const model = numberPuzzle();
  renderPuzzle(model, el);
  answerNumber(model, "4");
  model.set("feedback", { status: "right", text: "Yes.", n: 1 });
  assert.equal(model.sent.find((m) => m.action === "progress").record.stars, 3);
  assert.equal(el.querySelector(".mtl-pz-earned .mtl-stars").getAttribute("aria-label"), "3 of 3 stars");
});

test("the best stars kept are drawn from the kernel's record, clamped", () => {
  const model = numberPuzzle({ progress: { solved: true, stars: 99 } });
  renderPuzzle(model, el);
  assert.equal(el.querySelector(".mtl-pz-best").textContent, "Best: ★★★ (3 of 3 stars)");
});

test("Start again resets the attempt and asks the host to restart", () => {
  const model = numberPuzzle();
  renderPuzzle(model, el);
  answerNumber(model, "3");
  model.set("feedback", { status: "wrong", text: "Not 3.", n: 1 });
  key("again").click();
  assert.deepEqual(model.sent[model.sent.length - 1], { action: "restart" });
  assert.equal(el.querySelector(".mtl-pz-feedback").textContent, "");
});

test("the cleanup function unsubscribes every model key", () => {
  const model = numberPuzzle();
  const cleanup = renderPuzzle(model, el);
  assert.ok(model.listeners("change:feedback") > 0);
  cleanup();
  for (const k of ["feedback", "view", "solution", "progress", "puzzle", "set_progress"]) {
    assert.equal(model.listeners(`change:${k}`), 0, k);
  }
});

test("Reset progress says so, even when the host restarts at once (and clears the verdict)", () => {
  const model = numberPuzzle();
  model.send = (content) => {
    model.sent.push(content);
    if (content.action === "restart") model.set("feedback", null);   // a page's host answers at once
  };
  renderPuzzle(model, el);
  answerNumber(model, "3");
  model.set("feedback", { status: "wrong", text: "Not 3.", n: 1 });
  key("reset").click();
  assert.deepEqual(model.sent.slice(-2), [{ action: "reset" }, { action: "restart" }]);
  assert.equal(el.querySelector(".mtl-note").textContent, "Progress for this puzzle was reset.");
  assert.equal(el.querySelector(".mtl-pz-feedback").textContent, "");
});

test("Show the answer steps the board through the answer's frames, and Start again stops them", (t) => {
  t.mock.timers.enable({ apis: ["setInterval"] });
  const frame = (status) => ({ status, trains: [], players: [], legal: [] });
  const model = numberPuzzle({ solution: { text: "Four.", frames: [frame("one"), frame("two"), frame("three")] } });
  renderPuzzle(model, el);
  key("hint1").click();
  key("hint2").click();
  key("show").click();
  const status = () => el.querySelector(".mtl-status").textContent;
  assert.equal(status(), "one");
  assert.match(el.querySelector(".mtl-pz-feedback").textContent, /The answer: Four\./);
  assert.equal(model.sent.find((m) => m.action === "progress").record.shown, true);
  t.mock.timers.tick(900);
  assert.equal(status(), "two");
  key("again").click();
  assert.equal(el.querySelector(".mtl-status"), null);   // the puzzle's own position (none here)
  t.mock.timers.tick(1800);
  assert.equal(el.querySelector(".mtl-status"), null);   // no frame drawn after Start again
});
