// The investigation sheet drawn (levels facts and full): above the grid the lines that matter
// (a contradiction, what is solved or certain, the likeliest solutions, the best question, and
// once the game is over the truth), then a grid with each probability as a shade and the
// certain squares marked. Drawn from the sheet's data (core/sheets.py's SheetData, sent in
// the seat's own frames), never from its English text; a game without that data keeps the text.
"use strict";
import {language, tr, trn} from "./i18n.js";
import {h, listWords, seatDot} from "./kit.js";

/** @typedef {import("./types.d.ts").SheetData} SheetData */
/** @typedef {import("./types.d.ts").SheetLine} SheetLine */
/** @typedef {import("./types.d.ts").SheetValue} SheetValue */

/**
 * How the sheet names a seat (`name(seat)`, and whether it is the reader's own), and a card
 * and the game's own places in the page's language (the game's part gives them; as sent without).
 * @typedef {{name(seat: number): string, me: number | null, card?: (name: string) => string, place?: (place: string) => string}} SheetPeople
 */

/**
 * A probability as a whole percent in the page's language ("34 %" in German).
 * @param {number} p
 */
export function percent(p) {
  const digits = p > 0 && p < 0.01 ? 1 : 0;
  return new Intl.NumberFormat(language(), {style: "percent", maximumFractionDigits: digits}).format(p);
}

/**
 * The seat a place of the grid stands for ("s2": seat 2), or null for the game's own places.
 * @param {string} place
 */
export function placeSeat(place) {
  const seat = /^s(\d+)$/.exec(place);
  return seat ? Number(seat[1]) : null;
}

/**
 * A place's name for a person: a seat by who sits there, the game's own places as given.
 * @param {string} place
 * @param {SheetPeople} people
 */
function placeName(place, people) {
  const seat = placeSeat(place);
  if (seat === null) return people.place ? people.place(place) : place;
  return seat === people.me ? tr("%(name)s (you)", {name: people.name(seat)}) : people.name(seat);
}

// The cards of one solution, kept together where a list of solutions separates them by commas.
/**
 * @param {string[]} cards
 * @param {SheetPeople} people
 */
function cardsWords(cards, people) {
  return cards.map((c) => cardWord(c, people)).join(" · ");
}

/**
 * @param {string} card
 * @param {SheetPeople} people
 */
function cardWord(card, people) {
  return people.card ? people.card(card) : card;
}

/**
 * The lines that matter, in the order a person needs them, each a short sentence.
 * @param {SheetData} data
 * @param {SheetPeople} people
 * @returns {HTMLElement[]}
 */
export function sheetLines(data, people) {
  if (!data.consistent) {
    return [h("p.sheet-line.sheet-contradiction", {role: "alert",
      text: tr("Contradiction: what you have seen cannot all be true. Someone miscounted or answered wrongly.")})];
  }
  if (data.truth) {
    return [h("p.sheet-line.sheet-truth", {text: tr("The game is over. The solution was %(cards)s.", {cards: cardsWords(data.truth, people)})})];
  }
  /** @type {HTMLElement[]} */
  const lines = [];
  const solved = data.possible === 1 && data.likeliest.length ? data.likeliest[0] : null;
  if (solved) {
    lines.push(h("p.sheet-line.sheet-solved", {text: tr("Solved: the solution is %(cards)s. You can name it now.", {cards: cardsWords(solved.cards, people)})}));
  } else {
    lines.push(h("p.sheet-line.sheet-certain", {text: data.certain.length
      ? tr("Certainly in the solution: %(cards)s.", {cards: listWords(data.certain.map((c) => cardWord(c, people)))})
      : tr("Nothing in the solution is certain yet.")}));
  }
  if (!solved && data.possible !== null && data.likeliest.length) {
    const ranked = data.likeliest.map((c) => `${cardsWords(c.cards, people)} (${percent(c.probability)})`);
    lines.push(h("p.sheet-line.sheet-likeliest", {text: trn("%(count)s solution is possible; likeliest: %(list)s.",
      "%(count)s solutions are possible; likeliest: %(list)s.", data.possible, {list: ranked.join(", ")})}));
  }
  const question = data.question;
  if (question) {
    lines.push(h("p.sheet-line.sheet-question", {text: question.seat === null
      ? tr("Best question now: about %(about)s.", {about: question.about})
      : tr("Best question now: ask %(name)s about %(about)s.", {name: placeName(`s${question.seat}`, people), about: question.about})}));
  }
  if (data.assumed && data.level === "full" && !solved) {
    lines.push(h("p.muted.small.sheet-note", {text: tr("The odds assume the hidden choices were made at random; what is certain holds however they were made.")}));
  }
  return lines;
}

/**
 * One square of the grid: certain yes, certain no, a shaded probability, or unknown.
 * @param {number | null} p
 * @param {string} card
 * @param {string} place
 */
function square(p, card, place) {
  if (p === null) return h("td.sheet-open", {"aria-label": tr("%(card)s at %(place)s: not certain", {card, place})});
  if (p >= 1) return h("td.sheet-yes", {"aria-label": tr("%(card)s at %(place)s: certain", {card, place}), text: "✓"});
  if (p <= 0) return h("td.sheet-no", {"aria-label": tr("%(card)s at %(place)s: certainly not", {card, place}), text: "·"});
  const shown = percent(p);
  return h("td.sheet-odds", {style: {"--p": p.toFixed(3)}, "aria-label": tr("%(card)s at %(place)s: %(percent)s", {card, place, percent: shown}),
    text: shown.replace(/\s*%\s*/, "")});
}

/**
 * The grid: a row per card, a column per place, the solution's column marked.
 * @param {SheetData} data
 * @param {SheetPeople} people
 */
export function sheetGrid(data, people) {
  const names = data.columns.map((place) => placeName(place, people));
  const head = h("tr", {}, h("th", {scope: "col", text: tr("Card")}),
    data.columns.map((place, i) => {
      const seat = placeSeat(place);
      return h("th", {scope: "col", class: place === data.solution_column ? "sheet-solution" : "", title: names[i]},
        seat === null ? null : seatDot(seat), h("span.sheet-place", {text: names[i]}));
    }));
  const solution = data.solution_column === null ? -1 : data.columns.indexOf(data.solution_column);
  const rows = data.rows.map((card, r) => {
    const cells = data.cells[r] || [];
    const inSolution = solution >= 0 && cells[solution] === 1;
    const word = cardWord(card, people);
    return h("tr", {class: inSolution ? "sheet-in-solution" : ""}, h("th", {scope: "row", text: word}),
      data.columns.map((place, c) => square(cells[c] ?? null, word, names[c])));
  });
  return h("div.grid-scroll", {tabindex: "0", role: "region", "aria-label": tr("Investigation sheet")},
    h("table.sheet-grid", {}, h("caption.visually-hidden", {text: tr("Where each card lies, as far as your view tells")}),
      h("thead", {}, head), h("tbody", {}, rows)));
}

/**
 * The whole sheet: the lines that matter, then the grid, then its key.
 * @param {SheetData} data
 * @param {SheetPeople} people
 */
export function drawnSheet(data, people) {
  const key = data.level === "full" && !data.truth
    ? tr("✓ certain, · certainly not, a number: the chance in percent (the darker, the likelier).")
    : tr("✓ certain, · certainly not, blank: not certain yet.");
  return h("div.sheet-drawn", {},
    h("div.sheet-lines", {}, sheetLines(data, people)),
    data.consistent && data.rows.length ? sheetGrid(data, people) : null,
    data.consistent && data.rows.length ? h("p.muted.small", {text: key}) : null);
}

/**
 * A typed line of a text sheet in the page's language: its message from the catalogues, each
 * value said in turn (a card by the game's word for it, a line within as its own message).
 * @param {SheetLine} line
 * @param {SheetPeople} people
 * @returns {string}
 */
export function lineWords(line, people) {
  if ("text" in line) return line.text;
  /** @type {Record<string, string | number>} */
  const values = {};
  for (const [name, value] of Object.entries(line.values || {})) values[name] = valueWords(value, people);
  return tr(line.key, values);
}

/**
 * @param {SheetValue} value
 * @param {SheetPeople} people
 * @returns {string | number}
 */
function valueWords(value, people) {
  if (typeof value === "string" || typeof value === "number") return value;
  if ("card" in value) return cardWord(value.card, people);
  if ("cards" in value) return listWords(value.cards.map((c) => cardWord(c, people)));
  return lineWords(value, people);
}

/**
 * A sheet the game gives as typed lines (no data to draw): a line each, set under the one
 * before where the game indents it.
 * @param {SheetLine[]} lines
 * @param {SheetPeople} people
 */
export function textSheet(lines, people) {
  return h("div.sheet-text", {tabindex: "0", role: "region", "aria-label": tr("Investigation sheet")},
    lines.map((line) => {
      const indent = "indent" in line ? line.indent || 0 : 0;
      return h("p.sheet-line", {class: indent ? "sheet-indent" : "", style: indent ? {"--indent": String(indent)} : {}, text: lineWords(line, people)});
    }));
}
