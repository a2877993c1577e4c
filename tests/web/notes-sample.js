// The grid a person marks by hand (the sheet at level off) in a language: its heads, rows and
// each square's spoken label from the catalogues and the game's part (card and place names),
// none left in English. Each test file runs in one language.
import assert from "node:assert/strict";
import {test} from "node:test";

import {fake} from "./fake-dom.js";
import {speak} from "./speak.js";

/**
 * @typedef {{heads: string[], rows: string[], label: string, sent: unknown}} NotesExpected
 */

/**
 * @param {string} language
 * @param {NotesExpected} expected
 */
export async function notesTests(language, expected) {
  speak(language, () => ({status: 500, body: null}));
  const {notesGrid} = await import("../../src/sleuth/web/static/panels.js");
  /** @type {unknown[]} */
  const sent = [];
  // A part naming its cards and its one place that is not a seat, as a game's part does.
  const part = {sheetCard: (/** @type {string} */ c) => `<${c}>`, sheetPlace: (/** @type {string} */ p) => `[${p}]`};
  const page = /** @type {any} */ ({
    seat: 0, part, table: {title: "G"}, channel: {send: (/** @type {unknown} */ m) => sent.push(m)},
    notes: {cards: ["A", "B"], places: ["s0", "s1", "ring"], marks: {A: {s1: "+"}}},
  });
  const context = /** @type {any} */ ({frame: {status: "playing"}, name: (/** @type {number} */ s) => ["Ann", "Bob"][s]});

  test(`${language}: the hand-kept grid names its places and cards and reads each square aloud`, () => {
    const grid = fake(notesGrid(page, context));
    const all = grid.descendants();
    const heads = all.filter((e) => e.tagName === "TH" && e.getAttribute("scope") === "col").map((e) => e.getAttribute("title") || "");
    assert.deepEqual(heads, ["", ...expected.heads]);
    const rows = all.filter((e) => e.tagName === "TH" && e.getAttribute("scope") === "row").map((e) => e.textContent);
    assert.deepEqual(rows, expected.rows);
    const squares = all.filter((e) => e.tagName === "BUTTON");
    assert.equal(squares.length, 6);
    assert.equal(squares[1].getAttribute("aria-label"), expected.label);
    squares[1].click();
    assert.deepEqual(sent, [expected.sent]);
  });
}
