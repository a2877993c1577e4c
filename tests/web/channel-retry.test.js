// The play channel's reconnection waits (channel.js): a channel the server opens and then
// closes at once (4429, too many channels of a seat or from one address) is tried again later
// and later, the reason said in words, and given up at the third refusal in a row; a channel
// that carried a frame starts the waits and the count over.
import assert from "node:assert/strict";
import {test} from "node:test";

/** A WebSocket that the test opens, feeds and closes by hand. */
class FakeSocket {
  static OPEN = 1;
  /** @type {FakeSocket[]} */
  static made = [];
  readyState = 0;
  /** @type {(() => void) | null} */
  onopen = null;
  /** @type {((event: {data: string}) => void) | null} */
  onmessage = null;
  /** @type {((event: {code: number}) => void) | null} */
  onclose = null;

  /** @param {string} url */
  constructor(url) {
    this.url = url;
    FakeSocket.made.push(this);
  }

  close() {}

  /** @param {string} _data */
  send(_data) {}
}

/** @type {number[]} */
const waits = [];
/** @type {(() => void)[]} */
const due = [];
const globals = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
globals.window = {addEventListener() {}};
globals.document = {addEventListener() {}, hidden: false};
globals.location = {protocol: "http:", host: "127.0.0.1"};
Object.defineProperty(globalThis, "navigator", {value: {onLine: true}, configurable: true});
globals.WebSocket = FakeSocket;
// Only the reconnection's waits are recorded and run by hand; the pings' timers never fire.
globals.setTimeout = (/** @type {() => void} */ run, /** @type {number} */ wait) => {
  if (wait < 15000) { waits.push(wait); due.push(run); }
  return 0;
};
globals.clearTimeout = () => {};

const {Channel} = await import("../../src/sleuth/web/static/channel.js");

/** Open the newest socket, close it with `code`, and run the reconnection's wait. */
function refuse(/** @type {number} */ code) {
  const socket = FakeSocket.made[FakeSocket.made.length - 1];
  socket.onopen?.();
  socket.onclose?.({code});
  due.shift()?.();
}

/** A new channel whose statuses (and their notes) are recorded. */
function opened(/** @type {string} */ path) {
  /** @type {[string, string | undefined][]} */
  const statuses = [];
  const channel = new Channel(path, {onFrame() {}, onStatus: (status, note) => { statuses.push([status, note]); }});
  channel.connect();
  return statuses;
}

/** The newest socket carries a frame, then closes with `code`. */
function carried(/** @type {number} */ code) {
  const live = FakeSocket.made[FakeSocket.made.length - 1];
  live.onopen?.();
  live.onmessage?.({data: JSON.stringify({type: "state", step: 3})});
  live.onclose?.({code});
  due.shift()?.();
}

const SEAT_WORDS = "This seat is open in too many tabs or devices already: close one, then reload this page.";
const WATCH_WORDS = "Too many channels from here watch tables already: close one, then reload this page.";

test("a seat's channel refused on opening says why, waits longer each time, and stops at the third", () => {
  FakeSocket.made.length = 0;
  waits.length = 0;
  due.length = 0;
  const statuses = opened("/ws/tables/t/seats/0");
  refuse(4429);
  refuse(4429);
  assert.equal(FakeSocket.made.length, 3);
  // 500 ms, then doubled, each within a quarter either way.
  assert.equal(waits.length, 2);
  assert.ok(waits[0] >= 375 && waits[0] <= 625, `first: ${waits[0]} ms`);
  assert.ok(waits[1] >= 750 && waits[1] <= 1250, `second: ${waits[1]} ms`);
  refuse(4429);
  // Given up: no fourth socket, no wait, and the reason stays on the page.
  assert.equal(FakeSocket.made.length, 3);
  assert.equal(waits.length, 2);
  assert.deepEqual(statuses.filter(([status]) => status !== "live" && status !== "connecting" && status !== "resuming"), [
    ["reconnecting", SEAT_WORDS],
    ["reconnecting", SEAT_WORDS],
    ["closed", SEAT_WORDS],
  ]);
});

test("a channel that carried a frame starts the waits and the refusals over; its own 4429 is retried", () => {
  FakeSocket.made.length = 0;
  waits.length = 0;
  due.length = 0;
  const statuses = opened("/ws/tables/t/watch");
  refuse(4429);
  refuse(4429);
  // The third one carries frames, then is closed for a flood of bad messages: tried again.
  carried(4429);
  assert.ok(waits[2] >= 375 && waits[2] <= 625, `after a frame: ${waits[2]} ms`);
  refuse(4429);
  refuse(4429);
  assert.equal(FakeSocket.made.length, 6);
  refuse(4429);
  assert.equal(FakeSocket.made.length, 6);
  const said = statuses.filter(([status]) => status === "reconnecting" || status === "closed");
  assert.deepEqual(said, [
    ["reconnecting", WATCH_WORDS],
    ["reconnecting", WATCH_WORDS],
    ["reconnecting", undefined],
    ["reconnecting", WATCH_WORDS],
    ["reconnecting", WATCH_WORDS],
    ["closed", WATCH_WORDS],
  ]);
});
