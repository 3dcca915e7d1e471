// A very small DOM for node's test runner: enough of document, elements and events for
// the board's modules to build their nodes, find them again and be clicked. Install it
// with installFakeDom() before importing a module that draws.

class FakeClassList {
  constructor(el) { this.el = el; }
  get names() { return (this.el.getAttribute("class") || "").split(/\s+/).filter(Boolean); }
  add(...names) { this.el.setAttribute("class", [...new Set([...this.names, ...names])].join(" ")); }
  remove(...names) { this.el.setAttribute("class", this.names.filter((n) => !names.includes(n)).join(" ")); }
  contains(name) { return this.names.includes(name); }
  toggle(name, on) {
    const want = on === undefined ? !this.contains(name) : on;
    if (want) this.add(name); else this.remove(name);
    return want;
  }
}

class FakeNode {
  constructor(doc) {
    this.ownerDocument = doc;
    this.parentNode = null;
    this.childNodes = [];
  }
  get isConnected() { return true; }
  appendChild(child) {
    if (child.parentNode) child.parentNode.removeChild(child);
    child.parentNode = this;
    this.childNodes.push(child);
    return child;
  }
  insertBefore(child, ref) {
    if (!ref) return this.appendChild(child);
    if (child.parentNode) child.parentNode.removeChild(child);
    child.parentNode = this;
    this.childNodes.splice(this.childNodes.indexOf(ref), 0, child);
    return child;
  }
  removeChild(child) {
    this.childNodes = this.childNodes.filter((c) => c !== child);
    child.parentNode = null;
    return child;
  }
  replaceChildren(...nodes) {
    for (const c of [...this.childNodes]) this.removeChild(c);
    for (const n of nodes) this.appendChild(n);
  }
  remove() { if (this.parentNode) this.parentNode.removeChild(this); }
  replaceWith(node) {
    const parent = this.parentNode;
    if (!parent) return;
    parent.insertBefore(node, this);
    parent.removeChild(this);
  }
  contains(node) {
    for (let n = node; n; n = n.parentNode) if (n === this) return true;
    return false;
  }
  get textContent() { return this.childNodes.map((c) => c.textContent).join(""); }
  set textContent(text) {
    this.replaceChildren();
    if (text !== "") this.appendChild(new FakeText(this.ownerDocument, String(text)));
  }
}

class FakeText extends FakeNode {
  constructor(doc, text) { super(doc); this.data = text; }
  get textContent() { return this.data; }
}

class FakeElement extends FakeNode {
  constructor(doc, tag) {
    super(doc);
    this.tagName = tag.toUpperCase();
    this.attributes = new Map();
    this.listeners = new Map();
    this.classList = new FakeClassList(this);
    this.style = {
      setProperty(name, value) { this[name] = String(value); },
      removeProperty(name) { delete this[name]; },
    };
    // no layout: every box is empty (presenter mode's fit() finds the tiles fit)
    this.scrollHeight = 0;
    this.clientHeight = 0;
    this.scrollWidth = 0;
    this.clientWidth = 0;
    this.disabled = false;
    this.value = "";
  }
  get children() { return this.childNodes.filter((c) => c instanceof FakeElement); }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
    if (name === "value") this.value = String(value);
  }
  getAttribute(name) { return this.attributes.has(name) ? this.attributes.get(name) : null; }
  hasAttribute(name) { return this.attributes.has(name); }
  removeAttribute(name) { this.attributes.delete(name); }
  addEventListener(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(fn);
  }
  removeEventListener(type, fn) {
    this.listeners.set(type, (this.listeners.get(type) || []).filter((f) => f !== fn));
  }
  // Calls this element's listeners, then (for a bubbling event) its ancestors', until
  // one calls stopPropagation().
  dispatchEvent(ev) {
    ev.target = ev.target || this;
    for (let n = this; n instanceof FakeElement; n = n.parentNode) {
      ev.currentTarget = n;
      for (const fn of [...(n.listeners.get(ev.type) || [])]) fn(ev);
      if (!ev.bubbles || ev.stopped) break;
    }
    return !ev.defaultPrevented;
  }
  click() { if (!this.disabled) this.dispatchEvent(fakeEvent("click", true)); }
  focus() { this.ownerDocument.activeElement = this; }
  blur() {}
  closest(selector) {
    for (let n = this; n instanceof FakeElement; n = n.parentNode) if (matches(n, selector)) return n;
    return null;
  }
  matches(selector) { return matches(this, selector); }
  getBoundingClientRect() { return { top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 }; }
  scrollIntoView() {}
  *descendants() {
    for (const c of this.children) {
      yield c;
      yield* c.descendants();
    }
  }
  querySelectorAll(selector) {
    return [...this.descendants()].filter((n) => selector.split(",").some((s) => matchesPath(n, s.trim(), this)));
  }
  querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
}

// An event as listeners use it: type, bubbles, stopPropagation, preventDefault.
export function fakeEvent(type, bubbles, extra) {
  return Object.assign({
    type, bubbles: !!bubbles, stopped: false, defaultPrevented: false,
    stopPropagation() { this.stopped = true; },
    preventDefault() { this.defaultPrevented = true; },
  }, extra || {});
}

// One compound selector: tag, .class, [attr] and [attr="value"], :not() left out.
function matches(el, compound) {
  const re = /([.#]?[\w-]+)|\[([\w-]+)(?:="([^"]*)")?\]/g;
  let m;
  while ((m = re.exec(compound)) !== null) {
    if (m[1]) {
      if (m[1][0] === ".") { if (!el.classList.contains(m[1].slice(1))) return false; }
      else if (m[1][0] === "#") { if (el.getAttribute("id") !== m[1].slice(1)) return false; }
      else if (el.tagName !== m[1].toUpperCase()) return false;
    } else if (m[3] === undefined ? !el.hasAttribute(m[2]) : el.getAttribute(m[2]) !== m[3]) {
      return false;
    }
  }
  return true;
}

// A selector with descendant steps ("a .b"), matched from the right, inside `scope`.
function matchesPath(el, selector, scope) {
  const steps = selector.split(/\s+/);
  if (!matches(el, steps.pop())) return false;
  let n = el.parentNode;
  while (steps.length) {
    while (n && n !== scope && !(n instanceof FakeElement && matches(n, steps[steps.length - 1]))) n = n.parentNode;
    if (!n || n === scope) return false;
    steps.pop();
    n = n.parentNode;
  }
  return true;
}

export function installFakeDom() {
  const doc = {
    activeElement: null,
    defaultView: null,
    createElement: (tag) => new FakeElement(doc, tag),
    createElementNS: (_ns, tag) => new FakeElement(doc, tag),
    createTextNode: (text) => new FakeText(doc, text),
    createComment: () => new FakeText(doc, ""),
  };
  doc.body = new FakeElement(doc, "body");
  doc.querySelectorAll = (selector) => doc.body.querySelectorAll(selector);
  doc.querySelector = (selector) => doc.body.querySelector(selector);
  doc.getElementById = (id) => doc.body.querySelector(`#${id}`);
  doc.addEventListener = () => {};
  doc.removeEventListener = () => {};
  globalThis.document = doc;
  return doc;
}

// A stand-in for the anywidget model: get/set/on/off/save_changes/send, with every
// message sent kept in `sent`.
export function fakeModel(initial) {
  const values = Object.assign({}, initial);
  const handlers = new Map();
  const model = {
    sent: [],
    get: (key) => values[key],
    set(key, value) {
      values[key] = value;
      for (const fn of [...(handlers.get(`change:${key}`) || [])]) fn();
    },
    on(event, fn) {
      if (!handlers.has(event)) handlers.set(event, []);
      handlers.get(event).push(fn);
    },
    off(event, fn) { handlers.set(event, (handlers.get(event) || []).filter((f) => f !== fn)); },
    save_changes() {},
    send(content) { model.sent.push(content); },
    listeners: (event) => (handlers.get(event) || []).length,
  };
  return model;
}
