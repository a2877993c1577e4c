// Each game's part of the page (its kit's table.js) against a real game (its sample beside its
// tests, tests/games/<package>/web/sample.json, made by scripts/web_samples.py from seeded games
// between bots): it draws the table from a seat's view
// with only legal moves on offer, tells every step of the game in words, and shows the reveal.
import assert from "node:assert/strict";
import {existsSync, readdirSync, readFileSync} from "node:fs";
import {describe, test} from "node:test";
import {fileURLToPath, pathToFileURL} from "node:url";

import {fake, install} from "./fake-dom.js";

/** @typedef {import("sleuth/types").View} View */
/** @typedef {import("sleuth/types").GamePart} GamePart */
/** @typedef {import("sleuth/types").StateFrame} StateFrame */
/** @typedef {import("sleuth/types").LogEntry} LogEntry */
/**
 * A seeded game as the page would get it (scripts/web_samples.py).
 * @typedef {{game: string, players: number, script: string,
 *   mid: {seat: number, step: number, view: View, legal: import("sleuth/types").Legal},
 *   log: LogEntry[], end: {view: View, outcome: import("sleuth/types").Outcome, reveal: Record<string, import("sleuth/types").JSONValue>}}} Sample
 */

install();

const ROOT = new URL("../../", import.meta.url);
const GAMES_TESTS = fileURLToPath(new URL("tests/games/", ROOT));
const GAMES_SOURCES = fileURLToPath(new URL("src/sleuth/games/", ROOT));
/**
 * The packages under a folder that hold a file at `inside`.
 * @param {string} folder
 * @param {string} inside
 */
const packagesWith = (folder, inside) =>
  readdirSync(folder, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && existsSync(`${folder}${entry.name}/${inside}`))
    .map((entry) => entry.name)
    .sort();
/** @type {Record<string, Sample>} each game's sample, by its package */
const SAMPLES = Object.fromEntries(
  packagesWith(GAMES_TESTS, "web/sample.json").map((name) => [
    name,
    JSON.parse(readFileSync(`${GAMES_TESTS}${name}/web/sample.json`, "utf-8")),
  ]),
);
// Words that only a value missing from a view or a notation misread would print.
const BROKEN = /undefined|NaN|\[object |null/;

/**
 * A state frame around a view, as the service sends one (only the parts a game reads vary).
 * @param {Sample} sample
 * @param {View} view
 * @param {LogEntry[]} log
 * @param {import("sleuth/types").Legal} legal
 * @returns {StateFrame}
 */
function frameOf(sample, view, log, legal) {
  const seats = Array.from({length: sample.players}, (_, seat) => ({
    seat, kind: /** @type {const} */ ("bot"), name: `bot${seat}`, bot: "random", takeover: false, joined: true, connected: true, away_since: null,
  }));
  return {
    type: "state", table: "t1", step: log.length, status: "playing", actors: [], to_move: null, seats,
    clock: {kind: "none", per_move: null, seat: null, deadline: null, banks: [], vacation: []}, sheet_level: "full", commitment: "",
    log, seat: view.seat, view, legal, sheet: null, sheet_data: null, notes: null, resumed_from: null,
  };
}

/**
 * The table as a game's part sees it (types.d.ts's TableContext), recording what is played.
 * @param {StateFrame} frame
 * @param {boolean} live
 */
function contextOf(frame, live) {
  const legal = new Set(live ? frame.legal.actions : []);
  const families = live ? frame.legal.families : [];
  /** @type {string[]} */
  const played = [];
  /** @type {Map<string, unknown>} */
  const picks = new Map();
  const name = (/** @type {number} */ seat) => `Bot${seat}`;
  const me = frame.view.seat;
  /** @type {import("sleuth/types").TableContext} */
  const t = {
    seat: me, players: frame.seats.length, view: frame.view, frame, live, over: false, legal, families, name,
    who: (seat) => (seat === me ? "you" : name(seat)),
    isMe: (seat) => seat === me,
    can: (action) => legal.has(action) || families.some((f) => action.startsWith(`${f.kind} `)),
    canKind: (kind) => [...legal].some((a) => a.split(" ")[0] === kind) || families.some((f) => f.kind === kind),
    act: (action) => { played.push(action); },
    pick: {
      get: (key) => picks.get(key),
      has: (key) => picks.has(key),
      set: (key, value) => { picks.set(key, value); },
      toggle: (key, value) => { if (picks.get(key) === value) picks.delete(key); else picks.set(key, value); },
      delete: (key) => { picks.delete(key); },
      clear: () => { picks.clear(); },
    },
    rerender: () => {},
  };
  return {t, played, picks};
}

/**
 * @param {Sample} sample
 * @returns {Promise<GamePart>}
 */
async function partOf(sample) {
  const module = await import(pathToFileURL(fileURLToPath(new URL(sample.script, ROOT))).href);
  return module.default;
}

/** @param {Element | Node} node */
const buttons = (node) => fake(node).descendants().filter((e) => e.tagName === "BUTTON");

test("every game with a part of the page has a sample, its own part's", () => {
  const drawn = packagesWith(GAMES_SOURCES, "web");
  assert.ok(drawn.length > 0);
  assert.deepEqual(Object.keys(SAMPLES), drawn);
  for (const [name, sample] of Object.entries(SAMPLES)) {
    assert.ok(sample.script.startsWith(`src/sleuth/games/${name}/web/`), sample.script);
  }
  assert.equal(new Set(Object.values(SAMPLES).map((sample) => sample.game)).size, drawn.length);
});

for (const sample of Object.values(SAMPLES)) {
  describe(sample.game, () => {
    test("the board offers only legal moves, and a button plays the very move it names", async () => {
      const part = await partOf(sample);
      const frame = frameOf(sample, sample.mid.view, sample.log.slice(0, sample.mid.step), sample.mid.legal);
      const {t, played, picks} = contextOf(frame, true);
      // Draw, then pick each pickable thing the board offers in turn and draw again: the moves
      // on offer change with the pick, and each must still be legal.
      let board = part.board(frame.view, t);
      const pickable = buttons(board).filter((b) => !b.getAttribute("data-action") && !b.hasAttribute("disabled"));
      let offered = 0;
      for (const pick of [null, ...pickable.slice(0, 12)]) {
        picks.clear();
        if (pick) {
          const again = buttons(board).find((b) => b.getAttribute("data-key") === pick.getAttribute("data-key"));
          again?.click();
        }
        board = part.board(frame.view, t);
        for (const button of buttons(board)) {
          const action = button.getAttribute("data-action");
          if (!action || button.hasAttribute("disabled")) continue;
          assert.ok(t.can(action), `${sample.game}: the board offers ${action}, which is not legal`);
          played.length = 0;
          button.click();
          assert.deepEqual(played, [action], `${sample.game}: the button of ${action} played ${played}`);
          offered += 1;
        }
        board = part.board(frame.view, t);
      }
      assert.ok(offered > 0, `${sample.game}: the board offered no move at all`);
    });

    test("the prompt and the keys speak of the moves there are", async () => {
      const part = await partOf(sample);
      const frame = frameOf(sample, sample.mid.view, sample.log.slice(0, sample.mid.step), sample.mid.legal);
      const {t, played} = contextOf(frame, true);
      const prompt = part.prompt ? part.prompt(frame.view, t) : "";
      assert.doesNotMatch(prompt, BROKEN);
      for (const key of part.keys ? part.keys(frame.view, t) : []) {
        assert.ok(key.key, `${sample.game}: a key without its key`);
        key.run?.();
      }
      for (const action of played) assert.ok(t.can(action), `${sample.game}: a key played ${action}, not legal`);
    });

    test("every step of the game is told in words", async () => {
      const part = await partOf(sample);
      assert.ok(part.describe, `${sample.game}: its part tells no step`);
      const frame = frameOf(sample, sample.end.view, sample.log, {actions: [], families: []});
      const {t} = contextOf(frame, false);
      sample.log.forEach((entry, index) => {
        const words = part.describe?.(entry, t, index) ?? "";
        assert.ok(words.trim(), `${sample.game}: step ${index + 1} ${entry} told in no words`);
        assert.doesNotMatch(words, BROKEN, `${sample.game}: step ${index + 1} ${JSON.stringify(entry)}`);
      });
    });

    test("the end shows the reveal", async () => {
      const part = await partOf(sample);
      assert.ok(part.reveal, `${sample.game}: its part shows no reveal`);
      const frame = frameOf(sample, sample.end.view, sample.log, {actions: [], families: []});
      const {t} = contextOf(frame, false);
      const shown = fake(part.reveal(sample.end.reveal, sample.end.view, t));
      assert.ok(shown.textContent.trim());
      assert.doesNotMatch(shown.textContent, BROKEN);
      // Every label drawn names something: none reads "undefined".
      for (const element of shown.descendants()) {
        assert.doesNotMatch(element.getAttribute("aria-label") || "", BROKEN);
      }
    });
  });
}
