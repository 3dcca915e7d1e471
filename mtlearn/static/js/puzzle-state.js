// The puzzle's controller, without a DOM (as lichess ui/puzzle splits its ctrl from its
// view): the typed state of one attempt (`Attempt`), and `puzzleStep`, a pure function
// that turns an event (a click, a key, the host's feedback…) and the attempt into the
// next attempt, the intents to send to the host and when to redraw. renderPuzzle
// (puzzle.js) holds the state, feeds it the events and carries the step out: it sends
// the intents, keeps a record in the browser and draws with puzzle-view.js.
// Node's test runner imports this file as it is (tests/js/puzzle-state.test.mjs).

import { focusAfterView, trainStop } from "./keys.js";
import { sameTile } from "./view-data.js";
import { moveFor } from "./view-parts.js";
import { starsFor } from "./stars.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").Train} Train */
/** @typedef {import("./protocol").Feedback} Feedback */
/** @typedef {import("./protocol").Solution} Solution */
/** @typedef {import("./protocol").PuzzleInfo} PuzzleInfo */
/** @typedef {import("./protocol").PuzzleIntent} PuzzleIntent */
/** @typedef {import("./protocol").TrainerIntent} TrainerIntent */
/** @typedef {import("./protocol").TrainerInfo} TrainerInfo */
/** @typedef {import("./answer-widgets.js").AnswerWidget} AnswerWidget */

/**
 * An intent for the host (protocol.d.ts): a puzzle's, or in the trainer a trainer's
 * (a hint opened is rated as help there).
 * @typedef {PuzzleIntent | TrainerIntent} Intent
 */

/**
 * The learner's record of one puzzle, as kept (the kernel's progress file, or
 * localStorage in a page): puzzle-store.js cleanRecord makes a stored one safe to draw.
 * @typedef {Object} PuzzleRecord
 * @property {boolean} solved
 * @property {boolean} shown      the answer was shown before any solve
 * @property {number} [stars]     the best stars of a solve
 * @property {number} [last_stars] the stars of the last solve
 * @property {number} [slips]
 * @property {number} [hints]
 * @property {string} [when]      ISO time of the attempt
 */

/**
 * One puzzle of a set, as listed in the model's `set` key.
 * @typedef {Object} SetItem
 * @property {string} id
 * @property {string} title
 * @property {number} level
 */

/**
 * The model keys a puzzle reads (mtlearn.jupyter.widgets.Puzzle, or the page's stand-in
 * made by puzzle-host.js, class-host.js or trainer-host.js). `progress` is the kernel's
 * record, `storage` where records are kept ("local": this browser's localStorage).
 * @typedef {Object} PuzzleKeys
 * @property {PuzzleInfo | null} puzzle
 * @property {View | null} view
 * @property {Feedback | null} feedback
 * @property {Solution | null} solution
 * @property {Record<string, unknown> | null} progress
 * @property {string} storage
 * @property {string} rules_url
 * @property {string} kind        "puzzle", or "trainer" in the trainer
 * @property {SetItem[] | null} set
 * @property {number} index       the puzzle of the set shown (from 0)
 * @property {string} set_title
 * @property {Record<string, unknown> | null} set_progress  the kernel's records of the set, by id
 * @property {boolean} page_title  the page shows the title as its heading
 */

/**
 * The trainer's model keys, besides a puzzle's (trainer.js).
 * @typedef {Object} TrainerKeys
 * @property {TrainerInfo | null} trainer
 * @property {{text: string, n: number} | null} trainer_error  a trainer intent refused
 * @property {string | null} trainer_wait   why there is no trainer yet
 */

/** A puzzle's model (host.js KeyedModel: anywidget's, or the page's stand-in).
 * @typedef {import("./host.js").KeyedModel<PuzzleKeys, Intent>} PuzzleModel */
/** The trainer's model: a puzzle's keys and the trainer's.
 * @typedef {import("./host.js").KeyedModel<PuzzleKeys & TrainerKeys, Intent>} TrainerModel */

/**
 * The answer widget's own state for an attempt (its fresh(), answer-widgets.js); each
 * widget uses its own field.
 * @typedef {Object} WidgetForm
 * @property {string[]} [list]        board-list: the moves listed
 * @property {Set<string>} [choice]   choices: the options ticked
 * @property {string} [number]        number: the text typed
 * @property {string[]} [chain]       train-plan: the tiles placed, in order
 */

/**
 * One attempt at a puzzle: everything the view draws besides the model.
 * @typedef {Object} Attempt
 * @property {string | null} selected   the hand tile picked, waiting for a train
 * @property {string} note              a line about the last click
 * @property {number} slips             wrong or refused answers this attempt
 * @property {number} hintsUsed
 * @property {"solved" | "shown" | null} done
 * @property {number} earned            stars of this attempt
 * @property {WidgetForm | null} form   the answer widget's own state (moves listed, tiles…) …
 * @property {string | null} formFor    … and the id of the widget it is for (a set may move to another kind)
 * @property {View | null} shownFrame   show-the-answer: the frame on the board
 * @property {Feedback | null} lastFeedback
 * @property {boolean} needRetry        a whole turn ended wrong: the board waits for "Try again"
 * @property {string | null} focus      the data-key to focus at the next draw ("@hand": the hand's stop)
 * @property {{hand: string | null, train: string | null}} rove  the keyboard's remembered tab stops (keys.js)
 */

/**
 * What the controller is told (renderPuzzle reads the DOM and the model for it):
 * - tile, train: a click (or key) on a hand tile, a train;
 * - pick: a move chosen (a tile on a train, Draw, Pass, End turn);
 * - answer: a whole answer from the answer form;
 * - feedback: the host's verdict (`record`: the learner's record before it; `now`: ISO
 *   time; `setHasNext` / `nextOnPage`: another puzzle follows in the set / on the page);
 * - retry, restart, show (`record`, `now`; `hasSolution`: the model holds the answer),
 *   resetProgress, goto (puzzle `index` of a set of `count`, `current` shown), hint n;
 * - note: a line to show; form: the answer widget's new state (`redraw` false while typing);
 * - frame: a frame of the answer shown; view: the host sent a new position; puzzle: another
 *   puzzle opened; clear: Escape; focus: the keyboard reached the control with data-key `key`.
 * @typedef {{type: "tile", tile: string}
 *   | {type: "train", train: Train}
 *   | {type: "pick", move: string}
 *   | {type: "answer", value: unknown}
 *   | {type: "feedback", feedback: unknown, record: PuzzleRecord | null, now: string,
 *      setHasNext: boolean, nextOnPage: boolean}
 *   | {type: "retry"} | {type: "restart"} | {type: "resetProgress"}
 *   | {type: "show", record: PuzzleRecord | null, now: string, hasSolution: boolean}
 *   | {type: "goto", index: number, count: number, current: number}
 *   | {type: "hint", n: number}
 *   | {type: "note", text: string}
 *   | {type: "form", form: WidgetForm, redraw: boolean}
 *   | {type: "frame", frame: View | null}
 *   | {type: "view", view: View | null}
 *   | {type: "puzzle"} | {type: "clear"}
 *   | {type: "focus", key: string}} PuzzleEvent
 */

/**
 * What the controller reads besides the attempt, the same for every event of a draw:
 * the model's position (`view`), the puzzle's answer widget and info, and whether it is
 * the trainer's puzzle.
 * @typedef {Object} StepContext
 * @property {View | null} view
 * @property {AnswerWidget} widget
 * @property {Partial<PuzzleInfo>} info
 * @property {boolean} trainer
 */

/**
 * An event's outcome: the next attempt, the intents to send, and the redraw: "after"
 * the intents are sent, "before" them (the learner sees the move named while the host
 * judges it) or none.
 * @typedef {Object} Step
 * @property {Attempt} state
 * @property {Intent[]} intents
 * @property {"after" | "before" | null} draw
 * @property {PuzzleEvent} [next]  an event to step once the intents are sent (and the host
 *   may have answered them)
 */

/** A fresh attempt: nothing counted, nothing selected (the remembered tab stops kept).
 * @param {Attempt["rove"]} [rove] @returns {Attempt} */
export function freshAttempt(rove) {
  return { selected: null, note: "", slips: 0, hintsUsed: 0, done: null, earned: 0, form: null, formFor: null,
    shownFrame: null, lastFeedback: null, needRetry: false, focus: null,
    rove: rove ? { ...rove } : { hand: null, train: null } };
}

/** The attempt with the answer widget's own state made fresh if it is not that widget's yet.
 * @param {Attempt} state @param {AnswerWidget} widget @returns {Attempt} */
export function withForm(state, widget) {
  if (state.formFor === widget.id && state.form) return state;
  return { ...state, form: widget.fresh(), formFor: widget.id };
}

/** The position the board shows: a frame of the answer shown, else the model's.
 * @param {Attempt} state @param {StepContext} ctx @returns {View | null} */
export function boardView(state, ctx) {
  return state.shownFrame || ctx.view;
}

/** @param {Attempt} state @param {Intent[]} [intents] @param {Step["draw"]} [draw] @returns {Step} */
function step(state, intents, draw) {
  return { state, intents: intents || [], draw: draw === undefined ? "after" : draw };
}

/** The outcome of an event. Pure: the same attempt, event and context give the same step.
 * @param {Attempt} state @param {PuzzleEvent} ev @param {StepContext} ctx @returns {Step} */
export function puzzleStep(state, ev, ctx) {
  switch (ev.type) {
    case "tile": return onTile(state, ev.tile, ctx);
    case "train":
      if (state.selected === null) return step({ ...state, note: "Choose a tile from the hand first, then a train." });
      return pickMove(state, moveFor(state.selected, ev.train), ctx);
    case "pick": return pickMove(state, ev.move, ctx);
    case "answer": return state.done ? step(state, [], null) : step(state, [{ action: "answer", answer: ev.value }], null);
    case "feedback": return onFeedback(state, ev, ctx);
    // after a wrong turn: back to the start position, keeping the slips and hints counted
    case "retry": return step({ ...state, needRetry: false, selected: null }, [{ action: "restart" }]);
    case "restart": return step(freshAttempt(state.rove), [{ action: "restart" }]);
    case "resetProgress":
      // the note is put once the host restarted (which clears the verdict and the note)
      return { ...step(freshAttempt(state.rove), [{ action: "reset" }, { action: "restart" }]),
        next: { type: "note", text: "Progress for this puzzle was reset." } };
    case "show": return showAnswer(state, ev);
    case "goto":
      if (!ev.count || ev.index < 0 || ev.index >= ev.count || ev.index === ev.current) return step(state, [], null);
      return step(freshAttempt(state.rove), [{ action: "goto", index: ev.index }], null);
    case "hint": {
      const next = { ...state, hintsUsed: Math.max(state.hintsUsed, ev.n) };
      return step(next, ctx.trainer && !state.done ? [{ action: "hint", n: ev.n }] : []);  // rated as help
    }
    case "note": return step({ ...state, note: ev.text });
    case "form": return step({ ...state, form: ev.form }, [], ev.redraw ? "after" : null);
    case "frame": return step({ ...state, shownFrame: ev.frame });
    case "view": return onView(state, ev.view);
    // a puzzle of the set opens: the focus goes to its question, so it is read
    case "puzzle": return step({ ...freshAttempt(state.rove), focus: "question" });
    case "clear":
      // Escape: the focus goes back to the tile that was picked
      if (state.selected === null) return step(state, [], null);
      return step({ ...state, focus: `tile:${state.selected}`, selected: null, note: "Selection cleared." });
    case "focus": return step({ ...state, rove: roveTo(state.rove, ev.key) }, [], null);
    default: return step(state, [], null);
  }
}

/** A hand tile clicked: picked (the trains' stop is next), or put back.
 * @param {Attempt} state @param {string} tile @param {StepContext} ctx @returns {Step} */
function onTile(state, tile, ctx) {
  const selected = state.selected !== null && sameTile(state.selected, tile) ? null : tile;
  const rove = { ...state.rove, hand: tile };
  return step({ ...state, selected, rove,
    note: selected ? `Selected ${selected}. Now choose a train.` : "Selection cleared.",
    focus: selected !== null ? `train:${trainStop(boardView(state, ctx), selected, rove.train)}` : state.focus });
}

/** A move chosen on the board: what it does is the answer widget's (answer-widgets.js pick).
 * @param {Attempt} state @param {string} move @param {StepContext} ctx @returns {Step} */
function pickMove(state, move, ctx) {
  const w = ctx.widget;
  const ready = withForm(state, w);
  if (state.done || !w.pick) return step(ready, [], null);
  return w.pick(move, { ...ready, note: "" }, boardView(state, ctx));
}

/** The host's verdict: slips counted, a solve's stars kept, the focus moved on.
 * @param {Attempt} state @param {Extract<PuzzleEvent, {type: "feedback"}>} ev @param {StepContext} ctx
 * @returns {Step} */
function onFeedback(state, ev, ctx) {
  const fb = ev.feedback && typeof ev.feedback === "object" ? /** @type {Feedback} */ (ev.feedback) : null;
  const next = { ...state, lastFeedback: fb, note: "" };
  if (!fb) return step(next);
  const st = fb.status;
  /** @type {Intent[]} */
  const intents = [];
  if (st === "wrong" || st === "illegal") next.slips += 1;
  if (st === "wrong" && ctx.widget.retryOnWrong) next.needRetry = true;
  if (st === "right" && !next.done) {
    next.done = "solved";
    next.earned = starsFor(ctx.info.stars, next.slips + next.hintsUsed);
    const prev = ev.record;
    const best = prev && prev.solved ? Math.max((prev.stars || 0) | 0, next.earned) : next.earned;
    /** @type {PuzzleRecord} */
    const record = { solved: true, stars: best, last_stars: next.earned, slips: next.slips, hints: next.hintsUsed,
      shown: false, when: ev.now };
    intents.push({ action: "progress", record });
  }
  if (st !== "continue") next.selected = null;
  // The next useful control: after a right answer the next puzzle (of the set, or on
  // the page), else the verdict itself; after a wrong one the hand, to try again.
  if (st === "right") next.focus = ev.setHasNext ? "set-next" : ev.nextOnPage ? "next-on-page" : "feedback";
  else if (st === "wrong" || st === "illegal") next.focus = next.needRetry ? "retry" : "@hand";
  return step(next, intents);
}

/** Show the answer: no stars this time (a record only if the puzzle was never solved);
 * the host is asked for the answer unless the model holds it already.
 * @param {Attempt} state @param {Extract<PuzzleEvent, {type: "show"}>} ev @returns {Step} */
function showAnswer(state, ev) {
  if (state.done === "solved") return step(state, [], null);
  /** @type {Intent[]} */
  const intents = [];
  if (!(ev.record && ev.record.solved)) {
    /** @type {PuzzleRecord} */
    const record = { solved: false, stars: 0, shown: true, slips: state.slips, hints: state.hintsUsed, when: ev.now };
    intents.push({ action: "progress", record });
  }
  if (!ev.hasSolution) intents.push({ action: "show" });
  return step({ ...state, done: "shown", earned: 0 }, intents);
}

/** The host sent a new position: a sequence goes on from the hand (or the tile just
 * drawn), as on a live board; a frame of the answer shown stays on the board.
 * @param {Attempt} state @param {View | null} view @returns {Step} */
function onView(state, view) {
  if (state.shownFrame) return step(state, [], null);
  if (state.done || state.needRetry) return step(state);
  return step({ ...state, focus: focusAfterView(null, view, state.rove.hand) });
}

/** The remembered tab stops after the keyboard reached the control `key`.
 * @param {Attempt["rove"]} rove @param {string} key @returns {Attempt["rove"]} */
function roveTo(rove, key) {
  if (key.startsWith("tile:")) return { ...rove, hand: key.slice(5) };
  if (key.startsWith("train:")) return { ...rove, train: key.slice(6) };
  return rove;
}
