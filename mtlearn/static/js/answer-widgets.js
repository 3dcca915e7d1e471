// The puzzle's answer widgets, by id. The Python sends the id with the puzzle
// (puzzle.widget: GoalKind.widget in mtlearn/content/goals/), and this map is the one
// place the front end turns it into the widget; nothing else looks at the puzzle's kind.
//
// A widget is an object:
//   board          true if the learner answers on the board (its tiles and trains are live)
//   retryOnWrong   true if a wrong answer waits for "Try again from the start"
//   fresh()        the widget's own state for a new attempt (the controller keeps it as pz.form)
//   pick(move, pz, act, view)
//                  (board widgets) a move was clicked: a tile then a train, Draw or Pass
//   node(model, pz, act, btn)
//                  the answer form under the question: a node, or a list of nodes;
//                  btn(key, label, onClick, attrs) makes a button closed once solved
//   stored(answers, value, info, look)
//                  a page with no engine: the verdict on `value` from the answers stored
//                  with the page (GoalKind.stored_answers): {fb, view?}, {missing: what}
//                  or null; look(table, move) reads a move table either way round
// `act` is the controller's (puzzle.js): answer(value), send(message), pickMove(move),
// draw(), note(text) …; `pz` its attempt state (done, note, selected, form).

import { boardList, boardMove, boardTurn } from "./answer-board.js";
import { choices } from "./answer-choices.js";
import { numberField } from "./answer-number.js";
import { trainPlan } from "./answer-plan.js";

export const WIDGETS = {
  "board-move": boardMove,
  "board-turn": boardTurn,
  "board-list": boardList,
  choices,
  number: numberField,
  "train-plan": trainPlan,
};

// The widget of a puzzle that names none (or one this page does not know).
export const DEFAULT_WIDGET = "board-move";

// The widget for a puzzle's info (the model's "puzzle" key).
export function widgetFor(info) {
  const id = String((info && info.widget) || "");
  return Object.prototype.hasOwnProperty.call(WIDGETS, id) ? WIDGETS[id] : WIDGETS[DEFAULT_WIDGET];
}
