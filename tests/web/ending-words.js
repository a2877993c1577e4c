// The end of a game in the page's language: who won (you, another, several, nobody) and why
// the game ended (each game's reason, said from the catalogue), as German and Japanese players
// read them; it said "Bo wins" and "correct accusation" in English in every language.
import assert from "node:assert/strict";
import {test} from "node:test";

import {FakeElement, fake} from "./fake-dom.js";
import {speak} from "./speak.js";

/**
 * @typedef {{you: string, other: string, both: string, nobody: string, reason: string
 * }} EndWords
 */

/**
 * @param {string} language
 * @param {EndWords} expected
 */
export async function endingTests(language, expected) {
  speak(language, () => ({status: 200, body: {valid: true}}));
  const {endPanel, winnersTitle} = await import("../../src/sleuth/web/static/ending.js");
  const names = ["Ana", "Bo", "Cy"];
  const t = /** @type {import("sleuth/types").TableContext} */ (/** @type {unknown} */ ({
    name: (/** @type {number} */ seat) => names[seat],
  }));

  test(`${language}: who won, said in the language`, () => {
    assert.equal(winnersTitle([0], 0, t), expected.you);
    assert.equal(winnersTitle([1], 0, t), expected.other);
    assert.equal(winnersTitle([0, 1], 0, t), expected.both);
    assert.equal(winnersTitle([], 0, t), expected.nobody);
  });

  test(`${language}: why the game ended, said in the language`, () => {
    const frame = /** @type {import("sleuth/types").StateFrame} */ (/** @type {unknown} */ ({
      status: "finished", step: 9, commitment: "ab", seed: "1", salt: "cd", rematch: null,
      outcome: {scores: [0, 1], winners: [1], reason: "correct accusation"},
      reveal: {}, view: {seat: 0}, log: [],
      seats: [{seat: 0, kind: "person", name: "Ana"}, {seat: 1, kind: "bot", name: "Bo"}],
    }));
    const page = /** @type {import("../../src/sleuth/web/static/table.js").TablePage} */ (/** @type {unknown} */ ({
      seat: 0, frame, table: {id: "t1"}, part: {reveal: () => new FakeElement("p")}, startReplay: () => {},
    }));
    const panel = fake(endPanel(page, {...t, frame}));
    const byTag = (/** @type {string} */ tag) => panel.descendants().filter((node) => node.tagName === tag);
    assert.equal(byTag("P").find((node) => node.className === "reason")?.textContent, expected.reason);
    assert.ok(byTag("H2")[0].textContent.endsWith(expected.other), byTag("H2")[0].textContent);
  });
}
