// The answer widgets played on the board: one move ("board-move"), a whole turn move by
// move ("board-turn") and a list of every legal move ("board-list"). The learner clicks a
// tile of the hand, then a train (or Draw / Pass); `pick` says what that click does.
// Each widget has the shape answer-widgets.js describes.

import { asArray, moveName } from "./view-data.js";
import { h } from "./dom.js";

/** @typedef {import("./answer-widgets.js").AnswerWidget} AnswerWidget */
/** @typedef {import("./answer-widgets.js").StoredAnswers} StoredAnswers */
/** @typedef {import("./answer-widgets.js").StoredVerdict} StoredVerdict */
/** @typedef {import("./answer-widgets.js").StoredMove} StoredMove */
/** @typedef {import("./answer-widgets.js").LookUp} LookUp */
/** @typedef {import("./puzzle-view.js").PuzzleActions} PuzzleActions */
/** @typedef {import("./puzzle-view.js").ButtonMaker} ButtonMaker */

/** Draw and Pass (and End turn for a whole turn): the moves that are not tiles.
 * @param {PuzzleActions} act @param {ButtonMaker} btn @param {boolean} endTurn @returns {HTMLElement} */
function movesRow(act, btn, endTurn) {
  const row = h("div", { class: "mtl-controls", role: "group", "aria-label": "Moves that are not tiles" },
    btn("draw", "Draw", () => act.pickMove("draw")),
    btn("pass", "Pass", () => act.pickMove("pass")));
  if (endTurn) row.appendChild(btn("end", "End turn", () => act.pickMove("end")));
  return row;
}

/** How to answer, in one line. @param {string} text @returns {HTMLElement} */
function how(text) {
  return h("p", { class: "mtl-pz-how", text });
}

/** The board after a move, and its verdict, from a table of stored moves.
 * @param {Record<string, StoredMove> | undefined} table @param {string} move @param {LookUp} look
 * @returns {StoredVerdict} */
function storedMove(table, move, look) {
  const entry = look(table, move);
  return entry ? { fb: entry.fb, view: entry.view } : { missing: move };
}

/** @type {AnswerWidget} */
export const boardMove = {
  id: "board-move",
  board: true,
  fresh: () => ({}),
  // the move is named while the host judges it (drawn before it is sent)
  pick: (move, attempt, view) => ({ state: { ...attempt, note: `${moveName(view, move)}…` },
    intents: [{ action: "answer", answer: move }], draw: "before" }),
  node(_model, _attempt, act, btn) {
    return [movesRow(act, btn, false),
      how("Click a tile in the hand, then the train to play it on (or Draw / Pass).")];
  },
  // a right answer is played on the board: the engine stored the position after it
  stored: (answers, value, _info, look) => storedMove(answers.moves, String(value), look),
};

/** @type {AnswerWidget} */
export const boardTurn = {
  id: "board-turn",
  board: true,
  retryOnWrong: true,   // a turn that ended wrong waits for "Try again" from the start
  fresh: () => ({}),
  pick: (move, attempt, view) => ({ state: { ...attempt, note: `${moveName(view, move)}…` },
    intents: [{ action: "move", move }], draw: "before" }),
  node(_model, _attempt, act, btn) {
    return [movesRow(act, btn, true),
      how("Play the moves one by one on the board: click a tile, then a train.")];
  },
  // the moves are sent one by one ({action: "move"}): the host walks the stored tree
  stored: () => null,
};

/** @type {AnswerWidget} */
export const boardList = {
  id: "board-list",
  board: true,
  fresh: () => ({ list: [] }),
  pick(move, attempt, view) {
    const list = attempt.form.list || [];
    const form = { ...attempt.form, list: list.includes(move) ? list : [...list, move] };
    return { state: { ...attempt, form, selected: null, note: `Added to your list: ${moveName(view, move)}.` },
      intents: [], draw: "after" };
  },
  node(model, attempt, act, btn) {
    const list = attempt.form.list || [];
    const view = model && model.get ? model.get("view") : null;
    const ul = h("ul", { class: "mtl-pz-list", "aria-label": "Your list of moves" });
    list.forEach((m, i) => {
      const words = moveName(view, m);
      const rm = h("button", { type: "button", class: "mtl-btn mtl-pz-remove", "aria-label": `Remove: ${words}`, text: "×" });
      rm.addEventListener("click", () => act.form({ ...attempt.form, list: list.filter((_, j) => j !== i) }));
      if (attempt.done) rm.disabled = true;
      ul.appendChild(h("li", null, words, " ", rm));
    });
    if (!list.length) ul.appendChild(h("li", { class: "mtl-empty", text: "(no moves yet)" }));
    return [movesRow(act, btn, false),
      how("Click a tile, then a train, to add a move to your list; then press Check."),
      ul, btn("check", "Check my list", () => act.answer(list.slice()))];
  },
  stored(answers, value, _info, look) {
    const found = new Set();
    for (const m of asArray(value)) {
      const v = look(answers.verdicts, String(m));
      if (!v) return { missing: String(m) };
      if (!v.legal) return { fb: v.fb };
      found.add(v.move);
    }
    return { fb: answers.missing[String(found.size)] };
  },
};
