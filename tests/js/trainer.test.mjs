// The trainer's view (static/js/trainer.js) against a fake model and a fake DOM: what it
// shows of the trainer's key, in words, and the intents it sends.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { fakeEvent, fakeModel, installFakeDom } from "./fakedom.mjs";

installFakeDom();
const stored = new Map();
globalThis.window = { localStorage: {
  getItem: (k) => (stored.has(k) ? stored.get(k) : null),
  setItem: (k, v) => stored.set(k, String(v)),
  removeItem: (k) => stored.delete(k),
} };
const { renderTrainer, changeText, resultText, streakText, TRAINER_STORE, loadTrainerState,
  keepDamagedState } = await import("../../mtlearn/static/js/trainer.js");

function info(extra) {
  return Object.assign({
    rating: 1200, rd: 350, provisional: true, games: 0,
    streak: { run: 0, best_run: 0, days: 0, best_days: 0 },
    dashboard: [], current: { id: "p1", serial: 1, title: "Count", reason: "new", rating: 1100 },
    result: null, notice: null, daily: { id: "p9", title: "Daily one", date: "2027-01-15", done: false },
    due: 0, pool: 49, state: { format: "mtlearn/trainer", count: 0 },
  }, extra || {});
}

function puzzle(id, question) {
  return { id, title: "Count", kind: "number", widget: "number", question, par: 0,
    stars: [3, 2, 1], hints: ["R-DBL-3 says so.", "Look at train 2."], teaches: ["R-DBL-3"] };
}

function trainerModel(extra) {
  return fakeModel(Object.assign({
    kind: "trainer", puzzle: puzzle("p1", "How many?"), view: null, feedback: null, solution: null,
    progress: null, storage: "kernel", rules_url: "", trainer: info(), trainer_error: null,
  }, extra || {}));
}

let el;
beforeEach(() => { el = document.createElement("div"); stored.clear(); });
const key = (k) => el.querySelector(`[data-key="${k}"]`);
const text = (sel) => (el.querySelector(sel) || { textContent: "" }).textContent;

test("changes and results are told in words", () => {
  assert.equal(changeText(12.4), "+12");
  assert.equal(changeText(-30), "\u221230");
  assert.equal(changeText(0), "no change");
  assert.equal(resultText({ score: 0, rating: 1100, change: -100, replay: "after 3 other puzzles" }),
    "Missed: it counts as a loss. Your rating is now 1100 (\u2212100). You will see this puzzle again after 3 other puzzles.");
  assert.match(resultText({ score: 0.5, rating: 1210, change: 10, replay: null }), /^Solved after a hint: half a win/);
  assert.match(resultText({ score: 1, rating: 1250, change: 50, replay: "tomorrow" }), /again tomorrow\.$/);
});

test("the rating, the streaks, the puzzle and an empty dashboard are drawn", () => {
  const model = trainerModel();
  renderTrainer(model, el);
  assert.match(text(".mtl-tr-rating"), /Your rating: 1200 — still settling after 0 puzzles/);
  assert.match(text(".mtl-tr-streak"), /Solved first try in a row \(no hints\): 0 \(best 0\)\. Days in a row/);
  assert.match(text(".mtl-tr-why"), /A new puzzle near your rating \(this puzzle is rated 1100\)/);
  assert.equal(text(".mtl-pz-question"), "How many?");
  assert.match(text(".mtl-tr-empty"), /No puzzle tried yet/);
  assert.equal(key("tr-daily").textContent, "Today's puzzle: Daily one");
  assert.equal(key("tr-next").textContent, "Skip to another puzzle");
});

test("a recorded miss shows the loss, the change and when the puzzle comes back; Next asks for the next", () => {
  const model = trainerModel();
  renderTrainer(model, el);
  model.set("trainer", info({ rating: 1080, games: 1,
    result: { id: "p1", score: 0, rating: 1080, change: -120, replay: "after 3 other puzzles" },
    dashboard: [{ theme: "R-DBL-3", label: "An open double blocks every train (R-DBL-3)", tries: 1, solved: 0,
      performance: 700, standing: "needs practice", weakness: 0.667 }] }));
  assert.match(text(".mtl-tr-rating"), /Your rating: 1080 \(\u2212120 after the last puzzle\)/);
  assert.match(text(".mtl-tr-result"), /Missed: it counts as a loss\..*again after 3 other puzzles\./);
  const row = el.querySelector('tr[data-theme="R-DBL-3"]');
  assert.deepEqual(row.children.map((c) => c.textContent),
    ["An open double blocks every train", "1", "0", "700", "needs practice"]);
  assert.equal(document.activeElement, key("tr-next"));   // the next useful control
  assert.equal(key("tr-next").textContent, "Next puzzle");
  key("tr-next").click();
  assert.deepEqual(model.sent[model.sent.length - 1], { action: "next" });
});

test("a puzzle coming back is announced in the host's words, and a new attempt draws a fresh puzzle", () => {
  const model = trainerModel();
  renderTrainer(model, el);
  key("tr-next").focus();
  model.set("puzzle", puzzle("p2", "How many now?"));
  const notice = "A puzzle you solved with a hint comes back, to be solved on your own. Solve it now " +
    "without a hint and it comes back in 3 days, then after 7 and 21 days; after that it counts as learned.";
  model.set("trainer", info({ notice, current: { id: "p2", serial: 2, title: "Again", reason: "replay", rating: 1150 } }));
  assert.equal(text(".mtl-tr-notice"), notice);
  // the why line does not call every puzzle that comes back a missed one
  assert.equal(text(".mtl-tr-why"), "A puzzle you met before, back on its schedule.");
  assert.doesNotMatch(text(".mtl-tr-top"), /missed/);
  assert.equal(el.querySelector(".mtl-tr-why").getAttribute("data-reason"), "replay");
  assert.equal(text(".mtl-pz-question"), "How many now?");
  assert.equal(el.querySelectorAll(".mtl-puzzle").length, 1);   // remounted, not added
  assert.equal(document.activeElement, el.querySelector(".mtl-pz-question"));  // the keyboard goes on there
});

test("the learner's own puzzle is called theirs, not a puzzle met before", () => {
  const model = trainerModel();
  renderTrainer(model, el);
  model.set("puzzle", puzzle("own-2ddeb2621c", "A position from your own round: find a better move."));
  model.set("trainer", info({ current: { id: "own-2ddeb2621c", serial: 2, title: "Yours", reason: "replay",
    rating: 1100 } }));
  assert.equal(text(".mtl-tr-why"), "One of your own puzzles, on its schedule.");
  assert.doesNotMatch(text(".mtl-tr-top"), /met before/);
});

test("the streaks say what they count: first-try solves in a row, and days with any solve", () => {
  assert.equal(streakText({ run: 2, best_run: 5, days: 3, best_days: 4 }),
    "Solved first try in a row (no hints): 2 (best 5). " +
    "Days in a row with a puzzle solved (hints allowed): 3 (best 4).");
});

test("a rule theme on the dashboard links its id as the puzzle's card does", () => {
  const model = trainerModel({ rules_url: "../rules.html" });
  renderTrainer(model, el);
  model.set("trainer", info({ dashboard: [
    { theme: "R-VAR-ANSWER", label: "Answer your own double (R-VAR-ANSWER)", tries: 1, solved: 0,
      performance: 900, standing: "needs practice", weakness: 0.667 },
    { theme: "fewest-points", label: "Fewest points", tries: 1, solved: 1,
      performance: 1500, standing: "getting there", weakness: 0.333 }] }));
  const head = el.querySelector('tr[data-theme="R-VAR-ANSWER"] th');
  assert.equal(head.textContent, "Answer your own double");
  const link = head.querySelector("a.mtl-rule");
  assert.equal(link.textContent, "Answer your own double");
  assert.equal(link.getAttribute("href"), "../rules.html#r-var-answer");
  assert.equal(el.querySelector('tr[data-theme="fewest-points"] th').textContent, "Fewest points");
});

test("a damaged saved state is kept aside under a key of its own, never over an earlier copy", () => {
  const when = new Date("2027-01-15T10:00:00.000Z");
  assert.equal(keepDamagedState(when), null);                  // nothing saved: nothing kept
  stored.set(TRAINER_STORE, "{first");
  const first = keepDamagedState(when);
  stored.set(TRAINER_STORE, "{second");
  const second = keepDamagedState(when);                       // the same moment: a new key
  stored.set(TRAINER_STORE, "{third");
  const third = keepDamagedState(new Date("2027-01-16T10:00:00.000Z"));
  assert.equal(new Set([first, second, third]).size, 3);
  assert.deepEqual([first, second, third].map((k) => stored.get(k)), ["{first", "{second", "{third"]);
  assert.ok(first.startsWith(`${TRAINER_STORE}.damaged.2027-01-15T10:00:00.000Z`));
});

test("opening a hint in the trainer tells the host (a solve after it is rated as helped)", () => {
  const model = trainerModel();
  renderTrainer(model, el);
  key("hint1").click();
  assert.deepEqual(model.sent.find((m) => m.action === "hint"), { action: "hint", n: 1 });
});

test("the daily puzzle is asked for, and shown as done once tried", () => {
  const model = trainerModel();
  renderTrainer(model, el);
  key("tr-daily").click();
  assert.deepEqual(model.sent[model.sent.length - 1], { action: "daily" });
  model.set("trainer", info({ daily: { id: "p9", title: "Daily one", date: "2027-01-15", done: true } }));
  assert.equal(key("tr-daily").disabled, true);
  assert.match(key("tr-daily").textContent, /done/);
});

test("in a page the state is kept in localStorage; export carries it, import sends the file's text", async () => {
  const model = trainerModel({ storage: "local" });
  renderTrainer(model, el);
  const state = { format: "mtlearn/trainer", count: 3, learner: [1300, 200, 0.06] };
  model.set("trainer", info({ state }));
  assert.deepEqual(JSON.parse(stored.get(TRAINER_STORE)), state);
  assert.deepEqual(loadTrainerState(), state);
  const href = key("tr-export").getAttribute("href");
  assert.deepEqual(JSON.parse(decodeURIComponent(href.split(",").slice(1).join(","))), state);
  assert.equal(key("tr-export").getAttribute("download"), "mtlearn-trainer.json");
  const input = key("tr-import");
  input.files = [{ text: () => Promise.resolve('{"format": "mtlearn/trainer"}') }];
  input.dispatchEvent(fakeEvent("change", true));
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(model.sent[model.sent.length - 1], { action: "import", text: '{"format": "mtlearn/trainer"}' });
  // a refused import is shown as an alert, in the host's words
  model.set("trainer_error", { text: "Import refused, your progress is unchanged.", n: 1 });
  assert.equal(el.querySelector(".mtl-tr-error").getAttribute("role"), "alert");
  assert.match(text(".mtl-tr-error"), /progress is unchanged/);
});

test("a damaged saved state reads as none", () => {
  stored.set(TRAINER_STORE, "{not json");
  assert.equal(loadTrainerState(), null);
  stored.set(TRAINER_STORE, "[1, 2]");
  assert.equal(loadTrainerState(), null);
});

test("before the host answers, the view says it is starting; the cleanup unsubscribes", () => {
  const model = trainerModel({ trainer: null, puzzle: null, trainer_wait: "Loading the engine…" });
  const cleanup = renderTrainer(model, el);
  assert.equal(text(".mtl-tr-wait"), "Loading the engine…");
  assert.equal(el.querySelector(".mtl-puzzle"), null);
  cleanup();
  for (const k of ["trainer", "trainer_error", "puzzle", "feedback"]) assert.equal(model.listeners(`change:${k}`), 0, k);
});
