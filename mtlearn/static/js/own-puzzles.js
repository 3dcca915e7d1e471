// The learner's own puzzles in a page (issue 41): a mistake of a reviewed round saved as a
// puzzle ("Save as a puzzle" in review.js; the host made the record and the claims checker
// passed it) is kept in this browser's localStorage until the trainer's page opens, whose
// engine adds it to the learner's trainer state and schedules it (the spec's "own":
// mtlearn.trainer.trainer_session). Only keeping here: no rules, no scheduling.

/** Where a page keeps the learner's own puzzles (mistakes saved from a reviewed round)
 * until the trainer's engine adds them to its state (the trainer's spec "own"). */
export const OWN_STORE = "mtlearn.trainer.own";

/** The own puzzles kept in this browser (records), [] when none or storage is off.
 * @returns {Record<string, unknown>[]} */
export function loadOwnPuzzles() {
  try {
    const data = JSON.parse(globalThis.localStorage.getItem(OWN_STORE) || "[]");
    return Array.isArray(data) ? data.filter((r) => r && typeof r === "object") : [];
  } catch {
    return [];
  }
}

/** Keep an own puzzle's record (from "Save as a puzzle") for the trainer, once per id, the
 * latest 200. @param {Record<string, unknown>} record */
export function keepOwnPuzzle(record) {
  try {
    const kept = loadOwnPuzzles().filter((r) => r.id !== record.id);
    kept.push(record);
    globalThis.localStorage.setItem(OWN_STORE, JSON.stringify(kept.slice(-200)));
  } catch {
    // storage disabled: the puzzle is simply not kept
  }
}
