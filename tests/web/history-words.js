// Every game's history in a language: each event of a seeded whole game (the game's sample,
// tests/games/<package>/web/sample.json) and an event of every kind (its *-events.json) told by
// the game's part of the page, for each seat and a spectator, one line per event, and the end's
// reveal (each of its texts and labels). The page's catalogue is read from the same .po files
// the server serves it from; run as a script (`node history-words.js en`) it prints the lines
// as JSON, so that a test in another language has the English lines beside its own (a module
// loads one language per process).
import {spawnSync} from "node:child_process";
import {existsSync, readdirSync, readFileSync} from "node:fs";
import {fileURLToPath, pathToFileURL} from "node:url";

import {FakeText, fake, install} from "./fake-dom.js";

const ROOT = new URL("../../", import.meta.url);
const GAMES_TESTS = fileURLToPath(new URL("tests/games/", ROOT));
const LOCALE = fileURLToPath(new URL("src/sleuth/locale/", ROOT));

/** @typedef {{kind: string, [field: string]: unknown}} EventJSON */
/** @typedef {import("sleuth/types").LogEntry} LogEntry */
/** @typedef {{[message: string]: string | string[]}} Entries */

/**
 * A .po string's text: its quoted pieces joined, the escapes read.
 * @param {string[]} pieces
 */
function unquote(pieces) {
  return pieces.map((piece) => JSON.parse(piece)).join("");
}

/**
 * The translated, not fuzzy entries of a language's catalogue, msgid to its translation (a list
 * of forms for a plural), as the server's page catalogue has them.
 * @param {string} language
 * @returns {Entries}
 */
export function readCatalogue(language) {
  const text = readFileSync(`${LOCALE}${language}/LC_MESSAGES/messages.po`, "utf-8");
  /** @type {Entries} */
  const out = {};
  for (const block of text.split(/\n\s*\n/)) {
    if (/^#,.*\bfuzzy\b/m.test(block)) continue;
    /** @type {Record<string, string[]>} */
    const fields = {};
    let current = "";
    for (const line of block.split("\n")) {
      const start = /^(msgid|msgid_plural|msgstr(?:\[\d+\])?) (".*")$/.exec(line);
      if (start) {
        current = start[1];
        fields[current] = [start[2]];
      } else if (current && /^".*"$/.test(line)) {
        fields[current].push(line);
      }
    }
    if (!fields.msgid) continue;
    const msgid = unquote(fields.msgid);
    if (!msgid) continue;
    if (fields.msgid_plural) {
      const forms = Object.keys(fields).filter((k) => k.startsWith("msgstr[")).sort().map((k) => unquote(fields[k]));
      if (forms.length && forms.every(Boolean)) out[msgid] = forms;
    } else if (fields.msgstr && unquote(fields.msgstr)) {
      out[msgid] = unquote(fields.msgstr);
    }
  }
  return out;
}

/**
 * Make the page's i18n.js load ``language`` when first imported: the browser's storage, its
 * location and the service's answer to /api/language, faked.
 * @param {string} language
 */
export function speak(language) {
  install();
  const catalogue = language === "en" ? {} : readCatalogue(language);
  const nplurals = language === "ja" ? 1 : 2;
  Object.assign(globalThis, {
    localStorage: {getItem: () => language, setItem: () => {}, removeItem: () => {}},
    location: {reload: () => {}},
    fetch: async () => ({ok: true, json: async () => ({language, catalogue: {"": {language, nplurals, plural_expr: ""}, ...catalogue}})}),
  });
}

/**
 * The packages under tests/games with a file ``inside`` their web folder.
 * @param {RegExp} inside
 */
export function webFiles(inside) {
  return readdirSync(GAMES_TESTS, {withFileTypes: true}).filter((e) => e.isDirectory() && existsSync(`${GAMES_TESTS}${e.name}/web`))
    .flatMap((e) => readdirSync(`${GAMES_TESTS}${e.name}/web`).filter((f) => inside.test(f)).map((f) => [e.name, `${GAMES_TESTS}${e.name}/web/${f}`]))
    .sort();
}

/**
 * Each line of every game's history, by where it comes from ("game/source/reader/step/event").
 * @returns {Promise<Record<string, string>>}
 */
export async function historyLines() {
  /** @type {Record<string, string>} */
  const lines = {};
  for (const [name, file] of webFiles(/^sample\.json$/)) {
    const sample = JSON.parse(readFileSync(file, "utf-8"));
    const part = (await import(pathToFileURL(fileURLToPath(new URL(sample.script, ROOT))).href)).default;
    /** @type {LogEntry[]} */
    const log = sample.log;
    const kinds = webFiles(/-events\.json$/).filter(([game]) => game === name)
      .flatMap(([, path]) => /** @type {EventJSON[]} */ (JSON.parse(readFileSync(path, "utf-8"))));
    const readers = [...Array.from({length: sample.players}, (_, seat) => seat), null];
    for (const reader of readers) {
      const t = context(sample.end.view, log, reader);
      log.forEach((entry, step) => {
        const events = /** @type {EventJSON[]} */ (/** @type {unknown[]} */ (entry)[3]);
        events.forEach((event, i) => {
          lines[`${name}/game/${reader}/${step}/${i}`] = part.describe([entry[0], entry[1], entry[2], [event]], t, step);
        });
      });
      kinds.forEach((event, i) => {
        lines[`${name}/kinds/${reader}/${i}/${event.kind}`] = part.describe([0, "", "", [event]], t, log.length);
      });
      // The end's reveal beside the history: its text, and each label read aloud in it.
      const shown = fake(part.reveal(sample.end.reveal, sample.end.view, t));
      const elements = [shown, ...shown.descendants()];
      elements.flatMap((e) => e.childNodes).filter((n) => n instanceof FakeText && n.text.trim()).forEach((n, i) => {
        lines[`${name}/reveal/${reader}/text/${i}`] = /** @type {FakeText} */ (n).text.trim();
      });
      elements.map((e) => e.getAttribute("aria-label")).filter(Boolean).forEach((label, i) => {
        lines[`${name}/reveal/${reader}/label/${i}`] = String(label);
      });
    }
  }
  return lines;
}

/**
 * The table as a game's part sees it when telling its history, read by ``me`` (null: a spectator).
 * @param {import("sleuth/types").View} view
 * @param {LogEntry[]} log
 * @param {number | null} me
 * @returns {any}
 */
function context(view, log, me) {
  const name = (/** @type {number} */ seat) => `Bot${seat}`;
  return {
    seat: me, name, view, frame: {log, view}, live: false, legal: new Set(), families: [],
    who: (/** @type {number} */ seat) => (seat === me ? "you" : name(seat)),
    isMe: (/** @type {number} */ seat) => seat === me,
  };
}

/**
 * The English lines, told in a process of their own (this one speaks another language).
 * @returns {Record<string, string>}
 */
export function englishLines() {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "en"], {encoding: "utf-8", maxBuffer: 1 << 28});
  if (run.status !== 0) throw new Error(`the English history could not be told: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/**
 * Each English message of the catalogue that the language says otherwise, as a pattern matching
 * a whole line (a placeholder matches any value).
 * @param {Entries} catalogue
 * @returns {[string, RegExp][]}
 */
function englishPatterns(catalogue) {
  // A message of placeholders and punctuation alone ("%(name)s: %(case)s") has no English in it.
  const worded = (/** @type {string} */ msgid) => /\p{L}/u.test(msgid.replace(/%\(\w+\)[sd]/g, ""));
  return Object.entries(catalogue).filter(([msgid, said]) => worded(msgid) && !(Array.isArray(said) ? said : [said]).includes(msgid))
    .map(([msgid]) => [msgid, new RegExp(`^${msgid.split(/%\(\w+\)[sd]/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".+")}$`)]);
}

/** @param {string} text */
const wordsOf = (text) => text.match(/\p{L}{2,}/gu) || [];

/**
 * What of the history is left in English in ``language``: a line missing or empty, a line that
 * is an English message of the catalogue, and a line keeping a word of its English line that no
 * translation in the language's catalogue has ("Park" is German too, "laid" is not).
 * @param {string} language
 * @param {Record<string, string>} lines the lines in the language
 * @param {Record<string, string>} english the same lines in English
 * @returns {string[]}
 */
export function englishLeft(language, lines, english) {
  const catalogue = readCatalogue(language);
  const patterns = englishPatterns(catalogue);
  const own = new Set(Object.values(catalogue).flat().flatMap(wordsOf).map((w) => w.toLowerCase()));
  const faults = [];
  for (const [where, line] of Object.entries(lines)) {
    const source = english[where];
    if (source === undefined) faults.push(`${where}: not told in English`);
    else if (!line.trim()) faults.push(`${where}: told in no words`);
    for (const [msgid, pattern] of patterns) {
      if (pattern.test(line)) faults.push(`${where}: the English message ${JSON.stringify(msgid)}: ${line}`);
    }
    // A word of the English line that the language's catalogue never says ("Park" is German
    // too, "Museum" as well; a seat's name, "Bot1", is no word of either).
    const sourceWords = new Set(wordsOf(source || "").map((w) => w.toLowerCase()));
    const left = wordsOf(line.replace(/\bBot\d+/g, "")).filter((w) => sourceWords.has(w.toLowerCase()) && !own.has(w.toLowerCase()));
    if (left.length) faults.push(`${where}: ${line === source ? "left in English" : `English words ${left.join(", ")}`}: ${line}`);
  }
  return faults;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  speak(process.argv[2] || "en");
  process.stdout.write(JSON.stringify(await historyLines()));
}
