import {listWordsTests} from "./list-words.js";

await listWordsTests("en", {and: ["2", "2 and 3", "2, 3 and 4"], or: ["2", "2 or 3", "2, 3 or 4"]});
