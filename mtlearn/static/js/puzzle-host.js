// Puzzles in a static page: the precomputed answers and the stand-in model.

import { widgetFor } from "./answer-widgets.js";
import { refusalFeedback } from "./view-data.js";
import { mtlEngine, mtlEngineUrl, mtlModel } from "./host.js";

// ---------------------------------------------------------------- precomputed answers
//
// The host for a page with no engine: every answer the page can send was judged by
// the engine when the page was built (mtlearn.content.puzzles.Puzzle.precomputed).

/** @typedef {import("./protocol").Feedback} Feedback */

// Type-checked by tsc (tests/frontend_checks.py) against protocol.d.ts.
export function puzzleStaticHost(state) {
  const answers = state.answers || {};
  const info = state.puzzle || {};
  const initialView = state.view;
  let node = answers.moves || {};
  let n = 0;
  const flip = (move) => {
    const m = /^(\d+)-(\d+)@(.+)$/.exec(move);
    return m ? `${m[2]}-${m[1]}@${m[3]}` : move;
  };
  const look = (table, key) => {
    if (!table || typeof table !== "object") return undefined;
    if (Object.prototype.hasOwnProperty.call(table, key)) return table[key];
    const f = flip(key);
    return Object.prototype.hasOwnProperty.call(table, f) ? table[f] : undefined;
  };
  /** @param {any} model @param {Feedback} fb */
  const say = (model, fb) => {
    n += 1;
    model.set("feedback", Object.assign({}, fb, { n }));
  };
  const missing = (model, what) => say(model, { status: "invalid",
    text: `This page has no stored answer for ${what}: open the page as a live notebook to try it.` });

  return (model, content) => {
    if (!content || typeof content !== "object") return;
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
  const sessions = items.map(() => null);   // in-page engine session ids, opened lazily
  let engine = null;
  let ready = false;
  let midTurn = false;
  let useEngine = false;
  const apply = (model, result) => {
    for (const [k, v] of Object.entries(result || {})) model.set(k, v);
  };
  const openSession = (i) => {
    if (!engine || sessions[i] || !items[i].session) return Promise.resolve(sessions[i]);
    return engine.request({ op: "open", kind: "puzzle", spec: items[i].session })
      .then((answer) => { sessions[i] = answer.session; return answer.session; });
  };
  const onSend = (model, content) => {
    if (!content || typeof content !== "object") return;
    const a = content.action;
    if (a === "progress" || a === "reset") return;
    if (a === "goto") {
      const j = content.index | 0;
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
        .then((answer) => { if (index === i) apply(model, answer.result); settle(); })
        .catch((err) => {
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
  const model = mtlModel(initial, onSend);
  // The engine is started when the learner first reaches for the puzzle (pointer or
  // keyboard focus), not on page load: the stored answers cover the first clicks, and a
  // page of puzzles that is only read never downloads Pyodide.
  const located = items[0].session && typeof mtlEngineUrl === "function" ? mtlEngineUrl(root) : null;
  let started = false;
  const start = () => {
    if (started || !located || !located.url) return;
    started = true;
    root.removeEventListener("pointerdown", start, true);
    root.removeEventListener("focusin", start, true);
    root.setAttribute("data-engine-state", "loading");
    engine = mtlEngine(located.url);
    engine.ready
      .then(() => openSession(index))
      .then(() => {
        ready = true;
        root.setAttribute("data-engine-state", "ready");
      })
      .catch(() => root.setAttribute("data-engine-state", "failed"));
  };
  if (located && located.url) {
    root.addEventListener("pointerdown", start, true);
    root.addEventListener("focusin", start, true);
  }
  return model;
}
