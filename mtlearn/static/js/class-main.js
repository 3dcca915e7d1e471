// The class pages' entry (served as /class/app.js by `mtlearn class`): the students' page
// and the projector's; the teacher's page is class-teacher.js. Each page calls one boot
// function with its root element.
//
// Students: type the class code and a first name, take a seat, play on the board, answer
// the puzzle round. The seat token is kept in the browser's localStorage, so a reload or
// a lost connection gives the same seat and hand back (the server checks the token).
//
// Safety: every text from the server goes in with textContent (dom.js h()).

import { renderBoard } from "./board.js";
import { applyKeys, classBoardModel, classPuzzleModel, classSocket } from "./class-host.js";
import { bootTeacher, logNode, scoresNode } from "./class-teacher.js";
import { h } from "./dom.js";
import { renderPuzzle } from "./puzzle.js";

const STORE = "mtlearn-class";

function stored() {
  try { return JSON.parse(localStorage.getItem(STORE) || "null"); } catch { return null; }
}

function store(value) {
  try {
    if (value) localStorage.setItem(STORE, JSON.stringify(value));
    else localStorage.removeItem(STORE);
  } catch { /* private mode: the seat is kept until the page closes */ }
}

function statusBar(root) {
  const bar = h("p", { class: "mtc-status", role: "status", "aria-live": "polite" });
  root.appendChild(bar);
  return (text, kind) => {
    bar.textContent = text || "";
    bar.className = "mtc-status" + (kind ? " mtc-" + kind : "");
  };
}

export function bootStudent(root) {
  const params = new URLSearchParams(location.search);
  let me = stored();
  const head = h("header", { class: "mtc-head" });
  const say = statusBar(root);
  const joinBox = h("form", { class: "mtc-join", "aria-label": "Join the class" });
  const lobbyBox = h("section", { class: "mtc-lobby", "aria-label": "Tables" });
  const tableBox = h("section", { class: "mtc-table", "aria-label": "Your table" });
  const tableHead = h("div", { class: "mtc-tablehead" });
  const boardBox = h("div", { class: "mtc-board" });
  const logBox = h("div", { class: "mtc-logbox" });
  const puzzleBox = h("section", { class: "mtc-puzzles", "aria-label": "Puzzle round" });
  tableBox.append(tableHead, boardBox, logBox);
  root.append(head, joinBox, lobbyBox, tableBox, puzzleBox);
  const token = () => (me ? me.token : "");
  let board = null;
  let puzzle = null;

  function phase(name) {
    root.setAttribute("data-phase", name);
    joinBox.hidden = name !== "join";
    lobbyBox.hidden = name !== "lobby";
    tableBox.hidden = name !== "table";
  }

  const code = h("input", { id: "mtc-code", name: "code", autocomplete: "off", autocapitalize: "characters",
    maxlength: "8", required: "", value: params.get("code") || (me && me.code) || "" });
  const name = h("input", { id: "mtc-name", name: "name", autocomplete: "given-name", maxlength: "24", required: "" });
  joinBox.append(
    h("h1", { text: "Join the class" }),
    h("label", { for: "mtc-code", text: "Class code" }), code,
    h("label", { for: "mtc-name", text: "Your first name" }), name,
    h("button", { type: "submit", class: "mtl-btn mtc-big", text: "Join" }));
  joinBox.addEventListener("submit", (ev) => {
    ev.preventDefault();
    me = { code: code.value.trim().toUpperCase(), token: null };
    sock.send({ op: "join", code: me.code, name: name.value });
  });

  function lobby(msg) {
    phase("lobby");
    const items = (msg.tables || []).flatMap((t) => t.seats.filter((s) => s.kind === "student" && !s.taken)
      .map((s) => {
        const b = h("button", { type: "button", class: "mtl-btn mtc-seat", "data-table": t.id, "data-seat": String(s.seat),
          text: `${t.label}, seat ${s.seat}` });
        b.addEventListener("click", () => sock.send({ op: "sit", token: token(), table: t.id, seat: s.seat }));
        return b;
      }));
    lobbyBox.replaceChildren(h("h2", { text: "Choose a seat" }),
      items.length ? h("div", { class: "mtc-seats" }, ...items)
        : h("p", { text: "No free seat yet: wait for the teacher to open a table." }));
  }

  function table(msg) {
    phase("table");
    const t = msg.table;
    root.setAttribute("data-seat", String(msg.seat));
    root.setAttribute("data-table", t.id);
    const who = t.seats.map((s) => s.name || "(free)").join(", ");
    tableHead.replaceChildren(h("h2", { text: `${t.label} · seat ${msg.seat}` }), h("p", { class: "mtc-who", text: who }));
    if (!msg.view) {
      boardBox.replaceChildren(h("p", { class: "mtc-wait", text: "Waiting for the other players and the teacher's deal…" }));
      board = null;
      return;
    }
    if (!board) {
      board = classBoardModel(sock, token);
      boardBox.replaceChildren();
      applyKeys(board, msg, ["view", "message"]);
      renderBoard(board, boardBox);
    } else {
      if (msg.message !== undefined) board.set("message", msg.message);
      board.set("view", msg.view);
    }
    logBox.replaceChildren(logNode(msg.log || [], 4));
  }

  function puzzles(msg) {
    if (msg.type === "puzzle" && !msg.set) {
      puzzleBox.replaceChildren();
      puzzle = null;
      return;
    }
    if (msg.type === "puzzle") {
      puzzle = classPuzzleModel(sock, token);
      applyKeys(puzzle, msg, ["set", "set_title", "index", "puzzle", "view", "feedback", "solution", "set_progress", "progress"]);
      puzzleBox.replaceChildren(h("h2", { text: "Puzzle round" }));
      const mount = h("div");
      puzzleBox.appendChild(mount);
      renderPuzzle(puzzle, mount);
    } else if (puzzle) {
      applyKeys(puzzle, msg, ["view", "feedback", "solution"]);
    }
  }

  const sock = classSocket({
    onOpen(s) {
      if (me && me.token) s.send({ op: "hello", code: me.code, token: me.token });
      else phase("join");
    },
    onState(st) { if (st === "reconnecting") say("Connection lost: reconnecting…", "warn"); },
    onMessage(msg) {
      if ("ok" in msg) {  // the protocol's one refusal (no other class message has "ok")
        say("✗ " + msg.error, "refused");
        if (/^(unknown seat token|wrong class code)/.test(msg.error)) {
          if (me && me.token) store(null);
          me = null;
          phase("join");
        }
        return;
      }
      if (msg.type === "joined") {
        me = { code: me ? me.code : "", token: msg.token, name: msg.name };
        store(me);
        head.replaceChildren(h("strong", { text: msg.name }), document.createTextNode(` · class ${me.code}`));
        say("");
        return;
      }
      say("");
      if (msg.type === "lobby") lobby(msg);
      else if (msg.type === "table") table(msg);
      else if (msg.type === "puzzle" || msg.type === "puzzle_update") puzzles(msg);
    },
  });
  phase(me && me.token ? "lobby" : "join");
  return sock;
}

// The projector: every table's public board (no hand shown), whose turn, the last moves
// in words, the scores. ?table=t1 shows one table.
export function bootProjector(root) {
  const params = new URLSearchParams(location.search);
  const only = params.get("table");
  const say = statusBar(root);
  const grid = h("div", { class: "mtc-grid" });
  root.appendChild(grid);
  const cards = new Map();
  function show(p) {
    const t = p.table;
    if (only && t.id !== only) return;
    let card = cards.get(t.id);
    if (!card) {
      card = { box: h("section", { class: "mtc-card", "data-table": t.id, "aria-label": t.label }), model: null };
      card.head = h("div", { class: "mtc-cardhead" });
      card.mount = h("div", { class: "mtc-board" });
      card.side = h("div", { class: "mtc-side" });
      card.box.append(card.head, card.mount, card.side);
      grid.appendChild(card.box);
      cards.set(t.id, card);
    }
    const turn = t.to_play ? t.seats[t.to_play - 1].name : null;
    card.head.replaceChildren(h("h2", { text: t.label }),
      h("p", { class: "mtc-turn", text: !t.started ? "Waiting for players" : t.round_over ? "The round is over" : `${turn} to play` }));
    if (p.view) {
      if (!card.model) {
        card.model = classBoardModel({ send() {} }, () => "");
        card.model.set("show_legal", false);
        card.model.set("view", p.view);
        renderBoard(card.model, card.mount);
      } else card.model.set("view", p.view);
    }
    card.side.replaceChildren(scoresNode(p.view), logNode(p.log || [], 6));
    root.setAttribute("data-updates", String((root.getAttribute("data-updates") | 0) + 1));
  }
  return classSocket({
    onOpen(s) { s.send({ op: "watch", code: params.get("code") || "" }); },
    onState(st) { say(st === "reconnecting" ? "Connection lost: reconnecting…" : ""); },
    onMessage(msg) {
      if ("ok" in msg) say("✗ " + msg.error, "refused");
      else if (msg.type === "publics") for (const p of msg.tables) show(p);
      else if (msg.type === "public") show(msg);
    },
  });
}

export { bootTeacher };
