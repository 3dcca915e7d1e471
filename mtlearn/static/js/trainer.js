// ---------------------------------------------------------------- the puzzle trainer
//
// The trainer's view: the puzzle (drawn by puzzle.js, the same board and answer widgets as
// every puzzle), and around it the learner's rating and its change, why this puzzle was
// chosen (a puzzle met before comes back: the host's notice says why and what happens
// next), the streaks, today's daily puzzle, the dashboard per theme (a table in words:
// each theme in the host's words, mtlearn.trainer.trainer.theme_label, a rule's id linked
// to the rules as the puzzle's card links it, dom.js ruleLink) and Export / Import of the
// progress.
//
// The host decides everything (mtlearn.trainer.trainer_session.TrainerSession: the kernel or the
// in-page engine); this file only draws the model's `trainer` key and sends intents:
// {action: "next"}, {action: "daily"}, {action: "import", text}. The puzzle's own
// intents (answer, move, show…) are sent by puzzle.js, and its hints as {action: "hint", n}.
//
// Model keys: those of a puzzle (puzzle, view, feedback, solution, storage, rules_url),
// trainer (mtlearn/core/protocol.py: TrainerInfo), trainer_error ({text, n}: the refusal
// of a trainer intent, set by the kernel widget or the page's host; a refused puzzle
// intent is shown by puzzle.js as its feedback). In a page (storage "local") the state is kept in
// localStorage under TRAINER_STORE after every change.

import { asArray } from "./view-data.js";
import { append, h, listen, ruleLink } from "./dom.js";
import { renderPuzzle } from "./puzzle.js";

/** @typedef {import("./protocol").TrainerInfo} TrainerInfo */
/** @typedef {import("./protocol").TrainerResult} TrainerResult */
/** @typedef {import("./protocol").TrainerStreak} TrainerStreak */
/** @typedef {import("./protocol").ThemeRow} ThemeRow */
/** @typedef {import("./protocol").TrainerIntent} TrainerIntent */
/** @typedef {import("./puzzle-state.js").TrainerModel} TrainerModel */
/** @typedef {import("./dom.js").Child} Child */

/**
 * What the trainer's buttons do (renderTrainer): ask for the next puzzle or today's, read
 * a progress file (its text), or say the file could not be read.
 * @typedef {Object} TrainerActions
 * @property {() => void} next
 * @property {() => void} daily
 * @property {(text: string) => void} importText
 * @property {() => void} importFailed
 */

export const TRAINER_STORE = "mtlearn.trainer";

// The saved trainer state of this browser (an object), or null; a damaged entry is null
// too (the host then starts afresh and keeps the damaged text aside).
/** @returns {Record<string, unknown> | null} */
export function loadTrainerState() {
  try {
    const raw = window.localStorage.getItem(TRAINER_STORE);
    const data = raw ? JSON.parse(raw) : null;
    return data && typeof data === "object" && !Array.isArray(data) ? data : null;
  } catch {
    return null;
  }
}

/** The saved trainer state of this browser as stored (text), or null: none, or storage off.
 * @returns {string | null} */
export function storedTrainerText() {
  try {
    return window.localStorage.getItem(TRAINER_STORE);
  } catch {
    return null;
  }
}

/** Keep the saved trainer state of this browser aside, unchanged, under a key of its own
 * (TRAINER_STORE + ".damaged." + the time, and "-2", "-3"… while that key is taken): a
 * copy kept earlier is never overwritten. Returns the key, or null when there was nothing
 * to keep or it could not be kept (storage disabled or full).
 * @param {Date} [when] @returns {string | null} */
export function keepDamagedState(when) {
  try {
    const store = window.localStorage;
    const text = storedTrainerText();
    if (text === null) return null;
    const base = `${TRAINER_STORE}.damaged.${(when || new Date()).toISOString()}`;
    let key = base;
    for (let n = 2; store.getItem(key) !== null; n += 1) key = `${base}-${n}`;
    store.setItem(key, text);
    return key;
  } catch {
    return null;
  }
}

/** Keep the trainer's state (TrainerInfo.state) in this browser.
 * @param {Record<string, unknown> | null | undefined} state */
export function saveTrainerState(state) {
  try {
    if (state) window.localStorage.setItem(TRAINER_STORE, JSON.stringify(state));
  } catch {
    // storage disabled (private window, file://): progress is simply not kept
  }
}

// A rating change in words: "+12", "−30" (a true minus sign), "no change".
/** @param {unknown} change @returns {string} */
export function changeText(change) {
  const n = Math.round(Number(change) || 0);
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return "no change";
}

// The last attempt in words: what it counted as, and when the puzzle comes back.
/** @param {TrainerResult | null | undefined} result @returns {string} */
export function resultText(result) {
  if (!result || typeof result !== "object") return "";
  const score = Number(result.score);
  const what = score >= 1 ? "Solved first try: a win." :
    score > 0 ? "Solved after a hint: half a win." :
    "Missed: it counts as a loss.";
  const back = result.replay ? ` You will see this puzzle again ${result.replay}.` : "";
  return `${what} Your rating is now ${result.rating} (${changeText(result.change)}).${back}`;
}

// Why this puzzle is on the board (a replay: the host's notice says why it came back, and
// what happens next). The learner's own puzzles (ids "own-…": mistakes of reviewed rounds,
// mtlearn.trainer.trainer_state add_own) are on the schedule from the moment they are saved.
/** @param {TrainerInfo | null | undefined} tr @returns {string} */
export function reasonText(tr) {
  const cur = /** @type {Partial<TrainerInfo["current"]>} */ ((tr && tr.current) || {});
  if (cur.reason === "replay" && String(cur.id || "").startsWith("own-")) {
    return "One of your own puzzles, on its schedule.";
  }
  if (cur.reason === "replay") return "A puzzle you met before, back on its schedule.";
  if (cur.reason === "daily") return `Today's puzzle (${tr.daily ? tr.daily.date : ""}): the same for everyone today.`;
  return `A new puzzle near your rating (this puzzle is rated ${cur.rating}).`;
}

// The streaks as the trainer counts them (mtlearn.trainer.trainer: Trainer.streak).
/** @param {TrainerStreak | null | undefined} st @returns {string} */
export function streakText(st) {
  const s = /** @type {Partial<TrainerStreak>} */ (st || {});
  return `Solved first try in a row (no hints): ${s.run | 0} (best ${s.best_run | 0}). ` +
    `Days in a row with a puzzle solved (hints allowed): ${s.days | 0} (best ${s.best_days | 0}).`;
}

// A theme in the host's words; a rule's theme (the words end "(R-…)") reads as its words
// without the id, linked to the rules as the puzzle's card links it.
/** @param {ThemeRow} row @param {string | null | undefined} rulesUrl @returns {Child[]} */
export function themeWords(row, rulesUrl) {
  const label = String(row.label);
  const id = String(row.theme);
  const tail = ` (${id})`;
  if (!/^R-[A-Z0-9-]+$/.test(id) || !label.endsWith(tail)) return [label];
  return [ruleLink(rulesUrl, id, null, label.slice(0, -tail.length))];
}

// The dashboard: one row per theme, weakest first, every cell in words or numbers.
/** @param {ThemeRow[] | null | undefined} rows @param {string | null} [rulesUrl]
 * @returns {HTMLElement} */
export function dashboardNode(rows, rulesUrl) {
  const list = /** @type {ThemeRow[]} */ (asArray(rows));
  if (!list.length) {
    return h("p", { class: "mtl-tr-empty", text: "No puzzle tried yet: this table fills in as you go." });
  }
  const head = h("tr", {}, ...["Theme", "Tried", "Solved first try", "Your level there", "How it goes"]
    .map((t) => h("th", { scope: "col", text: t })));
  const body = list.map((r) => h("tr", { "data-theme": String(r.theme), "data-standing": String(r.standing) },
    h("th", { scope: "row" }, ...themeWords(r, rulesUrl)),
    h("td", { text: String(r.tries) }),
    h("td", { text: String(r.solved) }),
    h("td", { text: String(r.performance) }),
    h("td", { class: "mtl-tr-standing", text: String(r.standing) })));
  return h("table", { class: "mtl-tr-dashboard" },
    h("caption", { text: "How you do by theme (the themes you miss most come first)" }),
    h("thead", {}, head), h("tbody", {}, ...body));
}

/** Export: the trainer's state as a file to download.
 * @param {TrainerInfo} tr @returns {HTMLElement} */
function exportLink(tr) {
  const text = JSON.stringify(tr.state || {}, null, 1);
  return h("a", { class: "mtl-btn", "data-key": "tr-export", download: "mtlearn-trainer.json",
    href: "data:application/json;charset=utf-8," + encodeURIComponent(text),
    text: "Export my progress (a file)" });
}

/** Import: a file chosen is read and its text sent to the host.
 * @param {TrainerActions} act @returns {HTMLElement} */
function importControl(act) {
  const input = h("input", { type: "file", accept: ".json,application/json", "data-key": "tr-import",
    class: "mtl-tr-file" });
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    if (!file) return;
    file.text().then((text) => act.importText(text), () => act.importFailed());
    input.value = "";
  });
  return h("label", { class: "mtl-tr-import" }, "Import progress from a file: ", input);
}

/** The trainer's head: the rating and its change, the streaks, why this puzzle, what
 * happened last, an error, Next puzzle and Today's puzzle. `next` is the Next button
 * (the focus goes there once an attempt is recorded).
 * @param {TrainerInfo} tr @param {string} error @param {TrainerActions} act
 * @returns {{nodes: Child[], next: HTMLButtonElement}} */
export function trainerHead(tr, error, act) {
  const result = tr.result;
  const rating = h("p", { class: "mtl-tr-rating", "aria-live": "polite" },
    h("strong", { text: `Your rating: ${tr.rating}` }),
    result ? ` (${changeText(result.change)} after the last puzzle)` : "",
    tr.provisional ? ` — still settling after ${tr.games} puzzle${tr.games === 1 ? "" : "s"}` : "");
  const next = h("button", { type: "button", class: "mtl-btn mtl-tr-next", "data-key": "tr-next",
    text: result ? "Next puzzle" : "Skip to another puzzle" });
  next.addEventListener("click", act.next);
  const daily = /** @type {Partial<TrainerInfo["daily"]>} */ (tr.daily || {});
  const isDaily = tr.current && tr.current.reason === "daily";
  const dailyBtn = h("button", { type: "button", class: "mtl-btn", "data-key": "tr-daily",
    text: daily.done ? `Today's puzzle: done (${daily.title})` : `Today's puzzle: ${daily.title}` });
  dailyBtn.disabled = Boolean(isDaily || daily.done);
  dailyBtn.addEventListener("click", act.daily);
  const notice = tr.notice || "";
  const nodes = [
    rating,
    h("p", { class: "mtl-tr-streak", text: streakText(tr.streak) }),
    h("p", { class: "mtl-tr-why", "data-reason": String((tr.current || {}).reason || ""), text: reasonText(tr) }),
    notice ? h("p", { class: "mtl-tr-notice", role: "status", text: String(notice) }) : null,
    result ? h("p", { class: "mtl-tr-result", role: "status", text: resultText(result) }) : null,
    error ? h("p", { class: "mtl-tr-error", role: "alert", text: error }) : null,
    h("div", { class: "mtl-controls" }, next, dailyBtn),
  ];
  return { nodes, next };
}

/** The trainer's side: the dashboard, the puzzles due to come back, Export and Import.
 * @param {TrainerInfo} tr @param {TrainerActions} act @param {string | null} [rulesUrl]
 * @returns {Child[]} */
export function trainerSide(tr, act, rulesUrl) {
  return [
    h("h4", { class: "mtl-tr-h", text: "Your themes" }),
    dashboardNode(tr.dashboard, rulesUrl),
    h("p", { class: "mtl-tr-due", text: tr.due ? `${tr.due} puzzle${tr.due === 1 ? " is" : "s are"} due to come back.` :
      "No puzzle is due to come back now." }),
    h("div", { class: "mtl-controls mtl-tr-files" }, exportLink(tr), importControl(act)),
  ];
}

/** Draw the trainer of `model` in `el`; returns the function that takes it away.
 * @param {TrainerModel} model @param {HTMLElement} el @returns {() => void} */
export function renderTrainer(model, el) {
  const root = h("div", { class: "mtl-root mtl-trainer", role: "region", "aria-label": "Puzzle trainer" });
  el.appendChild(root);
  const top = h("div", { class: "mtl-tr-top" });
  const board = h("div", { class: "mtl-tr-board" });
  const side = h("div", { class: "mtl-tr-side" });
  append(root, [top, board, side]);
  let error = "";
  /** @type {(() => void) | null} */
  let stopPuzzle = null;
  /** @type {number | null} */
  let serial = null;
  let focusNext = false;
  /** @type {TrainerResult | null} */
  let lastResult = null;
  let focusWasInside = false;   // before the last redraw (the control pressed may be gone)

  /** @param {TrainerIntent} content an intent (protocol.d.ts) */
  const send = (content) => { error = ""; model.send(content); };
  /** @type {TrainerActions} */
  const act = {
    next: () => { focusNext = false; send({ action: "next" }); },
    daily: () => send({ action: "daily" }),
    importText: (text) => send({ action: "import", text }),
    importFailed: () => { error = "That file could not be read."; draw(); },
  };

  // The puzzle's board: mounted afresh for every attempt (a replay of the same puzzle too).
  function mountPuzzle() {
    const tr = model.get("trainer");
    const cur = tr && tr.current;
    if (!cur || !model.get("puzzle")) return;
    if (cur.serial === serial && stopPuzzle) return;
    const fresh = serial !== null;   // a new attempt the learner asked for (not the first)
    serial = cur.serial;
    if (stopPuzzle) stopPuzzle();
    board.replaceChildren();
    stopPuzzle = renderPuzzle(model, board);
    // the keyboard goes on from the new puzzle's question (the button pressed is gone)
    const q = fresh ? /** @type {HTMLElement | null} */ (board.querySelector(".mtl-pz-question")) : null;
    const a = document.activeElement;
    if (q && (focusWasInside || !a || a === document.body || root.contains(a))) q.focus();
  }

  function draw() {
    const tr = model.get("trainer");
    if (!tr) {
      const waiting = model.get("trainer_wait");
      top.replaceChildren(h("p", { class: "mtl-tr-wait", role: "status",
        text: String(waiting || "The trainer is starting…") }));
      side.replaceChildren();
      return;
    }
    const head = trainerHead(tr, error, act);
    top.replaceChildren();
    append(top, head.nodes);
    side.replaceChildren();
    append(side, trainerSide(tr, act, model.get("rules_url")));
    if (focusNext && tr.result) {
      focusNext = false;
      head.next.focus();
    }
  }

  const onTrainer = () => {
    const tr = model.get("trainer");
    focusWasInside = root.contains(document.activeElement);
    if (tr && tr.state && model.get("storage") === "local") saveTrainerState(tr.state);
    // once an attempt is recorded the next useful control is "Next puzzle"
    if (tr && tr.result && !lastResult) focusNext = true;
    lastResult = tr ? tr.result : null;
    draw();
    mountPuzzle();
    focusWasInside = false;
  };
  const onError = () => {
    const e = model.get("trainer_error");
    error = e && e.text ? String(e.text) : "";
    draw();
  };
  const unlisten = listen(model, { trainer: onTrainer, trainer_error: onError, trainer_wait: draw,
    puzzle: mountPuzzle });
  draw();
  mountPuzzle();
  return () => {
    unlisten();
    if (stopPuzzle) stopPuzzle();
    root.remove();
  };
}
