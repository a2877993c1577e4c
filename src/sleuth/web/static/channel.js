// The play channel: one WebSocket for this seat (or a spectator), resumed after a reload, a
// dropped network or a server restart by sending the last step seen.
"use strict";
import {tr} from "./i18n.js";

const PING_EVERY = 15000;
const PONG_WITHIN = 8000;
// Close codes of the service that no reconnection can cure.
/**
 * @param {boolean} watching a spectator's channel, refused only at a table without spectators
 * @returns {Record<number, string>}
 */
const finalWords = (watching) => ({
  4403: watching ? tr("This table takes no spectators until it ends.") : tr("This seat is not yours: open your own invite link."),
  4404: tr("There is no such table or seat."),
  4400: tr("This link is not one of a table's: open the table from the lobby."),
});
// The seat's person left it (here or elsewhere): the seat's channel is not theirs to open again.
const SEAT_GONE = 4410;
// Too many channels (of this seat, or watching from here): the server opens, then closes.
const TOO_MANY = 4429;
// Refusals in a row before the page stops trying: a channel of this page that died unnoticed
// may hold a place for a few seconds, but a ninth tab of one seat would be refused for good.
const REFUSALS_BEFORE_STOP = 3;
/**
 * @param {boolean} watching
 * @returns {string}
 */
const tooManyWords = (watching) => watching
  ? tr("Too many channels from here watch tables already: close one, then reload this page.")
  : tr("This seat is open in too many tabs or devices already: close one, then reload this page.");

/** @typedef {import("./types.d.ts").ChannelStatus} ChannelStatus */
/** @typedef {ReturnType<typeof setTimeout> | undefined} Timer */

export class Channel {
  /**
   * @param {string} path
   * @param {{onFrame: (frame: import("./types.d.ts").ServerFrame) => void,
   *   onStatus: (status: ChannelStatus, note?: string) => void}} handlers
   */
  constructor(path, {onFrame, onStatus}) {
    this.path = path;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    /** @type {number | null} */
    this.lastStep = null;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.retry = 0;
    // Refusals (4429 before any frame) in a row, since the last channel that carried a frame.
    this.refusals = 0;
    /** @type {Timer} */
    this.timer = undefined;
    /** @type {Timer} */
    this.pingTimer = undefined;
    /** @type {Timer} */
    this.pongTimer = undefined;
    this.stopped = false;
    window.addEventListener("online", () => { if (!this.socket) this.connect(); });
    window.addEventListener("offline", () => this.drop("offline"));
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden && !this.socket && !this.stopped) this.connect();
    });
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.lastStep === null ? "" : `${this.path.includes("?") ? "&" : "?"}last_step=${this.lastStep}`;
    return `${scheme}://${location.host}${this.path}${query}`;
  }

  connect() {
    clearTimeout(this.timer);
    if (this.stopped || this.socket) return;
    if (!navigator.onLine) { this.onStatus("offline"); return; }
    this.onStatus(this.lastStep === null ? "connecting" : "resuming");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    let framed = false;
    socket.onopen = () => { this.onStatus("live"); this.schedulePing(); };
    socket.onmessage = (event) => {
      // The waits grow again only once a channel carried a frame: a refusal (4429: too many
      // channels from here) is opened before it is closed, and must not be retried at once.
      this.retry = 0;
      this.refusals = 0;
      framed = true;
      clearTimeout(this.pongTimer);
      /** @type {import("./types.d.ts").ServerFrame} */
      let frame;
      try { frame = JSON.parse(event.data); } catch (error) { return; }
      if (typeof frame.step === "number" && frame.type === "state") this.lastStep = frame.step;
      this.onFrame(frame);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearTimeout(this.pingTimer);
      clearTimeout(this.pongTimer);
      if (event.code === SEAT_GONE) { this.stop(); this.onStatus("gone"); return; }
      const watching = this.path.split("?")[0].endsWith("/watch");
      const final = finalWords(watching)[event.code];
      if (final) { this.stopped = true; this.onStatus("closed", final); return; }
      // Refused as it opened (a live channel closed for a flood of bad messages carried
      // frames first, and is tried again as any other): said in words, and soon given up.
      if (event.code === TOO_MANY && !framed) {
        this.refusals += 1;
        const words = tooManyWords(watching);
        if (this.refusals >= REFUSALS_BEFORE_STOP) { this.stopped = true; this.onStatus("closed", words); return; }
        this.later(words);
        return;
      }
      this.later();
    };
  }

  /** @param {string} [note] why it reconnects, when the server said */
  later(note) {
    if (this.stopped) return;
    if (!navigator.onLine) { this.onStatus("offline"); return; }
    this.onStatus("reconnecting", note);
    const delay = Math.min(10000, 500 * 2 ** this.retry) * (0.75 + Math.random() / 2);
    this.retry += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  // For good: no more frames, no reconnection (the page that had it is gone).
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    clearTimeout(this.pingTimer);
    clearTimeout(this.pongTimer);
    if (socket) { socket.onclose = null; socket.onmessage = null; socket.close(); }
  }

  // The network went away: close at once (the server keeps the seat), reconnect when back.
  /** @param {ChannelStatus} why */
  drop(why) {
    if (this.stopped) return;
    const socket = this.socket;
    this.socket = null;
    clearTimeout(this.pingTimer);
    clearTimeout(this.pongTimer);
    if (socket) { socket.onclose = null; socket.close(); }
    this.onStatus(why);
  }

  schedulePing() {
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => {
      if (!this.send({type: "ping"})) return;
      // No answer in time: the connection is dead without having said so.
      this.pongTimer = setTimeout(() => { this.drop("reconnecting"); this.later(); }, PONG_WITHIN);
      this.schedulePing();
    }, PING_EVERY);
  }

  /**
   * @param {import("./types.d.ts").ClientMessage} message
   * @returns {boolean} whether it went out (false while not connected)
   */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }
}
