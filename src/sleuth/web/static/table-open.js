// Opening a table's page: the seat this browser plays there (by its invite, or the one it
// holds), the game's own part of the page, and, once the seat is given up (on this page, on
// another, or while this one was offline), the switch to the page of someone not seated.
"use strict";
import {speakGame, tr} from "./i18n.js";
import {api, ensurePerson, toast, whoAmI} from "./api.js";
import fallback from "./fallback.js";
import {fill, h} from "./kit.js";
import {TablePage, errorText} from "./table.js";

/** @typedef {import("./types.d.ts").TableOut} TableOut */
/** @typedef {import("./types.d.ts").GameOut} GameOut */
/** @typedef {import("./types.d.ts").FallbackPart} Part */

/**
 * @param {HTMLElement} main
 * @param {string} tableId
 */
export async function openTable(main, tableId) {
  const params = new URLSearchParams(location.search);
  /** @type {TableOut} */
  let table;
  try {
    table = /** @type {TableOut} */ (await api(`/api/tables/${tableId}`));
  } catch (error) {
    fill(main, h("p.panel.error-box", {role: "alert", text: tr("No such table: %(error)s", {error: errorText(error)})}),
      h("p", {}, h("a", {href: "/", text: tr("Back to the lobby")})));
    return;
  }
  const {seat, spent} = await findSeat(table, params);
  const menu = /** @type {import("./types.d.ts").LobbyOut} */ (await api("/api/games"));
  const game = menu.games.find((g) => g.name === table.game);
  const part = await loadPart(game);
  /** @param {number | null} at */
  const open = (at) => {
    const page = new TablePage(main, table, game, part, at);
    // The seat given up (on this page, on another, or while this one was offline: its
    // channel says so at its return): the table as someone not seated sees it.
    page.onGone = () => {
      page.stop();
      // A table closed to spectators until its end would refuse the watch channel.
      if (!table.spectators && page.frame?.status !== "finished") {
        fill(main, h("p.panel.notice-box.seat-left", {role: "status",
          text: tr("You left your seat. This table has no spectators until it ends.")}),
        h("p", {}, h("a", {href: "/", text: tr("Back to the lobby")})));
        return;
      }
      open(null);
      toast(tr("You left your seat: you are watching the table now."));
    };
    page.start();
  };
  open(seat);
  if (spent && seat === null) {
    main.prepend(h("p.panel.notice-box.invite-spent", {role: "alert",
      text: tr("This invite link has been used already: its seat is taken. Ask whoever sent it for a new link; meanwhile you are watching the table.")}));
  }
}

/**
 * The seat this browser plays at the table: by its invite, or one it sits at, or none;
 * `spent`: the invite opened no seat any more (its seat was taken), which the page says.
 * @param {TableOut} table
 * @param {URLSearchParams} params
 * @returns {Promise<{seat: number | null, spent: boolean}>}
 */
async function findSeat(table, params) {
  const token = params.get("token");
  let spent = false;
  if (token) {
    // Asked first: a used invite must say so, not ask a name and then seat no one.
    const check = /** @type {import("./types.d.ts").InviteCheckOut} */ (await api(`/api/tables/${table.id}/invite`, {token}));
    spent = check.seat === null;
    if (spent) history.replaceState(null, "", `/t/${table.id}`);
    else {
      await ensurePerson(tr("Your invite opens a seat at this table. What name should the others see?"));
      try {
        const joined = /** @type {import("./types.d.ts").JoinOut} */ (await api(`/api/tables/${table.id}/join`, {token}));
        history.replaceState(null, "", `/t/${table.id}`);
        return {seat: joined.seat, spent};
      } catch (error) {
        toast(tr("The invite does not open a seat: %(error)s", {error: errorText(error)}));
      }
    }
  }
  const me = await whoAmI();
  if (!me || params.has("watch")) return {seat: null, spent};
  const mine = /** @type {import("./types.d.ts").MyTableOut[]} */ (await api("/api/tables/mine"));
  const found = mine.find((m) => m.table.id === table.id);
  return {seat: found ? found.seat : null, spent};
}

/**
 * The game's own part of the page (its module, found by the service's menu), over the generic
 * table: what it leaves out, the generic table does.
 * @param {GameOut | undefined} game
 * @returns {Promise<Part>}
 */
async function loadPart(game) {
  await speakGame(game);
  if (!game || !game.web) return fallback;
  for (const href of game.web.styles) document.head.append(h("link", {rel: "stylesheet", href}));
  const module = /** @type {{default: import("./types.d.ts").GamePart}} */ (await import(game.web.script));
  return {...fallback, ...module.default};
}
