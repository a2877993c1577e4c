// Notifications by e-mail in the account panel (issue #36 item 3), shown when the server sends
// mail: the address (mailed a confirmation link first: nothing else goes to it until it is
// opened), which events to mail, a mail for each or one a day at an hour of a time zone, the
// address removed, and a channel that keeps failing said so with the server's general reason.
"use strict";
import {language, tr} from "./i18n.js";
import {ApiError, api} from "./api.js";
import {fill, h} from "./kit.js";

/** @typedef {import("./types.d.ts").MailSettingsOut} MailSettingsOut */
/** @typedef {import("./types.d.ts").MailKind} MailKind */

/** @type {readonly MailKind[]} */
const KINDS = ["your_move", "game_over", "invited", "clock_low"];

/** @param {MailKind} kind */
function kindLabel(kind) {
  if (kind === "your_move") return tr("When it is my move");
  if (kind === "game_over") return tr("When a game is over");
  if (kind === "invited") return tr("When I am invited to a table");
  return tr("When my clock runs low");
}

/** This browser's IANA time zone, the digest's hour's zone unless one was saved. */
function browserZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** @param {number} hour */
function hourText(hour) {
  return `${String(hour).padStart(2, "0")}:00`;
}

/**
 * A refusal of the settings in the page's language: the server's words name the field that
 * was wrong (`address: ...`, `time_zone: ...`), in English only, so the page says it itself.
 * @param {unknown} error
 * @param {string} address
 * @param {string} zone
 */
function refusalText(error, address, zone) {
  if (error instanceof ApiError && error.status === 400 && error.message.startsWith("address:")) {
    return address.trim()
      ? tr("“%(address)s” is not an e-mail address: write one such as ann@example.org.", {address: address.trim()})
      : tr("Write an e-mail address, such as ann@example.org.");
  }
  if (error instanceof ApiError && error.status === 400 && error.message.startsWith("time_zone:")) {
    return tr("“%(zone)s” is not a time zone: write one such as Europe/Berlin or UTC.", {zone});
  }
  if (error instanceof ApiError && error.status === 409) return tr("This server sends no mail.");
  if (error instanceof ApiError && error.status === 401) return tr("Sign in again to change your mail settings.");
  return tr("The mail settings could not be saved: try again.");
}

/** The panel's section: filled now, and again after each change. */
export function mailSection() {
  const section = h("section.mail-settings", {"aria-labelledby": "mail-title"});
  void show(section, "");
  return section;
}

/**
 * @param {HTMLElement} section
 * @param {string} said what the last change did, for the status line
 */
async function show(section, said) {
  /** @type {MailSettingsOut} */
  let settings;
  try {
    settings = /** @type {MailSettingsOut} */ (await api("/api/account/mail"));
  } catch {
    fill(section, []);
    return;
  }
  if (!settings.sends_mail) { fill(section, []); return; }
  const status = h("p", {id: "mail-status", role: "status", text: said});
  const error = h("p.error-text", {id: "mail-error", role: "alert"});
  const address = h("input", {id: "mail-address", name: "address", type: "email", maxlength: "254",
    autocomplete: "email", value: settings.address || "", "aria-describedby": "mail-error"});
  const boxes = KINDS.map((kind) => h("input", {type: "checkbox", id: `mail-${kind}`, name: kind,
    checked: settings.address === null ? kind === "your_move" || kind === "game_over" : settings[kind]}));
  const daily = settings.digest_hour !== null && settings.digest_hour !== undefined;
  const each = h("input", {type: "radio", id: "mail-each", name: "mail-when", value: "each", checked: !daily});
  const once = h("input", {type: "radio", id: "mail-daily", name: "mail-when", value: "daily", checked: daily});
  const hour = h("select", {id: "mail-hour", name: "hour"},
    Array.from({length: 24}, (_, n) => h("option", {value: String(n), text: hourText(n),
      selected: n === (daily ? settings.digest_hour : 8)})));
  const zone = h("input", {id: "mail-zone", name: "time_zone", maxlength: "64", autocomplete: "off",
    value: daily ? settings.time_zone : browserZone()});
  /**
   * @param {() => Promise<void>} change
   * @param {string} done
   */
  const run = async (change, done) => {
    error.textContent = "";
    try {
      await change();
      await show(section, done);
    } catch (refused) {
      error.textContent = refusalText(refused, address.value, zone.value);
    }
  };
  const save = () => api("/api/account/mail", {
    address: address.value.trim(), language: language(),
    ...Object.fromEntries(KINDS.map((kind, n) => [kind, boxes[n].checked])),
    digest_hour: once.checked ? Number(hour.value) : null, time_zone: zone.value.trim() || "UTC",
  }, "PUT");
  const form = h("form", {id: "mail-form", novalidate: true, onsubmit: (/** @type {Event} */ event) => {
    event.preventDefault();
    void run(async () => { await save(); }, tr("Mail settings saved."));
  }},
  h("label", {for: "mail-address", text: tr("E-mail address")}), address,
  h("fieldset", {}, h("legend", {text: tr("Mail me")}),
    KINDS.map((kind, n) => h("div.row", {}, boxes[n], h("label", {for: `mail-${kind}`, text: kindLabel(kind)})))),
  h("fieldset", {}, h("legend", {text: tr("How often")}),
    h("div.row", {}, each, h("label", {for: "mail-each", text: tr("A mail for each")})),
    h("div.row", {}, once, h("label", {for: "mail-daily", text: tr("One mail a day, at")}),
      h("label.visually-hidden", {for: "mail-hour", text: tr("Hour of the daily mail")}), hour),
    h("div.row", {}, h("label", {for: "mail-zone", text: tr("Time zone")}), zone)),
  error,
  h("div.row", {}, h("button.primary", {type: "submit", id: "mail-save", text: tr("Save mail settings")})));
  fill(section, [
    h("h3", {id: "mail-title", text: tr("E-mail")}),
    addressState(settings),
    settings.failing === null ? null : h("p.warning", {id: "mail-failing",
      text: tr("Mails to this address keep failing: %(why)s", {why: settings.failing})}),
    form,
    settings.address === null ? null : h("div.row", {}, h("button", {type: "button", id: "mail-remove",
      text: tr("Remove the address"),
      onclick: () => run(async () => { await api("/api/account/mail", undefined, "DELETE"); },
        tr("The address is removed: no more mail."))})),
    status,
  ]);
}

/**
 * Where mail goes now, and whether it waits for the confirmation link.
 * @param {MailSettingsOut} settings
 */
function addressState(settings) {
  if (settings.address === null) {
    return h("p", {id: "mail-state", text: tr("No mail: give an address to be told by e-mail.")});
  }
  return h("p", {id: "mail-state", text: settings.confirmed
    ? tr("Mails go to %(address)s (confirmed).", {address: settings.address})
    : tr("A confirmation link was sent to %(address)s: open it, and the mails begin.", {address: settings.address})});
}
