import {tableWhoTests} from "./table-who.js";

await tableWhoTests("en", {mine: "You: pass", theirs: "Bo: pass"});
