// Stars, in one place: the rule (starRule), reading a puzzle's table of it, and drawing
// them ("★★☆", with words for screen readers). The puzzles (puzzle.js), the boards with
// steps (steps.js, stars sent in view.steps) and the progress table all use this file.

export const MAX_STARS = 3;

// A number of stars as a whole number 0..3, whatever was stored.
/** @param {unknown} n @returns {number} */
export function clampStars(n) {
  return Math.max(0, Math.min(MAX_STARS, Number(n) | 0));
}

// THE rule for stars, the same on every board with steps and every puzzle: a finished
// board or a solved puzzle earns 3 stars with at most `par` slips, then one fewer per slip
// over par, never fewer than 1. A slip is a hint taken or a move (or answer) refused or
// wrong; an undo is not a slip. A board's steps have a par of 0; a puzzle says its own par.
// Seeing a puzzle's answer earns none (the puzzle does not ask then). The engine applies
// the same rule (mtlearn.content.puzzle_record.stars_for) for the steps it ticks and sends
// it as a table with each puzzle; tests/js/view-data.test.mjs checks the two agree.
/** @param {number} slips @param {number} par @returns {number} */
export function starRule(slips, par) {
  return Math.max(1, MAX_STARS - Math.max(0, (slips | 0) - Math.max(0, par | 0)));
}

// The stars earned with `slips` slips (wrong answers + hints), from the puzzle's table
// (the rule above, as the engine sends it). A puzzle without a table (data from an older
// mtlearn) is read with a par of 0.
/** @param {unknown} table @param {number} slips @returns {number} */
export function starsFor(table, slips) {
  const t = Array.isArray(table) ? table : [];
  if (!t.length) return starRule(slips, 0);
  return Math.max(1, clampStars(t[Math.max(0, Math.min(t.length - 1, slips | 0))]));
}

// The fewest slips that still earn all three stars (the par), read from the table.
/** @param {unknown} table @returns {number} */
export function parOf(table) {
  const t = Array.isArray(table) ? table : [];
  let par = 0;
  while (par + 1 < t.length && t[par + 1] >= MAX_STARS) par += 1;
  return par;
}

// "★★☆" for 2.
/** @param {unknown} n @returns {string} */
export function starText(n) {
  const k = clampStars(n);
  return "★".repeat(k) + "☆".repeat(MAX_STARS - k);
}
