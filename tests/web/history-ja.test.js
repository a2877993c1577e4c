// Every game's history in Japanese: each line of seeded whole games and an event of every kind,
// for each seat and a spectator, is told in Japanese, none left as the English lines or messages
// are (issue #35 item 6). history-words.js tells the lines; this process speaks Japanese only.
import assert from "node:assert/strict";
import {test} from "node:test";

import {englishLeft, englishLines, historyLines, speak} from "./history-words.js";

speak("ja");

test("every history line of every game is told in Japanese", async () => {
  const lines = await historyLines();
  const english = englishLines();
  assert.ok(Object.keys(lines).length > 1000, String(Object.keys(lines).length));
  assert.deepEqual(Object.keys(lines).sort(), Object.keys(english).sort());
  assert.deepEqual(englishLeft("ja", lines, english), []);
});
