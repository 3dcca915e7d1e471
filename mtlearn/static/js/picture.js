// A picture: one still position with a caption saying what it shows (model keys: view,
// caption). An illustration of the book, not a board to play: no actions, no "Play
// here", no tile to pick, no engine; only what helps to read it (the position in words)
// is a tab stop. Drawn as a <figure> whose <figcaption> names it.

import { append, h } from "./dom.js";
import { headingBase } from "./keys.js";
import { viewSection } from "./view-parts.js";
import { tileNumbersOn, uid } from "./tiles.js";

/** @typedef {import("./protocol").View} View */
/**
 * A picture's model keys (mtlearn.present.course.picture, or a page's stand-in).
 * @typedef {object} PictureKeys
 * @property {View} view
 * @property {string} caption
 */
/** @typedef {import("./host.js").KeyedModel<PictureKeys>} PictureModel */

/** Draw the picture of `model` in `el`; returns the cleanup (anywidget's convention).
 * @param {PictureModel} model @param {HTMLElement} el @returns {() => void} */
export function renderPicture(model, el) {
  const captionId = uid("mtl-caption");
  const caption = String(model.get("caption") || "");
  const root = h("figure", { class: "mtl-root mtl-picture" });
  if (caption) root.setAttribute("aria-labelledby", captionId);
  else root.setAttribute("aria-label", "A position");
  el.appendChild(root);
  root.classList.toggle("mtl-pips-only", !tileNumbersOn());
  const view = model.get("view");
  // The words are kept with the view: a picture is drawn once.
  const words = { open: false };
  append(root, [
    caption ? h("figcaption", { class: "mtl-caption", id: captionId, text: caption }) : null,
    viewSection(view, { interactive: false, selected: null, showLegal: false, words, headLevel: headingBase(root) })]);
  return () => root.remove();
}
