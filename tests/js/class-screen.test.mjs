// Unit tests of static/js/class-screen.js: the projector's grid, the notices and the
// student's view at a round's end (no DOM).
import assert from "node:assert/strict";
import { test } from "node:test";
import { bestGrid, isLoopback, legibleGrid, noticeText, roundEndText, studentView } from "../../mtlearn/static/js/class-screen.js";

test("six wide tables on a 1600×900 area take 3 columns and 2 rows", () => {
  const g = bestGrid(6, 1360, 880, 720, 480, 8);
  assert.deepEqual([g.cols, g.rows], [3, 2]);
  assert.ok(g.scale > 0.55 && g.scale < 1, `scale ${g.scale}`);
});

test("one table fills the area; two sit side by side; four make a square", () => {
  assert.deepEqual([bestGrid(1, 1360, 880, 720, 480).cols, bestGrid(1, 1360, 880, 720, 480).rows], [1, 1]);
  assert.equal(bestGrid(2, 1360, 880, 720, 480).cols, 2);
  const four = bestGrid(4, 1360, 880, 720, 480);
  assert.deepEqual([four.cols, four.rows], [2, 2]);
});

test("no grid leaves a whole column empty, and every table has a cell", () => {
  for (let n = 1; n <= 12; n++) {
    const g = bestGrid(n, 1360, 880, 720, 480, 8);
    assert.ok(g.cols * g.rows >= n, `${n} tables in ${g.cols}×${g.rows}`);
    assert.ok((g.cols - 1) * g.rows < n, `${n} tables: an empty column in ${g.cols}×${g.rows}`);
  }
});

test("a notice is read from type or kind 'notice', trimmed and cut to 300 characters", () => {
  assert.equal(noticeText({ type: "notice", text: " Your teacher moved you to Table 2. " }), "Your teacher moved you to Table 2.");
  assert.equal(noticeText({ kind: "notice", text: "Table 1 is paused." }), "Table 1 is paused.");
  assert.equal(noticeText({ type: "notice", text: "x".repeat(400) }).length, 300);
  for (const m of [null, "notice", { type: "notice" }, { type: "notice", text: 5 }, { type: "notice", text: "  " },
    { type: "done", text: "hi" }, { kind: "info", text: "hi" }]) {
    assert.equal(noticeText(m), null, JSON.stringify(m));
  }
});

test("a student's view offers no Next round and no New match; the view given is unchanged", () => {
  const view = { kind: "mtlearn/view", match: { round: 2, rounds: 2, round_over: true, match_over: true, next_round: true } };
  const v = studentView(view);
  assert.equal(v.match.next_round, false);
  assert.equal(v.match.new_match, false);
  assert.equal(view.match.next_round, true);
  assert.equal(view.match.new_match, undefined);
  assert.equal(studentView(null), null);
  const plain = { kind: "mtlearn/view" };
  assert.equal(studentView(plain), plain);
});

test("the end of a round and of the match say who carries on", () => {
  assert.equal(roundEndText({ match: { round: 1, rounds: 3, round_over: true, match_over: false } }),
    "Round 1 of 3 is over: your teacher deals the next round.");
  assert.equal(roundEndText({ match: { round: 3, rounds: 3, round_over: true, match_over: true } }),
    "The match is over: your teacher starts the next one.");
  assert.equal(roundEndText({ match: { round: 1, rounds: 3, round_over: false } }), null);
  assert.equal(roundEndText(null), null);
});

test("loopback addresses are told apart from the room's", () => {
  for (const h of ["127.0.0.1:8765", "localhost:80", "[::1]:8765", "127.1.2.3"]) assert.ok(isLoopback(h), h);
  for (const h of ["192.168.1.20:8765", "10.0.0.2", "class.local:8765"]) assert.ok(!isLoopback(h), h);
});

test("the end-of-match panel: New match for the book's board, no button for a student's", async () => {
  const { installFakeDom } = await import("./fakedom.mjs");
  installFakeDom();
  const { matchSection } = await import("../../mtlearn/static/js/match.js");
  const view = { kind: "mtlearn/view", players: [], match: { round: 2, rounds: 2, round_over: true, match_over: true,
    next_round: false, standings: [], winners: ["Ana"], tie_break: "" } };
  const keys = (panel) => panel.querySelectorAll("button").map((b) => b.getAttribute("data-key"));
  assert.deepEqual(keys(matchSection(view, () => {})), ["new_match"]);
  assert.deepEqual(keys(matchSection(studentView(view), () => {})), []);
  const round = { ...view, match: { ...view.match, round: 1, match_over: false, next_round: true, winners: [] } };
  assert.deepEqual(keys(matchSection(round, () => {})), ["next_round"]);
  assert.deepEqual(keys(matchSection(studentView(round), () => {})), []);
});

test("the projector shows fewer tables a screen, in turn, until names and trains are 24 px", () => {
  // six tables of 720×500 with 16 px text on 1360×880: 24 px needs a scale of 1.5 or more
  const six = legibleGrid(6, 1360, 880, 720, 500, 16, 24, 3, 8);
  assert.ok(six.perScreen < 6 && six.grid.scale * 16 >= 24, JSON.stringify(six));
  const wide = legibleGrid(6, 1360, 880, 400, 300, 16, 24, 3, 8); // smaller tables: two a screen
  assert.deepEqual([wide.perScreen, wide.pages], [2, 3]);
  assert.equal(six.pages, Math.ceil(6 / six.perScreen));
  // tables already legible together all show at once; one table is the least
  assert.deepEqual(legibleGrid(2, 1360, 880, 300, 200, 30, 24, 3).perScreen, 2);
  const tiny = legibleGrid(4, 1360, 880, 720, 600, 4, 24, 3);
  assert.deepEqual([tiny.perScreen, tiny.pages], [1, 4]);
});
