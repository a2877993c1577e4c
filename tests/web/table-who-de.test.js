import {tableWhoTests} from "./table-who.js";

await tableWhoTests("de", {mine: "Du: pass", theirs: "Bo: pass"});
