import {contextTests} from "./words-context.js";

await contextTests("de", {turn: "Rundenbasiert", live: "Live", refusal: "per_move: die Uhr „Live“ gibt 5–3600 Sekunden je Zug, nicht 1"});
