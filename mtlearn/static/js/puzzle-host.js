// Puzzles in a static page: the precomputed answers and the stand-in model.

import { widgetFor } from "./answer-widgets.js";
import { refusalFeedback } from "./view-data.js";
import { mtlEngine, mtlEngineUrl, mtlModel } from "./host.js";

// ---------------------------------------------------------------- precomputed answers
//
// The host for a page with no engine: every answer the page can send was judged by
// the engine when the page was built (mtlearn.content.puzzles.Puzzle.precomputed).

/** @typedef {import("./protocol").Feedback} Feedback */
/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").Solution} Solution */
/** @typedef {import("./protocol").PuzzleInfo} PuzzleInfo */
/** @typedef {import("./protocol").Opened} Opened */
/** @typedef {import("./protocol").Answered} Answered */
/** @typedef {import("./protocol").PuzzleAnswer} PuzzleAnswer */
/** @typedef {import("./protocol").HostRequest} HostRequest */
/** @typedef {import("./protocol").HostAnswer} HostAnswer */
/** @typedef {import("./protocol").Refusal} Refusal */
/** @typedef {import("./host.js").HostError} HostError */

/**
 * What the puzzle and trainer hosts use of the page's engine (host.js mtlEngine): ready
 * once Pyodide and mtlearn are loaded; a request answered, or refused (a HostError).
 * @typedef {Object} PageEngine
 * @property {Promise<unknown>} ready
 * @property {(req: HostRequest) => Promise<Exclude<HostAnswer, Refusal>>} request
 */
/** @typedef {import("./puzzle-state.js").PuzzleModel} PuzzleModel */
/** @typedef {import("./puzzle-state.js").PuzzleKeys} PuzzleKeys */
/** @typedef {import("./answer-widgets.js").StoredAnswers} StoredAnswers */
/** @typedef {import("./answer-widgets.js").StoredMove} StoredMove */
/** @typedef {import("./answer-widgets.js").LookUp} LookUp */

/**
 * One puzzle as a static page holds it (mtlearn.content.puzzle_record Puzzle.state): what
 * the learner sees, the answers the engine judged when the page was built, the answer
 * shown, and the spec of the in-page engine's session (puzzles from a file only).
 * @typedef {Object} PuzzlePageState
 * @property {PuzzleInfo} puzzle
 * @property {View} view
 * @property {StoredAnswers} [answers]
 * @property {Solution | null} [solution]
 * @property {unknown} [session]
 */

/**
 * A page's puzzle, or its set (mtlearn.jupyter.widgets.PuzzleSet: `items`, one puzzle
 * state each, and `index`, the one shown).
 * @typedef {PuzzlePageState & {items?: PuzzlePageState[], index?: number}} PuzzlesPageState
 */

/**
 * What a puzzle host does with an intent the puzzle sends (mtlModel's onSend).
 * @typedef {(model: PuzzleModel, content: unknown) => void} PuzzleHost
 */

// Type-checked by tsc (tests/frontend_checks.py) against protocol.d.ts.
/** @param {PuzzlePageState} state @returns {PuzzleHost} */
export function puzzleStaticHost(state) {
  const answers = state.answers || {};
  const info = state.puzzle || {};
  const initialView = state.view;
  /** @type {Record<string, StoredMove>} */
  let node = answers.moves || {};
  let n = 0;
  /** @param {string} move @returns {string} */
  const flip = (move) => {
    const m = /^(\d+)-(\d+)@(.+)$/.exec(move);
    return m ? `${m[2]}-${m[1]}@${m[3]}` : move;
  };
  /** @type {LookUp} */
  const look = (table, key) => {
    if (!table || typeof table !== "object") return undefined;
    if (Object.prototype.hasOwnProperty.call(table, key)) return table[key];
    const f = flip(key);
    return Object.prototype.hasOwnProperty.call(table, f) ? table[f] : undefined;
  };
  /** @param {PuzzleModel} model @param {Feedback} fb */
  const say = (model, fb) => {
    n += 1;
    model.set("feedback", Object.assign({}, fb, { n }));
  };
  /** @param {PuzzleModel} model @param {string} what */
  const missing = (model, what) => say(model, { status: "invalid",
    text: `This page has no stored answer for ${what}: open the page as a live notebook to try it.` });

  return (model, message) => {
    if (!message || typeof message !== "object") return;
    // an intent of the puzzle (protocol.d.ts PuzzleIntent), or anything a page sends: read with care
    const content = /** @type {Record<string, unknown>} */ (message);
    const a = content.action;
    if (a === "restart") {
      node = answers.moves || {};
      model.set("view", initialView);
      model.set("feedback", null);
      return;
    }
    if (a === "show" || a === "progress" || a === "reset") return;
    if (a === "move") {
      const move = String(content.move || "");
      const entry = look(node, move);
      if (!entry) { missing(model, move); return; }
      if (entry.view) model.set("view", entry.view);
      const st = entry.fb && entry.fb.status;
      if (st === "continue") node = entry.next || {};
      else if (st === "right" || st === "wrong") node = answers.moves || {};
      say(model, entry.fb);
      return;
    }
    if (a !== "answer") {
      // an action this host does not know is refused in words, never dropped
      say(model, { status: "invalid", text: `This page cannot do "${String(a)}" with a puzzle.` });
      return;
    }
    // the puzzle's answer widget reads its own stored answers (answer-widgets.js)
    const found = widgetFor(info).stored(answers, content.answer, info, look);
    if (!found) {
      say(model, { status: "invalid", text: "That answer is not one this puzzle can judge here." });
      return;
    }
    if (found.missing !== undefined) { missing(model, found.missing); return; }
    if (found.view) model.set("view", found.view);
    say(model, found.fb);
  };
}

// The stand-in model of a puzzle in a static page (called by mountStandalone in
// main.js): the in-page engine answers once it is started and ready (a mtlearn.content.puzzles
// PuzzleSession in the page's Pyodide worker); until then, and wherever it cannot run,
// the answers the engine precomputed at build time. Both come from the same engine, so
// the learner sees the same words either way. The host switches only between attempts,
// never in the middle of a turn being played.
/** @param {HTMLElement} root the puzzle's element in the page
 * @param {PuzzlesPageState} state the page's state of the puzzle (or set)
 * @param {Record<string, unknown>} initial the model's first keys (a copy of `state`, with its kind)
 * @returns {PuzzleModel} */
export function mtlPuzzleModel(root, state, initial) {
  // One puzzle, or a set (state.items: one puzzle state each, state.index the one shown).
  const items = Array.isArray(state.items) && state.items.length ? state.items : [state];
  delete initial.answers;
  delete initial.session;
  delete initial.items;
  initial.storage = "local";
  if (!("feedback" in initial)) initial.feedback = null;
  let index = Math.max(0, Math.min(items.length - 1, state.index | 0));
  const hosts = items.map((st) => puzzleStaticHost(st));
  /** @type {Array<string | null>} */
  const sessions = items.map(() => null);   // in-page engine session ids, opened lazily
  /** @type {PageEngine | null} */
  let engine = null;
  let ready = false;
  let midTurn = false;
  let useEngine = false;
  /** The keys a session's answer changes (protocol.d.ts PuzzleAnswer).
   * @param {PuzzleModel} model @param {PuzzleAnswer | undefined} result */
  const apply = (model, result) => {
    for (const [k, v] of Object.entries(result || {})) model.set(/** @type {keyof PuzzleKeys} */ (k), v);
  };
  /** The in-page engine's session of puzzle `i`, opened if it is not yet.
   * @param {number} i @returns {Promise<string | null>} */
  const openSession = (i) => {
    if (!engine || sessions[i] || !items[i].session) return Promise.resolve(sessions[i]);
    return engine.request({ op: "open", kind: "puzzle", spec: items[i].session })
      .then((answer) => {
        const session = /** @type {Opened} */ (answer).session;
        sessions[i] = session;
        return session;
      });
  };
  /** @param {PuzzleModel} model @param {unknown} message */
  const onSend = (model, message) => {
    if (!message || typeof message !== "object") return;
    // an intent of the puzzle (protocol.d.ts PuzzleIntent): read with care all the same
    const content = /** @type {Record<string, unknown>} */ (message);
    const a = content.action;
    if (a === "progress" || a === "reset") return;
    if (a === "goto") {
      const j = /** @type {number} */ (content.index) | 0;
      if (j < 0 || j >= items.length) return;
      index = j;
      midTurn = false;
      hosts[j] = puzzleStaticHost(items[j]);
      model.set("index", j);
      model.set("solution", items[j].solution || null);
      model.set("feedback", null);
      model.set("view", items[j].view);
      model.set("puzzle", items[j].puzzle);
      if (ready && sessions[j]) {
        engine.request({ op: "intent", session: sessions[j], intent: { action: "restart" } })
          .catch(() => {});
      } else if (ready) {
        openSession(j).catch(() => {});
      }
      return;
    }
    const i = index;
    if (ready && !midTurn && sessions[i]) useEngine = true;
    else if (!sessions[i]) useEngine = false;
    if (a === "move") midTurn = true;
    if (a === "restart") midTurn = false;
    const settle = () => {
      const fb = model.get("feedback");
      if (fb && fb.status !== "continue" && fb.status !== "illegal") midTurn = false;
    };
    if (useEngine) {
      root.setAttribute("data-host", "engine");
      engine.request({ op: "intent", session: sessions[i], intent: content })
        .then((answer) => { if (index === i) apply(model, /** @type {Answered} */ (answer).result); settle(); })
        .catch(/** @param {HostError} err */ (err) => {
          // the protocol's one refusal is shown; an engine that failed hands over
          if (err && err.refusal) model.set("feedback", refusalFeedback(err.refusal));
          else { useEngine = false; hosts[i](model, content); }
          settle();
        });
    } else {
      root.setAttribute("data-host", "precomputed");
      hosts[i](model, content);
      settle();
    }
  };
  Object.assign(initial, {
    index, puzzle: items[index].puzzle, view: items[index].view,
    solution: items[index].solution || null,
  });
  // the stand-in holds the keys of a puzzle: the page's, and those set just above
  const model = mtlModel(/** @type {PuzzleKeys} */ (initial), onSend);
  // The engine is started when the learner first reaches for the puzzle (pointer or
  // keyboard focus), not on page load: the stored answers cover the first clicks, and a
  // page of puzzles that is only read never downloads Pyodide.
  const located = items[0].session && typeof mtlEngineUrl === "function" ? mtlEngineUrl(root) : null;
  if (located && located.url) {
    onFirstReach(root, () => {
      root.setAttribute("data-engine-state", "loading");
      engine = mtlEngine(located.url);
      engine.ready
        .then(() => openSession(index))
        .then(() => {
          ready = true;
          root.setAttribute("data-engine-state", "ready");
        })
        .catch(() => root.setAttribute("data-engine-state", "failed"));
    });
  }
  return model;
}

/** Run `start` once, when the learner first reaches for `root`: a pointer pressed, or the
 * keyboard's focus coming in.
 * @param {HTMLElement} root @param {() => void} start */
function onFirstReach(root, start) {
  let started = false;
  const reach = () => {
    if (started) return;
    started = true;
    root.removeEventListener("pointerdown", reach, true);
    root.removeEventListener("focusin", reach, true);
    start();
  };
  root.addEventListener("pointerdown", reach, true);
  root.addEventListener("focusin", reach, true);
}
