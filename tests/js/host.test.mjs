// The in-page engine's board host (static/js/host.js: mtlEngineBoard) before the engine is
// ready: a click is answered at once from the stored answers where the page holds one, else
// queued with "One moment" (in the message line, a live region) and played, in order, once
// the engine is ready; moves answered from stored answers are played again in the engine
// first, so that both agree. Against a fake engine whose readiness the test releases.
import assert from "node:assert/strict";
import { test } from "node:test";
import { installFakeDom } from "./fakedom.mjs";

const doc = installFakeDom();
doc.baseURI = "http://127.0.0.1:8000/tutorials/play.html";
globalThis.window = globalThis;
globalThis.location = { protocol: "http:" };
globalThis.Worker = function Worker() {};
const host = await import("../../mtlearn/static/js/host.js");

const V1 = { id: "v1", legal: [{ move: "2-4@1", text: "Play 2-4 on Ana's train" }], verdicts: {} };
const M1 = { kind: "ok", text: "Ana played 1-2.", rule: null, rule_url: null, bots: [] };
function initialView() {
  return {
    id: "v0",
    legal: [{ move: "1-2@1", text: "Play 1-2 on Ana's train" }, { move: "draw", text: "Draw" }],
    successors: { "1-2@1": { view: V1, message: M1 } },
    verdicts: { "3-3@2": { legal: false, text: "Ben's train has no marker (R-MARK-1).", rule: "R-MARK-1" } },
  };
}

// A fake engine at its own address (host.js keeps one engine per address on the window):
// it answers only once released, with a view named after the intent, or the stored view
// for a move the page stores; `fail` makes it fail to load instead.
let n = 0;
function setup() {
  const url = `http://127.0.0.1:8000/engine-${++n}/`;
  let release;
  let fail;
  const requests = [];
  let gate = Promise.resolve();  // intents are answered once it resolves
  const hold = () => { let open; gate = new Promise((r) => { open = r; }); return open; };
  const engine = {
    url, startedAt: 0, readyMs: null,
    ready: new Promise((resolve, reject) => { release = resolve; fail = reject; }),
    request(req) {
      requests.push(req.op === "intent" ? `${req.intent.action}:${req.intent.move || ""}` : req.op);
      return engine.ready.then(() => (req.op === "open" ? null : gate)).then(() => {
        if (req.op === "open") return { session: "s1", result: { view: initialView(), message: null } };
        const move = req.intent.move || req.intent.action;
        if (move === "1-2@1") return { result: { view: structuredClone(V1), message: M1 } };
        return { result: { view: { id: `after ${move}`, legal: [], verdicts: {} },
          message: { kind: "ok", text: `engine: ${move}`, rule: null, bots: [] } } };
      });
    },
  };
  window.__mtlearnEngines = { [url]: engine };
  const root = document.createElement("div");
  root.setAttribute("data-engine", url);
  const view = initialView();
  const model = host.mtlEngineBoard(root, { session: { kind: "board" }, successors: {} },
    { view, message: null });
  const answers = () => Number(root.getAttribute("data-answers") || 0);
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { engine, requests, release, fail, hold, root, model, answers, settle, view };
}

test("a move the page stores is answered at once, then played again in the engine unseen", async () => {
  const b = setup();
  assert.equal(b.model.get("host").state, "loading");
  b.model.send({ action: "move", move: "1-2@1" });
  assert.equal(b.model.get("view"), V1);             // at once, no engine yet
  assert.equal(b.model.get("message").text, "Ana played 1-2.");
  assert.equal(b.answers(), 1);
  assert.deepEqual(b.requests, []);
  b.release(b.engine);
  await b.settle();
  await b.settle();
  assert.deepEqual(b.requests, ["open", "move:1-2@1"]);  // the engine caught up
  assert.equal(b.model.get("view"), V1);  // the same view: not drawn again
  assert.equal(b.answers(), 1);           // and not counted as a new answer
  assert.equal(b.model.get("host").state, "engine");
});

test("a stored refusal is answered at once and changes nothing", async () => {
  const b = setup();
  b.model.send({ action: "move", move: "3-3@2" });
  assert.equal(b.model.get("message").kind, "refusal");
  assert.equal(b.model.get("message").rule, "R-MARK-1");
  assert.equal(b.model.get("view"), b.view);
  b.release(b.engine);
  await b.settle();
  assert.deepEqual(b.requests, ["open"]);
});

test("a move with no stored answer waits with 'One moment' and is played once ready", async () => {
  const b = setup();
  b.model.send({ action: "move", move: "1-2@1" });  // stored: at once
  b.model.send({ action: "move", move: "2-4@1" });  // the next view stores no successor
  const said = b.model.get("message");
  assert.equal(said.kind, "info");
  assert.match(said.text, /^One moment: the board is getting ready\. Your move is played/);
  assert.match(b.model.get("host").text, /^One moment/);
  assert.equal(b.answers(), 1);
  b.model.send({ action: "draw" });
  assert.match(b.model.get("message").text, /Your 2 actions are played, in order/);
  await b.settle();
  assert.equal(b.answers(), 1, "nothing is played before the engine is ready");
  b.release(b.engine);
  for (let k = 0; k < 6; k++) await b.settle();
  assert.deepEqual(b.requests, ["open", "move:1-2@1", "move:2-4@1", "draw:"]);
  assert.equal(b.model.get("view").id, "after draw");
  assert.equal(b.model.get("message").text, "engine: draw");
  assert.equal(b.answers(), 3);
  assert.equal(b.model.get("host").state, "engine");
});

test("once something waits, later clicks wait too, even those the page stores", async () => {
  const b = setup();
  b.model.send({ action: "hint" });                 // only the engine answers a hint
  b.model.send({ action: "move", move: "1-2@1" });  // stored, but must come after the hint
  assert.equal(b.model.get("view"), b.view);
  assert.match(b.model.get("message").text, /Your 2 actions/);
  b.release(b.engine);
  for (let k = 0; k < 6; k++) await b.settle();
  assert.deepEqual(b.requests, ["open", "hint:", "move:1-2@1"]);
  assert.deepEqual(b.model.get("view"), V1);
});

test("Undo of a stored move is answered at once and the engine has nothing to catch up", async () => {
  const b = setup();
  b.model.send({ action: "move", move: "1-2@1" });
  b.model.send({ action: "undo" });
  assert.equal(b.model.get("view"), b.view);
  assert.equal(b.answers(), 2);
  b.model.send({ action: "undo" });  // nothing stored to take back: it waits for the engine
  assert.match(b.model.get("message").text, /^One moment/);
  b.release(b.engine);
  for (let k = 0; k < 6; k++) await b.settle();
  assert.deepEqual(b.requests, ["open", "undo:"]);
});

test("a click while the engine catches up waits its turn", async () => {
  const b = setup();
  b.model.send({ action: "move", move: "1-2@1" });
  const answer = b.hold();
  b.release(b.engine);
  while (!b.requests.includes("move:1-2@1")) await b.settle();  // the catch-up is under way
  // the stored answers could deal the round again, but the engine would then be a move ahead
  b.model.send({ action: "restart" });
  assert.match(b.model.get("message").text, /^One moment/);
  answer();
  for (let k = 0; k < 8; k++) await b.settle();
  assert.deepEqual(b.requests, ["open", "move:1-2@1", "close", "open"]);
  assert.equal(b.model.get("view").id, "v0");
});

test("if the engine cannot load, what waited is answered from the stored answers", async () => {
  const b = setup();
  b.model.send({ action: "move", move: "1-2@1" });
  b.model.send({ action: "move", move: "2-4@1" });
  const warn = console.warn;
  console.warn = () => {};
  try {
    b.fail(new Error("no wasm"));
    for (let k = 0; k < 4; k++) await b.settle();
  } finally {
    console.warn = warn;
  }
  assert.equal(b.model.get("host").state, "fallback");
  assert.equal(b.answers(), 2);  // answered, not lost
  assert.match(b.model.get("message").text, /one move ahead only|2-4/);
});

test("mtlStoredAnswer: what the stored answers can answer", () => {
  const v = initialView();
  const s = host.mtlStoredAnswer;
  assert.equal(s(v, v, {}, { action: "move", move: "1-2@1" }, 0), "play");
  assert.equal(s(v, v, {}, { action: "move", move: "2-1@1" }, 0), "play");  // either way round
  assert.equal(s(v, v, {}, { action: "move", move: "3-3@2" }, 0), "refuse");
  assert.equal(s(v, v, {}, { action: "move", move: "9-9@1" }, 0), null);
  assert.equal(s(v, v, {}, { action: "draw" }, 0), null);
  assert.equal(s(v, v, { draw: { view: V1 } }, { action: "draw" }, 0), "play");
  assert.equal(s(V1, v, { draw: { view: V1 } }, { action: "draw" }, 0), null);  // not the first view
  assert.equal(s(v, v, {}, { action: "undo" }, 0), null);
  assert.equal(s(v, v, {}, { action: "undo" }, 1), "undo");
  assert.equal(s(v, v, {}, { action: "restart" }, 0), "restart");
  assert.equal(s(v, v, {}, { action: "next_round" }, 0), null);
  assert.equal(s(v, v, {}, null, 0), null);
});
