// Unit tests of static/js/class-student-state.js: a student's page as data (no DOM): what
// the page does on opening, on joining, on choosing a seat and on each server message.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  firstPhase, freeSeats, seatNames, seatToken, studentReduce, studentStart,
} from "../../mtlearn/static/js/class-student-state.js";

const message = (msg) => ({ type: "message", msg });
const does = (step) => step.effects.map((e) => e.do);

function table(id, seats) {
  return { id, label: `Table ${id.slice(1)}`, n: seats.length, preset: "standard", rounds: 13, started: false,
    round: null, round_over: false, match_over: false, paused: null, to_play: null,
    seats: seats.map((s, i) => Object.assign({ seat: i + 1, name: null, kind: "student", taken: false, away: false }, s)) };
}

test("a page with a kept token says hello and opens on the lobby; without one it asks to join", () => {
  const kept = studentStart({ code: "ABCD", token: "S1", name: "Ana" });
  assert.equal(firstPhase(kept), "lobby");
  assert.equal(seatToken(kept), "S1");
  assert.deepEqual(studentReduce(kept, { type: "open" }).effects,
    [{ do: "send", msg: { op: "hello", code: "ABCD", token: "S1" } }]);
  const fresh = studentStart(null);
  assert.equal(firstPhase(fresh), "join");
  assert.equal(seatToken(fresh), "");
  assert.deepEqual(studentReduce(fresh, { type: "open" }).effects, [{ do: "phase", phase: "join" }]);
});

test("joining sends the code in capitals; the answer keeps the token and names the student", () => {
  const joining = studentReduce(studentStart(null), { type: "join", code: " abcd ", name: "Ana" });
  assert.deepEqual(joining.effects, [{ do: "send", msg: { op: "join", code: "ABCD", name: "Ana" } }]);
  assert.deepEqual(joining.state.me, { code: "ABCD", token: null });
  const joined = studentReduce(joining.state, message({ type: "joined", token: "S1", name: "Ana" }));
  const me = { code: "ABCD", token: "S1", name: "Ana" };
  assert.deepEqual(joined.state.me, me);
  assert.deepEqual(joined.effects, [{ do: "store", me }, { do: "who", name: "Ana", code: "ABCD" }, { do: "say", text: "" }]);
  assert.deepEqual(studentReduce(joined.state, { type: "sit", table: "t1", seat: 2 }).effects,
    [{ do: "send", msg: { op: "sit", token: "S1", table: "t1", seat: 2 } }]);
});

test("a refusal is said; one that means the token is lost forgets it and asks to join again", () => {
  const st = studentStart({ code: "ABCD", token: "S1" });
  const plain = studentReduce(st, message({ ok: false, error: "seat 2 is taken" }));
  assert.deepEqual(plain.effects, [{ do: "say", text: "✗ seat 2 is taken", kind: "refused" }]);
  assert.equal(plain.state.me.token, "S1");
  for (const error of ["unknown seat token", "wrong class code: ZZZZ",
    "unknown seat token: your seat moved to another device (your teacher gave you a seat code)"]) {
    const lost = studentReduce(st, message({ ok: false, error }));
    assert.deepEqual(does(lost), ["say", "store", "phase"], error);
    assert.deepEqual(lost.effects.slice(1), [{ do: "store", me: null }, { do: "phase", phase: "join" }]);
    assert.equal(lost.state.me, null);
  }
  // no token kept: nothing to forget in the browser
  const joining = { ...st, me: { code: "ABCD", token: null } };
  assert.deepEqual(does(studentReduce(joining, message({ ok: false, error: "wrong class code" }))), ["say", "phase"]);
});

test("removed, or the class ended: the phone keeps its token while the teacher may undo it", () => {
  const st = studentStart({ code: "ABCD", token: "S1" });
  for (const error of ["Your teacher removed you from the class. If that was a mistake…",
    "The class ended: join the new class with the code your teacher shows…"]) {
    const held = studentReduce(st, message({ ok: false, error }));
    assert.deepEqual(does(held), ["say", "phase", "notice"], error);
    assert.equal(held.state.me.token, "S1");
    assert.deepEqual(studentReduce(held.state, { type: "open" }).effects,
      [{ do: "send", msg: { op: "hello", code: "ABCD", token: "S1" } }], "a reload asks again");
    // Undo: the server hands the token back, then the seat
    const back = studentReduce(held.state, message({ type: "joined", token: "S1", name: "Ana" }));
    assert.deepEqual(does(back), ["store", "who", "say"]);
  }
});

test("back on a new device: the seat code goes with the class code; the answer is a new token", () => {
  const step = studentReduce(studentStart(null), { type: "reclaim", code: " abcd", seat: " kxp-trw " });
  assert.deepEqual(step.effects, [{ do: "send", msg: { op: "reclaim", code: "ABCD", seat_code: "kxp-trw" } }]);
  const joined = studentReduce(step.state, message({ type: "joined", token: "S9", name: "Ana" }));
  assert.deepEqual(joined.state.me, { code: "ABCD", token: "S9", name: "Ana" });
});

test("a teacher's notice goes once the student is somewhere else (the move undone, the seat back)", () => {
  const tables = [table("t1", [{}, { taken: true }]), table("t2", [{}, {}])];
  let st = studentStart({ code: "ABCD", token: "S1", name: "Ana" });
  st = studentReduce(st, message({ type: "table", table: tables[1], seat: 2, view: null })).state;
  const told = studentReduce(st, message({ type: "notice", text: "Your teacher moved you to Table 2, seat 2." }));
  // the same place again (a move at the table): the notice stays
  const same = studentReduce(told.state, message({ type: "table", table: tables[1], seat: 2, view: null }));
  assert.deepEqual(does(same), ["say", "phase", "table"]);
  // Undo: back at Table 1: the notice goes, and only once
  const back = studentReduce(same.state, message({ type: "table", table: tables[0], seat: 1, view: null }));
  assert.deepEqual(back.effects.at(-1), { do: "notice", key: "teacher", text: null });
  assert.deepEqual(does(studentReduce(back.state, message({ type: "lobby", name: "Ana", tables }))), ["say", "phase", "lobby"]);
});

test("a word from the teacher is a notice; the lobby and the table show their phase", () => {
  const st = studentStart({ code: "ABCD", token: "S1", name: "Ana" });
  assert.deepEqual(studentReduce(st, message({ type: "notice", text: " Table 1 is paused. " })).effects,
    [{ do: "notice", key: "teacher", text: "Table 1 is paused." }]);
  const tables = [table("t1", [{}, { taken: true }])];
  assert.deepEqual(studentReduce(st, message({ type: "lobby", name: "Ana", tables })).effects,
    [{ do: "say", text: "" }, { do: "phase", phase: "lobby" }, { do: "lobby", tables }]);
  const msg = { type: "table", table: tables[0], seat: 1, view: null, message: null };
  assert.deepEqual(studentReduce(st, message(msg)).effects,
    [{ do: "say", text: "" }, { do: "phase", phase: "table" }, { do: "table", msg }]);
});

test("a puzzle round: a notice when its set is new, a new model each time, updates only with one", () => {
  let st = studentStart({ code: "ABCD", token: "S1" });
  const update = { type: "puzzle_update", feedback: null };
  assert.deepEqual(does(studentReduce(st, message(update))), ["say"], "no round: nothing to update");
  const round = { type: "puzzle", set: "doubles", index: 0 };
  let step = studentReduce(st, message(round));
  assert.deepEqual(does(step), ["say", "notice", "puzzle-mount"]);
  assert.deepEqual(step.effects[1].link, { href: "#mtc-puzzles", text: "Puzzles ↓" });
  st = step.state;
  step = studentReduce(st, message({ ...round, index: 1 }));  // the same set again (a reconnect, the next puzzle)
  assert.deepEqual(does(step), ["say", "puzzle-mount"]);
  assert.deepEqual(studentReduce(st, message(update)).effects.at(-1), { do: "puzzle-update", msg: update });
  step = studentReduce(st, message({ type: "puzzle", set: null }));
  assert.deepEqual(step.effects.slice(1), [{ do: "puzzle-clear" }, { do: "notice", key: "puzzles", text: null }]);
  assert.deepEqual(does(studentReduce(step.state, message(round))), ["say", "notice", "puzzle-mount"]);
});

test("trainer puzzles: a model per assignment, a notice when it is new, a fresh message clears the feedback", () => {
  const info = (id) => ({ assignment: { id, count: 3 }, rating: 1200 });
  let st = studentStart({ code: "ABCD", token: "S1" });
  assert.deepEqual(does(studentReduce(st, message({ type: "trainer_update", trainer: info("a1") }))), ["say"]);
  const first = { type: "trainer", trainer: info("a1"), puzzle: { id: "p1" } };
  let step = studentReduce(st, message(first));
  assert.deepEqual(does(step), ["say", "notice", "trainer-mount"]);
  assert.deepEqual(step.effects[1].link, { href: "#mtc-trainer", text: "Trainer puzzles ↓" });
  st = step.state;
  const next = { type: "trainer", trainer: info("a1"), puzzle: { id: "p2" } };
  assert.deepEqual(studentReduce(st, message(next)).effects.at(-1), { do: "trainer-update", msg: next, fresh: true });
  const upd = { type: "trainer_update", feedback: { ok: true } };
  assert.deepEqual(studentReduce(st, message(upd)).effects.at(-1), { do: "trainer-update", msg: upd, fresh: false });
  assert.deepEqual(does(studentReduce(st, message({ type: "trainer", trainer: info("a2") }))),
    ["say", "notice", "trainer-mount"], "a new assignment");
  step = studentReduce(st, message({ type: "trainer", assignment: null }));
  assert.deepEqual(step.effects.slice(1), [{ do: "trainer-clear" }, { do: "notice", key: "trainer", text: null }]);
  assert.equal(step.state.trainerOn, false);
});

test("the lobby lists the free students' seats; a table's heading names who sits", () => {
  const t1 = table("t1", [{ name: "Ana", taken: true }, {}, { kind: "computer", name: "Bot", taken: true }]);
  const t2 = table("t2", [{}, {}]);
  assert.deepEqual(freeSeats([t1, t2]), [{ table: "t1", seat: 2, text: "Table 1, seat 2" },
    { table: "t2", seat: 1, text: "Table 2, seat 1" }, { table: "t2", seat: 2, text: "Table 2, seat 2" }]);
  assert.equal(seatNames(t1), "Ana, (free), Bot");
});

test("a rename by the teacher reaches the page's header and the name kept, from the seat or the lobby", () => {
  const st = studentStart({ code: "ABCD", token: "S1", name: "Evee" });
  const seated = { type: "table", table: table("t2", [{ name: "Eve", taken: true }, { name: "Computer", kind: "computer" }]),
    seat: 1, view: null, message: null };
  const step = studentReduce(st, message(seated));
  const me = { code: "ABCD", token: "S1", name: "Eve" };
  assert.deepEqual(step.state.me, me);
  assert.deepEqual(step.effects.slice(1, 3), [{ do: "store", me }, { do: "who", name: "Eve", code: "ABCD" }]);
  assert.deepEqual(does(studentReduce(step.state, message(seated))), ["say", "phase", "table"]);  // said once
  const lobby = studentReduce(step.state, message({ type: "lobby", name: "Eva", tables: [] }));
  assert.equal(lobby.state.me.name, "Eva");
  assert.ok(lobby.effects.some((e) => e.do === "who" && e.name === "Eva"));
});
