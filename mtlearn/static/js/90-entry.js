// ---------------------------------------------------------------- entry

function render({ model, el }) {
  const kind = model.get("kind");
  const isScenario = kind === "scenario" || (kind !== "board" && Array.isArray(model.get("frames")));
  return isScenario ? renderScenario(model, el) : renderBoard(model, el);
}

const widget = { render };
export default widget;
