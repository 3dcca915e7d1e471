// Trainer puzzles in the class (issue 31): on a student's phone, the puzzles the teacher
// assigned, one at a time, each chosen by the server near the student's class rating;
// on the teacher's page, the form that assigns them and the results per student and theme.
//
// The server decides everything (mtlearn/hosts/classroom/assignment.py): which puzzle is
// next, whether an answer is right, how the rating moves. The phone draws the puzzle with
// puzzle.js (the same board and answer widgets as every puzzle) and sends its intents as
// {op: "trainer", token, msg}; "Next puzzle" is offered once the puzzle on the board is
// answered (the server refuses it before). Model keys: puzzle, view, feedback, solution,
// trainer (protocol.d.ts: ClassTrainerInfo).
//
// Safety: every text from the server goes in with textContent (dom.js h()).

import { mtlModel } from "./host.js";
import { append, h, listen } from "./dom.js";
import { renderPuzzle } from "./puzzle.js";
import { changeText } from "./trainer.js";

/** @typedef {import("./protocol").ClassTrainerInfo} ClassTrainerInfo */
/** @typedef {import("./protocol").TrainerResult} TrainerResult */
/** @typedef {import("./protocol").Assign} Assign */
/** @typedef {import("./puzzle-state.js").PuzzleKeys} PuzzleKeys */
/** @typedef {import("./puzzle-state.js").Intent} PuzzleSent */
/**
 * A class trainer model: a puzzle's keys, and under `trainer` the class's trainer info
 * (not the solo trainer's of puzzle-state.js TrainerKeys).
 * @typedef {import("./host.js").KeyedModel<PuzzleKeys & {trainer: ClassTrainerInfo | null}, PuzzleSent>} ClassTrainerModel
 */
/** @typedef {import("./class-host.js").ClassSocket} ClassSocket */
/** @typedef {import("./class-host.js").TokenGetter} TokenGetter */
/**
 * One row of "how you did by theme" (mtlearn/hosts/classroom/assignment.py _theme_rows).
 * @typedef {object} ThemeRow
 * @property {string} theme @property {string} label @property {number} tries
 * @property {number} solved @property {number} rating
 */
/**
 * One student's line of the teacher's results (assignment.py rows()).
 * @typedef {object} TrainerResultRow
 * @property {string} name @property {number} done @property {number} solved
 * @property {number | null} rating @property {ThemeRow[]} themes
 */
/**
 * The results of an assignment, on now or ended (assignment.py results()).
 * @typedef {object} TrainerResults
 * @property {string} id @property {number} count @property {string} title
 * @property {TrainerResultRow[]} rows
 */
/**
 * The teacher state's `trainer` key (assignment.py teacher_info()): the themes to choose
 * from, the pool's rating range, the results of the assignment on and of the last ended.
 * @typedef {object} TrainerPanelInfo
 * @property {{id: string, label: string, count: number}[]} [themes]
 * @property {number[]} [ratings]
 * @property {number} [max_count]
 * @property {TrainerResults | null} on
 * @property {TrainerResults | null} ended
 */
/** @typedef {Omit<Assign, "token">} AssignAction an assignment, before the page adds its token */
/**
 * Ask before doing what takes something away (class-teacher.js confirmThen).
 * @typedef {(question: string, yes: string, run: () => void) => unknown} Confirm
 */

// A puzzle model whose answers go to the server's trainer for this student.
/** @param {Pick<ClassSocket, "send">} sock @param {TokenGetter} token @returns {ClassTrainerModel} */
export function classTrainerModel(sock, token) {
  // the other keys come with the server's "trainer" message (applyKeys)
  const initial = /** @type {PuzzleKeys & {trainer: ClassTrainerInfo | null}} */ ({ kind: "trainer", storage: "server",
    rules_url: "/rules.html", puzzle: null, view: null, feedback: null, solution: null, trainer: null });
  return mtlModel(initial, /** @param {ClassTrainerModel} _model @param {PuzzleSent} content */ (_model, content) => {
    if (!content || typeof content !== "object") return;
    // a trainer puzzle sends a protocol.d.ts TrainerIntent; the server checks it
    sock.send({ op: "trainer", token: token(), msg: /** @type {import("./protocol").TrainerIntent} */ (content) });
  });
}

// The last attempt in words (no replay words: within an assignment a puzzle is not given twice).
/** @param {TrainerResult | null | undefined} result @returns {string} */
export function classResultText(result) {
  if (!result || typeof result !== "object") return "";
  const score = Number(result.score);
  const what = score >= 1 ? "Solved first try: a win." :
    score > 0 ? "Solved after a hint: half a win." : "Missed: it counts as a loss.";
  return `${what} Your class rating is now ${result.rating} (${changeText(result.change)}).`;
}

/** @param {ThemeRow[] | undefined} rows @param {string} caption */
function themesNode(rows, caption) {
  const list = Array.isArray(rows) ? rows : [];
  if (!list.length) return null;
  return h("table", { class: "mtc-results mtc-trainer-themes" }, h("caption", { text: caption }),
    h("thead", null, h("tr", null, ...["Theme", "Tried", "Solved first try", "Level there"]
      .map((t) => h("th", { scope: "col", text: t })))),
    h("tbody", null, ...list.map((r) => h("tr", { "data-theme": String(r.theme) },
      h("th", { scope: "row", text: String(r.label) }), h("td", { text: String(r.tries) }),
      h("td", { text: String(r.solved) }), h("td", { text: String(r.rating) })))));
}

// The student's trainer view; returns a function that takes it away.
/** @param {ClassTrainerModel} model @param {HTMLElement} el @returns {() => void} */
export function renderClassTrainer(model, el) {
  const top = h("div", { class: "mtc-trainer-top" });
  const board = h("div", { class: "mtc-trainer-board" });
  const side = h("div", { class: "mtc-trainer-side" });
  append(el, [top, board, side]);
  /** @type {unknown} the serial of the puzzle on the board (a new one is mounted anew) */
  let serial = null;
  /** @type {(() => void) | null} takes the puzzle on the board away */
  let stopPuzzle = null;

  function mount() {
    const tr = model.get("trainer");
    const cur = tr && !tr.finished ? tr.current : null;
    if (!cur || !model.get("puzzle")) {
      if (stopPuzzle) { stopPuzzle(); stopPuzzle = null; board.replaceChildren(); }
      serial = null;
      return;
    }
    if (cur.serial === serial && stopPuzzle) return;
    serial = cur.serial;
    if (stopPuzzle) stopPuzzle();
    board.replaceChildren();
    stopPuzzle = renderPuzzle(model, board);
  }

  function draw() {
    const tr = model.get("trainer");
    if (!tr) { top.replaceChildren(); side.replaceChildren(); return; }
    const a = tr.assignment || {};
    const cur = tr.current || {};
    const rating = `Your class rating: ${tr.rating}${tr.provisional ? " (still settling)" : ""}`;
    const next = h("button", { type: "button", class: "mtl-btn mtl-btn-primary", "data-key": "trainer-next",
      text: "Next puzzle" });
    next.addEventListener("click", () => model.send({ action: "next" }));
    const where = tr.finished
      ? `You did the ${a.count} puzzles your teacher set: ${tr.solved} solved first try. Well done!`
      : `Puzzle ${cur.number} of ${a.count} (this puzzle is rated ${cur.rating}).`;
    top.replaceChildren();
    append(top, [
      h("p", { class: "mtc-trainer-what", text: `Your teacher set ${a.title || "trainer puzzles"}.` }),
      h("p", { class: "mtc-trainer-where", "data-finished": tr.finished ? "yes" : "no", role: "status", text: where }),
      h("p", { class: "mtc-trainer-rating", text: rating }),
      tr.result ? h("p", { class: "mtc-trainer-result", role: "status", text: classResultText(tr.result) }) : null,
      tr.recorded && !tr.finished ? h("div", { class: "mtl-controls" }, next) : null,
    ]);
    side.replaceChildren();
    append(side, [themesNode(/** @type {ThemeRow[]} */ (tr.themes), "How you did by theme in these puzzles")]);
  }

  const unlisten = listen(model, { trainer: () => { draw(); mount(); }, puzzle: mount });
  draw();
  mount();
  return () => { unlisten(); if (stopPuzzle) stopPuzzle(); el.replaceChildren(); };
}

// The teacher's panel: assign a theme or a rating band and a count, end the assignment,
// and the results per student and theme. Built once (what the teacher types stays while
// results come in); update(info) takes the teacher state's `trainer` key. `act` sends a
// teacher action; `confirmThen` asks before replacing or ending an assignment.
/**
 * @param {(msg: AssignAction) => void} act @param {Confirm} confirmThen
 * @returns {{node: HTMLElement, update: (info: TrainerPanelInfo | null | undefined) => void}}
 */
export function trainerPanel(act, confirmThen) {
  const node = h("section", { class: "mtc-trainer-teacher", "aria-label": "Trainer puzzles" });
  const by = h("select", { name: "trainer-by", "aria-label": "Assign by" },
    h("option", { value: "theme", text: "a theme" }), h("option", { value: "band", text: "a rating band" }));
  const theme = h("select", { name: "trainer-theme", "aria-label": "Theme" });
  const from = h("input", { type: "number", name: "trainer-low", value: "800", min: "0", max: "3500",
    step: "50", "aria-label": "Lowest rating", inputmode: "numeric" });
  const to = h("input", { type: "number", name: "trainer-high", value: "1200", min: "0", max: "3500",
    step: "50", "aria-label": "Highest rating", inputmode: "numeric" });
  const count = h("input", { type: "number", name: "trainer-count", value: "10", min: "1", max: "50",
    "aria-label": "Puzzles per student", inputmode: "numeric" });
  const band = h("span", { class: "mtc-trainer-band" }, "ratings ", from, " to ", to);
  const pickTheme = h("span", null, theme);
  const show = () => {
    const isBand = /** @type {HTMLSelectElement} */ (by).value === "band";
    band.hidden = !isBand;
    pickTheme.hidden = isBand;
  };
  by.addEventListener("change", show);
  show();
  const message = () => {
    // whole numbers as typed (the server refuses what is not one, and says why)
    /** @param {Element} input */
    const num = (input) => Number(/** @type {HTMLInputElement} */ (input).value);
    const n = num(count);
    /** @type {AssignAction} */
    const msg = { op: "assign", count: Number.isFinite(n) ? n : 0 };
    if (/** @type {HTMLSelectElement} */ (by).value === "band") msg.band = [num(from) | 0, num(to) | 0];
    else msg.theme = /** @type {HTMLSelectElement} */ (theme).value;
    return msg;
  };
  /** @type {TrainerResults | null} the assignment on, as the last update said */
  let on = null;
  const assign = h("button", { type: "button", class: "mtl-btn", "data-act": "assign", text: "Assign" });
  assign.addEventListener("click", () => (on
    ? confirmThen("Really replace the trainer puzzles? The results so far are kept in the class folder.",
      "Replace", () => act(message()))
    : act(message())));
  const stop = h("button", { type: "button", class: "mtl-btn", "data-act": "assign-end", text: "End the trainer puzzles" });
  stop.addEventListener("click", () => confirmThen("Really end the trainer puzzles? Their results are kept.",
    "End them", () => act({ op: "assign" })));
  const results = h("div", { class: "mtc-trainer-results-box" });
  append(node, [h("h2", { text: "Trainer puzzles" }),
    h("p", { text: "Each student gets their own puzzles, chosen near their level, from a theme or a rating band." }),
    h("div", { class: "mtl-controls mtc-trainer-form" }, "Assign ", by, " ", pickTheme, band, " ",
      h("label", null, "puzzles per student ", count), " ", assign, stop),
    results]);
  let themesShown = 0;
  /** @param {TrainerPanelInfo | null | undefined} info */
  function update(info) {
    if (!info) return;
    const themes = Array.isArray(info.themes) ? info.themes : [];
    if (themes.length !== themesShown) {  // the pool's themes: filled in once
      themesShown = themes.length;
      theme.replaceChildren(...themes.map((t) => h("option", { value: t.id, text: `${t.label} (${t.count} puzzles)` })));
      if (Array.isArray(info.ratings)) {
        /** @type {HTMLInputElement} */ (from).value = String(info.ratings[0]);
        /** @type {HTMLInputElement} */ (to).value = String(info.ratings[1]);
      }
    }
    on = info.on;
    assign.textContent = on ? "Assign these instead" : "Assign";
    stop.hidden = !on;
    const res = on || info.ended;
    const rows = res ? res.rows.map((r) => h("tr", { "data-student": String(r.name) },
      h("td", { text: String(r.name) }), h("td", { text: `${r.done} of ${res.count}` }),
      h("td", { text: String(r.solved) }), h("td", { text: r.rating === null ? "" : String(r.rating) }),
      h("td", { text: r.themes.map((t) => `${t.label}: ${t.solved}/${t.tries} (${t.rating})`).join("; ") }))) : [];
    results.replaceChildren();
    append(results, [
      res ? h("p", { text: `${on ? "On now" : "Ended"}: ${res.title}.` }) : h("p", { text: "No trainer puzzles assigned yet." }),
      res ? h("table", { class: "mtc-results mtc-trainer-results" },
        h("thead", null, h("tr", null, ...["Student", "Done", "Solved first try", "Class rating", "By theme: solved/tries (rating)"]
          .map((t) => h("th", { text: t })))),
        h("tbody", null, ...rows)) : null]);
  }
  return { node, update };
}
