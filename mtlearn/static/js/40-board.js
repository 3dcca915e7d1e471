function renderBoard(model, el) {
  const words = { open: false };
  const root = h("div", { class: "mtl-root mtl-board" });
  root.setAttribute("aria-label", "Mexican Train board");
  root.setAttribute("role", "region");
  el.appendChild(root);
  let selected = null;
  let note = "";
  const ui = {};  // state of the match controls kept across draws (45-match.js)

  function send(content) {
    model.send(content);
  }

  function onTile(tile) {
    selected = selected !== null && sameTile(selected, tile) ? null : tile;
    note = selected ? `Selected ${selected}. Now choose a train.` : "Selection cleared.";
    draw();
  }

  function onTrain(train) {
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
    const box = h("div", { class: "mtl-message", "aria-live": "polite", "aria-atomic": "true" });
    if (!msg || typeof msg !== "object" || !msg.text) return box;
    const kind = msg.kind === "refusal" || msg.kind === "ok" ? msg.kind : "info";
    box.classList.add(`mtl-msg-${kind}`);
    const prefix = kind === "refusal" ? "✗ Not allowed: " : kind === "ok" ? "✓ " : "ℹ ";
    const text = String(msg.text);
    const p = h("p", null, h("strong", { text: prefix }));
    if (msg.rule) {
      const rule = String(msg.rule);
      const rulesUrl = model.get("rules_url") || "";
      const a = h("a", { class: "mtl-rule", href: ruleHref(rulesUrl, rule, msg.rule_url), text: rule });
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
    root.replaceChildren();

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
        note = "Hint: " + String(view.hint);
        draw();
      }) : null);

    const ctx = { interactive: !over, selected, showLegal, onTile, onTrain, words };
    const hint = h("p", { class: "mtl-note", "aria-live": "polite", text: note });
    append(root, [
      hostStatusNode(model),
      controls,
      newGameSection(view, send, ui),
      messageNode(),
      hint,
      matchSection(view, send),
      viewSection(view, ctx),
    ]);

    if (showLegal && view) {
      const list = h("ul", { class: "mtl-legal-list" });
      for (const m of asArray(view.legal)) {
        list.appendChild(h("li", null, h("code", { text: String(m.move) }), " — ", String(m.text || "")));
      }
      if (!asArray(view.legal).length) {
        list.appendChild(h("li", { text: view.hidden_turn ? "Hidden: another player's tiles are face down." : "No legal moves." }));
      }
      const box = h("div", { class: "mtl-legal" },
        h("h4", { class: "mtl-h", text: selected ? `Legal moves (selected tile: ${selected})` : "Legal moves" }), list);
      root.insertBefore(box, root.querySelector(".mtl-view"));
    }
    restoreFocus(root, key);
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
  model.on("change:view", onView);
  model.on("change:message", onOther);
  model.on("change:show_legal", onOther);
  model.on("change:rules_url", onOther);
  model.on("change:host", onOther);
  draw();
  return () => {
    model.off("change:view", onView);
    model.off("change:message", onOther);
    model.off("change:show_legal", onOther);
    model.off("change:rules_url", onOther);
    model.off("change:host", onOther);
    root.remove();
  };
}

