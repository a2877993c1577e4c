// The sheet in Japanese (issue #35): the lines the page draws from the sheet's data (what is
// certain, the likeliest solutions, the best question) and a text sheet's typed lines, each
// said from the catalogues, none left in English. This process speaks ja only.
import assert from "node:assert/strict";
import {test} from "node:test";

import {fake} from "./fake-dom.js";
import {data, lines, moves, people, review} from "./sheet-sample.js";
import {speak} from "./speak.js";

speak("ja", () => ({status: 404, body: null}));
const {lineWords, sheetLines, textSheet} = await import("../../src/sleuth/web/static/sheet.js");
const {reviewBody} = await import("../../src/sleuth/web/static/review.js");

const DRAWN = [
  "解答に確実に含まれるもの：C。",
  "可能な解答は4通り。有力なのは B · C · D (50%), C · D · E (25%)。",
  "今いちばん良い質問：Bob に BDE について聞く。",
  "確率は伏せられた選択が無作為に行われたと仮定しています。確定した事柄は、どう選ばれたかに関係なく成り立ちます。"
];
const TYPED = [
  "S05（5個中0個が一致）：必要なのはFEMALE、THIN、SHORTのうちあと5枚",
  "FEMALE：未確認4枚（あなたの手札にあり）",
  "THIN",
  "S02（アリバイ：このラウンドは安全）：必要なのはなし",
  "推理シートを作成できませんでした：x"
];
const LABEL = "推理シート";

test("the lines above the grid", () => {
  assert.deepEqual(sheetLines(data, people).map((line) => line.textContent), DRAWN);
});

test("a text sheet's typed lines", () => {
  assert.deepEqual(lines.map((line) => lineWords(line, people)), TYPED);
  const sheet = fake(textSheet(lines, people));
  assert.deepEqual(sheet.childNodes.map((p) => p.textContent), TYPED);
  assert.deepEqual(sheet.childNodes.map((p) => fake(p).className), ["sheet-line", "sheet-line sheet-indent", "sheet-line sheet-indent", "sheet-line", "sheet-line"]);
  assert.equal(sheet.getAttribute("aria-label"), LABEL);
});

test("the review names the game's solution and its method from the catalogues", () => {
  const nodes = reviewBody(review, people.name, moves).map((node) => fake(node));
  const paragraphs = nodes.flatMap((node) => node.tagName === "P" ? [node] : node.descendants().filter((e) => e.tagName === "P"));
  assert.deepEqual(paragraphs.map((p) => p.textContent), [
    "Bob は 3 手目から ブラック・ウィーン を確信できたはずでした。",
    "線：各手の後にこの席が真相に与えられた確率。縦線：確信できるようになった最初の手。点：解答の試み（塗りつぶし＝正解）。",
    "厳密：その席の手札と回答に合うすべての配り方を同じ重みで数えます（誤って告発した人がブラック・ウィーンを見たことは除きます：この振り返りが測るのは推理です）"
  ]);
  assert.equal(nodes[1].getAttribute("aria-label"), "真のブラック・ウィーンである確率の推移（1手ごと）");
});
