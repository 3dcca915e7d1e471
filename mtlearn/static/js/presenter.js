// ---------------------------------------------------------------- presenter mode
//
// For a projector: a button (and the P key) makes a scenario player or a board fill the
// window with large tiles and the narration; Esc (or the button again) leaves. The root
// element is moved to the end of <body> while presenting, so that no host container
// (JupyterLab's notebook, the book's output box) can clip or transform it, and put back
// where it was afterwards. After every redraw, fit() shrinks the tiles step by step until
// the whole position fits the window (1280x720 at 150 % zoom is 853x480 CSS pixels).

import { h } from "./dom.js";

const PRESENTER_SIZES = [64, 56, 50, 44, 40, 36, 32, 28];

// Presenter mode for the widget whose root is `root`; `onChange(on)` is called when it
// is entered or left (the widget draws again: its button's words change).
/** @param {HTMLElement} root @param {(on: boolean) => void} [onChange] */
export function presenter(root, onChange) {
  /** @type {Comment | null} where the root goes back to */
  let placeholder = null;
  /** @type {Element | null} the focus before presenting */
  let lastFocus = null;
  /** @type {string | null} the root's role before presenting */
  let role = null;

  function active() {
    return root.classList.contains("mtl-presenting");
  }

  function fits() {
    return root.scrollHeight <= root.clientHeight + 1 && root.scrollWidth <= root.clientWidth + 1;
  }

  // Largest tiles that fit; when even the smallest tiles do not, zoom everything out.
  function fit() {
    if (!active()) return;
    root.style.setProperty("--mtl-zoom", "1");
    for (const u of PRESENTER_SIZES) {
      root.style.setProperty("--mtl-u", `${u}px`);
      if (fits()) return;
    }
    let zoom = 1;
    for (let k = 0; k < 6 && !fits(); k++) {
      const ratio = Math.min(root.clientHeight / root.scrollHeight, root.clientWidth / root.scrollWidth);
      zoom = Math.max(0.3, zoom * Math.min(0.97, ratio));
      root.style.setProperty("--mtl-zoom", zoom.toFixed(3));
    }
  }

  function enter() {
    if (active()) return;
    lastFocus = root.ownerDocument.activeElement;
    placeholder = root.ownerDocument.createComment("mtlearn presenter placeholder");
    root.replaceWith(placeholder);
    root.ownerDocument.body.appendChild(root);
    root.classList.add("mtl-presenting");
    role = root.getAttribute("role");
    root.setAttribute("role", "dialog");
    root.setAttribute("aria-modal", "true");
    if (onChange) onChange(true);
    fit();
    root.focus();
  }

  function leave() {
    if (!active()) return;
    root.classList.remove("mtl-presenting");
    root.removeAttribute("aria-modal");
    if (role === null) root.removeAttribute("role");
    else root.setAttribute("role", role);
    root.style.removeProperty("--mtl-u");
    root.style.removeProperty("--mtl-zoom");
    if (placeholder && placeholder.parentNode) placeholder.replaceWith(root);
    placeholder = null;
    if (onChange) onChange(false);
    const back = root.querySelector('[data-key="present"]');
    /** @type {HTMLElement} */ (back || (lastFocus && root.contains(lastFocus) ? lastFocus : root)).focus();
  }

  function toggle() {
    if (active()) leave();
    else enter();
  }

  // P toggles, Esc leaves: bindings for the widget's bindKeys (keys.js), after its own.
  /** @type {import("./keys.js").Binding[]} */
  const bindings = [
    { keys: ["p"], run: () => toggle(), label: "P", help: "presenter mode" },
    { keys: ["Escape"], run: () => (active() ? leave() : false), label: "Esc", help: "leave presenter mode" },
  ];

  function button() {
    const on = active();
    const b = h("button", {
      type: "button",
      class: "mtl-btn mtl-present",
      "data-key": "present",
      "aria-pressed": on ? "true" : "false",
      "aria-keyshortcuts": on ? "P Escape" : "P",
      text: on ? "Leave presenter mode (Esc)" : "Present (P)",
    });
    b.addEventListener("click", () => toggle());
    return b;
  }

  const onResize = () => fit();
  globalThis.addEventListener?.("resize", onResize);
  function dispose() {
    globalThis.removeEventListener?.("resize", onResize);
    if (active()) leave();
  }

  return { active, enter, leave, toggle, bindings, fit, button, dispose };
}
