// Stars, drawn in one place. How many a solved puzzle earns is decided in Python
// (mtlearn.content.puzzle_record.stars_for) and sent with the puzzle as a table
// (puzzle.stars: entry i is the stars for i slips; the last holds beyond); this file
// only reads the table and draws: "★★☆", with words for screen readers.

export const MAX_STARS = 3;

// A number of stars as a whole number 0..3, whatever was stored.
export function clampStars(n) {
  return Math.max(0, Math.min(MAX_STARS, n | 0));
}

// The stars earned with `slips` slips (wrong answers + hints), from the puzzle's table.
// A puzzle without a table (data from an older mtlearn) earns the least a solve gives.
export function starsFor(table, slips) {
  const t = Array.isArray(table) ? table : [];
  if (!t.length) return 1;
  return Math.max(1, clampStars(t[Math.max(0, Math.min(t.length - 1, slips | 0))]));
}

// The fewest slips that still earn all three stars (the par), read from the table.
export function parOf(table) {
  const t = Array.isArray(table) ? table : [];
  let par = 0;
  while (par + 1 < t.length && t[par + 1] >= MAX_STARS) par += 1;
  return par;
}

// "★★☆" for 2.
export function starText(n) {
  const k = clampStars(n);
  return "★".repeat(k) + "☆".repeat(MAX_STARS - k);
}
