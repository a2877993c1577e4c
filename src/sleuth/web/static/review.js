// The after-game review beside the replay: what the seat could have known, and when
// (GET /api/tables/ID/review?seat=N, the review of "sleuth review"). Only once the game is
// over: the review reads the whole record, seed and reveal included.
"use strict";
import {tr} from "./i18n.js";
import {h, fill} from "./kit.js";

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

// The seat's probability of the truth over the steps, with marks at "could know" and at each
// attempt (accusation or solve): a line a person reads at a glance, its numbers in the text.
/**
 * @param {SeatReview} seat
 * @param {string} unit
 */
function curve(seat, unit) {
  const readings = seat.readings || [];
  const width = 320, height = 90, pad = 8;
  const last = Math.max(1, readings.length ? readings[readings.length - 1].step : 1);
  const x = (/** @type {number} */ step) => pad + (width - 2 * pad) * step / last;
  const y = (/** @type {number} */ p) => height - pad - (height - 2 * pad) * p;
  const node = svg("svg", {viewBox: `0 0 ${width} ${height}`, class: "review-curve", role: "img",
    "aria-label": tr("Probability of the true %(unit)s over the game, step by step", {unit})});
  node.append(svg("line", {x1: pad, y1: y(1), x2: width - pad, y2: y(1), class: "review-axis"}));
  node.append(svg("line", {x1: pad, y1: y(0), x2: width - pad, y2: y(0), class: "review-axis"}));
  if (readings.length) {
    const points = readings.map((r) => `${x(r.step).toFixed(1)},${y(r.probability ?? 0).toFixed(1)}`).join(" ");
    node.append(svg("polyline", {points, class: "review-line"}));
  }
  if (seat.could_know !== null && seat.could_know !== undefined) {
    node.append(svg("line", {x1: x(seat.could_know), y1: pad, x2: x(seat.could_know), y2: height - pad, class: "review-know"}));
  }
  for (const attempt of seat.attempts || []) {
    node.append(svg("circle", {cx: x(attempt.step), cy: y(attempt.probability ?? 0), r: 4,
      class: attempt.correct ? "review-hit" : "review-miss"}));
  }
  return node;
}

/**
 * @param {string} tableId
 * @param {{seat: number, selected: boolean}[]} seatOf
 * @param {(seat: number) => string} name
 */
export function reviewPanel(tableId, seatOf, name) {
  const body = h("div.review-body", {"aria-live": "polite"});
  const choice = h("select", {id: "review-seat", "aria-label": tr("Review of")},
    seatOf.map((s) => h("option", {value: String(s.seat), selected: s.selected, text: name(s.seat)})));
  const show = async () => {
    fill(body, h("p.muted", {text: tr("Working out the review (a few seconds)…")}));
    const answer = await fetch(`/api/tables/${tableId}/review?seat=${choice.value}`);
    /** @type {unknown} */
    const data = await answer.json();
    if (!answer.ok) {
      fill(body, h("p.error", {text: String(/** @type {import("./types.d.ts").ErrorOut} */ (data).detail || tr("No review"))}));
      return;
    }
    const review = /** @type {import("./types.d.ts").ReviewOut} */ (data).review;
    const seat = review.seats[0];
    const known = seat.could_know === null || seat.could_know === undefined
      ? tr("%(name)s could never be certain of %(solution)s from their own view.", {name: name(seat.seat), solution: review.solution})
      : tr("%(name)s could have been certain of %(solution)s from step %(step)s.", {name: name(seat.seat), solution: review.solution, step: seat.could_know});
    fill(body,
      h("p", {text: known}),
      curve(seat, review.solution),
      h("p.muted.small", {text: tr("The line: the probability of the truth as this seat could know it; the upright mark: the first step it could be certain; dots: its attempts (filled: right).")}),
      h("ul.review-notes", {}, (seat.notes || []).map((/** @type {string} */ line) => h("li", {text: line}))),
      h("p.muted.small", {text: review.method}));
  };
  return h("section.review.panel", {"aria-labelledby": "review-title"},
    h("h3", {id: "review-title", text: tr("The review: what each seat could have known, and when")}),
    h("div.row", {}, h("label", {for: "review-seat", text: tr("Review of")}), choice,
      h("button", {type: "button", id: "review-show", text: tr("Show the review"),
        onclick: () => show().catch((e) => fill(body, h("p.error", {text: e.message})))})),
    body);
}
