import {listWordsTests} from "./list-words.js";

await listWordsTests("ja", {and: ["2", "2と3", "2、3と4"], or: ["2", "2か3", "2、3か4"]});
