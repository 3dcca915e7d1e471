// Unit tests of static/js/class-host.js: the class host's socket and models against a
// fake WebSocket (no server, no DOM).
import assert from "node:assert/strict";
import { test } from "node:test";
import { applyKeys, classBoardModel, classPuzzleModel, classSocket } from "../../mtlearn/static/js/class-host.js";

class FakeSocket {
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.listeners = {};
    FakeSocket.made.push(this);
  }
  addEventListener(type, fn) { (this.listeners[type] = this.listeners[type] || []).push(fn); }
  fire(type, ev) { for (const fn of this.listeners[type] || []) fn(ev || {}); }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; this.fire("close"); }
}
FakeSocket.made = [];

function setup() {
  FakeSocket.made = [];
  globalThis.WebSocket = FakeSocket;
  globalThis.location = { protocol: "http:", host: "127.0.0.1:8765" };
  const timers = [];
  globalThis.setTimeout = (fn, ms) => { timers.push({ fn, ms }); return timers.length; };
  return timers;
}

test("a message sent before the socket opens waits, and goes after the hello", () => {
  setup();
  const got = [];
  const sock = classSocket({
    onOpen(s) { s.send({ op: "hello", token: "T" }); },
    onMessage(msg) { got.push(msg); },
  });
  sock.send({ op: "intent", token: "T", intent: { action: "draw" } });
  const ws = FakeSocket.made[0];
  assert.equal(ws.url, "ws://127.0.0.1:8765/ws");
  assert.deepEqual(ws.sent, []);
  ws.readyState = 1;
  ws.fire("open");
  assert.deepEqual(ws.sent.map((m) => m.op), ["hello", "intent"]);
  ws.fire("message", { data: '{"type":"table","seat":2}' });
  ws.fire("message", { data: "not json" });
  assert.deepEqual(got, [{ type: "table", seat: 2 }]);
});

test("a dropped socket is opened again, each time a little later, and says hello again", () => {
  const timers = setup();
  const states = [];
  let hellos = 0;
  classSocket({ onOpen() { hellos += 1; }, onMessage() {}, onState(st) { states.push(st); } });
  FakeSocket.made[0].readyState = 1;
  FakeSocket.made[0].fire("open");
  FakeSocket.made[0].close();
  assert.deepEqual(states, ["open", "reconnecting"]);
  assert.equal(timers[0].ms, 500);
  timers[0].fn();
  FakeSocket.made[1].close();
  assert.equal(timers[1].ms, 1000);
  timers[1].fn();
  FakeSocket.made[2].readyState = 1;
  FakeSocket.made[2].fire("open");
  assert.equal(hellos, 2);
});

test("the board and puzzle models wrap what the front end sends in the class protocol", () => {
  const sent = [];
  const sock = { send(m) { sent.push(m); } };
  const board = classBoardModel(sock, () => "seat-token");
  board.send({ action: "move", move: "12-5@M" });
  board.send("junk");
  const puzzle = classPuzzleModel(sock, () => "seat-token");
  puzzle.send({ action: "answer", answer: "draw" });
  assert.deepEqual(sent, [
    { op: "intent", token: "seat-token", intent: { action: "move", move: "12-5@M" } },
    { op: "puzzle", token: "seat-token", msg: { action: "answer", answer: "draw" } },
  ]);
  applyKeys(board, { view: { round: 2 }, other: 1 }, ["view", "message"]);
  assert.deepEqual(board.get("view"), { round: 2 });
  assert.equal(board.get("message"), null);
});
