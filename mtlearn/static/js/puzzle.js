// ---------------------------------------------------------------- puzzles
//
// A puzzle: a question about a position, answered on the board (a move, a whole turn,
// every legal move, a planned train) or in a small form (a player, trains, a number).
// The host judges every answer: the kernel (mtlearn.content.puzzles.PuzzleSession), the
// in-page engine, or the answers precomputed by the engine (puzzleStaticHost in puzzle-host.js).
// This file is the controller: it holds the attempt's state (`pz`: slips, hints, the
// moves listed…), turns clicks and the host's feedback into changes of that state and
// the messages sent, and redraws with the view functions of puzzle-view.js. How many
// stars a solve earns comes with the puzzle (puzzle.stars, decided in Python).
//
// How the learner answers is the puzzle's answer widget (answer-widgets.js), named by
// puzzle.widget; this file does not look at the puzzle's kind.
//
// Model keys: puzzle (question, kind, widget, hints, options…), view, feedback, solution,
// progress (kernel storage), storage ("kernel" | "local"), rules_url.
// Messages sent: {action: "answer", answer}, {action: "move", move} (sequence),
// {action: "restart"}, {action: "show"}, {action: "progress", record},
// {action: "reset"}.

import { asArray, onRefusal, refusalFeedback, sameTile } from "./view-data.js";
import { append, h, listen, scrollIntoViewBelowBar } from "./dom.js";
import { cleanRecord, localRecord, saveLocalRecord } from "./puzzle-store.js";
import { answerNode, feedbackNode, headNode, hintsNode, progressNode, puzzleInfo, puzzleWidget, setNode } from "./puzzle-view.js";
import { bindKeys, focusAfterView, headingBase, rovingBindings, trainStop } from "./keys.js";
import { focusKey, moveFor, restoreFocus, viewSection } from "./view-parts.js";
import { starsFor } from "./stars.js";

export function renderPuzzle(model, el) {
  const words = { open: false };
  const root = h("div", { class: "mtl-root mtl-puzzle", role: "region" });
  el.appendChild(root);
  const info = () => puzzleInfo(model);
  // The answer widget (answer-widgets.js), chosen by the id the puzzle names.
  const widget = () => puzzleWidget(model);
  // The attempt's state: everything the view functions draw besides the model.
  const pz = {
    selected: null,      // the hand tile picked, waiting for a train
    note: "",            // a line about the last click
    slips: 0,            // wrong or refused answers this attempt
    hintsUsed: 0,
    done: null,          // "solved" | "shown" | null
    earned: 0,           // stars of this attempt
    form: null,          // the answer widget's own state (moves listed, tiles…) …
    formFor: null,       // … and the widget it is for (a set may move to another kind)
    shownFrame: null,    // show-the-answer: the frame on the board
    lastFeedback: null,
    needRetry: false,    // sequence: the turn ended wrong; the board waits for "Try again"
  };
  let timer = null;
  // The keyboard's tab stops (keys.js) and the control to focus at the next draw.
  const rove = { hand: null, train: null };
  let pendingFocus = null;
  let actedAt = 0;

  function record() {
    const id = String(info().id || "");
    if (model.get("storage") === "local") return localRecord(id);
    return cleanRecord(model.get("progress"));
  }

  function saveRecord(rec) {
    const id = String(info().id || "");
    if (model.get("storage") === "local") saveLocalRecord(id, rec);
    if (rec) model.send({ action: "progress", record: rec });
    else model.send({ action: "reset" });
  }

  /** An intent for the host (protocol.d.ts): a puzzle's, or in the trainer a trainer's
   * (a hint opened is rated as help).
   * @param {import("./protocol").PuzzleIntent | import("./protocol").TrainerIntent} content */
  function send(content) {
    model.send(content);
  }

  function answer(value) {
    if (pz.done) return;
    send({ action: "answer", answer: value });
  }

  // -- board interaction ----------------------------------------------------------
  function onTile(tile) {
    actedAt = Date.now();
    pz.selected = pz.selected !== null && sameTile(pz.selected, tile) ? null : tile;
    pz.note = pz.selected ? `Selected ${pz.selected}. Now choose a train.` : "Selection cleared.";
    rove.hand = tile;
    if (pz.selected !== null) pendingFocus = `train:${trainStop(currentView(), pz.selected, rove.train)}`;
    draw();
  }
  function currentView() {
    return pz.shownFrame || model.get("view");
  }
  // The puzzle holds the focus, or lost it to the page in a redraw after the learner acted.
  function ownsFocus() {
    const a = document.activeElement;
    if (a && root.contains(a)) return true;
    return (!a || a === document.body) && Date.now() - actedAt < 10000;
  }
  // The next puzzle drawn on the page after this one (a lone puzzle of a chapter), or null.
  function nextOnPage() {
    const all = [...document.querySelectorAll(".mtl-root.mtl-puzzle")];
    const i = all.indexOf(root);
    return i >= 0 && i + 1 < all.length ? all[i + 1] : null;
  }
  function goNextOnPage() {
    const next = nextOnPage();
    const q = next && next.querySelector(".mtl-pz-question");
    if (q) scrollIntoViewBelowBar(q, { focus: q });
  }
  function onTrain(train) {
    actedAt = Date.now();
    if (pz.selected === null) {
      pz.note = "Choose a tile from the hand first, then a train.";
      draw();
      return;
    }
    const move = moveFor(pz.selected, train);
    pickMove(move);
  }
  // The answer widget, with its own state made fresh if it is not that widget's yet.
  function currentWidget() {
    const w = widget();
    if (pz.formFor !== w) {
      pz.form = w.fresh();
      pz.formFor = w;
    }
    return w;
  }
  function pickMove(move) {
    const w = currentWidget();
    if (pz.done || !w.pick) return;
    pz.note = "";
    w.pick(move, pz, act, currentView());
  }

  // -- feedback from the host -------------------------------------------------------
  function onFeedback() {
    const fb = model.get("feedback");
    pz.lastFeedback = fb && typeof fb === "object" ? fb : null;
    pz.note = "";
    if (!pz.lastFeedback) {
      draw();
      return;
    }
    const st = pz.lastFeedback.status;
    if (st === "wrong" || st === "illegal") pz.slips += 1;
    if (st === "wrong" && widget().retryOnWrong) pz.needRetry = true;
    if (st === "right" && !pz.done) {
      pz.done = "solved";
      pz.earned = starsFor(info().stars, pz.slips + pz.hintsUsed);
      const prev = record();
      const best = prev && prev.solved ? Math.max(prev.stars | 0, pz.earned) : pz.earned;
      saveRecord({ solved: true, stars: best, last_stars: pz.earned, slips: pz.slips, hints: pz.hintsUsed,
        shown: false, when: new Date().toISOString() });
    }
    if (st !== "continue") pz.selected = null;
    // The next useful control: after a right answer the next puzzle (of the set, or on
    // the page), else the verdict itself; after a wrong one the hand, to try again.
    if (st === "right") pendingFocus = nextPuzzleKey();
    else if (st === "wrong" || st === "illegal") pendingFocus = pz.needRetry ? "retry" : "@hand";
    draw();
    // The verdict is drawn above the board the learner clicked: bring it into view.
    if (st !== "continue") scrollIntoViewBelowBar(root.querySelector(".mtl-pz-feedback"));
  }

  function nextPuzzleKey() {
    const items = asArray(model.get("set"));
    const i = model.get("index") | 0;
    if (items.length && i < items.length - 1) return "set-next";
    return nextOnPage() ? "next-on-page" : "feedback";
  }

  // After a wrong turn: back to the start position, keeping the slips and hints counted.
  function tryAgain() {
    pz.needRetry = false;
    pz.selected = null;
    send({ action: "restart" });
    draw();
  }

  function restart() {
    resetLocal();
    send({ action: "restart" });
    draw();
  }

  // A fresh attempt: nothing counted, nothing selected.
  function resetLocal() {
    stopShow();
    pz.needRetry = false;
    pz.slips = 0;
    pz.hintsUsed = 0;
    pz.done = null;
    pz.earned = 0;
    pz.form = null;
    pz.formFor = null;
    pz.selected = null;
    pz.note = "";
    pz.lastFeedback = null;
    pz.shownFrame = null;
  }

  function stopShow() {
    if (timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }

  // Show the answer: step the board through the engine's frames of the example answer.
  function onSolution() {
    const sol = model.get("solution");
    if (!sol || typeof sol !== "object" || pz.done !== "shown") return;
    const frames = asArray(sol.frames);
    stopShow();
    let i = 0;
    pz.shownFrame = frames[0] || null;
    draw();
    if (frames.length > 1) {
      timer = setInterval(() => {
        i += 1;
        if (i >= frames.length) {
          stopShow();
          return;
        }
        pz.shownFrame = frames[i];
        draw();
      }, 900);
    }
  }

  function showAnswer() {
    if (pz.done === "solved") return;
    pz.done = "shown";
    pz.earned = 0;
    const prev = record();
    if (!(prev && prev.solved)) {
      saveRecord({ solved: false, stars: 0, shown: true, slips: pz.slips, hints: pz.hintsUsed,
        when: new Date().toISOString() });
    }
    if (model.get("solution")) onSolution();
    else send({ action: "show" });
    draw();
  }

  function resetProgress() {
    saveRecord(null);
    restart();
    pz.note = "Progress for this puzzle was reset.";
    draw();
  }

  function go(j) {
    const items = asArray(model.get("set"));
    if (!items.length || j < 0 || j >= items.length || j === (model.get("index") | 0)) return;
    resetLocal();
    send({ action: "goto", index: j });
  }

  // What the view functions and the answer widgets may do: the controller's actions.
  const act = {
    answer, send, pickMove, tryAgain, showAnswer, go, restart, resetProgress, record, draw,
    hint(n) {
      pz.hintsUsed = Math.max(pz.hintsUsed, n);
      if (model.get("kind") === "trainer" && !pz.done) send({ action: "hint", n });  // rated as help
      draw();
    },
    note(text) { pz.note = text; draw(); },
  };

  function draw() {
    let key = focusKey(root);
    if (pendingFocus && ownsFocus()) key = pendingFocus;
    pendingFocus = null;
    const w = currentWidget();
    const p = info();
    root.replaceChildren();
    root.setAttribute("aria-label", `Puzzle: ${p.title || ""}`);
    root.setAttribute("data-puzzle", String(p.id || ""));
    const view = pz.shownFrame || model.get("view");
    const interactive = w.board && !pz.done && !pz.needRetry && !(view && view.over);
    append(root, [
      setNode(model, pz, act),
      headNode(model),
      // focusable (not a tab stop): the focus is put here when a puzzle of a set opens
      h("p", { class: "mtl-pz-question", tabindex: "-1", "data-key": "question", text: String(p.question || "") }),
      answerNode(model, pz, act),
      h("p", { class: "mtl-note", "aria-live": "polite", text: pz.note }),
      feedbackNode(model, pz),
      nextOnPageNode(),
      hintsNode(model, pz, act),
      viewSection(view, { interactive, selected: pz.selected, showLegal: false, onTile, onTrain, words, rove,
        headLevel: headingBase(root) }),
      progressNode(model, act),
    ]);
    if (key === "@hand") {
      const stop = root.querySelector('[data-roving="hand"] [tabindex="0"]');
      if (stop) stop.focus();
      else restoreFocus(root, "question");
    } else {
      restoreFocus(root, key, { "set-next": "feedback", "next-on-page": "feedback", feedback: "question" });
    }
  }

  // A solved lone puzzle with another one below it on the page: a button to go there.
  function nextOnPageNode() {
    if (pz.done !== "solved" || asArray(model.get("set")).length || !nextOnPage()) return null;
    const b = h("button", { type: "button", class: "mtl-btn", "data-key": "next-on-page", text: "Next puzzle on this page ▼" });
    b.addEventListener("click", goNextOnPage);
    return h("div", { class: "mtl-controls" }, b);
  }

  const onView = () => {
    if (pz.shownFrame) return;
    // a sequence goes on: the hand (or the tile just drawn), as on a live board
    if (!pz.done && !pz.needRetry) pendingFocus = focusAfterView(null, model.get("view"), rove.hand);
    draw();
  };
  // A puzzle of the set opens: the focus goes to its question, so it is read.
  const onPuzzle = () => { resetLocal(); pendingFocus = "question"; draw(); };
  // Escape clears a selection (the focus goes back to the tile); the arrows and digits
  // move in the hand and the trains (keys.js: bindKeys).
  const clearSelection = () => {
    if (pz.selected === null) return false;
    pendingFocus = `tile:${pz.selected}`;
    pz.selected = null;
    pz.note = "Selection cleared.";
    draw();
    return true;
  };
  const bindings = [
    { keys: ["Escape"], run: clearSelection, label: "Esc", help: "clear the selection" },
    ...rovingBindings,
  ];
  const onFocusKey = (ev) => {
    const k = ev.target && ev.target.getAttribute ? ev.target.getAttribute("data-key") || "" : "";
    if (k.startsWith("tile:")) rove.hand = k.slice(5);
    else if (k.startsWith("train:")) rove.train = k.slice(6);
  };
  const onPress = () => { actedAt = Date.now(); };
  const unbindKeys = bindKeys(root, bindings);
  root.addEventListener("focusin", onFocusKey);
  root.addEventListener("click", onPress, true);
  const unlisten = listen(model, {
    feedback: onFeedback, view: onView, solution: onSolution, progress: draw,
    puzzle: onPuzzle, set_progress: draw,
  });
  const unrefuse = onRefusal(model, (refusal) => model.set("feedback", refusalFeedback(refusal)));
  draw();
  return () => {
    stopShow();
    unlisten();
    unrefuse();
    unbindKeys();
    root.removeEventListener("focusin", onFocusKey);
    root.removeEventListener("click", onPress, true);
    root.remove();
  };
}

