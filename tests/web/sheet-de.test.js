// The sheet in German (issue #35): the lines the page draws from the sheet's data (what is
// certain, the likeliest solutions, the best question) and a text sheet's typed lines, each
// said from the catalogues, none left in English, and the review. This process speaks de only.
import {sheetTests} from "./sheet-sample.js";

await sheetTests("de", {
  drawn: [
    "Sicher in der Lösung: C.",
    "4 Lösungen sind möglich; am wahrscheinlichsten: B · C · D (50 %), C · D · E (25 %).",
    "Beste Frage jetzt: frag Bob nach BDE.",
    "Die Wahrscheinlichkeiten nehmen an, dass verdeckt zufällig gewählt wurde; was sicher ist, gilt unabhängig davon, wie gewählt wurde."
  ],
  typed: [
    "S05 (0 von 5 belegt): braucht noch 5 aus FEMALE, THIN und SHORT",
    "FEMALE: 4 ungesehen (du hast es auf der Hand)",
    "THIN",
    "S02 (5 von 5 belegt): braucht nichts",
    "Der Ermittlungsbogen ließ sich nicht erstellen: x"
  ],
  label: "Ermittlungsbogen",
  review: [
    "Bob hätte sich ab Zug 3 der Lösung (Black Vienna) sicher sein können.",
    "Die Linie: die Wahrscheinlichkeit, die dieser Platz der Lösung nach jedem Zug geben konnte; die senkrechte Linie: der erste Zug, ab dem er sich sicher sein konnte; Punkte: seine Lösungsversuche (ausgefüllt: richtig).",
    "exakt: jede Verteilung, die zur Hand des Platzes und den Antworten passt, zählt gleich (der Blick eines falschen Anklägers auf Black Vienna bleibt außen vor: der Rückblick misst das Schließen)"
  ],
  chart: "Wahrscheinlichkeit der wahren Lösung (Black Vienna) über die Partie, Zug für Zug",
});
