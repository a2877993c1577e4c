// The account panel's e-mail section (mailsettings.js), in Japanese: an address not yet
// confirmed says its link was sent, a channel that keeps failing says so with the server's
// reason, and a daily mail shows its hour and time zone.
import assert from "node:assert/strict";
import {test} from "node:test";

import {fake} from "./fake-dom.js";
import {speak} from "./speak.js";

const SETTINGS = {
  address: "ann@example.org", language: "ja", your_move: true, game_over: false, invited: true,
  clock_low: false, failing: "メールサーバーに接続できませんでした", sends_mail: true, confirmed: false,
  digest_hour: 7, time_zone: "Asia/Tokyo",
};
/** @type {unknown} */
let answer = SETTINGS;
speak("ja", (path) => path === "/api/account/mail" ? {status: 200, body: answer} : {status: 404, body: null});
const {mailSection} = await import("../../src/sleuth/web/static/mailsettings.js");

/** @param {unknown} settings */
async function drawn(settings) {
  answer = settings;
  const section = fake(mailSection());
  await new Promise((resolve) => setTimeout(resolve, 0));
  /** @param {string} id */
  const byId = (id) => section.descendants().find((node) => node.getAttribute("id") === id);
  return {section, byId};
}

test("an unconfirmed, failing address says both in Japanese, with its daily hour", async () => {
  const {byId} = await drawn(SETTINGS);
  assert.equal(byId("mail-title")?.textContent, "メール");
  assert.equal(byId("mail-state")?.textContent, "ann@example.org に確認用のリンクを送りました。リンクを開くとメールの配信が始まります。");
  assert.equal(byId("mail-failing")?.textContent, "このアドレスへのメールが送れない状態が続いています：メールサーバーに接続できませんでした");
  assert.equal(byId("mail-daily")?.getAttribute("checked"), "");
  assert.equal(byId("mail-each")?.getAttribute("checked"), null);
  assert.equal(byId("mail-zone")?.getAttribute("value"), "Asia/Tokyo");
  const hour = byId("mail-hour");
  const selected = hour?.descendants().filter((node) => node.getAttribute("selected") === "");
  assert.deepEqual(selected?.map((node) => node.textContent), ["07:00"]);
  assert.deepEqual(["your_move", "game_over", "invited", "clock_low"].map((k) => byId(`mail-${k}`)?.getAttribute("checked")),
    ["", null, "", null]);
});

test("a server that sends no mail shows no section", async () => {
  const {section} = await drawn({...SETTINGS, sends_mail: false});
  assert.equal(section.childNodes.length, 0);
});
