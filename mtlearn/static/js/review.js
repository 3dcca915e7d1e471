// The review of a round (issue 41), drawn under the end-of-round panel: "Review my round"
// asks the host (the kernel or the in-page engine: mtlearn.hosts.session_review) to score
// the learner's decisions; the answer's `review` (model key "review") holds the mistakes,
// each with the position before it, shown here one by one with its words (what happened,
// the better move, why) and "Find a better move": a legal move tried there is judged by
// the engine against the review's own values. "Save as a puzzle" asks the host to make the
// mistake the learner's own puzzle (checked there by the claims checker); a page keeps the
// record it answers with for the trainer (trainer.js keepOwnPuzzle), and a refusal is said
// in the host's words. Nothing is computed here: the engine judges.

import { asArray } from "./view-data.js";
import { h } from "./dom.js";
import { viewSection } from "./view-parts.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").ReviewView} ReviewView */
/** @typedef {import("./protocol").MistakeView} MistakeView */
/** @typedef {import("./protocol").BoardIntent} BoardIntent */
/**
 * What the review panel keeps across draws: the mistake shown, the answers revealed, and
 * whether the review was asked for (it is on its way), and the review "Look further" was
 * asked of (until the new one comes).
 * @typedef {{index: number, shown: Record<number, boolean>, asked: boolean,
 *   kept: Record<string, boolean>, further: ReviewView | null}} ReviewUi
 */

/** A fresh panel state. @returns {ReviewUi} */
export function reviewUi() {
  return { index: 0, shown: {}, asked: false, kept: {}, further: null };
}

/** @param {string} key @param {string} text @param {() => void} run @param {string} [cls]
 * @returns {HTMLButtonElement} */
function button(key, text, run, cls) {
  const b = h("button", { type: "button", class: cls || "mtl-btn", "data-key": key, text });
  b.addEventListener("click", () => run());
  return b;
}

// The mistake's position as the learner saw it; the better move is marked only once the
// answer is shown (before, it would give the retry away).
/** @param {MistakeView} m @param {boolean} shown @returns {HTMLElement} */
function positionNode(m, shown) {
  const board = /** @type {View} */ (/** @type {unknown} */ (m.view));
  const view = shown ? board : Object.assign({}, board, { highlights: { tiles: [], trains: [] } });
  return viewSection(view, { interactive: false, selected: null, showLegal: false, words: { open: false } });
}

// "Find a better move": every legal move of the position, each a button the engine judges.
/** @param {MistakeView} m @param {number} index @param {(intent: BoardIntent) => void} send
 * @returns {HTMLDivElement} */
function retryNode(m, index, send) {
  const board = /** @type {View} */ (/** @type {unknown} */ (m.view));
  const list = h("ul", { class: "mtl-legal-list" });
  for (const lm of asArray(board.legal)) {
    const move = String(lm.move);
    list.appendChild(h("li", null, button(`review-try:${move}`, String(lm.text || move),
      () => send({ action: "review_try", mistake: index, move }), "mtl-legal-move")));
  }
  const tried = m.tried;
  return h("div", { class: "mtl-review-retry" },
    h("p", { class: "mtl-h", text: "Find a better move: try one of your legal moves here." }),
    list,
    tried ? h("p", { class: `mtl-review-tried mtl-review-${tried.verdict}`, role: "status",
      "data-verdict": tried.verdict, text: String(tried.text) }) : null);
}

// "Save as a puzzle", then what became of it (saved, or why not); a saved record is handed
// to `keep` once (the page keeps it for its trainer).
/** @param {MistakeView} m @param {number} index @param {(intent: BoardIntent) => void} send
 * @param {ReviewUi} ui @param {((record: Record<string, unknown>) => void) | undefined} keep
 * @returns {HTMLElement} */
function saveNode(m, index, send, ui, keep) {
  const saved = m.saved;
  if (!saved) {
    return h("div", { class: "mtl-review-save" }, button("review-save", "Save as a puzzle",
      () => send({ action: "review_save", mistake: index })));
  }
  const record = saved.puzzle;
  const id = record ? String(record.id) : "";
  if (saved.ok && record && keep && !ui.kept[id]) {
    ui.kept[id] = true;
    keep(record);
  }
  return h("div", { class: "mtl-review-save" }, h("p", { class: `mtl-review-saved${saved.ok ? "" : " mtl-review-refused"}`,
    role: "status", "data-saved": saved.ok ? "yes" : "no", text: String(saved.text) }));
}

/** One mistake: its words, its position, the retry and (once shown) the better move and why.
 * @param {ReviewView} review @param {ReviewUi} ui @param {(intent: BoardIntent) => void} send
 * @param {() => void} redraw @param {(record: Record<string, unknown>) => void} [keep]
 * @returns {HTMLElement} */
function mistakeNode(review, ui, send, redraw, keep) {
  const mistakes = asArray(review.mistakes);
  const i = Math.max(0, Math.min(mistakes.length - 1, ui.index | 0));
  ui.index = i;
  const m = mistakes[i];
  const shown = !!ui.shown[i] || (!!m.tried && m.tried.verdict === "best");
  const nav = h("div", { class: "mtl-controls" },
    button("review-prev", "◀ Previous", () => { ui.index = i - 1; redraw(); }),
    h("span", { class: "mtl-review-count", text: `Mistake ${i + 1} of ${mistakes.length}` }),
    button("review-next", "Next ▶", () => { ui.index = i + 1; redraw(); }));
  const [prev, , next] = /** @type {HTMLButtonElement[]} */ (Array.from(nav.children));
  prev.disabled = i === 0;
  next.disabled = i === mistakes.length - 1;
  const answer = shown
    ? h("div", { class: "mtl-review-answer" },
      h("p", { class: "mtl-review-better" }, h("strong", { text: String(m.better_text) })),
      h("p", { class: "mtl-review-why", text: String(m.why) }))
    : button("review-show", "Show the better move", () => { ui.shown[i] = true; redraw(); });
  return h("div", { class: "mtl-review-mistake", "data-turn": String(m.turn) }, nav,
    h("p", { class: "mtl-review-what", text: String(m.what) }),
    positionNode(m, shown), retryNode(m, i, send), answer, saveNode(m, i, send, ui, keep));
}

// "Look further": offered when the review left choices unsettled and the host can do more
// work; while the host works, a wait in its place. The host's answer replaces the review.
/** @param {ReviewView} review @param {(intent: BoardIntent) => void} send @param {ReviewUi} ui
 * @param {() => void} redraw @returns {HTMLElement | null} */
function furtherNode(review, send, ui, redraw) {
  if (ui.further && ui.further !== review) {
    ui.further = null;   // the answer came: a new review
    ui.index = 0;
    ui.shown = {};
  }
  if (ui.further === review) {
    return h("p", { class: "mtl-review-wait", role: "status" },
      h("span", { class: "mtl-busy", "aria-hidden": "true" }),
      " Looking further: the expert weighs the unsettled choices on more deals…");
  }
  if (!review.further) return null;
  return h("div", { class: "mtl-review-further" },
    button("review-further", "Look further", () => {
      ui.further = review;
      send({ action: "review", further: true });
      redraw();
    }),
    h("span", { text: ` weighs ${review.unsettled === 1 ? "it" : "them"} on more deals, which takes longer.` }));
}

/**
 * The review panel once a round is over: the button that asks for it, the wait, then the
 * summary and the mistakes one by one (null while a round is played).
 * @param {View | null | undefined} view @param {ReviewView | null | undefined} review
 * @param {(intent: BoardIntent) => void} send @param {ReviewUi} ui @param {() => void} redraw
 * @param {(record: Record<string, unknown>) => void} [keep] keeps a saved puzzle (a page)
 * @returns {HTMLElement | null}
 */
export function reviewSection(view, review, send, ui, redraw, keep) {
  const match = view && view.match;
  if (!match || !match.round_over) {
    ui.asked = false;
    return null;
  }
  const box = h("section", { class: "mtl-review", "aria-label": "Review of your round" },
    h("h4", { class: "mtl-h", text: "Review your round" }));
  if (!review) {
    if (ui.asked) {
      box.appendChild(h("p", { class: "mtl-review-wait", role: "status" },
        h("span", { class: "mtl-busy", "aria-hidden": "true" }),
        " Reviewing your round: the expert weighs each of your decisions…"));
    } else {
      box.appendChild(h("p", { text: "The expert weighs each decision you made this round " +
        "over deals of the tiles you could not see, and shows the ones that cost points." }));
      box.appendChild(button("review", "Review my round", () => {
        ui.asked = true;
        ui.index = 0;
        ui.shown = {};
        send({ action: "review" });
        redraw();
      }, "mtl-btn mtl-btn-primary"));
    }
    return box;
  }
  box.appendChild(h("p", { class: "mtl-review-summary", text: String(review.summary) }));
  const further = furtherNode(review, send, ui, redraw);
  if (further) box.appendChild(further);
  if (asArray(review.mistakes).length) box.appendChild(mistakeNode(review, ui, send, redraw, keep));
  return box;
}
