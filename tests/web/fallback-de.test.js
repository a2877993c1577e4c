import {fallbackTests} from "./fallback-words.js";

await fallbackTests("de", {
  asked: "Bo: ask 2 AB (Frage von Bo an Cy zu AB: 1 davon)",
  accused: "Du: accuse G (Frage von Ana (du) an Bo zu CD: nein, keinen von beiden; Anklage von Ana (du) gegen G: der Täter)",
  place: "Täter",
  bare: "reshuffled: left keine, cards keine, seat 1",
});
