// Reading a view's data (devnotes/VIEW_FORMAT.md): tiles, lists, names and rule links.
// No DOM here, so node's test runner imports this file as it is (tests/js/).

export function asArray(x) {
  return Array.isArray(x) ? x : [];
}

export function parseTile(tile) {
  const parts = String(tile).split("-");
  const a = parseInt(parts[0], 10);
  const b = parseInt(parts[1], 10);
  return [Number.isFinite(a) ? a : 0, Number.isFinite(b) ? b : 0];
}

export function sameTile(t1, t2) {
  const [a, b] = parseTile(t1);
  const [c, d] = parseTile(t2);
  return (a === c && b === d) || (a === d && b === c);
}

// A rule link must stay a plain web or page-relative address.
export function safeHref(url) {
  const u = String(url || "").trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(u) && !/^https?:/i.test(u)) return "#";
  return u;
}

export function ruleHref(rulesUrl, rule, ruleUrl) {
  if (ruleUrl) return safeHref(ruleUrl);
  const base = safeHref(rulesUrl || "").split("#")[0];
  return base + "#" + String(rule).toLowerCase();
}

// A seat's name as the view gives it.
export function playerName(view, seat) {
  const p = asArray(view.players).find((x) => x.seat === seat);
  return p ? String(p.name) : `Player ${seat}`;
}
