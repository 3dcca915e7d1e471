// mtlearn's in-page engine: Pyodide running mtlearn.hosts.session_host in a module Web Worker.
//
// Next to this file (see docs/_ext/mtlearn_engine.py, which writes the book's copy):
//   engine.json   {"pyodide": "<version>", "wheel": "<path of the wheel, from here>"}
//   pyodide/      the npm package's core files (pyodide.mjs, pyodide.asm.mjs/.wasm,
//                 python_stdlib.zip byte-compiled, pyodide-lock.json)
//   worker/       the wheel the worker loads: mtlearn built from the checkout (standard
//                 library only) as bytecode compiled by the same Pyodide (so no module
//                 is compiled here), without what the worker never uses; the whole
//                 wheel, as sources, sits beside this file (engine.json names the one
//                 to load)
//
// Nothing is fetched from anywhere but this folder. Protocol: the page posts
// {id, request: "<JSON>"} (a mtlearn.hosts.session_host.SessionHost request) and gets
// {id, answer: "<JSON>"}; once ready the worker posts {event: "ready", ms, stages}, or
// {event: "failed", error} if Python or mtlearn cannot load. The stages are ms from the
// worker's start: manifest, wheel (fetched), pyodide (loaded), unpack (the wheel
// installed), mtlearn (the session host imported and made).

import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);

// Pyodide compiles its .wasm while it streams in. Read the whole file first instead: the
// request then ends at once (the page's network goes idle while the compiler works), and a
// failed download is reported as a failure instead of leaving Pyodide waiting.
const nativeFetch = self.fetch.bind(self);
self.fetch = (input, init) => {
  const url = String(input && input.url ? input.url : input);
  if (!url.endsWith(".wasm")) return nativeFetch(input, init);
  return nativeFetch(input, init).then(async (r) => {
    if (!r.ok) throw new Error(`${url.split("/").pop()}: HTTP ${r.status}`);
    const body = await r.arrayBuffer();
    return new Response(body, { status: 200, headers: { "Content-Type": "application/wasm" } });
  }).catch((err) => {
    fail(err);
    throw err;
  });
};
const t0 = performance.now();
const queued = [];
let host = null;

const stages = {};
const mark = (name) => { stages[name] = Math.round(performance.now() - t0); };

async function boot() {
  const manifestResp = await fetch(new URL("engine.json", here));
  if (!manifestResp.ok) throw new Error(`engine.json: HTTP ${manifestResp.status}`);
  const manifest = await manifestResp.json();
  mark("manifest");
  const [pyodide, wheel] = await Promise.all([
    loadPyodide({ indexURL: new URL("pyodide/", here).href }).then((py) => {
      mark("pyodide");
      return py;
    }),
    fetch(new URL(manifest.wheel, here)).then((r) => {
      if (!r.ok) throw new Error(`${manifest.wheel}: HTTP ${r.status}`);
      return r.arrayBuffer();
    }).then((data) => {
      mark("wheel");
      return data;
    }),
  ]);
  // Installed where pip would put it: the bytecode was compiled for that place (its
  // tracebacks name the files there).
  const site = pyodide.runPython(
    "import sys\nnext(p for p in sys.path if p.endswith('/site-packages'))");
  pyodide.unpackArchive(wheel, "zip", { extractDir: site });
  mark("unpack");
  pyodide.runPython(
    "import importlib\nimportlib.invalidate_caches()\n" +
    "from mtlearn.hosts.session_host import SessionHost\n_mtlearn_host = SessionHost()\n");
  host = pyodide.globals.get("_mtlearn_host");
  mark("mtlearn");
}

function answer(data) {
  try {
    self.postMessage({ id: data.id, answer: host.request(String(data.request)) });
  } catch (err) {
    self.postMessage({ id: data.id, error: String(err && err.message ? err.message : err) });
  }
}

self.addEventListener("message", (ev) => {
  if (host) answer(ev.data || {});
  else queued.push(ev.data || {});
});

let settled = false;
function fail(err) {
  if (settled) return;
  settled = true;
  self.postMessage({ event: "failed", error: String(err && err.message ? err.message : err) });
}
// A file that cannot be fetched (the wasm blocked, say) makes Pyodide abort inside a
// promise of its own rather than reject loadPyodide: report that too.
self.addEventListener("unhandledrejection", (ev) => {
  if (host) return;
  ev.preventDefault();
  fail(ev.reason);
});
self.addEventListener("error", (ev) => {
  if (host) return;
  ev.preventDefault();
  fail(ev.message || ev.error);
});

boot().then(() => {
  if (settled) return;
  settled = true;
  self.postMessage({ event: "ready", ms: performance.now() - t0, stages });
  while (queued.length) answer(queued.shift());
}, fail);
