// Words in one sense of an English word that has two (gettext's msgctxt): the page looks
// the message up under its context ("turn" as a kind of clock), as the server keys it, and
// a refusal's value that is such words is said in that sense. One language per process.
import assert from "node:assert/strict";
import {test} from "node:test";

import {speak} from "./speak.js";

/**
 * @param {string} language
 * @param {{turn: string, live: string, refusal: string}} expected
 */
export async function contextTests(language, expected) {
  speak(language, () => ({status: 404, body: {}}));
  const {tr, trp} = await import("../../src/sleuth/web/static/i18n.js");
  const {wordsText} = await import("../../src/sleuth/web/static/problems.js");
  test(`a message is said in the sense its context names in ${language}`, () => {
    assert.deepEqual([trp("clock kind", "turn"), trp("clock kind", "live")], [expected.turn, expected.live]);
    // Without its context the word has no entry: a sense no one translated stays English.
    assert.equal(tr("turn"), "turn");
    assert.equal(trp("no such sense", "turn"), "turn");
  });
  test(`words with a context inside a refusal are said in that sense in ${language}`, () => {
    const words = {template: "per_move: a %(clock)s clock gives %(low)s-%(high)s seconds a move, not %(asked)s",
      values: {clock: {template: "live", values: {}, context: "clock kind"}, low: 5, high: 3600, asked: 1}};
    assert.equal(wordsText(words), expected.refusal);
  });
}
