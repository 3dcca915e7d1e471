// Match flow on a board: who answers (the host status), the computer players' moves,
// the end of a round (scores, Next round), the end of the match (standings with the
// tie-break, New match) and New game (players and bots). Used by renderBoard (board.js).
//
// Everything here only sends intents; the host (kernel or in-page engine, through
// mtlearn.hosts.session.BoardSession) deals, scores and ranks. view.match comes from the session:
// {round, rounds, round_over, match_over, next_round, standings: [{place, seat, name,
// total, zero_rounds, rounds}], winners, tie_break, setup: {players, bots, bot,
// min_players, max_players}}.

import { asArray } from "./view-data.js";
import { append, h, withRuleLinks } from "./dom.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").MatchInfo} MatchInfo */
/** @typedef {import("./protocol").BoardMessage} BoardMessage */
/** @typedef {import("./protocol").BoardIntent} BoardIntent */
/** @typedef {(intent: BoardIntent) => void} Send  an intent for the host */
/**
 * New game's form, kept from one draw to the next: open or not, and the choices.
 * @typedef {{open: boolean, players: number, bots: number, bot: string}} NewGameForm
 */
/** @typedef {{newGame?: NewGameForm}} MatchUi  the match controls' state across draws */

// Model key "host" (static pages only): {state: "loading" | "engine" | "fallback", text}.
/** @param {Pick<import("./board-state.js").BoardModel, "get">} model @returns {HTMLParagraphElement | null} */
// The engine's line ("⚙ The computer plays in this page") stands only where the computer
// plays a seat: on a board where the learner plays every seat it would say nothing true.
export function hostStatusNode(model) {
  const host = model.get("host");
  if (!host || typeof host !== "object" || !host.text) return null;
  const st = ["loading", "engine", "fallback"].includes(host.state) ? host.state : "fallback";
  if (st === "engine" && !computerPlays(model.get("view"))) return null;
  const icon = st === "loading" ? h("span", { class: "mtl-busy", "aria-hidden": "true" })
    : h("span", { "aria-hidden": "true", text: st === "engine" ? "⚙ " : "ℹ " });
  return h("p", { class: `mtl-host mtl-host-${st}`, role: "status", "data-host": st },
    icon, String(host.text));
}

/** Whether the computer plays a seat of this board (the session's setup says).
 * @param {View | null | undefined} view @returns {boolean} */
function computerPlays(view) {
  const setup = view && view.match && view.match.setup;
  return !!setup && Number(setup.bots) > 0;
}

// What the board is and who plays which seat, above the position: "Your board to play.
// You play Ana; the computer plays Ben and Cy." (the words are the session's).
/** @param {View | null | undefined} view @returns {HTMLParagraphElement | null} */
export function whoNode(view) {
  const setup = view && view.match && view.match.setup;
  const who = setup && typeof setup.who === "string" ? setup.who : "";
  if (!who) return null;
  return h("p", { class: "mtl-who" }, h("strong", { text: "Your board to play. " }), who);
}

// The computer players' moves since the learner's last action (the message's `bots`).
// The heading counts moves, not players: one computer player may make several moves in a
// row (a double and the tile after it, a draw and a pass).
/** @param {BoardMessage | null | undefined} msg @returns {HTMLDivElement | null} */
export function botMovesNode(msg) {
  const moves = msg && Array.isArray(msg.bots) ? msg.bots : [];
  if (!moves.length) return null;
  const list = h("ol", { class: "mtl-bot-moves" });
  for (const m of moves) list.appendChild(h("li", { text: String(m) }));
  return h("div", { class: "mtl-bots" },
    h("p", { class: "mtl-bots-head", text: moves.length === 1
      ? "The computer's move:" : `The computer's moves (${moves.length}):` }),
    list);
}

// A fresh deal's seed.
/** @returns {number} */
function newSeed() {
  return Math.floor(Math.random() * 1e9);
}

// The match's standings, best first: each round's score, the total, the rounds at 0.
/** @param {View} _view @param {MatchInfo} match @param {boolean} final @returns {HTMLTableElement} */
function standingsTable(_view, match, final) {
  const standings = asArray(match.standings);
  const nRounds = standings.length ? asArray(standings[0].rounds).length : 0;
  const head = h("tr", null, h("th", { scope: "col", text: "Place" }),
    h("th", { scope: "col", text: "Player" }));
  for (let r = 1; r <= nRounds; r++) head.appendChild(h("th", { scope: "col", text: `R${r}` }));
  head.appendChild(h("th", { scope: "col", text: "Total" }));
  head.appendChild(h("th", { scope: "col", text: "Rounds at 0" }));
  const body = h("tbody");
  for (const row of standings) {
    const tr = h("tr", { class: final && row.place === 1 ? "mtl-winner" : null },
      h("td", { text: String(row.place) }),
      h("th", { scope: "row", text: String(row.name) }));
    for (const sc of asArray(row.rounds)) tr.appendChild(h("td", { text: String(sc) }));
    tr.appendChild(h("td", { text: String(row.total) }));
    tr.appendChild(h("td", { text: String(row.zero_rounds) }));
    body.appendChild(tr);
  }
  return h("table", { class: "mtl-scores mtl-standings" },
    h("caption", { text: final ? "Final standings" : `Standings after round ${match.round} of ${match.rounds}` }),
    h("thead", null, head), body);
}

// The button that starts a guided round (a board with steps) again from its deal, with
// its steps to do again; null when the host cannot (a notebook's kernel: run the cell).
/** @param {View | null | undefined} view @param {(() => void) | null} restart @returns {HTMLButtonElement | null} */
export function restartButton(view, restart) {
  if (!restart || !view || !view.steps) return null;
  const b = h("button", { type: "button", class: "mtl-btn", "data-key": "restart", text: "Start the guided round again" });
  b.addEventListener("click", () => restart());
  return b;
}

// The panel shown once a round is over (null while it is played).
/** @param {View | null | undefined} view @param {Send} send @param {(() => void) | null} restart
 * @returns {HTMLElement | null} */
export function matchSection(view, send, restart) {
  const match = view && view.match;
  if (!match || !match.round_over) return null;
  const final = !!match.match_over;
  const box = h("section", { class: "mtl-match" + (final ? " mtl-match-over" : ""),
    "aria-label": final ? "End of the match" : "End of the round" });
  box.appendChild(h("h4", { class: "mtl-h", text: final ? "The match is over"
    : `Round ${match.round} of ${match.rounds} is over` }));
  if (final) {
    const winners = asArray(match.winners);
    box.appendChild(h("p", { class: "mtl-match-winner", text: winners.length > 1
      ? `Shared first place: ${winners.join(" and ")}.` : winners.length
        ? `${winners[0]} wins the match.` : "" }));
  }
  // What to do next comes right under the heading, so the two are seen together even
  // on a short screen (the board brings them into view and focuses the button).
  const actions = h("div", { class: "mtl-controls" });
  if (match.next_round) {
    const b = h("button", { type: "button", class: "mtl-btn mtl-btn-primary", "data-key": "next_round", text: "Next round ▶" });
    b.addEventListener("click", () => send({ action: "next_round" }));
    actions.appendChild(b);
  }
  if (final && match.new_match !== false) {  // false: this host starts no new match (a class table)
    const b = h("button", { type: "button", class: "mtl-btn mtl-btn-primary", "data-key": "new_match", text: "New match" });
    b.addEventListener("click", () => send({ action: "new_match", seed: newSeed() }));
    actions.appendChild(b);
  }
  append(actions, restartButton(view, restart));
  box.appendChild(actions);
  if (!final) {
    box.appendChild(h("p", { text: "Every hand is shown below, with the round's scores. " +
      "The lowest total at the end of the match wins." }));
  }
  // A long match is wider than a phone: the table scrolls sideways, the panel does not.
  // It is a tab stop (to scroll it with the keys) only when it does scroll (scrollStops).
  box.appendChild(h("div", { class: "mtl-table-wrap", role: "region",
    "aria-label": final ? "Final standings" : "Standings" },
  standingsTable(view, match, final)));
  if (match.tie_break) box.appendChild(h("p", { class: "mtl-tiebreak" }, "Ties: ", withRuleLinks(String(match.tie_break), "")));
  return box;
}

// The match so far, while a round is played: every player's running total (lowest wins),
// so the learner need not wait for the end of the round to see the score.
/** @param {View | null | undefined} view @returns {HTMLDivElement | null} */
export function runningTotalsNode(view) {
  const match = view && view.match;
  if (!match || match.round_over) return null;
  const rows = asArray(match.standings).slice().sort((a, b) => (a.seat | 0) - (b.seat | 0));
  if (!rows.length) return null;
  const done = Math.max(0, (match.round | 0) - 1);
  const list = h("ul", { class: "mtl-running-list" });
  for (const row of rows) {
    list.appendChild(h("li", null, h("span", { class: "mtl-running-name", text: String(row.name) }),
      " ", h("strong", { text: String(row.total) })));
  }
  const head = done
    ? `Match totals after ${done} of ${match.rounds} round${match.rounds === 1 ? "" : "s"} (lowest wins):`
    : `Match totals (round 1 of ${match.rounds}; lowest wins):`;
  return h("div", { class: "mtl-running", "data-round": String(match.round) },
    h("span", { class: "mtl-running-head", text: head }), list);
}

// The computer players' levels New game offers, weakest first: [kind sent, words shown].
const LEVELS = [["random", "Random"], ["greedy", "Greedy"], ["planner", "Planner"],
  ["expert", "Expert"]];

// New game: a disclosure with the number of players, of computer players and their level.
// ui.newGame keeps it open, and the choices, from one draw to the next.
/** @param {View | null | undefined} view @param {Send} send @param {MatchUi} ui
 * @param {(() => void) | null} restart @returns {HTMLDetailsElement | null} */
export function newGameSection(view, send, ui, restart) {
  const match = view && view.match;
  if (!match || !match.setup) return null;
  const setup = match.setup;
  const st = ui.newGame || (ui.newGame = {
    open: false, players: setup.players, bots: setup.bots === null ? 0 : setup.bots,
    bot: setup.bot || "greedy" });
  const lo = setup.min_players || 2;
  const hi = setup.max_players || 8;
  st.players = Math.max(lo, Math.min(hi, st.players | 0));
  st.bots = Math.max(0, Math.min(st.players - 1, st.bots | 0));
  const details = h("details", { class: "mtl-newgame" },
    h("summary", { "data-key": "newgame", text: "New game…" }));
  if (st.open) details.open = true;
  details.addEventListener("toggle", () => { st.open = details.open; });

  const players = h("select", { "data-key": "ng-players", "aria-label": "Players in all" });
  for (let n = lo; n <= hi; n++) {
    const o = h("option", { value: String(n), text: String(n) });
    if (n === st.players) o.selected = true;
    players.appendChild(o);
  }
  const bots = h("select", { "data-key": "ng-bots", "aria-label": "Computer players" });
  for (let k = 0; k < st.players; k++) {
    const o = h("option", { value: String(k), text: String(k) });
    if (k === st.bots) o.selected = true;
    bots.appendChild(o);
  }
  const level = h("select", { "data-key": "ng-level", "aria-label": "Computer players' level" });
  for (const [kind, words] of LEVELS) {
    const o = h("option", { value: kind, text: words });
    if (kind === st.bot) o.selected = true;
    level.appendChild(o);
  }
  level.addEventListener("change", () => { st.bot = level.value; });
  const explain = h("p", { class: "mtl-newgame-note" });
  const sayWho = () => {
    const humans = st.players - st.bots;
    explain.textContent = humans === 1
      ? `You play the first seat against ${st.bots} computer player${st.bots === 1 ? "" : "s"}; only your hand is shown.`
      : `${humans} people take turns at this screen` + (st.bots ? `, with ${st.bots} computer player${st.bots === 1 ? "" : "s"}.` : ".");
  };
  players.addEventListener("change", () => {
    st.players = parseInt(players.value, 10);
    if (st.bots > st.players - 1) st.bots = st.players - 1;
    bots.replaceChildren();
    for (let k = 0; k < st.players; k++) {
      const o = h("option", { value: String(k), text: String(k) });
      if (k === st.bots) o.selected = true;
      bots.appendChild(o);
    }
    sayWho();
  });
  bots.addEventListener("change", () => { st.bots = parseInt(bots.value, 10); sayWho(); });
  sayWho();
  const start = h("button", { type: "button", class: "mtl-btn mtl-btn-primary", "data-key": "ng-start", text: "Start the new game" });
  start.addEventListener("click", () => {
    st.open = false;
    const bot = /** @type {"expert" | "planner" | "greedy" | "random"} */ (st.bot);
    send({ action: "new_game", players: st.players, bots: st.bots, bot, seed: newSeed() });
  });
  const again = h("button", { type: "button", class: "mtl-btn", "data-key": "ng-again", text: "New match, same table" });
  again.addEventListener("click", () => {
    st.open = false;
    send({ action: "new_match", seed: newSeed() });
  });
  details.appendChild(h("div", { class: "mtl-newgame-form" },
    h("label", null, "Players in all ", players),
    h("label", null, "Computer players ", bots),
    h("label", null, "Level ", level),
    start, again, restartButton(view, restart), explain));
  return details;
}

// A scrolling box is a tab stop (so the keys scroll it) only while its content overflows.
/** @param {Element} root */
export function scrollStops(root) {
  for (const wrap of root.querySelectorAll(".mtl-table-wrap")) {
    if (wrap.scrollWidth > wrap.clientWidth + 1) wrap.setAttribute("tabindex", "0");
    else wrap.removeAttribute("tabindex");
  }
}
