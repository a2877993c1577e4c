import {fallbackTests} from "./fallback-words.js";

await fallbackTests("de", {
  asked: "Bo: ask 2 AB (Frage von Bo an Cy zu AB: 1 davon)",
  accused: "Ana: accuse G (Frage von Ana an Bo zu CD: nein, keinen von beiden; Anklage von Ana gegen G: der Täter)",
  place: "Täter",
});
