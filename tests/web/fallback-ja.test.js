import {fallbackTests} from "./fallback-words.js";

await fallbackTests("ja", {
  asked: "Bo: ask 2 AB (BoがCyにABについて質問：1枚)",
  accused: "Ana: accuse G (AnaがBoにCDについて質問：いいえ、どちらも持っていません; AnaがGを告発：犯人です)",
  place: "犯人",
});
