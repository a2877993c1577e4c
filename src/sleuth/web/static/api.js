// The service's HTTP API, and this browser's identity (a cookie the server set, a name).
"use strict";
import {h} from "./kit.js";

export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

function detailText(detail) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  }
  return JSON.stringify(detail);
}

export async function api(path, body, method) {
  const init = body === undefined && !method ? {} : {
    method: method || "POST", headers: {"content-type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data && data.detail ? detailText(data.detail) : `HTTP ${response.status}`);
  return data;
}

let current = undefined;

export async function whoAmI() {
  if (current === undefined) current = (await api("/api/people/session")).person;
  return current;
}

export async function rename(name) {
  current = await api("/api/people", {name});
  showMe();
  return current;
}

export function showMe() {
  const slot = document.getElementById("me");
  if (slot) slot.textContent = current ? current.name : "";
}

// The person behind this browser, asking for a name first if it has none yet.
export async function ensurePerson(why) {
  const me = await whoAmI();
  if (me) return me;
  const name = await askName(why);
  return rename(name);
}

function askName(why) {
  return new Promise((resolve) => {
    const input = h("input", {id: "ask-name", name: "name", maxlength: "40", required: true,
      autocomplete: "nickname", placeholder: "e.g. Ana"});
    const dialog = h("dialog.name-dialog", {"aria-labelledby": "ask-name-title"},
      h("form", {method: "dialog", onsubmit: (event) => {
        event.preventDefault();
        const name = input.value.trim();
        if (!name) return;
        dialog.close();
        dialog.remove();
        resolve(name);
      }},
      h("h2", {id: "ask-name-title", text: "Your name at the table"}),
      h("p", {text: why || "The others see this name. No password: this browser remembers you."}),
      h("label", {for: "ask-name", text: "Display name"}), input,
      h("div.row", {}, h("button.primary", {type: "submit", text: "Sit down"}))));
    document.body.append(dialog);
    dialog.addEventListener("cancel", (event) => event.preventDefault());
    dialog.showModal();
    input.focus();
  });
}

export function toast(text) {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = text;
  box.classList.add("shown");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove("shown"), 2600);
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Copied");
    return true;
  } catch (error) {
    return false;
  }
}

// Invites of tables this browser dealt, kept here until the seat is taken: the server keeps
// only their hashes and gives them out once, at the deal.
const INVITES = "sleuth.invites";

export function savedInvites() {
  try { return JSON.parse(localStorage.getItem(INVITES) || "{}"); } catch (error) { return {}; }
}

export function saveInvites(table, invites) {
  const all = savedInvites();
  all[table] = invites.map((i) => ({seat: i.seat, url: i.url}));
  localStorage.setItem(INVITES, JSON.stringify(all));
}

export function forgetInvites(table, seats) {
  const all = savedInvites();
  if (!all[table]) return;
  all[table] = all[table].filter((i) => !seats.includes(i.seat));
  if (!all[table].length) delete all[table];
  localStorage.setItem(INVITES, JSON.stringify(all));
}
