// The after-game review beside the replay: what the seat could have known, and when
// (GET /api/tables/ID/review?seat=N, the review of "sleuth review"). Only once the game is
// over: the review reads the whole record, seed and reveal included.
"use strict";
import {formatNumber, language, tr} from "./i18n.js";
import {h, fill} from "./kit.js";
import {refusalText} from "./problems.js";
import {percent} from "./sheet.js";

/** @typedef {import("./types.d.ts").SeatReview} SeatReview */

const SVG = "http://www.w3.org/2000/svg";

/**
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 */
function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

// The chart's frame: room on the left for the chance's labels, below for the moves'.
const WIDTH = 340, HEIGHT = 150, LEFT = 46, RIGHT = 10, TOP = 10, BOTTOM = 36;

/**
 * @param {string} text
 * @param {Record<string, string | number>} attrs
 */
function label(text, attrs) {
  const node = svg("text", attrs);
  node.textContent = text;
  return node;
}

/**
 * The seat's chance of the truth over the moves, with its axes labelled, marks at "could be
 * certain" and at each attempt (an accusation or solve): read at a glance, its numbers in the
 * text beside it.
 * @param {SeatReview} seat
 * @param {string} unit what the truth is ("the ring")
 */
export function curve(seat, unit) {
  const readings = seat.readings || [];
  const last = Math.max(1, readings.length ? readings[readings.length - 1].step : 1);
  const x = (/** @type {number} */ step) => LEFT + (WIDTH - LEFT - RIGHT) * step / last;
  const y = (/** @type {number} */ p) => HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * p;
  const node = svg("svg", {viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "review-curve", role: "img",
    "aria-label": tr("Chance of the true %(unit)s over the game, move by move", {unit})});
  for (const p of [0, 0.5, 1]) {
    node.append(svg("line", {x1: LEFT, y1: y(p), x2: WIDTH - RIGHT, y2: y(p), class: p === 0 ? "review-axis review-base" : "review-axis"}));
    node.append(label(percent(p), {x: LEFT - 4, y: y(p) + 4, "text-anchor": "end", class: "review-tick"}));
  }
  node.append(svg("line", {x1: LEFT, y1: y(0), x2: LEFT, y2: y(1), class: "review-axis review-base"}));
  for (const step of [...new Set([0, Math.round(last / 2), last])]) {
    node.append(label(formatNumber(step), {x: x(step), y: HEIGHT - BOTTOM + 14, "text-anchor": "middle", class: "review-tick"}));
  }
  node.append(label(tr("Move"), {x: LEFT + (WIDTH - LEFT - RIGHT) / 2, y: HEIGHT - 4, "text-anchor": "middle", class: "review-axis-title"}));
  node.append(label(tr("Chance of the truth"), {x: 12, y: TOP + (HEIGHT - TOP - BOTTOM) / 2, "text-anchor": "middle",
    transform: `rotate(-90 12 ${TOP + (HEIGHT - TOP - BOTTOM) / 2})`, class: "review-axis-title"}));
  if (readings.length) {
    const points = readings.map((r) => `${x(r.step).toFixed(1)},${y(r.probability ?? 0).toFixed(1)}`).join(" ");
    node.append(svg("polyline", {points, class: "review-line"}));
  }
  if (seat.could_know !== null && seat.could_know !== undefined) {
    node.append(svg("line", {x1: x(seat.could_know), y1: y(1), x2: x(seat.could_know), y2: y(0), class: "review-know"}));
  }
  for (const attempt of seat.attempts || []) {
    node.append(svg("circle", {cx: x(attempt.step), cy: y(attempt.probability ?? 0), r: 4,
      class: attempt.correct ? "review-hit" : "review-miss"}));
  }
  return node;
}

// A change of the chance of the truth this large, in one move, is a key moment.
const KEY_CHANGE = 0.2;
const KEY_MOMENTS = 3;

/**
 * What happened at the key moments, in players' words: each move told as the history tells
 * it (`words(step)`, from the typed events), with what it did to the seat's chance of the
 * truth, when it could be certain, and its attempts. No bits, no notation.
 * @param {SeatReview} seat
 * @param {(seat: number) => string} name
 * @param {(step: number) => string} words the move that made step `step`, in words
 * @returns {string[]}
 */
export function keyMoments(seat, name, words) {
  const who = name(seat.seat);
  /** @type {{step: number, text: string}[]} */
  const moments = [];
  const readings = (seat.readings || []).filter((r) => r.probability !== null && r.probability !== undefined);
  const changes = readings.slice(1).map((r, i) => ({step: r.step, from: /** @type {number} */ (readings[i].probability), to: /** @type {number} */ (r.probability)}))
    .filter((c) => Math.abs(c.to - c.from) >= KEY_CHANGE && c.step !== seat.could_know)
    .sort((a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from)).slice(0, KEY_MOMENTS);
  for (const c of changes) {
    const values = {step: c.step, move: words(c.step), name: who, from: percent(c.from), to: percent(c.to)};
    moments.push({step: c.step, text: c.to > c.from
      ? tr("Move %(step)s, %(move)s: %(name)s's chance of the truth rose from %(from)s to %(to)s.", values)
      : tr("Move %(step)s, %(move)s: %(name)s's chance of the truth fell from %(from)s to %(to)s.", values)});
  }
  if (seat.could_know !== null && seat.could_know !== undefined) {
    const values = {step: seat.could_know, move: seat.could_know > 0 ? words(seat.could_know) : "", name: who};
    moments.push({step: seat.could_know, text: seat.could_know > 0
      ? tr("Move %(step)s, %(move)s: from here %(name)s could be certain of the truth.", values)
      : tr("%(name)s could be certain of the truth from the deal.", values)});
  }
  for (const attempt of seat.attempts || []) {
    const values = {step: attempt.step, move: words(attempt.step), chance: percent(attempt.probability ?? 0)};
    moments.push({step: attempt.step, text: attempt.correct
      ? tr("Move %(step)s, %(move)s: right, with a chance of %(chance)s then.", values)
      : tr("Move %(step)s, %(move)s: wrong; the chance was %(chance)s then.", values)});
  }
  return moments.sort((a, b) => a.step - b.step).map((m) => m.text);
}

/**
 * @param {string} tableId
 * @param {{seat: number, selected: boolean}[]} seatOf
 * @param {(seat: number) => string} name
 * @param {(step: number) => string} words the move that made a step, in the history's words
 */
export function reviewPanel(tableId, seatOf, name, words) {
  const body = h("div.review-body", {"aria-live": "polite"});
  const choice = h("select", {id: "review-seat", "aria-label": tr("Review of")},
    seatOf.map((s) => h("option", {value: String(s.seat), selected: s.selected, text: name(s.seat)})));
  const show = async () => {
    fill(body, h("p.muted", {text: tr("Working out the review (a few seconds)…")}));
    // The notes in the page's language (the figures and words around them are the page's own).
    const answer = await fetch(`/api/tables/${tableId}/review?seat=${choice.value}&lang=${language()}`);
    /** @type {unknown} */
    const data = await answer.json();
    if (!answer.ok) {
      const error = /** @type {Partial<import("./types.d.ts").ErrorOut> | null} */ (data);
      // A refusal the service said in words comes in the page's language (problems.js).
      fill(body, h("p.error", {text: error && error.detail ? refusalText({...error, message: String(error.detail)}) : tr("No review")}));
      return;
    }
    fill(body, ...reviewBody(/** @type {import("./types.d.ts").ReviewOut} */ (data).review, name, words));
  };
  return h("section.review.panel", {"aria-labelledby": "review-title"},
    h("h3", {id: "review-title", text: tr("The review: what each seat could have known, and when")}),
    h("div.row", {}, h("label", {for: "review-seat", text: tr("Review of")}), choice,
      h("button", {type: "button", id: "review-show", text: tr("Show the review"),
        onclick: () => show().catch((e) => fill(body, h("p.error", {text: e.message})))})),
    body);
}

/**
 * One seat's review: a sentence on when it could be certain, the chart, the key moments in
 * words, and the figures (bits, steps in notation) folded in "details" for the curious.
 * @param {import("./types.d.ts").GameReview} review
 * @param {(seat: number) => string} name
 * @param {(step: number) => string} words
 */
export function reviewBody(review, name, words) {
  const seat = review.seats[0];
  // The game's words for its solution and its method are message keys (marked N_ in its review part).
  const solution = tr(review.solution);
  const known = seat.could_know === null || seat.could_know === undefined
    ? tr("%(name)s could never be certain of %(solution)s from their own view.", {name: name(seat.seat), solution})
    : tr("%(name)s could have been certain of %(solution)s from move %(step)s.", {name: name(seat.seat), solution, step: seat.could_know});
  const moments = keyMoments(seat, name, words);
  return [
    h("p", {text: known}),
    curve(seat, solution),
    h("p.muted.small", {text: tr("The line: the chance this seat could give the truth after each move; the upright line: the first move from which it could be certain; dots: its attempts (filled: right).")}),
    h("h4", {text: tr("Key moments")}),
    moments.length
      ? h("ul.review-moments", {}, moments.map((line) => h("li", {text: line})))
      : h("p", {text: tr("No single move changed much: the chance grew little by little.")}),
    h("details.review-details", {},
      h("summary", {text: tr("Details: the figures in bits, step by step")}),
      h("ul.review-notes", {}, (seat.notes || []).map((/** @type {string} */ line) => h("li", {text: line}))),
      h("p.muted.small", {text: tr(review.method)})),
  ];
}
