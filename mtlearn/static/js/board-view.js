// The board's view: draws a board's state (board-state.js) and its model into the DOM.
// The parts made once (boardFrame: the root, the sticky bar and its live regions) keep
// their nodes, so screen readers announce every verdict; each draw (drawBoard) makes the
// controls and the position again. The DOM's events go to the board's actions
// (`BoardActions`), which renderBoard (board.js) turns into the controller's events.

import { asArray, sameTile } from "./view-data.js";
import { append, h, ruleLink, scrollIntoViewBelowBar, withRuleLinks } from "./dom.js";
import { botMovesNode, hostStatusNode, matchSection, newGameSection, runningTotalsNode, scrollStops, whoNode } from "./match.js";
import { headingBase, keysHelp, skipLink } from "./keys.js";
import { hasLegalMove, viewSection } from "./view-parts.js";
import { stepsSection } from "./steps.js";
import { reviewSection } from "./review.js";
import { keepOwnPuzzle } from "./own-puzzles.js";
import { legendSection, tileNumbersOn, uid } from "./tiles.js";

/** @typedef {import("./protocol").View} View */
/** @typedef {import("./protocol").Train} Train */
/** @typedef {import("./protocol").Branch} Branch */
/** @typedef {import("./protocol").BoardMessage} BoardMessage */
/** @typedef {import("./protocol").LegalMove} LegalMove */
/** @typedef {import("./board-state.js").BoardState} BoardState */
/** @typedef {import("./board-state.js").BoardModel} BoardModel */
/** @typedef {import("./board-state.js").BoardSent} BoardSent */
/** @typedef {import("./tiles.js").Disclosure} Disclosure */
/** @typedef {import("./match.js").MatchUi} MatchUi */
/** @typedef {ReturnType<typeof import("./presenter.js").presenter>} Presenter */

/**
 * The nodes a board makes once: the root; the bar (sticky: the controls, the verdict and
 * the note stay on screen while the board is played) with its slot for the controls and
 * its live regions; the body that holds the position; the id of the hand to play from.
 * @typedef {object} BoardParts
 * @property {HTMLDivElement} root
 * @property {HTMLDivElement} bar
 * @property {HTMLDivElement} controlsSlot
 * @property {HTMLDivElement} msgBox   the message (role status, polite)
 * @property {HTMLParagraphElement} noteBox  the note about the last click (polite)
 * @property {HTMLParagraphElement} sayBox   the status line, for screen readers only
 * @property {HTMLDivElement} body
 * @property {string} handId
 */

/**
 * What the DOM's events do (renderBoard: each becomes a controller event).
 * @typedef {object} BoardActions
 * @property {(tile: string) => void} tile           a hand tile clicked
 * @property {(target: Train | Branch) => void} train  a train's or branch's "Play here"
 * @property {(intent: BoardSent) => void} send      a control's intent
 * @property {(view: View) => void} hint             the Hint button
 * @property {() => void} restart                    start the guided round again
 * @property {() => void} more                       the message's More / Less
 * @property {() => void} toggleLegal                Show legal moves
 * @property {() => void} redraw                     draw again (a panel's own state changed)
 */

/**
 * What a board keeps across draws in the DOM's own controls: the disclosures (the
 * position in words, the legend, the Keys help) open or closed, New game's form, the
 * review's panel (review.js).
 * @typedef {{words: Disclosure, legend: Disclosure, keys: Disclosure, ui: MatchUi,
 *   review: import("./review.js").ReviewUi}} BoardMemo
 */

/**
 * What one draw shows: the state, the model's keys, and what the board holds for it.
 * @typedef {object} BoardProps
 * @property {BoardState} state
 * @property {BoardModel} model
 * @property {BoardActions} act
 * @property {BoardMemo} memo
 * @property {Presenter} pres
 * @property {import("./keys.js").HelpEntry[]} keysShown  the Keys help's lines
 */

/** The board's root and bar, in `el`. Landmarks need distinct names: the second board of
 * a page is "Mexican Train board 2" (each board of a static page runs its own copy of
 * this module: count in the page).
 * @param {HTMLElement} el @param {() => void} onSkip the skip link's action @returns {BoardParts} */
export function boardFrame(el, onSkip) {
  const root = h("div", { class: "mtl-root mtl-board", tabindex: "-1" });
  const boardCount = document.querySelectorAll(".mtl-root.mtl-board").length + 1;
  root.setAttribute("aria-label", boardCount > 1 ? `Mexican Train board ${boardCount}` : "Mexican Train board");
  root.setAttribute("role", "region");
  // A stable address for the page's "Skip to the first board" link: #mtl-board-1 is the
  // first board of the page (the root is focusable, tabindex -1, and a named region).
  if (!document.getElementById(`mtl-board-${boardCount}`)) root.id = `mtl-board-${boardCount}`;
  el.appendChild(root);
  const handId = uid("mtl-hand");
  // Feedback in view: the controls, the verdict and the note live in one bar that stays
  // on screen while the board is played (feedback.js). The two live regions are created
  // once and only their text changes, so screen readers announce every verdict.
  const bar = h("div", { class: "mtl-bar" });
  const controlsSlot = h("div", { class: "mtl-controls-slot" });
  const msgBox = h("div", { class: "mtl-message", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const noteBox = h("p", { class: "mtl-note", "aria-live": "polite" });
  // What the status line says (the tile the learner drew, "plays again", an open double
  // to cover, the round's scores), announced when it changes (keys.js: announcement).
  const sayBox = h("p", { class: "mtl-sr-only mtl-announce", "aria-live": "polite", "aria-atomic": "true" });
  const body = h("div", { class: "mtl-body" });
  append(bar, [skipLink(handId, onSkip), controlsSlot, msgBox, noteBox, sayBox]);
  return { root, bar, controlsSlot, msgBox, noteBox, sayBox, body, handId };
}

/** The actions' buttons: Draw, Pass, the last tile, End turn, Undo, Show legal moves,
 * Hint and Present.
 * @param {View | null} view @param {boolean} showLegal @param {BoardActions} act @param {Presenter} pres
 * @returns {HTMLDivElement} */
function controlsNode(view, showLegal, act, pres) {
  /** @param {string} k @param {string} label @param {() => void} run @param {import("./dom.js").Attrs} [extra] */
  const btn = (k, label, run, extra) => {
    const b = h("button", Object.assign({ type: "button", class: "mtl-btn", "data-key": k, text: label }, extra || {}));
    b.addEventListener("click", () => run());
    return b;
  };
  const over = view && view.over;
  // The actions are one tab stop (keys.js: a roving group, the arrows move between them).
  return rovingGroup(h("div", { class: "mtl-controls", role: "group", "aria-label": "Actions", "data-roving": "actions" },
    btn("draw", "Draw", () => act.send({ action: "draw" }), { disabled: over }),
    btn("pass", "Pass", () => act.send({ action: "pass" }), { disabled: over }),
    view && hasLegalMove(view, "uno")
      ? btn("uno", "Announce last tile", () => act.send({ action: "move", move: "uno" })) : null,
    view && hasLegalMove(view, "end")
      ? btn("end", "End turn", () => act.send({ action: "move", move: "end" })) : null,
    btn("undo", "Undo", () => act.send({ action: "undo" })),
    btn("legal", showLegal ? "✓ Showing legal moves" : "Show legal moves", () => act.toggleLegal(),
      { "aria-pressed": showLegal ? "true" : "false" }),
    view && view.hint && !over ? btn("hint", "Hint", () => act.hint(view)) : null,
    pres.button()));
}

/** Make the buttons of `group` one tab stop: each is a roving item (keys.js: rovingMove),
 * the first enabled one has tabindex 0, the others -1.
 * @template {HTMLElement} T @param {T} group @returns {T} */
export function rovingGroup(group) {
  let stop = false;
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (group.querySelectorAll("button"))) {
    b.setAttribute("data-rove", "");
    const first = !stop && !b.disabled;
    b.setAttribute("tabindex", first ? "0" : "-1");
    if (first) stop = true;
  }
  // the item the focus is put on (a redraw, a click) becomes the stop
  group.addEventListener("focusin", (ev) => {
    const t = /** @type {Element} */ (ev.target);
    if (!t.hasAttribute || !t.hasAttribute("data-rove")) return;
    for (const b of group.querySelectorAll("[data-rove]")) b.setAttribute("tabindex", b === t ? "0" : "-1");
  });
  return group;
}

/** Write the message (model key "message") into its live region: the verdict, its rule
 * as a link in words ("… (R-MARK-1)." becomes "… (rule: only you play on your train …)."; in
 * presenter mode, `asId`, "(rule R-MARK-1)"), the bots' moves, the steps' news.
 * @param {HTMLElement} box @param {BoardMessage | null} msg @param {string} rulesUrl @param {string} stepNews
 * @param {boolean} asId */
function writeMessage(box, msg, rulesUrl, stepNews, asId) {
  box.className = "mtl-message";
  box.replaceChildren();
  if (!msg || typeof msg !== "object" || !msg.text) return;
  const kind = msg.kind === "refusal" || msg.kind === "ok" ? msg.kind : "info";
  box.classList.add(`mtl-msg-${kind}`);
  const prefix = kind === "refusal" ? "✗ Not allowed: " : kind === "ok" ? "✓ " : "ℹ ";
  const text = String(msg.text);
  const p = h("p", null, h("strong", { text: prefix }));
  const said = asId ? "(rule " : "(rule: ";
  if (msg.rule) {
    const rule = String(msg.rule);
    const a = ruleLink(rulesUrl || "", rule, msg.rule_url, asId);
    const cite = `(${rule})`;
    const at = text.lastIndexOf(cite);
    if (at >= 0) append(p, [withRuleLinks(text.slice(0, at), rulesUrl, asId), said, a, ")",
      withRuleLinks(text.slice(at + cite.length), rulesUrl, asId)]);
    else append(p, [withRuleLinks(text, rulesUrl, asId), ` ${said}`, a, ")"]);
  } else {
    append(p, withRuleLinks(text, rulesUrl, asId));
  }
  box.appendChild(p);
  append(box, botMovesNode(msg));
  if (stepNews) box.appendChild(h("p", { class: "mtl-steps-news", text: stepNews }));
}

/** On a small screen the bar shows the first lines of the message and of the note (a
 * hint); "More" opens them (the whole text is in the live regions either way, so screen
 * readers hear all of it).
 * @param {BoardParts} parts @param {boolean} open @param {() => void} onMore */
function fitMessage(parts, open, onMore) {
  const { bar, msgBox, noteBox } = parts;
  bar.querySelector(".mtl-msg-more")?.remove();
  bar.classList.toggle("mtl-bar-open", open);
  const clipped = [msgBox, noteBox].some((n) => n.firstChild && n.scrollHeight > n.clientHeight + 2);
  if (!clipped && !open) return;
  const more = h("button", { type: "button", class: "mtl-btn mtl-msg-more", "data-key": "msg-more",
    "aria-expanded": open ? "true" : "false", text: open ? "Less ▴" : "More ▾" });
  more.addEventListener("click", () => onMore());
  msgBox.after(more);  // beside the message (20-readable.css), not inside its live region
}

/** The legal moves, each a button that plays it, named in words ("Play 12-11 on your
 * train"; the notation stays in the intent). With a tile selected, that tile's plays come
 * first under their own heading, and every other legal move after them under "Other
 * legal moves": a heading never names a tile whose moves it does not list.
 * @param {View} view @param {string | null} selected @param {BoardActions} act @returns {HTMLDivElement} */
function legalBox(view, selected, act) {
  const all = asArray(view.legal);
  /** @param {LegalMove[]} moves @returns {HTMLUListElement} */
  const listOf = (moves) => {
    const list = h("ul", { class: "mtl-legal-list" });
    for (const m of moves) {
      const move = String(m.move);
      const b = h("button", { type: "button", class: "mtl-legal-move", "data-key": `legal:${move}`,
        text: String(m.text || move) });
      b.addEventListener("click", () => act.send({ action: "move", move }));
      list.appendChild(h("li", null, b));
    }
    return list;
  };
  if (!all.length) {
    return h("div", { class: "mtl-legal", "data-roving": "legal" }, h("p", { class: "mtl-h", text: "Legal moves" }),
      h("ul", { class: "mtl-legal-list" },
        h("li", { text: view.hidden_turn ? "Hidden: another player's tiles are face down." : "No legal moves." })));
  }
  if (!selected) {
    return rovingGroup(h("div", { class: "mtl-legal", "data-roving": "legal" },
      h("p", { class: "mtl-h", text: "Legal moves" }), listOf(all)));
  }
  /** @param {LegalMove} m */
  const ofSelected = (m) => {
    const move = String(m.move);
    const at = move.indexOf("@");
    return at > 0 && sameTile(move.slice(0, at), selected);
  };
  const mine = all.filter(ofSelected);
  const others = all.filter((m) => !ofSelected(m));
  const first = mine.length ? listOf(mine)
    : h("ul", { class: "mtl-legal-list" }, h("li", { text: `None: ${selected} has no legal move now.` }));
  return rovingGroup(h("div", { class: "mtl-legal", "data-roving": "legal" },
    h("p", { class: "mtl-h", text: `Legal moves (selected tile: ${selected})` }), first,
    others.length ? h("p", { class: "mtl-h", text: "Other legal moves" }) : null,
    others.length ? listOf(others) : null));
}

/** Keyboard focus that lands under the sticky bar or the docked hand (Tab to a "Play
 * here" button) is scrolled out from under them, with its train. Not focus from a click or a tap: scrolling between the
 * press and the release would move the button away and lose the click. Returns the
 * function that stops it.
 * @param {BoardParts} parts @param {Presenter} pres @returns {() => void} */
export function focusBelowBar(parts, pres) {
  const { root, bar } = parts;
  let pressedAt = 0;
  const onPress = () => { pressedAt = Date.now(); };
  /** @param {FocusEvent} ev */
  const onFocusIn = (ev) => {
    const t = ev.target;
    if (Date.now() - pressedAt < 1000) return;
    if (t instanceof Element && t !== root && !bar.contains(t) && !pres.active()) {
      // a train's "Play here": the whole train in view (above a docked hand), if it fits
      const row = t.closest(".mtl-train, .mtl-branch");
      scrollIntoViewBelowBar(row || t, { focus: t });
    }
  };
  root.addEventListener("pointerdown", onPress, true);
  root.addEventListener("focusin", onFocusIn);
  return () => {
    root.removeEventListener("focusin", onFocusIn);
    root.removeEventListener("pointerdown", onPress, true);
  };
}

/** Draw the board: the controls and the message in the bar, then the host's status, the
 * match panels, the steps, the position, the legend and the Keys help in the body.
 * @param {BoardParts} parts @param {BoardProps} props */
export function drawBoard(parts, props) {
  const { state, model, act, memo, pres } = props;
  const { root, bar, body } = parts;
  const view = model.get("view");
  const showLegal = !!model.get("show_legal");
  root.classList.toggle("mtl-pips-only", !tileNumbersOn());
  const ctx = { interactive: !(view && view.over), selected: state.selected, showLegal, onTile: act.tile,
    onTrain: act.train, words: memo.words, fresh: state.fresh, rove: state.rove, handId: parts.handId,
    headLevel: headingBase(root) };
  parts.controlsSlot.replaceChildren(controlsNode(view, showLegal, act, pres));
  writeMessage(parts.msgBox, model.get("message"), model.get("rules_url"), state.stepNews, pres.active());
  if (parts.noteBox.textContent !== state.note) parts.noteBox.textContent = state.note;
  if (parts.sayBox.textContent !== state.said) parts.sayBox.textContent = state.said;
  fitMessage(parts, state.msgOpen, act.more);
  body.replaceChildren();
  // A guided round (a board with steps) can start again from its deal, where the host
  // can deal it (the in-page engine or the stored answers; a notebook runs its cell).
  const restart = model.get("can_restart") ? act.restart : null;
  append(body, [whoNode(view), hostStatusNode(model), newGameSection(view, act.send, memo.ui, restart),
    matchSection(view, act.send, restart),
    reviewSection(view, model.get("review"), act.send, memo.review, act.redraw,
      model.get("host") ? keepOwnPuzzle : undefined), runningTotalsNode(view), stepsSection(view), viewSection(view, ctx),
    legendSection(memo.legend), keysHelp(memo.keys, props.keysShown)]);
  if (bar.parentNode !== root) root.replaceChildren(bar, body);
  // before the position itself (a child of the body; the review holds positions of its own)
  const position = Array.from(body.children).find((c) => c.classList.contains("mtl-view")) || null;
  if (showLegal && view) body.insertBefore(legalBox(view, state.selected, act), position);
  scrollStops(root);
}
