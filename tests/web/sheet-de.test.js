// The sheet in German (issue #35): the lines the page draws from the sheet's data (what is
// certain, the likeliest solutions, the best question) and a text sheet's typed lines, each
// said from the catalogues, none left in English. This process speaks de only.
import assert from "node:assert/strict";
import {test} from "node:test";

import {fake} from "./fake-dom.js";
import {data, lines, moves, people, review} from "./sheet-sample.js";
import {speak} from "./speak.js";

speak("de", () => ({status: 404, body: null}));
const {lineWords, sheetLines, textSheet} = await import("../../src/sleuth/web/static/sheet.js");
const {reviewBody} = await import("../../src/sleuth/web/static/review.js");

const DRAWN = [
  "Sicher in der Lösung: C.",
  "4 Lösungen sind möglich; am wahrscheinlichsten: B · C · D (50 %), C · D · E (25 %).",
  "Beste Frage jetzt: frag Bob nach BDE.",
  "Die Wahrscheinlichkeiten nehmen an, dass verdeckt zufällig gewählt wurde; was sicher ist, gilt unabhängig davon, wie gewählt wurde."
];
const TYPED = [
  "S05 (0 von 5 belegt): braucht noch 5 aus FEMALE, THIN und SHORT",
  "FEMALE: 4 ungesehen (du hast es auf der Hand)",
  "THIN",
  "S02 (Alibi: in dieser Runde sicher): braucht nichts",
  "Der Ermittlungsbogen ließ sich nicht erstellen: x"
];
const LABEL = "Ermittlungsbogen";

test("the lines above the grid", () => {
  assert.deepEqual(sheetLines(data, people).map((line) => line.textContent), DRAWN);
});

test("a text sheet's typed lines", () => {
  assert.deepEqual(lines.map((line) => lineWords(line, people)), TYPED);
  const sheet = fake(textSheet(lines, people));
  assert.deepEqual(sheet.childNodes.map((p) => p.textContent), TYPED);
  assert.deepEqual(sheet.childNodes.map((p) => fake(p).className), ["sheet-line", "sheet-line sheet-indent", "sheet-line sheet-indent", "sheet-line", "sheet-line"]);
  assert.equal(sheet.getAttribute("aria-label"), LABEL);
});

test("the review names the game's solution and its method from the catalogues", () => {
  const nodes = reviewBody(review, people.name, moves).map((node) => fake(node));
  const paragraphs = nodes.flatMap((node) => node.tagName === "P" ? [node] : node.descendants().filter((e) => e.tagName === "P"));
  assert.deepEqual(paragraphs.map((p) => p.textContent), [
    "Bob hätte sich ab Zug 3 der Lösung (Black Vienna) sicher sein können.",
    "Die Linie: die Wahrscheinlichkeit, die dieser Platz der Lösung nach jedem Zug geben konnte; die senkrechte Linie: der erste Zug, ab dem er sich sicher sein konnte; Punkte: seine Lösungsversuche (ausgefüllt: richtig).",
    "exakt: jede Verteilung, die zur Hand des Platzes und den Antworten passt, zählt gleich (der Blick eines falschen Anklägers auf Black Vienna bleibt außen vor: der Rückblick misst das Schließen)"
  ]);
  assert.equal(nodes[1].getAttribute("aria-label"), "Wahrscheinlichkeit der wahren Lösung (Black Vienna) über die Partie, Zug für Zug");
});
