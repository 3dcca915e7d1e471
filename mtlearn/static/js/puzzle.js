// ---------------------------------------------------------------- puzzles
//
// A puzzle: a question about a position, answered on the board (a move, a whole turn,
// every legal move, a planned train) or in a small form (a player, trains, a number).
// The host judges every answer: the kernel (mtlearn.content.puzzles.PuzzleSession), the
// in-page engine, or the answers precomputed by the engine (puzzleStaticHost in puzzle-host.js).
//
// Split as lichess ui/puzzle is: puzzle-state.js is the controller without a DOM (the
// attempt's typed state, and puzzleStep: an event and the attempt -> the next attempt and
// the intents to send); puzzle-view.js draws it. This file joins them to the page: it
// holds the attempt, turns clicks, keys and the model's changes into events, carries
// each step out (sends its intents, keeps the record in the browser, redraws) and does
// what only a page can (the focus, scrolling, the timer that shows the answer). How many
// stars a solve earns comes with the puzzle (puzzle.stars, decided in Python).
//
// How the learner answers is the puzzle's answer widget (answer-widgets.js), named by
// puzzle.widget; this file does not look at the puzzle's kind.
//
// Model keys (puzzle-state.js PuzzleKeys): puzzle (question, kind, widget, hints,
// options…), view, feedback, solution, progress (kernel storage), storage ("kernel" |
// "local" | "server"), rules_url, and for a set: set, index, set_title, set_progress.
// Messages sent: {action: "answer", answer}, {action: "move", move} (sequence),
// {action: "restart"}, {action: "show"}, {action: "progress", record},
// {action: "reset"}, {action: "goto", index} (a set), and in the trainer {action: "hint", n}.

import { asArray, onRefusal, refusalFeedback } from "./view-data.js";
import { h, listen, scrollIntoViewBelowBar } from "./dom.js";
import { cleanRecord, localRecord, saveLocalRecord } from "./puzzle-store.js";
import { drawPuzzle, puzzleInfo, puzzleWidget } from "./puzzle-view.js";
import { freshAttempt, puzzleStep, withForm } from "./puzzle-state.js";
import { bindKeys, rovingBindings } from "./keys.js";
import { focusKey, restoreFocus } from "./view-parts.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./puzzle-state.js").Attempt} Attempt */
/** @typedef {import("./puzzle-state.js").PuzzleEvent} PuzzleEvent */
/** @typedef {import("./puzzle-state.js").PuzzleModel} PuzzleModel */
/** @typedef {import("./puzzle-state.js").PuzzleRecord} PuzzleRecord */
/** @typedef {import("./puzzle-state.js").Intent} Intent */
/** @typedef {import("./puzzle-state.js").Step} Step */
/** @typedef {import("./puzzle-view.js").PuzzleActions} PuzzleActions */
/** @typedef {import("./puzzle-view.js").PuzzleBoard} PuzzleBoard */

/** Draw the puzzle of `model` in `el`; returns the function that takes it away.
 * @param {PuzzleModel} model @param {HTMLElement} el @returns {() => void} */
export function renderPuzzle(model, el) {
  const root = h("div", { class: "mtl-root mtl-puzzle", role: "region" });
  el.appendChild(root);
  const page = puzzlePage(model, root);
  // Escape clears a selection (the focus goes back to the tile); the arrows and digits
  // move in the hand and the trains (keys.js: bindKeys). A key with nothing to clear is
  // left to the page.
  const clearSelection = () => {
    if (page.attempt().selected === null) return false;
    page.dispatch({ type: "clear" });
    return true;
  };
  const bindings = [
    { keys: ["Escape"], run: clearSelection, label: "Esc", help: "clear the selection" },
    ...rovingBindings,
  ];
  /** @param {FocusEvent} ev */
  const onFocusKey = (ev) => {
    const t = /** @type {Element | null} */ (ev.target);
    const k = t && t.getAttribute ? t.getAttribute("data-key") || "" : "";
    page.dispatch({ type: "focus", key: k });
  };
  const unbindKeys = bindKeys(root, bindings);
  root.addEventListener("focusin", onFocusKey);
  root.addEventListener("click", page.pressed, true);
  const unlisten = listen(model, {
    feedback: page.onFeedback, view: () => page.dispatch({ type: "view", view: model.get("view") }),
    solution: page.show.play, progress: page.draw, puzzle: () => page.dispatch({ type: "puzzle" }),
    set_progress: page.draw,
  });
  const unrefuse = onRefusal(model, (refusal) => model.set("feedback", refusalFeedback(refusal)));
  page.draw();
  return () => {
    page.show.stop();
    unlisten();
    unrefuse();
    unbindKeys();
    root.removeEventListener("focusin", onFocusKey);
    root.removeEventListener("click", page.pressed, true);
    root.remove();
  };
}

/** The puzzle drawn in `root`: its attempt, and what carries the controller's steps out.
 * @param {PuzzleModel} model @param {HTMLElement} root */
function puzzlePage(model, root) {
  /** @type {Attempt} */
  let attempt = freshAttempt();
  let actedAt = 0;
  /** @type {PuzzleBoard} */
  const board = {
    onTile: (tile) => { actedAt = Date.now(); dispatch({ type: "tile", tile }); },
    onTrain: (train) => { actedAt = Date.now(); dispatch({ type: "train", train }); },
    words: { open: false },
    nextOnPage: () => nextOnPage() !== null,
  };
  const ctx = () => ({ view: model.get("view"), widget: puzzleWidget(model), info: puzzleInfo(model),
    trainer: model.get("kind") === "trainer" });

  /** The learner's record of this puzzle (this browser's, or the kernel's). @returns {PuzzleRecord | null} */
  function record() {
    if (model.get("storage") === "local") return localRecord(String(puzzleInfo(model).id || ""));
    return cleanRecord(model.get("progress"));
  }

  /** An intent to the host; a record sent is kept in this browser first where it is kept here.
   * @param {Intent} intent */
  function send(intent) {
    if (model.get("storage") === "local" && (intent.action === "progress" || intent.action === "reset")) {
      const rec = intent.action === "progress" ? intent.record : null;
      saveLocalRecord(String(puzzleInfo(model).id || ""), rec);
    }
    model.send(intent);
  }

  /** Step the controller with `ev` and carry the step out.
   * @param {PuzzleEvent} ev @returns {Step} */
  function dispatch(ev) {
    const out = puzzleStep(attempt, ev, ctx());
    attempt = out.state;
    // the answer's frames play only while the answer is shown
    if (attempt.done !== "shown") show.stop();
    if (out.draw === "before") draw();
    for (const intent of out.intents) send(intent);
    if (out.draw === "after") draw();
    if (out.next) dispatch(out.next);
    return out;
  }

  // The puzzle holds the focus, or lost it to the page in a redraw after the learner acted.
  function ownsFocus() {
    const a = document.activeElement;
    if (a && root.contains(a)) return true;
    return (!a || a === document.body) && Date.now() - actedAt < 10000;
  }

  /** The next puzzle drawn on the page after this one (a lone puzzle of a chapter), or null.
   * @returns {Element | null} */
  function nextOnPage() {
    const all = [...document.querySelectorAll(".mtl-root.mtl-puzzle")];
    const i = all.indexOf(root);
    return i >= 0 && i + 1 < all.length ? all[i + 1] : null;
  }

  // Draw the attempt; the focus goes where the step asked (if the puzzle holds it), else
  // stays on the control that had it.
  function draw() {
    let key = focusKey(root);
    if (attempt.focus && ownsFocus()) key = attempt.focus;
    attempt = withForm({ ...attempt, focus: null }, puzzleWidget(model));
    drawPuzzle(root, model, attempt, act, board);
    if (key === "@hand") {
      const stop = /** @type {HTMLElement | null} */ (root.querySelector('[data-roving="hand"] [tabindex="0"]'));
      if (stop) stop.focus();
      else restoreFocus(root, "question");
    } else {
      restoreFocus(root, key, { "set-next": "feedback", "next-on-page": "feedback", feedback: "question" });
    }
  }

  // The host's verdict; then the verdict, drawn above the board the learner clicked, is
  // brought into view.
  function onFeedback() {
    const items = asArray(model.get("set"));
    const out = dispatch({ type: "feedback", feedback: model.get("feedback"), record: record(),
      now: new Date().toISOString(), setHasNext: items.length > 0 && (model.get("index") | 0) < items.length - 1,
      nextOnPage: nextOnPage() !== null });
    const fb = out.state.lastFeedback;
    if (fb && fb.status !== "continue") scrollIntoViewBelowBar(root.querySelector(".mtl-pz-feedback"));
  }

  const show = answerShow(model, () => attempt, dispatch);
  const page = { root, draw, dispatch, onFeedback, record, nextOnPage, show, attempt: () => attempt,
    pressed: () => { actedAt = Date.now(); } };
  const act = puzzleActions(model, page);
  return page;
}

/** Show the answer: the board steps through the engine's frames of the example answer
 * (the model's solution), one every 900 ms, while the answer is shown.
 * @param {PuzzleModel} model @param {() => Attempt} attempt @param {(ev: PuzzleEvent) => Step} dispatch */
function answerShow(model, attempt, dispatch) {
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;
  const stop = () => {
    if (timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
  const play = () => {
    const sol = model.get("solution");
    if (!sol || typeof sol !== "object" || attempt().done !== "shown") return;
    const frames = /** @type {View[]} */ (asArray(sol.frames));
    stop();
    let i = 0;
    dispatch({ type: "frame", frame: frames[0] || null });
    if (frames.length > 1) {
      timer = setInterval(() => {
        i += 1;
        if (i >= frames.length) stop();
        else dispatch({ type: "frame", frame: frames[i] });
      }, 900);
    }
  };
  return { play, stop };
}

/** What the view's buttons and the answer widgets may do: each is an event for the controller.
 * @param {PuzzleModel} model @param {ReturnType<typeof puzzlePage>} page @returns {PuzzleActions} */
function puzzleActions(model, page) {
  const { dispatch } = page;
  return {
    answer: (value) => dispatch({ type: "answer", value }),
    pickMove: (move) => dispatch({ type: "pick", move }),
    form: (form, redraw) => dispatch({ type: "form", form, redraw: redraw !== false }),
    note: (text) => dispatch({ type: "note", text }),
    hint: (n) => dispatch({ type: "hint", n }),
    showAnswer() {
      const hasSolution = Boolean(model.get("solution"));
      dispatch({ type: "show", record: page.record(), now: new Date().toISOString(), hasSolution });
      if (hasSolution) page.show.play();
    },
    tryAgain: () => dispatch({ type: "retry" }),
    restart: () => dispatch({ type: "restart" }),
    resetProgress: () => dispatch({ type: "resetProgress" }),
    go: (index) => dispatch({ type: "goto", index, count: asArray(model.get("set")).length,
      current: model.get("index") | 0 }),
    goNextOnPage() {
      const next = page.nextOnPage();
      const q = next && next.querySelector(".mtl-pz-question");
      if (q) scrollIntoViewBelowBar(q, { focus: q });
    },
    record: page.record,
    current: page.attempt,
  };
}
