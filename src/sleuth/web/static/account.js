// The account panel, opened from the header: sign up or sign in (a name and a password), the
// browsers signed in to the account (each can be signed out), one's games to download, and
// sign out. Playing never needs it: a guest is this browser's cookie, as before.
"use strict";
import {formatDate, tr} from "./i18n.js";
import {ApiError, accountName, api} from "./api.js";
import {fill, h} from "./kit.js";
import {hooksSection} from "./hooks.js";
import {pushSection} from "./push.js";
import {mailSection} from "./mailsettings.js";
import {vacationSection} from "./vacation.js";

/** @typedef {import("./types.d.ts").DeviceOut} DeviceOut */

/** The header's button: "Sign in" for a guest, the account's name once signed in. */
export function setUpAccount() {
  const button = document.getElementById("account");
  if (!button) return;
  const name = accountName();
  button.textContent = name === null ? tr("Sign in") : name;
  button.setAttribute("aria-label", name === null ? tr("Sign in or sign up") : tr("Account of %(name)s", {name}));
  button.addEventListener("click", () => { openPanel().catch(() => {}); });
}

/** @param {unknown} error */
function refusalText(error) {
  if (error instanceof ApiError && error.status === 401 && error.message === "the passkey was not accepted") return tr("The passkey was not accepted.");
  if (error instanceof ApiError && error.status === 401) return tr("Wrong name or password.");
  // Refusals that are no wrong password say what they are, in the page's language already.
  if (error instanceof ApiError && error.status === 403 && error.problem === "password_needed") return error.message;
  if (error instanceof ApiError && error.status === 403) return tr("Wrong password.");
  if (error instanceof ApiError && error.status === 429) return tr("Too many attempts: wait a minute and try again.");
  return error instanceof Error ? error.message : String(error);
}

/**
 * A form of a name and a password that posts them to `path`; the page starts again as the
 * account's person once it is accepted.
 * @param {string} id
 * @param {string} path
 * @param {string} title
 * @param {string} submit
 * @param {boolean} isNew
 */
function credentialsForm(id, path, title, submit, isNew) {
  const name = h("input", {id: `${id}-name`, name: "name", maxlength: "40", required: true, autocomplete: "username"});
  const password = h("input", {id: `${id}-password`, name: "password", type: "password", required: true,
    maxlength: "200", minlength: isNew ? "8" : undefined, autocomplete: isNew ? "new-password" : "current-password"});
  const error = h("p.error-text", {role: "alert", id: `${id}-error`});
  return h("form", {id, "aria-labelledby": `${id}-title`, onsubmit: async (/** @type {Event} */ event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      await api(path, {name: name.value.trim(), password: password.value});
      location.reload();
    } catch (refused) {
      error.textContent = refusalText(refused);
    }
  }},
  h("h3", {id: `${id}-title`, text: title}),
  h("label", {for: `${id}-name`, text: tr("Name")}), name,
  h("label", {for: `${id}-password`, text: isNew ? tr("Password (at least 8 characters)") : tr("Password")}), password,
  error,
  h("div.row", {}, h("button.primary", {type: "submit", text: submit})));
}

/**
 * One signed-in browser of the account, with its button to sign it out.
 * @param {DeviceOut} device
 * @param {() => void} changed
 */
function deviceItem(device, changed) {
  const since = formatDate(new Date(device.created_at * 1000));
  const end = async () => {
    await api(`/api/account/sessions/${encodeURIComponent(device.id)}`, undefined, "DELETE");
    if (device.current) location.reload(); else changed();
  };
  return h("li.device", {},
    h("span", {text: device.device}),
    h("small", {text: device.current ? tr("this browser, since %(when)s", {when: since}) : tr("since %(when)s", {when: since})}),
    h("button", {type: "button", onclick: end, text: tr("Sign out")}));
}

function passkeyRow() {
  const error = h("p.error-text", {role: "alert", id: "passkey-error"});
  return h("div", {},
    h("div.row", {}, h("button", {type: "button", id: "passkey-sign-in", text: tr("Sign in with a passkey"), onclick: () => passkeySignIn(error)})),
    error);
}

/** @param {HTMLElement} list */
async function showDevices(list) {
  const devices = /** @type {DeviceOut[]} */ (await api("/api/account/sessions"));
  fill(list, devices.map((device) => deviceItem(device, () => { showDevices(list).catch(() => {}); })));
}

/**
 * Sign in with a passkey of this server: the browser asks which, and for the person's
 * consent (a fingerprint, a PIN); the page starts again as the account's person.
 * @param {HTMLElement} error
 */
async function passkeySignIn(error) {
  error.textContent = "";
  try {
    const options = /** @type {PublicKeyCredentialRequestOptionsJSON} */ (await api("/api/account/passkeys/sign-in/options", {}));
    const credential = /** @type {PublicKeyCredential | null} */ (await navigator.credentials.get({publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options)}));
    if (!credential) return;
    await api("/api/account/passkeys/sign-in", {credential: credential.toJSON()});
    location.reload();
  } catch (refused) {
    error.textContent = refused instanceof ApiError ? refusalText(refused) : tr("No passkey was used.");
  }
}

/**
 * Add a passkey of this browser (or phone) to the account: the account's password proves it
 * is the person (a browser signed in long ago may be someone else's hands).
 * @param {HTMLElement} status
 * @param {HTMLInputElement} password
 */
async function addPasskey(status, password) {
  status.textContent = "";
  try {
    const proof = password.value ? {password: password.value} : {};
    const options = /** @type {PublicKeyCredentialCreationOptionsJSON} */ (await api("/api/account/passkeys/register/options", proof));
    password.value = "";
    const credential = /** @type {PublicKeyCredential | null} */ (await navigator.credentials.create({publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options)}));
    if (!credential) return;
    await api("/api/account/passkeys/register", {credential: credential.toJSON()});
    status.textContent = tr("Passkey added: sign in with it on any device that has it.");
  } catch (refused) {
    status.textContent = refused instanceof ApiError ? refusalText(refused) : tr("No passkey was made.");
  }
}

async function openPanel() {
  const name = accountName();
  const close = h("button", {type: "button", text: tr("Close")});
  const body = h("div.account-body");
  const dialog = h("dialog.name-dialog.account-dialog", {id: "account-panel", "aria-labelledby": "account-title"},
    h("h2", {id: "account-title", text: name === null ? tr("Account") : tr("Account: %(name)s", {name})}),
    body, h("div.row", {}, close));
  close.addEventListener("click", () => { dialog.close(); dialog.remove(); });
  dialog.addEventListener("close", () => dialog.remove());
  if (name === null) {
    fill(body, [
      h("p", {text: tr("An account keeps your tables on every device you sign in on. Playing needs none.")}),
      credentialsForm("sign-in", "/api/account/sign-in", tr("Sign in"), tr("Sign in"), false),
      passkeyRow(),
      credentialsForm("sign-up", "/api/account", tr("Sign up"), tr("Sign up"), true),
      h("p", {text: tr("Signing up here keeps the tables this browser has.")}),
    ]);
  } else {
    const devices = h("ul.devices", {id: "account-devices", "aria-labelledby": "devices-title"});
    const added = h("p", {id: "passkey-status", role: "status"});
    const proof = /** @type {HTMLInputElement} */ (h("input", {type: "password", id: "passkey-password", autocomplete: "current-password"}));
    fill(body, [
      h("h3", {id: "devices-title", text: tr("Signed-in browsers")}), devices,
      h("div.row", {},
        h("label", {for: "passkey-password", text: tr("Your password")}), proof,
        h("button", {type: "button", id: "passkey-add", text: tr("Add a passkey"), onclick: () => addPasskey(added, proof)})),
      added,
      pushSection(),
      mailSection(),
      hooksSection(),
      vacationSection(),
      h("div.row", {},
        h("a", {href: "/api/account/export", download: "", text: tr("Download my games")}),
        h("button", {type: "button", id: "sign-out", text: tr("Sign out of this browser"),
          onclick: async () => { await api("/api/account/sign-out", {}); location.reload(); }})),
    ]);
    await showDevices(devices);
  }
  document.body.append(dialog);
  dialog.showModal();
}
