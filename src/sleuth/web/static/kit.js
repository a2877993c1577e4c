// The page's toolkit: building elements, words, icons, and the pieces every game's table
// uses. A game's own part (its kit's "web" folder, served at /static/games/<name>/) imports
// this module by the name "sleuth/kit" (the page's import map; package.json's exports give
// Node and tsc the same name) and exports a default object:
//
//   board(view, t)      the table drawn from the seat's view (required)
//   describe(entry, t)  one public step [seat, action, result, events] of the history in
//                       words, told from its typed events ({kind, ...fields}), never by
//                       reading the notation of the action or the result
//   prompt(view, t)     what the seat may do now, in words, when it may act
//   keys(view, t)       keyboard shortcuts [{key, label, run}] beside the notation box
//   reveal(reveal, view, t)   the hidden deal shown at the end
//
// t is the table as the page knows it: t.seat (null for a spectator), t.players, t.name(seat),
// t.legal (a Set of legal actions in notation), t.can(action), t.act(action), t.pick (the
// seat's current selection), t.live (false in a replay), t.over, t.rerender().
// The shapes of all these (a GamePart, a TableContext, the frames) are in types.d.ts.
"use strict";
import {language, tr} from "./i18n.js";
// The page's words for the games' parts too (they import the kit only).
export {tr, trn, trNodes} from "./i18n.js";

/** @typedef {import("./types.d.ts").Child} Child */
/** @typedef {import("./types.d.ts").Props} Props */
/** @typedef {import("./types.d.ts").TableContext} AnyContext */

/**
 * An element: `h("button.act.danger", {type: "button", onclick}, "Go")`. The tag may carry
 * classes after dots; props are attributes, with `text`, `class`, `style`, `dataset` and
 * `on<event>` handled as their names say; children may be nested arrays, and null, undefined
 * and false are left out.
 * @template {string} T
 * @param {T} tag
 * @param {Props | null} [props]
 * @param {...Child} children
 * @returns {import("./types.d.ts").ElementOf<T>}
 */
export function h(tag, props, ...children) {
  const [name, ...classes] = tag.split(".");
  const node = /** @type {import("./types.d.ts").ElementOf<T>} */ (document.createElement(name || "div"));
  if (classes.length) node.className = classes.join(" ");
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = [node.className, value].filter(Boolean).join(" ");
    else if (key === "text") node.textContent = String(value);
    else if (key === "style" && typeof value === "object") {
      for (const [name, v] of Object.entries(/** @type {Record<string, string>} */ (value))) node.style.setProperty(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), v);
    }
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

/**
 * Replace a node's children, skipping empty ones (replaceChildren would print "null").
 * @template {Element} N
 * @param {N} node
 * @param {...Child} children
 * @returns {N}
 */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/**
 * @param {Element} node
 * @param {Child[]} children
 */
function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * A small SVG from path data (24×24 box); decorative unless given a label.
 * @param {string | string[]} paths
 * @param {string} [label]
 * @param {string} [cls]
 * @returns {SVGSVGElement}
 */
export function icon(paths, label, cls = "icon") {
  const node = document.createElementNS(SVG, "svg");
  node.setAttribute("viewBox", "0 0 24 24");
  node.setAttribute("class", cls);
  if (label) { node.setAttribute("role", "img"); node.setAttribute("aria-label", label); }
  else node.setAttribute("aria-hidden", "true");
  for (const d of typeof paths === "string" ? [paths] : paths) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    node.append(path);
  }
  return node;
}

/** @type {Record<string, string[]>} */
export const ICONS = {
  bot: ["M7 8h10a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3v-6a3 3 0 0 1 3-3z", "M12 3v5", "M9 14h.01M15 14h.01"],
  person: ["M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z", "M4 21c0-4 4-6 8-6s8 2 8 6"],
  clock: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z", "M12 7v5l3 2"],
  copy: ["M9 9h10v12H9z", "M5 15V3h10"],
  sun: ["M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10z", "M12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4"],
  moon: ["M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z"],
  auto: ["M12 21a9 9 0 1 0 0-18z", "M12 3a9 9 0 0 1 0 18"],
  check: ["M4 12l5 5L20 6"],
  cross: ["M6 6l12 12M18 6L6 18"],
  back: ["M15 18l-6-6 6-6"],
  next: ["M9 18l6-6-6-6"],
  bell: ["M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9", "M10.3 21a1.9 1.9 0 0 0 3.4 0"],
  offline: ["M2 2l20 20", "M8.5 16.5a5 5 0 0 1 7 0", "M5 12.5a10 10 0 0 1 5-2.7", "M12 20h.01"],
};

/**
 * "1 card", "3 cards", "2 people".
 * @param {number} count
 * @param {string} one
 * @param {string} [many]
 */
export function plural(count, one, many = one + "s") {
  return `${count} ${count === 1 ? one : many}`;
}

// Between the words of a list but its last, as the server's lists have them
// (sleuth.i18n.listed): a comma, and in Japanese its own 、.
/** @type {Record<string, string>} */
const LIST_SEPARATORS = {ja: "、"};

/**
 * "A, B and C" ("A, B or C"), as the server joins a list in each language: its last word
 * joined by the catalogues' "and" ("or"), as Japanese's と (か), not CLDR's 、 throughout.
 * @param {readonly unknown[]} items
 * @param {"and" | "or"} [last]
 */
export function listWords(items, last = "and") {
  const words = items.map(String);
  if (words.length <= 1) return words.join("");
  const first = words.slice(0, -1).join(LIST_SEPARATORS[language()] ?? ", ");
  const end = words[words.length - 1];
  return last === "or" ? tr("%(first)s or %(second)s", {first, second: end}) : tr("%(first)s and %(last)s", {first, last: end});
}

/**
 * @param {string} text
 * @returns {string}
 */
export function capitalize(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// Each seat has a colour and its number, so the colour is never the only cue.
export const SEAT_COLOURS = ["#2f6fde", "#d2442f", "#1d9a6c", "#b46a00", "#8a4fd1", "#c2337f"];

/** @param {number} seat */
export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/**
 * @param {number} seat
 * @param {string} [label]
 */
export function seatDot(seat, label) {
  return h("span.seat-dot", {style: {"--seat": seatColour(seat)}, "aria-hidden": label ? null : "true",
    title: label || null}, String(seat));
}

// A person's name chip: the seat's colour and number, the name, "(you)".
/**
 * @param {AnyContext} t
 * @param {number} seat
 */
export function seatName(t, seat) {
  return h("span.seat-name", {style: {"--seat": seatColour(seat)}},
    seatDot(seat), h("span", {text: t.name(seat)}));
}

// A button that takes part in a pick (a card, a player): pressed when picked, dimmed when
// it cannot be used now; `key` keeps keyboard focus on it across redraws.
// Its name is what it shows, then `label` for screen readers (so the visible words always
// begin the name, as voice control expects).
/**
 * @param {{label: string, key?: string, picked?: boolean, usable?: boolean, onpick?: () => void,
 *   cls?: string, content?: Child, title?: string}} button
 */
export function pickButton({label, key, picked = false, usable = true, onpick, cls = "", content, title}) {
  return h("button", {
    type: "button", class: ["pick", cls, picked ? "picked" : "", usable ? "usable" : "unusable"].join(" "),
    "aria-pressed": picked ? "true" : "false", title: title || label,
    "data-key": key, onclick: onpick,
  }, content ?? label, content && label ? h("span.visually-hidden", {text: ` (${label})`}) : null);
}

/**
 * @param {AnyContext} t
 * @param {string} text the action in notation
 * @param {string} label
 * @param {{cls?: string, key?: string, content?: Child}} [more]
 */
export function actionButton(t, text, label, {cls = "", key, content} = {}) {
  return h("button", {
    type: "button", class: `act ${cls}`, "data-key": key || `act:${text}`, "data-action": text,
    "aria-label": label, title: label, disabled: !t.live || !t.can(text),
    onclick: () => t.act(text),
  }, content ?? label);
}

/**
 * @param {string} title
 * @param {...Child} children
 */
export function section(title, ...children) {
  return h("section.zone", {"aria-label": title}, h("h3.zone-title", {text: title}), ...children);
}

/**
 * Legal actions beginning with these words (t.legal holds them in notation).
 * @param {AnyContext} t
 * @param {string} prefix
 * @returns {string[]}
 */
export function actionsStarting(t, prefix) {
  return [...t.legal].filter((action) => action === prefix || action.startsWith(prefix + " "));
}
