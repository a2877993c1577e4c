// The rules panel: a game's rules for players (its kit's "rules" part, GET
// /api/games/<name>/rules), in short or in full, with example cards drawn by the game's own
// web part (its named export drawCard) as its table draws them. Opened by a "Rules" button
// in the lobby and on the table, and by the "?" key on the table. In the page's language.
"use strict";
import {api} from "./api.js";
import {fill, h} from "./kit.js";
import {language, tr} from "./i18n.js";

/** @typedef {import("./types.d.ts").GameOut} GameOut */
/** @typedef {import("./types.d.ts").RulesOut} RulesOut */
/** @typedef {import("./types.d.ts").RulesSectionOut} RulesSectionOut */
/** @typedef {(card: string) => Node} DrawCard */

/** @type {Map<string, Promise<RulesOut>>} */
const loaded = new Map();

/** @param {string} game */
function fetchRules(game) {
  let rules = loaded.get(game);
  if (!rules) {
    rules = /** @type {Promise<RulesOut>} */ (api(`/api/games/${encodeURIComponent(game)}/rules?lang=${encodeURIComponent(language())}`));
    // A failed fetch is not kept: the next opening asks again.
    rules.catch(() => loaded.delete(game));
    loaded.set(game, rules);
  }
  return rules;
}

/**
 * The game's card drawing, with its style sheets on the page; null for a game without a web
 * part or one that draws no single card (its example cards are then written as text).
 * @param {GameOut} game
 * @returns {Promise<DrawCard | null>}
 */
async function cardDrawer(game) {
  if (!game.web) return null;
  for (const href of game.web.styles) {
    if (![...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.getAttribute("href") === href)) {
      document.head.append(h("link", {rel: "stylesheet", href}));
    }
  }
  const module = /** @type {{drawCard?: DrawCard}} */ (await import(game.web.script));
  return typeof module.drawCard === "function" ? module.drawCard : null;
}

/**
 * @param {RulesSectionOut[]} sections
 * @param {DrawCard | null} draw
 * @param {string} prefix ids' prefix, one per part shown
 */
function sectionsOf(sections, draw, prefix) {
  return sections.map((section, index) => {
    const id = `${prefix}-${index}`;
    return h("section.rules-section", {"aria-labelledby": id},
      h("h3", {id, text: section.heading}),
      section.paragraphs.map((text) => h("p", {text})),
      section.cards.length ? h("div.rules-cards", {role: "group", "aria-label": tr("Example cards")},
        section.cards.map((card) => (draw ? draw(card) : h("code.rules-card", {text: card})))) : null);
  });
}

/**
 * Open the rules of `game` in a dialog over the page; Escape or the close button closes it.
 * @param {GameOut} game
 * @param {"short" | "full"} [part]
 */
export async function openRules(game, part = "short") {
  document.querySelector("dialog.rules-dialog")?.remove();
  const body = h("div.rules-body", {}, h("p", {text: tr("Loading the rules…")}));
  const tabs = h("div.rules-tabs", {role: "group", "aria-label": tr("How much to read")});
  const dialog = h("dialog.rules-dialog", {"aria-labelledby": "rules-title"},
    h("div.rules-head", {},
      h("h2", {id: "rules-title", text: tr("How to play %(game)s", {game: game.title})}), tabs,
      h("button.rules-close", {type: "button", text: tr("Close"), title: tr("Close the rules (Esc)"),
        onclick: () => { dialog.close(); }})),
    body);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  try {
    const [rules, draw] = await Promise.all([fetchRules(game.name), cardDrawer(game).catch(() => null)]);
    const show = (/** @type {"short" | "full"} */ which) => {
      fill(tabs, [["short", tr("In short")], ["full", tr("In full")]].map(([key, label]) =>
        h("button", {type: "button", text: label, "aria-pressed": String(key === which),
          title: key === "short" ? tr("The game on one screen") : tr("Every rule, and the table's options"),
          onclick: () => show(/** @type {"short" | "full"} */ (key))})));
      fill(body, sectionsOf(which === "short" ? rules.short : rules.full, draw, `rules-${which}`),
        rules.reference ? h("p.rules-more", {},
          tr("For the curious: "), h("a", {href: rules.reference, target: "_blank", rel: "noopener noreferrer",
            text: tr("more about the printed game and its rules")}), tr(".")) : null);
      body.scrollTop = 0;
    };
    show(part);
  } catch (error) {
    fill(body, h("p.error-text", {role: "alert", text: tr("The rules could not be loaded: %(error)s", {error: /** @type {Error} */ (error).message})}));
  }
}

/**
 * A button that opens the rules of `game`.
 * @param {GameOut} game
 * @param {string} [text]
 * @param {string} [keyHint] the key that opens them too, where one does
 */
export function rulesButton(game, text = tr("Rules"), keyHint = "") {
  return h("button.rules-button", {type: "button", text, title: tr("How to play %(game)s: the rules in short and in full", {game: game.title}) + keyHint,
    "aria-haspopup": "dialog", onclick: () => { openRules(game); }});
}
