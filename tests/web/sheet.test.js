// The sheet drawn (sheet.js) and the review in plain words (review.js), on the fake DOM: the
// lines that matter above the grid, each square's mark or shade, the truth after the end, the
// key moments told from the history's words, and the chart's labelled axes.
import assert from "node:assert/strict";
import {test} from "node:test";

import {FakeElement, fake, install} from "./fake-dom.js";

install();

const {drawnSheet, percent, sheetGrid, sheetLines} = await import("../../src/sleuth/web/static/sheet.js");
const {curve, keyMoments, reviewBody} = await import("../../src/sleuth/web/static/review.js");

/** @typedef {import("sleuth/types").SheetData} SheetData */

const people = {name: (/** @type {number} */ seat) => ["Ann", "Bob", "Cy"][seat], me: 0};

/**
 * A sheet of three cards over two seats and the ring, the third row certainly in the ring.
 * @param {Partial<SheetData>} [over]
 * @returns {SheetData}
 */
function sheet(over = {}) {
  return {
    level: "full", consistent: true, rows: ["A", "B", "C"], columns: ["s0", "s1", "ring"],
    cells: [[1, 0, 0], [0, 0.25, 0.75], [0, 0, 1]], solution_column: "ring", certain: ["C"],
    possible: 4, likeliest: [{cards: ["B", "C", "D"], probability: 0.5}, {cards: ["C", "D", "E"], probability: 0.25}],
    question: {seat: 1, about: "BDE", bits: 1.5}, truth: null, assumed: false, ...over,
  };
}

/** @param {unknown} node */
function texts(node) {
  return fake(node).childNodes.map((child) => child.textContent);
}

/**
 * @param {unknown} node
 * @param {string} tag
 */
function all(node, tag) {
  return fake(node).descendants().filter((e) => e.tagName === tag.toUpperCase());
}

test("a percent is whole, and a chance under one percent keeps a decimal", () => {
  assert.equal(percent(0.25), "25%");
  assert.equal(percent(0.004), "0.4%");
  assert.equal(percent(1), "100%");
});

test("the lines above the grid: certain, the likeliest, the best question by name", () => {
  const lines = sheetLines(sheet(), people).map((line) => line.textContent);
  assert.deepEqual(lines, [
    "Certainly in the solution: C.",
    "4 solutions are possible; likeliest: B · C · D (50%), C · D · E (25%).",
    "Best question now: ask Bob about BDE.",
  ]);
});

test("a solution left alone is named as solved, whatever the level", () => {
  const lines = sheetLines(sheet({level: "facts", possible: 1, likeliest: [{cards: ["B", "C", "D"], probability: 1}], question: null}), people);
  assert.deepEqual(lines.map((line) => line.textContent), ["Solved: the solution is B · C · D. You can name it now."]);
});

test("at facts with nothing certain yet the sheet says so, and no odds", () => {
  const lines = sheetLines(sheet({level: "facts", certain: [], possible: null, likeliest: [], question: null}), people);
  assert.deepEqual(lines.map((line) => line.textContent), ["Nothing in the solution is certain yet."]);
});

test("a contradiction is the one line, an alert, and no grid is drawn", () => {
  const node = drawnSheet(sheet({consistent: false}), people);
  const alert = all(node, "p");
  assert.equal(alert.length, 1);
  assert.equal(alert[0].getAttribute("role"), "alert");
  assert.match(alert[0].textContent, /^Contradiction: /);
  assert.equal(all(node, "table").length, 0);
});

test("after the end the sheet shows the truth, not odds", () => {
  const over = sheet({truth: ["B", "C", "D"], cells: [[1, 0, 0], [0, 0, 1], [0, 0, 1]], certain: [], possible: null, likeliest: [], question: null});
  const node = drawnSheet(over, people);
  assert.deepEqual(all(node, "p").map((p) => p.textContent), [
    "The game is over. The solution was B · C · D.",
    "✓ certain, · certainly not, blank: not certain yet.",
  ]);
  assert.equal(all(node, "td").filter((td) => td.className === "sheet-odds").length, 0);
});

test("the grid: seats by name, each square marked or shaded, the solution's rows marked", () => {
  const grid = sheetGrid(sheet(), people);
  const heads = all(grid, "thead")[0];
  const places = all(heads, "span").filter((span) => span.className === "sheet-place");
  assert.deepEqual(places.map((span) => span.textContent), ["Ann (you)", "Bob", "ring"]);
  assert.equal(all(heads, "th")[0].textContent, "Card");
  const rows = all(all(grid, "tbody")[0], "tr");
  assert.deepEqual(rows.map((row) => texts(row)), [["A", "✓", "·", "·"], ["B", "·", "25", "75"], ["C", "·", "·", "✓"]]);
  assert.deepEqual(rows.map((row) => row.className), ["", "", "sheet-in-solution"]);
  const [, quarter, threeQuarters] = all(rows[1], "td");
  assert.equal(quarter.className, "sheet-odds");
  assert.equal(quarter.styles.get("--p"), "0.250");
  assert.equal(threeQuarters.styles.get("--p"), "0.750");
  assert.equal(quarter.getAttribute("aria-label"), "B at Bob: 25%");
  assert.equal(all(rows[0], "td")[0].getAttribute("aria-label"), "A at Ann (you): certain");
});

test("a square the level does not show is blank and says so", () => {
  const grid = sheetGrid(sheet({level: "facts", cells: [[1, 0, 0], [0, null, null], [0, 0, 1]]}), people);
  const open = all(grid, "td").filter((td) => td.className === "sheet-open");
  assert.equal(open.length, 2);
  assert.equal(open[0].textContent, "");
  assert.equal(open[0].getAttribute("aria-label"), "B at Bob: not certain");
});

/** @returns {import("sleuth/types").SeatReview} */
function seatReview() {
  return {
    seat: 1, could_know: 3,
    readings: [{step: 0, probability: 0.1}, {step: 1, probability: 0.12}, {step: 2, probability: 0.6}, {step: 3, probability: 1}, {step: 4, probability: 1}],
    attempts: [{step: 4, probability: 1, correct: true}],
    notes: ["key moment: step 2 (seat 0 ask 1 JKL -> JKL@1=0) took 2.90 bits"],
  };
}

const moves = ["", "Ann drew a card", "Ann asked Bob about J K L: none", "Cy asked Ann about A B C: one", "Bob accused B C D"];

test("the key moments are told in the history's words, with no bits and no notation", () => {
  const lines = keyMoments(seatReview(), (seat) => ["Ann", "Bob", "Cy"][seat], (step) => moves[step]);
  assert.deepEqual(lines, [
    "Move 2, Ann asked Bob about J K L: none: Bob's chance of the truth rose from 12% to 60%.",
    "Move 3, Cy asked Ann about A B C: one: from here Bob could be certain of the truth.",
    "Move 4, Bob accused B C D: right, with a chance of 100% then.",
  ]);
});

test("the review speaks in words; its bits and step codes wait in a details fold", () => {
  const review = {game: "g", title: "T", method: "exact", solution: "the ring", summary: "", seats: [seatReview()]};
  const nodes = reviewBody(review, (seat) => ["Ann", "Bob", "Cy"][seat], (step) => moves[step]);
  const shown = nodes.filter((n) => fake(n).tagName !== "DETAILS").map((n) => n.textContent).join("\n");
  assert.doesNotMatch(shown, /bits|->|JKL@/);
  assert.match(shown, /^Bob could have been certain of the ring from move 3\./);
  const fold = fake(nodes[nodes.length - 1]);
  assert.equal(fold.tagName, "DETAILS");
  assert.equal(all(fold, "summary")[0].textContent, "Details: the figures in bits, step by step");
  assert.deepEqual(all(fold, "li").map((li) => li.textContent), ["key moment: step 2 (seat 0 ask 1 JKL -> JKL@1=0) took 2.90 bits"]);
});

test("the chart has labelled axes: the chance in percent up, the moves along", () => {
  const chart = fake(curve(seatReview(), "the ring"));
  const labels = chart.descendants().filter((e) => e.tagName === "TEXT").map((e) => e.textContent);
  assert.deepEqual(labels, ["0%", "50%", "100%", "0", "2", "4", "Move", "Chance of the truth"]);
  assert.ok(chart.childNodes.every((n) => n instanceof FakeElement));
  const line = chart.descendants().find((e) => e.tagName === "POLYLINE");
  assert.equal(line?.getAttribute("points"), "46.0,103.6 117.0,101.5 188.0,51.6 259.0,10.0 330.0,10.0");
});
