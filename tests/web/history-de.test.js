// Every game's history in German: each line of seeded whole games and an event of every kind,
// for each seat and a spectator, is told in German, none left as the English lines or messages
// are (issue #35 item 6). history-words.js tells the lines; this process speaks German only.
import assert from "node:assert/strict";
import {test} from "node:test";

import {englishLeft, englishLines, historyLines, speak} from "./history-words.js";

speak("de");

test("every history line of every game is told in German", async () => {
  const lines = await historyLines();
  const english = englishLines();
  assert.ok(Object.keys(lines).length > 1000, String(Object.keys(lines).length));
  assert.deepEqual(Object.keys(lines).sort(), Object.keys(english).sort());
  assert.deepEqual(englishLeft("de", lines, english), []);
});
