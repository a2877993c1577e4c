import {contextTests} from "./words-context.js";

await contextTests("ja", {turn: "ターン制", live: "ライブ", refusal: "per_move：「ライブ」の時計は1手5〜3600秒です（1ではなく）"});
