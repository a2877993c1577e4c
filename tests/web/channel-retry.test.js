// The play channel's reconnection waits (channel.js): a channel the server opens and then
// closes at once (4429, too many channels from one address) is tried again later and later,
// not every half second; a channel that carried a frame starts the waits over.
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

test("a channel refused on opening waits longer at each try, until one carries a frame", () => {
  /** @type {string[]} */
  const statuses = [];
  const channel = new Channel("/api/tables/t/watch", {onFrame() {}, onStatus: (status) => { statuses.push(status); }});
  channel.connect();
  for (let n = 0; n < 6; n += 1) refuse(4429);
  assert.equal(FakeSocket.made.length, 7);
  // 500 ms doubled at each try, up to 10 s, each within a quarter either way.
  const nominal = [500, 1000, 2000, 4000, 8000, 10000];
  assert.equal(waits.length, 6);
  waits.forEach((wait, n) => {
    assert.ok(wait >= nominal[n] * 0.75 && wait <= nominal[n] * 1.25, `try ${n}: ${wait} ms`);
  });
  // A channel that carries its first frame starts the waits over.
  const live = FakeSocket.made[FakeSocket.made.length - 1];
  live.onopen?.();
  live.onmessage?.({data: JSON.stringify({type: "state", step: 3})});
  live.onclose?.({code: 1006});
  assert.ok(waits[6] >= 375 && waits[6] <= 625, `after a frame: ${waits[6]} ms`);
  assert.equal(statuses.filter((status) => status === "reconnecting").length, 7);
});
