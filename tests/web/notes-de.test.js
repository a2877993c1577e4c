// The hand-kept grid in German (issue #35): no English in its heads or its squares' labels.
import {notesTests} from "./notes-sample.js";

await notesTests("de", {
  heads: ["Ann (du)", "Bob", "[ring]"],
  rows: ["<A>", "<B>"],
  label: "<A> bei Bob: ja; klicken, um nein zu markieren",
  sent: {type: "notes", card: "A", place: "s1", mark: "-"},
});
