// No function of the front end over 120 lines (issue 37), as for the package's Python
// (tests/test_layers.py): a longer one is split into named parts, each saying what it
// reads or decides. Lists every function (declarations, function expressions, arrows,
// methods, accessors, constructors) of mtlearn/static/js/*.js and
// mtlearn/static/engine/worker.mjs longer than that, and exits 1 if there is one.
//
// The functions are found with the TypeScript compiler's parser, from the pinned package
// that tests/frontend_checks.py fetches (npm_vendor.fetch("typescript", TYPESCRIPT_VERSION,
// "lib/typescript.js"), kept in .cache/npm/typescript-<version>/package/):
//
//   node tests/js/function_lengths.mjs .cache/npm/typescript-5.6.3/package/lib/typescript.js
//
// A function's lines run from its first token (after any comment before it) to its last,
// both counted, as Python's ast counts them. Not a node:test file (its name has no
// ".test"): it is a check run on its own, with the compiler's path as its argument.

import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The longest a function may be, in lines. */
export const MAX_FUNCTION_LINES = 120;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The front end's source files: every module of static/js, and the engine's worker. */
export function frontEndFiles(root = ROOT) {
  const js = join(root, "mtlearn", "static", "js");
  const modules = readdirSync(js).filter((n) => n.endsWith(".js")).sort().map((n) => join(js, n));
  return [...modules, join(root, "mtlearn", "static", "engine", "worker.mjs")];
}

/** A function's name for the report: its own, the variable or property it is given to,
 * else "(anonymous)". */
function functionName(ts, node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  if (ts.isConstructorDeclaration(node)) return "constructor";
  return "(anonymous)";
}

/** Every function of `text` (a file at `path`) with its first line, its length in lines
 * and its name. */
export function functionLengths(ts, path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      found.push({ line: first, lines: last - first + 1, name: functionName(ts, node, source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The functions of `files` over `max` lines, as "path:line name (n lines)". */
export function longFunctions(ts, files, max = MAX_FUNCTION_LINES, root = ROOT) {
  const long = [];
  for (const path of files) {
    for (const f of functionLengths(ts, path, readFileSync(path, "utf-8"))) {
      if (f.lines > max) long.push(`${relative(root, path)}:${f.line} ${f.name} (${f.lines} lines)`);
    }
  }
  return long;
}

function main(argv) {
  if (argv.length !== 1) {
    console.error("usage: node tests/js/function_lengths.mjs <path of typescript's lib/typescript.js>");
    return 2;
  }
  const ts = createRequire(import.meta.url)(resolve(argv[0]));
  const long = longFunctions(ts, frontEndFiles());
  for (const line of long) console.log(line);
  if (long.length) {
    console.error(`function_lengths: ${long.length} function(s) over ${MAX_FUNCTION_LINES} lines`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
