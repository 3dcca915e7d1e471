// "Play here": what makes a train's row or a branch's line the target of the tile the
// learner selected (view-parts.js for trains, branches.js for branches).

import { h } from "./dom.js";

/** @typedef {import("./protocol").Train} Train */
/** @typedef {import("./protocol").Branch} Branch */

// Add the "Play here" button at the end of `row` (after what the line shows, so that a
// screen reader reads the line's name, badges, tiles and open end first) and make the
// whole `row` clickable; both call ctx.onTrain(target). `where` names the line for
// screen readers. A branch sits inside its train's row, so its clicks must not reach
// that row (`stopRowClick`). With a tile picked, the buttons are one roving tab stop
// (keys.js: ctx.trainStop has tabindex 0); with none, they are out of the tab order.
/** @param {HTMLElement} row @param {import("./view-parts.js").ViewContext} ctx
 * @param {Train | Branch} target @param {string} where @param {boolean} stopRowClick */
export function addPlayHere(row, ctx, target, where, stopRowClick) {
  const sel = ctx.selected;
  const btn = h("button", {
    type: "button",
    class: "mtl-btn mtl-target",
    "data-key": `train:${target.id}`,
    "data-rove": "",
    tabindex: sel && ctx.trainStop === String(target.id) ? "0" : "-1",
    "aria-disabled": sel ? "false" : "true",
    text: sel ? `Play ${sel} here` : "Play here",
  });
  // Its key while a tile is picked (keys.js: trainKey): M, or the owner's seat 1-8.
  const owner = "owner" in target ? target.owner : null;  // a branch has no owner
  const shortcut = "mexican" in target && target.mexican ? "M" : Number.isInteger(owner) && owner >= 1 &&
    owner <= 8 && String(target.id) === String(owner) ? String(owner) : null;
  if (shortcut) btn.setAttribute("aria-keyshortcuts", shortcut);
  // The accessible name starts with the visible words (WCAG 2.5.3, label in name).
  btn.setAttribute("aria-label", sel ? `Play ${sel} here: ${where}` : `Play here: ${where} (choose a tile first)`);
  btn.addEventListener("click", (ev) => {
    ev.stopPropagation();
    ctx.onTrain(target);
  });
  row.appendChild(btn);
  row.classList.add("mtl-clickable");
  row.addEventListener("click", (ev) => {
    if (stopRowClick) ev.stopPropagation();
    ctx.onTrain(target);
  });
}
