import {tableWhoTests} from "./table-who.js";

await tableWhoTests("ja", {mine: "あなた: pass", theirs: "Bo: pass"});
