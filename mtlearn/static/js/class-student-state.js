// A student's page as data, with no DOM (class-main.js draws it): who the student is (the
// class code, the seat token, the name), and whether a puzzle round and trainer puzzles
// are on the page. studentReduce() folds what happened (the socket opened, a server
// message, the student joined or chose a seat) into it and returns what the page does
// next, in order: say a word, show a phase, keep the token, send a request, show a notice,
// draw the lobby, the table, the puzzle or the trainer puzzles. node's unit tests
// (tests/js/class-student-state.test.mjs) call it directly.

import { noticeText } from "./class-screen.js";

/** @typedef {import("./protocol").ClassMessage} ClassMessage */
/** @typedef {import("./protocol").ClassRequest} ClassRequest */
/** @typedef {import("./protocol").TableInfo} TableInfo */
/** @typedef {import("./protocol").TableState} TableState */
/** @typedef {import("./protocol").PuzzleState} PuzzleState */
/** @typedef {import("./protocol").PuzzleUpdate} PuzzleUpdate */
/** @typedef {import("./protocol").ClassTrainerState} ClassTrainerState */
/** @typedef {import("./protocol").ClassTrainerUpdate} ClassTrainerUpdate */
/**
 * The student as the browser keeps them (localStorage): the class code, the seat token
 * (null between typing the code and the server's answer) and the first name.
 * @typedef {{code: string, token: string | null, name?: string}} Me
 */
/** @typedef {"join" | "lobby" | "table"} Phase the part of the page shown */
/**
 * @typedef {object} StudentPage
 * @property {Me | null} me
 * @property {unknown} puzzleSet the puzzle round's set, once one is on (null: none)
 * @property {boolean} puzzleOn a puzzle of the round is on the page
 * @property {unknown} trainerId the trainer puzzles' assignment on the page (its id)
 * @property {boolean} trainerOn trainer puzzles are on the page
 * @property {string} where where the student is: "join", "lobby" or "table:<id>:<seat>"
 * @property {string | null} noticeAt where they were when the teacher's notice came (null: none shown)
 */
/**
 * What happened: the socket opened (again), a server message came, the student sent the
 * join form or chose a seat of the lobby.
 * @typedef {{type: "open"} | {type: "message", msg: ClassMessage} | {type: "join", code: string, name: string}
 *   | {type: "reclaim", code: string, seat: string} | {type: "sit", table: string, seat: number}} StudentEvent
 */
/** @typedef {{href: string, text: string}} NoticeLink */
/**
 * What the page does, in order. "say": the status line ("" takes a refusal away);
 * "notice": a notice at the top (`text` null takes the notice of that key away);
 * "puzzle-mount" and "trainer-mount": a new puzzle model from the message;
 * "puzzle-update" and "trainer-update" put the message's keys on the model there is
 * (`fresh`: a new trainer message, whose feedback and solution start empty).
 * @typedef {{do: "say", text: string, kind?: "refused"} | {do: "phase", phase: Phase}
 *   | {do: "store", me: Me | null} | {do: "send", msg: ClassRequest}
 *   | {do: "notice", key: "teacher" | "puzzles" | "trainer", text: string | null, link?: NoticeLink}
 *   | {do: "who", name: string, code: string} | {do: "lobby", tables: TableInfo[]} | {do: "table", msg: TableState}
 *   | {do: "puzzle-clear"} | {do: "puzzle-mount", msg: PuzzleState} | {do: "puzzle-update", msg: PuzzleUpdate}
 *   | {do: "trainer-clear"} | {do: "trainer-mount", msg: ClassTrainerState}
 *   | {do: "trainer-update", msg: ClassTrainerState | ClassTrainerUpdate, fresh: boolean}} StudentEffect
 */
/** @typedef {{state: StudentPage, effects: StudentEffect[]}} StudentStep */

// A refusal that means the token no longer works: a wrong code, an unknown token (the
// removal or the end of the class is final, the seat moved to another device). The phone
// forgets it and asks to join again.
const LOST_TOKEN = /^(unknown seat token|wrong class code)/;
// A refusal that means the token is held: the teacher removed the student or ended the
// class, and may still take it back (mtlearn/hosts/classroom/seats.py HELD_WORDS). The
// phone shows the join form but keeps its token: an Undo gives the seat back.
const HELD_TOKEN = /^(Your teacher removed you|The class ended)/;

/** The page on opening, with the student the browser kept (if any). @param {Me | null} me @returns {StudentPage} */
export function studentStart(me) {
  return { me, puzzleSet: null, puzzleOn: false, trainerId: null, trainerOn: false, where: "join", noticeAt: null };
}

/** The token the page's requests carry ("" before the student joined). @param {StudentPage} state @returns {string} */
export function seatToken(state) {
  return (state.me && state.me.token) || "";
}

/** The phase a page opens with: the lobby when the browser kept a token. @param {StudentPage} state @returns {Phase} */
export function firstPhase(state) {
  return state.me && state.me.token ? "lobby" : "join";
}

/**
 * The page after `event` (the state given is not changed) and what it does next.
 * @param {StudentPage} state @param {StudentEvent} event @returns {StudentStep}
 */
export function studentReduce(state, event) {
  if (event.type === "open") {
    const me = state.me;
    if (me && me.token) return { state, effects: [{ do: "send", msg: { op: "hello", code: me.code, token: me.token } }] };
    return { state, effects: [{ do: "phase", phase: "join" }] };
  }
  if (event.type === "join") {
    /** @type {Me} */
    const me = { code: event.code.trim().toUpperCase(), token: null };
    return { state: { ...state, me }, effects: [{ do: "send", msg: { op: "join", code: me.code, name: event.name } }] };
  }
  if (event.type === "reclaim") { // back on a new device with the teacher's seat code
    /** @type {Me} */
    const me = { code: event.code.trim().toUpperCase(), token: null };
    return { state: { ...state, me }, effects: [{ do: "send", msg: { op: "reclaim", code: me.code, seat_code: event.seat.trim() } }] };
  }
  if (event.type === "sit") {
    return { state, effects: [{ do: "send", msg: { op: "sit", token: seatToken(state), table: event.table, seat: event.seat } }] };
  }
  return messageStep(state, event.msg);
}

/** @param {StudentPage} state @param {ClassMessage} msg @returns {StudentStep} */
function messageStep(state, msg) {
  if ("ok" in msg) {  // the protocol's one refusal (no other class message has "ok")
    /** @type {StudentEffect[]} */
    const effects = [{ do: "say", text: "✗ " + msg.error, kind: "refused" }];
    if (HELD_TOKEN.test(msg.error)) {
      effects.push({ do: "phase", phase: "join" }, { do: "notice", key: "teacher", text: null });
      return { state: { ...state, where: "join", noticeAt: null }, effects };
    }
    if (!LOST_TOKEN.test(msg.error)) return { state, effects };
    if (state.me && state.me.token) effects.push({ do: "store", me: null });
    effects.push({ do: "phase", phase: "join" });
    return { state: { ...state, me: null }, effects };
  }
  const words = noticeText(msg); // moved, a computer took the seat…: shown until the student moves on
  if (words !== null) return { state: { ...state, noticeAt: state.where }, effects: [{ do: "notice", key: "teacher", text: words }] };
  if (msg.type === "joined") {
    const me = { code: state.me ? state.me.code : "", token: msg.token, name: msg.name };
    return { state: { ...state, me },
      effects: [{ do: "store", me }, { do: "who", name: msg.name, code: me.code }, { do: "say", text: "" }] };
  }
  /** @type {StudentStep} */
  const step = { state, effects: [{ do: "say", text: "" }] };
  if (msg.type === "lobby" || msg.type === "table") renamed(step, msg);
  if (msg.type === "lobby") step.effects.push({ do: "phase", phase: "lobby" }, { do: "lobby", tables: msg.tables || [] });
  else if (msg.type === "table") step.effects.push({ do: "phase", phase: "table" }, { do: "table", msg });
  if (msg.type === "lobby" || msg.type === "table") moved(step, msg.type === "lobby" ? "lobby" : `table:${msg.table.id}:${msg.seat}`);
  else if (msg.type === "puzzle" || msg.type === "puzzle_update") puzzleStep(step, msg);
  else if (msg.type === "trainer" || msg.type === "trainer_update") trainerStep(step, msg);
  return step;
}

// The teacher renamed the student: the lobby and the seat carry the name the class knows
// them by; the page's header and the name the browser keeps follow it at once.
/** @param {StudentStep} step @param {import("./protocol").Lobby | TableState} msg */
function renamed(step, msg) {
  const me = step.state.me;
  const seat = msg.type === "table" ? msg.table.seats[msg.seat - 1] : null;
  const name = msg.type === "lobby" ? msg.name : seat && seat.kind === "student" ? seat.name : null;
  if (!me || !me.token || !name || name === me.name) return;
  const now = { ...me, name };
  step.state = { ...step.state, me: now };
  step.effects.push({ do: "store", me: now }, { do: "who", name, code: now.code });
}

// The student is somewhere else now (a lobby or a seat): a teacher's notice of an earlier
// place is stale (the move was undone, the seat given back…) and goes.
/** @param {StudentStep} step @param {string} where */
function moved(step, where) {
  const at = step.state.noticeAt;
  step.state = { ...step.state, where };
  if (at !== null && at !== where) {
    step.state.noticeAt = null;
    step.effects.push({ do: "notice", key: "teacher", text: null });
  }
}

// The puzzle round: none (a "puzzle" message without a set), a set put on the page anew
// (a notice when the set is new, not the same one sent again on a reconnect), or an
// update of the puzzle on the page.
/** @param {StudentStep} step @param {PuzzleState | PuzzleUpdate} msg */
function puzzleStep(step, msg) {
  const state = step.state;
  if (msg.type === "puzzle" && !msg.set) {
    step.state = { ...state, puzzleSet: null, puzzleOn: false };
    step.effects.push({ do: "puzzle-clear" }, { do: "notice", key: "puzzles", text: null });
  } else if (msg.type === "puzzle") {
    if (msg.set !== state.puzzleSet) {
      step.effects.push({ do: "notice", key: "puzzles", text: "Your teacher started a puzzle round:",
        link: { href: "#mtc-puzzles", text: "Puzzles ↓" } });
    }
    step.state = { ...state, puzzleSet: msg.set, puzzleOn: true };
    step.effects.push({ do: "puzzle-mount", msg });
  } else if (state.puzzleOn) step.effects.push({ do: "puzzle-update", msg });
}

// Trainer puzzles the teacher assigned: none (a "trainer" message without them), a new
// assignment (or the first message of the page) put on the page anew, or an update.
/** @param {StudentStep} step @param {ClassTrainerState | ClassTrainerUpdate} msg */
function trainerStep(step, msg) {
  const state = step.state;
  if (msg.type === "trainer" && !msg.trainer) {
    step.state = { ...state, trainerId: null, trainerOn: false };
    step.effects.push({ do: "trainer-clear" }, { do: "notice", key: "trainer", text: null });
    return;
  }
  const id = msg.trainer && msg.trainer.assignment ? msg.trainer.assignment.id : null;
  if (msg.type === "trainer" && (!state.trainerOn || id !== state.trainerId)) {
    if (id !== state.trainerId) {
      step.effects.push({ do: "notice", key: "trainer", text: "Your teacher set trainer puzzles:",
        link: { href: "#mtc-trainer", text: "Trainer puzzles ↓" } });
    }
    step.state = { ...state, trainerId: id, trainerOn: true };
    step.effects.push({ do: "trainer-mount", msg });
  } else if (state.trainerOn) step.effects.push({ do: "trainer-update", msg, fresh: msg.type === "trainer" });
}

/**
 * The free students' seats of the lobby's tables, in order, with their words.
 * @param {TableInfo[]} tables @returns {{table: string, seat: number, text: string}[]}
 */
export function freeSeats(tables) {
  return tables.flatMap((t) => t.seats.filter((s) => s.kind === "student" && !s.taken)
    .map((s) => ({ table: t.id, seat: s.seat, text: `${t.label}, seat ${s.seat}` })));
}

/** Who sits at a table, in seat order. @param {TableInfo} t @returns {string} */
export function seatNames(t) {
  return t.seats.map((s) => s.name || "(free)").join(", ");
}
