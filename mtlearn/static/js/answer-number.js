// The answer widget "number": a number field and a Check button (Enter in the field
// checks too). Its shape is the one answer-widgets.js describes.

import { h } from "./dom.js";
import { bindKeys } from "./keys.js";

/** @typedef {import("./answer-widgets.js").AnswerWidget} AnswerWidget */
/** @typedef {import("./puzzle-view.js").PuzzleActions} PuzzleActions */

/** Check the number typed (read when Check or Enter is pressed: typing does not redraw).
 * @param {PuzzleActions} act */
function submit(act) {
  const v = String(act.current().form.number).trim();
  if (!/^-?\d+$/.test(v)) {
    act.note("Type a whole number first.");
    return;
  }
  act.answer(parseInt(v, 10));
}

/** @type {AnswerWidget} */
export const numberField = {
  id: "number",
  board: false,
  fresh: () => ({ number: "" }),
  node(_model, attempt, act, btn) {
    const input = h("input", { type: "number", class: "mtl-pz-number", inputmode: "numeric",
      "aria-label": "Your answer (a number)", "data-key": "number", value: attempt.form.number });
    if (attempt.done) input.disabled = true;
    // kept without a redraw, so the field keeps its caret
    input.addEventListener("input", () => act.form({ ...act.current().form, number: input.value }, false));
    // Enter in the field checks the number (keys.js: a binding taken in a text field).
    bindKeys(input, [{ keys: ["Enter"], field: true, run: () => submit(act), label: "Enter", help: "check the number" }]);
    return h("div", { class: "mtl-controls" }, input, btn("check", "Check", () => submit(act)));
  },
  // the right value with its verdict; any other number gets the stored words
  stored(answers, value) {
    const v = parseInt(String(value), 10);
    if (v === answers.value) return { fb: answers.right };
    return { fb: { status: "wrong", text: `Not ${v}: ${answers.wrong}` } };
  },
};
