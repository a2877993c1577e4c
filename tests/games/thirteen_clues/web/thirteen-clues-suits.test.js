// 13 Clues' ten colours are told apart without colour vision: each card's band and each colour
// question's button carries the colour's own symbol. The colours as the page's style sheet
// paints them are run through simulations of protanopia, deuteranopia and tritanopia
// (Machado, Oliveira and Fernandes 2009, full severity): pairs that become hard to tell apart
// exist (so colour alone fails), and every such pair differs by symbol.
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";
import {test} from "node:test";
import {fileURLToPath} from "node:url";

import {fake, install} from "../../../web/fake-dom.js";

install();

const {drawCard} = await import("../../../../src/sleuth/games/thirteen_clues/web/table.js");

const CSS = readFileSync(fileURLToPath(new URL("../../../../src/sleuth/games/thirteen_clues/web/table.css", import.meta.url)), "utf-8");
/** The ten colours and their paint, as the style sheet has them: {red: [198, 40, 40], ...}. */
const PAINT = Object.fromEntries([...CSS.matchAll(/\.c-(\w+) \{ background: #([0-9a-f]{6});/g)]
  .map(([, name, hex]) => [name, [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16))]));

/** @type {Record<string, number[][]>} linear RGB -> linear RGB */
const SIMULATIONS = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
};
// Below this CIE76 distance two small swatches are not told apart at a glance.
const CONFUSABLE = 20;

/** @param {number} channel 0-255 */
const linear = (channel) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** @param {number[]} rgb linear */
function lab([r, g, b]) {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (/** @type {number} */ t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/**
 * @param {number[]} rgb 0-255
 * @param {number[][]} matrix
 */
function seen(rgb, matrix) {
  const lin = rgb.map(linear);
  return lab(matrix.map((row) => Math.min(1, Math.max(0, row.reduce((sum, m, i) => sum + m * lin[i], 0)))));
}

/** The symbol a card of this colour carries: its colour tag and its shape. @param {string} colour */
function symbolOf(colour) {
  const card = fake(drawCard(`${colour}/person/Someone/male`));
  const marks = card.descendants().filter((node) => node.getAttribute("class") === "icon tc-suit");
  assert.equal(marks.length, 1, `${colour}: one symbol on the card`);
  const [mark] = marks;
  assert.equal(mark.getAttribute("data-suit"), colour);
  return mark.descendants().map((path) => path.getAttribute("d")).join(" ");
}

test("the style sheet paints the ten colours", () => {
  assert.deepEqual(Object.keys(PAINT).sort(),
    ["blue", "brown", "gray", "green", "orange", "pink", "purple", "red", "white", "yellow"]);
});

test("each colour has a symbol of its own", () => {
  const shapes = Object.keys(PAINT).map(symbolOf);
  assert.equal(new Set(shapes).size, 10);
  assert.ok(shapes.every((shape) => shape.length > 0));
});

for (const [vision, matrix] of Object.entries(SIMULATIONS)) {
  test(`with ${vision}, every two colours that look alike differ by symbol`, () => {
    const colours = Object.keys(PAINT);
    const confused = [];
    for (const [i, a] of colours.entries()) {
      for (const b of colours.slice(i + 1)) {
        const [la, lb] = [seen(PAINT[a], matrix), seen(PAINT[b], matrix)];
        const distance = Math.hypot(...la.map((v, k) => v - lb[k]));
        if (distance < CONFUSABLE) confused.push([a, b]);
      }
    }
    for (const [a, b] of confused) assert.notEqual(symbolOf(a), symbolOf(b), `${vision}: ${a} and ${b}`);
  });
}

test("the simulations find colours that look alike: the colour alone would not do", () => {
  const colours = Object.keys(PAINT);
  /** @param {number[][]} matrix @param {string} a @param {string} b */
  const distance = (matrix, a, b) => Math.hypot(...seen(PAINT[a], matrix).map((v, k) => v - seen(PAINT[b], matrix)[k]));
  assert.ok(distance(SIMULATIONS.protanopia, "red", "brown") < CONFUSABLE);
  assert.ok(distance(SIMULATIONS.deuteranopia, "green", "brown") < CONFUSABLE);
  assert.ok(distance(SIMULATIONS.tritanopia, "green", "blue") < CONFUSABLE);
  assert.equal(colours.length, 10);
});
