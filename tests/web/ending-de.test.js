import {endingTests} from "./ending-words.js";

await endingTests("de", {you: "Du gewinnst", other: "Bo gewinnt", both: "Du und Bo gewinnen",
  nobody: "Niemand gewinnt", reason: "Richtige Anklage"});
