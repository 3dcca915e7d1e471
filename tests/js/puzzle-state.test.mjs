// The puzzle's controller without a DOM (static/js/puzzle-state.js): events and an attempt
// in, the next attempt, the intents for the host and the redraw out. No fake DOM is
// installed here: the controller must not need one.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const { freshAttempt, puzzleStep, withForm, boardView } = await import("../../mtlearn/static/js/puzzle-state.js");
const { WIDGETS } = await import("../../mtlearn/static/js/answer-widgets.js");

const view = JSON.parse(readFileSync(new URL("../data/views/two_player.json", import.meta.url), "utf-8"));
const [legalTile, legalTrain] = view.legal.find((m) => m.move.includes("@")).move.split("@");
const train = view.trains.find((t) => t.id === legalTrain);

function ctx(widget, extra) {
  return Object.assign({ view, widget: WIDGETS[widget], info: { stars: [3, 2, 1] }, trainer: false }, extra || {});
}

// Step through `events` from a fresh attempt; the last step, and every intent sent.
function run(widget, events, extra) {
  let state = freshAttempt();
  const sent = [];
  let out = null;
  for (const ev of events) {
    out = puzzleStep(state, ev, ctx(widget, extra));
    state = out.state;
    sent.push(...out.intents);
  }
  return { out, state, sent };
}

const feedback = (status, extra) => Object.assign({ type: "feedback", feedback: { status, text: status, n: 1 },
  record: null, now: "2027-01-15T10:00:00.000Z", setHasNext: false, nextOnPage: false }, extra || {});

test("a fresh attempt counts nothing and remembers no tile", () => {
  const a = freshAttempt();
  assert.deepEqual([a.selected, a.slips, a.hintsUsed, a.done, a.earned, a.focus], [null, 0, 0, null, 0, null]);
  assert.deepEqual(a.rove, { hand: null, train: null });
  // the keyboard's remembered stops survive a new attempt, as a copy
  const rove = { hand: "6-2", train: "M" };
  const b = freshAttempt(rove);
  assert.deepEqual(b.rove, rove);
  assert.notEqual(b.rove, rove);
});

test("a tile picked, then a train: one-move puzzles answer; the attempt is never changed in place", () => {
  const start = freshAttempt();
  const picked = puzzleStep(start, { type: "tile", tile: legalTile }, ctx("board-move"));
  assert.equal(start.selected, null);   // pure: the old attempt is left as it was
  assert.equal(picked.state.selected, legalTile);
  assert.equal(picked.state.note, `Selected ${legalTile}. Now choose a train.`);
  assert.match(picked.state.focus, /^train:/);
  assert.equal(picked.state.rove.hand, legalTile);
  assert.deepEqual([picked.intents, picked.draw], [[], "after"]);
  const played = puzzleStep(picked.state, { type: "train", train }, ctx("board-move"));
  assert.equal(played.intents.length, 1);
  assert.equal(played.intents[0].action, "answer");
  assert.match(played.intents[0].answer, new RegExp(`@${legalTrain}$`));
  assert.equal(played.draw, "before");   // the move is named while the host judges it
  assert.match(played.state.note, /…$/);
  assert.equal(played.state.formFor, "board-move");
});

test("the same tile twice puts it back; a train with no tile asks for one first", () => {
  const { state, sent } = run("board-move", [{ type: "tile", tile: legalTile }, { type: "tile", tile: legalTile }]);
  assert.equal(state.selected, null);
  assert.equal(state.note, "Selection cleared.");
  const none = run("board-move", [{ type: "train", train }]);
  assert.equal(none.state.note, "Choose a tile from the hand first, then a train.");
  assert.deepEqual([...sent, ...none.sent], []);
});

test("a whole turn sends each move; a list collects moves once each and sends nothing", () => {
  const turn = run("board-turn", [{ type: "pick", move: "draw" }]);
  assert.deepEqual(turn.sent, [{ action: "move", move: "draw" }]);
  const list = run("board-list", [{ type: "tile", tile: legalTile }, { type: "train", train },
    { type: "tile", tile: legalTile }, { type: "train", train }, { type: "pick", move: "draw" }]);
  assert.deepEqual(list.sent, []);
  assert.equal(list.state.form.list.length, 2);
  assert.equal(list.state.form.list[1], "draw");
  assert.equal(list.state.selected, null);
});

test("a wrong answer is a slip and the focus goes back to the hand; a wrong whole turn waits for Try again", () => {
  const one = run("board-move", [feedback("wrong")]);
  assert.deepEqual([one.state.slips, one.state.needRetry, one.state.focus], [1, false, "@hand"]);
  const turn = run("board-turn", [feedback("wrong")]);
  assert.deepEqual([turn.state.needRetry, turn.state.focus], [true, "retry"]);
  const again = puzzleStep(turn.state, { type: "retry" }, ctx("board-turn"));
  assert.deepEqual(again.intents, [{ action: "restart" }]);
  assert.equal(again.state.needRetry, false);
  assert.equal(again.state.slips, 1);   // the slips are kept for the stars
  // a sequence that goes on is no slip, and keeps the tile picked
  const goes = run("board-turn", [{ type: "tile", tile: legalTile }, feedback("continue")]);
  assert.deepEqual([goes.state.slips, goes.state.selected], [0, legalTile]);
});

test("a right answer earns the stars of the table and sends the record, the best kept", () => {
  const { state, sent } = run("number", [{ type: "hint", n: 1 }, feedback("wrong"), feedback("right")]);
  assert.equal(state.done, "solved");
  assert.equal(state.earned, 1);   // a hint and a slip: stars[2]
  assert.deepEqual(sent, [{ action: "progress", record: { solved: true, stars: 1, last_stars: 1, slips: 1, hints: 1,
    shown: false, when: "2027-01-15T10:00:00.000Z" } }]);
  const better = run("number", [feedback("right", { record: { solved: true, shown: false, stars: 3 } })]);
  assert.equal(better.sent[0].record.stars, 3);
  // a second "right" (the host repeating itself) records nothing more
  assert.deepEqual(puzzleStep(state, feedback("right"), ctx("number")).intents, []);
});

test("after a right answer the focus goes to the next puzzle of the set, on the page, or the verdict", () => {
  assert.equal(run("number", [feedback("right", { setHasNext: true, nextOnPage: true })]).state.focus, "set-next");
  assert.equal(run("number", [feedback("right", { nextOnPage: true })]).state.focus, "next-on-page");
  assert.equal(run("number", [feedback("right")]).state.focus, "feedback");
  const cleared = run("number", [{ type: "note", text: "x" }, { type: "feedback", feedback: null, record: null,
    now: "", setHasNext: false, nextOnPage: false }]);
  assert.deepEqual([cleared.state.lastFeedback, cleared.state.note], [null, ""]);
});

test("a closed puzzle sends no answer; hints are rated as help in the trainer only", () => {
  const solved = run("number", [feedback("right")]).state;
  const late = puzzleStep(solved, { type: "answer", value: 4 }, ctx("number"));
  assert.deepEqual([late.intents, late.draw], [[], null]);
  assert.deepEqual(run("number", [{ type: "answer", value: 4 }]).sent, [{ action: "answer", answer: 4 }]);
  assert.deepEqual(run("number", [{ type: "hint", n: 2 }]).sent, []);
  const trained = run("number", [{ type: "hint", n: 1 }, { type: "hint", n: 1 }], { trainer: true });
  assert.deepEqual(trained.sent, [{ action: "hint", n: 1 }, { action: "hint", n: 1 }]);
  assert.equal(trained.state.hintsUsed, 1);
});

test("Show the answer: no stars, a record unless solved before, the host asked only without the answer", () => {
  const show = (record, hasSolution) => run("number", [{ type: "show", record, now: "t", hasSolution }]);
  const fresh = show(null, false);
  assert.deepEqual([fresh.state.done, fresh.state.earned], ["shown", 0]);
  assert.deepEqual(fresh.sent, [{ action: "progress", record: { solved: false, stars: 0, shown: true, slips: 0,
    hints: 0, when: "t" } }, { action: "show" }]);
  assert.deepEqual(show({ solved: true, shown: false, stars: 2 }, true).sent, []);
  const solved = run("number", [feedback("right")]).state;
  assert.equal(puzzleStep(solved, { type: "show", record: null, now: "t", hasSolution: true }, ctx("number")).state.done,
    "solved");
  // the frames of the answer are drawn on the board; a new position from the host waits
  const framed = puzzleStep(fresh.state, { type: "frame", frame: view }, ctx("number"));
  assert.equal(boardView(framed.state, ctx("number")), view);
  assert.equal(puzzleStep(framed.state, { type: "view", view: null }, ctx("number")).draw, null);
});

test("Start again, Reset progress and another puzzle of the set start a fresh attempt", () => {
  const { state } = run("number", [feedback("wrong"), { type: "hint", n: 1 }]);
  const again = puzzleStep(state, { type: "restart" }, ctx("number"));
  assert.deepEqual(again.intents, [{ action: "restart" }]);
  assert.deepEqual([again.state.slips, again.state.hintsUsed, again.state.lastFeedback], [0, 0, null]);
  const reset = puzzleStep(state, { type: "resetProgress" }, ctx("number"));
  assert.deepEqual(reset.intents, [{ action: "reset" }, { action: "restart" }]);
  // the note comes once the host restarted, which clears the note
  assert.deepEqual(reset.next, { type: "note", text: "Progress for this puzzle was reset." });
  const go = (index) => puzzleStep(state, { type: "goto", index, count: 3, current: 1 }, ctx("number"));
  assert.deepEqual(go(2).intents, [{ action: "goto", index: 2 }]);
  assert.equal(go(2).draw, null);   // the host opens the puzzle, which redraws
  for (const j of [-1, 1, 3]) assert.deepEqual(go(j).intents, [], `goto ${j}`);
  const opened = puzzleStep(state, { type: "puzzle" }, ctx("number"));
  assert.deepEqual([opened.state.slips, opened.state.focus], [0, "question"]);
});

test("Escape clears a tile picked and sends the focus back to it; the keyboard's stops are remembered", () => {
  const picked = run("board-move", [{ type: "tile", tile: legalTile }]).state;
  const cleared = puzzleStep(picked, { type: "clear" }, ctx("board-move"));
  assert.deepEqual([cleared.state.selected, cleared.state.focus], [null, `tile:${legalTile}`]);
  assert.equal(puzzleStep(cleared.state, { type: "clear" }, ctx("board-move")).draw, null);
  const roved = run("board-move", [{ type: "focus", key: "train:M" }, { type: "focus", key: "tile:6-2" },
    { type: "focus", key: "hint1" }]);
  assert.deepEqual(roved.state.rove, { hand: "6-2", train: "M" });
  assert.equal(roved.out.draw, null);
});

test("a new position from the host moves the focus on while a puzzle is played", () => {
  const played = puzzleStep(freshAttempt(), { type: "view", view }, ctx("board-turn"));
  assert.equal(played.draw, "after");
  assert.match(String(played.state.focus), /^(tile:|draw|pass|end)/);
  const solved = run("board-turn", [feedback("right")]).state;
  assert.equal(puzzleStep(solved, { type: "view", view }, ctx("board-turn")).state.focus, solved.focus);
});

test("the answer widget's own state is made for the widget shown, and kept while it is that one", () => {
  const a = withForm(freshAttempt(), WIDGETS["train-plan"]);
  assert.deepEqual([a.form, a.formFor], [{ chain: [] }, "train-plan"]);
  const typed = puzzleStep(a, { type: "form", form: { chain: ["12-5"] }, redraw: true }, ctx("train-plan")).state;
  assert.equal(withForm(typed, WIDGETS["train-plan"]), typed);
  assert.deepEqual(withForm(typed, WIDGETS.number).form, { number: "" });
  // typing in the number field keeps the text without a redraw (the field keeps its caret)
  assert.equal(puzzleStep(a, { type: "form", form: { number: "4" }, redraw: false }, ctx("number")).draw, null);
});
