// Which absent people's seats a page offers to hand to a bot (absent.js): the others', away
// the table's while, in a game under way at a table without a clock; never to a spectator.
import assert from "node:assert/strict";
import {test} from "node:test";

import {install} from "./fake-dom.js";

install();

const {seatsToHand} = await import("../../src/sleuth/web/static/absent.js");

/**
 * @param {(number | null)[]} away each seat's away_since
 * @param {string} [status]
 */
function frameOf(away, status = "playing") {
  return /** @type {import("sleuth/types").StateFrame} */ (/** @type {unknown} */ ({
    status, seats: away.map((since, seat) => ({seat, away_since: since})),
  }));
}

const TABLE = /** @type {import("sleuth/types").TableOut} */ (/** @type {unknown} */ ({clock: "none", away_after: 120}));

test("a seat is offered once its person has been away the table's while", () => {
  const frame = frameOf([null, 100, null]);
  assert.deepEqual(seatsToHand(frame, TABLE, 0, 219.5), []);
  assert.deepEqual(seatsToHand(frame, TABLE, 0, 220), [1]);
  assert.deepEqual(seatsToHand(frameOf([null, 100, 50]), TABLE, 0, 400), [1, 2]);
});

test("never one's own seat, nor to a spectator, nor with a clock, nor once the game is over", () => {
  const frame = frameOf([10, 100, null]);
  assert.deepEqual(seatsToHand(frame, TABLE, 0, 400), [1]);
  assert.deepEqual(seatsToHand(frame, TABLE, null, 400), []);
  const clocked = /** @type {import("sleuth/types").TableOut} */ ({...TABLE, clock: "live"});
  assert.deepEqual(seatsToHand(frame, clocked, 2, 400), []);
  assert.deepEqual(seatsToHand(frameOf([null, 100, null], "finished"), TABLE, 0, 400), []);
  assert.deepEqual(seatsToHand(null, TABLE, 0, 400), []);
});
