// The side of a table: the investigation sheet (the engine's text at facts/full, or the grid a
// person marks by hand at off, kept on the server for the seat) and the table's chat.
"use strict";
import {tr} from "./i18n.js";
import {h, seatColour, seatDot} from "./kit.js";
import {drawnSheet, textSheet} from "./sheet.js";

/** @typedef {import("./types.d.ts").Mark} Mark */
/** @typedef {import("./table.js").TablePage} TablePage */
/** @typedef {import("./types.d.ts").TableContext} TableContext */

/** @type {Mark[]} */
const MARKS = ["", "+", "-", "?"];
// The class of a square by its mark (the style sheet's names, never shown).
/** @type {Record<Mark, string>} */
const MARK_CLASS = {"": "unmarked", "+": "yes", "-": "no", "?": "maybe"};

/**
 * A mark read aloud in the page's language.
 * @param {Mark} mark
 */
function markWord(mark) {
  return {"": tr("unmarked"), "+": tr("yes"), "-": tr("no"), "?": tr("maybe")}[mark];
}

/** @type {Record<Mark, string>} */
const MARK_SHOWN = {"": "", "+": "✓", "-": "✗", "?": "?"};

/**
 * @param {TablePage} page
 * @param {TableContext} t
 */
export function sheetPanel(page, t) {
  const frame = t.frame;
  if (page.seat === null) return h("p", {text: tr("A spectator keeps no sheet.")});
  if (frame.sheet_level !== "off") {
    if (page.sheet === null) return h("p.muted", {text: tr("The sheet is being worked out for this step…")});
    if (page.sheetData) {
      return h("div", {},
        h("p.muted.small", {text: frame.sheet_level === "full"
          ? tr("What your seat's view allows, worked out exactly: certainties, odds, the best question.")
          : tr("What is certain from what your seat has seen.")}),
        drawnSheet(page.sheetData, {name: t.name, me: page.seat, card: page.part.sheetCard, place: page.part.sheetPlace}));
    }
    return h("div", {},
      h("p.muted.small", {text: frame.sheet_level === "full"
        ? tr("What your seat's view allows, worked out exactly: certainties, odds, the best question.")
        : tr("What is certain from what your seat has seen.")}),
      textSheet(page.sheet, {name: t.name, me: page.seat, card: page.part.sheetCard, place: page.part.sheetPlace}));
  }
  return notesGrid(page, t);
}

/**
 * The grid a person marks by hand (the sheet at level off): its cards and places named as the
 * game's part names them in the page's language, each square read aloud in it.
 * @param {TablePage} page
 * @param {TableContext} t
 */
export function notesGrid(page, t) {
  const notes = page.notes;
  if (!notes) return h("p", {text: tr("%(game)s keeps no hand-marked grid.", {game: page.table.title})});
  const part = page.part;
  /** @param {string} card */
  const cardName = (card) => part.sheetCard ? part.sheetCard(card) : card;
  /** @param {string} place */
  const placeName = (place) => {
    const seat = /^s(\d+)$/.exec(place);
    if (!seat) return part.sheetPlace ? part.sheetPlace(place) : place;
    const name = t.name(Number(seat[1]));
    return Number(seat[1]) === page.seat ? tr("%(name)s (you)", {name}) : name;
  };
  const head = h("tr", {}, h("th", {scope: "col", text: ""}),
    notes.places.map((place) => {
      const seat = /^s(\d+)$/.exec(place);
      return h("th", {scope: "col", title: placeName(place)},
        seat ? seatDot(Number(seat[1])) : null, h("span.grid-head", {text: seat ? "" : placeName(place)}));
    }));
  const rows = notes.cards.map((card) => h("tr", {},
    h("th", {scope: "row", text: cardName(card)}),
    notes.places.map((place) => {
      const mark = (notes.marks[card] || {})[place] || "";
      const next = MARKS[(MARKS.indexOf(mark) + 1) % MARKS.length];
      return h("td", {}, h("button.mark", {type: "button", class: `mark-${MARK_CLASS[mark]}`,
        "data-key": `note:${card}:${place}`,
        "aria-label": tr("%(card)s at %(place)s: %(mark)s; click to mark %(next)s",
          {card: cardName(card), place: placeName(place), mark: markWord(mark), next: markWord(next)}),
        disabled: t.frame.status === "finished",
        onclick: () => page.channel.send({type: "notes", card, place, mark: next})}, MARK_SHOWN[mark]));
    })));
  return h("div", {},
    h("p.muted.small", {text: tr("Your own notes, kept on the server for your seat: click a square to mark ✓ (yes), ✗ (no), ? (maybe).")}),
    h("div.grid-scroll", {tabindex: "0", role: "region", "aria-label": tr("Hand-kept sheet")}, h("table.notes-grid", {"aria-label": tr("Hand-kept sheet")}, h("thead", {}, head), h("tbody", {}, rows))));
}

/**
 * @param {TablePage} page
 * @param {TableContext} t
 */
export function chatPanel(page, t) {
  const list = h("ol.chat-list", {"aria-label": tr("Messages"), tabindex: "0"},
    page.chat.map((c) => h("li", {style: {"--seat": c.seat === null ? "gray" : seatColour(c.seat)}},
      c.seat === null ? null : seatDot(c.seat), h("strong", {text: `${c.name}: `}), h("span", {text: c.text}))));
  if (!page.chat.length) list.append(h("li.empty", {text: tr("No message yet.")}));
  const seated = page.seat !== null;
  const input = h("input", {id: "chat-text", name: "chat", maxlength: "500", autocomplete: "off", disabled: !seated,
    placeholder: seated ? tr("Say something to the table") : tr("Spectators read only"), title: tr("A message to the table")});
  const form = h("form.chat-form", {onsubmit: (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text && page.channel.send({type: "chat", text})) input.value = "";
  }}, h("label.visually-hidden", {for: "chat-text", text: tr("Message")}), input,
  h("button", {type: "submit", text: tr("Send"), disabled: !seated, title: tr("Send the message")}));
  setTimeout(() => { list.scrollTop = list.scrollHeight; });
  return h("div.chat", {}, list, form);
}
