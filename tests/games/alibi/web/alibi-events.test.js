// Alibi's part of the page tells a step from its typed events (games/alibi/events.py): an event
// of every kind (alibi-events.json, checked against the Python events by
// tests/games/alibi/test_alibi_events.py) in words, for the seat reading and for the others.
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";
import {test} from "node:test";
import {fileURLToPath} from "node:url";

import part, {clueCard, eventWords} from "../../../../src/sleuth/games/alibi/web/table.js";
import {fake, install} from "../../../web/fake-dom.js";

install();

/** @typedef {{kind: string, [field: string]: unknown}} EventJSON */
/** @type {EventJSON[]} */
const EVENTS = JSON.parse(readFileSync(fileURLToPath(new URL("alibi-events.json", import.meta.url)), "utf-8"));
const BROKEN = /undefined|NaN|\[object |null/;

/**
 * The table as Alibi's words read it: seat 0 reads, the others are Bot1, Bot2.
 * @param {number | null} me
 */
function context(me) {
  const name = (/** @type {number} */ seat) => `Bot${seat}`;
  return /** @type {Parameters<typeof eventWords>[1]} */ (/** @type {unknown} */ ({
    seat: me, name, who: (/** @type {number} */ seat) => (seat === me ? "you" : name(seat)),
    isMe: (/** @type {number} */ seat) => seat === me,
  }));
}

/**
 * A log entry as the service sends one: seat, public action, result, the public events.
 * @param {number} seat
 * @param {string} action
 * @param {string} result
 * @param {EventJSON[]} events
 * @returns {import("sleuth/types").LogEntry}
 */
const entry = (seat, action, result, events) => /** @type {import("sleuth/types").LogEntry} */ (
  /** @type {unknown} */ ([seat, action, result, events]));

/** @param {string} kind */
const eventOf = (kind) => {
  const event = EVENTS.find((e) => e.kind === kind);
  assert.ok(event, kind);
  return event;
};

test("every kind of event is told in a sentence of its own", () => {
  const t = context(0);
  const said = EVENTS.map((event) => eventWords(event, t));
  for (const [i, words] of said.entries()) {
    assert.match(words, /^[(A-Z].*[.)]$/, JSON.stringify(EVENTS[i]));
    assert.doesNotMatch(words, BROKEN, JSON.stringify(EVENTS[i]));
  }
  assert.equal(new Set(said).size, EVENTS.length);
  assert.equal(new Set(EVENTS.map((e) => e.kind)).size, 19);
});

test("a step is its events in words, for the seat that acted and for the others", () => {
  const events = [eventOf("played"), eventOf("drew")];
  assert.equal(part.describe?.(entry(1, "play long", "drew 1", events), context(0)), "Bot1 laid out a clue: long hair. (Bot1 drew 2 cards.)");
  assert.equal(part.describe?.(entry(1, "play long", "drew 1", events), context(1)), "You laid out a clue: long hair. (You drew 2 cards.)");
  const bribe = eventOf("bribed");
  assert.equal(eventWords(bribe, context(0)), "Bot1 bribed you: the male clue is discarded.");
  assert.equal(eventWords(bribe, context(2)), "Bot1 bribed Bot0: the male clue is discarded.");
  const convicted = EVENTS.filter((e) => e.kind === "convicted");
  assert.equal(eventWords(convicted[0], context(0)), "S10 is convicted (clues) by Bot1: you +1, Bot1 +4, Bot2 +0.");
  assert.equal(eventWords(convicted[1], context(null)), "S02 is convicted (stall): Bot0 +0, Bot1 +1, Bot2 +2.");
});

test("the cards shuffled away unseen and the counts not told are not named", () => {
  const unseen = EVENTS.filter((e) => (e.kind === "exchanged" && e.cards === null) || (e.kind === "swapped" && e.card === null));
  assert.deepEqual(unseen.map((e) => eventWords(e, context(0))), [
    "Bot1 exchanged cards the table did not see: the pile was shuffled at once.",
    "Bot1 swapped a card the table did not see: the pile was shuffled at once.",
  ]);
  const untold = EVENTS.filter((e) => (e.kind === "drew" || e.kind === "discard_reshuffled") && e.count === null);
  assert.deepEqual(untold.map((e) => eventWords(e, context(0))), [
    "The discard pile is shuffled into a new draw pile.",
    "(Bot1 drew cards.)",
  ]);
});

test("keeping the hand is said so, not as a pass (issue #35)", () => {
  assert.equal(part.describe?.(entry(1, "pass", "ok", [eventOf("kept_hand")]), context(0)), "Bot1 kept the hand.");
  assert.equal(eventWords(eventOf("stopped"), context(1)), "You laid no more cards.");
  assert.equal(eventWords(eventOf("passed"), context(0)), "Bot1 passed: no card to play nor to draw.");
});

test("the special cards have their English names on the English page (issue #35)", () => {
  const t = context(0);
  assert.equal(eventWords(eventOf("good_eye"), t), "Bot1 played a good eye: 2 more cards to lay.");
  assert.equal(eventWords(EVENTS.find((e) => e.kind === "exchanged" && e.cards !== null) || eventOf("exchanged"), t),
    "Bot1 exchanged bribe and good eye.");
  assert.equal(eventWords(eventOf("swapped"), t), "Bot1 swapped good eye for a new card.");
  assert.equal(fake(clueCard("bribe")).getAttribute("aria-label"), "bribe card");
  assert.equal(fake(clueCard("goodeye")).textContent, "specialgood eye");
  const words = EVENTS.map((event) => eventWords(event, t)).join(" ");
  assert.doesNotMatch(words, /Bestechung|Gutes Auge/);
});
