// The progress overview (mtlearn.content.puzzle_session.ProgressOverview, the book's
// "Your progress" table): fills each puzzle's row with the stars kept in this browser's
// localStorage, sums them up, and empties them all on "Reset all puzzle progress".
// An entry module of its own: the page calls mountProgress(root) after it.

import { PUZZLE_STORE } from "./puzzle-store.js";
import { clampStars, MAX_STARS, starText } from "./stars.js";

/** The record kept for puzzle `id`, or null (none, or unreadable).
 * @param {string | null} id @returns {{solved?: boolean, shown?: boolean, stars?: number} | null} */
function read(id) {
  try {
    return JSON.parse(localStorage.getItem(PUZZLE_STORE + id) || "null");
  } catch {
    return null;
  }
}

// The table's rows as the records read now: stars, "answer seen" or "not solved".
/** @param {Element} root */
export function fillProgress(root) {
  let solved = 0;
  let stars = 0;
  let total = 0;
  for (const row of root.querySelectorAll("tr[data-puzzle]")) {
    total += 1;
    const rec = read(row.getAttribute("data-puzzle"));
    const cell = row.querySelector(".mtl-progress-stars");
    const k = rec && rec.solved ? clampStars(rec.stars) : 0;
    if (rec && rec.solved) {
      solved += 1;
      stars += k;
    }
    cell.textContent = rec && rec.solved ? starText(k) : rec && rec.shown ? "answer seen" : "not solved";
    cell.setAttribute("data-stars", String(k));
  }
  root.querySelector(".mtl-progress-summary").textContent =
    `${solved} of ${total} puzzles solved, ${stars} of ${MAX_STARS * total} stars.`;
}

// Mount the table: fill it now, and empty it all on its reset button.
/** @param {Element} root */
export function mountProgress(root) {
  root.querySelector(".mtl-progress-reset").addEventListener("click", () => {
    for (const row of root.querySelectorAll("tr[data-puzzle]")) {
      try {
        localStorage.removeItem(PUZZLE_STORE + row.getAttribute("data-puzzle"));
      } catch {
        // storage disabled: nothing was kept
      }
    }
    fillProgress(root);
  });
  fillProgress(root);
}
