// Dominoes and their marks: a tile as SVG (pips or numbers), a tile's back, the
// locomotive, badges, the legend and the tile-numbers switch.

import { parseTile } from "./view-data.js";
import { h, s } from "./dom.js";

/**
 * How a tile is drawn: upright (a double across a line, a hand's tile), with
 * number-coded pip colours (the double-12 set and larger), and `name` its accessible
 * name when it is not the numbers as drawn.
 * @typedef {{vertical?: boolean, colour?: boolean, name?: string}} TileOptions
 */
/**
 * A disclosure kept open or closed from one redraw to the next (the legend, the
 * position in words, the Keys help): its <details> toggle writes `open`.
 * @typedef {{open: boolean}} Disclosure
 */

// Pip centres inside one square half (0..100), for 0..9 the standard layouts.
const P = { l: 25, c: 50, r: 75 };
const PIP_LAYOUTS = [
  [],
  [[P.c, P.c]],
  [[P.l, P.l], [P.r, P.r]],
  [[P.l, P.l], [P.c, P.c], [P.r, P.r]],
  [[P.l, P.l], [P.r, P.l], [P.l, P.r], [P.r, P.r]],
  [[P.l, P.l], [P.r, P.l], [P.c, P.c], [P.l, P.r], [P.r, P.r]],
  [[P.l, P.l], [P.l, P.c], [P.l, P.r], [P.r, P.l], [P.r, P.c], [P.r, P.r]],
  [[P.l, P.l], [P.l, P.c], [P.l, P.r], [P.c, P.c], [P.r, P.l], [P.r, P.c], [P.r, P.r]],
  [[P.l, P.l], [P.l, P.c], [P.l, P.r], [P.c, P.l], [P.c, P.r], [P.r, P.l], [P.r, P.c], [P.r, P.r]],
  [[P.l, P.l], [P.l, P.c], [P.l, P.r], [P.c, P.l], [P.c, P.c], [P.c, P.r], [P.r, P.l], [P.r, P.c], [P.r, P.r]],
];

// Returns [[x, y], ...] and a radius for n pips in a 100x100 half.
/** @param {number} n @returns {{pts: number[][], r: number}} */
function pipLayout(n) {
  if (n <= 9) return { pts: PIP_LAYOUTS[Math.max(0, n)], r: 9.5 };
  // 10..18 (and beyond): a grid of 3 columns, rows filled from the top,
  // a short last row centred.
  const cols = 3;
  const rows = Math.ceil(n / cols);
  const top = 15;
  const bottom = 85;
  const step = rows > 1 ? (bottom - top) / (rows - 1) : 0;
  const xs = [22, 50, 78];
  const pts = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / cols);
    const inRow = row === rows - 1 ? n - row * cols : cols;
    const col = i % cols;
    const offset = inRow === cols ? 0 : (cols - inRow) * 14;
    pts.push([xs[col] + offset, top + row * step]);
  }
  const r = Math.min(8.5, step * 0.42 || 8.5);
  return { pts, r };
}

// Number-coded pip colours, as on real double-12/18 sets. Colour is only an
// extra: the count of pips and the accessible name carry the number.
const PIP_COLOURS = [
  "#222", "#8a5a00", "#1b6e2a", "#a11a1a", "#5b2d8e", "#0d5f8a", "#7a3b00",
  "#b0237a", "#2f4f4f", "#1a237e", "#6d4c41", "#006064", "#880e4f",
  "#33691e", "#4a148c", "#bf360c", "#01579b", "#3e2723", "#263238",
];

// A tile's <svg> (200 x 100, or 100 x 200 when vertical) holding its rounded face.
/** @param {boolean} vertical @param {string} cls @param {string} faceClass
 * @param {import("./dom.js").Attrs} [attrs] @returns {SVGSVGElement} */
function tileFrame(vertical, cls, faceClass, attrs) {
  const w = vertical ? 100 : 200;
  const hgt = vertical ? 200 : 100;
  const svg = s("svg", Object.assign({
    viewBox: `0 0 ${w} ${hgt}`,
    class: cls + (vertical ? " mtl-vert" : " mtl-horiz"),
    focusable: "false",
  }, attrs || {}));
  svg.appendChild(s("rect", {
    x: 3, y: 3, width: w - 6, height: hgt - 6, rx: 14, ry: 14, class: faceClass,
  }));
  return svg;
}

// Draw one domino as an inline SVG. a = first half (left or top), b = second.
// vertical: long axis up-down. Returns an <svg>.
/** @param {number} a @param {number} b @param {TileOptions} [opts] @returns {SVGSVGElement} */
export function dominoSvg(a, b, opts) {
  const vertical = !!(opts && opts.vertical);
  const colour = !!(opts && opts.colour);
  const svg = tileFrame(vertical, "mtl-domino", "mtl-face");
  if (vertical) {
    svg.appendChild(s("line", { x1: 14, y1: 100, x2: 86, y2: 100, class: "mtl-divider" }));
  } else {
    svg.appendChild(s("line", { x1: 100, y1: 14, x2: 100, y2: 86, class: "mtl-divider" }));
  }
  // One pip size per tile, as on a real domino: the smaller of the two halves'.
  const r = Math.min(pipLayout(a).r, pipLayout(b).r);
  [a, b].forEach((n, half) => {
    const { pts } = pipLayout(n);
    for (const [px, py] of pts) {
      // In a vertical domino the layout is transposed so that the tile looks
      // the same as the horizontal one turned by 90 degrees.
      const x = vertical ? py : px + half * 100;
      const y = vertical ? px + half * 100 : py;
      const pip = s("circle", { cx: x, cy: y, r, class: "mtl-pip" });
      if (colour) pip.style.fill = PIP_COLOURS[n % PIP_COLOURS.length];
      svg.appendChild(pip);
    }
  });
  svg.appendChild(s("circle", {
    cx: vertical ? 50 : 100, cy: vertical ? 100 : 50, r: 3.5, class: "mtl-spinner",
  }));
  return svg;
}

// A tile face down (a hidden hand's), decorative.
/** @param {boolean} vertical @returns {SVGSVGElement} */
export function tileBackSvg(vertical) {
  const w = vertical ? 100 : 200;
  const hgt = vertical ? 200 : 100;
  const svg = tileFrame(vertical, "mtl-domino mtl-back", "mtl-backface", { "aria-hidden": "true" });
  svg.appendChild(s("rect", {
    x: 16, y: 16, width: w - 32, height: hgt - 32, rx: 8, ry: 8, class: "mtl-backinlay",
  }));
  return svg;
}

// A small locomotive, drawn (emoji fonts are not everywhere). Decorative: the
// words next to it carry the meaning.
/** @param {string} [cls] @returns {SVGSVGElement} */
export function locoIcon(cls) {
  const svg = s("svg", { viewBox: "0 0 26 18", class: "mtl-icon " + (cls || ""), "aria-hidden": "true", focusable: "false" });
  svg.appendChild(s("rect", { x: 2, y: 6, width: 14, height: 7, rx: 1.5 }));
  svg.appendChild(s("rect", { x: 14, y: 1.5, width: 9, height: 11.5, rx: 1.5 }));
  svg.appendChild(s("rect", { x: 5, y: 2, width: 3, height: 4.5 }));
  svg.appendChild(s("rect", { x: 16.5, y: 3.5, width: 4, height: 3.5, class: "mtl-icon-window" }));
  for (const cx of [6, 12, 19]) svg.appendChild(s("circle", { cx, cy: 14.5, r: 2.8, class: "mtl-icon-wheel" }));
  return svg;
}

// A badge on a train or a hand: words, after an optional icon.
/** @param {string} cls @param {string} text @param {Element | null} [icon] @returns {HTMLSpanElement} */
export function badge(cls, text, icon) {
  return h("span", { class: "mtl-badge " + cls }, icon || null, h("span", { text }));
}

// A tile as an image with an accessible name ("12-5") and its numbers written under
// the pips (hidden by the "pips only" setting, see tileNumbersOn). `name` overrides the
// accessible name (a train draws 4-9 with the 4 inward but names the tile "9-4"
// only when asked to; by default the name is the numbers as drawn).
/** @param {string} tile @param {TileOptions} [opts] @returns {HTMLSpanElement} */
export function tileImage(tile, opts) {
  const [a, b] = parseTile(tile);
  const svg = dominoSvg(a, b, opts);
  svg.setAttribute("aria-hidden", "true");
  const name = (opts && opts.name) || `${a}-${b}`;
  return h("span", {
    class: "mtl-tile" + (opts && opts.vertical ? " mtl-tile-vert" : " mtl-tile-horiz"),
    role: "img",
    "aria-label": name,
    title: name,
  }, svg, tileNumber(a, b));
}

// The numbers of a tile as visible text; decorative for screen readers (the tile or the
// button around it carries the name).
/** @param {number} a @param {number} b @returns {HTMLSpanElement} */
function tileNumber(a, b) {
  return h("span", { class: "mtl-num", "aria-hidden": "true", text: `${a}-${b}` });
}

// ---------------------------------------------------------------- settings

// Unique element ids (several boards share one page).
let uidCount = 0;
/** A new id starting with `prefix`, unique in the page.
 * @param {string} prefix @returns {string} */
export function uid(prefix) {
  uidCount += 1;
  return `${prefix}-${Date.now().toString(36)}-${uidCount}`;
}

// "Numbers on tiles" (default) or "pips only": one setting for every board on the page,
// remembered by the browser when it can (localStorage may be missing or refused).
const NUMBERS_KEY = "mtlearn.tile-numbers";

/** True unless the learner chose "pips only".
 * @returns {boolean} */
export function tileNumbersOn() {
  try {
    return globalThis.localStorage?.getItem(NUMBERS_KEY) !== "off";
  } catch (_e) {
    return true;
  }
}

/** Numbers on the tiles or pips only, remembered and applied to every board of the page.
 * @param {boolean} on */
function setTileNumbers(on) {
  try {
    globalThis.localStorage?.setItem(NUMBERS_KEY, on ? "on" : "off");
  } catch (_e) {
    // not remembered; this page still follows the choice below
  }
  for (const root of document.querySelectorAll(".mtl-root")) {
    root.classList.toggle("mtl-pips-only", !on);
    const box = /** @type {HTMLInputElement|null} */ (root.querySelector(".mtl-numbers-toggle"));
    if (box) box.checked = on;
  }
}

// The legend: what each colour, outline and badge means, and the tile-number setting.
// Closed by default; `state.open` keeps it open from one redraw to the next.
/** @param {Disclosure} [state] @returns {HTMLDetailsElement} */
export function legendSection(state) {
  /** @param {Element} sample @param {string} text */
  const item = (sample, text) => h("li", null, sample, " ", h("span", { text }));
  const tile = tileImage("6-3", { vertical: false });
  const toggle = h("input", { type: "checkbox", class: "mtl-numbers-toggle" });
  toggle.checked = tileNumbersOn();
  toggle.addEventListener("change", () => setTileNumbers(toggle.checked));
  const details = h("details", { class: "mtl-legend" },
    h("summary", { text: "Legend and settings" }),
    h("ul", { class: "mtl-legend-list" },
      item(tile, "a tile; its numbers are written under the pips"),
      item(badge("mtl-badge-mex", "★ open to all"), "the Mexican train, striped green"),
      item(badge("mtl-badge-marker", "marker — public", locoIcon()), "a marked train: anyone may play on it (dashed border)"),
      item(h("span", { class: "mtl-badge mtl-badge-private", text: "private" }), "only its owner may play on it"),
      item(badge("mtl-badge-double", "⚠ open double: cover it first"), "an uncovered double (red dashes)"),
      item(h("span", { class: "mtl-badge mtl-badge-hl", text: "▶ look here" }), "orange: what the narration talks about; “▶ new” marks the tile just laid"),
      item(h("span", { class: "mtl-badge mtl-badge-legal", text: "✓ can play here" }), "green dots: a legal place for the chosen tile; “playable” marks tiles with a legal move")),
    h("label", { class: "mtl-setting" }, toggle, " Show the numbers on the tiles (untick for pips only)"));
  if (state && state.open) details.open = true;
  details.addEventListener("toggle", () => {
    if (state) state.open = details.open;
  });
  return details;
}

// Wrap a tile with the "highlighted" outline and a text cue.
/** @param {Node} node @param {string} cue @returns {HTMLSpanElement} */
export function highlightWrap(node, cue) {
  return h("span", { class: "mtl-hl" }, h("span", { class: "mtl-cue", text: cue }), node);
}
