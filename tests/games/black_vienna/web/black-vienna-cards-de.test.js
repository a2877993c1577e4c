// Black Vienna's cards as the rules panel draws them, in German (issue #35): the label read
// aloud comes from the catalogues, the markers counted in the language's plural.
import assert from "node:assert/strict";
import {test} from "node:test";

import {fake} from "../../../web/fake-dom.js";
import {speak} from "../../../web/speak.js";

speak("de", () => ({status: 500, body: null}));
const {drawCard} = await import("../../../../src/sleuth/games/black_vienna/web/table.js");

/** @param {unknown} node */
function labels(node) {
  const element = fake(node);
  return [element, ...element.descendants()].map((e) => e.getAttribute("aria-label")).filter(Boolean);
}

test("de: an investigation card of the rules is read aloud in German, with its markers", () => {
  assert.deepEqual(labels(drawCard("AOR")), ["Ermittlungskarte A O R"]);
  assert.deepEqual(labels(drawCard("AOR:1")), ["Ermittlungskarte A O R mit 1 Stein"]);
  assert.deepEqual(labels(drawCard("BKT:2")), ["Ermittlungskarte B K T mit 2 Steinen"]);
});
