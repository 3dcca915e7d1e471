// ---------------------------------------------------------------- tiles just laid
//
// The tiles the other players (the computer players) laid since the learner's last view
// are marked "▶ new" on the board. They are found by comparing two views: a train or
// branch that grew has new tiles at its end. The learner's own move is left out. A new
// round marks what the bots laid before the learner's first turn; Undo, a new match or a
// new game (a line got shorter) mark nothing.

import { asArray, sameTile } from "./view-data.js";
import { highlightWrap } from "./tiles.js";

/** @typedef {import("./protocol").View} View */
/**
 * The tiles per line of play of a view (lineCounts): the round (a string, to compare
 * two views) and the count of tiles by line id.
 * @typedef {{round: string, counts: Map<string, number>}} LineCounts
 */
/**
 * The tiles others laid since the learner's last view (freshTiles): by line id the
 * index of its first new tile, the learner's own move ("5-9@M") to leave out, and how
 * many tiles in all.
 * @typedef {{from: Record<string, number>, mine: string | null, n: number}} FreshTiles
 */

// Tiles per line of play (train or branch id) and the round they belong to.
/** @param {View | null | undefined} view @returns {LineCounts} */
export function lineCounts(view) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const t of asArray(view && view.trains)) {
    counts.set(String(t.id), asArray(t.tiles).length);
    for (const b of asArray(t.branches)) counts.set(String(b.id), asArray(b.tiles).length);
  }
  const match = view && view.match;
  return { round: match ? `${match.round}` : String(view && view.round), counts };
}

// {line id: index of its first new tile, mine: the learner's move} or null.
/** @param {LineCounts | null} before @param {LineCounts} after @param {View | null} _view
 * @param {string | null} myMove @returns {FreshTiles | null} */
export function freshTiles(before, after, _view, myMove) {
  if (!before) return null;
  const sameRound = before.round === after.round;
  if (sameRound) {
    for (const [id, n] of before.counts) if ((after.counts.get(id) || 0) < n) return null;
  }
  /** @type {FreshTiles} */
  const out = { from: {}, mine: myMove && /@/.test(myMove) ? myMove : null, n: 0 };
  for (const [id, n] of after.counts) {
    const was = sameRound ? before.counts.get(id) || 0 : 0;
    if (n > was) {
      out.from[id] = was;
      out.n += n - was;
    }
  }
  return out.n ? out : null;
}

// True when tile `i` (string `tile`) of line `id` is new and not the learner's own.
/** @param {FreshTiles | null | undefined} fresh @param {string} id @param {number} i @param {string} tile
 * @returns {boolean} */
export function isFresh(fresh, id, i, tile) {
  if (!fresh || !Object.prototype.hasOwnProperty.call(fresh.from, String(id))) return false;
  if (i < fresh.from[String(id)]) return false;
  if (fresh.mine) {
    const at = fresh.mine.indexOf("@");
    if (fresh.mine.slice(at + 1) === String(id) && sameTile(fresh.mine.slice(0, at), tile)) return false;
  }
  return true;
}

// A new tile: the highlight outline and the words "▶ new" (read by screen readers too).
/** @param {Node} node @returns {HTMLSpanElement} */
export function freshWrap(node) {
  const wrap = highlightWrap(node, "▶ new");
  wrap.classList.add("mtl-fresh");
  return wrap;
}
