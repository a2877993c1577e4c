// A list of words on the page as the server joins it in the same language (issue #35): the
// Python's `listed` then the catalogues' "%(first)s and %(last)s" ("or": "%(first)s or
// %(second)s"), as `sleuth play` lists the seats random bots fill ("席2、3と4"), not CLDR's
// list (Intl.ListFormat: "2、3、4" in Japanese). One language per process (i18n.js loads it
// once).
import assert from "node:assert/strict";
import {test} from "node:test";

import {speak} from "./history-words.js";

/**
 * @param {string} language
 * @param {{and: string[], or: string[]}} expected the lists ["2"], ["2", "3"] and
 *   ["2", "3", "4"] joined, as the server's Python joins them in `language`
 */
export async function listWordsTests(language, expected) {
  speak(language);
  const {listWords} = await import("../../src/sleuth/web/static/kit.js");
  const lists = [["2"], ["2", "3"], [2, 3, 4]];
  test(`a list's words are joined as the server joins them in ${language}`, () => {
    assert.deepEqual(lists.map((words) => listWords(words)), expected.and);
    assert.deepEqual(lists.map((words) => listWords(words, "and")), expected.and);
  });
  test(`alternatives are joined as the server joins them in ${language}`, () => {
    assert.deepEqual(lists.map((words) => listWords(words, "or")), expected.or);
  });
  test(`an empty list is no words in ${language}`, () => {
    assert.equal(listWords([]), "");
  });
}
