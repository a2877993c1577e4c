// People away from a table without a clock: once a person has been away the table's while
// (its `away_after`), the others may let the table's bot play for them, so a closed tab does
// not stall the game for good. The person, back, takes the seat back with one click (the
// notice table.js shows a seat played by a bot).
"use strict";
import {tr} from "./i18n.js";
import {api, toast} from "./api.js";
import {ICONS, h, icon} from "./kit.js";

/**
 * The other people's seats this page may hand to a bot now: away the table's while, in a
 * game under way at a table without a clock. The service checks the same, and says why not.
 * @param {import("./types.d.ts").StateFrame | null} frame
 * @param {import("./types.d.ts").TableOut} table
 * @param {number | null} seat this page's seat (a spectator hands no seat to anyone)
 * @param {number} now seconds since the epoch
 * @returns {number[]}
 */
export function seatsToHand(frame, table, seat, now) {
  if (!frame || seat === null || frame.status !== "playing" || table.clock !== "none") return [];
  return frame.seats
    .filter((s) => s.seat !== seat && s.away_since !== null && now - s.away_since >= table.away_after)
    .map((s) => s.seat);
}

/**
 * The offers to let a bot play for each person away long enough.
 * @param {import("./table.js").TablePage} page
 * @param {number[]} seats from `seatsToHand`
 * @returns {HTMLElement[]}
 */
export function absentNotices(page, seats) {
  const frame = page.frame;
  if (!frame) return [];
  const t = page.context(frame.view, frame, false);
  return seats.map((seat) => {
    const name = t.name(seat);
    const button = h("button", {type: "button", "data-key": `hand-to-bot-${seat}`,
      text: tr("Let a bot play for %(name)s", {name}),
      title: tr("%(name)s may take the seat back on their return", {name}),
      onclick: async () => {
        button.disabled = true;
        try {
          await api(`/api/tables/${page.table.id}/seats/${seat}/bot`, {});
        } catch (error) {
          button.disabled = false;
          toast(error instanceof Error ? error.message : String(error));
        }
      }});
    return h("div.notice-box.absent", {role: "status"},
      icon(ICONS.offline), " ", tr("%(name)s has been away for a while.", {name}), " ", button);
  });
}
