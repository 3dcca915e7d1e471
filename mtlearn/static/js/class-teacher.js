// The teacher's page of a class (served by `mtlearn class` at /teacher#t=TOKEN): the code
// and QR code to join, tables to open and run (deal, undo, hint for a seat, a computer
// player for a seat, next round, new match, pause), the students (who is connected, since
// when; rename, move, remove), locking joins, ending the class, the idle limit, the
// puzzle round and its live results (CSV export), trainer puzzles (class-trainer.js). Every action carries the teacher's
// token; the server checks it. What takes something away asks first (a dialog: the
// keyboard's Tab, Enter and Escape work), and what can be taken back offers Undo for a
// while. A success replaces an earlier error in the status line.
//
// Safety: every text from the server goes in with textContent (dom.js h()).
//
// The page's data, and the words and requests of its controls, are class-teacher-state.js's
// (no DOM: its reducer is tested in node); this module draws them and wires the controls.

import { classSocket, keepTokenCookie } from "./class-host.js";
import { computerQuestion, freshTable, moveAction, moveTargets, openTableAction, removeQuestion, resultCell, rosterTitle, seatButtons, seatText, studentLive, studentReview, studentWhere, tableButtons, tableTitle, teacherReduce, teacherStart } from "./class-teacher-state.js";
import { trainerPanel } from "./class-trainer.js";
import { h } from "./dom.js";

/** @typedef {import("./protocol").ClassRequest} ClassRequest */
/** @typedef {import("./protocol").TableInfo} TableInfo */
/** @typedef {import("./protocol").SeatInfo} SeatInfo */
/** @typedef {import("./protocol").PublicTable} PublicTable */
/** @typedef {import("./protocol").View} View */
/** @typedef {import("./class-host.js").ClassSocket} ClassSocket */
/** @typedef {import("./class-teacher-state.js").Teacher} Teacher */
/** @typedef {import("./class-teacher-state.js").TeacherAction} TeacherAction */
/** @typedef {import("./class-teacher-state.js").TeacherEvent} TeacherEvent */
/** @typedef {import("./class-teacher-state.js").RosterStudent} RosterStudent */
/** @typedef {import("./class-teacher-state.js").PuzzleResults} PuzzleResults */
/** @typedef {import("./class-teacher-state.js").Status} Status */
/**
 * Where an action was taken, so that its answer (and its Undo) shows there: `at` the
 * element (a roster row, a table's card, the class box), `home` the section that holds the
 * answer when that element is gone (a removed student's row).
 * @typedef {{at: string, home: string}} Where
 */
/** @typedef {(msg: TeacherAction, where?: Where) => void} Act sends a teacher's action (with the token) */

// The last moves of a table, in words (the newest last).
/** @param {string[]} lines @param {number} n @returns {HTMLElement} */
export function logNode(lines, n) {
  const items = lines.slice(-n).map((line) => h("li", { text: line }));
  return h("ol", { class: "mtc-log", "aria-label": "Last moves" }, ...items);
}

// The scores of a table's match so far.
/** @param {View | null | undefined} view @returns {HTMLElement} */
export function scoresNode(view) {
  const rows = view && view.match ? view.match.standings : [];
  if (!rows || !rows.length) return h("div");
  return h("table", { class: "mtc-scores" },
    h("thead", null, h("tr", null, h("th", { text: "Player" }), h("th", { text: "Points" }))),
    h("tbody", null, ...rows.map((r) => h("tr", null, h("td", { text: `${r.place}. ${r.name}` }),
      h("td", { text: String(r.total) })))));
}

/** @param {string} label @param {Element} input @returns {HTMLElement} */
function field(label, input) {
  return h("label", { class: "mtc-field" }, h("span", { text: label }), input);
}

/** @param {string} name @param {number} value @param {number} min @param {number} max @returns {HTMLInputElement} */
function numberInput(name, value, min, max) {
  return /** @type {HTMLInputElement} */ (h("input", { type: "number", name, value: String(value), min: String(min),
    max: String(max), inputmode: "numeric" }));
}

/** A button of the page; `action` names it (data-act) for the tests and the status line. @param {string} text @param {string} [action] @returns {HTMLButtonElement} */
function button(text, action) {
  return /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "mtl-btn", text, "data-act": action }));
}

// How long the Undo of a removal, a move or a computer stays offered (ms).
const UNDO_MS = 20000;

/** The time of day of `since` (seconds since the epoch), "" for none. @param {number | null | undefined} since */
function clock(since) {
  if (!since) return "";
  return new Date(since * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

// Ask before doing what takes something away: a modal dialog, Cancel focused first
// (Escape cancels too); `body` may hold an input the action reads.
/**
 * @param {string} question @param {string} yes @param {() => void} run @param {HTMLElement} [body]
 * @returns {HTMLDialogElement}
 */
export function confirmThen(question, yes, run, body) {
  const dlg = /** @type {HTMLDialogElement} */ (h("dialog", { class: "mtc-confirm", "aria-label": question }));
  const ok = h("button", { type: "button", class: "mtl-btn mtl-btn-primary", text: yes, "data-confirm": "yes" });
  const no = h("button", { type: "button", class: "mtl-btn", text: "Cancel", "data-confirm": "no" });
  dlg.append(h("p", { text: question }), ...(body ? [body] : []), h("div", { class: "mtl-controls" }, ok, no));
  document.body.appendChild(dlg);
  const close = () => { if (dlg.open) dlg.close(); dlg.remove(); };
  ok.addEventListener("click", () => { close(); run(); });
  no.addEventListener("click", close);
  dlg.addEventListener("close", () => dlg.remove());
  if (typeof dlg.showModal === "function") dlg.showModal();
  else dlg.setAttribute("open", "");
  const input = /** @type {HTMLElement | null} */ (body ? body.querySelector("input, select") : null);
  (input || no).focus();
  return dlg;
}

// The status line: the last answer only (a success clears an earlier error), with an
// Undo button for a while when the action can be taken back.
/** @param {Act} act @returns {{node: HTMLElement, show: (st: Status) => void}} */
function statusLine(act) {
  const node = h("div", { class: "mtc-status", role: "status", "aria-live": "polite" });
  let undoTimer = 0;
  /** @param {Status} st */
  function show(st) {
    clearTimeout(undoTimer);
    node.setAttribute("data-kind", st.kind);
    node.className = "mtc-status" + (st.kind === "refused" ? " mtc-refused" : st.kind === "warn" ? " mtc-warn" : "");
    /** @type {Node[]} */
    const parts = [h("span", { text: st.text })];
    const undo = st.undo;
    if (undo) {
      const b = button("Undo", "revert");
      b.addEventListener("click", () => { b.remove(); act({ op: "revert", undo }); });
      parts.push(document.createTextNode(" "), b);
      undoTimer = setTimeout(() => b.remove(), UNDO_MS);
    }
    const more = st.raise;
    if (more) { // one address added its most students: one click lets it add more
      const b = button(`Allow ${more} per address`, "per_address");
      b.addEventListener("click", () => { b.remove(); act({ op: "per_address", per_address: more }); });
      parts.push(document.createTextNode(" "), b);
    }
    node.replaceChildren(...parts);
  }
  return { node, show };
}

// ---- the answers where the teacher acted

/** @type {Where} */
const CLASS_WHERE = { at: ".mtc-classbox", home: ".mtc-classbox" };
/** @param {string} table @returns {Where} */
function cardWhere(table) {
  return { at: `.mtc-tables .mtc-card[data-table="${table}"]`, home: ".mtc-tables" };
}
// How long an answer without Undo stays where the teacher acted (ms).
const SAID_MS = 20000;

/**
 * The answers shown where the teacher acted: each next to its row or button (or at the top
 * of its section once that row is gone), with its Undo for the whole undo window the server
 * gave (`seconds`); a later answer at the same place replaces it. `place()` puts them back
 * after a section is drawn again.
 * @param {HTMLElement} root @param {Act} act
 */
function saidHere(root, act) {
  /** @type {Map<string, {where: Where, st: Status, until: number}>} */
  const notes = new Map();
  function place() {
    for (const old of root.querySelectorAll(".mtc-said")) old.remove();
    const now = Date.now();
    for (const [key, note] of notes) {
      if (note.until <= now) { notes.delete(key); continue; }
      const node = saidNode(note.st, note.where, act, note.until - now, () => notes.delete(key));
      const at = root.querySelector(note.where.at);
      const home = root.querySelector(note.where.home);
      if (at && at.tagName === "TR") at.after(h("tr", { class: "mtc-said" }, h("td", { colspan: "5" }, node)));
      else if (at) at.appendChild(node);
      else if (home) home.insertBefore(node, home.children[1] || null);
    }
  }
  /** @param {Where} where @param {Status} st @param {number} seconds */
  function add(where, st, seconds) {
    const ms = st.undo && seconds > 0 ? seconds * 1000 : SAID_MS;
    notes.set(where.at + (st.undo ? " undo" : ""), { where, st, until: Date.now() + ms }); // an Undo stays beside later answers
    setTimeout(place, ms + 50);
    place();
  }
  return { add, place };
}

/**
 * One answer: its words, and Undo while it may be taken back (`used`: its Undo was clicked).
 * @param {Status} st @param {Where} where @param {Act} act @param {number} ms @param {() => void} used
 */
function saidNode(st, where, act, ms, used) {
  const node = h("p", { class: "mtc-said" + (st.kind === "refused" ? " mtc-refused" : ""), role: "status" },
    h("span", { text: st.text }));
  const undo = st.undo;
  if (undo) {
    const b = button("Undo", "revert");
    b.title = `Can be taken back for ${Math.ceil(ms / 1000)} more seconds`;
    b.addEventListener("click", () => { b.disabled = true; used(); act({ op: "revert", undo }, where); });
    node.append(" ", b);
  }
  return node;
}

// ---- open a table

// The form "Open a table"; returns its choice of rules, filled from the teacher state.
/** @param {HTMLElement} formBox @param {Act} act @returns {HTMLSelectElement} */
function openForm(formBox, act) {
  const seats = numberInput("seats", 4, 2, 8);
  const computers = numberInput("computers", 0, 0, 8);
  const rounds = numberInput("rounds", 13, 1, 19);
  const preset = /** @type {HTMLSelectElement} */ (h("select", { name: "preset" },
    h("option", { value: "standard", text: "standard" })));
  // Optional: a short demo round (fewer tiles in each hand) and a deal that can be played again
  // (the same number deals the same tiles). Blank keeps the rules' deal table and a fresh deal.
  const handSize = /** @type {HTMLInputElement} */ (h("input", { type: "number", name: "hand_size", min: "1", max: "30",
    inputmode: "numeric", placeholder: "as the rules say" }));
  const dealNumber = /** @type {HTMLInputElement} */ (h("input", { type: "number", name: "seed", min: "0",
    inputmode: "numeric", placeholder: "a new deal" }));
  formBox.append(h("h2", { text: "Open a table" }), field("Seats", seats), field("Computer players", computers),
    field("Rules", preset), field("Rounds", rounds), field("Tiles in each hand (optional)", handSize),
    field("Deal number (optional)", dealNumber),
    h("button", { type: "submit", class: "mtl-btn", text: "Open the table" }));
  formBox.addEventListener("submit", (ev) => {
    ev.preventDefault();
    act(openTableAction({ seats, computers, preset: preset.value, rounds, handSize, dealNumber }));
  });
  return preset;
}

// ---- the tables

// A seat's line: who sits there, Hint and Computer when they apply.
/** @param {TableInfo} t @param {SeatInfo} s @param {Act} act @returns {HTMLElement} */
function seatRow(t, s, act) {
  const hint = button("Hint", "hint");
  const here = cardWhere(t.id);
  hint.addEventListener("click", () => act({ op: "table", table: t.id, action: "hint", seat: s.seat }, here));
  const cpu = button("Computer", "computer");
  cpu.addEventListener("click", () => confirmThen(computerQuestion(t, s), "Give it to a computer",
    () => act({ op: "table", table: t.id, action: "computer", seat: s.seat }, here)));
  const show = seatButtons(t, s);
  return h("li", { "data-seat": String(s.seat) }, h("span", { text: seatText(t, s) }),
    show.hint ? hint : null, show.computer ? cpu : null);
}

// A table's card: its state, seats, buttons, scores and last moves.
/** @param {TableInfo} known @param {Map<string, PublicTable>} publics @param {Act} act @returns {HTMLElement} */
function tableCard(known, publics, act) {
  const p = publics.get(known.id);
  const t = freshTable(known, publics); // a table's own updates are the freshest (turn, seats)
  const buttons = tableButtons(t).map((spec) => {
    const b = button(spec.label, spec.action);
    if (!spec.on) b.disabled = true;
    const run = () => act({ op: "table", table: t.id, action: spec.action }, cardWhere(t.id));
    const ask = spec.ask;
    b.addEventListener("click", () => (ask ? confirmThen(ask, spec.label, run) : run()));
    return b;
  });
  const pause = button(t.paused ? "Resume" : "Pause", "pause");
  pause.addEventListener("click", () => act({ op: "pause", table: t.id, paused: !t.paused }, cardWhere(t.id)));
  const why = t.match_over ? "Next round: the match is over; deal a new match." : "";
  return h("article", { class: "mtc-card", "data-table": t.id, "data-paused": t.paused ? "yes" : null },
    h("h3", { text: tableTitle(t) }),
    t.paused ? h("p", { class: "mtc-paused", role: "note", text: t.paused }) : null,
    h("ol", { class: "mtc-seatlist" }, ...t.seats.map((s) => seatRow(t, s, act))),
    h("div", { class: "mtl-controls" }, ...buttons, t.started ? pause : null),
    why ? h("p", { class: "mtc-why", text: why }) : null,
    scoresNode(p && p.view), logNode(p ? p.log : [], 3));
}

// ---- the puzzle round, the class, the roster

/** @param {PuzzleResults} r @returns {HTMLElement} */
function resultsTable(r) {
  const head = h("tr", null, h("th", { text: "Student" }), h("th", { text: "Solved" }),
    ...r.puzzles.map((p, i) => h("th", { title: p.title, text: String(i + 1) })));
  const rows = r.rows.map((row) => h("tr", null, h("td", { text: row.name }), h("td", { text: String(row.solved) }),
    ...row.cells.map((c) => h("td", resultCell(c)))));
  return h("table", { class: "mtc-results" }, h("thead", null, head), h("tbody", null, ...rows));
}

// The results as a CSV file (the token goes as a header); a refusal goes to the status line.
/** @param {string} token @param {(text: string) => void} refused */
async function exportCsv(token, refused) {
  const res = await fetch("/results.csv", { headers: { "X-Teacher-Token": token } });
  if (!res.ok) { refused(await res.text()); return; }
  const a = h("a", { href: URL.createObjectURL(await res.blob()), download: "puzzle-results.csv" });
  a.click();
}

// How to join: the code, the address, the QR code and the projector's link.
/** @param {HTMLElement} box @param {Teacher} last */
function drawJoin(box, last) {
  box.replaceChildren(
    h("div", { class: "mtc-code" }, h("span", { text: "Class code" }), h("strong", { text: last.code })),
    h("p", { class: "mtc-addr", text: `Students open ${last.address} and type the code.` }),
    h("img", { class: "mtc-qr", src: "/qr.svg", alt: `QR code of ${last.address}`, width: "160", height: "160" }),
    h("p", null, h("a", { href: `/projector?code=${encodeURIComponent(last.code)}`, target: "_blank", text: "Open the projector view" })));
}

// The class: lock joins, pause or resume every table, end the class.
/** @param {HTMLElement} box @param {Teacher} last @param {Act} act */
function drawClass(box, last, act) {
  const locked = last.locked;
  const lock = button(locked ? "Open joins again" : "Lock joins", "lock");
  lock.addEventListener("click", () => act({ op: "lock", locked: !locked }, CLASS_WHERE));
  const pauseAll = button("Pause every table", "pause-all");
  pauseAll.addEventListener("click", () => act({ op: "pause", table: null, paused: true }, CLASS_WHERE));
  const resumeAll = button("Resume every table", "resume-all");
  resumeAll.addEventListener("click", () => act({ op: "pause", table: null, paused: false }, CLASS_WHERE));
  const end = button("End the class and start a new one", "new-class");
  end.addEventListener("click", () => confirmThen("Really end this class? It is kept in the class folder's archive; " +
    "the students join the new class with its new code.", "End the class", () => act({ op: "new_class" }, CLASS_WHERE)));
  box.replaceChildren(h("h2", { text: "The class" }),
    h("p", { text: locked ? "Joins are locked: new students are refused; students who joined can come back."
      : "Joins are open." }),
    h("div", { class: "mtl-controls" }, lock, last.tables.length ? pauseAll : null, last.tables.length ? resumeAll : null, end));
}

// The puzzle round (start, change or end it, its results, the CSV and the printable
// results) and the idle limit. `token` is the page's token when a button is clicked.
/**
 * @param {HTMLElement} box @param {Teacher} last @param {Act} act
 * @param {() => string} token @param {(text: string) => void} refused
 */
function drawPuzzleRound(box, last, act, token, refused) {
  const idle = numberInput("idle", last.idle, 0, 3600);
  const setIdle = button("Set", "idle");
  setIdle.addEventListener("click", () => act({ op: "idle", seconds: idle.valueAsNumber | 0 }));
  const pick = /** @type {HTMLSelectElement} */ (h("select", { name: "set" },
    ...last.puzzle_sets.map((s) => h("option", { value: s.id, text: `${s.title} (${s.count})` }))));
  if (last.puzzles) pick.value = last.puzzles.set;
  const going = !!last.puzzles;
  const start = button(going ? "Change the set" : "Start a puzzle round");
  start.addEventListener("click", () => (going
    ? confirmThen("Really change the puzzle set? Every student starts the new set.", "Change the set",
      () => act({ op: "puzzle_round", set: pick.value }))
    : act({ op: "puzzle_round", set: pick.value })));
  const stop = button("End the round");
  stop.addEventListener("click", () => confirmThen("Really end the puzzle round? Export the results first if you need them.",
    "End the round", () => act({ op: "puzzle_round", set: null })));
  const csv = button("Export CSV");
  csv.addEventListener("click", () => exportCsv(token(), refused));
  // the printable results (game scores and puzzles, ended rounds too): the token goes in
  // the new tab's # part, which its script sends as a header and then removes
  const printable = button("Results page (printable)");
  printable.addEventListener("click", () => window.open(`/results#t=${encodeURIComponent(token())}`, "_blank"));
  box.replaceChildren(h("h2", { text: "Puzzle round" }),
    h("div", { class: "mtl-controls" }, pick, start, last.puzzles ? stop : null, last.puzzles ? csv : null, printable),
    last.puzzles ? resultsTable(last.puzzles) : h("p", { text: "No puzzle round yet." }),
    h("h2", { text: "Idle seats" }),
    h("div", { class: "mtl-controls" }, field("A computer plays an idle student's turn after (seconds, 0 = never)", idle), setIdle));
}

// Free seats a student may be moved to (tables not dealt yet), and the lobby.
/** @param {Teacher} last @param {Map<string, PublicTable>} publics @returns {HTMLSelectElement} */
function moveChoices(last, publics) {
  const opts = moveTargets(last, publics).map((o) => h("option", o));
  return /** @type {HTMLSelectElement} */ (h("select", { name: "to", "aria-label": "Move to" }, ...opts));
}

// A student's row of the roster: name, seat, connected, Rename, Move and Remove.
/** @param {RosterStudent} st @param {Act} act @param {() => HTMLSelectElement} choices */
function studentRow(st, act, choices) {
  const where = studentWhere(st);
  /** @type {Where} */
  const here = { at: `tr[data-student="${st.id}"]`, home: ".mtc-students" };
  const live = studentLive(st, clock);
  const rename = button("Rename", "rename");
  rename.addEventListener("click", () => {
    const input = /** @type {HTMLInputElement} */ (h("input", { name: "name", value: st.name, maxlength: "24", "aria-label": "New name" }));
    const box = h("p", null, input);
    const dlg = confirmThen(`Rename ${st.name}`, "Rename", () => act({ op: "student", student: st.id, action: "rename",
      name: input.value }, here), box);
    input.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") { ev.preventDefault(); /** @type {HTMLElement} */ (dlg.querySelector("[data-confirm=yes]")).click(); }
    });
  });
  const move = button("Move", "move");
  move.addEventListener("click", () => {
    const pick = choices();
    confirmThen(`Move ${st.name} (now: ${where})`, "Move", () => act(moveAction(st.id, pick.value), here), h("p", null, pick));
  });
  const remove = button("Remove", "remove");
  remove.addEventListener("click", () => confirmThen(removeQuestion(st),
    "Remove", () => act({ op: "student", student: st.id, action: "remove" }, here)));
  // a new phone or browser: a one-use seat code for it, shown in this row
  const seat = button("Seat code", "seat-code");
  seat.addEventListener("click", () => act({ op: "seat_code", student: st.id }, here));
  return h("tr", { "data-student": st.id, "data-online": st.online ? "yes" : "no" },
    h("td", { text: st.name }), h("td", { text: where }),
    h("td", { class: st.online ? "mtc-on" : "mtc-off", text: (st.online ? "● " : "○ ") + live }),
    h("td", { class: "mtc-review-count", text: studentReview(st) }),
    h("td", { class: "mtc-acts" }, rename, " ", move, " ", remove, " ", seat));
}

// The roster: every student of the class, or "No student yet.".
/** @param {HTMLElement} box @param {Teacher} last @param {Act} act @param {Map<string, PublicTable>} publics */
function drawStudents(box, last, act, publics) {
  const choices = () => moveChoices(last, publics);
  box.replaceChildren(h("h2", { text: rosterTitle(last) }),
    last.students.length ? h("table", { class: "mtc-roster" },
      h("thead", null, h("tr", null, h("th", { text: "Name" }), h("th", { text: "Seat" }), h("th", { text: "Connected" }), h("th", { text: "Last review" }), h("th", { text: "" }))),
      h("tbody", null, ...last.students.map((st) => studentRow(st, act, choices)))) : h("p", { text: "No student yet." }));
}

// The teacher's token: the one in the address's #t= (kept in sessionStorage for a reload,
// and taken out of the address), else the one kept.
function pageToken() {
  const hash = new URLSearchParams(location.hash.slice(1));
  let token = hash.get("t") || "";
  try {
    if (token) sessionStorage.setItem("mtlearn-teacher", token);
    else token = sessionStorage.getItem("mtlearn-teacher") || "";
  } catch { /* no storage: keep the token of the address */ }
  if (hash.get("t")) history.replaceState(null, "", location.pathname);
  keepTokenCookie("mtlearn_teacher", token);
  return token;
}

// The teacher's page in `root`: every server message goes through teacherReduce and the
// sections it changed are drawn again.
/** @param {HTMLElement} root @returns {ClassSocket} */
export function bootTeacher(root) {
  let state = teacherStart(pageToken());
  /** @type {Where | null} where the action waiting for its answer was taken */
  let acting = null;
  /** @type {Act} */
  const act = (msg, where) => {
    acting = where || null;
    sock.send(/** @type {ClassRequest} */ (Object.assign({ token: state.token }, msg)));
  };
  const status = statusLine(act);
  const said = saidHere(root, act);
  const joinBox = h("section", { class: "mtc-joinbox", "aria-label": "How to join" });
  const classBox = h("section", { class: "mtc-classbox", "aria-label": "The class" });
  const tablesBox = h("section", { class: "mtc-tables", "aria-label": "Tables" });
  const formBox = h("form", { class: "mtc-open", "aria-label": "Open a table" });
  const puzzleBox = h("section", { class: "mtc-presults", "aria-label": "Puzzle round" });
  const studentsBox = h("section", { class: "mtc-students", "aria-label": "Students" });
  const trainer = trainerPanel((msg) => act(msg), confirmThen);  // trainer puzzles: class-trainer.js
  root.append(status.node, joinBox, classBox, formBox, tablesBox, studentsBox, puzzleBox, trainer.node);
  const preset = openForm(formBox, act);
  /** @param {string} text */
  const refused = (text) => apply({ type: "refused", text });

  function drawTables() {
    const last = state.last;
    if (!last) return;
    tablesBox.replaceChildren(h("h2", { text: `Tables (${last.tables.length})` }),
      ...last.tables.map((t) => tableCard(t, state.publics, act)));
  }

  function draw() {
    const last = state.last;
    if (!last) return;
    drawTables();
    if (preset.options.length !== last.presets.length) {
      const chosen = preset.value;
      preset.replaceChildren(...last.presets.map((p) => h("option", { value: p, text: p })));
      preset.value = chosen;
    }
    root.setAttribute("data-code", last.code);
    drawJoin(joinBox, last);
    drawClass(classBox, last, act);
    drawPuzzleRound(puzzleBox, last, act, () => state.token, refused);
    trainer.update(last.trainer);
    drawStudents(studentsBox, last, act, state.publics);
  }

  /** @param {TeacherEvent} event */
  function apply(event) {
    const step = teacherReduce(state, event);
    state = step.state;
    const msg = event.type === "message" ? event.msg : null;
    if (acting && msg && ("ok" in msg || msg.type === "done")) { // the answer, where the teacher acted
      said.add(acting, state.status, "ok" in msg ? 0 : msg.seconds || 0);
      state = { ...state, status: { ...state.status, undo: null } }; // its Undo is there, not at the top
      acting = null;
    }
    for (const change of step.changes) {
      if (change === "token") {
        try { sessionStorage.setItem("mtlearn-teacher", state.token); } catch { /* kept in the page */ }
        keepTokenCookie("mtlearn_teacher", state.token);
      } else if (change === "status") status.show(state.status);
      else if (change === "page") draw();
      else if (change === "tables") drawTables();
    }
    if (step.changes.includes("page") || step.changes.includes("tables")) said.place();
  }

  const sock = classSocket({
    onOpen(s) { s.send({ op: "teacher", token: state.token }); },
    onState(st) { apply({ type: "connection", state: st }); },
    onMessage(msg) { apply({ type: "message", msg }); },
  });
  return sock;
}
