// The page's language: its catalogue (built by the server from the same .po files as the
// Python's), loaded once before any module that speaks to a person runs (a top-level await:
// a module importing `t` may use it at once). Chosen by the browser's Accept-Language unless
// the person picked one in the page, which is remembered in localStorage.
"use strict";

const SAVED = "sleuth.language";
/** The languages, each named in itself (never translated: a person looks for their own). */
export const LANGUAGE_NAMES = {en: "English", de: "Deutsch", ja: "日本語"};

/** @typedef {{language: string, nplurals: number, plural_expr: string}} PluralRule */
/** @typedef {{[message: string]: string | string[] | PluralRule}} Catalogue */

/** @type {{language: string, catalogue: Catalogue}} */
const ENGLISH = {language: "en", catalogue: {}};

/** @returns {Promise<{language: string, catalogue: Catalogue}>} */
async function load() {
  // Outside a browser (the modules' unit tests on Node, with or without a fake document)
  // the page speaks its source, English.
  if (typeof document === "undefined" || typeof localStorage === "undefined" || typeof location === "undefined") return ENGLISH;
  const saved = localStorage.getItem(SAVED);
  try {
    let response = await fetch(saved ? `/api/language?lang=${encodeURIComponent(saved)}` : "/api/language");
    if (!response.ok && saved) {
      localStorage.removeItem(SAVED);  // a language this server no longer has
      response = await fetch("/api/language");
    }
    if (!response.ok) return ENGLISH;
    return await response.json();
  } catch {
    return ENGLISH;  // the page still works, in English, when the catalogue cannot be had
  }
}

const loaded = await load();
if (typeof document !== "undefined" && document.documentElement) document.documentElement.lang = loaded.language;

/**
 * A game's own words, for a page that shows the game (its table, its tutorial): a game that
 * keeps its words in a catalogue of its own (a game of another package, `catalogue` in the
 * menu) has them served with the page's, its own first. The page goes on in the words it has
 * when they cannot be had.
 * @param {{name: string, catalogue: boolean} | undefined} game
 */
export async function speakGame(game) {
  if (!game || !game.catalogue || loaded.language === ENGLISH.language || typeof fetch === "undefined") return;
  try {
    const response = await fetch(`/api/language?lang=${encodeURIComponent(loaded.language)}&game=${encodeURIComponent(game.name)}`);
    if (response.ok) loaded.catalogue = (await response.json()).catalogue;
  } catch {
    // the page's own words stay
  }
}

/** The page's language: "en", "de" or "ja". */
export function language() {
  return loaded.language;
}

/**
 * Fill `%(name)s` (and `%(name)d`) placeholders, as Python's and Babel's format has them.
 * @param {string} text
 * @param {Record<string, string | number>} [values]
 */
function fill(text, values) {
  if (!values) return text;
  return text.replace(/%\((\w+)\)[sd]/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/**
 * A string a person reads, in the page's language.
 * @param {string} message the English text, as extracted into the catalogues
 * @param {Record<string, string | number>} [values] what fills its %(name)s placeholders
 */
export function tr(message, values) {
  const found = loaded.catalogue[message];
  return fill(typeof found === "string" && found ? found : message, values);
}

/**
 * A string a person reads, in the sense `context` names (gettext's msgctxt): an English word
 * used in two senses ("turn": a kind of clock, a move) has a catalogue entry for each, kept
 * under the context, gettext's separator, then the message (the server's page_catalogue).
 * @param {string} context
 * @param {string} message
 * @param {Record<string, string | number>} [values]
 */
export function trp(context, message, values) {
  const found = loaded.catalogue[`${context}\u0004${message}`];
  return fill(typeof found === "string" && found ? found : message, values);
}

/**
 * A string with page elements in its placeholders (a seat's chip in a sentence): the pieces,
 * in the order the language puts them.
 * @param {string} message
 * @param {Record<string, string | number | Node>} values
 * @returns {(string | Node)[]}
 */
export function trNodes(message, values) {
  const found = loaded.catalogue[message];
  const text = typeof found === "string" && found ? found : message;
  return text.split(/(%\(\w+\)[sd])/).filter(Boolean).map((piece) => {
    const name = piece.match(/^%\((\w+)\)[sd]$/);
    const value = name && name[1] in values ? values[name[1]] : piece;
    return typeof value === "number" ? String(value) : value;
  });
}

/**
 * Which of the catalogue's forms a count takes. The page may not evaluate the .po's C
 * expression (the Content-Security-Policy forbids eval), so the browser's own plural rules
 * for the language decide: one form (Japanese) or "one" and the rest (English, German).
 * @param {number} count
 */
function pluralIndex(count) {
  const rule = loaded.catalogue[""];
  const forms = rule && typeof rule === "object" && !Array.isArray(rule) ? rule.nplurals : 2;
  if (forms === 1) return 0;
  return new Intl.PluralRules(loaded.language).select(count) === "one" ? 0 : 1;
}

/**
 * A string with a count in it, in the form the language needs for that count.
 * @param {string} singular
 * @param {string} plural
 * @param {number} count
 * @param {Record<string, string | number>} [values] besides `count`, set from `count`
 */
export function trn(singular, plural, count, values) {
  const forms = loaded.catalogue[singular];
  const all = {count: formatNumber(count), ...values};
  if (Array.isArray(forms) && forms.length) return fill(forms[Math.min(pluralIndex(count), forms.length - 1)] || singular, all);
  return fill(count === 1 ? singular : plural, all);
}

/** @param {number} value */
export function formatNumber(value) {
  return new Intl.NumberFormat(loaded.language).format(value);
}

/**
 * @param {Date} date
 * @param {Intl.DateTimeFormatOptions} [options]
 */
export function formatDate(date, options = {dateStyle: "medium", timeStyle: "short"}) {
  return new Intl.DateTimeFormat(loaded.language, options).format(date);
}

/** A choice of the page's language; picking one remembers it and reloads the page. */
export function languagePicker() {
  const select = document.createElement("select");
  select.id = "language";
  select.className = "language";
  select.setAttribute("aria-label", tr("Language"));
  for (const [code, name] of Object.entries(LANGUAGE_NAMES)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    option.selected = code === loaded.language;
    select.append(option);
  }
  select.addEventListener("change", () => {
    localStorage.setItem(SAVED, select.value);
    location.reload();
  });
  return select;
}
