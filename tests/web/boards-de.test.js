// A leaderboard names a rated bot as the lobby does: a level in the page's language, a bot by
// name (or with its knobs) as it is, never a level's raw spec.
import assert from "node:assert/strict";
import {test} from "node:test";

import {fake} from "./fake-dom.js";
import {speak} from "./speak.js";

speak("de", () => ({status: 500, body: null}));
const {boardTable} = await import("../../src/sleuth/web/static/boards.js");

/** @typedef {import("../../src/sleuth/web/static/types.d.ts").BoardOut} BoardOut */
/** @typedef {import("../../src/sleuth/web/static/types.d.ts").BotOut} BotOut */

/** @param {string} name @param {number} level @returns {BotOut} */
function bot(name, level) {
  return {name, level, spec: name, rating: null, about: "", parameters: {}};
}

/** @param {number} place @param {"person" | "bot"} kind @param {string} id @returns {BoardOut["entries"][number]} */
function entry(place, kind, id) {
  return {
    place, player: {kind, id, name: kind === "person" ? "Ann" : id},
    rating: {game: "g", mu: 25, sigma: 8, rating: 1, games: 1, wins: 0},
  };
}

test("de: a level bot by its German word, a bot by name and one with knobs as they are", () => {
  const board = {game: "g", entries: [
    entry(1, "bot", "medium"), entry(2, "person", "p1"), entry(3, "bot", "random"),
    entry(4, "bot", "deductive:depth=2"),
  ]};
  const bots = [bot("easy", 1), bot("medium", 2), bot("random", 0)];
  const table = fake(boardTable(board, "Spiel", bots));
  const names = table.descendants().filter((node) => node.tagName === "TR").slice(1)
    .map((row) => row.descendants().filter((node) => node.tagName === "TD")[1].textContent);
  assert.deepEqual(names, ["Bot: mittel", "Ann", "Bot: random", "Bot: deductive:depth=2"]);
});
