function renderBoard(model, el) {
  const words = { open: false };
  const legend = { open: false };
  const root = h("div", { class: "mtl-root mtl-board", tabindex: "-1" });
  // Landmarks need distinct names: the second board of a page is "Mexican Train board 2".
  // (Each board of a static page runs its own copy of this module: count in the page.)
  const boardCount = document.querySelectorAll(".mtl-root.mtl-board").length + 1;
  root.setAttribute("aria-label", boardCount > 1 ? `Mexican Train board ${boardCount}` : "Mexican Train board");
  root.setAttribute("role", "region");
  el.appendChild(root);
  let selected = null;
  let note = "";
  // Feedback in view: the controls, the verdict and the note live in one bar that stays
  // on screen while the board is played (feedback.js). The two live regions are created
  // once and only their text changes, so screen readers announce every verdict.
  const bar = h("div", { class: "mtl-bar" });
  const controlsSlot = h("div", { class: "mtl-controls-slot" });
  const msgBox = h("div", { class: "mtl-message", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const noteBox = h("p", { class: "mtl-note", "aria-live": "polite" });
  const body = h("div", { class: "mtl-body" });
  append(bar, [controlsSlot, msgBox, noteBox]);
  const pres = presenter(root, () => draw());
  let actedAt = 0; // when the learner last clicked: their feedback is scrolled into view
  const ui = {};  // state of the match controls kept across draws (45-match.js)

  function send(content) {
    actedAt = Date.now();
    model.send(content);
  }

  function onTile(tile) {
    actedAt = Date.now();
    selected = selected !== null && sameTile(selected, tile) ? null : tile;
    note = selected ? `Selected ${selected}. Now choose a train.` : "Selection cleared.";
    draw();
  }

  function onTrain(train) {
    actedAt = Date.now();
    if (selected === null) {
      note = "Choose a tile from your hand first, then a train.";
      draw();
      return;
    }
    const move = moveFor(selected, train);
    note = `Trying ${move}…`;
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
      const href = ruleHref(rulesUrl, rule, msg.rule_url);
      const a = h("a", { class: "mtl-rule", href, text: rule });
      // A rules file in the repository (JupyterLab, Binder) opens beside the notebook.
      if (/\.md(#|$)/.test(href)) {
        a.setAttribute("target", "_blank");
        a.setAttribute("rel", "noopener");
      }
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
    return box;
  }

  function draw() {
    const key = focusKey(root);
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
        actedAt = Date.now();
        note = "Hint: " + String(view.hint);
        draw();
      }) : null,
      pres.button());

    const ctx = { interactive: !over, selected, showLegal, onTile, onTrain, words };
    controlsSlot.replaceChildren(controls);
    messageNode();
    if (noteBox.textContent !== note) noteBox.textContent = note;
    body.replaceChildren();
    append(body, [hostStatusNode(model), newGameSection(view, send, ui),
      matchSection(view, send), viewSection(view, ctx), legendSection(legend)]);
    if (bar.parentNode !== root) root.replaceChildren(bar, body);

    if (showLegal && view) {
      const list = h("ul", { class: "mtl-legal-list" });
      for (const m of asArray(view.legal)) {
        list.appendChild(h("li", null, h("code", { text: String(m.move) }), " — ", String(m.text || "")));
      }
      if (!asArray(view.legal).length) {
        list.appendChild(h("li", { text: view.hidden_turn ? "Hidden: another player's tiles are face down." : "No legal moves." }));
      }
      const box = h("div", { class: "mtl-legal" },
        h("p", { class: "mtl-h", text: selected ? `Legal moves (selected tile: ${selected})` : "Legal moves" }), list);
      body.insertBefore(box, body.querySelector(".mtl-view"));
    }
    restoreFocus(root, key);
    pres.fit();
    if (Date.now() - actedAt < 10000) keepInView(bar);
  }

  // A new view clears the selection unless the tile is still in the hand of the
  // player to play (e.g. a view refreshed for another reason).
  const onView = () => {
    const view = model.get("view") || {};
    const p = asArray(view.players).find((x) => x.seat === view.to_play);
    const hand = p && Array.isArray(p.hand) ? p.hand : [];
    if (selected !== null && !hand.some((t) => sameTile(t, selected))) selected = null;
    note = "";
    draw();
  };
  const onOther = () => {
    if (note.startsWith("Trying")) note = "";
    draw();
  };
  const onKey = (ev) => pres.onKey(ev);
  root.addEventListener("keydown", onKey);
  const unlisten = listen(model, {
    view: onView, message: onOther, show_legal: onOther, rules_url: onOther, host: onOther,
  });
  draw();
  return () => {
    unlisten();
    root.removeEventListener("keydown", onKey);
    pres.dispose();
    root.remove();
  };
}

