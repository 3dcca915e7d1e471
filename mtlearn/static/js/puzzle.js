// ---------------------------------------------------------------- puzzles
//
// A puzzle: a question about a position, answered on the board (a move, a whole turn,
// every legal move, a planned train) or in a small form (a player, trains, a number).
// The host judges every answer: the kernel (mtlearn.puzzles.PuzzleSession), the
// in-page engine, or the answers precomputed by the engine (puzzleStaticHost below).
// This part only draws, counts hints and slips, and keeps the learner's progress.
//
// Model keys: puzzle (question, kind, hints, options…), view, feedback, solution,
// progress (kernel storage), storage ("kernel" | "local"), rules_url.
// Messages sent: {action: "answer", answer}, {action: "move", move} (sequence),
// {action: "restart"}, {action: "show"}, {action: "progress", record},
// {action: "reset"}.

import { asArray, parseTile, ruleHref, sameTile } from "./data.js";
import { append, h, listen, scrollIntoViewBelowBar } from "./dom.js";
import { mtlEngine, mtlEngineUrl, mtlModel } from "./host.js";
import { focusKey, moveFor, restoreFocus, viewSection } from "./sections.js";
import { dominoSvg, tileImage } from "./tiles.js";

const PUZZLE_STORE = "mtlearn.puzzle.";

// Stars against par: 3 with at most `par` slips (wrong answers + hints), then one
// fewer per extra slip, at least 1. Seeing the answer earns none.
function puzzleStars(slips, par) {
  const over = Math.max(0, slips - Math.max(0, par | 0));
  return Math.max(1, 3 - over);
}

function starText(n) {
  const k = Math.max(0, Math.min(3, n | 0));
  return "★".repeat(k) + "☆".repeat(3 - k);
}

// A stored record made safe to draw: not an object (or an array) reads as none, and
// the stars are clamped to what a puzzle gives (1-3 once solved, else 0-3), so a
// damaged or hand-edited record never draws a million stars. As clean_record in
// mtlearn/puzzle_progress.py does for the kernel's progress file.
function cleanRecord(rec) {
  if (!rec || typeof rec !== "object" || Array.isArray(rec)) return null;
  const out = Object.assign({}, rec);
  out.solved = rec.solved === true;
  out.shown = rec.shown === true;
  const low = out.solved ? 1 : 0;
  for (const key of ["stars", "last_stars"]) {
    if (!(key in rec)) continue;
    const n = rec[key];
    out[key] = typeof n === "number" && Number.isFinite(n) ? Math.max(low, Math.min(3, Math.trunc(n))) : low;
  }
  return out;
}

function localRecord(id) {
  try {
    const raw = window.localStorage.getItem(PUZZLE_STORE + id);
    return cleanRecord(raw ? JSON.parse(raw) : null);
  } catch {
    return null;  // unreadable (not JSON, nested too deeply for the parser): no record
  }
}

function saveLocalRecord(id, rec) {
  try {
    if (rec) window.localStorage.setItem(PUZZLE_STORE + id, JSON.stringify(rec));
    else window.localStorage.removeItem(PUZZLE_STORE + id);
  } catch {
    // storage disabled (private window, file://): progress is simply not kept
  }
}

// Text with rule ids ("R-DBL-3") turned into links to the rules reference.
function withRuleLinks(text, rulesUrl) {
  const out = [];
  const re = /R-[A-Z]+(?:-[A-Z0-9]+)*/g;
  let last = 0;
  let m;
  const s = String(text || "");
  while ((m = re.exec(s)) !== null) {
    if (m.index > last) out.push(s.slice(last, m.index));
    out.push(h("a", { class: "mtl-rule", href: ruleHref(rulesUrl, m[0]), text: m[0] }));
    last = m.index + m[0].length;
  }
  if (last < s.length) out.push(s.slice(last));
  return out;
}

export function renderPuzzle(model, el) {
  const words = { open: false };
  const root = h("div", { class: "mtl-root mtl-puzzle", role: "region" });
  el.appendChild(root);
  const info = () => model.get("puzzle") || {};
  const kind = () => String(info().kind || "move");
  let selected = null;
  let note = "";
  let slips = 0;          // wrong or refused answers this attempt
  let hintsUsed = 0;
  let done = null;        // "solved" | "shown" | null
  let earned = 0;
  let list = [];          // all-moves: moves listed so far
  let chain = [];         // plan: tiles in order
  let choice = new Set(); // choose: ticked options
  let number = "";
  let shownFrame = null;  // show-the-answer: the frame on the board
  let timer = null;
  let lastFeedback = null;
  let needRetry = false;  // sequence: the turn ended wrong; the board waits for "Try again"

  function record() {
    const id = String(info().id || "");
    if (model.get("storage") === "local") return localRecord(id);
    return cleanRecord(model.get("progress"));
  }

  function saveRecord(rec) {
    const id = String(info().id || "");
    if (model.get("storage") === "local") saveLocalRecord(id, rec);
    if (rec) model.send({ action: "progress", record: rec });
    else model.send({ action: "reset" });
  }

  function send(content) {
    model.send(content);
  }

  function answer(value) {
    if (done) return;
    send({ action: "answer", answer: value });
  }

  // -- board interaction ----------------------------------------------------------
  const boardKinds = new Set(["move", "sequence", "all-moves"]);
  function onTile(tile) {
    selected = selected !== null && sameTile(selected, tile) ? null : tile;
    note = selected ? `Selected ${selected}. Now choose a train.` : "Selection cleared.";
    draw();
  }
  function onTrain(train) {
    if (selected === null) {
      note = "Choose a tile from the hand first, then a train.";
      draw();
      return;
    }
    const move = moveFor(selected, train);
    pickMove(move);
  }
  function pickMove(move) {
    if (done) return;
    note = "";
    if (kind() === "all-moves") {
      if (!list.includes(move)) list.push(move);
      selected = null;
      note = `Added ${move} to your list.`;
      draw();
    } else if (kind() === "sequence") {
      note = `Trying ${move}…`;
      draw();
      send({ action: "move", move });
    } else {
      note = `Trying ${move}…`;
      draw();
      answer(move);
    }
  }

  // -- feedback from the host -------------------------------------------------------
  function onFeedback() {
    const fb = model.get("feedback");
    lastFeedback = fb && typeof fb === "object" ? fb : null;
    note = "";
    if (!lastFeedback) {
      draw();
      return;
    }
    const st = lastFeedback.status;
    if (st === "wrong" || st === "illegal") slips += 1;
    if (st === "wrong" && kind() === "sequence") needRetry = true;
    if (st === "right" && !done) {
      done = "solved";
      earned = puzzleStars(slips + hintsUsed, info().par | 0);
      const prev = record();
      const best = prev && prev.solved ? Math.max(prev.stars | 0, earned) : earned;
      saveRecord({ solved: true, stars: best, last_stars: earned, slips, hints: hintsUsed,
        shown: false, when: new Date().toISOString() });
    }
    if (st !== "continue") selected = null;
    draw();
    // The verdict is drawn above the board the learner clicked: bring it into view.
    if (st !== "continue") scrollIntoViewBelowBar(root.querySelector(".mtl-pz-feedback"));
  }

  // After a wrong turn: back to the start position, keeping the slips and hints counted.
  function tryAgain() {
    needRetry = false;
    selected = null;
    send({ action: "restart" });
    draw();
  }

  function restart() {
    resetLocal();
    send({ action: "restart" });
    draw();
  }

  // A fresh attempt: nothing counted, nothing selected.
  function resetLocal() {
    stopShow();
    needRetry = false;
    slips = 0;
    hintsUsed = 0;
    done = null;
    earned = 0;
    list = [];
    chain = [];
    choice = new Set();
    number = "";
    selected = null;
    note = "";
    lastFeedback = null;
    shownFrame = null;
  }

  function stopShow() {
    if (timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }

  // Show the answer: step the board through the engine's frames of the example answer.
  function onSolution() {
    const sol = model.get("solution");
    if (!sol || typeof sol !== "object" || done !== "shown") return;
    const frames = asArray(sol.frames);
    stopShow();
    let i = 0;
    shownFrame = frames[0] || null;
    draw();
    if (frames.length > 1) {
      timer = setInterval(() => {
        i += 1;
        if (i >= frames.length) {
          stopShow();
          return;
        }
        shownFrame = frames[i];
        draw();
      }, 900);
    }
  }

  function showAnswer() {
    if (done === "solved") return;
    done = "shown";
    earned = 0;
    const prev = record();
    if (!(prev && prev.solved)) {
      saveRecord({ solved: false, stars: 0, shown: true, slips, hints: hintsUsed,
        when: new Date().toISOString() });
    }
    if (model.get("solution")) onSolution();
    else send({ action: "show" });
    draw();
  }

  function resetProgress() {
    saveRecord(null);
    restart();
    note = "Progress for this puzzle was reset.";
    draw();
  }

  // -- drawing ----------------------------------------------------------------------
  function feedbackNode() {
    const box = h("div", { class: "mtl-message mtl-pz-feedback", "aria-live": "polite", "aria-atomic": "true" });
    const fb = lastFeedback;
    if (done === "shown") {
      const sol = model.get("solution");
      box.classList.add("mtl-msg-info");
      box.appendChild(h("p", null, h("strong", { text: "The answer: " }),
        sol && sol.text ? String(sol.text) : "…"));
      box.appendChild(h("p", { class: "mtl-pz-after", text: "No stars this time: try it again later with the board reset." }));
      return box;
    }
    if (!fb || !fb.text) return box;
    const st = String(fb.status || "info");
    const cls = st === "right" ? "ok" : st === "illegal" || st === "wrong" ? "refusal" : "info";
    box.classList.add(`mtl-msg-${cls}`);
    box.setAttribute("data-status", st);
    const prefix = { right: "✓ Right! ", wrong: "✗ Not quite: ", illegal: "✗ Not allowed: ",
      continue: "… ", invalid: "? " }[st] || "";
    const rulesUrl = model.get("rules_url") || "";
    box.appendChild(h("p", null, h("strong", { text: prefix }), withRuleLinks(String(fb.text), rulesUrl)));
    if (st === "right") {
      const slipWord = `${slips} slip${slips === 1 ? "" : "s"}`;
      const hintWord = `${hintsUsed} hint${hintsUsed === 1 ? "" : "s"}`;
      box.appendChild(h("p", { class: "mtl-pz-earned" },
        h("span", { class: "mtl-stars", "aria-label": `${earned} of 3 stars`, text: starText(earned) }),
        ` Solved with ${slipWord} and ${hintWord}.`));
    } else if (st === "wrong" || st === "illegal") {
      box.appendChild(h("p", { class: "mtl-pz-after", text: "Try again, or take a hint." }));
    }
    return box;
  }

  function hintsNode() {
    const hints = asArray(info().hints);
    const rulesUrl = model.get("rules_url") || "";
    const box = h("div", { class: "mtl-pz-hints" });
    const row = h("div", { class: "mtl-controls", role: "group", "aria-label": "Hints" });
    const b1 = h("button", { type: "button", class: "mtl-btn", "data-key": "hint1",
      text: hintsUsed >= 1 ? "Hint 1 shown" : "Hint 1: the rule" });
    if (hintsUsed >= 1 || done) b1.disabled = true;
    b1.addEventListener("click", () => { hintsUsed = Math.max(hintsUsed, 1); draw(); });
    const b2 = h("button", { type: "button", class: "mtl-btn", "data-key": "hint2",
      text: hintsUsed >= 2 ? "Hint 2 shown" : "Hint 2: where to look" });
    if (hintsUsed !== 1 || done) b2.disabled = true;
    b2.addEventListener("click", () => { hintsUsed = Math.max(hintsUsed, 2); draw(); });
    const b3 = h("button", { type: "button", class: "mtl-btn", "data-key": "show", text: "Show the answer" });
    if (hintsUsed < 2 || done) b3.disabled = true;
    b3.addEventListener("click", showAnswer);
    append(row, [b1, b2, b3]);
    box.appendChild(row);
    const shown = hints.slice(0, Math.min(hintsUsed, hints.length));
    if (shown.length) {
      const ol = h("ol", { class: "mtl-pz-hintlist", "aria-live": "polite" });
      shown.forEach((t, i) => ol.appendChild(h("li", { "data-hint": String(i + 1) },
        h("strong", { text: i === 0 ? "The rule: " : "Where to look: " }), withRuleLinks(t, rulesUrl))));
      box.appendChild(ol);
    }
    return box;
  }

  function answerNode() {
    const k = kind();
    const p = info();
    const box = h("div", { class: "mtl-pz-answer" });
    const btn = (key, label, fn, extra) => {
      const b = h("button", Object.assign({ type: "button", class: "mtl-btn", "data-key": key, text: label }, extra || {}));
      if (done) b.disabled = true;
      b.addEventListener("click", fn);
      return b;
    };
    if (needRetry && !done) {
      box.appendChild(btn("retry", "Try again from the start", tryAgain));
      return box;
    }
    if (boardKinds.has(k)) {
      const row = h("div", { class: "mtl-controls", role: "group", "aria-label": "Moves that are not tiles" },
        btn("draw", "Draw", () => pickMove("draw")),
        btn("pass", "Pass", () => pickMove("pass")));
      if (k === "sequence") {
        row.appendChild(btn("end", "End turn", () => pickMove("end")));
      }
      box.appendChild(row);
      box.appendChild(h("p", { class: "mtl-pz-how", text: k === "all-moves"
        ? "Click a tile, then a train, to add a move to your list; then press Check."
        : k === "sequence" ? "Play the moves one by one on the board: click a tile, then a train."
          : "Click a tile in the hand, then the train to play it on (or Draw / Pass)." }));
      if (k === "all-moves") {
        const ul = h("ul", { class: "mtl-pz-list", "aria-label": "Your list of moves" });
        list.forEach((m, i) => {
          const rm = h("button", { type: "button", class: "mtl-btn mtl-pz-remove", "aria-label": `Remove ${m}`, text: "×" });
          rm.addEventListener("click", () => { list.splice(i, 1); draw(); });
          if (done) rm.disabled = true;
          ul.appendChild(h("li", null, h("code", { text: m }), " ", rm));
        });
        if (!list.length) ul.appendChild(h("li", { class: "mtl-empty", text: "(no moves yet)" }));
        box.appendChild(ul);
        box.appendChild(btn("check", "Check my list", () => answer(list.slice())));
      }
    } else if (k === "choose") {
      const opts = asArray(p.options);
      const group = h("div", { class: "mtl-controls mtl-pz-options", role: "group", "aria-label": "Choices" });
      for (const o of opts) {
        const v = String(o.value);
        if (p.multi) {
          const pressed = choice.has(v);
          group.appendChild(btn(`opt:${v}`, (pressed ? "☑ " : "☐ ") + String(o.label), () => {
            if (choice.has(v)) choice.delete(v); else choice.add(v);
            draw();
          }, { "aria-pressed": pressed ? "true" : "false" }));
        } else {
          group.appendChild(btn(`opt:${v}`, String(o.label), () => answer(v)));
        }
      }
      box.appendChild(group);
      if (p.multi) box.appendChild(btn("check", "Check", () => answer([...choice].sort())));
    } else if (k === "number") {
      const input = h("input", { type: "number", class: "mtl-pz-number", inputmode: "numeric",
        "aria-label": "Your answer (a number)", "data-key": "number", value: number });
      if (done) input.disabled = true;
      input.addEventListener("input", () => { number = input.value; });
      input.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter") { ev.preventDefault(); submitNumber(); }
      });
      box.appendChild(h("div", { class: "mtl-controls" }, input, btn("check", "Check", submitNumber)));
    } else if (k === "plan") {
      const from = p.plan_from;
      const hand = asArray(p.plan_hand);
      const tiles = h("div", { class: "mtl-hand-tiles mtl-pz-plan-hand", role: "group", "aria-label": "Tiles to place in order" });
      for (const t of hand) {
        const used = chain.some((c) => sameTile(c, t));
        const b = h("button", { type: "button", class: "mtl-tilebtn" + (used ? " mtl-selected" : ""),
          "aria-label": used ? `${t}, in your train` : `${t}: add to your train`, "data-key": `plan:${t}` });
        const [a, c] = parseTile(t);
        const svg = dominoSvg(a, c, { vertical: true, colour: true });
        svg.setAttribute("aria-hidden", "true");
        b.appendChild(svg);
        // the numbers under the pips, as in the board's hand (the name starts with them)
        b.appendChild(h("span", { class: "mtl-num", text: `${a}-${c}` }));
        if (used || done) b.disabled = true;
        b.addEventListener("click", () => { chain.push(t); draw(); });
        tiles.appendChild(b);
      }
      box.appendChild(tiles);
      box.appendChild(chainNode(from));
      box.appendChild(h("div", { class: "mtl-controls" },
        btn("undo", "Remove last tile", () => { chain.pop(); draw(); }),
        btn("clear", "Clear", () => { chain = []; draw(); }),
        btn("check", "Check", () => answer(chain.slice()))));
    }
    return box;
  }

  // The tiles placed so far, laid out the way the board draws a train: each tile with
  // the number touching the one before it first ("12-5, 5-9"); a tile that does not fit
  // is marked "?" and named so. Tiles wrap between tiles, never inside one. Each tile is
  // an image named by its numbers, so a screen reader reads the line as it looks.
  function chainNode(from) {
    const view = model.get("view") || {};
    const colour = (view.set | 0) > 9;
    const line = h("div", { class: "mtl-pz-chain-line" },
      h("span", { class: "mtl-pz-chain-from", text: `from ${from}` }));
    const words = [];
    let end = from;
    for (const t of chain) {
      const [a, b] = parseTile(t);
      const out = a === end ? b : b === end ? a : null;
      const shown = out === null ? `${a}-${b}` : `${end}-${out}`;
      const name = out === null ? `${shown}, does not fit ${end}` : shown;
      words.push(shown);
      const dbl = a === b;
      const node = h("span", { class: "mtl-slot" + (dbl ? " mtl-slot-double" : "") },
        tileImage(shown, { vertical: dbl, colour, name }));
      if (out === null) {
        node.classList.add("mtl-pz-misfit");
        node.appendChild(h("span", { class: "mtl-pz-misfit-mark", "aria-hidden": "true", text: "?" }));
      }
      line.appendChild(node);
      if (out !== null) end = out;
    }
    if (!chain.length) line.appendChild(h("span", { class: "mtl-empty", text: "click tiles in order" }));
    return h("div", { class: "mtl-pz-chain", "aria-live": "polite", "data-chain": words.join(" ") },
      h("strong", { text: "Your train:" }), line);
  }

  function submitNumber() {
    const v = String(number).trim();
    if (!/^-?\d+$/.test(v)) {
      note = "Type a whole number first.";
      draw();
      return;
    }
    answer(parseInt(v, 10));
  }

  // A set of puzzles (PuzzleSet): one at a time, with the learner's stars in the list.
  function setNode() {
    const items = asArray(model.get("set"));
    if (!items.length) return null;
    const i = Math.max(0, Math.min(items.length - 1, model.get("index") | 0));
    const kept = model.get("set_progress") || {};
    const rec = (id) => (model.get("storage") === "local" ? localRecord(id) : cleanRecord(kept[id])) || null;
    const select = h("select", { class: "mtl-pz-select", "aria-label": "Choose a puzzle of this set", "data-key": "set-select" });
    items.forEach((it, j) => {
      const r = rec(String(it.id));
      const mark = r && r.solved ? " " + starText(r.stars | 0) : "";
      const opt = h("option", { value: String(j), "data-puzzle": String(it.id),
        text: `${j + 1}. ${it.title} (level ${it.level})${mark}` });
      if (j === i) opt.selected = true;
      select.appendChild(opt);
    });
    select.addEventListener("change", () => go(parseInt(select.value, 10)));
    const prev = h("button", { type: "button", class: "mtl-btn", "data-key": "set-prev", text: "◀ Previous" });
    if (i === 0) prev.disabled = true;
    prev.addEventListener("click", () => go(i - 1));
    const next = h("button", { type: "button", class: "mtl-btn", "data-key": "set-next",
      text: done === "solved" ? "Next puzzle ▶" : "Next ▶" });
    if (i >= items.length - 1) next.disabled = true;
    next.addEventListener("click", () => go(i + 1));
    const solved = items.filter((it) => { const r = rec(String(it.id)); return r && r.solved; }).length;
    return h("div", { class: "mtl-controls mtl-pz-set", role: "group", "aria-label": "Puzzles of this set" },
      h("span", { class: "mtl-pz-settitle", text: String(model.get("set_title") || "Puzzles") }),
      prev, select, next,
      h("span", { class: "mtl-pz-setcount", text: `${solved} of ${items.length} solved` }));
  }

  function go(j) {
    const items = asArray(model.get("set"));
    if (!items.length || j < 0 || j >= items.length || j === (model.get("index") | 0)) return;
    resetLocal();
    send({ action: "goto", index: j });
  }

  function progressNode() {
    const rec = record();
    const p = info();
    const par = p.par | 0;
    const text = rec && rec.solved
      ? `Best: ${starText(rec.stars | 0)} (${rec.stars | 0} of 3 stars)`
      : rec && rec.shown ? "Answer seen: not solved yet" : "Not solved yet";
    const reset = h("button", { type: "button", class: "mtl-btn mtl-pz-reset", "data-key": "reset", text: "Reset progress" });
    reset.addEventListener("click", resetProgress);
    const again = h("button", { type: "button", class: "mtl-btn", "data-key": "again", text: "Start again" });
    again.addEventListener("click", restart);
    return h("div", { class: "mtl-pz-progress" },
      h("span", { class: "mtl-pz-best", "data-solved": rec && rec.solved ? "true" : "false", text }),
      h("span", { class: "mtl-pz-par", text: par ? `Par: ${par} slip${par === 1 ? "" : "s"} for ★★★` : "Par: no slips or hints for ★★★" }),
      again, reset);
  }

  function draw() {
    const key = focusKey(root);
    const p = info();
    root.replaceChildren();
    root.setAttribute("aria-label", `Puzzle: ${p.title || ""}`);
    root.setAttribute("data-puzzle", String(p.id || ""));
    const view = shownFrame || model.get("view");
    const k = kind();
    const interactive = boardKinds.has(k) && !done && !needRetry && !(view && view.over);
    const teaches = asArray(p.teaches);
    const rulesUrl = model.get("rules_url") || "";
    // A standalone page writes the title as its heading (page_title): not twice.
    const head = h("div", { class: "mtl-pz-head" },
      model.get("page_title") ? null : h("div", { class: "mtl-title", text: String(p.title || "Puzzle") }),
      h("span", { class: "mtl-pz-meta" },
        `${p.family_title || p.family || ""} · level ${p.level || 1} of 5 · teaches `,
        teaches.map((r, i) => [i ? ", " : "", h("a", { class: "mtl-rule", href: ruleHref(rulesUrl, r), text: r })])));
    append(root, [
      setNode(),
      head,
      h("p", { class: "mtl-pz-question", text: String(p.question || "") }),
      answerNode(),
      h("p", { class: "mtl-note", "aria-live": "polite", text: note }),
      feedbackNode(),
      hintsNode(),
      viewSection(view, { interactive, selected, showLegal: false, onTile, onTrain, words }),
      progressNode(),
    ]);
    restoreFocus(root, key);
  }

  const onView = () => { if (!shownFrame) draw(); };
  const onPuzzle = () => { resetLocal(); draw(); };
  const unlisten = listen(model, {
    feedback: onFeedback, view: onView, solution: onSolution, progress: draw,
    puzzle: onPuzzle, set_progress: draw,
  });
  draw();
  return () => {
    stopShow();
    unlisten();
    root.remove();
  };
}

// ---------------------------------------------------------------- precomputed answers
//
// The host for a page with no engine: every answer the page can send was judged by
// the engine when the page was built (mtlearn.puzzles.Puzzle.precomputed).

function puzzleStaticHost(state) {
  const answers = state.answers || {};
  const info = state.puzzle || {};
  const initialView = state.view;
  let node = answers.moves || {};
  let n = 0;
  const flip = (move) => {
    const m = /^(\d+)-(\d+)@(.+)$/.exec(move);
    return m ? `${m[2]}-${m[1]}@${m[3]}` : move;
  };
  const look = (table, key) => {
    if (!table || typeof table !== "object") return undefined;
    if (Object.prototype.hasOwnProperty.call(table, key)) return table[key];
    const f = flip(key);
    return Object.prototype.hasOwnProperty.call(table, f) ? table[f] : undefined;
  };
  const say = (model, fb) => {
    n += 1;
    model.set("feedback", Object.assign({}, fb, { n }));
  };
  const missing = (model, what) => say(model, { status: "invalid",
    text: `This page has no stored answer for ${what}: run the notebook to try it.` });

  return (model, content) => {
    if (!content || typeof content !== "object") return;
    const a = content.action;
    if (a === "restart") {
      node = answers.moves || {};
      model.set("view", initialView);
      model.set("feedback", null);
      return;
    }
    if (a === "show" || a === "progress" || a === "reset") return;
    if (a === "move") {
      const move = String(content.move || "");
      const entry = look(node, move);
      if (!entry) { missing(model, move); return; }
      if (entry.view) model.set("view", entry.view);
      const st = entry.fb && entry.fb.status;
      if (st === "continue") node = entry.next || {};
      else if (st === "right" || st === "wrong") node = answers.moves || {};
      say(model, entry.fb);
      return;
    }
    if (a !== "answer") return;
    const value = content.answer;
    const kind = info.kind;
    if (kind === "move") {
      const entry = look(answers.moves, String(value));
      if (!entry) { missing(model, String(value)); return; }
      // a right answer is played on the board: the engine stored the position after it
      if (entry.view) model.set("view", entry.view);
      say(model, entry.fb);
    } else if (kind === "all-moves") {
      const found = new Set();
      for (const m of asArray(value)) {
        const v = look(answers.verdicts, String(m));
        if (!v) { missing(model, String(m)); return; }
        if (!v.legal) { say(model, v.fb); return; }
        found.add(v.move);
      }
      say(model, answers.missing[String(found.size)]);
    } else if (kind === "choose") {
      const key = Array.isArray(value) ? value.map(String).sort().join(",") : String(value);
      const fb = answers.choices && answers.choices[key];
      if (!fb) { missing(model, key); return; }
      say(model, fb);
    } else if (kind === "number") {
      const v = parseInt(value, 10);
      if (v === answers.value) say(model, answers.right);
      else say(model, { status: "wrong", text: `Not ${v}: ${answers.wrong}` });
    } else if (kind === "plan") {
      let end = info.plan_from;
      const seen = [];
      for (const t of asArray(value)) {
        const bad = answers.misfit && answers.misfit[`${t}|${end}`];
        if (bad) { say(model, bad); return; }
        if (seen.includes(t)) { missing(model, t); return; }
        seen.push(t);
        const [x, y] = parseTile(t);
        end = x === end ? y : x;
      }
      if (seen.length < answers.best) say(model, answers.short[String(seen.length)]);
      else say(model, answers.right);
    }
  };
}

// The stand-in model of a puzzle in a static page (called by mountStandalone in
// host.js): the in-page engine answers once it is started and ready (a mtlearn.puzzles
// PuzzleSession in the page's Pyodide worker); until then, and wherever it cannot run,
// the answers the engine precomputed at build time. Both come from the same engine, so
// the learner sees the same words either way. The host switches only between attempts,
// never in the middle of a turn being played.
export function mtlPuzzleModel(root, state, initial) {
  // One puzzle, or a set (state.items: one puzzle state each, state.index the one shown).
  const items = Array.isArray(state.items) && state.items.length ? state.items : [state];
  delete initial.answers;
  delete initial.session;
  delete initial.items;
  initial.storage = "local";
  if (!("feedback" in initial)) initial.feedback = null;
  let index = Math.max(0, Math.min(items.length - 1, state.index | 0));
  const hosts = items.map((st) => puzzleStaticHost(st));
  const sessions = items.map(() => null);   // in-page engine session ids, opened lazily
  let engine = null;
  let ready = false;
  let midTurn = false;
  let useEngine = false;
  const apply = (model, result) => {
    for (const [k, v] of Object.entries(result || {})) model.set(k, v);
  };
  const openSession = (i) => {
    if (!engine || sessions[i] || !items[i].session) return Promise.resolve(sessions[i]);
    return engine.request({ op: "open", kind: "puzzle", spec: items[i].session })
      .then((answer) => { sessions[i] = answer.session; return answer.session; });
  };
  const onSend = (model, content) => {
    if (!content || typeof content !== "object") return;
    const a = content.action;
    if (a === "progress" || a === "reset") return;
    if (a === "goto") {
      const j = content.index | 0;
      if (j < 0 || j >= items.length) return;
      index = j;
      midTurn = false;
      hosts[j] = puzzleStaticHost(items[j]);
      model.set("index", j);
      model.set("solution", items[j].solution || null);
      model.set("feedback", null);
      model.set("view", items[j].view);
      model.set("puzzle", items[j].puzzle);
      if (ready && sessions[j]) {
        engine.request({ op: "intent", session: sessions[j], intent: { action: "restart" } })
          .catch(() => {});
      } else if (ready) {
        openSession(j).catch(() => {});
      }
      return;
    }
    const i = index;
    if (ready && !midTurn && sessions[i]) useEngine = true;
    else if (!sessions[i]) useEngine = false;
    if (a === "move") midTurn = true;
    if (a === "restart") midTurn = false;
    const settle = () => {
      const fb = model.get("feedback");
      if (fb && fb.status !== "continue" && fb.status !== "illegal") midTurn = false;
    };
    if (useEngine) {
      root.setAttribute("data-host", "engine");
      engine.request({ op: "intent", session: sessions[i], intent: content })
        .then((answer) => { if (index === i) apply(model, answer.result); settle(); })
        .catch(() => { useEngine = false; hosts[i](model, content); settle(); });
    } else {
      root.setAttribute("data-host", "precomputed");
      hosts[i](model, content);
      settle();
    }
  };
  Object.assign(initial, {
    index, puzzle: items[index].puzzle, view: items[index].view,
    solution: items[index].solution || null,
  });
  const model = mtlModel(initial, onSend);
  // The engine is started when the learner first reaches for the puzzle (pointer or
  // keyboard focus), not on page load: the stored answers cover the first clicks, and a
  // page of puzzles that is only read never downloads Pyodide.
  const located = items[0].session && typeof mtlEngineUrl === "function" ? mtlEngineUrl(root) : null;
  let started = false;
  const start = () => {
    if (started || !located || !located.url) return;
    started = true;
    root.removeEventListener("pointerdown", start, true);
    root.removeEventListener("focusin", start, true);
    root.setAttribute("data-engine-state", "loading");
    engine = mtlEngine(located.url);
    engine.ready
      .then(() => openSession(index))
      .then(() => {
        ready = true;
        root.setAttribute("data-engine-state", "ready");
      })
      .catch(() => root.setAttribute("data-engine-state", "failed"));
  };
  if (located && located.url) {
    root.addEventListener("pointerdown", start, true);
    root.addEventListener("focusin", start, true);
  }
  return model;
}
