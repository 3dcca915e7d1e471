// Unit tests of the rule words in static/js/dom.js: a text's rule ids read as a learner
// reads them, on the cases tests/test_rule_words.py checks in Python (one behaviour).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { inWords, restates, ruleParts } from "../../mtlearn/static/js/dom.js";

const cases = JSON.parse(readFileSync(new URL("./rule-parts-cases.json", import.meta.url), "utf8"));

test("a text's rule ids read as the Python side reads them", () => {
  for (const [text, said] of cases) assert.equal(inWords(text), said, text);
});

test("a clause that says the rule is the rule's link, a restated citation is left out", () => {
  const parts = ruleParts("R-SCORE-1: the pips left in a hand count against you. See (R-SCORE-1) too.");
  assert.deepEqual(parts[0], { text: "The pips left in a hand count against you", rule: "R-SCORE-1" });
  assert.ok(restates("so Cy plays again after the double", "R-DBL-1"));
  assert.ok(!restates("Cy plays", "R-DBL-1"));
});
