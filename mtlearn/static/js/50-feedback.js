// ---------------------------------------------------------------- feedback in view
//
// A board's verdict must be seen where the learner acted. The bar that holds the
// controls and the verdict is sticky (CSS), and after each click keepInView() scrolls the
// smallest amount that brings the whole bar on screen, below any sticky page header
// (the book's), in whatever scrolls: the page, JupyterLab's notebook panel, …

function stickyHeaderBottom(doc) {
  let bottom = 0;
  for (const el of doc.querySelectorAll("header, .bd-header, .jp-Toolbar")) {
    const style = doc.defaultView.getComputedStyle(el);
    if (style.position !== "sticky" && style.position !== "fixed") continue;
    const r = el.getBoundingClientRect();
    if (r.top <= 0 && r.bottom > bottom && r.bottom < doc.defaultView.innerHeight / 2) bottom = r.bottom;
  }
  return bottom;
}

function keepInView(node) {
  const doc = node.ownerDocument;
  const win = doc && doc.defaultView;
  if (!win || !node.isConnected) return;
  const r = node.getBoundingClientRect();
  const top = stickyHeaderBottom(doc);
  const height = win.innerHeight;
  if (r.top >= top && r.bottom <= height) return;
  node.style.scrollMarginTop = `${Math.ceil(top) + 8}px`;
  node.scrollIntoView({ block: r.height > height - top ? "start" : "nearest", inline: "nearest" });
}
