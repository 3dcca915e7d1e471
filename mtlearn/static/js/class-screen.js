// What the class pages' screens need beside the board (class-main.js): how many columns
// the projector's tables take to be as large as they can on one screen, the words of a
// notice from the server, and a student's view without the buttons a class table refuses.
// No DOM here: node's unit tests (tests/js/class-screen.test.mjs) call these directly.

/**
 * The grid of `n` tables on a `width`×`height` area that draws them largest: every
 * table is `w`×`h` at its natural size and scaled by the same factor to fit its cell;
 * `gap` pixels between cells. Returns {cols, rows, scale}.
 * @param {number} n @param {number} width @param {number} height
 * @param {number} w @param {number} h @param {number} [gap]
 * @returns {{cols: number, rows: number, scale: number}}
 */
export function bestGrid(n, width, height, w, h, gap = 0) {
  let best = { cols: 1, rows: Math.max(1, n), scale: 0 };
  for (let cols = 1; cols <= Math.max(1, n); cols++) {
    const rows = Math.max(1, Math.ceil(n / cols));
    if (cols > 1 && (cols - 1) * rows >= n) continue; // a whole empty column
    const cellW = (width - gap * (cols - 1)) / cols;
    const cellH = (height - gap * (rows - 1)) / rows;
    const scale = Math.max(0, Math.min(cellW / w, cellH / h));
    if (scale > best.scale + 1e-9) best = { cols, rows, scale };
  }
  return best;
}

/**
 * The text of a notice the server sends a student (the teacher moved or renamed them, a
 * computer took their seat, the table is paused…), or null when `msg` is not one. Read
 * defensively: {type: "notice", text} or {kind: "notice", text}; a text that is not a
 * string, or is empty, is no notice; at most 300 characters are shown.
 * @param {unknown} msg @returns {string | null}
 */
export function noticeText(msg) {
  if (!msg || typeof msg !== "object") return null;
  const m = /** @type {Record<string, unknown>} */ (msg);
  if (m.type !== "notice" && m.kind !== "notice") return null;
  const text = typeof m.text === "string" ? m.text.trim() : "";
  if (!text) return null;
  return text.length > 300 ? text.slice(0, 299) + "…" : text;
}

/**
 * A student's view as their board should draw it: at a class table only the teacher deals
 * the next round or starts a new match (the server refuses a student's), so the view
 * offers neither (match.js draws no Next round ▶ / New match button then). The view
 * given is not changed.
 * @template T @param {T} view @returns {T}
 */
export function studentView(view) {
  const v = /** @type {any} */ (view);
  if (!v || typeof v !== "object" || !v.match || typeof v.match !== "object") return view;
  return /** @type {T} */ ({ ...v, match: { ...v.match, next_round: false, new_match: false } });
}

/**
 * What a student is told at a round's or the match's end (null while a round is played).
 * @param {unknown} view @returns {string | null}
 */
export function roundEndText(view) {
  const match = view && typeof view === "object" ? /** @type {any} */ (view).match : null;
  if (!match || !match.round_over) return null;
  if (match.match_over) return "The match is over: your teacher starts the next one.";
  return `Round ${match.round} of ${match.rounds} is over: your teacher deals the next round.`;
}

/**
 * True for an address only this machine reaches (the projector then does not print it for
 * the students: the QR code holds the room's address).
 * @param {string} host @returns {boolean}
 */
export function isLoopback(host) {
  const name = String(host || "").replace(/:\d+$/, "").replace(/^\[|\]$/g, "");
  return name === "localhost" || name === "::1" || /^127\./.test(name);
}

/**
 * How many of `n` tables the projector shows at once so that its smallest name or train
 * text (`font` px at the tables' natural size, `w`×`h`) is drawn at least `minPx` px on a
 * `width`×`height` area (a table is scaled at most `maxScale`): all `n` when they are
 * legible together, else fewer, shown in turn (at least 1). Returns {perScreen, pages, grid}.
 * @param {number} n @param {number} width @param {number} height @param {number} w @param {number} h
 * @param {number} font @param {number} minPx @param {number} maxScale @param {number} [gap]
 * @returns {{perScreen: number, pages: number, grid: {cols: number, rows: number, scale: number}}}
 */
export function legibleGrid(n, width, height, w, h, font, minPx, maxScale, gap = 0) {
  let k = Math.max(1, n);
  let grid = bestGrid(k, width, height, w, h, gap);
  while (k > 1 && Math.min(grid.scale, maxScale) * font < minPx) {
    k -= 1;
    grid = bestGrid(k, width, height, w, h, gap);
  }
  return { perScreen: k, pages: Math.max(1, Math.ceil(n / k)), grid };
}
