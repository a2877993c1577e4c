// The lobby: who you are, one click to a standard table of each game, a new table (game,
// players, seats, sheet, clock; rule variants folded), invite links to copy, your tables
// ("your move" marked), open tables to join or watch, rematches.
"use strict";
import {formatNumber, language, speakGame, tr, trn} from "./i18n.js";
import {api, copyText, ensurePerson, forgetInvites, rename, saveInvites, savedInvites, toast, whoAmI} from "./api.js";
import {ICONS, fill, h, icon} from "./kit.js";
import {rulesButton} from "./rules.js";
import {botLabel, drawRules, drawSeats, markField, quickStart} from "./lobby-seats.js";
import {lookAtMine, onWaiting, setPageTitle, yourMoveItems} from "./yourmove.js";
import {botsSection} from "./lobby-bots.js";
import {inviteByName, invitationsSection} from "./invitations.js";

/** @typedef {import("./types.d.ts").GameOut} GameOut */
/** @typedef {import("./types.d.ts").TableOut} TableOut */
/** @typedef {import("./types.d.ts").InviteOut} InviteOut */
/** @typedef {import("./types.d.ts").SavedInvite} SavedInvite */
/** @typedef {import("./types.d.ts").TableCreated} TableCreated */
/** @typedef {import("./lobby-seats.js").NewTable} NewTable */

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
  setPageTitle(tr("Sleuth: the lobby"));
  const menu = /** @type {import("./types.d.ts").LobbyOut} */ (await api(`/api/games?lang=${encodeURIComponent(language())}`));
  const lobby = h("div.lobby");
  fill(main, lobby);
  const mine = h("div", {id: "my-tables"});
  const open = h("div", {id: "open-tables"});
  const bots = botsSection(menu.games);
  const invitations = invitationsSection();
  lobby.append(
    yourMoveSection(),
    invitations.section,
    h("section.panel.intro", {"aria-labelledby": "intro-title"},
      h("h1", {id: "intro-title", text: tr("Deduction card games with friends and bots")}),
      h("p", {text: tr("Deal a table, send each friend their invite link, and play in the browser: on a phone or a desktop, here on this network, with no account and no password.")})),
    nameSection(),
    quickStart(menu.games, (failure) => toast(tr("The table was not dealt: %(error)s", {error: errorText(failure)}))),
    newTableSection(menu, () => refresh()),
    h("section.panel", {"aria-labelledby": "mine-title"}, h("h2", {id: "mine-title", text: tr("My tables")}), mine),
    h("section.panel", {"aria-labelledby": "open-title"}, h("h2", {id: "open-title", text: tr("Open tables")}), open),
    bots.section,
  );
  // Each part of the lobby is drawn on its own: one whose request fails (a table being
  // rated, a moment's outage) leaves the others drawn, and is tried again next time.
  const refresh = async () => {
    const seated = await showMine(mine).catch(() => new Set());
    const parts = [showOpen(open, seated), bots.refresh(), invitations.draw()];
    const failed = (await Promise.allSettled(parts)).find((part) => part.status === "rejected");
    if (failed) throw failed.reason;
  };
  await refresh();
  setInterval(() => { if (!document.hidden) refresh().catch(() => {}); }, 8000);
}

/** The tables waiting on me, longest-waiting first; hidden while none does. */
function yourMoveSection() {
  const list = h("ul.table-list", {id: "your-move-list"});
  const section = h("section.panel.your-move-panel", {id: "your-move", "aria-labelledby": "your-move-title", hidden: true},
    h("h2", {id: "your-move-title", text: tr("Your move")}), list);
  onWaiting((waiting) => {
    section.hidden = !waiting.length;
    fill(list, yourMoveItems(waiting, Date.now() / 1000));
  });
  return section;
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
  // The page checks each field itself and says why beside it (the browser's bubbles would
  // point at fields folded away).
  const form = h("form.new-table", {id: "new-table", "aria-labelledby": "new-title", novalidate: true});
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
  const sheet = radioGroup("sheet", tr("Investigation sheet for everyone"), Object.entries(SHEETS), "facts");
  const clockKind = radioGroup("clock", tr("Clock"), Object.entries(CLOCKS), "none");
  const perMove = h("input", {type: "number", id: "per-move", name: "per_move", min: "1", step: "any", inputmode: "decimal"});
  const perMoveUnit = h("span", {id: "per-move-unit"});
  const perMoveError = h("small.field-error", {id: "per-move-error", role: "alert", hidden: true});
  perMove.setAttribute("aria-describedby", "per-move-error");
  const perMoveRow = h("div.row.per-move", {}, h("label", {for: "per-move", text: tr("Time per move")}), perMove, perMoveUnit, perMoveError);
  clockKind.node.append(perMoveRow);
  const takeover = h("select", {id: "takeover", name: "takeover_bot"});
  const spectators = h("input", {type: "checkbox", id: "spectators", checked: true});
  const listed = h("input", {type: "checkbox", id: "listed"});
  const rated = h("input", {type: "checkbox", id: "rated"});
  rated.setAttribute("aria-describedby", "rated-hint");
  const error = h("p.error-text", {role: "alert"});

  form.append(
    h("fieldset", {}, h("legend", {text: tr("Game")}), gameChoice,
      h("div.game-rules", {}, menu.games.map((game) => [rulesButton(game, tr("Rules of %(game)s", {game: game.title})),
        game.tutorial ? h("a.learn-link", {href: `/learn/${encodeURIComponent(game.name)}`, text: tr("Learn to play %(game)s", {game: game.title}),
          title: tr("A short guided game against a scripted player: every move explained")}) : null])),
      h("div.row", {}, h("label", {for: "players", text: tr("Players")}), players, range)),
    seats, sheet.node,
    clockKind.node,
    h("fieldset", {}, h("legend", {text: tr("At the table")}),
      h("div.row", {}, spectators, h("label", {for: "spectators", text: tr("Spectators may watch")})),
      h("div.row", {}, listed, h("label", {for: "listed", text: tr("List it under open tables: anyone may take a free seat")})),
      h("div.row", {}, rated, h("label", {for: "rated", text: tr("Rated: the result moves the players' ratings (no full sheet then)")})),
      h("p.muted.small", {id: "rated-hint", text: tr("A rated table seats signed-up players only: sign up or sign in to sit at one.")})),
    h("details.advanced", {id: "advanced"},
      h("summary", {text: tr("Advanced: rule variants and the bot for a missing person")}),
      h("p.muted", {text: tr("The standard game needs none of these. Variants change the rules for everyone at the table; each says what it does.")}),
      rules,
      h("div.row", {}, h("label", {for: "takeover", text: tr("Bot for a missing person")}), takeover,
        h("small", {text: tr("It plays the seat of a person who leaves or runs out of time, until they take it back.")}))),
    error,
    h("div.row", {}, h("button.primary", {type: "submit", id: "deal", text: tr("Deal the cards")})));

  const showPerMove = () => {
    const kind = clockKind.value();
    perMoveRow.hidden = kind === "none";
    if (kind === "none") return;
    const seconds = menu.clock_defaults[kind];
    perMove.value = String(kind === "live" ? seconds : seconds / 3600);
    perMoveUnit.textContent = kind === "live" ? tr("seconds") : tr("hours");
    checkPerMove();
  };
  // A time per move outside the clock's range is refused at the field, the range in its unit.
  const checkPerMove = () => {
    const kind = clockKind.value();
    const bounds = menu.clock_bounds[kind];
    if (kind === "none" || !bounds) { markField(perMove, perMoveError, ""); return; }
    const unit = kind === "live" ? 1 : 3600;
    const [low, high] = bounds.map((b) => b / unit);
    const value = Number(perMove.value);
    const inside = perMove.value.trim() !== "" && Number.isFinite(value) && value >= low && value <= high;
    const range = {low: formatNumber(Number(low.toFixed(3))), high: formatNumber(high), value: perMove.value};
    markField(perMove, perMoveError, inside ? "" : kind === "live"
      ? tr("From %(low)s to %(high)s seconds, not “%(value)s”.", range)
      : tr("From %(low)s to %(high)s hours, not “%(value)s”.", range));
  };
  perMove.addEventListener("change", checkPerMove);
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
    drawRules(rules, game, state, () => drawSeats(seats, game, state));
    fill(takeover, ...game.bot_levels.map((b) => h("option", {value: b.name, selected: b.name === game.takeover_bot,
      text: botLabel(b)})));
  }
  build();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const refused = /** @type {HTMLInputElement | null} */ (form.querySelector("[aria-invalid=true]"));
    if (refused) {
      const fold = refused.closest("details");
      if (fold) fold.open = true;
      refused.focus();
      error.textContent = tr("The table was not dealt: a field is refused (see the words beside it).");
      return;
    }
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
        spectators: spectators.checked, listed: listed.checked, rated: rated.checked,
      };
      if (body.clock !== "none") body.per_move = Number(perMove.value) * (body.clock === "turn" ? 3600 : 1);
      if (me >= 0) body.sit = me;
      await speakGame(game);  // a refusal of the game's options may be in its own words
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
    icon(ICONS.copy), " ", tr("Copy")));
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
    h("h3", {text: tr("%(table)s is dealt", {table: table.title})}),
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
  lookAtMine(tables);
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
        waiting.map((i) => inviteRow(i, tr("Seat %(seat)s", {seat: i.seat}))),
        table.status === "waiting" ? inviteByName(table.id, waiting.map((i) => i.seat)) : null) : null);
  });
  fill(box, items.length ? h("ul.table-list", {}, items) : h("p", {text: tr("You sit at no table yet.")}));
  return new Set(tables.map((t) => t.table.id));
}

/** @param {TableOut} table */
function statusWord(table) {
  if (table.status === "waiting") return trn("waiting for %(count)s person", "waiting for %(count)s people", table.seats.filter((s) => s.kind === "person" && !s.joined).length);
  if (table.status === "finished") return tr("finished");
  if (table.status === "expired") return tr("expired before it started");
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
