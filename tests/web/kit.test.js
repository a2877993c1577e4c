// The page's toolkit (kit.js): its words, its colours, its actions read from notation, and the
// elements it builds, on a small fake DOM.
import assert from "node:assert/strict";
import {test} from "node:test";

import {
  SEAT_COLOURS, actionButton, actionsStarting, capitalize, fill, h, icon, listWords, pickButton, plural, seatColour,
} from "sleuth/kit";
import {fake, install} from "./fake-dom.js";

install();

/**
 * A table context with only what the toolkit reads: the legal actions, and what was played.
 * @param {string[]} legal
 * @param {boolean} [live]
 */
function context(legal, live = true) {
  /** @type {string[]} */
  const played = [];
  const t = /** @type {import("sleuth/types").TableContext} */ (/** @type {unknown} */ ({
    legal: new Set(legal), live, can: (/** @type {string} */ a) => legal.includes(a),
    act: (/** @type {string} */ a) => { played.push(a); },
  }));
  return {t, played};
}

test("plural counts in words", () => {
  assert.equal(plural(1, "card"), "1 card");
  assert.equal(plural(0, "card"), "0 cards");
  assert.equal(plural(3, "person", "people"), "3 people");
});

test("listWords joins with commas and a last word", () => {
  assert.equal(listWords([]), "");
  assert.equal(listWords(["A"]), "A");
  assert.equal(listWords(["A", "B"]), "A and B");
  assert.equal(listWords(["A", "B", 3], "or"), "A, B or 3");
});

test("capitalize leaves an empty text alone", () => {
  assert.equal(capitalize("you asked"), "You asked");
  assert.equal(capitalize(""), "");
});

test("seat colours cycle, so any seat number has one", () => {
  assert.equal(seatColour(0), SEAT_COLOURS[0]);
  assert.equal(seatColour(SEAT_COLOURS.length + 1), SEAT_COLOURS[1]);
});

test("actionsStarting matches whole words only", () => {
  const {t} = context(["ask 1 AOR", "ask 2 AOR", "asking", "pass", "ask"]);
  assert.deepEqual(actionsStarting(t, "ask"), ["ask 1 AOR", "ask 2 AOR", "ask"]);
  assert.deepEqual(actionsStarting(t, "accuse"), []);
});

test("h reads classes from the tag and sets attributes, text, styles, data and listeners", () => {
  let clicks = 0;
  const node = fake(h("button.act.danger", {
    type: "button", class: "extra", "aria-label": "Go", disabled: true, hidden: false, title: null,
    dataset: {key: "go"}, style: {"--seat": "#fff", marginTop: "2px"}, onclick: () => { clicks += 1; },
  }, "Go", null, undefined, false, ["!", 1]));
  assert.equal(node.tagName, "BUTTON");
  assert.equal(node.className, "act danger extra");
  assert.equal(node.getAttribute("type"), "button");
  assert.equal(node.getAttribute("disabled"), "");
  assert.equal(node.hasAttribute("hidden"), false);
  assert.equal(node.hasAttribute("title"), false);
  assert.deepEqual(node.dataset, {key: "go"});
  assert.deepEqual([...node.styles], [["--seat", "#fff"], ["margin-top", "2px"]]);
  assert.equal(node.textContent, "Go!1");
  node.click();
  assert.equal(clicks, 1);
  assert.equal(fake(h(".plain")).tagName, "DIV");
  assert.equal(fake(h("p", {text: "words"}, "ignored")).textContent, "wordsignored");
});

test("fill replaces the children and skips empty ones", () => {
  const box = h("div", {}, "old");
  fill(box, null, "new", [h("b", {text: "!"})]);
  assert.equal(fake(box).textContent, "new!");
  assert.equal(fake(box).childNodes.length, 2);
});

test("an icon is decorative unless labelled", () => {
  const plain = fake(icon("M0 0h1"));
  assert.equal(plain.getAttribute("aria-hidden"), "true");
  assert.equal(plain.childNodes.length, 1);
  const named = fake(icon(["M0 0", "M1 1"], "bot", "icon big"));
  assert.equal(named.getAttribute("role"), "img");
  assert.equal(named.getAttribute("aria-label"), "bot");
  assert.equal(named.getAttribute("class"), "icon big");
  assert.equal(named.childNodes.length, 2);
});

test("an action button plays its action, and is disabled when it is not legal or not live", () => {
  const {t, played} = context(["pass"]);
  const pass = fake(actionButton(t, "pass", "Pass"));
  assert.equal(pass.getAttribute("data-action"), "pass");
  assert.equal(pass.hasAttribute("disabled"), false);
  pass.click();
  assert.deepEqual(played, ["pass"]);
  assert.equal(fake(actionButton(t, "draw", "Draw")).hasAttribute("disabled"), true);
  assert.equal(fake(actionButton(context(["pass"], false).t, "pass", "Pass")).hasAttribute("disabled"), true);
});

test("a pick button says whether it is picked and usable, its words first", () => {
  const button = fake(pickButton({label: "person A", key: "letter:A", picked: true, usable: false, content: "A"}));
  assert.equal(button.getAttribute("aria-pressed"), "true");
  assert.equal(button.className, "pick  picked unusable");
  assert.equal(button.textContent, "A (person A)");
});
