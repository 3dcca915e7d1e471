// Playing a board with the keyboard alone (and hearing it with a screen reader).
//
// The hand is one tab stop: its tiles are a "roving tabindex" group (only one tile has
// tabindex 0; the arrow keys, Home and End move between them, ArrowDown/ArrowUp to the
// next tile that can be played, a digit to the next tile with that number). M plays the
// focused tile on the Mexican train. Enter or Space picks the tile, and the focus moves
// to the trains, a second roving group of "Play here" buttons landing on the first train
// the picked tile may go to; Enter plays there, M or 1-8 on that train. So a tile move is
// two keys once the focus is on the tile (one to the Mexican train), plus the keys to
// reach the tile (pressesForMove counts them; at most 4 in all, tests/js/keys.test.mjs).
// Escape clears the selection. After every answer of the host
// the focus is put on the next useful control (focusAfterView): the hand, the tile just
// drawn, Pass, Next round… never lost to the page.
//
// The choices (which tile or train is the tab stop, where the focus goes next, what the
// live region says) are plain functions of the view, tested in tests/js/keys.test.mjs;
// rovingMove applies the arrow keys to the DOM.
//
// Every widget's keys (the board, a puzzle and its number field, the scenario player,
// presenter mode) go through one dispatcher, bindKeys at the end of this file, with one
// precedence for all of them; its bindings' labels and help lines make the Keys help.

import { asArray, parseTile, playerName, sameTile } from "./view-data.js";
import { h, inWords } from "./dom.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").PlacedTile} PlacedTile */
/** @typedef {import("./tiles.js").Disclosure} Disclosure */
/**
 * One key binding of a widget (the dispatcher at the end of this file): `keys` the
 * KeyboardEvent.key values it answers ("Escape", "Ctrl+Enter"), `run` the action (it
 * returns false when the key does not apply here; any other value: handled), `label` and
 * `help` its line in the Keys help, `field` true to take the key in a text field too.
 * @typedef {object} Binding
 * @property {string[]} keys
 * @property {(ev: KeyboardEvent) => unknown} run
 * @property {string} [label]
 * @property {string} [help]
 * @property {boolean} [field]
 */
/** @typedef {{label?: string, help?: string}} HelpEntry  a line of the Keys help: a binding, or a key the browser handles */
/** @typedef {{text: string, at?: number}} Typed  the digits typed in a hand within a moment, and when */

// The index the focus moves to in a group of n items from item i, or null when `key`
// is not a key of the group. No wrapping: End and Home go to the ends.
/** @param {string} key @param {number} i @param {number} n @returns {number | null} */
export function rovingIndex(key, i, n) {
  if (n <= 0) return null;
  if (key === "ArrowRight" || key === "ArrowDown") return Math.min(n - 1, i + 1);
  if (key === "ArrowLeft" || key === "ArrowUp") return Math.max(0, i - 1);
  if (key === "Home") return 0;
  if (key === "End") return n - 1;
  return null;
}

// The moves "A-B@T" of view.legal, split: [{tile, target}].
/** @param {View | null | undefined} view @returns {{tile: string, target: string}[]} */
function tileMoves(view) {
  const out = [];
  for (const m of asArray(view && view.legal)) {
    const mv = String(m.move || "");
    const at = mv.indexOf("@");
    if (at > 0) out.push({ tile: mv.slice(0, at), target: mv.slice(at + 1) });
  }
  return out;
}

// The targets (train or branch ids) where `tile` may be played now.
/** @param {View | null | undefined} view @param {string | null | undefined} tile @returns {Set<string>} */
export function legalTargets(view, tile) {
  /** @type {Set<string>} */
  const ids = new Set();
  if (tile === null || tile === undefined) return ids;
  for (const m of tileMoves(view)) if (sameTile(m.tile, tile)) ids.add(m.target);
  return ids;
}

// True when `tile` has a legal move now.
/** @param {View | null | undefined} view @param {string} tile @returns {boolean} */
export function isPlayable(view, tile) {
  return tileMoves(view).some((m) => sameTile(m.tile, tile));
}

// The hand tile that is the hand's tab stop: the selected tile, else the one the focus
// was on last, else the first tile that can be played, else the first tile.
/** @param {View | null | undefined} view @param {readonly string[] | null | undefined} hand
 * @param {string | null | undefined} selected @param {string | null | undefined} remembered @returns {string | null} */
export function handStop(view, hand, selected, remembered) {
  const tiles = asArray(hand);
  /** @param {string | null | undefined} t */
  const find = (t) => (t === null || t === undefined ? undefined : tiles.find((x) => sameTile(x, t)));
  return find(selected) ?? find(remembered) ?? tiles.find((t) => isPlayable(view, t)) ?? tiles[0] ?? null;
}

// Every target ("Play here") of the view in the order drawn: each train, then its branches.
/** @param {View | null | undefined} view @returns {string[]} */
export function targetIds(view) {
  const ids = [];
  for (const t of asArray(view && view.trains)) {
    ids.push(String(t.id));
    for (const b of asArray(t.branches)) ids.push(String(b.id));
  }
  return ids;
}

// The target that is the trains' tab stop once `selected` is picked: the one the focus
// was on last if the tile may go there, else the first where it may go, else the first.
/** @param {View | null | undefined} view @param {string | null | undefined} selected
 * @param {string | null | undefined} remembered @returns {string | null} */
export function trainStop(view, selected, remembered) {
  const ids = targetIds(view);
  const ok = legalTargets(view, selected);
  if (remembered !== null && remembered !== undefined && ok.has(String(remembered))) return String(remembered);
  return ids.find((id) => ok.has(id)) ?? ids[0] ?? null;
}

// The hand of the player to play, when the view shows it (null when hidden or over).
/** @param {View | null | undefined} view @returns {string[] | null} */
export function handToPlay(view) {
  if (!view || view.over) return null;
  const p = asArray(view.players).find((x) => x.seat === view.to_play);
  return p && Array.isArray(p.hand) ? p.hand : null;
}

// The data-key of the control the focus should go to after the host answered with
// `view` (the previous view was `before`): Next round / New match at a round's end; the
// tile just drawn if it can be played; a tile of the hand that can be played; else
// Draw, Pass, End turn… whichever is legal; "undo" when the round is over without a
// match; null when none of these is there (another player's turn).
/** @param {View | null | undefined} before @param {View | null | undefined} view
 * @param {string | null | undefined} remembered @returns {string | null} */
export function focusAfterView(before, view, remembered) {
  if (!view || typeof view !== "object") return null;
  if (samePosition(before, view)) return null;  // e.g. a refusal: the focus stays
  const match = view.match;
  if (match && match.round_over) return match.match_over || !match.next_round ? "new_match" : "next_round";
  if (view.over) return "undo";
  if (view.hidden_turn) return null;
  const hand = handToPlay(view);
  if (hand) {
    const old = handToPlay(before) || [];
    const drawn = before && before.to_play === view.to_play
      ? hand.filter((t) => !old.some((o) => sameTile(o, t))) : [];
    if (drawn.length === 1 && isPlayable(view, drawn[0])) return `tile:${drawn[0]}`;
    const stop = handStop(view, hand, null, remembered);
    if (stop !== null && isPlayable(view, stop)) return `tile:${stop}`;
    const first = hand.find((t) => isPlayable(view, t));
    if (first !== undefined) return `tile:${first}`;
  }
  for (const name of ["draw", "pass", "end", "uno"]) {
    if (asArray(view.legal).some((m) => m.move === name)) return name;
  }
  return null;
}

// True when two views show the same position (a host may send the view again with a
// refusal): same trains, hands, boneyard, player to play and status.
/** @param {View | null | undefined} a @param {View | null | undefined} b @returns {boolean} */
export function samePosition(a, b) {
  if (!a || !b) return false;
  /** @param {View} v */
  const key = (v) => JSON.stringify([v.trains, v.players, v.boneyard, v.to_play, v.status, v.over,
    v.match && v.match.round]);
  return key(a) === key(b);
}

// What the board's live region says about a view: the status line (whose turn, the tile
// the learner drew, "plays again", an open double to cover, the round's result) and,
// at a round's end, the round's scores. Only text the view gives is used, and the
// view never names a tile of a hidden hand.
/** @param {View | null | undefined} view @returns {string} */
export function announcement(view) {
  if (!view || typeof view !== "object") return "";
  const parts = [];
  if (view.status) parts.push(inWords(view.status));
  const r = view.result;
  const scores = r ? asArray(r.scores) : [];
  if (scores.length) {
    const each = scores.map((sc, i) => `${playerName(view, i + 1)} ${sc}`);
    parts.push(`Round scores: ${each.join(", ")}.`);
  }
  return parts.join(" ");
}

// A tile as it is drawn on a train: the number touching the tile before it first.
/** @param {Partial<PlacedTile> | null | undefined} t @returns {string} */
export function trainTileName(t) {
  const [a, b] = parseTile(t && t.tile);
  const inward = Number.isFinite(t && t.inward) ? t.inward : a;
  const outward = Number.isFinite(t && t.outward) ? t.outward : b;
  return `${inward}-${outward}`;
}

// Type-ahead in the hand: the index of the next tile after `from` (round the hand) with
// `number` on one of its halves, or null. `inclusive`: the tile at `from` counts too (a
// second digit, "1" then "2" for 12, may name the tile the first one reached).
// `playable` (optional, one flag per tile): a tile that can be played now comes first.
/** @param {string[]} tiles @param {number} from @param {number} number @param {boolean} inclusive
 * @param {boolean[]} [playable] @returns {number | null} */
export function tileWithNumber(tiles, from, number, inclusive, playable) {
  const n = tiles.length;
  let other = null;
  for (let k = inclusive ? 0 : 1; k <= n; k++) {
    const j = (((from + k) % n) + n) % n;
    const [a, b] = parseTile(tiles[j]);
    if (a !== number && b !== number) continue;
    if (!playable || playable[j]) return j;
    if (other === null) other = j;
  }
  return other;
}

// ArrowDown / ArrowUp in the hand: the index of the next (dir 1) or previous (dir -1)
// tile that can be played now, round the hand, or null when no other tile can be.
/** @param {boolean[]} playable @param {number} from @param {number} dir @returns {number | null} */
export function nextPlayable(playable, from, dir) {
  const n = playable.length;
  for (let k = 1; k < n; k++) {
    const j = (((from + dir * k) % n) + n) % n;
    if (playable[j]) return j;
  }
  return null;
}

// The train a letter or digit key names while a tile is picked: M the Mexican train,
// 1-8 that player's train (seat order, as the trains are listed). The target's data-key
// ("train:M", "train:2"), or null.
/** @param {unknown} key @returns {string | null} */
export function trainKeyTarget(key) {
  const k = String(key);
  if (k === "m" || k === "M") return "train:M";
  if (/^[1-8]$/.test(k)) return `train:${k}`;
  return null;
}

/** @type {Typed} */
const typed = { text: "", at: 0 };  // the digits typed in a hand within a moment

// The index a digit key moves the hand's focus to (type-ahead), or null.
/** @param {KeyboardEvent} ev @param {HTMLElement[]} items @param {number} i @returns {number | null} */
function typeAhead(ev, items, i) {
  if (!/^[0-9]$/.test(ev.key)) return null;
  const now = Date.now();
  const more = now - typed.at < 900 && typed.text.length < 2;
  typed.text = (more ? typed.text : "") + ev.key;
  typed.at = now;
  const tiles = items.map((n) => String(n.getAttribute("data-key") || "").replace(/^tile:/, ""));
  return typedTile(tiles, i, typed, playableFlags(items));
}

// The tile index the digits `typed.text` reach from tile `i` (tileWithNumber). Two digits
// that make no number of the hand go to the double when they are the same digit ("5" "5":
// 5-5), else start again with the last digit, so typing a digit again goes on to the next
// tile with that number.
/** @param {string[]} tiles @param {number} i @param {Typed} typed @param {boolean[]} [playable] @returns {number} */
export function typedTile(tiles, i, typed, playable) {
  let j = tileWithNumber(tiles, i, parseInt(typed.text, 10), typed.text.length > 1, playable);
  if (j === null && typed.text.length > 1) {
    // the same digit twice ("5" "5"): the double of that number, when the hand holds it
    const d = Number(typed.text[0]);
    const double = typed.text[0] === typed.text[1]
      ? tiles.findIndex((t) => parseTile(t)[0] === d && parseTile(t)[1] === d) : -1;
    if (double >= 0) return double;
    typed.text = typed.text.slice(-1);
    j = tileWithNumber(tiles, i, parseInt(typed.text, 10), false, playable);
  }
  return j === null ? i : j;
}

// One flag per hand tile: can it be played now (view-parts.js marks it data-playable)?
/** @param {Element[]} items @returns {boolean[]} */
function playableFlags(items) {
  return items.map((n) => n.hasAttribute("data-playable"));
}

// Apply an arrow key (Home, End; a digit in the hand) to the roving group holding the
// focused element. Returns true when the key was used (the dispatcher then prevents its
// default: the page does not scroll).
/** @param {KeyboardEvent} ev @returns {boolean} */
export function rovingMove(ev) {
  const t = /** @type {HTMLElement} */ (ev.target);
  const group = t && t.closest ? t.closest("[data-roving]") : null;
  if (!group) return false;
  // the roving items are buttons (a hand's tiles, the trains' "Play here", the actions,
  // the legal moves)
  const items = [.../** @type {NodeListOf<HTMLButtonElement>} */ (group.querySelectorAll("[data-rove]"))].filter((n) => !n.disabled);
  const i = items.findIndex((n) => n === t);
  if (i < 0) return false;
  const inHand = group.getAttribute("data-roving") === "hand";
  if (!/^[0-9]$/.test(ev.key)) typed.text = "";  // another key ends what was typed
  let j = null;
  if (inHand && (ev.key === "ArrowDown" || ev.key === "ArrowUp")) {
    // the next tile that can be played (the current one when no other can)
    j = nextPlayable(playableFlags(items), i, ev.key === "ArrowDown" ? 1 : -1) ?? i;
  } else {
    j = rovingIndex(ev.key, i, items.length);
  }
  if (j === null && inHand) j = typeAhead(ev, items, i);
  if (j === null) return false;
  items.forEach((n, k) => n.setAttribute("tabindex", k === j ? "0" : "-1"));
  items[j].focus();
  return true;
}

// M or 1-8 on the trains (a tile picked): play the tile on the Mexican train or on that
// player's train at once. Returns false (the key passes on) elsewhere.
/** @param {KeyboardEvent} ev @returns {boolean} */
export function trainKey(ev) {
  const t = /** @type {Element} */ (ev.target);
  const group = t && t.closest ? t.closest("[data-roving]") : null;
  if (!group || group.getAttribute("data-roving") !== "trains") return false;
  const want = trainKeyTarget(ev.key);
  if (!want) return false;
  const btn = [.../** @type {NodeListOf<HTMLButtonElement>} */ (group.querySelectorAll("[data-rove]"))].find((n) => n.getAttribute("data-key") === want);
  if (!btn || btn.getAttribute("aria-disabled") === "true") return false;
  btn.focus();
  btn.click();
  return true;
}

// The places (train or branch ids) a hand tile button may be played on now
// (view-parts.js writes them in data-targets).
/** @param {Element | null} node @returns {string[]} */
function tileTargets(node) {
  return String((node && node.getAttribute && node.getAttribute("data-targets")) || "").split(" ").filter(Boolean);
}

// Play the focused hand tile on `target` at once: pick it (its click), then press the
// train's "Play here" (the board draws again when a tile is picked).
/** @param {HTMLElement} tileNode @param {string} target @returns {boolean} */
function playTileOn(tileNode, target) {
  const root = tileNode.closest(".mtl-root") || tileNode.ownerDocument;
  if (tileNode.getAttribute("aria-pressed") !== "true") tileNode.click();
  const btn = /** @type {HTMLElement | null} */ (root.querySelector(`[data-key="train:${target}"]`));
  if (!btn || btn.getAttribute("aria-disabled") === "true") return false;
  btn.focus();
  btn.click();
  return true;
}

// The hand tile the key was pressed on (a button of the "hand" roving group), or null.
/** @param {KeyboardEvent} ev @returns {HTMLElement | null} */
function handTile(ev) {
  const t = /** @type {HTMLElement} */ (ev.target);
  const group = t && t.closest ? t.closest("[data-roving]") : null;
  return group && group.getAttribute("data-roving") === "hand" && t.hasAttribute("data-rove") ? t : null;
}

// The place a key pressed on a hand tile plays it on at once, or null (the key is not
// used): M when the tile fits the Mexican train.
/** @param {string} key @param {readonly unknown[] | null | undefined} targets @returns {string | null} */
export function handKeyTarget(key, targets) {
  const ids = asArray(targets).map(String);
  if (key === "m" || key === "M") return ids.includes("M") ? "M" : null;
  return null;
}

// M on a hand tile (handKeyTarget): play it there. Returns false elsewhere.
/** @param {KeyboardEvent} ev @returns {boolean} */
export function handKey(ev) {
  const t = handTile(ev);
  if (!t) return false;
  const target = handKeyTarget(ev.key, tileTargets(t));
  return target === null ? false : playTileOn(t, target);
}

// The fewest keys from hand tile `start` to a move of tile `goal` on `target` with the
// keys above (a breadth-first search over the focused tile and the digits typed so far):
// the arrows, Home, End, ArrowDown/ArrowUp, the digits, then the last keys: M (the
// Mexican train), else Enter to pick and Enter or the train's key (one key either way:
// Enter when the focus lands on that train).
// `tiles` the hand, `targets` per tile the places it may go. Used by the tests and to
// state the bound in the Keys help.
/** @param {string[]} tiles @param {string[][]} targets @param {number} start @param {number} goal
 * @param {string} target @returns {string[] | null} */
export function pressesForMove(tiles, targets, start, goal, target) {
  const n = tiles.length;
  const playable = targets.map((ts) => ts.length > 0);
  const places = asArray(targets[goal]).map(String);
  if (!places.includes(String(target))) return null;
  let last = ["Enter", trainKeyTarget(target) ? String(target) : null];  // pick, then the train's key
  if (handKeyTarget("M", places) === String(target)) last = ["M"];
  if (last.includes(null)) return null;  // a branch: no key names it
  /** @type {Map<string, string[]>} the keys pressed to reach each (tile, digits typed) */
  const seen = new Map([[`${start}|`, []]]);
  /** @type {[number, string][]} */
  const queue = [[start, ""]];
  while (queue.length) {
    const [i, text] = queue.shift();
    const path = seen.get(`${i}|${text}`);
    if (i === goal) return [...path, ...last];
    /** @type {[string, number, string][]} a key, the tile it reaches, the digits typed then */
    const next = [["ArrowRight", Math.min(n - 1, i + 1), ""], ["ArrowLeft", Math.max(0, i - 1), ""],
      ["Home", 0, ""], ["End", n - 1, ""],
      ["ArrowDown", nextPlayable(playable, i, 1) ?? i, ""], ["ArrowUp", nextPlayable(playable, i, -1) ?? i, ""]];
    for (const d of "0123456789") {
      const st = { text: (text.length < 2 ? text : "") + d };
      const j = typedTile(tiles, i, st, playable);
      next.push([d, j, st.text]);
    }
    for (const [key, j, tx] of next) {
      const k = `${j}|${tx}`;
      if (!seen.has(k)) {
        seen.set(k, [...path, key]);
        queue.push([j, tx]);
      }
    }
  }
  return null;
}

// The roving groups' bindings (a board's and a puzzle's hand and trains), for bindKeys.
/** @type {Binding[]} */
export const rovingBindings = [
  { keys: ["ArrowRight", "ArrowLeft", "Home", "End"], run: rovingMove,
    label: "← → Home End", help: "choose a tile in your hand, a train, an action or a legal move" },
  { keys: ["ArrowDown", "ArrowUp"], run: rovingMove,
    label: "↓ ↑", help: "in your hand: the next tile you can play (on the trains: the next train)" },
  { keys: [..."0123456789"], run: rovingMove,
    label: "0 – 9", help: "in your hand: the next tile with that number (type 1 2 for 12; the same digit twice for its double)" },
  { keys: ["m"], run: handKey,
    label: "M", help: "on a tile: play it on the Mexican train" },
  { keys: ["m", ..."12345678"], run: trainKey,
    label: "M, 1 – 8", help: "with a tile picked: play it on the Mexican train, or on the 1st … 8th player's train" },
];

// Keys the browser handles itself, for the Keys help (no binding runs them).
export const nativeKeys = {
  tab: { label: "Tab", help: "moves between the actions, your hand, the trains and the legal moves (each is one stop; the arrows move inside)" },
  enter: { label: "Enter or Space", help: "pick the tile; on a train, play it there" },
  bound: { label: "≤ 4 keys", help: "any tile move, counted from the tile the focus lands on in your hand" },
};

// The heading level for a board's sections ("Hands", "Trains"): one below the last heading
// of the page before the board (a chapter's h2 gives 3), so the page's outline stays in
// order; train names are one level further down.
/** @param {Element | null | undefined} root @returns {number} */
export function headingBase(root) {
  const doc = root && root.ownerDocument;
  if (!doc || typeof root.compareDocumentPosition !== "function") return 3;
  let level = 1;
  for (const hd of doc.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    if (root.contains(hd)) continue;
    // DOCUMENT_POSITION_PRECEDING: the heading comes before the board
    if (root.compareDocumentPosition(hd) & 2) level = Number(hd.tagName.slice(1));
  }
  return Math.min(level + 1, 4);
}

// The heading level of a view's sections (ctx.headLevel: headingBase).
/** @param {{headLevel?: number} | null | undefined} ctx @returns {number} */
export function level(ctx) {
  return Number.isFinite(ctx && ctx.headLevel) ? ctx.headLevel : 3;
}

// The "Keys" help of a live board: a small disclosure listing the keys. `entries` are
// bindings (and nativeKeys) in the order shown; each with a help line is listed once,
// and the lines of one label are joined ("Esc: clear the selection (or leave presenter mode)").
/** @param {Disclosure | null | undefined} state @param {readonly HelpEntry[]} entries @returns {HTMLDetailsElement} */
export function keysHelp(state, entries) {
  /** @type {Map<string, string[]>} */
  const lines = new Map();
  /** @type {Set<HelpEntry>} */
  const seen = new Set();  // an entry listed twice is shown once
  for (const e of asArray(entries)) {
    if (!e || !e.label || !e.help || seen.has(e)) continue;
    seen.add(e);
    if (!lines.has(e.label)) lines.set(e.label, []);
    lines.get(e.label).push(e.help);
  }
  /** @param {string} keys @param {string} what */
  const item = (keys, what) => h("li", null, h("kbd", { text: keys }), " ", what);
  /** @param {string[]} helps */
  const said = (helps) => (helps.length > 1 ? `${helps[0]} (or ${helps.slice(1).join(", or ")})` : helps[0]);
  const details = h("details", { class: "mtl-keys" },
    h("summary", { "data-key": "keys", text: "Keys" }),
    h("ul", { class: "mtl-keys-list" }, ...[...lines].map(([keys, helps]) => item(keys, said(helps)))));
  if (state && state.open) details.open = true;
  details.addEventListener("toggle", () => {
    if (state) state.open = details.open;
  });
  return details;
}

// The skip link at the top of a live board: it moves the focus to the hand's tab stop
// (or the next useful control) without tabbing through the actions.
/** @param {string} targetId @param {() => void} go @returns {HTMLAnchorElement} */
export function skipLink(targetId, go) {
  const a = h("a", { class: "mtl-skip", href: `#${targetId}`, "data-key": "skip", text: "Skip to your hand" });
  a.addEventListener("click", (ev) => {
    ev.preventDefault();
    go();
  });
  return a;
}

// ---------------------------------------------------------------- the key dispatcher
//
// Every key a widget handles goes through bindKeys: a widget registers its bindings on
// its root element (or on an element inside it), and one listener per element applies
// them. A binding is {keys, run, label, help, field}: `keys` the KeyboardEvent.key
// values it answers ("Escape", "ArrowLeft", "p"; a modifier as a prefix, "Ctrl+Enter"),
// `run(ev)` the action (it returns false when the key does not apply here, e.g. Escape
// with nothing selected), `label` and `help` what the Keys help shows ("Esc", "clear the
// selection"), `field: true` to take the key in a text field too. The precedence, the
// same for every widget:
//
// 1. An event whose default is already prevented was handled by an inner widget (or
//    someone else): nobody handles it again. Keys typed while an input method composes
//    text are left alone.
// 2. Ctrl, Alt and Meta keys belong to the browser: a binding answers a key with one of
//    them only when it names it ("Ctrl+Enter"), and a plain binding never answers them
//    ("Escape" is not "Ctrl+Escape"). Shift is not checked unless named ("P" is p or P).
//    A key of one character is compared without case.
// 3. A key typed into a text field (input, textarea, select, contenteditable) stays with
//    the field, except Escape, and except for a binding with `field: true`.
// 4. The innermost element with bindings handles first (the event bubbles from the
//    focus outwards); on one element the bindings are tried in their order. The first
//    whose run does not return false handles the key, and the dispatcher calls
//    preventDefault, which tells the outer elements (rule 1). A key no binding
//    handles passes through untouched: no preventDefault, the browser or the page has it.

// "Ctrl+Enter" -> {key: "Enter", ctrl: true, alt: false, meta: false, shift: null};
// shift is null when the spec does not name it (either state matches).
/** @param {string} spec @returns {{key: string, ctrl: boolean, alt: boolean, meta: boolean, shift: boolean | null}} */
export function parseKeySpec(spec) {
  const out = { key: String(spec), ctrl: false, alt: false, meta: false, shift: /** @type {boolean | null} */ (null) };
  for (;;) {
    const m = /^(Ctrl|Alt|Meta|Shift)\+(.+)$/.exec(out.key);
    if (!m) break;
    out[/** @type {"ctrl" | "alt" | "meta" | "shift"} */ (m[1].toLowerCase())] = true;
    out.key = m[2];
  }
  return out;
}

// Two key names are the same key: a letter either case, else exactly.
/** @param {string} a @param {string} b @returns {boolean} */
function sameKey(a, b) {
  return a.length === 1 && b.length === 1 ? a.toLowerCase() === b.toLowerCase() : a === b;
}

// True when `spec` ("Escape", "Ctrl+Enter") names the key of `ev` with its modifiers.
/** @param {string} spec @param {{key: string, ctrlKey?: boolean, altKey?: boolean, metaKey?: boolean, shiftKey?: boolean}} ev
 * @returns {boolean} */
export function keyMatches(spec, ev) {
  const s = parseKeySpec(spec);
  if (!sameKey(s.key, String(ev.key))) return false;
  if (!!ev.ctrlKey !== s.ctrl || !!ev.altKey !== s.alt || !!ev.metaKey !== s.meta) return false;
  return s.shift === null || !!ev.shiftKey === s.shift;
}

const NOT_TEXT = new Set(["button", "checkbox", "radio", "submit", "reset", "image", "file", "color"]);

// True when `node` takes typed text (or the arrow keys) itself: a text-like input, a
// textarea, a select, or an element inside contenteditable content.
/** @param {EventTarget | null | undefined} target @returns {boolean} */
export function isTextField(target) {
  const node = /** @type {HTMLElement | null | undefined} */ (target);
  if (!node || !node.tagName) return false;
  const tag = node.tagName.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return !NOT_TEXT.has(String(node.getAttribute("type") || "text").toLowerCase());
  if (typeof node.isContentEditable === "boolean") return node.isContentEditable;
  const editable = node.closest ? node.closest("[contenteditable]") : null;
  return !!editable && editable.getAttribute("contenteditable") !== "false";
}

// Apply `bindings` (an array, or a function returning one) to a keydown event by the
// rules above. Returns true when a binding handled it (and preventDefault was called).
/** @param {KeyboardEvent} ev @param {readonly Binding[] | (() => readonly Binding[])} bindings @returns {boolean} */
export function dispatchKey(ev, bindings) {
  if (!ev || ev.defaultPrevented || ev.isComposing) return false;
  const inField = isTextField(ev.target);
  const list = typeof bindings === "function" ? bindings() : bindings;
  for (const b of asArray(list)) {
    if (!b || typeof b.run !== "function") continue;
    if (!asArray(b.keys).some((spec) => keyMatches(spec, ev))) continue;
    if (inField && ev.key !== "Escape" && !b.field) continue;
    if (b.run(ev) === false) continue;
    ev.preventDefault();
    return true;
  }
  return false;
}

// Register `bindings` on `el`: one keydown listener that dispatches by the rules above.
// Returns the function that removes it.
/** @param {Element} el @param {readonly Binding[] | (() => readonly Binding[])} bindings @returns {() => void} */
export function bindKeys(el, bindings) {
  /** @param {Event} ev */
  const onKey = (ev) => dispatchKey(/** @type {KeyboardEvent} */ (ev), bindings);
  el.addEventListener("keydown", onKey);
  return () => el.removeEventListener("keydown", onKey);
}
