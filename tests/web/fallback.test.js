// The generic table (fallback.js) tells a step of a game with no page part of its own from
// the step's typed events, their kind and fields, and never from the result's notation.
import assert from "node:assert/strict";
import {test} from "node:test";

import {install} from "./fake-dom.js";

install();

const {default: fallback, eventWords} = await import("../../src/sleuth/web/static/fallback.js");

const t = /** @type {import("sleuth/types").TableContext} */ (/** @type {unknown} */ ({
  who: (/** @type {number} */ seat) => (seat === 0 ? "you" : `seat ${seat}`),
  name: (/** @type {number} */ seat) => `seat ${seat}`,
  isMe: (/** @type {number} */ seat) => seat === 0,
}));

test("an event is its kind and its fields in plain words", () => {
  assert.equal(eventWords({kind: "asked", asker: 0, target: 2, pair: "AB", answer: 1}),
    "asked: asker 0, target 2, pair AB, answer 1");
  assert.equal(eventWords({kind: "case_closed", correct: true, cards: ["A", "C"], left: null}),
    "case closed: correct yes, cards A C, left none");
  assert.equal(eventWords({kind: "reshuffled"}), "reshuffled");
});

test("a step is told from its events, not from its result's notation", () => {
  const events = [{kind: "asked", asker: 1, target: 2, pair: "AB", answer: 1},
    {kind: "out_of_questions", seat: 1}];
  assert.equal(fallback.describe([1, "ask 2 AB", "seat 2, AB: 1", events], t),
    "Seat 1: ask 2 AB (asked: asker 1, target 2, pair AB, answer 1; out of questions: seat 1)");
  assert.equal(fallback.describe([0, "accuse C", "a result no one reads", []], t), "You: accuse C");
});

test("an event with its own words is told in them, its seats named for the reader", async () => {
  const {ACCUSED, ASKED, NO} = await import("./fallback-words.js");
  assert.equal(fallback.describe([1, "ask 2 AB", "seat 2, AB: 1", [ASKED]], t),
    "Seat 1: ask 2 AB (seat 1 asked seat 2 about AB: 1 of them)");
  assert.equal(fallback.describe([0, "accuse G", "G is the culprit", [NO, ACCUSED]], t),
    "You: accuse G (seat 0 (you) asked seat 1 about CD: no, neither; seat 0 (you) accused G: the culprit)");
  assert.equal(fallback.sheetPlace?.("culprit"), "culprit");
});

test("words without a template are left out: the event's fields tell it", async () => {
  const {BARE} = await import("./fallback-words.js");
  assert.equal(eventWords(BARE), "reshuffled: left none, cards none, seat 1");
  assert.equal(fallback.describe([1, "reshuffle", "", [BARE]], t), "Seat 1: reshuffle (reshuffled: left none, cards none, seat 1)");
});
