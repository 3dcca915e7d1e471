// ---------------------------------------------------------------- tiles just laid
//
// The tiles the other players (the computer players) laid since the learner's last view
// are marked "▶ new" on the board. They are found by comparing two views: a train or
// branch that grew has new tiles at its end. The learner's own move is left out. A new
// round marks what the bots laid before the learner's first turn; Undo, a new match or a
// new game (a line got shorter) mark nothing.

import { asArray, sameTile } from "./view-data.js";
import { highlightWrap } from "./tiles.js";

// Tiles per line of play (train or branch id) and the round they belong to.
export function lineCounts(view) {
  const counts = new Map();
  for (const t of asArray(view && view.trains)) {
    counts.set(String(t.id), asArray(t.tiles).length);
    for (const b of asArray(t.branches)) counts.set(String(b.id), asArray(b.tiles).length);
  }
  const match = view && view.match;
  return { round: match ? `${match.round}` : String(view && view.round), counts };
}

// {line id: index of its first new tile, mine: the learner's move} or null.
export function freshTiles(before, after, _view, myMove) {
  if (!before) return null;
  const sameRound = before.round === after.round;
  if (sameRound) {
    for (const [id, n] of before.counts) if ((after.counts.get(id) || 0) < n) return null;
  }
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
export function freshWrap(node) {
  const wrap = highlightWrap(node, "▶ new");
  wrap.classList.add("mtl-fresh");
  return wrap;
}
