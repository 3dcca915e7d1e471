// Another chapter in the same page, with the Python already running (docs/_ext/
// mtlearn_lite_nav.py adds this file to the JupyterLite notebook page; issue 30).
//
// A click on a link to another live notebook of this site (the "Previous / Next" cell, a
// chapter's links to its siblings) closes the chapter shown without stopping its kernel and
// opens the chapter asked for in this page, connected to that kernel. The address bar shows
// the new chapter (replaceState: Reload opens it, Back returns to the page before). The
// book's pages call window.mtlearnLive.open(path) on this tab to do the same. Whenever that
// cannot be done (the app or its Python not started yet, a failure) the link navigates as
// any link would: the learner is never stuck. Modified clicks (new tab, new window) are
// left to the browser.
"use strict";

(() => {
  const TAB = "mtlearn-live";
  const NOTEBOOK = /^[\w.-]+\.ipynb$/;
  if (!window.name) window.name = TAB; // the book finds this tab by its name
  let switching = null;

  /** The notebook a link leads to when it is a live notebook of this page's app, else null. */
  function chapterOf(href) {
    let url;
    try {
      url = new URL(href, location.href);
    } catch {
      return null;
    }
    const page = (pathname) => pathname.replace(/index\.html$/, "");
    if (url.origin !== location.origin || page(url.pathname) !== page(location.pathname)) {
      return null;
    }
    const path = url.searchParams.get("path");
    return path && NOTEBOOK.test(path) ? path : null;
  }

  function addressOf(path) {
    const url = new URL(location.href);
    url.search = `?path=${encodeURIComponent(path)}`;
    url.hash = "";
    return url.href;
  }

  function shown() {
    const app = window.jupyterapp;
    if (!app || !app.shell || typeof app.shell.widgets !== "function") return null;
    const [panel] = app.shell.widgets("main");
    return panel && panel.sessionContext && panel.context ? panel : null;
  }

  /** The running kernel of the chapter shown, or null when there is none to share. */
  function runningKernel() {
    const panel = shown();
    const kernel = panel && panel.sessionContext.session && panel.sessionContext.session.kernel;
    return kernel && kernel.status !== "dead" ? kernel : null;
  }

  /** The notebook app adds these once per document: they go with the document closed. */
  function forgetDocument(app) {
    for (const widget of [...app.shell.widgets("menu")]) {
      if (widget.node.querySelector(".jp-NotebookTrustedStatus")) widget.dispose();
    }
    // the title (and its Rename/Duplicate commands) is made for the first document only;
    // without its commands and text, the app makes them again for the next document
    const title = document.getElementById("jp-title");
    const registry = app.commands._commands;
    if (title && registry instanceof Map) {
      registry.delete("application:duplicate");
      registry.delete("application:rename");
      title.replaceChildren();
    }
  }

  /** Stop a notebook's rendering of its remaining cells before it is disposed. */
  function stopRendering(notebook) {
    // A long notebook draws its cells a few at a time when the browser is idle
    // (JupyterLab's "defer" windowing), and that work goes on after the notebook is
    // disposed, failing on its emptied layout (an uncaught TypeError). Its scheduled
    // call is cancelled and its steps made to do nothing: it is closed, nothing to draw.
    if (!notebook) return;
    if (notebook._idleCallBack) {
      window.cancelIdleCallback(notebook._idleCallBack);
      notebook._idleCallBack = null;
    }
    for (const step of ["_runOnIdleTime", "_updateForDeferMode", "_scheduleCellRenderOnIdle"]) {
      if (typeof notebook[step] === "function") notebook[step] = async () => {};
    }
  }

  async function swap(path) {
    const app = window.jupyterapp;
    const panel = shown();
    const kernel = runningKernel();
    if (!panel || !kernel) throw new Error("no running Python to share yet");
    if (panel.context.path === path) return panel;
    await app.serviceManager.contents.get(path, { content: false }); // it exists
    const session = panel.sessionContext;
    session.kernelPreference = { ...session.kernelPreference, shutdownOnDispose: false };
    const before = document.querySelector("#jp-title h1");
    forgetDocument(app);
    stopRendering(panel.content);
    panel.dispose();
    const widget = await app.commands.execute("docmanager:open", {
      path,
      kernel: { id: kernel.id },
      options: { ref: "_noref" },
    });
    if (!widget || !widget.isAttached) throw new Error(`${path} was not shown`);
    const heading = document.querySelector("#jp-title h1") ?? before;
    if (heading) {
      heading.textContent = path.replace(/\.ipynb$/, "");
      if (!heading.isConnected) document.getElementById("jp-title")?.append(heading);
    }
    history.replaceState(history.state, "", addressOf(path));
    window.dispatchEvent(new CustomEvent("mtlearn-live-chapter", { detail: { path } }));
    widget.activate();
    return widget;
  }

  /** Show notebook ``path`` in this page with the running Python, else load its address. */
  function open(path) {
    if (!NOTEBOOK.test(path)) return Promise.reject(new Error(`not a notebook: ${path}`));
    if (switching) return switching;
    switching = swap(path)
      .catch((error) => {
        console.info(`mtlearn: opening ${path} as a new page (${error.message})`);
        location.assign(addressOf(path));
      })
      .finally(() => {
        switching = null;
      });
    return switching;
  }

  /** The notebook a plain left click on ``ev``'s target would open, else null. */
  function chapterClicked(ev) {
    if (ev.defaultPrevented || ev.button !== 0) return null;
    if (ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return null;
    const link = ev.target instanceof Element ? ev.target.closest("a[href]") : null;
    return link && chapterOf(link.href);
  }

  // Pressing the link would make its cell the active one, and the notebook then adds a
  // toolbar to that cell a moment later, after the document is closed (an uncaught
  // error): the press is kept from the notebook when the chapter is to open in place.
  for (const type of ["pointerdown", "mousedown"]) {
    document.addEventListener(
      type,
      (ev) => {
        if (chapterClicked(ev) && runningKernel()) {
          ev.preventDefault();
          ev.stopPropagation();
        }
      },
      true,
    );
  }

  document.addEventListener(
    "click",
    (ev) => {
      const path = chapterClicked(ev);
      if (!path) return;
      ev.preventDefault();
      ev.stopPropagation();
      if (!runningKernel()) {
        location.assign(addressOf(path)); // nothing to share yet: an ordinary page load
        return;
      }
      open(path);
    },
    true,
  );

  window.mtlearnLive = {
    open,
    /** Whether a chapter can open here without starting Python again. */
    canSwitch: () => runningKernel() !== null,
    /** The notebook shown. */
    path: () => shown()?.context.path ?? null,
  };
})();
