// The sheet in Japanese (issue #35): the lines the page draws from the sheet's data (what is
// certain, the likeliest solutions, the best question) and a text sheet's typed lines, each
// said from the catalogues, none left in English, and the review. This process speaks ja only.
import {sheetTests} from "./sheet-sample.js";

await sheetTests("ja", {
  drawn: [
    "解答に確実に含まれるもの：C。",
    "可能な解答は4通り。有力なのは B · C · D (50%), C · D · E (25%)。",
    "今いちばん良い質問：Bob に BDE について聞く。",
    "確率は伏せられた選択が無作為に行われたと仮定しています。確定した事柄は、どう選ばれたかに関係なく成り立ちます。"
  ],
  typed: [
    "S05（5個中0個が一致）：必要なのはFEMALE、THINとSHORTのうちあと5枚",
    "FEMALE：未確認4枚（あなたの手札にあり）",
    "THIN",
    "S02（5個中5個が一致）：必要なのはなし",
    "推理シートを作成できませんでした：x"
  ],
  label: "推理シート",
  review: [
    "Bob は 3 手目から ブラック・ウィーン を確信できたはずでした。",
    "線：各手の後にこの席が真相に与えられた確率。縦線：確信できるようになった最初の手。点：解答の試み（塗りつぶし＝正解）。",
    "厳密：その席の手札と回答に合うすべての配り方を同じ重みで数えます（誤って告発した人がブラック・ウィーンを見たことは除きます：この振り返りが測るのは推理です）"
  ],
  chart: "真のブラック・ウィーンである確率の推移（1手ごと）",
});
