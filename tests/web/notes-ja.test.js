// The hand-kept grid in Japanese (issue #35): no English in its heads or its squares' labels.
import {notesTests} from "./notes-sample.js";

await notesTests("ja", {
  heads: ["Ann（あなた）", "Bob", "[ring]"],
  rows: ["<A>", "<B>"],
  label: "Bob の <A>：はい。クリックで「いいえ」に",
  sent: {type: "notes", card: "A", place: "s1", mark: "-"},
});
