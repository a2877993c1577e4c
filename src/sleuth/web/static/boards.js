// The leaderboards (/boards/GAME) and a player's profile (/p/ID): ratings from finished rated
// tables, each a mean and its uncertainty, the boards ordered by mean minus three times it.
"use strict";
import {api} from "./api.js";
import {formatDate, formatNumber, tr} from "./i18n.js";
import {h} from "./kit.js";
import {botName} from "./lobby-seats.js";

/** @typedef {import("./types.d.ts").BoardOut} BoardOut */
/** @typedef {import("./types.d.ts").BotOut} BotOut */
/** @typedef {import("./types.d.ts").ProfileOut} ProfileOut */
/** @typedef {import("./types.d.ts").LobbyOut} LobbyOut */
/** @typedef {import("./types.d.ts").RatingOut} RatingOut */

/** @param {number} value */
function oneDecimal(value) {
  return formatNumber(Math.round(value * 10) / 10);
}

/** The rating as shown: what the board orders by, with the mean and its uncertainty.
 * @param {RatingOut} rating */
export function ratingText(rating) {
  return tr("%(rating)s (%(mu)s ± %(sigma)s)", {
    rating: oneDecimal(rating.rating), mu: oneDecimal(rating.mu), sigma: oneDecimal(3 * rating.sigma),
  });
}

/** @param {string[]} headings @param {HTMLElement[][]} rows @param {string} caption */
function grid(headings, rows, caption) {
  return h("table.board", {},
    h("caption", {text: caption}),
    h("thead", {}, h("tr", {}, ...headings.map((text) => h("th", {scope: "col", text})))),
    h("tbody", {}, ...rows.map((cells) => h("tr", {}, ...cells))));
}

/** @param {string} text */
function cell(text) {
  return h("td", {text});
}

/**
 * A rated bot (its spec) as the lobby names it: a level in the page's language, a bot by name
 * (with its knobs, if it had some) as it is.
 * @param {string} spec @param {BotOut[]} bots the game's, as the lobby offers them
 */
function ratedBotName(spec, bots) {
  const bot = bots.find((b) => b.name === spec);
  return bot ? botName(bot) : spec;
}

/** @param {BoardOut} board @param {string} title @param {BotOut[]} bots the game's */
export function boardTable(board, title, bots) {
  if (!board.entries.length) return h("p.empty", {text: tr("No rated game of %(game)s has ended yet.", {game: title})});
  const rows = board.entries.map((entry) => [
    cell(formatNumber(entry.place)),
    h("td", {}, entry.player.kind === "person"
      ? h("a", {href: `/p/${encodeURIComponent(entry.player.id)}`, text: entry.player.name})
      : tr("Bot: %(name)s", {name: ratedBotName(entry.player.id, bots)})),
    cell(ratingText(entry.rating)),
    cell(formatNumber(entry.rating.games)),
    cell(formatNumber(entry.rating.wins)),
  ]);
  return grid([tr("Place"), tr("Player"), tr("Rating"), tr("Games"), tr("Wins")], rows,
    tr("Leaderboard of %(game)s", {game: title}));
}

/** @param {HTMLElement} main @param {string | null} game */
export async function openBoards(main, game) {
  const lobby = /** @type {LobbyOut} */ (await api("/api/games"));
  const chosen = lobby.games.find((g) => g.name === game) || lobby.games[0];
  const board = /** @type {BoardOut} */ (await api(`/api/games/${encodeURIComponent(chosen.name)}/leaderboard`));
  const links = lobby.games.map((g) => h("a", {
    href: `/boards/${encodeURIComponent(g.name)}`, text: g.title,
    "aria-current": g.name === chosen.name ? "page" : undefined,
  }));
  main.replaceChildren(h("section.panel.boards", {},
    h("h1", {text: tr("Leaderboards")}),
    h("nav.board-games", {"aria-label": tr("Games")}, ...links),
    h("p.hint", {text: tr("From finished rated tables. A rating is the mean less three times its uncertainty: it rises as a player's games show their strength.")}),
    boardTable(board, chosen.title, chosen.bot_levels)));
}

/** @param {ProfileOut} profile @param {Map<string, string>} titles */
export function profileParts(profile, titles) {
  const title = (/** @type {string} */ game) => titles.get(game) || game;
  const ratings = profile.ratings.length
    ? grid([tr("Game"), tr("Rating"), tr("Games"), tr("Wins")], profile.ratings.map((r) => [
      cell(title(r.game)), cell(ratingText(r)), cell(formatNumber(r.games)), cell(formatNumber(r.wins)),
    ]), tr("Ratings"))
    : h("p.empty", {text: tr("No rated game yet.")});
  const finished = profile.finished.length
    ? h("ul.finished", {}, ...profile.finished.map((f) => h("li", {},
      h("a", {href: `/t/${encodeURIComponent(f.table)}`, text: title(f.game)}),
      " ", f.finished_at === null ? "" : formatDate(new Date(f.finished_at * 1000)),
      f.rated ? ` · ${tr("rated")}` : "")))
    : h("p.empty", {text: tr("No finished game yet.")});
  return [ratings, h("h2", {text: tr("Finished games")}), finished];
}

/** @param {HTMLElement} main @param {string} person */
export async function openProfile(main, person) {
  const profile = /** @type {ProfileOut} */ (await api(`/api/people/${encodeURIComponent(person)}/profile`));
  const lobby = /** @type {LobbyOut} */ (await api("/api/games"));
  const titles = new Map(lobby.games.map((g) => [g.name, g.title]));
  main.replaceChildren(h("section.panel.profile", {},
    h("h1", {text: profile.name}),
    h("p", {text: tr("%(count)s finished games", {count: formatNumber(profile.games)})}),
    ...profileParts(profile, titles)));
}
