// DOM helpers for the board's modules: building elements (h, s), model subscriptions
// (listen) and keeping what the learner must see next in view below the sticky bars.
//
// Safety: text goes in with textContent / setAttribute only (setAttrs); no innerHTML.

import { RULE_WORDS } from "./rule-words.js";
import { ruleHref } from "./view-data.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * An element's attributes for h() and s(): "text" is its text, a value of null,
 * undefined or false leaves the attribute out, true sets it empty.
 * @typedef {Record<string, string | number | boolean | null | undefined>} Attrs
 */
/**
 * What append() and h() take as children: nodes, text (a number is written as text),
 * nothing (null, undefined, false: skipped), or lists of them.
 * @typedef {Node | string | number | null | undefined | false | ChildList} Child
 */
/** @typedef {Child[]} ChildList */
/**
 * A model's event handler: each event has its own arguments ("change:KEY" gets the
 * change, "msg:custom" the message), hence any[].
 * @typedef {(...args: any[]) => void} ModelHandler
 */
/**
 * What listen() needs of a model (anywidget's, or host.js's stand-in).
 * @typedef {{on: (event: string, fn: ModelHandler) => void, off: (event: string, fn: ModelHandler) => void}} Subscribable
 */

// ---------------------------------------------------------------- helpers

// Subscribe to model changes: `handlers` maps a trait name to its handler. Returns the
// function that unsubscribes every one of them (for a widget's cleanup), so the two
// lists cannot drift apart.
/** @param {Subscribable} model @param {Record<string, ModelHandler>} handlers @returns {() => void} */
export function listen(model, handlers) {
  const pairs = Object.entries(handlers);
  for (const [name, fn] of pairs) model.on(`change:${name}`, fn);
  return () => { for (const [name, fn] of pairs) model.off(`change:${name}`, fn); };
}

/** An HTML element with attributes (see Attrs) and children (see append).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Attrs | null} [attrs] @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]} */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const child of children) append(node, child);
  return node;
}

// A rule as a link to its text (see ruleHref), or as plain text when there is no rules
// page. A learner reads the rule in words (rule-words.js: the table of mtlearn/core/rule_words.py);
// presenter mode and the teacher's views pass `asId` and read the id. A rules file of the
// repository (JupyterLab, Binder) and every page address open in a new tab, so the board's
// position is never lost.
/** @param {string | null | undefined} rulesUrl @param {unknown} rule @param {string | null} [ruleUrl]
 * @param {boolean | string} [asId] true: the id; a string: these words; else the rule's words
 * @returns {HTMLElement} */
export function ruleLink(rulesUrl, rule, ruleUrl, asId) {
  const href = ruleHref(rulesUrl, rule, ruleUrl);
  const text = typeof asId === "string" ? asId : asId ? String(rule) : ruleWords(rule);
  if (!href) return h("span", { class: "mtl-rule", text });
  const a = h("a", { class: "mtl-rule", href, text });
  if (!href.startsWith("#")) {
    a.setAttribute("target", "_blank");
    a.setAttribute("rel", "noopener");
  }
  return a;
}

/** A rule in a learner's words ("after a double, play again"); a rule with no words
 * written reads "a rule". @param {unknown} rule @returns {string} */
export function ruleWords(rule) {
  const entry = Object.prototype.hasOwnProperty.call(RULE_WORDS, String(rule)) ? RULE_WORDS[String(rule)] : null;
  return entry ? entry.words : "a rule";
}

/** Plain text with its rule ids in words (for a live region or a status line).
 * @param {unknown} text @returns {string} */
export function inWords(text) {
  return ruleParts(text).map((p) => p.text).join("");
}

// Words too common to tell whether a sentence already says what a rule says, and the share
// of a phrase's words it must hold (mtlearn/core/rule_words.py: _STOP, RESTATES).
const STOP = new Set("that with your their them they this from into only than then what when where which while".split(" "));
const RESTATES = 0.6;

/** @param {string} text @returns {Set<string>} */
function stems(text) {
  const out = new Set();
  for (const w of text.toLowerCase().match(/[a-z]+/g) || []) if (w.length >= 4 && !STOP.has(w)) out.add(w.slice(0, 4));
  return out;
}

/** Whether `text` already says what `rule` says in words (its phrase's words, or the other
 * words RULE_WORDS lists for it, as rule_words.restates counts them). @param {string} text @param {string} rule @returns {boolean} */
export function restates(text, rule) {
  const entry = Object.prototype.hasOwnProperty.call(RULE_WORDS, String(rule)) ? RULE_WORDS[String(rule)] : null;
  const low = text.toLowerCase();
  if (entry && (entry.said || []).some((w) => low.includes(w))) return true;
  const want = stems(ruleWords(rule));
  const have = stems(text);
  let n = 0;
  for (const w of want) if (have.has(w)) n += 1;
  return want.size > 0 && n >= RESTATES * want.size;
}

/** Text cut into plain parts and rule parts, read as a learner reads them (the same as
 * mtlearn/core/rule_words.py's word_parts): an id is its phrase, capitalised at the start of
 * a sentence; a bracketed citation after a clause that already says the rule is left out;
 * an id heading a clause that says it ("R-SCORE-1: the pips …") is that clause.
 * @param {unknown} text @returns {Array<{text: string, rule: string | null}>} */
export function ruleParts(text) {
  const s = String(text || "");
  /** @type {Array<{text: string, rule: string | null}>} */
  const parts = [];
  const re = /R-[A-Z]+(?:-[A-Z0-9]+)*/g;
  let last = 0;
  let m;
  while ((m = re.exec(s)) !== null) {
    if (m.index < last) continue;
    const rule = m[0];
    const a = m.index;
    const b = a + rule.length;
    const before = s.slice(0, a);
    if (before.endsWith("(") && s.slice(b, b + 1) === ")") {
      const clause = before.slice(0, -1).split(/[.!?;:]\s/).pop() || "";
      if (restates(clause, rule)) {
        parts.push({ text: s.slice(last, a - 1).trimEnd(), rule: null });
        last = b + 1;
        continue;
      }
    }
    const atStart = !before.trim() || /[.!?]\s*$/.test(before);
    if (s.slice(b, b + 2) === ": " && (atStart || /;\s*$/.test(before))) {
      const rest = s.slice(b + 2);
      const end = rest.search(/[.;]/);
      const clause = end >= 0 ? rest.slice(0, end) : rest;
      if (restates(clause, rule)) {
        parts.push({ text: s.slice(last, a), rule: null });
        parts.push({ text: (atStart ? clause.slice(0, 1).toUpperCase() : clause.slice(0, 1)) + clause.slice(1), rule });
        last = b + 2 + clause.length;
        continue;
      }
    }
    const words = ruleWords(rule);
    parts.push({ text: s.slice(last, a), rule: null });
    parts.push({ text: atStart ? words.slice(0, 1).toUpperCase() + words.slice(1) : words, rule });
    last = b;
  }
  parts.push({ text: s.slice(last), rule: null });
  return parts.filter((p) => p.text || p.rule);
}

/** Text with its rule ids ("R-DBL-3") as links to the rules: in words (ruleParts), or as
 * ids with `asId` (presenter mode, the teacher's pages: every id kept as it is).
 * @param {unknown} text @param {string | null | undefined} rulesUrl @param {boolean} [asId]
 * @returns {Array<string | HTMLElement>} */
export function withRuleLinks(text, rulesUrl, asId) {
  /** @type {Array<string | HTMLElement>} */
  const out = [];
  if (asId) {
    const s = String(text || "");
    const re = /R-[A-Z]+(?:-[A-Z0-9]+)*/g;
    let last = 0;
    let m;
    while ((m = re.exec(s)) !== null) {
      if (m.index > last) out.push(s.slice(last, m.index));
      out.push(ruleLink(rulesUrl, m[0], null, true));
      last = m.index + m[0].length;
    }
    if (last < s.length) out.push(s.slice(last));
    return out;
  }
  for (const p of ruleParts(text)) out.push(p.rule ? ruleLink(rulesUrl, p.rule, null, p.text) : p.text);
  return out;
}

/** An SVG element with attributes (see Attrs).
 * @template {keyof SVGElementTagNameMap} K @param {K} tag @param {Attrs | null} [attrs]
 * @returns {SVGElementTagNameMap[K]} */
export function s(tag, attrs) {
  const node = /** @type {SVGElementTagNameMap[K]} */ (document.createElementNS(SVG_NS, tag));
  setAttrs(node, attrs);
  return node;
}

/** Set `attrs` (see Attrs) on `node`: text as its text, the others as attributes.
 * @param {Element} node @param {Attrs | null | undefined} attrs */
function setAttrs(node, attrs) {
  if (!attrs) return;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.setAttribute("class", String(value));
    else node.setAttribute(key, value === true ? "" : String(value));
  }
}

/** Append `child` (see Child) to `node`: text as text nodes, lists in order, nothing skipped.
 * @param {Node} node @param {Child} child */
export function append(node, child) {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const c of child) append(node, c);
  } else if (typeof child === "string" || typeof child === "number") {
    node.appendChild(document.createTextNode(String(child)));
  } else {
    node.appendChild(child);
  }
}

// ---------------------------------------------------------------- in view, below the bar

// The bottom edge (viewport px) of the page's own sticky header, if any: the book's
// header, JupyterLab's notebook toolbar. 0 when nothing sticks at the top.
/** @param {Document} doc @returns {number} */
function stickyHeaderBottom(doc) {
  let bottom = 0;
  for (const el of doc.querySelectorAll("header, .bd-header, .jp-Toolbar")) {
    const style = doc.defaultView.getComputedStyle(el);
    if (style.position !== "sticky" && style.position !== "fixed") continue;
    const r = el.getBoundingClientRect();
    if (r.top <= 0 && r.bottom > bottom && r.bottom < doc.defaultView.innerHeight / 2) bottom = r.bottom;
  }
  return bottom;
}

// How much of the window's top is covered for `node`: the page's sticky header plus, when
// `node` sits in a board whose bar (.mtl-bar: controls and verdict) is sticky, that bar,
// which stays stuck above everything of the board below it.
/** @param {Element} node @returns {number} */
function coveredTop(node) {
  const doc = node.ownerDocument;
  let top = stickyHeaderBottom(doc);
  const root = node.closest(".mtl-root");
  const bar = root && root.querySelector(".mtl-bar");
  if (bar && bar !== node && !bar.contains(node)) {
    const style = doc.defaultView.getComputedStyle(bar);
    if (style.position === "sticky" || style.position === "fixed") {
      // The bar sticks at its own `top` (the book's header height), or below a header found.
      top = Math.max(top, parseFloat(style.top) || 0) + bar.getBoundingClientRect().height;
    }
  }
  return top;
}

/**
 * Scroll the least that brings `node` wholly into view below the sticky bars, and
 * optionally move the keyboard focus.
 *
 * What the learner must see or do next after a click (a verdict, the round-end table with
 * Next round, a puzzle's result) is often drawn above the spot they clicked, or under the
 * board's sticky bar. This finds what covers the top of the window for `node` (the
 * page's sticky header, and the sticky .mtl-bar of the board holding `node` unless
 * `node` is in that bar), and scrolls whatever scrolls (the page, JupyterLab's notebook
 * panel…) so that `node` starts just below them; a node already wholly visible does not
 * move the page. A node taller than the space left is aligned to its top (and then, if
 * `opts.focus` is still out of sight, that element is brought in too). Where nothing
 * is sticky (an `mtlearn html` page) it is the plain "scroll into view".
 *
 * @param {Element} node what must be seen.
 * @param {{focus?: Element|null}} [opts] focus: an element (usually a button inside
 *   `node`) to give the keyboard focus, without a second scroll; a screen reader then
 *   reads it, and Enter acts on it.
 * @returns {boolean} true if the page was scrolled.
 */
export function scrollIntoViewBelowBar(node, opts) {
  const doc = node && node.ownerDocument;
  const win = doc && doc.defaultView;
  if (!win || !node.isConnected) return false;
  const top = coveredTop(node);
  const r = node.getBoundingClientRect();
  const height = win.innerHeight;
  const bottom = height - coveredBottom(node);
  let moved = false;
  if (r.top < top - 0.5 || r.bottom > bottom + 0.5) {
    /** @type {HTMLElement} */ (node).style.scrollMarginTop = `${Math.ceil(top) + 8}px`;
    const tall = r.height > bottom - top - 8;
    node.scrollIntoView({ behavior: "instant", block: tall || r.top < top ? "start" : "nearest", inline: "nearest" });
    moved = true;
  }
  const focus = opts && opts.focus;
  if (focus && focus.isConnected && focus !== node) {
    // `node` was too tall to show whole: the element to act on must be seen at least.
    const f = focus.getBoundingClientRect();
    if (f.top < top - 0.5 || f.bottom > height - coveredBottom(focus) + 0.5) {
      /** @type {HTMLElement} */ (focus).style.scrollMarginTop = `${Math.ceil(top) + 8}px`;
      focus.scrollIntoView({ behavior: "instant", block: "nearest", inline: "nearest" });
      moved = true;
    }
  }
  if (focus && focus.isConnected && doc.activeElement !== focus) {
    /** @type {HTMLElement} */ (focus).focus({ preventScroll: true });
  }
  return moved;
}

// The board's hand docked at the bottom of the window (position: sticky: 70-phone.css on a
// phone, class.css on a class page), or null.
/** @param {Element} root @returns {Element | null} */
export function dockedHand(root) {
  const win = root.ownerDocument && root.ownerDocument.defaultView;
  if (!win || typeof win.getComputedStyle !== "function") return null;
  for (const hand of root.querySelectorAll(".mtl-hand")) {
    if (win.getComputedStyle(hand).position === "sticky") return hand;
  }
  return null;
}

/** The room kept under what is brought into view above the docked hand: its shadow. */
const DOCK_GAP = 6;

/**
 * Keep the board's --mtl-dock-h at the docked hand's height as drawn (it grows with the
 * tiles and their rows; 0 where no hand is docked). The trains and whatever else lies above
 * the dock take it as their scroll-margin-bottom (70-phone.css), so that the browser's own
 * scrolling to a focused "Play here" and scrollIntoViewBelowBar() bring them above the
 * hand, not under it. Call `update` after each drawing; `stop` ends the following.
 * @param {HTMLElement} root the board's root @returns {{update: () => void, stop: () => void}}
 */
export function followDock(root) {
  const win = root.ownerDocument && root.ownerDocument.defaultView;
  if (!win) return { update: () => {}, stop: () => {} };  // nothing is drawn
  const update = () => {
    const hand = dockedHand(root);
    const px = `${hand ? Math.ceil(hand.getBoundingClientRect().height) + DOCK_GAP : 0}px`;
    if (root.style.getPropertyValue("--mtl-dock-h") !== px) root.style.setProperty("--mtl-dock-h", px);
  };
  // the root's size follows the hand's (the dock is in its flow) and the window's width
  const Observer = win.ResizeObserver;
  const observer = typeof Observer === "function" ? new Observer(update) : null;
  if (observer) observer.observe(root);
  return { update, stop: () => observer && observer.disconnect() };
}

// How much of the window's bottom is covered for `node`: the docked hand, for what lies
// above it (its scroll-margin-bottom, followDock), else nothing.
/** @param {Element} node @returns {number} */
function coveredBottom(node) {
  const win = node.ownerDocument.defaultView;
  return (win && parseFloat(win.getComputedStyle(node).scrollMarginBottom)) || 0;
}

/**
 * On a phone the hand to play from is docked at the bottom of the window (70-phone.css:
 * sticky). After a move, bring the trains up under the board's bar when they run under
 * the docked hand, so the hand and the trains it can reach are on one screen (and the
 * train whose "Play here" has the focus above the hand). Does nothing where the hand is
 * not docked.
 * @param {Element} root the board's root @returns {boolean} true if the page was scrolled.
 */
export function trainsAboveDock(root) {
  const hand = dockedHand(root);
  const trains = /** @type {HTMLElement | null} */ (root.querySelector(".mtl-trains"));
  if (!hand || !trains) return false;
  const top = coveredTop(trains);
  const r = trains.getBoundingClientRect();
  const dock = hand.getBoundingClientRect();
  if (r.top >= top - 0.5 && r.bottom <= dock.top + 0.5) return false;
  trains.style.scrollMarginTop = `${Math.ceil(top) + 4}px`;
  trains.scrollIntoView({ behavior: "instant", block: "start", inline: "nearest" });
  // a train whose "Play here" has the focus (the keyboard's) stays in view, above the dock
  const a = root.ownerDocument.activeElement;
  const row = a && trains.contains(a) ? a.closest(".mtl-train, .mtl-branch") : null;
  if (row) scrollIntoViewBelowBar(row, { focus: a });
  return true;
}

// ---------------------------------------------------------------- feedback in view
//
// A board's verdict must be seen where the learner acted. The bar that holds the
// controls and the verdict is sticky (CSS), and after each click keepInView() scrolls the
// smallest amount that brings the whole bar on screen, below any sticky page header
// (the book's), in whatever scrolls: the page, JupyterLab's notebook panel, …

// The bar itself: its own stickiness is not counted, the page header's is.
/** @param {Element} node */
export function keepInView(node) {
  scrollIntoViewBelowBar(node);
}
