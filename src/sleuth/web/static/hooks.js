// Notifications to chat services and webhooks in the account panel (issue #36 item 3): a
// person pastes an Apprise URL (Discord, Slack, Matrix, Telegram, ntfy, a JSON webhook),
// chooses per URL which events it is sent, removes it, and sees one whose sends keep failing.
// The server checks each URL and shows it back with its secrets masked.
"use strict";
import {language, tr} from "./i18n.js";
import {ApiError, api} from "./api.js";
import {fill, h} from "./kit.js";

/**
 * @typedef {{id: number, url: string, language: string, your_move: boolean, game_over: boolean,
 *   invited: boolean, clock_low: boolean, failing: string | null, failures: number}} HookOut
 * @typedef {{hooks: HookOut[], sends_hooks: boolean, most: number}} HooksOut
 */

const KINDS = /** @type {const} */ (["your_move", "game_over"]);

/** @param {"your_move" | "game_over"} kind */
function kindLabel(kind) {
  return kind === "your_move" ? tr("When it is my move") : tr("When a game is over");
}

/** The panel's section: filled now, and again after each change. */
export function hooksSection() {
  const section = h("section.hooks", {"aria-labelledby": "hooks-title"});
  void show(section);
  return section;
}

/** @param {HTMLElement} section */
async function show(section) {
  /** @type {HooksOut} */
  let settings;
  try {
    settings = /** @type {HooksOut} */ (await api("/api/account/hooks"));
  } catch {
    fill(section, []);
    return;
  }
  if (!settings.sends_hooks) { fill(section, []); return; }
  const status = h("p", {id: "hooks-status", role: "status"});
  /** @param {() => Promise<unknown>} change */
  const run = async (change) => {
    try {
      await change();
      await show(section);
    } catch (error) {
      status.textContent = error instanceof ApiError || error instanceof Error
        ? error.message : tr("The change was not saved.");
    }
  };
  const items = settings.hooks.map((hook) => hookItem(hook, run));
  const input = /** @type {HTMLInputElement} */ (h("input", {type: "url", id: "hook-url",
    autocomplete: "off", spellcheck: "false", placeholder: "discord://…"}));
  const form = h("form.row", {id: "hook-add", onsubmit: (/** @type {Event} */ event) => {
    event.preventDefault();
    void run(() => api("/api/account/hooks", {url: input.value, language: language()}));
  }},
  h("label", {for: "hook-url", text: tr("Apprise URL")}), input,
  h("button", {type: "submit", text: tr("Add")}));
  fill(section, [
    h("h3", {id: "hooks-title", text: tr("Chat services and webhooks")}),
    h("p", {text: tr("Paste one Apprise URL for each: Discord, Slack, Matrix, Telegram, ntfy or a JSON webhook.")}),
    ...(items.length ? [h("ul.hooks", {"aria-labelledby": "hooks-title"}, ...items)] : []),
    ...(settings.hooks.length < settings.most ? [form] : []),
    status,
  ]);
}

/**
 * One hook: its masked URL, its kinds, whether it is failing, and its remove button.
 * @param {HookOut} hook
 * @param {(change: () => Promise<unknown>) => Promise<void>} run
 */
function hookItem(hook, run) {
  const choices = KINDS.map((kind) => {
    const id = `hook-${hook.id}-${kind}`;
    const box = /** @type {HTMLInputElement} */ (h("input", {type: "checkbox", id, checked: hook[kind],
      onchange: () => run(() => {
        const chosen = Object.fromEntries(KINDS.map((k) => [k, k === kind ? box.checked : hook[k]]));
        return api(`/api/account/hooks/${hook.id}`, chosen, "PUT");
      })}));
    return h("span.row", {}, box, h("label", {for: id, text: kindLabel(kind)}));
  });
  const failing = hook.failing === null ? [] : [h("p.warning", {
    text: tr("Sending to it is failing: %(why)s", {why: hook.failing}),
  })];
  return h("li.hook", {},
    h("code", {text: hook.url}),
    h("div.row", {}, ...choices,
      h("button", {type: "button", text: tr("Remove"), "aria-label": tr("Remove %(url)s", {url: hook.url}),
        onclick: () => run(() => api(`/api/account/hooks/${hook.id}`, undefined, "DELETE"))})),
    ...failing);
}
