// The service's HTTP API, and this browser's identity (a cookie the server set, a name).
"use strict";
import {tr} from "./i18n.js";
import {h} from "./kit.js";
import {refusalText} from "./problems.js";

/** @typedef {import("./types.d.ts").PersonOut} PersonOut */
/** @typedef {import("./types.d.ts").SavedInvite} SavedInvite */

export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {string} [problem] the service's code of the refusal, where it gave one
   */
  constructor(status, message, problem) { super(message); this.status = status; this.problem = problem; }
}

/** @param {import("./types.d.ts").ErrorOut["detail"]} detail */
function detailText(detail) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  }
  return JSON.stringify(detail);
}

/**
 * A call of the service: GET without a body, POST (or `method`) with one; an answer that is
 * not OK throws an ApiError with the service's words. What it returns is the route's answer
 * (types.d.ts): callers name its type.
 * @param {string} path
 * @param {unknown} [body]
 * @param {string} [method]
 * @returns {Promise<unknown>}
 */
export async function api(path, body, method) {
  const init = body === undefined && !method ? {} : {
    method: method || "POST", headers: {"content-type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  const response = await fetch(path, init);
  /** @type {unknown} */
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = /** @type {Partial<import("./types.d.ts").ErrorOut> | null} */ (data);
    const english = error && error.detail ? detailText(error.detail) : `HTTP ${response.status}`;
    // Said in the page's language where the service gave its words (problems.js).
    throw new ApiError(response.status, error ? refusalText({...error, message: english}) : english,
      error && typeof error.problem === "string" ? error.problem : undefined);
  }
  return data;
}

/** @type {PersonOut | null | undefined} */
let current = undefined;
/** @type {string | null} */
let account = null;

/** @returns {Promise<PersonOut | null>} */
export async function whoAmI() {
  if (current === undefined) {
    const session = /** @type {import("./types.d.ts").SessionOut} */ (await api("/api/people/session"));
    current = session.person;
    account = session.account;
  }
  return current;
}

/** The name this browser's account signs in with (after whoAmI); null for a guest. */
export function accountName() {
  return account;
}

/**
 * @param {string} name
 * @returns {Promise<PersonOut>}
 */
export async function rename(name) {
  const person = /** @type {PersonOut} */ (await api("/api/people", {name}));
  current = person;
  showMe();
  return person;
}

export function showMe() {
  const slot = document.getElementById("me");
  if (slot) slot.textContent = current ? current.name : "";
}

/**
 * The person behind this browser, asking for a name first if it has none yet.
 * @param {string} [why]
 */
export async function ensurePerson(why) {
  const me = await whoAmI();
  if (me) return me;
  const name = await askName(why);
  return rename(name);
}

/**
 * @param {string} [why]
 * @returns {Promise<string>}
 */
function askName(why) {
  return new Promise((resolve) => {
    const input = h("input", {id: "ask-name", name: "name", maxlength: "40", required: true,
      autocomplete: "nickname", placeholder: tr("e.g. Ana")});
    const dialog = h("dialog.name-dialog", {"aria-labelledby": "ask-name-title"},
      h("form", {method: "dialog", onsubmit: (event) => {
        event.preventDefault();
        const name = input.value.trim();
        if (!name) return;
        dialog.close();
        dialog.remove();
        resolve(name);
      }},
      h("h2", {id: "ask-name-title", text: tr("Your name at the table")}),
      h("p", {text: why || tr("The others see this name. No password: this browser remembers you.")}),
      h("label", {for: "ask-name", text: tr("Display name")}), input,
      h("div.row", {}, h("button.primary", {type: "submit", text: tr("Sit down")}))));
    document.body.append(dialog);
    dialog.addEventListener("cancel", (event) => event.preventDefault());
    dialog.showModal();
    input.focus();
  });
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;

/** @param {string} text */
export function toast(text) {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = text;
  box.classList.add("shown");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove("shown"), 2600);
}

/** @param {string} text */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(tr("Copied"));
    return true;
  } catch (error) {
    return false;
  }
}

// Invites of tables this browser dealt, kept here until the seat is taken: the server keeps
// only their hashes and gives them out once, at the deal.
const INVITES = "sleuth.invites";

/** @returns {Record<string, SavedInvite[]>} */
export function savedInvites() {
  try { return JSON.parse(localStorage.getItem(INVITES) || "{}"); } catch (error) { return {}; }
}

/**
 * @param {string} table
 * @param {SavedInvite[]} invites
 */
export function saveInvites(table, invites) {
  const all = savedInvites();
  all[table] = invites.map((i) => ({seat: i.seat, url: i.url}));
  localStorage.setItem(INVITES, JSON.stringify(all));
}

/**
 * @param {string} table
 * @param {number[]} seats
 */
export function forgetInvites(table, seats) {
  const all = savedInvites();
  if (!all[table]) return;
  all[table] = all[table].filter((i) => !seats.includes(i.seat));
  if (!all[table].length) delete all[table];
  localStorage.setItem(INVITES, JSON.stringify(all));
}
