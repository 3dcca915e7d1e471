// The review of a round on a board (static/js/review.js) against a fake model and a fake DOM:
// "Review my round" asks the host, the wait is said, a mistake is shown with its words and
// its position, a legal move tried is sent for the engine to judge, and its verdict and the
// better move are shown. The judging is the engine's (mtlearn.hosts.session_review).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fakeModel, installFakeDom } from "./fakedom.mjs";

installFakeDom();
const { default: widget } = await import("../../mtlearn/static/js/main.js");
const view = JSON.parse(readFileSync(new URL("../data/views/two_player.json", import.meta.url), "utf-8"));
const over = { ...view, match: { round: 1, rounds: 3, round_over: true, match_over: false,
  next_round: true, standings: [], winners: [], tie_break: "" } };
const [first, second] = view.legal;
const mistake = {
  turn: 4, played: first.move, better: second.move, lost: 7.5, played_points: 20, better_points: 12.5,
  deals: 24, idea: "points", what: "You chose to play it. 20.0 12.5 7.5 points lost.",
  better_text: "Better: the other move.", why: "Fewer of your tiles were left.",
  view: { ...view, highlights: { tiles: ["9-3"], trains: ["1"] } }, tried: null,
};
const review = { seat: 1, player: "Ana", decisions: 9, threshold: 4, lost: 7.5,
  summary: "9 decisions reviewed: 1 mistake.", mistakes: [mistake], unsettled: 0, further: false };

function board(keys) {
  const model = fakeModel({ kind: "board", view: over, message: null, show_legal: false, rules_url: "", ...keys });
  const el = document.createElement("div");
  widget.render({ model, el });
  return { model, el };
}

test("no review panel while a round is played", () => {
  const { el } = board({ view });
  assert.equal(el.querySelector(".mtl-review"), null);
});

test("Review my round asks the host, and the wait is said until the review comes", () => {
  const { model, el } = board({});
  el.querySelector('[data-key="review"]').click();
  assert.deepEqual(model.sent[model.sent.length - 1], { action: "review" });
  assert.match(el.querySelector(".mtl-review-wait").textContent, /Reviewing your round/);
  model.set("review", review);
  assert.equal(el.querySelector(".mtl-review-wait"), null);
  assert.equal(el.querySelector(".mtl-review-summary").textContent, review.summary);
});

test("a mistake: its words, its position, and the better move only once shown", () => {
  const { el } = board({ review });
  assert.equal(el.querySelector(".mtl-review-what").textContent, mistake.what);
  assert.ok(el.querySelector(".mtl-review .mtl-view"), "the position is drawn");
  assert.equal(el.querySelector(".mtl-review-better"), null);
  assert.match(el.querySelector(".mtl-review-count").textContent, /Mistake 1 of 1/);
  el.querySelector('[data-key="review-show"]').click();
  assert.equal(el.querySelector(".mtl-review-better").textContent, mistake.better_text);
  assert.equal(el.querySelector(".mtl-review-why").textContent, mistake.why);
});

test("Find a better move sends the move tried, and shows the engine's verdict", () => {
  const { model, el } = board({ review });
  const buttons = el.querySelectorAll(".mtl-review-retry button");
  assert.equal(buttons.length, view.legal.length);
  el.querySelector(`[data-key="review-try:${second.move}"]`).click();
  assert.deepEqual(model.sent[model.sent.length - 1], { action: "review_try", mistake: 0, move: second.move });
  const tried = { move: second.move, verdict: "best", text: "As good as the best move found.", points: 12.5 };
  model.set("review", { ...review, mistakes: [{ ...mistake, tried }] });
  const said = el.querySelector(".mtl-review-tried");
  assert.equal(said.textContent, tried.text);
  assert.equal(said.getAttribute("data-verdict"), "best");
  assert.ok(el.querySelector(".mtl-review-better"), "the best move found shows the answer");
});

test("with Show legal moves on, the legal moves go before the board's own position", () => {
  const { el } = board({ review, show_legal: true });
  const body = el.querySelector(".mtl-body");
  const kids = Array.from(body.children);
  const legal = kids.findIndex((c) => c.classList.contains("mtl-legal"));
  assert.ok(legal >= 0 && kids[legal + 1].classList.contains("mtl-view"));
  assert.ok(el.querySelector(".mtl-review .mtl-view"), "the mistake's position is drawn too");
});

test("Save as a puzzle asks the host; a refusal is said in its words", () => {
  const { model, el } = board({ review });
  el.querySelector('[data-key="review-save"]').click();
  assert.deepEqual(model.sent[model.sent.length - 1], { action: "review_save", mistake: 0 });
  const saved = { ok: false, text: "This mistake cannot be saved as a puzzle: no rule tells it.", puzzle: null };
  model.set("review", { ...review, mistakes: [{ ...mistake, saved }] });
  const said = el.querySelector(".mtl-review-saved");
  assert.equal(said.textContent, saved.text);
  assert.equal(said.getAttribute("data-saved"), "no");
  assert.equal(el.querySelector('[data-key="review-save"]'), null);
});

test("a saved puzzle is kept in a page for the trainer, once", async () => {
  const store = new Map();
  globalThis.localStorage = { getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => store.set(k, String(v)), removeItem: (k) => store.delete(k) };
  const { OWN_STORE, loadOwnPuzzles } = await import("../../mtlearn/static/js/own-puzzles.js");
  const record = { id: "own-0123456789", kind: "move" };
  const saved = { ok: true, text: "Saved as a puzzle.", puzzle: record };
  const { model, el } = board({ host: { state: "engine", text: "" }, review: { ...review, mistakes: [{ ...mistake, saved }] } });
  assert.equal(el.querySelector(".mtl-review-saved").getAttribute("data-saved"), "yes");
  model.set("message", null);
  assert.deepEqual(loadOwnPuzzles(), [record]);
  assert.equal(JSON.parse(store.get(OWN_STORE)).length, 1);
  delete globalThis.localStorage;
});

test("Look further is offered only when the host offers it, and asks for the review again", () => {
  const { el: plain } = board({ review });
  assert.equal(plain.querySelector('[data-key="review-further"]'), null);
  const unsettled = { ...review, unsettled: 3, further: true,
    summary: "9 decisions reviewed: 1 mistake. 3 more choices may have cost points." };
  const { model, el } = board({ review: unsettled });
  assert.match(el.querySelector(".mtl-review-further").textContent, /weighs them on more deals/);
  const { el: one } = board({ review: { ...unsettled, unsettled: 1 } });
  assert.match(one.querySelector(".mtl-review-further").textContent, /weighs it on more deals/);
  el.querySelector('[data-key="review-further"]').click();
  assert.deepEqual(model.sent[model.sent.length - 1], { action: "review", further: true });
  assert.match(el.querySelector(".mtl-review-wait").textContent, /Looking further/);
  assert.equal(el.querySelector('[data-key="review-further"]'), null, "asked once");
  // the host's answer: the review made again, one more mistake, nothing left unsettled
  const second = { ...mistake, turn: 9 };
  model.set("review", { ...unsettled, unsettled: 0, further: false, mistakes: [mistake, second],
    summary: "9 decisions reviewed: 2 mistakes." });
  assert.equal(el.querySelector(".mtl-review-wait"), null);
  assert.equal(el.querySelector('[data-key="review-further"]'), null);
  assert.match(el.querySelector(".mtl-review-count").textContent, /Mistake 1 of 2/);
});
