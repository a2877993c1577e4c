import {listWordsTests} from "./list-words.js";

await listWordsTests("de", {and: ["2", "2 und 3", "2, 3 und 4"], or: ["2", "2 oder 3", "2, 3 oder 4"]});
