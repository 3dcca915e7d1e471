// mtlearn board front end: draws a Mexican Train "view" (devnotes/VIEW_FORMAT.md).
//
// One ES module joined from the files of static/js/ in name order (htmlout.board_js):
// the parts share one scope, no imports, no build step. anywidget convention:
// `export default { render }`, render({ model, el }) returns a cleanup function.
// Only model.get / set / on / off / save_changes / send are used, so the same
// module runs under the small stand-in model that mtlearn/htmlout.py writes for
// static HTML (the book).
//
// Two widget kinds:
//   scenario — model keys: title, frames (list of views), index (int)
//   board    — model keys: view, message, show_legal, rules_url
// The kind comes from model key "kind" when present, otherwise a model with a
// "frames" list is a scenario.
//
// Safety: every text that comes from the model is put into the DOM with
// textContent / setAttribute. This module never uses innerHTML.

const SVG_NS = "http://www.w3.org/2000/svg";

// ---------------------------------------------------------------- helpers

// Subscribe to model changes: `handlers` maps a trait name to its handler. Returns the
// function that unsubscribes every one of them (for a widget's cleanup), so the two
// lists cannot drift apart.
function listen(model, handlers) {
  const pairs = Object.entries(handlers);
  for (const [name, fn] of pairs) model.on(`change:${name}`, fn);
  return () => { for (const [name, fn] of pairs) model.off(`change:${name}`, fn); };
}

function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const child of children) append(node, child);
  return node;
}

function s(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  return node;
}

function setAttrs(node, attrs) {
  if (!attrs) return;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.setAttribute("class", value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(node, child) {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const c of child) append(node, c);
  } else if (typeof child === "string" || typeof child === "number") {
    node.appendChild(document.createTextNode(String(child)));
  } else {
    node.appendChild(child);
  }
}

function asArray(x) {
  return Array.isArray(x) ? x : [];
}

function parseTile(tile) {
  const parts = String(tile).split("-");
  const a = parseInt(parts[0], 10);
  const b = parseInt(parts[1], 10);
  return [Number.isFinite(a) ? a : 0, Number.isFinite(b) ? b : 0];
}

function sameTile(t1, t2) {
  const [a, b] = parseTile(t1);
  const [c, d] = parseTile(t2);
  return (a === c && b === d) || (a === d && b === c);
}

// A rule link must stay a plain web or page-relative address.
function safeHref(url) {
  const u = String(url || "").trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(u) && !/^https?:/i.test(u)) return "#";
  return u;
}

function ruleHref(rulesUrl, rule, ruleUrl) {
  if (ruleUrl) return safeHref(ruleUrl);
  const base = safeHref(rulesUrl || "").split("#")[0];
  return base + "#" + String(rule).toLowerCase();
}

// ---------------------------------------------------------------- dominoes

// Pip centres inside one square half (0..100), for 0..9 the standard layouts.
