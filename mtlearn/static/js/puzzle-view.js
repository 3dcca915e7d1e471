// The puzzle's view functions: each draws one part of a puzzle from the model and
// the controller's attempt (puzzle-state.js: Attempt), and wires its buttons to the
// controller's actions `act` (PuzzleActions, made by renderPuzzle in puzzle.js). They keep
// no state of their own, so every draw is a fresh picture.

import { widgetFor } from "./answer-widgets.js";
import { asArray } from "./view-data.js";
import { append, h, ruleLink, withRuleLinks } from "./dom.js";
import { cleanRecord, localRecord } from "./puzzle-store.js";
import { MAX_STARS, starText } from "./stars.js";
import { headingBase } from "./keys.js";
import { viewSection } from "./view-parts.js";

/** @typedef {import("./protocol").PuzzleInfo} PuzzleInfo */
/** @typedef {import("./protocol").Train} Train */
/** @typedef {import("./puzzle-state.js").Attempt} Attempt */
/** @typedef {import("./puzzle-state.js").PuzzleModel} PuzzleModel */
/** @typedef {import("./puzzle-state.js").PuzzleRecord} PuzzleRecord */
/** @typedef {import("./puzzle-state.js").SetItem} SetItem */
/** @typedef {import("./puzzle-state.js").WidgetForm} WidgetForm */
/** @typedef {import("./answer-widgets.js").AnswerWidget} AnswerWidget */
/** @typedef {import("./dom.js").Child} Child */

/**
 * The controller's actions, for the view's buttons and the answer widgets: each tells
 * the controller (puzzle.js) an event, which it steps (puzzle-state.js) and redraws.
 * @typedef {Object} PuzzleActions
 * @property {(value: unknown) => void} answer     a whole answer
 * @property {(move: string) => void} pickMove     a move: Draw, Pass, End turn (board widgets)
 * @property {(form: WidgetForm, redraw?: boolean) => void} form  the answer widget's new state
 * @property {(text: string) => void} note         a line under the answer form
 * @property {(n: number) => void} hint            open hint n
 * @property {() => void} showAnswer
 * @property {() => void} tryAgain                 after a wrong whole turn
 * @property {() => void} restart                  Start again
 * @property {() => void} resetProgress
 * @property {(index: number) => void} go          puzzle `index` of the set
 * @property {() => void} goNextOnPage             to the next puzzle on the page
 * @property {() => PuzzleRecord | null} record    the learner's record of this puzzle
 * @property {() => Attempt} current               the attempt now (a field read when checked)
 */

/**
 * Makes a button of the answer form, closed once the puzzle is done.
 * @typedef {(key: string, label: string, onClick: () => void, attrs?: Record<string, string>) => HTMLButtonElement} ButtonMaker
 */

/**
 * The board's side of a draw, kept by the controller from one draw to the next.
 * @typedef {Object} PuzzleBoard
 * @property {(tile: string) => void} onTile    a hand tile clicked
 * @property {(train: Train) => void} onTrain   a train clicked
 * @property {{open: boolean}} words            the position in words is open
 * @property {() => boolean} nextOnPage         another puzzle follows this one on the page
 */

/** The whole puzzle, drawn afresh in `root`: the set, the title, the question, the answer
 * form, the verdict, the hints, the board and the learner's progress.
 * @param {HTMLElement} root @param {PuzzleModel} model @param {Attempt} attempt
 * @param {PuzzleActions} act @param {PuzzleBoard} board */
export function drawPuzzle(root, model, attempt, act, board) {
  const p = puzzleInfo(model);
  const w = puzzleWidget(model);
  root.replaceChildren();
  root.setAttribute("aria-label", `Puzzle: ${p.title || ""}`);
  root.setAttribute("data-puzzle", String(p.id || ""));
  const view = attempt.shownFrame || model.get("view");
  const interactive = w.board && !attempt.done && !attempt.needRetry && !(view && view.over);
  append(root, [
    setNode(model, attempt, act),
    headNode(model),
    // focusable (not a tab stop): the focus is put here when a puzzle of a set opens
    h("p", { class: "mtl-pz-question", tabindex: "-1", "data-key": "question", text: String(p.question || "") }),
    answerNode(model, attempt, act),
    h("p", { class: "mtl-note", "aria-live": "polite", text: attempt.note }),
    feedbackNode(model, attempt),
    nextOnPageNode(model, attempt, act, board.nextOnPage),
    hintsNode(model, attempt, act),
    viewSection(view, { interactive, selected: attempt.selected, showLegal: false, onTile: board.onTile,
      onTrain: board.onTrain, words: board.words, rove: attempt.rove, headLevel: headingBase(root) }),
    progressNode(model, act),
  ]);
}

/** A solved lone puzzle with another one below it on the page: a button to go there.
 * @param {PuzzleModel} model @param {Attempt} attempt @param {PuzzleActions} act
 * @param {() => boolean} nextOnPage @returns {HTMLElement | null} */
export function nextOnPageNode(model, attempt, act, nextOnPage) {
  if (attempt.done !== "solved" || asArray(model.get("set")).length || !nextOnPage()) return null;
  const b = h("button", { type: "button", class: "mtl-btn", "data-key": "next-on-page", text: "Next puzzle on this page ▼" });
  b.addEventListener("click", act.goNextOnPage);
  return h("div", { class: "mtl-controls" }, b);
}

/** The puzzle's info (question, kind, widget, hints, par, stars…).
 * @param {PuzzleModel} model @returns {Partial<PuzzleInfo>} */
export function puzzleInfo(model) {
  return model.get("puzzle") || {};
}

/** The puzzle's answer widget (answer-widgets.js), chosen by the id the puzzle names.
 * @param {PuzzleModel} model @returns {AnswerWidget} */
export function puzzleWidget(model) {
  return widgetFor(puzzleInfo(model));
}

/** The verdict on the last answer (or the answer shown), with the stars of a solve.
 * @param {PuzzleModel} model @param {Attempt} attempt @returns {HTMLElement} */
export function feedbackNode(model, attempt) {
  // focusable (not a tab stop): the focus is put on the verdict when nothing follows it
  const box = h("div", { class: "mtl-message mtl-pz-feedback", "aria-live": "polite", "aria-atomic": "true",
    tabindex: "-1", "data-key": "feedback" });
  const fb = attempt.lastFeedback;
  if (attempt.done === "shown") {
    const sol = model.get("solution");
    box.classList.add("mtl-msg-info");
    box.appendChild(h("p", null, h("strong", { text: "The answer: " }),
      sol && sol.text ? String(sol.text) : "…"));
    box.appendChild(h("p", { class: "mtl-pz-after", text: "No stars this time: try it again later with the board reset." }));
    return box;
  }
  if (!fb || !fb.text) return box;
  const st = String(fb.status || "info");
  const cls = st === "right" ? "ok" : st === "illegal" || st === "wrong" ? "refusal" : "info";
  box.classList.add(`mtl-msg-${cls}`);
  box.setAttribute("data-status", st);
  const prefix = { right: "✓ Right! ", wrong: "✗ Not quite: ", illegal: "✗ Not allowed: ",
    continue: "… ", invalid: "? " }[st] || "";
  const rulesUrl = model.get("rules_url") || "";
  box.appendChild(h("p", null, h("strong", { text: prefix }), withRuleLinks(String(fb.text), rulesUrl)));
  if (st === "right") {
    const slipWord = `${attempt.slips} slip${attempt.slips === 1 ? "" : "s"}`;
    const hintWord = `${attempt.hintsUsed} hint${attempt.hintsUsed === 1 ? "" : "s"}`;
    box.appendChild(h("p", { class: "mtl-pz-earned" },
      h("span", { class: "mtl-stars", "aria-label": `${attempt.earned} of 3 stars`, text: starText(attempt.earned) }),
      ` Solved with ${slipWord} and ${hintWord}.`));
  } else if (st === "wrong" || st === "illegal") {
    box.appendChild(h("p", { class: "mtl-pz-after", text: "Try again, or take a hint." }));
  }
  return box;
}

/** The hints, opened one by one, and Show the answer.
 * @param {PuzzleModel} model @param {Attempt} attempt @param {PuzzleActions} act @returns {HTMLElement} */
export function hintsNode(model, attempt, act) {
  const hints = asArray(puzzleInfo(model).hints);
  const rulesUrl = model.get("rules_url") || "";
  const box = h("div", { class: "mtl-pz-hints" });
  const row = h("div", { class: "mtl-controls", role: "group", "aria-label": "Hints" });
  const b1 = h("button", { type: "button", class: "mtl-btn", "data-key": "hint1",
    text: attempt.hintsUsed >= 1 ? "Hint 1 shown" : "Hint 1: the rule" });
  if (attempt.hintsUsed >= 1 || attempt.done) b1.disabled = true;
  b1.addEventListener("click", () => act.hint(1));
  const b2 = h("button", { type: "button", class: "mtl-btn", "data-key": "hint2",
    text: attempt.hintsUsed >= 2 ? "Hint 2 shown" : "Hint 2: where to look" });
  if (attempt.hintsUsed !== 1 || attempt.done) b2.disabled = true;
  b2.addEventListener("click", () => act.hint(2));
  const b3 = h("button", { type: "button", class: "mtl-btn", "data-key": "show", text: "Show the answer" });
  if (attempt.hintsUsed < 2 || attempt.done) b3.disabled = true;
  b3.addEventListener("click", act.showAnswer);
  append(row, [b1, b2, b3]);
  box.appendChild(row);
  const shown = hints.slice(0, Math.min(attempt.hintsUsed, hints.length));
  if (shown.length) {
    const ol = h("ol", { class: "mtl-pz-hintlist", "aria-live": "polite" });
    shown.forEach((t, i) => ol.appendChild(h("li", { "data-hint": String(i + 1) },
      h("strong", { text: i === 0 ? "The rule: " : "Where to look: " }), withRuleLinks(t, rulesUrl))));
    box.appendChild(ol);
  }
  return box;
}

// The answer form: the puzzle's answer widget (answer-widgets.js), or "Try again" after
// a whole turn that ended wrong.
/** @param {PuzzleModel} model @param {Attempt} attempt @param {PuzzleActions} act @returns {HTMLElement} */
export function answerNode(model, attempt, act) {
  const box = h("div", { class: "mtl-pz-answer" });
  /** @type {ButtonMaker} */
  const btn = (key, label, fn, extra) => {
    const b = h("button", Object.assign({ type: "button", class: "mtl-btn", "data-key": key, text: label }, extra || {}));
    if (attempt.done) b.disabled = true;
    b.addEventListener("click", fn);
    return b;
  };
  if (attempt.needRetry && !attempt.done) {
    box.appendChild(btn("retry", "Try again from the start", act.tryAgain));
    return box;
  }
  append(box, puzzleWidget(model).node(model, attempt, act, btn));
  return box;
}

// A set of puzzles (PuzzleSet): one at a time, with the learner's stars in the list.
/** @param {PuzzleModel} model @param {Attempt} attempt @param {PuzzleActions} act @returns {HTMLElement | null} */
export function setNode(model, attempt, act) {
  const items = /** @type {SetItem[]} */ (asArray(model.get("set")));
  if (!items.length) return null;
  const i = Math.max(0, Math.min(items.length - 1, model.get("index") | 0));
  const kept = model.get("set_progress") || {};
  /** @param {string} id @returns {PuzzleRecord | null} */
  const rec = (id) => (model.get("storage") === "local" ? localRecord(id) : cleanRecord(kept[id])) || null;
  const select = h("select", { class: "mtl-pz-select", "aria-label": "Choose a puzzle of this set", "data-key": "set-select" });
  items.forEach((it, j) => {
    const r = rec(String(it.id));
    const mark = r && r.solved ? " " + starText(r.stars | 0) : "";
    const opt = h("option", { value: String(j), "data-puzzle": String(it.id),
      text: `${j + 1}. ${it.title} (level ${it.level})${mark}` });
    if (j === i) opt.selected = true;
    select.appendChild(opt);
  });
  select.addEventListener("change", () => act.go(parseInt(select.value, 10)));
  const prev = h("button", { type: "button", class: "mtl-btn", "data-key": "set-prev", text: "◀ Previous" });
  if (i === 0) prev.disabled = true;
  prev.addEventListener("click", () => act.go(i - 1));
  const next = h("button", { type: "button", class: "mtl-btn", "data-key": "set-next",
    text: attempt.done === "solved" ? "Next puzzle ▶" : "Next ▶" });
  if (i >= items.length - 1) next.disabled = true;
  next.addEventListener("click", () => act.go(i + 1));
  const solved = items.filter((it) => { const r = rec(String(it.id)); return r && r.solved; }).length;
  return h("div", { class: "mtl-controls mtl-pz-set", role: "group", "aria-label": "Puzzles of this set" },
    h("span", { class: "mtl-pz-settitle", text: String(model.get("set_title") || "Puzzles") }),
    prev, select, next,
    h("span", { class: "mtl-pz-setcount", text: `${solved} of ${items.length} solved` }));
}

/** The best stars kept, the par, Start again and Reset progress.
 * @param {PuzzleModel} model @param {PuzzleActions} act @returns {HTMLElement} */
export function progressNode(model, act) {
  const rec = act.record();
  const p = puzzleInfo(model);
  const par = p.par | 0;
  const text = rec && rec.solved
    ? `Best: ${starText(rec.stars | 0)} (${rec.stars | 0} of 3 stars)`
    : rec && rec.shown ? "Answer seen: not solved yet" : "Not solved yet";
  const reset = h("button", { type: "button", class: "mtl-btn mtl-pz-reset", "data-key": "reset", text: "Reset progress" });
  reset.addEventListener("click", act.resetProgress);
  const again = h("button", { type: "button", class: "mtl-btn", "data-key": "again", text: "Start again" });
  again.addEventListener("click", act.restart);
  return h("div", { class: "mtl-pz-progress" },
    h("span", { class: "mtl-pz-best", "data-solved": rec && rec.solved ? "true" : "false", text }),
    h("span", { class: "mtl-pz-par", text: par ? `Par: ${par} slip${par === 1 ? "" : "s"} for ${starText(MAX_STARS)}`
      : `Par: no slips or hints for ${starText(MAX_STARS)}` }),
    again, reset);
}

// The title (unless the page shows it as its heading: page_title), the set, the level
// and the rules the puzzle teaches.
/** @param {PuzzleModel} model @returns {HTMLElement} */
export function headNode(model) {
  const p = puzzleInfo(model);
  const teaches = asArray(p.teaches);
  const rulesUrl = model.get("rules_url") || "";
  return h("div", { class: "mtl-pz-head" },
    model.get("page_title") ? null : h("div", { class: "mtl-title", text: String(p.title || "Puzzle") }),
    h("span", { class: "mtl-pz-meta" },
      `${p.family_title || p.family || ""} · level ${p.level || 1} of 5 · teaches: `,
      teaches.map((r, i) => [i ? "; " : "", ruleLink(rulesUrl, r)])));
}
