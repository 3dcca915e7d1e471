// Branching doubles (R-VAR-BRANCH) and partnerships (R-VAR-TEAMS) on the board.
//
// A train's "branches" (view format: trains[i].branches) are drawn under the train as
// lines of their own: each starts with the covered double it grows from (drawn
// crosswise), shows its tiles and its open end, and is a target of its own ("Play
// here" sends e.g. "5-0@2.3a"). The double a branch grows from is tagged in its line.
// Teams (players[i].team / partner, trains[i].team / partner) add a team badge to
// hands and trains, and a partner's private train says that it is open to the
// teammate. The hooks are called from view-parts.js.

import { asArray, parseTile, playerName, sameTile } from "./view-data.js";
import { h } from "./dom.js";
import { freshWrap, isFresh } from "./new-tiles.js";
import { badge, highlightWrap, tileImage, uid } from "./tiles.js";
import { level } from "./keys.js";
import { addPlayHere } from "./targets.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").Train} Train */
/** @typedef {import("./protocol").Branch} Branch */
/** @typedef {import("./protocol").Player} Player */
/** @typedef {import("./view-parts.js").ViewContext} ViewContext */

// A team as a badge names it: "Team 1", and the team's name after it when it has one.
/** @param {View} view @param {number} team @returns {string} */
function teamLabel(view, team) {
  const t = asArray(view.teams).find((x) => x.team === team);
  return t && t.name ? `Team ${team}: ${t.name}` : `Team ${team}`;
}

// Badges for a train: its team, and "open to partner X" on a private team train.
/** @param {Element} badges @param {View} view @param {Train} train */
export function appendTrainTeamBadges(badges, view, train) {
  if (!train || train.mexican || !train.team) return;
  badges.appendChild(h("span", { class: `mtl-badge mtl-badge-team mtl-team-${train.team % 4}`, text: teamLabel(view, train.team) }));
  if (train.partner && !train.public) {
    badges.appendChild(h("span", {
      class: "mtl-badge mtl-badge-partner",
      text: `open to partner ${playerName(view, train.partner)}`,
    }));
  }
}

// Badges for a hand: team and partner.
/** @param {View} view @param {Player} p @returns {HTMLSpanElement | null} */
export function handTeamBadge(view, p) {
  if (!p || !p.team) return null;
  return h("span", {
    class: `mtl-badge mtl-badge-team mtl-team-${p.team % 4}`,
    text: `team ${p.team}, partner of ${playerName(view, p.partner)}`,
  });
}

// The team totals under the round's scores (or on their own during a match).
/** @param {View} view @returns {HTMLTableElement | null} */
export function teamScoresNode(view) {
  const teams = asArray(view.teams);
  if (!teams.length) return null;
  const table = h("table", { class: "mtl-scores mtl-team-scores" },
    h("caption", { text: "Team scores" }),
    h("thead", null, h("tr", null,
      h("th", { scope: "col", text: "Team" }),
      h("th", { scope: "col", text: "Round" }),
      h("th", { scope: "col", text: "Total" }))));
  const body = h("tbody");
  for (const t of teams) {
    body.appendChild(h("tr", null,
      h("th", { scope: "row", text: String(t.name || `Team ${t.team}`) }),
      h("td", { text: t.round_score === null || t.round_score === undefined ? "–" : String(t.round_score) }),
      h("td", { text: String(t.total === undefined ? "" : t.total) })));
  }
  table.appendChild(body);
  return table;
}

// The slot nodes of a line's tiles, in order (a highlighted tile is wrapped).
/** @param {Element} tilesNode @returns {Element[]} */
function lineSlots(tilesNode) {
  return [...tilesNode.children].filter((c) => c.classList.contains("mtl-slot") || c.classList.contains("mtl-hl"));
}

// Draw the branches of `train` under its row. ctx as for trainRow.
/** @param {HTMLElement} row @param {View} view @param {Train} train @param {ViewContext} ctx */
export function appendBranches(row, view, train, ctx) {
  const branches = asArray(train.branches);
  if (!branches.length) return;
  const box = h("div", { class: "mtl-branches", role: "group", "aria-label": `Branches of ${train.label || "this train"}` });
  /** @type {Record<string, HTMLElement>} */
  const rowsById = { [String(train.id)]: row };
  for (const b of branches) {
    const node = branchRow(view, train, b, ctx);
    rowsById[String(b.id)] = node;
    box.appendChild(node);
    // tag the double this branch grows from, in its parent line
    const parent = rowsById[String(b.parent)];
    const tilesNode = parent && parent.querySelector(":scope > .mtl-train-tiles");
    if (tilesNode) {
      const slot = lineSlots(tilesNode)[(b.at | 0) - 1];
      if (slot && !slot.querySelector(".mtl-branch-tag")) {
        slot.classList.add("mtl-slot-branched");
        slot.appendChild(h("span", { class: "mtl-branch-tag", text: `branches ${b.at}a, ${b.at}b` }));
      }
    }
  }
  row.appendChild(box);
}

// A branch's line: its name, where it grows from, the double, its tiles and "Play here".
/** @param {View} view @param {Train} train @param {Branch} b @param {ViewContext} ctx @returns {HTMLDivElement} */
function branchRow(view, train, b, ctx) {
  const hlTiles = asArray(ctx.highlights.tiles);
  const highlighted = asArray(ctx.highlights.trains).includes(b.id);
  const canPlayHere = ctx.legalTargets && ctx.legalTargets.has(String(b.id));
  const classes = ["mtl-branch", `mtl-branch-depth-${Math.min(String(b.name || "").split(".").length, 3)}`];
  if (b.open_double) classes.push("mtl-has-open-double");
  if (highlighted) classes.push("mtl-train-hl");
  if (canPlayHere) classes.push("mtl-can-play");
  const badges = h("div", { class: "mtl-badges" });
  if (b.open_double) badges.appendChild(badge("mtl-badge-double", `⚠ ${b.double_words || "open double: cover it first"}`));
  if (highlighted) badges.appendChild(h("span", { class: "mtl-badge mtl-badge-hl", text: "▶ look here" }));
  if (canPlayHere) badges.appendChild(h("span", { class: "mtl-badge mtl-badge-legal", text: "✓ can play here" }));
  const nameId = uid("mtl-branch-name");
  const label = h("div", { class: "mtl-train-label mtl-branch-label" },
    h("span", { class: "mtl-train-name", id: nameId, role: "heading", "aria-level": String(level(ctx) + 2) },
      h("span", { class: "mtl-branch-mark", "aria-hidden": "true", text: "⤷ " }), `Branch ${b.name}`),
    h("span", { class: "mtl-branch-from", text: `from ${b.double} (tile ${b.at} of ${b.parent_label || train.label})` }),
    badges);
  const colour = view.set > 9;
  const tiles = h("div", { class: "mtl-train-tiles" });
  const [d] = parseTile(b.double);
  const knot = tileImage(`${d}-${d}`, { vertical: true, colour });
  knot.setAttribute("aria-label", `${d}-${d} (the double this branch grows from)`);
  tiles.appendChild(h("span", { class: "mtl-slot mtl-slot-double mtl-branch-root" }, knot));
  const list = asArray(b.tiles);
  list.forEach((t, i) => {
    const dbl = t.double || t.inward === t.outward;
    let node = tileImage(`${t.inward}-${t.outward}`, { vertical: dbl, colour });
    // named as drawn, the inward number first, like every tile of a line of play
    node.setAttribute("aria-label", `${t.inward}-${t.outward}` + (dbl ? " (double, crosswise)" : ""));
    node = h("span", { class: "mtl-slot" + (dbl ? " mtl-slot-double" : "") }, node);
    if (dbl && b.open_double && i === list.length - 1) node.classList.add("mtl-slot-open-double");
    if (isFresh(ctx.fresh, b.id, i, `${t.inward}-${t.outward}`)) node = freshWrap(node);
    else if (t.tile && hlTiles.some((x) => sameTile(x, t.tile))) node = highlightWrap(node, "▶ new");
    tiles.appendChild(node);
  });
  if (!list.length) tiles.appendChild(h("span", { class: "mtl-empty", text: "empty branch" }));
  tiles.appendChild(h("span", { class: "mtl-open-end", text: `open end: ${b.open_end}` }));
  const node = h("div", {
    class: classes.join(" "),
    "data-train": String(b.id),
    role: "group",
    "aria-labelledby": nameId,
  }, label, tiles);
  if (ctx.interactive) addPlayHere(node, ctx, b, `branch ${b.name} of ${train.label}`, true);
  return node;
}
