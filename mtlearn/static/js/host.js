// Hosts: who answers a board's intents when there is no kernel.
//
// In JupyterLab the anywidget model's send() reaches the kernel, and none of this runs.
// In static HTML (the book, a saved page) mountStandalone() (main.js) builds a stand-in model
// whose send() asks, in order of preference:
//
//   1. the in-page engine: mtlearn's own Python (mtlearn.hosts.session) running in Pyodide in a
//      module Web Worker (static/engine/worker.mjs), one per page, shared by every board;
//   2. precomputed answers stored in the page: one move deep (state.successors), then the
//      engine's verdicts on single moves (view.verdicts).
//
// The engine is looked for at the address in the board's data-engine attribute, else in
// <meta name="mtlearn-engine" content="…/">. It starts loading when the page loads; the
// first (precomputed) frame is drawn at once, a "loading the engine" status shows until
// it is ready. A click made meanwhile is answered at once from the stored answers where
// they hold one, else queued with "One moment" and played when it is ready, never dropped
// (mtlEngineBoard). Where it cannot run
// (a page opened from disk, no engine next to the page, a failed load) the board falls
// back to the stored answers and says why it stops and how to play on.
//
// Worker protocol (generic, for any session kind): the page posts
//   {id, request: "<JSON>"} where the JSON is a mtlearn.hosts.session_host.SessionHost request
//   ({"op": "open", "kind": "board", "spec": …} / {"op": "intent", "session", "intent"}),
// and the worker answers {id, answer: "<JSON>"}; it also posts {event: "ready", ms} once
// Python and mtlearn are loaded, or {event: "failed", error}.

import { refusalMessage } from "./view-data.js";

// Type-checked by tsc (tests/frontend_checks.py) against protocol.d.ts.
/** @typedef {import("./protocol").HostRequest} HostRequest */
/** @typedef {import("./protocol").HostAnswer} HostAnswer */
/** @typedef {import("./protocol").Refusal} Refusal */
/** @typedef {import("./protocol").BoardMessage} BoardMessage */
/** @typedef {Exclude<HostAnswer, Refusal>} Served */
/** @typedef {Error & {refusal?: Refusal}} HostError */
/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").Verdict} Verdict */
/** @typedef {import("./protocol").BoardAnswer} BoardAnswer */
/** @typedef {import("./dom.js").ModelHandler} ModelHandler */
/** @typedef {import("./board-state.js").BoardKeys} BoardKeys */
/** @typedef {import("./board-state.js").BoardModel} BoardModel */
/** @typedef {import("./board-state.js").BoardSent} BoardSent */

/**
 * A widget's model: anywidget's, or the stand-in a static page makes (mtlModel). Each
 * key reads as its type in `T`; "change:KEY" events tell of a change (the handler gets
 * {new, old}), "change" of any; `send` carries an intent (of type `I`) to the host.
 * `T` is Record<string, any> at most: a model's keys hold whatever JSON its widget
 * reads, each widget types its own (board-state.js BoardKeys).
 * @template {Record<string, any>} T
 * @template [I=unknown]
 * @typedef {object} KeyedModel
 * @property {<K extends keyof T & string>(key: K) => T[K]} get
 * @property {<K extends keyof T & string>(key: K, value: T[K]) => void} set
 * @property {(event: string, fn: ModelHandler) => void} on
 * @property {(event?: string, fn?: ModelHandler) => void} off
 * @property {() => void} save_changes
 * @property {(content: I) => void} send
 */

/**
 * Any widget's model: its kind ("board", "puzzle"…) decides which keys it holds, and each
 * widget reads them with its own types (board-state.js BoardKeys…), hence any here:
 * anywidget hands the model over untyped, and the kind is only known when it is read.
 * @typedef {KeyedModel<any>} AnyModel
 */

/**
 * The in-page engine of one address (mtlEngine): `ready` once Pyodide and mtlearn are
 * loaded (with how long that took: readyMs here, bootMs and stages in the worker), and
 * `request`, which answers a HostRequest or throws a HostError.
 * @typedef {object} Engine
 * @property {string} url
 * @property {number} startedAt
 * @property {number | null} readyMs
 * @property {number} [bootMs]
 * @property {Record<string, number>} [stages]
 * @property {Promise<Engine>} ready
 * @property {(req: HostRequest) => Promise<Served>} request
 */

/**
 * Where a board's answers come from, shown above it (model key "host", static pages only).
 * @typedef {{state: "loading" | "engine" | "fallback", text: string}} HostStatus
 */

/**
 * A stored answer to one move (view.successors, the page's successors): what a session
 * answered, or (older pages) the bare view after the move.
 * @typedef {{view: View, message?: BoardMessage | null} | View} Successor
 */

/**
 * A board as a static page holds it (mtlearn.present.htmlout.standalone_html): the model's
 * keys, the answers stored for the first position (`successors`), and for the in-page
 * engine the session's spec, or `host_note`, why the page has none ("lite", "python-bots").
 * @typedef {Partial<BoardKeys> & {successors?: Record<string, Successor>,
 *   session?: {kind?: string} & Record<string, unknown>, host_note?: string}} BoardPageState
 */

/** @typedef {(model: BoardModel, content: BoardSent) => void} BoardHost  what answers a board's intents */

// What a learner can do when the page cannot play on (learner words: no commands here;
// the teacher's guide says how to serve the book).
const MTL_HOW_TO_PLAY_ON =
  "To play whole rounds, open the book from its web address instead of from a file: ask " +
  "your teacher for it, or, where mtlearn is installed, run \"mtlearn book\" followed by " +
  "the book's folder or .zip file, and open the address it prints.";

// What a board says when its guided round starts again from the deal.
const MTL_RESTARTED = "The guided round starts again from the deal: the steps are to do again.";

// One engine per page and address, shared by all boards (each board's module is a
// separate module instance, so the registry lives on the window).
/** @param {string} url @returns {Engine} */
export function mtlEngine(url) {
  /** @type {Window & {__mtlearnEngines?: Record<string, Engine>}} */
  const win = window;
  const registry = (win.__mtlearnEngines = win.__mtlearnEngines || /** @type {Record<string, Engine>} */ ({}));
  if (registry[url]) return registry[url];
  /** @type {Map<number, {resolve: (text: string) => void, reject: (err: Error) => void}>} */
  const pending = new Map();
  let next = 0;
  /** @type {Worker} */
  let worker;
  const t0 = performance.now();
  /** @type {Engine} */
  const engine = {
    url,
    startedAt: t0,
    readyMs: null,
    ready: null,
    /** @param {HostRequest} req @returns {Promise<Served>} */
    request(req) {
      return engine.ready.then(() => new Promise(/** @param {(text: string) => void} resolve @param {(err: Error) => void} reject */ (resolve, reject) => {
        const id = ++next;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, request: JSON.stringify(req) });
      })).then((text) => {
        /** @type {HostAnswer} */
        const answer = JSON.parse(String(text));
        if (answer.ok === false) {  // the protocol's one refusal: kept on the error for the board
          /** @type {HostError} */
          const err = new Error(answer.error || "the engine refused the request");
          err.refusal = answer;
          throw err;
        }
        return answer;
      });
    },
  };
  engine.ready = new Promise((resolve, reject) => {
    try {
      worker = new Worker(new URL("worker.mjs", url), { type: "module" });
    } catch (err) {
      reject(err);
      return;
    }
    worker.addEventListener("message", (ev) => {
      const data = ev.data || {};
      if (data.event === "ready") {
        engine.readyMs = performance.now() - t0;
        engine.bootMs = data.ms;
        engine.stages = data.stages || {};
        resolve(engine);
      } else if (data.event === "failed") {
        reject(new Error(String(data.error || "unknown error")));
      } else if (pending.has(data.id)) {
        const p = pending.get(data.id);
        pending.delete(data.id);
        if (data.error) p.reject(new Error(String(data.error)));
        else p.resolve(data.answer);
      }
    });
    worker.addEventListener("error", (ev) => {
      ev.preventDefault();
      reject(new Error(ev.message || "the engine's worker could not start"));
    });
  });
  engine.ready.catch(() => {});
  registry[url] = engine;
  return engine;
}

// Where this board's engine lives, or why there is none.
/** @param {Element} root @returns {{url: string | null, why: string | null}} */
export function mtlEngineUrl(root) {
  const given = root.getAttribute("data-engine") ||
    (/** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="mtlearn-engine"]')) ||
      { content: "" }).content;
  if (!given) return { url: null, why: "none" };
  if (location.protocol === "file:") return { url: null, why: "file" };
  if (typeof Worker === "undefined") return { url: null, why: "noworker" };
  try {
    const u = new URL(given, document.baseURI);
    return { url: u.href.endsWith("/") ? u.href : u.href + "/", why: null };
  } catch {
    return { url: null, why: "none" };
  }
}

// Why the board falls back to the stored answers, and how to play on, in words.
/** @param {string} why @param {string} [detail] @returns {string} */
function mtlFallbackText(why, detail) {
  const stop = "This board can answer only your next move from answers stored in the page.";
  if (why === "file") {
    return "This page was opened from a file on your computer, and browsers do not let such " +
      "a page run the computer player. " + stop + " " + MTL_HOW_TO_PLAY_ON;
  }
  if (why === "failed") {
    console.warn("mtlearn: the in-page engine could not start:", detail);
    return "The computer player could not start in this page. " + stop + " " +
      "Reload the page to try again.";
  }
  if (why === "python-bots") {
    return "This board's computer players only play in a live notebook. " +
      stop + " To play on, open the page as a live notebook.";
  }
  if (why === "lite") {  // a live notebook's stored board (docs/_ext/mtlearn_lite_outputs.py)
    return "Not live yet: this board was saved with the chapter, and until its cells run " +
      "it only says whether a move is allowed. Run all the cells (Run › Run All Cells; the " +
      "first time, once the notebook is ready) and the board plays on.";
  }
  if (why === "noworker") {
    return "This browser cannot run the computer player. " + stop + " " +
      "Try another browser to play whole rounds.";
  }
  return "This page cannot play whole rounds by itself. " + stop + " " + MTL_HOW_TO_PLAY_ON;
}

// The small stand-in for an anywidget model: get / set / on / off / save_changes / send.
/**
 * @template {Record<string, any>} T
 * @template [I=unknown]
 * @param {T} initial the keys at first
 * @param {(model: KeyedModel<T, I>, content: I) => void} onSend what the host does with an intent
 * @returns {KeyedModel<T, I>}
 */
export function mtlModel(initial, onSend) {
  /** @type {T} */
  const data = Object.assign({}, initial);
  /** @type {Map<string, Set<ModelHandler>>} */
  const listeners = new Map();
  /** @type {KeyedModel<T, I>} */
  const model = {
    get(key) { return data[key]; },
    set(key, value) {
      const old = data[key];
      data[key] = value;
      if (old !== value) {
        for (const cb of [...(listeners.get("change:" + key) || [])]) cb({ new: value, old });
        for (const cb of [...(listeners.get("change") || [])]) cb();
      }
    },
    on(event, cb) {
      for (const ev of String(event).split(/\s+/)) {
        if (!listeners.has(ev)) listeners.set(ev, new Set());
        listeners.get(ev).add(cb);
      }
    },
    off(event, cb) {
      if (!event) { listeners.clear(); return; }
      for (const ev of String(event).split(/\s+/)) {
        if (!cb) listeners.delete(ev);
        else if (listeners.has(ev)) listeners.get(ev).delete(cb);
      }
    },
    save_changes() {},
    send(content) { onSend(model, content); },
  };
  return model;
}

// A move with its tile turned round ("5-9@M" -> "9-5@M"): a stored answer may name either.
/** @param {string} move @returns {string} */
function mtlFlip(move) {
  const m = /^(\d+)-(\d+)@(.+)$/.exec(move);
  return m ? `${m[2]}-${m[1]}@${m[3]}` : move;
}

// The entry of `table` (successors, verdicts) for `move`, either way round, or undefined.
/** @template V @param {Record<string, V> | null | undefined} table @param {string} move @returns {V | undefined} */
function mtlLookup(table, move) {
  if (!table || typeof table !== "object") return undefined;
  if (Object.prototype.hasOwnProperty.call(table, move)) return table[move];
  const flipped = mtlFlip(move);
  if (Object.prototype.hasOwnProperty.call(table, flipped)) return table[flipped];
  return undefined;
}

/**
 * A board message of the page's own (no rule link, no bots' moves).
 * @param {BoardMessage["kind"]} kind @param {string} text @param {string | null} [rule]
 * @returns {BoardMessage}
 */
function mtlMsg(kind, text, rule) {
  return { kind, text, rule: rule || null, rule_url: null, bots: [] };
}

// The answers a static page stores with a view (view.successors: the protocol leaves
// their shape open; a page writes Successor values).
/** @param {View} view @returns {Record<string, Successor> | undefined} */
function storedAnswers(view) {
  return /** @type {Record<string, Successor> | undefined} */ (view.successors);
}

// Precomputed answers: successors (one move deep), then verdicts; never a kernel.
// A successor is either {view, message} (what a session answered) or a bare view.
/** @param {View | null} initialView @param {Record<string, Successor> | undefined} globalSuccessors
 * @param {string} [playOnText] @returns {BoardHost} */
export function mtlPrecomputed(initialView, globalSuccessors, playOnText) {
  /** @type {View[]} the views before each stored move played, for Undo */
  const history = [];
  const playOn = playOnText || "open it as a live notebook to play on";
  return (model, content) => {
    if (!content || typeof content !== "object") return;
    // no view yet: read as one that holds nothing
    const view = model.get("view") || /** @type {View} */ ({});
    if (content.action === "restart") {  // the guided round again (board.js, match.js)
      history.length = 0;
      model.set("view", initialView);
      model.set("message", mtlMsg("info", MTL_RESTARTED));
      return;
    }
    if (content.action === "undo") {
      if (history.length) {
        model.set("view", history.pop());
        model.set("message", mtlMsg("info", "Move taken back."));
      } else {
        model.set("message", mtlMsg("info", "Nothing to undo here."));
      }
      return;
    }
    if (content.action === "hint") {  // a board with steps asks its host (steps.js)
      model.set("message", mtlMsg("info", view.hint ? "Hint: " + String(view.hint) : "No hint here."));
      return;
    }
    let move;
    if (content.action === "move") move = String(content.move || "");
    else if (content.action === "draw" || content.action === "pass") move = content.action;
    else {
      model.set("message", mtlMsg("info", "This page cannot do that by itself: " + playOn + "."));
      return;
    }
    const legalEntry = (view.legal || []).find(
      (m) => m.move === move || m.move === mtlFlip(move));
    let next = mtlLookup(storedAnswers(view), move);
    if (next === undefined && view === initialView) next = mtlLookup(globalSuccessors, move);
    const verdict = mtlLookup(view.verdicts, move);
    if (next && typeof next === "object") {
      history.push(view);
      if ("view" in next && next.view && typeof next.view === "object") {
        model.set("view", next.view);
        model.set("message", next.message || mtlMsg("ok", "Played " + move + "."));
        return;
      }
      const said = verdict && verdict.text ? verdict.text
        : legalEntry ? legalEntry.text + "." : "Played " + move + ".";
      model.set("view", /** @type {View} */ (next));  // a bare view
      model.set("message", mtlMsg("ok", said, verdict && verdict.rule));
      return;
    }
    if (verdict && verdict.legal === false) {
      model.set("message", mtlMsg("refusal", String(verdict.text || ""), verdict.rule));
      return;
    }
    if ((verdict && verdict.legal) || legalEntry) {
      const text = legalEntry ? legalEntry.text : verdict.text || move;
      model.set("message", mtlMsg("info",
        "Legal: " + text + "  (" + playOn + ")", verdict && verdict.rule));
      return;
    }
    model.set("message", mtlMsg("info",
      "This page has no answer stored for " + move + ": " + playOn + "."));
  };
}

// What the stored answers can answer at once, without the engine, for an intent sent while
// the engine loads: "play" (a successor is stored: the state changes), "refuse" (a stored
// verdict says no: nothing changes), or null (only the engine can answer: it waits).
// `played` counts the plays answered from stored answers so far (Undo takes one back).
/** @param {View | null} view @param {View | null} initialView
 * @param {Record<string, Successor> | undefined} globalSuccessors @param {BoardSent} content
 * @param {number} played @returns {"play" | "refuse" | "undo" | "restart" | null} */
export function mtlStoredAnswer(view, initialView, globalSuccessors, content, played) {
  if (!content || typeof content !== "object") return null;
  if (content.action === "restart") return "restart";
  if (content.action === "undo") return played > 0 ? "undo" : null;
  let move;
  if (content.action === "move") move = String(content.move || "");
  else if (content.action === "draw" || content.action === "pass") move = content.action;
  else return null;
  const v = view || /** @type {View} */ ({});  // no view: one that holds nothing
  let next = mtlLookup(storedAnswers(v), move);
  if (next === undefined && v === initialView) next = mtlLookup(globalSuccessors, move);
  if (next && typeof next === "object") return "play";
  const verdict = mtlLookup(v.verdicts, move);
  return verdict && verdict.legal === false ? "refuse" : null;
}

// What a board says while an action waits for the engine: in words, in the message line
// (a live region, so screen readers announce it) and in the status above the board.
/** @param {number} waiting @returns {string} */
export function mtlOneMoment(waiting) {
  return waiting === 1
    ? "One moment: the board is getting ready. Your move is played as soon as it is."
    : `One moment: the board is getting ready. Your ${waiting} actions are played, in order, as soon as it is.`;
}

// A board backed by the in-page engine, with the precomputed answers as a fallback.
// Sets model key "host": {state: "loading" | "engine" | "fallback", text}.
//
// Before the engine is ready (Pyodide takes seconds to load) a click is never lost: a move
// whose answer is stored in the page is answered at once from it (and played again in the
// engine, unseen, once it is ready, so that both agree); anything else waits in a queue,
// with "One moment" said, and is played in order when the engine is ready. Requests to the
// engine go one after another (`line`), so a click made while the queue is being played
// waits its turn. The functions below (eb…) share the host's state, an EngineBoard.

/**
 * One engine-backed board's host: where it stands and what waits.
 * @typedef {object} EngineBoard
 * @property {Element} root          the board's element (data-answers, data-engine-ms for tests)
 * @property {BoardPageState} state  the page's state of the board
 * @property {BoardKeys} initial     the model's first keys
 * @property {BoardHost} precomputed the stored answers
 * @property {"loading" | "engine" | "fallback"} mode
 * @property {BoardSent[]} queue     intents waiting for the engine
 * @property {BoardSent[]} replay    intents answered from stored answers, to play again in the engine
 * @property {Promise<unknown>} line the engine's requests, one after another
 * @property {string | null} sid     the engine's session, once open
 * @property {Engine | null} engine
 * @property {BoardModel | null} model
 * @property {number} answers        how many answers arrived
 */

/** What a board's request got: the session's answer (none for a close).
 * @param {Served} answer @returns {BoardAnswer | null} */
function boardResult(answer) {
  return "result" in answer ? /** @type {BoardAnswer} */ (answer.result) : null;
}

/** Say where the answers come from (model key "host"; the first keys before the model is made).
 * @param {EngineBoard} eb @param {HostStatus["state"]} st @param {string} text */
function ebSetHost(eb, st, text) {
  // the page's element says who answers too (the board draws the line only where it says
  // something: match.js hostStatusNode), for tests and benchmarks
  eb.root.setAttribute("data-host", st);
  if (eb.model) eb.model.set("host", { state: st, text });
  else eb.initial.host = { state: st, text };
}

/** Show an answer (its message, then its view), and count it.
 * @param {EngineBoard} eb @param {Partial<BoardAnswer> | null} result @param {number} [ms] */
function ebApply(eb, result, ms) {
  if (result) {
    if (result.message !== undefined) eb.model.set("message", result.message);
    if (result.view) eb.model.set("view", result.view);
    if (result.review !== undefined) eb.model.set("review", result.review);
  }
  // For tests and benchmarks: how many answers arrived, and how long the last one took.
  eb.root.setAttribute("data-answers", String(++eb.answers));
  if (ms !== undefined) eb.root.setAttribute("data-answer-ms", ms.toFixed(1));
}

/** The engine's answer to an intent, shown (a refusal or a failure: said in the message).
 * @param {EngineBoard} eb @param {BoardSent} content @returns {Promise<void>} */
function ebToEngine(eb, content) {
  const t = performance.now();
  return eb.engine.request({ op: "intent", session: eb.sid, intent: content })
    .then((answer) => ebApply(eb, boardResult(answer), performance.now() - t))
    .catch(/** @param {HostError} err */ (err) => {
      eb.model.set("message", err.refusal ? refusalMessage(err.refusal)
        : mtlMsg("info", "The page could not answer that. Try again, or reload the page."));
      if (!err.refusal) console.warn("mtlearn: the in-page engine did not answer:", err.message);
      ebApply(eb, null);
    });
}

/** A move already answered from the stored answers, played again in the engine's session:
 * nothing new is shown unless the engine's view differs from the stored one.
 * @param {EngineBoard} eb @param {BoardSent} content @returns {Promise<void>} */
function ebCatchUp(eb, content) {
  return eb.engine.request({ op: "intent", session: eb.sid, intent: content })
    .then((answer) => {
      const result = boardResult(answer);
      const view = result && result.view;
      if (view && JSON.stringify(view) !== JSON.stringify(eb.model.get("view"))) {
        eb.model.set("view", view);
      }
    });
}

/** The guided round again: a fresh session from the same spec (its deal, its steps).
 * @param {EngineBoard} eb @returns {Promise<void>} */
function ebRestart(eb) {
  const spec = eb.state.session;
  const old = eb.sid;
  if (old) eb.engine.request({ op: "close", session: old }).catch(() => {});
  return eb.engine.request({ op: "open", kind: spec.kind || "board", spec })
    .then((answer) => {
      eb.sid = /** @type {import("./protocol").Opened} */ (answer).session;
      ebApply(eb, boardResult(answer));
      eb.model.set("message", mtlMsg("info", MTL_RESTARTED));
    })
    .catch(/** @param {Error} err */ (err) => {
      console.warn("mtlearn: the in-page engine could not open the board again:", err.message);
      eb.model.set("message", mtlMsg("info", "The page could not start the round again. Reload the page."));
      ebApply(eb, null);
    });
}

/** An intent for the engine, after those before it.
 * @param {EngineBoard} eb @param {BoardSent} content @returns {Promise<unknown>} */
function ebToHost(eb, content) {
  eb.line = eb.line.then(() => (content && content.action === "restart" ? ebRestart(eb) : ebToEngine(eb, content)));
  return eb.line;
}

/** The engine cannot run: the stored answers answer from now on, what waited first.
 * @param {EngineBoard} eb @param {string} why @param {string} [detail] */
function ebFallback(eb, why, detail) {
  eb.mode = "fallback";
  eb.replay.length = 0;  // the stored answers already show those moves
  ebSetHost(eb, "fallback", mtlFallbackText(why, detail));
  while (eb.queue.length) {
    eb.precomputed(eb.model, eb.queue.shift());
    ebApply(eb, null);
  }
}

/** While the engine loads: answer from the stored answers where they hold one, else wait.
 * @param {EngineBoard} eb @param {BoardModel} m @param {BoardSent} content */
function ebWhileLoading(eb, m, content) {
  // once the engine's session is open (sid), it catches up: everything waits its turn
  const stored = eb.queue.length || eb.sid !== null ? null
    : mtlStoredAnswer(m.get("view"), eb.initial.view, eb.state.successors, content, eb.replay.length);
  if (stored === null) {
    eb.queue.push(content);
    const said = mtlOneMoment(eb.queue.length);
    ebSetHost(eb, "loading", said);
    m.set("message", mtlMsg("info", said));
    return;
  }
  eb.precomputed(m, content);
  if (stored === "play") eb.replay.push(content);
  else if (stored === "undo") eb.replay.pop();
  else if (stored === "restart") eb.replay.length = 0;
  ebApply(eb, null);
}

/** Open the board's session in the engine once it is ready, play again what the stored
 * answers answered, then what waited; the stored answers take over if anything fails.
 * @param {EngineBoard} eb @param {string} url */
function ebStart(eb, url) {
  const spec = eb.state.session;
  const engine = mtlEngine(url);
  eb.engine = engine;
  engine.ready
    .then(() => engine.request({ op: "open", kind: spec.kind || "board", spec }))
    .then((answer) => {
      eb.sid = /** @type {import("./protocol").Opened} */ (answer).session;
      // the moves answered from stored answers first, then what waited, in order
      /** @type {Promise<void>} */
      let chain = Promise.resolve();
      for (const content of eb.replay.splice(0)) chain = chain.then(() => ebCatchUp(eb, content));
      return chain;
    })
    .then(() => {
      eb.mode = "engine";
      eb.root.setAttribute("data-engine-ms", (performance.now() - engine.startedAt).toFixed(0));
      ebSetHost(eb, "engine", "The computer plays in this page: play on to the end of the match.");
      for (const content of eb.queue.splice(0)) ebToHost(eb, content);
      return eb.line;
    })
    .catch((err) => ebFallback(eb, "failed", err && err.message ? err.message : String(err)));
}

/** The model of a board whose answers come from the in-page engine (see above), with
 * the answers stored in the page until it is ready, or instead of it.
 * @param {Element} root @param {BoardPageState} state @param {BoardKeys} initial @returns {BoardModel} */
export function mtlEngineBoard(root, state, initial) {
  const located = state.session ? mtlEngineUrl(root) : { url: null, why: state.host_note || "none" };
  /** @type {EngineBoard} */
  const eb = {
    root, state, initial, mode: located.url ? "loading" : "fallback", queue: [], replay: [],
    line: Promise.resolve(), sid: null, engine: null, model: null, answers: 0,
    precomputed: mtlPrecomputed(initial.view, state.successors, located.why === "lite"
      ? "a saved board: run all the cells to play it"
      : "this page stores one move ahead only; see the note above the board"),
  };
  const loadingText = "Getting the board ready… You can click already: your move is played as soon as it is ready.";
  if (eb.mode === "fallback") {
    ebSetHost(eb, "fallback", mtlFallbackText(located.why));
  } else {
    ebSetHost(eb, "loading", loadingText);
  }
  /** @type {BoardHost} */
  const onSend = (m, content) => {
    if (eb.mode === "engine") ebToHost(eb, content);
    else if (eb.mode === "loading") ebWhileLoading(eb, m, content);
    else {
      eb.precomputed(m, content);
      ebApply(eb, null);
    }
  };
  initial.can_restart = true;  // this host can deal a guided round again (board.js)
  const model = mtlModel(initial, onSend);
  eb.model = model;
  if (located.url) ebStart(eb, located.url);
  return model;
}
