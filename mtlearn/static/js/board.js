// A board: one position you can play on (model keys: view, message, show_legal,
// rules_url). Clicks become intents sent to the host (the kernel, the in-page engine
// or the answers stored in the page); the host answers with the next view.
//
// Split as lichess ui/puzzle is: the controller (board-state.js: the typed state and a
// pure step from an event to the next state and the intents), the view (board-view.js:
// draws a state), and here renderBoard, which holds the state, turns the DOM's and the
// model's events into the controller's, sends the intents and moves the focus.

import { onRefusal, refusalMessage } from "./view-data.js";
import { followDock, keepInView, listen, scrollIntoViewBelowBar, trainsAboveDock } from "./dom.js";
import { presenter } from "./presenter.js";
import { bindKeys, focusAfterView, nativeKeys, rovingBindings } from "./keys.js";
import { focusKey, restoreFocus } from "./view-parts.js";
import { actedLately, boardStep, drawFocus, initialBoardState, roundEndReveal } from "./board-state.js";
import { boardFrame, drawBoard, focusBelowBar } from "./board-view.js";
import { reviewUi } from "./review.js";

/** @typedef {import("./board-state.js").BoardModel} BoardModel */
/** @typedef {import("./board-state.js").BoardEvent} BoardEvent */
/** @typedef {import("./board-state.js").BoardStep} BoardStep */
/** @typedef {import("./board-view.js").BoardActions} BoardActions */
/** @typedef {import("./board-view.js").BoardParts} BoardParts */
/** @typedef {import("./keys.js").Binding} Binding */

// Where the focus goes when the control it was on is gone or disabled after a redraw.
/** @type {Record<string, string>} */
const FOCUS_ALT = { pass: "draw", draw: "pass", end: "pass", uno: "draw", hint: "undo" };

/**
 * Draw a board for `model` in `el`; returns the cleanup (anywidget's convention).
 * @param {BoardModel} model @param {HTMLElement} el @returns {() => void}
 */
export function renderBoard(model, el) {
  let state = initialBoardState(model.get("view"));
  const memo = { words: { open: false }, legend: { open: false }, keys: { open: false }, ui: {},
    review: reviewUi() };
  const parts = boardFrame(el, skipToHand);
  const { root, bar } = parts;
  const pres = presenter(root, () => draw());
  const dock = followDock(root);  // what is brought into view stops above a docked hand

  /** Run an event through the controller: keep the next state, redraw, then send.
   * @param {BoardEvent} ev @returns {BoardStep} */
  function dispatch(ev) {
    const step = boardStep(state, ev);
    state = step.state;
    if (step.draw) draw();
    for (const intent of step.intents) model.send(intent);
    return step;
  }
  /** @type {BoardActions} */
  const act = {
    tile: (tile) => dispatch({ type: "tile", tile, view: model.get("view"), now: Date.now() }),
    train: (train) => dispatch({ type: "train", train, view: model.get("view"), now: Date.now() }),
    send: (intent) => dispatch({ type: "send", intent, now: Date.now() }),
    hint: (view) => dispatch({ type: "hint", view, now: Date.now() }),
    restart: () => dispatch({ type: "restart", now: Date.now() }),
    more: () => dispatch({ type: "more" }),
    redraw: () => draw(),
    toggleLegal: () => {
      model.set("show_legal", !model.get("show_legal"));
      model.save_changes();
    },
  };

  // The skip link: to the hand's tab stop, or (no hand to play from) the next useful control.
  function skipToHand() {
    const stop = /** @type {HTMLElement | null} */ (root.querySelector('[data-roving="hand"] [tabindex="0"]'));
    if (stop) stop.focus();
    else restoreFocus(root, focusAfterView(null, model.get("view"), state.rove.hand) || "@root", FOCUS_ALT);
  }

  // The board holds the focus, or lost it to the page in a redraw after the learner acted.
  /** @param {number} now @returns {boolean} */
  function ownsFocus(now) {
    const a = document.activeElement;
    if (a && root.contains(a)) return true;
    return (!a || a === document.body) && actedLately(state, now);
  }

  function draw() {
    const key = drawFocus(state, focusKey(root), ownsFocus(Date.now()));
    state = boardStep(state, { type: "drawn" }).state;
    drawBoard(parts, { state, model, act, memo, pres, keysShown });
    dock.update();
    restoreFocus(root, key, FOCUS_ALT);
    pres.fit();
    if (actedLately(state, Date.now())) {
      keepInView(bar);
      if (!pres.active()) trainsAboveDock(root);  // a phone: the trains above the docked hand
    }
    revealRoundEnd();
  }

  // The panel with the scores and Next round is drawn at the top of the board, often far
  // above where the learner clicked, and under the sticky bar: bring it into view below
  // the bar and put the focus on its button (board-state.js: roundEndReveal says when).
  function revealRoundEnd() {
    const seen = roundEndReveal(state, model.get("view"), Date.now());
    state = seen.state;
    if (!seen.reveal || pres.active()) return;
    const panel = parts.body.querySelector(".mtl-match");
    if (!panel) return;
    const button = panel.querySelector('[data-key="next_round"], [data-key="new_match"]');
    scrollIntoViewBelowBar(panel, { focus: button });
  }

  const unscroll = focusBelowBar(parts, pres);
  // The tab stops follow the focus.
  /** @param {FocusEvent} ev */
  const onFocusKey = (ev) => {
    const t = /** @type {Element | null} */ (ev.target);
    const k = t && t.getAttribute ? t.getAttribute("data-key") || "" : "";
    dispatch({ type: "focus", key: k });
  };
  root.addEventListener("focusin", onFocusKey);

  // The board's keys (keys.js: bindKeys): Escape clears a selection (else leaves
  // presenter mode); the arrows and digits move in the hand and the trains; P presents.
  /** @type {Binding[]} */
  const bindings = [
    { keys: ["Escape"], run: () => dispatch({ type: "clear" }).draw, label: "Esc", help: "clear the selection" },
    ...rovingBindings,
    ...pres.bindings,
  ];
  // The Keys help, in the order a learner meets them.
  const keysShown = [nativeKeys.tab, ...rovingBindings, nativeKeys.enter, ...bindings, nativeKeys.bound];
  const unbindKeys = bindKeys(root, bindings);
  const onOther = () => dispatch({ type: "other" });
  const unlisten = listen(model, {
    view: () => dispatch({ type: "view", view: model.get("view") }),
    message: onOther, show_legal: onOther, rules_url: onOther, host: onOther, review: onOther,
  });
  const unrefuse = onRefusal(model, (refusal) => model.set("message", refusalMessage(refusal)));
  draw();
  return () => {
    unlisten();
    unrefuse();
    unbindKeys();
    unscroll();
    dock.stop();
    root.removeEventListener("focusin", onFocusKey);
    pres.dispose();
    root.remove();
  };
}
