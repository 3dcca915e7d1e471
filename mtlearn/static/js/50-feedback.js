// ---------------------------------------------------------------- feedback in view
//
// A board's verdict must be seen where the learner acted. The bar that holds the
// controls and the verdict is sticky (CSS), and after each click keepInView() scrolls the
// smallest amount that brings the whole bar on screen, below any sticky page header
// (the book's), in whatever scrolls: the page, JupyterLab's notebook panel, …

// stickyHeaderBottom() and scrollIntoViewBelowBar() are in 00-dom.js.

// The bar itself: its own stickiness is not counted, the page header's is.
function keepInView(node) {
  scrollIntoViewBelowBar(node);
}
