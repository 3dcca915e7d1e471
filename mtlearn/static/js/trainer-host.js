// The trainer in a static page (the book): the stand-in model, answered by the in-page
// engine (a mtlearn.trainer.trainer_session.TrainerSession in the page's Pyodide worker).
//
// The trainer has no precomputed answers: which puzzle comes next depends on the
// learner's own progress, so only the engine can choose it. The engine starts when the
// page loads; until it is ready the view says so, and where it cannot run it says why.
// The learner's state is read from localStorage (trainer.js keeps it there) and sent in
// the session's spec, with the browser's time zone (the learner's days are local days,
// as in the notebook); a saved state the engine refuses (damaged, hand-edited) is kept
// aside under a key of its own (trainer.js keepDamagedState: never over a copy kept
// before) and the trainer starts afresh, saying so.

import { refusalFeedback } from "./view-data.js";
import { mtlEngine, mtlEngineUrl, mtlModel } from "./host.js";
import { keepDamagedState, loadTrainerState, storedTrainerText } from "./trainer.js";
import { loadOwnPuzzles } from "./own-puzzles.js";

/** @typedef {import("./protocol").TrainerAnswer} TrainerAnswer */
/** @typedef {import("./protocol").Opened} Opened */
/** @typedef {import("./protocol").Answered} Answered */
/** @typedef {import("./host.js").HostError} HostError */
/** @typedef {import("./puzzle-state.js").TrainerModel} TrainerModel */
/** @typedef {import("./puzzle-state.js").PuzzleKeys} PuzzleKeys */
/** @typedef {import("./puzzle-state.js").TrainerKeys} TrainerKeys */
/** @typedef {import("./puzzle-host.js").PageEngine} PageEngine */

/**
 * The trainer as a static page holds it: the spec of the in-page engine's session
 * (mtlearn.trainer.trainer_session.TrainerSession.from_spec; the page adds the learner's
 * saved state, the time and the time zone).
 * @typedef {{session?: Record<string, unknown>}} TrainerPageState
 */

const MTL_TRAINER_NEEDS_ENGINE =
  "The trainer chooses each puzzle from your own progress, which needs the book's built-in " +
  "rules checker, and it cannot run here. Open the book from its web address instead of from a " +
  "file: ask your teacher for it, or, where mtlearn is installed, run \"mtlearn book\" and " +
  "open the address it prints.";

// Apply a session's answer: the puzzle first (a new attempt), then the rest.
/** @param {TrainerModel} model @param {TrainerAnswer | undefined} result */
function applyAnswer(model, result) {
  const r = result || {};
  if ("puzzle" in r) model.set("puzzle", r.puzzle);
  for (const [k, v] of Object.entries(r)) {
    if (k !== "puzzle" && k !== "trainer") model.set(/** @type {keyof (PuzzleKeys & TrainerKeys)} */ (k), v);
  }
  if ("trainer" in r) model.set("trainer", r.trainer);
}

/** The error's words: the refusal's, else the error's message.
 * @param {HostError} err @returns {string} */
function errorText(err) {
  return err && err.refusal ? String(err.refusal.error) : String(err && err.message ? err.message : err);
}

/** @param {HTMLElement} root the trainer's element in the page
 * @param {TrainerPageState} state the page's state of the trainer
 * @param {Record<string, unknown>} initial the model's first keys (a copy of `state`, with its kind)
 * @returns {TrainerModel} */
export function mtlTrainerModel(root, state, initial) {
  const spec = Object.assign({}, state.session || {});
  delete initial.session;
  Object.assign(initial, { storage: "local", puzzle: null, view: null, feedback: null, solution: null,
    trainer: null, trainer_error: null, trainer_wait: "The trainer is starting: loading the rules checker…" });
  /** @type {PageEngine | null} */
  let engine = null;
  /** @type {string | null} */
  let sid = null;
  let errors = 0;
  /** @param {TrainerModel} model @param {unknown} message an intent (protocol.d.ts TrainerIntent) */
  const onSend = (model, message) => {
    if (!message || typeof message !== "object" || !sid) return;
    const content = /** @type {Record<string, unknown>} */ (message);
    if (content.action === "progress" || content.action === "reset") return;  // stars: puzzle.js
    const intent = Object.assign({}, content, { now: Date.now() / 1000 });
    root.setAttribute("data-busy", "1");
    engine.request({ op: "intent", session: sid, intent })
      .then((answer) => applyAnswer(model, /** @type {Answered} */ (answer).result))
      .catch(/** @param {HostError} err */ (err) => {
        const text = errorText(err);
        const trainerIntent = ["next", "daily", "import", "hint"].includes(String(content.action));
        if (trainerIntent) model.set("trainer_error", { text, n: ++errors });
        else model.set("feedback", refusalFeedback({ ok: false, error: text }));
      })
      .finally(() => root.removeAttribute("data-busy"));
  };
  // the stand-in holds the keys of a trainer: the page's, and those set just above
  const model = mtlModel(/** @type {PuzzleKeys & TrainerKeys} */ (initial), onSend);
  const located = typeof mtlEngineUrl === "function" ? mtlEngineUrl(root) : null;
  if (!located || !located.url) {
    root.setAttribute("data-engine-state", "none");
    model.set("trainer_wait", MTL_TRAINER_NEEDS_ENGINE);
    return model;
  }
  root.setAttribute("data-engine-state", "loading");
  engine = mtlEngine(located.url);
  /** @param {Record<string, unknown> | null} saved the learner's state kept in this browser */
  const open = (saved) => engine.request({ op: "open", kind: "trainer",
    spec: Object.assign({}, spec, { state: saved, utc_offset: -new Date().getTimezoneOffset(),
      now: Date.now() / 1000, own: loadOwnPuzzles() }) });
  const saved = loadTrainerState();
  /** A saved state that cannot be used: keep it aside (before the fresh state is saved over
   * it), start afresh, and say so. @param {string} why */
  const afresh = (why) => {
    const kept = keepDamagedState();
    return open(null).then((answer) => {
      model.set("trainer_error", { n: ++errors, text: `Your saved trainer progress could not be read (${why}), ` +
        "so the trainer starts afresh; " +
        (kept ? "the old copy is kept in this browser." : "the old copy could not be kept.") });
      return answer;
    });
  };
  // an entry that is not even a JSON object is as damaged as one the engine refuses
  const unreadable = !saved && storedTrainerText() !== null;
  engine.ready
    .then(() => unreadable ? afresh("it is damaged") :
      open(saved).catch(/** @param {HostError} err */ (err) => {
        if (!saved || !err || !err.refusal) throw err;
        return afresh(String(err.refusal.error));
      }))
    .then((answer) => {
      const opened = /** @type {Opened} */ (answer);
      sid = opened.session;
      root.setAttribute("data-engine-state", "ready");
      applyAnswer(model, opened.result);
    })
    .catch(/** @param {Error} err */ (err) => {
      root.setAttribute("data-engine-state", "failed");
      model.set("trainer_wait", `${MTL_TRAINER_NEEDS_ENGINE} (${String(err && err.message ? err.message : err)})`);
    });
  return model;
}
