// Checked "Try it" steps on a board: the checklist and what is announced when a tick
// comes or goes. Which steps are done, and the stars, are decided by the engine
// (mtlearn.content.steps) and sent in the view as `steps`:
//   { items: [{ id, text, done }], done, total, slips, stars (null until all are done) }
// This file only draws them and words the change between two views.

import { asArray } from "./view-data.js";
import { h } from "./dom.js";
import { starText } from "./stars.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").StepItem} StepItem */

// The view's steps, or null when the board has none (or they are malformed).
/** @param {View | null | undefined} view @returns {{items: StepItem[], stars: number | null} | null} */
function stepsOf(view) {
  const steps = view && view.steps;
  if (!steps || typeof steps !== "object") return null;
  const items = asArray(steps.items).filter((x) => x && typeof x === "object");
  return items.length ? { items, stars: steps.stars } : null;
}

/** How many steps are done.
 * @param {StepItem[]} items @returns {number} */
function doneCount(items) {
  return items.filter((x) => x.done === true).length;
}

// "2 of 4 steps done" (or "All 4 steps done: ★★★, 3 stars").
/** @param {View | null | undefined} view @returns {string} */
export function stepsSummary(view) {
  const steps = stepsOf(view);
  if (!steps) return "";
  const n = steps.items.length;
  const k = doneCount(steps.items);
  if (k === n && Number.isInteger(steps.stars)) {
    return `All ${n} steps done: ${steps.stars} ${steps.stars === 1 ? "star" : "stars"}.`;
  }
  return `${k} of ${n} ${n === 1 ? "step" : "steps"} done.`;
}

// The checklist, or null when the view has no steps. Each step says in words whether it
// is done (the tick is drawn for the eye and hidden from screen readers).
/** @param {View | null | undefined} view @returns {HTMLElement | null} */
export function stepsSection(view) {
  const steps = stepsOf(view);
  if (!steps) return null;
  const list = h("ol", { class: "mtl-steps-list" });
  steps.items.forEach((item, i) => {
    const done = item.done === true;
    list.appendChild(h("li", { class: done ? "mtl-steps-item mtl-steps-done" : "mtl-steps-item", "data-step": String(item.id || i) },
      h("span", { class: "mtl-steps-tick", "aria-hidden": "true", text: done ? "✓" : String(i + 1) }),
      h("span", { class: "mtl-steps-text", text: String(item.text || "") }),
      h("span", { class: "mtl-sr", text: done ? " (done)" : " (to do)" })));
  });
  const all = doneCount(steps.items) === steps.items.length && Number.isInteger(steps.stars);
  const summary = h("p", { class: "mtl-steps-summary" },
    all ? h("span", { class: "mtl-stars", "aria-hidden": "true", text: starText(steps.stars) + " " }) : null,
    stepsSummary(view));
  // A group, not a landmark: a page may hold two boards with steps (chapter 8), and two
  // landmarks of the same name would be ambiguous to a screen reader's landmark list.
  return h("div", { class: all ? "mtl-steps mtl-steps-all" : "mtl-steps", role: "group", "aria-label": "Steps to try" },
    h("p", { class: "mtl-h", text: "Steps" }), list, summary);
}

// What to announce when the steps change from one view to the next: each newly ticked
// step ("Step 2 of 4 done: …"), a tick taken back by an undo, and the stars once all are
// done. "" when nothing changed (or there are no steps).
/** @param {View | null | undefined} before @param {View | null | undefined} after @returns {string} */
export function stepsNews(before, after) {
  const now = stepsOf(after);
  if (!now) return "";
  const was = stepsOf(before);
  const wasDone = new Map((was ? was.items : []).map((x) => [String(x.id), x.done === true]));
  const n = now.items.length;
  const said = [];
  now.items.forEach((item, i) => {
    const prev = wasDone.get(String(item.id)) === true;
    if (item.done === true && !prev) said.push(`Step ${i + 1} of ${n} done: ${String(item.text || "")}`);
    if (item.done !== true && prev) said.push(`Step ${i + 1} is no longer done (its move was taken back).`);
  });
  if (said.length) said.push(stepsSummary(after));  // "3 of 4 steps done." / the stars
  return said.join(" ");
}
