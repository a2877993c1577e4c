// The end of a game speaks to players: the proof of a fair deal (the commitment shown from the
// first move, the seed and the salt that open it) is kept, whole, in a folded "details"
// section in players' words; nothing outside it names a commitment, a seed or a salt.
import assert from "node:assert/strict";
import {test} from "node:test";

import {FakeElement, fake, install} from "./fake-dom.js";

install();

const {endPanel} = await import("../../src/sleuth/web/static/ending.js");

const COMMITMENT = "9f2c4e1a77b03d5e8c6a1f0b2d4e6a8c0e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b";
const SEED = "271828182845904523536028747135266249";
const SALT = "5a17c0ffee";

function finishedTable() {
  const frame = /** @type {import("sleuth/types").StateFrame} */ (/** @type {unknown} */ ({
    status: "finished", step: 12, commitment: COMMITMENT, seed: SEED, salt: SALT, rematch: null,
    outcome: {scores: [1, 0], winners: [0], reason: "seat 0 named the solution"},
    reveal: {}, view: {seat: 0}, log: [],
    seats: [{seat: 0, kind: "person", name: "Ana"}, {seat: 1, kind: "person", name: "Bob"}],
  }));
  const page = /** @type {import("../../src/sleuth/web/static/table.js").TablePage} */ (/** @type {unknown} */ ({
    seat: 0, frame, table: {id: "t1"},
    part: {reveal: () => new FakeElement("p")},
    startReplay: () => {},
  }));
  const t = /** @type {import("sleuth/types").TableContext} */ (/** @type {unknown} */ ({
    frame, name: (/** @type {number} */ seat) => ["Ana", "Bob"][seat],
  }));
  return fake(endPanel(page, t));
}

/**
 * The panel's text outside every "details" element: what a player reads without opening one.
 * @param {import("./fake-dom.js").FakeNode} node
 * @returns {string}
 */
function unfolded(node) {
  if (!(node instanceof FakeElement)) return node.textContent;
  if (node.tagName === "DETAILS") return "";
  return node.childNodes.map(unfolded).join("");
}

test("the commitment, seed and salt are kept, whole, in a closed details fold", () => {
  const panel = finishedTable();
  const folds = panel.descendants().filter((node) => node.tagName === "DETAILS");
  assert.equal(folds.length, 1);
  const fold = folds[0];
  assert.equal(fold.hasAttribute("open"), false);
  const summary = fold.descendants().filter((node) => node.tagName === "SUMMARY");
  assert.deepEqual(summary.map((node) => node.textContent), ["How to check that the deal was fair"]);
  const values = fold.descendants().filter((node) => node.tagName === "DD").map((node) => node.textContent);
  assert.deepEqual(values, [COMMITMENT, SEED, SALT]);
  const labels = fold.descendants().filter((node) => node.tagName === "DT").map((node) => node.textContent);
  assert.deepEqual(labels, ["Fingerprint of the deal, shown from the first move", "The deal's number",
    "The secret mixed into the fingerprint"]);
});

test("outside the fold the end speaks of no commitment, seed or salt", () => {
  const shown = unfolded(finishedTable());
  for (const word of ["commitment", "seed", "salt", COMMITMENT.slice(0, 16), SEED, SALT]) {
    assert.equal(shown.toLowerCase().includes(word.toLowerCase()), false, `"${word}" is shown unfolded: ${shown}`);
  }
});
