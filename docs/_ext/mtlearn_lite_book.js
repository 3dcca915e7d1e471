// The book's "Open as live notebook" links and the one live-notebook tab (docs/_ext/
// mtlearn_lite_nav.py adds this file to the book's pages as _static/mtlearn-live-tab.js).
//
// The links open the live notebook in one named tab (target="mtlearn-live"), so a second
// chapter does not start a second Python in a second tab. With this script, when that tab
// already shows a live notebook whose Python runs, the book asks it (same origin) to switch
// to the chapter of the link in place, keeping its Python, and brings it forward; otherwise
// the link opens as it would without the script. Pages opened from a file on disk are left
// to mtlearn-book.js (live notebooks cannot start there).
"use strict";

(() => {
  const TAB = "mtlearn-live";

  function notebookOf(link) {
    try {
      const url = new URL(link.href, location.href);
      return url.origin === location.origin ? url.searchParams.get("path") : null;
    } catch {
      return null;
    }
  }

  /** The live tab's switcher when that tab runs a live notebook with its Python, else null. */
  function switcher(tab) {
    try {
      const live = tab.mtlearnLive;
      return live && typeof live.open === "function" && live.canSwitch() ? live : null;
    } catch {
      return null; // another origin, or a tab closed meanwhile
    }
  }

  function isBlank(tab) {
    try {
      return tab.location.href === "about:blank";
    } catch {
      return false;
    }
  }

  function onClick(ev) {
    const link = ev.currentTarget;
    if (ev.defaultPrevented || ev.button !== 0) return;
    if (ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
    const path = notebookOf(link);
    if (!path) return;
    ev.preventDefault();
    // the named tab if it exists, else a new empty one (opened by this click, so allowed)
    const tab = window.open("", TAB);
    if (!tab) {
      location.assign(link.href); // no tab could be opened: this one goes
      return;
    }
    const live = switcher(tab);
    if (live) {
      live.open(path);
    } else if (isBlank(tab)) {
      tab.location.replace(link.href); // a new tab: no empty page to go Back to
    } else {
      tab.location.href = link.href;
    }
    tab.focus();
  }

  function start() {
    if (location.protocol === "file:") return;
    for (const link of document.querySelectorAll(`a[target="${TAB}"]`)) {
      link.addEventListener("click", onClick);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
