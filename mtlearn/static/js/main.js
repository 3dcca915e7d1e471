// mtlearn board front end: draws a Mexican Train "view" (mtlearn/core/protocol.py).
//
// The entry module. The files of static/js/ are ES modules; mtlearn.present.frontend
// assembles this one and what it imports into the single module a widget (anywidget's
// _esm) and a static page load, with no node at install time. anywidget convention:
// `export default { render }`, render({ model, el }) returns a cleanup function. Only
// model.get / set / on / off / save_changes / send are used, so the same module runs
// under the stand-in model of a static page (host.js, mountStandalone below).
//
// Five widget kinds, from model key "kind" (a model with a "frames" list and no kind
// is a scenario):
//   scenario — model keys: title, frames (list of views), index (int)   (scenario.js)
//   board    — model keys: view, message, show_legal, rules_url          (board.js)
//   puzzle   — model keys: puzzle, view, feedback, solution, progress …  (puzzle.js)
//   trainer  — a puzzle's keys and trainer (rating, dashboard, …)       (trainer.js)
//   picture  — model keys: view, caption: a still position, no actions  (picture.js)
//
// Safety: every text that comes from the model is put into the DOM with
// textContent / setAttribute. No module uses innerHTML.

import { renderBoard } from "./board.js";
import { mtlEngineBoard, mtlModel, mtlPrecomputed } from "./host.js";
import { renderPicture } from "./picture.js";
import { renderPuzzle } from "./puzzle.js";
import { mtlPuzzleModel } from "./puzzle-host.js";
import { renderScenario } from "./scenario.js";
import { renderTrainer } from "./trainer.js";
import { mtlTrainerModel } from "./trainer-host.js";

/** @typedef {import("./host.js").AnyModel} AnyModel */

// anywidget's entry: draw the widget of `model`'s kind in `el`; returns the cleanup.
/** @param {{model: AnyModel, el: HTMLElement}} widget @returns {() => void} */
function render({ model, el }) {
  const kind = model.get("kind");
  if (kind === "puzzle") return renderPuzzle(model, el);
  if (kind === "trainer") return renderTrainer(model, el);
  if (kind === "picture") return renderPicture(model, el);
  const isScenario = kind === "scenario" || (kind !== "board" && Array.isArray(model.get("frames")));
  return isScenario ? renderScenario(model, el) : renderBoard(model, el);
}

// Mount a board or scenario written by mtlearn.present.htmlout.standalone_html.
/** @param {HTMLElement} root @returns {AnyModel} */
function mountStandalone(root) {
  const id = root.getAttribute("id");
  const state = JSON.parse(document.getElementById(id + "-state").textContent);
  const kind = root.getAttribute("data-kind");
  const initial = Object.assign({}, state, { kind });
  /** @type {AnyModel} */
  let model;
  if (kind === "board") {
    delete initial.successors;
    delete initial.session;
    delete initial.host_note;
    if (!("message" in initial)) initial.message = null;
    if (!("show_legal" in initial)) initial.show_legal = false;
    if (!("rules_url" in initial)) initial.rules_url = "";
    if (state.session || state.host_note) {
      model = mtlEngineBoard(root, state, initial);
    } else {
      model = mtlModel(initial, mtlPrecomputed(initial.view, state.successors));
    }
  } else if (kind === "puzzle") {
    model = mtlPuzzleModel(root, state, initial);
  } else if (kind === "picture") {
    model = mtlModel(initial, () => {});
  } else if (kind === "trainer") {
    model = mtlTrainerModel(root, state, initial);
  } else {
    if (!("index" in initial)) initial.index = 0;
    if (!("title" in initial)) initial.title = "";
    model = mtlModel(initial, () => {});
  }
  const mount = /** @type {HTMLElement} */ (root.querySelector(".mtl-mount"));
  root.querySelector(".mtl-noscript")?.remove();
  render({ model, el: mount });
  return model;
}

const widget = { render };
export default widget;
export { mountStandalone, render };
