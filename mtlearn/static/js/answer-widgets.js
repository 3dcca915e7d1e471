// The puzzle's answer widgets, by id. The Python sends the id with the puzzle
// (puzzle.widget: GoalKind.widget in mtlearn/content/goals/), and this map is the one
// place the front end turns it into the widget; nothing else looks at the puzzle's kind.
//
// A widget (AnswerWidget below) is an object:
//   id             its id, the key of WIDGETS
//   board          true if the learner answers on the board (its tiles and trains are live)
//   retryOnWrong   true if a wrong answer waits for "Try again from the start"
//   fresh()        the widget's own state for a new attempt (the controller keeps it as attempt.form)
//   pick(move, attempt, view)
//                  (board widgets) a move was clicked: a tile then a train, Draw or Pass;
//                  pure, like the controller it is part of (puzzle-state.js): the next
//                  attempt, the intents to send and when to redraw
//   node(model, attempt, act, btn)
//                  the answer form under the question: a node, or a list of nodes;
//                  btn(key, label, onClick, attrs) makes a button closed once solved
//   stored(answers, value, info, look)
//                  a page with no engine: the verdict on `value` from the answers stored
//                  with the page (GoalKind.stored_answers): {fb, view?}, {missing: what}
//                  or null; look(table, move) reads a move table either way round
// `act` is the controller's actions (puzzle-view.js: PuzzleActions): answer(value),
// pickMove(move), form(form, redraw), note(text) …; `attempt` its state (puzzle-state.js:
// done, note, selected, form).

import { boardList, boardMove, boardTurn } from "./answer-board.js";
import { choices } from "./answer-choices.js";
import { numberField } from "./answer-number.js";
import { trainPlan } from "./answer-plan.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").Feedback} Feedback */
/** @typedef {import("./protocol").PuzzleInfo} PuzzleInfo */
/** @typedef {import("./puzzle-state.js").Attempt} Attempt */
/** @typedef {import("./puzzle-state.js").Step} Step */
/** @typedef {import("./puzzle-state.js").WidgetForm} WidgetForm */
/** @typedef {import("./puzzle-state.js").PuzzleModel} PuzzleModel */
/** @typedef {import("./puzzle-view.js").PuzzleActions} PuzzleActions */
/** @typedef {import("./puzzle-view.js").ButtonMaker} ButtonMaker */
/** @typedef {import("./puzzle-view.js").Child} Child */

/**
 * A stored move (board-move, board-turn): its verdict, the board after it, and for a
 * turn that goes on the table of the next move.
 * @typedef {Object} StoredMove
 * @property {Feedback} fb
 * @property {View} [view]
 * @property {Record<string, StoredMove>} [next]
 */

/**
 * What a page with no engine stores for a puzzle (GoalKind.stored_answers): each widget
 * reads its own keys.
 * @typedef {Object} StoredAnswers
 * @property {Record<string, StoredMove>} [moves]   board-move, board-turn
 * @property {Record<string, {legal: boolean, move: string | null, fb: Feedback}>} [verdicts]  board-list
 * @property {string[]} [legal]                     board-list: the legal moves
 * @property {Record<string, Feedback>} [missing]   board-list: by the number of legal moves listed
 * @property {Record<string, Feedback>} [choices]   choices: by option (or trains, sorted, joined)
 * @property {number} [value]                       number: the right value
 * @property {Feedback} [right]                     number, train-plan: the right verdict
 * @property {string} [wrong]                       number: the words for a wrong number
 * @property {number} [best]                        train-plan: the best train's length
 * @property {Record<string, Feedback>} [misfit]    train-plan: by "tile|open end"
 * @property {Record<string, Feedback>} [short]     train-plan: by the length of a shorter train
 */

/**
 * The verdict on an answer from the stored answers: the feedback (and the board after
 * it), or what is missing from them.
 * @typedef {{fb: Feedback, view?: View, missing?: undefined}
 *   | {missing: string, fb?: undefined, view?: undefined}} StoredVerdict
 */

/**
 * Reads a move table either way round ("5-2@M" or "2-5@M").
 * @typedef {<T>(table: Record<string, T> | undefined, key: string) => T | undefined} LookUp
 */

/**
 * @typedef {Object} AnswerWidget
 * @property {string} id
 * @property {boolean} board
 * @property {boolean} [retryOnWrong]
 * @property {() => WidgetForm} fresh
 * @property {(move: string, attempt: Attempt, view: View | null) => Step} [pick]
 * @property {(model: PuzzleModel, attempt: Attempt, act: PuzzleActions, btn: ButtonMaker) => Child} node
 * @property {(answers: StoredAnswers, value: unknown, info: Partial<PuzzleInfo>, look: LookUp) => StoredVerdict | null} stored
 */

/** @type {Record<string, AnswerWidget>} */
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

/** The widget for a puzzle's info (the model's "puzzle" key).
 * @param {Partial<PuzzleInfo> | null | undefined} info @returns {AnswerWidget} */
export function widgetFor(info) {
  const id = String((info && info.widget) || "");
  return Object.prototype.hasOwnProperty.call(WIDGETS, id) ? WIDGETS[id] : WIDGETS[DEFAULT_WIDGET];
}
