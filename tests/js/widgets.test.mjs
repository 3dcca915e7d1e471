// The answer widgets (static/js/answer-widgets.js): the controller draws the one the
// puzzle names by its widget id (never by its kind), each widget has every part, and a
// page with no engine answers through the widget's reader of the stored answers.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { beforeEach, test } from "node:test";
import { fakeModel, installFakeDom } from "./fakedom.mjs";

installFakeDom();
const { DEFAULT_WIDGET, WIDGETS, widgetFor } = await import("../../mtlearn/static/js/answer-widgets.js");
const { renderPuzzle } = await import("../../mtlearn/static/js/puzzle.js");
const { puzzleStaticHost } = await import("../../mtlearn/static/js/puzzle-host.js");
const view = JSON.parse(readFileSync(new URL("../data/views/two_player.json", import.meta.url), "utf-8"));

function puzzleModel(puzzle, extra) {
  return fakeModel(Object.assign({
    kind: "puzzle",
    puzzle: Object.assign({ id: "p1", title: "T", question: "?", par: 0, stars: [3, 2, 1], hints: [] }, puzzle),
    view, feedback: null, solution: null, progress: null, storage: "kernel", rules_url: "",
  }, extra || {}));
}

let el;
beforeEach(() => { el = document.createElement("div"); });
const key = (k) => el.querySelector(`[data-key="${k}"]`);
const last = (model) => model.sent[model.sent.length - 1];

test("the widget is chosen by its id; no id, or one unknown, is the one-move board", () => {
  assert.equal(widgetFor({ widget: "number" }), WIDGETS.number);
  assert.equal(widgetFor({ widget: "train-plan", kind: "number" }), WIDGETS["train-plan"]);
  assert.equal(widgetFor({ kind: "number" }), WIDGETS[DEFAULT_WIDGET]);
  assert.equal(widgetFor({ widget: "toString" }), WIDGETS[DEFAULT_WIDGET]);
  assert.equal(widgetFor(null), WIDGETS[DEFAULT_WIDGET]);
});

test("every widget has its parts: fresh state, a form, a reader of stored answers", () => {
  for (const [id, w] of Object.entries(WIDGETS)) {
    assert.equal(typeof w.board, "boolean", id);
    assert.equal(typeof w.fresh, "function", id);
    assert.equal(typeof w.node, "function", id);
    assert.equal(typeof w.stored, "function", id);
    if (w.board) assert.equal(typeof w.pick, "function", id);
  }
});

test("the controller draws the widget the puzzle names, whatever its kind says", () => {
  const options = [{ value: "Ana", label: "Ana" }, { value: "Ben", label: "Ben" }];
  const model = puzzleModel({ kind: "number", widget: "choices", options, multi: false }, { view: null });
  renderPuzzle(model, el);
  assert.equal(key("number"), null);
  key("opt:Ben").click();
  assert.deepEqual(last(model), { action: "answer", answer: "Ben" });
});

test("choices with several answers: tick, untick, then Check sends them sorted", () => {
  const options = [{ value: "M", label: "the Mexican train" }, { value: "1", label: "train 1" }];
  const model = puzzleModel({ widget: "choices", options, multi: true }, { view: null });
  renderPuzzle(model, el);
  key("opt:M").click();
  key("opt:1").click();
  assert.equal(key("opt:1").getAttribute("aria-pressed"), "true");
  key("opt:M").click();
  key("opt:M").click();
  key("check").click();
  assert.deepEqual(last(model), { action: "answer", answer: ["1", "M"] });
});

test("a planned train: tiles in order, Remove last tile, then Check", () => {
  const model = puzzleModel({ widget: "train-plan", plan_from: 5, plan_hand: ["12-5", "9-5", "9-3"] });
  renderPuzzle(model, el);
  key("plan:12-5").click();
  key("plan:9-3").click();
  assert.equal(key("plan:12-5").disabled, true);
  key("undo").click();
  key("check").click();
  assert.deepEqual(last(model), { action: "answer", answer: ["12-5"] });
  assert.equal(el.querySelector(".mtl-pz-chain").getAttribute("data-chain"), "5-12");
});

test("board widgets: one move is answered, a turn is sent move by move, a list waits for Check", () => {
  const [tile, train] = view.legal.find((m) => m.move.includes("@")).move.split("@");
  const play = () => { key(`tile:${tile}`).click(); key(`train:${train}`).click(); };
  const sent = {};
  for (const w of ["board-move", "board-turn", "board-list"]) {
    el = document.createElement("div");
    const model = puzzleModel({ widget: w });
    renderPuzzle(model, el);
    play();
    sent[w] = model.sent.slice();
    if (w === "board-list") {
      // the list names the move in words, never in notation ("9-3@1")
      const listed = el.querySelector(".mtl-pz-list").textContent;
      assert.match(listed, new RegExp(`Play ${tile} on `));
      assert.doesNotMatch(listed, /@/);
      key("check").click();
      sent[w] = model.sent.slice();
    }
    assert.equal(key("end") !== null, w === "board-turn", w);
  }
  assert.equal(sent["board-move"][0].action, "answer");
  assert.equal(typeof sent["board-move"][0].answer, "string");
  assert.equal(sent["board-turn"][0].action, "move");
  assert.ok(Array.isArray(sent["board-list"][0].answer));
});

test("a wrong whole turn waits for Try again; a wrong single move does not", () => {
  for (const [w, retry] of [["board-turn", true], ["board-move", false]]) {
    el = document.createElement("div");
    const model = puzzleModel({ widget: w });
    renderPuzzle(model, el);
    model.set("feedback", { status: "wrong", text: "No.", n: 1 });
    assert.equal(key("retry") !== null, retry, w);
  }
});

test("a page with no engine answers through the widget's reader of its stored answers", () => {
  const right = { status: "right", text: "36.", rule: null };
  const cases = [
    [{ widget: "number" }, { value: 36, right, wrong: "add up the pips" }, 35, "wrong"],
    [{ widget: "number" }, { value: 36, right, wrong: "add up the pips" }, "36", "right"],
    [{ widget: "choices" }, { choices: { "1,M": right } }, ["M", "1"], "right"],
    [{ widget: "choices" }, { choices: {} }, "Ben", "invalid"],
    [{ widget: "train-plan", plan_from: 5 }, { best: 2, right, short: { 1: { status: "wrong", text: "short" } },
      misfit: { "9-3|5": { status: "illegal", text: "no" } } }, ["5-9"], "wrong"],
    [{ widget: "train-plan", plan_from: 5 }, { best: 2, right, short: {}, misfit: { "9-3|5": { status: "illegal", text: "no" } } },
      ["9-3"], "illegal"],
    [{ widget: "board-move" }, { moves: { "5-2@M": { fb: right, view } } }, "2-5@M", "right"],
    [{ widget: "board-list" }, { verdicts: { "5-2@M": { legal: true, move: "5-2@M", fb: {} } }, missing: { 1: right } },
      ["5-2@M", "2-5@M"], "right"],
  ];
  for (const [puzzle, answers, value, status] of cases) {
    const model = fakeModel({ feedback: null, view: null });
    puzzleStaticHost({ puzzle, answers, view })(model, { action: "answer", answer: value });
    assert.equal(model.get("feedback").status, status, `${puzzle.widget} ${JSON.stringify(value)}`);
  }
  const model = fakeModel({ feedback: null, view: null });
  puzzleStaticHost({ puzzle: { widget: "board-move" }, answers: { moves: { "5-2@M": { fb: right, view } } }, view })(
    model, { action: "answer", answer: "5-2@M" });
  assert.equal(model.get("view"), view);   // the right move, played on the board
  // an action the host does not know is refused in words, not dropped
  const other = fakeModel({ feedback: null, view: null });
  puzzleStaticHost({ puzzle: { widget: "number" }, answers: {}, view })(other, { action: "hnt", number: "one" });
  assert.equal(other.get("feedback").status, "invalid");
  assert.match(other.get("feedback").text, /cannot do "hnt"/);
});
