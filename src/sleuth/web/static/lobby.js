// The lobby: who you are, a new table (game, players, rules, seats, sheet, clock), invite
// links to copy, your tables ("your move" marked), open tables to join or watch, rematches.
"use strict";
import {language, tr, trn} from "./i18n.js";
import {api, copyText, ensurePerson, forgetInvites, rename, saveInvites, savedInvites, toast, whoAmI} from "./api.js";
import {ICONS, fill, h, icon} from "./kit.js";
import {rulesButton} from "./rules.js";

/** @typedef {import("./types.d.ts").GameOut} GameOut */
/** @typedef {import("./types.d.ts").BotOut} BotOut */
/** @typedef {import("./types.d.ts").TableOut} TableOut */
/** @typedef {import("./types.d.ts").InviteOut} InviteOut */
/** @typedef {import("./types.d.ts").SavedInvite} SavedInvite */
/** @typedef {import("./types.d.ts").TableCreated} TableCreated */
/**
 * The new table's form as chosen so far: each seat "me", "person" or "bot:NAME"; the rule
 * options changed from their defaults.
 * @typedef {{game: GameOut, players: number, seats: string[], options: Record<string, string | undefined>}} NewTable
 */

/**
 * The value of the control an event came from.
 * @param {Event} event
 * @returns {string}
 */
function targetValue(event) {
  return /** @type {HTMLInputElement | HTMLSelectElement} */ (event.target).value;
}

/** @param {unknown} error */
function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}

const SHEETS = {
  off: tr("Off: a grid you mark by hand, kept on the server for your seat."),
  facts: tr("Facts: what is certain from what your seat has seen."),
  full: tr("Full: also the odds of every card, the likeliest solutions and the best question."),
};
const CLOCKS = {
  none: tr("No clock: play at your own pace."),
  live: tr("Live: seconds per move; a bot moves for whoever runs out (they can take the seat back)."),
  turn: tr("Turn-based: hours per move, over days; a bot moves for whoever runs out."),
};

/** @param {HTMLElement} main */
export async function openLobby(main) {
  document.title = tr("Sleuth: the lobby");
  const menu = /** @type {import("./types.d.ts").LobbyOut} */ (await api(`/api/games?lang=${encodeURIComponent(language())}`));
  const lobby = h("div.lobby");
  fill(main, lobby);
  const mine = h("div", {id: "my-tables"});
  const open = h("div", {id: "open-tables"});
  lobby.append(
    h("section.panel.intro", {"aria-labelledby": "intro-title"},
      h("h1", {id: "intro-title", text: tr("Deduction card games with friends and bots")}),
      h("p", {text: tr("Deal a table, send each friend their invite link, and play in the browser: on a phone or a desktop, here on this network, with no account and no password.")})),
    nameSection(),
    newTableSection(menu, () => refresh()),
    h("section.panel", {"aria-labelledby": "mine-title"}, h("h2", {id: "mine-title", text: tr("My tables")}), mine),
    h("section.panel", {"aria-labelledby": "open-title"}, h("h2", {id: "open-title", text: tr("Open tables")}), open),
  );
  const refresh = async () => {
    const seated = await showMine(mine);
    await showOpen(open, seated);
  };
  await refresh();
  setInterval(() => { if (!document.hidden) refresh().catch(() => {}); }, 8000);
}

function nameSection() {
  const input = h("input", {id: "my-name", name: "name", maxlength: "40", required: true, autocomplete: "nickname"});
  const section = h("section.panel", {"aria-labelledby": "name-title"},
    h("h2", {id: "name-title", text: tr("Your name")}),
    h("form.row", {onsubmit: async (event) => {
      event.preventDefault();
      if (!input.value.trim()) return;
      await rename(input.value.trim());
      toast(tr("Name saved"));
    }},
    h("label", {for: "my-name", text: tr("Display name")}), input,
    h("button", {type: "submit", text: tr("Save")})));
  whoAmI().then((me) => { if (me) input.value = me.name; });
  return section;
}

// --- a new table ------------------------------------------------------------------------------

/**
 * @param {import("./types.d.ts").LobbyOut} menu
 * @param {() => void} onDealt
 */
function newTableSection(menu, onDealt) {
  /** @type {NewTable} */
  const state = {game: menu.games[0], players: 0, seats: [], options: {}};
  const form = h("form.new-table", {id: "new-table", "aria-labelledby": "new-title"});
  const result = h("div", {id: "dealt", "aria-live": "polite"});
  const section = h("section.panel", {}, h("h2", {id: "new-title", text: tr("Deal a new table")}), form, result);

  const gameChoice = h("div.game-choice", {role: "radiogroup", "aria-label": tr("Game")},
    menu.games.map((game) => {
      const id = `game-${game.name}`;
      return h("label.game-tile", {for: id},
        h("input", {type: "radio", name: "game", id, value: game.name, checked: game === state.game,
          onchange: () => { state.game = game; state.options = {}; build(); }}),
        h("strong", {text: game.title}),
        h("small", {text: tr("%(min)s–%(max)s players", {min: game.min_players, max: game.max_players})}));
    }));
  const players = h("input", {type: "number", id: "players", name: "players", inputmode: "numeric"});
  const range = h("small", {id: "players-range"});
  players.addEventListener("change", () => {
    const asked = Number(players.value);
    state.players = clampPlayers(state.game, asked);
    build();
    // Never changed without a word: the person reads which count the table takes.
    if (asked !== state.players) {
      toast(tr("%(game)s takes %(min)s–%(max)s players, not %(asked)s: set to %(players)s.", {game: state.game.title, min: state.game.min_players, max: state.game.max_players, asked, players: state.players}));
    }
  });
  const seats = h("fieldset.seats", {}, h("legend", {text: tr("Seats")}));
  const rules = h("fieldset.rules", {});
  const sheet = radioGroup("sheet", tr("Investigation sheet for everyone"), Object.entries(SHEETS), "full");
  const clockKind = radioGroup("clock", tr("Clock"), Object.entries(CLOCKS), "none");
  const perMove = h("input", {type: "number", id: "per-move", name: "per_move", min: "1", step: "any", inputmode: "decimal"});
  const perMoveUnit = h("span", {id: "per-move-unit"});
  const perMoveRow = h("div.row.per-move", {}, h("label", {for: "per-move", text: tr("Time per move")}), perMove, perMoveUnit);
  clockKind.node.append(perMoveRow);
  const takeover = h("select", {id: "takeover", name: "takeover_bot"});
  const spectators = h("input", {type: "checkbox", id: "spectators", checked: true});
  const listed = h("input", {type: "checkbox", id: "listed"});
  const error = h("p.error-text", {role: "alert"});

  form.append(
    h("fieldset", {}, h("legend", {text: tr("Game")}), gameChoice,
      h("div.game-rules", {}, menu.games.map((game) => rulesButton(game, tr("Rules of %(game)s", {game: game.title})))),
      h("div.row", {}, h("label", {for: "players", text: tr("Players")}), players, range)),
    seats, rules, sheet.node,
    clockKind.node,
    h("fieldset", {}, h("legend", {text: tr("At the table")}),
      h("div.row", {}, h("label", {for: "takeover", text: tr("Bot for a missing person")}), takeover),
      h("div.row", {}, spectators, h("label", {for: "spectators", text: tr("Spectators may watch")})),
      h("div.row", {}, listed, h("label", {for: "listed", text: tr("List it under open tables: anyone may take a free seat")}))),
    error,
    h("div.row", {}, h("button.primary", {type: "submit", id: "deal", text: tr("Deal the cards")})));

  const showPerMove = () => {
    const kind = clockKind.value();
    perMoveRow.hidden = kind === "none";
    if (kind === "none") return;
    const seconds = menu.clock_defaults[kind];
    perMove.value = String(kind === "live" ? seconds : seconds / 3600);
    perMoveUnit.textContent = kind === "live" ? "seconds" : "hours";
  };
  // The time box lies inside the clock's fieldset: its own change must not reset it.
  clockKind.node.addEventListener("change", (event) => { if (/** @type {HTMLInputElement} */ (event.target).name === "clock") showPerMove(); });
  showPerMove();

  function build() {
    const game = state.game;
    state.players = clampPlayers(game, state.players || Math.min(Math.max(3, game.min_players), game.max_players));
    players.min = String(game.min_players); players.max = String(game.max_players); players.value = String(state.players);
    range.textContent = `${game.min_players}–${game.max_players}`;
    while (state.seats.length < state.players) state.seats.push(state.seats.length < 2 ? (state.seats.length === 0 ? "me" : "person") : `bot:${game.takeover_bot}`);
    state.seats.length = state.players;
    state.seats = state.seats.map((s) => s.startsWith("bot:") && !game.bot_levels.some((b) => b.name === s.slice(4)) ? `bot:${game.takeover_bot}` : s);
    drawSeats(seats, game, state);
    drawRules(rules, game, state);
    fill(takeover, ...game.bot_levels.map((b) => h("option", {value: b.name, selected: b.name === game.takeover_bot,
      text: botLabel(b)})));
  }
  build();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const game = state.game;
    const me = state.seats.indexOf("me");
    try {
      if (me >= 0) await ensurePerson(tr("You take a seat at the table you deal: the others will see this name."));
      /** @type {import("./types.d.ts").TableIn} */
      const body = {
        game: game.name, players: state.players,
        options: Object.fromEntries(Object.entries(state.options).flatMap(([k, v]) => v === undefined ? [] : [[k, v]])),
        seats: state.seats.map((s, i) => s.startsWith("bot:") ? {kind: "bot", bot: botSpec(form, i, s.slice(4))} : {kind: "person"}),
        sheet: sheetLevel(sheet.value()), clock: clockKindOf(clockKind.value()), takeover_bot: takeover.value,
        spectators: spectators.checked, listed: listed.checked,
      };
      if (body.clock !== "none") body.per_move = Number(perMove.value) * (body.clock === "turn" ? 3600 : 1);
      if (me >= 0) body.sit = me;
      const created = /** @type {TableCreated} */ (await api("/api/tables", body));
      const others = created.invites.filter((i) => i.seat !== me);
      if (others.length) saveInvites(created.table.id, others);
      showDealt(result, created, me, others);
      onDealt();
    } catch (failure) {
      error.textContent = tr("The table was not dealt: %(error)s", {error: errorText(failure)});
    }
  });
  return section;
}

/** @param {string} value */
function sheetLevel(value) {
  return /** @type {import("./types.d.ts").SheetLevel} */ (value);
}

/** @param {string} value */
function clockKindOf(value) {
  return /** @type {import("./types.d.ts").ClockKind} */ (value);
}

/**
 * @param {GameOut} game
 * @param {number} count
 */
function clampPlayers(game, count) {
  return Math.min(Math.max(count || game.min_players, game.min_players), game.max_players);
}

// A level's name with the bot behind it and its rating; a bot by name, its name.
/** @param {BotOut} bot */
function botName(bot) {
  if (!bot.level) return bot.name;
  const rating = bot.rating == null ? "" : `, rated ${Math.round(bot.rating)}`;
  return `${bot.name} (${bot.spec.split(":")[0]}${rating})`;
}

/** @param {BotOut} bot */
function botLabel(bot) {
  return `${botName(bot)}: ${bot.about}`;
}

/**
 * @param {HTMLFormElement} form
 * @param {number} seat
 * @param {string} name
 */
function botSpec(form, seat, name) {
  const knobs = /** @type {HTMLInputElement | null} */ (form.querySelector(`#seat-${seat}-knobs`));
  const extra = knobs ? knobs.value.trim().split(/[\s,:]+/).filter(Boolean) : [];
  return [name, ...extra].join(":");
}

/**
 * @param {HTMLFieldSetElement} fieldset
 * @param {GameOut} game
 * @param {NewTable} state
 */
function drawSeats(fieldset, game, state) {
  const rows = state.seats.map((choice, seat) => {
    const id = `seat-${seat}`;
    const select = h("select", {id, name: id},
      h("option", {value: "me", text: tr("Me"), selected: choice === "me"}),
      h("option", {value: "person", text: tr("A person (by invite link)"), selected: choice === "person"}),
      game.bot_levels.map((b) => h("option", {value: `bot:${b.name}`, selected: choice === `bot:${b.name}`,
        text: tr("Bot: %(bot)s", {bot: botName(b)})})));
    select.addEventListener("change", () => {
      if (select.value === "me") state.seats = state.seats.map((s) => s === "me" ? "person" : s);
      state.seats[seat] = select.value;
      drawSeats(fieldset, game, state);
    });
    const bot = choice.startsWith("bot:") ? game.bot_levels.find((b) => b.name === choice.slice(4)) : null;
    const knobs = bot && Object.keys(bot.parameters).length ? h("div.knobs", {},
      h("label", {for: `${id}-knobs`, text: tr("Strength (optional)")}),
      h("input", {id: `${id}-knobs`, placeholder: Object.entries(bot.parameters).slice(0, 2).map(([k, v]) => `${k}=${v}`).join(" "),
        "aria-describedby": `${id}-about`})) : null;
    return h("div.seat-row", {},
      h("label", {for: id, text: seat === 0 ? tr("Seat %(seat)s (deals, starts)", {seat}) : tr("Seat %(seat)s", {seat})}), select,
      bot ? h("small", {id: `${id}-about`, text: bot.about}) : null, knobs);
  });
  fill(fieldset, h("legend", {text: tr("Seats")}), ...rows);
}

/**
 * @param {HTMLFieldSetElement} fieldset
 * @param {GameOut} game
 * @param {NewTable} state
 */
function drawRules(fieldset, game, state) {
  const rows = game.options.map((option) => {
    const id = `option-${option.name}`;
    const helpId = `${id}-help`;
    const set = (/** @type {string} */ value) => { state.options[option.name] = value === option.default ? undefined : value; };
    const current = state.options[option.name] ?? option.default;
    /** @type {import("./types.d.ts").Child} */
    let control;
    if (option.choices.length) {
      control = h("select", {id, "aria-describedby": helpId, onchange: (e) => set(targetValue(e))},
        option.choices.map((c) => h("option", {value: c, text: c, selected: c === current})));
    } else if (option.kind === "bool") {
      control = h("select", {id, "aria-describedby": helpId, onchange: (e) => set(targetValue(e))},
        ["yes", "no"].map((c) => h("option", {value: c, text: c === "yes" ? tr("yes") : tr("no"), selected: c === current})));
    } else if (option.kind === "int") {
      control = h("input", {id, type: "number", value: current, min: option.low ?? null, max: option.high ?? null,
        "aria-describedby": helpId, inputmode: "numeric", onchange: (e) => set(targetValue(e))});
    } else {
      const list = option.presets.length ? `${id}-presets` : null;
      control = h("input.wide", {id, value: current, list, "aria-describedby": helpId, spellcheck: "false",
        onchange: (e) => set(targetValue(e).trim())});
      if (list) control = [control, h("datalist", {id: list}, option.presets.map((p) => h("option", {value: p})))];
    }
    const bounds = option.bounds ? ` (${option.bounds})` : "";
    return h("div.option", {},
      h("label", {for: id, text: option.label}), control,
      h("small", {id: helpId, text: option.help + bounds}));
  });
  fill(fieldset, h("legend", {text: tr("Rules of %(game)s", {game: game.title})}),
    rows.length ? rows : h("p", {text: tr("This game has no rule options.")}));
}

/**
 * Radio buttons in a fieldset, and the value chosen.
 * @param {string} name
 * @param {string} title
 * @param {[string, string][]} entries value and words of each
 * @param {string} chosen
 */
function radioGroup(name, title, entries, chosen) {
  const node = h("fieldset.radios", {},
    h("legend", {text: title}),
    entries.map(([value, text]) => {
      const id = `${name}-${value}`;
      return h("div.row", {}, h("input", {type: "radio", name, id, value, checked: value === chosen}),
        h("label", {for: id, text}));
    }));
  const checked = () => /** @type {HTMLInputElement | null} */ (node.querySelector(`input[name=${name}]:checked`));
  return {node, value: () => checked()?.value ?? chosen};
}

/**
 * @param {SavedInvite} invite
 * @param {string} label
 */
function inviteRow(invite, label) {
  const id = `invite-${invite.seat}`;
  const link = h("input", {id, readonly: true, value: invite.url});
  link.addEventListener("focus", () => link.select());
  return h("div.invite", {},
    h("label", {for: id, text: label}),
    link,
    h("button", {type: "button", "aria-label": tr("Copy the invite link of seat %(seat)s", {seat: invite.seat}),
      onclick: async () => { if (!(await copyText(invite.url))) { link.select(); toast(tr("Select the link and copy it")); } }},
    icon(ICONS.copy), " Copy"));
}

/**
 * @param {HTMLElement} box
 * @param {TableCreated} created
 * @param {number} me the dealer's seat (-1: none)
 * @param {InviteOut[]} invites
 */
function showDealt(box, created, me, invites) {
  const table = created.table;
  fill(box, h("div.dealt", {},
    h("h3", {text: `${table.title} is dealt`}),
    invites.length ? h("p", {text: tr("Send each friend their own link: it opens exactly that seat. It is shown once; this browser keeps it until the seat is taken.")}) : null,
    invites.map((i) => inviteRow(i, tr("Invite for seat %(seat)s", {seat: i.seat}))),
    h("p", {}, h("a.button.primary", {href: `/t/${table.id}${me >= 0 ? "" : "?watch=1"}`, id: "go-table",
      text: me >= 0 ? tr("Go to my seat") : tr("Watch the table")}))));
  box.querySelector("a")?.focus();
}

// --- my tables, open tables -------------------------------------------------------------------

/**
 * @param {HTMLElement} box
 * @returns {Promise<Set<string>>} the tables this browser sits at
 */
async function showMine(box) {
  const me = await whoAmI();
  if (!me) { fill(box, h("p", {text: tr("Tables you sit at appear here.")})); return new Set(); }
  const tables = /** @type {import("./types.d.ts").MyTableOut[]} */ (await api("/api/tables/mine"));
  const invites = savedInvites();
  tables.sort((a, b) => (Number(b.your_move) - Number(a.your_move)) || (b.table.created_at - a.table.created_at));
  const items = tables.map(({table, seat, your_move: yourMove}) => {
    const taken = table.seats.filter((s) => s.joined).map((s) => s.seat);
    forgetInvites(table.id, taken);
    const waiting = (invites[table.id] || []).filter((i) => !taken.includes(i.seat));
    return h("li.table-item", {class: yourMove ? "your-move" : ""},
      h("a", {href: `/t/${table.id}`}, h("strong", {text: table.title}),
        " · " + trn("%(count)s player", "%(count)s players", table.players) + " · " + tr("seat %(seat)s", {seat})),
      h("span.badge", {class: table.status, text: statusWord(table)}),
      yourMove ? h("span.badge.move", {text: tr("Your move")}) : null,
      h("small.seat-list", {text: table.seats.map((s) => s.kind === "bot" ? tr("%(name)s (bot)", {name: s.name || ""}) : (s.name || tr("free seat"))).join(", ")}),
      table.status === "finished" && !table.rematch ? h("button", {type: "button", text: tr("Rematch"),
        "aria-label": tr("Rematch of %(table)s", {table: table.title}), onclick: async () => {
          const again = /** @type {TableCreated} */ (await api(`/api/tables/${table.id}/rematch`, {}));
          location.href = `/t/${again.table.id}`;
        }}) : null,
      table.rematch ? h("a", {href: `/t/${table.rematch}`, text: tr("Go to the rematch")}) : null,
      waiting.length ? h("details", {}, h("summary", {text: tr("Invite links (%(free)s free)", {free: waiting.length})}),
        waiting.map((i) => inviteRow(i, tr("Seat %(seat)s", {seat: i.seat})))) : null);
  });
  fill(box, items.length ? h("ul.table-list", {}, items) : h("p", {text: tr("You sit at no table yet.")}));
  return new Set(tables.map((t) => t.table.id));
}

/** @param {TableOut} table */
function statusWord(table) {
  if (table.status === "waiting") return trn("waiting for %(count)s person", "waiting for %(count)s people", table.seats.filter((s) => s.kind === "person" && !s.joined).length);
  if (table.status === "finished") return tr("finished");
  return tr("playing, step %(step)s", {step: table.step});
}

const OPEN_PAGE = 50; // the service's page of open tables

/**
 * @param {HTMLElement} box
 * @param {Set<string>} seated the tables this browser sits at
 * @param {number} [shown] how many tables to list at most
 * @returns {Promise<void>}
 */
async function showOpen(box, seated, shown = OPEN_PAGE) {
  // Pages of the service's list up to `shown` tables: "More" asks for the next page.
  /** @type {TableOut[]} */
  const tables = [];
  for (let offset = 0; offset < shown; offset += OPEN_PAGE) {
    const page = /** @type {TableOut[]} */ (await api(`/api/tables?offset=${offset}&limit=${OPEN_PAGE}`));
    tables.push(...page);
    if (page.length < OPEN_PAGE) break;
  }
  const more = tables.length >= shown
    ? h("button", {type: "button", text: tr("More open tables"), onclick: () => showOpen(box, seated, shown + OPEN_PAGE)})
    : null;
  const items = tables.map((table) => {
    const mine = seated.has(table.id);
    const free = table.seats.filter((s) => s.kind === "person" && !s.joined);
    return h("li.table-item", {},
      h("strong", {text: table.title}), " · " + trn("%(count)s player", "%(count)s players", table.players) + " · ",
      h("span.badge", {class: table.status, text: statusWord(table)}),
      h("small.seat-list", {text: table.seats.map((s) => s.kind === "bot" ? tr("%(name)s (bot)", {name: s.name || ""}) : (s.name || tr("free"))).join(", ")}),
      // Seats are taken before the deal only (the service refuses later ones).
      mine || table.status !== "waiting" ? null : free.map((s) => h("button", {type: "button", text: tr("Sit at seat %(seat)s", {seat: s.seat}), onclick: async () => {
        try {
          await ensurePerson();
          await api(`/api/tables/${table.id}/seats/${s.seat}/sit`, {});
          location.href = `/t/${table.id}`;
        } catch (error) { toast(errorText(error)); }
      }})),
      table.spectators ? h("a", {href: `/t/${table.id}?watch=1`, text: tr("Watch")}) : null);
  });
  fill(box, items.length ? h("ul.table-list", {}, items) : h("p", {text: tr("No open table now. Deal one and tick “List it under open tables”.")}), more);
}
