// While a live notebook starts (docs/_ext/mtlearn_lite.py adds this file to the JupyterLite
// notebook page): says in plain words what the browser is doing, step by step, until the
// chapter's Python is ready, then how to bring the boards to life; again when another
// chapter opens in the same page. Reads only the page.
"use strict";

(() => {
  const STEPS = [
    "Opening the chapter…",
    "Starting Python in your browser…",
    "Loading the game into Python…",
    "Python is ready. Run all the cells (▶▶ or Run › Run All Cells) to bring the boards to life.",
  ];
  const box = document.createElement("div");
  box.className = "mtl-lite-progress";
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  box.style.cssText =
    "position:fixed;left:50%;bottom:1.2rem;transform:translateX(-50%);z-index:10000;" +
    "background:#1f3b57;color:#fff;padding:.55rem 1rem;border-radius:.5rem;" +
    "font:15px/1.4 system-ui,sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.25);max-width:90vw";

  function step() {
    if (document.querySelector(".jp-KernelStatus-success")) return 4;
    if (document.querySelector(".jp-KernelStatus-spinner")) return 3;
    if (document.querySelector(".jp-NotebookPanel")) return 2;
    return 1;
  }

  let shown = 0;
  let timer = 0;
  function update() {
    const n = step();
    if (n !== shown) {
      shown = n;
      box.textContent = n < STEPS.length ? `${STEPS[n - 1]} ${n} of ${STEPS.length}` : STEPS[n - 1];
      box.setAttribute("data-step", String(n));
    }
    if (n === STEPS.length) {
      timer = setTimeout(() => box.remove(), 8000);
      return;
    }
    timer = setTimeout(update, 250);
  }

  // another chapter opened in this page (mtlearn_lite_nav.js): say so again until it is ready
  window.addEventListener("mtlearn-live-chapter", () => {
    clearTimeout(timer);
    shown = 0;
    document.body.appendChild(box);
    update();
  });

  function start() {
    document.body.appendChild(box);
    update();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
