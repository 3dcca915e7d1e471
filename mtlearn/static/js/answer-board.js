// The answer widgets played on the board: one move ("board-move"), a whole turn move by
// move ("board-turn") and a list of every legal move ("board-list"). The learner clicks a
// tile of the hand, then a train (or Draw / Pass); `pick` says what that click does.
// Each widget has the shape answer-widgets.js describes.

import { asArray, moveName } from "./view-data.js";
import { h } from "./dom.js";

// Draw and Pass (and End turn for a whole turn): the moves that are not tiles.
function movesRow(act, btn, endTurn) {
  const row = h("div", { class: "mtl-controls", role: "group", "aria-label": "Moves that are not tiles" },
    btn("draw", "Draw", () => act.pickMove("draw")),
    btn("pass", "Pass", () => act.pickMove("pass")));
  if (endTurn) row.appendChild(btn("end", "End turn", () => act.pickMove("end")));
  return row;
}

function how(text) {
  return h("p", { class: "mtl-pz-how", text });
}

// The board after a move, and its verdict, from a table of stored moves.
function storedMove(table, move, look) {
  const entry = look(table, move);
  return entry ? { fb: entry.fb, view: entry.view } : { missing: move };
}

export const boardMove = {
  board: true,
  fresh: () => ({}),
  pick(move, pz, act, view) {
    pz.note = `${moveName(view, move)}…`;
    act.draw();
    act.answer(move);
  },
  node(_model, _pz, act, btn) {
    return [movesRow(act, btn, false),
      how("Click a tile in the hand, then the train to play it on (or Draw / Pass).")];
  },
  // a right answer is played on the board: the engine stored the position after it
  stored: (answers, value, _info, look) => storedMove(answers.moves, String(value), look),
};

export const boardTurn = {
  board: true,
  retryOnWrong: true,   // a turn that ended wrong waits for "Try again" from the start
  fresh: () => ({}),
  pick(move, pz, act, view) {
    pz.note = `${moveName(view, move)}…`;
    act.draw();
    act.send({ action: "move", move });
  },
  node(_model, _pz, act, btn) {
    return [movesRow(act, btn, true),
      how("Play the moves one by one on the board: click a tile, then a train.")];
  },
  // the moves are sent one by one ({action: "move"}): the host walks the stored tree
  stored: () => null,
};

export const boardList = {
  board: true,
  fresh: () => ({ list: [] }),
  pick(move, pz, act, view) {
    if (!pz.form.list.includes(move)) pz.form.list.push(move);
    pz.selected = null;
    pz.note = `Added to your list: ${moveName(view, move)}.`;
    act.draw();
  },
  node(model, pz, act, btn) {
    const list = pz.form.list;
    const view = model && model.get ? model.get("view") : null;
    const ul = h("ul", { class: "mtl-pz-list", "aria-label": "Your list of moves" });
    list.forEach((m, i) => {
      const words = moveName(view, m);
      const rm = h("button", { type: "button", class: "mtl-btn mtl-pz-remove", "aria-label": `Remove: ${words}`, text: "×" });
      rm.addEventListener("click", () => { list.splice(i, 1); act.draw(); });
      if (pz.done) rm.disabled = true;
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
