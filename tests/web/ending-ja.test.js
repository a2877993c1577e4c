import {endingTests} from "./ending-words.js";

await endingTests("ja", {you: "あなたの勝ち", other: "Boの勝ち", both: "あなたとBoの勝ち",
  nobody: "勝者なし", reason: "告発が正解"});
