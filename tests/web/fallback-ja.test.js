import {fallbackTests} from "./fallback-words.js";

await fallbackTests("ja", {
  asked: "Bo: ask 2 AB (BoがCyにABについて質問：1枚)",
  accused: "あなた: accuse G (Ana（あなた）がBoにCDについて質問：いいえ、どちらも持っていません; Ana（あなた）がGを告発：犯人です)",
  place: "犯人",
  bare: "reshuffled: left なし, cards なし, seat 1",
});
