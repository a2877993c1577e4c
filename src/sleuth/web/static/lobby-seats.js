// The new table's parts in players' words: the bots by strength, the seats with who plays
// first, the rule variants (named decks, numbers checked against their range) and the one-click
// standard table of each game.
"use strict";
import {tr, trn} from "./i18n.js";
import {api, ensurePerson} from "./api.js";
import {fill, h} from "./kit.js";

/** @typedef {import("./types.d.ts").GameOut} GameOut */
/** @typedef {import("./types.d.ts").BotOut} BotOut */
/** @typedef {import("./types.d.ts").OptionOut} OptionOut */
/**
 * The new table's form as chosen so far: each seat "me", "person" or "bot:NAME"; the rule
 * options changed from their defaults.
 * @typedef {{game: GameOut, players: number, seats: string[], options: Record<string, string | undefined>}} NewTable
 */

// The ladder's levels (sleuth.agents.levels), weakest first, in players' words.
const LEVEL_NAMES = {easy: tr("easy"), medium: tr("medium"), hard: tr("hard"), expert: tr("expert")};
const LEVEL_WORDS = {
  easy: tr("Easy: plays any legal move at random; for learning the rules."),
  medium: tr("Medium: plays by rules of thumb and simple notes."),
  hard: tr("Hard: deduces exactly what its seat can know."),
  expert: tr("Expert: the strongest bot of this game; it deduces exactly and plans ahead."),
};
// Sleuth's bots by name (sleuth.server.lobby.BOT_ABOUT), for a person who wants that one.
const BOT_WORDS = {
  random: tr("Plays any legal move at random: for learning the rules."),
  basic: tr("Rules of thumb and simple notes."),
  deductive: tr("Exact deduction from what its seat sees."),
  ismcts: tr("Searches over deals that fit its view; slower."),
  racing: tr("Exact deduction, and times its accusation by what each rival can know."),
  lookahead: tr("Exact deduction, its best moves tried against the next player's reply."),
};
// The level a standard table seats beside the person.
const STANDARD_LEVEL = "medium";

/**
 * @template {string} K
 * @param {Record<K, string>} table
 * @param {string} key
 * @returns {string | undefined}
 */
function lookUp(table, key) {
  return Object.hasOwn(table, key) ? table[/** @type {K} */ (key)] : undefined;
}

/** A bot's spec as a person reads it: a level ("easy") by its word, any other as it is. @param {string} spec */
export function levelWord(spec) {
  return lookUp(LEVEL_NAMES, spec) ?? spec;
}

/** A bot's name as a person reads it: a level by its word, a bot by its own name. @param {BotOut} bot */
export function botName(bot) {
  return bot.level ? lookUp(LEVEL_NAMES, bot.name) ?? bot.name : bot.name;
}

/** How strong the bot is and how it plays, in words (never its settings). @param {BotOut} bot */
export function botWords(bot) {
  const words = bot.level ? lookUp(LEVEL_WORDS, bot.name) : lookUp(BOT_WORDS, bot.name);
  if (words) return words;
  return bot.level ? tr("Level %(level)s of this game's bots.", {level: bot.level}) : bot.about;
}

/** @param {BotOut} bot */
export function botLabel(bot) {
  const words = botWords(bot);
  if (bot.level && lookUp(LEVEL_WORDS, bot.name)) return words;  // a level's words start with its name
  return tr("%(bot)s: %(about)s", {bot: botName(bot), about: words});
}

/**
 * The bot choices of a seat's or the takeover's menu: the levels, then the bots by name
 * folded in a group of their own.
 * @param {GameOut} game
 * @param {(bot: BotOut) => HTMLOptionElement} option
 */
export function botOptions(game, option) {
  const levels = game.bot_levels.filter((b) => b.level);
  const named = game.bot_levels.filter((b) => !b.level);
  return [levels.map(option), named.length ? h("optgroup", {label: tr("Bots by name (for experts)")}, named.map(option)) : null];
}

/**
 * The seat that plays first under the options chosen (null: the deal draws it).
 * @param {GameOut} game
 * @param {Record<string, string | undefined>} options
 * @returns {number | null}
 */
export function firstSeat(game, options) {
  let first = game.first_seat;
  for (const [name, byValue] of Object.entries(game.first_seat_by)) {
    const value = options[name];
    if (value !== undefined && Object.hasOwn(byValue, value)) first = byValue[value];
  }
  return first;
}

/**
 * @param {HTMLFieldSetElement} fieldset
 * @param {GameOut} game
 * @param {NewTable} state
 */
export function drawSeats(fieldset, game, state) {
  const first = firstSeat(game, state.options);
  const rows = state.seats.map((choice, seat) => {
    const id = `seat-${seat}`;
    const select = h("select", {id, name: id},
      h("option", {value: "me", text: tr("Me"), selected: choice === "me"}),
      h("option", {value: "person", text: tr("A person (by invite link)"), selected: choice === "person"}),
      botOptions(game, (b) => h("option", {value: `bot:${b.name}`, selected: choice === `bot:${b.name}`,
        text: tr("Bot: %(bot)s", {bot: botName(b)})})));
    select.addEventListener("change", () => {
      if (select.value === "me") state.seats = state.seats.map((s) => s === "me" ? "person" : s);
      state.seats[seat] = select.value;
      drawSeats(fieldset, game, state);
    });
    const bot = choice.startsWith("bot:") ? game.bot_levels.find((b) => b.name === choice.slice(4)) : null;
    // A bot by name may be tuned; its settings stay folded, for whoever knows them.
    const knobs = bot && Object.keys(bot.parameters).length ? h("details.knobs", {},
      h("summary", {text: tr("Fine-tune this bot (for experts)")}),
      h("label", {for: `${id}-knobs`, text: tr("Settings, as name=value")}),
      h("input", {id: `${id}-knobs`, placeholder: Object.entries(bot.parameters).slice(0, 2).map(([k, v]) => `${k}=${v}`).join(" "),
        spellcheck: "false"})) : null;
    return h("div.seat-row", {},
      h("label", {for: id, text: seat === first ? tr("Seat %(seat)s (plays first)", {seat}) : tr("Seat %(seat)s", {seat})}), select,
      bot ? h("small.bot-words", {id: `${id}-about`, text: botWords(bot)}) : null, knobs);
  });
  const drawn = first === null ? h("p.first-player", {text: tr("Who plays first is drawn at random when the cards are dealt.")}) : null;
  fill(fieldset, h("legend", {text: tr("Seats")}), ...rows, drawn);
}

/**
 * Why a number typed for an option is refused (its range named), or "" when it is taken.
 * @param {string} text
 * @param {number | null} low
 * @param {number | null} high
 */
export function numberRefusal(text, low, high) {
  const value = Number(text.trim());
  const whole = text.trim() !== "" && Number.isInteger(value);
  const inside = whole && (low === null || value >= low) && (high === null || value <= high);
  if (inside) return "";
  if (low !== null && high !== null) return tr("A whole number from %(low)s to %(high)s, not “%(value)s”.", {low, high, value: text});
  if (low !== null) return tr("A whole number of at least %(low)s, not “%(value)s”.", {low, value: text});
  if (high !== null) return tr("A whole number of at most %(high)s, not “%(value)s”.", {high, value: text});
  return tr("A whole number, not “%(value)s”.", {value: text});
}

/**
 * Mark a field refused (its words beside it, read with it) or taken.
 * @param {HTMLInputElement} input
 * @param {HTMLElement} box
 * @param {string} why "" when the value is taken
 */
export function markField(input, box, why) {
  box.textContent = why;
  box.hidden = !why;
  input.setCustomValidity(why);
  if (why) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
}

const OWN = "\u0000own";  // the menu's "your own list" (never an option's value: no text holds NUL)

/**
 * A list option (a deck): a menu of named decks, the editor of one's own list under it.
 * @param {OptionOut} option
 * @param {string} id
 * @param {string} helpId
 * @param {string} current
 * @param {(value: string) => void} set
 */
function namedList(option, id, helpId, current, set) {
  const named = option.presets.length ? option.presets : [option.default];
  const own = !named.includes(current);
  const editor = h("textarea.wide", {id: `${id}-own`, rows: "3", spellcheck: "false", "aria-label": tr("Your own list"),
    "aria-describedby": helpId, text: own ? current : option.default, hidden: !own});
  editor.addEventListener("change", () => set(editor.value.trim()));
  const menu = h("select", {id, "aria-describedby": helpId},
    named.map((value) => h("option", {value, selected: !own && value === current,
      text: value === option.default ? tr("Standard") : value})),
    h("option", {value: OWN, selected: own, text: tr("Your own list…")}));
  menu.addEventListener("change", () => {
    editor.hidden = menu.value !== OWN;
    set(menu.value === OWN ? editor.value.trim() : menu.value);
  });
  return [menu, editor];
}

/**
 * @param {HTMLFieldSetElement} fieldset
 * @param {GameOut} game
 * @param {NewTable} state
 * @param {() => void} changed after an option that changes who plays first
 */
export function drawRules(fieldset, game, state, changed) {
  const rows = game.options.map((option) => {
    const id = `option-${option.name}`;
    const helpId = `${id}-help`;
    const set = (/** @type {string} */ value) => {
      state.options[option.name] = value === option.default ? undefined : value;
      if (Object.hasOwn(game.first_seat_by, option.name)) changed();
    };
    const current = state.options[option.name] ?? option.default;
    /** @type {import("./types.d.ts").Child} */
    let control;
    /** @type {HTMLElement | null} */
    let refusal = null;
    if (option.choices.length) {
      control = h("select", {id, "aria-describedby": helpId, onchange: (/** @type {Event} */ e) => set(valueOf(e))},
        option.choices.map((c) => h("option", {value: c, text: c, selected: c === current})));
    } else if (option.kind === "bool") {
      control = h("select", {id, "aria-describedby": helpId, onchange: (/** @type {Event} */ e) => set(valueOf(e))},
        ["yes", "no"].map((c) => h("option", {value: c, text: c === "yes" ? tr("yes") : tr("no"), selected: c === current})));
    } else if (option.kind === "int") {
      const box = h("small.field-error", {id: `${id}-error`, role: "alert", hidden: true});
      const input = h("input", {id, type: "number", value: current, min: option.low ?? null, max: option.high ?? null,
        "aria-describedby": `${helpId} ${id}-error`, inputmode: "numeric"});
      // Refused at the field, with its range: the table is not dealt with a number it cannot take.
      input.addEventListener("change", () => {
        const why = numberRefusal(input.value, option.low, option.high);
        markField(input, box, why);
        if (!why) set(String(Number(input.value)));
      });
      control = input;
      refusal = box;
    } else if (option.kind === "list") {
      control = namedList(option, id, helpId, current, set);
    } else {
      control = h("input.wide", {id, value: current, "aria-describedby": helpId, spellcheck: "false",
        onchange: (/** @type {Event} */ e) => set(valueOf(e).trim())});
    }
    const bounds = option.kind === "int" && option.bounds ? ` (${option.bounds})` : "";
    return h("div.option", {},
      h("label", {for: id, text: option.label}), control,
      h("small", {id: helpId, text: option.help + bounds}), refusal);
  });
  fill(fieldset, h("legend", {text: tr("Rules of %(game)s", {game: game.title})}),
    rows.length ? rows : h("p", {text: tr("This game has no rule options.")}));
}

/** @param {Event} event */
function valueOf(event) {
  return /** @type {HTMLInputElement | HTMLSelectElement} */ (event.target).value;
}

/**
 * The standard table of a game: its usual count of players (three where it takes three),
 * the person and bots of middle strength, the facts sheet, no clock.
 * @param {GameOut} game
 */
export function standardTable(game) {
  const players = Math.min(Math.max(3, game.min_players), game.max_players);
  const level = game.bot_levels.find((b) => b.level && b.name === STANDARD_LEVEL) || game.bot_levels.find((b) => b.name === game.takeover_bot);
  const bot = level ? level.name : game.takeover_bot;
  /** @type {import("./types.d.ts").TableIn} */
  const body = {
    game: game.name, players, options: {},
    seats: Array.from({length: players}, (_, seat) => seat === 0 ? {kind: "person"} : {kind: "bot", bot}),
    sheet: "facts", clock: "none", takeover_bot: game.takeover_bot, spectators: true, listed: false, sit: 0,
  };
  return {body, bots: players - 1, level: level ? botName(level) : bot};
}

/**
 * One click to a standard table of each game, for a person who wants to play now.
 * @param {GameOut[]} games
 * @param {(error: unknown) => void} failed
 */
export function quickStart(games, failed) {
  return h("section.panel.quick", {"aria-labelledby": "quick-title"},
    h("h2", {id: "quick-title", text: tr("Play now")}),
    h("p", {text: tr("A standard table in one click: the usual rules, the facts sheet, no clock. Invite friends or change anything below, under “Deal a new table”.")}),
    h("div.quick-games", {}, games.map((game) => {
      const {body, bots, level} = standardTable(game);
      return h("button.quick-game", {type: "button", id: `quick-${game.name}`, onclick: async () => {
        try {
          await ensurePerson(tr("You take a seat at the table you deal: the others will see this name."));
          const created = /** @type {import("./types.d.ts").TableCreated} */ (await api("/api/tables", body));
          location.href = `/t/${created.table.id}`;
        } catch (error) { failed(error); }
      }},
      h("strong", {text: tr("Play %(game)s", {game: game.title})}),
      h("small", {text: trn("You and %(count)s bot (%(level)s)", "You and %(count)s bots (%(level)s)", bots, {level})}));
    })));
}
