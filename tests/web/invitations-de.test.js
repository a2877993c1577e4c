// An invitation by name in the lobby (invitations.js), in German: who invites to which game,
// which seat, and its two answers; declining posts to the invitation's own route and draws
// the list again.
import assert from "node:assert/strict";
import {test} from "node:test";

import {fake} from "./fake-dom.js";
import {speak} from "./speak.js";

/** @type {string[]} */
const asked = [];
speak("de", (path) => { asked.push(path); return {status: 200, body: null}; });
const {invitationItem, inviteByName} = await import("../../src/sleuth/web/static/invitations.js");

const INVITATION = {id: 3, table: "t1", seat: 1, game: "g", title: "Spiel", inviter: "Ann", expires_at: 0};

test("an invitation says who invites to what, in German, with its answers", async () => {
  let drawn = 0;
  const item = fake(invitationItem(INVITATION, () => { drawn += 1; }));
  const buttons = item.descendants().filter((node) => node.tagName === "BUTTON");
  assert.deepEqual(buttons.map((b) => [b.textContent, b.getAttribute("aria-label")]), [
    ["Annehmen", "Einladung zu Spiel annehmen"],
    ["Ablehnen", "Einladung zu Spiel ablehnen"],
  ]);
  assert.equal(item.childNodes[0].textContent, "Ann lädt dich zu Spiel ein");
  buttons[1].click();
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(asked.filter((path) => path.startsWith("/api/invitations")), ["/api/invitations/3/decline"]);
  assert.equal(drawn, 1);
});

test("the creator's form offers each free seat and names its field", () => {
  const form = fake(inviteByName("t1", [1, 2]));
  const options = form.descendants().filter((node) => node.tagName === "OPTION");
  assert.deepEqual(options.map((o) => [o.getAttribute("value"), o.textContent]), [["1", "Platz 1"], ["2", "Platz 2"]]);
  const label = form.descendants().find((node) => node.tagName === "LABEL");
  assert.equal(label?.textContent, "Spieler mit Namen einladen");
});
