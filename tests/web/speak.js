// The page in another language under Node: the fake DOM, a remembered choice of language and
// a fetch that answers /api/language with the catalogue read from the .po file itself (the
// server builds the page's catalogue from the same file; asked with a game, the games' own
// catalogues' entries over it), and any other path with `answer`.
// i18n.js loads its catalogue once per process: one language per test file.
import {readFileSync} from "node:fs";

import {install} from "./fake-dom.js";

const LOCALE = new URL("../../src/sleuth/locale/", import.meta.url);

/**
 * A quoted .po string's text.
 * @param {string} quoted
 */
function unquote(quoted) {
  // A .po escape (\", \\, \n, \t) is JSON's too; any other backslash stands for itself.
  return JSON.parse(quoted.replace(/\\(["\\nt])|\\/g, (whole, escaped) => escaped ? whole : "\\\\"));
}

/**
 * The singular entries of a language's .po file, msgid to msgstr, as the page is served them
 * (an entry marked fuzzy or left empty is never served; one with a context keyed by it).
 * @param {string} language
 * @param {URL} [folder] the catalogues' folder: Sleuth's, or a game's own
 * @returns {Record<string, string>}
 */
export function poEntries(language, folder = LOCALE) {
  const text = readFileSync(new URL(`${language}/LC_MESSAGES/messages.po`, folder), "utf-8");
  /** @type {Record<string, string>} */
  const entries = {};
  for (const block of text.split(/\n\s*\n/)) {
    if (/^#,.*fuzzy/m.test(block) || /^msgid_plural/m.test(block)) continue;
    /** @type {Record<string, string>} */
    const parts = {};
    let field = "";
    for (const line of block.split("\n")) {
      const start = line.match(/^(msgctxt|msgid|msgstr) (".*")$/);
      if (start) { field = start[1]; parts[field] = unquote(start[2]); }
      else if (field && line.startsWith("\"")) parts[field] += unquote(line);
      else if (!line.startsWith("#")) field = "";
    }
    // A message in one sense of its words under its context first, as the server keys it.
    const key = parts.msgctxt ? `${parts.msgctxt}\u0004${parts.msgid}` : parts.msgid;
    if (parts.msgid && parts.msgstr) entries[key] = parts.msgstr;
  }
  return entries;
}

/**
 * The plural entries of a language's .po file, singular msgid to its forms, as the page is
 * served them (every form given, none fuzzy).
 * @param {string} language
 * @returns {Record<string, string[]>}
 */
export function poPlurals(language) {
  const text = readFileSync(new URL(`${language}/LC_MESSAGES/messages.po`, LOCALE), "utf-8");
  /** @type {Record<string, string[]>} */
  const entries = {};
  for (const block of text.split(/\n\s*\n/)) {
    if (/^#,.*fuzzy/m.test(block) || !/^msgid_plural/m.test(block)) continue;
    let id = "";
    /** @type {string[]} */
    const forms = [];
    let field = -2;  // -1: the msgid, n >= 0: msgstr[n], -2: neither
    for (const line of block.split("\n")) {
      const start = line.match(/^(msgid|msgid_plural|msgstr\[(\d+)\]) (".*")$/);
      if (start) {
        field = start[1] === "msgid" ? -1 : start[2] === undefined ? -2 : Number(start[2]);
        if (field === -1) id = unquote(start[3]);
        else if (field >= 0) forms[field] = unquote(start[3]);
      } else if (line.startsWith("\"")) {
        if (field === -1) id += unquote(line);
        else if (field >= 0) forms[field] += unquote(line);
      }
    }
    if (id && forms.length && forms.every(Boolean)) entries[id] = forms;
  }
  return entries;
}

/**
 * Set the page up to speak `language`; `answer` gives other paths' responses.
 * @param {string} language
 * @param {(path: string) => {status: number, body: unknown}} answer
 * @param {URL[]} [games] games' own catalogues' folders, served when the page asks with a game
 */
export function speak(language, answer, games = []) {
  install();
  const catalogue = {"": {language, nplurals: language === "ja" ? 1 : 2, plural_expr: ""}, ...poEntries(language), ...poPlurals(language)};
  const withGames = Object.assign({}, catalogue, ...games.map((folder) => poEntries(language, folder)));
  /** @type {Map<string, string>} */
  const stored = new Map([["sleuth.language", language]]);
  const storage = {
    /** @param {string} key */
    getItem: (key) => stored.get(key) ?? null,
    /** @param {string} key @param {string} value */
    setItem: (key, value) => { stored.set(key, value); },
    /** @param {string} key */
    removeItem: (key) => { stored.delete(key); },
  };
  /** @param {string} path */
  const respond = (path) => {
    const words = path.includes("game=") ? withGames : catalogue;
    const {status, body} = path.startsWith("/api/language") ? {status: 200, body: {language, catalogue: words}} : answer(path);
    return {ok: status < 400, status, json: async () => body};
  };
  Object.assign(globalThis, {localStorage: storage, location: {search: "", reload: () => {}}, fetch: async (/** @type {string} */ path) => respond(path)});
}
