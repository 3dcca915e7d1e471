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
export function mtlEngine(url) {
  /** @type {Window & {__mtlearnEngines?: Record<string, any>}} */
  const win = window;
  const registry = (win.__mtlearnEngines = win.__mtlearnEngines || {});
  if (registry[url]) return registry[url];
  const pending = new Map();
  let next = 0;
  let worker;
  const t0 = performance.now();
  const engine = {
    url,
    startedAt: t0,
    readyMs: null,
    ready: null,
    /** @param {HostRequest} req @returns {Promise<Served>} */
    request(req) {
      return engine.ready.then(() => new Promise((resolve, reject) => {
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
export function mtlModel(initial, onSend) {
  const data = Object.assign({}, initial);
  const listeners = new Map();
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

function mtlFlip(move) {
  const m = /^(\d+)-(\d+)@(.+)$/.exec(move);
  return m ? `${m[2]}-${m[1]}@${m[3]}` : move;
}

function mtlLookup(table, move) {
  if (!table || typeof table !== "object") return undefined;
  if (Object.prototype.hasOwnProperty.call(table, move)) return table[move];
  const flipped = mtlFlip(move);
  if (Object.prototype.hasOwnProperty.call(table, flipped)) return table[flipped];
  return undefined;
}

/**
 * @param {BoardMessage["kind"]} kind @param {string} text @param {string | null} [rule]
 * @returns {BoardMessage}
 */
function mtlMsg(kind, text, rule) {
  return { kind, text, rule: rule || null, rule_url: null, bots: [] };
}

// Precomputed answers: successors (one move deep), then verdicts; never a kernel.
// A successor is either {view, message} (what a session answered) or a bare view.
export function mtlPrecomputed(initialView, globalSuccessors, playOnText) {
  const history = [];
  const playOn = playOnText || "open it as a live notebook to play on";
  return (model, content) => {
    if (!content || typeof content !== "object") return;
    const view = model.get("view") || {};
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
    let next = mtlLookup(view.successors, move);
    if (next === undefined && view === initialView) next = mtlLookup(globalSuccessors, move);
    const verdict = mtlLookup(view.verdicts, move);
    if (next && typeof next === "object") {
      history.push(view);
      if (next.view && typeof next.view === "object") {
        model.set("view", next.view);
        model.set("message", next.message || mtlMsg("ok", "Played " + move + "."));
        return;
      }
      const said = verdict && verdict.text ? verdict.text
        : legalEntry ? legalEntry.text + "." : "Played " + move + ".";
      model.set("view", next);
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
export function mtlStoredAnswer(view, initialView, globalSuccessors, content, played) {
  if (!content || typeof content !== "object") return null;
  if (content.action === "restart") return "restart";
  if (content.action === "undo") return played > 0 ? "undo" : null;
  let move;
  if (content.action === "move") move = String(content.move || "");
  else if (content.action === "draw" || content.action === "pass") move = content.action;
  else return null;
  const v = view || {};
  let next = mtlLookup(v.successors, move);
  if (next === undefined && v === initialView) next = mtlLookup(globalSuccessors, move);
  if (next && typeof next === "object") return "play";
  const verdict = mtlLookup(v.verdicts, move);
  return verdict && verdict.legal === false ? "refuse" : null;
}

// What a board says while an action waits for the engine: in words, in the message line
// (a live region, so screen readers announce it) and in the status above the board.
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
// waits its turn.
export function mtlEngineBoard(root, state, initial) {
  const spec = state.session;
  const located = spec ? mtlEngineUrl(root) : { url: null, why: state.host_note || "none" };
  const fallbackText = (why, detail) => mtlFallbackText(why, detail);
  const precomputed = mtlPrecomputed(initial.view, state.successors, located.why === "lite"
    ? "a saved board: run all the cells to play it"
    : "this page stores one move ahead only; see the note above the board");
  let mode = located.url ? "loading" : "fallback";
  const queue = [];    // intents waiting for the engine
  const replay = [];   // intents answered from stored answers, to play again in the engine
  let line = Promise.resolve();  // the engine's requests, one after another
  let sid = null;
  let engine = null;
  let model = null;

  function setHost(st, text) {
    if (model) model.set("host", { state: st, text });
    else initial.host = { state: st, text };
  }
  let answers = 0;
  function apply(result, ms) {
    if (result) {
      if (result.message !== undefined) model.set("message", result.message);
      if (result.view) model.set("view", result.view);
    }
    // For tests and benchmarks: how many answers arrived, and how long the last one took.
    root.setAttribute("data-answers", String(++answers));
    if (ms !== undefined) root.setAttribute("data-answer-ms", ms.toFixed(1));
  }
  function toEngine(content) {
    const t = performance.now();
    return engine.request({ op: "intent", session: sid, intent: content })
      .then((answer) => apply(answer.result, performance.now() - t))
      .catch((err) => {
        model.set("message", err.refusal ? refusalMessage(err.refusal)
          : mtlMsg("info", "The page could not answer that. Try again, or reload the page."));
        if (!err.refusal) console.warn("mtlearn: the in-page engine did not answer:", err.message);
        apply(null);
      });
  }
  // A move already answered from the stored answers, played again in the engine's session:
  // nothing new is shown unless the engine's view differs from the stored one.
  function catchUp(content) {
    return engine.request({ op: "intent", session: sid, intent: content })
      .then((answer) => {
        const view = answer.result && answer.result.view;
        if (view && JSON.stringify(view) !== JSON.stringify(model.get("view"))) {
          model.set("view", view);
        }
      });
  }
  // The guided round again: a fresh session from the same spec (its deal, its steps).
  function restartEngine() {
    const old = sid;
    if (old) engine.request({ op: "close", session: old }).catch(() => {});
    return engine.request({ op: "open", kind: spec.kind || "board", spec })
      .then((answer) => {
        sid = answer.session;
        apply(answer.result);
        model.set("message", mtlMsg("info", MTL_RESTARTED));
      })
      .catch((err) => {
        console.warn("mtlearn: the in-page engine could not open the board again:", err.message);
        model.set("message", mtlMsg("info", "The page could not start the round again. Reload the page."));
        apply(null);
      });
  }
  function toHost(content) {
    line = line.then(() => (content && content.action === "restart" ? restartEngine() : toEngine(content)));
    return line;
  }
  function goFallback(why, detail) {
    mode = "fallback";
    replay.length = 0;  // the stored answers already show those moves
    setHost("fallback", fallbackText(why, detail));
    while (queue.length) {
      precomputed(model, queue.shift());
      apply(null);
    }
  }

  const loadingText = "Getting the board ready… You can click already: your move is played as soon as it is ready.";
  if (mode === "fallback") {
    initial.host = { state: "fallback", text: fallbackText(located.why) };
  } else {
    initial.host = { state: "loading", text: loadingText };
  }

  // While the engine loads: answer from the stored answers where they hold one, else wait.
  function whileLoading(m, content) {
    // once the engine's session is open (sid), it catches up: everything waits its turn
    const stored = queue.length || sid !== null ? null
      : mtlStoredAnswer(m.get("view"), initial.view, state.successors, content, replay.length);
    if (stored === null) {
      queue.push(content);
      const said = mtlOneMoment(queue.length);
      setHost("loading", said);
      m.set("message", mtlMsg("info", said));
      return;
    }
    precomputed(m, content);
    if (stored === "play") replay.push(content);
    else if (stored === "undo") replay.pop();
    else if (stored === "restart") replay.length = 0;
    apply(null);
  }

  const onSend = (m, content) => {
    if (mode === "engine") toHost(content);
    else if (mode === "loading") whileLoading(m, content);
    else {
      precomputed(m, content);
      apply(null);
    }
  };
  initial.can_restart = true;  // this host can deal a guided round again (board.js)
  const mdl = mtlModel(initial, onSend);
  model = mdl;

  if (located.url) {
    engine = mtlEngine(located.url);
    engine.ready
      .then(() => engine.request({ op: "open", kind: spec.kind || "board", spec }))
      .then((answer) => {
        sid = answer.session;
        // the moves answered from stored answers first, then what waited, in order
        let chain = Promise.resolve();
        for (const content of replay.splice(0)) chain = chain.then(() => catchUp(content));
        return chain;
      })
      .then(() => {
        mode = "engine";
        root.setAttribute("data-engine-ms", (performance.now() - engine.startedAt).toFixed(0));
        setHost("engine", "The computer plays in this page: play on to the end of the match.");
        for (const content of queue.splice(0)) toHost(content);
        return line;
      })
      .catch((err) => goFallback("failed", err && err.message ? err.message : String(err)));
  }
  return mdl;
}
