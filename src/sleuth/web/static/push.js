// Notifications by Web Push in the account panel (issue #36 item 3): "Notify this browser"
// subscribes it with the server's key (the service worker /sw.js shows what is pushed), the
// kinds to push are chosen as for mail, and a browser whose pushes keep failing says so.
"use strict";
import {language, tr} from "./i18n.js";
import {ApiError, api} from "./api.js";
import {fill, h} from "./kit.js";

/**
 * @typedef {{id: number, endpoint: string, failing: string | null, failures: number}} BrowserOut
 * @typedef {{your_move: boolean, game_over: boolean, invited: boolean, clock_low: boolean,
 *   browsers: BrowserOut[], sends_push: boolean}} PushSettingsOut
 */

/** Whether this browser can take pushes at all (a secure page, a worker, a push manager). */
function canPush() {
  return window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window
    && "Notification" in window;
}

/** This browser's subscription, if it has one. */
async function ownSubscription() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

/** @param {string} text base64url @returns {Uint8Array<ArrayBuffer>} */
function keyBytes(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

async function subscribe() {
  if (await Notification.requestPermission() !== "granted") {
    throw new Error(tr("This browser does not allow notifications from this site."));
  }
  const {key} = /** @type {{key: string}} */ (await api("/api/push/key"));
  const registration = await navigator.serviceWorker.register("/sw.js", {scope: "/"});
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe(
    {userVisibleOnly: true, applicationServerKey: keyBytes(key)});
  const json = subscription.toJSON();
  await api("/api/account/push/browsers",
    {endpoint: json.endpoint, keys: json.keys, language: language()});
}

/** @param {PushSettingsOut} settings */
async function unsubscribe(settings) {
  const own = await ownSubscription();
  if (!own) return;
  const known = settings.browsers.find((b) => b.endpoint === own.endpoint);
  if (known) await api(`/api/account/push/browsers/${known.id}`, undefined, "DELETE");
  await own.unsubscribe();
}

const KINDS = /** @type {const} */ (["your_move", "game_over"]);

/** @param {"your_move" | "game_over"} kind */
function kindLabel(kind) {
  return kind === "your_move" ? tr("When it is my move") : tr("When a game is over");
}

/** The panel's section: filled now, and again after each change. */
export function pushSection() {
  const section = h("section.push", {"aria-labelledby": "push-title"});
  void show(section);
  return section;
}

/** @param {HTMLElement} section */
async function show(section) {
  const status = h("p", {id: "push-status", role: "status"});
  const title = h("h3", {id: "push-title", text: tr("Notifications")});
  /** @type {PushSettingsOut} */
  let settings;
  try {
    settings = /** @type {PushSettingsOut} */ (await api("/api/account/push"));
  } catch {
    fill(section, []);
    return;
  }
  if (!settings.sends_push) { fill(section, []); return; }
  if (!canPush()) {
    fill(section, [title, h("p", {text: tr("This browser cannot show notifications from this page.")})]);
    return;
  }
  const own = await ownSubscription();
  const mine = own ? settings.browsers.find((b) => b.endpoint === own.endpoint) : undefined;
  /** @param {() => Promise<void>} change */
  const run = async (change) => {
    try {
      await change();
      await show(section);
    } catch (error) {
      status.textContent = error instanceof ApiError || error instanceof Error
        ? error.message : tr("Notifications could not be turned on.");
    }
  };
  const toggle = mine
    ? h("button", {type: "button", id: "push-off", text: tr("Stop notifying this browser"),
      onclick: () => run(() => unsubscribe(settings))})
    : h("button", {type: "button", id: "push-on", text: tr("Notify this browser"),
      onclick: () => run(subscribe)});
  const choices = KINDS.map((kind) => {
    const box = h("input", {type: "checkbox", id: `push-${kind}`, checked: settings[kind],
      onchange: () => run(async () => {
        const chosen = Object.fromEntries(KINDS.map((k) => [k, k === kind ? box.checked : settings[k]]));
        await api("/api/account/push", chosen, "PUT");
      })});
    return h("div.row", {}, box, h("label", {for: `push-${kind}`, text: kindLabel(kind)}));
  });
  const failing = settings.browsers.filter((b) => b.failing !== null).map((b) => h("p.warning", {
    text: b === mine
      ? tr("Notifications to this browser are failing: %(why)s", {why: b.failing || ""})
      : tr("Notifications to another browser are failing: %(why)s", {why: b.failing || ""}),
  }));
  fill(section, [title, h("div.row", {}, toggle), ...(settings.browsers.length ? choices : []),
    ...failing, status]);
}
