// Unit tests of static/js/view-data.js and stars.js: no DOM needed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { asArray, moveName, parseTile, playerName, ruleHref, safeHref, sameTile } from "../../mtlearn/static/js/view-data.js";
import { clampStars, starRule, starsFor, starText } from "../../mtlearn/static/js/stars.js";

test("parseTile reads both ends, and 0 for what is not a number", () => {
  assert.deepEqual(parseTile("12-5"), [12, 5]);
  assert.deepEqual(parseTile("x-3"), [0, 3]);
  assert.deepEqual(parseTile(""), [0, 0]);
});

test("sameTile ignores the order of the ends", () => {
  assert.ok(sameTile("5-12", "12-5"));
  assert.ok(!sameTile("5-12", "5-11"));
});

test("asArray keeps arrays and drops anything else", () => {
  assert.deepEqual(asArray([1]), [1]);
  assert.deepEqual(asArray(null), []);
  assert.deepEqual(asArray({ length: 1 }), []);
});

test("rule links stay web or page-relative addresses", () => {
  assert.equal(safeHref("javascript:alert(1)"), "#");
  assert.equal(safeHref("data:text/html,x"), "#");
  assert.equal(safeHref("https://example.org/r"), "https://example.org/r");
  assert.equal(ruleHref("rules.html#old", "R-DBL-3"), "rules.html#r-dbl-3");
  assert.equal(ruleHref("", "R-DBL-3", "javascript:x"), "#");
  // no rules page: no link at all (never a dead anchor); "#" is this page's own anchors
  assert.equal(ruleHref("", "R-DBL-3"), "");
  assert.equal(ruleHref("#", "R-DBL-3"), "#r-dbl-3");
});

test("playerName falls back to the seat number", () => {
  const view = { players: [{ seat: 0, name: "Ana" }] };
  assert.equal(playerName(view, 0), "Ana");
  assert.equal(playerName(view, 3), "Player 3");
});

test("starsFor reads the table sent by Python; the last entry holds beyond", () => {
  const table = [3, 3, 3, 2, 1];          // par 2 (mtlearn.content.puzzle_record.star_table)
  assert.deepEqual([0, 1, 2, 3, 4, 5, 9].map((n) => starsFor(table, n)), [3, 3, 3, 2, 1, 1, 1]);
  assert.equal(starsFor(undefined, 0), 3);  // no table: the rule with a par of 0
  assert.equal(starsFor(undefined, 1), 2);
  assert.equal(starsFor([7, 7], 0), 3);     // a damaged table never gives more than 3
});

test("starText draws 0 to 3 stars, whatever it is given", () => {
  assert.equal(starText(2), "★★☆");
  assert.equal(starText(10 ** 6), "★★★");
  assert.equal(starText(-4), "☆☆☆");
  assert.equal(clampStars("x"), 0);
});

test("moveName says a move in words, never in notation", () => {
  const view = {
    to_play: 1,
    players: [{ seat: 1, name: "Ana" }, { seat: 2, name: "Ben" }],
    trains: [{ id: "1", owner: 1 }, { id: "2", owner: 2, branches: [{ id: "2.3a" }] }, { id: "M", mexican: true }],
    legal: [{ move: "12-11@1", text: "Play 12-11 on your train" }],
  };
  assert.equal(moveName(view, "12-11@1"), "Play 12-11 on your train");  // the view's words
  assert.equal(moveName(view, "11-10@M"), "Play 11-10 on the Mexican train");
  assert.equal(moveName(view, "11-3@2"), "Play 11-3 on Ben's train");
  assert.equal(moveName(view, "3-4@1"), "Play 3-4 on your train");
  assert.equal(moveName(view, "3-4@2.3a"), "Play 3-4 on branch 2.3a of Ben's train");
  assert.equal(moveName(view, "draw"), "Draw a tile");
  assert.equal(moveName(view, "pass"), "Pass");
  assert.equal(moveName(null, "5-5@M"), "Play 5-5 on the Mexican train".replace("the Mexican train", "train M"));
});

test("one rule for stars: 3 up to par, one fewer per slip over par, never fewer than 1", () => {
  assert.deepEqual([0, 1, 2, 3, 9].map((n) => starRule(n, 0)), [3, 2, 1, 1, 1]);  // a board's steps
  assert.deepEqual([0, 1, 2, 3, 4].map((n) => starRule(n, 1)), [3, 3, 2, 1, 1]);  // a puzzle, par 1
  // a puzzle's table (as the engine sends it) read back gives the rule
  for (const par of [0, 1, 2]) {
    const table = [0, 1, 2, 3, 4].slice(0, par + 3).map((n) => starRule(n, par));
    for (let n = 0; n < 8; n++) assert.equal(starsFor(table, n), starRule(n, par));
  }
});
