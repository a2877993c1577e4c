// Black Stories Investigation's history on the page is told from each step's typed events:
// one event of every kind (black-stories-events.json, as the game gives them: see
// tests/games/black_stories/test_bsi_events.py) in words, for a seat and for a spectator.
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";
import {test} from "node:test";
import {fileURLToPath} from "node:url";

import {install} from "../../../web/fake-dom.js";

install();

const {default: part, eventWords} = await import("../../../../src/sleuth/games/black_stories/web/table.js");

/** @typedef {{kind: string, [field: string]: unknown}} EventJSON */
/** @type {EventJSON[]} */
const EVENTS = JSON.parse(readFileSync(fileURLToPath(new URL("black-stories-events.json", import.meta.url)), "utf-8"));

/**
 * The table as the page's describe sees it, read by ``me`` (null: a spectator).
 * @param {number | null} me
 */
function context(me) {
  const name = (/** @type {number} */ seat) => `Bot${seat}`;
  return /** @type {any} */ ({
    seat: me, name, who: (/** @type {number} */ seat) => (seat === me ? "you" : name(seat)),
    isMe: (/** @type {number} */ seat) => seat === me,
  });
}

/**
 * A history entry whose public events are ``events``; its notation says nothing the page reads.
 * @param {EventJSON[]} events
 * @returns {any}
 */
const entry = (events) => [0, "(not read)", "(not read)", events];

const SAID_TO_SEAT_1 = {
  played: "You played man · inside · gun to Bot2: 3 matches.",
  solved: "You solved Bot3's case as man · night · outside · gun with the 1-drop card: +5 points (1 for the drops, 4 for the few cards).",
  failed: "You tried to solve Bot2's case with the 2-drop card (a secret guess): wrong.",
  failed_guess: "Your guess on Bot2's case was woman · night · outside · knife (only the two of you see it).",
  turned_up: "Bot3 turned up night · outside looking for a new case.",
  reshuffled: "The discard pile (4 cards) was shuffled into a new draw pile.",
  new_case: "Bot3 took a new case.",
  case_drawn: "Bot3's new case: man · night · inside · knife.",
  no_case: "Bot2 has no case: none is left to draw.",
  drew: "You drew 1 card.",
  drew_cards: "Your new cards: woman · night · inside · gun.",
  final_round: "The final round has begun.",
  over: "The game is over. The cases: Bot0: woman · night · outside · gun, you: man · night · outside · knife, Bot2: man · day · inside · gun and Bot3: man · night · inside · knife.",
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
    assert.match(words, /^[A-Z].*\.$/, event.kind);
    assert.doesNotMatch(words, /\byou\b|undefined|NaN|null/i, event.kind);
  }
  assert.equal(eventWords(EVENTS[0], t), "Bot1 played man · inside · gun to Bot2: 3 matches.");
});

test("a step's events are told in order, one sentence each", () => {
  const t = context(null);
  const kinds = ["solved", "reshuffled", "new_case"];
  const events = kinds.map((kind) => EVENTS.find((e) => e.kind === kind) || {kind});
  assert.equal(part.describe?.(entry(events), t),
    "Bot1 solved Bot3's case as man · night · outside · gun with the 1-drop card: +5 points (1 for the drops, 4 for the few cards). "
    + "The discard pile (4 cards) was shuffled into a new draw pile. Bot3 took a new case.");
});

test("a failed guess the table may see is named, a chip shortage too", () => {
  const t = context(0);
  assert.equal(eventWords({kind: "failed", seat: 2, target: 0, drops: 3, guess: "man/day/inside/gun"}, t),
    "Bot2 tried to solve your case with the 3-drop card (man · day · inside · gun): wrong.");
  assert.equal(eventWords({kind: "solved", seat: 0, target: 1, case: "man+day+inside+gun", drops: 2, bonus: 1, points: 1, short: 2}, t),
    "You solved Bot1's case as man · day · inside · gun with the 2-drop card: +1 point (2 for the drops, 1 for the few cards, 2 short of chips).");
  assert.equal(eventWords({kind: "no_case", seat: 0}, t), "You have no case: none is left to draw.");
});
