// A learner's puzzle progress in the browser: one record per puzzle in localStorage
// (the book, a saved page), made safe to draw whatever was stored. In JupyterLab the
// kernel keeps the records (mtlearn.content.puzzle_session) and sends them in the model.

import { clampStars } from "./stars.js";

/** @typedef {import("./puzzle-state.js").PuzzleRecord} PuzzleRecord */

export const PUZZLE_STORE = "mtlearn.puzzle.";

// A stored record made safe to draw: not an object (or an array) reads as none, and
// the stars are clamped to what a puzzle gives (1-3 once solved, else 0-3), so a
// damaged or hand-edited record never draws a million stars. As clean_record in
// mtlearn/content/puzzle_session.py does for the kernel's progress file.
/** @param {unknown} stored @returns {PuzzleRecord | null} */
export function cleanRecord(stored) {
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return null;
  const rec = /** @type {Record<string, unknown>} */ (stored);
  // the other keys are kept as they are (the kernel's record may hold more)
  const out = /** @type {PuzzleRecord} */ (Object.assign({}, rec));
  out.solved = rec.solved === true;
  out.shown = rec.shown === true;
  const low = out.solved ? 1 : 0;
  for (const key of /** @type {const} */ (["stars", "last_stars"])) {
    if (!(key in rec)) continue;
    const n = rec[key];
    out[key] = typeof n === "number" && Number.isFinite(n) ? Math.max(low, clampStars(Math.trunc(n))) : low;
  }
  return out;
}

/** This browser's record of puzzle `id`, or null. @param {string} id @returns {PuzzleRecord | null} */
export function localRecord(id) {
  try {
    const raw = window.localStorage.getItem(PUZZLE_STORE + id);
    return cleanRecord(raw ? JSON.parse(raw) : null);
  } catch {
    return null;  // unreadable (not JSON, nested too deeply for the parser): no record
  }
}

/** Keep (or, with null, forget) this browser's record of puzzle `id`.
 * @param {string} id @param {PuzzleRecord | Record<string, unknown> | null} rec */
export function saveLocalRecord(id, rec) {
  try {
    if (rec) window.localStorage.setItem(PUZZLE_STORE + id, JSON.stringify(rec));
    else window.localStorage.removeItem(PUZZLE_STORE + id);
  } catch {
    // storage disabled (private window, file://): progress is simply not kept
  }
}

