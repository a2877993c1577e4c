// Invitations by name (issue #36): the lobby's list of the account's open invitations, "Ann
// invites you to GAME" with Accept (take that seat) and Decline, and the form by which a
// table's creator invites an account to a free seat. No token: the invitee's own signed-in
// identity answers an invitation, so it is shown only to an account.
"use strict";
import {tr} from "./i18n.js";
import {ApiError, accountName, api, toast} from "./api.js";
import {fill, h} from "./kit.js";

/** @typedef {import("./types.d.ts").InvitationOut} InvitationOut */
/** @typedef {import("./types.d.ts").SeatedOut} SeatedOut */

/**
 * One invitation's line: who invites to what, and its two answers.
 * @param {InvitationOut} invitation
 * @param {() => void} answered called after a decline, to draw the list again
 */
export function invitationItem(invitation, answered) {
  const {id, table, seat, title, inviter} = invitation;
  return h("li.table-item.invitation", {},
    h("span", {text: tr("%(name)s invites you to %(game)s", {name: inviter, game: title})}),
    h("small", {text: tr("seat %(seat)s", {seat})}),
    h("button.primary", {type: "button", text: tr("Accept"),
      "aria-label": tr("Accept the invitation to %(game)s", {game: title}), onclick: async () => {
        try {
          const seated = /** @type {SeatedOut} */ (await api(`/api/invitations/${id}/accept`, {}));
          location.href = `/t/${seated.table}`;
        } catch (refused) {
          toast(refused instanceof Error ? refused.message : String(refused));
          answered();
        }
      }}),
    h("button", {type: "button", text: tr("Decline"),
      "aria-label": tr("Decline the invitation to %(game)s", {game: title}), onclick: async () => {
        await api(`/api/invitations/${id}/decline`, {}).catch(() => {});
        answered();
      }}),
    h("a", {href: `/t/${table}?watch=1`, text: tr("Look at the table")}));
}

/** The lobby's "Invitations" section: hidden while there is none (and for a guest). */
export function invitationsSection() {
  const list = h("ul.table-list", {id: "invitation-list"});
  const section = h("section.panel.invitations-panel", {id: "invitations", "aria-labelledby": "invitations-title", hidden: true},
    h("h2", {id: "invitations-title", text: tr("Invitations")}), list);
  const draw = async () => {
    if (accountName() === null) return;
    const found = /** @type {InvitationOut[]} */ (await api("/api/invitations"));
    section.hidden = !found.length;
    fill(list, found.map((i) => invitationItem(i, () => { draw().catch(() => {}); })));
  };
  return {section, draw};
}

/**
 * The creator's form to invite an account by its name to one of the free seats.
 * @param {string} table
 * @param {number[]} seats the free seats
 */
export function inviteByName(table, seats) {
  const name = h("input", {id: `invite-name-${table}`, maxlength: "40", required: true, autocomplete: "off"});
  const seat = h("select", {id: `invite-seat-${table}`, "aria-label": tr("Seat")},
    seats.map((s) => h("option", {value: String(s), text: tr("Seat %(seat)s", {seat: s})})));
  const status = h("p", {role: "status"});
  const form = h("form.invite-by-name", {onsubmit: async (/** @type {Event} */ event) => {
    event.preventDefault();
    try {
      await api(`/api/tables/${table}/seats/${seat.value}/invite-account`, {name: name.value});
      status.textContent = tr("%(name)s is invited.", {name: name.value});
      name.value = "";
    } catch (refused) {
      status.textContent = refused instanceof ApiError ? refused.message : String(refused);
    }
  }},
  h("label", {for: `invite-name-${table}`, text: tr("Invite a player by name")}), name, seat,
  h("button", {type: "submit", text: tr("Invite")}), status);
  return form;
}
