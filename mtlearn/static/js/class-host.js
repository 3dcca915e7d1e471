// The class host: a board or puzzle whose intents go to the class server over a WebSocket.
//
// The fourth host beside the kernel, the in-page engine and the precomputed answers
// (host.js): the same stand-in model (mtlModel), the same board and puzzle front end, the
// same view JSON; only send() differs. Here it wraps the intent in the class protocol
// ({op: "intent", token, intent} / {op: "puzzle", token, msg}) and the server's answer
// arrives later, as a "table" or "puzzle_update" message, for every device at the table.
//
// classSocket() keeps one WebSocket open to /ws and opens it again after a drop (Wi-Fi
// lost, server restarted), with a growing pause; onOpen says hello again each time, so a
// device gets its seat back by itself.

import { mtlModel } from "./host.js";

// Type-checked by tsc (tests/frontend_checks.py) against protocol.d.ts: the server's
// messages are mtlearn.core.protocol's ClassMessage, what the pages send it
// mtlearn.core.protocol_requests' ClassRequest.
/** @typedef {import("./protocol").ClassMessage} ClassMessage */
/** @typedef {import("./protocol").ClassRequest} ClassRequest */
/**
 * @typedef {object} ClassSocket
 * @property {string} state
 * @property {(obj: ClassRequest) => void} send
 * @property {() => void} close
 */
/**
 * @typedef {object} SocketHandlers
 * @property {(msg: ClassMessage, sock: ClassSocket) => void} onMessage
 * @property {(sock: ClassSocket) => void} [onOpen]
 * @property {(state: string) => void} [onState]
 */

/** @param {SocketHandlers} handlers @returns {ClassSocket} */
export function classSocket(handlers) {
  let ws = null;
  let wait = 500;
  let closed = false;
  const queue = [];
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  /** @type {ClassSocket} */
  const sock = {
    state: "connecting",
    send(obj) {
      const text = JSON.stringify(obj);
      if (ws && ws.readyState === 1) ws.send(text);
      else queue.push(text);
    },
    close() { closed = true; if (ws) ws.close(); },
  };
  function setState(st) {
    sock.state = st;
    if (handlers.onState) handlers.onState(st);
  }
  function open() {
    ws = new WebSocket(url);
    ws.addEventListener("open", () => {
      wait = 500;
      setState("open");
      if (handlers.onOpen) handlers.onOpen(sock);
      while (queue.length && ws.readyState === 1) ws.send(queue.shift());
    });
    ws.addEventListener("message", (ev) => {
      /** @type {ClassMessage} */
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg && typeof msg === "object") handlers.onMessage(msg, sock);
    });
    ws.addEventListener("close", () => {
      if (closed) return;
      setState("reconnecting");
      setTimeout(open, wait);
      wait = Math.min(wait * 2, 5000);
    });
  }
  open();
  return sock;
}

// A board model whose intents go to the server for this student's seat.
export function classBoardModel(sock, token) {
  return mtlModel({ kind: "board", view: null, message: null, show_legal: true, rules_url: "/rules.html", host: null },
    (_model, content) => {
      if (!content || typeof content !== "object") return;
      sock.send({ op: "intent", token: token(), intent: content });
    });
}

// A puzzle model whose answers are judged on the server.
export function classPuzzleModel(sock, token) {
  return mtlModel({ kind: "puzzle", storage: "server" }, (_model, content) => {
    if (!content || typeof content !== "object") return;
    sock.send({ op: "puzzle", token: token(), msg: content });
  });
}

// Put a server message's model keys on a model (only the keys it carries).
export function applyKeys(model, msg, keys) {
  for (const k of keys) if (Object.prototype.hasOwnProperty.call(msg, k)) model.set(k, msg[k]);
}
