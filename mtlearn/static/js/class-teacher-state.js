// The teacher's page as data, with no DOM (class-teacher.js draws it): what the server
// last said of the class (its tables, students, puzzle round, trainer puzzles), each
// table's own freshest update, the token every action carries and the status line.
// teacherReduce() folds a server message, the connection's state or a refusal of the page
// into it and says what changed; the other functions are the words, the choices and the
// requests of the page's controls. node's unit tests (tests/js/class-teacher-state.test.mjs)
// call them directly.

/** @typedef {import("./protocol").ClassMessage} ClassMessage */
/** @typedef {import("./protocol").ClassRequest} ClassRequest */
/** @typedef {import("./protocol").TeacherState} TeacherState */
/** @typedef {import("./protocol").TableInfo} TableInfo */
/** @typedef {import("./protocol").SeatInfo} SeatInfo */
/** @typedef {import("./protocol").PublicTable} PublicTable */
/** @typedef {import("./class-trainer.js").TrainerPanelInfo} TrainerPanelInfo */
/**
 * What the teacher's page sends, before it adds its token (the same request for every
 * op of protocol.d.ts ClassRequest, without `token`).
 * @typedef {ClassRequest extends infer R ? R extends unknown ? Omit<R, "token"> : never : never} TeacherAction
 */
/**
 * A student of the roster (mtlearn/hosts/classroom/room.py teacher_state): their seat
 * (1-based) if they have one, whether a device of theirs is connected and since when
 * (seconds since the epoch).
 * @typedef {object} RosterStudent
 * @property {string} id @property {string} name
 * @property {string | null} table @property {string | null} [table_label] @property {number | null} seat
 * @property {boolean} online @property {number | null} [since]
 * @property {RosterReview | null} [review] the last round the student had reviewed
 */
/**
 * A student's review of their last round (reviews.py count): where, and its figures.
 * @typedef {{table: string, round: number, mistakes: number, decisions: number, lost: number}} RosterReview
 */
/**
 * A puzzle set the teacher may start (puzzle_round.py puzzle_sets).
 * @typedef {{id: string, title: string, count: number}} PuzzleSetInfo
 */
/**
 * One student's result on one puzzle of the round (null: not tried yet).
 * @typedef {{tries: number, hints: number, solved: boolean, shown: boolean}} PuzzleCell
 */
/**
 * The puzzle round's results (puzzle_round.py results): the set, its puzzles, a row a student.
 * @typedef {object} PuzzleResults
 * @property {string} set @property {string} title
 * @property {{id: string, title: string}[]} puzzles
 * @property {{name: string, solved: number, cells: (PuzzleCell | null)[]}[]} rows
 */
/**
 * The teacher state with the keys protocol.d.ts leaves loose given their shapes.
 * @typedef {Omit<TeacherState, "students" | "puzzle_sets" | "puzzles" | "trainer"> & {
 *   students: RosterStudent[], puzzle_sets: PuzzleSetInfo[], puzzles: PuzzleResults | null,
 *   trainer: TrainerPanelInfo}} Teacher
 */
/** @typedef {"" | "ok" | "refused" | "warn"} StatusKind */
/**
 * The status line: the last answer only (a success clears an earlier error); `undo`: the
 * id a revert takes the action back with, while the Undo button is offered; `raise`: the
 * limit per network address a button offers (one address added its most students).
 * @typedef {{text: string, kind: StatusKind, undo: string | null, raise?: number}} Status
 */
/**
 * @typedef {object} TeacherPage
 * @property {string} token the teacher's token, which every action carries
 * @property {Teacher | null} last the last teacher state (null until the first)
 * @property {Map<string, PublicTable>} publics each table's own last update (its turn and
 *   seats are fresher than the teacher state's)
 * @property {Status} status
 */
/**
 * What happened: a server message, the connection's new state, or a refusal the page
 * met itself (the results' export).
 * @typedef {{type: "message", msg: ClassMessage} | {type: "connection", state: string}
 *   | {type: "refused", text: string}} TeacherEvent
 */
/**
 * What a step changed, for the view: "token" (a new class's token, to keep), "status"
 * (the status line), "page" (every section) or "tables" (the table cards).
 * @typedef {"token" | "status" | "page" | "tables"} TeacherChange
 */
/** @typedef {{state: TeacherPage, changes: TeacherChange[]}} TeacherStep */

/** The page before the server says anything. @param {string} token @returns {TeacherPage} */
export function teacherStart(token) {
  return { token, last: null, publics: new Map(), status: { text: "", kind: "", undo: null } };
}

/**
 * @param {TeacherPage} state @param {string} text @param {StatusKind} kind @param {string | null} [undo]
 * @param {number} [raise] @returns {TeacherPage}
 */
function said(state, text, kind, undo, raise) {
  return { ...state, status: { text, kind, undo: undo || null, ...(raise ? { raise } : {}) } };
}

/**
 * The page after `event` (the state given is not changed) and what changed.
 * @param {TeacherPage} state @param {TeacherEvent} event @returns {TeacherStep}
 */
export function teacherReduce(state, event) {
  if (event.type === "refused") return { state: said(state, "✗ " + event.text, "refused"), changes: ["status"] };
  if (event.type === "connection") {
    if (event.state === "reconnecting") {
      return { state: said(state, "Connection lost: reconnecting…", "warn"), changes: ["status"] };
    }
    if (event.state === "open" && state.status.kind === "warn") return { state: said(state, "", ""), changes: ["status"] };
    return { state, changes: [] };
  }
  const msg = event.msg;
  if ("ok" in msg) return { state: said(state, "✗ " + msg.error, "refused"), changes: ["status"] };
  if (msg.type === "done") {
    if (msg.token) { // a new class: its teacher's token from now on, and none of the old tables
      const fresh = { ...state, token: msg.token, publics: new Map() };
      return { state: said(fresh, "✓ " + msg.text, "ok", msg.undo), changes: ["token", "status"] };
    }
    return { state: said(state, "✓ " + msg.text, "ok", msg.undo), changes: ["status"] };
  }
  // a word from the server for the teacher (the class folder cannot be written, or can again)
  if (msg.type === "notice") return { state: said(state, "⚠ " + msg.text, "warn"), changes: ["status"] };
  // one network address added as many students as one address may (a school's router?)
  if (msg.type === "crowd") {
    const text = `⚠ ${msg.students} students joined from one network address (${msg.address}), the most one address may add (${msg.per_address}). If the class shares one router, allow more.`;
    return { state: said(state, text, "warn", null, msg.raise_to), changes: ["status"] };
  }
  if (msg.type === "teacher") {
    // protocol.d.ts types the roster, the puzzle sets and results and the trainer's key
    // loosely (Record<string, unknown>); their shapes are room.py teacher_state's
    return { state: { ...state, last: /** @type {Teacher} */ (/** @type {unknown} */ (msg)) }, changes: ["page"] };
  }
  if (msg.type === "publics" || msg.type === "public") {
    const publics = new Map(state.publics);
    for (const p of msg.type === "publics" ? msg.tables : [msg]) publics.set(p.table.id, p);
    return { state: { ...state, publics }, changes: ["tables"] };
  }
  return { state, changes: [] };
}

// ---------------------------------------------------------------- a table's card

/**
 * A table as the card shows it: its own last update when there is one (the freshest
 * turn and seats), else what the teacher state says.
 * @param {TableInfo} known @param {Map<string, PublicTable>} publics @returns {TableInfo}
 */
export function freshTable(known, publics) {
  const p = publics.get(known.id);
  return p ? p.table : known;
}

/** The card's title. @param {TableInfo} t @returns {string} */
export function tableTitle(t) {
  const state = !t.started ? "waiting for players" : t.match_over ? "the match is over"
    : t.round_over ? `round ${t.round} over` : `round ${t.round}`;
  return `${t.label} · ${t.preset} · ${state}${t.paused ? " · paused" : ""}`;
}

/** A seat's line: whose turn, the seat, who sits there. @param {TableInfo} t @param {SeatInfo} s @returns {string} */
export function seatText(t, s) {
  const tag = s.kind === "computer" ? " (computer)" : s.away ? " (away: computer plays)" : s.taken ? "" : " (free)";
  const turn = t.to_play === s.seat ? "▶ " : "";
  return `${turn}${s.seat}. ${s.name || "—"}${tag}`;
}

/**
 * Which of a seat's buttons the card shows: Hint for a student's seat once dealt, Computer
 * for a student's seat that is taken or not dealt yet.
 * @param {TableInfo} t @param {SeatInfo} s @returns {{hint: boolean, computer: boolean}}
 */
export function seatButtons(t, s) {
  return { hint: s.kind === "student" && t.started, computer: s.kind === "student" && (s.taken || !t.started) };
}

/** What giving a seat to a computer player asks first. @param {TableInfo} t @param {SeatInfo} s @returns {string} */
export function computerQuestion(t, s) {
  const who = s.name || `seat ${s.seat}`;
  return s.taken ? `Really give ${who}'s seat at ${t.label} to a computer player? ${who}'s phone goes back to choosing a seat.`
    : `Really make seat ${s.seat} of ${t.label} a computer player's?`;
}

/** What New match asks first: what happens to the match that ended. @param {TableInfo} t @returns {string} */
export function newMatchQuestion(t) {
  return `Start a new match at ${t.label}? The match that ended is over for good: it is kept in the results ` +
    "(the results page and its CSV, round by round) and in the class folder's archive.";
}

/**
 * The card's table buttons, in order: the label, the action sent, whether it may be
 * clicked now and what it asks first (New match only once the match is over, and after
 * the teacher confirms: the server keeps the match that ended either way).
 * @typedef {{label: string, action: "deal" | "undo" | "next_round" | "new_match", on: boolean, ask?: string}} TableButton
 * @param {TableInfo} t @returns {TableButton[]}
 */
export function tableButtons(t) {
  /** @type {TableButton[]} */
  const out = [{ label: "Deal", action: "deal", on: !t.started },
    { label: "Undo", action: "undo", on: t.started, ask: `Take back the last move at ${t.label}?` },
    { label: "Next round", action: "next_round", on: t.round_over && !t.match_over }];
  if (t.match_over) out.push({ label: "New match", action: "new_match", on: true, ask: newMatchQuestion(t) });
  return out;
}

// ---------------------------------------------------------------- open a table

/** @typedef {{value: string, valueAsNumber: number}} NumberField a number input (an HTMLInputElement) */
/**
 * The request the form "Open a table" sends: a hand size and a deal number only when
 * typed (blank keeps the rules' deal table and a fresh deal).
 * @param {{seats: NumberField, computers: NumberField, preset: string, rounds: NumberField,
 *   handSize: NumberField, dealNumber: NumberField}} form
 * @returns {TeacherAction}
 */
export function openTableAction(form) {
  /** @type {Omit<import("./protocol").OpenTable, "token">} */
  const msg = { op: "open_table", seats: form.seats.valueAsNumber, computers: form.computers.valueAsNumber,
    preset: form.preset, rounds: form.rounds.valueAsNumber };
  if (form.handSize.value !== "") msg.options = { hand_size: form.handSize.valueAsNumber };
  if (form.dealNumber.value !== "") msg.seed = form.dealNumber.valueAsNumber;
  return msg;
}

// ---------------------------------------------------------------- the roster

/** Where a student sits, in words. @param {RosterStudent} st @returns {string} */
export function studentWhere(st) {
  return st.table ? `${st.table_label || st.table}, seat ${st.seat}` : "no seat";
}

/**
 * Whether a student is connected, and since when (`clock` writes the time of day).
 * @param {RosterStudent} st @param {(since: number | null | undefined) => string} clock @returns {string}
 */
export function studentLive(st, clock) {
  return st.online ? `connected since ${clock(st.since)}` : st.since ? `gone since ${clock(st.since)}` : "not connected";
}

/**
 * A student's count of mistakes in the last round they had reviewed, in words ("" before
 * any review). @param {RosterStudent} st @returns {string}
 */
export function studentReview(st) {
  const r = st.review;
  if (!r) return "";
  return `${r.mistakes} mistake${r.mistakes === 1 ? "" : "s"} of ${r.decisions} decision${r.decisions === 1 ? "" : "s"} (${r.table}, round ${r.round})`;
}

/** What removing a student asks first. @param {RosterStudent} st @returns {string} */
export function removeQuestion(st) {
  return `Really remove ${st.name}?${st.table ? " A computer player takes their seat if the table is playing." : ""}`;
}

/**
 * Where a student may be moved: the lobby, then every free student's seat of a table not
 * dealt yet ("table:seat").
 * @param {Teacher} last @param {Map<string, PublicTable>} publics @returns {{value: string, text: string}[]}
 */
export function moveTargets(last, publics) {
  const out = [{ value: "", text: "No seat (the lobby)" }];
  for (const t of last.tables) {
    const fresh = freshTable(t, publics);
    if (fresh.started) continue;
    for (const s of fresh.seats) {
      if (s.kind === "student" && !s.taken) out.push({ value: `${t.id}:${s.seat}`, text: `${t.label}, seat ${s.seat}` });
    }
  }
  return out;
}

/** Moving a student to a target of moveTargets(). @param {string} student @param {string} target @returns {TeacherAction} */
export function moveAction(student, target) {
  const [table, seat] = target ? target.split(":") : [null, null];
  if (table) return { op: "student", student, action: "move", table, seat: Number(seat) };
  return { op: "student", student, action: "move", table: null };
}

/** The roster's heading. @param {Teacher} last @returns {string} */
export function rosterTitle(last) {
  const online = last.students.filter((s) => s.online).length;
  return `Students (${last.students.length}, ${online} connected)`;
}

/**
 * A cell of the puzzle results: its class and words (solved or not, tries, hints, the
 * answer seen); empty when not tried.
 * @param {PuzzleCell | null} c @returns {{class: string, text: string}}
 */
export function resultCell(c) {
  if (!c) return { class: "", text: "" };
  return { class: c.solved ? "mtc-ok" : "mtc-no", text: `${c.solved ? "✓" : "✗"} ${c.tries}t ${c.hints}h${c.shown ? " seen" : ""}` };
}
