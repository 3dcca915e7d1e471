// The key dispatcher (static/js/keys.js: bindKeys, dispatchKey) and its precedence, then
// each widget's keys through it: the board, a puzzle and its number field, the scenario
// player and presenter mode, against the fake DOM.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fakeEvent, fakeModel, installFakeDom } from "./fakedom.mjs";

installFakeDom();
const keys = await import("../../mtlearn/static/js/keys.js");
const { default: widget } = await import("../../mtlearn/static/js/main.js");
const { renderPuzzle } = await import("../../mtlearn/static/js/puzzle.js");
const { renderScenario } = await import("../../mtlearn/static/js/scenario.js");
const view = JSON.parse(readFileSync(new URL("../data/views/two_player.json", import.meta.url), "utf-8"));

// Press `key` on `node` (a bubbling keydown with the modifiers of `mods`); the event back.
function press(node, key, mods) {
  const ev = fakeEvent("keydown", true, Object.assign({ key, target: node }, mods || {}));
  node.dispatchEvent(ev);
  return ev;
}

// An element with bindings that log what ran: log.length counts the runs.
function widgetWith(tag, bindings) {
  const el = document.createElement(tag);
  const log = [];
  const logged = bindings.map((b) => Object.assign({}, b, {
    run: (ev) => { log.push(`${b.name}:${ev.key}`); return b.run ? b.run(ev) : undefined; },
  }));
  const dispose = keys.bindKeys(el, logged);
  return { el, log, dispose };
}

test("a key spec names the key and its modifiers; one character is compared without case", () => {
  assert.deepEqual(keys.parseKeySpec("Ctrl+Shift+Enter"),
    { key: "Enter", ctrl: true, alt: false, meta: false, shift: true });
  assert.deepEqual(keys.parseKeySpec("Escape"), { key: "Escape", ctrl: false, alt: false, meta: false, shift: null });
  assert.equal(keys.parseKeySpec("Ctrl++").key, "+");
  assert.ok(keys.keyMatches("p", { key: "P", shiftKey: true }));
  assert.ok(keys.keyMatches("P", { key: "p" }));
  assert.ok(!keys.keyMatches("Enter", { key: "enter" }));  // names of keys keep their case
  assert.ok(!keys.keyMatches("Escape", { key: "Escape", ctrlKey: true }));
  assert.ok(keys.keyMatches("Ctrl+Escape", { key: "Escape", ctrlKey: true }));
  assert.ok(!keys.keyMatches("Ctrl+Escape", { key: "Escape", ctrlKey: true, altKey: true }));
  assert.ok(!keys.keyMatches("Shift+Enter", { key: "Enter" }));
});

test("text fields: inputs that take text, textarea, select, contenteditable", () => {
  const input = (type) => {
    const n = document.createElement("input");
    if (type) n.setAttribute("type", type);
    return n;
  };
  assert.ok(keys.isTextField(input()));
  assert.ok(keys.isTextField(input("number")));
  assert.ok(keys.isTextField(input("search")));
  assert.ok(!keys.isTextField(input("checkbox")));
  assert.ok(!keys.isTextField(input("button")));
  assert.ok(keys.isTextField(document.createElement("textarea")));
  assert.ok(keys.isTextField(document.createElement("select")));
  assert.ok(!keys.isTextField(document.createElement("button")));
  const editable = document.createElement("div");
  editable.setAttribute("contenteditable", "true");
  const inside = document.createElement("span");
  editable.appendChild(inside);
  assert.ok(keys.isTextField(inside));
  editable.setAttribute("contenteditable", "false");
  assert.ok(!keys.isTextField(inside));
  assert.ok(!keys.isTextField(null));
});

test("Ctrl, Alt and Meta keys are left to the browser unless a binding names them", () => {
  const w = widgetWith("div", [{ name: "esc", keys: ["Escape"] }, { name: "save", keys: ["Ctrl+s"] }]);
  for (const mods of [{ ctrlKey: true }, { altKey: true }, { metaKey: true }]) {
    const ev = press(w.el, "Escape", mods);
    assert.equal(ev.defaultPrevented, false);
  }
  assert.deepEqual(w.log, []);
  assert.ok(press(w.el, "Escape", { shiftKey: true }).defaultPrevented);  // Shift is not checked
  assert.ok(press(w.el, "s", { ctrlKey: true }).defaultPrevented);
  assert.equal(press(w.el, "s").defaultPrevented, false);
  assert.equal(press(w.el, "s", { ctrlKey: true, altKey: true }).defaultPrevented, false);
  assert.deepEqual(w.log, ["esc:Escape", "save:s"]);
});

test("keys typed in a text field stay there, except Escape and bindings taken in fields", () => {
  const w = widgetWith("div", [
    { name: "p", keys: ["p"] }, { name: "arrow", keys: ["ArrowLeft"] },
    { name: "esc", keys: ["Escape"] }, { name: "enter", keys: ["Enter"], field: true },
  ]);
  const field = document.createElement("input");
  const area = document.createElement("textarea");
  const editable = document.createElement("div");
  editable.setAttribute("contenteditable", "");
  for (const n of [field, area, editable]) {
    w.el.appendChild(n);
    assert.equal(press(n, "p").defaultPrevented, false);
    assert.equal(press(n, "ArrowLeft").defaultPrevented, false);
    assert.ok(press(n, "Escape").defaultPrevented);
    assert.ok(press(n, "Enter").defaultPrevented);
  }
  assert.deepEqual(w.log, ["esc:Escape", "enter:Enter", "esc:Escape", "enter:Enter", "esc:Escape", "enter:Enter"]);
  // outside a field the same keys are handled
  const button = document.createElement("button");
  w.el.appendChild(button);
  assert.ok(press(button, "p").defaultPrevented);
  assert.ok(press(button, "ArrowLeft").defaultPrevented);
});

test("the innermost widget handles first; what it does not handle goes to the outer one", () => {
  const outer = widgetWith("div", [{ name: "outer", keys: ["Escape", "p"] }]);
  const inner = widgetWith("section", [
    { name: "inner", keys: ["Escape"] },
    { name: "inner-maybe", keys: ["p"], run: () => false },  // does not apply here
  ]);
  outer.el.appendChild(inner.el);
  const button = document.createElement("button");
  inner.el.appendChild(button);
  assert.ok(press(button, "Escape").defaultPrevented);
  assert.deepEqual(inner.log, ["inner:Escape"]);
  assert.deepEqual(outer.log, []);  // handled inside: not again outside
  assert.ok(press(button, "p").defaultPrevented);
  assert.deepEqual(inner.log, ["inner:Escape", "inner-maybe:p"]);
  assert.deepEqual(outer.log, ["outer:p"]);
  // on one element the bindings are tried in order: the first that applies handles
  const w = widgetWith("div", [{ name: "a", keys: ["x"], run: () => false }, { name: "b", keys: ["x"] },
    { name: "c", keys: ["x"] }]);
  press(w.el, "x");
  assert.deepEqual(w.log, ["a:x", "b:x"]);
});

test("unknown keys pass through; preventDefault only when a binding handles the key", () => {
  const w = widgetWith("div", [{ name: "esc", keys: ["Escape"], run: () => false }, { name: "p", keys: ["p"] }]);
  assert.equal(press(w.el, "q").defaultPrevented, false);
  assert.equal(press(w.el, "Tab").defaultPrevented, false);
  assert.equal(press(w.el, "Escape").defaultPrevented, false);  // nothing to do: not handled
  assert.ok(press(w.el, "p").defaultPrevented);
  // an event already handled (its default prevented) is not handled again
  const ev = fakeEvent("keydown", true, { key: "p", target: w.el });
  ev.preventDefault();
  w.el.dispatchEvent(ev);
  assert.deepEqual(w.log, ["esc:Escape", "p:p"]);
  // nor a key of an input method composing text
  press(w.el, "p", { isComposing: true });
  assert.deepEqual(w.log, ["esc:Escape", "p:p"]);
  // bindKeys' disposer removes the listener
  w.dispose();
  assert.equal(press(w.el, "p").defaultPrevented, false);
  assert.equal(keys.dispatchKey(fakeEvent("keydown", true, { key: "p" }), () => [{ keys: ["p"], run: () => true }]), true);
});

// ---------------------------------------------------------------- the widgets' keys

function board() {
  const model = fakeModel({ kind: "board", view, message: null, show_legal: false, rules_url: "" });
  const el = document.createElement("div");
  document.body.appendChild(el);
  const cleanup = widget.render({ model, el });
  return { model, el, root: el.querySelector(".mtl-board"), cleanup };
}

test("board: Escape clears a selection, a modified Escape does not; the Keys help lists the bindings", () => {
  const { el, cleanup } = board();
  const [tile] = view.legal.find((m) => m.move.includes("@")).move.split("@");
  el.querySelector(`[data-key="tile:${tile}"]`).click();
  assert.equal(el.querySelectorAll('.mtl-tilebtn[aria-pressed="true"]').length, 1);
  assert.equal(press(document.activeElement, "Escape", { ctrlKey: true }).defaultPrevented, false);
  assert.equal(el.querySelectorAll('.mtl-tilebtn[aria-pressed="true"]').length, 1);
  assert.ok(press(document.activeElement, "Escape").defaultPrevented);
  assert.equal(el.querySelectorAll('.mtl-tilebtn[aria-pressed="true"]').length, 0);
  // nothing selected, not presenting: Escape is not the board's
  assert.equal(press(document.activeElement, "Escape").defaultPrevented, false);
  // the actions are one tab stop: the first enabled one; an arrow moves between them
  const stops = el.querySelectorAll('[data-roving="actions"] [tabindex="0"]');
  assert.deepEqual(stops.map((b) => b.getAttribute("data-key")), ["draw"]);
  assert.ok(press(el.querySelector('[data-key="draw"]'), "ArrowRight").defaultPrevented);
  assert.equal(document.activeElement.getAttribute("data-key"), "pass");
  // an arrow outside the roving groups is not used (the page may scroll)
  assert.equal(press(el.querySelector(".mtl-keys summary"), "ArrowDown").defaultPrevented, false);
  const help = el.querySelector(".mtl-keys-list").children.map((li) => li.textContent);
  assert.deepEqual(help, [
    "Tab moves between the actions, your hand, the trains and the legal moves (each is one stop; the arrows move inside)",
    "← → Home End choose a tile in your hand, a train, an action or a legal move",
    "↓ ↑ in your hand: the next tile you can play (on the trains: the next train)",
    "0 – 9 in your hand: the next tile with that number (type 1 2 for 12; the same digit twice for its double)",
    "M on a tile: play it on the Mexican train",
    "M, 1 – 8 with a tile picked: play it on the Mexican train, or on the 1st … 8th player's train",
    "Enter or Space pick the tile; on a train, play it there",
    "Esc clear the selection (or leave presenter mode)",
    "P presenter mode",
    "≤ 4 keys any tile move, counted from the tile the focus lands on in your hand",
  ]);
  cleanup();
  el.remove();
});

test("board: P enters presenter mode and Escape leaves it; P in a text field is typed", () => {
  const { el, root, cleanup } = board();
  const drawBtn = el.querySelector('[data-key="draw"]');
  assert.equal(press(drawBtn, "p", { metaKey: true }).defaultPrevented, false);
  assert.ok(!root.classList.contains("mtl-presenting"));
  assert.ok(press(drawBtn, "P", { shiftKey: true }).defaultPrevented);
  assert.ok(root.classList.contains("mtl-presenting"));
  assert.equal(root.parentNode, document.body);
  const field = document.createElement("input");
  root.appendChild(field);
  assert.equal(press(field, "p").defaultPrevented, false);
  assert.ok(root.classList.contains("mtl-presenting"));
  assert.ok(press(field, "Escape").defaultPrevented);  // Escape leaves, even from a field
  assert.ok(!root.classList.contains("mtl-presenting"));
  assert.equal(root.parentNode, el);
  field.remove();
  cleanup();
  assert.equal(press(root, "p").defaultPrevented, false);  // the cleanup unbinds the keys
  el.remove();
});

function puzzleModel(widget, extra) {
  return fakeModel(Object.assign({
    kind: "puzzle",
    puzzle: { id: "p1", title: "T", widget, question: "Which move?", par: 0, stars: [3, 2, 1], hints: [] },
    view, feedback: null, solution: null, progress: null, storage: "kernel", rules_url: "",
  }, extra || {}));
}

test("puzzle: Escape clears the tile picked and the focus goes back to it; arrows rove", () => {
  const el = document.createElement("div");
  document.body.appendChild(el);
  renderPuzzle(puzzleModel("board-move"), el);
  const hand = el.querySelectorAll('[data-roving="hand"] .mtl-tilebtn');
  assert.ok(hand.length > 1);
  hand[0].focus();
  assert.ok(press(hand[0], "End").defaultPrevented);
  const tiles = el.querySelectorAll('[data-roving="hand"] .mtl-tilebtn');
  assert.equal(document.activeElement, tiles[tiles.length - 1]);
  assert.equal(press(document.activeElement, "End", { altKey: true }).defaultPrevented, false);
  const [tile] = view.legal.find((m) => m.move.includes("@")).move.split("@");
  el.querySelector(`[data-key="tile:${tile}"]`).click();
  assert.match(el.querySelector(".mtl-note").textContent, /Selected|train/);
  assert.ok(press(el.querySelector(".mtl-puzzle"), "Escape").defaultPrevented);
  assert.equal(el.querySelector(".mtl-note").textContent, "Selection cleared.");
  assert.equal(document.activeElement.getAttribute("data-key"), `tile:${tile}`);
  assert.equal(press(document.activeElement, "Escape").defaultPrevented, false);  // nothing picked
  el.remove();
});

test("puzzle: Enter in the number field checks the number; other keys there are typed", () => {
  const el = document.createElement("div");
  const model = puzzleModel("number", { view: null });
  renderPuzzle(model, el);
  const input = el.querySelector('[data-key="number"]');
  input.value = "7";
  input.dispatchEvent(fakeEvent("input", true));
  const ev = press(input, "Enter");
  assert.ok(ev.defaultPrevented);
  assert.deepEqual(model.sent[model.sent.length - 1], { action: "answer", answer: 7 });
  const count = model.sent.length;
  assert.equal(press(el.querySelector('[data-key="number"]'), "Enter", { ctrlKey: true }).defaultPrevented, false);
  assert.equal(press(el.querySelector('[data-key="number"]'), "5").defaultPrevented, false);  // typed
  assert.equal(model.sent.length, count);
});

test("scenario: the arrows, Home and End step; P presents; modified arrows are the browser's", () => {
  const model = fakeModel({ kind: "scenario", title: "Three steps", frames: [view, view, view], index: 0 });
  const el = document.createElement("div");
  document.body.appendChild(el);
  const cleanup = renderScenario(model, el);
  const root = el.querySelector(".mtl-scenario");
  assert.ok(press(root, "ArrowRight").defaultPrevented);
  assert.equal(model.get("index"), 1);
  assert.ok(press(root, "End").defaultPrevented);
  assert.equal(model.get("index"), 2);
  assert.equal(press(root, "ArrowLeft", { altKey: true }).defaultPrevented, false);  // Alt+← is "back"
  assert.equal(model.get("index"), 2);
  assert.ok(press(root, "ArrowLeft").defaultPrevented);
  assert.equal(model.get("index"), 1);
  assert.ok(press(root, "Home").defaultPrevented);
  assert.equal(model.get("index"), 0);
  assert.equal(press(root, "x").defaultPrevented, false);
  assert.ok(press(root, "p").defaultPrevented);
  assert.ok(root.classList.contains("mtl-presenting"));
  assert.ok(press(root, "Escape").defaultPrevented);
  assert.ok(!root.classList.contains("mtl-presenting"));
  assert.equal(press(root, "Escape").defaultPrevented, false);
  cleanup();
  assert.equal(press(root, "ArrowRight").defaultPrevented, false);
  el.remove();
});
