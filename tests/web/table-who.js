// The table's own seat in a language: the context the table page (table.js) hands a game's
// part names the seat drawn "you" from the catalogues, so a step told without typed events
// ("You: pass.") starts with the language's word on every game's page, not the English one.
// One language per process (i18n.js loads it once).
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";
import {test} from "node:test";
import {fileURLToPath, pathToFileURL} from "node:url";

import {speak, webFiles} from "./history-words.js";

const ROOT = new URL("../../", import.meta.url);

/**
 * @param {string} language
 * @param {{mine: string, theirs: string}} expected the lines of seat 0's and seat 1's "pass"
 *   read by seat 0 (a game's own full stop or not cut off)
 */
export async function tableWhoTests(language, expected) {
  speak(language);
  const {TablePage} = await import("../../src/sleuth/web/static/table.js");
  const {default: fallback} = await import("../../src/sleuth/web/static/fallback.js");
  const frame = /** @type {import("sleuth/types").StateFrame} */ (/** @type {unknown} */ ({
    status: "playing", legal: {actions: [], families: []},
    seats: [{seat: 0, kind: "person", name: "Ana"}, {seat: 1, kind: "person", name: "Bo"}],
  }));
  const page = /** @type {import("../../src/sleuth/web/static/table.js").TablePage} */ (/** @type {unknown} */ ({seat: 0, picks: new Map()}));
  const t = TablePage.prototype.context.call(page, /** @type {import("sleuth/types").View} */ ({seat: 0}), frame, false);
  const parts = [["generic", fallback], ...await Promise.all(webFiles(/^sample\.json$/).map(async ([name, file]) => {
    const sample = JSON.parse(readFileSync(file, "utf-8"));
    return [name, (await import(pathToFileURL(fileURLToPath(new URL(sample.script, ROOT))).href)).default];
  }))];
  test(`the seat drawn is "you" in ${language} on the table's context`, () => {
    assert.equal(t.who(0), expected.mine.split(":")[0].toLowerCase());
    assert.equal(t.who(1), "Bo");
  });
  for (const [name, part] of parts) {
    test(`${name}: a step without typed events names the seat drawn in ${language}`, () => {
      // A log entry as a service that sends no events gives it: seat, notation, result (the
      // generic table always reads a fourth element, the events, here none).
      const none = name === "generic" ? [[]] : [];
      const mine = part.describe([0, "pass", "", ...none], t, 0);
      const theirs = part.describe([1, "pass", "", ...none], t, 0);
      assert.equal(mine.replace(/\.$/, ""), expected.mine);
      assert.equal(theirs.replace(/\.$/, ""), expected.theirs);
    });
  }
}
