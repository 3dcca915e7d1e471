// The answer widget "choices": one button per option (a player), or, when the puzzle
// says `multi`, options to tick (trains) and a Check button. Its shape is the one
// answer-widgets.js describes.

import { asArray } from "./view-data.js";
import { h } from "./dom.js";

/** @typedef {import("./answer-widgets.js").AnswerWidget} AnswerWidget */
/** @typedef {import("./protocol").PuzzleInfo} PuzzleInfo */
/** @typedef {import("./protocol").PuzzleOption} PuzzleOption */

/** @type {AnswerWidget} */
export const choices = {
  id: "choices",
  board: false,
  fresh: () => ({ choice: new Set() }),
  node(model, attempt, act, btn) {
    const p = /** @type {Partial<PuzzleInfo>} */ (model.get("puzzle") || {});
    const ticked = attempt.form.choice || new Set();
    const group = h("div", { class: "mtl-controls mtl-pz-options", role: "group", "aria-label": "Choices" });
    for (const o of /** @type {PuzzleOption[]} */ (asArray(p.options))) {
      const v = String(o.value);
      if (p.multi) {
        const pressed = ticked.has(v);
        const toggle = () => {
          const next = new Set(ticked);
          if (pressed) next.delete(v); else next.add(v);
          act.form({ ...attempt.form, choice: next });
        };
        group.appendChild(btn(`opt:${v}`, (pressed ? "☑ " : "☐ ") + String(o.label), toggle, { "aria-pressed": pressed ? "true" : "false" }));
      } else {
        group.appendChild(btn(`opt:${v}`, String(o.label), () => act.answer(v)));
      }
    }
    return [group, p.multi ? btn("check", "Check", () => act.answer([...ticked].sort())) : null];
  },
  // one option, or the trains ticked, sorted and joined with commas
  stored(answers, value) {
    const key = Array.isArray(value) ? value.map(String).sort().join(",") : String(value);
    const fb = answers.choices && answers.choices[key];
    return fb ? { fb } : { missing: key };
  },
};
