// The book's pages around the boards (docs/conf.py adds this file to every page).
//
// * "Skip to the first board" (docs/_templates/layout.html, learner pages with boards): the
//   link's target is the board's outer box; this moves the keyboard focus into the board
//   itself, so that the next Tab reaches the board's own controls.
// * "Open as live notebook" (docs/_ext/mtlearn_lite.py) on a page opened from a file on
//   disk: live notebooks cannot start there (the browser shows a blank page), so the
//   button says what to do instead.
"use strict";

(() => {
  const LIVE_FROM_DISK =
    "Live notebooks do not start in a page opened from a file on this computer: the book " +
    "must be opened from its web address. Ask your teacher for the address, or, where " +
    "mtlearn is installed, run \"mtlearn book\" followed by the book's folder or .zip file, " +
    "and open the address it prints.";

  function focusFirstBoard(link, ev) {
    const box = document.getElementById(link.getAttribute("data-mtl-first-board") || "");
    if (!box) return;
    ev.preventDefault();
    const target = box.querySelector(".mtl-root") || box;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    box.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  }

  function explainLiveFromDisk(bar) {
    const link = bar.querySelector("a.mtl-live-open");
    if (!link) return;
    const note = document.createElement("p");
    note.className = "mtl-live-disk";
    note.id = "mtl-live-disk-" + Math.random().toString(36).slice(2, 10);
    note.setAttribute("role", "status");
    bar.appendChild(note);
    link.setAttribute("aria-describedby", note.id);
    link.addEventListener("click", (ev) => {
      ev.preventDefault();
      note.textContent = LIVE_FROM_DISK;
    });
  }

  function start() {
    for (const link of document.querySelectorAll("a[data-mtl-first-board]")) {
      link.addEventListener("click", (ev) => focusFirstBoard(link, ev));
    }
    if (location.protocol === "file:") {
      for (const bar of document.querySelectorAll(".mtl-live-launch")) explainLiveFromDisk(bar);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
