// The answer widget "train-plan": the hand's tiles as buttons, clicked in order to lay
// out a train from the number the puzzle gives (puzzle.plan_from, puzzle.plan_hand),
// with Remove last tile, Clear and Check. Its shape is the one answer-widgets.js describes.

import { asArray, parseTile, sameTile } from "./view-data.js";
import { h } from "./dom.js";
import { dominoSvg, tileImage } from "./tiles.js";

/** @typedef {import("./answer-widgets.js").AnswerWidget} AnswerWidget */
/** @typedef {import("./protocol").PuzzleInfo} PuzzleInfo */
/** @typedef {import("./puzzle-state.js").PuzzleModel} PuzzleModel */

/** @type {AnswerWidget} */
export const trainPlan = {
  id: "train-plan",
  board: false,
  fresh: () => ({ chain: [] }),
  node(model, attempt, act, btn) {
    const p = /** @type {Partial<PuzzleInfo>} */ (model.get("puzzle") || {});
    const chain = attempt.form.chain || [];
    /** @param {string[]} next the tiles placed after the click */
    const placed = (next) => act.form({ ...attempt.form, chain: next });
    const tiles = h("div", { class: "mtl-hand-tiles mtl-pz-plan-hand", role: "group", "aria-label": "Tiles to place in order" });
    for (const t of /** @type {string[]} */ (asArray(p.plan_hand))) {
      const used = chain.some((c) => sameTile(c, t));
      const b = h("button", { type: "button", class: "mtl-tilebtn" + (used ? " mtl-selected" : ""),
        "aria-label": used ? `${t}, in your train` : `${t}: add to your train`, "data-key": `plan:${t}` });
      const [a, c] = parseTile(t);
      const svg = dominoSvg(a, c, { vertical: true, colour: true });
      svg.setAttribute("aria-hidden", "true");
      b.appendChild(svg);
      // the numbers under the pips, as in the board's hand (the name starts with them)
      b.appendChild(h("span", { class: "mtl-num", text: `${a}-${c}` }));
      if (used || attempt.done) b.disabled = true;
      b.addEventListener("click", () => placed([...chain, t]));
      tiles.appendChild(b);
    }
    return [tiles, chainNode(model, chain, p.plan_from),
      h("div", { class: "mtl-controls" },
        btn("undo", "Remove last tile", () => placed(chain.slice(0, -1))),
        btn("clear", "Clear", () => placed([])),
        btn("check", "Check", () => act.answer(chain.slice())))];
  },
  // walk the tiles from plan_from: a misfit is refused, a short train told how short
  stored(answers, value, info) {
    let end = info.plan_from;
    /** @type {string[]} */
    const seen = [];
    // the tiles placed, in order (the widget sends their names)
    for (const t of /** @type {string[]} */ (asArray(value))) {
      const bad = answers.misfit && answers.misfit[`${t}|${end}`];
      if (bad) return { fb: bad };
      if (seen.includes(t)) return { missing: t };
      seen.push(t);
      const [x, y] = parseTile(t);
      end = x === end ? y : x;
    }
    return { fb: seen.length < answers.best ? answers.short[String(seen.length)] : answers.right };
  },
};

// The tiles placed so far, laid out the way the board draws a train: each tile with
// the number touching the one before it first ("12-5, 5-9"); a tile that does not fit
// is marked "?" and named so. Tiles wrap between tiles, never inside one. Each tile is
// an image named by its numbers, so a screen reader reads the line as it looks.
/** @param {PuzzleModel} model @param {string[]} chain @param {number | null | undefined} from
 * @returns {HTMLElement} */
function chainNode(model, chain, from) {
  const view = model.get("view");
  const colour = ((view && view.set) | 0) > 9;
  const line = h("div", { class: "mtl-pz-chain-line" },
    h("span", { class: "mtl-pz-chain-from", text: `from ${from}` }));
  const words = [];
  let end = from;
  for (const t of chain) {
    const [a, b] = parseTile(t);
    const out = a === end ? b : b === end ? a : null;
    const shown = out === null ? `${a}-${b}` : `${end}-${out}`;
    const name = out === null ? `${shown}, does not fit ${end}` : shown;
    words.push(shown);
    const dbl = a === b;
    const node = h("span", { class: "mtl-slot" + (dbl ? " mtl-slot-double" : "") },
      tileImage(shown, { vertical: dbl, colour, name }));
    if (out === null) {
      node.classList.add("mtl-pz-misfit");
      node.appendChild(h("span", { class: "mtl-pz-misfit-mark", "aria-hidden": "true", text: "?" }));
    }
    line.appendChild(node);
    if (out !== null) end = out;
  }
  if (!chain.length) line.appendChild(h("span", { class: "mtl-empty", text: "click tiles in order" }));
  return h("div", { class: "mtl-pz-chain", "aria-live": "polite", "data-chain": words.join(" ") },
    h("strong", { text: "Your train:" }), line);
}
