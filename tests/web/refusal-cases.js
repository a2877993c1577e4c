// Each kind of refusal a person at the page can meet, as the service sends it (an error frame
// of the play channel, an HTTP error's body: tests/server/test_problems.py checks those
// shapes), and what the page shows for it in German and in Japanese.
import assert from "node:assert/strict";
import {test} from "node:test";

import {speak} from "./speak.js";

/** @typedef {import("../../src/sleuth/web/static/types.d.ts").ErrorFrame} ErrorFrame */
/** @typedef {import("../../src/sleuth/web/static/types.d.ts").ErrorOut} ErrorOut */

/**
 * @param {string} code
 * @param {string} message
 * @param {string | null} problem
 * @param {string} template
 * @param {ErrorFrame["values"]} values
 * @returns {ErrorFrame}
 */
function frame(code, message, problem, template, values) {
  return {type: "error", code, message, step: 7, problem, template, values};
}

/** @type {[string, ErrorFrame, {de: string, ja: string}][]} */
export const FRAMES = [
  ["a move the rules refuse, with the engine's reason inside",
    frame("illegal", "seat 0 cannot ask 0 A: a player cannot question himself", null,
      "seat %(seat)s cannot %(action)s: %(reason)s",
      {seat: 0, action: "ask 0 A", reason: {template: "a player cannot question himself", values: {}}}),
    {de: "Platz 0 kann nicht „ask 0 A“ spielen: niemand kann sich selbst befragen",
      ja: "席0には「ask 0 A」はできません：自分自身には質問できません"}],
  ["a move out of turn",
    frame("illegal", "seat 1 cannot pass: it is seat 2's turn", null, "seat %(seat)s cannot %(action)s: %(reason)s",
      {seat: 1, action: "pass", reason: {template: "it is seat %(seat)s's turn", values: {seat: "2"}}}),
    {de: "Platz 1 kann nicht „pass“ spielen: Platz 2 ist am Zug", ja: "席1には「pass」はできません：席2の手番です"}],
  ["a typed move that is no move",
    frame("invalid", "'dance' is not an action (try 'pass')", null, "%(text)s is not an action (try %(examples)s)",
      {text: "'dance'", examples: "'pass'"}),
    {de: "'dance' ist kein Zug (zum Beispiel 'pass')", ja: "'dance'は有効な手ではありません（例：'pass'）"}],
  ["a move on a step that is past",
    frame("stale", "step 3 is past: the table is at step 4", "stale", "step %(step)s is past: the table is at step %(now)s",
      {step: 3, now: 4}),
    {de: "Schritt 3 ist vorbei: der Tisch ist bei Schritt 4", ja: "手番3はもう過ぎています：現在は手番4です"}],
  ["a move of a seat a bot plays",
    frame("illegal", "seat 1 is played by a bot for now: take the seat back first", "bot_plays",
      "seat %(seat)s is played by a bot for now: take the seat back first", {seat: 1}),
    {de: "Platz 1 wird gerade von einem Bot gespielt: übernimm den Platz zuerst wieder",
      ja: "席1は今ボットがプレイしています：先に席を取り戻してください"}],
  ["too many messages",
    frame("rate_limited", "more than 4 messages a second", "rate_limited", "more than %(rate)s messages a second", {rate: "4"}),
    {de: "mehr als 4 Nachrichten pro Sekunde", ja: "1秒あたり4件を超えるメッセージです"}],
  ["too long a chat message",
    frame("too_large", "a message is at most 8192 bytes", "too_large", "a message is at most %(bytes)s bytes", {bytes: 8192}),
    {de: "eine Nachricht ist höchstens 8192 Bytes lang", ja: "メッセージは最大8192バイトです"}],
  ["a spectator's move",
    frame("forbidden", "a spectator only watches", "forbidden", "a spectator only watches", {}),
    {de: "Zuschauer schauen nur zu", ja: "観戦者は見るだけです"}],
];

/** @type {[string, number, ErrorOut, {de: string, ja: string}][]} */
export const BODIES = [
  ["a seat taken meanwhile", 409,
    {detail: "seat 1 is taken", problem: "seat_taken", template: "seat %(seat)s is taken", values: {seat: 1}},
    {de: "Platz 1 ist besetzt", ja: "席1はすでに埋まっています"}],
  ["an invite that opens nothing", 403,
    {detail: "this token opens no seat at this table", problem: "bad_invite", template: "this token opens no seat at this table", values: {}},
    {de: "diese Einladung öffnet keinen Platz an diesem Tisch", ja: "この招待ではこのテーブルのどの席にも着けません"}],
  ["a second seat", 409,
    {detail: "you hold another seat at this table: one seat a person", problem: "one_seat",
      template: "you hold another seat at this table: one seat a person", values: {}},
    {de: "du hast schon einen anderen Platz an diesem Tisch: ein Platz pro Person", ja: "このテーブルですでに別の席に着いています：1人1席です"}],
  ["an invitation to a name no account has", 404,
    {detail: "there is no player named Zed (only a player with an account is invited)", problem: "no_player",
      template: "there is no player named %(name)s (only a player with an account is invited)", values: {name: "Zed"}},
    {de: "es gibt keinen Spieler namens Zed (eingeladen wird nur, wer ein Konto hat)",
      ja: "Zed という名前のプレイヤーはいません（招待できるのはアカウントを持つプレイヤーだけです）"}],
  ["an invitation answered already", 409,
    {detail: "invitation 7 was declined", problem: "invitation_used",
      template: "invitation %(invitation)s was declined", values: {invitation: 7}},
    {de: "Einladung 7 wurde abgelehnt", ja: "招待 7 は断られました"}],
  ["no such table", 404,
    {detail: "no table 'nope'", problem: "no_table", template: "no table %(table)s", values: {table: "'nope'"}},
    {de: "kein Tisch 'nope'", ja: "テーブル'nope'はありません"}],
  ["the chat of a table without spectators", 403,
    {detail: "this table takes no spectators: its chat is for its seats", problem: "no_spectators",
      template: "this table takes no spectators: its chat is for its seats", values: {}},
    {de: "dieser Tisch lässt keine Zuschauer zu: sein Chat ist nur für die Spielenden", ja: "このテーブルは観戦できません：チャットは着席者専用です"}],
  ["too many new tables", 429,
    {detail: "too many new tables from this address: at most 2 per minute; try again in 30 s", problem: "too_many_new",
      template: "too many new tables from this address: at most %(amount)s per %(window)s; try again in %(wait)s s",
      values: {amount: 2, window: "minute", wait: 30}},
    {de: "zu viele neue Tische von dieser Adresse: höchstens 2 pro minute; versuch es in 30 s noch einmal",
      ja: "このアドレスからの新しいテーブルが多すぎます：minuteあたり最大2件です。30秒後にもう一度お試しください"}],
  ["taking a seat back that no bot plays", 409,
    {detail: "seat 2 is not played by a bot", problem: "not_a_bot", template: "seat %(seat)s is not played by a bot", values: {seat: 2}},
    {de: "Platz 2 wird von keinem Bot gespielt", ja: "席2はボットがプレイしていません"}],
];

/**
 * The cases' tests, in one language (i18n.js loads one catalogue a process: a file each).
 * @param {"de" | "ja"} language
 */
export async function testRefusals(language) {
  const bodies = new Map(BODIES.map(([, status, body]) => [`/api/case/${body.problem}`, {status, body}]));
  speak(language, (path) => bodies.get(path) ?? {status: 500, body: null});
  const {refusalText} = await import("../../src/sleuth/web/static/problems.js");
  const {api} = await import("../../src/sleuth/web/static/api.js");

  for (const [what, error, said] of FRAMES) {
    test(`${language}: an error frame, ${what}`, () => {
      assert.equal(refusalText(error), said[language]);
    });
  }
  for (const [what, status, body, said] of BODIES) {
    test(`${language}: an HTTP refusal, ${what}`, async () => {
      await assert.rejects(api(`/api/case/${body.problem}`), {status, message: said[language]});
    });
  }
  test(`${language}: words the catalogue lacks, or none at all, stay as the service said them`, async () => {
    const unknown = frame("illegal", "seat 1 cannot pass: a new rule", null, "seat %(seat)s cannot %(action)s: %(reason)s",
      {seat: 1, action: "pass", reason: "a new rule"});
    assert.equal(refusalText(unknown), {de: "Platz 1 kann nicht „pass“ spielen: a new rule",
      ja: "席1には「pass」はできません：a new rule"}[language]);
    assert.equal(refusalText({message: "not JSON: Expecting value", template: null, values: null}), "not JSON: Expecting value");
    await assert.rejects(api("/api/case/plain"), {status: 500, message: "HTTP 500"});
  });
}
