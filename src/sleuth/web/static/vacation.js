// A signed-in person's vacation, in the account panel: while it lasts their clocks at every
// table stand still (up to the days each table allows), and the others see that they are
// on vacation. Started for a number of days, ended early with one button.
"use strict";
import {formatDate, tr} from "./i18n.js";
import {api} from "./api.js";
import {fill, h} from "./kit.js";

/** @typedef {import("./types.d.ts").VacationOut} VacationOut */

// The days one vacation may last, as the server takes them (``clocks.VACATION_ASKED``).
const DAYS_ASKED = {least: 1, most: 60};

/** The panel's vacation section, filled once the account's vacation is read. */
export function vacationSection() {
  const section = h("section.vacation", {"aria-labelledby": "vacation-title"});
  void show(section);
  return section;
}

/** @param {HTMLElement} section */
async function show(section) {
  /** @type {VacationOut} */
  let vacation;
  try {
    vacation = /** @type {VacationOut} */ (await api("/api/account/vacation"));
  } catch {
    fill(section, []);
    return;
  }
  const status = h("p.error-text", {id: "vacation-status", role: "alert"});
  /** @param {() => Promise<unknown>} change */
  const run = async (change) => {
    try {
      await change();
      await show(section);
    } catch (error) {
      status.textContent = error instanceof Error ? error.message : String(error);
    }
  };
  const title = h("h3", {id: "vacation-title", text: tr("Vacation")});
  if (vacation.ends_at !== null) {
    fill(section, [title,
      h("p", {id: "vacation-now", text: tr("On vacation until %(date)s: your clocks stand still, as long as each table allows.", {date: formatDate(new Date(vacation.ends_at * 1000))})}),
      h("button", {type: "button", id: "vacation-end", text: tr("End my vacation now"),
        onclick: () => run(() => api("/api/account/vacation", undefined, "DELETE"))}),
      status]);
    return;
  }
  const left = h("p", {id: "vacation-left", text: tr("Vacation days left: %(left)s (at most %(most)s in any 365 days)", {left: vacation.days_left, most: vacation.days_a_year})});
  const about = h("p", {text: tr("Away for a while? Your clocks at every table stand still while you are on vacation, for as many days as each table allows.")});
  if (vacation.days_left < DAYS_ASKED.least) {
    // Nothing to start: the server would refuse any vacation now, so none is offered.
    fill(section, [title, about, left,
      h("p", {id: "vacation-none", text: tr("No vacation days are left now: days come free again 365 days after the vacation that took them.")}),
      status]);
    return;
  }
  // The server refuses more than is left of its yearly allowance, or than one vacation may
  // last: the field and its label offer no more.
  const most = Math.min(DAYS_ASKED.most, vacation.days_left);
  const days = /** @type {HTMLInputElement} */ (h("input", {type: "number", id: "vacation-days", min: String(DAYS_ASKED.least), max: String(most), step: "1", value: String(Math.min(7, most)), inputmode: "numeric"}));
  const label = most === DAYS_ASKED.least
    ? tr("Days (%(most)s)", {most})
    : tr("Days (%(least)s-%(most)s)", {least: DAYS_ASKED.least, most});
  fill(section, [title, about, left,
    h("div.row", {},
      h("label", {for: "vacation-days", text: label}), days,
      h("button", {type: "button", id: "vacation-start", text: tr("Start a vacation"),
        onclick: () => run(() => api("/api/account/vacation", {days: Number(days.value)}))})),
    status]);
}
