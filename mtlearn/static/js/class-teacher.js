// The teacher's page of a class (served by `mtlearn class` at /teacher#t=TOKEN): the code
// and QR code to join, tables to open and run (deal, undo, hint for a seat, a computer
// player for a seat, next round, new match, pause), the students (who is connected, since
// when; rename, move, remove), locking joins, ending the class, the idle limit, the
// puzzle round and its live results (CSV export), trainer puzzles (class-trainer.js). Every action carries the teacher's
// token; the server checks it. What takes something away asks first (a dialog: the
// keyboard's Tab, Enter and Escape work), and what can be taken back offers Undo for a
// while. A success replaces an earlier error in the status line.
//
// Safety: every text from the server goes in with textContent (dom.js h()).

import { classSocket } from "./class-host.js";
import { trainerPanel } from "./class-trainer.js";
import { h } from "./dom.js";

// The last moves of a table, in words (the newest last).
export function logNode(lines, n) {
  const items = lines.slice(-n).map((line) => h("li", { text: line }));
  return h("ol", { class: "mtc-log", "aria-label": "Last moves" }, ...items);
}

// The scores of a table's match so far.
export function scoresNode(view) {
  const rows = view && view.match ? view.match.standings : [];
  if (!rows || !rows.length) return h("div");
  return h("table", { class: "mtc-scores" },
    h("thead", null, h("tr", null, h("th", { text: "Player" }), h("th", { text: "Points" }))),
    h("tbody", null, ...rows.map((r) => h("tr", null, h("td", { text: `${r.place}. ${r.name}` }),
      h("td", { text: String(r.total) })))));
}

function field(label, input) {
  return h("label", { class: "mtc-field" }, h("span", { text: label }), input);
}

function numberInput(name, value, min, max) {
  return h("input", { type: "number", name, value: String(value), min: String(min), max: String(max), inputmode: "numeric" });
}

// How long the Undo of a removal, a move or a computer stays offered (ms).
const UNDO_MS = 20000;

function clock(since) {
  if (!since) return "";
  return new Date(since * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

// Ask before doing what takes something away: a modal dialog, Cancel focused first
// (Escape cancels too); `body` may hold an input the action reads.
export function confirmThen(question, yes, run, body) {
  const dlg = /** @type {HTMLDialogElement} */ (h("dialog", { class: "mtc-confirm", "aria-label": question }));
  const ok = h("button", { type: "button", class: "mtl-btn mtl-btn-primary", text: yes, "data-confirm": "yes" });
  const no = h("button", { type: "button", class: "mtl-btn", text: "Cancel", "data-confirm": "no" });
  dlg.append(h("p", { text: question }), ...(body ? [body] : []), h("div", { class: "mtl-controls" }, ok, no));
  document.body.appendChild(dlg);
  const close = () => { if (dlg.open) dlg.close(); dlg.remove(); };
  ok.addEventListener("click", () => { close(); run(); });
  no.addEventListener("click", close);
  dlg.addEventListener("close", () => dlg.remove());
  if (typeof dlg.showModal === "function") dlg.showModal();
  else dlg.setAttribute("open", "");
  const input = body ? body.querySelector("input, select") : null;
  (input || no).focus();
  return dlg;
}

export function bootTeacher(root) {
  const hash = new URLSearchParams(location.hash.slice(1));
  let token = hash.get("t") || "";
  try {
    if (token) sessionStorage.setItem("mtlearn-teacher", token);
    else token = sessionStorage.getItem("mtlearn-teacher") || "";
  } catch { /* no storage: keep the token of the address */ }
  if (hash.get("t")) history.replaceState(null, "", location.pathname);
  const status = h("div", { class: "mtc-status", role: "status", "aria-live": "polite" });
  const joinBox = h("section", { class: "mtc-joinbox", "aria-label": "How to join" });
  const classBox = h("section", { class: "mtc-classbox", "aria-label": "The class" });
  const tablesBox = h("section", { class: "mtc-tables", "aria-label": "Tables" });
  const formBox = h("form", { class: "mtc-open", "aria-label": "Open a table" });
  const puzzleBox = h("section", { class: "mtc-presults", "aria-label": "Puzzle round" });
  const studentsBox = h("section", { class: "mtc-students", "aria-label": "Students" });
  const trainer = trainerPanel((msg) => act(msg), confirmThen);  // trainer puzzles: class-trainer.js
  root.append(status, joinBox, classBox, formBox, tablesBox, studentsBox, puzzleBox, trainer.node);
  const publics = new Map();
  let last = null;
  let undoTimer = 0;
  const sock = classSocket({
    onOpen(s) { s.send({ op: "teacher", token }); },
    onState(st) {
      if (st === "reconnecting") say("Connection lost: reconnecting…", "warn");
      else if (st === "open" && status.getAttribute("data-kind") === "warn") say("");
    },
    onMessage(msg) {
      if ("ok" in msg) say("✗ " + msg.error, "refused");
      else if (msg.type === "done") {
        if (msg.token) { // a new class: its teacher's token from now on
          token = msg.token;
          try { sessionStorage.setItem("mtlearn-teacher", token); } catch { /* kept in the page */ }
          publics.clear();
        }
        say("✓ " + msg.text, "ok", msg.undo);
      } else if (msg.type === "teacher") { last = msg; draw(); }
      else if (msg.type === "publics") { for (const p of msg.tables) publics.set(p.table.id, p); drawTables(); }
      else if (msg.type === "public") { publics.set(msg.table.id, msg); drawTables(); }
    },
  });
  const act = (msg) => sock.send(Object.assign({ token }, msg));
  // The status line: the last answer only (a success clears an earlier error), with an
  // Undo button for a while when the action can be taken back.
  function say(text, kind, undo) {
    clearTimeout(undoTimer);
    status.setAttribute("data-kind", kind || "");
    status.className = "mtc-status" + (kind === "refused" ? " mtc-refused" : kind === "warn" ? " mtc-warn" : "");
    const parts = [h("span", { text })];
    if (undo) {
      const b = h("button", { type: "button", class: "mtl-btn", text: "Undo", "data-act": "revert" });
      b.addEventListener("click", () => { b.remove(); act({ op: "revert", undo }); });
      parts.push(document.createTextNode(" "), b);
      undoTimer = setTimeout(() => b.remove(), UNDO_MS);
    }
    status.replaceChildren(...parts);
  }

  // ---- open a table
  const seats = numberInput("seats", 4, 2, 8);
  const computers = numberInput("computers", 0, 0, 8);
  const rounds = numberInput("rounds", 13, 1, 19);
  const preset = h("select", { name: "preset" }, h("option", { value: "standard", text: "standard" }));
  // Optional: a short demo round (fewer tiles in each hand) and a deal that can be played again
  // (the same number deals the same tiles). Blank keeps the rules' deal table and a fresh deal.
  const handSize = h("input", { type: "number", name: "hand_size", min: "1", max: "30", inputmode: "numeric",
    placeholder: "as the rules say" });
  const dealNumber = h("input", { type: "number", name: "seed", min: "0", inputmode: "numeric",
    placeholder: "a new deal" });
  formBox.append(h("h2", { text: "Open a table" }), field("Seats", seats), field("Computer players", computers),
    field("Rules", preset), field("Rounds", rounds), field("Tiles in each hand (optional)", handSize),
    field("Deal number (optional)", dealNumber),
    h("button", { type: "submit", class: "mtl-btn", text: "Open the table" }));
  formBox.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const msg = { op: "open_table", seats: seats.valueAsNumber, computers: computers.valueAsNumber,
      preset: preset.value, rounds: rounds.valueAsNumber };
    if (handSize.value !== "") msg.options = { hand_size: handSize.valueAsNumber };
    if (dealNumber.value !== "") msg.seed = dealNumber.valueAsNumber;
    act(msg);
  });

  function tableCard(known) {
    const p = publics.get(known.id);
    const t = p ? p.table : known; // a table's own updates are the freshest (turn, seats)
    const v = p && p.view;
    const seatRows = t.seats.map((s) => {
      const hint = h("button", { type: "button", class: "mtl-btn", text: "Hint", "data-act": "hint" });
      hint.addEventListener("click", () => act({ op: "table", table: t.id, action: "hint", seat: s.seat }));
      const cpu = h("button", { type: "button", class: "mtl-btn", text: "Computer", "data-act": "computer" });
      const who = s.name || `seat ${s.seat}`;
      cpu.addEventListener("click", () => confirmThen(
        s.taken ? `Really give ${who}'s seat at ${t.label} to a computer player? ${who}'s phone goes back to choosing a seat.`
          : `Really make seat ${s.seat} of ${t.label} a computer player's?`,
        "Give it to a computer", () => act({ op: "table", table: t.id, action: "computer", seat: s.seat })));
      const tag = s.kind === "computer" ? " (computer)" : s.away ? " (away: computer plays)" : s.taken ? "" : " (free)";
      const turn = t.to_play === s.seat ? "▶ " : "";
      return h("li", { "data-seat": String(s.seat) }, h("span", { text: `${turn}${s.seat}. ${s.name || "—"}${tag}` }),
        s.kind === "student" && t.started ? hint : null, s.kind === "student" && (s.taken || !t.started) ? cpu : null);
    });
    const button = (label, action, on, ask) => {
      const b = h("button", { type: "button", class: "mtl-btn", text: label, "data-act": action });
      if (!on) b.disabled = true;
      const run = () => act({ op: "table", table: t.id, action });
      b.addEventListener("click", () => (ask ? confirmThen(ask, label, run) : run()));
      return b;
    };
    const pause = h("button", { type: "button", class: "mtl-btn", text: t.paused ? "Resume" : "Pause", "data-act": "pause" });
    pause.addEventListener("click", () => act({ op: "pause", table: t.id, paused: !t.paused }));
    const state = !t.started ? "waiting for players" : t.match_over ? "the match is over"
      : t.round_over ? `round ${t.round} over` : `round ${t.round}`;
    const why = t.match_over ? "Next round: the match is over; deal a new match." : "";
    return h("article", { class: "mtc-card", "data-table": t.id, "data-paused": t.paused ? "yes" : null },
      h("h3", { text: `${t.label} · ${t.preset} · ${state}${t.paused ? " · paused" : ""}` }),
      t.paused ? h("p", { class: "mtc-paused", role: "note", text: t.paused }) : null,
      h("ol", { class: "mtc-seatlist" }, ...seatRows),
      h("div", { class: "mtl-controls" }, button("Deal", "deal", !t.started),
        button("Undo", "undo", t.started, `Take back the last move at ${t.label}?`),
        button("Next round", "next_round", t.round_over && !t.match_over),
        t.match_over ? button("New match", "new_match", true) : null, t.started ? pause : null),
      why ? h("p", { class: "mtc-why", text: why }) : null,
      scoresNode(v), logNode(p ? p.log : [], 3));
  }

  function resultsTable(r) {
    const head = h("tr", null, h("th", { text: "Student" }), h("th", { text: "Solved" }),
      ...r.puzzles.map((p, i) => h("th", { title: p.title, text: String(i + 1) })));
    const rows = r.rows.map((row) => h("tr", null, h("td", { text: row.name }), h("td", { text: String(row.solved) }),
      ...row.cells.map((c) => h("td", { class: c ? (c.solved ? "mtc-ok" : "mtc-no") : "",
        text: c ? `${c.solved ? "✓" : "✗"} ${c.tries}t ${c.hints}h${c.shown ? " seen" : ""}` : "" }))));
    return h("table", { class: "mtc-results" }, h("thead", null, head), h("tbody", null, ...rows));
  }

  async function exportCsv() {
    const res = await fetch("/results.csv", { headers: { "X-Teacher-Token": token } });
    if (!res.ok) { say("✗ " + (await res.text()), "refused"); return; }
    const a = h("a", { href: URL.createObjectURL(await res.blob()), download: "puzzle-results.csv" });
    a.click();
  }

  function drawTables() {
    if (!last) return;
    tablesBox.replaceChildren(h("h2", { text: `Tables (${last.tables.length})` }), ...last.tables.map(tableCard));
  }

  // Free seats a student may be moved to (tables not dealt yet), and the lobby.
  function moveChoices() {
    const opts = [h("option", { value: "", text: "No seat (the lobby)" })];
    for (const t of last.tables) {
      const known = publics.get(t.id);
      const fresh = known ? known.table : t;
      if (fresh.started) continue;
      for (const s of fresh.seats) {
        if (s.kind === "student" && !s.taken) opts.push(h("option", { value: `${t.id}:${s.seat}`, text: `${t.label}, seat ${s.seat}` }));
      }
    }
    return h("select", { name: "to", "aria-label": "Move to" }, ...opts);
  }

  function studentRow(st) {
    const where = st.table ? `${st.table_label || st.table}, seat ${st.seat}` : "no seat";
    const live = st.online ? `connected since ${clock(st.since)}` : st.since ? `gone since ${clock(st.since)}` : "not connected";
    const rename = h("button", { type: "button", class: "mtl-btn", text: "Rename", "data-act": "rename" });
    rename.addEventListener("click", () => {
      const input = h("input", { name: "name", value: st.name, maxlength: "24", "aria-label": "New name" });
      const box = h("p", null, input);
      const dlg = confirmThen(`Rename ${st.name}`, "Rename", () => act({ op: "student", student: st.id, action: "rename",
        name: /** @type {HTMLInputElement} */ (input).value }), box);
      input.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter") { ev.preventDefault(); /** @type {HTMLElement} */ (dlg.querySelector("[data-confirm=yes]")).click(); }
      });
    });
    const move = h("button", { type: "button", class: "mtl-btn", text: "Move", "data-act": "move" });
    move.addEventListener("click", () => {
      const pick = /** @type {HTMLSelectElement} */ (moveChoices());
      confirmThen(`Move ${st.name} (now: ${where})`, "Move", () => {
        const [table, seat] = pick.value ? pick.value.split(":") : [null, null];
        if (table) act({ op: "student", student: st.id, action: "move", table, seat: Number(seat) });
        else act({ op: "student", student: st.id, action: "move", table: null });
      }, h("p", null, pick));
    });
    const remove = h("button", { type: "button", class: "mtl-btn", text: "Remove", "data-act": "remove" });
    remove.addEventListener("click", () => confirmThen(
      `Really remove ${st.name}?${st.table ? " A computer player takes their seat if the table is playing." : ""}`,
      "Remove", () => act({ op: "student", student: st.id, action: "remove" })));
    return h("tr", { "data-student": st.id, "data-online": st.online ? "yes" : "no" },
      h("td", { text: st.name }), h("td", { text: where }),
      h("td", { class: st.online ? "mtc-on" : "mtc-off", text: (st.online ? "● " : "○ ") + live }),
      h("td", null, rename, " ", move, " ", remove));
  }

  function draw() {
    if (!last) return;
    drawTables();
    if (preset.options.length !== last.presets.length) {
      const chosen = preset.value;
      preset.replaceChildren(...last.presets.map((p) => h("option", { value: p, text: p })));
      preset.value = chosen;
    }
    root.setAttribute("data-code", last.code);
    joinBox.replaceChildren(
      h("div", { class: "mtc-code" }, h("span", { text: "Class code" }), h("strong", { text: last.code })),
      h("p", { class: "mtc-addr", text: `Students open ${last.address} and type the code.` }),
      h("img", { class: "mtc-qr", src: "/qr.svg", alt: `QR code of ${last.address}`, width: "160", height: "160" }),
      h("p", null, h("a", { href: `/projector?code=${encodeURIComponent(last.code)}`, target: "_blank", text: "Open the projector view" })));
    const lock = h("button", { type: "button", class: "mtl-btn", "data-act": "lock",
      text: last.locked ? "Open joins again" : "Lock joins" });
    const locked = last.locked;
    lock.addEventListener("click", () => act({ op: "lock", locked: !locked }));
    const pauseAll = h("button", { type: "button", class: "mtl-btn", text: "Pause every table", "data-act": "pause-all" });
    pauseAll.addEventListener("click", () => act({ op: "pause", table: null, paused: true }));
    const resumeAll = h("button", { type: "button", class: "mtl-btn", text: "Resume every table", "data-act": "resume-all" });
    resumeAll.addEventListener("click", () => act({ op: "pause", table: null, paused: false }));
    const end = h("button", { type: "button", class: "mtl-btn", text: "End the class and start a new one", "data-act": "new-class" });
    end.addEventListener("click", () => confirmThen("Really end this class? It is kept in the class folder's archive; " +
      "the students join the new class with its new code.", "End the class", () => act({ op: "new_class" })));
    classBox.replaceChildren(h("h2", { text: "The class" }),
      h("p", { text: last.locked ? "Joins are locked: new students are refused; students who joined can come back."
        : "Joins are open." }),
      h("div", { class: "mtl-controls" }, lock, last.tables.length ? pauseAll : null, last.tables.length ? resumeAll : null, end));
    const idle = numberInput("idle", last.idle, 0, 3600);
    const setIdle = h("button", { type: "button", class: "mtl-btn", text: "Set", "data-act": "idle" });
    setIdle.addEventListener("click", () => act({ op: "idle", seconds: idle.valueAsNumber | 0 }));
    const pick = h("select", { name: "set" }, ...last.puzzle_sets.map((s) => h("option", { value: s.id, text: `${s.title} (${s.count})` })));
    if (last.puzzles) pick.value = last.puzzles.set;
    const start = h("button", { type: "button", class: "mtl-btn", text: last.puzzles ? "Change the set" : "Start a puzzle round" });
    const going = !!last.puzzles;
    start.addEventListener("click", () => (going
      ? confirmThen("Really change the puzzle set? Every student starts the new set.", "Change the set",
        () => act({ op: "puzzle_round", set: pick.value }))
      : act({ op: "puzzle_round", set: pick.value })));
    const stop = h("button", { type: "button", class: "mtl-btn", text: "End the round" });
    stop.addEventListener("click", () => confirmThen("Really end the puzzle round? Export the results first if you need them.",
      "End the round", () => act({ op: "puzzle_round", set: null })));
    const csv = h("button", { type: "button", class: "mtl-btn", text: "Export CSV" });
    csv.addEventListener("click", exportCsv);
    // the printable results (game scores and puzzles, ended rounds too): the token goes in
    // the new tab's # part, which its script sends as a header and then removes
    const printable = h("button", { type: "button", class: "mtl-btn", text: "Results page (printable)" });
    printable.addEventListener("click", () => window.open(`/results#t=${encodeURIComponent(token)}`, "_blank"));
    puzzleBox.replaceChildren(h("h2", { text: "Puzzle round" }),
      h("div", { class: "mtl-controls" }, pick, start, last.puzzles ? stop : null, last.puzzles ? csv : null, printable),
      last.puzzles ? resultsTable(last.puzzles) : h("p", { text: "No puzzle round yet." }),
      h("h2", { text: "Idle seats" }),
      h("div", { class: "mtl-controls" }, field("A computer plays an idle student's turn after (seconds, 0 = never)", idle), setIdle));
    trainer.update(last.trainer);
    const online = last.students.filter((s) => s.online).length;
    studentsBox.replaceChildren(h("h2", { text: `Students (${last.students.length}, ${online} connected)` }),
      last.students.length ? h("table", { class: "mtc-roster" },
        h("thead", null, h("tr", null, h("th", { text: "Name" }), h("th", { text: "Seat" }), h("th", { text: "Connected" }), h("th", { text: "" }))),
        h("tbody", null, ...last.students.map(studentRow))) : h("p", { text: "No student yet." }));
  }
  return sock;
}
