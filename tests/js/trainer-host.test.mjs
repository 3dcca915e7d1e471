// The trainer in a static page (static/js/trainer-host.js: mtlTrainerModel) against a fake
// in-page engine: the session is opened with the learner's saved state and the browser's
// time zone; a saved state that cannot be used (refused by the engine, or not even JSON)
// is kept aside under a key of its own, never over a copy kept before, and the trainer
// starts afresh, saying so.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { installFakeDom } from "./fakedom.mjs";

const doc = installFakeDom();
doc.baseURI = "http://127.0.0.1:8000/tutorials/trainer.html";
globalThis.window = globalThis;
globalThis.location = { protocol: "http:" };
globalThis.Worker = function Worker() {};
const stored = new Map();
globalThis.localStorage = {
  getItem: (k) => (stored.has(k) ? stored.get(k) : null),
  setItem: (k, v) => stored.set(k, String(v)),
  removeItem: (k) => stored.delete(k),
};
const { mtlTrainerModel } = await import("../../mtlearn/static/js/trainer-host.js");
const { TRAINER_STORE } = await import("../../mtlearn/static/js/trainer.js");

const TRAINER = { rating: 1200, state: { format: "mtlearn/trainer", count: 0 } };

// A fake engine at its own address: it refuses any saved state with a "damaged" seed, as
// the real one refuses a state load_state does not accept, and records what it was asked.
let n = 0;
function open() {
  const url = `http://127.0.0.1:8000/engine-${++n}/`;
  const specs = [];
  const engine = {
    url, startedAt: 0, readyMs: null, ready: Promise.resolve(),
    request(req) {
      specs.push(req.spec);
      const state = req.spec && req.spec.state;
      if (state && state.seed === "damaged") {
        return Promise.reject(Object.assign(new Error("refused"),
          { refusal: { ok: false, error: "spec.state: learner[0] (rating): expected a number, not nan" } }));
      }
      return Promise.resolve({ session: "s1", result: { trainer: TRAINER } });
    },
  };
  window.__mtlearnEngines = { [url]: engine };
  const root = document.createElement("div");
  root.setAttribute("data-engine", url);
  const model = mtlTrainerModel(root, { session: { pool: null } }, { kind: "trainer" });
  return { model, specs, root };
}
const settle = () => new Promise((r) => setTimeout(r, 0));
const damagedKeys = () => [...stored.keys()].filter((k) => k.startsWith(`${TRAINER_STORE}.damaged.`)).sort();

beforeEach(() => stored.clear());

test("the session opens with the saved state and the browser's time zone", async () => {
  stored.set(TRAINER_STORE, JSON.stringify({ seed: "fine", count: 3 }));
  const { model, specs, root } = open();
  await settle();
  assert.equal(root.getAttribute("data-engine-state"), "ready");
  assert.deepEqual(specs[0].state, { seed: "fine", count: 3 });
  assert.equal(specs[0].utc_offset, -new Date().getTimezoneOffset());
  assert.equal(model.get("trainer_error"), null);
  assert.deepEqual(damagedKeys(), []);
});

test("each damaged saved state is kept under a key of its own, never over an earlier copy", async () => {
  const texts = [JSON.stringify({ seed: "damaged", n: 1 }), "{not json", JSON.stringify({ seed: "damaged", n: 3 })];
  for (const text of texts) {
    stored.set(TRAINER_STORE, text);
    const { model, specs } = open();
    await settle();
    assert.equal(specs[specs.length - 1].state, null);          // started afresh
    assert.match(model.get("trainer_error").text,
      /could not be read \(.+\), so the trainer starts afresh; the old copy is kept in this browser\./);
    stored.set(TRAINER_STORE, JSON.stringify(TRAINER.state));    // what the page saves next
  }
  const kept = damagedKeys();
  assert.equal(kept.length, 3);
  assert.deepEqual(kept.map((k) => stored.get(k)).sort(), [...texts].sort());
});
