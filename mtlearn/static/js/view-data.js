// Reading a view's data (mtlearn/core/protocol.py; protocol.d.ts): tiles, lists, names and rule links.
// No DOM here, so node's test runner imports this file as it is (tests/js/).
// Type-checked by tsc (tests/frontend_checks.py) against protocol.d.ts, which
// mtlearn.core.protocol_schema writes.

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").BoardMessage} BoardMessage */
/** @typedef {import("./protocol").Feedback} Feedback */
/** @typedef {import("./protocol").Refusal} Refusal */
/** @typedef {import("./protocol").Train} Train */

/**
 * A list from the view, or [] where the view has none (or something else). Its items
 * have the list's type (Player[] gives Player[]); unknown gives unknown[], and an
 * untyped value (any) an untyped list.
 * @template T
 * @param {T} x
 * @returns {0 extends (1 & T) ? any[] : T extends readonly (infer U)[] ? U[] : unknown[]}
 */
export function asArray(x) {
  // any: a conditional type is not checked against the value returned
  return /** @type {any} */ (Array.isArray(x) ? x : []);
}

/** A tile's two numbers ("12-5" -> [12, 5]; 0 for a part that is no number).
 * @param {unknown} tile @returns {[number, number]} */
export function parseTile(tile) {
  const parts = String(tile).split("-");
  const a = parseInt(parts[0], 10);
  const b = parseInt(parts[1], 10);
  return [Number.isFinite(a) ? a : 0, Number.isFinite(b) ? b : 0];
}

/** True when two names are the same tile, either way round ("5-12" is "12-5").
 * @param {unknown} t1 @param {unknown} t2 @returns {boolean} */
export function sameTile(t1, t2) {
  const [a, b] = parseTile(t1);
  const [c, d] = parseTile(t2);
  return (a === c && b === d) || (a === d && b === c);
}

// A rule link must stay a plain web or page-relative address.
/** @param {unknown} url @returns {string} */
export function safeHref(url) {
  const u = String(url || "").trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(u) && !/^https?:/i.test(u)) return "#";
  return u;
}

// Where a rule id links to: the rules page `rulesUrl` at the rule's anchor ("#" alone: this
// page's own anchors, as on a standalone page), or "" when there is no rules page to open
// (the id is then shown without a link: never a dead anchor).
/** @param {string | null | undefined} rulesUrl @param {unknown} rule @param {string | null} [ruleUrl]
 * @returns {string} */
export function ruleHref(rulesUrl, rule, ruleUrl) {
  if (ruleUrl) return safeHref(ruleUrl);
  const given = String(rulesUrl || "").trim();
  if (!given) return "";
  const base = safeHref(given).split("#")[0];
  return base + "#" + String(rule).toLowerCase();
}

// A seat's name as the view gives it.
/** @param {View} view @param {number} seat @returns {string} */
export function playerName(view, seat) {
  const p = asArray(view.players).find((x) => x.seat === seat);
  return p ? String(p.name) : `Player ${seat}`;
}

// A move in words, as a person reads it ("Play 12-11 on your train", "Draw a tile"),
// never the notation "12-11@1" (which stays in the intents): the view's own words for a
// legal move, else built from the trains' names.
/** @param {View | null | undefined} view @param {string} move @returns {string} */
export function moveName(view, move) {
  const mv = String(move);
  const entry = asArray(view && view.legal).find((m) => m && m.move === mv);
  if (entry && entry.text) return String(entry.text);
  /** @type {Record<string, string>} */
  const plain = { draw: "Draw a tile", pass: "Pass", end: "End the turn", uno: "Announce the last tile" };
  if (Object.hasOwn(plain, mv)) return plain[mv];
  const at = mv.indexOf("@");
  if (at < 0) return mv;
  const tile = mv.slice(0, at);
  const id = mv.slice(at + 1);
  for (const t of asArray(view && view.trains)) {
    if (String(t.id) === id) return `Play ${tile} on ${trainWords(view, t)}`;
    for (const b of asArray(t.branches)) {
      if (String(b.id) === id) return `Play ${tile} on branch ${id} of ${trainWords(view, t)}`;
    }
  }
  return `Play ${tile} on train ${id}`;
}

// A train as a sentence names it: "your train" (the player to play's), "the Mexican
// train", "Ben's train".
/** @param {View | null | undefined} view @param {Train | null | undefined} train @returns {string} */
export function trainWords(view, train) {
  if (!train) return "that train";
  if (train.mexican) return "the Mexican train";
  if (view && train.owner === view.to_play) return "your train";
  return train.label ? String(train.label) : `${playerName(view, train.owner)}'s train`;
}

// The protocol's one refusal, {ok: false, error} (mtlearn/core/protocol.py: Refusal): every
// host answers a request or intent it does not serve with it, and nothing changed. A board
// shows it as an info message, a puzzle as "invalid" feedback.
/** @param {Refusal} refusal @returns {BoardMessage} */
export function refusalMessage(refusal) {
  return { kind: "info", text: String(refusal.error), rule: null, rule_url: null, bots: [] };
}

// The same refusal as a puzzle's feedback ("invalid": nothing was judged).
/** @param {Refusal} refusal @returns {Feedback} */
export function refusalFeedback(refusal) {
  return { status: "invalid", text: String(refusal.error), rule: null, n: Date.now() };
}

// A kernel's refusal arrives as a custom widget message: call fn with it. Returns the
// function that stops listening.
/**
 * @param {import("./dom.js").Subscribable} model
 * @param {(refusal: Refusal) => void} fn
 * @returns {() => void}
 */
export function onRefusal(model, fn) {
  /** @param {Partial<Refusal> | null} msg a custom widget message: a refusal has ok false */
  const cb = (msg) => { if (msg && msg.ok === false) fn(/** @type {Refusal} */ (msg)); };
  model.on("msg:custom", cb);
  return () => model.off("msg:custom", cb);
}
