// The function-length check (tests/js/function_lengths.mjs) on sources written here: it
// finds every kind of function and counts its lines as Python's ast does. The TypeScript
// package is the pinned one tests/frontend_checks.py fetches before it runs these tests.
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { frontEndFiles, functionLengths, longFunctions } from "./function_lengths.mjs";

const ROOT = resolve(fileURLToPath(import.meta.url), "..", "..", "..");
const CACHE = process.env.MTLEARN_CACHE || join(ROOT, ".cache");
// the version pinned in tests/npm_vendor.py, kept where its fetch() puts it
const VERSION = /^TYPESCRIPT_VERSION = "([^"]+)"/m.exec(readFileSync(join(ROOT, "tests", "npm_vendor.py"), "utf-8"))[1];
const ts = createRequire(import.meta.url)(join(CACHE, "npm", `typescript-${VERSION}`, "package", "lib", "typescript.js"));

// A function of `n` lines in all: its head, n - 2 statements, its closing brace.
const body = (n) => Array.from({ length: n - 2 }, (_, i) => `  x += ${i};`).join("\n");

test("declarations, arrows, function expressions, methods and accessors are all found", () => {
  const text = [
    "// a comment before is not counted",
    "export function a(x) {", body(4), "}",
    "const b = (x) => {", body(3), "};",
    "const c = function (x) { return x; };",
    "const o = { m(x) {", body(3), "}, get g() { return 1; } };",
    "class K { constructor() { this.k = 1; } }",
  ].join("\n");
  const found = functionLengths(ts, "x.js", text).map((f) => `${f.name}@${f.line}:${f.lines}`);
  assert.deepEqual(found, ["a@2:4", "b@6:3", "c@9:1", "m@10:3", "g@12:1", "constructor@13:1"]);
});

test("a function over the limit is listed with its file, line and length; one at it is not", () => {
  const dir = mkdtempSync(join(tmpdir(), "mtl-lengths-"));
  mkdirSync(join(dir, "static"));
  const file = join(dir, "static", "long.js");
  writeFileSync(file, `function ok(x) {\n${body(120)}\n}\nconst tooLong = (x) => {\n${body(121)}\n};\n`);
  assert.deepEqual(longFunctions(ts, [file], 120, dir), ["static/long.js:121 tooLong (121 lines)"]);
  assert.deepEqual(longFunctions(ts, [file], 121, dir), []);
});

test("the files checked are the front end's modules and the engine's worker", () => {
  const files = frontEndFiles().map((p) => p.slice(ROOT.length + 1));
  assert.ok(files.includes("mtlearn/static/js/board.js"));
  assert.ok(files.includes("mtlearn/static/engine/worker.mjs"));
  assert.ok(files.every((p) => p.endsWith(".js") || p.endsWith("worker.mjs")));
});
