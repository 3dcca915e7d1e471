function renderScenario(model, el) {
  const words = { open: false };
  const root = h("div", { class: "mtl-root mtl-scenario", tabindex: "0" });
  root.setAttribute("aria-roledescription", "scenario player");
  el.appendChild(root);

  function frames() {
    return asArray(model.get("frames"));
  }
  function index() {
    const n = frames().length;
    let i = model.get("index") | 0;
    if (i >= n) i = n - 1;
    if (i < 0) i = 0;
    return i;
  }
  function go(i) {
    const n = frames().length;
    if (!n) return;
    const j = Math.max(0, Math.min(n - 1, i));
    if (j === (model.get("index") | 0)) return;
    model.set("index", j);
    model.save_changes();
  }

  function draw() {
    const key = focusKey(root);
    const fs = frames();
    const n = fs.length;
    const i = index();
    const frame = fs[i] || null;
    const title = model.get("title");
    root.setAttribute("aria-label", title ? `Scenario: ${title}` : "Scenario");
    root.replaceChildren();

    const mkBtn = (k, label, aria, target, disabled) => {
      const b = h("button", { type: "button", class: "mtl-btn", "data-key": k, "aria-label": aria, text: label });
      if (disabled) b.setAttribute("aria-disabled", "true");
      b.addEventListener("click", () => go(target));
      return b;
    };
    const controls = h("div", { class: "mtl-controls", role: "group", "aria-label": "Step through the scenario" },
      mkBtn("first", "« First", "First step", 0, i === 0),
      mkBtn("prev", "◀ Previous", "Previous step", i - 1, i === 0),
      h("span", { class: "mtl-counter", "aria-label": `Step ${n ? i + 1 : 0} of ${n}`, text: `${n ? i + 1 : 0} / ${n}` }),
      mkBtn("next", "Next ▶", "Next step", i + 1, i >= n - 1),
      mkBtn("last", "Last »", "Last step", n - 1, i >= n - 1),
      h("span", { class: "mtl-keyhint", text: "Keys: ← → Home End" }));

    const narration = h("div", { class: "mtl-narration", "aria-live": "polite", "aria-atomic": "true" },
      frame && frame.step ? h("span", { class: "mtl-step", text: String(frame.step) }) : null,
      h("p", { class: "mtl-narration-text", text: frame && frame.narration ? String(frame.narration) : "" }));

    append(root, [
      title ? h("div", { class: "mtl-title", text: String(title) }) : null,
      controls,
      narration,
      frame ? viewSection(frame, { interactive: false, selected: null, showLegal: false, words })
        : h("p", { class: "mtl-empty", text: "This scenario has no steps." }),
    ]);
    restoreFocus(root, key);
  }

  function onKey(ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const i = index();
    let target = null;
    if (ev.key === "ArrowRight") target = i + 1;
    else if (ev.key === "ArrowLeft") target = i - 1;
    else if (ev.key === "Home") target = 0;
    else if (ev.key === "End") target = frames().length - 1;
    if (target === null) return;
    ev.preventDefault();
    go(target);
  }

  root.addEventListener("keydown", onKey);
  const onChange = () => draw();
  model.on("change:index", onChange);
  model.on("change:frames", onChange);
  model.on("change:title", onChange);
  draw();
  return () => {
    model.off("change:index", onChange);
    model.off("change:frames", onChange);
    model.off("change:title", onChange);
    root.removeEventListener("keydown", onKey);
    root.remove();
  };
}

// ---------------------------------------------------------------- board

