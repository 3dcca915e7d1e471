// The board's controller, without a DOM (as lichess ui/puzzle splits its ctrl from its
// view): the typed state of a board (`BoardState`), and `boardStep`, a pure function that
// turns an event (a click, a key, a new view from the host…) and the state into the next
// state, the intents to send to the host and whether to redraw. renderBoard (board.js)
// holds the state, feeds it the events, sends the intents and draws with board-view.js.
// Node's test runner imports this file as it is (tests/js/board-state.test.mjs).

import { asArray, moveName, sameTile } from "./view-data.js";
import { announcement, focusAfterView, trainStop } from "./keys.js";
import { freshTiles, lineCounts } from "./new-tiles.js";
import { stepsNews } from "./steps.js";
import { moveFor } from "./view-parts.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").BoardMessage} BoardMessage */
/** @typedef {import("./protocol").BoardIntent} BoardIntent */
/** @typedef {import("./host.js").HostStatus} HostStatus */
/** @typedef {import("./new-tiles.js").LineCounts} LineCounts */
/** @typedef {import("./new-tiles.js").FreshTiles} FreshTiles */
/** @typedef {import("./view-parts.js").Rove} Rove */

/**
 * The model keys a board reads (mtlearn.jupyter.widgets.Board, or the page's stand-in:
 * host.js, class-host.js). `host` (static pages) says where the answers come from;
 * `can_restart`: the host can deal a guided round again.
 * @typedef {object} BoardKeys
 * @property {View | null} view
 * @property {BoardMessage | null} message
 * @property {boolean} show_legal
 * @property {string} rules_url
 * @property {HostStatus | null} [host]
 * @property {boolean} [can_restart]
 * @property {import("./protocol").ReviewView | null} [review]  the round's review (review.js)
 * @property {string} [kind]
 */

/**
 * "Deal the guided round again": not an intent of the protocol; the page's host answers it
 * itself (host.js).
 * @typedef {{action: "restart"}} RestartIntent
 */
/** @typedef {BoardIntent | RestartIntent} BoardSent  what a board sends to its host */
/** @typedef {import("./host.js").KeyedModel<BoardKeys, BoardSent>} BoardModel */

/**
 * Everything a board remembers between two draws besides its model.
 * @typedef {object} BoardState
 * @property {string | null} selected  the hand tile picked, waiting for a train
 * @property {string} note             a line about the learner's last click
 * @property {Rove} rove               the keyboard's remembered tab stops (keys.js)
 * @property {string | null} focus     the data-key to focus at the next draw (the next useful control)
 * @property {number} actedAt          when the learner last acted (ms): their feedback is scrolled into view
 * @property {string | null} lastMove  the learner's last move sent ("5-9@M"), to tell it from the bots'
 * @property {LineCounts | null} lines  tiles per train and branch in the last view
 * @property {FreshTiles | null} fresh  tiles others laid since the learner's last view
 * @property {View | null} lastView    the view before the last one arrived
 * @property {boolean} msgOpen         the message's "More" toggle on a small screen
 * @property {string} stepNews         a step ticked (or unticked) by the last view, said with the message
 * @property {boolean} restarting      the guided round was asked to start again: its steps are fresh
 * @property {string} said             what the status line says of the view (keys.js: announcement)
 * @property {string} shownEnd         the round end whose panel was last brought into view ("3/round")
 * @property {number} revealUntil      till then (ms), each redraw keeps that panel in view
 */

/**
 * What the controller is told (renderBoard reads the DOM, the model and the clock for it):
 * - tile, train: a click (or key) on a hand tile, on a train's or branch's "Play here";
 * - send: a control's intent (Draw, Pass, Undo, Next round, New game…);
 * - hint: the Hint button (a board with steps asks its host; else the view's hint is shown);
 * - restart: start the guided round again; more: the message's More / Less;
 * - clear: Escape; focus: the keyboard reached the control with data-key `key`;
 * - view: the host sent a new view; other: another model key changed (message, host…);
 * - drawn: a draw used the focus asked for.
 * `now` is the time of the event (ms), `view` the model's view then.
 * @typedef {{type: "tile", tile: string, view: View | null, now: number}
 *   | {type: "train", train: {id: string, open_end: number}, view: View | null, now: number}
 *   | {type: "send", intent: BoardSent, now: number}
 *   | {type: "hint", view: View | null, now: number}
 *   | {type: "restart", now: number}
 *   | {type: "more"} | {type: "clear"} | {type: "other"} | {type: "drawn"}
 *   | {type: "focus", key: string}
 *   | {type: "view", view: View | null}} BoardEvent
 */

/**
 * An event's outcome: the next state, the intents to send, and whether to redraw (the
 * draw comes first, then the intents: the learner sees "Play 5-9 on…" while the host
 * answers).
 * @typedef {{state: BoardState, intents: BoardSent[], draw: boolean}} BoardStep
 */

/** How long (ms) after the learner's last action their feedback is still brought into view. */
export const ACTED_MS = 10000;

/** A board's state before anything happened, for the model's first view.
 * @param {View | null | undefined} view @returns {BoardState} */
export function initialBoardState(view) {
  return {
    selected: null, note: "", rove: { hand: null, train: null }, focus: null, actedAt: 0, lastMove: null,
    // no view yet: an empty object, as a new view's counts are read (onView below)
    lines: lineCounts(view || /** @type {View} */ ({})), fresh: null, lastView: view || null,
    msgOpen: false, stepNews: "", restarting: false, said: announcement(view), shownEnd: "", revealUntil: 0,
  };
}

/** A step: the next state, the intents to send, whether to redraw.
 * @param {BoardState} state @param {BoardSent[]} intents @param {boolean} draw @returns {BoardStep} */
function out(state, intents, draw) {
  return { state, intents, draw };
}

/** The learner sent `intent`: it is the last action, and the last move if it is one.
 * @param {BoardState} state @param {BoardSent} intent @param {number} now @returns {BoardStep} */
function sent(state, intent, now) {
  const lastMove = intent && intent.action === "move" ? String(intent.move || "") : null;
  return out({ ...state, actedAt: now, lastMove }, [intent], false);
}

/** A hand tile clicked: picked (the focus goes to the first train it may go to), or
 * dropped when it was the one picked.
 * @param {BoardState} state @param {string} tile @param {View | null} view @param {number} now
 * @returns {BoardStep} */
function onTile(state, tile, view, now) {
  const selected = state.selected !== null && sameTile(state.selected, tile) ? null : tile;
  const rove = { ...state.rove, hand: tile };
  const focus = selected !== null ? `train:${trainStop(view, selected, rove.train)}` : state.focus;
  const note = selected ? `Selected ${selected}. Now choose a train.` : "Selection cleared.";
  return out({ ...state, actedAt: now, selected, note, rove, focus }, [], true);
}

/** A train's (or branch's) "Play here": the picked tile is played there, or the learner is
 * told to pick a tile first.
 * @param {BoardState} state @param {{id: string, open_end: number}} train @param {View | null} view
 * @param {number} now @returns {BoardStep} */
function onTrain(state, train, view, now) {
  if (state.selected === null) {
    return out({ ...state, actedAt: now, note: "Choose a tile from your hand first, then a train." }, [], true);
  }
  const move = moveFor(state.selected, train);
  const step = sent({ ...state, note: `${moveName(view, move)}…` }, { action: "move", move }, now);
  return { ...step, draw: true };
}

/** A new view from the host: the steps ticked and the status line said, where the focus
 * goes next, the tiles others laid; a selection stays only while the tile is still in the
 * hand of the player to play (e.g. a view refreshed for another reason).
 * @param {BoardState} state @param {View | null} given @returns {BoardStep} */
function onView(state, given) {
  // no view: an empty object, which every reader of a view takes as "nothing to show"
  const view = given || /** @type {View} */ ({});
  const stepNews = state.restarting ? "" : stepsNews(state.lastView, view);
  const focus = focusAfterView(state.restarting ? null : state.lastView, view, state.rove.hand);
  const p = asArray(view.players).find((x) => x.seat === view.to_play);
  const hand = p && Array.isArray(p.hand) ? p.hand : [];
  const keep = state.selected !== null && hand.some((t) => sameTile(t, state.selected));
  const lines = lineCounts(view);
  return out({
    ...state, stepNews, focus, restarting: false, lastView: view, said: announcement(view),
    selected: keep ? state.selected : null, note: "", fresh: freshTiles(state.lines, lines, view, state.lastMove),
    lines, msgOpen: false,
  }, [], true);
}

/** The outcome of an event. Pure: the same state and event give the same step.
 * @param {BoardState} state @param {BoardEvent} ev @returns {BoardStep} */
export function boardStep(state, ev) {
  switch (ev.type) {
    case "tile": return onTile(state, ev.tile, ev.view, ev.now);
    case "train": return onTrain(state, ev.train, ev.view, ev.now);
    case "send": return sent(state, ev.intent, ev.now);
    case "hint":
      // a board with steps asks its host, which counts the hint (steps.js)
      if (ev.view && ev.view.steps) return sent(state, { action: "hint" }, ev.now);
      return out({ ...state, actedAt: ev.now, note: "Hint: " + String(ev.view && ev.view.hint) }, [], true);
    case "restart": return sent({ ...state, selected: null, restarting: true }, { action: "restart" }, ev.now);
    case "more": return out({ ...state, msgOpen: !state.msgOpen }, [], true);
    case "clear":
      // Escape: the selection is cleared and the focus goes back to the tile (nothing
      // selected: the key is not used, draw false)
      if (state.selected === null) return out(state, [], false);
      return out({ ...state, focus: `tile:${state.selected}`, selected: null, note: "Selection cleared." }, [], true);
    case "focus": return out({ ...state, rove: roveTo(state.rove, ev.key) }, [], false);
    case "view": return onView(state, ev.view);
    case "other": return out(state.note.endsWith("…") ? { ...state, note: "" } : state, [], true);
    case "drawn": return out(state.focus === null ? state : { ...state, focus: null }, [], false);
  }
}

/** The tab stops once the focus reached the control with data-key `key`.
 * @param {Rove} rove @param {string} key @returns {Rove} */
function roveTo(rove, key) {
  if (key.startsWith("tile:")) return { ...rove, hand: key.slice(5) };
  if (key.startsWith("train:")) return { ...rove, train: key.slice(6) };
  return rove;
}

/** The learner acted a moment ago: what they must see next is brought into view.
 * @param {BoardState} state @param {number} now @returns {boolean} */
export function actedLately(state, now) {
  return now - state.actedAt < ACTED_MS;
}

/** The data-key a draw puts the focus on: the one asked for (state.focus) when the board
 * holds the focus (`owns`), else the one the focus is on now (`current`).
 * @param {BoardState} state @param {string | null} current @param {boolean} owns @returns {string | null} */
export function drawFocus(state, current, owns) {
  return state.focus && owns ? state.focus : current;
}

/**
 * Whether a draw brings the round's end panel into view. The learner's move (or a bot's
 * after it) ended the round: the panel with the scores and Next round (New match at the
 * end of the match) is brought into view once per round end, and redraws in the next
 * moments (the message arriving after the view) keep it there.
 * @param {BoardState} state @param {View | null} view @param {number} now
 * @returns {{state: BoardState, reveal: boolean}}
 */
export function roundEndReveal(state, view, now) {
  const match = view && view.match;
  const end = match && match.round_over ? `${match.round}/${match.match_over ? "match" : "round"}` : "";
  let revealUntil = state.revealUntil;
  if (end && end !== state.shownEnd && actedLately(state, now)) revealUntil = now + 1500;
  const next = end === state.shownEnd && revealUntil === state.revealUntil ? state
    : { ...state, shownEnd: end, revealUntil };
  return { state: next, reveal: !!end && now <= revealUntil };
}
