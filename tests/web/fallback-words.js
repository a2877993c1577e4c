// The generic table (fallback.js) in a language: a step whose events bring their own words
// (core.events.Event.told, as the example game's do) is told in those words from the
// catalogues, its seats named for the reader, and the drawn sheet's own place (not a seat)
// is named from the catalogues too: the example game's own catalogue, which the page loads
// at its table (i18n.js's speakGame). One language per process (i18n.js loads it once).
import assert from "node:assert/strict";
import {readdirSync} from "node:fs";
import {test} from "node:test";

import {speak} from "./speak.js";

/** Each example game's own catalogues' folder (examples/<project>/src/<package>/locale/). */
function exampleCatalogues() {
  const examples = new URL("../../examples/", import.meta.url);
  /** @type {URL[]} */
  const found = [];
  for (const project of readdirSync(examples, {withFileTypes: true}).filter((entry) => entry.isDirectory())) {
    const sources = new URL(`${project.name}/src/`, examples);
    let packages;
    try { packages = readdirSync(sources, {withFileTypes: true}); } catch { continue; }
    for (const folder of packages) {
      const locale = new URL(`${folder.name}/locale/`, sources);
      try { readdirSync(locale); found.push(locale); } catch { /* a package without a catalogue */ }
    }
  }
  return found;
}

/** @typedef {import("../../src/sleuth/web/static/types.d.ts").EventJSON} EventJSON */

/** Events as the service sends them for the example game (its events' ``to_json``). */
export const ASKED = {kind: "answered", asker: 1, target: 2, pair: "AB", answer: 1, answers: "count",
  told: {template: "%(asker)s asked %(target)s about %(pair)s: %(count)s of them",
    values: {asker: 1, target: 2, pair: "AB", count: 1}, seats: ["asker", "target"]}};
export const NO = {kind: "answered", asker: 0, target: 1, pair: "CD", answer: 0, answers: "yes-no",
  told: {template: "%(asker)s asked %(target)s about %(pair)s: no, neither",
    values: {asker: 0, target: 1, pair: "CD"}, seats: ["asker", "target"]}};
export const ACCUSED = {kind: "accused", seat: 0, suspect: "G", correct: true,
  told: {template: "%(seat)s accused %(suspect)s: the culprit", values: {seat: 0, suspect: "G"}, seats: ["seat"]}};

// Words that lost their template on the way (a plugin's event, an older service): the
// event's own fields tell it, an empty one as the page's "none".
export const BARE = {kind: "reshuffled", left: null, cards: [], seat: 1,
  told: {values: {seat: 1}, seats: ["seat"]}};

/**
 * @param {string} language
 * @param {{asked: string, accused: string, place: string, bare: string}} expected
 */
export async function fallbackTests(language, expected) {
  speak(language, () => ({status: 404, body: {}}), exampleCatalogues());
  const {default: fallback, eventWords} = await import("../../src/sleuth/web/static/fallback.js");
  const {speakGame} = await import("../../src/sleuth/web/static/i18n.js");
  await speakGame({name: "the example", catalogue: true});
  const names = ["Ana", "Bo", "Cy"];
  const t = /** @type {import("sleuth/types").TableContext} */ (/** @type {unknown} */ ({
    who: (/** @type {number} */ seat) => names[seat],
    name: (/** @type {number} */ seat) => names[seat],
    isMe: (/** @type {number} */ seat) => seat === 0,
  }));
  test(`a step is told in its events' own words in ${language}`, () => {
    assert.equal(fallback.describe([1, "ask 2 AB", "seat 2, AB: 1", [ASKED]], t), expected.asked);
    assert.equal(fallback.describe([0, "accuse G", "G is the culprit", [NO, ACCUSED]], t), expected.accused);
  });
  test(`an event whose words have no template is told by its fields in ${language}`, () => {
    assert.equal(eventWords(BARE), expected.bare);
  });
  test(`the drawn sheet's own place is named in ${language}`, () => {
    assert.equal(fallback.sheetPlace?.("culprit"), expected.place);
  });
}
