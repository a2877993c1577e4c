// A fixed sheet to say in each language (sheet-de/ja.test.js): the data the page draws (three
// cards, two seats and the ring), a text sheet's typed lines as the server sends them
// (server.workers.sheet_lines: keys and values, no sentence), with the cards named by a part,
// and a review; sheetTests checks each said as expected in one language.
import assert from "node:assert/strict";
import {test} from "node:test";

import {fake} from "./fake-dom.js";
import {speak} from "./speak.js";

/** @typedef {import("sleuth/types").SheetData} SheetData */
/** @typedef {import("sleuth/types").SheetLine} SheetLine */

export const people = {
  name: (/** @type {number} */ seat) => ["Ann", "Bob", "Cy"][seat],
  me: 0,
  // A game's part names its cards in the page's language; here plainly, to tell it was asked.
  card: (/** @type {string} */ card) => card.toUpperCase(),
};

/** @type {SheetData} */
export const data = {
  level: "full", consistent: true, rows: ["A", "B", "C"], columns: ["s0", "s1", "ring"],
  cells: [[1, 0, 0], [0, 0.25, 0.75], [0, 0, 1]], solution_column: "ring", certain: ["C"],
  possible: 4, likeliest: [{cards: ["B", "C", "D"], probability: 0.5}, {cards: ["C", "D", "E"], probability: 0.25}],
  question: {seat: 1, about: "BDE", bits: 1.5}, truth: null, assumed: true,
};

/** @type {SheetLine[]} */
export const lines = [
  {key: "%(suspect)s (%(status)s): needs %(needs)s", values: {suspect: "S05",
    status: {key: "%(covered)s of %(threshold)s covered", values: {covered: 0, threshold: 5}},
    needs: {key: "%(more)s more of %(cards)s", values: {more: 5, cards: {cards: ["female", "thin", "short"]}}}}},
  {key: "%(card)s%(unseen)s%(mine)s", indent: 1, values: {card: {card: "female"},
    unseen: {key: ": %(count)s unseen", values: {count: 4}}, mine: {key: " (you hold it)", values: {}}}},
  {key: "%(card)s%(unseen)s%(mine)s", indent: 1, values: {card: {card: "thin"}, unseen: "", mine: ""}},
  {key: "%(suspect)s (%(status)s): needs %(needs)s", values: {suspect: "S02",
    status: {key: "%(covered)s of %(threshold)s covered", values: {covered: 5, threshold: 5}}, needs: {key: "nothing", values: {}}}},
  {key: "The sheet could not be worked out: %(error)s", values: {error: "x"}},
];

/** @type {import("sleuth/types").GameReview} */
export const review = {
  game: "g", title: "T", summary: "",
  method: "exact: every deal that fits the seat's hand and the answers weighs alike (a wrong accuser's look at the ring is left out: the review measures deduction)",
  solution: "the ring",
  seats: [{seat: 1, could_know: 3, notes: [],
    readings: [{step: 0, probability: 0.1}, {step: 1, probability: 0.12}, {step: 2, probability: 0.6}, {step: 3, probability: 1}],
    attempts: [{step: 3, probability: 1, correct: true}]}],
};

/** The moves of the review's steps, as the history tells them (already in the page's language). */
export const moves = (/** @type {number} */ step) => ["", "M1", "M2", "M3"][step];

/**
 * The tests of the sheet and the review said in `language` (one per process: i18n.js loads
 * one catalogue).
 * @param {string} language
 * @param {{drawn: string[], typed: string[], label: string, review: string[], chart: string}} expected
 */
export async function sheetTests(language, expected) {
  speak(language, () => ({status: 404, body: null}));
  const {lineWords, sheetLines, textSheet} = await import("../../src/sleuth/web/static/sheet.js");
  const {reviewBody} = await import("../../src/sleuth/web/static/review.js");

  test("the lines above the grid", () => {
    assert.deepEqual(sheetLines(data, people).map((line) => line.textContent), expected.drawn);
  });

  test("a text sheet's typed lines", () => {
    assert.deepEqual(lines.map((line) => lineWords(line, people)), expected.typed);
    const sheet = fake(textSheet(lines, people));
    assert.deepEqual(sheet.childNodes.map((p) => p.textContent), expected.typed);
    assert.deepEqual(sheet.childNodes.map((p) => fake(p).className),
      ["sheet-line", "sheet-line sheet-indent", "sheet-line sheet-indent", "sheet-line", "sheet-line"]);
    assert.equal(sheet.getAttribute("aria-label"), expected.label);
  });

  test("the review names the game's solution and its method from the catalogues", () => {
    const nodes = reviewBody(review, people.name, moves).map((node) => fake(node));
    const paragraphs = nodes.flatMap((node) => node.tagName === "P" ? [node] : node.descendants().filter((e) => e.tagName === "P"));
    assert.deepEqual(paragraphs.map((p) => p.textContent), expected.review);
    assert.equal(nodes[1].getAttribute("aria-label"), expected.chart);
  });
}
