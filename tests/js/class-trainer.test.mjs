// Trainer puzzles in the class (static/js/class-trainer.js) against a fake model and a
// fake DOM: the phone's view in words and the intents it sends; the teacher's panel and
// the assignment it sends.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { fakeEvent, fakeModel, installFakeDom } from "./fakedom.mjs";

installFakeDom();
const { classResultText, renderClassTrainer, trainerPanel } = await import("../../mtlearn/static/js/class-trainer.js");

function info(extra) {
  return Object.assign({
    assignment: { id: "a1", theme: "R-MARK-1", band: null, count: 3, title: "3 trainer puzzles, theme Markers", available: 9 },
    rating: 1200, provisional: true, done: 0, solved: 0, finished: false, recorded: false,
    current: { serial: 1, number: 1, title: "Count", rating: 1100 }, result: null, themes: [],
  }, extra || {});
}

function puzzle(id) {
  return { id, title: "Count", kind: "number", widget: "number", question: "How many?", par: 0,
    stars: [3, 2, 1], hints: ["R-DBL-3 says so.", "Look at train 2."], teaches: ["R-DBL-3"] };
}

function model(extra) {
  return fakeModel(Object.assign({ kind: "trainer", storage: "server", puzzle: puzzle("p1"), view: null,
    feedback: null, solution: null, progress: null, rules_url: "", trainer: info() }, extra || {}));
}

let el;
beforeEach(() => { el = document.createElement("div"); });
const text = (sel) => (el.querySelector(sel) || { textContent: "" }).textContent;
const key = (k) => el.querySelector(`[data-key="${k}"]`);

test("a result is told in words, without replay words", () => {
  assert.equal(classResultText({ score: 1, rating: 1250, change: 50, replay: null }),
    "Solved first try: a win. Your class rating is now 1250 (+50).");
  assert.equal(classResultText({ score: 0.5, rating: 1210, change: 10 }),
    "Solved after a hint: half a win. Your class rating is now 1210 (+10).");
  assert.equal(classResultText({ score: 0, rating: 1100, change: -100, replay: "after 3 other puzzles" }),
    "Missed: it counts as a loss. Your class rating is now 1100 (\u2212100).");
  assert.equal(classResultText(null), "");
});

test("the phone shows the assignment, the count and the puzzle; Next only once answered", () => {
  const m = model();
  renderClassTrainer(m, el);
  assert.equal(text(".mtc-trainer-what"), "Your teacher set 3 trainer puzzles, theme Markers.");
  assert.equal(text(".mtc-trainer-where"), "Puzzle 1 of 3 (this puzzle is rated 1100).");
  assert.equal(text(".mtc-trainer-rating"), "Your class rating: 1200 (still settling)");
  assert.equal(el.querySelectorAll(".mtl-puzzle").length, 1);
  assert.equal(key("trainer-next"), null);
  m.set("trainer", info({ recorded: true, done: 1, rating: 1090, provisional: false,
    result: { id: "p1", score: 0, rating: 1090, change: -110, replay: null },
    themes: [{ theme: "R-MARK-1", label: "Markers (R-MARK-1)", tries: 1, solved: 0, rating: 700 }] }));
  assert.match(text(".mtc-trainer-result"), /^Missed: it counts as a loss\. Your class rating is now 1090/);
  const row = el.querySelector('tr[data-theme="R-MARK-1"]');
  assert.deepEqual(row.children.map((c) => c.textContent), ["Markers (R-MARK-1)", "1", "0", "700"]);
  key("trainer-next").click();
  assert.deepEqual(m.sent.at(-1), { action: "next" });
});

test("a finished assignment says so and shows no puzzle", () => {
  const m = model();
  renderClassTrainer(m, el);
  m.set("trainer", info({ finished: true, recorded: true, done: 3, solved: 2, current: null }));
  assert.equal(text(".mtc-trainer-where"), "You did the 3 puzzles your teacher set: 2 solved first try. Well done!");
  assert.equal(el.querySelectorAll(".mtl-puzzle").length, 0);
  assert.equal(key("trainer-next"), null);
});

test("the teacher's panel sends a theme or a band and a count, and shows the results", () => {
  const sent = [];
  const panel = trainerPanel((msg) => sent.push(msg), (_q, _yes, run) => run());
  el.appendChild(panel.node);
  panel.update({ themes: [{ id: "R-MARK-1", label: "Markers (R-MARK-1)", count: 9 },
    { id: "open-trains", label: "Open trains", count: 60 }], ratings: [900, 1700], max_count: 50, on: null, ended: null });
  assert.equal(el.querySelectorAll('select[name="trainer-theme"] option').length, 2);
  assert.equal(text(".mtc-trainer-results-box"), "No trainer puzzles assigned yet.");
  const theme = el.querySelector('select[name="trainer-theme"]');
  theme.value = "open-trains";
  el.querySelector('input[name="trainer-count"]').value = "4";
  el.querySelector('[data-act="assign"]').click();
  assert.deepEqual(sent.at(-1), { op: "assign", count: 4, theme: "open-trains" });
  const by = el.querySelector('select[name="trainer-by"]');
  by.value = "band";
  by.dispatchEvent(fakeEvent("change"));
  assert.equal(el.querySelector(".mtc-trainer-band").hidden, false);
  el.querySelector('input[name="trainer-low"]').value = "800";
  el.querySelector('input[name="trainer-high"]').value = "1200";
  el.querySelector('[data-act="assign"]').click();
  assert.deepEqual(sent.at(-1), { op: "assign", count: 4, band: [800, 1200] });
  panel.update({ themes: [], ratings: [900, 1700], max_count: 50, ended: null, on: {
    id: "a1", count: 4, title: "4 trainer puzzles, puzzles rated 800–1200",
    rows: [{ name: "Ana", done: 2, solved: 1, rating: 1230,
      themes: [{ theme: "R-MARK-1", label: "Markers (R-MARK-1)", tries: 2, solved: 1, rating: 1150 }] }] } });
  const row = el.querySelector('.mtc-trainer-results tr[data-student="Ana"]');
  assert.deepEqual(row.children.map((c) => c.textContent), ["Ana", "2 of 4", "1", "1230", "Markers (R-MARK-1): 1/2 (1150)"]);
  assert.equal(el.querySelector('[data-act="assign"]').textContent, "Assign these instead");
  el.querySelector('[data-act="assign-end"]').click();
  assert.deepEqual(sent.at(-1), { op: "assign" });
});
