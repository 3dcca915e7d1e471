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

/** @typedef {import("./board-state.js").BoardKeys} BoardKeys */
/** @typedef {import("./board-state.js").BoardModel} BoardModel */
/** @typedef {import("./board-state.js").BoardSent} BoardSent */
/** @typedef {import("./puzzle-state.js").PuzzleKeys} PuzzleKeys */
/** @typedef {import("./puzzle-state.js").PuzzleModel} PuzzleModel */
/** @typedef {import("./puzzle-state.js").Intent} PuzzleSent */
/** @typedef {() => string} TokenGetter the device's seat token now ("" before it has one) */

/**
 * Keep `token` in the cookie `name` of this server ("" takes it away): the class server
 * spares a request that carries a valid seat or teacher token the limits of its network
 * address (it never acts on a cookie: every action carries its token in the message).
 * @param {string} name @param {string} token
 */
export function keepTokenCookie(name, token) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  try {
    document.cookie = `${name}=${encodeURIComponent(token)}; path=/; SameSite=Strict${token ? "; max-age=31536000" : "; max-age=0"}${secure}`;
  } catch { /* no cookies here: the address's limits apply */ }
}

/** @param {SocketHandlers} handlers @returns {ClassSocket} */
export function classSocket(handlers) {
  /** @type {WebSocket | null} */
  let ws = null;
  let wait = 500;
  let closed = false;
  /** @type {string[]} the messages sent while the socket was not open, in order */
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
  /** @param {string} st */
  function setState(st) {
    sock.state = st;
    if (handlers.onState) handlers.onState(st);
  }
  function open() {
    const socket = new WebSocket(url);
    ws = socket;
    socket.addEventListener("open", () => {
      wait = 500;
      setState("open");
      if (handlers.onOpen) handlers.onOpen(sock);
      while (queue.length && socket.readyState === 1) socket.send(/** @type {string} */ (queue.shift()));
    });
    socket.addEventListener("message", (ev) => {
      /** @type {ClassMessage} */
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg && typeof msg === "object") handlers.onMessage(msg, sock);
    });
    socket.addEventListener("close", () => {
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
/** @param {Pick<ClassSocket, "send">} sock @param {TokenGetter} token @returns {BoardModel} */
export function classBoardModel(sock, token) {
  /** @type {BoardKeys} */
  const initial = { kind: "board", view: null, message: null, show_legal: true, rules_url: "/rules.html", host: null };
  return mtlModel(initial, /** @param {BoardModel} _model @param {BoardSent} content */ (_model, content) => {
    if (!content || typeof content !== "object") return;
    // a class board offers no restart (no New game button: the teacher deals), so what it
    // sends is a protocol.d.ts BoardIntent; the server checks it anyway
    sock.send({ op: "intent", token: token(), intent: /** @type {import("./protocol").BoardIntent} */ (content) });
    });
}

// A puzzle model whose answers are judged on the server.
/** @param {Pick<ClassSocket, "send">} sock @param {TokenGetter} token @returns {PuzzleModel} */
export function classPuzzleModel(sock, token) {
  // the other keys come with the server's "puzzle" message (applyKeys)
  const initial = /** @type {PuzzleKeys} */ ({ kind: "puzzle", storage: "server" });
  return mtlModel(initial, /** @param {PuzzleModel} _model @param {PuzzleSent} content */ (_model, content) => {
    if (!content || typeof content !== "object") return;
    // a puzzle round's puzzle sends a protocol.d.ts PuzzleIntent; the server checks it
    sock.send({ op: "puzzle", token: token(), msg: /** @type {import("./protocol").PuzzleIntent} */ (content) });
  });
}

// Put a server message's model keys on a model (only the keys it carries).
// A message's key holds what the model's key of that name holds (protocol.d.ts types
// both from the same Python types), hence the cast.
/**
 * @template {Record<string, any>} T
 * @param {import("./host.js").KeyedModel<T, any>} model
 * @param {object} msg @param {(keyof T & string)[]} keys
 */
export function applyKeys(model, msg, keys) {
  const m = /** @type {Partial<T>} */ (msg);
  for (const k of keys) if (Object.prototype.hasOwnProperty.call(m, k)) model.set(k, /** @type {T[typeof k]} */ (m[k]));
}
