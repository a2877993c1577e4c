// Black Vienna's part of the page tells a step from its typed events (games/black_vienna/events.py):
// an event of every kind (black-vienna-events.json, checked against the Python events by
// tests/games/black_vienna/test_black_vienna_events.py) in words, for the seat reading and for the
// others; an envelope is never said to hold a guess, and the end shows every sealed guess.
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";
import {test} from "node:test";
import {fileURLToPath} from "node:url";

import part, {eventWords} from "../../../../src/sleuth/games/black_vienna/web/table.js";
import {fake, install} from "../../../web/fake-dom.js";

install();

/** @typedef {{kind: string, [field: string]: unknown}} EventJSON */
/** @typedef {import("sleuth/types").LogEntry} LogEntry */
/** @type {EventJSON[]} */
const EVENTS = JSON.parse(readFileSync(fileURLToPath(new URL("black-vienna-events.json", import.meta.url)), "utf-8"));
const BROKEN = /undefined|NaN|\[object |null/;

/**
 * A log entry as the service sends one: seat, public action, result, the public events.
 * @param {number} seat
 * @param {string} action
 * @param {string} result
 * @param {EventJSON[]} events
 * @returns {LogEntry}
 */
const entry = (seat, action, result, events) => /** @type {LogEntry} */ (/** @type {unknown} */ ([seat, action, result, events]));

/** @param {string} kind */
const eventOf = (kind) => {
  const event = EVENTS.find((e) => e.kind === kind);
  assert.ok(event, kind);
  return event;
};

// The scripted game's last steps as the page gets them (only public events).
const LOG = [
  entry(1, "ask 3 AKÖ+CMY", "AKÖ@3=0 CMY@3=1", [
    {kind: "asked", asker: 1, target: 3, cards: ["AKÖ", "CMY"]},
    {kind: "answered", target: 3, card: "AKÖ", markers: 0, placed: 0},
    {kind: "answered", target: 3, card: "CMY", markers: 1, placed: 1}]),
  entry(2, "accuse ?", "wrong", [{kind: "accused", seat: 2, correct: false}]),
  entry(0, "accuse ?", "correct", [{kind: "accused", seat: 0, correct: true}]),
  entry(1, "hand in ?", "", [{kind: "handed_in", seat: 1}]),
  entry(3, "hand in ?", "", [{kind: "handed_in", seat: 3}, eventOf("opened")]),
];

/**
 * The table as Black Vienna's words read it: ``me`` reads (null: a spectator), the others are
 * Bot1, Bot2...; its view keeps its own accusations' letters and its own guess.
 * @param {number | null} me
 * @param {{accusations?: {seat: number, correct: boolean, letters: string | null}[], own_guess?: string | null}} [view]
 * @param {LogEntry[]} [log]
 */
function context(me, view = {}, log = LOG) {
  const name = (/** @type {number} */ seat) => `Bot${seat}`;
  return /** @type {Parameters<typeof eventWords>[1]} */ (/** @type {unknown} */ ({
    seat: me, name, who: (/** @type {number} */ seat) => (seat === me ? "you" : name(seat)),
    isMe: (/** @type {number} */ seat) => seat === me,
    view: {accusations: [], own_guess: null, ...view},
    frame: {log},
  }));
}

test("every kind of event is told in a sentence of its own", () => {
  const t = context(0);
  const said = EVENTS.map((event) => eventWords(event, t));
  for (const [i, words] of said.entries()) {
    assert.match(words, /^[(A-Z].*[.!)]$/, JSON.stringify(EVENTS[i]));
    assert.doesNotMatch(words, BROKEN, JSON.stringify(EVENTS[i]));
  }
  assert.equal(new Set(said).size, EVENTS.length);
  assert.equal(new Set(EVENTS.map((e) => e.kind)).size, 9);
});

test("a question is its card and each answer, in words for the target and for the others", () => {
  const ask = entry(0, "ask 1 CDE", "CDE@1=0", [eventOf("asked"), eventOf("answered")]);
  assert.equal(part.describe?.(ask, context(1)), "Bot0 asked you about C D E. You answered C D E: 0 markers.");
  assert.equal(part.describe?.(ask, context(null)), "Bot0 asked Bot1 about C D E. Bot1 answered C D E: 0 markers.");
  assert.equal(part.describe?.(LOG[0], context(2)),
    "Bot1 asked Bot3 about A K Ö and C M Y in a special investigation. Bot3 answered A K Ö: 0 markers. Bot3 answered C M Y: 1 marker.");
  const short = EVENTS.filter((e) => e.kind === "answered")[1];
  assert.equal(eventWords(short, context(0)), "You answered C D E: 3 markers (only 2 markers left to place).");
});

test("an accusation names its letters to the accuser alone", () => {
  assert.equal(part.describe?.(LOG[1], context(0), 1), "Bot2 cried “Black Vienna!”: wrong.");
  const accusations = [{seat: 2, correct: false, letters: "EKM"}, {seat: 0, correct: true, letters: null}];
  assert.equal(part.describe?.(LOG[1], context(2, {accusations}), 1), "You cried “Black Vienna!” naming E K M: wrong.");
  assert.equal(part.describe?.(LOG[2], context(2, {accusations}), 2), "Bot0 cried “Black Vienna!”: right!");
  assert.equal(eventWords(eventOf("named"), context(2)), "(Your accusation: E K M.)");
  assert.equal(eventWords(eventOf("ring_seen"), context(2)), "(You looked at Black Vienna: E K T.)");
});

test("an envelope handed in never claims a guess (issue #35)", () => {
  for (const reader of [0, 2, null]) {
    assert.equal(part.describe?.(LOG[3], context(reader), 3), "Bot1 handed in an envelope.");
  }
  assert.equal(part.describe?.(LOG[3], context(1, {own_guess: "EKT"}), 3), "You handed in an envelope: your sealed guess E K T.");
  assert.equal(part.describe?.(entry(3, "hand in ?", "", [eventOf("handed_in")]), context(1, {own_guess: "pass"})),
    "You handed in an envelope: you passed.");
  assert.equal(eventWords(eventOf("guessed"), context(1)), "(Your sealed guess: E K T.)");
  assert.equal(eventWords(eventOf("passed"), context(3)), "(You passed: the envelope holds no guess.)");
});

test("the end opens every accusation and envelope, in the log and beside the reveal (issue #35)", () => {
  assert.equal(part.describe?.(LOG[4], context(0), 4),
    "Bot3 handed in an envelope. Accusations opened: Bot2 named E K M and you named E K T. " +
    "Envelopes opened: Bot1 guessed E K T and Bot3 passed.");
  const reveal = {ring: "EKT", hands: ["DHJNUV", "BFGISZ", "AMPWYÖ", "CLOQRX"], stacks: []};
  const t = context(2);
  assert.ok(part.reveal);
  const shown = fake(part.reveal(reveal, t.view, t)).textContent;
  assert.match(shown, /Accusations: You E K M \(wrong\), Bot0 E K T \(right\)/);
  assert.match(shown, /Sealed guesses: Bot1 E K T \(right\), Bot3 passed/);
});

test("a log without events (an older service) still tells the step, unread", () => {
  const old = /** @type {LogEntry} */ (/** @type {unknown} */ ([1, "hand in ?", ""]));
  assert.equal(part.describe?.(old, context(0)), "Bot1: hand in ?.");
});
