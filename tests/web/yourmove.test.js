// The tables that wait on me (yourmove.js): longest-waiting first, the count in the tab's title,
// how long in words, and which tables newly wait (never the first look, never one's own move).
import assert from "node:assert/strict";
import {test} from "node:test";

import {install} from "./fake-dom.js";

install();

const {MoveWatch, titleWith, waitedWords, waitingOnMe} = await import("../../src/sleuth/web/static/yourmove.js");

/** @typedef {import("sleuth/types").MyTableOut} MyTableOut */

/**
 * @param {string} id
 * @param {number | null} since when the table started waiting on me; null: it does not
 * @returns {MyTableOut}
 */
function mine(id, since) {
  return /** @type {MyTableOut} */ (/** @type {unknown} */ ({
    table: {id, title: `Table ${id}`}, seat: 1, your_move: since !== null, waiting_since: since,
  }));
}

test("only the tables waiting on me, longest-waiting first", () => {
  const tables = [mine("b", 300), mine("c", null), mine("a", 100), mine("d", 300)];
  assert.deepEqual(waitingOnMe(tables).map((m) => m.table.id), ["a", "b", "d"]);
  assert.deepEqual(waitingOnMe([mine("c", null)]), []);
});

test("the title starts with the count, and is the page's own when none waits", () => {
  assert.equal(titleWith(2, "Sleuth: the lobby"), "(2) Sleuth: the lobby");
  assert.equal(titleWith(1, "A game · Sleuth"), "(1) A game · Sleuth");
  assert.equal(titleWith(0, "Sleuth: the lobby"), "Sleuth: the lobby");
});

test("how long in words: just now, then minutes, hours, days", () => {
  assert.equal(waitedWords(59), "It became your move just now.");
  assert.equal(waitedWords(60), "It became your move 1 minute ago.");
  assert.equal(waitedWords(3599), "It became your move 59 minutes ago.");
  assert.equal(waitedWords(7200), "It became your move 2 hours ago.");
  assert.equal(waitedWords(86400 * 3 + 5), "It became your move 3 days ago.");
});

test("the first look announces nothing; a table that starts waiting later does", () => {
  const watch = new MoveWatch();
  assert.deepEqual(watch.look([mine("a", 100), mine("b", null)]), []);
  assert.deepEqual([...watch.ids()], ["a"]);
  assert.deepEqual(watch.look([mine("a", 100), mine("b", 200)]), ["b"]);
  assert.deepEqual(watch.look([mine("a", 100), mine("b", 200)]), []);
  // b stops waiting (I moved there), then waits again: news again.
  assert.deepEqual(watch.look([mine("a", 100), mine("b", null)]), []);
  assert.deepEqual(watch.look([mine("a", 100), mine("b", 400)]), ["b"]);
  assert.deepEqual(watch.waiting().map((m) => m.table.id), ["a", "b"]);
});

test("on a table page, the first poll announces nothing, whichever comes first", () => {
  const watch = new MoveWatch();
  assert.deepEqual(watch.ownTable("t", false, false), []);
  assert.deepEqual(watch.look([mine("a", 100), mine("b", 200)]), []);
  assert.deepEqual([...watch.ids()].sort(), ["a", "b"]);
  assert.deepEqual(watch.look([mine("a", 100), mine("b", 200), mine("c", 300)]), ["c"]);
});

test("the own table follows its channel, over an older poll; one's own move is no news", () => {
  const watch = new MoveWatch();
  assert.deepEqual(watch.look([mine("a", 100), mine("t", 50)]), []);
  // The page's first frame of its table is no news, whatever it says.
  assert.deepEqual(watch.ownTable("t", true, false), []);
  assert.equal(watch.ids().size, 2);
  // I move at my table: the poll still says it waits on me, the channel says not.
  assert.deepEqual(watch.ownTable("t", false, true), []);
  assert.deepEqual([...watch.ids()], ["a"]);
  assert.deepEqual(watch.look([mine("a", 100), mine("t", 50)]), []);
  assert.deepEqual(watch.waiting().map((m) => m.table.id), ["a"]);
  // Another seat moves and the game waits on me again: news.
  assert.deepEqual(watch.ownTable("t", true, false), ["t"]);
  // A step of my own that leaves the game waiting on me (after it did not): no news.
  watch.ownTable("t", false, false);
  assert.deepEqual(watch.ownTable("t", true, true), []);
  assert.deepEqual([...watch.ids()].sort(), ["a", "t"]);
});
