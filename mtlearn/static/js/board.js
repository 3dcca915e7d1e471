// A board: one position you can play on (model keys: view, message, show_legal,
// rules_url). Clicks become intents sent to the host (the kernel, the in-page engine
// or the answers stored in the page); the host answers with the next view.

import { asArray, moveName, onRefusal, refusalMessage, sameTile } from "./view-data.js";
import { append, h, keepInView, listen, ruleLink, scrollIntoViewBelowBar } from "./dom.js";
import { freshTiles, lineCounts } from "./new-tiles.js";
import { botMovesNode, hostStatusNode, matchSection, newGameSection, runningTotalsNode, scrollStops } from "./match.js";
import { presenter } from "./presenter.js";
import { announcement, bindKeys, focusAfterView, headingBase, keysHelp, nativeKeys, rovingBindings, skipLink, trainStop } from "./keys.js";
import { focusKey, hasLegalMove, moveFor, restoreFocus, viewSection } from "./view-parts.js";
import { stepsNews, stepsSection } from "./steps.js";
import { legendSection, tileNumbersOn, uid } from "./tiles.js";

// Where the focus goes when the control it was on is gone or disabled after a redraw.
const FOCUS_ALT = { pass: "draw", draw: "pass", end: "pass", uno: "draw", hint: "undo" };

export function renderBoard(model, el) {
  const words = { open: false };
  const legend = { open: false };
  const keysState = { open: false };
  const root = h("div", { class: "mtl-root mtl-board", tabindex: "-1" });
  // Landmarks need distinct names: the second board of a page is "Mexican Train board 2".
  // (Each board of a static page runs its own copy of this module: count in the page.)
  const boardCount = document.querySelectorAll(".mtl-root.mtl-board").length + 1;
  root.setAttribute("aria-label", boardCount > 1 ? `Mexican Train board ${boardCount}` : "Mexican Train board");
  root.setAttribute("role", "region");
  // A stable address for the page's "Skip to the first board" link: #mtl-board-1 is the
  // first board of the page (the root is focusable, tabindex -1, and a named region).
  if (!document.getElementById(`mtl-board-${boardCount}`)) root.id = `mtl-board-${boardCount}`;
  el.appendChild(root);
  let selected = null;
  let note = "";
  // The keyboard's tab stops (keys.js): the hand tile and the train the focus was on last.
  const rove = { hand: null, train: null };
  let pendingFocus = null; // the data-key to focus at the next draw (the next useful control)
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
  append(bar, [skipLink(handId, skipToHand), controlsSlot, msgBox, noteBox, sayBox]);
  const pres = presenter(root, () => draw());
  let actedAt = 0; // when the learner last clicked: their feedback is scrolled into view
  const ui = {};  // state of the match controls kept across draws (match.js)
  let lastMove = null;    // the learner's last move sent ("5-9@M"), to tell it from the bots'
  let lines = null;       // {round, counts}: tiles per train and branch in the last view
  let fresh = null;       // tiles laid since the last view by others: {line id: first index}
  let shownEnd = "";      // the round end whose panel was last brought into view ("3/over")
  let revealUntil = 0;    // till then, each redraw keeps that panel (and its button) in view
  let msgOpen = false;    // the message's "More" toggle on a small screen
  let stepNews = "";      // a step ticked (or unticked) by the last view, said in msgBox
  let restarting = false; // the guided round was asked to start again: its steps are fresh

  /** An intent for the host: the protocol's (protocol.d.ts), or "restart", which the host
   * itself answers by dealing the guided round again (host.js).
   * @param {import("./protocol").BoardIntent | {action: "restart"}} content */
  function send(content) {
    actedAt = Date.now();
    lastMove = content && content.action === "move" ? String(content.move || "") : null;
    model.send(content);
  }

  function onTile(tile) {
    actedAt = Date.now();
    selected = selected !== null && sameTile(selected, tile) ? null : tile;
    note = selected ? `Selected ${selected}. Now choose a train.` : "Selection cleared.";
    rove.hand = tile;
    // Picked: the focus goes to the trains, on the first one the tile may go to.
    if (selected !== null) pendingFocus = `train:${trainStop(model.get("view"), selected, rove.train)}`;
    draw();
  }

  // Escape: the selection is cleared and the focus goes back to the tile.
  function clearSelection() {
    if (selected === null) return false;
    pendingFocus = `tile:${selected}`;
    selected = null;
    note = "Selection cleared.";
    draw();
    return true;
  }

  // The skip link: to the hand's tab stop, or (no hand to play from) the next useful control.
  function skipToHand() {
    const stop = root.querySelector('[data-roving="hand"] [tabindex="0"]');
    if (stop) stop.focus();
    else restoreFocus(root, focusAfterView(null, model.get("view"), rove.hand) || "@root", FOCUS_ALT);
  }

  // The board holds the focus, or lost it to the page in a redraw after the learner acted.
  function ownsFocus() {
    const a = document.activeElement;
    if (a && root.contains(a)) return true;
    return (!a || a === document.body) && Date.now() - actedAt < 10000;
  }

  function onTrain(train) {
    actedAt = Date.now();
    if (selected === null) {
      note = "Choose a tile from your hand first, then a train.";
      draw();
      return;
    }
    const move = moveFor(selected, train);
    note = `${moveName(model.get("view"), move)}…`;
    draw();
    send({ action: "move", move });
  }

  function messageNode() {
    const msg = model.get("message");
    const box = msgBox;
    box.className = "mtl-message";
    box.replaceChildren();
    if (!msg || typeof msg !== "object" || !msg.text) return box;
    const kind = msg.kind === "refusal" || msg.kind === "ok" ? msg.kind : "info";
    box.classList.add(`mtl-msg-${kind}`);
    const prefix = kind === "refusal" ? "✗ Not allowed: " : kind === "ok" ? "✓ " : "ℹ ";
    const text = String(msg.text);
    const p = h("p", null, h("strong", { text: prefix }));
    if (msg.rule) {
      const rule = String(msg.rule);
      const rulesUrl = model.get("rules_url") || "";
      const a = ruleLink(rulesUrl, rule, msg.rule_url);
      // "… (R-MARK-1)." becomes "… (rule R-MARK-1)." with the id as a link.
      const cite = `(${rule})`;
      const at = text.lastIndexOf(cite);
      if (at >= 0) append(p, [text.slice(0, at), "(rule ", a, ")", text.slice(at + cite.length)]);
      else append(p, [text, " (rule ", a, ")"]);
    } else {
      append(p, text);
    }
    box.appendChild(p);
    append(box, botMovesNode(msg));
    if (stepNews) box.appendChild(h("p", { class: "mtl-steps-news", text: stepNews }));
    return box;
  }

  // On a small screen the bar shows the first lines of the message and of the note (a
  // hint); "More" opens them (the whole text is in the live regions either way, so screen
  // readers hear all of it).
  function fitMessage() {
    bar.querySelector(".mtl-msg-more")?.remove();
    bar.classList.toggle("mtl-bar-open", msgOpen);
    const clipped = [msgBox, noteBox].some((n) => n.firstChild && n.scrollHeight > n.clientHeight + 2);
    if (!clipped && !msgOpen) return;
    const more = h("button", { type: "button", class: "mtl-btn mtl-msg-more", "data-key": "msg-more",
      "aria-expanded": msgOpen ? "true" : "false", text: msgOpen ? "Less ▴" : "More ▾" });
    more.addEventListener("click", () => {
      msgOpen = !msgOpen;
      draw();
    });
    msgBox.after(more);  // beside the message (20-readable.css), not inside its live region
  }

  function draw() {
    let key = focusKey(root);
    if (pendingFocus && ownsFocus()) key = pendingFocus;
    pendingFocus = null;
    const view = model.get("view");
    const showLegal = !!model.get("show_legal");
    root.classList.toggle("mtl-pips-only", !tileNumbersOn());

    const btn = (k, label, content, extra) => {
      const b = h("button", Object.assign({ type: "button", class: "mtl-btn", "data-key": k, text: label }, extra || {}));
      b.addEventListener("click", () => content());
      return b;
    };
    const over = view && view.over;
    const controls = h("div", { class: "mtl-controls", role: "group", "aria-label": "Actions" },
      btn("draw", "Draw", () => send({ action: "draw" }), { disabled: over }),
      btn("pass", "Pass", () => send({ action: "pass" }), { disabled: over }),
      view && hasLegalMove(view, "uno")
        ? btn("uno", "Announce last tile", () => send({ action: "move", move: "uno" })) : null,
      view && hasLegalMove(view, "end")
        ? btn("end", "End turn", () => send({ action: "move", move: "end" })) : null,
      btn("undo", "Undo", () => send({ action: "undo" })),
      btn("legal", showLegal ? "✓ Showing legal moves" : "Show legal moves", () => {
        model.set("show_legal", !model.get("show_legal"));
        model.save_changes();
      }, { "aria-pressed": showLegal ? "true" : "false" }),
      view && view.hint && !over ? btn("hint", "Hint", () => {
        if (view.steps) return send({ action: "hint" }); // the engine counts it (steps.js)
        actedAt = Date.now();
        note = "Hint: " + String(view.hint);
        draw();
      }) : null,
      pres.button());

    const ctx = { interactive: !over, selected, showLegal, onTile, onTrain, words, fresh, rove, handId,
      headLevel: headingBase(root) };
    controlsSlot.replaceChildren(controls);
    messageNode();
    if (noteBox.textContent !== note) noteBox.textContent = note;
    fitMessage();
    body.replaceChildren();
    // A guided round (a board with steps) can start again from its deal, where the host
    // can deal it (the in-page engine or the stored answers; a notebook runs its cell).
    const restart = model.get("can_restart") ? () => {
      selected = null;
      restarting = true;
      send({ action: "restart" });
    } : null;
    append(body, [hostStatusNode(model), newGameSection(view, send, ui, restart),
      matchSection(view, send, restart), runningTotalsNode(view), stepsSection(view), viewSection(view, ctx),
      legendSection(legend), keysHelp(keysState, keysShown)]);
    if (bar.parentNode !== root) root.replaceChildren(bar, body);

    if (showLegal && view) {
      const list = h("ul", { class: "mtl-legal-list" });
      // Each legal move is a button that plays it.
      for (const m of asArray(view.legal)) {
        const move = String(m.move);
        // Named in words ("Play 12-11 on your train"); the notation stays in the intent.
        const b = h("button", { type: "button", class: "mtl-legal-move", "data-key": `legal:${move}`,
          text: String(m.text || move) });
        b.addEventListener("click", () => send({ action: "move", move }));
        list.appendChild(h("li", null, b));
      }
      if (!asArray(view.legal).length) {
        list.appendChild(h("li", { text: view.hidden_turn ? "Hidden: another player's tiles are face down." : "No legal moves." }));
      }
      const box = h("div", { class: "mtl-legal" },
        h("p", { class: "mtl-h", text: selected ? `Legal moves (selected tile: ${selected})` : "Legal moves" }), list);
      body.insertBefore(box, body.querySelector(".mtl-view"));
    }
    scrollStops(root);
    restoreFocus(root, key, FOCUS_ALT);
    pres.fit();
    if (Date.now() - actedAt < 10000) keepInView(bar);
    revealRoundEnd(view);
  }

  // The learner's move (or a bot's after it) ended the round: the panel with the scores and
  // Next round (New match at the end) is drawn at the top of the board, often far above
  // where they clicked, and under the sticky bar. Bring it into view below the bar and put
  // the focus on its button, once per round end; redraws in the next moments (the message
  // arriving after the view) keep it there.
  function revealRoundEnd(view) {
    const match = view && view.match;
    const end = match && match.round_over ? `${match.round}/${match.match_over ? "match" : "round"}` : "";
    const now = Date.now();
    if (end && end !== shownEnd && now - actedAt < 10000) revealUntil = now + 1500;
    shownEnd = end;
    if (!end || now > revealUntil || pres.active()) return;
    const panel = body.querySelector(".mtl-match");
    if (!panel) return;
    const button = panel.querySelector('[data-key="next_round"], [data-key="new_match"]');
    scrollIntoViewBelowBar(panel, { focus: button });
  }

  // Keyboard focus that lands under the sticky bar (Tab to a "Play here" button) is
  // scrolled out from under it. Not focus from a click or a tap: scrolling between the
  // press and the release would move the button away and lose the click.
  let pressedAt = 0;
  const onPress = () => { pressedAt = Date.now(); };
  const onFocusIn = (ev) => {
    const t = ev.target;
    if (Date.now() - pressedAt < 1000) return;
    if (t instanceof Element && t !== root && !bar.contains(t) && !pres.active()) {
      scrollIntoViewBelowBar(t);
    }
  };
  root.addEventListener("pointerdown", onPress, true);
  root.addEventListener("focusin", onFocusIn);

  // A new view clears the selection unless the tile is still in the hand of the
  // player to play (e.g. a view refreshed for another reason).
  let lastView = model.get("view") || null;
  const onView = () => {
    const view = model.get("view") || {};
    stepNews = restarting ? "" : stepsNews(lastView, view);
    pendingFocus = focusAfterView(restarting ? null : lastView, view, rove.hand);
    restarting = false;
    lastView = view;
    const said = announcement(view);
    if (said !== sayBox.textContent) sayBox.textContent = said;
    const p = asArray(view.players).find((x) => x.seat === view.to_play);
    const hand = p && Array.isArray(p.hand) ? p.hand : [];
    if (selected !== null && !hand.some((t) => sameTile(t, selected))) selected = null;
    note = "";
    const next = lineCounts(view);
    fresh = freshTiles(lines, next, view, lastMove);
    lines = next;
    msgOpen = false;
    draw();
  };
  const onOther = () => {
    if (note.endsWith("…")) note = "";
    draw();
  };
  lines = lineCounts(model.get("view") || {});
  // The board's keys (keys.js: bindKeys): Escape clears a selection (else leaves
  // presenter mode); the arrows and digits move in the hand and the trains; P presents.
  const bindings = [
    { keys: ["Escape"], run: clearSelection, label: "Esc", help: "clear the selection" },
    ...rovingBindings,
    ...pres.bindings,
  ];
  // The Keys help, in the order a learner meets them.
  const keysShown = [nativeKeys.tab, ...rovingBindings, nativeKeys.enter, ...bindings, nativeKeys.bound];
  // The tab stops follow the focus.
  const onFocusKey = (ev) => {
    const k = ev.target && ev.target.getAttribute ? ev.target.getAttribute("data-key") || "" : "";
    if (k.startsWith("tile:")) rove.hand = k.slice(5);
    else if (k.startsWith("train:")) rove.train = k.slice(6);
  };
  root.addEventListener("focusin", onFocusKey);
  sayBox.textContent = announcement(model.get("view"));
  const unbindKeys = bindKeys(root, bindings);
  const unlisten = listen(model, {
    view: onView, message: onOther, show_legal: onOther, rules_url: onOther, host: onOther,
  });
  const unrefuse = onRefusal(model, (refusal) => model.set("message", refusalMessage(refusal)));
  draw();
  return () => {
    unlisten();
    unrefuse();
    unbindKeys();
    root.removeEventListener("focusin", onFocusIn);
    root.removeEventListener("focusin", onFocusKey);
    root.removeEventListener("pointerdown", onPress, true);
    pres.dispose();
    root.remove();
  };
}
