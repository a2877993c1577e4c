// 13 Clues' history on the page is told from each step's typed events: one event of every kind
// (thirteen-clues-events.json, as the game gives them: see
// tests/games/thirteen_clues/test_thirteen_clues_events.py) in words, for a seat and for a
// spectator; a Top Secret question's subject and an informant's card come from the reading
// seat's own view, never from the shared log.
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";
import {test} from "node:test";
import {fileURLToPath} from "node:url";

import {install} from "../../../web/fake-dom.js";

install();

const {default: part, eventWords} = await import("../../../../src/sleuth/games/thirteen_clues/web/table.js");

/** @typedef {{kind: string, [field: string]: unknown}} EventJSON */
/** @typedef {import("sleuth/types").LogEntry} LogEntry */
/** @type {EventJSON[]} */
const EVENTS = JSON.parse(readFileSync(fileURLToPath(new URL("thirteen-clues-events.json", import.meta.url)), "utf-8"));

/**
 * The table as the page's describe sees it, read by ``me`` (null: a spectator), with the
 * reading seat's view and the shared log when given.
 * @param {number | null} me
 * @param {{view?: any, log?: any[]}} [more]
 */
function context(me, {view, log} = {}) {
  const name = (/** @type {number} */ seat) => `Bot${seat}`;
  return /** @type {any} */ ({
    seat: me, name, who: (/** @type {number} */ seat) => (seat === me ? "you" : name(seat)),
    isMe: (/** @type {number} */ seat) => seat === me,
    view, frame: log ? {log, view} : undefined,
  });
}

/**
 * A history entry whose public events are ``events``; its notation says nothing the page reads.
 * @param {EventJSON[]} events
 * @returns {any}
 */
const entry = (events) => [0, "(not read)", "(not read)", events];

const SAID_TO_SEAT_1 = {
  chosen: "Bot0 chose your mystery.",
  mystery_picked: "Your mystery, as Bot0 chose it: Duke, Museum and Crossbow.",
  started: "All mysteries are chosen: you start.",
  asked: "Bot2 asked you about outdoor: 2.",
  asked_secret: "You asked Bot2 a Top Secret question.",
  secret_answer: "Top Secret, between you and Bot2: about yellow: 2.",
  looked: "Bot2 consulted informant E.",
  informant_seen: "Informant E, as Bot2 saw it: Officer.",
  took_glass: "Bot0 took a magnifying glass from you.",
  accused: "Bot0 accused Nurse, Parlor and Blowgun: wrong.",
};

test("the page has the events of every kind to say", () => {
  assert.deepEqual(EVENTS.map((e) => e.kind), Object.keys(SAID_TO_SEAT_1));
});

test("describe says every kind of event in a sentence, for the reading seat", () => {
  const t = context(1);
  for (const event of EVENTS) {
    assert.equal(part.describe?.(entry([event]), t), SAID_TO_SEAT_1[/** @type {keyof typeof SAID_TO_SEAT_1} */ (event.kind)], event.kind);
  }
});

test("a spectator reads names, never you", () => {
  const t = context(null);
  for (const event of EVENTS) {
    const words = eventWords(event, t);
    assert.match(words, /^[A-Z].*[.!]$/, event.kind);
    assert.doesNotMatch(words, /\byou\b|undefined|NaN|null/i, event.kind);
  }
  assert.equal(eventWords(EVENTS[0], t), "Bot0 chose Bot1's mystery.");
});

test("a step's events are told in order, one sentence each", () => {
  const t = context(2);
  const events = [{kind: "chosen", seat: 1, owner: 2}, {kind: "started", seat: 0}];
  assert.equal(part.describe?.(entry(events), t), "Bot1 chose your mystery. All mysteries are chosen: Bot0 starts.");
});

test("a Top Secret question's subject and answer come from the reading seat's own view", () => {
  const secret = {kind: "asked_secret", asker: 0, witness: 2, side: ""};
  /** @type {any[]} */
  const log = [
    [0, "ask 1 red", "1:red=2", [{kind: "asked", asker: 0, witness: 1, subject: "red", side: "", answer: 2}]],
    [1, "look A", "looked A", [{kind: "looked", seat: 1, slot: "A"}]],
    [0, "ask 2 ? secret", "2:top-secret", [secret]],
  ];
  const question = (/** @type {string | null} */ subject, /** @type {number | null} */ answer) => ({asker: 0, witness: 2, secret: true, subject, side: "", answer});
  const red = {asker: 0, witness: 1, secret: false, subject: "red", side: "", answer: 2};
  const witness = context(2, {log, view: {questions: [red, question("purple", 3)], informants: []}});
  assert.equal(part.describe?.(log[2], witness, 2), "Bot0 asked you a Top Secret question about purple: 3.");
  const other = context(1, {log, view: {questions: [red, question(null, null)], informants: []}});
  assert.equal(part.describe?.(log[2], other, 2), "Bot0 asked Bot2 a Top Secret question.");
});

test("the seat that looked reads the informant's card from its view, the others do not", () => {
  const looked = {kind: "looked", seat: 1, slot: "B"};
  const informants = [{slot: "A", card: null, looked_by: []}, {slot: "B", card: "Sword", looked_by: [1]}];
  assert.equal(eventWords(looked, context(1, {view: {informants}})), "You consulted informant B: Sword.");
  const hidden = [{slot: "A", card: null, looked_by: []}, {slot: "B", card: null, looked_by: [1]}];
  assert.equal(eventWords(looked, context(0, {view: {informants: hidden}})), "Bot1 consulted informant B.");
});

test("an entry without events is told by its notation", () => {
  const old = /** @type {LogEntry} */ (/** @type {unknown} */ ([2, "look A", "looked A"]));
  assert.equal(part.describe?.(old, context(null)), "Bot2: look A (looked A)");
});
