// Unit tests of static/js/class-teacher-state.js: the teacher's page as data (no DOM):
// what each server message and connection state changes, and the words, choices and
// requests of the page's controls.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  computerQuestion, freshTable, moveAction, moveTargets, newMatchQuestion, openTableAction, removeQuestion, resultCell,
  rosterTitle, seatButtons, seatText, studentLive, studentReview, studentWhere, tableButtons, tableTitle, teacherReduce, teacherStart,
} from "../../mtlearn/static/js/class-teacher-state.js";

function seat(n, extra) {
  return Object.assign({ seat: n, name: null, kind: "student", taken: false, away: false }, extra || {});
}

function table(id, extra) {
  return Object.assign({ id, label: `Table ${id.slice(1)}`, n: 2, preset: "standard", rounds: 13, started: false,
    round: null, round_over: false, match_over: false, paused: null, to_play: null,
    seats: [seat(1), seat(2)] }, extra || {});
}

function teacher(extra) {
  return Object.assign({ type: "teacher", code: "ABCD", address: "http://10.0.0.2:8765/", idle: 60, locked: false,
    tables: [table("t1")], students: [], puzzle_sets: [], presets: ["standard"], puzzles: null,
    trainer: { on: null, ended: null } }, extra || {});
}

const message = (msg) => ({ type: "message", msg });

test("a teacher state redraws the page, a table's update only the tables", () => {
  const start = teacherStart("T1");
  const step = teacherReduce(start, message(teacher()));
  assert.deepEqual(step.changes, ["page"]);
  assert.equal(step.state.last.code, "ABCD");
  assert.equal(start.last, null, "the state given is not changed");
  const busy = table("t1", { started: true, to_play: 2 });
  const pub = teacherReduce(step.state, message({ type: "public", table: busy, view: null, log: ["Ana drew."] }));
  assert.deepEqual(pub.changes, ["tables"]);
  assert.equal(pub.state.publics.get("t1").table.to_play, 2);
  assert.equal(step.state.publics.size, 0, "the publics given are not changed");
  const all = teacherReduce(pub.state, message({ type: "publics", role: "teacher",
    tables: [{ table: table("t1"), view: null, log: [] }, { table: table("t2"), view: null, log: [] }] }));
  assert.deepEqual([...all.state.publics.keys()], ["t1", "t2"]);
  assert.equal(freshTable(table("t1", { started: true }), pub.state.publics).to_play, 2);
  assert.equal(freshTable(table("t9"), pub.state.publics).id, "t9");
});

test("answers go to the status line: a success with its undo, a refusal, and a new class's token", () => {
  let st = teacherStart("T1");
  let step = teacherReduce(st, message({ ok: false, error: "computers: choose 0 to 2" }));
  assert.deepEqual(step.changes, ["status"]);
  assert.deepEqual(step.state.status, { text: "✗ computers: choose 0 to 2", kind: "refused", undo: null });
  step = teacherReduce(step.state, message({ type: "done", text: "Ana was removed from the class.", undo: "u7" }));
  assert.deepEqual(step.state.status, { text: "✓ Ana was removed from the class.", kind: "ok", undo: "u7" });
  st = teacherReduce(step.state, message({ type: "public", table: table("t1"), view: null, log: [] })).state;
  step = teacherReduce(st, message({ type: "done", text: "A new class started (code WXYZ).", token: "T2" }));
  assert.deepEqual(step.changes, ["token", "status"]);
  assert.equal(step.state.token, "T2");
  assert.equal(step.state.publics.size, 0, "the old class's tables are forgotten");
  assert.equal(step.state.status.undo, null);
  step = teacherReduce(step.state, { type: "refused", text: "no puzzle round" });
  assert.equal(step.state.status.text, "✗ no puzzle round");
  assert.deepEqual(teacherReduce(st, message({ type: "lobby", name: "x", tables: [] })).changes, []);
});

test("the server's notice (the class folder cannot be written) shows in the status line as a warning", () => {
  const text = "The class folder cannot be written (No space left on device): /c.";
  const step = teacherReduce(teacherStart("T"), message({ type: "notice", text }));
  assert.deepEqual(step.changes, ["status"]);
  assert.deepEqual(step.state.status, { text: "⚠ " + text, kind: "warn", undo: null });
});

test("one address that added its most students shows in the status line, with the limit to raise it to", () => {
  const crowd = { type: "crowd", address: "10.0.0.9", students: 8, per_address: 8, raise_to: 16 };
  const step = teacherReduce(teacherStart("T"), message(crowd));
  assert.deepEqual(step.changes, ["status"]);
  assert.equal(step.state.status.kind, "warn");
  assert.equal(step.state.status.raise, 16);
  assert.match(step.state.status.text, /8 students joined from one network address \(10\.0\.0\.9\), the most one address may add \(8\)/);
  const after = teacherReduce(step.state, message({ type: "done", text: "One network address may now stand for 16 devices" }));
  assert.equal(after.state.status.raise, undefined);
});

test("a lost connection says so, and only its own words go once the page is connected again", () => {
  const lost = teacherReduce(teacherStart("T"), { type: "connection", state: "reconnecting" }).state;
  assert.deepEqual(lost.status, { text: "Connection lost: reconnecting…", kind: "warn", undo: null });
  const back = teacherReduce(lost, { type: "connection", state: "open" });
  assert.deepEqual(back.changes, ["status"]);
  assert.deepEqual(back.state.status, { text: "", kind: "", undo: null });
  const refused = teacherReduce(lost, message({ ok: false, error: "bad" })).state;
  const kept = teacherReduce(refused, { type: "connection", state: "open" });
  assert.deepEqual(kept.changes, []);
  assert.equal(kept.state.status.text, "✗ bad");
});

test("a table's card: its title, seat lines, seat buttons and table buttons as the table goes on", () => {
  const waiting = table("t1", { seats: [seat(1, { name: "Ana", taken: true }), seat(2)] });
  assert.equal(tableTitle(waiting), "Table 1 · standard · waiting for players");
  assert.equal(seatText(waiting, waiting.seats[0]), "1. Ana");
  assert.equal(seatText(waiting, waiting.seats[1]), "2. — (free)");
  assert.deepEqual(seatButtons(waiting, waiting.seats[1]), { hint: false, computer: true });
  assert.deepEqual(tableButtons(waiting).map((b) => [b.action, b.on]), [["deal", true], ["undo", false], ["next_round", false]]);
  const playing = table("t1", { started: true, round: 2, to_play: 1, paused: "Eyes on the teacher.",
    seats: [seat(1, { name: "Ana", taken: true }), seat(2, { name: "Bot", kind: "computer", taken: true }),
      seat(3, { name: "Bo", taken: true, away: true }), seat(4)] });
  assert.equal(tableTitle(playing), "Table 1 · standard · round 2 · paused");
  assert.deepEqual(playing.seats.map((s) => seatText(playing, s)),
    ["▶ 1. Ana", "2. Bot (computer)", "3. Bo (away: computer plays)", "4. — (free)"]);
  assert.deepEqual(playing.seats.map((s) => seatButtons(playing, s)), [{ hint: true, computer: true },
    { hint: false, computer: false }, { hint: true, computer: true }, { hint: true, computer: false }]);
  assert.equal(tableButtons(playing)[1].ask, "Take back the last move at Table 1?");
  const over = table("t1", { started: true, round: 13, round_over: true, match_over: true });
  assert.equal(tableTitle(over), "Table 1 · standard · the match is over");
  assert.deepEqual(tableButtons(over).map((b) => [b.action, b.on]),
    [["deal", false], ["undo", true], ["next_round", false], ["new_match", true]]);
  assert.equal(tableTitle(table("t1", { started: true, round: 3, round_over: true })), "Table 1 · standard · round 3 over");
  assert.equal(computerQuestion(playing, playing.seats[0]),
    "Really give Ana's seat at Table 1 to a computer player? Ana's phone goes back to choosing a seat.");
  assert.equal(computerQuestion(playing, playing.seats[3]), "Really make seat 4 of Table 1 a computer player's?");
});

test("New match asks first, in words: the match that ended is kept in the results", () => {
  const over = table("t1", { started: true, round: 13, round_over: true, match_over: true });
  const spec = tableButtons(over).find((b) => b.action === "new_match");
  assert.ok(spec && spec.on);
  assert.equal(spec.ask, newMatchQuestion(over));
  assert.equal(spec.ask, "Start a new match at Table 1? The match that ended is over for good: it is kept in the " +
    "results (the results page and its CSV, round by round) and in the class folder's archive.");
  const playing = table("t1", { started: true, round: 2 });
  assert.equal(tableButtons(playing).find((b) => b.action === "new_match"), undefined, "only once the match is over");
});

test("the form sends a hand size and a deal number only when typed", () => {
  const num = (value) => ({ value, valueAsNumber: value === "" ? NaN : Number(value) });
  const form = { seats: num("4"), computers: num("1"), preset: "standard", rounds: num("5"), handSize: num(""), dealNumber: num("") };
  assert.deepEqual(openTableAction(form), { op: "open_table", seats: 4, computers: 1, preset: "standard", rounds: 5 });
  assert.deepEqual(openTableAction({ ...form, handSize: num("7"), dealNumber: num("0") }),
    { op: "open_table", seats: 4, computers: 1, preset: "standard", rounds: 5, options: { hand_size: 7 }, seed: 0 });
});

test("the roster: where a student sits, whether connected, where they may move, what removing asks", () => {
  const ana = { id: "s1", name: "Ana", table: "t1", table_label: "Table 1", seat: 2, online: true, since: 100 };
  const bo = { id: "s2", name: "Bo", table: null, seat: null, online: false, since: 50 };
  const cy = { id: "s3", name: "Cy", table: null, seat: null, online: false, since: null };
  const clock = (t) => `@${t}`;
  assert.equal(studentWhere(ana), "Table 1, seat 2");
  assert.equal(studentWhere({ ...ana, table_label: null }), "t1, seat 2");
  assert.equal(studentWhere(bo), "no seat");
  assert.deepEqual([ana, bo, cy].map((s) => studentLive(s, clock)), ["connected since @100", "gone since @50", "not connected"]);
  // the last round the student had reviewed on their phone (reviews.py), none before
  assert.equal(studentReview(ana), "");
  assert.equal(studentReview({ ...ana, review: { table: "Table 1", round: 2, mistakes: 1, decisions: 9, lost: 5.5 } }),
    "1 mistake of 9 decisions (Table 1, round 2)");
  assert.equal(studentReview({ ...ana, review: { table: "Table 1", round: 1, mistakes: 0, decisions: 1, lost: 0 } }),
    "0 mistakes of 1 decision (Table 1, round 1)");
  assert.equal(removeQuestion(ana), "Really remove Ana? A computer player takes their seat if the table is playing.");
  assert.equal(removeQuestion(bo), "Really remove Bo?");
  const last = teacher({ students: [ana, bo, cy], tables: [table("t1"), table("t2", { started: true }),
    table("t3", { seats: [seat(1, { kind: "computer", taken: true }), seat(2)] })] });
  assert.equal(rosterTitle(last), "Students (3, 1 connected)");
  // t1's own update says seat 1 is taken now; t2 is dealt; t3's seat 1 is a computer's
  const publics = new Map([["t1", { table: table("t1", { seats: [seat(1, { taken: true }), seat(2)] }), view: null, log: [] }]]);
  assert.deepEqual(moveTargets(last, publics).map((o) => o.value), ["", "t1:2", "t3:2"]);
  assert.equal(moveTargets(last, publics)[1].text, "Table 1, seat 2");
  assert.deepEqual(moveAction("s2", "t3:2"), { op: "student", student: "s2", action: "move", table: "t3", seat: 2 });
  assert.deepEqual(moveAction("s2", ""), { op: "student", student: "s2", action: "move", table: null });
});

test("a puzzle result cell: solved or not, tries, hints, the answer seen", () => {
  assert.deepEqual(resultCell(null), { class: "", text: "" });
  assert.deepEqual(resultCell({ tries: 2, hints: 1, solved: true, shown: false }), { class: "mtc-ok", text: "✓ 2t 1h" });
  assert.deepEqual(resultCell({ tries: 3, hints: 0, solved: false, shown: true }), { class: "mtc-no", text: "✗ 3t 0h seen" });
});
