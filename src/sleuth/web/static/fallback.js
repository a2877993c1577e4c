// The generic table, for a game whose kit brings no page part of its own: its view as a
// tree of fields, its legal actions as buttons, and the history told from each step's typed
// events, their kind and fields as they come (a game's own part puts them into words).
"use strict";
import {tr, trNodes} from "./i18n.js";
import {capitalize, h, seatName} from "./kit.js";
import {wordsText} from "./problems.js";

/** @typedef {import("./types.d.ts").TableContext} TableContext */
/** @typedef {import("./types.d.ts").EventJSON} EventJSON */
/** @typedef {import("./types.d.ts").EventWords} EventWords */

/**
 * A field's value in plain text: lists joined, nothing as "none" (in the page's language).
 * @param {unknown} item
 * @returns {string}
 */
function plain(item) {
  if (item === null || item === undefined) return tr("none");
  if (Array.isArray(item)) return item.length ? item.map(plain).join(" ") : tr("none");
  if (typeof item === "object") return JSON.stringify(item);
  if (typeof item === "boolean") return item ? tr("yes") : tr("no");
  return String(item);
}

/**
 * One event as the generic table tells it: in its own words where the game gave it some
 * (``Event.told``: a template the catalogues hold, its seats named for the reader), else
 * its kind, then each field and its value ("answered: seat 2, pair AB, answer 1"). Words
 * without a template say nothing of their own: the event's fields tell it, not they.
 * @param {EventJSON} event
 * @param {(seat: number) => string} [who] a seat's name for the reader
 * @returns {string}
 */
export function eventWords(event, who) {
  const said = /** @type {EventWords | undefined} */ (event.told);
  if (said && typeof said.template === "string") {
    const values = {...said.values};
    for (const name of said.seats || []) {
      const seat = values[name];
      if (typeof seat === "number" && who) values[name] = who(seat);
    }
    return wordsText({template: said.template, values, context: said.context});
  }
  const fields = Object.entries(event).filter(([key]) => key !== "kind" && key !== "told")
    .map(([key, item]) => `${key.replaceAll("_", " ")} ${plain(item)}`);
  const kind = String(event.kind).replaceAll("_", " ");
  return fields.length ? `${kind}: ${fields.join(", ")}` : kind;
}

/**
 * A value of the view as nested lists and definition lists.
 * @param {unknown} node
 * @returns {HTMLElement}
 */
function value(node) {
  if (node === null || node === undefined) return h("span.muted", {text: tr("hidden")});
  if (Array.isArray(node)) {
    if (!node.length) return h("span.muted", {text: tr("none")});
    if (node.every((item) => item === null || typeof item !== "object")) {
      return h("span.chips", {}, node.map((item) => h("span.chip", {text: item === null ? "?" : String(item)})));
    }
    return h("ol.tree", {}, node.map((item) => h("li", {}, value(item))));
  }
  if (typeof node === "object") {
    return h("dl.tree", {}, Object.entries(node).map(([key, item]) => [
      h("dt", {text: key.replaceAll("_", " ")}), h("dd", {}, value(item))]));
  }
  if (typeof node === "boolean") return h("span", {text: node ? tr("yes") : tr("no")});
  // A game's words in its view (why it ended, say) as the catalogue says them, where it does.
  return h("span", {text: typeof node === "string" ? tr(node) : String(node)});
}

/** @type {import("./types.d.ts").FallbackPart} */
export default {
  describe(entry, t) {
    const [seat, action, , events] = entry;
    // Inside an event's words a seat is a name, the reader's own marked as theirs ("Ana (du)"):
    // a pronoun would want the sentence's grammar, which the template does not know.
    const named = (/** @type {number} */ s) => t.isMe(s) ? tr("%(name)s (you)", {name: t.name(s)}) : t.name(s);
    const told = events.map((event) => eventWords(event, named)).join("; ");
    return `${capitalize(t.isMe(seat) ? tr("you") : t.who(seat))}: ${action}${told ? ` (${told})` : ""}`;
  },

  // The game's own places of the drawn sheet (its solution's column) in the page's language
  // where the catalogues hold them (a game's words, marked where it names the place).
  sheetPlace(place) {
    return tr(place);
  },

  prompt() {
    return tr("Choose a move below, or type one in notation.");
  },

  board(view, t) {
    const shown = /** @type {Record<string, unknown>} */ ({...view});
    delete shown.config;
    /** @type {Map<string, string[]>} */
    const groups = new Map();
    for (const action of t.legal) {
      const kind = action.split(" ")[0];
      if (!groups.has(kind)) groups.set(kind, []);
      groups.get(kind)?.push(action);
    }
    const moves = t.live && (groups.size || t.families.length) ? h("section.zone", {"aria-label": tr("Your moves")},
      h("h3.zone-title", {text: tr("Your moves")}),
      [...groups].map(([kind, actions]) => h("div.move-group", {},
        h("span.move-kind", {text: kind}),
        actions.map((action) => h("button.act", {type: "button", "data-action": action, "data-key": `act:${action}`,
          onclick: () => t.act(action), text: action})))),
      t.families.map((f) => h("p", {text: tr("…or type any of %(count)s “%(kind)s” moves in the box below, e.g. %(example)s.", {count: f.count, kind: f.kind, example: f.example})}))) : null;
    return h("div.fallback", {},
      moves,
      h("section.zone", {"aria-label": tr("The table as your seat sees it")},
        h("h3.zone-title", {}, ...(t.seat === null ? [tr("The table as a spectator sees it")] : trNodes("The table as %(whose)s sees it", {whose: seatName(t, t.seat)}))),
        value(shown)));
  },

  // In the generic table's frame, as its board: the hidden deal's fields are named as the
  // game's data names them (a "culprit" field is no column of the sheet).
  reveal(reveal) {
    return h("div.fallback", {}, value(reveal || {}));
  },
};
