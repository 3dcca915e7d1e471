// The answer widget "number": a number field and a Check button (Enter in the field
// checks too). Its shape is the one answer-widgets.js describes.

import { h } from "./dom.js";
import { bindKeys } from "./keys.js";

function submit(pz, act) {
  const v = String(pz.form.number).trim();
  if (!/^-?\d+$/.test(v)) {
    act.note("Type a whole number first.");
    return;
  }
  act.answer(parseInt(v, 10));
}

export const numberField = {
  board: false,
  fresh: () => ({ number: "" }),
  node(_model, pz, act, btn) {
    const input = h("input", { type: "number", class: "mtl-pz-number", inputmode: "numeric",
      "aria-label": "Your answer (a number)", "data-key": "number", value: pz.form.number });
    if (pz.done) input.disabled = true;
    input.addEventListener("input", () => { pz.form.number = input.value; });
    // Enter in the field checks the number (keys.js: a binding taken in a text field).
    bindKeys(input, [{ keys: ["Enter"], field: true, run: () => submit(pz, act), label: "Enter", help: "check the number" }]);
    return h("div", { class: "mtl-controls" }, input, btn("check", "Check", () => submit(pz, act)));
  },
  // the right value with its verdict; any other number gets the stored words
  stored(answers, value) {
    const v = parseInt(value, 10);
    if (v === answers.value) return { fb: answers.right };
    return { fb: { status: "wrong", text: `Not ${v}: ${answers.wrong}` } };
  },
};
