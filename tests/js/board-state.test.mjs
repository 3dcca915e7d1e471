// The board's controller (static/js/board-state.js) without a DOM: each event and state
// give the next state, the intents for the host and whether to redraw. No fake DOM is
// installed here: the controller must not need one.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { actedLately, boardStep, drawFocus, initialBoardState, roundEndReveal }
  from "../../mtlearn/static/js/board-state.js";

const view = JSON.parse(readFileSync(new URL("../data/views/two_player.json", import.meta.url), "utf-8"));
const [mexican] = view.trains.filter((t) => t.mexican);
const anaTrain = view.trains.find((t) => t.id === "1");

// Freeze a state deeply: a step that changed it in place would throw.
function frozen(x) {
  if (x && typeof x === "object" && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) frozen(v);
  }
  return x;
}

// Run events in order from the state for `view`; the last step, and every intent sent.
function run(events, from = initialBoardState(view)) {
  let step = { state: from, intents: [], draw: false };
  const sent = [];
  for (const ev of events) {
    step = boardStep(frozen(step.state), ev);
    sent.push(...step.intents);
  }
  return { ...step, sent };
}

test("a fresh board: nothing picked, the status line said, the view's lines counted", () => {
  const s = initialBoardState(view);
  assert.equal(s.selected, null);
  assert.equal(s.said, view.status);
  assert.deepEqual([...s.lines.counts.keys()], ["1", "2", "M"]);
  assert.equal(s.lastView, view);
  assert.equal(initialBoardState(null).said, "");
});

test("a tile picked sends nothing, says so and sends the focus to a train it may go to", () => {
  const { state, intents, draw } = run([{ type: "tile", tile: "12-7", view, now: 5 }]);
  assert.deepEqual(intents, []);
  assert.equal(draw, true);
  assert.equal(state.selected, "12-7");
  assert.equal(state.note, "Selected 12-7. Now choose a train.");
  assert.equal(state.focus, "train:M");  // 12-7 may go on the Mexican train only
  assert.equal(state.rove.hand, "12-7");
  assert.equal(state.actedAt, 5);
});

test("the same tile again drops it; the focus asked for before stays", () => {
  const { state } = run([{ type: "tile", tile: "12-7", view, now: 1 }, { type: "tile", tile: "7-12", view, now: 2 }]);
  assert.equal(state.selected, null);
  assert.equal(state.note, "Selection cleared.");
  assert.equal(state.focus, "train:M");
});

test("a tile, then a train: the move is named, drawn, then sent, turned to fit the train", () => {
  const { state, intents, draw } = run([
    { type: "tile", tile: "7-12", view, now: 1 },
    { type: "train", train: mexican, view, now: 2 },
  ]);
  assert.deepEqual(intents, [{ action: "move", move: "12-7@M" }]);
  assert.equal(draw, true);
  assert.equal(state.note, "Play 12-7 on the Mexican train…");
  assert.equal(state.lastMove, "12-7@M");
  assert.equal(state.actedAt, 2);
});

test("a train with no tile picked asks for a tile first and sends nothing", () => {
  const { state, intents } = run([{ type: "train", train: anaTrain, view, now: 3 }]);
  assert.deepEqual(intents, []);
  assert.equal(state.note, "Choose a tile from your hand first, then a train.");
});

test("Escape clears a selection (the focus back on its tile); with none, the key is not used", () => {
  const none = run([{ type: "clear" }]);
  assert.equal(none.draw, false);
  const { state, draw } = run([{ type: "tile", tile: "9-3", view, now: 1 }, { type: "clear" }]);
  assert.equal(draw, true);
  assert.equal(state.selected, null);
  assert.equal(state.focus, "tile:9-3");
  assert.equal(state.note, "Selection cleared.");
});

test("a control's intent is sent as it is; only a move is the learner's last move", () => {
  const moved = run([{ type: "send", intent: { action: "move", move: "uno" }, now: 7 }]);
  assert.deepEqual(moved.intents, [{ action: "move", move: "uno" }]);
  assert.equal(moved.draw, false);
  assert.equal(moved.state.lastMove, "uno");
  const drew = run([{ type: "send", intent: { action: "draw" }, now: 8 }], moved.state);
  assert.equal(drew.state.lastMove, null);
  assert.equal(drew.state.actedAt, 8);
});

test("Hint: a board with steps asks its host; another shows the view's hint", () => {
  const stepped = { ...view, hint: "Play the double.", steps: { name: "s", items: [], done: 0, total: 0, slips: 0, stars: null } };
  assert.deepEqual(run([{ type: "hint", view: stepped, now: 1 }]).intents, [{ action: "hint" }]);
  const shown = run([{ type: "hint", view: { ...view, hint: "Play the double." }, now: 1 }]);
  assert.deepEqual(shown.intents, []);
  assert.equal(shown.state.note, "Hint: Play the double.");
});

test("a new view: the selection stays while its tile is in the hand, the note goes", () => {
  const picked = run([{ type: "tile", tile: "9-3", view, now: 1 }, { type: "more" }]).state;
  assert.equal(picked.msgOpen, true);
  const kept = run([{ type: "view", view: { ...view, status: "again" } }], picked);
  assert.equal(kept.state.selected, "9-3");
  assert.equal(kept.state.note, "");
  assert.equal(kept.state.msgOpen, false);
  assert.equal(kept.state.said, "again");
  const players = view.players.map((p) => (p.seat === 1 ? { ...p, hand: ["6-2"] } : p));
  const gone = run([{ type: "view", view: { ...view, players } }], picked);
  assert.equal(gone.state.selected, null);
});

test("a new view marks the tiles others laid, not the learner's own move", () => {
  const sent = run([{ type: "tile", tile: "12-7", view, now: 1 }, { type: "train", train: mexican, view, now: 2 }]).state;
  const place = (id, tile) => view.trains.map((t) => (t.id === id
    ? { ...t, tiles: [...t.tiles, { tile, inward: 0, outward: 0, double: false }] } : t));
  const both = { ...view, trains: place("M", "12-7").map((t) => (t.id === "2"
    ? { ...t, tiles: [...t.tiles, { tile: "12-2", inward: 12, outward: 2, double: false }] } : t)) };
  const { state } = run([{ type: "view", view: both }], sent);
  assert.deepEqual(state.fresh.from, { 2: view.trains[1].tiles.length, M: mexican.tiles.length });
  assert.equal(state.fresh.mine, "12-7@M");
  assert.equal(state.lastView, both);
});

test("after a restart the next view says no step news and starts the focus afresh", () => {
  const steps = (done) => ({ name: "s", items: [{ id: "a", text: "Play a tile", done }], done: done ? 1 : 0,
    total: 1, slips: 0, stars: null });
  const ticked = run([{ type: "view", view: { ...view, steps: steps(true) } }],
    initialBoardState({ ...view, steps: steps(false) })).state;
  assert.match(ticked.stepNews, /Step 1 of 1 done: Play a tile/);
  const restart = run([{ type: "tile", tile: "9-3", view, now: 1 }, { type: "restart", now: 2 }], ticked);
  assert.deepEqual(restart.intents, [{ action: "restart" }]);
  assert.equal(restart.state.selected, null);
  assert.equal(restart.state.restarting, true);
  const fresh = run([{ type: "view", view: { ...view, steps: steps(false) } }], restart.state).state;
  assert.equal(fresh.stepNews, "");
  assert.equal(fresh.restarting, false);
  assert.equal(fresh.focus, "tile:9-3");  // the first tile that can be played, as for a new deal
});

test("another key changed: a note waiting for the host's answer goes, any other stays", () => {
  const waiting = run([{ type: "tile", tile: "9-3", view, now: 1 }, { type: "train", train: anaTrain, view, now: 2 },
    { type: "other" }]);
  assert.equal(waiting.state.note, "");
  assert.equal(waiting.draw, true);
  const told = run([{ type: "train", train: anaTrain, view, now: 2 }, { type: "other" }]);
  assert.equal(told.state.note, "Choose a tile from your hand first, then a train.");
});

test("the keyboard's tab stops follow the focus; a draw uses the focus asked for once", () => {
  const { state } = run([{ type: "focus", key: "tile:8-1" }, { type: "focus", key: "train:2" }, { type: "focus", key: "undo" }]);
  assert.deepEqual(state.rove, { hand: "8-1", train: "2" });
  const asked = run([{ type: "tile", tile: "9-3", view, now: 1 }]).state;
  assert.equal(drawFocus(asked, "draw", true), "train:1");
  assert.equal(drawFocus(asked, "draw", false), "draw");  // the focus is elsewhere on the page
  const used = run([{ type: "drawn" }], asked).state;
  assert.equal(used.focus, null);
  assert.equal(drawFocus(used, "draw", true), "draw");
});

test("the learner acted lately for ten seconds", () => {
  const s = run([{ type: "send", intent: { action: "pass" }, now: 1000 }]).state;
  assert.equal(actedLately(s, 10999), true);
  assert.equal(actedLately(s, 11000), false);
});

test("a round's end is brought into view once, for a moment, after the learner's action", () => {
  const over = { ...view, match: { round: 2, rounds: 3, round_over: true, match_over: false } };
  const acted = run([{ type: "send", intent: { action: "pass" }, now: 1000 }]).state;
  const first = roundEndReveal(frozen(acted), over, 2000);
  assert.equal(first.reveal, true);
  assert.equal(first.state.shownEnd, "2/round");
  assert.equal(roundEndReveal(first.state, over, 3500).reveal, true);   // the message arriving after the view
  assert.equal(roundEndReveal(first.state, over, 3501).reveal, false);
  // the same end again later, or an end the learner did not just cause: not brought again
  assert.equal(roundEndReveal(first.state, over, 20000).reveal, false);
  assert.equal(roundEndReveal(initialBoardState(view), over, 20000).reveal, false);
  assert.equal(roundEndReveal(first.state, view, 2100).state.shownEnd, "");
});
