// Written by ./dev regen (docs/_ext/rules_page.py): the tables WORDS and SAID_BY
// of mtlearn/core/rule_words.py; edit those, not this. Each rule id -> the rule in
// a learner's words, its anchor on the rules page and the other words that say it.
/** @type {Record<string, {words: string, anchor: string, said?: string[]}>} */
export const RULE_WORDS = {
  "R-SET-1": {
    "words": "a double-N set has every pair of numbers once",
    "anchor": "r-set-1"
  },
  "R-SET-2": {
    "words": "each number is on N+1 tiles of a double-N set",
    "anchor": "r-set-2"
  },
  "R-SET-3": {
    "words": "a tile is worth its pips",
    "anchor": "r-set-3"
  },
  "R-SET-4": {
    "words": "bigger tables use bigger sets",
    "anchor": "r-set-4"
  },
  "R-DEAL-1": {
    "words": "the tiles nobody is dealt are the boneyard",
    "anchor": "r-deal-1"
  },
  "R-DEAL-2": {
    "words": "how many tiles each player is dealt",
    "anchor": "r-deal-2"
  },
  "R-ROUND-1": {
    "words": "one round for each double, the highest first",
    "anchor": "r-round-1"
  },
  "R-ROUND-2": {
    "words": "who lays the round's double in the hub and who starts",
    "anchor": "r-round-2"
  },
  "R-PLAN-1": {
    "words": "plan your hand as one matching chain",
    "anchor": "r-plan-1"
  },
  "R-TRAIN-1": {
    "words": "each player has a train of their own, starting at the hub",
    "anchor": "r-train-1"
  },
  "R-TRAIN-2": {
    "words": "a tile must match the open end",
    "anchor": "r-train-2"
  },
  "R-TRAIN-3": {
    "words": "a double lies crosswise and the train does not split",
    "anchor": "r-train-3"
  },
  "R-MEX-1": {
    "words": "the Mexican train is open to everyone",
    "anchor": "r-mex-1"
  },
  "R-MEX-2": {
    "words": "when the Mexican train may be started",
    "anchor": "r-mex-2"
  },
  "R-MARK-1": {
    "words": "only you play on your train until your marker is on it",
    "anchor": "r-mark-1"
  },
  "R-MARK-2": {
    "words": "if you cannot play, your marker goes on your train",
    "anchor": "r-mark-2",
    "said": [
      "marker"
    ]
  },
  "R-MARK-3": {
    "words": "a tile on your own train takes your marker back",
    "anchor": "r-mark-3"
  },
  "R-MARK-4": {
    "words": "others playing on your train leave your marker",
    "anchor": "r-mark-4"
  },
  "R-TURN-1": {
    "words": "one tile on one train you may use",
    "anchor": "r-turn-1"
  },
  "R-TURN-2": {
    "words": "if you can play, you must",
    "anchor": "r-turn-2"
  },
  "R-TURN-3": {
    "words": "with nothing to play, draw one tile and play it if it fits",
    "anchor": "r-turn-3"
  },
  "R-TURN-4": {
    "words": "with the boneyard empty, pass and mark your train",
    "anchor": "r-turn-4"
  },
  "R-TURN-5": {
    "words": "play goes clockwise",
    "anchor": "r-turn-5",
    "said": [
      "clockwise"
    ]
  },
  "R-FIRST-1": {
    "words": "what you may do on your first turn",
    "anchor": "r-first-1"
  },
  "R-DBL-1": {
    "words": "after a double, play again",
    "anchor": "r-dbl-1",
    "said": [
      "plays again",
      "play again"
    ]
  },
  "R-DBL-2": {
    "words": "with no tile after your double, draw, then play it or mark",
    "anchor": "r-dbl-2"
  },
  "R-DBL-3": {
    "words": "an open double must be covered before anything else",
    "anchor": "r-dbl-3",
    "said": [
      "must be covered"
    ]
  },
  "R-DBL-4": {
    "words": "which double the tile after several doubles covers",
    "anchor": "r-dbl-4"
  },
  "R-DBL-5": {
    "words": "you may go out on a double",
    "anchor": "r-dbl-5"
  },
  "R-DBL-6": {
    "words": "a double nobody can cover",
    "anchor": "r-dbl-6"
  },
  "R-LAST-1": {
    "words": "say so when you are down to one tile",
    "anchor": "r-last-1"
  },
  "R-LAST-2": {
    "words": "the penalty for not announcing your last tile",
    "anchor": "r-last-2"
  },
  "R-END-1": {
    "words": "playing your last tile ends the round",
    "anchor": "r-end-1",
    "said": [
      "ends the round"
    ]
  },
  "R-END-2": {
    "words": "a round also ends when nobody can play",
    "anchor": "r-end-2"
  },
  "R-SCORE-1": {
    "words": "the pips left in your hand count against you",
    "anchor": "r-score-1"
  },
  "R-SCORE-2": {
    "words": "the double-blank left in a hand counts 50",
    "anchor": "r-score-2",
    "said": [
      "counts 50"
    ]
  },
  "R-SCORE-3": {
    "words": "the lowest total after the last round wins",
    "anchor": "r-score-3"
  },
  "R-SCORE-4": {
    "words": "breaking ties",
    "anchor": "r-score-4"
  },
  "R-VAR-CHOOSE": {
    "words": "you may decline to play and draw instead",
    "anchor": "r-var-choose"
  },
  "R-VAR-ANSWER": {
    "words": "the play after your double must cover it",
    "anchor": "r-var-answer",
    "said": [
      "on that double",
      "must go on the double"
    ]
  },
  "R-VAR-REVERSE": {
    "words": "open doubles are covered last one first",
    "anchor": "r-var-reverse"
  },
  "R-VAR-FAST": {
    "words": "the fast game: everyone first builds their own train",
    "anchor": "r-var-fast"
  },
  "R-VAR-DELAY": {
    "words": "you choose when to take your train-building turn",
    "anchor": "r-var-delay"
  },
  "R-VAR-WILD": {
    "words": "a blank matches any number",
    "anchor": "r-var-wild"
  },
  "R-VAR-STRICT-DRAW": {
    "words": "you may keep a drawn tile that fits",
    "anchor": "r-var-strict-draw"
  },
  "R-VAR-BLANKS": {
    "words": "each blank half left in a hand counts 25",
    "anchor": "r-var-blanks",
    "said": [
      "counts 25"
    ]
  },
  "R-VAR-SWAN": {
    "words": "Swan Drive: after your own train, one tile on each public train in turn",
    "anchor": "r-var-swan"
  },
  "R-VAR-BRANCH": {
    "words": "a covered double grows two more branches",
    "anchor": "r-var-branch"
  },
  "R-VAR-TEAMS": {
    "words": "partners share their trains and their score",
    "anchor": "r-var-teams",
    "said": [
      "partner"
    ]
  }
};
