// mtlearn board front end: draws a Mexican Train "view" (devnotes/VIEW_FORMAT.md).
//
// One hand-written ES module, no imports, no build step. anywidget convention:
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

// Draw one domino as an inline SVG. a = first half (left or top), b = second.
// vertical: long axis up-down. Returns an <svg>.
function dominoSvg(a, b, opts) {
  const vertical = !!(opts && opts.vertical);
  const colour = !!(opts && opts.colour);
  const w = vertical ? 100 : 200;
  const hgt = vertical ? 200 : 100;
  const svg = s("svg", {
    viewBox: `0 0 ${w} ${hgt}`,
    class: "mtl-domino" + (vertical ? " mtl-vert" : " mtl-horiz"),
    focusable: "false",
  });
  svg.appendChild(s("rect", {
    x: 3, y: 3, width: w - 6, height: hgt - 6, rx: 14, ry: 14, class: "mtl-face",
  }));
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

function tileBackSvg(vertical) {
  const w = vertical ? 100 : 200;
  const hgt = vertical ? 200 : 100;
  const svg = s("svg", {
    viewBox: `0 0 ${w} ${hgt}`,
    class: "mtl-domino mtl-back" + (vertical ? " mtl-vert" : " mtl-horiz"),
    focusable: "false",
    "aria-hidden": "true",
  });
  svg.appendChild(s("rect", {
    x: 3, y: 3, width: w - 6, height: hgt - 6, rx: 14, ry: 14, class: "mtl-backface",
  }));
  svg.appendChild(s("rect", {
    x: 16, y: 16, width: w - 32, height: hgt - 32, rx: 8, ry: 8, class: "mtl-backinlay",
  }));
  return svg;
}

// A small locomotive, drawn (emoji fonts are not everywhere). Decorative: the
// words next to it carry the meaning.
function locoIcon(cls) {
  const svg = s("svg", { viewBox: "0 0 26 18", class: "mtl-icon " + (cls || ""), "aria-hidden": "true", focusable: "false" });
  svg.appendChild(s("rect", { x: 2, y: 6, width: 14, height: 7, rx: 1.5 }));
  svg.appendChild(s("rect", { x: 14, y: 1.5, width: 9, height: 11.5, rx: 1.5 }));
  svg.appendChild(s("rect", { x: 5, y: 2, width: 3, height: 4.5 }));
  svg.appendChild(s("rect", { x: 16.5, y: 3.5, width: 4, height: 3.5, class: "mtl-icon-window" }));
  for (const cx of [6, 12, 19]) svg.appendChild(s("circle", { cx, cy: 14.5, r: 2.8, class: "mtl-icon-wheel" }));
  return svg;
}

function badge(cls, text, icon) {
  return h("span", { class: "mtl-badge " + cls }, icon || null, h("span", { text }));
}

// A tile as an image with an accessible name ("12-5").
function tileImage(tile, opts) {
  const [a, b] = parseTile(tile);
  const svg = dominoSvg(a, b, opts);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${a}-${b}`);
  const title = s("title");
  title.textContent = `${a}-${b}`;
  svg.insertBefore(title, svg.firstChild);
  return svg;
}

// Wrap a tile with the "highlighted" outline and a text cue.
function highlightWrap(node, cue) {
  return h("span", { class: "mtl-hl" }, h("span", { class: "mtl-cue", text: cue }), node);
}

// ---------------------------------------------------------------- a view

function playerName(view, seat) {
  const p = asArray(view.players).find((x) => x.seat === seat);
  return p ? String(p.name) : `Player ${seat}`;
}

function headerSection(view) {
  const engineNode = Number.isFinite(view.engine)
    ? tileImage(`${view.engine}-${view.engine}`, { vertical: true, colour: view.set > 9 })
    : null;
  const facts = h("ul", { class: "mtl-facts" });
  if (view.round !== undefined && view.round !== null) {
    const rounds = view.rounds ? ` of ${view.rounds}` : "";
    facts.appendChild(h("li", { text: `Round ${view.round}${rounds}` }));
  }
  if (view.set !== undefined) facts.appendChild(h("li", { text: `Double-${view.set} set` }));
  if (view.boneyard !== undefined && view.boneyard !== null) {
    const n = view.boneyard;
    facts.appendChild(h("li", { text: `Boneyard: ${n} ${n === 1 ? "tile" : "tiles"}` }));
  }
  if (view.to_play && !view.over) {
    facts.appendChild(h("li", { class: "mtl-turn" },
      "To play: ", h("strong", { text: playerName(view, view.to_play) })));
  }
  if (view.over) facts.appendChild(h("li", { class: "mtl-turn", text: "Round over" }));
  return h("div", { class: "mtl-header" },
    h("div", { class: "mtl-engine" },
      h("span", { class: "mtl-engine-label", text: "Engine" }), engineNode),
    h("div", { class: "mtl-header-text" },
      facts,
      view.status ? h("p", { class: "mtl-status", text: view.status }) : null));
}

// Orientation for a move: the end matching the train's open end goes inward.
function moveFor(tile, train) {
  const [a, b] = parseTile(tile);
  const end = train.open_end;
  if (a === end) return `${a}-${b}@${train.id}`;
  if (b === end) return `${b}-${a}@${train.id}`;
  return `${a}-${b}@${train.id}`;
}

function legalTrainsFor(view, tile) {
  const ids = new Set();
  for (const m of asArray(view.legal)) {
    const mv = String(m.move || "");
    const at = mv.indexOf("@");
    if (at < 0) continue;
    if (sameTile(mv.slice(0, at), tile)) ids.add(mv.slice(at + 1));
  }
  return ids;
}

function hasLegalMove(view, name) {
  return asArray(view.legal).some((m) => m.move === name);
}

function trainRow(view, train, ctx) {
  const hl = ctx.highlights;
  const hlTiles = asArray(hl.tiles);
  const highlighted = asArray(hl.trains).includes(train.id);
  const classes = ["mtl-train"];
  if (train.mexican) classes.push("mtl-mexican");
  if (train.public && !train.mexican) classes.push("mtl-public");
  if (train.open_double) classes.push("mtl-has-open-double");
  if (highlighted) classes.push("mtl-train-hl");

  const canPlayHere = ctx.legalTargets && ctx.legalTargets.has(String(train.id));
  if (canPlayHere) classes.push("mtl-can-play");

  const name = train.label
    ? String(train.label)
    : train.mexican ? "Mexican train" : `${playerName(view, train.owner)}'s train`;

  const badges = h("div", { class: "mtl-badges" });
  if (train.mexican) {
    badges.appendChild(badge("mtl-badge-mex", "★ open to all"));
  }
  if (train.marker && !train.mexican) {
    badges.appendChild(badge("mtl-badge-marker", "marker — public", locoIcon()));
  } else if (!train.mexican && train.public) {
    badges.appendChild(h("span", { class: "mtl-badge mtl-badge-marker", text: "public" }));
  } else if (!train.mexican) {
    badges.appendChild(h("span", { class: "mtl-badge mtl-badge-private", text: "private" }));
  }
  if (train.open_double) {
    badges.appendChild(badge("mtl-badge-double", "⚠ open double: cover it first"));
  }
  if (highlighted) badges.appendChild(h("span", { class: "mtl-badge mtl-badge-hl", text: "▶ look here" }));
  if (canPlayHere) badges.appendChild(h("span", { class: "mtl-badge mtl-badge-legal", text: "✓ can play here" }));

  const label = h("div", { class: "mtl-train-label" },
    h("span", { class: "mtl-train-name" },
      train.mexican ? locoIcon("mtl-icon-mex") : null,
      name),
    badges);

  const tiles = h("div", { class: "mtl-train-tiles" });
  tiles.appendChild(h("span", { class: "mtl-hub", text: "hub" }));
  const colour = view.set > 9;
  const list = asArray(train.tiles);
  list.forEach((t, i) => {
    const dbl = t.double || t.inward === t.outward;
    const inward = Number.isFinite(t.inward) ? t.inward : parseTile(t.tile)[0];
    const outward = Number.isFinite(t.outward) ? t.outward : parseTile(t.tile)[1];
    let node = tileImage(`${inward}-${outward}`, { vertical: dbl, colour });
    node.setAttribute("aria-label", String(t.tile || `${inward}-${outward}`) + (dbl ? " (double, crosswise)" : ""));
    node = h("span", { class: "mtl-slot" + (dbl ? " mtl-slot-double" : "") }, node);
    const isOpenDouble = dbl && train.open_double && i === list.length - 1;
    if (isOpenDouble) node.classList.add("mtl-slot-open-double");
    if (t.tile && hlTiles.some((x) => sameTile(x, t.tile))) node = highlightWrap(node, "▶ new");
    tiles.appendChild(node);
  });
  if (!list.length) {
    tiles.appendChild(h("span", { class: "mtl-empty", text: "not started" }));
  }
  if (train.open_end !== undefined && train.open_end !== null) {
    tiles.appendChild(h("span", { class: "mtl-open-end", text: `open end: ${train.open_end}` }));
  }

  const row = h("div", { class: classes.join(" "), "data-train": String(train.id) }, label, tiles);
  if (ctx.interactive) {
    const sel = ctx.selected;
    const btn = h("button", {
      type: "button",
      class: "mtl-btn mtl-target",
      "data-key": `train:${train.id}`,
      "aria-disabled": sel ? "false" : "true",
      text: sel ? `Play ${sel} here` : "Play here",
    });
    btn.setAttribute("aria-label", sel ? `Play ${sel} on ${name}` : `Play on ${name} (choose a tile first)`);
    btn.addEventListener("click", (ev) => {
      ev.stopPropagation();
      ctx.onTrain(train);
    });
    label.appendChild(btn);
    row.classList.add("mtl-clickable");
    row.addEventListener("click", () => ctx.onTrain(train));
  }
  return row;
}

function handsSection(view, ctx) {
  const section = h("div", { class: "mtl-hands" },
    h("h4", { class: "mtl-h", text: view.result ? "Hands and scores" : "Hands" }));
  const colour = view.set > 9;
  const hlTiles = asArray(ctx.highlights.tiles);
  for (const p of asArray(view.players)) {
    const toPlay = (p.to_play || view.to_play === p.seat) && !view.over;
    const head = h("div", { class: "mtl-hand-head" },
      h("span", { class: "mtl-hand-name", text: String(p.name) }),
      toPlay ? h("span", { class: "mtl-badge mtl-badge-toplay", text: "— to play" }) : null,
      p.marker ? badge("mtl-badge-marker", "marker out: train public", locoIcon()) : null,
      p.announced ? h("span", { class: "mtl-badge mtl-badge-uno", text: "said “one tile”" }) : null,
      h("span", { class: "mtl-count", text: `${p.hand_count} ${p.hand_count === 1 ? "tile" : "tiles"}` }),
      view.result && p.round_score !== null && p.round_score !== undefined
        ? h("span", { class: "mtl-score", text: `round: ${p.round_score}` }) : null,
      p.total !== null && p.total !== undefined && (view.result || p.total)
        ? h("span", { class: "mtl-score", text: `total: ${p.total}` }) : null);

    const tiles = h("div", { class: "mtl-hand-tiles" });
    const selectable = ctx.interactive && toPlay && Array.isArray(p.hand);
    if (Array.isArray(p.hand)) {
      if (!p.hand.length) tiles.appendChild(h("span", { class: "mtl-empty", text: "no tiles left" }));
      for (const t of p.hand) {
        let node;
        if (selectable) {
          const pressed = ctx.selected !== null && sameTile(ctx.selected, t);
          node = h("button", {
            type: "button",
            class: "mtl-tilebtn" + (pressed ? " mtl-selected" : ""),
            "aria-label": String(t),
            "aria-pressed": pressed ? "true" : "false",
            "data-key": `tile:${t}`,
          });
          const [a, b] = parseTile(t);
          const svg = dominoSvg(a, b, { vertical: true, colour });
          svg.setAttribute("aria-hidden", "true");
          node.appendChild(svg);
          if (pressed) node.appendChild(h("span", { class: "mtl-tag", "aria-hidden": "true", text: "selected" }));
          else if (ctx.showLegal && legalTrainsFor(view, t).size) {
            node.appendChild(h("span", { class: "mtl-tag mtl-tag-legal", "aria-hidden": "true", text: "playable" }));
          }
          node.addEventListener("click", () => ctx.onTile(t));
        } else {
          node = h("span", { class: "mtl-slot" }, tileImage(t, { vertical: true, colour }));
        }
        if (hlTiles.some((x) => sameTile(x, t))) node = highlightWrap(node, "▶ new");
        tiles.appendChild(node);
      }
    } else {
      const n = Math.max(0, p.hand_count | 0);
      const shown = Math.min(n, 20);
      const backs = h("span", { class: "mtl-backs", role: "img", "aria-label": `${n} hidden tiles` });
      for (let i = 0; i < shown; i++) backs.appendChild(tileBackSvg(true));
      tiles.appendChild(backs);
      tiles.appendChild(h("span", { class: "mtl-hidden-note", text: n > shown ? `+${n - shown} more, face down` : "face down" }));
    }
    section.appendChild(h("div", { class: "mtl-hand" + (toPlay ? " mtl-hand-toplay" : "") }, head, tiles));
  }
  if (view.result) {
    const r = view.result;
    const box = h("div", { class: "mtl-result" });
    if (r.text) box.appendChild(h("p", { class: "mtl-result-text", text: r.text }));
    const scores = asArray(r.scores);
    if (scores.length) {
      const table = h("table", { class: "mtl-scores" },
        h("caption", { text: r.blocked ? "Round scores (blocked round)" : "Round scores" }),
        h("thead", null, h("tr", null, h("th", { scope: "col", text: "Player" }), h("th", { scope: "col", text: "Pips" }))));
      const body = h("tbody");
      scores.forEach((sc, i) => {
        const seat = i + 1;
        const won = r.winner === seat;
        body.appendChild(h("tr", { class: won ? "mtl-winner" : null },
          h("th", { scope: "row", text: playerName(view, seat) + (won ? " (went out)" : "") }),
          h("td", { text: String(sc) })));
      });
      table.appendChild(body);
      box.appendChild(table);
    }
    section.appendChild(box);
  }
  return section;
}

// The whole position. ctx: {interactive, selected, showLegal, onTile, onTrain}
function viewSection(view, ctx) {
  if (!view || typeof view !== "object") {
    return h("p", { class: "mtl-empty", text: "No position to show." });
  }
  ctx.highlights = view.highlights || {};
  if (ctx.showLegal && ctx.selected) ctx.legalTargets = legalTrainsFor(view, ctx.selected);
  const trains = h("div", { class: "mtl-trains" }, h("h4", { class: "mtl-h", text: "Trains" }));
  for (const t of asArray(view.trains)) trains.appendChild(trainRow(view, t, ctx));
  const cls = "mtl-view" + (view.set > 12 ? " mtl-big-set" : "");
  return h("div", { class: cls }, headerSection(view), trains, handsSection(view, ctx),
    view.description ? wordsSection(view, ctx) : null);
}

// The engine's own plain-text description of the position, for screen readers and for
// anyone who prefers words to pictures. ctx.words keeps it open from one frame to the next.
function wordsSection(view, ctx) {
  const details = h("details", { class: "mtl-words" },
    h("summary", { text: "The position in words" }),
    h("pre", { class: "mtl-words-text", text: String(view.description) }));
  if (ctx.words && ctx.words.open) details.open = true;
  details.addEventListener("toggle", () => {
    if (ctx.words) ctx.words.open = details.open;
  });
  return details;
}

// ---------------------------------------------------------------- focus

function focusKey(root) {
  const a = root.ownerDocument.activeElement;
  if (!a || !root.contains(a)) return null;
  if (a === root) return "@root";
  return a.getAttribute("data-key");
}

function restoreFocus(root, key) {
  if (!key) return;
  if (key === "@root") {
    root.focus();
    return;
  }
  for (const node of root.querySelectorAll("[data-key]")) {
    if (node.getAttribute("data-key") === key) {
      node.focus();
      return;
    }
  }
  root.focus();
}

// ---------------------------------------------------------------- scenario

function renderScenario(model, el) {
  const words = { open: false };
  const root = h("div", { class: "mtl-root mtl-scenario", tabindex: "0" });
  root.setAttribute("aria-roledescription", "scenario player");
  el.appendChild(root);

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
    root.replaceChildren();

    const mkBtn = (k, label, aria, target, disabled) => {
      const b = h("button", { type: "button", class: "mtl-btn", "data-key": k, "aria-label": aria, text: label });
      if (disabled) b.setAttribute("aria-disabled", "true");
      b.addEventListener("click", () => go(target));
      return b;
    };
    const controls = h("div", { class: "mtl-controls", role: "group", "aria-label": "Step through the scenario" },
      mkBtn("first", "« First", "First step", 0, i === 0),
      mkBtn("prev", "◀ Previous", "Previous step", i - 1, i === 0),
      h("span", { class: "mtl-counter", "aria-label": `Step ${n ? i + 1 : 0} of ${n}`, text: `${n ? i + 1 : 0} / ${n}` }),
      mkBtn("next", "Next ▶", "Next step", i + 1, i >= n - 1),
      mkBtn("last", "Last »", "Last step", n - 1, i >= n - 1),
      h("span", { class: "mtl-keyhint", text: "Keys: ← → Home End" }));

    const narration = h("div", { class: "mtl-narration", "aria-live": "polite", "aria-atomic": "true" },
      frame && frame.step ? h("span", { class: "mtl-step", text: String(frame.step) }) : null,
      h("p", { class: "mtl-narration-text", text: frame && frame.narration ? String(frame.narration) : "" }));

    append(root, [
      title ? h("div", { class: "mtl-title", text: String(title) }) : null,
      controls,
      narration,
      frame ? viewSection(frame, { interactive: false, selected: null, showLegal: false, words })
        : h("p", { class: "mtl-empty", text: "This scenario has no steps." }),
    ]);
    restoreFocus(root, key);
  }

  function onKey(ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const i = index();
    let target = null;
    if (ev.key === "ArrowRight") target = i + 1;
    else if (ev.key === "ArrowLeft") target = i - 1;
    else if (ev.key === "Home") target = 0;
    else if (ev.key === "End") target = frames().length - 1;
    if (target === null) return;
    ev.preventDefault();
    go(target);
  }

  root.addEventListener("keydown", onKey);
  const onChange = () => draw();
  model.on("change:index", onChange);
  model.on("change:frames", onChange);
  model.on("change:title", onChange);
  draw();
  return () => {
    model.off("change:index", onChange);
    model.off("change:frames", onChange);
    model.off("change:title", onChange);
    root.removeEventListener("keydown", onKey);
    root.remove();
  };
}

// ---------------------------------------------------------------- board

function renderBoard(model, el) {
  const words = { open: false };
  const root = h("div", { class: "mtl-root mtl-board" });
  root.setAttribute("aria-label", "Mexican Train board");
  root.setAttribute("role", "region");
  el.appendChild(root);
  let selected = null;
  let note = "";

  function send(content) {
    model.send(content);
  }

  function onTile(tile) {
    selected = selected !== null && sameTile(selected, tile) ? null : tile;
    note = selected ? `Selected ${selected}. Now choose a train.` : "Selection cleared.";
    draw();
  }

  function onTrain(train) {
    if (selected === null) {
      note = "Choose a tile from your hand first, then a train.";
      draw();
      return;
    }
    const move = moveFor(selected, train);
    note = `Trying ${move}…`;
    draw();
    send({ action: "move", move });
  }

  function messageNode() {
    const msg = model.get("message");
    const box = h("div", { class: "mtl-message", "aria-live": "polite", "aria-atomic": "true" });
    if (!msg || typeof msg !== "object" || !msg.text) return box;
    const kind = msg.kind === "refusal" || msg.kind === "ok" ? msg.kind : "info";
    box.classList.add(`mtl-msg-${kind}`);
    const prefix = kind === "refusal" ? "✗ Not allowed: " : kind === "ok" ? "✓ " : "ℹ ";
    const text = String(msg.text);
    const p = h("p", null, h("strong", { text: prefix }));
    if (msg.rule) {
      const rule = String(msg.rule);
      const rulesUrl = model.get("rules_url") || "";
      const a = h("a", { class: "mtl-rule", href: ruleHref(rulesUrl, rule, msg.rule_url), text: rule });
      // "… (R-MARK-1)." becomes "… (rule R-MARK-1)." with the id as a link.
      const cite = `(${rule})`;
      const at = text.lastIndexOf(cite);
      if (at >= 0) append(p, [text.slice(0, at), "(rule ", a, ")", text.slice(at + cite.length)]);
      else append(p, [text, " (rule ", a, ")"]);
    } else {
      append(p, text);
    }
    box.appendChild(p);
    return box;
  }

  function draw() {
    const key = focusKey(root);
    const view = model.get("view");
    const showLegal = !!model.get("show_legal");
    root.replaceChildren();

    const btn = (k, label, content, extra) => {
      const b = h("button", Object.assign({ type: "button", class: "mtl-btn", "data-key": k, text: label }, extra || {}));
      b.addEventListener("click", () => content());
      return b;
    };
    const over = view && view.over;
    const controls = h("div", { class: "mtl-controls", role: "group", "aria-label": "Actions" },
      btn("draw", "Draw", () => send({ action: "draw" }), { disabled: over }),
      btn("pass", "Pass", () => send({ action: "pass" }), { disabled: over }),
      view && hasLegalMove(view, "uno")
        ? btn("uno", "Announce last tile", () => send({ action: "move", move: "uno" })) : null,
      view && hasLegalMove(view, "end")
        ? btn("end", "End turn", () => send({ action: "move", move: "end" })) : null,
      btn("undo", "Undo", () => send({ action: "undo" })),
      btn("legal", showLegal ? "✓ Showing legal moves" : "Show legal moves", () => {
        model.set("show_legal", !model.get("show_legal"));
        model.save_changes();
      }, { "aria-pressed": showLegal ? "true" : "false" }),
      view && view.hint && !over ? btn("hint", "Hint", () => {
        note = "Hint: " + String(view.hint);
        draw();
      }) : null);

    const ctx = { interactive: !over, selected, showLegal, onTile, onTrain, words };
    const hint = h("p", { class: "mtl-note", "aria-live": "polite", text: note });
    append(root, [
      controls,
      messageNode(),
      hint,
      viewSection(view, ctx),
    ]);

    if (showLegal && view) {
      const list = h("ul", { class: "mtl-legal-list" });
      for (const m of asArray(view.legal)) {
        list.appendChild(h("li", null, h("code", { text: String(m.move) }), " — ", String(m.text || "")));
      }
      if (!asArray(view.legal).length) list.appendChild(h("li", { text: "No legal moves." }));
      const box = h("div", { class: "mtl-legal" },
        h("h4", { class: "mtl-h", text: selected ? `Legal moves (selected tile: ${selected})` : "Legal moves" }), list);
      root.insertBefore(box, root.querySelector(".mtl-view"));
    }
    restoreFocus(root, key);
  }

  // A new view clears the selection unless the tile is still in the hand of the
  // player to play (e.g. a view refreshed for another reason).
  const onView = () => {
    const view = model.get("view") || {};
    const p = asArray(view.players).find((x) => x.seat === view.to_play);
    const hand = p && Array.isArray(p.hand) ? p.hand : [];
    if (selected !== null && !hand.some((t) => sameTile(t, selected))) selected = null;
    note = "";
    draw();
  };
  const onOther = () => {
    if (note.startsWith("Trying")) note = "";
    draw();
  };
  model.on("change:view", onView);
  model.on("change:message", onOther);
  model.on("change:show_legal", onOther);
  model.on("change:rules_url", onOther);
  draw();
  return () => {
    model.off("change:view", onView);
    model.off("change:message", onOther);
    model.off("change:show_legal", onOther);
    model.off("change:rules_url", onOther);
    root.remove();
  };
}

// ---------------------------------------------------------------- entry

function render({ model, el }) {
  const kind = model.get("kind");
  const isScenario = kind === "scenario" || (kind !== "board" && Array.isArray(model.get("frames")));
  return isScenario ? renderScenario(model, el) : renderBoard(model, el);
}

const widget = { render };
export default widget;
