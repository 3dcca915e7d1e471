// A scenario player: steps through the frames (views) of a scenario, with the
// keyboard or the buttons (model keys: title, frames, index).

import { asArray } from "./view-data.js";
import { append, h, listen, withRuleLinks } from "./dom.js";
import { bindKeys, headingBase } from "./keys.js";
import { presenter } from "./presenter.js";
import { focusKey, restoreFocus, viewSection } from "./view-parts.js";
import { legendSection, tileNumbersOn } from "./tiles.js";

/** @typedef {import("./protocol").View} View */
/**
 * A scenario player's model keys (mtlearn.jupyter.widgets.Scenario, or a page's
 * stand-in): the title, the frames (a view each, with `narration`, `step` and the
 * `move` that led to it), the frame shown, and the scenario's id.
 * @typedef {object} ScenarioKeys
 * @property {string} title
 * @property {View[]} frames
 * @property {number} index
 * @property {string} [scenario_id]
 */
/** @typedef {import("./host.js").KeyedModel<ScenarioKeys>} ScenarioModel */

// Draw a scenario player for `model` in `el`; returns the cleanup.
/** @param {ScenarioModel} model @param {HTMLElement} el @returns {() => void} */
export function renderScenario(model, el) {
  const words = { open: false };
  const legend = { open: false };
  const root = h("div", { class: "mtl-root mtl-scenario", tabindex: "0" });
  root.setAttribute("aria-roledescription", "scenario player");
  el.appendChild(root);
  const pres = presenter(root, () => draw());

  function frames() {
    return asArray(model.get("frames"));
  }
  function index() {
    const n = frames().length;
    let i = model.get("index") | 0;
    if (i >= n) i = n - 1;
    if (i < 0) i = 0;
    return i;
  }
  /** @param {number} i */
  function go(i) {
    const n = frames().length;
    if (!n) return;
    const j = Math.max(0, Math.min(n - 1, i));
    if (j === (model.get("index") | 0)) return;
    model.set("index", j);
    model.save_changes();
  }

  function draw() {
    const key = focusKey(root);
    const fs = frames();
    const n = fs.length;
    const i = index();
    const frame = fs[i] || null;
    const title = model.get("title");
    root.setAttribute("aria-label", title ? `Scenario: ${title}` : "Scenario");
    root.classList.toggle("mtl-pips-only", !tileNumbersOn());
    root.replaceChildren();

    /** @param {string} k @param {string} label @param {string} aria @param {number} target @param {boolean} disabled */
    const mkBtn = (k, label, aria, target, disabled) => {
      const b = h("button", { type: "button", class: "mtl-btn", "data-key": k, "aria-label": aria, text: label });
      if (disabled) b.disabled = true;  // out of the tab order; the focus goes to the player
      b.addEventListener("click", () => go(target));
      return b;
    };
    // One step counter: "Step 2 of 5" counts the frames, the start position included.
    const controls = h("div", { class: "mtl-controls", role: "group", "aria-label": "Step through the scenario" },
      mkBtn("first", "◀◀ First", "First step", 0, i === 0),
      mkBtn("prev", "◀ Previous", "Previous step", i - 1, i === 0),
      h("span", { class: "mtl-counter", text: `Step ${n ? i + 1 : 0} of ${n}` }),
      mkBtn("next", "Next ▶", "Next step", i + 1, i >= n - 1),
      mkBtn("last", "Last ▶▶", "Last step", n - 1, i >= n - 1),
      pres.button(),
      h("span", { class: "mtl-keyhint", text: "Keys: ← → Home End, P to present" }));

    const narration = h("div", { class: "mtl-narration", "aria-live": "polite", "aria-atomic": "true" },
      h("p", { class: "mtl-narration-text" },
        withRuleLinks(frame && frame.narration ? String(frame.narration) : "", "")));

    // The scenario's id, small, for a teacher whose lesson plan names it: in presenter
    // mode only (the teacher's view); a learner's page shows the title alone.
    const sid = pres.active() ? model.get("scenario_id") : null;
    const idNode = sid ? h("span", { class: "mtl-scenario-id" }, "scenario ", h("code", { text: String(sid) })) : null;
    append(root, [
      title || idNode ? h("div", { class: "mtl-title-row" },
        title ? h("div", { class: "mtl-title", text: String(title) }) : null, idNode) : null,
      controls,
      narration,
      frame ? viewSection(frame, { interactive: false, selected: null, showLegal: false, words, laid: laidTile(frame),
        headLevel: headingBase(root) })
        : h("p", { class: "mtl-empty", text: "This scenario has no steps." }),
      legendSection(legend),
    ]);
    restoreFocus(root, key, { first: "@root", prev: "@root", next: "@root", last: "@root" });
    pres.fit();
  }

  // The arrows, Home and End step through the frames; P presents (keys.js: bindKeys).
  /** @param {(i: number) => number} to */
  const step = (to) => () => go(to(index()));
  const unbindKeys = bindKeys(root, [
    { keys: ["ArrowRight"], run: step((i) => i + 1), label: "→", help: "next step" },
    { keys: ["ArrowLeft"], run: step((i) => i - 1), label: "←", help: "previous step" },
    { keys: ["Home"], run: step(() => 0), label: "Home", help: "first step" },
    { keys: ["End"], run: step(() => frames().length - 1), label: "End", help: "last step" },
    ...pres.bindings,
  ]);
  const onChange = () => draw();
  const unlisten = listen(model, { index: onChange, frames: onChange, title: onChange, scenario_id: onChange });
  draw();
  return () => {
    unlisten();
    unbindKeys();
    pres.dispose();
    root.remove();
  };
}

// ---------------------------------------------------------------- board


// The tile a frame's move laid, as {tile, train}, or null (the start, a draw, a pass).
/** @param {View | null} frame @returns {{tile: string, train: string} | null} */
function laidTile(frame) {
  const m = /^(\d+-\d+)@(.+)$/.exec(String((frame && frame.move) || ""));
  return m ? { tile: m[1], train: m[2] } : null;
}
