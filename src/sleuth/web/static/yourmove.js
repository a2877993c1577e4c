// Tables that wait on me: the lobby's "Your move" list, the count in front of the tab's title,
// a badge on the tab's icon, and (if the person asks for it) a short beep when a table newly
// waits on them. The own table of a table page is told by its live channel; every other
// table by asking /api/tables/mine every 20 s, hidden or not (the title matters most when
// the tab is hidden). All of it is public: whose move it is and since when.
"use strict";
import {formatDate, language, tr} from "./i18n.js";
import {api, whoAmI} from "./api.js";
import {ICONS, h, icon} from "./kit.js";

/** @typedef {import("./types.d.ts").MyTableOut} MyTableOut */

export const POLL_EVERY = 20000;
const SOUND = "sleuth.yourMoveSound";
const ICON = "/static/icon.svg";

/**
 * The tables that wait on this person now, longest-waiting first.
 * @param {MyTableOut[]} mine
 * @returns {MyTableOut[]}
 */
export function waitingOnMe(mine) {
  return mine.filter((m) => m.your_move)
    .sort((a, b) => (a.waiting_since ?? 0) - (b.waiting_since ?? 0) || a.table.id.localeCompare(b.table.id));
}

/**
 * The tab's title with the count of tables waiting on me in front, as "(2) Sleuth".
 * @param {number} count
 * @param {string} base the page's own title
 */
export function titleWith(count, base) {
  return count > 0 ? `(${count}) ${base}` : base;
}

/**
 * How long a table has waited on me, in the page's language.
 * @param {number} seconds
 */
export function waitedWords(seconds) {
  if (seconds < 60) return tr("It became your move just now.");
  /** @type {[number, Intl.RelativeTimeFormatUnit]} */
  const [amount, unit] = seconds < 3600 ? [Math.floor(seconds / 60), "minute"]
    : seconds < 86400 ? [Math.floor(seconds / 3600), "hour"] : [Math.floor(seconds / 86400), "day"];
  const ago = new Intl.RelativeTimeFormat(language(), {numeric: "always"}).format(-amount, unit);
  return tr("It became your move %(ago)s.", {ago});
}

/**
 * Which tables wait on me, from the polled list and the own table's live channel, and which
 * of them newly do (the first answer of each only learns what waits: it announces nothing).
 */
export class MoveWatch {
  /** @type {Set<string>} the tables that waited at the last look */
  known = new Set();
  polledOnce = false;
  /** @type {MyTableOut[]} the polled tables that wait on me, longest-waiting first */
  polled = [];
  /** @type {{table: string, waiting: boolean} | null} a table page's own table, as its channel says */
  own = null;

  /**
   * The tables that wait on me, longest-waiting first: the own table as its channel said last
   * (a poll may be older than the channel's latest step).
   * @returns {MyTableOut[]}
   */
  waiting() {
    const own = this.own;
    return own ? this.polled.filter((m) => m.table.id !== own.table || own.waiting) : this.polled;
  }

  /** @returns {Set<string>} */
  ids() {
    const ids = new Set(this.waiting().map((m) => m.table.id));
    if (this.own?.waiting) ids.add(this.own.table);
    return ids;
  }

  /**
   * A new answer of /api/tables/mine.
   * @param {MyTableOut[]} mine
   * @returns {string[]} the tables that newly wait on me
   */
  look(mine) {
    this.polled = waitingOnMe(mine);
    if (!this.polledOnce) for (const m of this.polled) this.known.add(m.table.id);
    this.polledOnce = true;
    return this.settle();
  }

  /**
   * The own table's state from its live channel.
   * @param {string} table
   * @param {boolean} waiting whether the game waits on this page's seat
   * @param {boolean} byMe whether its latest step was this seat's own
   * @returns {string[]} the tables that newly wait on me
   */
  ownTable(table, waiting, byMe) {
    const first = this.own?.table !== table;
    this.own = {table, waiting};
    // A table seen for the first time, or waiting again after one's own move, is no news.
    if (first || byMe) this.known.add(table);
    return this.settle();
  }

  /** @returns {string[]} */
  settle() {
    const now = this.ids();
    const known = this.known;
    this.known = now;
    return [...now].filter((id) => !known.has(id));
  }
}

// --- the page ---------------------------------------------------------------------------------

const watch = new MoveWatch();
/** @type {string | null} */
let baseTitle = null;
/** @type {((waiting: MyTableOut[]) => void)[]} */
const listeners = [];
let started = false;

/**
 * The page's own title, shown after the count of tables waiting on me.
 * @param {string} text
 */
export function setPageTitle(text) {
  baseTitle = text;
  show();
}

/**
 * Call `listener` with the tables waiting on me at every change, and now.
 * @param {(waiting: MyTableOut[]) => void} listener
 */
export function onWaiting(listener) {
  listeners.push(listener);
  listener(watch.waiting());
}

/**
 * An answer of /api/tables/mine the page fetched itself (the lobby does, for its lists).
 * @param {MyTableOut[]} mine
 */
export function lookAtMine(mine) {
  announce(watch.look(mine));
}

/**
 * The own table's turn, from the table page's live channel.
 * @param {string} table
 * @param {boolean} waiting
 * @param {boolean} byMe
 */
export function ownTableTurn(table, waiting, byMe) {
  announce(watch.ownTable(table, waiting, byMe));
}

/** Ask /api/tables/mine now and every 20 s, while the page is open (once per page). */
export function startWatching() {
  if (started) return;
  started = true;
  const poll = async () => {
    if (!(await whoAmI())) return;  // no person yet: no table can wait on them
    lookAtMine(/** @type {MyTableOut[]} */ (await api("/api/tables/mine")));
  };
  poll().catch(() => {});
  setInterval(() => { poll().catch(() => {}); }, POLL_EVERY);
}

/** @param {string[]} fresh */
function announce(fresh) {
  if (fresh.length) beep();
  show();
}

function show() {
  const waiting = watch.waiting();
  const count = watch.ids().size;
  if (baseTitle === null) baseTitle = document.title;
  document.title = titleWith(count, baseTitle);
  drawBadge(count);
  for (const listener of listeners) listener(waiting);
}

// --- the tab's icon ---------------------------------------------------------------------------

let badgeShown = -1;
let badgeDrawing = 0;

/**
 * The tab's icon with the count on a red disc, drawn on a canvas into a data: URL; the
 * page's own icon again when nothing waits.
 * @param {number} count
 */
function drawBadge(count) {
  const link = /** @type {HTMLLinkElement | null} */ (document.querySelector("link[rel=icon]"));
  if (!link || count === badgeShown) return;
  badgeShown = count;
  const drawing = ++badgeDrawing;
  if (!count) {
    link.type = "image/svg+xml";
    link.href = ICON;
    return;
  }
  const image = new Image();
  image.src = ICON;
  image.decode().then(() => {
    if (drawing !== badgeDrawing) return;  // a later count was drawn meanwhile
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 64;
    const pen = canvas.getContext("2d");
    if (!pen) return;
    pen.drawImage(image, 0, 0, 64, 64);
    pen.fillStyle = "#d7263d";
    pen.beginPath();
    pen.arc(44, 20, 20, 0, 2 * Math.PI);
    pen.fill();
    pen.fillStyle = "#ffffff";
    pen.font = "bold 30px sans-serif";
    pen.textAlign = "center";
    pen.textBaseline = "middle";
    pen.fillText(count > 9 ? "9+" : String(count), 44, 22);
    link.type = "image/png";
    link.href = canvas.toDataURL("image/png");
  }).catch(() => {
    badgeShown = -1;  // drawn again at the next change
  });
}

// --- the sound --------------------------------------------------------------------------------

/** @type {AudioContext | null} */
let audio = null;

function soundOn() {
  try { return localStorage.getItem(SOUND) === "on"; } catch { return false; }
}

// A browser lets a page sound only after the person's own gesture: the context is made or
// resumed on one (the checkbox's click, or any click or key later once it is on).
function wakeAudio() {
  if (!soundOn() || typeof AudioContext === "undefined") return;
  audio ??= new AudioContext();
  if (audio.state === "suspended") audio.resume().catch(() => {});
}

/** A short beep: a sine's quick swell and fade, no sound file. */
function beep() {
  if (!soundOn() || !audio) return;
  const start = audio.currentTime;
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 880;
  volume.gain.setValueAtTime(0.0001, start);
  volume.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
  volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
  tone.connect(volume).connect(audio.destination);
  tone.start(start);
  tone.stop(start + 0.3);
}

/** The header's checkbox: a beep when a table newly waits on me (off unless ticked). */
export function soundToggle() {
  const box = h("input", {type: "checkbox", id: "move-sound", checked: soundOn(), onchange: () => {
    localStorage.setItem(SOUND, box.checked ? "on" : "off");
    wakeAudio();
    if (box.checked) beep();  // what it will sound like
  }});
  document.addEventListener("pointerdown", wakeAudio);
  document.addEventListener("keydown", wakeAudio);
  return h("label.sound-toggle", {for: "move-sound", title: tr("A sound when a table starts waiting on me")}, box,
    icon(ICONS.bell), h("span.visually-hidden", {text: tr("A sound when a table starts waiting on me")}));
}

// --- the lobby's list -------------------------------------------------------------------------

/**
 * The lobby's "Your move" list: each table one click away, with how long it has waited.
 * @param {MyTableOut[]} waiting longest-waiting first
 * @param {number} now seconds since the epoch
 */
export function yourMoveItems(waiting, now) {
  return waiting.map(({table, seat, waiting_since: since}) => {
    const at = since ?? now;
    return h("li.table-item.your-move", {},
      h("a", {href: `/t/${table.id}`}, h("strong", {text: table.title}), " · " + tr("seat %(seat)s", {seat})),
      h("small", {}, h("time", {datetime: new Date(at * 1000).toISOString(), title: formatDate(new Date(at * 1000)),
        text: waitedWords(Math.max(0, now - at))})));
  });
}
