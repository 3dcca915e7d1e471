// The class pages' entry (served as /class/app.js by `mtlearn class`): the students' page
// and the projector's; the teacher's page is class-teacher.js. Each page calls one boot
// function with its root element.
//
// Students: type the class code and a first name, take a seat, play on the board, answer
// the puzzle round. The seat token is kept in the browser's localStorage, so a reload or
// a lost connection gives the same seat and hand back (the server checks the token). On a
// phone the page's header (name, status, notices: a puzzle round started, a word from the
// teacher) sticks at the top and the student's own hand at the bottom (class.css). What
// the page does on each message is class-student-state.js's (no DOM: tested in node);
// this module draws it.
//
// Projector: the class code and QR code, and every table scaled to fit one screen, with
// nothing to click (class-screen.js chooses the grid).
//
// Safety: every text from the server goes in with textContent (dom.js h()).

import { renderBoard } from "./board.js";
import { applyKeys, classBoardModel, classPuzzleModel, classSocket, keepTokenCookie } from "./class-host.js";
import { isLoopback, legibleGrid, roundEndText, studentView } from "./class-screen.js";
import { firstPhase, freeSeats, seatNames, seatToken, studentReduce, studentStart } from "./class-student-state.js";
import { bootTeacher, logNode, scoresNode } from "./class-teacher.js";
import { h } from "./dom.js";
import { renderPuzzle } from "./puzzle.js";
import { classTrainerModel, renderClassTrainer } from "./class-trainer.js";

/** @typedef {import("./protocol").TableInfo} TableInfo */
/** @typedef {import("./protocol").TableState} TableState */
/** @typedef {import("./protocol").PuzzleState} PuzzleState */
/** @typedef {import("./protocol").PuzzleUpdate} PuzzleUpdate */
/** @typedef {import("./protocol").ClassTrainerState} ClassTrainerState */
/** @typedef {import("./protocol").ClassTrainerUpdate} ClassTrainerUpdate */
/** @typedef {import("./protocol").PublicTable} PublicTable */
/** @typedef {import("./protocol").View} View */
/** @typedef {import("./class-host.js").BoardModel} BoardModel */
/** @typedef {import("./class-host.js").PuzzleModel} PuzzleModel */
/** @typedef {import("./class-trainer.js").ClassTrainerModel} ClassTrainerModel */
/** @typedef {import("./class-host.js").ClassSocket} ClassSocket */
/** @typedef {import("./class-host.js").TokenGetter} TokenGetter */
/** @typedef {import("./class-student-state.js").Me} Me */
/** @typedef {import("./class-student-state.js").Phase} Phase */
/** @typedef {import("./class-student-state.js").StudentEffect} StudentEffect */
/** @typedef {import("./class-student-state.js").StudentEvent} StudentEvent */
/** @typedef {import("./class-student-state.js").NoticeLink} NoticeLink */
/** @typedef {Pick<ClassSocket, "send">} Sender what a model sends its requests with */

const STORE = "mtlearn-class";

/** The student the browser kept (null: none, or no storage). @returns {Me | null} */
function stored() {
  try { return JSON.parse(localStorage.getItem(STORE) || "null"); } catch { return null; }
}

/** @param {Me | null} value */
function store(value) {
  keepTokenCookie("mtlearn_seat", (value && value.token) || "");
  try {
    if (value) localStorage.setItem(STORE, JSON.stringify(value));
    else localStorage.removeItem(STORE);
  } catch { /* private mode: the seat is kept until the page closes */ }
}

/**
 * @typedef {{(text: string, kind?: string): void, connection: (state: string) => void}} Say
 */
// The status line: the connection's state and the last refusal. `say(text, kind)` shows a
// text; `say.connection(state)` shows "Connection lost" while reconnecting and takes it
// away once the page is connected again (and only that text: a refusal shown since stays).
/** @param {HTMLElement} parent @returns {Say} */
function statusBar(parent) {
  const bar = h("p", { class: "mtc-status", role: "status", "aria-live": "polite" });
  parent.appendChild(bar);
  let lost = false;
  /** @param {string} text @param {string} [kind] */
  const say = (text, kind) => {
    lost = false;
    bar.textContent = text || "";
    bar.className = "mtc-status" + (kind ? " mtc-" + kind : "");
  };
  /** @param {string} state */
  say.connection = (state) => {
    if (state === "reconnecting") {
      say("Connection lost: reconnecting…", "warn");
      lost = true;
    } else if (state === "open" && lost) say("");
  };
  return say;
}

/** @typedef {(key: string, text: string | null, link?: NoticeLink) => HTMLElement | null} Notice */
// The notices at the top of a student's page (a puzzle round started, a word from the
// teacher): each with the words, an optional link, and OK to take it away.
/** @param {HTMLElement} parent @returns {Notice} */
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
/** @param {HTMLElement} header @param {HTMLElement} root */
function keepBelow(header, root) {
  const set = () => root.style.setProperty("--pst-header-height", `${Math.floor(header.getBoundingClientRect().height)}px`);
  set();
  if (typeof ResizeObserver === "function") new ResizeObserver(set).observe(header);
}

// ---------------------------------------------------------------- the student's page

// The join form: the class code (from the address or the browser's memory) and a first name.
/**
 * @param {HTMLElement} box @param {string} code the code filled in
 * @param {(code: string, name: string) => void} onJoin
 * @param {(code: string, seat: string) => void} onReclaim back on a new device, with a seat code
 */
function joinForm(box, code, onJoin, onReclaim) {
  const codeInput = /** @type {HTMLInputElement} */ (h("input", { id: "mtc-code", name: "code", autocomplete: "off",
    autocapitalize: "characters", maxlength: "8", required: "", value: code }));
  const name = /** @type {HTMLInputElement} */ (h("input", { id: "mtc-name", name: "name", autocomplete: "given-name",
    maxlength: "24", required: "" }));
  box.append(
    h("h1", { text: "Join the class" }),
    h("label", { for: "mtc-code", text: "Class code" }), codeInput,
    h("label", { for: "mtc-name", text: "Your first name" }), name,
    h("button", { type: "submit", class: "mtl-btn mtc-big", text: "Join" }));
  box.addEventListener("submit", (ev) => {
    ev.preventDefault();
    onJoin(codeInput.value, name.value);
  });
  // a student who joined already, on a new phone or browser: the teacher's seat code
  const seat = /** @type {HTMLInputElement} */ (h("input", { id: "mtc-seatcode", name: "seat_code", autocomplete: "off",
    autocapitalize: "characters", maxlength: "12" }));
  const back = h("button", { type: "button", class: "mtl-btn", "data-act": "reclaim", text: "Get my seat back" });
  back.addEventListener("click", () => { if (seat.value.trim()) onReclaim(codeInput.value, seat.value); });
  seat.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); back.click(); } });
  box.append(h("details", { class: "mtc-reclaim" }, h("summary", { text: "Back on a new device?" }),
    h("label", { for: "mtc-seatcode", text: "Seat code (your teacher gives you one)" }), seat, back));
}

// The lobby: a button for each free seat, or the word to wait.
/** @param {HTMLElement} box @param {TableInfo[]} tables @param {(table: string, seat: number) => void} sit */
function drawLobby(box, tables, sit) {
  const items = freeSeats(tables).map((f) => {
    const b = h("button", { type: "button", class: "mtl-btn mtc-seat", "data-table": f.table, "data-seat": String(f.seat),
      text: f.text });
    b.addEventListener("click", () => sit(f.table, f.seat));
    return b;
  });
  box.replaceChildren(h("h2", { text: "Choose a seat" }),
    items.length ? h("div", { class: "mtc-seats" }, ...items)
      : h("p", { text: "No free seat yet: wait for the teacher to open a table." }));
}

// The student's table: its heading, the board (one model, kept while the page lives) and
// the last moves. At a round's end the board's panel says who carries on (a student deals
// no round); again after each redraw of the board (a click on the board draws the panel anew).
/**
 * @param {HTMLElement} root @param {HTMLElement} tableBox @param {Sender} sock @param {TokenGetter} token
 * @returns {(msg: TableState) => void} draws a table message
 */
function tableView(root, tableBox, sock, token) {
  const tableHead = h("div", { class: "mtc-tablehead" });
  const boardBox = h("div", { class: "mtc-board" });
  const logBox = h("div", { class: "mtc-logbox" });
  tableBox.append(tableHead, boardBox, logBox);
  /** @type {BoardModel | null} */
  let board = null;
  /** @type {View | null} */
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

  return (msg) => {
    const t = msg.table;
    root.setAttribute("data-seat", String(msg.seat));
    root.setAttribute("data-table", t.id);
    tableHead.replaceChildren(h("h2", { text: `${t.label} · seat ${msg.seat}` }), h("p", { class: "mtc-who", text: seatNames(t) }));
    if (!msg.view) {
      boardBox.replaceChildren(h("p", { class: "mtc-wait", text: "Waiting for the other players and the teacher's deal…" }));
      board = null;
      return;
    }
    const view = studentView(msg.view);
    // the review of the round (reviews.py): a review, or null when none came (refused:
    // a board drawn afresh offers "Review my round" again); a new round drops it
    const review = msg.review;
    if (!board || review === null) {
      board = classBoardModel(sock, token);
      boardBox.replaceChildren();
      applyKeys(board, Object.assign({}, msg, { view }), ["view", "message"]);
      renderBoard(board, boardBox);
    } else {
      if (msg.message !== undefined) board.set("message", msg.message);
      if (review) board.set("review", review);
      else if (!(view.match && view.match.round_over) && board.get("review")) board.set("review", null);
      board.set("view", view);
    }
    shownView = view;
    roundEnd();
    logBox.replaceChildren(logNode(msg.log || [], 4));
  };
}

// The puzzle round's section: a new model for each "puzzle" message, updates on it.
/** @param {HTMLElement} box @param {Sender} sock @param {TokenGetter} token */
function puzzleView(box, sock, token) {
  /** @type {PuzzleModel | null} */
  let puzzle = null;
  return {
    clear() { box.replaceChildren(); puzzle = null; },
    /** @param {PuzzleState} msg */
    mount(msg) {
      puzzle = classPuzzleModel(sock, token);
      applyKeys(puzzle, msg, ["set", "set_title", "index", "puzzle", "view", "feedback", "solution", "set_progress", "progress"]);
      box.replaceChildren(h("h2", { text: "Puzzle round" }));
      const mount = h("div");
      box.appendChild(mount);
      renderPuzzle(puzzle, mount);
    },
    /** @param {PuzzleUpdate} msg */
    update(msg) { if (puzzle) applyKeys(puzzle, msg, ["view", "feedback", "solution"]); },
  };
}

// Trainer puzzles the teacher assigned (class-trainer.js): one model per assignment.
/** @param {HTMLElement} box @param {Sender} sock @param {TokenGetter} token */
function trainerView(box, sock, token) {
  /** @type {ClassTrainerModel | null} */
  let trainer = null;
  return {
    clear() { box.replaceChildren(); trainer = null; },
    /** @param {ClassTrainerState} msg */
    mount(msg) {
      const model = classTrainerModel(sock, token);
      trainer = model;
      box.replaceChildren(h("h2", { text: "Trainer puzzles" }));
      const mount = h("div");
      box.appendChild(mount);
      applyKeys(model, msg, ["puzzle", "view", "feedback", "solution"]);
      renderClassTrainer(model, mount);
      applyKeys(model, msg, ["trainer"]);
    },
    /** @param {ClassTrainerState | ClassTrainerUpdate} msg @param {boolean} fresh a new "trainer" message */
    update(msg, fresh) {
      if (!trainer) return;
      if (fresh) applyKeys(trainer, { feedback: null, solution: null }, ["feedback", "solution"]);
      applyKeys(trainer, msg, ["puzzle", "view", "feedback", "solution"]);
      applyKeys(trainer, msg, ["trainer"]);
    },
  };
}

// The student's page in `root`: every event goes through studentReduce, and the page
// carries out what it returns.
/** @param {HTMLElement} root @returns {ClassSocket} */
export function bootStudent(root) {
  const params = new URLSearchParams(location.search);
  let state = studentStart(stored());
  const head = h("header", { class: "mtc-head" });
  const who = h("p", { class: "mtc-me" });
  head.appendChild(who);
  const say = statusBar(head);
  const notice = noticeList(head);
  const joinBox = h("form", { class: "mtc-join", "aria-label": "Join the class" });
  const lobbyBox = h("section", { class: "mtc-lobby", "aria-label": "Tables" });
  const tableBox = h("section", { class: "mtc-table", "aria-label": "Your table" });
  const puzzleBox = h("section", { class: "mtc-puzzles", id: "mtc-puzzles", "aria-label": "Puzzle round", tabindex: "-1" });
  const trainerBox = h("section", { class: "mtc-trainer", id: "mtc-trainer", "aria-label": "Trainer puzzles", tabindex: "-1" });
  root.append(head, joinBox, lobbyBox, tableBox, puzzleBox, trainerBox);
  keepBelow(head, root);
  /** @type {Sender} the socket, once made (the models send only after it is) */
  const link = { send: (msg) => sock.send(msg) };
  const token = () => seatToken(state);
  const drawTable = tableView(root, tableBox, link, token);
  const puzzles = puzzleView(puzzleBox, link, token);
  const trainer = trainerView(trainerBox, link, token);

  /** @param {Phase} name */
  function phase(name) {
    root.setAttribute("data-phase", name);
    joinBox.hidden = name !== "join";
    lobbyBox.hidden = name !== "lobby";
    tableBox.hidden = name !== "table";
  }

  /** @param {StudentEffect} e */
  function run(e) {
    switch (e.do) {
      case "say": say(e.text, e.kind); break;
      case "phase": phase(e.phase); break;
      case "store": store(e.me); break;
      case "send": sock.send(e.msg); break;
      case "notice": notice(e.key, e.text, e.link); break;
      case "who": who.replaceChildren(h("strong", { text: e.name }), document.createTextNode(` · class ${e.code}`)); break;
      case "lobby": drawLobby(lobbyBox, e.tables, (table, seat) => apply({ type: "sit", table, seat })); break;
      case "table": drawTable(e.msg); break;
      case "puzzle-clear": puzzles.clear(); break;
      case "puzzle-mount": puzzles.mount(e.msg); break;
      case "puzzle-update": puzzles.update(e.msg); break;
      case "trainer-clear": trainer.clear(); break;
      case "trainer-mount": trainer.mount(e.msg); break;
      case "trainer-update": trainer.update(e.msg, e.fresh); break;
    }
  }

  /** @param {StudentEvent} event */
  function apply(event) {
    const step = studentReduce(state, event);
    state = step.state;
    for (const e of step.effects) run(e);
  }

  joinForm(joinBox, params.get("code") || (state.me && state.me.code) || "", (code, name) => apply({ type: "join", code, name }),
    (code, seat) => apply({ type: "reclaim", code, seat }));
  const sock = classSocket({
    onOpen() { apply({ type: "open" }); },
    onState: say.connection,
    onMessage(msg) { apply({ type: "message", msg }); },
  });
  phase(firstPhase(state));
  return sock;
}

// ---------------------------------------------------------------- the projector

// The projector: how to join (the QR code and the class code, never the teacher's
// token), then every table's public board (no hand shown), whose turn, the scores and the
// last moves, as large as they fit on one screen together: nothing to click, nothing to
// scroll. ?table=t1 shows one table; without ?code= (or with a wrong one) it asks for the
// class code.
const CARD_WIDTH = 960;  // px: a table's natural width (its board, then its scores and moves), before it is scaled to its cell
const GRID_GAP = 8;

/**
 * A table's card on the projector: `fit` holds it at its natural width, scaled to `box`;
 * `model` is its board's, once the table is dealt.
 * @typedef {{box: HTMLElement, fit: HTMLElement, head: HTMLElement, mount: HTMLElement, side: HTMLElement,
 *   model: BoardModel | null}} ProjectorCard
 */

/** A new, empty card for table `t`. @param {TableInfo} t @returns {ProjectorCard} */
function projectorCard(t) {
  /** @type {ProjectorCard} */
  const card = { box: h("section", { class: "mtc-card", "data-table": t.id, "aria-label": t.label }),
    fit: h("div", { class: "mtc-fit" }), head: h("div", { class: "mtc-cardhead" }),
    mount: h("div", { class: "mtc-board" }), side: h("div", { class: "mtc-side" }), model: null };
  card.fit.style.width = `${CARD_WIDTH}px`;
  card.fit.append(card.head, card.mount, card.side);
  card.box.append(card.fit);
  return card;
}

/** What a card's heading says of the table. @param {PublicTable} p @returns {string} */
function projectorTurn(p) {
  const t = p.table;
  const turn = t.to_play ? t.seats[t.to_play - 1].name : null;
  return !t.started ? "Waiting for players" : !t.round_over ? `${turn} to play`
    : p.view && p.view.match && p.view.match.match_over ? "The match is over" : "The round is over";
}

/** Draw a table's public state on its card. @param {ProjectorCard} card @param {PublicTable} p */
function drawCard(card, p) {
  const t = p.table;
  card.box.classList.toggle("mtc-over", !!t.round_over);
  card.box.toggleAttribute("data-paused", !!t.paused);
  card.head.replaceChildren(h("h2", { text: t.label }), h("p", { class: "mtc-turn", text: projectorTurn(p) }));
  if (t.paused) card.head.appendChild(h("p", { class: "mtc-paused", text: "⏸ Paused" })); // in words, not colour only
  if (p.view) {
    if (!card.model) {
      card.model = classBoardModel({ send() {} }, () => "");
      card.model.set("show_legal", false);
      card.model.set("view", studentView(p.view));
      renderBoard(card.model, card.mount);
    } else card.model.set("view", studentView(p.view));
  }
  card.side.replaceChildren(scoresNode(p.view), logNode(p.log || [], 3));
}

// Names and trains are drawn at least MIN_PX px (legible from the back of the room): when
// every table on one screen would be smaller, fewer are shown a screen, in turn, each
// screen for PAGE_MS.
const MIN_PX = 24;
const MAX_SCALE = 3;
const PAGE_MS = 10000;
const LEGIBLE = ".mtc-cardhead h2, .mtc-turn, .mtl-train-name, .mtl-hand-name, .mtl-num";

/** The smallest name or train text of the cards, at their natural size (px). @param {ProjectorCard[]} list */
function smallestText(list) {
  let least = Infinity;
  for (const card of list) {
    for (const el of card.fit.querySelectorAll(LEGIBLE)) least = Math.min(least, parseFloat(getComputedStyle(el).fontSize));
  }
  return Number.isFinite(least) ? least : 16;
}

// Every card the same natural width; the grid chosen so that they are drawn largest while
// legible, `page` of them shown (the others wait their turn). Returns the screens' count.
/** @param {HTMLElement} grid @param {Map<string, ProjectorCard>} cards @param {number} page @returns {{pages: number, from: number, to: number}} */
function layoutCards(grid, cards, page) {
  const list = [...cards.values()];
  if (!list.length) return { pages: 1, from: 0, to: 0 };
  let tallest = 1;
  for (const card of list) { card.box.hidden = false; tallest = Math.max(tallest, card.fit.offsetHeight); }
  const fit = legibleGrid(list.length, grid.clientWidth, grid.clientHeight, CARD_WIDTH, tallest, smallestText(list), MIN_PX,
    MAX_SCALE, GRID_GAP);
  const from = (page % fit.pages) * fit.perScreen;
  list.forEach((card, i) => { card.box.hidden = i < from || i >= from + fit.perScreen; });
  grid.setAttribute("data-count", String(Math.min(fit.perScreen, list.length - from)));
  grid.style.gridTemplateColumns = `repeat(${fit.grid.cols}, minmax(0, 1fr))`;
  grid.style.gridTemplateRows = `repeat(${fit.grid.rows}, minmax(0, 1fr))`;
  for (const card of list) {
    if (card.box.hidden) continue;
    const w = card.box.clientWidth;
    const s = Math.min(w / CARD_WIDTH, card.box.clientHeight / card.fit.offsetHeight, MAX_SCALE);
    card.fit.style.transform = `scale(${s})`;
    card.fit.style.left = `${Math.max(0, (w - CARD_WIDTH * s) / 2)}px`;
    card.box.setAttribute("data-scale", s.toFixed(3));
  }
  return { pages: fit.pages, from, to: Math.min(list.length, from + fit.perScreen) };
}

// The projector's side: the title, the QR code, the room's address (not a loopback one)
// and the class code once known.
/** @param {HTMLElement} side @returns {{codeBox: HTMLElement, say: Say}} */
function projectorSide(side) {
  const codeBox = h("p", { class: "mtc-code" });
  side.append(h("h1", { class: "mtc-join-title", text: "Join the class" }),
    h("img", { class: "mtc-qr", src: "/qr.svg", alt: "QR code: the class's address" }));
  if (!isLoopback(location.host)) side.appendChild(h("p", { class: "mtc-addr", text: location.host }));
  side.appendChild(codeBox);
  return { codeBox, say: statusBar(side) };
}

/** @param {HTMLElement} root @returns {ClassSocket} */
export function bootProjector(root) {
  const params = new URLSearchParams(location.search);
  const only = params.get("table");
  let code = (params.get("code") || "").trim().toUpperCase();
  const side = h("aside", { class: "mtc-join-side", "aria-label": "How to join" });
  const { codeBox, say } = projectorSide(side);
  const ask = h("form", { class: "mtc-join mtc-askcode", "aria-label": "The class code" });
  const input = /** @type {HTMLInputElement} */ (h("input", { id: "mtc-code", name: "code", autocomplete: "off",
    autocapitalize: "characters", maxlength: "8", required: "" }));
  ask.append(h("label", { for: "mtc-code", text: "Type the class code (on the teacher's page) to show the tables" }), input,
    h("button", { type: "submit", class: "mtl-btn mtc-big", text: "Show the tables" }));
  const grid = h("div", { class: "mtc-grid" });
  const none = h("p", { class: "mtc-none", text: "No table yet: the teacher opens the tables on the teacher's page." });
  none.hidden = true;
  root.append(side, ask, none, grid);
  /** @type {Map<string, ProjectorCard>} */
  const cards = new Map();

  function showCode() {
    codeBox.replaceChildren(h("span", { text: "Class code" }), h("strong", { text: code }));
    codeBox.hidden = !code;
  }

  /** @param {boolean} on */
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

  // the tables a screen shows, in turn when they are not legible all together
  const pages = h("p", { class: "mtc-pages", "aria-live": "off" });
  side.appendChild(pages);
  let page = 0;
  const layout = () => {
    const at = layoutCards(grid, cards, page);
    const shown = at.to - at.from === 1 ? `Table ${at.to}` : `Tables ${at.from + 1}–${at.to}`;
    pages.textContent = at.pages > 1 ? `${shown} of ${cards.size}; the others follow in turn` : "";
    root.setAttribute("data-pages", String(at.pages));
  };
  if (typeof ResizeObserver === "function") new ResizeObserver(layout).observe(grid);
  setInterval(() => { if (Number(root.getAttribute("data-pages")) > 1) { page += 1; layout(); } }, PAGE_MS);

  /** @param {PublicTable} p */
  function show(p) {
    const t = p.table;
    if (only && t.id !== only) return;
    let card = cards.get(t.id);
    if (!card) {
      card = projectorCard(t);
      grid.appendChild(card.box);
      cards.set(t.id, card);
    }
    drawCard(card, p);
    layout();
    root.setAttribute("data-updates", String((Number(root.getAttribute("data-updates")) | 0) + 1));
  }

  // Every table of the class (a new class, or the old one brought back: its code, which
  // the projector shows and keeps in its address for a reload, and only its tables).
  /** @param {import("./protocol").PublicTables} msg */
  function follow(msg) {
    if (msg.code && msg.code !== code) {
      code = msg.code;
      const p = new URLSearchParams(location.search);
      p.set("code", code);
      history.replaceState(null, "", `${location.pathname}?${p}`);
      showCode();
    }
    const ids = new Set(msg.tables.map((p) => p.table.id));
    for (const [id, card] of cards) if (!ids.has(id)) { card.box.remove(); cards.delete(id); }
    for (const p of msg.tables) show(p);
    layout();
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
      if (msg.type === "publics") follow(msg);
      else if (msg.type === "public") show(msg);
      none.hidden = cards.size > 0 || !ask.hidden;
    },
  });
  return sock;
}

export { bootTeacher };
