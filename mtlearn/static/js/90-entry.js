// ---------------------------------------------------------------- entry

function render({ model, el }) {
  const kind = model.get("kind");
  if (kind === "puzzle") return renderPuzzle(model, el);
  const isScenario = kind === "scenario" || (kind !== "board" && Array.isArray(model.get("frames")));
  return isScenario ? renderScenario(model, el) : renderBoard(model, el);
}

const widget = { render };
export default widget;
