// The class pages' entry (served as /class/app.js by `mtlearn class`): the students' page
// and the projector's; the teacher's page is class-teacher.js. Each page calls one boot
// function with its root element.
//
// Students: type the class code and a first name, take a seat, play on the board, answer
// the puzzle round. The seat token is kept in the browser's localStorage, so a reload or
// a lost connection gives the same seat and hand back (the server checks the token). On a
// phone the page's header (name, status, notices: a puzzle round started, a word from the
// teacher) sticks at the top and the student's own hand at the bottom (class.css).
//
// Projector: the class code and QR code, and every table scaled to fit one screen, with
// nothing to click (class-screen.js chooses the grid).
//
// Safety: every text from the server goes in with textContent (dom.js h()).

import { renderBoard } from "./board.js";
import { applyKeys, classBoardModel, classPuzzleModel, classSocket } from "./class-host.js";
import { bestGrid, isLoopback, noticeText, roundEndText, studentView } from "./class-screen.js";
import { bootTeacher, logNode, scoresNode } from "./class-teacher.js";
import { h } from "./dom.js";
import { renderPuzzle } from "./puzzle.js";
import { classTrainerModel, renderClassTrainer } from "./class-trainer.js";

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

// The status line: the connection's state and the last refusal. `say(text, kind)` shows a
// text; `say.connection(state)` shows "Connection lost" while reconnecting and takes it
// away once the page is connected again (and only that text: a refusal shown since stays).
function statusBar(parent) {
  const bar = h("p", { class: "mtc-status", role: "status", "aria-live": "polite" });
  parent.appendChild(bar);
  let lost = false;
  const say = (text, kind) => {
    lost = false;
    bar.textContent = text || "";
    bar.className = "mtc-status" + (kind ? " mtc-" + kind : "");
  };
  say.connection = (state) => {
    if (state === "reconnecting") {
      say("Connection lost: reconnecting…", "warn");
      lost = true;
    } else if (state === "open" && lost) say("");
  };
  return say;
}

// The notices at the top of a student's page (a puzzle round started, a word from the
// teacher): each with the words, an optional link, and OK to take it away.
function noticeList(parent) {
  const box = h("div", { class: "mtc-notices", "aria-live": "polite" });
  parent.appendChild(box);
  return (key, text, link) => {
    for (const old of box.querySelectorAll(`[data-notice="${key}"]`)) old.remove();
    if (!text) return null;
    const item = h("p", { class: "mtc-notice", "data-notice": key }, h("span", { text }));
    const close = () => item.remove();
    if (link) {
      const a = h("a", { href: link.href, class: "mtc-notice-link", text: link.text });
      a.addEventListener("click", close);
      item.append(" ", a);
    }
    const ok = h("button", { type: "button", class: "mtl-btn mtc-notice-ok", text: "OK" });
    ok.setAttribute("aria-label", "OK, hide this notice");
    ok.addEventListener("click", close);
    item.append(ok);
    box.appendChild(item);
    return item;
  };
}

// The board's sticky bar stays below the page's sticky header (--pst-header-height is the
// height the board's style sheets keep free at the top).
function keepBelow(header, root) {
  const set = () => root.style.setProperty("--pst-header-height", `${Math.floor(header.getBoundingClientRect().height)}px`);
  set();
  if (typeof ResizeObserver === "function") new ResizeObserver(set).observe(header);
}

export function bootStudent(root) {
  const params = new URLSearchParams(location.search);
  let me = stored();
  const head = h("header", { class: "mtc-head" });
  const who = h("p", { class: "mtc-me" });
  head.appendChild(who);
  const say = statusBar(head);
  const notice = noticeList(head);
  const joinBox = h("form", { class: "mtc-join", "aria-label": "Join the class" });
  const lobbyBox = h("section", { class: "mtc-lobby", "aria-label": "Tables" });
  const tableBox = h("section", { class: "mtc-table", "aria-label": "Your table" });
  const tableHead = h("div", { class: "mtc-tablehead" });
  const boardBox = h("div", { class: "mtc-board" });
  const logBox = h("div", { class: "mtc-logbox" });
  const puzzleBox = h("section", { class: "mtc-puzzles", id: "mtc-puzzles", "aria-label": "Puzzle round", tabindex: "-1" });
  tableBox.append(tableHead, boardBox, logBox);
  const trainerBox = h("section", { class: "mtc-trainer", id: "mtc-trainer", "aria-label": "Trainer puzzles", tabindex: "-1" });
  root.append(head, joinBox, lobbyBox, tableBox, puzzleBox, trainerBox);
  keepBelow(head, root);
  const token = () => (me ? me.token : "");
  let board = null;
  let puzzle = null;
  let puzzleSet = null;  // the puzzle round's set, once one is on

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

  // At a round's end the panel says who carries on (a student deals no round); again after
  // each redraw of the board (a click on the board draws the panel anew).
  let shownView = null;
  function roundEnd() {
    const text = roundEndText(shownView);
    const panel = boardBox.querySelector(".mtl-match");
    if (!text || !panel) return;
    let p = panel.querySelector(".mtc-next");
    if (!p) {
      p = h("p", { class: "mtc-next" });
      const title = panel.querySelector("h4");
      panel.insertBefore(p, title ? title.nextSibling : panel.firstChild);
    }
    if (p.textContent !== text) p.textContent = text;
  }
  if (typeof MutationObserver === "function") new MutationObserver(roundEnd).observe(boardBox, { childList: true, subtree: true });

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
    const view = studentView(msg.view);
    if (!board) {
      board = classBoardModel(sock, token);
      boardBox.replaceChildren();
      applyKeys(board, Object.assign({}, msg, { view }), ["view", "message"]);
      renderBoard(board, boardBox);
    } else {
      if (msg.message !== undefined) board.set("message", msg.message);
      board.set("view", view);
    }
    shownView = view;
    roundEnd();
    logBox.replaceChildren(logNode(msg.log || [], 4));
  }

  function puzzles(msg) {
    if (msg.type === "puzzle" && !msg.set) {
      puzzleBox.replaceChildren();
      puzzle = null;
      puzzleSet = null;
      notice("puzzles", null);
      return;
    }
    if (msg.type === "puzzle") {
      if (msg.set !== puzzleSet) {  // a new round (not the same one sent again on a reconnect)
        notice("puzzles", "Your teacher started a puzzle round:", { href: "#mtc-puzzles", text: "Puzzles ↓" });
        puzzleSet = msg.set;
      }
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

  // Trainer puzzles the teacher assigned (class-trainer.js): one model per assignment.
  let trainer = null;
  let trainerId = null;
  function trainerPuzzles(msg) {
    if (msg.type === "trainer" && !msg.trainer) {
      trainerBox.replaceChildren();
      trainer = null;
      trainerId = null;
      notice("trainer", null);
      return;
    }
    const id = msg.trainer && msg.trainer.assignment ? msg.trainer.assignment.id : null;
    if (msg.type === "trainer" && (!trainer || id !== trainerId)) {
      if (id !== trainerId) {
        notice("trainer", "Your teacher set trainer puzzles:", { href: "#mtc-trainer", text: "Trainer puzzles ↓" });
      }
      trainerId = id;
      trainer = classTrainerModel(sock, token);
      trainerBox.replaceChildren(h("h2", { text: "Trainer puzzles" }));
      const mount = h("div");
      trainerBox.appendChild(mount);
      applyKeys(trainer, msg, ["puzzle", "view", "feedback", "solution"]);
      renderClassTrainer(trainer, mount);
    } else if (trainer) {
      if (msg.type === "trainer") applyKeys(trainer, { feedback: null, solution: null }, ["feedback", "solution"]);
      applyKeys(trainer, msg, ["puzzle", "view", "feedback", "solution"]);
    }
    if (trainer) applyKeys(trainer, msg, ["trainer"]);
  }

  const sock = classSocket({
    onOpen(s) {
      if (me && me.token) s.send({ op: "hello", code: me.code, token: me.token });
      else phase("join");
    },
    onState: say.connection,
    onMessage(msg) {
      if ("ok" in msg) {  // the protocol's one refusal (no other class message has "ok")
        say("✗ " + msg.error, "refused");
        // the token no longer works: a class ended, a wrong code, the teacher removed the student
        if (/^(unknown seat token|wrong class code|Your teacher removed you)/.test(msg.error)) {
          if (me && me.token) store(null);
          me = null;
          phase("join");
        }
        return;
      }
      const words = noticeText(msg);
      if (words !== null) {  // a word from the teacher (moved, renamed, a table paused…)
        notice("teacher", words);
        return;
      }
      if (msg.type === "joined") {
        me = { code: me ? me.code : "", token: msg.token, name: msg.name };
        store(me);
        who.replaceChildren(h("strong", { text: msg.name }), document.createTextNode(` · class ${me.code}`));
        say("");
        return;
      }
      say("");
      if (msg.type === "lobby") lobby(msg);
      else if (msg.type === "table") table(msg);
      else if (msg.type === "puzzle" || msg.type === "puzzle_update") puzzles(msg);
      else if (msg.type === "trainer" || msg.type === "trainer_update") trainerPuzzles(msg);
    },
  });
  phase(me && me.token ? "lobby" : "join");
  return sock;
}

// The projector: how to join (the QR code and the class code, never the teacher's
// token), then every table's public board (no hand shown), whose turn, the scores and the
// last moves, as large as they fit on one screen together: nothing to click, nothing to
// scroll. ?table=t1 shows one table; without ?code= (or with a wrong one) it asks for the
// class code.
const CARD_WIDTH = 720;  // px: a table's natural width, before it is scaled to its cell
const GRID_GAP = 8;

export function bootProjector(root) {
  const params = new URLSearchParams(location.search);
  const only = params.get("table");
  let code = (params.get("code") || "").trim().toUpperCase();
  const side = h("aside", { class: "mtc-join-side", "aria-label": "How to join" });
  const codeBox = h("p", { class: "mtc-code" });
  side.append(h("h1", { class: "mtc-join-title", text: "Join the class" }),
    h("img", { class: "mtc-qr", src: "/qr.svg", alt: "QR code: the class's address" }));
  if (!isLoopback(location.host)) side.appendChild(h("p", { class: "mtc-addr", text: location.host }));
  side.appendChild(codeBox);
  const say = statusBar(side);
  const ask = h("form", { class: "mtc-join mtc-askcode", "aria-label": "The class code" });
  const input = h("input", { id: "mtc-code", name: "code", autocomplete: "off", autocapitalize: "characters", maxlength: "8", required: "" });
  ask.append(h("label", { for: "mtc-code", text: "Type the class code (on the teacher's page) to show the tables" }), input,
    h("button", { type: "submit", class: "mtl-btn mtc-big", text: "Show the tables" }));
  const grid = h("div", { class: "mtc-grid" });
  const none = h("p", { class: "mtc-none", text: "No table yet: the teacher opens the tables on the teacher's page." });
  none.hidden = true;
  root.append(side, ask, none, grid);
  const cards = new Map();

  function showCode() {
    codeBox.replaceChildren(h("span", { text: "Class code" }), h("strong", { text: code }));
    codeBox.hidden = !code;
  }

  function asking(on) {
    ask.hidden = !on;
    if (on) none.hidden = true;
    root.setAttribute("data-phase", on ? "code" : "tables");
    if (on) input.focus();
  }

  ask.addEventListener("submit", (ev) => {
    ev.preventDefault();
    code = input.value.trim().toUpperCase();
    const p = new URLSearchParams(location.search);
    p.set("code", code);
    history.replaceState(null, "", `${location.pathname}?${p}`);
    say("");
    sock.send({ op: "watch", code });
  });

  // Every card the same natural width; the grid chosen so that they are drawn largest.
  function layout() {
    const n = cards.size;
    if (!n) return;
    let tallest = 1;
    for (const card of cards.values()) tallest = Math.max(tallest, card.fit.offsetHeight);
    grid.setAttribute("data-count", String(n));
    const g = bestGrid(n, grid.clientWidth, grid.clientHeight, CARD_WIDTH, tallest, GRID_GAP);
    grid.style.gridTemplateColumns = `repeat(${g.cols}, minmax(0, 1fr))`;
    grid.style.gridTemplateRows = `repeat(${g.rows}, minmax(0, 1fr))`;
    for (const card of cards.values()) {
      const w = card.box.clientWidth;
      const s = Math.min(w / CARD_WIDTH, card.box.clientHeight / card.fit.offsetHeight, 2);
      card.fit.style.transform = `scale(${s})`;
      card.fit.style.left = `${Math.max(0, (w - CARD_WIDTH * s) / 2)}px`;
      card.box.setAttribute("data-scale", s.toFixed(3));
    }
  }
  if (typeof ResizeObserver === "function") new ResizeObserver(layout).observe(grid);

  function show(p) {
    const t = p.table;
    if (only && t.id !== only) return;
    let card = cards.get(t.id);
    if (!card) {
      card = { box: h("section", { class: "mtc-card", "data-table": t.id, "aria-label": t.label }), model: null };
      card.fit = h("div", { class: "mtc-fit" });
      card.fit.style.width = `${CARD_WIDTH}px`;
      card.head = h("div", { class: "mtc-cardhead" });
      card.mount = h("div", { class: "mtc-board" });
      card.side = h("div", { class: "mtc-side" });
      card.fit.append(card.head, card.mount, card.side);
      card.box.append(card.fit);
      grid.appendChild(card.box);
      cards.set(t.id, card);
    }
    const turn = t.to_play ? t.seats[t.to_play - 1].name : null;
    card.box.classList.toggle("mtc-over", !!t.round_over);
    card.head.replaceChildren(h("h2", { text: t.label }),
      h("p", { class: "mtc-turn", text: !t.started ? "Waiting for players" : !t.round_over ? `${turn} to play`
        : p.view && p.view.match && p.view.match.match_over ? "The match is over" : "The round is over" }));
    if (p.view) {
      if (!card.model) {
        card.model = classBoardModel({ send() {} }, () => "");
        card.model.set("show_legal", false);
        card.model.set("view", studentView(p.view));
        renderBoard(card.model, card.mount);
      } else card.model.set("view", studentView(p.view));
    }
    card.side.replaceChildren(scoresNode(p.view), logNode(p.log || [], 3));
    layout();
    root.setAttribute("data-updates", String((root.getAttribute("data-updates") | 0) + 1));
  }

  showCode();
  asking(!code);
  const sock = classSocket({
    onOpen(s) { if (code) s.send({ op: "watch", code }); },
    onState: say.connection,
    onMessage(msg) {
      if ("ok" in msg) {
        if (/^wrong class code/.test(msg.error)) {
          code = "";
          cards.clear();  // another class's tables (the teacher started a new class)
          grid.replaceChildren();
          showCode();
          asking(true);
          say("✗ That is not this class's code: type the code the teacher's page shows.", "refused");
        } else say("✗ " + msg.error, "refused");
        return;
      }
      if (msg.type === "publics" || msg.type === "public") {
        if (!ask.hidden) asking(false);
        showCode();
        say("");
      }
      if (msg.type === "publics") for (const p of msg.tables) show(p);
      else if (msg.type === "public") show(msg);
      none.hidden = cards.size > 0 || !ask.hidden;
    },
  });
  return sock;
}

export { bootTeacher };
