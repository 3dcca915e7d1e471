// The parts of a drawn view shared by every widget kind: the header, the trains with
// their targets, the hands, the words (a text version) and keeping the keyboard focus
// across a redraw.

import { appendBranches, appendTrainTeamBadges, handTeamBadge, teamScoresNode } from "./branches.js";
import { asArray, parseTile, playerName, sameTile } from "./view-data.js";
import { append, h, inWords, withRuleLinks } from "./dom.js";
import { freshWrap, isFresh } from "./new-tiles.js";
import { handStop, isPlayable, legalTargets, level, trainStop, trainTileName } from "./keys.js";
import { badge, dominoSvg, highlightWrap, locoIcon, tileBackSvg, tileImage, uid } from "./tiles.js";
import { addPlayHere } from "./targets.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").Train} Train */
/** @typedef {import("./protocol").Branch} Branch */
/** @typedef {import("./protocol").Highlights} Highlights */
/** @typedef {import("./protocol").Player} Player */
/** @typedef {import("./new-tiles.js").FreshTiles} FreshTiles */
/** @typedef {import("./tiles.js").Disclosure} Disclosure */
/**
 * The keyboard's remembered tab stops (keys.js): the hand tile and the train (or
 * branch) id the focus was on last.
 * @typedef {{hand: string | null, train: string | null}} Rove
 */
/**
 * What viewSection draws a view with, besides the view: the widget's state (a board's,
 * a puzzle's, a scenario frame's) and its handlers. viewSection itself fills in the
 * last three (highlights, legalTargets, trainStop) for the parts it calls.
 * @typedef {object} ViewContext
 * @property {boolean} interactive    the hand and the trains take clicks
 * @property {string | null} selected  the hand tile picked, waiting for a train
 * @property {boolean} showLegal       mark the tiles and trains with a legal move
 * @property {(tile: string) => void} [onTile]  a hand tile clicked
 * @property {(target: Train | Branch) => void} [onTrain]  a train or branch clicked
 * @property {Disclosure} [words]      the position in words kept open across frames
 * @property {FreshTiles | null} [fresh]  tiles others laid since the learner's last view
 * @property {Rove} [rove]
 * @property {string} [handId]         the id of the hand to play from (the skip link's target)
 * @property {number} [headLevel]      the sections' heading level (keys.js: headingBase)
 * @property {{tile: string, train: string} | null} [laid]  a scenario frame's tile just laid
 * @property {Partial<Highlights>} [highlights]  the view's (none: {})
 * @property {Set<string>} [legalTargets]  where the selected tile may go, when showLegal
 * @property {string | null} [trainStop]   the trains' tab stop (data-key train:ID)
 */

// The header: the engine (the central double), the round, the set, the boneyard, whose
// turn it is, and the status line.
/** @param {View} view @returns {HTMLDivElement} */
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
      view.status ? h("p", { class: "mtl-status", text: inWords(view.status) }) : null));
}

// Orientation for a move: the end matching the train's open end goes inward.
/** @param {string} tile @param {{id: string, open_end: number}} train @returns {string} */
export function moveFor(tile, train) {
  const [a, b] = parseTile(tile);
  const end = train.open_end;
  if (a === end) return `${a}-${b}@${train.id}`;
  if (b === end) return `${b}-${a}@${train.id}`;
  return `${a}-${b}@${train.id}`;
}

const legalTrainsFor = legalTargets;

// True when the move `name` ("draw", "uno", "end") is legal in `view`.
/** @param {View} view @param {string} name @returns {boolean} */
export function hasLegalMove(view, name) {
  return asArray(view.legal).some((m) => m.move === name);
}

// A train's row: its name, badges, tiles, open end and "Play here", then its branches.
/** @param {View} view @param {Train} train @param {ViewContext} ctx @returns {HTMLDivElement} */
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
    badges.appendChild(badge("mtl-badge-double", `⚠ ${train.double_words || "open double: cover it first"}`));
  }
  appendTrainTeamBadges(badges, view, train);
  if (highlighted) badges.appendChild(h("span", { class: "mtl-badge mtl-badge-hl", text: "▶ look here" }));
  if (canPlayHere) badges.appendChild(h("span", { class: "mtl-badge mtl-badge-legal", text: "✓ can play here" }));

  // A group named by its heading-like name; what the train shows (badges, tiles, open
  // end) is read before its Play button, which comes last in the row.
  const nameId = uid("mtl-train-name");
  const label = h("div", { class: "mtl-train-label" },
    h("span", { class: "mtl-train-name", id: nameId, role: "heading", "aria-level": String(level(ctx) + 1) },
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
    // named as drawn, the inward number first (the view's "tile" is the canonical name)
    let node = tileImage(`${inward}-${outward}`, { vertical: dbl, colour, name: trainTileName(t) });
    node = h("span", { class: "mtl-slot" + (dbl ? " mtl-slot-double" : "") }, node);
    const isOpenDouble = dbl && train.open_double && i === list.length - 1;
    if (isOpenDouble) node.classList.add("mtl-slot-open-double");
    const last = i === list.length - 1;
    if (last && ctx.laid && ctx.laid.train === String(train.id) && sameTile(ctx.laid.tile, t.tile || `${inward}-${outward}`)) {
      node = highlightWrap(node, "▶ new");
    } else if (isFresh(ctx.fresh, train.id, i, t.tile || `${inward}-${outward}`)) {
      node = freshWrap(node);  // laid by another player since the learner's last view
    } else if (t.tile && hlTiles.some((x) => sameTile(x, t.tile))) {
      node = highlightWrap(node, "▶ look");
    }
    tiles.appendChild(node);
  });
  if (!list.length) {
    tiles.appendChild(h("span", { class: "mtl-empty", text: "not started" }));
  }
  if (train.open_end !== undefined && train.open_end !== null) {
    tiles.appendChild(h("span", { class: "mtl-open-end", text: `open end: ${train.open_end}` }));
  }

  const row = h("div", { class: classes.join(" "), "data-train": String(train.id),
    role: "group", "aria-labelledby": nameId }, label, tiles);
  if (ctx.interactive) addPlayHere(row, ctx, train, name, false);
  appendBranches(row, view, train, ctx);
  return row;
}

// A hand's heading line: the name, "to play", the marker, the team, "one tile", the count
// and the scores.
/** @param {View} view @param {Player} p @param {boolean} toPlay @returns {HTMLDivElement} */
function handHead(view, p, toPlay) {
  return h("div", { class: "mtl-hand-head" },
    h("span", { class: "mtl-hand-name", text: String(p.name) }),
    toPlay ? h("span", { class: "mtl-badge mtl-badge-toplay", text: "— to play" }) : null,
    p.marker ? badge("mtl-badge-marker", "marker out: train public", locoIcon()) : null,
    handTeamBadge(view, p),
    p.announced ? h("span", { class: "mtl-badge mtl-badge-uno", text: "said “one tile”" }) : null,
    h("span", { class: "mtl-count", text: `${p.hand_count} ${p.hand_count === 1 ? "tile" : "tiles"}` }),
    view.result && p.round_score !== null && p.round_score !== undefined
      ? h("span", { class: "mtl-score", text: `round: ${p.round_score}` }) : null,
    p.total !== null && p.total !== undefined && (view.result || p.total)
      ? h("span", { class: "mtl-score", text: `total: ${p.total}` }) : null);
}

// A tile of the hand to play from: a button that picks it (one tile of the hand is the
// tab stop, `stop`), with its tag beside it ("selected", or "playable" with legal moves shown).
/** @param {View} view @param {string} t @param {ViewContext} ctx @param {string | null} stop
 * @param {boolean} colour @returns {HTMLSpanElement} */
function handTileButton(view, t, ctx, stop, colour) {
  const pressed = ctx.selected !== null && sameTile(ctx.selected, t);
  const node = h("button", {
    type: "button",
    class: "mtl-tilebtn" + (pressed ? " mtl-selected" : ""),
    "aria-label": String(t),
    "aria-pressed": pressed ? "true" : "false",
    "data-key": `tile:${t}`,
    "data-rove": "",
    "data-playable": isPlayable(view, t) ? "" : null,
    // where the tile may go (keys.js: M plays it on the Mexican train)
    "data-targets": [...legalTargets(view, t)].join(" ") || null,
    tabindex: stop !== null && sameTile(stop, t) ? "0" : "-1",
  });
  const [a, b] = parseTile(t);
  const svg = dominoSvg(a, b, { vertical: true, colour });
  svg.setAttribute("aria-hidden", "true");
  node.appendChild(svg);
  // The visible numbers are the button's text, so name and label agree.
  node.appendChild(h("span", { class: "mtl-num", text: `${a}-${b}` }));
  node.addEventListener("click", () => ctx.onTile(t));
  // Tags sit beside the button (not inside it) and stay readable by screen
  // readers: "playable" describes the button.
  let tag = null;
  if (pressed) tag = h("span", { class: "mtl-tag", "aria-hidden": "true", text: "selected" });
  else if (ctx.showLegal && legalTrainsFor(view, t).size) {
    const id = uid("mtl-tag");
    tag = h("span", { class: "mtl-tag mtl-tag-legal", id, text: "playable" });
    node.setAttribute("aria-describedby", id);
  }
  return h("span", { class: "mtl-handslot" }, node, tag);
}

// A hidden hand: its backs (20 at most) and how many there are.
/** @param {HTMLElement} tiles @param {Player} p */
function appendBacks(tiles, p) {
  const n = Math.max(0, p.hand_count | 0);
  const shown = Math.min(n, 20);
  const backs = h("span", { class: "mtl-backs", role: "img", "aria-label": `${n} hidden tiles` });
  for (let i = 0; i < shown; i++) backs.appendChild(tileBackSvg(true));
  tiles.appendChild(backs);
  tiles.appendChild(h("span", { class: "mtl-hidden-note", text: n > shown ? `+${n - shown} more, face down` : "face down" }));
}

// A player's hand: its heading line and its tiles (buttons for the hand to play from,
// pictures for the others, backs for a hidden one).
/** @param {View} view @param {Player} p @param {ViewContext} ctx @returns {{hand: HTMLDivElement, selectable: boolean}} */
function handNode(view, p, ctx) {
  const colour = view.set > 9;
  const hlTiles = asArray(ctx.highlights.tiles);
  const toPlay = (p.to_play || view.to_play === p.seat) && !view.over;
  const tiles = h("div", { class: "mtl-hand-tiles" });
  const selectable = ctx.interactive && toPlay && Array.isArray(p.hand);
  // The hand to play from is one tab stop (keys.js): one tile has tabindex 0.
  const stop = selectable ? handStop(view, p.hand, ctx.selected, ctx.rove && ctx.rove.hand) : null;
  if (selectable) {
    tiles.setAttribute("data-roving", "hand");
    tiles.setAttribute("role", "group");
    tiles.setAttribute("aria-label", `${p.name}'s hand`);
    tiles.setAttribute("id", ctx.handId || uid("mtl-hand"));
  }
  if (Array.isArray(p.hand)) {
    if (!p.hand.length) tiles.appendChild(h("span", { class: "mtl-empty", text: "no tiles left" }));
    for (const t of p.hand) {
      /** @type {HTMLElement} */
      let node = selectable ? handTileButton(view, t, ctx, stop, colour)
        : h("span", { class: "mtl-slot" }, tileImage(t, { vertical: true, colour }));
      if (hlTiles.some((x) => sameTile(x, t))) node = highlightWrap(node, "▶ look");
      tiles.appendChild(node);
    }
  } else {
    appendBacks(tiles, p);
  }
  const hand = h("div", { class: "mtl-hand" + (toPlay ? " mtl-hand-toplay" : "") }, handHead(view, p, toPlay), tiles);
  return { hand, selectable };
}

// The round's result under the hands: its words, each player's pips, the team totals.
/** @param {View} view @param {import("./protocol").Result} r @returns {HTMLDivElement} */
function resultNode(view, r) {
  const box = h("div", { class: "mtl-result" });
  if (r.text) box.appendChild(h("p", { class: "mtl-result-text" }, withRuleLinks(r.text, "")));
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
  append(box, teamScoresNode(view));
  return box;
}

// Every hand (the one to play from first), and the round's scores once it is over.
/** @param {View} view @param {ViewContext} ctx @returns {HTMLDivElement} */
function handsSection(view, ctx) {
  const section = h("div", { class: "mtl-hands" },
    h("p", { class: "mtl-h", role: "heading", "aria-level": String(level(ctx)), text: view.result ? "Hands and scores" : "Hands" }));
  for (const p of asArray(view.players)) {
    const { hand, selectable } = handNode(view, p, ctx);
    // The hand to play from is read first (DOM order; the CSS keeps the picture's order).
    if (selectable) section.insertBefore(hand, section.children[1] || null);
    else section.appendChild(hand);
  }
  if (view.result) section.appendChild(resultNode(view, view.result));
  return section;
}

// The whole position. ctx: {interactive, selected, showLegal, onTile, onTrain}
/** @param {View | null | undefined} view @param {ViewContext} ctx @returns {HTMLElement} */
export function viewSection(view, ctx) {
  if (!view || typeof view !== "object") {
    return h("p", { class: "mtl-empty", text: "No position to show." });
  }
  ctx.highlights = view.highlights || {};
  if (ctx.showLegal && ctx.selected) ctx.legalTargets = legalTrainsFor(view, ctx.selected);
  // With a tile picked, the trains are one tab stop (keys.js): one "Play here" has tabindex 0.
  ctx.trainStop = ctx.selected ? trainStop(view, ctx.selected, ctx.rove && ctx.rove.train) : null;
  const trains = h("div", { class: "mtl-trains", "data-roving": "trains" },
    h("p", { class: "mtl-h", role: "heading", "aria-level": String(level(ctx)), text: "Trains" }));
  for (const t of asArray(view.trains)) trains.appendChild(trainRow(view, t, ctx));
  const cls = "mtl-view" + (view.set > 12 ? " mtl-big-set" : "");
  // The hands come before the trains in the DOM (one's own hand is read first); the CSS
  // draws the trains above them.
  return h("div", { class: cls }, headerSection(view), handsSection(view, ctx), trains,
    view.description ? wordsSection(view, ctx) : null);
}

// The engine's own plain-text description of the position, for screen readers and for
// anyone who prefers words to pictures. ctx.words keeps it open from one frame to the next.
/** @param {View} view @param {ViewContext} ctx @returns {HTMLDetailsElement} */
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

// The data-key of the control of `root` that has the focus ("@root": the root itself),
// or null when the focus is elsewhere.
/** @param {Element} root @returns {string | null} */
export function focusKey(root) {
  const a = root.ownerDocument.activeElement;
  if (!a || !root.contains(a)) return null;
  if (a === root) return "@root";
  return a.getAttribute("data-key");
}

// Put the focus back on the control with data-key `key` after a redraw. When it is gone
// or disabled, `alt` (data-key -> data-key) names the next best; then the hand's tab
// stop; then the root (never <body>).
/** @param {HTMLElement} root @param {string | null} key @param {Record<string, string>} [alt] */
export function restoreFocus(root, key, alt) {
  if (!key) return;
  if (key === "@root") {
    focusRoot(root);
    return;
  }
  const tried = new Set();
  for (let k = key; k && !tried.has(k); k = alt && alt[k]) {
    tried.add(k);
    if (k === "@root") {
      focusRoot(root);
      return;
    }
    const node = byKey(root, k);
    if (node && !("disabled" in node && node.disabled)) {
      node.focus();
      return;
    }
  }
  const stop = /** @type {HTMLElement | null} */ (root.querySelector('[data-roving="hand"] [tabindex="0"]'));
  if (stop) stop.focus();
  else focusRoot(root);
}

// The element of `root` with data-key `key`, or null.
/** @param {Element} root @param {string} key @returns {HTMLElement | null} */
export function byKey(root, key) {
  // every data-key is on an HTML element: a button, a link, a summary, a select
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-key]"))) {
    if (node.getAttribute("data-key") === key) return node;
  }
  return null;
}

// The focus on the board itself (focusable without being a tab stop).
/** @param {HTMLElement} root */
function focusRoot(root) {
  if (!root.hasAttribute("tabindex")) root.setAttribute("tabindex", "-1");
  root.focus();
}
