// The teacher's page of a class (served by `mtlearn class` at /teacher#t=TOKEN): the code
// and QR code to join, tables to open and run (deal, undo, hint for a seat, a computer
// player for a seat, next round), the idle limit, the puzzle round and its live results
// (CSV export). Every action carries the teacher's token; the server checks it.
//
// Safety: every text from the server goes in with textContent (dom.js h()).

import { classSocket } from "./class-host.js";
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

export function bootTeacher(root) {
  const hash = new URLSearchParams(location.hash.slice(1));
  let token = hash.get("t") || "";
  try {
    if (token) sessionStorage.setItem("mtlearn-teacher", token);
    else token = sessionStorage.getItem("mtlearn-teacher") || "";
  } catch { /* no storage: keep the token of the address */ }
  if (hash.get("t")) history.replaceState(null, "", location.pathname);
  const status = h("p", { class: "mtc-status", role: "status", "aria-live": "polite" });
  const joinBox = h("section", { class: "mtc-joinbox", "aria-label": "How to join" });
  const tablesBox = h("section", { class: "mtc-tables", "aria-label": "Tables" });
  const formBox = h("form", { class: "mtc-open", "aria-label": "Open a table" });
  const puzzleBox = h("section", { class: "mtc-presults", "aria-label": "Puzzle round" });
  const studentsBox = h("section", { class: "mtc-students", "aria-label": "Students" });
  root.append(status, joinBox, formBox, tablesBox, puzzleBox, studentsBox);
  const publics = new Map();
  let last = null;
  const sock = classSocket({
    onOpen(s) { s.send({ op: "teacher", token }); },
    onState(st) { if (st === "reconnecting") say("Connection lost: reconnecting…"); },
    onMessage(msg) {
      if ("ok" in msg) say("✗ " + msg.error);
      else if (msg.type === "done") say("✓ " + msg.text);
      else if (msg.type === "teacher") { last = msg; draw(); }
      else if (msg.type === "publics") { for (const p of msg.tables) publics.set(p.table.id, p); drawTables(); }
      else if (msg.type === "public") { publics.set(msg.table.id, msg); drawTables(); }
    },
  });
  const act = (msg) => sock.send(Object.assign({ token }, msg));
  function say(text) { status.textContent = text; }

  // ---- open a table
  const seats = numberInput("seats", 4, 2, 8);
  const computers = numberInput("computers", 0, 0, 7);
  const rounds = numberInput("rounds", 13, 1, 19);
  const preset = h("select", { name: "preset" }, h("option", { value: "standard", text: "standard" }));
  formBox.append(h("h2", { text: "Open a table" }), field("Seats", seats), field("Computer players", computers),
    field("Rules", preset), field("Rounds", rounds), h("button", { type: "submit", class: "mtl-btn", text: "Open the table" }));
  formBox.addEventListener("submit", (ev) => {
    ev.preventDefault();
    act({ op: "open_table", seats: seats.valueAsNumber, computers: computers.valueAsNumber,
      preset: preset.value, rounds: rounds.valueAsNumber });
  });

  function tableCard(known) {
    const p = publics.get(known.id);
    const t = p ? p.table : known; // a table's own updates are the freshest (turn, seats)
    const v = p && p.view;
    const seatRows = t.seats.map((s) => {
      const hint = h("button", { type: "button", class: "mtl-btn", text: "Hint", "data-act": "hint" });
      hint.addEventListener("click", () => act({ op: "table", table: t.id, action: "hint", seat: s.seat }));
      const cpu = h("button", { type: "button", class: "mtl-btn", text: "Computer", "data-act": "computer" });
      cpu.addEventListener("click", () => act({ op: "table", table: t.id, action: "computer", seat: s.seat }));
      const tag = s.kind === "computer" ? " (computer)" : s.away ? " (away: computer plays)" : s.taken ? "" : " (free)";
      const turn = t.to_play === s.seat ? "▶ " : "";
      return h("li", { "data-seat": String(s.seat) }, h("span", { text: `${turn}${s.seat}. ${s.name || "—"}${tag}` }),
        s.kind === "student" && t.started ? hint : null, s.kind === "student" && (s.taken || !t.started) ? cpu : null);
    });
    const button = (label, action, on) => {
      const b = h("button", { type: "button", class: "mtl-btn", text: label, "data-act": action });
      if (!on) b.disabled = true;
      b.addEventListener("click", () => act({ op: "table", table: t.id, action }));
      return b;
    };
    const state = !t.started ? "waiting for players" : t.round_over ? `round ${t.round} over` : `round ${t.round}`;
    return h("article", { class: "mtc-card", "data-table": t.id },
      h("h3", { text: `${t.label} · ${t.preset} · ${state}` }),
      h("ol", { class: "mtc-seatlist" }, ...seatRows),
      h("div", { class: "mtl-controls" }, button("Deal", "deal", !t.started), button("Undo", "undo", t.started),
        button("Next round", "next_round", t.round_over)),
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
    if (!res.ok) { say("✗ " + (await res.text())); return; }
    const a = h("a", { href: URL.createObjectURL(await res.blob()), download: "puzzle-results.csv" });
    a.click();
  }

  function drawTables() {
    if (!last) return;
    tablesBox.replaceChildren(h("h2", { text: `Tables (${last.tables.length})` }), ...last.tables.map(tableCard));
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
    const idle = numberInput("idle", last.idle, 0, 3600);
    const setIdle = h("button", { type: "button", class: "mtl-btn", text: "Set" });
    setIdle.addEventListener("click", () => act({ op: "idle", seconds: idle.valueAsNumber | 0 }));
    const pick = h("select", { name: "set" }, ...last.puzzle_sets.map((s) => h("option", { value: s.id, text: `${s.title} (${s.count})` })));
    if (last.puzzles) pick.value = last.puzzles.set;
    const start = h("button", { type: "button", class: "mtl-btn", text: last.puzzles ? "Change the set" : "Start a puzzle round" });
    start.addEventListener("click", () => act({ op: "puzzle_round", set: pick.value }));
    const stop = h("button", { type: "button", class: "mtl-btn", text: "End the round" });
    stop.addEventListener("click", () => act({ op: "puzzle_round", set: null }));
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
    studentsBox.replaceChildren(h("h2", { text: `Students (${last.students.length})` }),
      h("ul", null, ...last.students.map((s) => h("li", { text: s.table ? `${s.name}: ${s.table}, seat ${s.seat}` : `${s.name}: no seat` }))));
  }
  return sock;
}
