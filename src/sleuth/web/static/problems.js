// The service's refusals in the page's language. An error frame or an HTTP error's body keeps
// its English (`message`, `detail`) and, where the service said it in words the catalogues
// hold, adds their `template` (the English text with %(name)s placeholders: the catalogue's
// key) and `values`; a value may be words itself (a move's reason inside "seat 1 cannot ...").
// Those are rendered here through tr(), one source of strings with the server's.
"use strict";
import {tr, trp} from "./i18n.js";

/** @typedef {import("./types.d.ts").Words} Words */
/** @typedef {import("./types.d.ts").WordsValue} WordsValue */

/**
 * Words in the page's language, their values too.
 * @param {Words} words
 * @returns {string}
 */
export function wordsText(words) {
  /** @type {Record<string, string | number>} */
  const values = {};
  for (const [name, value] of Object.entries(words.values || {})) {
    values[name] = typeof value === "object" && value !== null ? wordsText(value) : value;
  }
  return words.context ? trp(words.context, words.template, values) : tr(words.template, values);
}

/**
 * A refusal as a person reads it: in the page's language where it came with its words,
 * else the service's English as it came.
 * @param {{message: string, template?: string | null, values?: Record<string, WordsValue> | null}} refusal
 */
export function refusalText(refusal) {
  if (!refusal.template) return refusal.message;
  return wordsText({template: refusal.template, values: refusal.values || {}});
}
