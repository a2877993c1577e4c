// The lobby's network bots: those connected now, the games each takes challenges to, its
// rating in each, and a button to challenge it to one of them (the bot answers; on accept the
// table is dealt with the challenger at seat 0 and the page goes there).
"use strict";
import {accountName, api, ensurePerson, whoAmI} from "./api.js";
import {tr} from "./i18n.js";
import {fill, h} from "./kit.js";
import {ratingText} from "./boards.js";

/** @typedef {import("./types.d.ts").GameOut} GameOut */
/** @typedef {import("./types.d.ts").NetBotOut} NetBotOut */
/** @typedef {import("./types.d.ts").TableCreated} TableCreated */

/** @param {unknown} error */
function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The "Bots" panel, and a function that lists the bots connected now.
 * @param {GameOut[]} games the lobby's
 */
export function botsSection(games) {
  const list = h("div", {id: "net-bots"});
  const said = h("p", {id: "bots-said", role: "status"});
  const rated = h("input", {type: "checkbox", id: "challenge-rated"});
  const ratedRow = h("div.row", {hidden: true}, rated,
    h("label", {for: "challenge-rated", text: tr("Rated challenge: the result moves your rating and the bot's")}));
  const section = h("section.panel", {"aria-labelledby": "bots-title"},
    h("h2", {id: "bots-title", text: tr("Bots")}),
    h("p.muted.small", {text: tr("Bots their authors connect to this server. Challenge one to a game: you sit at seat 0, the bot at seat 1.")}),
    ratedRow, list, said);

  /** @param {NetBotOut} bot @param {GameOut} game */
  const challenge = async (bot, game) => {
    said.textContent = tr("Waiting for %(bot)s's answer…", {bot: bot.name});
    try {
      await ensurePerson(tr("You take seat 0 at the table if the bot accepts: it will see this name."));
      const body = {game: game.name, players: Math.max(2, game.min_players), rated: !ratedRow.hidden && rated.checked};
      const created = /** @type {TableCreated} */ (await api(`/api/bots/${encodeURIComponent(bot.name)}/challenge`, body));
      said.textContent = tr("%(bot)s accepted: to the table.", {bot: bot.name});
      location.href = `/t/${created.table.id}`;
    } catch (failure) {
      said.textContent = tr("No game with %(bot)s: %(error)s", {bot: bot.name, error: errorText(failure)});
    }
  };

  const refresh = async () => {
    await whoAmI();
    ratedRow.hidden = accountName() === null;
    const bots = /** @type {NetBotOut[]} */ (await api("/api/bots"));
    const items = bots.map((bot) => h("li.table-item", {},
      h("strong", {text: bot.name}),
      bot.playing ? h("span.badge.playing", {text: tr("playing")}) : null,
      h("ul.bot-games", {}, games.filter((g) => bot.games.includes(g.name)).map((game) => {
        const rating = bot.ratings.find((r) => r.game === game.name);
        return h("li", {},
          h("span", {text: game.title}),
          rating ? h("small", {text: " · " + tr("rating %(rating)s", {rating: ratingText(rating)})}) : null,
          " ",
          h("button", {type: "button", disabled: bot.playing, text: tr("Challenge"),
            "aria-label": tr("Challenge %(bot)s to %(game)s", {bot: bot.name, game: game.title}),
            onclick: () => challenge(bot, game)}));
      }))));
    fill(list, items.length ? h("ul.table-list", {}, items) : h("p", {text: tr("No bot is connected now.")}));
  };
  return {section, refresh};
}
