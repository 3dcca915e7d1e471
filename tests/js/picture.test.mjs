// A picture (static/js/picture.js): a still position in a figure with its caption: no
// action, no "Play here", no tile to pick; the board's "who plays" line (match.js).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fakeModel, installFakeDom } from "./fakedom.mjs";

installFakeDom();
const { renderPicture } = await import("../../mtlearn/static/js/picture.js");
const { whoNode } = await import("../../mtlearn/static/js/match.js");
const view = JSON.parse(readFileSync(new URL("../data/views/two_player.json", import.meta.url), "utf-8"));

test("a picture is a figure named by its caption, with nothing to press", () => {
  const el = document.createElement("div");
  const model = fakeModel({ kind: "picture", view, caption: "Ana is to play." });
  const cleanup = renderPicture(model, el);
  const fig = el.querySelector("figure.mtl-picture");
  assert.ok(fig);
  const cap = fig.querySelector("figcaption");
  assert.equal(cap.textContent, "Ana is to play.");
  assert.equal(fig.getAttribute("aria-labelledby"), cap.getAttribute("id"));
  assert.equal(el.querySelectorAll("button").length, 0);
  assert.equal(el.querySelectorAll('[tabindex="0"]').length, 0);
  assert.equal(model.sent.length, 0);
  cleanup();
});

test("a board says who plays; no setup, no line", () => {
  const who = whoNode({ ...view, match: { setup: { who: "You play every seat: Ana and Ben." } } });
  assert.equal(who.textContent, "Your board to play. You play every seat: Ana and Ben.");
  assert.equal(whoNode({ ...view, match: null }), null);
});
